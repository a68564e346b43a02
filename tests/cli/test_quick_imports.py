"""What a quick command (``cli.quick``) loads: ``dataclasses`` without ``inspect``, which it
reads only to write the docstring of a class that has none (none of ours)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

DECK = Path(__file__).resolve().parents[2] / "examples" / "charizard-ex.txt"


def _loaded(code: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stderr.splitlines()


@pytest.mark.parametrize(
    "args",
    [["card", "search", "totem:sv3-125 t:supporter"], ["check", str(DECK)], ["totem", "sv3-125"]],
    ids=" ".join,
)
def test_a_quick_command_loads_no_inspect(args: list[str], catalogue_dir: Path) -> None:
    code = (
        "import sys; from totemdeck.cli import main; "
        f"code = main([*{args!r}, '--catalogue', {str(catalogue_dir)!r}]); "
        "print(code, 'dataclasses' in sys.modules, 'inspect' in sys.modules, file=sys.stderr)"
    )
    assert _loaded(code)[-1] in ("0 True False", "1 True False")  # a check may find problems


@pytest.mark.parametrize(
    ("args", "module"),
    [
        # ``totem:`` asks the rules with the Totem's cards: no ``Deck`` nor ``RuleContext``
        (["card", "search", "totem:sv3-125"], "totemdeck.rules.deck"),
        # ``read_deck`` loads ``sharecode`` only for what is not a file (a link or a code)
        (["check", str(DECK)], "totemdeck.sharecode"),
    ],
    ids=["totem-search-no-rules-deck", "file-check-no-share-codec"],
)
def test_a_quick_command_leaves_out_what_it_does_not_need(
    args: list[str], module: str, catalogue_dir: Path
) -> None:
    code = (
        "import sys; from totemdeck.cli import main; "
        f"main([*{args!r}, '--catalogue', {str(catalogue_dir)!r}]); "
        f"print({module!r} in sys.modules, file=sys.stderr)"
    )
    assert _loaded(code)[-1] == "False"


def test_dataclasses_still_write_a_missing_docstring_with_the_real_inspect() -> None:
    code = (
        "import sys; from totemdeck.cli.quick import dataclasses_without_inspect as light; "
        "light(); import dataclasses; print('inspect' in sys.modules, file=sys.stderr); "
        "C = dataclasses.dataclass(type('C', (), {'__annotations__': {'x': 'int'}})); "
        "print(C.__doc__, file=sys.stderr); import inspect; "
        "print(dataclasses.inspect is inspect is sys.modules['inspect'], file=sys.stderr)"
    )
    assert _loaded(code) == ["False", "C(x: 'int')", "True"]


def test_an_inspect_already_loaded_is_left_as_it_is() -> None:
    code = (
        "import sys, inspect; from totemdeck.cli.quick import dataclasses_without_inspect; "
        "dataclasses_without_inspect(); import dataclasses; "
        "print(dataclasses.inspect is inspect, file=sys.stderr)"
    )
    assert _loaded(code) == ["True"]
