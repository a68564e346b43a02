"""Build's edits keep every other line (unmatched ones included) and the deck's name."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from totemdeck.sharecode import SharedDeck
from totemdeck.sharecode import edit as deckedit

DECK = SharedDeck(
    (
        "Totem: 1 sv3-125",
        "Pokémon: 2",
        "1 Charmander PAF 7",
        "1 Charizzard OBF 999",
        "please add two more",
        "Energy: 17",
        "17 Basic {R} Energy SVE 2",
        "Total Cards: 20",
    ),
    "Fire",
)


def test_a_count_changes_one_line_and_drops_the_declared_counts() -> None:
    edited = deckedit.with_count(DECK, 7, 20)
    assert edited.lines == (
        "Totem: 1 sv3-125", "Pokémon:", "1 Charmander PAF 7", "1 Charizzard OBF 999",
        "please add two more", "Energy:", "20 Basic {R} Energy SVE 2", "",
    )  # fmt: skip
    assert edited.name == "Fire"
    assert deckedit.with_count(DECK, 3, 0).lines[2] == ""  # 0 removes the card line
    assert deckedit.with_count(DECK, 5, 3) == DECK  # not a card line: nothing to count


def test_add_appends_or_counts_up_an_id_line() -> None:
    once = deckedit.add(DECK, "sv3-26")
    assert once.lines[-1] == "1 sv3-26"
    assert deckedit.add(once, "sv3-26").lines[-1] == "2 sv3-26"
    bare = SharedDeck(("Totem:", "1 sv3-125"))
    assert deckedit.add(bare, "sv3-26").lines == ("Totem:", "1 sv3-125", "Main deck:", "1 sv3-26")


def test_changing_the_totem_keeps_every_other_line() -> None:
    without = deckedit.without_totem(DECK)
    assert "Totem: 1 sv3-125" not in without.lines
    assert "1 Charizzard OBF 999" in without.lines and "please add two more" in without.lines
    again = deckedit.with_totem(without, ["sv3pt5-6"])
    assert again.lines[:3] == ("Totem:", "1 sv3pt5-6", "Main deck:")
    assert again.decklist().totem_lines[0].card_id == "sv3pt5-6"
    assert len(again.decklist().main_lines) == len(DECK.decklist().main_lines)


@given(st.integers(1, 8), st.integers(0, 100))
def test_an_edit_touches_only_its_line(line: int, count: int) -> None:
    edited = deckedit.with_count(DECK, line, count)
    if edited == DECK:  # not a card line: the deck as it was
        assert deckedit.count_of(DECK, line) is None
        return
    plain = deckedit.Editor(DECK).lines  # the headers' counts dropped, nothing else
    assert len(edited.lines) == len(DECK.lines)
    changed = [n for n, (a, b) in enumerate(zip(plain, edited.lines, strict=True)) if a != b]
    assert changed in ([], [line - 1])


def test_a_typed_line_goes_last_in_the_main_deck_as_typed() -> None:
    edited = deckedit.with_line(DECK, "  3   Gastly  TEF 48 ")
    assert edited.lines[-1] == "3 Gastly TEF 48" and edited.name == "Fire"
    assert list(edited.lines[:-1]) == deckedit._undeclared(DECK)[:-1]  # "Total Cards" dropped
    assert deckedit.with_line(DECK, "Arven").lines[-1] == "1 Arven"  # no count: one copy
    assert deckedit.with_line(DECK, "   ") == DECK


def test_a_typed_line_after_a_list_that_ends_in_its_totem_is_in_the_main_deck() -> None:
    only_totem = SharedDeck(("Totem:", "1 Gardevoir ex SVI 86", ""), None)
    edited = deckedit.with_line(only_totem, "1 Ralts SVI 84")
    assert edited.lines == ("Totem:", "1 Gardevoir ex SVI 86", "Main deck:", "1 Ralts SVI 84")
    parsed = edited.decklist()
    assert [x.is_totem for x in parsed.lines] == [True, False]
    assert deckedit.ends_in_totem(only_totem.decklist())
    assert not deckedit.ends_in_totem(edited.decklist())
