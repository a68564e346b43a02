"""What the odds are asked about: one card, several (any of / all of), a role, a kind, and
"at least k of" — turned into groups of the main deck's cards (one group a name)."""

from __future__ import annotations

from totemdeck.base.errors import UsageError
from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key
from totemdeck.i18n import _
from totemdeck.rules.deck import Entry
from totemdeck.rules.format import FormatRules
from totemdeck.rules.roles import role_names, roles_of
from totemdeck.rules.traits import is_basic_pokemon, played_as_basic_pokemon
from totemdeck.stats.odds import MAX_ALL_OF

MODES = ("any", "all")
KINDS = ("Pokémon", "Basic Pokémon", "Trainer", "Supporter", "Item", "Pokémon Tool", "Stadium",
         "Energy")  # fmt: skip
MAX_NAMES = MAX_ALL_OF


def keeps_a_hand(card: Card, fmt: FormatRules) -> bool:
    """A Basic Pokémon, or a Trainer played as one (FORMAT.md Words): a hand holding one is
    kept."""
    return is_basic_pokemon(card) or played_as_basic_pokemon(card, fmt)


def _of_kind(card: Card, kind: str) -> bool:
    if kind == "Pokémon":
        return card.is_pokemon
    if kind == "Basic Pokémon":
        return is_basic_pokemon(card)
    if kind == "Trainer":
        return card.is_trainer
    if kind == "Energy":
        return not card.is_pokemon and not card.is_trainer
    return card.is_trainer and kind in card.subtypes


@frozen
class Ask:
    """Cards to draw: ``names`` (each with its copies), and/or every card with ``role`` and/or
    of ``kind``; ``mode`` any (at least ``at_least`` cards of them) or all (one of each name)."""

    names: tuple[str, ...] = ()
    role: str | None = None
    kind: str | None = None
    mode: str = "any"
    at_least: int = 1

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise UsageError(_("--mode must be any or all, not {mode!r}").format(mode=self.mode))
        if self.role is not None and self.role not in role_names():
            raise UsageError(
                _("--role {role!r}: no such role; the roles are {roles}").format(
                    role=self.role, roles=", ".join(role_names())
                )
            )
        if self.kind is not None and self.kind not in KINDS:
            raise UsageError(
                _("--kind {kind!r}: the kinds are {kinds}").format(
                    kind=self.kind, kinds=", ".join(KINDS)
                )
            )
        if not 1 <= self.at_least <= 60:
            raise UsageError(_("--at-least must be 1…60"))
        if self.mode == "all" and self.at_least > 1:
            raise UsageError(_("--at-least counts cards of any of them, not with --all"))
        if len(self.names) > MAX_NAMES:
            raise UsageError(_("at most {n} --card names").format(n=MAX_NAMES))

    @property
    def asked(self) -> bool:
        return bool(self.names or self.role or self.kind)


@frozen
class Group:
    """One name of the asked cards: its copies in the main deck, how many keep a hand, and
    which lines of the main deck hold it."""

    name: str
    copies: int
    basic_copies: int
    lines: tuple[int, ...] = ()  # indices into the main deck's entries


def _matches(entry: Entry, key: str) -> bool:
    card = entry.card
    return key in (name_key(card.name), *(name_key(a) for a in card.aliases.values()))


def groups_of(ask: Ask, main: tuple[Entry, ...], fmt: FormatRules) -> list[Group]:
    """The asked cards of ``main``, one group a name (a named card not in the deck is a
    group of 0 copies: its odds are 0, and that is the answer)."""
    found: dict[str, list[int]] = {}
    labels = {name_key(n): n for n in ask.names}
    for name in ask.names:
        key = name_key(name)
        found.setdefault(key, [i for i, e in enumerate(main) if _matches(e, key)])
    taken = {index for lines in found.values() for index in lines}  # a card counts once
    if ask.role or ask.kind:
        for index, entry in enumerate(main):
            card = entry.card
            if index in taken or (ask.role and ask.role not in roles_of(card)):
                continue
            if ask.kind and not _of_kind(card, ask.kind):
                continue
            key = name_key(card.name, card.supertype)
            labels.setdefault(key, card.name)
            found.setdefault(key, []).append(index)
            taken.add(index)
    return [
        Group(
            labels[key],
            sum(main[i].count for i in lines),
            sum(main[i].count for i in lines if keeps_a_hand(main[i].card, fmt)),
            tuple(lines),
        )
        for key, lines in found.items()
    ]
