"""Extract, merge and compile the message catalogues (``make messages``).

1. Extract: every ``_``/``ngettext``/``N_`` call in ``totemdeck/`` (Babel's Python
   extractor) plus every help text of the CLI's command tree (typer keeps them as plain
   strings; ``totemdeck.cli.language.localise`` translates them at start-up), into
   ``totemdeck/i18n/locale/totemdeck.pot``.
2. Merge the template into each ``<lang>/LC_MESSAGES/totemdeck.po`` (new messages appear
   untranslated or fuzzy, gone ones are dropped).
3. Compile each ``.po`` to the ``.mo`` the stdlib ``gettext`` reads at run time. The
   ``.mo`` files are committed, so a clean clone works without Babel; a test fails when
   they, or the template, are out of date.

Files are rewritten only when a message changed (not for a new date in the header), and
without line numbers, so editing code around a message does not touch the catalogues.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "totemdeck"
LOCALE_DIR = PACKAGE / "i18n" / "locale"
DOMAIN = "totemdeck"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
LANGUAGES = ("es",)  # English is the source language: its messages are the msgids
WIDTH = 100
METHOD_MAP = [
    ("_validators/**.py", "ignore"),
    ("catalogue/search/_grammar.py", "ignore"),
    ("**.py", "python"),
    # the web app's templates mark their words with jinja2's i18n extension: _(), ngettext()
    ("web/templates/**.html", "jinja2.ext:babel_extract"),
]
OPTIONS_MAP = {
    "web/templates/**.html": {
        "extensions": "jinja2.ext.i18n",
        "trim_blocks": "true",
        "lstrip_blocks": "true",
    }
}
VOLATILE_HEADERS = ('"POT-Creation-Date:', '"PO-Revision-Date:', '"Project-Id-Version:')


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _code_messages() -> Iterator[tuple[str | tuple[str, ...], str, list[str]]]:
    for filename, _lineno, message, comments, _context in extract_from_dir(
        PACKAGE,
        method_map=METHOD_MAP,
        options_map=OPTIONS_MAP,
        keywords=DEFAULT_KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        yield message, f"totemdeck/{filename}", comments


def _help_messages() -> Iterator[tuple[str, str, list[str]]]:
    sys.path.insert(0, str(ROOT))
    from typer.main import get_command

    from totemdeck.cli import app
    from totemdeck.cli.language import add_lang_options, help_texts

    command = get_command(app)
    add_lang_options(command)
    for where, text in help_texts(command):
        yield text, "totemdeck/cli", [f"help: {where}"]


def template() -> Catalog:
    """Every message the program can say, as the ``.pot`` holds them."""
    from totemdeck import __version__

    catalog = Catalog(project="totemdeck", version=__version__, charset="utf-8", fuzzy=False)
    for message, location, comments in [*_code_messages(), *_help_messages()]:
        catalog.add(message, None, [(location, None)], auto_comments=comments)
    return catalog


def render_po(catalog: Catalog) -> str:
    buffer = io.BytesIO()
    write_po(
        buffer, catalog, width=WIDTH, include_lineno=False, sort_output=True, ignore_obsolete=True
    )
    return buffer.getvalue().decode("utf-8")


def _stable(text: str) -> str:
    return "\n".join(x for x in text.splitlines() if not x.startswith(VOLATILE_HEADERS))


def _write_if_changed(path: Path, text: str) -> bool:
    if path.exists() and _stable(path.read_text(encoding="utf-8")) == _stable(text):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def merged(language: str, pot: Catalog) -> Catalog:
    """The language's catalogue updated to the template (fuzzy guesses for changed ids)."""
    path = po_path(language)
    if path.exists():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language)
    else:
        catalog = Catalog(locale=language, project="totemdeck", charset="utf-8", fuzzy=False)
    catalog.update(pot, update_header_comment=False)
    catalog.obsolete.clear()
    return catalog


def _complete(translation: str | tuple[str, ...] | list[str] | None) -> bool:
    """Every form filled (a plural message has one string per plural form)."""
    if isinstance(translation, str):
        return bool(translation)
    return bool(translation) and all(translation)


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def main() -> int:
    pot = template()
    changed = [TEMPLATE] if _write_if_changed(TEMPLATE, render_po(pot)) else []
    for language in LANGUAGES:
        catalog = merged(language, pot)
        if _write_if_changed(po_path(language), render_po(catalog)):
            changed.append(po_path(language))
        # Read back what was written, so the .mo matches the file a translator edits.
        with po_path(language).open("rb") as handle:
            data = compiled(read_po(handle, locale=language))
        mo = mo_path(language)
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
            changed.append(mo)
        untranslated = [m.id for m in catalog if m.id and (m.fuzzy or not _complete(m.string))]
        total = sum(1 for m in catalog if m.id)
        print(
            f"{language}: {total - len(untranslated)}/{total} messages translated"
            + (f" ({len(untranslated)} to do: untranslated or fuzzy)" if untranslated else "")
        )
    for path in changed:
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
