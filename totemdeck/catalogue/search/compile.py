"""Syntax tree → one SQL condition with bound parameters, and the same tree in plain words."""

from __future__ import annotations

import difflib

from totemdeck.catalogue.search.keys import (
    BY_NAME,
    SearchContext,
    Sql,
    exact_name_condition,
    name_condition,
)
from totemdeck.catalogue.search.parse import (
    And,
    Everything,
    Exact,
    Node,
    Not,
    Or,
    QuerySyntaxError,
    Term,
    Word,
)
from totemdeck.catalogue.search.spanish_keys import suggested
from totemdeck.catalogue.search.values import BadValue
from totemdeck.i18n import _


def closest_key(name: str) -> str | None:
    """The known key most like ``name`` ("hpp" → "hp", "rarez" → "rareza"), if any is close."""
    found = difflib.get_close_matches(name, list(BY_NAME), n=1, cutoff=0.5)
    return suggested(found[0], BY_NAME[found[0]].name) if found else None


def check_keys(node: Node, query: str) -> None:
    """Unknown keys and operators a key does not take, before anything runs."""
    for term in _terms(node):
        key = BY_NAME.get(term.key)
        if key is None:
            near = closest_key(term.key)
            message = (
                _("unknown key {key!r}; did you mean {near!r}?").format(key=term.key, near=near)
                if near
                else _("unknown key {key!r} (the keys are in README: Search cards)").format(
                    key=term.key
                )
            )
            raise QuerySyntaxError(message, term.position, query)
        if term.op not in key.ops:
            ops = " ".join(sorted(key.ops, key=len))
            raise QuerySyntaxError(
                _("{key!r} does not take {op!r}; it takes {ops}").format(
                    key=term.key, op=term.op, ops=ops
                ),
                term.position,
                query,
            )


def _terms(node: Node) -> list[Term]:
    if isinstance(node, Term):
        return [node]
    if isinstance(node, And | Or):
        return [t for n in node.nodes for t in _terms(n)]
    if isinstance(node, Not):
        return _terms(node.node)
    return []


def to_sql(node: Node, ctx: SearchContext, query: str) -> Sql:
    """The condition over ``search s`` that ``node`` means."""
    if isinstance(node, Everything):
        return Sql("1")
    if isinstance(node, Word):
        return name_condition(node.text)
    if isinstance(node, Exact):
        return exact_name_condition(node.name)
    if isinstance(node, Not):
        inner = to_sql(node.node, ctx, query)
        # NULL-safe: a card without HP is "not hp>100" too.
        return Sql(f"NOT coalesce(({inner.text}), 0)", inner.params)
    if isinstance(node, And | Or):
        parts = [to_sql(n, ctx, query) for n in node.nodes]
        joint = " AND " if isinstance(node, And) else " OR "
        return Sql(
            "(" + joint.join(p.text for p in parts) + ")",
            tuple(v for p in parts for v in p.params),
        )
    key = BY_NAME[node.key]
    try:
        return key.build(node, ctx)
    except BadValue as exc:
        raise QuerySyntaxError(str(exc), node.value_position, query) from None


def explain(node: Node) -> str:
    """How the query was understood, in plain words."""
    if isinstance(node, Everything):
        return _("every card")
    if isinstance(node, Word):
        return _("the name contains “{text}”").format(text=node.text)
    if isinstance(node, Exact):
        return _("the name is “{name}”").format(name=node.name)
    if isinstance(node, Not):
        return _("not ({condition})").format(condition=explain(node.node))
    if isinstance(node, And | Or):
        parts = [_grouped(n) for n in node.nodes]
        joined = parts[0]
        for part in parts[1:]:
            pair = _("{left} and {right}") if isinstance(node, And) else _("{left} or {right}")
            joined = pair.format(left=joined, right=part)
        return joined
    return BY_NAME[node.key].describe(node)


def _grouped(node: Node) -> str:
    text = explain(node)
    return f"({text})" if isinstance(node, And | Or) else text
