"""Issue 43.4: the parsed-data cache (``totemdeck.files.datacache``) cannot lie, crash or hang.

A real ``check`` of a deck holding a banned Red Card fills the cache; then its entries are
altered on disk as a broken disk or a meddler would (the data changed behind a stored text
that still matches, one bit flipped, the entry poisoned, a huge marshal list, a FIFO or a
link to ``/dev/zero`` in its place). The next ``check`` must give the same verdict (exit 1,
``banned``), with no traceback, and end.
"""

from __future__ import annotations

import marshal
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers.processes import ROOT
from totemdeck.files import datacache

pytestmark = pytest.mark.slow

BANLIST = """format: Totem Format
updated: "2026-01-01"
entries:
  - name: Red Card
    reason: Banned in Expanded
    since: "2026-01-01"
"""
HEAD = len(datacache._MAGIC) + 32  # the magic line and the digest


def check(place: Path, catalogue: Path) -> subprocess.CompletedProcess[str]:
    args = ["check", str(place / "deck.txt"), "--banlist", str(place / "banlist.yaml"),
            "--catalogue", str(catalogue)]  # fmt: skip
    env = {**os.environ, datacache.CACHE_ENV: str(place / "cache"), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "totemdeck", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)  # fmt: skip


def _split(path: Path) -> tuple[bytes, tuple[object, ...]]:
    raw = path.read_bytes()
    return raw[:HEAD], marshal.loads(raw[HEAD:])


def _data_changed(change: Callable[[object], object], digest: bool) -> Callable[[Path], None]:
    def alter(path: Path) -> None:
        head, (fmt, text, data) = _split(path)
        blob = marshal.dumps((fmt, text, change(data)))
        if digest:  # a meddler who also writes the digest anew
            head = datacache._MAGIC + datacache._digest(blob)
        path.write_bytes(head + blob)

    return alter


def _ban_dropped(data: object) -> object:
    """The banlist without its entry; the format file with a 60-card deck (any lie)."""
    if isinstance(data, dict):
        return {**data, "deck_size": 60}
    return (*data[:3], ())  # type: ignore[index]


def _renamed(data: object) -> object:
    name, updated, comment, entries = data  # type: ignore[misc]
    return (name, updated, comment, tuple(("Red Care", *e[1:]) for e in entries))


def _flip_last_bit(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    raw[-2] ^= 1
    path.write_bytes(bytes(raw))


def _huge_list(path: Path) -> None:
    blob = b"[" + (0x7FFFFFFF).to_bytes(4, "little")  # marshal: a list of 2**31 - 1 items
    path.write_bytes(datacache._MAGIC + datacache._digest(blob) + blob)


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _to_dev_zero(path: Path) -> None:
    path.unlink()
    path.symlink_to("/dev/zero")


ALTERATIONS: dict[str, Callable[[Path], None]] = {
    "the ban dropped from the data": _data_changed(_ban_dropped, digest=False),
    "Red Card renamed Red Care in the data": _data_changed(_renamed, digest=False),
    "one bit flipped": _flip_last_bit,
    "poisoned": _data_changed(lambda d: {"entries": 5}, digest=False),
    "poisoned, digest written anew": _data_changed(lambda d: {"entries": 5}, digest=True),
    "a huge marshal list": _huge_list,
    "cut short": lambda path: path.write_bytes(path.read_bytes()[: HEAD + 3]),
    "a FIFO": _fifo,
    "a link to /dev/zero": _to_dev_zero,
}


@pytest.mark.parametrize("kind", ["banlist", "format"])
@pytest.mark.parametrize("alteration", sorted(ALTERATIONS))
def test_an_altered_cache_entry_never_changes_the_verdict(
    tmp_path: Path, catalogue_dir: Path, alteration: str, kind: str
) -> None:
    deck = (ROOT / "examples" / "charizard-ex.txt").read_text("utf-8") + "1 Red Card GEN 71\n"
    (tmp_path / "deck.txt").write_text(deck, encoding="utf-8")
    (tmp_path / "banlist.yaml").write_text(BANLIST, encoding="utf-8")
    first = check(tmp_path, catalogue_dir)
    assert first.returncode == 1 and "banned" in first.stdout, first.stdout + first.stderr
    (entry,) = (tmp_path / "cache").glob(f"{kind}-*.marshal")
    if kind == "format" and "Red Card" in alteration:
        pytest.skip("the format file's data holds no ban")
    ALTERATIONS[alteration](entry)
    again = check(tmp_path, catalogue_dir)
    assert "Traceback" not in again.stderr, again.stderr
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout)
