"""``--from DIR`` read like the user's files: regular files only, capped by the bytes read.

A FIFO used to block the import forever (``stat()`` then ``read_bytes()``) and a file linked
to a device was read to the end of memory (the cap trusted ``st_size``, 0 for a device).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg, small_tcgdex
from tests.helpers.processes import run_cli
from tests.hostile.test_catalogue_place import own_null_device
from totemdeck.sources.http import FetchError, Location


def _fifo(path: Path, _tmp: Path) -> str:
    path.unlink()
    os.mkfifo(path)
    return "a FIFO"


def _device_link(path: Path, tmp: Path) -> str:
    device = own_null_device(tmp)
    path.unlink()
    path.symlink_to(device)
    return "a character device"


SPECIAL = {"fifo": _fifo, "device link": _device_link}
# (source, file below the mirror) → whether the whole import fails (a set list) or one set
FILES = {
    "pokemontcg set list": ("pokemontcg", "sets/en.json"),
    "pokemontcg set file": ("pokemontcg", "cards/en/base1.json"),
    "tcgdex set list": ("tcgdex", "en/sets.json"),
    "tcgdex set": ("tcgdex", "en/sets/base1.json"),
}


@pytest.mark.parametrize("special", sorted(SPECIAL))
@pytest.mark.parametrize("place", sorted(FILES))
def test_a_special_file_in_a_source_folder_is_refused_at_once(
    tmp_path: Path, pokemontcg_dir: Path, tcgdex_dir: Path, place: str, special: str
) -> None:
    source, relative = FILES[place]
    mirror = (
        small_pokemontcg(tmp_path, pokemontcg_dir, ["base1"])
        if source == "pokemontcg"
        else small_tcgdex(tmp_path, tcgdex_dir, ["base1"])
    )
    target = mirror / relative
    kind = SPECIAL[special](target, tmp_path)
    run = run_cli(
        ["import", "-s", source, "--from", str(mirror), "--catalogue", str(tmp_path / "c")],
        timeout=60,
    )
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr
    said = f"{target}: not a regular file ({kind})"
    assert said in run.stdout + run.stderr
    assert not (tmp_path / "c" / "catalogue.sqlite").exists()


def test_the_cap_counts_the_bytes_read_not_the_size_claimed(tmp_path: Path) -> None:
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "en.json").write_text("[" + "1," * 600 + "1]")
    location = Location(str(tmp_path), max_bytes=1000)
    with pytest.raises(FetchError) as caught:
        location.fetch_json("sets/en.json")
    assert str(caught.value) == f"{tmp_path / 'sets' / 'en.json'}: over the 1000 byte limit"
