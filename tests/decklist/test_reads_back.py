"""The catalogue reads itself back (issue 33, "Must show" 1).

Every distinct card name of the two-source catalogue written ``1 <name>``, and every print
written ``1 <name> <code> <number>`` under every code the catalogue knows for its set (the
PTCGL code, the set id, TCGdex's id, the aliases of ``set_codes.yaml``), must read as that
card: the print itself, or prints of that very name (a name-only line means them all). Never
silently as another card: a line read as another name must say so in a note (an upper-case
``EX`` names both the EX and the ex cards, FORMAT.md), and one that reads as nothing is a
finding, which a person sees. The counts are printed (``-s``) for the issue's report.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator

import pytest

from totemdeck.catalogue import Catalogue
from totemdeck.catalogue.model import Card, basic_energy_type
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import number_key
from totemdeck.decklist import Resolver, parse
from totemdeck.decklist.patterns import squeezed
from totemdeck.decklist.resolved import ResolvedLine
from totemdeck.decklist.setcodes import SetIndex

pytestmark = [
    pytest.mark.slow,
    pytest.mark.full_mirrors("every print of both mirrors (the whole catalogue reads itself back)"),
]
TODAY = dt.date(2026, 11, 30)
CHUNK = 2000  # lines a list: a deck's lookups are asked of the catalogue in a few queries


@pytest.fixture(scope="module")
def catalogue(full_catalogue: Catalogue) -> Catalogue:
    """Every print of both mirrors: the whole catalogue reads itself back (without ../shared these tests skip, saying so)."""
    return full_catalogue


def _codes(index: SetIndex) -> dict[str, list[str]]:
    """Set id → every code that reads as that set (as written in the catalogue's data)."""
    codes: dict[str, list[str]] = {}
    for code, sets in index.by_code.items():
        for card_set in sets:
            codes.setdefault(card_set.id, []).append(code)
    for card_set in {s for sets in index.by_code.values() for s in sets}:
        if card_set.ptcgl_code:  # as the client prints it: upper case
            codes[card_set.id].append(card_set.ptcgl_code)
    return codes


def _same_name(card: Card, other: Card) -> bool:
    """One card's name: the same key, or the same letters in the same case (a source's
    ``Tapu Lele GX`` is ``Tapu Lele-GX``); a basic Energy is its type (FORMAT.md)."""
    if card.is_basic_energy or other.is_basic_energy:
        both = card.is_basic_energy and other.is_basic_energy
        return both and basic_energy_type(card) == basic_energy_type(other)
    if name_key(card.name, card.supertype) == name_key(other.name, other.supertype):
        return True
    return squeezed(card.name, keep_case=True) == squeezed(other.name, keep_case=True)


def _same_print(card: Card, other: Card) -> bool:
    """One print: the same id, or the same name and number (a print each source files
    under its own set id: ``exu-A`` and ``ex10-A``)."""
    return card.id == other.id or (
        _same_name(card, other) and number_key(card.number) == number_key(other.number)
    )


def _judge(resolved: ResolvedLine, card: Card, exact: bool) -> str:
    """``read`` (as that card), ``loud`` (a finding), ``noted`` (another reading, said in a
    note) or ``silent`` (another card, no note: the one thing that must never happen)."""
    if resolved.finding is not None or not resolved.candidates:
        return "loud"
    mine = [c for c in resolved.candidates if _same_name(c, card)]
    if exact and all(_same_print(c, card) for c in resolved.candidates):
        return "read"
    if len(mine) == len(resolved.candidates) and (not exact or card in resolved.candidates):
        return "read"  # a name's prints; that print among its own name's (a shared code)
    return "noted" if resolved.note else "silent"


def _read_all(resolver: Resolver, written: list[tuple[str, Card, bool]]) -> Iterator[tuple]:
    for start in range(0, len(written), CHUNK):
        chunk = written[start : start + CHUNK]
        resolved = resolver.resolve(parse("".join(f"1 {text}\n" for text, _c, _e in chunk)))
        by_line = {r.line.line: r for r in resolved.lines}
        for number, (text, card, exact) in enumerate(chunk, start=1):
            found = by_line.get(number)
            verdict = "loud" if found is None else _judge(found, card, exact)
            yield text, card, exact, verdict, found


def test_the_catalogue_reads_itself_back(catalogue: Catalogue) -> None:
    resolver = Resolver(catalogue, today=TODAY)
    cards = list(catalogue.iter_cards())
    firsts: dict[str, Card] = {}
    for card in cards:
        firsts.setdefault(card.name, card)
    codes = _codes(resolver.sets)
    written = [(name, card, False) for name, card in sorted(firsts.items())]
    written += [
        (f"{card.name} {code} {card.number}", card, True)
        for card in cards
        for code in dict.fromkeys(codes.get(card.set.id, []))
    ]
    counts: Counter[tuple[bool, str]] = Counter()
    silent: list[str] = []
    loud: list[str] = []
    for text, card, exact, verdict, found in _read_all(resolver, written):
        counts[exact, verdict] += 1
        if verdict == "loud":
            loud.append(
                f"{text!r} ({card.id}): {found.finding.message if found and found.finding else ''}"
            )
        if verdict == "silent":
            got = ", ".join(c.id for c in found.candidates[:3]) if found else ""
            silent.append(f"{text!r} ({card.id}) read as {got}")
    print("\nreads back:", {f"{'print' if k[0] else 'name'} {k[1]}": v for k, v in counts.items()})
    print("loud (a finding a person sees):", *loud[:20], sep="\n  ")
    print("\n".join(silent[:200]))
    assert counts[False, "read"] > 4_000 and counts[True, "read"] > 40_000
    assert not silent, f"{len(silent)} silent misreads, e.g. {silent[:20]}"
