"""``deck_stats``: a deck's numbers for ``totemdeck stats`` and the Stats page — its make-up,
the odds of a kept opening hand, the Invocation turn, and (asked) a goldfish of dealt games.

Every odds figure is of a *kept* hand (mulligans redrawn), with one draw a turn for every
player, the first included (FORMAT.md "Turns, for odds and a goldfish"); ``odds`` holds the
maths. The Totem waits in the Totem Zone, so it is not in the deck the odds are drawn from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from totemdeck.base.errors import UsageError
from totemdeck.catalogue.model import ENERGY_TYPES
from totemdeck.i18n import _
from totemdeck.rules.deck import Entry
from totemdeck.rules.engine import CheckedDeck
from totemdeck.rules.format import COLUMNS, FormatRules
from totemdeck.stats.composition import Tally, evolution_lines
from totemdeck.stats.goldfish import Goldfish, goldfish
from totemdeck.stats.invocation import KNOCK_OUTS, TURNS, invocation_curves
from totemdeck.stats.odds import MAX_ALL_OF, Deal, mulligan_chances, p_all_of, p_at_least
from totemdeck.stats.target import Ask, Group, groups_of, keeps_a_hand

CURVE_TURNS = 16  # the asked cards' curve: turns 0…15
Dealt = tuple[bool, bool, int]


@dataclass(slots=True)
class DeckStats:
    """A deck's numbers for the Stats page and ``totemdeck stats``: its make-up and its draws."""

    deck_size: int
    supertypes: dict[str, int]
    pokemon_by_column: dict[str, int]
    pokemon_by_type: dict[str, int]
    trainers_by_kind: dict[str, int]
    energy_by_type: dict[str, int]
    energy_basic: int
    energy_special: int
    evolution_lines: dict[str, list[str]]  # "complete"/"broken" → Pokémon names
    identity_coverage: dict[str, int]
    basics: int
    supporters: int
    p_basic_in_opening: float  # one 7-card attempt holds a Basic (the hand is kept)
    expected_mulligans: float | None
    p_supporter_in_opening: float | None  # in a kept hand; None: no hand can be kept
    keepers: int = 0  # Basics plus Trainers played as Basics
    mulligans: tuple[float, float, float] | None = None  # P(0, 1, 2+ mulligans)
    deal: Deal = field(default_factory=lambda: Deal(0, 0))
    card_odds: dict[str, Any] = field(default_factory=dict)
    roles: dict[str, int] = field(default_factory=dict)  # role tag → cards, most first
    invocation: dict[str, Any] | None = None
    goldfish: Goldfish | None = None
    games_asked: int = 0  # --goldfish N; no game is dealt when no hand can be kept

    def as_dict(self) -> dict[str, Any]:
        """The object of ``schemas/stats.schema.json``."""
        return {
            "deck_size": self.deck_size,
            "supertypes": self.supertypes,
            "pokemon_by_column": self.pokemon_by_column,
            "pokemon_by_type": self.pokemon_by_type,
            "trainers_by_kind": self.trainers_by_kind,
            "energy": {
                "by_type": self.energy_by_type,
                "basic": self.energy_basic,
                "special": self.energy_special,
            },
            "evolution_lines": self.evolution_lines,
            "identity_coverage": self.identity_coverage,
            "roles": self.roles,
            "odds": self._odds(),
            "invocation": self.invocation,
            **({"goldfish": self._goldfish()} if self.goldfish else {}),
        }

    def _odds(self) -> dict[str, Any]:
        return {
            "model": {
                "hand": self.deal.hand,
                "prizes": self.deal.prizes,
                "first_player_draws": self.deal.first_draws,
            },
            "basic_pokemon": self.basics,
            "keep_cards": self.keepers,
            "p_basic_in_opening_hand": round(self.p_basic_in_opening, 6),
            "expected_mulligans": _rounded(self.expected_mulligans),
            "mulligans": (
                None
                if self.mulligans is None
                else dict(zip(("0", "1", "2+"), (round(p, 6) for p in self.mulligans), strict=True))
            ),
            "supporters": self.supporters,
            "p_supporter_in_opening_hand": _rounded(self.p_supporter_in_opening),
            **({"card": self.card_odds} if self.card_odds else {}),
        }

    def _goldfish(self) -> dict[str, Any]:
        assert self.goldfish is not None
        data = self.goldfish.as_dict()
        base = self.invocation["base_cost"] if self.invocation else 0
        for curve in data["invocation"]:
            curve["knock_outs"] = curve["cost"] - base
        return data


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def _chance(deal: Deal, groups: list[Group], ask: Ask, turn: int) -> float:
    if ask.mode == "all":
        return p_all_of(deal, [(g.copies, g.basic_copies) for g in groups], turn)
    copies = sum(g.copies for g in groups)
    basics = sum(g.basic_copies for g in groups)
    return p_at_least(deal, copies, basics, ask.at_least, turn)


def _card_odds(deal: Deal, groups: list[Group], ask: Ask, turn: int, first: bool) -> dict[str, Any]:
    """How likely the asked cards are seen by ``turn`` in a kept hand's game, and the curve."""
    if ask.mode == "all" and len(groups) > MAX_ALL_OF:
        raise UsageError(_("--all takes at most {n} cards").format(n=MAX_ALL_OF))
    kept = deal.p_kept > 0
    return {
        "name": ", ".join(g.name for g in groups) if ask.names and not ask.role else _label(ask),
        "names": [g.name for g in groups],
        "role": ask.role,
        "kind": ask.kind,
        "mode": ask.mode,
        "at_least": ask.at_least,
        "copies": sum(g.copies for g in groups),
        "turn": turn,
        "going_first": first,
        "cards_seen": deal.seen(turn),
        "p_drawn": round(_chance(deal, groups, ask, turn), 6) if kept else None,
        "curve": [round(_chance(deal, groups, ask, t), 6) for t in range(CURVE_TURNS)]
        if kept
        else [],
    }


