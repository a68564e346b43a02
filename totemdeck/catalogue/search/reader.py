"""The plain queries read by hand, so a cold ``card search`` need not load lark's tables.

Loading ``_grammar.py`` (lark's runtime and LALR tables) and building its parser cost a cold
search ~6 ms, more than the rest of reading a query. ``read`` walks the same grammar
(``grammar.lark``) by recursive descent, with lark's own terminals tried in lark's order
among those the grammar allows at each point (its contextual lexer), and builds the same
``Node`` that ``parse`` builds from lark's tree. Whatever is not plain — any error, an
operator word where no operator can stand, a space that is not one of lark's — it declines
(None), and ``parse`` asks lark, so every message stays lark's reading. A hypothesis test
(tests/catalogue/search/test_reader.py) holds both readers equal on generated queries.
"""

from __future__ import annotations

import re

from totemdeck.base.lazy import LazyPattern
from totemdeck.catalogue.names import fold
from totemdeck.catalogue.search.nodes import And, Everything, Exact, Node, Not, Or, Term, Word

__all__ = ["read"]

# grammar.lark's terminals, in the order lark's lexer tries them (priority first), and its
# ignored spaces: one pattern for every point of the grammar. What may come next (lark's LALR
# states): a term's start; after a term, also "and", "or", ")" and the end; a key's value;
# an exact name. A terminal the grammar does not allow where it is met declines the query:
# where lark's lexer would have tried fewer terminals, only the first that matches differs.
_TOKEN = re.compile(
    r"(?P<WS>[ \t\f\r\n]+)"
    r"|(?P<REGEX>\/(?:[^\/\\]|\\.)+\/)"
    r"|(?P<OWN>(?i:own(?:ed)?:(?=[\s()]|$)))"
    r"|(?P<_AND>(?i:and(?=[\s()]|$)))"
    r"|(?P<NEG>(?i:-|not(?=[\s(])))"
    r"|(?P<_OR>(?i:or(?=[\s()]|$)))"
    r"|(?P<KEY_OP>[^\W\d_][^\W\d]*(?:<=|>=|!=|:|=|<|>))"
    r"|(?P<EXACT>!)"
    r'|(?P<QUOTED>"(?:[^"\\]|\\.)*")'
    r'|(?P<WORD>[^\s()"!:<>=-][^\s()":<>=]*)'
    r"|(?P<LPAR>\()"
    r"|(?P<RPAR>\))"
)
_START = frozenset({"OWN", "NEG", "KEY_OP", "EXACT", "QUOTED", "WORD", "LPAR"})
_AFTER = _START | {"_AND", "_OR", "RPAR"}
_VALUE = frozenset({"REGEX", "QUOTED", "WORD"})
_EXACT_NAME = frozenset({"QUOTED", "WORD"})
_OPERATOR_WORDS = frozenset({"or", "and", "not"})
_ESCAPE = LazyPattern(r"\\(.)")

Token = tuple[str, str, int]  # kind, text, start


class _Decline(Exception):  # not an error: lark reads this query instead
    """This query is not plain: lark reads it."""


def read(query: str) -> Node | None:
    """``query``'s tree as ``parse`` builds it, or None when lark must read it."""
    if any(ch.isspace() and ch not in " \t\f\r\n" for ch in query):
        return None  # lark's WORD ends at any space, its WS skips only these
    walk = _Walk(query)
    try:
        first = walk.token(_START)
        if first[0] == "$END":
            return Everything()
        node = walk.or_expr(first)
    except _Decline:
        return None
    return node if walk.look[0] == "$END" else None


class _Walk:
    """One query's tokens, lexed as the grammar goes (``look``: the token after a term)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.look: Token = ("$END", "", 0)

    def token(self, allowed: frozenset[str]) -> Token:
        found = _TOKEN.match(self.text, self.at)
        if found is not None and found.lastgroup == "WS":
            self.at = found.end()
            found = _TOKEN.match(self.text, self.at)
        if self.at == len(self.text):
            return ("$END", "", self.at)
        if found is None or found.lastgroup not in allowed:
            raise _Decline
        self.at = found.end()
        return (found.lastgroup, found.group(), found.start())

    def or_expr(self, first: Token) -> Node:
        parts = [self.and_expr(first)]
        while self.look[0] == "_OR":
            parts.append(self.and_expr(self.token(_START)))
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def and_expr(self, first: Token) -> Node:
        parts = [self.unary(first)]
        while self.look[0] in _START or self.look[0] == "_AND":
            parts.append(self.unary(self.token(_START) if self.look[0] == "_AND" else self.look))
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def unary(self, token: Token) -> Node:
        """A run of ``-`` / ``not`` before a term: two cancel (``parse._negation``)."""
        signs, first = 0, token[2]
        while token[0] == "NEG":
            signs += 1
            token = self.token(_START)
        inner = self.atom(token)
        if not signs:
            return inner
        while isinstance(inner, Not):
            signs += 1
            inner = inner.node
        return Not(inner, first) if signs % 2 else inner

    def atom(self, token: Token) -> Node:
        kind, text, start = token
        node: Node
        if kind == "LPAR":
            node = self.or_expr(self.token(_START))
            if self.look[0] != "RPAR":
                raise _Decline
        elif kind == "EXACT":
            name = self.token(_EXACT_NAME)
            if name[0] == "$END":
                raise _Decline
            node = Exact(_text(name[1])[0], start)
        elif kind == "KEY_OP":
            node = self._term(text, start, self.token(_VALUE))
        elif kind == "OWN":
            node = Term("own", ":", "", start, start + len(text), False, False)
        elif kind in ("QUOTED", "WORD"):
            word, quoted = _text(text)
            if not quoted and word.casefold() in _OPERATOR_WORDS:
                raise _Decline  # lark's reading says where an operator is missing its term
            node = Word(word, start)
        else:
            raise _Decline
        self.look = self.token(_AFTER)
        return node

    @staticmethod
    def _term(key_op: str, start: int, value: Token) -> Term:
        kind, text, at = value
        if kind == "$END":
            raise _Decline
        split = -2 if key_op.endswith(("<=", ">=", "!=")) else -1  # a key holds no operator
        regex = kind == "REGEX"
        shown, quoted = (text[1:-1], False) if regex else _text(text)
        return Term(fold(key_op[:split]), key_op[split:], shown, start, at, quoted, regex)


def _text(token: str) -> tuple[str, bool]:
    """A token's text without quotes and escapes, and whether it was quoted."""
    if token.startswith('"'):
        return _ESCAPE.sub(r"\1", token[1:-1]), True
    return token, False
