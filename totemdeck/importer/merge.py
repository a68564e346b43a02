"""One record per print: how TCGdex prints meet pokemon-tcg-data prints.

Derived state, recomputed from both sources' stored records after every import, so
importing the sources in any order gives the same catalogue. Sets are matched from the data
(release date, PTCG Live code and subset marker, name, size, id) with a small override file;
prints by set and number. A matched print keeps its pokemontcg record and gains TCGdex's id
and names as aliases; a TCGdex-only print is added under its TCGdex id.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter
from functools import cache
from importlib import resources
from typing import Any

import yaml

from totemdeck.catalogue.names import fold, name_key
from totemdeck.catalogue.read import CatalogueWriter, canonical_json
from totemdeck.importer.summary import MergeSummary

MIN_SCORE = 6  # below this, a TCGdex set is its own set (see _score)
_SUBSET = re.compile(r"(tg|gg|sv|cc|c)$")


@cache
def set_overrides() -> dict[str, str | None]:
    text = resources.files("totemdeck.data").joinpath("set_map.yaml").read_text("utf-8")
    data = yaml.safe_load(text) or {}
    return dict(data.get("overrides") or {})


@cache
def _canonical_id(set_id: str) -> str:
    """``sv03.5`` → ``sv3pt5``, ``swsh12.5gg`` → ``swsh12pt5gg``: pokemontcg's spelling."""
    text = set_id.casefold().replace(".5", "pt5")
    return re.sub(r"(?<=[a-z])0+(?=\d)", "", text)


@cache
def _words(name: str) -> frozenset[str]:
    """A set name's words without punctuation: "EX trainer Kit (Latias)" = "… Kit Latias"."""
    return frozenset(re.findall(r"[a-z0-9]+", fold(name).replace("&", " and ")))


def _days(a: str, b: str) -> int:
    try:
        return abs((dt.date.fromisoformat(a) - dt.date.fromisoformat(b)).days)
    except ValueError:
        return 9999


def _score(tcg: dict[str, Any], ptcg: dict[str, Any]) -> int:
    """How alike a TCGdex set and a pokemontcg set are (higher is more)."""
    record = tcg["record"]
    score = 0
    days = _days(record["release_date"], ptcg["release_date"])
    score += 3 if days == 0 else 1 if days <= 45 else -5 if days > 120 else 0
    if _canonical_id(record["id"]) == ptcg["id"].casefold():
        score += 5
    code, their_code = record.get("ptcgl_code"), ptcg.get("ptcgl_code")
    if code and their_code and code == their_code:
        score += 2
    subset = ":" in (tcg.get("abbreviation") or "") or bool(_SUBSET.search(record["id"]))
    their_subset = bool(_SUBSET.search(ptcg["id"])) and not ptcg["id"].endswith(("c1", "pc"))
    score += 1 if subset == their_subset else -2
    words, their_words = _words(record["name"]), _words(ptcg["name"])
    if words == their_words:
        score += 4
    elif words <= their_words or their_words <= words:
        score += 2
    if record.get("total") and record.get("total") == ptcg.get("total"):
        score += 1
    return score


def match_sets(
    tcg_sets: dict[str, dict[str, Any]],
    ptcg_sets: dict[str, dict[str, Any]],
    overrides: dict[str, str | None] | None = None,
) -> dict[str, str]:
    """TCGdex set id → pokemontcg set id, one-to-one, best scores first."""
    overrides = set_overrides() if overrides is None else overrides
    mapping: dict[str, str] = {}
    taken: set[str] = set()
    for tcg_id, target in overrides.items():
        if target and tcg_id in tcg_sets and target in ptcg_sets:
            mapping[tcg_id] = target
            taken.add(target)
    scored = sorted(
        (
            (_score(tcg, ptcg), tcg_id, ptcg_id)
            for tcg_id, tcg in tcg_sets.items()
            if tcg_id not in overrides
            for ptcg_id, ptcg in ptcg_sets.items()
            # a year apart is never the same set: skip the scoring
            if ptcg["release_date"][:4].isdigit()
            and abs(int(tcg["record"]["release_date"][:4]) - int(ptcg["release_date"][:4])) <= 1
        ),
        reverse=True,
    )
    for score, tcg_id, ptcg_id in scored:
        if score < MIN_SCORE:
            break
        if tcg_id in mapping or ptcg_id in taken:
            continue
        mapping[tcg_id] = ptcg_id
        taken.add(ptcg_id)
    return mapping


