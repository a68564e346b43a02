"""``banlist add`` with a line break YAML sees and a person does not: refused, not rewritten.

U+0085 (NEL) in a name was written as ``'x<NEL>  y'`` and read back as ``x y``: another name.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totemdeck.banlist.edit import UnwritableText, add_entry
from totemdeck.banlist.io import load_banlist
from totemdeck.cli import main
from totemdeck.rules.banlist import BanEntry

START = "format: Totem Format\nupdated: '2026-01-01'\nentries: []\n"
BREAKS = ["\x85", "\u2028", "\u2029", "\r", "\n", "\x0b", "\x0c", "\x1b", "\t", "\x00"]


@pytest.mark.parametrize("char", BREAKS, ids=ascii)
@pytest.mark.parametrize("field", ["name", "--reason", "--source"])
def test_a_break_in_any_field_is_refused_in_one_line(
    tmp_path: Path, char: str, field: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "banlist.yaml"
    path.write_text(START, encoding="utf-8")
    text = f"x{char}  y"
    values = {"name": "Zygarde", "--reason": "Too strong", "--source": "FAQ"} | {field: text}
    code = main(["banlist", "add", values["name"], "--reason", values["--reason"],
                 "--source", values["--source"], "--force", "--file", str(path)])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2, err
    assert err == (
        f"totemdeck: error: refused: the {field} {text!a} holds a control or line-break "
        "character; write it on one line, in printable characters\n"
    )
    assert path.read_text(encoding="utf-8") == START


@given(name=st.text(min_size=1, max_size=20).filter(lambda t: t.strip() == t and t.strip()))
def test_what_is_written_reads_back_as_the_same_name(
    tmp_path_factory: pytest.TempPathFactory, name: str
) -> None:
    path = tmp_path_factory.mktemp("ban") / "banlist.yaml"
    path.write_text(START, encoding="utf-8")
    banfile = load_banlist(path)
    try:
        text = add_entry(banfile, BanEntry(name, "Too strong", "2026-12-01"), "2026-12-01")
    except UnwritableText:
        return
    except Exception as exc:  # another refusal (an invalid banlist) is fine; a rewrite is not
        assert "refusing to write an invalid banlist" in str(exc)
        return
    path.write_text(text, encoding="utf-8")
    assert [e.name for e in load_banlist(path).banlist.entries] == [name]
