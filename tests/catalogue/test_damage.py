"""A damaged catalogue file: every reader says so in one line (exit 2); import rebuilds it."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers.mirrors import prints_in, small_pokemontcg
from totemdeck.catalogue import Catalogue, CatalogueDamaged
from totemdeck.cli import main
from totemdeck.importer import import_sources

pytestmark = pytest.mark.full_mirrors(
    "whole sets of pokemon-tcg-data (base1, sv3, swsh9tg: each damaged page holds cards)"
)

PAGE = 4096


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory, full_pokemontcg_dir: Path) -> Path:
    pokemontcg_dir = full_pokemontcg_dir  # whole sets: the damaged pages hold cards
    root = tmp_path_factory.mktemp("pristine")
    mirror = small_pokemontcg(root, pokemontcg_dir, ["base1", "sv3", "swsh9tg"])
    import_sources(str(root / "cat"), ["pokemontcg"], {"pokemontcg": str(mirror)})
    return root / "cat" / "catalogue.sqlite"


def _garble_pages(path: Path) -> None:
    """Every page after the first two overwritten in its middle, as a bad disk would."""
    data = bytearray(path.read_bytes())
    for start in range(2 * PAGE, len(data), PAGE):
        data[start + 100 : start + 300] = b"\xa5" * 200
    path.write_bytes(bytes(data))


def _truncate_by_a_byte(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:-1])


def _garble_header(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[0:16] = b"not a database!\0"
    path.write_bytes(bytes(data))


DAMAGES: dict[str, Callable[[Path], None]] = {
    "garbled pages": _garble_pages,
    "truncated by a byte": _truncate_by_a_byte,
    "garbled header": _garble_header,
}


@pytest.fixture(params=sorted(DAMAGES))
def damaged(request: pytest.FixtureRequest, pristine: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "cat"
    folder.mkdir()
    shutil.copy(pristine, folder / "catalogue.sqlite")
    DAMAGES[request.param](folder / "catalogue.sqlite")
    return folder


READERS = [
    ["card", "show", "sv3-125"],
    ["card", "search", "Charizard"],
    ["check", "examples/charizard-ex.txt"],
]


@pytest.mark.parametrize("command", READERS, ids=lambda c: " ".join(c[:2]))
def test_every_reader_says_damaged_in_one_line(
    damaged: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main([*command, "--catalogue", str(damaged)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and "catalogue" in err and "damaged" in err
    assert "totemdeck import" in err


@pytest.mark.parametrize("mapped", [False, True], ids=["read", "mapped"])
def test_the_library_raises_catalogue_damaged(damaged: Path, mapped: bool) -> None:
    with pytest.raises(CatalogueDamaged), Catalogue.open(damaged, mapped=mapped) as cat:
        for card_id in ("base1-4", "sv3-125", "swsh9tg-TG01"):
            cat.get(card_id)
        cat.count()
        list(cat.sets())
        cat.by_name("Charizard ex")


def test_import_rebuilds_over_a_damaged_catalogue(
    damaged: Path, tmp_path: Path, pokemontcg_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mirror = small_pokemontcg(tmp_path, pokemontcg_dir, ["base1", "sv3"])
    assert main(["import", "--from", str(mirror), "--catalogue", str(damaged)]) == 0
    assert "damaged" in capsys.readouterr().err  # it says why it starts afresh
    with Catalogue.open(damaged) as cat:
        assert cat.count() == prints_in(mirror)
        charizard = cat.get("sv3-125")
        assert charizard is not None and charizard.name == "Charizard ex"


def test_only_a_mapped_reader_maps_the_file(catalogue_dir: Path) -> None:
    """The CLI's search maps the file (``damage.MAP_BYTES``); every other reader reads it."""
    from totemdeck.catalogue.damage import MAP_BYTES

    for mapped, size in ((False, 0), (True, MAP_BYTES)):
        with Catalogue.open(catalogue_dir, mapped=mapped) as cat:
            assert cat._db.execute("PRAGMA mmap_size").fetchone()[0] == size


def test_the_cli_search_maps_the_file_and_a_check_reads_it(
    catalogue_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import totemdeck.catalogue.read as read

    opened: list[bool] = []
    real = read.connect_read_only

    def recording(path: Path, any_thread: bool = False, mapped: bool = False) -> object:
        opened.append(mapped)
        return real(path, any_thread, mapped)

    monkeypatch.setattr(read, "connect_read_only", recording)
    assert main(["card", "search", "Charizard", "--catalogue", str(catalogue_dir)]) == 0
    main(["check", "examples/charizard-ex.txt", "--catalogue", str(catalogue_dir)])
    capsys.readouterr()
    assert opened == [True, False]
