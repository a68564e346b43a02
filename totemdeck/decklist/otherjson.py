"""The JSON decks other tools write: a Tabletop Simulator deck save (pokemoncard.io's and the
importers' "TTS export": a ``Deck`` object whose cards carry their name and a pokemontcg.io
image address that says set and number), and a Limitless decklist
(``{"pokemon": [...], "trainer": [...], "energy": [...]}``). ``jsondeck`` decides which a
document is; the save may be any JSON at all, so every value is checked before use.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from totemdeck.base.lazy import LazyPattern
from totemdeck.decklist.model import MAX_COUNT, DeckLine, Decklist, ParseProblem
from totemdeck.i18n import _

LIMITLESS_SECTIONS = {"pokemon": "pokemon", "trainer": "trainer", "energy": "energy"}
# https://images.pokemontcg.io/<set id>/<number>[_hires].png: the print a TTS card shows.
_POKEMONTCG_IMAGE = LazyPattern(
    r"^https?://images\.pokemontcg\.io/(?P<set>[A-Za-z0-9.]++)/(?P<number>[A-Za-z0-9]++)"
    r"(?:_hires)?\.(?:png|jpe?g|webp)$"
)


def problem_deck(message: str, source: str, line: int = 1) -> Decklist:
    """A decklist that is only one problem: what is wrong with the whole document."""
    return Decklist((), (), (ParseProblem(line, "", message),), source)


def tabletop_simulator(document: dict[str, Any], source: str) -> Decklist:
    """A Tabletop Simulator save: each card's nickname, and set/number from its image."""
    cards: list[dict[str, Any]] = []
    for state in _listed(document.get("ObjectStates")):
        if not isinstance(state, dict):
            continue
        if named(state, "Card", "CardCustom"):
            cards.append(state)
        cards += [c for c in _listed(state.get("ContainedObjects")) if isinstance(c, dict)]
    if not cards:
        return problem_deck(_("a Tabletop Simulator save with no deck of cards in it"), source)
    seen: Counter[tuple[str, str | None, str | None]] = Counter()
    for card in cards:
        name = card.get("Nickname")
        if not isinstance(name, str) or not name.strip():
            continue
        set_id, number = _image_print(card)
        seen[(" ".join(name.split()), set_id, number)] += 1
    lines = tuple(
        DeckLine(
            line=ordinal,
            raw=f"{count} {name}" + (f" {set_id} {number}" if number else ""),
            section=None,
            count=count,
            name=name,
            set_code=set_id,
            number=number,
        )
        for ordinal, ((name, set_id, number), count) in enumerate(seen.items(), start=1)
    )
    if not lines:
        return problem_deck(_("a Tabletop Simulator save whose cards have no names"), source)
    return Decklist(lines, (), (), source)


def named(state: dict[str, Any], *names: str) -> bool:
    """Whether a save object's ``Name`` is one of ``names`` (it may be any JSON at all)."""
    name = state.get("Name")
    return isinstance(name, str) and name in names


def _listed(value: Any) -> list[Any]:
    """A save's list of objects; anything else (``5``, ``true``, an object) holds none."""
    return value if isinstance(value, list) else []


def _image_print(card: dict[str, Any]) -> tuple[str | None, str | None]:
    """Set id and number from a TTS card's pokemontcg.io image address, if it has one."""
    faces = card.get("CustomDeck")
    for face in faces.values() if isinstance(faces, dict) else []:
        url = face.get("FaceURL") if isinstance(face, dict) else None
        found = _POKEMONTCG_IMAGE.match(url.strip()) if isinstance(url, str) else None
        if found:
            return found.group("set"), found.group("number")
    return None, None


def limitless(document: dict[str, Any], source: str) -> Decklist:
    """A Limitless decklist: sections of ``{"count", "name", "set", "number"}`` entries."""
    lines: list[DeckLine] = []
    problems: list[ParseProblem] = []
    ordinal = 0
    for key, section in LIMITLESS_SECTIONS.items():
        entries = document.get(key)
        for entry in entries if isinstance(entries, list) else []:
            ordinal += 1
            raw = json.dumps(entry, ensure_ascii=False, default=repr)[:200]
            count = entry.get("count") if isinstance(entry, dict) else None
            name = entry.get("name") if isinstance(entry, dict) else None
            if not (
                isinstance(count, int)
                and type(count) is not bool
                and 1 <= count <= MAX_COUNT
                and isinstance(name, str)
                and name.strip()
            ):
                problems.append(
                    ParseProblem(
                        ordinal,
                        raw,
                        _("a Limitless entry needs a count of 1–{limit} and a name").format(
                            limit=MAX_COUNT
                        ),
                    )
                )
                continue
            set_code, number = entry.get("set"), entry.get("number")
            lines.append(
                DeckLine(
                    ordinal,
                    raw,
                    section,
                    count,
                    " ".join(name.split()),
                    set_code=set_code if isinstance(set_code, str) else None,
                    number=str(number) if type(number) in {str, int} and number != "" else None,
                )
            )
    return Decklist(tuple(lines), (), tuple(problems), source)