def derive(writer: CatalogueWriter) -> MergeSummary:
    """Recompute TCGdex-only prints, aliases and set aliases from both sources."""
    db = writer.db
    summary = MergeSummary()
    db.execute("DELETE FROM cards WHERE source = 'tcgdex'")
    db.execute("DELETE FROM sets WHERE source = 'tcgdex'")
    db.execute("DELETE FROM aliases")
    db.execute("DELETE FROM set_aliases")
    tcg_sets = {i: json.loads(d) for i, d in db.execute("SELECT id, data FROM tcgdex_sets")}
    if not tcg_sets:
        return summary
    ptcg_sets = {
        i: json.loads(d)
        for i, d in db.execute("SELECT id, data FROM sets WHERE source != 'tcgdex'")
    }
    mapping = match_sets(tcg_sets, ptcg_sets)
    summary.sets_matched = len(mapping)
    db.executemany(
        "INSERT OR REPLACE INTO set_aliases(code, set_id) VALUES (?, ?)",
        [(tcg_id.casefold(), ptcg_id) for tcg_id, ptcg_id in mapping.items()],
    )
    for tcg_id, data in tcg_sets.items():
        if tcg_id not in mapping and tcg_id not in ptcg_sets:
            writer.put_set(data["record"], "tcgdex", None, None)
            summary.sets_added += 1
    prints: dict[tuple[str, str], str] = {}
    by_name: dict[tuple[str, str], list[str]] = {}
    for card_id, set_id, number, key in db.execute(
        "SELECT id, set_id, number_key, name_key FROM cards WHERE source = 'pokemontcg'"
    ):
        prints[(set_id, number)] = card_id
        by_name.setdefault((set_id, key), []).append(card_id)
    ptcg_ids = set(prints.values())
    names_of_prints = dict(
        db.execute("SELECT id, name_key FROM cards WHERE source = 'pokemontcg'").fetchall()
    )
    taken_names = set(names_of_prints.values())
    matched: set[str] = set()
    names: dict[str, list[tuple[str, str]]] = {}
    for card_id, lang, name in db.execute("SELECT card_id, lang, name FROM tcgdex_names"):
        names.setdefault(card_id, []).append((lang, name))
    added: list[dict[str, Any]] = []
    aliases: list[tuple[str, str, str, str]] = []
    rows = db.execute("SELECT id, set_id, number_key, name_key, data FROM tcgdex_cards ORDER BY id")
    pending: list[tuple[str, str, str]] = []
    for tcg_card, tcg_set, number, tcg_name, data in rows.fetchall():
        target_set = mapping.get(tcg_set)
        match = prints.get((target_set, number)) if target_set else None
        if match is None and tcg_card in ptcg_ids:
            match = tcg_card  # the same id in both sources: the same print
        if match is None and target_set:
            pending.append((tcg_card, target_set, data))  # decided by name, below
            continue
        if match is not None:
            matched.add(match)
            summary.prints_matched += 1
            aliases.append((match, "id", "tcgdex", tcg_card))
            aliases += _english_alias(match, tcg_name, data, names_of_prints, taken_names)
            owner = match
        else:
            summary.prints_added += 1
            added.append(json.loads(data))
            owner = tcg_card
        aliases += [(owner, "name", lang, name) for lang, name in names.get(tcg_card, ())]
    # Numbered differently (Classic Collection "CC01" = "2", Aquapolis "50a"): the one print
    # of that name in the matched set that nothing else matched; else a print of its own.
    for tcg_card, target_set, data in pending:
        record = json.loads(data)
        same = by_name.get((target_set, name_key(record["name"], record["supertype"])), [])
        free = [card_id for card_id in same if card_id not in matched]
        if len(free) == 1:
            matched.add(free[0])
            summary.prints_matched += 1
            aliases.append((free[0], "id", "tcgdex", tcg_card))
            aliases += _english_alias(
                free[0], name_key(record["name"], record["supertype"]), data, names_of_prints,
                taken_names,
            )  # fmt: skip
            owner = free[0]
        else:
            summary.prints_unmatched += 1
            summary.unmatched_examples.append(tcg_card)
            added.append(record)
            owner = tcg_card
        aliases += [(owner, "name", lang, name) for lang, name in names.get(tcg_card, ())]
    _fill_missing_stages(writer, added)
    writer.put_cards((record, canonical_json(record)) for record in added)
    writer.put_aliases(aliases)
    return summary


def _english_alias(
    card_id: str, key: str, tcgdex_data: str, names_of_prints: dict[str, str], taken: set[str]
) -> list[tuple[str, str, str, str]]:
    """TCGdex's English spelling when it differs ("M Slowbro EX" for "M Slowbro-EX"), unless
    it is another card's name: "Charizard EX" (XY) must not become "Charizard ex" (SV)."""
    if key == names_of_prints.get(card_id) or key in taken:
        return []
    return [(card_id, "name", "en", json.loads(tcgdex_data)["name"])]


def _fill_missing_stages(writer: CatalogueWriter, added: list[dict[str, Any]]) -> None:
    """A TCGdex-only Pokémon printed without a stage takes its name's usual one."""
    missing = [r for r in added if r["supertype"] == "Pokémon" and r["stage"] is None]
    if not missing:
        return
    stages: dict[str, Counter[str]] = {}
    for record in added:
        if record["stage"] in ("Basic", "Stage 1", "Stage 2"):
            stages.setdefault(name_key(record["name"]), Counter())[record["stage"]] += 1
    for record in missing:
        key = name_key(record["name"])
        if key not in stages:
            found: Counter[str] = Counter()
            for (data,) in writer.db.execute(
                "SELECT data FROM cards WHERE name_key = ? AND source = 'pokemontcg'", (key,)
            ):
                stage = json.loads(data)["stage"]
                if stage in ("Basic", "Stage 1", "Stage 2"):
                    found[stage] += 1
            stages[key] = found
        counted = stages[key]
        record["stage"] = counted.most_common(1)[0][0] if counted else "Stage 1"
        record["subtypes"] = [record["stage"], *record["subtypes"]]
