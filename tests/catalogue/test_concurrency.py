"""Two writers and a reader on one catalogue, as real processes: nothing lost, nothing torn."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from tests.helpers.mirrors import small_pokemontcg, small_tcgdex
from tests.helpers.processes import run_cli, start_cli
from tests.helpers.server import serve
from totemdeck.catalogue import Catalogue, CatalogueError
from totemdeck.files import locked
from totemdeck.importer import import_sources

pytestmark = pytest.mark.slow  # real processes, stalls and signals: seconds each


@pytest.fixture
def mirrors(tmp_path: Path, pokemontcg_dir: Path, tcgdex_dir: Path) -> tuple[Path, Path]:
    return (
        small_pokemontcg(tmp_path, pokemontcg_dir, ["base1", "swsh9tg"]),
        small_tcgdex(tmp_path, tcgdex_dir, ["bog", "mee"]),
    )


def test_two_imports_at_once_lose_nothing(mirrors: tuple[Path, Path], tmp_path: Path) -> None:
    """Each process imports one source into the same catalogue at the same time. Without a
    lock both copied the empty catalogue and the second swap dropped the first's cards."""
    ptcg, dex = mirrors
    reference = tmp_path / "reference"
    import_sources(str(reference), origins={"pokemontcg": str(ptcg), "tcgdex": str(dex)})
    with Catalogue.open(reference) as cat:
        expected = cat.count()
    shared = str(tmp_path / "shared")
    with serve(ptcg) as (ptcg_url, ptcg_state), serve(dex) as (dex_url, dex_state):
        # Slow answers make the two imports overlap for seconds, whatever starts first.
        ptcg_state.latency = dex_state.latency = 0.4
        runs = [
            start_cli(["import", "-s", name, "--from", url, "--catalogue", shared])
            for name, url in (("pokemontcg", ptcg_url), ("tcgdex", dex_url))
        ]
        outcomes = [(p.wait(timeout=60), *p.communicate()) for p in runs]
    assert [code for code, _out, _err in outcomes] == [0, 0], outcomes
    with Catalogue.open(shared) as cat:
        assert cat.count() == expected
    assert not [p.name for p in Path(shared).iterdir() if p.name.endswith(".tmp")]


def test_a_busy_catalogue_says_so_and_exits_75(mirrors: tuple[Path, Path], tmp_path: Path) -> None:
    ptcg, _dex = mirrors
    folder = tmp_path / "busy"
    folder.mkdir()
    with locked(folder / "catalogue.sqlite"):
        run = run_cli(
            ["import", "--from", str(ptcg), "--catalogue", str(folder)],
            env={"TOTEMDECK_LOCK_TIMEOUT": "0.5"},
        )
    assert run.returncode == 75, run.stderr
    assert "waiting for another totemdeck process" in run.stderr
    assert "is busy" in run.stderr and "Traceback" not in run.stderr
    assert not (folder / "catalogue.sqlite").exists()


def test_a_reader_during_swaps_sees_one_whole_catalogue_or_the_other(
    mirrors: tuple[Path, Path], tmp_path: Path
) -> None:
    ptcg, _dex = mirrors
    folder = tmp_path / "swapping"
    smaller = tmp_path / "smaller"
    smaller.mkdir()
    (smaller / "sets").mkdir()
    (smaller / "cards").mkdir()
    sets = json.loads((ptcg / "sets/en.json").read_text())
    for s in sets:
        s["updatedAt"] = "2099/01/01 00:00:00"
    (smaller / "sets/en.json").write_text(json.dumps(sets))
    (smaller / "cards/en").mkdir()
    for set_file in (ptcg / "cards/en").iterdir():
        cards = json.loads(set_file.read_text())
        (smaller / "cards/en" / set_file.name).write_text(json.dumps(cards[:-10]))
    import_sources(str(folder), ["pokemontcg"], {"pokemontcg": str(ptcg)})
    with Catalogue.open(folder) as cat:
        whole = cat.count()
    seen: list[int] = []
    errors: list[BaseException] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            try:
                with Catalogue.open(folder) as cat:
                    seen.append(cat.count())
                    assert cat.get("base1-4") is not None
            except (CatalogueError, AssertionError) as exc:  # pragma: no cover - the failure
                errors.append(exc)

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for _ in range(3):
            import_sources(str(folder), ["pokemontcg"], {"pokemontcg": str(smaller)}, force=True)
            import_sources(str(folder), ["pokemontcg"], {"pokemontcg": str(ptcg)}, force=True)
    finally:
        stop.set()
        reader.join(10)
    assert not errors
    assert seen and set(seen) <= {whole, whole - 20}
