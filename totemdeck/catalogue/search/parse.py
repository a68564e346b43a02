"""Query text → a small syntax tree (``Node``), with errors that point at a character.

The grammar is ``grammar.lark`` (lark, LALR), compiled ahead of time into ``_grammar.py``
(``make grammar``: no lark import and no parser build at start-up); this module turns its
tree into the records of ``nodes`` and its exceptions into ``QuerySyntaxError``. A plain
query (no error) is read by hand instead (``reader``, held equal to lark's reading by a
test), so a cold search loads no parser tables. Which keys
exist and what their values mean is ``keys.py``'s business, so the grammar never changes for
a new key.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from typing import Any

from totemdeck.base.lazy import LazyPattern
from totemdeck.catalogue.names import fold
from totemdeck.catalogue.search.errors import (
    MAX_DEPTH,
    QuerySyntaxError,
    at_end,
    check_balance,
    unexpected,
)
from totemdeck.catalogue.search.nodes import And, Everything, Exact, Node, Not, Or, Term, Word
from totemdeck.catalogue.search.reader import read
from totemdeck.i18n import _

__all__ = ["MAX_DEPTH", "MAX_LENGTH", "MAX_TERMS", "Node", "QuerySyntaxError", "Term", "parse"]


MAX_LENGTH = 1000
MAX_TERMS = 50
# Words that are operators where an operator can stand; elsewhere they are an error.
_OPERATOR_WORDS = frozenset({"or", "and", "not"})


_KEY_OP = re.compile(r"([^\W\d]+)(<=|>=|!=|:|=|<|>)$")
# Control characters (a NUL ends a C string: SQLite's LIKE would read "%" and match every
# card) are never part of a query.
_CONTROL = LazyPattern(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_ESCAPE = LazyPattern(r"\\(.)")


@cache
def _generated() -> Any:
    """``_grammar.py`` (lark's standalone output: untyped, so it is used as ``Any``)."""
    return importlib.import_module("totemdeck.catalogue.search._grammar")


@cache
def _parser() -> Any:
    return _generated().Lark_StandAlone()


def parse(query: str) -> Node:
    """The syntax tree of ``query``, or ``QuerySyntaxError`` pointing at the problem."""
    if len(query) > MAX_LENGTH:
        raise QuerySyntaxError(
            _("the query has {count} characters; at most {limit} are read").format(
                count=len(query), limit=MAX_LENGTH
            ),
            MAX_LENGTH,
            query,
        )
    control = _CONTROL.search(query)
    if control:
        raise QuerySyntaxError(
            _("a control character ({code}) cannot be part of a query").format(
                code=f"U+{ord(control.group()):04X}"
            ),
            control.start(),
            query,
        )
    check_balance(query)
    node = read(query)  # a plain query, read by hand (``reader``); else lark's tables
    return _within_limit(query, _lark_parse(query) if node is None else node)


def _lark_parse(query: str) -> Node:
    """``query``'s tree from lark's tables, or the error at the character it fails on."""
    lark = _generated()
    try:
        tree = _parser().parse(query)
    except lark.UnexpectedCharacters as exc:
        raise unexpected(query, exc.pos_in_stream or 0) from None
    except lark.UnexpectedToken as exc:
        token = exc.token
        if token.type == "$END":
            raise at_end(query) from None
        raise unexpected(query, token.start_pos or 0, str(token)) from None
    except lark.UnexpectedEOF:
        raise at_end(query) from None
    try:
        node = _build(tree)
    except _MisplacedOperator as exc:
        raise QuerySyntaxError(
            _("{word!r} needs a term on each side").format(word=exc.word)
            if exc.word.casefold() != "not"
            else _("{word!r} needs a term after it").format(word=exc.word),
            exc.position,
            query,
        ) from None
    return node


def _within_limit(query: str, node: Node) -> Node:
    terms = _count(node)
    if terms > MAX_TERMS:
        raise QuerySyntaxError(
            _("the query has {count} terms; at most {limit} are read").format(
                count=terms, limit=MAX_TERMS
            ),
            0,
            query,
        )
    return node


def _text(token: Any) -> tuple[str, bool]:
    """A token's text without quotes and escapes, and whether it was quoted."""
    value = str(token)
    if value.startswith('"'):
        return _ESCAPE.sub(r"\1", value[1:-1]), True
    return value, False


def _build(tree: Any) -> Node:
    lark = _generated()

    if isinstance(tree, lark.Token):  # a lone bare word
        return _word(tree)
    assert isinstance(tree, lark.Tree)
    kind = tree.data
    kids = tree.children
    if kind == "query":
        return Everything()
    if kind == "or_expr":
        return Or(tuple(_build(k) for k in kids))
    if kind == "and_expr":
        return And(tuple(_build(k) for k in kids))
    if kind == "negate":
        return _negation(tree)
    if kind == "group":
        return _build(kids[1])
    if kind == "exact":
        mark, name = kids
        assert isinstance(mark, lark.Token) and isinstance(name, lark.Token)
        return Exact(_text(name)[0], mark.start_pos or 0)
    if kind == "term":
        key_op, value = kids
        assert isinstance(key_op, lark.Token) and isinstance(value, lark.Token)
        found = _KEY_OP.match(str(key_op))
        assert found is not None
        regex = value.type == "REGEX"
        text, quoted = (str(value)[1:-1], False) if regex else _text(value)
        return Term(
            fold(found.group(1)),  # keys ignore case and accents: ``año`` is ``ano``
            found.group(2),
            text,
            key_op.start_pos or 0,
            value.start_pos or 0,
            quoted,
            regex,
        )
    if kind == "word":
        token = kids[0]
        assert isinstance(token, lark.Token)
        return _word(token)
    if kind == "owned":  # `own:` (or `owned:`) alone: at least one copy
        token = kids[0]
        assert isinstance(token, lark.Token)
        start = token.start_pos or 0
        return Term("own", ":", "", start, start + len(str(token)), False, False)
    raise AssertionError(f"unexpected grammar rule {kind!r}")


class _MisplacedOperator(Exception):
    def __init__(self, word: str, position: int) -> None:
        self.word, self.position = word, position


def _word(token: Any) -> Word:
    """A bare word; ``or`` / ``and`` / ``not`` where no operator can stand are an error."""
    text, quoted = _text(token)
    if not quoted and text.casefold() in _OPERATOR_WORDS:
        raise _MisplacedOperator(text, token.start_pos or 0)
    return Word(text, token.start_pos or 0)


def _negation(tree: Any) -> Node:
    """A run of ``-`` / ``not`` (iteratively: 990 of them are no recursion); two cancel."""
    lark = _generated()

    signs = 0
    first = tree.children[0]
    node: Any = tree
    while isinstance(node, lark.Tree) and node.data == "negate":
        signs += 1
        node = node.children[1]
    inner = _build(node)
    while isinstance(inner, Not):  # "-(-a)" is "a" too
        signs += 1
        inner = inner.node
    assert isinstance(first, lark.Token)
    return Not(inner, first.start_pos or 0) if signs % 2 else inner


def _count(node: Node) -> int:
    if isinstance(node, And | Or):
        return sum(_count(n) for n in node.nodes)
    if isinstance(node, Not):
        return _count(node.node)
    if isinstance(node, Everything):
        return 0
    return 1
