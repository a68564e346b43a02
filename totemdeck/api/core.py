"""The core verbs: the rules in force, checking, a card, a Totem's numbers, the rules
reference — what ``totemdeck check``, ``totem``, ``card show`` and ``rules`` do.

Each verb takes plain values and returns result objects; the renderers in
``totemdeck.report`` turn those into text or JSON; the CLI only parses options.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist.model import Decklist
from totemdeck.errors import NotFound, UsageError
from totemdeck.findings.registry import REGISTRY, RuleDoc, by_code
from totemdeck.i18n import _
from totemdeck.rules.banlist import Banlist
from totemdeck.rules.engine import CheckedDeck, Checker
from totemdeck.rules.format import FormatRules, load_format
from totemdeck.rules.totem import TotemNumbers, why_not_totem

if TYPE_CHECKING:  # the audit loads with the one verb that needs it (``totem --all``)
    from totemdeck.rules.audit import TotemRow

__all__ = [
    "CardFacts",
    "RuleDoc",
    "TotemLookup",
    "UnknownRule",
    "card_facts",
    "explain_rules",
    "find_card",
    "load_rules",
    "lookup_totem",
    "make_checker",
    "pieces_of",
    "read_deck",
    "share_link_of",
    "totem_lookup",
    "totem_table",
]

PathLike = str | os.PathLike[str]


class RulesFileError(UsageError):
    """The banlist or format file a check would use is broken (exit 2: fix the input)."""


def load_rules(
    banlist: PathLike | None = None, format_file: PathLike | None = None
) -> tuple[Banlist, FormatRules]:
    """The banlist (default: ./banlist.yaml, else the installed one) and format parameters."""
    from totemdeck.api.banlists import banlist_in_force
    from totemdeck.errors import TotemdeckError
    from totemdeck.resources import default_banlist

    try:
        bans = banlist_in_force(banlist or default_banlist())
    except TotemdeckError as exc:
        from totemdeck.banlist import BanlistError

        if not isinstance(exc, BanlistError):
            raise
        raise RulesFileError(
            _("{problem} (run `totemdeck banlist check` for every problem)").format(problem=exc)
        ) from exc
    return bans, load_format(Path(format_file) if format_file else None)


def make_checker(
    catalogue: Catalogue,
    banlist: PathLike | None = None,
    format_file: PathLike | None = None,
    lang: str = "en",
) -> Checker:
    """A ``Checker`` with the banlist and format files a person chose (see ``load_rules``)."""
    bans, fmt = load_rules(banlist, format_file)
    return Checker(catalogue, fmt=fmt, banlist=bans, lang=lang)


def read_deck(source: str) -> Decklist:
    """The decklist ``source`` names: a file, ``-`` (standard input), a share link
    (``https://…/check?d=…``) or a bare share code; ``DecklistError`` / ``ShareCodeError``."""
    from totemdeck.decklist import read_decklist
    from totemdeck.sharecode import code_in, decode_decklist

    code = code_in(source) if source != "-" and not _is_file(source) else None
    if code is not None:
        return decode_decklist(code, "shared deck")
    return read_decklist(source)


def _is_file(path: str) -> bool:
    try:
        return Path(path).exists()
    except OSError:  # a name too long for a file (a share code is)
        return False


def share_link_of(checked: CheckedDeck, base_url: str | None = None) -> str | None:
    """The link (under ``base_url``, default ``TOTEMDECK_BASE_URL``) or, with no base, the
    code of a checked deck; None when the deck is too long for a link."""
    from totemdeck.sharecode import share_code, share_link

    code = share_code(checked)
    if code is None:
        return None
    base = base_url if base_url is not None else os.environ.get("TOTEMDECK_BASE_URL")
    return share_link(code, base) if base else code


def find_card(catalogue: Catalogue, card_id: str) -> Card:
    """The print with this id (either source's), or ``NotFound``."""
    card = catalogue.get(card_id)
    if card is None:
        raise NotFound(
            _("no card with id {id!r} (try `totemdeck card search NAME`)").format(id=card_id)
        )
    return card


def pieces_of(catalogue: Catalogue, card: Card, fmt: FormatRules) -> list[Card]:
    """The card, or one print of each half/piece (position) of its LEGEND / V-UNION."""
    from totemdeck.rules.pieces import CataloguePieces

    return CataloguePieces(catalogue, fmt).pieces(card)


def totem_table(
    catalogue: Catalogue, fmt: FormatRules | None = None, banlist: Banlist | None = None
) -> list[TotemRow]:
    """Every Pokémon print of the catalogue with its Totem numbers (``totem --all``)."""
    from totemdeck.rules.audit import totem_rows

    return list(totem_rows(Checker(catalogue, fmt=fmt, banlist=banlist)))


@dataclass(frozen=True, slots=True)
class TotemLookup:
    """One print asked about as a Totem: its numbers, or why it cannot be one."""

    card: Card
    numbers: TotemNumbers | None
    why_not: str | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "card": self.card.id,
            "label": self.card.label,
            "totem": self.numbers.as_dict(extended=True) if self.numbers else None,
            "why_not": self.why_not,
        }


