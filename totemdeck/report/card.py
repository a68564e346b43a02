"""Cards as text: one line per print for lists, a page for ``card show``, Totem lookups."""

from __future__ import annotations

import json
from collections.abc import Sequence

from totemdeck.api import CardFacts, TotemLookup
from totemdeck.catalogue.localized import (
    FALLBACK_MARK,
    is_fallback,
    localize,
    shown_label,
    text_lang,
    text_record,
)
from totemdeck.catalogue.model import Card


def card_line(card: Card) -> str:
    """One line per print: id, name, set code and number, supertype/stage, release."""
    kind = card.stage or (", ".join(card.subtypes) if card.subtypes else card.supertype)
    code = card.set.ptcgl_code or "-"
    return (
        f"{card.id:<18} {card.name:<32} {code:>6} {card.number:<7} {kind:<10} "
        f"{card.set.release_date}\n"
    )


def render_card_list(cards: Sequence[Card]) -> str:
    return "".join(card_line(c) for c in cards)


Rows = list[tuple[str, str]]


def _symbols(text: str) -> str:
    """``{R}`` / ``[R]`` in card text as the type's word in the reader's language (``Fire``,
    ``Fuego``), as the card prints its symbol."""
    import re

    from totemdeck.catalogue.model import TYPE_LETTERS
    from totemdeck.i18n.terms import term

    return re.sub(r"[\[{]([GRWLPFDMYNC])[\]}]", lambda m: term(TYPE_LETTERS[m.group(1)]), text)


def _cost(cost: tuple[str, ...]) -> str:
    """An attack's cost in words; a cost a source gives as ``["Free"]`` is no cost."""
    from totemdeck.i18n import _
    from totemdeck.i18n.terms import terms

    return terms([c for c in cost if c != "Free"], " ") or _("no cost")


def _pokemon_rows(card: Card) -> Rows:
    """Stage, types, HP, weakness, resistance and Retreat, then each ability and attack with
    its cost, damage and text: the card as printed."""
    from totemdeck.i18n import _
    from totemdeck.i18n.terms import term, terms

    stage = term(card.stage) if card.stage else "?"
    if card.evolves_from:
        stage = _("{stage} (evolves from {name})").format(stage=stage, name=card.evolves_from)
    rows = [(_("stage"), stage)]
    rows.append(
        (
            _("types"),
            _("{types}   HP {hp}   Retreat {retreat}").format(
                types=terms(card.types) or "-",
                hp=card.hp if card.hp is not None else "-",
                retreat=_card_retreat(card),
            ),
        )
    )
    rows.append((_("weakness"), terms(card.weaknesses) or _("none")))
    rows.append((_("resistance"), terms(card.resistances) or _("none")))
    texts = (*card.ability_texts, *[""] * len(card.abilities))
    rows += [
        (_("ability"), f"{name}: {_symbols(text)}" if text else name)
        for name, text in zip(card.abilities, texts, strict=False)
    ]
    for attack in card.attacks:
        head = f"{attack.name} [{_cost(attack.cost)}]"
        head += f" {attack.damage}" if attack.damage else ""
        rows.append((_("attack"), f"{head}: {_symbols(attack.text)}" if attack.text else head))
    return rows


def _facts_rows(facts: CardFacts) -> Rows:
    """What the format makes of the print: identity, role tags, its numbers as a Totem."""
    from totemdeck.i18n import _
    from totemdeck.i18n.terms import term, terms

    rows = [(_("identity"), terms(facts.identity) or _("none"))]
    if facts.roles:
        rows.append((_("roles"), ", ".join(facts.roles)))
    if facts.totem is not None:
        numbers = facts.totem
        rows.append(
            (
                _("as Totem"),
                _("column {column}, Invocation Cost {cost}, Prize cards {prizes}").format(
                    column=term(numbers.cost_column),
                    cost=numbers.invocation_cost,
                    prizes=numbers.prizes,
                ),
            )
        )
    return rows


def render_card(
    card: Card, facts: CardFacts | None = None, lang: str = "en", width: int | None = None
) -> str:
    """A readable page about one print in ``lang`` (``facts``: its identity and Totem
    numbers): the whole card — abilities and attacks with their text, damage, weakness,
    resistance, Retreat, rules — in ``lang``'s words where the catalogue has them, else the
    English ones with ``FALLBACK_MARK`` once beside the name; each value wrapped to
    ``width`` columns (the terminal's, by default)."""
    from totemdeck.i18n import _
    from totemdeck.i18n.terms import term, terms

    english = card
    card = localize(card, lang)
    kind = term(card.supertype)
    if card.subtypes:
        kind += " — " + terms(card.subtypes)
    rows: Rows = [
        (
            _("set"),
            f"{card.set.name} [{card.set.ptcgl_code or card.set.id}] #{card.number}, "
            f"{card.set.release_date} ({card.set.series})",
        ),
        (_("supertype"), kind),
    ]
    if card.is_pokemon:
        rows += _pokemon_rows(card)
    rows += [(_("text"), _symbols(rule)) for rule in card.rules]
    if card.rarity:
        rows.append((_("rarity"), card.rarity))
    rows += [
        (_("also"), f"{alias} ({code})")
        for code, alias in sorted(card.aliases.items())
        if alias != card.name or code == "tcgdex"
    ]
    if facts is not None:
        rows += _facts_rows(facts)
    mark = f" {FALLBACK_MARK}" if is_fallback(english, lang) else ""
    return f"{card.name}{mark}  ({card.id})\n" + _columns(rows, width)


