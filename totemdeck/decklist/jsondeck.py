"""JSON decks: our document (``schemas/deck.schema.json``), and the JSON other tools write.

Read here: the totem deck document (written by the exporter, ``to_document``); a Tabletop
Simulator deck save and a Limitless decklist are told apart here and read by
``otherjson``. Any other JSON gets one problem naming what it looks like. Hostile JSON
(nested thousands deep, numbers of thousands of digits, lone surrogates) is a problem too,
never an exception.
"""

from __future__ import annotations

import json
from typing import Any

from totemdeck.decklist.asread import card_line_of, unread_of
from totemdeck.decklist.model import DeckLine, Decklist, ParseProblem
from totemdeck.decklist.otherjson import (
    LIMITLESS_SECTIONS,
    limitless,
    named,
    problem_deck,
    tabletop_simulator,
)
from totemdeck.decklist.symbols import expand_symbols
from totemdeck.files.schemas import first_error
from totemdeck.i18n import _

FORMAT_NAME = "totem"
DOCUMENT_VERSION = 1
MAX_NUMBER_DIGITS = 20
# The text limit of ``read.MAX_LINES`` counts text lines; a JSON deck is one line, so its
# entries are counted before anything else looks at them (a schema error for each of
# 300,000 entries took 13 s).
MAX_ENTRIES = 5000


class WrittenNumber:
    """A JSON number that is not a plain integer (``1.0``, ``1e3``, 400 digits), kept as text.

    It is of no JSON Schema type, so the schema says it "is not of type 'integer'" where
    ``1.0`` would pass as 1 (counts must be integers); its repr is short, so a 4,000-digit
    number cannot flood a message.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        text = self.text
        return text if len(text) <= 24 else f"{text[:12]}… ({len(text)} characters)"


def _loads(text: str) -> Any:
    try:
        return json.loads(text, parse_float=WrittenNumber, parse_int=_parse_int)
    except json.JSONDecodeError:
        relaxed = without_trailing_commas(text)
        if relaxed is text:
            raise
        try:
            return json.loads(relaxed, parse_float=WrittenNumber, parse_int=_parse_int)
        except json.JSONDecodeError:
            pass
        raise


def _parse_int(text: str) -> int | WrittenNumber:
    return int(text) if len(text.lstrip("-")) <= MAX_NUMBER_DIGITS else WrittenNumber(text)


def _has_lone_surrogate(value: Any) -> bool:
    """Whether any string in ``value`` holds a lone surrogate (``"\\ud800"``), iteratively."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack += item.keys()
            stack += item.values()
        elif isinstance(item, list):
            stack += item
    return False


def without_trailing_commas(text: str) -> str:
    """``text`` without the commas that close a JavaScript list or object (``{"a": 1,}``):
    decklists kept in a site's JavaScript are JSON but for those. One pass, strings kept; a
    comma that follows no value (``[,]``, ``1,,]``) stays, and stays bad JSON."""
    dropped: list[int] = []
    in_string = escaped = False
    last = ""  # the last character outside a string that is not white space
    comma = -1  # where a comma waits to be told trailing or not
    for at, char in enumerate(text):
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
            continue
        if char in " \t\r\n":
            continue
        if comma >= 0 and char in "]}":
            dropped.append(comma)
        if char == ",":
            comma = at if last not in {"[", "{", ","} else -1
        else:
            comma = -1
            in_string = char == '"'
        last = char
    if not dropped:
        return text
    pieces = [text[a + 1 : b] for a, b in zip([-1, *dropped], [*dropped, len(text)], strict=True)]
    return "".join(pieces)


def load_json(text: str) -> tuple[Any, str | None]:
    """The JSON value of ``text``, or None and a one-line reason it cannot be read (a
    trailing comma before ``]`` or ``}``, as JavaScript allows, is read past)."""
    try:
        value = _loads(text)
    except json.JSONDecodeError as exc:
        return None, _("line {line}: not valid JSON: {reason}").format(
            line=exc.lineno, reason=exc.msg
        )
    except RecursionError:
        return None, _("the JSON is nested too deeply to be a deck")
    except ValueError as exc:  # e.g. a number the parser refuses
        return None, _("not valid JSON: {reason}").format(reason=exc)
    if _has_lone_surrogate(value):
        return None, _("the JSON holds text that is not Unicode (a lone surrogate such as \\ud800)")
    return value, None


def parse_json_deck(text: str, source: str = "<json>") -> Decklist:
    """A Decklist from a JSON deck of a shape we know, else one problem saying what it is."""
    document, reason = load_json(text)
    if reason is not None:
        return problem_deck(reason, source)
    held = entry_count(document)
    if held > MAX_ENTRIES:
        return problem_deck(
            _("{count} entries is over the {limit} entry limit of a JSON deck").format(
                count=held, limit=MAX_ENTRIES
            ),
            source,
        )
    if isinstance(document, dict) and "ObjectStates" in document:
        return tabletop_simulator(document, source)
    if isinstance(document, dict) and named(document, "Deck", "DeckCustom"):
        return tabletop_simulator({"ObjectStates": [document]}, source)
    if (
        isinstance(document, dict)
        and set(document) & set(LIMITLESS_SECTIONS)
        and not ({"format", "totem", "cards"} & set(document))
    ):
        return limitless(document, source)
    if not isinstance(document, dict) or ("format" not in document and "totem" not in document):
        return problem_deck(_what_it_is(document), source)
    problem = first_error("deck", document)
    if problem is not None:
        return problem_deck(_("not a deck document: {problem}").format(problem=problem), source)
    entries: list[tuple[str | None, dict[str, Any]]] = [("totem", e) for e in document["totem"]]
    entries += [(None, e) for e in document["cards"]]
    lines = [
        _entry_line(ordinal, section, entry) for ordinal, (section, entry) in enumerate(entries, 1)
    ]
    places = tuple(
        (line.line, entry, file_line)
        for line, (entry, file_line) in zip(lines, entry_places(text), strict=False)
    )
    unread = [unread_of(t, at) for at, t in enumerate(document.get("unread", ()), len(lines) + 1)]
    lines += [x for read in unread for x in read if isinstance(x, DeckLine)]
    problems = tuple(x for read in unread for x in read if isinstance(x, ParseProblem))
    return Decklist(tuple(lines), (), problems, source, name=document.get("name"), places=places)