def lookup_totem(
    catalogue: Catalogue, text: str, fmt: FormatRules | None = None
) -> list[TotemLookup]:
    """Every print ``text`` names (an id, ``NAME SET NUMBER`` or a name) as a Totem."""
    from totemdeck.decklist.parse import parse

    fmt = fmt or load_format()
    checker = Checker(catalogue, fmt=fmt)
    decklist = parse(f"1 {text}")
    if not decklist.lines:
        raise UsageError(
            _("cannot read {text!r} as a card id, 'NAME SET NUMBER' or a name").format(text=text)
        )
    resolved = checker.resolver.resolve_line(decklist.lines[0])
    if resolved.finding is not None:
        where = _("line {line}: {message}").format(line=1, message="")  # the one line read
        raise NotFound(resolved.finding.message.removeprefix(where))
    return [totem_lookup(checker, card) for card in resolved.candidates]


def totem_lookup(checker: Checker, card: Card) -> TotemLookup:
    """One print as a Totem under ``checker``'s format: its numbers, or why it cannot be one."""
    reason = why_not_totem(card)
    if reason:
        return TotemLookup(card, None, reason)
    return TotemLookup(card, checker.totem_numbers_of(card), None)


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the format makes of a print: its identity and, for a Pokémon, its Totem numbers;
    its role tags (``totemdeck.rules.roles``)."""

    identity: Sequence[str]
    totem: TotemNumbers | None
    roles: Sequence[str] = ()

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"identity": list(self.identity), "roles": list(self.roles)}
        if self.totem is not None:
            out["totem"] = self.totem.as_dict(extended=True)
        return out


def card_facts(catalogue: Catalogue, card: Card, fmt: FormatRules | None = None) -> CardFacts:
    from totemdeck.rules.roles import roles_of
    from totemdeck.rules.traits import identity_in_order

    fmt = fmt or load_format()
    colours = identity_in_order(card, fmt)
    numbers = Checker(catalogue, fmt=fmt).totem_numbers_of(card) if card.is_pokemon else None
    return CardFacts(colours, numbers, roles_of(card))


class UnknownRule(UsageError):
    """``totemdeck rules CODE`` with a code FORMAT.md does not have (exit 2)."""


def explain_rules(code: str | None = None) -> tuple[RuleDoc, ...]:
    """The format's rules as players read them: every code, or the one ``code`` names.

    An unknown code raises ``UnknownRule`` naming the closest code (codes are what reports
    print, so a near miss is a typo).
    """
    if code is None:
        return REGISTRY
    wanted = code.strip().lower()
    doc = by_code(wanted)
    if doc is None:
        from difflib import get_close_matches

        codes = [d.code for d in REGISTRY]
        closest = (get_close_matches(wanted, codes, n=1, cutoff=0.0) or codes[:1])[0]
        raise UnknownRule(
            _(
                "no rule has the code {code}; did you mean {closest}? (`totemdeck rules` "
                "lists every code)"
            ).format(code=repr(code), closest=closest)
        )
    return (doc,)
