"""Issue 43.2: a share code (or a game code) with one character changed says the link is
damaged; it is never read, silently, as another deck or another game. Old codes still read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.processes import ROOT, run_cli
from tests.table.test_rules import play
from totemdeck.api import Catalogue, make_checker, read_deck
from totemdeck.sharecode import ShareCodeError, SharedDeck, decode, encode, share_code
from totemdeck.table import TableError
from totemdeck.table import decode as decode_game
from totemdeck.table import encode as encode_game

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
EXAMPLE = ROOT / "examples" / "charizard-ex.txt"
DECK = SharedDeck.from_text(EXAMPLE.read_text("utf-8"), "Mine")

# Written by totemdeck before codes carried a check (2026-12-01, ``check --share`` of
# examples/charizard-ex.txt; the game of tests/table/test_rules.play('k13', 'n', 'e2+',
# 'e2+s', 'c3')): links already shared must keep working.
OLD_DECK_CODE = (
    "2XVNBbgMhDLzziv2AJWwM7OZaVbn2kA9EarSt2mSjJErVJ_Ud_VgNi4HmNthm8IyNMbvldjhuBjQ4XO8OkLwxL8vH7"
    "89xOW0GsjkezjcPLuHzvACvxRGmuGYBcUzo6_o2AgYqOABRqaQpA048eslNClY-BMxPpKtogZy25IIWcgYkofze3QNa"
    "25gR9WkkECE5UYgkKA07Y3aX_fvpcNkM7Js2z6qElWK6zbDbEldGqZtn2G591BCuJa7pxSpAsKtiOqrUM9tiCxZfXO7"
    "eU39w_YH1QnMI6wUJR25hslwFE2FnfGiYnO8SsVOABbOH4NULmWqsEybyvSmiwqnVQTUz4MQPVaqf7D_VSiYjs6FgmfrU"
    "F1UuSfixm5vvug1lP0dqbTvsvJgeBtebhm06rlsiW7dwjMY8y-LM3_ItDEaJHtIur4BM-kn7z-Fpf3m9yn-y9g8"
)
OLD_GAME_CODE = (
    "gJY5PC4JAEMW_yjKHLo3guv25aq54qQihCJY9bLakRCu5VOqnb1QezDwYfu-N4hiSNqgUJM4Agv-KgEdrcmll2now7Z3Z"
    "DnCFEUIhQaOCnXV0rx7e84BzQb4w_ftjBsMWTNqm6z3bZ3l2lEAUcemEpaYeC36-2hIWkj-_bq1tHLsckiugIMHcIK2df"
    "qF82qfa2bIZszhCDlojPLmIQ3QxRxst5-lplSIeAdB_"
)


def single_changes(code: str) -> list[str]:
    """``code`` with one character replaced, at every place, by three others each."""
    out = []
    for index, char in enumerate(code):
        start = ALPHABET.index(char) if char in ALPHABET else 0
        for step in (1, 17, 40):
            other = ALPHABET[(start + step) % len(ALPHABET)]
            out.append(code[:index] + other + code[index + 1 :])
    return out


def test_every_single_character_change_of_a_deck_code_is_damaged() -> None:
    code = encode(DECK)
    changes = single_changes(code)
    assert len(changes) > 1000
    misread = []
    for changed in changes:
        try:
            decode(changed)
        except ShareCodeError as exc:
            assert "\n" not in str(exc)
            continue
        misread.append(changed)
    assert misread == []


def test_a_change_in_the_body_says_the_link_is_damaged() -> None:
    code = encode(DECK)
    changed = code[:100] + ("A" if code[100] != "A" else "B") + code[101:]
    with pytest.raises(ShareCodeError, match="this link is damaged"):
        decode(changed)


def test_every_single_character_change_of_a_game_code_is_refused() -> None:
    code = encode_game(play("k13", "n", "e2+", "e2+s", "c3"))
    misread = []
    for changed in single_changes(code):
        try:
            decode_game(changed)
        except TableError:
            continue
        misread.append(changed)
    assert misread == []


def test_old_codes_still_read(catalogue: Catalogue) -> None:
    checked = make_checker(catalogue).check_deck(read_deck(str(EXAMPLE)))
    code = share_code(checked)
    assert code is not None and code[0] == "3" and code != OLD_DECK_CODE
    assert decode(OLD_DECK_CODE) == decode(code)  # the same lines, now with a check
    assert decode_game(OLD_GAME_CODE) == play("k13", "n", "e2+", "e2+s", "c3")


@pytest.mark.slow
@pytest.mark.parametrize("shape", ["code", "link"])
def test_a_damaged_link_on_the_command_line_is_one_line_exit_2(
    catalogue_dir: Path, shape: str
) -> None:
    code = encode(DECK)
    changed = code[:50] + ("x" if code[50] != "x" else "y") + code[51:]
    given = changed if shape == "code" else f"https://totem.example/check?d={changed}"
    run = run_cli(["check", given, "--catalogue", str(catalogue_dir)], timeout=120)
    assert run.returncode == 2
    assert run.stderr.startswith("totemdeck: error: ")
    assert "this link is damaged" in run.stderr and run.stderr.count("\n") == 1
