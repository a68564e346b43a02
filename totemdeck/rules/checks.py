"""Every rule and warning of FORMAT.md, each a small pure generator of findings.

A rule reads a ``Deck`` (each line with one chosen print) and a ``RuleContext`` and yields
``Finding``s under its FORMAT.md code. The engine runs them all (``RULES``) and handles the
codes that come from reading and resolving the list (unknown-card, ambiguous-card, …).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator

from totemdeck.catalogue.model import ENERGY_TYPES, Card
from totemdeck.catalogue.names import name_key
from totemdeck.findings import Finding
from totemdeck.rules.deck import Deck, Entry, RuleContext
from totemdeck.rules.traits import (
    allows_any_number,
    identity,
    is_ace_spec,
    is_basic_pokemon,
    is_colorless_pokemon,
    is_legend,
    is_multipart,
    is_radiant,
    is_star,
    parts_needed,
    played_as_basic_pokemon,
    printed_retreat_cost,
    provides_colorless,
)

Rule = Callable[[Deck, RuleContext], Iterator[Finding]]


def _lines(entries: list[Entry] | tuple[Entry, ...]) -> str:
    numbers = sorted({e.line for e in entries})
    return ("line " if len(numbers) == 1 else "lines ") + ", ".join(map(str, numbers))


def _ids(entries: list[Entry] | tuple[Entry, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(e.card.id for e in entries))


def totem_groups(deck: Deck) -> list[list[Entry]]:
    """The Totem section split into Totems: the halves/pieces of one LEGEND/V-UNION are one."""
    groups: dict[str, list[Entry]] = {}
    for entry in deck.totem:
        key = name_key(entry.card.name) if is_multipart(entry.card) else f"#{entry.line}"
        groups.setdefault(key, []).append(entry)
    return list(groups.values())


def _positions(entries: list[Entry], ctx: RuleContext) -> dict[int, int]:
    """Copies of each half/piece position (a reprint of piece 1 is piece 1 again)."""
    copies: dict[int, int] = defaultdict(int)
    for entry in entries:
        copies[ctx.position(entry.card)] += entry.count
    return copies


def _piece_list(positions: list[int], card: Card) -> str:
    word = "half" if is_legend(card) else "piece"
    return ", ".join(f"{word} {p}" for p in positions)


def totem_missing(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    if not deck.totem and not deck.unresolved_totem:
        yield Finding(
            "totem-missing",
            "the list names no Totem: put it in a 'Totem:' section "
            "(e.g. 'Totem: 1 Charizard ex OBF 125')",
        )


def totem_multiple(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    groups = totem_groups(deck)
    single_copies = sum(e.count for g in groups for e in g if not is_multipart(e.card))
    totems = single_copies + sum(1 for g in groups if is_multipart(g[0].card))
    if totems > 1:
        names = ", ".join(dict.fromkeys(ctx.name_of(e.card) for e in deck.totem))
        yield Finding(
            "totem-multiple",
            f"{_lines(deck.totem)}: the list names {totems} Totems ({names}); a deck has one",
            deck.totem[0].line,
            _ids(deck.totem),
        )


def totem_not_pokemon(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    for entry in deck.totem:
        if not entry.card.is_pokemon:
            yield Finding(
                "totem-not-pokemon",
                f"line {entry.line}: the Totem {ctx.name_of(entry.card)} is a "
                f"{entry.card.supertype} "
                "card; a Totem must be a Pokémon",
                entry.line,
                (entry.card.id,),
            )


def totem_incomplete(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    for group in totem_groups(deck):
        card = group[0].card
        if not is_multipart(card):
            continue
        needed = parts_needed(card, ctx.fmt)
        copies = _positions(group, ctx)
        kind = "halves" if is_legend(card) else "pieces"
        repeated = sorted(p for p, n in copies.items() if n > 1)
        missing = [p for p in range(1, needed + 1) if p not in copies]
        if missing or repeated:
            detail = f"has {len(copies)} of its {needed} distinct {kind}"
            if missing:
                detail += f"; missing: {_piece_list(missing, card)}"
            if repeated:
                detail += f"; repeated: {_piece_list(repeated, card)}"
            yield Finding(
                "totem-incomplete",
                f"{_lines(group)}: the Totem {ctx.name_of(card)} {detail}",
                group[0].line,
                _ids(group),
                context={"missing": missing, "repeated": repeated},
            )


def deck_size(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    total = deck.written_totem + deck.written_main
    if total != ctx.fmt.deck_size:
        main_needed = ctx.fmt.deck_size - (deck.written_totem or 1)
        yield Finding(
            "deck-size",
            f"the list has {total} cards (Totem {deck.written_totem} + main deck "
            f"{deck.written_main}); it must have {ctx.fmt.deck_size}: a main deck of "
            f"{main_needed} with this Totem",
            context={"total": total, "totem": deck.written_totem, "main": deck.written_main},
        )


def singleton(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    by_name: dict[str, list[Entry]] = defaultdict(list)
    for entry in deck.entries:
        card = entry.card
        if card.is_basic_energy and ctx.fmt.basic_energy_exempt:
            continue
        if allows_any_number(card, ctx.fmt):
            continue
        by_name[name_key(card.name, card.supertype)].append(entry)
    for entries in by_name.values():
        if is_multipart(entries[0].card):
            over = {p: n for p, n in _positions(entries, ctx).items() if n > 1}
            if over:
                word = "half" if is_legend(entries[0].card) else "piece"
                pieces = ", ".join(f"{word} {p} ×{n}" for p, n in sorted(over.items()))
                yield Finding(
                    "singleton",
                    f"{_lines(entries)}: each half/piece of {ctx.name_of(entries[0].card)} may "
                    "appear "
                    f"once, but: {pieces}",
                    entries[0].line,
                    _ids(entries),
                )
            continue
        copies_total = sum(e.count for e in entries)
        if copies_total > 1:
            yield Finding(
                "singleton",
                _singleton_message(entries, copies_total, ctx),
                entries[0].line,
                _ids(entries),
                context={"name": _shared_name(entries, ctx), "copies": copies_total},
            )


def _shared_name(entries: list[Entry], ctx: RuleContext) -> str:
    """The name the lines share, as printed most plainly ("Boss's Orders", not "… (Ghetsis)")."""
    return min((ctx.name_of(e.card) for e in entries), key=lambda name: (len(name), name))


def _singleton_message(entries: list[Entry], copies: int, ctx: RuleContext) -> str:
    rule = "a Totem deck has 1 of each name (Totem included; basic Energy excepted)"
    shared = _shared_name(entries, ctx)
    if len({e.line for e in entries}) == 1:
        return f"{_lines(entries)}: {copies} cards named {shared}; {rule}"
    each = [
        f"{e.count} × {ctx.name_of(e.card)}" if e.count > 1 else ctx.name_of(e.card)
        for e in entries
    ]
    on_lines = [f"{name} on line {e.line}" for name, e in zip(each, entries, strict=True)]
    listed = ", ".join(on_lines[:-1]) + " and " + on_lines[-1]
    return f"{_lines(entries)}: {listed} share the name {shared}; {rule}"


def _limit(
    code: str, what: str, test: Callable[[Card], bool], limit: int, deck: Deck, ctx: RuleContext
) -> Iterator[Finding]:
    """At most ``limit`` cards passing ``test`` in the list, Totem included."""
    entries = [e for e in deck.entries if test(e.card)]
    total = sum(e.count for e in entries)
    if total > limit:
        names = ", ".join(dict.fromkeys(ctx.name_of(e.card) for e in entries))
        yield Finding(
            code,
            f"{_lines(entries)}: {total} {what} ({names}); at most {limit}, Totem included",
            entries[0].line,
            _ids(entries),
        )


def ace_spec_limit(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    yield from _limit(
        "ace-spec-limit", "ACE SPEC cards", is_ace_spec, ctx.fmt.ace_spec_limit, deck, ctx
    )


def radiant_limit(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    yield from _limit(
        "radiant-limit", "Radiant Pokémon", is_radiant, ctx.fmt.radiant_limit, deck, ctx
    )


def star_limit(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    yield from _limit("star-limit", "Pokémon ★", is_star, ctx.fmt.star_limit, deck, ctx)


def banned(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    for entry in deck.entries:
        ban = ctx.banlist.match(entry.card)
        if ban is None:
            continue
        scope = "this print is" if ban.prints else "every print is"
        yield Finding(
            "banned",
            f"line {entry.line}: {ctx.label_of(entry.card)} is banned ({scope} on the banlist "
            "since "
            f"{ban.since}: {ban.reason})",
            entry.line,
            (entry.card.id,),
            context={"entry": ban.as_dict()},
        )


def deck_identity(deck: Deck, ctx: RuleContext) -> frozenset[str]:
    colours: set[str] = set()
    for entry in deck.totem:
        colours |= identity(entry.card, ctx.fmt)
    return frozenset(colours)


def identity_rule(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    if not deck.totem:
        return
    allowed = deck_identity(deck, ctx)
    shown = "/".join(t for t in ENERGY_TYPES if t in allowed)
    for entry in deck.main:
        outside = identity(entry.card, ctx.fmt) - allowed
        if outside:
            names = "/".join(t for t in ENERGY_TYPES if t in outside)
            if allowed:
                message = (
                    "line {line}: {name} carries {types}, outside the Totem's identity ({allowed})"
                )
            else:
                message = (
                    "line {line}: {name} carries {types}, but the Totem's identity is empty "
                    "(none): only cards without named types fit it"
                )
            yield Finding(
                "identity",
                message.format(
                    line=entry.line, name=ctx.name_of(entry.card), types=names, allowed=shown
                ),
                entry.line,
                (entry.card.id,),
                context={"outside": sorted(outside), "identity": sorted(allowed)},
            )


def colorless_restriction(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    if not ctx.fmt.colorless_restriction or not deck.totem:
        return
    totem = deck.totem[0].card
    # A BREAK prints no retreat cost at all, which is not Retreat Cost 0 (decision); a
    # V-UNION prints its cost on one piece.
    retreats = [printed_retreat_cost(e.card) for e in totem_groups(deck)[0]]
    printed = [r for r in retreats if r is not None]
    if not totem.is_pokemon or len(printed) < len(retreats) or max(printed, default=None) != 0:
        return
    for entry in deck.main:
        card = entry.card
        if is_colorless_pokemon(card) or provides_colorless(card, ctx.fmt):
            what = (
                "a Colorless Pokémon"
                if card.is_pokemon
                else "Special Energy that provides Colorless"
            )
            yield Finding(
                "colorless-restriction",
                f"line {entry.line}: {ctx.name_of(card)} is {what}; the Totem "
                f"{ctx.name_of(totem)} has "
                "Retreat Cost 0, which forbids them",
                entry.line,
                (card.id,),
            )


def no_basic_pokemon(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    basics = (
        e for e in deck.main if is_basic_pokemon(e.card) or played_as_basic_pokemon(e.card, ctx.fmt)
    )
    if deck.main and not any(basics):
        yield Finding(
            "no-basic-pokemon",
            "the main deck has no Basic Pokémon, so no opening hand could ever be kept",
        )


def evolution_line_gap(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    names = {name_key(e.card.name, e.card.supertype) for e in deck.main}
    for entry in deck.main:
        before = entry.card.evolves_from
        if entry.card.is_pokemon and before and name_key(before, "Pokémon") not in names:
            yield Finding(
                "evolution-line-gap",
                f"line {entry.line}: {ctx.name_of(entry.card)} evolves from {before}, which is "
                "not in "
                "the main deck",
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
            kind = "halves" if is_legend(card) else "pieces"
            what = "Pokémon LEGEND" if is_legend(card) else "Pokémon V-UNION"
            yield Finding(
                "incomplete-multipart",
                f"{_lines(entries)}: {ctx.name_of(card)} has {have} of its {needed} {kind} in "
                "the main "
                f"deck; a {what} can never be played that way",
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
                    f"line {header.line}: the total says {header.declared} but the list has "
                    f"{total} cards",
                    header.line,
                )
            continue
        lines, cards = written.get(header.section, (0, 0))
        if header.declared not in (lines, cards):
            yield Finding(
                "count-mismatch",
                f"line {header.line}: {header.raw.strip()!r} but the section has {lines} lines "
                f"and {cards} cards",
                header.line,
            )


# The registry: FORMAT.md order. A new rule is one function and one line here.
RULES: tuple[tuple[str, Rule], ...] = (
    ("totem-missing", totem_missing),
    ("totem-multiple", totem_multiple),
    ("totem-not-pokemon", totem_not_pokemon),
    ("totem-incomplete", totem_incomplete),
    ("deck-size", deck_size),
    ("singleton", singleton),
    ("ace-spec-limit", ace_spec_limit),
    ("radiant-limit", radiant_limit),
    ("star-limit", star_limit),
    ("banned", banned),
    ("identity", identity_rule),
    ("colorless-restriction", colorless_restriction),
    ("no-basic-pokemon", no_basic_pokemon),
    ("evolution-line-gap", evolution_line_gap),
    ("incomplete-multipart", incomplete_multipart),
    ("count-mismatch", count_mismatch),
)
