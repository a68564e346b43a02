"""The data audit: every TCGdex-only print held against what else the catalogue knows.

TCGdex-only prints are judged from thinner data than pokemon-tcg-data prints, and a class of
upstream mistakes (Special Energy marked basic, a missing stage) passes every hand-picked
test. ``audit(catalogue)`` compares each TCGdex-only print with the other prints of the same
card (same name and same text) on everything a rule reads — Energy kind, supertype, the
subtypes the limits read, stage, types, attack costs, retreat, Prize cards, evolvesFrom,
identity — and with FORMAT.md's definitions (an Energy with text is Special; a Baby is
Basic). Each disagreement is either gone because a general rule in the transform fixed it,
or listed in ``totemdeck/data/known_errors.yaml`` with its reason; ``make audit`` and a test
over the shared mirror show any other.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from importlib import resources
from typing import Any

import yaml

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import fold, name_key
from totemdeck.rules.format import FormatRules, load_format
from totemdeck.rules.traits import (
    RULE_BOX_SUBTYPES,
    identity,
    is_ace_spec,
    is_radiant,
    is_star,
    prize_cards,
    provides_colorless,
    retreat_unknown,
)

# Subtypes a rule reads (limits, Prize cards, the cost table), compared as a set.
MARKERS = RULE_BOX_SUBTYPES | {"ACE SPEC", "Baby"}


@frozen
class Disagreement:
    """One thing a rule reads on which a TCGdex-only print and the rest disagree."""

    card: str  # the TCGdex-only print
    field: str  # what differs: "kind", "stage", "costs", … (see FIELDS)
    ours: str  # as the print's record says
    expected: str  # as the other prints of the card say, or FORMAT.md
    against: str  # the prints compared with, or "FORMAT.md"
    known: str | None = None  # the reason, when known_errors.yaml lists it

    def as_dict(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "field": self.field,
            "ours": self.ours,
            "expected": self.expected,
            "against": self.against,
            "known": self.known,
        }


def _costs(card: Card) -> str:
    return "; ".join(
        f"{fold(a.name)}: {'+'.join(sorted(a.cost))}" for a in sorted(card.attacks, key=_attack)
    )


def _attack(attack: Any) -> str:
    return fold(attack.name)


def _markers(card: Card) -> str:
    found = set(MARKERS.intersection(card.subtypes))
    found |= {name for name, test in _LIMITS.items() if test(card)}
    return ",".join(sorted(found))


_LIMITS: dict[str, Callable[[Card], bool]] = {
    "ACE SPEC": is_ace_spec,
    "Radiant": is_radiant,
    "Star": is_star,
}

# What is compared, by name: a function of the print (and the format) to a comparable text.
FIELDS: dict[str, Callable[[Card, FormatRules], str]] = {
    "supertype": lambda c, f: c.supertype,
    "kind": lambda c, f: ("Basic" if c.is_basic_energy else "Special") if c.is_energy else "",
    "subtypes": lambda c, f: _markers(c),
    "stage": lambda c, f: c.stage or "",
    # a Pokémon's types are part of what makes it one card (same_card_key); an Energy's are
    # read only through its identity and kind, compared below
    "types": lambda c, f: "",
    "costs": lambda c, f: _costs(c),
    "retreat": lambda c, f: "" if c.retreat_cost is None else str(c.retreat_cost),
    "prizes": lambda c, f: str(prize_cards(c)) if c.is_pokemon else "",
    "evolves_from": lambda c, f: name_key(c.evolves_from) if c.evolves_from else "",
    "identity": lambda c, f: ",".join(sorted(identity(c, f))),
    "provides_colorless": lambda c, f: str(provides_colorless(c, f)),
}


# Numbers a rule reads that a print's data leaves out and nothing fills (FORMAT.md "Missing
# data is not zero"; importer/numbers.py fills the rest): audited over every print.
MISSING: dict[str, Callable[[Card], bool]] = {"retreat_missing": retreat_unknown}


def same_card_key(card: Card) -> tuple[Any, ...]:
    """Prints of one card share this: the name, and for a Pokémon its HP, Abilities and
    attacks by name and damage (a 2025 Tranquill with "Fly" for 40 is not the 2014 one); for
    an Energy whether it has text (basic Darkness Energy and the old Special Darkness Energy
    share a name, not a card)."""
    key: tuple[Any, ...] = (card.supertype, name_key(card.name, card.supertype))
    if card.is_pokemon:
        attacks = frozenset((fold(a.name), a.damage.strip()) for a in card.attacks)
        abilities = frozenset(fold(a) for a in card.abilities)
        # and its types: a Jigglypuff that is Fairy in 2019 and Colorless in 2025 is two cards
        return (*key, card.hp, frozenset(card.types), attacks, abilities)
    if card.is_energy:
        return (*key, bool(" ".join(card.rules).strip()))
    return key


def _definitions(card: Card) -> Iterator[tuple[str, str, str]]:
    """``(field, ours, expected)`` where a print breaks FORMAT.md's definitions."""
    if card.is_energy and card.is_basic_energy and " ".join(card.rules).strip():
        yield "kind", "Basic", "Special"  # an Energy with text of its own is Special
    if card.is_pokemon and "Baby" in card.subtypes and card.stage != "Basic":
        yield "stage", card.stage or "", "Basic"  # a Baby Pokémon is Basic
    elif card.is_pokemon and not card.stage:
        yield "stage", "", "a printed Stage"


