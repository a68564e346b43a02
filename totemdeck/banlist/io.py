"""Reading and writing ``banlist.yaml``, a file edited by hand by people who are not programmers.

Loading is strict and explains itself like cfgv: YAML is safe-loaded with no tags, no
anchors/aliases and dates kept as text, capped in size, then checked against
``schemas/banlist.schema.json``; every problem names the file, the line and the path
(``banlist.yaml:14: entries[3].since: '2019-13-01' is not a date``). Writing keeps the file
canonical (entries sorted by name, fixed key order) and keeps its header comment.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from totemdeck.catalogue.names import fold
from totemdeck.errors import TotemdeckError
from totemdeck.rules.banlist import BanEntry, Banlist
from totemdeck.schemas import is_valid_fast, validator

MAX_BYTES = 512 * 1024
DEFAULT_PATH = "banlist.yaml"


class BanlistError(TotemdeckError):
    """The file cannot be used; ``problems`` holds every located message (one line each)."""

    exit_code = 1  # the file has problems (``BanlistUnreadable``: there is no file to judge)

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems[0] if problems else "invalid banlist")
        self.problems = problems

    @property
    def details(self) -> list[str]:
        return self.problems[1:]


class BanlistUnreadable(BanlistError):
    """The banlist file is missing or cannot be read (a usage error, exit 2)."""

    exit_code = 2


# libyaml's loader when PyYAML was built with it (parsing is ~7x faster), else the pure one.
_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_BaseLoader):  # type: ignore[misc]
    """A safe loader that keeps dates as text (no timestamp resolver)."""


_StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _refuse_anchors(text: str, name: str) -> None:
    """Anchors and aliases make "billion laughs" bombs; a hand-edited banlist needs none."""
    for event in yaml.parse(text, Loader=_StrictLoader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            kind = "*name" if isinstance(event, yaml.AliasEvent) else "&name"
            line = event.start_mark.line + 1 if event.start_mark else 1
            raise BanlistError([f"{name}:{line}: anchors and aliases ({kind}) are not allowed"])


def _compose_and_load(text: str) -> tuple[yaml.Node | None, Any]:
    loader = _StrictLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    return node, data


@dataclass
class BanlistFile:
    """A loaded banlist with where it came from, its header comment and source lines."""

    path: str
    banlist: Banlist
    header_comment: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    entry_lines: list[int] = field(default_factory=list)  # 1-based line of each entry


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
        raise BanlistError([f"{name}: over the {MAX_BYTES} byte limit"])
    try:
        _refuse_anchors(text, name)
        node, data = _compose_and_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{name}:{mark.line + 1}" if mark else name
        problem = exc.problem or str(exc)
        if "could not determine a constructor" in problem or "tag" in problem:
            problem = f"YAML tags are not allowed ({problem})"
        raise BanlistError([f"{where}: {problem}"]) from exc
    except yaml.YAMLError as exc:
        raise BanlistError([f"{name}: not valid YAML ({exc})"]) from exc
    if not isinstance(data, dict):
        kind = "empty" if data is None else type(data).__name__
        raise BanlistError(
            [f"{name}:1: the banlist must be a mapping (format, updated, entries), not {kind}"]
        )
    located: list[tuple[int, str]] = []
    schema_errors = [] if is_valid_fast("banlist", data) else validator("banlist").iter_errors(data)
    for error in schema_errors:
        path = list(error.absolute_path)
        line = _line_of(node, path) or 1
        located.append((line, f"{name}:{line}: {_path_text(path)}: {_friendly(error)}"))
    for index, entry in enumerate(data.get("entries") or []):
        if isinstance(entry, dict) and isinstance(entry.get("since"), str):
            bad_date = _date_problem(entry["since"])
            where = f"entries[{index}].since"
            if bad_date and not any(where in text for _line, text in located):
                line = _line_of(node, ["entries", index, "since"]) or 1
                located.append((line, f"{name}:{line}: {where}: {bad_date}"))
    updated = data.get("updated")
    if isinstance(updated, str) and _date_problem(updated):
        line = _line_of(node, ["updated"]) or 1
        located.append((line, f"{name}:{line}: updated: {_date_problem(updated)}"))
    problems = [text for _line, text in sorted(located)]
    if problems:
        raise BanlistError(problems)
    entries = tuple(
        BanEntry(
            name=e["name"],
            reason=e["reason"],
            since=e["since"],
            prints=tuple(e.get("prints") or ()),
            source=e.get("source"),
        )
        for e in data["entries"]
    )
    return BanlistFile(
        path=name,
        banlist=Banlist(entries, data["format"], data.get("updated"), data.get("comment")),
        header_comment=_header_comment(text),
        data=data,
        entry_lines=[_line_of(node, ["entries", i]) or 0 for i in range(len(entries))],
    )


def load_banlist(path: str | os.PathLike[str] = DEFAULT_PATH) -> BanlistFile:
    """Read a banlist file (see ``load_banlist_text``); unreadable files raise too."""
    target = Path(path)
    try:
        raw = target.read_bytes()
    except FileNotFoundError as exc:
        raise BanlistUnreadable([f"{path}: no such file"]) from exc
    except OSError as exc:
        raise BanlistUnreadable([f"{path}: cannot read ({exc.strerror or exc})"]) from exc
    if len(raw) > MAX_BYTES:
        raise BanlistError([f"{path}: {len(raw)} bytes is over the {MAX_BYTES} byte limit"])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BanlistError([f"{path}: not UTF-8 text"]) from exc
    return load_banlist_text(text, str(path))


def sort_key(entry: BanEntry) -> tuple[str, tuple[str, ...]]:
    return fold(entry.name), entry.prints


def _scalar(value: str) -> str:
    """A YAML scalar as safe_dump would quote it (plain when it can be)."""
    text = yaml.safe_dump(value, allow_unicode=True, width=10_000)
    return text.removesuffix("\n...\n").strip()


def _quoted(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


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
        out.append(f"  reason: {_scalar(entry.reason)}")
        out.append(f"  since: {_quoted(entry.since)}")
        if entry.source:
            out.append(f"  source: {_scalar(entry.source)}")
    return "\n".join(out) + "\n"
