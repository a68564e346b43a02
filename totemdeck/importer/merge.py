"""One record per print: how TCGdex prints meet pokemon-tcg-data prints (pure).

Derived state, recomputed from both sources' stored records after every import, so
importing the sources in any order gives the same catalogue. ``plan_merge`` reads a
``MergeInputs`` and returns a ``MergePlan``; the importer moves them to and from the writer.
Sets are matched from the data (release date, PTCG Live code and subset marker, name, size,
id) with a small override file; prints by set and number. A matched print keeps its
pokemontcg record and gains TCGdex's id and names as aliases; a TCGdex-only print is added
under its TCGdex id.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import yaml

from totemdeck.base.records import frozen
from totemdeck.catalogue.names import fold, name_key
from totemdeck.catalogue.rows import Print
from totemdeck.importer.summary import MergeSummary

# Bump when the merge's logic or data changes: catalogues derived by an older merge are
# merged again on the next import (the stored key holds this number and a hash of this file).
MERGE_VERSION = 4  # 4: the retreat costs records leave out are filled (importer.numbers)

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
    subset = bool(tcg.get("subset")) or bool(_SUBSET.search(record["id"]))
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


@frozen
class MergeInputs:
    """Everything the merge reads, as the catalogue writer hands it over."""

    sets: dict[str, dict[str, Any]]  # set records of the sources already merged, by id
    prints: list[Print]  # their prints
    staged_sets: dict[str, dict[str, Any]]  # the merged source's sets: record, subset, cards
    staged_prints: list[Print]  # the merged source's prints, with their records' JSON
    names: dict[str, list[tuple[str, str]]]  # its names by card id: [(lang, name)]


@dataclass(slots=True)
class MergePlan:
    """What the merge derives: the writer stores it as it is."""

    set_aliases: list[tuple[str, str]] = field(default_factory=list)  # (their code, set id)
    sets_added: list[dict[str, Any]] = field(default_factory=list)
    cards_added: list[dict[str, Any]] = field(default_factory=list)
    aliases: list[tuple[str, str, str, str]] = field(default_factory=list)
    summary: MergeSummary = field(default_factory=MergeSummary)


def plan_merge(
    inputs: MergeInputs, source: str, overrides: dict[str, str | None] | None = None
) -> MergePlan:
    """Match the merged source's sets and prints to the others'; pure."""
    plan = MergePlan()
    if not inputs.staged_sets:
        return plan
    mapping = match_sets(inputs.staged_sets, inputs.sets, overrides)
    plan.summary.sets_matched = len(mapping)
    plan.set_aliases = list(mapping.items())
    for set_id, staged_set in inputs.staged_sets.items():
        if set_id not in mapping and set_id not in inputs.sets:
            plan.sets_added.append(staged_set["record"])
            plan.summary.sets_added += 1
    matcher = _PrintMatcher(inputs, source, plan)
    pending = [
        left for staged in inputs.staged_prints if (left := matcher.by_number(staged, mapping))
    ]
    # Numbered differently (Classic Collection "CC01" = "2", Aquapolis "50a"): the one print
    # of that name in the matched set that nothing else matched; else a print of its own.
    for card_id, target_set, data in pending:
        matcher.by_name(card_id, target_set, data)
    return plan


class _PrintMatcher:
    """The merged source's prints matched to the catalogue's, into ``plan``: by set and
    number first, then (``by_name``) by name within the matched set."""

    def __init__(self, inputs: MergeInputs, source: str, plan: MergePlan) -> None:
        self.inputs, self.source, self.plan = inputs, source, plan
        self.prints: dict[tuple[str, str], str] = {}
        self.by_set_name: dict[tuple[str, str], list[str]] = {}
        for p in inputs.prints:
            self.prints[(p.set_id, p.number_key)] = p.id
            self.by_set_name.setdefault((p.set_id, p.name_key), []).append(p.id)
        self.known_ids = set(self.prints.values())
        self.names_of_prints = {p.id: p.name_key for p in inputs.prints}
        self.taken_names = set(self.names_of_prints.values())
        self.matched: set[str] = set()

    def keep(self, owner: str, card_id: str) -> None:
        self.plan.aliases.extend(
            (owner, "name", lang, name) for lang, name in self.inputs.names.get(card_id, ())
        )

    def match(self, print_id: str, card_id: str, key: str, data: str) -> None:
        self.matched.add(print_id)
        self.plan.summary.prints_matched += 1
        self.plan.aliases.append((print_id, "id", self.source, card_id))
        self.plan.aliases.extend(
            _english_alias(print_id, key, data, self.names_of_prints, self.taken_names)
        )
        self.keep(print_id, card_id)

    def by_number(self, staged: Print, mapping: dict[str, str]) -> tuple[str, str, str] | None:
        """Match one staged print by set and number (or the same id), or add it; a print
        of a matched set whose number is not there is left for ``by_name`` (returned)."""
        target_set = mapping.get(staged.set_id)
        found = self.prints.get((target_set, staged.number_key)) if target_set else None
        if found is None and staged.id in self.known_ids:
            found = staged.id  # the same id in both sources: the same print
        if found is None and target_set:
            return staged.id, target_set, staged.data  # decided by name, after the others
        if found is not None:
            self.match(found, staged.id, staged.name_key, staged.data)
        else:
            self.plan.summary.prints_added += 1
            self.plan.cards_added.append(json.loads(staged.data))
            self.keep(staged.id, staged.id)
        return None

    def by_name(self, card_id: str, target_set: str, data: str) -> None:
        record = json.loads(data)
        key = name_key(record["name"], record["supertype"])
        free = [i for i in self.by_set_name.get((target_set, key), []) if i not in self.matched]
        if len(free) == 1:
            self.match(free[0], card_id, key, data)
            return
        summary = self.plan.summary
        summary.prints_unmatched += 1
        summary.unmatched_examples.append(card_id)
        self.plan.cards_added.append(record)
        self.keep(card_id, card_id)


def _english_alias(
    card_id: str, key: str, staged_data: str, names_of_prints: dict[str, str], taken: set[str]
) -> list[tuple[str, str, str, str]]:
    """TCGdex's English spelling when it differs ("M Slowbro EX" for "M Slowbro-EX"), unless
    it is another card's name: "Charizard EX" (XY) must not become "Charizard ex" (SV)."""
    if key == names_of_prints.get(card_id) or key in taken:
        return []
    return [(card_id, "name", "en", json.loads(staged_data)["name"])]


