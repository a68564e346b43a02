"""The one safe YAML loader for files people edit by hand (banlist, ``--format-file``).

Safe loading alone is not enough for a file that may come from anyone: it still accepts
alias bombs ("billion laughs"), nesting deep enough to exhaust the stack, integers of
thousands of digits, and a key written twice (the last one silently wins, so the next edit
drops the first block). This loader refuses each of them with one located line
(``banlist.yaml:7: the key 'entries' appears twice (first at line 3)``), keeps dates as
text, and reads only UTF-8. Bytes come capped from ``totemdeck.files.read_limited``.
"""

from __future__ import annotations

import os
import re
from typing import Any

import yaml

from totemdeck.base.errors import TotemdeckError
from totemdeck.files import FileReadError, read_limited
from totemdeck.i18n import _

MAX_DEPTH = 32  # our files nest 4 deep; a deeper one is a mistake or an attack
MAX_INT_DIGITS = 30  # no count, size or cost needs more; Python refuses int() past 4300

# libyaml's parser when PyYAML was built with it (~7x faster), else the pure-Python one.
_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YamlFileError(TotemdeckError):
    """A YAML file that cannot be used, with where: ``path:line: message`` (exit 2)."""

    exit_code = 2

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path, self.line, self.message = path, line, message
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")


class _Refused(yaml.MarkedYAMLError):
    """Raised inside the loader; turned into a ``YamlFileError`` at its line."""


class SafeLoader(_BaseLoader):  # type: ignore[misc]
    """Safe loading without timestamps, with duplicate keys and huge integers refused."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[object, int] = {}
        for key_node, _value in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                key = (key_node.tag, key_node.value)
                if key in seen:
                    raise _Refused(
                        problem=f"the key {key_node.value!r} appears twice "
                        f"(first at line {seen[key]}); keep one",
                        problem_mark=key_node.start_mark,
                    )
                seen[key] = key_node.start_mark.line + 1
        mapping: dict[Any, Any] = super().construct_mapping(node, deep=deep)
        return mapping

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        text = str(node.value).replace("_", "").replace(":", "").lstrip("+-")
        digits = len(text[2:] if text[:2].lower() in ("0x", "0o", "0b") else text)
        if digits > MAX_INT_DIGITS:
            raise _Refused(
                problem=f"an integer of {digits} digits is over the {MAX_INT_DIGITS} digit limit",
                problem_mark=node.start_mark,
            )
        value: int = super().construct_yaml_int(node)
        return value


SafeLoader.add_constructor("tag:yaml.org,2002:int", SafeLoader.construct_yaml_int)
SafeLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def decode_text(raw: bytes, path: str) -> str:
    """UTF-8 text (a BOM is allowed); anything else names the line of the first bad byte."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        byte = raw[exc.start]
        raise YamlFileError(
            path,
            line,
            _("not UTF-8 text (byte 0x{byte}); save the file as UTF-8").format(byte=f"{byte:02x}"),
        ) from exc


def _line(event: yaml.Event) -> int | None:
    return event.start_mark.line + 1 if event.start_mark is not None else None


def _check_events(text: str, path: str) -> None:
    """Anchors/aliases (bombs) and explicit tags refused, nesting capped, before anything
    is built."""
    depth = 0
    for event in yaml.parse(text, Loader=SafeLoader):
        if _explicit_tag(event):
            tag = getattr(event, "tag", "")
            raise YamlFileError(
                path, _line(event), _("YAML tags ({tag}) are not allowed").format(tag=tag)
            )
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            kind = "*name" if isinstance(event, yaml.AliasEvent) else "&name"
            raise YamlFileError(
                path,
                _line(event),
                _("anchors and aliases ({kind}) are not allowed").format(kind=kind),
            )
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise YamlFileError(
                    path,
                    _line(event),
                    _("nested over {limit} levels deep; this file needs a few").format(
                        limit=MAX_DEPTH
                    ),
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _explicit_tag(event: yaml.Event) -> bool:
    """``!!int x`` or ``!custom``: plain data files need none, and bad ones crash PyYAML."""
    tag = getattr(event, "tag", None)
    if tag is None or tag == "!":
        return False
    implicit = getattr(event, "implicit", False)
    return not (any(implicit) if isinstance(implicit, tuple) else implicit)


def _one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def parse_yaml(text: str, path: str) -> tuple[yaml.Node | None, Any]:
    """The composed node tree (for locating later problems) and the data of ``text``."""
    try:
        _check_events(text, path)
        loader = SafeLoader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = _one_line(exc.problem or str(exc))
        if "could not determine a constructor" in problem:
            problem = f"YAML tags are not allowed ({problem})"
        raise YamlFileError(path, mark.line + 1 if mark else None, problem) from exc
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, max(exc.position, 0)) + 1
        character = chr(exc.character) if isinstance(exc.character, int) else exc.character
        raise YamlFileError(
            path,
            line,
            _("the character {character!r} is not allowed in YAML").format(character=character),
        ) from exc
    except yaml.YAMLError as exc:
        raise YamlFileError(
            path, None, _("not valid YAML ({reason})").format(reason=_one_line(str(exc)))
        ) from exc
    return node, data


def load_yaml_file(
    path: str | os.PathLike[str], max_bytes: int
) -> tuple[str, yaml.Node | None, Any]:
    """Read (regular file, capped), decode and parse a YAML file: ``(text, node, data)``."""
    shown = os.fspath(path)
    try:
        raw = read_limited(shown, max_bytes)
    except FileReadError as exc:
        raise YamlFileError(shown, None, str(exc).removeprefix(f"{shown}: ")) from exc
    text = decode_text(raw, shown)
    node, data = parse_yaml(text, shown)
    return text, node, data
