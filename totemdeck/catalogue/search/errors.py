"""Where a query cannot be read: unbalanced quotes, regexes and groups, groups nested too
deep, and lark's complaints, each as one ``QuerySyntaxError`` pointing at a character."""

from __future__ import annotations

from totemdeck.errors import UsageError
from totemdeck.i18n import _
from totemdeck.lazy import LazyPattern

# Groups nest at most this deep (``-(a or (b …))``); runs of ``-`` / ``not`` collapse first.
MAX_DEPTH = 10
_KEY_OP = LazyPattern(r"([^\W\d]+)(<=|>=|!=|:|=|<|>)$")
_BEFORE_VALUE = LazyPattern(r"[^\W\d_][^\W\d]*(<=|>=|!=|:|=|<|>)$")


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


def depth_at(query: str, position: int) -> int:
    """How many groups are open at ``position`` (quotes and regexes skipped, as
    ``check_balance`` reads them; the query is balanced by then)."""
    depth = 0
    closing: str | None = None
    escaped = False
    for i, ch in enumerate(query[:position]):
        if closing is not None:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == closing:
                closing = None
        elif ch == '"' or (ch == "/" and _BEFORE_VALUE.search(query[:i])):
            closing = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
    return depth


def check_balance(query: str) -> None:
    """Unclosed quotes, regexes and parentheses, and groups nested too deep, named before
    lark sees them (a regex's own parentheses are its business)."""
    depth: list[int] = []
    closing: str | None = None  # '"' or '/' while inside a quote or a regex
    opened = 0
    escaped = False
    for i, ch in enumerate(query):
        if closing is not None:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == closing:
                closing = None
            continue
        if ch == '"' or (ch == "/" and _BEFORE_VALUE.search(query[:i])):
            closing, opened = ch, i
        elif ch == "(":
            depth.append(i)
            if len(depth) > MAX_DEPTH:
                raise QuerySyntaxError(
                    _("groups nest more than {limit} deep here").format(limit=MAX_DEPTH), i, query
                )
        elif ch == ")":
            if not depth:
                raise QuerySyntaxError(_("this ')' closes no '('"), i, query)
            depth.pop()
    if closing == '"':
        raise QuerySyntaxError(_("this quote is never closed"), opened, query)
    if closing == "/":
        raise QuerySyntaxError(_("this regular expression is never closed"), opened, query)
    if depth:
        raise QuerySyntaxError(_("this '(' is never closed"), depth[-1], query)


def unexpected(query: str, position: int, text: str | None = None) -> QuerySyntaxError:
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


def at_end(query: str) -> QuerySyntaxError:
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