def _label(ask: Ask) -> str:
    """``role:draw Supporter`` — the asked role and kind as the query says them."""
    parts = [
        *ask.names,
        *([f"role:{ask.role}"] if ask.role else []),
        *([ask.kind] if ask.kind else []),
    ]
    return " ".join(parts)


def _invocation(checked: CheckedDeck, deal: Deal, energy: int) -> dict[str, Any] | None:
    totem = checked.report.totem
    if totem is None or deal.p_kept <= 0:
        return None
    base = totem.invocation_cost
    curves = invocation_curves(deal, energy, [base + k for k in range(KNOCK_OUTS + 1)])
    return {
        "totem": totem.name,
        "base_cost": base,
        "energy": energy,
        "turns": list(range(1, TURNS + 1)),
        "curves": [
            {"knock_outs": k, "cost": base + k, "by_turn": [round(p, 6) for p in curves[base + k]]}
            for k in range(KNOCK_OUTS + 1)
        ],
    }


def _physical(main: tuple[Entry, ...], groups: list[Group], fmt: FormatRules) -> list[Dealt]:
    """One ``(keeps a hand, is Energy, target group or -1)`` a card, for the goldfish."""
    group_of = {line: g for g, group in enumerate(groups) for line in group.lines}
    cards: list[Dealt] = []
    for line, entry in enumerate(main):
        kind = (keeps_a_hand(entry.card, fmt), entry.card.is_energy, group_of.get(line, -1))
        cards += [kind] * entry.count
    return cards


def deck_stats(
    checked: CheckedDeck,
    *,
    ask: Ask | None = None,
    card_name: str | None = None,
    turn: int = 1,
    going_first: bool = False,
    games: int | None = None,
    seed: int = 0,
) -> DeckStats:
    """Everything ``totemdeck stats`` shows, from a checked deck (by the context it was
    judged with). ``card_name`` asks one card (``ask`` asks anything else); ``games`` deals
    a goldfish of that many games from ``seed``."""
    ctx = checked.ctx
    main = checked.deck.main
    size = sum(e.count for e in main)
    t = Tally()
    for entry in main:
        t.add(entry.card, entry.count, ctx)
    fmt = ctx.fmt
    deal = Deal(
        size, t.keepers, fmt.opening_hand, fmt.starting_prizes, fmt.first_player_draws, going_first
    )
    p_kept = deal.p_kept
    energy = t.basic_energy + t.special_energy
    stats = DeckStats(
        deck_size=size,
        supertypes=dict(t.supertypes),
        pokemon_by_column={c: t.by_column[c] for c in COLUMNS if t.by_column[c]},
        pokemon_by_type=dict(t.by_type.most_common()),
        trainers_by_kind=dict(t.kinds.most_common()),
        energy_by_type={k: t.energy[k] for k in (*ENERGY_TYPES, "Special", "?") if t.energy[k]},
        energy_basic=t.basic_energy,
        energy_special=t.special_energy,
        evolution_lines=evolution_lines(main),
        identity_coverage={k: t.coverage[k] for k in ENERGY_TYPES if t.coverage[k]},
        basics=t.basics,
        supporters=t.supporters,
        p_basic_in_opening=p_kept,
        # Each mulligan is a fresh 7: the number of mulligans is geometric.
        expected_mulligans=(1 - p_kept) / p_kept if p_kept > 0 else None,
        p_supporter_in_opening=_supporters(deal, main, ctx.fmt) if p_kept > 0 else None,
        keepers=t.keepers,
        mulligans=mulligan_chances(deal),
        deal=deal,
        roles=dict(t.roles.most_common()),
        invocation=_invocation(checked, deal, energy),
    )
    ask = ask or (Ask(names=(card_name,)) if card_name else None)
    groups = groups_of(ask, main, ctx.fmt) if ask and ask.asked else []
    if ask and ask.asked:
        stats.card_odds = _card_odds(deal, groups, ask, turn, going_first)
    if games:
        stats.games_asked = games
        stats.goldfish = _goldfish(stats, main, groups, ask, games, seed, ctx.fmt)
    return stats


def _supporters(deal: Deal, main: tuple[Entry, ...], fmt: FormatRules) -> float:
    """A Supporter in a kept hand (a Supporter never keeps a hand by itself)."""
    groups = groups_of(Ask(kind="Supporter"), main, fmt)
    return p_at_least(deal, sum(g.copies for g in groups), 0, 1, 0)


def _goldfish(
    stats: DeckStats,
    main: tuple[Entry, ...],
    groups: list[Group],
    ask: Ask | None,
    games: int,
    seed: int,
    fmt: FormatRules,
) -> Goldfish | None:
    base = stats.invocation["base_cost"] if stats.invocation else None
    costs = [base + k for k in range(KNOCK_OUTS + 1)] if base is not None else []
    target = None
    if ask and ask.asked:
        target = (ask.mode, ask.at_least, len(groups))
    return goldfish(
        stats.deal, _physical(main, groups, fmt), games=games, seed=seed, costs=costs,
        target=target,
    )  # fmt: skip