_EVOLUTION_STAGES = ("Basic", "Stage 1", "Stage 2")


def names_missing_stage(added: list[dict[str, Any]]) -> set[str]:
    """Names of added Pokémon printed without a stage that no other added print settles."""
    missing = {
        name_key(r["name"]) for r in added if r["supertype"] == "Pokémon" and r["stage"] is None
    }
    return missing - {name_key(r["name"]) for r in added if r["stage"] in _EVOLUTION_STAGES}


def fill_missing_stages(added: list[dict[str, Any]], known: dict[str, Counter[str]]) -> None:
    """A Pokémon printed without a stage takes its name's usual one: among the added prints,
    else among ``known`` (the stages of the catalogue's prints by name); else Stage 1."""
    stages: dict[str, Counter[str]] = {}
    for record in added:
        if record["stage"] in _EVOLUTION_STAGES:
            stages.setdefault(name_key(record["name"]), Counter())[record["stage"]] += 1
    for record in added:
        if record["supertype"] != "Pokémon" or record["stage"] is not None:
            continue
        key = name_key(record["name"])
        counted = stages.get(key) or Counter(
            {s: n for s, n in (known.get(key) or Counter()).items() if s in _EVOLUTION_STAGES}
        )
        record["stage"] = counted.most_common(1)[0][0] if counted else "Stage 1"
        record["subtypes"] = [record["stage"], *record["subtypes"]]
