"""The Totem's numbers: cost-table column, Invocation Cost, Prize cards and identity."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from totemdeck.base.lazy import LazyPattern
from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card, in_type_order
from totemdeck.i18n import _
from totemdeck.i18n.terms import term
from totemdeck.rules.format import COLUMNS, FormatRules
from totemdeck.rules.traits import (
    identity,
    is_legend,
    is_v_union,
    printed_retreat_cost,
    prize_cards,
    retreat_unknown,
)

# The Stage most ordinary prints of a species carry ("Venusaur" → "Stage 2"); from the catalogue.
NormalStage = Callable[[str], str | None]

_MEGA_PREFIX = LazyPattern(r"^(?:M|Mega|Primal)\s+", re.IGNORECASE)
_EX_SUFFIX = LazyPattern(r"[-\s]?EX$", re.IGNORECASE)  # TCGdex: "Manectric-ex"
_LV_X = LazyPattern(r"\s*LV\.?\s*X$", re.IGNORECASE)
_BREAK = LazyPattern(r"\s*BREAK$")


@frozen
class TotemNumbers:
    """What a Totem sets for the game: its cost column, Invocation Cost, Prizes, identity."""

    id: str
    name: str
    cost_column: str
    invocation_cost: int
    prizes: int
    identity: tuple[str, ...]
    printed_stage: str | None
    retreat_cost: int | None
    retreat_unknown: bool = False  # no source states it: not Retreat Cost 0, nor "none printed"

    def as_dict(self, extended: bool = False) -> dict[str, Any]:
        """``totem`` of ``schemas/report.schema.json`` (``extended`` adds stage and retreat)."""
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "cost_column": self.cost_column,
            "invocation_cost": self.invocation_cost,
            "prizes": self.prizes,
            "identity": list(self.identity),
        }
        if extended:
            out["printed_stage"] = self.printed_stage
            out["retreat_cost"] = self.retreat_cost
            if self.retreat_unknown:
                out["retreat_unknown"] = True
        return out


def _one_above(column: str | None) -> str:
    index = COLUMNS.index(column) if column in COLUMNS else 0
    return COLUMNS[min(index + 1, len(COLUMNS) - 1)]


def _base_of_mega(card: Card) -> str:
    """M Venusaur-EX → Venusaur; Primal Kyogre-EX → Kyogre (from evolvesFrom when printed)."""
    base = card.evolves_from or _MEGA_PREFIX.sub("", card.name)
    return _EX_SUFFIX.sub("", base).strip()


def cost_column(card: Card, fmt: FormatRules, normal_stage: NormalStage) -> str:
    """Which column of the Totem cost table a Pokémon uses (FORMAT.md "The Totem's numbers")."""
    stage = card.stage
    if is_legend(card):
        return "Basic"
    if is_v_union(card):
        return "Stage 2"
    if stage == "Restored":
        return fmt.restored_column
    if stage in ("VMAX", "VSTAR"):
        return "Stage 1"
    if stage == "BREAK":
        return _one_above(normal_stage(card.evolves_from or _BREAK.sub("", card.name)))
    if stage == "Level-Up":
        return _one_above(normal_stage(card.evolves_from or _LV_X.sub("", card.name)))
    if stage == "MEGA":  # XY-era M Pokémon-EX and Primal Pokémon-EX; modern Mega ex print a Stage
        return _one_above(normal_stage(_base_of_mega(card)))
    if stage in COLUMNS:
        return stage
    return "Basic"


def why_not_totem(card: Card) -> str | None:
    """Why this print can never be a Totem, or None."""
    if not card.is_pokemon:
        return _("{name} is a {supertype} card; a Totem is a Pokémon").format(
            name=card.name, supertype=term(card.supertype)
        )
    return None


def _retreat(pieces: Sequence[Card]) -> int | None:
    """The Totem's printed Retreat Cost: a V-UNION prints it on one piece (others say 0)."""
    printed = [r for r in map(printed_retreat_cost, pieces) if r is not None]
    return max(printed) if printed else None


def totem_numbers(
    pieces: Sequence[Card], fmt: FormatRules, normal_stage: NormalStage
) -> TotemNumbers:
    """Numbers of a Totem made of ``pieces`` (1 card, 2 LEGEND halves or 4 V-UNION pieces)."""
    card = pieces[0]
    colours: set[str] = set()
    for piece in pieces:
        colours |= identity(piece, fmt)
    column = cost_column(card, fmt, normal_stage)
    return TotemNumbers(
        id=card.id,
        name=card.name,
        cost_column=column,
        invocation_cost=fmt.invocation_cost[column],
        prizes=max(prize_cards(piece) for piece in pieces),
        identity=in_type_order(colours),
        printed_stage=card.stage,
        retreat_cost=_retreat(pieces),
        retreat_unknown=_retreat(pieces) is None and any(map(retreat_unknown, pieces)),
    )
