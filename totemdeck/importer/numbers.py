"""Numbers a print's record leaves out, filled from where they are stated (pure).

FORMAT.md "Missing data is not zero": a Pokémon print whose record leaves its retreat cost
out takes it from its other source's record, else from the other prints of the same card
(same name, HP and attacks) when those that state one agree, else from what its own source
means by leaving it out (``CardSource.retreat_when_silent``: pokemon-tcg-data's way of
writing Retreat Cost 0); else it stays unknown (None), never 0. A BREAK prints no retreat
cost at all, which is not a number left out. Derived after each merge, like the merge.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from totemdeck.base.records import frozen
from totemdeck.catalogue.names import fold, name_key

__all__ = ["Fill", "NumberRow", "correct_stages", "names_to_check", "plan_fills", "same_card_key"]


@frozen
class NumberRow:
    """What the fill reads of one Pokémon print of the catalogue."""

    id: str
    source: str  # the source whose record this is
    name: str
    hp: int | None
    attacks: str  # the record's ``attacks`` as JSON
    stage: str | None
    retreat: int | None


@frozen
class Fill:
    """A number a print takes: ``origin`` is ``source:<name>`` (the other source's record,
    or the print's own source's convention) or ``print:<id>`` (another print of the card)."""

    card_id: str
    field: str
    value: int
    origin: str


def same_card_key(name: str, hp: int | None, attacks_json: str) -> tuple[object, ...]:
    """Prints that may be one card share this: the same name, HP and attack names."""
    return (name_key(name), hp, tuple(name for name, _cost in _attacks(attacks_json)))


def _attacks(attacks_json: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    attacks = json.loads(attacks_json or "[]")
    return tuple(sorted((fold(a.get("name", "")), tuple(a.get("cost") or ())) for a in attacks))


def _one_card(a: NumberRow, b: NumberRow) -> bool:
    """Same name, HP and attacks: each attack's cost the same, or left out by one record
    (a record that leaves a number out may leave costs out too: the trainer-kit Gyarados
    HS 20 has none; the My First Battle Magikarp's Splash costs {W}, not {C}: another card)."""
    return all(
        not ours or not theirs or ours == theirs
        for (_n, ours), (_m, theirs) in zip(_attacks(a.attacks), _attacks(b.attacks), strict=True)
    )


def plan_fills(
    rows: Iterable[NumberRow],
    twins: Mapping[str, tuple[str, int | None]],
    when_silent: Mapping[str, int | None],
) -> list[Fill]:
    """The retreat costs to fill. ``twins``: each matched print's other source and the
    retreat cost that source's record states (None: it leaves it out too); ``when_silent``:
    each source's ``retreat_when_silent``."""
    pokemon = [r for r in rows if r.stage != "BREAK"]
    stated: dict[str, int] = {r.id: r.retreat for r in pokemon if r.retreat is not None}
    fills: dict[str, Fill] = {}
    for row in pokemon:
        other, twin = twins.get(row.id, ("", None))
        if row.retreat is None and twin is not None:
            fills[row.id] = Fill(row.id, "retreat_cost", twin, f"source:{other}")
            stated[row.id] = twin
    by_card: dict[tuple[object, ...], list[NumberRow]] = {}
    for row in pokemon:
        by_card.setdefault(same_card_key(row.name, row.hp, row.attacks), []).append(row)
    for row in pokemon:
        if row.retreat is not None or row.id in fills:
            continue
        near = by_card[same_card_key(row.name, row.hp, row.attacks)]
        givers = sorted(o.id for o in near if o.id in stated and o != row and _one_card(row, o))
        values = {stated[i] for i in givers}
        if len(values) == 1:
            giver = givers[0]
            fills[row.id] = Fill(row.id, "retreat_cost", values.pop(), f"print:{giver}")
        elif when_silent.get(row.source) is not None:
            value = when_silent[row.source]
            assert value is not None
            fills[row.id] = Fill(row.id, "retreat_cost", value, f"source:{row.source}")
    return sorted(fills.values(), key=lambda f: f.card_id)


_EVOLUTION = ("Basic", "Stage 1", "Stage 2")


def names_to_check(added: Iterable[dict[str, Any]]) -> set[str]:
    """Names of added Pokémon printed with an evolution Stage (for ``correct_stages``)."""
    return {name_key(r["name"]) for r in added if r["supertype"] == "Pokémon" and r["stage"]
            in _EVOLUTION}  # fmt: skip


def correct_stages(added: list[dict[str, Any]], known: Mapping[str, Counter[str]]) -> int:
    """An added print (TCGdex-only) whose evolution Stage no print of its name carries,
    where at least 2 prints of the richer records (``known``: their Stages by name) all
    carry one other evolution Stage, takes theirs (the Blissey of McDonald's 2023 is
    "Stage 2" in TCGdex; every other Blissey is Stage 1): every print of one card has one
    cost column (issue 34 item 3). Returns how many it corrected."""
    corrected = 0
    for record in added:
        if record["supertype"] != "Pokémon" or record["stage"] not in _EVOLUTION:
            continue
        counted = known.get(name_key(record["name"])) or Counter()
        stages = set(counted)
        if len(stages) != 1 or sum(counted.values()) < 2 or not stages <= set(_EVOLUTION):
            continue
        (stage,) = stages
        if stage != record["stage"]:
            old = record["stage"]
            record["subtypes"] = [stage if s == old else s for s in record["subtypes"]]
            record["stage"] = stage
            record.setdefault("filled", {})["stage"] = "source:pokemontcg"
            corrected += 1
    return corrected
