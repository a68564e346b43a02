"""``totemdeck import``: fill the catalogue from the public card sources."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from typing import TYPE_CHECKING

import typer

from totemdeck.cli import app
from totemdeck.cli.options import CatalogueOption, FormatOption, OutputFormat
from totemdeck.cli.output import EXIT_PROBLEMS, EXIT_USAGE, fail, write_text

if TYPE_CHECKING:
    from totemdeck.importer import ImportSummary, Progress


class Source(StrEnum):
    pokemontcg = "pokemontcg"


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
        self._task = self._bar.add_task("importing", total=None, item="")

    def start(self, total: int, label: str) -> None:
        self._bar.start()
        self._bar.update(self._task, total=total, description=f"importing {label}")

    def advance(self, label: str) -> None:
        self._bar.update(self._task, advance=1, item=label)

    def finish(self) -> None:
        self._bar.stop()


def _progress(enabled: bool) -> Progress | None:
    return RichProgress() if enabled and sys.stderr.isatty() else None


def render_summary(summary: ImportSummary) -> str:
    """The end-of-import summary, one fact per line."""
    lines = [
        f"source:    {summary.source} ({summary.origin})",
        f"sets:      {summary.sets} ({summary.sets_downloaded} downloaded, "
        f"{summary.sets_unchanged} unchanged, {len(summary.skipped)} skipped)",
        f"cards:     {summary.added} added, {summary.updated} updated, "
        f"{summary.unchanged} unchanged, {summary.removed} removed, "
        f"{len(summary.rejected)} rejected",
        f"download:  {summary.bytes_downloaded / 1e6:.1f} MB in {summary.seconds:.1f} s",
    ]
    for skipped in summary.skipped:
        lines.append(f"skipped set {skipped.set_id}: {skipped.reason}")
    for rejected in summary.rejected[:20]:
        lines.append(f"rejected card {rejected.card_id}: {rejected.reason}")
    if len(summary.rejected) > 20:
        lines.append(f"… and {len(summary.rejected) - 20} more rejected cards (see --format json)")
    lines.append("catalogue updated" if summary.committed else "catalogue NOT changed")
    return "\n".join(lines) + "\n"


@app.command("import")
def import_command(
    source: Source = typer.Option(Source.pokemontcg, "--source", "-s", help="Card source."),
    origin: str = typer.Option(
        None,
        "--from",
        help="URL (http, https, file) or folder with the source's layout; "
        "default: the public online source.",
        show_default=False,
    ),
    keep_going: bool = typer.Option(
        False, "--keep-going", help="Swap in what was imported even if some sets failed."
    ),
    force: bool = typer.Option(False, "--force", help="Download every set, changed or not."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Progress bar on a TTY."),
    catalogue: str = CatalogueOption,
    output: OutputFormat = FormatOption,
) -> None:
    """Import card data into the catalogue (incremental; atomic: a failure changes nothing).

    Example: totemdeck import --source pokemontcg --from ../shared/data/pokemontcg
    """
    from totemdeck.importer import ImportFailed, import_pokemontcg
    from totemdeck.sources.http import BadOrigin, FetchError

    try:
        summary = import_pokemontcg(
            catalogue, origin, keep_going=keep_going, force=force, progress=_progress(progress)
        )
    except BadOrigin as exc:
        fail(str(exc), EXIT_USAGE)
    except FetchError as exc:
        fail(str(exc), EXIT_PROBLEMS)
    except ImportFailed as exc:
        _show(exc.summary, output)
        fail(str(exc), EXIT_PROBLEMS)
    _show(summary, output)
    if summary.skipped:
        raise typer.Exit(EXIT_PROBLEMS)


def _show(summary: ImportSummary, output: OutputFormat) -> None:
    if output is OutputFormat.json:
        write_text(json.dumps(summary.as_dict(), indent=2, ensure_ascii=False) + "\n")
    else:
        write_text(render_summary(summary))
