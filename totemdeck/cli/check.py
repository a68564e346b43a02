"""``totemdeck check`` and ``totemdeck totem``: judge decks, show a Totem's numbers."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from totemdeck.cli import app
from totemdeck.cli.options import CatalogueOption, FormatOption, LangOption, OutputFormat
from totemdeck.cli.output import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, fail, use_colour, write_text

if TYPE_CHECKING:
    from totemdeck.catalogue.model import Card
    from totemdeck.catalogue.read import Catalogue
    from totemdeck.rules import Banlist, Checker, FormatRules, Report

BanlistOption = typer.Option(
    None, "--banlist", help="Banlist file (default: ./banlist.yaml, else the installed one)."
)
FormatFileOption = typer.Option(
    None, "--format-file", help="Format parameters YAML (default: the installed format.yaml)."
)


def load_rules(banlist: Path | None, format_file: Path | None) -> tuple[Banlist, FormatRules]:
    """The banlist and format the checks use; a broken file is a usage error (exit 2)."""
    from totemdeck.banlist import BanlistError, load_banlist
    from totemdeck.resources import default_banlist
    from totemdeck.rules.format import FormatFileError, load_format

    try:
        bans = load_banlist(banlist or default_banlist()).banlist
        fmt = load_format(format_file)
    except BanlistError as exc:
        fail(f"{exc} (run `totemdeck banlist check` for every problem)")
    except FormatFileError as exc:
        fail(str(exc))
    return bans, fmt


def make_checker(
    catalogue: Catalogue, banlist: Path | None, format_file: Path | None, lang: str = "en"
) -> Checker:
    from totemdeck.rules import Checker

    bans, fmt = load_rules(banlist, format_file)
    return Checker(catalogue, fmt=fmt, banlist=bans, lang=lang)


@app.command("check")
def check_command(
    decks: list[str] = typer.Argument(..., help="Decklist files; '-' reads standard input."),
    output: OutputFormat = FormatOption,
    banlist: Path = BanlistOption,
    format_file: Path = FormatFileOption,
    lang: str = LangOption,
    catalogue: str = CatalogueOption,
) -> None:
    """Check decklists against every rule of the Totem Format.

    Exit 0 when every deck is legal (warnings allowed), 1 when one is not, 2 when a file
    cannot be read. Example: totemdeck check mydeck.txt --format json
    """
    from totemdeck.catalogue.read import Catalogue
    from totemdeck.decklist import DecklistError, read_decklist
    from totemdeck.report import render_json, render_text

    with Catalogue.open(catalogue) as cat:
        checker = make_checker(cat, banlist, format_file, lang)
        reports: list[Report] = []
        unreadable = False
        for path in decks:
            try:
                decklist = read_decklist(path)
            except DecklistError as exc:
                typer.echo(f"totemdeck: error: {exc}", err=True)
                unreadable = True
                continue
            reports.append(checker.check(decklist))
    if reports:
        if output is OutputFormat.json:
            write_text(render_json(reports, as_array=len(decks) > 1))
        else:
            write_text(render_text(reports, colour=use_colour(sys.stdout)))
    if unreadable:
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_OK if all(r.legal for r in reports) else EXIT_PROBLEMS)


def pieces_of(catalogue: Catalogue, card: Card, fmt: FormatRules) -> list[Card]:
    """The card, or all halves/pieces of its LEGEND / V-UNION (same name, same set)."""
    from totemdeck.rules.traits import is_multipart, parts_needed

    if not is_multipart(card):
        return [card]
    same = [c for c in catalogue.by_name(card.name) if c.set.id == card.set.id]
    return same[: parts_needed(card, fmt)] or [card]


@app.command("totem")
def totem_command(
    card: str = typer.Argument(..., help="A card id (sv3-125), 'NAME SET NUMBER', or a name."),
    output: OutputFormat = FormatOption,
    format_file: Path = FormatFileOption,
    catalogue: str = CatalogueOption,
) -> None:
    """Show a Pokémon's Totem numbers: cost column, Invocation Cost, Prize cards, identity.

    Example: totemdeck totem "Charizard ex OBF 125"
    """
    from totemdeck.catalogue.read import Catalogue
    from totemdeck.decklist.parse import parse
    from totemdeck.rules import Checker
    from totemdeck.rules.format import FormatFileError, load_format
    from totemdeck.rules.totem import totem_numbers, why_not_totem

    try:
        fmt = load_format(format_file)
    except FormatFileError as exc:
        fail(str(exc))
    with Catalogue.open(catalogue) as cat:
        checker = Checker(cat, fmt=fmt)
        decklist = parse(f"1 {card}")
        if not decklist.lines:
            fail(f"cannot read {card!r} as a card id, 'NAME SET NUMBER' or a name")
        resolved = checker.resolver.resolve_line(decklist.lines[0])
        if resolved.finding is not None:
            fail(resolved.finding.message.removeprefix("line 1: "), EXIT_PROBLEMS)
        results = []
        for print_ in resolved.candidates:
            reason = why_not_totem(print_)
            numbers = (
                None
                if reason
                else totem_numbers(pieces_of(cat, print_, fmt), fmt, checker.ctx.normal_stage)
            )
            results.append((print_, reason, numbers))
    if output is OutputFormat.json:
        objects = [
            {"card": p.id, "label": p.label, "totem": n.as_dict(extended=True) if n else None,
             "why_not": r}
            for p, r, n in results
        ]  # fmt: skip
        write_text(json.dumps(objects[0] if len(objects) == 1 else objects, indent=2,
                              ensure_ascii=False) + "\n")  # fmt: skip
    else:
        lines = []
        for print_, reason, numbers in results:
            if numbers is None:
                lines.append(f"{print_.label} ({print_.id}): cannot be a Totem: {reason}")
                continue
            identity = ", ".join(numbers.identity) or "none (Colorless only)"
            lines.append(
                f"{print_.label} ({print_.id}): printed stage {numbers.printed_stage}, "
                f"retreat {numbers.retreat_cost} → column {numbers.cost_column}, "
                f"Invocation Cost {numbers.invocation_cost}, Prize cards {numbers.prizes}, "
                f"identity {identity}"
            )
        write_text("\n".join(lines) + "\n")
    if all(n is None for _p, _r, n in results):
        raise typer.Exit(EXIT_PROBLEMS)
