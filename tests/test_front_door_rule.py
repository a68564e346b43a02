"""Issue 39.1: the front door is one. ``totemdeck/api/`` holds the verbs and the types they
take and return, nothing else, and the package's rooms import one way, without a loop.

The rule, read from the code: every public name of an ``api`` module is
- a verb: a function defined in that module, with a docstring (a thin function over the
  library that a face calls); or
- a type or constant defined in that module; or
- an imported class that a verb of that module takes or returns (in its annotations), or an
  exception one of its verbs raises (named in the verb's docstring).
Imported functions and modules are not: a face that needs one gets a verb, or imports the
module from its named list (``CLI_MAY_IMPORT``, ``WEB_MAY_IMPORT``) with its reason.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from pathlib import Path

import pytest

import totemdeck.api
from scripts.import_graph import loops, room_graph

API = Path(totemdeck.api.__file__).parent
MODULES = sorted(p.stem for p in API.glob("*.py") if p.stem != "__init__")


def _assigned(path: Path) -> set[str]:
    """The names a module binds by assignment, def or class at its top level."""
    names: set[str] = set()
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


def _names_in(annotation: object) -> set[str]:
    """Every name an annotation (a string, under ``from __future__ import annotations``)
    mentions: ``X | None``, ``list[X]``, ``tuple[X, ...]``, ``mod.X`` …"""
    tree = ast.parse(str(annotation), mode="eval")
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
    }


def _verbs(module: object) -> list[object]:
    name = module.__name__  # type: ignore[attr-defined]
    return [
        value
        for value in vars(module).values()
        if inspect.isfunction(value) and value.__module__ == name and value.__doc__
    ]


def _parts(cls: type) -> dict[str, object]:
    """The classes a result's fields name, found where the result's module can see them."""
    home = vars(sys.modules[cls.__module__])
    named = set().union(*(_names_in(a) for a in getattr(cls, "__annotations__", {}).values()))
    return {name: home[name] for name in named if isinstance(home.get(name), type)}


def _carried(module: object) -> tuple[set[str], str]:
    """The names of the types the module's verbs take or return — and the types of their
    results' fields, which a face reads (a checked deck's report, its findings) — and the
    verbs' docstrings."""
    classes: set[str] = set()
    for verb in _verbs(module):
        for annotation in verb.__annotations__.values():  # type: ignore[attr-defined]
            classes |= _names_in(annotation)
    queue = [v for n in classes if isinstance(v := getattr(module, n, None), type)]
    while queue:
        for name, part in _parts(queue.pop()).items():
            if name not in classes:
                classes.add(name)
                queue.append(part)  # type: ignore[arg-type]
    docs = " ".join(verb.__doc__ or "" for verb in _verbs(module))  # type: ignore[attr-defined]
    return classes, docs


def _misfits(name: str) -> list[str]:
    module = importlib.import_module(f"totemdeck.api.{name}")
    own = _assigned(API / f"{name}.py")
    classes, docs = _carried(module)
    wrong = []
    if not hasattr(module, "__all__"):
        return ["no __all__: what the module hands a face is not written down"]
    for public in module.__all__:
        value = getattr(module, public)
        if public in own:
            if inspect.isfunction(value) and not value.__doc__:
                wrong.append(f"{public}: a verb without a docstring")
            continue
        if inspect.ismodule(value) or not isinstance(value, type):
            wrong.append(f"{public}: {type(value).__name__} passed through from elsewhere")
        elif public not in classes and not (issubclass(value, Exception) and public in docs):
            wrong.append(f"{public}: a type no verb of api.{name} takes, returns or raises")
    return wrong


@pytest.mark.parametrize("name", MODULES)
def test_every_public_name_of_an_api_module_is_a_verb_or_what_a_verb_carries(name: str) -> None:
    assert not _misfits(name), f"totemdeck/api/{name}.py: " + "; ".join(_misfits(name))


def test_the_front_door_names_only_what_its_modules_export() -> None:
    """``totemdeck.api``'s names each live in an api module that exports them (so the rule
    above covers them): the front door hands out nothing from another room directly."""
    outside = {
        name: home
        for name, home in totemdeck.api._VERBS.items()
        if not home.startswith("totemdeck.api.")
        or name not in importlib.import_module(home).__all__
    }
    assert not outside, sorted(outside.items())


def test_the_rule_sees_a_passed_through_function(tmp_path: Path) -> None:
    """The check can fail: a module that re-exports a library function is caught."""
    (tmp_path / "mod.py").write_text("from os.path import join\n__all__ = ['join']\n", "utf-8")
    assert "join" not in _assigned(tmp_path / "mod.py")


def test_no_room_of_the_package_is_in_an_import_loop() -> None:
    """A loop of rooms (``search ↔ api`` before) has no floor: nothing may be one."""
    assert loops(room_graph()) == []


def test_the_loop_finder_finds_a_loop() -> None:
    assert loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert loops({"a": {"b"}, "b": set()}) == []
