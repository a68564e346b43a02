"""Reading and writing ``banlist.yaml``, a file edited by hand by people who are not programmers.

Loading is strict and explains itself like cfgv: a regular UTF-8 file, capped in size, is
loaded by ``totemdeck.files.safeyaml`` (no tags, anchors or duplicate keys; dates kept as text),
then checked against ``schemas/banlist.schema.json``; every problem is a ``BanlistProblem``
naming the file, the line and the path (``banlist.yaml:14: entries[3].since: '2019-13-01'
is not a date``). ``dump_banlist`` writes the canonical text (entries sorted by name, fixed
key order, header comment kept); ``banlist.edit`` changes a file keeping every comment.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from typing import Any

import yaml

from totemdeck.base.errors import TotemdeckError
from totemdeck.base.records import frozen
from totemdeck.catalogue.names import fold
from totemdeck.files import FileReadError, read_limited
from totemdeck.files.safeyaml import YamlFileError, decode_text, parse_yaml
from totemdeck.files.schemas import is_valid_fast, validator
from totemdeck.rules.banlist import BanEntry, Banlist

MAX_BYTES = 512 * 1024
DEFAULT_PATH = "banlist.yaml"


@frozen
class BanlistProblem:
    """One problem of a banlist, located: file, line (when known), path in the data."""

    path: str
    line: int | None
    where: str  # entries[3].prints[1]; "" for the file as a whole
    message: str

    def render(self) -> str:
        """``banlist.yaml:14: entries[3].since: '2019-13-01' is not a date``."""
        line = f":{self.line}" if self.line else ""
        where = f"{self.where}: " if self.where else ""
        return f"{self.path}{line}: {where}{self.message}"

    def as_dict(self) -> dict[str, object]:
        return {"path": self.path, "line": self.line, "where": self.where, "message": self.message}


class BanlistError(TotemdeckError):
    """The file cannot be used; ``problems`` holds every located problem."""

    exit_code = 1  # the file has problems (``BanlistUnreadable``: there is no file to judge)

    def __init__(self, problems: list[BanlistProblem]) -> None:
        super().__init__(problems[0].render() if problems else "invalid banlist")
        self.problems = problems

    @property
    def messages(self) -> list[str]:
        return [p.render() for p in self.problems]

    @property
    def details(self) -> list[str]:
        return self.messages[1:]


class BanlistUnreadable(BanlistError):
    """The file is missing, a directory, not a regular file or too big (a usage error)."""

    exit_code = 2


@dataclass
class BanlistFile:
    """A loaded banlist with where it came from, its header comment and source lines."""

    path: str
    banlist: Banlist
    header_comment: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    entry_lines: list[int] = field(default_factory=list)  # 1-based line of each entry
    text: str = ""  # the source, for edits that keep every comment (banlist.edit)
    node: yaml.Node | None = None  # its composed tree, where each entry starts and ends


def _path_text(path: list[Any]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top)"


def _line_of(node: yaml.Node | None, path: list[Any]) -> int | None:
    """The 1-based line of the node at ``path`` in the composed YAML tree (or its parent)."""
    current = node
    line = current.start_mark.line + 1 if current is not None else None
    for part in path:
        if isinstance(current, yaml.MappingNode):
            found = next((v for k, v in current.value if k.value == part), None)
            if found is None:
                key = next((k for k, _v in current.value if k.value == part), None)
                return key.start_mark.line + 1 if key is not None else line
            current = found
        elif isinstance(current, yaml.SequenceNode) and isinstance(part, int):
            if part >= len(current.value):
                return line
            current = current.value[part]
        else:
            return line
        line = current.start_mark.line + 1
    return line


def _header_comment(text: str) -> str:
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("#") or (not line.strip() and lines):
            lines.append(line)
        else:
            break
    return "\n".join(lines).strip("\n")


def _date_problem(value: str) -> str | None:
    parts = value.split("-")
    try:
        dt.date(int(parts[0]), int(parts[1]), int(parts[2]) if len(parts) > 2 else 1)
    except (ValueError, IndexError):
        return f"{value!r} is not a date"
    return None


def _friendly(error: Any) -> str:
    """jsonschema's message, said the way a person editing YAML understands it."""
    if (
        error.validator == "pattern"
        and error.absolute_path
        and error.absolute_path[-1]
        in (
            "since",
            "updated",
        )
    ):
        return f"{error.instance!r} is not a date (write YYYY-MM-DD)"
    if error.validator == "additionalProperties":
        return f"{error.message} (allowed: name, prints, reason, since, source)"
    return str(error.message)


