"""``totemdeck print``: a deck as proxy sheets or as a Totem registration sheet (PDF)."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from totemdeck.cli.check import BanlistOption, FormatFileOption
from totemdeck.cli.export import _check
from totemdeck.cli.options import CatalogueOption, CollectionOption, LangOption
from totemdeck.cli.output import one_line
from totemdeck.cli.root import app
from totemdeck.i18n import _, ngettext

if TYPE_CHECKING:
    from totemdeck.api import CheckedDeck, Coverage


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"


def _covered(checked: CheckedDeck, deck_args: tuple[str | None, str | None]) -> Coverage:
    """The collection's coverage of the deck, for --only-missing (its problems on stderr)."""
    from totemdeck.api import Catalogue, deck_coverage, make_checker, read_collection
    from totemdeck.base.errors import UsageError
    from totemdeck.report import render_collection_problems

    collection, catalogue = deck_args
    if not collection:
        raise UsageError(_("--only-missing needs --collection FILE (or TOTEMDECK_COLLECTION)"))
    with Catalogue.open(catalogue) as cat:
        owned = read_collection(cat, collection)
        covered = deck_coverage(checked, owned, make_checker(cat))
    if owned.findings:
        sys.stderr.write(render_collection_problems(owned))
    return covered


def _write_pdf(out: str, data: bytes) -> None:
    from totemdeck.base.errors import UsageError
    from totemdeck.files import write_atomically

    if out == "-":
        if sys.stdout.isatty():
            raise UsageError(_("a PDF is not for a terminal: name a file with -o FILE.pdf"))
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        write_atomically(out, data)  # a FileWriteError is one line and exit 2


@app.command("print")
def print_command(
    deck: str = typer.Argument(..., help="The decklist ('-' reads standard input)."),
    proxies: bool = typer.Option(False, "--proxies", help="Proxies of every card, 3 × 3 a page."),
    sheet: bool = typer.Option(False, "--sheet", help="The Totem registration sheet."),
    out: str = typer.Option(..., "-o", "--output", help="The PDF to write ('-': stdout)."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="Paper size."),
    images: Path = typer.Option(
        None, "--images", help="A folder of card pictures (<id>.png, <set>/<number>.png)."
    ),
    only_missing: bool = typer.Option(
        False, "--only-missing", help="Proxies of the copies --collection lacks only."
    ),
    collection: str = CollectionOption,
    allow_illegal: bool = typer.Option(
        False, "--allow-illegal", help="Print an illegal deck too (its findings on page 1)."
    ),
    lang: str = LangOption,
    banlist: Path = BanlistOption,
    format_file: Path = FormatFileOption,
    catalogue: str = CatalogueOption,
) -> None:
    """Print a deck: proxies to playtest it, or the sheet to hand to an organiser.

    Example: totemdeck print mydeck.txt --proxies -o proxies.pdf --paper letter
    """
    from totemdeck.api import PrintRefused, print_proxies, print_sheet
    from totemdeck.base.errors import UsageError

    if proxies == sheet:
        raise UsageError(_("say what to print: --proxies or --sheet (one of them)"))
    if only_missing and not proxies:
        raise UsageError(_("--only-missing is for --proxies"))
    if images is not None and not images.is_dir():
        raise UsageError(_("{path}: not a folder of pictures").format(path=one_line(str(images))))
    checked = _check(deck, banlist, format_file, catalogue, lang)
    try:
        if proxies:
            covered = _covered(checked, (collection, catalogue)) if only_missing else None
            printed = print_proxies(checked, lang, paper.value, images, allow_illegal, covered)
        else:
            name = banlist.name if banlist is not None else "banlist.yaml"
            printed = print_sheet(checked, name, lang, paper.value, allow_illegal)
    except PrintRefused:
        from totemdeck.cli.output import use_colour, write_text
        from totemdeck.report import render_text

        write_text(render_text([checked.report], colour=use_colour(sys.stdout)))
        raise
    for note in printed.notes:
        typer.echo(one_line(note), err=True)
    _write_pdf(out, printed.data)
    shown = _("standard output") if out == "-" else one_line(out)
    pages = ngettext("{n} page", "{n} pages", printed.pages).format(n=printed.pages)
    cards = ngettext("{n} card", "{n} cards", printed.cards).format(n=printed.cards)
    typer.echo(
        _("wrote {path} ({pages}, {cards})").format(path=shown, pages=pages, cards=cards), err=True
    )
