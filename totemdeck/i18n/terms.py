"""The game's words that arrive as data (types, supertypes, stages, Trainer kinds), shown
in the current language with the official Spanish card terms (TCGdex's Spanish cards).

``term("Fire")`` → ``Fuego`` in Spanish; a value the table does not know is shown as it is
(card data may grow new subtypes before this table does).
"""

from __future__ import annotations

from collections.abc import Iterable

from totemdeck.i18n import N_, _

# Each value as the catalogue spells it (pokemontcg.io), marked for translation.
TERMS: dict[str, str] = {
    # energy types
    "Grass": N_("Grass"),
    "Fire": N_("Fire"),
    "Water": N_("Water"),
    "Lightning": N_("Lightning"),
    "Psychic": N_("Psychic"),
    "Fighting": N_("Fighting"),
    "Darkness": N_("Darkness"),
    "Metal": N_("Metal"),
    "Fairy": N_("Fairy"),
    "Dragon": N_("Dragon"),
    "Colorless": N_("Colorless"),
    # supertypes
    "Pokémon": N_("Pokémon"),
    "Trainer": N_("Trainer"),
    "Energy": N_("Energy"),
    # stages and cost-table columns
    "Basic": N_("Basic"),
    "Stage 1": N_("Stage 1"),
    "Stage 2": N_("Stage 2"),
    "Stage 3": N_("Stage 3"),
    "Restored": N_("Restored"),
    # printed stages with their own Spanish names (TCGdex's Spanish cards)
    "VSTAR": N_("VSTAR"),
    "V-UNION": N_("V-UNION"),
    "BREAK": N_("BREAK"),
    "LEGEND": N_("LEGEND"),
    # Trainer kinds
    "Supporter": N_("Supporter"),
    "Item": N_("Item"),
    "Pokémon Tool": N_("Pokémon Tool"),
    "Stadium": N_("Stadium"),
    "Technical Machine": N_("Technical Machine"),
    # Energy kinds
    "Special": N_("Special"),
    "Other": N_("Other"),
}


def term(value: str) -> str:
    """A data value (``Fire``, ``Stage 2``, ``Supporter``) in the current language."""
    known = TERMS.get(value)
    return _(known) if known is not None else value


def terms(values: Iterable[str], separator: str = ", ") -> str:
    """Several data values in the current language, joined."""
    return separator.join(term(v) for v in values)
