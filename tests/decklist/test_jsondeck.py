"""JSON decks: our document, other tools' JSON, and hostile JSON (one problem, no traceback)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totemdeck.decklist import parse
from totemdeck.decklist.jsondeck import to_document

DOC = {"format": "totem", "version": 1, "totem": [], "cards": []}


def document(**cards: object) -> str:
    return json.dumps({**DOC, "cards": [cards]})


def only_problem(text: str) -> str:
    deck = parse(text)
    assert not deck.lines and len(deck.problems) == 1, deck
    return deck.problems[0].message


@pytest.mark.parametrize("count", ["1.0", "99.0", "1e0", "2.5"])
def test_counts_must_be_integers(count: str) -> None:
    text = document(count=0, name="Absol", set="SFA", number="30").replace(
        '"count": 0', f'"count": {count}'
    )
    message = only_problem(text)
    assert message == f"not a deck document: cards[0].count: {count} is not of type 'integer'"


def test_an_integer_count_still_reads() -> None:
    deck = parse(document(count=1, name="Absol", set="SFA", number="30"))
    assert [(x.count, x.name, x.set_code, x.number) for x in deck.lines] == [
        (1, "Absol", "SFA", "30")
    ]
    assert isinstance(deck.lines[0].count, int)


def test_a_number_of_thousands_of_digits_is_shortened() -> None:
    message = only_problem(
        document(count=1, name="Absol").replace('"count": 1', '"count": ' + "7" * 5000)
    )
    assert "is not of type 'integer'" in message and "(5000 characters)" in message
    assert len(message) < 200


@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_json_nested_thousands_deep(opener: str) -> None:
    assert only_problem(opener * 100_000) == "the JSON is nested too deeply to be a deck"


def test_a_lone_surrogate() -> None:
    text = document(count=1, name="Absol").replace('"Absol"', '"Ab\\ud800sol"')
    assert "lone surrogate" in only_problem(text)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('{"name": "my deck", "list": []}', "keys: 'list', 'name'"),
        ('[{"qty": 4, "card": "Iono"}]', "a JSON array, not a deck"),
        ("[1, 2]", "a JSON array, not a deck"),
        ('{"ObjectStates": []}', "a Tabletop Simulator save with no deck of cards"),
    ],
)
def test_json_of_a_shape_we_do_not_read_is_one_line(text: str, fragment: str) -> None:
    message = only_problem(text)
    assert fragment in message and "\n" not in message


def test_a_long_single_line_of_json_is_never_a_bare_malformed_line() -> None:
    text = json.dumps({"deck": [{"name": "Iono", "n": i} for i in range(200)]})
    assert len(text) > 5000
    message = only_problem(text)
    assert message.startswith("a JSON object that is not a deck this program reads (keys: 'deck')")
    assert len(message) < 300


def test_a_bracketed_header_is_not_json() -> None:
    deck = parse("[Pokémon]\n1 Iono PAL 185\n")
    assert [x.name for x in deck.lines] == ["Iono"] and len(deck.problems) == 1


def test_tabletop_simulator_save_reads_names_and_prints() -> None:
    card = {
        "Name": "CardCustom",
        "Nickname": "Battle Compressor Team Flare Gear",
        "CustomDeck": {"3": {"FaceURL": "https://images.pokemontcg.io/xy4/92_hires.png"}},
    }
    other = {"Name": "CardCustom", "Nickname": "Mew", "CustomDeck": {"4": {"FaceURL": "x.png"}}}
    save = {"ObjectStates": [{"Name": "Deck", "ContainedObjects": [card, card, other]}]}
    deck = parse(json.dumps(save))
    assert not deck.problems
    assert [(x.count, x.name, x.set_code, x.number) for x in deck.lines] == [
        (2, "Battle Compressor Team Flare Gear", "xy4", "92"),
        (1, "Mew", None, None),
    ]


def test_limitless_decklist_reads_each_section() -> None:
    limitless = {
        "pokemon": [{"count": 1, "name": "Charizard ex", "set": "OBF", "number": "125"}],
        "trainer": [{"count": 4, "name": "Ultra Ball", "set": "SVI", "number": 196}],
        "energy": [{"count": 1.0, "name": "Fire Energy"}],
    }
    deck = parse(json.dumps(limitless))
    assert [(x.section, x.count, x.name, x.set_code, x.number) for x in deck.lines] == [
        ("pokemon", 1, "Charizard ex", "OBF", "125"),
        ("trainer", 4, "Ultra Ball", "SVI", "196"),
    ]
    assert len(deck.problems) == 1 and "count of 1–999" in deck.problems[0].message


LITERAL = """{
    "pokemon": [
        { "count": 4, "name": "Terrakion", "set": "NVI", "number": "73" },
        { "count": 3, "name": "Mewtwo-EX", "set": "NXD", "number": "54" },
    ], "trainer": [
        { "count": 4, "name": "Professor Juniper", "set": "BLW", "number": "101" },
    ], "energy": [
        { "count": 9, "name": "Fighting Energy, [x]", "set": "BLW", "number": "110" },
    ]
}"""


def test_a_javascript_object_literal_with_trailing_commas_reads_as_its_json() -> None:
    """Decklists kept in a site's JavaScript (a results table) end each entry with a comma;
    the commas before a closing bracket are dropped, never a comma inside a string."""
    deck = parse(LITERAL)
    strict = re.sub(r",(\s*[\]}])", r"\1", LITERAL)
    assert json.loads(strict)  # the same document without the trailing commas
    assert not deck.problems
    assert [(x.section, x.count, x.name, x.number) for x in deck.lines] == [
        (x.section, x.count, x.name, x.number) for x in parse(strict).lines
    ]
    assert deck.lines[-1].name == "Fighting Energy, [x]"


@pytest.mark.parametrize("text", ['{"a": 1,, }', '{"pokemon": [,]}', '{"a": "x",}x'])
def test_a_comma_that_is_not_trailing_is_still_bad_json(text: str) -> None:
    assert "JSON" in only_problem(text) or "not a deck" in only_problem(text)


def test_the_document_round_trips() -> None:
    deck = parse("Totem: 1 Charizard ex OBF 125\n4 Ultra Ball SVI 196\n1 sv3-125\n")
    again = parse(json.dumps(to_document(deck)))
    assert [
        (x.count, x.name, x.set_code, x.number, x.card_id, x.section == "totem")
        for x in again.lines
    ] == [
        (x.count, x.name, x.set_code, x.number, x.card_id, x.section == "totem") for x in deck.lines
    ]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(
    st.fixed_dictionaries(
        {"format": st.just("totem"), "version": st.just(1)},
        optional={"totem": JSON_VALUES, "cards": JSON_VALUES, "name": JSON_VALUES},
    )
    | JSON_VALUES
)
def test_no_json_value_crashes_the_reader(value: object) -> None:
    deck = parse(json.dumps(value))
    for line in deck.lines:
        assert type(line.count) is int and 1 <= line.count <= 999
    for problem in deck.problems:
        assert "\n" not in problem.message


def test_the_real_tabletop_simulator_export_in_the_corpus() -> None:
    path = Path(__file__).parent.parent / "decklists" / "wild" / "tts-importer-tts-deck.json"
    if not path.exists():
        pytest.skip("the corpus lands with issue 13's collection")
    deck = parse(path.read_text(encoding="utf-8"))
    assert not deck.problems and sum(x.count for x in deck.lines) == 36
    assert all(x.set_code and x.number for x in deck.lines)


_ENTRY = st.fixed_dictionaries(
    {"count": st.integers(1, 4), "name": st.text('Abc {}[]",:é\n', min_size=1, max_size=8)}
)


@settings(max_examples=60)
@given(
    totem=st.lists(_ENTRY, min_size=1, max_size=2),
    cards=st.lists(_ENTRY, max_size=5),
    indent=st.sampled_from([None, 1, 2, 4]),
)
def test_each_entry_of_a_document_is_placed_on_the_line_where_it_begins(
    totem: list[dict[str, object]], cards: list[dict[str, object]], indent: int | None
) -> None:
    """FORMAT.md: a finding in a JSON deck names the entry and the file line it begins on."""
    text = json.dumps(
        {"format": "totem", "version": 1, "totem": totem, "cards": cards}, indent=indent
    )
    deck = parse(text)
    labels = [f"totem[{i}]" for i in range(len(totem))] + [f"cards[{i}]" for i in range(len(cards))]
    assert [entry for _line, entry, _at in deck.places] == labels
    assert [line for line, _entry, _at in deck.places] == [x.line for x in deck.lines]
    # the line each entry begins on: the one holding its opening brace
    starts = [m.start() for m in re.finditer(r"\{\s*\"(?:count|name)\"", text)]
    assert [at for _line, _entry, at in deck.places] == [text.count("\n", 0, s) + 1 for s in starts]
