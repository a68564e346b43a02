"""Modules already translated stay translated: no English sentence reaches a person there
without ``_``/``ngettext``.

An AST scan finds text handed to the places people read — an exception being raised,
``fail``/``warn``/``typer.echo``, a ``Finding`` or ``ParseProblem`` message, a rendered row
— and flags a literal or f-string that holds words and is not a message id. Add a module
to ``TRANSLATED`` when its strings are wrapped; ``unwrapped()`` lists what is left.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "totemdeck"
TRANSLATED = [
    "api/core.py",
    "api/collection.py",
    "api/table.py",
    "banlist/checks.py",
    "banlist/edit.py",
    "banlist/io.py",
    "catalogue/read.py",
    "cli/check.py",
    "cli/export.py",
    "cli/importing.py",
    "cli/language.py",
    "cli/output.py",
    "cli/rules.py",
    "cli/serve.py",
    "decklist/jsondeck.py",
    "decklist/otherjson.py",
    "decklist/parse.py",
    "decklist/read.py",
    "decklist/lookups.py",
    "decklist/numbered.py",
    "decklist/resolve.py",
    "export/formats.py",
    "files/common.py",
    "files/lock.py",
    "files/read.py",
    "files/write.py",
    "findings/__init__.py",
    "i18n/__init__.py",
    "importer/__init__.py",
    "report/card.py",
    "report/importing.py",
    "report/plot.py",
    "report/rules.py",
    "report/stats_text.py",
    "report/totem_table.py",
    "report/text.py",
    "rules/ambiguity.py",
    "rules/audit.py",
    "rules/checks/_common.py",
    "rules/checks/composition.py",
    "rules/checks/identity.py",
    "rules/checks/limits.py",
    "rules/checks/totem_zone.py",
    "rules/format.py",
    "findings/registry.py",
    "rules/totem.py",
    "files/safeyaml.py",
    "files/schemas.py",
    "sources/failures.py",
    "sources/http.py",
    "sources/session.py",
    "sources/pokemontcg/client.py",
    "sources/pokemontcg/provider.py",
    "sources/tcgdex/client.py",
    "sources/tcgdex/provider.py",
    "sharecode/__init__.py",
    "sharecode/cards.py",
    "sharecode/links.py",
    "codec/__init__.py",
    "codec/check.py",
    "cli/streams.py",
    "files/descriptors.py",
]
# Calls whose text arguments a person reads.
SINKS = {"fail", "warn", "echo", "Finding", "ParseProblem", "BadParameter", "append"}
TRANSLATORS = {"_", "ngettext", "N_"}
WORDS = re.compile(r"[A-Za-z]{3,} [A-Za-z]{2,}")  # two words: a phrase, not an id or a key
STYLE = re.compile(r"^(?:(?:bold|dim|italic|underline|red|green|yellow|blue|cyan) ?)+$")  # rich


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _texts(node: ast.expr) -> Iterator[str]:
    """The words of literal or f-string arguments (inside tuples and lists too)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        yield "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    elif isinstance(node, (ast.Tuple, ast.List)):
        for element in node.elts:
            yield from _texts(element)


def _is_error_class(name: str) -> bool:
    return name.endswith(("Error", "Missing", "Failed", "Unavailable", "Exception")) or name in {
        "BadOrigin",
        "NotFound",
        "CannotWrite",
        "UnknownLanguage",
    }


def unwrapped(source: str, where: str) -> Iterator[str]:
    """``where:line: text`` for each untranslated phrase handed to a person in ``source``."""
    kept = {n for n, line in enumerate(source.splitlines(), start=1) if "# i18n: keep" in line}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or node.lineno in kept:
            continue
        callee = _name(node.func)
        if callee in TRANSLATORS or not (callee in SINKS or _is_error_class(callee)):
            continue
        for argument in [*node.args, *(k.value for k in node.keywords)]:
            for text in _texts(argument):
                if WORDS.search(text) and not STYLE.match(text):
                    yield f"{where}:{argument.lineno}: {text!r}"


@pytest.mark.parametrize("module", TRANSLATED)
def test_translated_modules_stay_translated(module: str) -> None:
    path = PACKAGE / module
    found = list(unwrapped(path.read_text(encoding="utf-8"), f"totemdeck/{module}"))
    assert not found, "wrap these in _() (README: Translating):\n" + "\n".join(found)


def test_the_scan_finds_an_unwrapped_phrase() -> None:
    source = (
        "def f(path):\n"
        "    raise DecklistError(f'{path}: no such file')\n"
        "def g(path):\n"
        "    raise DecklistError(_('{path}: no such file').format(path=path))\n"
        "def h(rows, n):\n"
        "    rows.append(('label', f'Opening hand {n} cards'))\n"
        "    rows.append(('id', 'sv3-125'))\n"
        "    out.append(f'Total Cards: {n}')  # i18n: keep\n"
    )
    found = list(unwrapped(source, "sample.py"))
    assert [x.split(": ")[0] for x in found] == ["sample.py:2", "sample.py:6"]


if __name__ == "__main__":  # the sweep's to-do list: python -m tests.i18n.test_wrapped
    for path in sorted(PACKAGE.rglob("*.py")):
        if "_validators" not in path.parts:
            relative = path.relative_to(PACKAGE.parent).as_posix()
            for line in unwrapped(path.read_text(encoding="utf-8"), relative):
                print(line)


IMPORTS = re.compile(r"from totemdeck\.i18n import (\([^)]*\)|[^\n]*)")


def _assigns_underscore(source: str) -> list[int]:
    """Lines that bind ``_`` (``a, _, b = …``, ``for _ in``): in a module that imports the
    translator, that shadows it in the whole function and ``_("…")`` breaks there."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            lines.append(node.lineno)
    return lines


def test_no_module_that_translates_rebinds_underscore() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        imports = IMPORTS.findall(source)
        if any(re.search(r"(?<![\w.])_(?!\w)", names) for names in imports):
            found += [
                f"{path.relative_to(PACKAGE.parent)}:{n}" for n in _assigns_underscore(source)
            ]
    assert not found, "rename these throwaway `_` names (they hide the translator):\n" + "\n".join(
        found
    )
