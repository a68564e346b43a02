"""Every rule and warning of FORMAT.md, each a small pure generator of findings.

A rule reads a ``Deck`` (each line with one chosen print) and a ``RuleContext`` and yields
``Finding``s under its FORMAT.md code. The engine runs them all (``RULES``, in the order of
``findings.registry``) and handles the codes that come from reading and resolving the list
(unknown-card, ambiguous-card, …).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator

from totemdeck.catalogue.model import Card, in_type_order
from totemdeck.catalogue.names import name_key
from totemdeck.findings import Finding
from totemdeck.findings.registry import REGISTRY
from totemdeck.i18n import N_, _, ngettext
from totemdeck.i18n.terms import term, terms
from totemdeck.rules.deck import Deck, Entry, RuleContext
from totemdeck.rules.format import FormatRules
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
    """Where a finding is: ``line 4`` or ``lines 4, 9`` (a message's opening words)."""
    numbers = sorted({e.line for e in entries})
    return ngettext("line {numbers}", "lines {numbers}", len(numbers)).format(
        numbers=", ".join(map(str, numbers))
    )


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


def _piece(position: int, card: Card) -> str:
    """``half 2`` of a LEGEND, ``piece 3`` of a V-UNION."""
    return (_("half {n}") if is_legend(card) else _("piece {n}")).format(n=position)


def _piece_list(positions: list[int], card: Card) -> str:
    return ", ".join(_piece(p, card) for p in positions)


def totem_missing(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    if not deck.totem and not deck.unresolved_totem:
        yield Finding(
            "totem-missing",
            _(
                "the list names no Totem: put it in a 'Totem:' section "
                "(e.g. 'Totem: 1 Charizard ex OBF 125')"
            ),
        )


def totem_multiple(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    groups = totem_groups(deck)
    single_copies = sum(e.count for g in groups for e in g if not is_multipart(e.card))
    totems = single_copies + sum(1 for g in groups if is_multipart(g[0].card))
    if totems > 1:
        names = ", ".join(dict.fromkeys(ctx.name_of(e.card) for e in deck.totem))
        yield Finding(
            "totem-multiple",
            _("{where}: the list names {count} Totems ({names}); a deck has one").format(
                where=_lines(deck.totem), count=totems, names=names
            ),
            deck.totem[0].line,
            _ids(deck.totem),
        )


def totem_not_pokemon(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    for entry in deck.totem:
        if not entry.card.is_pokemon:
            yield Finding(
                "totem-not-pokemon",
                _(
                    "line {line}: the Totem {name} is a {supertype} card; a Totem must be a Pokémon"
                ).format(
                    line=entry.line,
                    name=ctx.name_of(entry.card),
                    supertype=term(entry.card.supertype),
                ),
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
        repeated = sorted(p for p, n in copies.items() if n > 1)
        missing = [p for p in range(1, needed + 1) if p not in copies]
        if missing or repeated:
            message = (
                _("{where}: the Totem {name} has {have} of its {needed} distinct halves")
                if is_legend(card)
                else _("{where}: the Totem {name} has {have} of its {needed} distinct pieces")
            ).format(where=_lines(group), name=ctx.name_of(card), have=len(copies), needed=needed)
            if missing:
                message = _("{message}; missing: {parts}").format(
                    message=message, parts=_piece_list(missing, card)
                )
            if repeated:
                message = _("{message}; repeated: {parts}").format(
                    message=message, parts=_piece_list(repeated, card)
                )
            yield Finding(
                "totem-incomplete",
                message,
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
            _(
                "the list has {total} cards (Totem {totem} + main deck {main}); it must have "
                "{size}: a main deck of {needed} with this Totem"
            ).format(
                total=total,
                totem=deck.written_totem,
                main=deck.written_main,
                size=ctx.fmt.deck_size,
                needed=main_needed,
            ),
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
                card = entries[0].card
                pieces = ", ".join(f"{_piece(p, card)} ×{n}" for p, n in sorted(over.items()))
                repeated = [e for e in entries if ctx.position(e.card) in over]  # not the rest
                yield Finding(
                    "singleton",
                    _("{where}: each half/piece of {name} may appear once, but: {pieces}").format(
                        where=_lines(repeated), name=ctx.name_of(card), pieces=pieces
                    ),
                    repeated[0].line,
                    _ids(repeated),
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
    rule = _("a Totem deck has 1 of each name (Totem included; basic Energy excepted)")
    shared = _shared_name(entries, ctx)
    if len({e.line for e in entries}) == 1:
        return _("{where}: {copies} cards named {name}; {rule}").format(
            where=_lines(entries), copies=copies, name=shared, rule=rule
        )
    each = [
        f"{e.count} × {ctx.name_of(e.card)}" if e.count > 1 else ctx.name_of(e.card)
        for e in entries
    ]
    on_lines = [
        _("{name} on line {line}").format(name=name, line=e.line)
        for name, e in zip(each, entries, strict=True)
    ]
    listed = _("{first} and {last}").format(first=", ".join(on_lines[:-1]), last=on_lines[-1])
    return _("{where}: {listed} share the name {name}; {rule}").format(
        where=_lines(entries), listed=listed, name=shared, rule=rule
    )


def _limit(
    code: str, message: str, test: Callable[[Card], bool], limit: int, deck: Deck, ctx: RuleContext
) -> Iterator[Finding]:
    """At most ``limit`` cards passing ``test`` in the list, Totem included (``message``: an
    ``N_`` message with ``{where}``, ``{count}``, ``{names}`` and ``{limit}``)."""
    entries = [e for e in deck.entries if test(e.card)]
    total = sum(e.count for e in entries)
    if total > limit:
        names = ", ".join(dict.fromkeys(ctx.name_of(e.card) for e in entries))
        yield Finding(
            code,
            _(message).format(where=_lines(entries), count=total, names=names, limit=limit),
            entries[0].line,
            _ids(entries),
        )


def ace_spec_limit(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    yield from _limit(
        "ace-spec-limit",
        N_("{where}: {count} ACE SPEC cards ({names}); at most {limit}, Totem included"),
        is_ace_spec,
        ctx.fmt.ace_spec_limit,
        deck,
        ctx,
    )


def radiant_limit(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    yield from _limit(
        "radiant-limit",
        N_("{where}: {count} Radiant Pokémon ({names}); at most {limit}, Totem included"),
        is_radiant,
        ctx.fmt.radiant_limit,
        deck,
        ctx,
    )


def star_limit(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    yield from _limit(
        "star-limit",
        N_("{where}: {count} Pokémon ★ ({names}); at most {limit}, Totem included"),
        is_star,
        ctx.fmt.star_limit,
        deck,
        ctx,
    )


def banned(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    for entry in deck.entries:
        ban = ctx.banlist.match(entry.card)
        if ban is None:
            continue
        message = (
            _(
                "line {line}: {card} is banned (this print is on the banlist since {since}: "
                "{reason})"
            )
            if ban.prints
            else _(
                "line {line}: {card} is banned (every print is on the banlist since {since}: "
                "{reason})"
            )
        )
        yield Finding(
            "banned",
            message.format(
                line=entry.line,
                card=ctx.label_of(entry.card),
                since=ban.since,
                reason=ban.reason_in(ctx.lang),
            ),
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
    # A Totem that is not a Pokémon has no identity to judge by: ``totem-not-pokemon`` is
    # the one error (decision), not one ``identity`` error per card.
    if not deck.totem or not all(e.card.is_pokemon for e in deck.totem):
        return
    allowed = deck_identity(deck, ctx)
    shown = terms(in_type_order(allowed), "/")
    for entry in deck.main:
        outside = identity(entry.card, ctx.fmt) - allowed
        if outside:
            names = terms(in_type_order(outside), "/")
            if allowed:
                message = _(
                    "line {line}: {name} carries {types}, outside the Totem's identity ({allowed})"
                )
            else:
                message = _(
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


def forbids_colorless(deck: Deck, fmt: FormatRules) -> bool:
    """The deck's Totem forbids Colorless Pokémon and Energy that provides Colorless."""
    if not fmt.colorless_restriction or not deck.totem:
        return False
    # A BREAK prints no retreat cost at all, which is not Retreat Cost 0 (decision); a
    # V-UNION prints its cost on one piece.
    retreats = [printed_retreat_cost(e.card) for e in totem_groups(deck)[0]]
    printed = [r for r in retreats if r is not None]
    return (
        all(e.card.is_pokemon for e in deck.totem)  # else totem-not-pokemon says it (decision)
        and len(printed) == len(retreats)
        and max(printed, default=None) == 0
    )


def colorless_restriction(deck: Deck, ctx: RuleContext) -> Iterator[Finding]:
    if not forbids_colorless(deck, ctx.fmt):
        return
    totem = deck.totem[0].card
    for entry in deck.main:
        card = entry.card
        if is_colorless_pokemon(card) or provides_colorless(card, ctx.fmt):
            message = (
                _(
                    "line {line}: {name} is a Colorless Pokémon; the Totem {totem} has "
                    "Retreat Cost 0, which forbids them"
                )
                if card.is_pokemon
                else _(
                    "line {line}: {name} is Special Energy that provides Colorless; the Totem "
                    "{totem} has Retreat Cost 0, which forbids them"
                )
            )
            yield Finding(
                "colorless-restriction",
                message.format(line=entry.line, name=ctx.name_of(card), totem=ctx.name_of(totem)),
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


# Each deck rule's function by its code; the order and the set come from the registry.
# A new rule is one function here, one line below and one entry in findings.registry.
CHECKS: dict[str, Rule] = {
    "totem-missing": totem_missing,
    "totem-multiple": totem_multiple,
    "totem-not-pokemon": totem_not_pokemon,
    "totem-incomplete": totem_incomplete,
    "deck-size": deck_size,
    "singleton": singleton,
    "ace-spec-limit": ace_spec_limit,
    "radiant-limit": radiant_limit,
    "star-limit": star_limit,
    "banned": banned,
    "identity": identity_rule,
    "colorless-restriction": colorless_restriction,
    "no-basic-pokemon": no_basic_pokemon,
    "evolution-line-gap": evolution_line_gap,
    "incomplete-multipart": incomplete_multipart,
    "count-mismatch": count_mismatch,
}

# What the engine runs: every "deck" code of the registry, in FORMAT.md's order (a registry
# entry without its function fails here, at import, instead of silently never running).
RULES: tuple[tuple[str, Rule], ...] = tuple(
    (doc.code, CHECKS[doc.code]) for doc in REGISTRY if doc.stage == "deck"
)