def load_banlist_text(text: str, name: str = DEFAULT_PATH) -> BanlistFile:
    """Parse and schema-check banlist text; raise ``BanlistError`` with every problem."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise BanlistUnreadable(
            [BanlistProblem(name, None, "", f"over the {MAX_BYTES} byte limit")]
        )
    try:
        node, data = parse_yaml(text, name)
    except YamlFileError as exc:
        raise BanlistError([BanlistProblem(name, exc.line, "", exc.message)]) from exc
    if not isinstance(data, dict):
        kind = "empty" if data is None else type(data).__name__
        message = f"the banlist must be a mapping (format, updated, entries), not {kind}"
        raise BanlistError([BanlistProblem(name, 1, "", message)])
    located: list[BanlistProblem] = []
    schema_errors = [] if is_valid_fast("banlist", data) else validator("banlist").iter_errors(data)
    for error in schema_errors:
        path = list(error.absolute_path)
        line = _line_of(node, path) or 1
        located.append(BanlistProblem(name, line, _path_text(path), _friendly(error)))
    for index, entry in enumerate(data.get("entries") or []):
        if isinstance(entry, dict) and isinstance(entry.get("since"), str):
            bad_date = _date_problem(entry["since"])
            where = f"entries[{index}].since"
            if bad_date and not any(p.where == where for p in located):
                line = _line_of(node, ["entries", index, "since"]) or 1
                located.append(BanlistProblem(name, line, where, bad_date))
    updated = data.get("updated")
    bad_updated = _date_problem(updated) if isinstance(updated, str) else None
    if bad_updated:
        line = _line_of(node, ["updated"]) or 1
        located.append(BanlistProblem(name, line, "updated", bad_updated))
    if located:
        raise BanlistError(sorted(located, key=lambda p: (p.line or 0, p.render())))
    entries = tuple(
        BanEntry(
            name=e["name"],
            reason=e["reason"]["en"] if isinstance(e["reason"], dict) else e["reason"],
            since=e["since"],
            prints=tuple(e.get("prints") or ()),
            source=e.get("source"),
            reason_es=e["reason"].get("es") if isinstance(e["reason"], dict) else None,
        )
        for e in data["entries"]
    )
    return BanlistFile(
        path=name,
        banlist=Banlist(entries, data["format"], data.get("updated"), data.get("comment")),
        header_comment=_header_comment(text),
        data=data,
        entry_lines=[_line_of(node, ["entries", i]) or 0 for i in range(len(entries))],
        text=text,
        node=node,
    )


def load_banlist(path: str | os.PathLike[str] = DEFAULT_PATH) -> BanlistFile:
    """Read a banlist file (see ``load_banlist_text``): a regular UTF-8 file, capped in size."""
    shown = os.fspath(path)
    try:
        raw = read_limited(shown, MAX_BYTES)
    except FileReadError as exc:
        message = str(exc).removeprefix(f"{shown}: ")
        raise BanlistUnreadable([BanlistProblem(shown, None, "", message)]) from exc
    try:
        text = decode_text(raw, shown)
    except YamlFileError as exc:
        raise BanlistError([BanlistProblem(shown, exc.line, "", exc.message)]) from exc
    return load_banlist_text(text, shown)


def sort_key(entry: BanEntry) -> tuple[str, tuple[str, ...]]:
    return fold(entry.name), entry.prints


def _scalar(value: str) -> str:
    """A YAML scalar as safe_dump would quote it (plain when it can be)."""
    text = yaml.safe_dump(value, allow_unicode=True, width=10_000)
    return text.removesuffix("\n...\n").strip()


def _quoted(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def reason_yaml(entry: BanEntry) -> str:
    """``reason``'s value in the file: a scalar, or ``{en: '…', es: '…'}`` on one line."""
    if entry.reason_es is None:
        return _scalar(entry.reason)
    return f"{{en: {_quoted(entry.reason)}, es: {_quoted(entry.reason_es)}}}"


def dump_banlist(banfile: BanlistFile) -> str:
    """The canonical text: header comment, format, updated, entries sorted by name.

    One blank line between entries and a fixed key order (name, prints, reason, since,
    source) keep diffs of hand edits small and reviews easy.
    """
    banlist = banfile.banlist
    out = []
    if banfile.header_comment:
        out += [banfile.header_comment, ""]
    out.append(f"format: {_scalar(banlist.format_name)}")
    if banlist.updated:
        out.append(f"updated: {_quoted(banlist.updated)}")
    if banlist.comment:
        out.append(f"comment: {_scalar(banlist.comment)}")
    out.append("entries:" if banlist.entries else "entries: []")
    for entry in sorted(banlist.entries, key=sort_key):
        out.append("")
        out.append(f"- name: {_scalar(entry.name)}")
        if entry.prints:
            out.append(f"  prints: [{', '.join(_scalar(p) for p in entry.prints)}]")
        out.append(f"  reason: {reason_yaml(entry)}")
        out.append(f"  since: {_quoted(entry.since)}")
        if entry.source:
            out.append(f"  source: {_scalar(entry.source)}")
    return "\n".join(out) + "\n"