def _entry_line(ordinal: int, section: str | None, entry: dict[str, Any]) -> DeckLine:
    """An entry's line: by id, or name, set and number; an entry written as read (its
    ``written`` text, with a status: ambiguous, unknown…) as the text reader reads it."""
    raw = json.dumps(entry, ensure_ascii=False)
    if "written" in entry:
        return card_line_of(entry["count"], entry["written"], ordinal, raw, section)
    return DeckLine(
        line=ordinal,
        raw=raw,
        section=section,
        count=entry["count"],
        name=expand_symbols(entry.get("name", "")),
        set_code=entry.get("set"),
        number=entry.get("number"),
        card_id=entry.get("id"),
    )


def entry_places(text: str) -> list[tuple[str, int]]:
    """``("totem[0]", 3), ("cards[0]", 8)…``: each entry of a (valid) deck document and the
    file line where it begins, Totem entries first, as ``parse_json_deck`` numbers them."""
    decoder = json.JSONDecoder()
    starts = _member_starts(text, decoder, text.index("{"))
    places: list[tuple[str, int]] = []
    for key in ("totem", "cards"):
        at = starts.get(key)
        if at is None or text[at] != "[":
            continue
        for index, offset in enumerate(_element_starts(text, decoder, at)):
            places.append((f"{key}[{index}]", text.count("\n", 0, offset) + 1))
    return places


def _skip(text: str, at: int, chars: str = " \t\r\n") -> int:
    while at < len(text) and text[at] in chars:
        at += 1
    return at


def _member_starts(text: str, decoder: json.JSONDecoder, at: int) -> dict[str, int]:
    """Where each member's value of the object at ``at`` begins, by key."""
    starts: dict[str, int] = {}
    at = _skip(text, at + 1)
    while at < len(text) and text[at] != "}":
        key, at = decoder.raw_decode(text, at)
        at = _skip(text, _skip(text, at) + 1)  # past the colon
        starts[str(key)] = at  # a repeated key: the last one counts, as in json.loads
        _value, at = decoder.raw_decode(text, at)
        at = _skip(text, _skip(text, at), " \t\r\n,")
    return starts


def _element_starts(text: str, decoder: json.JSONDecoder, at: int) -> list[int]:
    """Where each element of the array at ``at`` begins."""
    starts: list[int] = []
    at = _skip(text, at + 1)
    while at < len(text) and text[at] != "]":
        starts.append(at)
        _value, at = decoder.raw_decode(text, at)
        at = _skip(text, at, " \t\r\n,")
    return starts


def entry_count(document: Any) -> int:
    """How many entries (cards, lines) a JSON deck of any shape we read holds, at a glance:
    the lists of the document, the Limitless sections, the TTS objects and what they hold."""
    if isinstance(document, list):
        return len(document)
    if not isinstance(document, dict):
        return 0
    total = 0
    for key in (
        "totem",
        "cards",
        "unread",
        *LIMITLESS_SECTIONS,
        "ObjectStates",
        "ContainedObjects",
    ):
        value = document.get(key)
        if isinstance(value, list):
            total += len(value)
    states = document.get("ObjectStates")
    for state in states if isinstance(states, list) else []:
        held = state.get("ContainedObjects") if isinstance(state, dict) else None
        total += len(held) if isinstance(held, list) else 0
    return total


def _what_it_is(document: Any) -> str:
    """One line naming a JSON document we do not read, and what we do read."""
    supported = _(
        "totemdeck reads the totem deck document (schemas/deck.schema.json), a Tabletop "
        "Simulator deck save and a Limitless decklist"
    )
    if isinstance(document, dict):
        keys = ", ".join(repr(key[:20]) for key in sorted(document)[:6]) or _("none")
        return _(
            "a JSON object that is not a deck this program reads (keys: {keys}); {supported}"
        ).format(keys=keys, supported=supported)
    kind = type(document).__name__.replace("list", "array").replace("dict", "object")
    return _("a JSON {kind}, not a deck this program reads; {supported}").format(
        kind=kind, supported=supported
    )


def to_document(deck: Decklist, ids: dict[int, str] | None = None) -> dict[str, Any]:
    """The JSON document of a decklist; ``ids`` maps line numbers to resolved card ids."""
    ids = ids or {}

    def entry(line: DeckLine) -> dict[str, Any]:
        out: dict[str, Any] = {"count": line.count}
        card_id = ids.get(line.line) or line.card_id
        if card_id:
            out["id"] = card_id
        if line.name:
            out["name"] = line.name
        if line.set_code:
            out["set"] = line.set_code
        if line.number:
            out["number"] = line.number
        return out

    document: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": DOCUMENT_VERSION,
        "totem": [entry(x) for x in deck.totem_lines],
        "cards": [entry(x) for x in deck.main_lines],
    }
    if deck.name:
        document["name"] = deck.name
    return document
