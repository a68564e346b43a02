"""``totemdeck stats`` as text: one fact a line, percentages for the odds."""

from __future__ import annotations

from totemdeck.rules.engine import Report
from totemdeck.stats import HAND, DeckStats


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items()) or "none"


def render_stats(stats: DeckStats, report: Report) -> str:
    totem = report.totem_label or "no Totem"
    lines = [
        f"{report.deck}: {totem}; main deck {stats.deck_size} cards "
        f"({'legal' if report.legal else 'NOT LEGAL'})",
        f"  supertypes:        {_counts(stats.supertypes)}",
        f"  Pokémon by column: {_counts(stats.pokemon_by_column)}",
        f"  Pokémon by type:   {_counts(stats.pokemon_by_type)}",
        f"  Trainers by kind:  {_counts(stats.trainers_by_kind)}",
        f"  Energy:            {_counts(stats.energy_by_type)} "
        f"(basic {stats.energy_basic}, special {stats.energy_special})",
        f"  identity coverage: {_counts(stats.identity_coverage)}",
        f"  evolution lines:   {len(stats.evolution_lines['complete'])} complete, "
        f"{len(stats.evolution_lines['broken'])} broken",
    ]
    lines += [f"    broken: {x}" for x in stats.evolution_lines["broken"]]
    mulligans = (
        "never (no Basic Pokémon)"
        if stats.expected_mulligans is None
        else f"{stats.expected_mulligans:.2f}"
    )
    lines += [
        f"Opening hand ({HAND} cards), exact odds:",
        f"  at least one Basic Pokémon ({stats.basics} in deck): "
        f"{stats.p_basic_in_opening:.1%}; expected mulligans {mulligans}",
        f"  at least one Supporter ({stats.supporters} in deck): "
        f"{stats.p_supporter_in_opening:.1%}",
    ]
    if stats.card_odds:
        odds = stats.card_odds
        who = "going first" if odds["going_first"] else "going second"
        lines.append(
            f"  {odds['name']} ({odds['copies']} in deck) drawn by your turn {odds['turn']} "
            f"({who}, {odds['cards_seen']} cards seen): {odds['p_drawn']:.1%}"
        )
    return "\n".join(lines) + "\n"
