"""Hostile and clumsy decklist input (issue 16): one-line errors or findings, never a hang."""

from __future__ import annotations

import codecs
import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from totemdeck.decklist import DecklistError, parse, read_decklist
from totemdeck.decklist.read import MAX_BYTES, MAX_LINES

ROOT = Path(__file__).resolve().parent.parent.parent


def read_within(path: str, seconds: float = 20.0) -> object:
    """``read_decklist(path)`` in a thread: a hang fails the test instead of stalling it."""
    outcome: list[object] = []
    worker = threading.Thread(target=lambda: outcome.append(_attempt(path)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert outcome, f"reading {path} did not finish within {seconds} s"
    return outcome[0]


def _attempt(path: str) -> object:
    try:
        return read_decklist(path)
    except DecklistError as exc:
        return exc


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.fifo"
    os.mkfifo(fifo)
    outcome = read_within(str(fifo))
    assert isinstance(outcome, DecklistError)
    assert str(outcome).startswith(f"{fifo}: is not a regular file")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_an_endless_device_is_refused(tmp_path: Path) -> None:
    outcome = read_within("/dev/zero")
    assert isinstance(outcome, DecklistError) and "is not a regular file" in str(outcome)
    link = tmp_path / "deck.txt"
    link.symlink_to("/dev/zero")  # a symlink is followed, and its target judged
    assert "is not a regular file" in str(read_within(str(link)))


def test_the_cap_counts_bytes_read_from_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    endless = io.BufferedReader(io.BytesIO(b"1 Iono\n" * (MAX_BYTES // 3)))  # stands for /dev/zero
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(endless))
    with pytest.raises(DecklistError, match=r"^<stdin>: the file is over the \d+ byte limit"):
        read_decklist("-")


@pytest.mark.parametrize("stdin", [None, "closed"])
def test_a_closed_standard_input(monkeypatch: pytest.MonkeyPatch, stdin: str | None) -> None:
    stream = None
    if stdin == "closed":
        stream = io.TextIOWrapper(io.BufferedReader(io.BytesIO(b"1 Iono\n")))
        stream.close()
    monkeypatch.setattr(sys, "stdin", stream)
    with pytest.raises(DecklistError, match=r"^<stdin>: standard input is closed"):
        read_decklist("-")


def test_check_dash_with_fd_0_closed_is_one_line_and_exit_2(tmp_path: Path) -> None:
    run = subprocess.run(
        [
            "bash",
            "-c",
            f'exec "{sys.executable}" -m totemdeck check - --catalogue "{tmp_path}" 0<&-',
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        timeout=60,
    )
    assert "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert run.returncode == 2 and len(lines) == 1, run.stderr


@pytest.mark.parametrize(
    ("bom", "codec"),
    [(codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be")],
)
def test_utf32_is_not_read_as_utf16(tmp_path: Path, bom: bytes, codec: str) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(bom + "Pokémon: 1\n1 Iono PAL 185\n".encode(codec))
    deck = read_decklist(str(path))
    assert [(x.name, x.set_code, x.number) for x in deck.lines] == [("Iono", "PAL", "185")]
    assert not deck.problems


def test_broken_utf32_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(codecs.BOM_UTF32_LE + b"\xff\xff\xff\xff")
    with pytest.raises(DecklistError, match="broken UTF-32 text"):
        read_decklist(str(path))


def test_exactly_the_line_limit_with_a_final_newline_is_read(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"1 Iono\n" * MAX_LINES)
    assert len(read_decklist(str(path)).lines) == MAX_LINES


@pytest.mark.parametrize("count", ["²", "٣٣٣٣٣٣٣", "9" * 5000])
def test_odd_header_counts_are_problems_not_tracebacks(count: str) -> None:
    deck = parse(f"Energy: {count}\n1 Iono\nPokémon - {count}\n")
    assert [x.name for x in deck.lines] == ["Iono"]
    assert len(deck.problems) == 2


@pytest.mark.parametrize(
    ("mojibake", "header", "name"),
    [
        ("PokÃ©mon: 1\n1 PokÃ©gear 3.0 SVI 186\n", "Pokémon", "Pokégear 3.0"),
        ("Ã‰nergie: 1\n1 Ã‰nergie Feu de base SVE 2\n", "Énergie", "Énergie Feu de base"),
    ],
)
def test_text_that_went_through_the_wrong_encoding_is_repaired(
    tmp_path: Path, mojibake: str, header: str, name: str
) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(mojibake.encode("utf-8"))
    deck = read_decklist(str(path))
    assert not deck.problems
    assert [x.name for x in deck.lines] == [name]
    assert deck.headers[0].raw.startswith(header)


def test_good_text_is_left_alone(tmp_path: Path) -> None:
    text = "Pokémon: 1\n1 Boss’s Orders PAL 172\n1 Ñandú ★ δ ◇ Â\n"
    path = tmp_path / "deck.txt"
    path.write_bytes(text.encode("utf-8"))
    assert [x.raw for x in read_decklist(str(path)).lines] == text.splitlines()[1:]
