"""Where a query cannot be read: unbalanced quotes, regexes and groups, groups nested too
deep, and lark's complaints, each as one ``QuerySyntaxError`` pointing at a character."""

from __future__ import annotations

from collections.abc import Iterator

from totemdeck.base.errors import UsageError
from totemdeck.base.lazy import LazyPattern
from totemdeck.i18n import _

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


class _Unquoted:
    """The characters of a query outside its quoted phrases and regexes, with their
    positions (the opening ``"`` or ``/`` of one is yielded: it is where one starts, and a
    regex's own parentheses are its business). After the walk, ``open`` is the quote or
    regex left unclosed, as (its character, its position), or None."""

    def __init__(self, query: str) -> None:
        self.query = query
        self.open: tuple[str, int] | None = None

    def __iter__(self) -> Iterator[tuple[int, str]]:
        escaped = False
        for i, ch in enumerate(self.query):
            if self.open is not None:
                if escaped:
                    escaped = False
                elif ch == "\\":
                    escaped = True
                elif ch == self.open[0]:
                    self.open = None
                continue
            if ch == '"' or (ch == "/" and _BEFORE_VALUE.search(self.query[:i])):
                self.open = (ch, i)
            yield i, ch


def depth_at(query: str, position: int) -> int:
    """How many groups are open at ``position`` (quotes and regexes skipped, as
    ``check_balance`` reads them; the query is balanced by then)."""
    return sum((ch == "(") - (ch == ")") for _i, ch in _Unquoted(query[:position]))


def check_balance(query: str) -> None:
    """Unclosed quotes, regexes and parentheses, and groups nested too deep, named before
    lark sees them (a regex's own parentheses are its business)."""
    depth: list[int] = []
    scan = _Unquoted(query)
    for i, ch in scan:
        if ch == "(":
            depth.append(i)
            if len(depth) > MAX_DEPTH:
                raise QuerySyntaxError(
                    _("groups nest more than {limit} deep here").format(limit=MAX_DEPTH), i, query
                )
        elif ch == ")":
            if not depth:
                raise QuerySyntaxError(_("this ')' closes no '('"), i, query)
            depth.pop()
    if scan.open is not None and scan.open[0] == '"':
        raise QuerySyntaxError(_("this quote is never closed"), scan.open[1], query)
    if scan.open is not None:
        raise QuerySyntaxError(_("this regular expression is never closed"), scan.open[1], query)
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
