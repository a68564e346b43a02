"""The batched look-ups a deck's resolving starts with answer what the one-at-a-time ones
answer, in the same order, in one query."""

from __future__ import annotations

from pathlib import Path

import pytest

from totemdeck.catalogue.read import Catalogue

pytestmark = pytest.mark.full_mirrors(
    "the whole catalogue's index (a prefetch of thousands of keys)"
)

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
        assert sum("JOIN cards c INDEXED BY" in q for q in queries) == 1  # one for all


def test_a_long_prefetch_reads_the_index_never_the_whole_table(full_catalogue_dir: Path) -> None:
    """Issue 36 (W15, a 20,000-line collection): past a few dozen keys SQLite chose to build
    an automatic index over every card for each chunk of 400 (0.15 s a chunk). The plan of
    the query as it ran searches the set-and-number index."""
    with _fresh(full_catalogue_dir) as catalogue:
        keys = catalogue._db.execute(
            "SELECT set_id, number_key FROM cards ORDER BY id LIMIT 400"
        ).fetchall()
        queries: list[str] = []
        catalogue._db.set_trace_callback(queries.append)
        catalogue.prefetch_set_numbers(keys)
        catalogue._db.set_trace_callback(None)
        [query] = [q for q in queries if "WITH wanted" in q]
        plan = " ".join(row[3] for row in catalogue._db.execute("EXPLAIN QUERY PLAN " + query))
        assert "USING INDEX cards_set_number" in plan, plan
        assert "AUTOMATIC" not in plan, plan


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
