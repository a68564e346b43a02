"""Hostile banlist and format files through the whole path, as a user or attacker writes them.

Each generated file goes through ``banlist check``, then ``check`` / ``export`` / ``stats``
with it as ``--banlist`` or ``--format-file``: only documented exits (0, 1, 2), never an
exception escaping, and every error a single line.
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from totemdeck.cli import main

ROOT = Path(__file__).resolve().parent.parent.parent
DECK = str(ROOT / "examples/charizard-ex.txt")
FORMAT = yaml.safe_load((ROOT / "totemdeck/data/format.yaml").read_text(encoding="utf-8"))
BANLIST = (ROOT / "banlist.yaml").read_text(encoding="utf-8")

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)


def run(args: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, err.getvalue()


def assert_documented(code: int, err: str) -> None:
    assert code in (0, 1, 2), (code, err)
    assert "Traceback" not in err
    for line in err.splitlines():
        assert line.startswith(("totemdeck: ", "/", "  /")), err  # details are indented


def mutate_format(path: list[str], value: object) -> dict[str, object]:
    """The packaged format with the value at ``path`` replaced (or added)."""
    data = yaml.safe_load(yaml.safe_dump(FORMAT))
    place = data
    for key in path[:-1]:
        if not isinstance(place.get(key), dict):
            place[key] = {}
        place = place[key]
    place[path[-1]] = value
    return data  # type: ignore[no-any-return]


FORMAT_PATHS = st.sampled_from(
    [["deck_size"], ["totem_cards", "legend"], ["totem_cards", "v_union"], ["limits", "ace_spec"],
     ["invocation_cost", "Basic"], ["invocation_cost"], ["restored_column"],
     ["colorless_restriction"], ["singleton", "any_number_phrases"], ["special_energy", "overrides"],
     ["format"], ["version"], ["extra"]]
)  # fmt: skip


@pytest.fixture(scope="module")
def cat(catalogue_dir: Path) -> list[str]:
    return ["--catalogue", str(catalogue_dir)]


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=FORMAT_PATHS, value=VALUES)
def test_format_files_with_any_value_anywhere(
    cat: list[str], path: list[str], value: object
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "format.yaml"
        target.write_text(yaml.safe_dump(mutate_format(path, value), allow_unicode=True))
        for command in (
            ["check", DECK],
            ["export", DECK, "--to", "csv", "--allow-illegal"],
            ["stats", DECK, "--card", "Charmander", "--format", "json"],
        ):
            assert_documented(*run([*command, "--format-file", str(target), *cat]))


def edits(text: str) -> st.SearchStrategy[str]:
    """The text with a slice replaced by YAML-ish noise, or cut, or doubled."""
    noise = st.text(
        alphabet=st.sampled_from(list("- :[]{}&*!#'\"\n\t ,?|>%@`ab12é\x00\ufeff")), max_size=30
    )
    return st.tuples(st.integers(0, len(text)), st.integers(0, 40), noise).map(
        lambda t: text[: t[0]] + t[2] + text[t[0] + t[1] :]
    )


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=edits(BANLIST))
def test_banlists_with_random_damage(cat: list[str], text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "banlist.yaml"
        target.write_text(text, encoding="utf-8")
        assert_documented(*run(["banlist", "check", "--schema-only", str(target)]))
        assert_documented(*run(["banlist", "show", str(target), "--format", "json"]))
        assert_documented(*run(["check", DECK, "--banlist", str(target), *cat]))
        code, err = run(["banlist", "add", "Ghetsis", "--reason", "Too strong", "--force",
                         "--file", str(target)])  # fmt: skip
        assert_documented(code, err)
        if code == 0:  # a file good enough to edit stays loadable after the edit
            assert_documented(*run(["banlist", "remove", "Ghetsis", "--file", str(target)]))


@settings(max_examples=80, deadline=None)
@given(raw=st.binary(max_size=300))
def test_banlists_of_any_bytes(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "banlist.yaml"
        target.write_bytes(raw)
        assert_documented(*run(["banlist", "check", "--schema-only", str(target)]))
        assert_documented(*run(["banlist", "show", str(target)]))
