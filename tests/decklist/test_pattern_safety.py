"""Every module-level pattern of the readers is linear on any line the limits allow (issue
44, N17: ``_IN_PARENS`` made a run of 80,000 spaces cost 10.9 s).

The proof is by the pattern's shape, not by a clock: Python's ``re`` backtracks, and it can
only go quadratic (or worse) where a repeat without bound may give characters back to
something after it, or where a search restarts inside a run such a repeat has already
scanned. So every unbounded repeat of a reader's pattern must be possessive (``*+``, ``++``:
it never gives back), or bounded (``{0,300}``: a constant factor); and a pattern that is not
anchored at the start must not open with a repeat a lookbehind does not stop from starting
again inside its own run. Each pattern is then fed the worst strings of its class (runs of
spaces, ``(``, digits, ``x``, ``-``...) at the largest size a 1 MB file allows: a pattern of
this shape answers them in one pass (``bench/bench_patterns.py`` holds the n vs 4n ratios).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import re._constants as sre
import re._parser as sre_parse
from typing import Any

import pytest

import totemdeck.decklist
from totemdeck.base.lazy import LazyPattern

# Readers' modules: every decklist module, and the name rules every line goes through.
MODULES = sorted(
    [f"totemdeck.decklist.{m.name}" for m in pkgutil.iter_modules(totemdeck.decklist.__path__)]
    + ["totemdeck.catalogue.names"]
)
LARGEST = 900_000  # characters of one line in a 1 MB file (totemdeck.decklist.read's limit)
RUNS = [" ", "(", "0", "x", "-", ".", "a", "A", "\t", "/", "*", "#", "é", "( ", "x ", "1 "]
# A sample of every kind of character a line holds, to see which a node can match.
ALPHABET = " \t\n(),-./:;#*[]!?%_0123456789aeEXxZé★◇δ【】'\"&+"


def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    found = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for attribute, value in vars(module).items():
            values = value if isinstance(value, tuple) else (value,)
            for item in values:
                if isinstance(item, LazyPattern):
                    item = item.compiled
                if isinstance(item, re.Pattern):
                    found.append((f"{module_name}.{attribute}", item))
    return found


PATTERNS = _patterns()


def _chars(items: Any, flags: int) -> set[str]:
    """The sample characters the first position of ``items`` can match."""
    matched: set[str] = set()
    for op, arg in items:
        if op in (sre.ASSERT, sre.ASSERT_NOT, sre.AT):
            continue
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            matched |= _chars(arg[2], flags)
            if arg[0] > 0:
                return matched
            continue
        if op is sre.SUBPATTERN:
            return matched | _chars(arg[3], flags)
        if op is sre.ATOMIC_GROUP:
            return matched | _chars(arg, flags)
        if op is sre.BRANCH:
            return matched | {c for branch in arg[1] for c in _chars(branch, flags)}
        return matched | {c for c in ALPHABET if _one_matches(op, arg, c, flags)}
    return matched


def _one_matches(op: Any, arg: Any, char: str, flags: int) -> bool:
    """Whether one node (a literal, a class, any) matches ``char``."""
    folded = {char, char.lower(), char.upper()} if flags & re.IGNORECASE else {char}
    code = {ord(c) for c in folded}
    if op is sre.LITERAL:
        return arg in code
    if op is sre.NOT_LITERAL:
        return arg not in code
    if op is sre.ANY:
        return char != "\n" or bool(flags & re.DOTALL)
    if op is sre.IN:
        negate = arg[:1] == [(sre.NEGATE, None)]
        hit = any(_in_item(kind, value, c) for kind, value in arg for c in code)
        return hit != negate
    return True  # anything else (a back-reference): assume the worst


def _in_item(kind: Any, value: Any, code: int) -> bool:
    char = chr(code)
    if kind is sre.LITERAL:
        return value == code
    if kind is sre.RANGE:
        return value[0] <= code <= value[1]
    if kind is sre.CATEGORY:
        probe = {
            sre.CATEGORY_DIGIT: r"\d", sre.CATEGORY_NOT_DIGIT: r"\D",
            sre.CATEGORY_SPACE: r"\s", sre.CATEGORY_NOT_SPACE: r"\S",
            sre.CATEGORY_WORD: r"\w", sre.CATEGORY_NOT_WORD: r"\W",
        }.get(value)  # fmt: skip
        return probe is None or re.fullmatch(probe, char) is not None
    return False


def hazards(pattern: re.Pattern[str]) -> list[str]:
    """What in ``pattern``'s shape could make it super-linear (empty: it is linear)."""
    tree = sre_parse.parse(pattern.pattern, pattern.flags & ~re.UNICODE)
    found: list[str] = []
    _walk(list(tree), pattern.flags, found)
    items = [item for item in tree if item[0] is not sre.SUBPATTERN or item[1][3]]
    if items and items[0] != (sre.AT, sre.AT_BEGINNING):
        _unanchored_start(list(tree), pattern.flags, found)
    return found


