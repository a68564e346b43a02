"""``banlist add`` / ``banlist remove`` as library verbs: old file text in, new file text out.

A banlist is edited by hand and reviewed in pull requests, so an edit touches only the lines
of the entry it adds or removes (and the ``updated`` date): every other byte, each comment
(inline ones too), the order, quoting and line endings stay as they were. The edit is done
on the text, using where the YAML parser says each entry starts and ends, rather than by
re-emitting a round-trip tree: ruamel.yaml attaches the comments written above an entry to
the entry before it, so inserting or removing one would move or drop them. Comments
directly above an entry belong to it; all others stay. The result is checked by the same
loader every reader uses before it is returned.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

import yaml

from totemdeck.banlist.io import BanlistError, BanlistFile, _quoted, _scalar, reason_yaml, sort_key
from totemdeck.banlist.io import load_banlist_text as _reload
from totemdeck.base.errors import TotemdeckError, UsageError
from totemdeck.base.records import frozen
from totemdeck.catalogue.names import name_key
from totemdeck.i18n import _
from totemdeck.rules.banlist import BanEntry

if TYPE_CHECKING:
    from totemdeck.catalogue.read import Catalogue


class BanlistEditError(TotemdeckError):
    """An edit that cannot be made: already banned, not on the list, unknown card (exit 1)."""

    exit_code = 1


class BanlistLayoutError(TotemdeckError):
    """The file is valid but laid out so that an edit cannot keep it (exit 2)."""

    exit_code = 2


@frozen
class _Layout:
    """Where a banlist file's entries sit, so an edit rewrites only those lines."""

    lines: list[str]
    newline: str
    entries: yaml.SequenceNode
    updated: yaml.ScalarNode | None
    entries_key: yaml.ScalarNode


def _layout(banfile: BanlistFile) -> _Layout:
    node = banfile.node
    if not isinstance(node, yaml.MappingNode):
        raise BanlistLayoutError(  # i18n: keep (a programming error: the library's own use)
            f"{banfile.path}: load it with load_banlist to edit it"
        )
    values = {k.value: (k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)}
    key, entries = values["entries"]
    if not isinstance(entries, yaml.SequenceNode) or (entries.flow_style and entries.value):
        raise BanlistLayoutError(
            _(
                "{path}:{line}: entries are written as a flow list ([...]); write one "
                "'- name: ...' block per entry to edit them with totemdeck"
            ).format(path=banfile.path, line=entries.start_mark.line + 1)
        )
    updated = values.get("updated", (None, None))[1]
    text = banfile.text
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\r\n" if "\r\n" in text else "\n"
    return _Layout(
        lines=lines,
        newline="\r\n" if "\r\n" in text else "\n",
        entries=entries,
        updated=updated if isinstance(updated, yaml.ScalarNode) else None,
        entries_key=key,
    )


def _first_line(layout: _Layout, item: yaml.Node) -> int:
    """The line of the entry's ``-`` (usually the line of its first key)."""
    line = item.start_mark.line
    if "-" in layout.lines[line][: item.start_mark.column]:
        return line
    while line > 0 and not layout.lines[line - 1].lstrip().startswith("-"):
        line -= 1
    return max(line - 1, 0)


def _last_line(item: yaml.Node) -> int:
    """The line where the entry's content ends (its last value's last character)."""
    node = item
    while (
        isinstance(node, yaml.MappingNode | yaml.SequenceNode)
        and node.value
        and not (getattr(node, "flow_style", False))
    ):
        last = node.value[-1]
        node = last[1] if isinstance(last, tuple) else last
    end = node.end_mark
    return end.line if end.column > 0 else end.line - 1


def _lead(layout: _Layout, first: int) -> int:
    """The first of the comment lines written directly above line ``first``."""
    line = first
    while line > 0 and layout.lines[line - 1].lstrip().startswith("#"):
        line -= 1
    return line


def _is_blank(line: str) -> bool:
    return not line.strip()


def _set_updated(layout: _Layout, today: str) -> None:
    node = layout.updated
    if node is None or node.start_mark.line != node.end_mark.line:
        return  # schema-valid files have a one-line date; leave anything else as it is
    row = layout.lines[node.start_mark.line]
    start, end = node.start_mark.column, node.end_mark.column
    layout.lines[node.start_mark.line] = row[:start] + _quoted(today) + row[end:]


def _block(entry: BanEntry, dash: int, key: int, newline: str) -> list[str]:
    rows = [" " * dash + "-" + " " * (key - dash - 1) + f"name: {_scalar(entry.name)}"]
    if entry.prints:
        rows.append(" " * key + f"prints: [{', '.join(_scalar(p) for p in entry.prints)}]")
    rows.append(" " * key + f"reason: {reason_yaml(entry)}")
    rows.append(" " * key + f"since: {_quoted(entry.since)}")
    if entry.source:
        rows.append(" " * key + f"source: {_scalar(entry.source)}")
    return [row + newline for row in rows]


def _spaced(layout: _Layout) -> bool:
    """Whether entries are separated by a blank line (the canonical layout) or packed."""
    items = layout.entries.value
    if len(items) < 2:
        return True
    before_second = _lead(layout, _first_line(layout, items[1])) - 1
    return _is_blank(layout.lines[before_second])


