"""``totemdeck import``: fill the catalogue from the public card sources."""

from __future__ import annotations

import json
import math
import sys
from typing import TYPE_CHECKING

import typer

from totemdeck.cli.options import CatalogueOption, FormatOption, OutputFormat
from totemdeck.cli.output import EXIT_PROBLEMS, inform, write_text
from totemdeck.cli.root import app
from totemdeck.i18n import _
from totemdeck.sources.registry import source_names

if TYPE_CHECKING:
    from totemdeck.importer import Progress


class RichProgress:
    """A progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self._bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[item]}"),
            console=Console(stderr=True),
            transient=True,
        )
        self._task = self._bar.add_task(_("importing"), total=None, item="")

    def start(self, total: int, label: str) -> None:
        self._bar.start()
        description = _("importing {source}").format(source=label)
        self._bar.update(self._task, total=total, description=description)

    def advance(self, label: str) -> None:
        self._bar.update(self._task, advance=1, item=label)

    def finish(self) -> None:
        self._bar.stop()


def _progress(enabled: bool) -> Progress | None:
    return RichProgress() if enabled and sys.stderr.isatty() else None


# --revalidate-days beyond a century means "never"; nan, inf and 1e308 used to overflow
# the date arithmetic into a traceback, or pass silently.
MAX_REVALIDATE_DAYS = 36_500.0


def _sane_days(value: float) -> float:
    if not math.isfinite(value) or not 0 <= value <= MAX_REVALIDATE_DAYS:
        raise typer.BadParameter(
            _("{value} is not a number of days from 0 to {most:g}").format(
                value=value, most=MAX_REVALIDATE_DAYS
            )
        )
    return value


def _known_source(value: str) -> str:
    if value != "all" and value not in source_names():
        raise typer.BadParameter(
            _("{value!r} is not one of: {choices}").format(
                value=value, choices=", ".join(("all", *source_names()))
            )
        )
    return value


# The options of ``totemdeck import``, declared apart so the command reads as what it does.
_SOURCE = typer.Option(
    "all",
    "--source",
    "-s",
    callback=_known_source,
    help=f"Card source(s): all, {', '.join(source_names())}.",
)
_FROM = typer.Option(
    [],
    "--from",
    help="URL (http, https, file) or folder with the source's layout; with several "
    "sources SOURCE=URL_OR_DIR (repeatable). Default: the public online sources.",
    show_default=False,
)
_LANGS = typer.Option(
    "en,es", "--name-languages", help="TCGdex languages whose card names to keep."
)
_WORKERS = typer.Option(8, "--workers", min=1, max=64, help="Concurrent requests.")
_KEEP_GOING = typer.Option(
    False, "--keep-going", help="Swap in what was imported even if some sets failed."
)
_FORCE = typer.Option(False, "--force", help="Download everything, changed or not.")
_REVALIDATE = typer.Option(
    7,
    "--revalidate-days",
    callback=_sane_days,
    help="TCGdex: revalidate the cards of an unchanged set when older than this (0: always).",
)
_ALLOW_SHRINK = typer.Option(
    False,
    "--allow-shrink",
    help="Swap in an import that removes over half of a set's cards or a language's names "
    "(refused otherwise: upstream data may be broken).",
)
_PROGRESS = typer.Option(True, "--progress/--no-progress", help="Progress bar on a TTY.")


@app.command("import")
def import_command(
    source: str = _SOURCE,
    origin: list[str] = _FROM,
    lang: str = _LANGS,
    workers: int = _WORKERS,
    keep_going: bool = _KEEP_GOING,
    force: bool = _FORCE,
    revalidate_days: float = _REVALIDATE,
    allow_shrink: bool = _ALLOW_SHRINK,
    progress: bool = _PROGRESS,
    catalogue: str = CatalogueOption,
    output: OutputFormat = FormatOption,
) -> None:
    """Import card data into the catalogue (incremental; atomic: a failure changes nothing).

    Example: totemdeck import --source pokemontcg --from ../shared/data/pokemontcg
    """
    from totemdeck.importer import ImportFailed, NoProgress, import_sources
    from totemdeck.importer.origins import read_origins
    from totemdeck.report.importing import render_failed, render_import

    sources = list(source_names()) if source == "all" else [source]
    langs = tuple(x.strip() for x in lang.split(",") if x.strip())
    if "en" not in langs:
        langs = ("en", *langs)
    sources, origins = read_origins(origin, sources)
    try:
        result = import_sources(
            catalogue,
            sources,
            origins,
            langs=langs,
            keep_going=keep_going,
            force=force,
            progress=(lambda: _progress(progress) or NoProgress()),
            workers=workers,
            revalidate_days=revalidate_days,
            allow_shrink=allow_shrink,
            notify=inform,
        )
    except ImportFailed as exc:  # show how far it got; ``main`` reports the error
        summary = exc.summary
        write_text(
            _json(summary.as_dict()) if output is OutputFormat.json else render_failed(summary)
        )
        raise
    write_text(_json(result.as_dict()) if output is OutputFormat.json else render_import(result))
    if not result.ok:
        raise typer.Exit(EXIT_PROBLEMS)


def _json(value: object) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"
