"""What the rules read off one card: identity, Energy provided, limits' markers, Prizes.

Pure functions over a ``Card`` and the format's parameters. Card text is read only where
FORMAT.md says: types, attack costs, stage, subtypes, rule-box lines and Special Energy
"provides" text.
"""

from __future__ import annotations

import re
from functools import lru_cache

from totemdeck.base.lazy import LazyPattern
from totemdeck.base.records import frozen
from totemdeck.catalogue.model import (
    COLORLESS,
    ENERGY_TYPES,
    TYPE_LETTERS,
    Card,
    basic_energy_type,
    in_type_order,
)
from totemdeck.rules.format import EnergyOverride, FormatRules

_TYPE_WORDS = LazyPattern("|".join((*ENERGY_TYPES, COLORLESS)))
_SYMBOL_TYPES = TYPE_LETTERS
_SYMBOL = LazyPattern(r"[\[{]([GRWLPFDMYNC])[\]}]")
# A sentence ends at . ! ? (or one closing a parenthesis: Multi Energy's "(… when not in
# play.) Multi Energy provides Colorless …" is two sentences, only the first not in play).
_SENTENCE = LazyPattern(r"(?<=[.!?])\)?\s+|\n|(?<=\.)\)?(?=[A-Z])")
_PROVIDES = LazyPattern(r"\b(?:provides?|counts? as)\b(?P<what>.*)", re.IGNORECASE)
_EVERY = LazyPattern(r"\b(?:every|all) types?\b", re.IGNORECASE)
# What an Energy counts as while *not in play* is not what it provides (FORMAT.md, decision:
# Rainbow Energy HS 104 "While not in play, Rainbow Energy counts as Colorless Energy").
_NOT_IN_PLAY = LazyPattern(r"\bnot in play\b", re.IGNORECASE)
_ATTACHED_TO_TYPE = LazyPattern(
    r"(?:only be attached to|attached only to|can only be attached to)\s+(?:an?\s+)?"
    r"(?P<type>" + "|".join(ENERGY_TYPES) + r")\s+Pok",
    re.IGNORECASE,
)
_PRIZES = LazyPattern(
    r"Knocked Out, (?:your )?opponent takes (?P<n>\d+|one|two|three|four) Prize cards?",
    re.IGNORECASE,
)
_WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4}
_MEGA_EX = LazyPattern(r"^Mega\s.+\sex$")  # case matters: "ex", not "EX"
# Name suffixes that give 2 Prize cards: ex / EX (either era), GX, V, VSTAR. "Unown V" is a
# letter, not a Pokémon V, so V needs the subtype (read above), never the name alone.
_TWO_PRIZE_NAME = LazyPattern(r"[\s-](?:ex|EX|GX|VSTAR)$")
_TAG_TEAM = LazyPattern(r"&.*[\s-]GX$")  # "Pikachu & Zekrom-GX"
# Suffix words that make a Pokémon's name a rule-box name (used for "ordinary" prints).
RULE_BOX_SUBTYPES = frozenset(
    {"EX", "GX", "V", "VMAX", "VSTAR", "V-UNION", "ex", "TAG TEAM", "LEGEND", "BREAK",
     "Level-Up", "MEGA", "Radiant", "Prism Star", "Star", "Tera"}
)  # fmt: skip


@frozen
class Provides:
    """What a Special Energy can provide, as read from its text (or an override)."""

    types: frozenset[str]  # named types, never Colorless
    colorless: bool
    every: bool
    decided: bool  # False: the text said nothing readable; an override is needed
    overridden: bool = False
    bound: frozenset[str] = frozenset()  # "can only be attached to Dragon Pokémon"


def _with_symbols(text: str) -> str:
    return _SYMBOL.sub(lambda m: _SYMBOL_TYPES[m.group(1)], text)


