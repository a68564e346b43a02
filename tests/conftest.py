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
# (the public repository's) runs every unit test on the committed fixture mirror instead
# (tests/fixtures/mirror/, a few sets of both sources cut by scripts/fixture_mirror.py); the
# tests that need the whole mirrors (counts over every print, sweep goldens, real corpora
# naming cards outside the fixture's sets) skip, each with one line saying why — except under
# CI (`CI` set), where a missing mirror is a broken set-up and fails.
# TOTEMDECK_TEST_SHARED points elsewhere (tests/test_without_mirrors.py uses it).
SHARED = Path(os.environ.get("TOTEMDECK_TEST_SHARED") or ROOT.parent / "shared")
SHARED_DATA = (SHARED / "data").resolve()
POKEMONTCG = SHARED_DATA / "pokemontcg"
TCGDEX = SHARED_DATA / "tcgdex" / "v2"
FIXTURE_MIRROR = ROOT / "tests" / "fixtures" / "mirror"
FIXTURE_POKEMONTCG = FIXTURE_MIRROR / "pokemontcg"
FIXTURE_TCGDEX = FIXTURE_MIRROR / "tcgdex" / "v2"


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


def _missing() -> bool:
    return not (POKEMONTCG.is_dir() and TCGDEX.is_dir())


def _require(path: Path) -> Path:
    if not path.is_dir():
        reason = f"needs the card data mirror {path}, which is missing (CI has it)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; under CI the mirrors must be there")
        pytest.skip(reason)
    return path


# The fixtures that read the whole mirrors. A test that asks for one (itself, or through a
# module's fixture) says in one line which of their data it needs, with
# @pytest.mark.full_mirrors("…") on it or its module: without ../shared it skips with that
# line; a test without the mark fails.
FULL_FIXTURES = frozenset(
    ("full_catalogue", "full_catalogue_dir", "full_pokemontcg_dir", "full_tcgdex_dir")
)


def _needs_full(item: pytest.Item) -> bool:
    """It asks for a full fixture, or is marked itself (a parameter that reads the whole
    catalogue through ``request.getfixturevalue``); a module's mark alone does not count."""
    if FULL_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    return any(mark.name == "full_mirrors" for mark in item.own_markers)


def full_mirrors_reason(item: pytest.Item) -> str | None:
    """The line a test that needs the whole mirrors skips with when they are missing."""
    mark = item.get_closest_marker("full_mirrors")
    if mark is None:
        return None
    return f"needs the full card data mirrors ({SHARED_DATA}, missing; CI has them): {mark.args[0]}"


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test that reads the whole mirrors without saying which data fails, with or without
    them: its skip would say only the folder's name."""
    if _needs_full(item) and full_mirrors_reason(item) is None:
        pytest.fail(
            'reads the full mirrors: say which data with @pytest.mark.full_mirrors("…")',
            pytrace=False,
        )


@pytest.fixture(scope="session")
def pokemontcg_dir() -> Path:
    """The fixture mirror's pokemon-tcg-data (base1 and swsh9tg whole, prints of 147 more sets)."""
    return FIXTURE_POKEMONTCG


@pytest.fixture(scope="session")
def tcgdex_dir() -> Path:
    """The fixture mirror's TCGdex copy, en and es (base1, bog, mee, exu whole, prints of 135
    more sets)."""
    return FIXTURE_TCGDEX


@pytest.fixture(scope="session")
def full_pokemontcg_dir() -> Path:
    return _require(POKEMONTCG)


@pytest.fixture(scope="session")
def full_tcgdex_dir() -> Path:
    return _require(TCGDEX)


# What the imported catalogue depends on: a change to any of these imports the mirror again.
_IMPORT_INPUTS = ("catalogue", "sources", "importer", "rules", "data", "decklist")


def _import_key(mirrors: tuple[Path, Path]) -> str:
    """A digest of the code and data an import reads, and of the mirrors' top folders."""
    digest = hashlib.sha256()
    package = ROOT / "totemdeck"
    files = [package / "__init__.py", ROOT / "schemas" / "card.schema.json", ROOT / "banlist.yaml"]
    for room in _IMPORT_INPUTS:
        files += sorted(p for p in (package / room).rglob("*") if p.is_file())
    if mirrors[0].is_relative_to(FIXTURE_MIRROR):  # committed: its bytes are the key
        files += sorted(p for p in FIXTURE_MIRROR.rglob("*") if p.is_file())
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    for mirror in mirrors:
        stat = mirror.stat()
        digest.update(f"{mirror}:{stat.st_mtime_ns}:{stat.st_ino}".encode())
    return digest.hexdigest()[:16]