def _columns(rows: Rows, width: int | None) -> str:
    """``label:  value`` lines, each value wrapped under itself within ``width`` columns."""
    import shutil
    import textwrap

    total = width or shutil.get_terminal_size((80, 24)).columns
    labels = max(len(label) for label, _value in rows) + 1
    indent = " " * (labels + 4)
    lines = []
    for label, value in rows:
        first = f"  {label + ':':<{labels}}  "
        wrapped = textwrap.wrap(
            str(value),
            max(total, labels + 24),
            initial_indent=first,
            subsequent_indent=indent,
            break_on_hyphens=False,
        )
        lines += wrapped or [first.rstrip()]
    return "\n".join(lines) + "\n"


PRINTED_WORDS = ("category", "stage", "trainer_type", "energy_type", "types", "weaknesses",
                 "resistances")  # fmt: skip


def render_card_json(card: Card, facts: CardFacts, lang: str = "en") -> str:
    """The record with its words in ``lang`` (``text_lang`` says whose they are: ``lang``,
    or ``en`` for a print shown in English for want of its text), and the Totem facts."""
    shown = localize(card, lang)
    text = text_record(card, lang) if lang != "en" else None
    document: dict[str, object] = {**shown.to_record(), "text_lang": text_lang(card, lang)}
    if text is not None:  # the category, stage and type words as that language prints them
        document["printed"] = {key: text[key] for key in PRINTED_WORDS}
    document.update(facts.as_dict())
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def render_totem(found: Sequence[TotemLookup], lang: str | None = None) -> str:
    """Each print's Totem numbers in one line, or why it cannot be a Totem (names in
    ``lang``, by default the current language)."""
    from totemdeck.i18n import _, current_language
    from totemdeck.i18n.terms import term, terms

    lang = lang or current_language()
    lines = []
    for one in found:
        card, numbers = one.card, one.numbers
        label = shown_label(card, lang) + (f" {FALLBACK_MARK}" if is_fallback(card, lang) else "")
        if numbers is None:
            lines.append(
                _("{card} ({id}): cannot be a Totem: {reason}").format(
                    card=label, id=card.id, reason=one.why_not
                )
            )
            continue
        retreat = (
            _("unknown (no source states it)")
            if numbers.retreat_unknown
            else _("none printed")
            if numbers.retreat_cost is None
            else numbers.retreat_cost
        )
        lines.append(
            _(
                "{card} ({id}): printed stage {stage}, retreat {retreat} → column {column}, "
                "Invocation Cost {cost}, Prize cards {prizes}, identity {identity}"
            ).format(
                card=label,
                id=card.id,
                stage=term(numbers.printed_stage) if numbers.printed_stage else None,
                retreat=retreat,
                column=term(numbers.cost_column),
                cost=numbers.invocation_cost,
                prizes=numbers.prizes,
                identity=terms(numbers.identity) or _("none"),
            )
            + (f" — {one.why_not}" if one.why_not else "")  # banned: as `totem --all` says
        )
    return "\n".join(lines) + "\n"


def _card_retreat(card: Card) -> str:
    """A print's retreat as ``card show`` says it: unknown (no source states it), none
    printed (a BREAK), or the number and, when another record gave it, which."""
    from totemdeck.i18n import _
    from totemdeck.rules.traits import printed_retreat_cost, retreat_unknown

    if retreat_unknown(card):
        return _("unknown (no source states it)")
    printed = printed_retreat_cost(card)
    if printed is None:
        return _("none printed")
    origin = card.filled.get("retreat_cost", "")
    if origin.startswith("print:"):
        return _("{n} (as {card} prints it)").format(n=printed, card=origin.removeprefix("print:"))
    return str(printed)


def render_totem_json(found: Sequence[TotemLookup]) -> str:
    """One object for one print, an array for several."""
    objects = [one.as_dict() for one in found]
    return json.dumps(objects[0] if len(objects) == 1 else objects, indent=2,
                      ensure_ascii=False) + "\n"  # fmt: skip
