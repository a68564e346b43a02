"""Banlist edits as library verbs: every comment, the order and the bytes around them stay."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totemdeck.banlist.edit import (
    BanlistEditError,
    BanlistLayoutError,
    add_entry,
    remove_entries,
)
from totemdeck.banlist.io import BanlistError, load_banlist, load_banlist_text
from totemdeck.cli import main
from totemdeck.rules.banlist import BanEntry

ROOT = Path(__file__).resolve().parent.parent.parent
TODAY = "2026-12-01"

COMMENTED = """\
# Our banlist (header)
format: Totem Format   # the format's name
updated: '2026-01-01'  # bumped by add and remove
entries:

# Archeops: the ability lock
- name: Archeops   # every print
  reason: Locks evolutions  # see the announcement
  since: '2017-07'

# Red Card: disruption
- name: Red Card
  prints: [xy8-124]  # only this one
  reason: Disruption
  since: '2021-02-03'
# end of the list
"""


def ban(name: str, **extra: object) -> BanEntry:
    return BanEntry(name, "Too strong", "2024-01-01", tuple(extra.get("prints", ())), None)  # type: ignore[arg-type]


def edited(text: str) -> object:
    return load_banlist_text(text, "banlist.yaml")


def test_add_in_the_middle_keeps_every_comment() -> None:
    new = add_entry(edited(COMMENTED), ban("Lysandre's Trump Card"), TODAY)  # type: ignore[arg-type]
    assert new == COMMENTED.replace("'2026-01-01'", f"'{TODAY}'").replace(
        "# Red Card: disruption",
        "- name: Lysandre's Trump Card\n  reason: Too strong\n  since: '2024-01-01'\n\n"
        "# Red Card: disruption",
    )


def test_add_first_and_last() -> None:
    first = add_entry(edited(COMMENTED), ban("Absol"), TODAY)  # type: ignore[arg-type]
    assert (
        "entries:\n\n- name: Absol\n  reason: Too strong\n  since: '2024-01-01'\n\n# Archeops"
        in first
    )
    last = add_entry(edited(COMMENTED), ban("Zygarde", prints=["sm1-1"]), TODAY)  # type: ignore[arg-type]
    assert last.endswith(
        "  since: '2021-02-03'\n\n- name: Zygarde\n  prints: [sm1-1]\n  reason: Too strong\n"
        "  since: '2024-01-01'\n# end of the list\n"
    )


def test_remove_takes_the_entry_and_its_own_comment_only() -> None:
    new = remove_entries(edited(COMMENTED), "archeops", TODAY)  # type: ignore[arg-type]
    assert new == COMMENTED.replace("'2026-01-01'", f"'{TODAY}'").replace(
        "# Archeops: the ability lock\n- name: Archeops   # every print\n"
        "  reason: Locks evolutions  # see the announcement\n  since: '2017-07'\n\n",
        "",
    )
    last = remove_entries(edited(COMMENTED), "Red Card", TODAY)  # type: ignore[arg-type]
    assert last.endswith("  since: '2017-07'\n# end of the list\n")
    assert "# the format's name" in last and "# bumped by add and remove" in last


def test_removing_every_entry_leaves_an_empty_list_and_the_comments() -> None:
    once = remove_entries(edited(COMMENTED), "Archeops", TODAY)  # type: ignore[arg-type]
    empty = remove_entries(edited(once), "Red Card", TODAY)  # type: ignore[arg-type]
    assert "entries: []\n" in empty and empty.endswith("# end of the list\n")
    again = add_entry(edited(empty), ban("Archeops"), TODAY)  # type: ignore[arg-type]
    assert "entries:\n\n- name: Archeops\n" in again


def test_crlf_and_a_missing_final_newline_are_kept() -> None:
    text = COMMENTED.replace("\n", "\r\n").removesuffix("\r\n")
    new = add_entry(edited(text), ban("Ghetsis"), TODAY)  # type: ignore[arg-type]
    assert "\n" not in new.replace("\r\n", "")
    assert "- name: Ghetsis\r\n  reason: Too strong\r\n" in new


def test_indented_and_packed_entries_keep_their_layout() -> None:
    text = "format: x\nupdated: '2026-01-01'\nentries:\n  - name: A\n    reason: abc\n    since: '2020-01'\n  - name: C\n    reason: abc\n    since: '2020-01'\n"
    new = add_entry(edited(text), ban("B"), TODAY)  # type: ignore[arg-type]
    assert (
        "    since: '2020-01'\n  - name: B\n    reason: Too strong\n    since: '2024-01-01'\n  - name: C"
        in new
    )


def test_already_banned_and_not_banned_are_edit_errors() -> None:
    with pytest.raises(BanlistEditError, match="Red Card is already banned") as caught:
        add_entry(edited(COMMENTED), ban("red card", prints=["xy8-124"]), TODAY)  # type: ignore[arg-type]
    assert caught.value.exit_code == 1
    with pytest.raises(BanlistEditError, match="Sableye is not on the banlist"):
        remove_entries(edited(COMMENTED), "Sableye", TODAY)  # type: ignore[arg-type]


def test_an_invalid_result_is_refused_not_returned() -> None:
    with pytest.raises(BanlistEditError, match=r"refusing to write an invalid banlist: .*since"):
        add_entry(edited(COMMENTED), BanEntry("Ghetsis", "Too strong", "2024/01/01"), TODAY)  # type: ignore[arg-type]


def test_a_flow_list_is_refused_with_how_to_fix() -> None:
    text = "format: x\nupdated: '2026-01-01'\nentries: [{name: A, reason: abc, since: '2020-01'}]\n"
    with pytest.raises(
        BanlistLayoutError, match=r"banlist\.yaml:3: entries are written as a flow list"
    ):
        add_entry(edited(text), ban("B"), TODAY)  # type: ignore[arg-type]


NAMES = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")),
    min_size=1,
    max_size=40,
).filter(lambda n: n.strip() == n and n.strip())


@settings(max_examples=150, deadline=None)
@given(NAMES)
def test_add_then_remove_gives_the_project_banlist_back(name: str) -> None:
    """Any name, quoted as YAML needs, lands in order and leaves every other byte alone."""
    original = (ROOT / "banlist.yaml").read_text(encoding="utf-8")
    banfile = load_banlist_text(original, "banlist.yaml")
    if any(e.key == BanEntry(name, "x", "2024").key for e in banfile.banlist.entries):
        return
    updated = banfile.banlist.updated
    added = add_entry(banfile, ban(name), updated or TODAY)
    names = [e.name for e in load_banlist_text(added, "b").banlist.entries]
    assert name in names
    back = remove_entries(load_banlist_text(added, "b"), name, updated or TODAY)
    assert back == original


# ---- through the command line --------------------------------------------------------------


def test_cli_add_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "format-repo" / "banlist.yaml"
    real.parent.mkdir()
    real.write_text(COMMENTED, encoding="utf-8")
    link = tmp_path / "banlist.yaml"
    link.symlink_to(real)
    args = ["banlist", "add", "Ghetsis", "--reason", "Too strong", "--force", "--file", str(link)]
    assert main(args) == 0
    assert link.is_symlink()
    assert "- name: Ghetsis" in real.read_text(encoding="utf-8")
    assert "# Red Card: disruption" in real.read_text(encoding="utf-8")
    assert main(["banlist", "remove", "Ghetsis", "--file", str(link)]) == 0
    assert link.is_symlink() and "Ghetsis" not in real.read_text(encoding="utf-8")


def test_duplicate_keys_are_refused_everywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "banlist.yaml"
    path.write_text(COMMENTED + "entries: []\n", encoding="utf-8")
    with pytest.raises(BanlistError) as caught:
        load_banlist(path)
    assert caught.value.messages == [
        f"{path}:17: the key 'entries' appears twice (first at line 4); keep one"
    ]
    assert main(["banlist", "check", "--schema-only", str(path)]) == 1
    assert main(["banlist", "remove", "Red Card", "--file", str(path)]) == 1
    err = capsys.readouterr().err
    assert "appears twice" in err and "Traceback" not in err
    assert path.read_text(encoding="utf-8").endswith("entries: []\n")  # untouched


@pytest.mark.parametrize("command", ["show", "add", "remove"])
def test_a_directory_as_the_banlist_exits_2(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = {
        "show": ["banlist", "show", str(tmp_path)],
        "add": ["banlist", "add", "X", "--reason", "xyz", "--force", "--file", str(tmp_path)],
        "remove": ["banlist", "remove", "X", "--file", str(tmp_path)],
    }[command]
    assert main(args) == 2
    assert capsys.readouterr().err == f"totemdeck: error: {tmp_path}: is a directory, not a file\n"


def test_a_fifo_as_the_banlist_exits_2_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "banlist.yaml"
    os.mkfifo(fifo)
    assert main(["banlist", "show", str(fifo)]) == 2
    assert main(["banlist", "check", "--schema-only", str(fifo)]) == 2
    assert capsys.readouterr().err.count("not a regular file (a FIFO)") == 2
