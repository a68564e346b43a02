"""The public API: every name in ``totemdeck.__all__`` resolves, lazily, and the package is typed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import totemdeck

PACKAGE = Path(totemdeck.__file__).parent


@pytest.mark.parametrize("name", totemdeck.__all__)
def test_every_public_name_resolves(name: str) -> None:
    assert getattr(totemdeck, name) is not None


def test_all_lists_exactly_the_lazy_names() -> None:
    assert set(totemdeck.__all__) == {"__version__", *totemdeck._EXPORTS}


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        _ = totemdeck.no_such_thing  # type: ignore[attr-defined]


def test_importing_the_package_loads_no_submodule() -> None:
    """``totemdeck --version`` and every command start from this import: keep it bare."""
    code = (
        "import sys, totemdeck; print(sorted(m for m in sys.modules if m.startswith('totemdeck.')))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert (
        run.stdout.strip() == "['totemdeck.base', 'totemdeck.base.lazy']"
    )  # the 30-line helper that names the rest


def test_the_package_ships_py_typed() -> None:
    assert (PACKAGE / "py.typed").is_file()
