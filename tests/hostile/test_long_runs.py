"""N17 (issue 44): a line made of a run of spaces (or of ``(``, digits, ``x``) is read in one
pass. 80,000 spaces cost 10.9 s of CPU before (``_IN_PARENS`` searched ``\\s+\\(`` from every
space); the 900,000 a 1 MB file allows would have taken about 23 minutes. The shape of every
reader pattern is held linear by ``tests/decklist/test_pattern_safety.py``; here the whole
reader meets the worst lines at the largest size and says what it read."""

from __future__ import annotations

import pytest

from totemdeck.decklist import parse

LARGEST = 900_000


@pytest.mark.parametrize("run", [" ", "(", "0", "x", " (", "- "])
def test_a_line_of_one_long_run_is_read(run: str) -> None:
    line = "1 Iono" + run * (LARGEST // len(run)) + "x"
    deck = parse(line + "\n1 Iono PAL 185\n")
    assert [x.line for x in deck.lines][-1] == 2  # the line after it is read too
    read = [x for x in deck.lines if x.line == 1]
    assert read or [p.line for p in deck.problems] == [1]  # a card or a problem, said


def test_the_spaces_of_issue_44_read_as_one_name() -> None:
    [line] = parse("1 Iono" + " " * 80_000 + "x").lines
    assert line.count == 1 and line.name == "Iono x"
