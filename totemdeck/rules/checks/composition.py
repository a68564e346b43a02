"""What a deck must hold to play: a Basic Pokémon, evolution lines, whole multipart cards,
section counts that add up."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from totemdeck.catalogue.names import name_key
from totemdeck.findings import Finding
from totemdeck.i18n import _
from totemdeck.rules.checks._common import (
    _ids,
    _lines,
    _positions,
)
from totemdeck.rules.deck import Deck, Entry, RuleContext
from totemdeck.rules.traits import (
    is_basic_pokemon,
    is_legend,
    is_multipart,
    parts_needed,
    played_as_basic_pokemon,
)


def no_basic_pokemon(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    basics = (
        e for e in deck.main if is_basic_pokemon(e.card) or played_as_basic_pokemon(e.card, ctx.fmt)
    )
    if deck.main and not any(basics):
        yield Finding(
            "no-basic-pokemon",
            _(
                "the main deck has no Basic Pokémon and no Trainer played as one (Clefairy "
                "Doll, a fossil), so no opening hand could ever be kept"
            ),
        )


def evolution_line_gap(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    names = {name_key(e.card.name, e.card.supertype) for e in deck.main}
    for entry in deck.main:
        before = entry.card.evolves_from
        if entry.card.is_pokemon and before and name_key(before, "Pokémon") not in names:
            if ctx.keys_only:  # weighing a print: the sentence is not read
                yield Finding("evolution-line-gap", "", entry.line)
                continue
            yield Finding(
                "evolution-line-gap",
                _(
                    "line {line}: {name} evolves from {before}, which is not in the main deck"
                ).format(line=entry.line, name=ctx.name_of(entry.card), before=before),
                entry.line,
                (entry.card.id,),
            )


def incomplete_multipart(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    groups: dict[str, list[Entry]] = defaultdict(list)
    for entry in deck.main:
        if is_multipart(entry.card):
            groups[name_key(entry.card.name)].append(entry)
    for entries in groups.values():
        card = entries[0].card
        needed = parts_needed(card, ctx.fmt)
        have = len(_positions(entries, ctx))
        if have < needed:
            message = (
                _(
                    "{where}: {name} has {have} of its {needed} halves in the main deck; "
                    "a Pokémon LEGEND can never be played that way"
                )
                if is_legend(card)
                else _(
                    "{where}: {name} has {have} of its {needed} pieces in the main deck; "
                    "a Pokémon V-UNION can never be played that way"
                )
            )
            yield Finding(
                "incomplete-multipart",
                message.format(
                    where=_lines(entries), name=ctx.name_of(card), have=have, needed=needed
                ),
                entries[0].line,
                _ids(entries),
            )


def count_mismatch(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    written = {section: (lines, cards) for section, lines, cards in deck.lines_by_section}
    for header in deck.headers:
        if header.declared is None:
            continue
        if header.section is None:
            total = deck.written_totem + deck.written_main
            if header.declared != total:
                yield Finding(
                    "count-mismatch",
                    _(
                        "line {line}: the total says {declared} but the list has {total} cards"
                    ).format(line=header.line, declared=header.declared, total=total),
                    header.line,
                )
            continue
        lines, cards = written.get(header.section, (0, 0))
        if header.declared not in (lines, cards):
            yield Finding(
                "count-mismatch",
                _(
                    "line {line}: {header!r} but the section has {lines} lines and {cards} cards"
                ).format(line=header.line, header=header.raw.strip(), lines=lines, cards=cards),
                header.line,
            )
