"""Tabletop Simulator saves of the wrong shape: read as holding no cards, never a TypeError."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.mirrors import small_pokemontcg
from totemdeck.cli import main
from totemdeck.decklist.jsondeck import parse_json_deck
from totemdeck.importer import import_sources

ODD = [5, 1.5, True, "cards", {"Name": "Card"}, None]


@pytest.fixture(scope="module")
def cat(tmp_path_factory: pytest.TempPathFactory, pokemontcg_dir: Path) -> Path:
    root = tmp_path_factory.mktemp("tts")
    import_sources(
        str(root / "cat"),
        ["pokemontcg"],
        {"pokemontcg": str(small_pokemontcg(root, pokemontcg_dir, ["base1"]))},
    )
    return root / "cat"


def saves(value: object) -> dict[str, object]:
    return {
        "ObjectStates": {"ObjectStates": value},
        "ContainedObjects": {"ObjectStates": [{"Name": "Deck", "ContainedObjects": value}]},
        "a deck alone": {"Name": "Deck", "ContainedObjects": value},
    }


@pytest.mark.parametrize(
    "command", [["check"], ["stats"], ["export", "--to", "json"]], ids=lambda c: c[0]
)
@pytest.mark.parametrize("where", ["ObjectStates", "ContainedObjects", "a deck alone"])
@pytest.mark.parametrize("value", ODD, ids=repr)
def test_a_non_list_is_a_save_with_no_cards(
    cat: Path, tmp_path: Path, command: list[str], where: str, value: object,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    deck = tmp_path / "save.json"
    deck.write_text(json.dumps(saves(value)[where]), encoding="utf-8")
    code = main([command[0], str(deck), *command[1:], "--catalogue", str(cat)])
    out, err = capsys.readouterr()
    if command[0] == "stats":  # stats describes any deck, legal or not
        assert code == 0, err
        assert "main deck 0 cards" in out
        return
    assert code in (1, 2), err
    assert "a Tabletop Simulator save with no deck of cards in it" in out + err


@settings(max_examples=200)
@given(value=st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["Name", "Nickname", "ContainedObjects", "CustomDeck", "FaceURL"]),
        inner, max_size=3),
    max_leaves=12,
))  # fmt: skip
def test_any_shape_of_save_parses_without_an_exception(value: object) -> None:
    for save in saves(value).values():
        parsed = parse_json_deck(json.dumps(save), "save.json")
        assert parsed.source == "save.json"
