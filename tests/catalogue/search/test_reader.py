"""The hand-written reader of plain queries (``reader.read``) against lark's tables: on
generated queries, whatever the reader reads, lark reads to the same tree; whatever it
declines, ``parse`` answers as lark alone does (the same tree, or the same message at the
same character). The grammar stays lark's: ``make grammar``'s test still holds the tables
to grammar.lark, and lark reads every query the reader declines."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totemdeck.catalogue.search import parse as parsing
from totemdeck.catalogue.search.errors import check_balance
from totemdeck.catalogue.search.nodes import Node
from totemdeck.catalogue.search.parse import QuerySyntaxError
from totemdeck.catalogue.search.reader import read

# Pieces of the language, the awkward ones too: operator words in every case and where no
# operator can stand, keys with every operator, accents, regexes with spaces and slashes,
# escapes in quotes, own:/owned: alone and with a value, characters no term may start with.
PIECES = [
    "pika", "Char", "é", "año:1999", "t:item", "hp>=100", "hp<=", "hp!=9", "hp=", "hp<", "x>y",
    "or", "OR", "Or", "and", "AND", "not", "NOT", "nothing", "orbeetle", "android", "-", "--",
    "(", ")", "!", '"a b"', '"x\\"y"', '""', "o:", "name:", "/a b/", "/^p/", "/a\\/b/", "/", "own:",
    "owned:", "own:2", "own>=1", "Own:", ":", "=", "<", ">", "a1:", "_x:", "x_y:", "not(", "-(",
    "x!y", "a-b", "\\", "1", "or(", "and)", "!x", '!"Ultra Ball"', "not:x", "or:x", "and:y",
]  # fmt: skip
SPACES = ["", " ", "  ", "\t", "\n", "\xa0", "\u2003"]

PIECED = st.lists(st.tuples(st.sampled_from(PIECES), st.sampled_from(SPACES)), max_size=12).map(
    lambda pairs: "".join(piece + space for piece, space in pairs)
)
LOOSE = st.text(alphabet='aonrdtbé1 -()!":<>=/\\\t\n_', max_size=24)


def _lark(query: str) -> Node | tuple[str, int]:
    """What ``parse`` answered before the reader: lark's tree, or its error."""
    try:
        return parsing._within_limit(query, parsing._lark_parse(query))
    except QuerySyntaxError as exc:
        return (str(exc), exc.position)


def _parsed(query: str) -> Node | tuple[str, int]:
    try:
        return parsing.parse(query)
    except QuerySyntaxError as exc:
        return (str(exc), exc.position)


def _balanced(query: str) -> bool:
    try:
        check_balance(query)
    except QuerySyntaxError:
        return False
    return True


@given(st.one_of(PIECED, LOOSE))
def test_the_reader_and_lark_read_every_query_alike(query: str) -> None:
    if not _balanced(query):  # refused before either reader sees it
        return
    expected = _lark(query)
    mine = read(query)
    if mine is not None:  # read by hand: lark reads it, to the same tree
        assert mine == expected, query
    assert _parsed(query) == expected, query


@pytest.mark.parametrize(
    "query",
    [
        "",
        "t:supporter",
        "totem:sv3-125 t:supporter",
        'o:"draw 3 cards" -is:banned',
        "(t:item or t:tool) and hp>=100 not is:ex",
        "name:/^pika/ own: owned:",
        '!"Ultra Ball" - - -x',
        "-(-a) orbeetle nothing android",
        "año=1999 Pokémon",
        "a\tb\nc",
    ],
)
def test_the_reader_reads_the_plain_queries_lark_reads_alike(query: str) -> None:
    """The reader declines no plain query (else a cold search would load lark's tables)."""
    node = read(query)
    assert node is not None
    assert node == _lark(query)


@pytest.mark.parametrize(
    "query",
    ["or a", "a and", "not", "a or or b", "()", "hp>=-1", "a\xa0b", "!", "t:", "x:(a)", "a ) b"],
)
def test_the_reader_declines_what_lark_refuses_or_reads_otherwise(query: str) -> None:
    assert read(query) is None


def test_a_plain_search_loads_no_parser_tables() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from totemdeck.catalogue.search.parse import parse;"
        "parse('hp>=1 -(a or b) o:\"x y\" name:/^p/');"
        "print('totemdeck.catalogue.search._grammar' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