@lru_cache(maxsize=4096)
def read_provides(text: str) -> Provides:
    """Read "provides …" sentences: named types, Colorless, or every type."""
    types: set[str] = set()
    bound: set[str] = set()
    colorless = every = decided = False
    for sentence in _SENTENCE.split(_with_symbols(text)):
        attached = _ATTACHED_TO_TYPE.search(sentence)
        if attached:
            bound.add(attached.group("type").capitalize())
            decided = True
        found = _PROVIDES.search(sentence)
        if not found or _NOT_IN_PLAY.search(sentence):
            continue
        what = found.group("what")
        if _EVERY.search(what):
            every = decided = True
        for word in _TYPE_WORDS.findall(what):
            decided = True
            if word == COLORLESS:
                colorless = True
            else:
                types.add(word)
    return Provides(frozenset(types), colorless, every, decided, bound=frozenset(bound))


def special_energy_provides(card: Card, fmt: FormatRules) -> Provides:
    """A Special Energy's Energy, with the format file's overrides (by id, then by name)."""
    override: EnergyOverride | None = fmt.energy_overrides.get(card.id)
    if override is None:
        override = fmt.energy_overrides.get(card.name)
    if override is not None:
        return Provides(override.types, override.colorless, override.every, True, True)
    return read_provides(" ".join(card.rules))


def identity_in_order(card: Card, fmt: FormatRules) -> tuple[str, ...]:
    """The card's identity as reports show it, in FORMAT.md's type order."""
    return in_type_order(identity(card, fmt))


def identity(card: Card, fmt: FormatRules) -> frozenset[str]:
    """FORMAT.md's identity: named types a card carries; Colorless never counts.

    A wildcard Special Energy ("every type") is empty even when it may only be attached to
    some Pokémon: Double Dragon Energy serves Dragon Pokémon but names no type of its own.
    """
    if card.is_trainer:
        return frozenset()
    if card.is_energy:
        if card.is_basic_energy:
            kind = basic_energy_type(card)
            return frozenset({kind} if kind else ())
        provides = special_energy_provides(card, fmt)
        return frozenset() if provides.every else provides.types
    named = {t for t in card.types if t != COLORLESS}
    for attack in card.attacks:
        named.update(s for s in attack.cost if s in ENERGY_TYPES)
    return frozenset(named)


def provides_colorless(card: Card, fmt: FormatRules) -> bool:
    """A Special Energy that can provide Colorless (the Retreat-0 Totem's restriction)."""
    if not card.is_special_energy:
        return False
    provides = special_energy_provides(card, fmt)
    return provides.colorless or (provides.every and fmt.wildcard_provides_colorless)


def is_ace_spec(card: Card) -> bool:
    if "ACE SPEC" in card.subtypes or (card.rarity or "").casefold().startswith("ace spec"):
        return True
    return any("ACE SPEC" in rule for rule in card.rules)


def is_radiant(card: Card) -> bool:
    return card.is_pokemon and ("Radiant" in card.subtypes or card.name.startswith("Radiant "))


def is_star(card: Card) -> bool:
    """Pokémon ★ (Pokémon Star), not Prism Star ◇."""
    return card.is_pokemon and ("Star" in card.subtypes or "★" in card.name)


def is_legend(card: Card) -> bool:
    return card.is_pokemon and (card.stage == "LEGEND" or "LEGEND" in card.subtypes)


def is_v_union(card: Card) -> bool:
    return card.is_pokemon and (card.stage == "V-UNION" or "V-UNION" in card.subtypes)


def is_multipart(card: Card) -> bool:
    return is_legend(card) or is_v_union(card)


def parts_needed(card: Card, fmt: FormatRules) -> int:
    if is_legend(card):
        return fmt.legend_cards
    if is_v_union(card):
        return fmt.v_union_cards
    return 1


def is_basic_pokemon(card: Card) -> bool:
    """Can be put into play as a Basic Pokémon (so an opening hand can be kept)."""
    return card.is_pokemon and (card.stage == "Basic" or "Baby" in card.subtypes)


def played_as_basic_pokemon(card: Card, fmt: FormatRules) -> bool:
    """A Trainer played "as if it were a Basic Pokémon" (Clefairy Doll, fossils): it counts as
    a Basic for ``no-basic-pokemon`` only (decision, ``trainers_as_basic`` in the format file)."""
    if not card.is_trainer or fmt.trainers_as_basic is None:
        return False
    return any(fmt.trainers_as_basic.search(rule) for rule in card.rules)


