"""The real decklist corpus: every file is accounted for in SOURCES, byte-faithful, and readable.

``tests/decklists/SOURCES`` says where each list was copied from, its language and era, and
which of its lines are junk (prose, banners, links) with the reason. The real lists live under
``wild/``; the top-level ones were written by the project and do not count as real.
Whether every card line resolves is asserted separately, once the reader handles them all.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from totemdeck.decklist import Decklist, read_decklist

CORPUS = Path(__file__).parent.parent / "decklists"
SOURCES_FILE = CORPUS / "SOURCES"
NOT_DECKLISTS = {"SOURCES", ".gitattributes"}
LANGUAGES = {"en", "es", "pt", "fr", "de", "it", "zh", "ja", "ko"}
FIELDS = {"source", "sha256", "language", "era", "real", "junk"}
MIN_REAL_LISTS = 251
MIN_SOURCES = 43


def _load_sources() -> dict[str, dict[str, Any]]:
    loaded = yaml.safe_load(SOURCES_FILE.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict), "SOURCES must be a mapping of file name to entry"
    return loaded


SOURCES = _load_sources()
FILES = sorted(
    str(p.relative_to(CORPUS))
    for p in CORPUS.rglob("*")
    if p.is_file() and p.name not in NOT_DECKLISTS
)


def origin(entry: dict[str, Any]) -> str:
    """The distinct source of a list: its repository, or the site of its page."""
    source = str(entry["source"])
    found = re.match(r"(?:https?://)?(github\.com/[^/\s]+/[^/\s]+|[^/\s]+)", source)
    assert found, source
    return found.group(1)


def test_sources_names_every_file_and_every_named_file_exists() -> None:
    assert sorted(SOURCES) == FILES


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_entry_is_complete_and_the_file_is_byte_faithful(name: str) -> None:
    entry = SOURCES[name]
    assert set(entry) >= FIELDS, f"{name}: missing {sorted(FIELDS - set(entry))}"
    assert entry["language"] in LANGUAGES
    assert isinstance(entry["real"], bool)
    assert str(entry["source"]).strip() and str(entry["era"]).strip()
    data = (CORPUS / name).read_bytes()
    assert hashlib.sha256(data).hexdigest() == entry["sha256"], f"{name} changed since copied"
    junk = entry["junk"]
    assert isinstance(junk, dict)
    line_count = len(data.splitlines())
    for line, reason in junk.items():
        assert isinstance(line, int) and 1 <= line <= line_count, f"{name}: junk line {line}"
        assert isinstance(reason, str) and reason.strip(), f"{name}:{line}: junk needs a reason"


def test_the_corpus_is_real_and_varied() -> None:
    real = {name: entry for name, entry in SOURCES.items() if entry["real"]}
    assert all(name.startswith("wild/") for name in real)
    assert len(real) >= MIN_REAL_LISTS
    assert len({origin(entry) for entry in real.values()}) >= MIN_SOURCES
    assert {entry["language"] for entry in real.values()} >= {"en", "es", "pt", "fr"}


@pytest.mark.parametrize("name", FILES)
def test_every_list_reads_without_an_exception(name: str) -> None:
    deck = read_decklist(str(CORPUS / name))
    assert isinstance(deck, Decklist)
    assert deck.lines or deck.problems, f"{name}: read as empty"