def _checked(banfile: BanlistFile, lines: list[str]) -> str:
    text = "".join(lines)
    try:
        _reload(text, banfile.path)
    except BanlistError as exc:
        raise BanlistEditError(
            _("refusing to write an invalid banlist: {problem}").format(problem=exc)
        ) from exc
    return text


class UnwritableText(UsageError):
    """A name, reason or source that cannot be written as one YAML line (exit 2)."""


# Control characters (NEL U+0085 among them) and the line and paragraph separators: YAML
# reads them as line breaks or folds them, so the file would name another card.
_BREAKING = frozenset({"Cc", "Zl", "Zp"})


def _refuse_breaks(entry: BanEntry) -> None:
    fields = [("name", entry.name), ("--reason", entry.reason), ("--source", entry.source or "")]
    fields += [("--print", p) for p in entry.prints]
    for field, text in fields:
        if any(unicodedata.category(ch) in _BREAKING for ch in text):
            raise UnwritableText(
                _(
                    "refused: the {field} {text} holds a control or line-break character; "
                    "write it on one line, in printable characters"
                ).format(field=field, text=ascii(text))
            )


def add_entry(banfile: BanlistFile, entry: BanEntry, today: str) -> str:
    """The file's text with ``entry`` inserted in name order and ``updated`` set to today.

    Raises ``BanlistEditError`` when the same name and prints are already banned, and
    ``UnwritableText`` for text with a control or line-break character (``x\\x85y``).
    """
    _refuse_breaks(entry)
    for old in banfile.banlist.entries:
        if old.key == entry.key and old.prints == entry.prints:
            raise BanlistEditError(
                _("{name} is already banned (since {since})").format(name=old.name, since=old.since)
            )
    layout = _layout(banfile)
    _set_updated(layout, today)
    items = layout.entries.value
    sep = [layout.newline] if _spaced(layout) else []
    position = next(
        (i for i, old in enumerate(banfile.banlist.entries) if sort_key(old) > sort_key(entry)),
        len(items),
    )
    lines = layout.lines
    if items:
        dash = lines[_first_line(layout, items[0])].index("-")
        key = items[0].start_mark.column
        block = _block(entry, dash, key if key > dash else dash + 2, layout.newline)
        if position < len(items):
            at = _lead(layout, _first_line(layout, items[position]))
            lines[at:at] = block + sep
        else:
            at = _last_line(items[-1]) + 1
            lines[at:at] = sep + block
        return _checked(banfile, lines)
    # ``entries: []``: the flow brackets give way to the first block entry
    row_index = layout.entries.start_mark.line
    row = lines[row_index]
    start, end = layout.entries.start_mark.column, layout.entries.end_mark.column
    lines[row_index] = (row[:start].rstrip() + row[end:].rstrip(" \t")).rstrip(" \t")
    if not lines[row_index].endswith(("\n", "\r")):
        lines[row_index] += layout.newline
    dash = layout.entries_key.start_mark.column
    block = _block(entry, dash, dash + 2, layout.newline)
    lines[row_index + 1 : row_index + 1] = [layout.newline, *block]
    return _checked(banfile, lines)


def remove_entries(banfile: BanlistFile, name: str, today: str) -> str:
    """The file's text without any entry of ``name`` (case and accents ignored).

    Raises ``BanlistEditError`` when no entry has that name.
    """
    doomed = [i for i, e in enumerate(banfile.banlist.entries) if e.key == name_key(name)]
    if not doomed:
        raise BanlistEditError(_("{name} is not on the banlist").format(name=name))
    layout = _layout(banfile)
    _set_updated(layout, today)
    lines = layout.lines
    items = layout.entries.value
    for index in reversed(doomed):  # bottom up: earlier line numbers stay right
        first = _lead(layout, _first_line(layout, items[index]))
        last = _last_line(items[index])
        if last + 1 < len(lines) and _is_blank(lines[last + 1]):
            last += 1
        elif first > 0 and _is_blank(lines[first - 1]):
            first -= 1
        del lines[first : last + 1]
    if len(doomed) == len(items):  # the list is empty now: say so, as YAML needs
        row_index = layout.entries_key.end_mark.line
        row = lines[row_index]
        colon = row.index(":", layout.entries_key.end_mark.column)
        lines[row_index] = row[: colon + 1] + " []" + row[colon + 1 :]
    return _checked(banfile, lines)


def resolve_ban_name(catalogue: Catalogue, name: str, prints: tuple[str, ...]) -> str:
    """The catalogue's spelling of ``name``, after checking each pinned print carries it.

    Raises ``BanlistEditError`` for a name no card has or a print of another card.
    """
    found = catalogue.by_name(name)
    if not found:
        raise BanlistEditError(
            _("no card is named {name!r} (use --force to ban it anyway)").format(name=name)
        )
    if name_key(found[-1].name) == name_key(name):
        name = found[-1].name
    for print_id in prints:
        card = catalogue.get(print_id)
        if card is None or name_key(card.name) != name_key(name):
            raise BanlistEditError(
                _("{id!r} is not a print of {name}").format(id=print_id, name=name)
            )
    return name
