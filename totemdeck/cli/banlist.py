"""``totemdeck banlist check|add|remove|show``: keep banlist.yaml valid and canonical."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from totemdeck.base.resources import default_banlist
from totemdeck.cli.options import CatalogueOption, FormatOption, OutputFormat
from totemdeck.cli.output import EXIT_OK, EXIT_PROBLEMS, inform, say, write_text
from totemdeck.cli.root import app

if TYPE_CHECKING:
    from collections.abc import Callable

    from totemdeck.api import BanlistFile, BanlistProblem

banlist_app = typer.Typer(help="Check and edit the banlist (banlist.yaml).", no_args_is_help=True)
app.add_typer(banlist_app, name="banlist")

FileArgument = typer.Argument(None, help="Banlist file (default: ./banlist.yaml).")


def _load(path: Path | None) -> BanlistFile:
    """The banlist; a ``BanlistError`` (exit 1, or 2 unreadable) lists every problem."""
    from totemdeck.api import load_banlist

    return load_banlist(path or default_banlist())


@banlist_app.command("check")
def check(
    file: Path = FileArgument,
    output: OutputFormat = FormatOption,
    schema_only: bool = typer.Option(
        False, "--schema-only", help="No catalogue: schema, order, duplicates and dates only."
    ),
    catalogue: str = CatalogueOption,
) -> None:
    """Check the schema, then every name and print against the catalogue.

    Exit 0 clean, 1 problems, 2 unreadable file or no catalogue.
    Example: totemdeck banlist check banlist.yaml
    """
    from totemdeck.api import (
        BanlistError,
        BanlistUnreadable,
        Catalogue,
        check_banlist,
        load_banlist,
    )

    path = str(file or default_banlist())
    banfile: BanlistFile | None = None
    problems: list[BanlistProblem] = []
    try:
        banfile = load_banlist(path)
    except BanlistUnreadable:
        raise  # no file to judge: ``main`` reports it (exit 2)
    except BanlistError as exc:  # the file's problems are this command's output
        problems = exc.problems
    if banfile is not None and schema_only:
        problems = list(check_banlist(banfile, None))
    elif banfile is not None:
        with Catalogue.open(catalogue) as cat:
            problems = list(check_banlist(banfile, cat))
    if output is OutputFormat.json:
        document = {"file": path, "ok": not problems, "problems": [p.as_dict() for p in problems]}
        write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    else:
        text = "".join(p.render() + "\n" for p in problems)
        if not problems and banfile is not None:
            text = f"{path}: {len(banfile.banlist.entries)} entries, no problems\n"
        write_text(text)
    raise typer.Exit(EXIT_PROBLEMS if problems else EXIT_OK)


@banlist_app.command("show")
def show(file: Path = FileArgument, output: OutputFormat = FormatOption) -> None:
    """List the bans. Example: totemdeck banlist show --format json"""
    banfile = _load(file)
    entries = banfile.banlist.entries
    if output is OutputFormat.json:
        document = {
            "format": banfile.banlist.format_name,
            "updated": banfile.banlist.updated,
            "entries": [e.as_dict() for e in entries],
        }
        write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
        return
    lines = [f"{banfile.banlist.format_name} banlist, updated {banfile.banlist.updated}"]
    for entry in entries:
        scope = ", ".join(entry.prints) if entry.prints else "every print"
        lines.append(f"  {entry.name} [{scope}] since {entry.since}: {entry.reason_in()}")
    write_text("\n".join(lines) + "\n")


def _edit(path: Path, change: Callable[[BanlistFile], str]) -> None:
    """Read, change and write the banlist under its lock, so concurrent edits all land."""
    from totemdeck.files import locked, write_atomically

    with locked(path, on_wait=inform):
        write_atomically(path, change(_load(path)))


@banlist_app.command("add")
def add(
    name: str = typer.Argument(..., help="The card name to ban."),
    prints: list[str] = typer.Option(
        [], "--print", help="Pin the ban to this print id (repeatable)."
    ),
    reason: str = typer.Option(..., "--reason", help="Why it is banned."),
    reason_es: str = typer.Option(None, "--reason-es", help="Why it is banned, in Spanish."),
    since: str = typer.Option(None, "--since", help="YYYY-MM-DD (default: today)."),
    source: str = typer.Option(None, "--source", help="Announcement URL or text."),
    force: bool = typer.Option(False, "--force", help="Allow a name the catalogue does not know."),
    file: Path = typer.Option(None, "--file", help="Banlist file (default: ./banlist.yaml)."),
    catalogue: str = CatalogueOption,
) -> None:
    """Add a ban, keep the file sorted and canonical.

    Example: totemdeck banlist add "Lysandre's Trump Card" --reason "Too strong"
    """
    from totemdeck.api import BanEntry, Catalogue, add_entry, resolve_ban_name

    path = file or default_banlist()
    _load(path)  # a broken or unreadable file says so before the catalogue is opened
    if not force:
        with Catalogue.open(catalogue) as cat:
            name = resolve_ban_name(cat, name, tuple(prints))
    today = dt.date.today().isoformat()
    entry = BanEntry(name, reason, since or today, tuple(prints), source, reason_es or None)
    _edit(path, lambda banfile: add_entry(banfile, entry, today))
    say(f"banned {name}" + (f" ({', '.join(prints)})" if prints else " (every print)"))


@banlist_app.command("remove")
def remove(
    name: str = typer.Argument(..., help="The card name whose entries to remove."),
    file: Path = typer.Option(None, "--file", help="Banlist file (default: ./banlist.yaml)."),
) -> None:
    """Remove every entry of a name. Example: totemdeck banlist remove "Red Card" """
    from totemdeck.api import remove_entries

    path = file or default_banlist()
    today = dt.date.today().isoformat()
    _edit(path, lambda banfile: remove_entries(banfile, name, today))
    say(f"unbanned {name}")