def _walk(items: list[Any], flags: int, found: list[str]) -> None:
    for op, arg in items:
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and arg[1] is sre.MAXREPEAT:
            found.append(
                f"an unbounded repeat that backtracks over {sorted(_chars(arg[2], flags))[:8]}"
            )
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            _walk(list(arg[2]), flags, found)
        elif op is sre.SUBPATTERN:
            _walk(list(arg[3]), flags, found)
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            _walk(list(arg[1]), flags, found)
        elif op is sre.ATOMIC_GROUP:
            _walk(list(arg), flags, found)
        elif op is sre.BRANCH:
            for branch in arg[1]:
                _walk(list(branch), flags, found)


def _unanchored_start(items: list[Any], flags: int, found: list[str]) -> None:
    """A search restarts at every position: a leading repeat must not start again inside
    the run it scanned (a lookbehind of other characters stops it)."""
    behind: set[str] | None = None
    for op, arg in items:
        if op is sre.ASSERT and arg[0] == -1:
            behind = _last_chars(list(arg[1]), flags)
            continue
        if op is sre.ASSERT_NOT and arg[0] == -1:
            behind = set(ALPHABET) - _chars(list(arg[1]), flags)
            continue
        if op is sre.SUBPATTERN:
            _unanchored_start(list(arg[3]), flags, found)
            return
        if (
            op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)
            and arg[1] is sre.MAXREPEAT
        ):
            run = _chars(arg[2], flags)
            if behind is None or behind & run:
                found.append(f"a search that starts again inside a run of {sorted(run)[:8]}")
        return


def _last_chars(items: list[Any], flags: int) -> set[str]:
    """The characters a lookbehind's last position matches."""
    return _chars(items[-1:], flags) if items else set(ALPHABET)


@pytest.mark.parametrize(("where", "pattern"), PATTERNS, ids=[w for w, _p in PATTERNS])
def test_every_reader_pattern_is_linear_by_its_shape(where: str, pattern: re.Pattern[str]) -> None:
    assert not hazards(pattern), f"{where} {pattern.pattern!r}: {hazards(pattern)}"


@pytest.mark.parametrize(("where", "pattern"), PATTERNS, ids=[w for w, _p in PATTERNS])
def test_every_reader_pattern_answers_the_worst_lines_at_the_largest_size(
    where: str, pattern: re.Pattern[str]
) -> None:
    if hazards(pattern):
        pytest.fail(f"{where} is not linear by its shape: not fed a {LARGEST:,}-character line")
    for run in RUNS:
        text = "1 Iono" + run * (LARGEST // len(run)) + "x"
        pattern.search(text)
        pattern.match(text)
        pattern.fullmatch(text)


def test_the_checker_of_shapes_finds_the_quadratic_patterns() -> None:
    """The shapes that were quadratic are found: issue 44's ``\\s+\\(`` searched, a lazy
    name before optional spaces, a greedy run before the same run."""
    assert hazards(re.compile(r"\s+\((?P<p>[A-Z]{1,3} \S{1,8})\)$"))
    assert hazards(re.compile(r"^(?P<label>[^\d]+?)\s*(?:-\s*(?P<a>\d{1,6}))\s*$"))
    assert hazards(re.compile(r"^(?:a+)+$"))
    assert not hazards(re.compile(r"^(?P<label>[^\d]{1,60}?)\s{0,40}-\s{0,40}\d{1,6}$"))
    assert not hazards(re.compile(r"(?<!\s)\s++\("))
    assert len(PATTERNS) >= 40  # the readers' patterns were all found
