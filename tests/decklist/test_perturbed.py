"""Real lines written the ways players write them never change the card read silently
(issue 33, "Must show" 2): case, spacing, bullets, ``x4``, ``/total``, the set's name for its
code, accents left off. Each perturbed line reads as the same prints, or says in a note how
it was read, or is a finding a person sees."""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import Resolver, parse

pytestmark = pytest.mark.full_mirrors(
    "the real lines of tests/decklists/, which name cards of every set"
)


@pytest.fixture(scope="module")
def catalogue(full_catalogue: Catalogue) -> Catalogue:
    """Every print of both mirrors: the perturbed lines are real lines of every set (without ../shared these skip, saying so)."""
    return full_catalogue


CORPUS = Path(__file__).parent.parent / "decklists"
# Real lines of the corpus (their lists' files): Pokémon TCG Live, PTCGO and a friend's
# message, with names that hold accents, apostrophes, ex and V, and basic Energy.
LISTS = ["ptcgl-en-2023-charizard.txt", "ptcgo-2019-pikarom.txt", "limitless-2022-mew.txt"]


def _real_lines() -> list[str]:
    lines = []
    for name in LISTS:
        for line in (CORPUS / name).read_text(encoding="utf-8").splitlines():
            if line[:1].isdigit() or line.startswith("* "):
                lines.append(line.removeprefix("* "))
    return lines


LINES = _real_lines()


@pytest.fixture(scope="module")
def resolver(catalogue: Catalogue) -> Resolver:
    return Resolver(catalogue, today=dt.date(2026, 11, 30))


@pytest.fixture(scope="module")
def full_resolver(full_catalogue: Catalogue) -> Resolver:
    return Resolver(full_catalogue, today=dt.date(2026, 11, 30))


def _words(line: str) -> tuple[str, list[str]]:
    count, _space, rest = line.partition(" ")
    return count, rest.split()


def _spacing(line: str) -> str:
    count, words = _words(line)
    return f"  {count}   {'  '.join(words)}\t"


def _bullet(line: str) -> str:
    return f"- {line}"


def _count_after(line: str) -> str:
    count, words = _words(line)
    return f"{' '.join(words)} x{count}"


def _count_x(line: str) -> str:
    count, words = _words(line)
    return f"{count}x {' '.join(words)}"


def _accents_off(line: str) -> str:
    decomposed = unicodedata.normalize("NFKD", line)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _lower(line: str) -> str:
    return line.lower()


def _upper(line: str) -> str:
    return line.upper()


PERTURBATIONS: list[Callable[[str], str]] = [
    _spacing, _bullet, _count_after, _count_x, _accents_off, _lower, _upper,
]  # fmt: skip


def _print_forms(resolver: Resolver, line: str) -> list[str]:
    """The line with its number as ``N/total`` and with its set's name for its code."""
    count, words = _words(line)
    if len(words) < 3 or not words[-1].isdigit():
        return []
    sets = resolver.sets.sets_for(words[-2])
    if not sets:
        return []
    main = sets[0]
    name = " ".join(words[:-2])
    forms = [f"{count} {name} {main.name} {words[-1]}"]
    if main.printed_total:
        forms.append(f"{count} {name} {words[-2]} {words[-1]}/{main.printed_total}")
    return forms


def _read(resolver: Resolver, text: str) -> tuple[frozenset[str], str | None, bool]:
    deck = parse(text)
    if deck.problems or len(deck.lines) != 1:
        return frozenset(), None, True  # a problem a person sees
    resolved = resolver.resolve_line(deck.lines[0])
    loud = resolved.finding is not None
    return frozenset(c.id for c in resolved.candidates), resolved.note, loud


def _never_silently_another(resolver: Resolver, line: str, changed: str) -> None:
    ids, _note, loud = _read(resolver, line)
    assert ids and not loud, f"the real line {line!r} reads"
    other, note, other_loud = _read(resolver, changed)
    assert other == ids or note or other_loud, (
        f"{changed!r} silently reads as {sorted(other)[:3]}, {line!r} as {sorted(ids)[:3]}"
    )


@settings(max_examples=300)
@given(
    line=st.sampled_from(LINES),
    steps=st.lists(st.sampled_from(PERTURBATIONS), min_size=1, max_size=3, unique=True),
)
def test_a_perturbed_real_line_never_reads_as_another_card_silently(
    full_resolver: Resolver, line: str, steps: list[Callable[[str], str]]
) -> None:
    resolver = full_resolver  # the real lines name cards of every set
    changed = line
    for step in steps:
        if step in (_count_after, _count_x) and not changed.lstrip()[:1].isdigit():
            continue  # a count moves once
        changed = step(changed)
    _never_silently_another(resolver, line, changed)


@pytest.mark.parametrize("line", [x for x in LINES if x.split()[-1].isdigit()])
def test_a_set_name_or_a_total_reads_as_the_same_print(resolver: Resolver, line: str) -> None:
    for form in _print_forms(resolver, line):
        _never_silently_another(resolver, line, form)
        _ids, _note, loud = _read(resolver, form)
        assert not loud, form
