"""Query text → a small syntax tree (``Node``), with errors that point at a character.

The grammar is ``grammar.lark`` (lark, LALR); this module only turns lark's tree into the
dataclasses below and lark's exceptions into ``QuerySyntaxError``. Which keys exist and what
their values mean is ``keys.py``'s business, so the grammar never changes for a new key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from totemdeck.errors import UsageError
from totemdeck.i18n import _

if TYPE_CHECKING:
    from lark import Lark, Token, Tree

MAX_LENGTH = 1000
MAX_TERMS = 50


class QuerySyntaxError(UsageError):
    """A query that cannot be understood; ``position`` is the 0-based character it points at.

    A ``TotemdeckError`` (a ``UsageError``: exit 2) with a one-line message."""

    def __init__(self, message: str, position: int, query: str = "") -> None:
        shown = f"{query[:60]!r}{'…' if len(query) > 60 else ''}"
        super().__init__(
            _("search {query}, character {position}: {reason}").format(
                query=shown, position=position + 1, reason=message
            )
        )
        self.position = position
        self.reason = message


@dataclass(frozen=True, slots=True)
class Term:
    """``key op value``: ``hp>=100``, ``o:"draw 3 cards"``."""

    key: str
    op: str  # ":", "=", "!=", "<", "<=", ">", ">="
    value: str
    position: int  # of the key
    value_position: int
    quoted: bool


@dataclass(frozen=True, slots=True)
class Word:
    """A bare word or quoted phrase: part of a name."""

    text: str
    position: int


@dataclass(frozen=True, slots=True)
class Exact:
    """``!"Exact Name"``: the name, compared as FORMAT.md compares names."""

    name: str
    position: int


@dataclass(frozen=True, slots=True)
class Not:
    node: Node
    position: int


@dataclass(frozen=True, slots=True)
class And:
    nodes: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Or:
    nodes: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Everything:
    """The empty query: every card."""


Node = Term | Word | Exact | Not | And | Or | Everything

_KEY_OP = re.compile(r"([A-Za-z_]+)(<=|>=|!=|:|=|<|>)$")
_ESCAPE = re.compile(r"\\(.)")


@cache
def _parser() -> Lark:
    from lark import Lark

    grammar = resources.files(__package__).joinpath("grammar.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", maybe_placeholders=False, cache=True)


def parse(query: str) -> Node:
    """The syntax tree of ``query``, or ``QuerySyntaxError`` pointing at the problem."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if len(query) > MAX_LENGTH:
        raise QuerySyntaxError(
            _("the query has {count} characters; at most {limit} are read").format(
                count=len(query), limit=MAX_LENGTH
            ),
            MAX_LENGTH,
            query,
        )
    _check_balance(query)
    try:
        tree = _parser().parse(query)
    except UnexpectedCharacters as exc:
        raise _unexpected(query, exc.pos_in_stream or 0) from None
    except UnexpectedToken as exc:
        token = exc.token
        if token.type == "$END":
            raise _at_end(query) from None
        raise _unexpected(query, token.start_pos or 0, str(token)) from None
    except UnexpectedEOF:
        raise _at_end(query) from None
    node = _build(tree)
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


def _check_balance(query: str) -> None:
    """Unclosed quotes and unbalanced parentheses, named before lark sees them."""
    depth: list[int] = []
    in_quote: int | None = None
    escaped = False
    for i, ch in enumerate(query):
        if in_quote is not None:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_quote = None
            continue
        if ch == '"':
            in_quote = i
        elif ch == "(":
            depth.append(i)
        elif ch == ")":
            if not depth:
                raise QuerySyntaxError(_("this ')' closes no '('"), i, query)
            depth.pop()
    if in_quote is not None:
        raise QuerySyntaxError(_("this quote is never closed"), in_quote, query)
    if depth:
        raise QuerySyntaxError(_("this '(' is never closed"), depth[-1], query)


def _unexpected(query: str, position: int, text: str | None = None) -> QuerySyntaxError:
    shown = text if text is not None else query[position : position + 1]
    before = query[:position].rstrip()
    if before.endswith(("<", ">", "=", ":")) and _KEY_OP.search(before.split()[-1]):
        return QuerySyntaxError(
            _(
                "{text!r} cannot start a value after {term!r} "
                "(comparisons are : = != < <= > >=, then a value)"
            ).format(text=shown, term=before.split()[-1]),
            position,
            query,
        )
    if shown in ("-", "!"):
        return QuerySyntaxError(
            _("{text!r} must come right before a term").format(text=shown), position, query
        )
    if shown == "or" or shown.casefold() == "or":
        return QuerySyntaxError(_("'or' needs a term on each side"), position, query)
    if shown == "()":
        return QuerySyntaxError(_("empty parentheses"), position, query)
    return QuerySyntaxError(_("unexpected {text!r}").format(text=shown), position, query)


def _at_end(query: str) -> QuerySyntaxError:
    stripped = query.rstrip()
    last = stripped.split()[-1] if stripped.split() else ""
    position = max(len(stripped) - 1, 0)
    if _KEY_OP.search(last):
        return QuerySyntaxError(
            _("{term!r} needs a value after it").format(term=last), position, query
        )
    if last.casefold() == "or" or last in ("-", "!"):
        return QuerySyntaxError(
            _("{term!r} needs a term after it").format(term=last), len(stripped) - len(last), query
        )
    return QuerySyntaxError(_("the query ends too early"), position, query)


def _text(token: Token) -> tuple[str, bool]:
    """A token's text without quotes and escapes, and whether it was quoted."""
    value = str(token)
    if value.startswith('"'):
        return _ESCAPE.sub(r"\1", value[1:-1]), True
    return value, False


def _build(tree: Tree[Token] | Token) -> Node:
    from lark import Token, Tree

    if isinstance(tree, Token):  # a lone bare word
        text, _quoted = _text(tree)
        return Word(text, tree.start_pos or 0)
    assert isinstance(tree, Tree)
    kind = tree.data
    kids = tree.children
    if kind == "query":
        return Everything()
    if kind == "or_expr":
        return Or(tuple(_build(k) for k in kids))
    if kind == "and_expr":
        return And(tuple(_build(k) for k in kids))
    if kind == "negate":
        sign = kids[0]
        assert isinstance(sign, Token)
        return Not(_build(kids[1]), sign.start_pos or 0)
    if kind == "group":
        return _build(kids[1])
    if kind == "exact":
        mark, name = kids
        assert isinstance(mark, Token) and isinstance(name, Token)
        return Exact(_text(name)[0], mark.start_pos or 0)
    if kind == "term":
        key_op, value = kids
        assert isinstance(key_op, Token) and isinstance(value, Token)
        found = _KEY_OP.match(str(key_op))
        assert found is not None
        text, quoted = _text(value)
        return Term(
            found.group(1).casefold(),
            found.group(2),
            text,
            key_op.start_pos or 0,
            value.start_pos or 0,
            quoted,
        )
    if kind == "word":
        token = kids[0]
        assert isinstance(token, Token)
        return Word(_text(token)[0], token.start_pos or 0)
    raise AssertionError(f"unexpected grammar rule {kind!r}")


def _count(node: Node) -> int:
    if isinstance(node, And | Or):
        return sum(_count(n) for n in node.nodes)
    if isinstance(node, Not):
        return _count(node.node)
    if isinstance(node, Everything):
        return 0
    return 1