def is_colorless_pokemon(card: Card) -> bool:
    return card.is_pokemon and COLORLESS in card.types


def colorless_restricted(card: Card, fmt: FormatRules) -> bool:
    """What a Totem with Retreat Cost 0 forbids: a Colorless Pokémon, or an Energy that can
    provide Colorless (the ``colorless-restriction`` rule, Build and the collection ask it)."""
    return is_colorless_pokemon(card) or provides_colorless(card, fmt)


def allows_any_number(card: Card, fmt: FormatRules) -> bool:
    return _any_number(card.rules, fmt.any_number_phrases)


# by text: weighing ambiguous lines asks it of one print thousands of times
@lru_cache(maxsize=4096)
def _any_number(rules: tuple[str, ...], phrases: tuple[str, ...]) -> bool:
    text = " ".join(rules).casefold()
    return any(phrase in text for phrase in phrases)


def printed_prizes(card: Card) -> int | None:
    """The Prize cards its rule text states ("your opponent takes 2 Prize cards"), if any."""
    for rule in card.rules:
        found = _PRIZES.search(rule)
        if found:
            n = found.group("n").casefold()
            return _WORD_NUMBERS.get(n) or int(n)
    return None


def is_mega_evolution_ex(card: Card) -> bool:
    """A Mega Evolution-era "Mega … ex" (2025–): printed Stage, 3 Prize cards. The XY-era
    "M Venusaur-EX" and TAG TEAMs such as "Mega Sableye & Tyranitar-GX" do not match."""
    return card.is_pokemon and card.stage != "MEGA" and bool(_MEGA_EX.match(card.name))


def prizes_by_kind(card: Card) -> int:
    """The Prize cards a Pokémon gives by what it is — its name's suffix and its stage — for
    records without rule text. TCGdex's ``suffix`` field is not trusted: it says "EX" or
    nothing on many Mega ex, "GX" on TAG TEAMs, and "ex" on some plain Pokémon."""
    name, stage = card.name.removesuffix(" δ"), card.stage  # "Latios ex δ"
    if is_mega_evolution_ex(card) or stage in ("VMAX", "V-UNION") or _TAG_TEAM.search(name):
        return 3
    if stage == "LEGEND":
        return 2 if "&" in name else 1
    if stage in ("VSTAR", "MEGA") or _TWO_PRIZE_NAME.search(name):
        return 2
    if name.endswith(" V") and "V" in card.subtypes:  # "Unown V" is a letter, not a Pokémon V
        return 2
    return 1


def prize_cards(card: Card) -> int:
    """Prize cards the Totem gives when Knocked Out (FORMAT.md "The Totem's numbers").

    A Mega Evolution-era Mega ex gives 3 whatever a record says; otherwise the number its
    rule text states. TCGdex carries no rule text (the rule-box lines of its records are
    made up from its ``suffix`` field), so a TCGdex record, or any record without such a
    sentence, is read by what the card is.
    """
    if is_mega_evolution_ex(card):
        return 3
    printed = None if card.source == "tcgdex" else printed_prizes(card)
    return printed if printed is not None else prizes_by_kind(card)


def printed_retreat_cost(card: Card) -> int | None:
    """The Retreat Cost the card prints; None: a BREAK prints none (its data says 0), or no
    source states it (``retreat_unknown``). Neither is Retreat Cost 0 (FORMAT.md)."""
    if not card.is_pokemon or card.stage == "BREAK":
        return None
    return card.retreat_cost


def retreat_unknown(card: Card) -> bool:
    """A Pokémon whose retreat cost no source states, nor another print of the card
    (FORMAT.md "Missing data is not zero"): unknown, never read as 0."""
    return card.is_pokemon and card.stage != "BREAK" and card.retreat_cost is None


def is_ordinary(card: Card) -> bool:
    """A plain print of a species: no rule box, a plain stage (for "normal Stage")."""
    return (
        card.is_pokemon
        and card.stage in ("Basic", "Stage 1", "Stage 2")
        and not RULE_BOX_SUBTYPES.intersection(card.subtypes)
    )