# TCGdex's Spanish records spell types and stages in Spanish (checked on the mirror,
# 2026-12-01); what our English records say for each.
SPANISH_TYPES = {
    "Planta": "Grass", "Fuego": "Fire", "Agua": "Water", "Rayo": "Lightning",
    "Psíquico": "Psychic", "Lucha": "Fighting", "Oscura": "Darkness", "Metálica": "Metal",
    "Hada": "Fairy", "Dragón": "Dragon", "Incolora": "Colorless",
}  # fmt: skip
SPANISH_STAGES = {"Básico": "Basic", "Fase 1": "Stage 1", "Fase 2": "Stage 2"}
OTHER_LANGUAGE = "TCGdex es"  # what a disagreement with the Spanish record is "against"

Records = Callable[[str], "dict[str, Any] | None"]  # card id → its other-language record


def _spanish(names: Iterable[str]) -> str:
    return ",".join(sorted(SPANISH_TYPES.get(n, n) for n in names))


def against_record(card: Card, raw: dict[str, Any]) -> Iterator[tuple[str, str, str]]:
    """``(field, ours, expected)`` where the print's English record and TCGdex's Spanish
    record of the same card disagree on what a rule reads (types, Stage, retreat, costs)."""
    if not card.is_pokemon:
        return
    if raw.get("types") and _spanish(raw["types"]) != ",".join(sorted(card.types)):
        yield "types", ",".join(sorted(card.types)), _spanish(raw["types"])
    stage = SPANISH_STAGES.get(str(raw.get("stage")))
    if stage and card.stage in SPANISH_STAGES.values() and stage != card.stage:
        yield "stage", card.stage or "", stage
    retreat = raw.get("retreat")
    plain = card.stage not in ("BREAK", "V-UNION")  # they print no Retreat Cost of their own
    if isinstance(retreat, int) and plain and retreat != card.retreat_cost:
        yield "retreat", str(card.retreat_cost), str(retreat)
    attacks = [a for a in raw.get("attacks") or [] if isinstance(a, dict)]
    if len(attacks) == len(card.attacks):
        theirs = "; ".join(_spanish(a.get("cost") or []) for a in attacks)
        ours = "; ".join(",".join(sorted(a.cost)) for a in card.attacks)
        if theirs != ours:
            yield "costs", ours, theirs


