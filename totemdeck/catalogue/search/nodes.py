"""The query's syntax tree: what both readers of the grammar (``parse``: lark's tables for
every query, ``reader``: by hand for the plain ones) build, and what ``compile`` turns into SQL."""

from __future__ import annotations

from totemdeck.base.records import frozen

__all__ = ["And", "Everything", "Exact", "Node", "Not", "Or", "Term", "Word"]


@frozen
class Term:
    """``key op value``: ``hp>=100``, ``o:"draw 3 cards"``."""

    key: str
    op: str  # ":", "=", "!=", "<", "<=", ">", ">="
    value: str
    position: int  # of the key
    value_position: int
    quoted: bool
    regex: bool = False  # ``name:/…/``: the value is a regular expression


@frozen
class Word:
    """A bare word or quoted phrase: part of a name."""

    text: str
    position: int


@frozen
class Exact:
    """``!"Exact Name"``: the name, compared as FORMAT.md compares names."""

    name: str
    position: int


@frozen
class Not:
    """A negated term of a query (``-is:banned``)."""

    node: Node
    position: int


@frozen
class And:
    """Terms that must all hold."""

    nodes: tuple[Node, ...]


@frozen
class Or:
    """Terms of which one must hold."""

    nodes: tuple[Node, ...]


@frozen
class Everything:
    """The empty query: every card."""


Node = Term | Word | Exact | Not | And | Or | Everything
