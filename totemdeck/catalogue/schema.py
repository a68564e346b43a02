"""The catalogue's tables and where the file lives: the one place its layout is written down.

A table another package needs (a search index, say) is declared here, in ``DDL`` or
``INDEXES``, and filled through a named method of ``writes.CatalogueWrites``; bump
``SCHEMA_VERSION`` with any change so older catalogues are rebuilt rather than misread.
"""

from __future__ import annotations

import os
from pathlib import Path

from totemdeck.i18n import _

DB_NAME = "catalogue.sqlite"
# Bump on any table change, and on any change to how stored keys are computed (6: name_key's
# EX and δ rules, ids indexed without case; 7: with the search facts and FTS index beside
# them; 8: stored records classify Energy by its text, pad no numbers, and give Baby
# Pokémon the Basic stage; 9: with each print's Spanish text, ``staged_texts`` and
# ``card_texts``): older catalogues are rebuilt by the next import, refused by readers.
SCHEMA_VERSION = "9"
ENV_VAR = "TOTEMDECK_CATALOGUE"

DDL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sets (
    id TEXT PRIMARY KEY,
    ptcgl_code TEXT,
    release_date TEXT NOT NULL,
    source TEXT NOT NULL,
    source_updated TEXT,
    etag TEXT,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS cards (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    set_id TEXT NOT NULL,
    number_key TEXT NOT NULL,
    supertype TEXT NOT NULL,
    release_date TEXT NOT NULL,
    source TEXT NOT NULL,
    data TEXT NOT NULL
);
-- Other names (another language) and ids (the other source's) of a print; derived.
CREATE TABLE IF NOT EXISTS aliases (
    alias_key TEXT NOT NULL,
    card_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    lang TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (alias_key, card_id, kind, lang)
);
-- Another source's code for a set (TCGdex "sv03" for pokemontcg "sv3"); derived.
CREATE TABLE IF NOT EXISTS set_aliases (code TEXT NOT NULL, set_id TEXT NOT NULL,
                                        PRIMARY KEY (code, set_id));
-- A merged source (TCGdex) as fetched and normalised, kept apart from the cards so the
-- merge can be redone in any order. One set of tables for every such source.
CREATE TABLE IF NOT EXISTS staged_sets (
    source TEXT NOT NULL,
    id TEXT NOT NULL,
    etag TEXT,
    cards_checked TEXT,  -- when its cards were last revalidated (ISO time)
    data TEXT NOT NULL,
    PRIMARY KEY (source, id)
);
CREATE TABLE IF NOT EXISTS staged_cards (
    source TEXT NOT NULL,
    id TEXT NOT NULL,
    set_id TEXT NOT NULL,
    number_key TEXT NOT NULL,
    name_key TEXT NOT NULL,
    etag TEXT,
    updated TEXT,
    data TEXT NOT NULL,
    PRIMARY KEY (source, id)
);
-- A merged source's cards in another language, as fetched and normalised to text records
-- (sources/tcgdex/localized.py); ``card_texts`` is what the merge derives from them.
CREATE TABLE IF NOT EXISTS staged_texts (
    source TEXT NOT NULL,
    card_id TEXT NOT NULL,
    lang TEXT NOT NULL,
    etag TEXT,
    data TEXT NOT NULL,
    PRIMARY KEY (source, card_id, lang)
);
-- Which staged text is each print's in another language (its TCGdex twin's); derived.
CREATE TABLE IF NOT EXISTS card_texts (
    card_id TEXT NOT NULL,
    lang TEXT NOT NULL,
    source TEXT NOT NULL,
    text_id TEXT NOT NULL,
    PRIMARY KEY (card_id, lang)
);
-- The Spanish search index (catalogue/search/spanish.py rebuilds both at each import).
CREATE TABLE IF NOT EXISTS search_es (
    card_id TEXT PRIMARY KEY, attack_names TEXT, ability_names TEXT, rarity TEXT, set_name TEXT
);
CREATE VIRTUAL TABLE IF NOT EXISTS search_text_es USING fts5(
    card_id UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TABLE IF NOT EXISTS staged_names (
    source TEXT NOT NULL,
    card_id TEXT NOT NULL,
    lang TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (source, card_id, lang)
);
"""
INDEXES = """
CREATE INDEX IF NOT EXISTS cards_name_key ON cards(name_key);
CREATE INDEX IF NOT EXISTS cards_set_number ON cards(set_id, number_key);
CREATE INDEX IF NOT EXISTS cards_id_nocase ON cards(id COLLATE NOCASE);  -- ids as typed
CREATE INDEX IF NOT EXISTS sets_code ON sets(ptcgl_code);
CREATE INDEX IF NOT EXISTS aliases_card ON aliases(card_id);
CREATE INDEX IF NOT EXISTS staged_cards_set ON staged_cards(source, set_id);
"""


def number_key(number: str) -> str:
    """Card numbers compare without case and leading zeros: ``TG05`` = ``tg5``, ``007`` = ``7``."""
    folded = number.strip().casefold()
    head = folded.rstrip("0123456789")
    digits = folded[len(head) :]
    return head + (digits.lstrip("0") or ("0" if digits else ""))


def default_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """``--catalogue`` wins, then ``$TOTEMDECK_CATALOGUE``, then ``./cards``."""
    if explicit:
        return Path(explicit)
    env = os.environ.get(ENV_VAR)
    return Path(env) if env else Path("cards")


def outdated(path: Path, found: str | None) -> str:
    """Why a catalogue of another layout is refused (its name rules or tables differ, so
    reading it would give wrong answers), and what to do."""
    newer = found is not None and found.isdigit() and int(found) > int(SCHEMA_VERSION)
    if newer:
        message = _(
            "{path}: this catalogue was built by a newer version of totemdeck (catalogue "
            "format {found}; this version reads {wanted}); upgrade totemdeck, or run "
            "`totemdeck import` to rebuild it"
        )
    else:
        message = _(
            "{path}: this catalogue was built by an older version of totemdeck (catalogue "
            "format {found}; this version reads {wanted}); run `totemdeck import` to rebuild it"
        )
    return message.format(path=path, found=found or "unknown", wanted=SCHEMA_VERSION)
