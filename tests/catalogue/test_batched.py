"""The batched look-ups a deck's resolving starts with answer what the one-at-a-time ones
answer, in the same order, in one query."""

from __future__ import annotations

from pathlib import Path

from totemdeck.catalogue.read import Catalogue

# Set and number as decks write them: padded, lower case, subset prefixes, one that is not there
WANTED = [
    ("sv3", "125"),
    ("sv3", "0125"),
    ("swsh12pt5", "GG35"),
    ("swsh12pt5gg", "gg35"),
    ("base1", "4"),
    ("sm115", "SV49"),
    ("sv3", "999"),
    ("no-such-set", "1"),
]


def _fresh(folder: Path) -> Catalogue:
    return Catalogue.open(folder)


def test_prefetched_numbers_are_the_lookups_own(catalogue_dir: Path) -> None:
    with _fresh(catalogue_dir) as one_by_one, _fresh(catalogue_dir) as batched:
        expected = [[c.id for c in one_by_one.by_set_number(s, n)] for s, n in WANTED]
        queries: list[str] = []
        batched._db.set_trace_callback(queries.append)
        batched.prefetch_set_numbers(WANTED)
        asked = len(queries)
        got = [[c.id for c in batched.by_set_number(s, n)] for s, n in WANTED]
        assert got == expected
        assert any(expected) and [] in expected  # found and not found alike
        assert len(queries) == asked  # every answer came from memory
        assert sum("JOIN cards c ON c.set_id" in q for q in queries) == 1  # one for all


def test_first_prints_carry_each_sets_record(catalogue_dir: Path) -> None:
    with _fresh(catalogue_dir) as cat:
        set_ids = ["sv3", "base1", "no-such-set", "cel25c"]
        firsts = cat.first_prints(set_ids)
        assert "no-such-set" not in firsts
        for set_id in set_ids:
            held = cat.in_set(set_id)
            assert (firsts[set_id].set if set_id in firsts else None) == (
                held[0].set if held else None
            )