def _imported(folder: Path, mirrors: tuple[Path, Path]) -> Path:
    """Both mirrors imported from their folders (as `totemdeck import --from
    pokemontcg=DIR --from tcgdex=DIR` does) into ``folder``. With
    TOTEMDECK_TEST_CATALOGUE_CACHE=DIR (`make test`), a catalogue imported by the same code
    from the same mirrors is reused; of several workers (pytest-xdist) one imports, the
    others wait for its cached copy instead of importing too."""
    cache = os.environ.get("TOTEMDECK_TEST_CATALOGUE_CACHE")
    if not cache:
        return _import(folder, mirrors, None)
    from filelock import FileLock

    Path(cache).mkdir(parents=True, exist_ok=True)
    with FileLock(str(Path(cache) / ".lock")):
        key = _import_key(mirrors)
        cached = Path(cache) / key / "catalogue.sqlite"
        if cached.is_file():
            shutil.copy2(cached, folder / "catalogue.sqlite")
            return folder
        return _import(folder, mirrors, cached)


def _import(folder: Path, mirrors: tuple[Path, Path], cached: Path | None) -> Path:
    origins = {"pokemontcg": str(mirrors[0]), "tcgdex": str(mirrors[1])}
    result = import_sources(str(folder), origins=origins)
    assert result.ok
    if cached is not None:
        kind = "fixture" if mirrors[0].is_relative_to(FIXTURE_MIRROR) else "full"
        for stale in cached.parent.parent.iterdir():  # one cached catalogue of each kind
            if stale.is_dir() and stale != cached.parent and (stale / kind).exists():
                shutil.rmtree(stale)
        cached.parent.mkdir(parents=True, exist_ok=True)
        (cached.parent / kind).touch()
        partial = cached.with_suffix(".partial")
        shutil.copy2(folder / "catalogue.sqlite", partial)
        partial.replace(cached)  # a worker never copies half a catalogue
    return folder


@pytest.fixture(scope="session")
def catalogue_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The committed fixture mirror imported once for the session (a few seconds): what the
    unit tests read, with or without ../shared, so they pass in any clone."""
    return _imported(tmp_path_factory.mktemp("catalogue"), (FIXTURE_POKEMONTCG, FIXTURE_TCGDEX))


@pytest.fixture(scope="session")
def full_catalogue_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both whole mirrors imported once for the session (~1 min), for the tests that need
    every print; they skip (fail under CI) without ../shared."""
    mirrors = (_require(POKEMONTCG), _require(TCGDEX))  # before the cache key, which reads them
    return _imported(tmp_path_factory.mktemp("full-catalogue"), mirrors)


@pytest.fixture(scope="session")
def catalogue(catalogue_dir: Path) -> Iterator[Catalogue]:
    """The fixture catalogue (see ``catalogue_dir``)."""
    cat = Catalogue.open(catalogue_dir)
    yield cat
    cat.close()


@pytest.fixture(scope="session")
def full_catalogue(full_catalogue_dir: Path) -> Iterator[Catalogue]:
    """The whole catalogue (see ``full_catalogue_dir``)."""
    cat = Catalogue.open(full_catalogue_dir)
    yield cat
    cat.close()


@pytest.fixture
def catalogue_as_marked(request: pytest.FixtureRequest) -> Catalogue:
    """The whole catalogue for a test or parameter marked full_mirrors itself (it skips
    without ../shared), the fixture catalogue for the others: one test body for both."""
    own = any(mark.name == "full_mirrors" for mark in request.node.own_markers)
    catalogue: Catalogue = request.getfixturevalue("full_catalogue" if own else "catalogue")
    return catalogue


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that drive Chromium are `browser` tests (`make test-fast` leaves them out), all
    in one process (one xdist group: `make test`'s second pass runs the slow tests on the
    other core beside them, never two browsers at once, which took each other's focus); the
    tests that need the whole mirrors skip without them, each saying which data (not under
    CI, where the fixtures fail instead: a missing mirror there is a broken set-up)."""
    skip = _missing() and not os.environ.get("CI")
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser"))
        reason = full_mirrors_reason(item) if skip and _needs_full(item) else None
        if reason:
            item.add_marker(pytest.mark.skip(reason=reason))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/ from the current output instead of comparing",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
