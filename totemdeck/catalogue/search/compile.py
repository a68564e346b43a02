"""Syntax tree → one SQL condition with bound parameters, and the same tree in plain words."""

from __future__ import annotations

from dataclasses import replace

from totemdeck.catalogue.search.builders import exact_name_condition, name_condition
from totemdeck.catalogue.search.context import SearchContext, Sql
from totemdeck.catalogue.search.errors import depth_at
from totemdeck.catalogue.search.keys import BY_NAME
from totemdeck.catalogue.search.nodes import And, Everything, Exact, Node, Not, Or, Term, Word
from totemdeck.catalogue.search.orders import ORDER_NAMES
from totemdeck.catalogue.search.parse import QuerySyntaxError
from totemdeck.catalogue.search.spanish_keys import suggested
from totemdeck.catalogue.search.values import BadValue
from totemdeck.i18n import _


def closest_key(name: str) -> str | None:
    """The known key most like ``name`` ("hpp" → "hp", "rarez" → "rareza"), if any is close."""
    import difflib  # only for a key nobody has: a typo's suggestion

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
        if term.regex and not key.regex:
            raise QuerySyntaxError(
                _("{key!r} takes no regular expression (name, o, atk and ab do)").format(
                    key=term.key
                ),
                term.value_position,
                query,
            )
        ops_taken = key.ops | ({"!="} if "=" in key.ops else set())  # != is "not ="
        if term.op not in ops_taken:
            ops = " ".join(sorted(ops_taken, key=len))
            raise QuerySyntaxError(
                _("{key!r} does not take {op!r}; it takes {ops}").format(
                    key=term.key, op=term.op, ops=ops
                ),
                term.position,
                query,
            )


# Keys that say how to list the matches, not which: only at the top level of a query.
OPTIONS = {
    "order": ORDER_NAMES,
    "direction": ("asc", "desc"),
    "unique": ("names", "prints"),
}


def split_options(node: Node, query: str) -> tuple[Node, dict[str, str]]:
    """``order:hp direction:desc unique:prints`` taken out of the query, checked."""
    parts = list(node.nodes) if isinstance(node, And) else [node]
    options: dict[str, str] = {}
    kept = []
    for part in parts:
        # ``(order:hp t:item)``: parentheses the tree no longer shows still make a group
        if isinstance(part, Term) and part.key in OPTIONS and not depth_at(query, part.position):
            value = part.value.casefold()
            if part.op != ":" or value not in OPTIONS[part.key]:
                raise QuerySyntaxError(
                    _("{key}: takes one of {choices}").format(
                        key=part.key, choices=", ".join(OPTIONS[part.key])
                    ),
                    part.value_position,
                    query,
                )
            options[part.key] = value
        else:
            kept.append(part)
    for term in _terms(And(tuple(kept))):
        if term.key in OPTIONS:
            raise QuerySyntaxError(
                _(
                    "{key}: applies to the whole query; write it outside groups and negations"
                ).format(key=term.key),
                term.position,
                query,
            )
    rest: Node = kept[0] if len(kept) == 1 else And(tuple(kept)) if kept else Everything()
    return rest, options


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
        if node.op == "!=":  # always "not =": a card without the fact is "!=" too
            equal = key.build(replace(node, op="="), ctx)
            return Sql(f"NOT coalesce(({equal.text}), 0)", equal.params)
        return key.build(node, ctx)
    except BadValue as exc:
        raise QuerySyntaxError(str(exc), node.value_position, query) from None


def explain(node: Node, query: str = "") -> str:
    """How the query was understood, in plain words; a value no key takes is the located
    one-line ``QuerySyntaxError`` that running the query gives (``C:0``: not a type)."""
    if isinstance(node, Everything):
        return _("every card")
    if isinstance(node, Word):
        return _("the name contains “{text}”").format(text=node.text)
    if isinstance(node, Exact):
        return _("the name is “{name}”").format(name=node.name)
    if isinstance(node, Not):
        return _("not ({condition})").format(condition=explain(node.node, query))
    if isinstance(node, And | Or):
        parts = [_grouped(n, query) for n in node.nodes]
        joined = parts[0]
        for part in parts[1:]:
            pair = _("{left} and {right}") if isinstance(node, And) else _("{left} or {right}")
            joined = pair.format(left=joined, right=part)
        return joined
    try:
        if node.op == "!=":
            return _("not ({condition})").format(
                condition=BY_NAME[node.key].describe(replace(node, op="="))
            )
        return BY_NAME[node.key].describe(node)
    except BadValue as exc:
        raise QuerySyntaxError(str(exc), node.value_position, query) from None


def _grouped(node: Node, query: str) -> str:
    text = explain(node, query)
    return f"({text})" if isinstance(node, And | Or) else text
