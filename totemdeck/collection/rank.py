"""Which Totems a collection can build: every possible Totem ranked by how many distinct
legal main-deck cards of the collection fit its identity.

Work is linear: the collection's cards are sorted once into groups by what decides whether
they fit (identity bits, Colorless-restricted or not, ACE SPEC / Radiant / ★, which allow one
each), and each Totem counts groups, not cards. Totems that judge alike (same name,
identity, Retreat 0 or not, cost column) are ranked once, under their newest print.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.search.index import FLAG_BITS, TYPE_BITS, type_bits
from totemdeck.catalogue.totems import TotemFact, totem_facts
from totemdeck.collection.model import Collection
from totemdeck.collection.owned import judged_as
from totemdeck.rules.deck import RuleContext
from totemdeck.rules.fit import kinds
from totemdeck.rules.traits import (
    colorless_restricted,
    identity,
)

__all__ = ["TotemRank", "rank_totems"]

_PARTS = {FLAG_BITS["LEGEND"]: 2, FLAG_BITS["V-UNION"]: 4}


@frozen
class TotemRank:
    """One possible Totem and what the collection gives a deck under it."""

    card_id: str
    fitting: int  # distinct legal main-deck cards of the collection within its identity
    basic_energy: int  # owned basic Energy of its types
    main_size: int  # 99, 98 (LEGEND) or 96 (V-UNION)
    owned: bool  # the collection holds the Totem itself

    @property
    def shortfall(self) -> int:
        """Cards still needed for a full main deck (0: the collection can fill one)."""
        return max(0, self.main_size - self.fitting - self.basic_energy)

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.card_id,
            "fitting": self.fitting,
            "basic_energy": self.basic_energy,
            "main_size": self.main_size,
            "shortfall": self.shortfall,
            "owned": self.owned,
        }


def _kind(card: Card) -> str | None:
    """The one-of kind a card counts as (ACE SPEC, Radiant, ★; the first, as Build counts)."""
    return next(iter(kinds(card)), None)


@frozen
class _Group:
    """The prints of one name as the ranking sees them: their identities and kind."""

    masks: frozenset[tuple[int, bool]]  # (identity bits, Colorless-restricted) of its prints
    kind: str | None

    def fits(self, totem_mask: int, retreat_zero: bool) -> bool:
        return any(
            mask & ~totem_mask == 0 and not (restricted and retreat_zero)
            for mask, restricted in self.masks
        )


class _Owned:
    """The collection sorted for ranking: name groups, basic Energy by type, owned names."""

    def __init__(self, collection: Collection, ctx: RuleContext) -> None:
        by_name: dict[str, set[tuple[int, bool]]] = defaultdict(set)
        kinds: dict[str, str | None] = {}
        self.energy: Counter[int] = Counter()
        self.names: set[str] = set()
        self.prints: dict[str, list[Card]] = defaultdict(list)  # owned prints by name
        for holding in collection.holdings:
            if holding.energy_type is not None:
                self.energy[TYPE_BITS[holding.energy_type]] += holding.count
                continue
            for card in holding.candidates:
                key = name_key(card.name, card.supertype)
                self.names.add(key)
                self.prints[key].append(card)
                if ctx.banlist.match(card) is not None:
                    continue
                restricted = colorless_restricted(card, ctx.fmt)
                by_name[key].add((type_bits(identity(card, ctx.fmt)), restricted))
                kinds[key] = _kind(card)
        groups: Counter[_Group] = Counter()
        for key, masks in by_name.items():
            groups[_Group(frozenset(masks), kinds[key])] += 1
        self.groups = groups
        self._memo: dict[tuple[int, bool], tuple[int, frozenset[str]]] = {}
        self.by_name = {k: _Group(frozenset(m), kinds[k]) for k, m in by_name.items()}

    def _fitting(self, mask: int, retreat_zero: bool) -> tuple[int, frozenset[str]]:
        """(plain names that fit, the one-of kinds that fit): Totems share a few masks."""
        known = self._memo.get((mask, retreat_zero))
        if known is None:
            plain = 0
            limited: set[str] = set()
            for group, names in self.groups.items():
                if group.fits(mask, retreat_zero):
                    if group.kind is None:
                        plain += names
                    else:
                        limited.add(group.kind)
            known = self._memo[(mask, retreat_zero)] = (plain, frozenset(limited))
        return known

    def fitting(self, fact: TotemFact) -> int:
        # a BREAK prints no retreat cost at all: that is not Retreat Cost 0 (FORMAT.md)
        retreat_zero = fact.retreat == 0 and not fact.flags & FLAG_BITS["BREAK"]
        plain, limited = self._fitting(fact.identity, retreat_zero)
        own = self.by_name.get(fact.name_key)  # the Totem's name cannot be in its main deck
        if own is not None and own.kind is None and own.fits(fact.identity, retreat_zero):
            plain -= 1
        return plain + len(limited)

    def basic_energy(self, mask: int) -> int:
        return sum(n for bits, n in self.energy.items() if bits & mask)


def _alike(facts: Iterable[TotemFact]) -> list[TotemFact]:
    seen: set[tuple[object, ...]] = set()
    kept = []
    for fact in facts:  # newest first
        key = (fact.name_key, fact.identity, fact.retreat == 0, fact.cost_column, fact.flags)
        if key not in seen:
            seen.add(key)
            kept.append(fact)
    return kept


def rank_totems(
    catalogue: Catalogue,
    collection: Collection,
    ctx: RuleContext,
    best: int = 20,
    owned_only: bool = False,
) -> list[TotemRank]:
    """The ``best`` Totems for this collection: most fitting cards first, then the
    smallest shortfall; banned Totems are left out."""
    owned = _Owned(collection, ctx)

    def holds(fact: TotemFact) -> bool:  # a print of that name that judges alike
        if fact.name_key not in owned.names:
            return False
        card = catalogue.get(fact.card_id)
        key = judged_as(card, ctx) if card is not None else None
        return any(judged_as(c, ctx) == key for c in owned.prints[fact.name_key])

    ranked = []
    for fact in _alike(totem_facts(catalogue)):
        is_owned = holds(fact)
        if owned_only and not is_owned:
            continue
        parts = next((n for bit, n in _PARTS.items() if fact.flags & bit), 1)
        ranked.append(
            TotemRank(
                fact.card_id,
                owned.fitting(fact),
                owned.basic_energy(fact.identity),
                100 - parts,
                is_owned,
            )
        )
    ranked.sort(key=lambda r: (-r.fitting, r.shortfall, r.card_id))
    chosen: list[TotemRank] = []
    for rank in ranked:
        card = catalogue.get(rank.card_id)
        if card is not None and ctx.banlist.match(card) is None:
            chosen.append(rank)
        if len(chosen) >= best:
            break
    return chosen
