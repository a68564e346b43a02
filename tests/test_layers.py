"""The package's rooms import one way (ARCHITECTURE: "nothing below imports anything above it").

Every ``import totemdeck.X`` — at module level or inside a function — is an edge from the
importing room to room X. A room may import only rooms of a lower layer or its own; a new
room must be given a layer here, so its place in the picture is a decision, not an accident.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from tests.helpers.imports import imported_names, library_modules

PACKAGE = Path(__file__).resolve().parent.parent / "totemdeck"

# Lowest first. Rooms of one layer may not import each other either, unless named together
# in one tuple entry of SIBLINGS.
LAYERS: list[set[str]] = [
    {"base", "_validators", "py.typed"},
    {"i18n"},
    {"files", "codec"},
    {"catalogue"},
    {"findings"},
    {"decklist"},
    {"rules"},
    {"banlist", "export", "stats", "sources", "collection", "table"},
    {"importer", "sharecode", "printing"},
    {"api"},
    {"report", "discord"},
    {"cli", "web"},
    {"__main__"},
]
SIBLINGS = {
    ("cli", "web"),  # `totemdeck serve` starts the web face; the web app never reads the CLI
}


def _room(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0].removesuffix(".py") if len(relative.parts) > 1 else path.stem


@cache
def _imports() -> dict[str, set[str]]:
    """Room → the rooms it imports; read once, when a test first asks (parsing every module
    at collection cost each pytest process ~5 s, the generated validators most of it)."""
    edges: dict[str, set[str]] = defaultdict(set)
    for path in PACKAGE.rglob("*.py"):
        source = _room(path)
        for name in imported_names(path):
            parts = name.split(".")
            if parts[0] == "totemdeck" and len(parts) > 1 and parts[1] != source:
                edges[source].add(parts[1])
    return edges


def _layer(room: str) -> int:
    for index, rooms in enumerate(LAYERS):
        if room in rooms:
            return index
    raise AssertionError(f"room {room!r} has no layer in tests/test_layers.py")


def test_every_room_has_a_layer() -> None:
    rooms = {_room(p) for p in PACKAGE.rglob("*.py")} - {"__init__"}
    for room in rooms:
        _layer(room)


ROOMS = sorted({_room(p) for p in PACKAGE.rglob("*.py")})


@pytest.mark.parametrize("source", ROOMS)
def test_a_room_imports_only_rooms_below_it(source: str) -> None:
    targets = _imports().get(source, set())
    if source == "__init__":  # the package root names the public API lazily: it is the top
        return
    upward = {
        target
        for target in targets
        if _layer(target) > _layer(source)
        or (_layer(target) == _layer(source) and (source, target) not in SIBLINGS)
    }
    assert not upward, f"totemdeck/{source} imports rooms at or above its layer: {sorted(upward)}"


# The web app is a thin face: it asks the front door (totemdeck/api/) and a few rooms every
# face speaks (messages, errors), never rules/, decklist/, sharecode or catalogue internals.
# What it may import is this named list (issue 39.1: a list, not a count), each with why.
WEB_MAY_IMPORT = {
    "totemdeck": "the version, for the footer",
    "totemdeck.api": "the front door",
    "totemdeck.api.cards": "cards and search (not loaded by the CLI's light commands)",
    "totemdeck.api.collection": "My cards: collections and coverage",
    "totemdeck.api.deck": "decks: share codes, exports, stats",
    "totemdeck.api.printing": "Print: proxy and registration sheets",
    "totemdeck.api.build": "Build: whether a card fits the deck, and the deck's edits",
    "totemdeck.api.search": "the search verb, its result and its orders",
    "totemdeck.api.totems": "a Totem's pieces, for the deck pages' Totem tiles",
    "totemdeck.catalogue.localized": "how a card is shown in the page's language (pure)",
    "totemdeck.catalogue.model": "a card's display name and Energy letters (pure)",
    "totemdeck.i18n.terms": "card words (types, stages) in the page's language",
    "totemdeck.catalogue.names": "name keys and evolution places: pure functions of names",
    "totemdeck.catalogue.lru": "the bounded cache the app keeps rendered previews in",
    "totemdeck.base.errors": "the errors every face turns into answers",
    "totemdeck.i18n": "messages in the page's language",
    "totemdeck.report.collection": "the collection's problems, as the CLI says them",
    "totemdeck.table": "the Table: a game as data",
    "totemdeck.files.schemas": "the JSON Schemas the OpenAPI document embeds",
    "totemdeck.discord.replies": "the Discord app's answers",
    "totemdeck.discord.signature": "the Discord app's signature check",
}


def _library_modules_of(folder: Path) -> set[str]:
    """The ``totemdeck.*`` modules (outside ``folder``'s own package) its modules import."""
    return library_modules(folder, "totemdeck." + ".".join(folder.relative_to(PACKAGE).parts))


def test_the_web_app_imports_only_the_modules_named_for_it() -> None:
    modules = _library_modules_of(PACKAGE / "web")
    assert modules <= set(WEB_MAY_IMPORT), sorted(modules - set(WEB_MAY_IMPORT))
    # never rules/, decklist/ or sharecode: Build's marks and edits are verbs of api.build
    reaching = {m for m in modules if m.split(".")[1:2] in (["rules"], ["decklist"], ["sharecode"])}
    assert not reaching, sorted(reaching)
