"""``totemdeck collection import|show|export|clear``: read a collection once and keep it
beside the catalogue; ``--collection stored`` then reads the kept one."""

from __future__ import annotations

import typer

from totemdeck.cli.options import CatalogueOption, FormatOption, OutputFormat
from totemdeck.cli.output import EXIT_OK, EXIT_PROBLEMS, Finished, inform, one_line, say, write_text
from totemdeck.cli.root import app
from totemdeck.i18n import _

collection_app = typer.Typer(
    help="Keep your collection beside the catalogue (read once; --collection stored).",
    no_args_is_help=True,
)
app.add_typer(collection_app, name="collection")


@collection_app.command("import")
def import_command(
    files: list[str] = typer.Argument(..., help="Collection files ('-' reads standard input)."),
    add: bool = typer.Option(
        False, "--add", help="Keep the files stored before (one of the same name is replaced)."
    ),
    catalogue: str = CatalogueOption,
) -> None:
    """Read each file (any table of cards: CSV/TSV, .xlsx, .ods, JSON; or a list) and store
    its rows with where each came from. Exit 0 every row matched, 1 some rows unreadable
    (each said on stderr), 2 a file with no card in it (nothing is stored).
    Example: totemdeck collection import collectr.csv binder.xlsx
    """
    import sys

    from totemdeck.api import STORED, Catalogue, import_collection, read_collection
    from totemdeck.report import render_collection_problems, render_collection_summary

    def progress(name: str, rows: int) -> None:
        inform(_("{file}: {rows:,} rows read…").format(file=one_line(name), rows=rows))

    with Catalogue.open(catalogue) as cat:
        done = import_collection(cat, files, add=add, progress=progress)
        if any(s.unreadable for _n, s in done) and sys.stderr is not None:
            sys.stderr.write(render_collection_problems(read_collection(cat, STORED, lazy=True)))
    for name, summary in done:
        write_text(render_collection_summary(one_line(name), summary))
    say(_("stored beside the catalogue; use --collection stored"))
    raise Finished(EXIT_PROBLEMS if any(s.unreadable for _n, s in done) else EXIT_OK)


@collection_app.command("show")
def show_command(
    output: OutputFormat = FormatOption,
    problems: bool = typer.Option(False, "--problems", help="Also list the unreadable rows."),
    catalogue: str = CatalogueOption,
) -> None:
    """The stored files: when each was imported, rows read, matched, unreadable, guessed.
    Example: totemdeck collection show --problems
    """
    from totemdeck.api import STORED, Catalogue, read_collection, stored_files
    from totemdeck.report import render_collection_problems, render_stored_files

    with Catalogue.open(catalogue) as cat:
        files = stored_files(cat)
        listed = read_collection(cat, STORED, lazy=True) if problems and files else None
    write_text(render_stored_files(files, output is OutputFormat.json))
    if listed is not None:
        write_text(render_collection_problems(listed))


@collection_app.command("export")
def export_command(
    out: str = typer.Option("-", "-o", "--output", help="File to write ('-': standard output)."),
    catalogue: str = CatalogueOption,
) -> None:
    """The stored collection as CSV (Quantity, Name, Set Code, Number, Set, Rarity, Artist,
    Note), which --collection and `collection import` read back to the same prints.
    Example: totemdeck collection export -o mine.csv
    """
    from totemdeck.api import STORED, Catalogue, read_collection
    from totemdeck.files import write_atomically
    from totemdeck.report import render_collection_csv

    with Catalogue.open(catalogue) as cat:
        text = render_collection_csv(read_collection(cat, STORED))
    if out == "-":
        write_text(text)
    else:
        write_atomically(out, text)
        inform(_("wrote {path}").format(path=one_line(out)))


@collection_app.command("clear")
def clear_command(catalogue: str = CatalogueOption) -> None:
    """Forget the stored collection (the files you imported are not touched).
    Example: totemdeck collection clear
    """
    from totemdeck.api import Catalogue, clear_collection

    with Catalogue.open(catalogue) as cat:
        cleared = clear_collection(cat)
    say(_("stored collection cleared") if cleared else _("no stored collection"))
