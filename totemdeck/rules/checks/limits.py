"""How many of a card: deck size, singleton, the ACE SPEC / Radiant / ★ limits, the banlist."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key
from totemdeck.findings import Finding
from totemdeck.i18n import N_, _
from totemdeck.rules.checks._common import (
    _ids,
    _lines,
    _piece,
    _positions,
)
from totemdeck.rules.deck import Deck, Entry, RuleContext
from totemdeck.rules.traits import (
    allows_any_number,
    is_ace_spec,
    is_multipart,
    is_radiant,
    is_star,
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
        if copies_total > 1 and ctx.keys_only:  # weighing a print: the sentence is not read
            yield Finding("singleton", "", entries[0].line)
        elif copies_total > 1:
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