def audit(
    cards: Iterable[Card],
    fmt: FormatRules | None = None,
    known: dict[tuple[str, str], str] | None = None,
    other_language: Records | None = None,
) -> list[Disagreement]:
    """Every disagreement of a TCGdex-only print (``source == "tcgdex"``) with the other
    prints of its card (pokemon-tcg-data's where there are any, else the other TCGdex ones;
    where those all agree), with FORMAT.md, and with its record in another language
    (``other_language``: card id → TCGdex's Spanish record, if given); ``known`` reasons
    attached (default: ``known_errors.yaml``)."""
    fmt = fmt or load_format()
    known = known_errors() if known is None else known
    groups: dict[tuple[Any, ...], list[Card]] = defaultdict(list)
    found: list[Disagreement] = []
    for card in cards:
        groups[same_card_key(card)].append(card)
        for field, missing in MISSING.items():  # any print, whichever its source
            if missing(card):
                reason = known.get((card.id, field))
                found.append(Disagreement(card.id, field, "unknown", "a stated number",
                                          "FORMAT.md", reason))  # fmt: skip
    for prints in groups.values():
        for card in (c for c in prints if c.source == "tcgdex"):
            others = [c for c in prints if c.id != card.id]
            # pokemon-tcg-data's prints when the card has any (richer data), else TCGdex's
            others = [c for c in others if c.source != "tcgdex"] or others
            differences = list(_differences(card, others, fmt))
            raw = other_language(card.id) if other_language else None
            seen = {field for field, *_rest in differences}
            differences += [
                (field, ours, expected, OTHER_LANGUAGE)
                for field, ours, expected in (against_record(card, raw) if raw else ())
                if field not in seen
            ]
            for field, ours, expected, against in differences:
                reason = known.get((card.id, field))
                found.append(Disagreement(card.id, field, ours, expected, against, reason))
    return sorted(found, key=lambda d: (d.field, d.card))


def _differences(
    card: Card, others: list[Card], fmt: FormatRules
) -> Iterator[tuple[str, str, str, str]]:
    """``(field, ours, expected, against)`` for one print."""
    seen: set[str] = set()
    for field, ours, expected in _definitions(card):
        seen.add(field)
        yield field, ours, expected, "FORMAT.md"
    if not others:
        return
    against = ",".join(sorted(c.id for c in others))
    for field, read in FIELDS.items():
        if field in seen:
            continue
        theirs = {read(c, fmt) for c in others}
        ours = read(card, fmt)
        if len(theirs) == 1 and ours not in theirs:
            yield field, ours, theirs.pop(), against


@cache
def _known_file() -> dict[str, Any]:
    text = resources.files("totemdeck.data").joinpath("known_errors.yaml").read_text("utf-8")
    data: dict[str, Any] = yaml.safe_load(text) or {}
    return data


def known_errors() -> dict[tuple[str, str], str]:
    """``(card id, field) → reason`` from ``known_errors.yaml`` (upstream data errors)."""
    out: dict[tuple[str, str], str] = {}
    for group in _known_file().get("errors") or []:
        for card_id in group["cards"]:
            out[(card_id, group["field"])] = group["reason"]
    return out


def stale(
    found: Iterable[Disagreement], known: dict[tuple[str, str], str] | None = None
) -> list[tuple[str, str]]:
    """Entries of ``known`` (default ``known_errors.yaml``) that the audit no longer finds:
    fixed upstream or by a rule, and to be removed from the file."""
    known = known_errors() if known is None else known
    seen = {(d.card, d.field) for d in found}
    return sorted(key for key in known if key not in seen)


def summary(found: Iterable[Disagreement]) -> dict[str, dict[str, int]]:
    """How many disagreements of each field are explained and unexplained."""
    out: dict[str, dict[str, int]] = {}
    for d in found:
        counts = out.setdefault(d.field, {"known": 0, "unexplained": 0})
        counts["known" if d.known else "unexplained"] += 1
    return dict(sorted(out.items()))
