"""Shared fixtures: the shared data mirror, a local HTTP server, and no other network."""

from __future__ import annotations

import hashlib
import ipaddress
import os
import shutil
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from totemdeck.catalogue.read import Catalogue
from totemdeck.importer import import_sources

# Speed is measured by `make bench`, never by tests: hypothesis's per-example deadline and its
# "too slow" health check turn a loaded CI machine (2 cores) into flaky failures.
settings.register_profile("totemdeck", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("totemdeck")

ROOT = Path(__file__).resolve().parent.parent

# The parsed-data cache (totemdeck.files.datacache) of the tests is their own, in and out of the
# processes they start: a run never reads or writes the person's ~/.cache/totemdeck.
_CACHE = tempfile.TemporaryDirectory(prefix="totemdeck-test-cache-")
os.environ["TOTEMDECK_CACHE"] = _CACHE.name
# The card data mirrors, read in place (CI has them beside the checkout). A clone without them
# still runs every test that does not read them; the others skip, each with one line saying
# why — except under CI (`CI` set), where a missing mirror is a broken set-up and fails.
# TOTEMDECK_TEST_SHARED points elsewhere (tests/test_without_mirrors.py uses it).
SHARED = Path(os.environ.get("TOTEMDECK_TEST_SHARED") or ROOT.parent / "shared")
SHARED_DATA = (SHARED / "data").resolve()
POKEMONTCG = SHARED_DATA / "pokemontcg"
TCGDEX = SHARED_DATA / "tcgdex" / "v2"


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any connection that is not to this machine fails the test."""
    real_connect = socket.socket.connect

    def guarded(self: socket.socket, address: object) -> object:
        host = address[0] if isinstance(address, tuple) else None
        if isinstance(host, str):
            try:
                local = ipaddress.ip_address(host).is_loopback
            except ValueError:
                local = host == "localhost"
            if not local:
                raise RuntimeError(f"test tried to reach the network: {address!r}")
        return real_connect(self, address)  # type: ignore[arg-type]

    monkeypatch.setattr(socket.socket, "connect", guarded)


def _require(path: Path) -> Path:
    if not path.is_dir():
        reason = f"needs the card data mirror {path}, which is missing (CI has it)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; under CI the mirrors must be there")
        pytest.skip(reason)
    return path


@pytest.fixture(scope="session")
def pokemontcg_dir() -> Path:
    return _require(POKEMONTCG)


@pytest.fixture(scope="session")
def tcgdex_dir() -> Path:
    return _require(TCGDEX)


# What the imported catalogue depends on: a change to any of these imports the mirror again.
_IMPORT_INPUTS = ("catalogue", "sources", "importer", "rules", "data", "decklist")


def _import_key() -> str:
    """A digest of the code and data an import reads, and of the mirrors' top folders."""
    digest = hashlib.sha256()
    package = ROOT / "totemdeck"
    files = [package / "__init__.py", ROOT / "schemas" / "card.schema.json", ROOT / "banlist.yaml"]
    for room in _IMPORT_INPUTS:
        files += sorted(p for p in (package / room).rglob("*") if p.is_file())
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    for mirror in (POKEMONTCG, TCGDEX):
        stat = mirror.stat()
        digest.update(f"{mirror}:{stat.st_mtime_ns}:{stat.st_ino}".encode())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session")
def full_catalogue_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both mirrors imported once from their folders (as `totemdeck import --from
    pokemontcg=DIR --from tcgdex=DIR` does), shared by the session: 12 s, where the same
    import over local HTTP took 50 (tests/sources imports real sets over HTTP). With
    TOTEMDECK_TEST_CATALOGUE_CACHE=DIR (`make test-fast`), a catalogue imported by the same
    code from the same mirrors is reused."""
    _require(POKEMONTCG), _require(TCGDEX)  # before the cache key, which reads them
    folder = tmp_path_factory.mktemp("catalogue")
    cache = os.environ.get("TOTEMDECK_TEST_CATALOGUE_CACHE")
    if not cache:
        return _import_full(folder, None)
    # `make test-fast` runs on several workers (pytest-xdist): one imports, the others wait
    # for its cached copy instead of importing too.
    from filelock import FileLock

    Path(cache).mkdir(parents=True, exist_ok=True)
    with FileLock(str(Path(cache) / ".lock")):
        cached = Path(cache) / _import_key() / "catalogue.sqlite"
        if cached.is_file():
            shutil.copy2(cached, folder / "catalogue.sqlite")
            return folder
        return _import_full(folder, cached)


def _import_full(folder: Path, cached: Path | None) -> Path:
    origins = {"pokemontcg": str(_require(POKEMONTCG)), "tcgdex": str(_require(TCGDEX))}
    result = import_sources(str(folder), origins=origins)
    assert result.ok
    if cached is not None:
        for stale in cached.parent.parent.iterdir():  # one cached catalogue at a time
            if stale.is_dir() and stale != cached.parent:
                shutil.rmtree(stale)
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        shutil.copy2(folder / "catalogue.sqlite", partial)
        partial.replace(cached)  # a worker never copies half a catalogue
    return folder


@pytest.fixture(scope="session")
def catalogue(full_catalogue_dir: Path) -> Iterator[Catalogue]:
    cat = Catalogue.open(full_catalogue_dir)
    yield cat
    cat.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that drive Chromium are `browser` tests (`make test-fast` leaves them out)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/ from the current output instead of comparing",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
