"""The query parser: the tree it builds, and for any text either a tree or a clear error."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from totemdeck.catalogue.search.compile import check_keys, explain
from totemdeck.catalogue.search.parse import (
    MAX_LENGTH,
    And,
    Everything,
    Exact,
    Not,
    Or,
    QuerySyntaxError,
    Term,
    Word,
    parse,
)


@pytest.mark.parametrize(
    ("query", "tree"),
    [
        ("pikachu", Word("pikachu", 0)),
        ("", Everything()),
        ("   ", Everything()),
        ('"charizard ex"', Word("charizard ex", 0)),
        ('!"Boss\'s Orders"', Exact("Boss's Orders", 0)),
        ("!Iono", Exact("Iono", 0)),
        ("hp>=100", Term("hp", ">=", "100", 0, 4, False)),
        ('o:"say \\"hi\\""', Term("o", ":", 'say "hi"', 0, 2, True)),
        ("HP<3", Term("hp", "<", "3", 0, 3, False)),
        ("-t:item", Not(Term("t", ":", "item", 1, 3, False), 0)),
        ("a b", And((Word("a", 0), Word("b", 2)))),
        ("a or b", Or((Word("a", 0), Word("b", 5)))),
        ("a OR b c", Or((Word("a", 0), And((Word("b", 5), Word("c", 7)))))),
        ("(a or b) c", And((Or((Word("a", 1), Word("b", 6))), Word("c", 9)))),
        ("-(a or b)", Not(Or((Word("a", 2), Word("b", 7))), 0)),
        ("orbeetle", Word("orbeetle", 0)),
        ("ho-oh", Word("ho-oh", 0)),
        ("id<=RD", Term("id", "<=", "RD", 0, 4, False)),
        ("released>=2023-03", Term("released", ">=", "2023-03", 0, 10, False)),
        ("100%", Word("100%", 0)),
    ],
)
def test_trees(query: str, tree: object) -> None:
    assert parse(query) == tree


QUERY_TEXT = st.text(
    alphabet=st.sampled_from(list('abhpto:=<>!-()" \\%_éR0123456789 or')), max_size=40
) | st.text(max_size=60)


@example("C:0")  # hypothesis found it: a bad value was a bare BadValue from explain
@given(QUERY_TEXT)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_text_parses_or_gives_a_located_one_line_error(text: str) -> None:
    try:
        node = parse(text)
        check_keys(node, text)
        how = explain(node, text)  # a value no key takes ("C:0") is located here too
    except QuerySyntaxError as exc:
        assert 0 <= exc.position <= max(len(text), MAX_LENGTH)
        assert "\n" not in str(exc) and f"character {exc.position + 1}" in str(exc)
        assert exc.exit_code == 2
    else:
        assert isinstance(how, str)


@given(st.text(min_size=MAX_LENGTH + 1, max_size=MAX_LENGTH + 50))
@settings(max_examples=20, deadline=None)
def test_over_long_queries_are_refused(text: str) -> None:
    with pytest.raises(QuerySyntaxError, match="at most 1000"):
        parse(text)


def test_the_generated_parser_is_the_grammars() -> None:
    """``_grammar.py`` (``make grammar``) was generated from today's grammar.lark."""
    import hashlib
    from pathlib import Path

    folder = Path(__file__).resolve().parents[3] / "totemdeck" / "catalogue" / "search"
    digest = hashlib.sha256((folder / "grammar.lark").read_bytes()).hexdigest()
    head = (folder / "_grammar.py").read_text(encoding="utf-8")[:300]
    assert f"grammar-sha256: {digest}" in head, "run `make grammar`"


def test_a_search_imports_no_lark() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from totemdeck.catalogue.search.parse import parse; parse('hp>=1 -(a or b)'); "
        "print(any(m == 'lark' or m.startswith('lark.') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
