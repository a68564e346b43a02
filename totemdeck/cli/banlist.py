"""``totemdeck banlist check|add|remove|show``: keep banlist.yaml valid and canonical."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from totemdeck.cli import app
from totemdeck.cli.options import CatalogueOption, FormatOption, OutputFormat
from totemdeck.cli.output import EXIT_OK, EXIT_PROBLEMS, write_text
from totemdeck.errors import NotFound, TotemdeckError, UsageError
from totemdeck.resources import default_banlist

if TYPE_CHECKING:
    from totemdeck.banlist.io import BanlistFile
    from totemdeck.rules.banlist import BanEntry

banlist_app = typer.Typer(help="Check and edit the banlist (banlist.yaml).", no_args_is_help=True)
app.add_typer(banlist_app, name="banlist")


class AlreadyBanned(TotemdeckError):
    """The entry to add is on the banlist already."""

    exit_code = EXIT_PROBLEMS


FileArgument = typer.Argument(None, help="Banlist file (default: ./banlist.yaml).")


def _load(path: Path | None) -> BanlistFile:
    from totemdeck.banlist.io import load_banlist

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
    from totemdeck.banlist.checks import check_banlist
    from totemdeck.banlist.io import BanlistError, BanlistUnreadable, load_banlist
    from totemdeck.catalogue import Catalogue

    path = str(file or default_banlist())
    banfile: BanlistFile | None = None
    schema_problems: list[str] = []
    try:
        banfile = load_banlist(path)
    except BanlistUnreadable:
        raise  # no file to judge: ``main`` reports it (exit 2)
    except BanlistError as exc:  # the file's problems are this command's output
        schema_problems = exc.problems
    domain = []
    if banfile is not None and schema_only:
        domain = list(check_banlist(banfile, None))
    elif banfile is not None:
        with Catalogue.open(catalogue) as cat:
            domain = list(check_banlist(banfile, cat))
    problems = schema_problems + [p.render(path) for p in domain]
    if output is OutputFormat.json:
        write_text(json.dumps({"file": path, "ok": not problems, "problems": problems},
                              indent=2, ensure_ascii=False) + "\n")  # fmt: skip
    else:
        for problem in problems:
            typer.echo(problem)
        if not problems and banfile is not None:
            typer.echo(f"{path}: {len(banfile.banlist.entries)} entries, no problems")
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
        lines.append(f"  {entry.name} [{scope}] since {entry.since}: {entry.reason}")
    write_text("\n".join(lines) + "\n")


def _save(path: Path, banfile: BanlistFile, entries: list[BanEntry]) -> None:
    from totemdeck.banlist.io import BanlistError, dump_banlist, load_banlist_text
    from totemdeck.files import write_atomically
    from totemdeck.rules.banlist import Banlist

    today = dt.date.today().isoformat()
    old = banfile.banlist
    banfile.banlist = Banlist(tuple(entries), old.format_name, today, old.comment)
    text = dump_banlist(banfile)
    try:  # validate what we are about to write, as any reader will
        load_banlist_text(text, str(path))
    except BanlistError as exc:
        raise UsageError(f"refusing to write an invalid banlist: {exc}") from exc
    write_atomically(path, text)


@banlist_app.command("add")
def add(
    name: str = typer.Argument(..., help="The card name to ban."),
    prints: list[str] = typer.Option(
        [], "--print", help="Pin the ban to this print id (repeatable)."
    ),
    reason: str = typer.Option(..., "--reason", help="Why it is banned."),
    since: str = typer.Option(None, "--since", help="YYYY-MM-DD (default: today)."),
    source: str = typer.Option(None, "--source", help="Announcement URL or text."),
    force: bool = typer.Option(False, "--force", help="Allow a name the catalogue does not know."),
    file: Path = typer.Option(None, "--file", help="Banlist file (default: ./banlist.yaml)."),
    catalogue: str = CatalogueOption,
) -> None:
    """Add a ban, keep the file sorted and canonical.

    Example: totemdeck banlist add "Lysandre's Trump Card" --reason "Too strong"
    """
    from totemdeck.catalogue import Catalogue
    from totemdeck.catalogue.names import name_key
    from totemdeck.rules.banlist import BanEntry

    path = file or default_banlist()
    banfile = _load(path)
    if not force:
        with Catalogue.open(catalogue) as cat:
            found = cat.by_name(name)
            if not found:
                raise NotFound(f"no card is named {name!r} (use --force to ban it anyway)")
            name = found[-1].name if name_key(found[-1].name) == name_key(name) else name
            for print_id in prints:
                card = cat.get(print_id)
                if card is None or name_key(card.name) != name_key(name):
                    raise NotFound(f"{print_id!r} is not a print of {name}")
    entry = BanEntry(name, reason, since or dt.date.today().isoformat(), tuple(prints), source)
    duplicate = [
        e for e in banfile.banlist.entries if e.key == entry.key and e.prints == entry.prints
    ]
    if duplicate:
        raise AlreadyBanned(f"{name} is already banned (since {duplicate[0].since})")
    _save(path, banfile, [*banfile.banlist.entries, entry])
    typer.echo(f"banned {name}" + (f" ({', '.join(prints)})" if prints else " (every print)"))


@banlist_app.command("remove")
def remove(
    name: str = typer.Argument(..., help="The card name whose entries to remove."),
    file: Path = typer.Option(None, "--file", help="Banlist file (default: ./banlist.yaml)."),
) -> None:
    """Remove every entry of a name. Example: totemdeck banlist remove "Red Card" """
    from totemdeck.catalogue.names import name_key

    path = file or default_banlist()
    banfile = _load(path)
    keep = [e for e in banfile.banlist.entries if e.key != name_key(name)]
    if len(keep) == len(banfile.banlist.entries):
        raise NotFound(f"{name} is not on the banlist")
    _save(path, banfile, keep)
    typer.echo(f"unbanned {name}")
