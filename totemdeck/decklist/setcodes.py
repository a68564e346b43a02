"""Which sets a code in a decklist means, and which print a number there means.

Codes are not unique: a main set shares its code with its subset (BRS with TG…, CRZ with
GG…, SHF with SV…, CEL with the Classic Collection). The number decides: by its prefix, or
by the export habit of numbering subset cards after the main set (BRS 187 = BRS TG01).
Promo numbers come bare or prefixed (PR-SW 68 = SWSH068).
"""

from __future__ import annotations

import re
from dataclasses import field
from functools import cache, partial
from typing import Any
from urllib.parse import unquote

from totemdeck.base.records import frozen
from totemdeck.base.resources import packaged_text
from totemdeck.catalogue.model import Card, CardSet
from totemdeck.catalogue.read import Catalogue

_DIGITS = re.compile(r"^(?P<prefix>[A-Za-z]*+)-?(?P<digits>\d++)(?P<suffix>[A-Za-z]?)$")


@cache
def set_code_data() -> dict[str, Any]:
    """``totemdeck/data/set_codes.yaml``: aliases, Energy pseudo-sets, Pocket codes."""
    from totemdeck.files.datacache import recall, remember

    text = packaged_text("set_codes.yaml")
    data = recall("set_codes", text)  # as parsed last time, for this very text
    if not isinstance(data, dict):
        import yaml

        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        remember("set_codes", text, data)
    return dict(data)


@frozen
class SetIndex:
    """Folded set code → the sets it can mean, main set first."""

    by_code: dict[str, tuple[CardSet, ...]]
    energy_pseudo_sets: frozenset[str]
    energy_order: tuple[str, ...]
    pocket_codes: frozenset[str]
    promo_sets: dict[str, CardSet]
    client_sets: dict[str, tuple[CardSet, ...]] = field(default_factory=dict)

    @classmethod
    def build(cls, catalogue: Catalogue) -> SetIndex:
        sets = catalogue.sets()
        data = set_code_data()
        by_code: dict[str, list[CardSet]] = {}
        for card_set in sets.values():
            for code in {card_set.id, card_set.ptcgl_code}:
                if code:
                    by_code.setdefault(code.casefold(), []).append(card_set)
        other_sources = catalogue.set_aliases().items()  # TCGdex's ids: sv03 → sv3
        for code, set_ids in [*(data.get("aliases") or {}).items(), *other_sources]:
            extra = [sets[i] for i in set_ids if i in sets]
            known = by_code.setdefault(str(code).casefold(), [])
            known += [s for s in extra if s not in known]
        _add_stray_sets(catalogue, by_code)
        ordered = {
            code: tuple(sorted(found, key=partial(_main_first, code=code)))
            for code, found in by_code.items()
        }
        promos = {
            str(prefix).casefold(): sets[set_id]
            for prefix, set_id in (data.get("promo_number_prefixes") or {}).items()
            if set_id in sets
        }
        clients = {
            str(code).casefold(): tuple(sets[i] for i in set_ids if i in sets)
            for code, set_ids in (data.get("client_codes") or {}).items()
        }
        return cls(
            client_sets=clients,
            by_code=ordered,
            energy_pseudo_sets=frozenset(c.casefold() for c in data["energy_pseudo_sets"]),
            energy_order=tuple(data["energy_order"]),
            pocket_codes=frozenset(c.casefold() for c in data["pocket_set_codes"]),
            promo_sets=promos,
        )

    def sets_for(self, code: str) -> tuple[CardSet, ...]:
        return self.by_code.get(code.casefold(), ())

    def read_code(self, code: str, number: str) -> tuple[tuple[CardSet, ...], str]:
        """The sets a written code means and the number to look for there.

        Beyond the code itself: written with a space (``SV 11B``), or as a main set's code
        plus its subset's prefix (``LOR-TG 24`` = LOR TG24).
        """
        sets = self.sets_for(code)
        if sets or not code:
            return sets, number
        squeezed = self.sets_for(code.replace(" ", ""))
        if squeezed:
            return squeezed, number
        main, _, prefix = code.replace(" ", "-").rpartition("-")
        if main and prefix.isalpha() and len(prefix) <= 3 and number.isdigit():
            subsets = self.sets_for(main)
            if subsets:
                return subsets, f"{prefix.upper()}{number}"
        return (), number

    def client_sets_for(self, code: str) -> tuple[CardSet, ...]:
        """The sets another client meant by ``code`` (PTCGO's ``SSP``: the SWSH promos)."""
        return self.client_sets.get(code.casefold(), ())

    def promo_set_for(self, number: str) -> CardSet | None:
        """The promo set a prefixed promo number names (``SWSH154`` → SWSH promos)."""
        parts = _DIGITS.match(number)
        if not parts or not parts.group("prefix"):
            return None
        return self.promo_sets.get(parts.group("prefix").casefold())

    def is_energy_pseudo_set(self, code: str) -> bool:
        return code.casefold() in self.energy_pseudo_sets

    def is_pocket(self, code: str) -> bool:
        return code.casefold() in self.pocket_codes


def _add_stray_sets(catalogue: Catalogue, by_code: dict[str, list[CardSet]]) -> None:
    """A print another source files under its own id for a set (TCGdex's ``cel25cc`` for
    the Classic Collection ``cel25c``, when the two sources name the print differently) is
    looked for under every code of the set that id is aliased to."""
    known = catalogue.sets()
    aliases = catalogue.set_aliases()
    firsts = catalogue.first_prints(alias for alias in aliases if alias not in known)
    for alias, set_ids in aliases.items():
        if alias in known or alias not in firsts:
            continue
        stray = firsts[alias].set
        targets = {known[i] for i in set_ids if i in known}
        for found in by_code.values():
            if stray not in found and any(t in found for t in targets):
                found.append(stray)


def _main_first(card_set: CardSet, code: str) -> tuple[object, ...]:
    """Sort key: oldest first; on a release day, the set that prints the code leads (HIF's
    main set before its Shiny Vault), then the shorter id (swsh9 before swsh9tg)."""
    prints_code = (card_set.ptcgl_code or "").casefold() == code
    return (card_set.release_date, not prints_code, len(card_set.id), card_set.id)


def find_number(catalogue: Catalogue, sets: tuple[CardSet, ...], number: str) -> list[Card]:
    """The prints numbered ``number`` in any of ``sets`` (a code's main set and subsets)."""
    # "%3F" is Unown [?]'s "?" as a URL escapes it (TCGdex's ids, older exports of totemdeck)
    spellings = (number, unquote(number)) if "%" in number else (number,)
    for card_set in sets:
        for spelling in spellings:
            found = catalogue.by_set_number(card_set.id, spelling)
            if found:
                return found
    parts = _DIGITS.match(number)
    if not parts:
        return []
    digits = parts.group("digits")
    if not parts.group("prefix"):
        for card_set in sets:  # bare promo numbers: PR-SW 68 = SWSH068
            found = catalogue.by_set_number_tail(card_set.id, digits)
            if found:
                return found
        main = sets[0]
        if len(sets) > 1 and main.total and int(digits) > main.total:
            overflow = str(int(digits) - main.total)  # BRS 187 = TG01 (main set has 186 cards)
            for subset in sets[1:]:
                found = catalogue.by_set_number_tail(subset.id, overflow)
                if found:
                    return found
    else:  # a prefixed number written without its zero padding or with a dash: SWSH-68
        for card_set in sets:
            found = catalogue.by_set_number(card_set.id, parts.group("prefix") + digits)
            if found:
                return found
    return []
