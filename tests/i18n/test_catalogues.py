"""The message catalogues are complete, current and faithful to their placeholders."""

from __future__ import annotations

import gettext
import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from scripts.messages import LANGUAGES, TEMPLATE, compiled, mo_path, po_path, template


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def _ids(catalog: Catalog) -> set[object]:
    return {m.id for m in catalog if m.id}


def _forms(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


PERCENT_FIELD = re.compile(r"%\((\w+)\)[sd]")  # Jinja's {% trans %} blocks: %(name)s


def placeholders(text: str) -> set[str]:
    """``{name}``, ``{n}``, ``{value!r}``, ``{p:.1%}``, ``%(name)s`` → the fields with their
    conversions."""
    fields = {f"%({name})" for name in PERCENT_FIELD.findall(text)}
    for _literal, field, spec, conversion in string.Formatter().parse(text):
        if field is not None:
            fields.add(f"{field}!{conversion or ''}:{spec or ''}")
    return fields


@pytest.fixture(scope="module")
def pot() -> Catalog:
    return _read(TEMPLATE)


@pytest.fixture(scope="module", params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def po(language: str) -> Catalog:
    return _read(po_path(language), language)


def test_the_template_holds_every_message_of_the_code() -> None:
    """Fails when a message was added, changed or removed without `make messages`."""
    current = _ids(template())
    shipped = _ids(_read(TEMPLATE))
    assert not current - shipped, f"run `make messages`: new messages {current - shipped}"
    assert not shipped - current, f"run `make messages`: gone messages {shipped - current}"


def test_each_catalogue_is_merged_with_the_template(pot: Catalog, po: Catalog) -> None:
    assert _ids(po) == _ids(pot), "run `make messages`"


def test_every_message_is_translated(po: Catalog, language: str) -> None:
    missing = [m.id for m in po if m.id and (m.fuzzy or not all(_forms(m.string)))]
    assert not missing, f"{len(missing)} messages lack a {language} translation: {missing[:10]}"


def _placeholder_problems(message: Message) -> list[str]:
    ids = _forms(message.id)
    wanted = set().union(*(placeholders(x) for x in ids))
    problems = []
    for form in _forms(message.string):
        if form and placeholders(form) != wanted:
            problems.append(f"{ids[0]!r}: {sorted(wanted)} ≠ {sorted(placeholders(form))}")
    return problems


def test_translations_keep_every_placeholder(po: Catalog) -> None:
    problems = [p for m in po if m.id for p in _placeholder_problems(m)]
    assert not problems, "\n".join(problems)


def test_the_placeholder_check_can_fail() -> None:
    dropped = Message("{name} carries {types}", "{name} lleva tipos")
    renamed = Message("{n} error", "{count} error")
    kept = Message(("{n} error", "{n} errors"), ("{n} error", "{n} errores"))
    jinja = Message("%(count)s cards in %(deck)s", "%(count)s cartas en %(mazo)s")
    assert _placeholder_problems(dropped) and _placeholder_problems(renamed)
    assert _placeholder_problems(jinja)
    assert not _placeholder_problems(kept)


def test_the_compiled_catalogue_matches_its_source(po: Catalog, language: str) -> None:
    """The committed .mo is what `make messages` compiles from the committed .po."""
    shipped = gettext.GNUTranslations(io.BytesIO(mo_path(language).read_bytes()))
    fresh = gettext.GNUTranslations(io.BytesIO(compiled(po)))
    assert shipped._catalog == fresh._catalog, "run `make messages`"  # type: ignore[attr-defined]
