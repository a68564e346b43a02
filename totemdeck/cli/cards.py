"""``totemdeck card search`` and ``totemdeck card show``: look cards up in the catalogue."""

from __future__ import annotations

import json

import typer

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.store import Catalogue
from totemdeck.cli import app
from totemdeck.cli.options import CatalogueOption, FormatOption, OutputFormat
from totemdeck.cli.output import EXIT_PROBLEMS, fail, write_text

card_app = typer.Typer(help="Look cards up in the catalogue.", no_args_is_help=True)
app.add_typer(card_app, name="card")


def card_line(card: Card) -> str:
    """One line per print: id, name, set code and number, supertype/stage, release."""
    kind = card.stage or (", ".join(card.subtypes) if card.subtypes else card.supertype)
    code = card.set.ptcgl_code or "-"
    return (
        f"{card.id:<18} {card.name:<32} {code:>6} {card.number:<7} {kind:<10} "
        f"{card.set.release_date}"
    )


def describe(card: Card) -> str:
    """A readable page about one print."""
    lines = [
        f"{card.name}  ({card.id})",
        f"  set:        {card.set.name} [{card.set.ptcgl_code or card.set.id}] "
        f"#{card.number}, {card.set.release_date} ({card.set.series})",
        f"  supertype:  {card.supertype}"
        + (f" — {', '.join(card.subtypes)}" if card.subtypes else ""),
    ]
    if card.is_pokemon:
        lines.append(
            f"  stage:      {card.stage or '?'}"
            + (f" (evolves from {card.evolves_from})" if card.evolves_from else "")
        )
        lines.append(
            f"  types:      {', '.join(card.types) or '-'}   "
            f"HP {card.hp if card.hp is not None else '-'}   Retreat {card.retreat_cost}"
        )
        for ability in card.abilities:
            lines.append(f"  ability:    {ability}")
        for attack in card.attacks:
            lines.append(f"  attack:     {attack.name} [{' '.join(attack.cost) or 'no cost'}]")
    for rule in card.rules:
        lines.append(f"  text:       {rule}")
    if card.rarity:
        lines.append(f"  rarity:     {card.rarity}")
    for lang, alias in sorted(card.aliases.items()):
        lines.append(f"  also:       {alias} ({lang})")
    return "\n".join(lines) + "\n"


@card_app.command("search")
def search(
    query: str = typer.Argument(..., help="Part of a name; case and accents are ignored."),
    limit: int = typer.Option(20, "--limit", "-n", min=1, help="Most prints to list."),
    catalogue: str = CatalogueOption,
    output: OutputFormat = FormatOption,
) -> None:
    """Find prints by name. Example: totemdeck card search "charizard ex" --limit 5"""
    with Catalogue.open(catalogue) as cat:
        found = cat.search(query, limit=limit)
    if output is OutputFormat.json:
        write_text(json.dumps([c.to_record() for c in found], indent=2, ensure_ascii=False) + "\n")
    elif found:
        write_text("".join(card_line(c) + "\n" for c in found))
    if not found:
        if output is OutputFormat.text:
            typer.echo(f"no card name contains {query!r}", err=True)
        raise typer.Exit(EXIT_PROBLEMS)


@card_app.command("show")
def show(
    card_id: str = typer.Argument(..., help="A card id such as sv3-125."),
    catalogue: str = CatalogueOption,
    output: OutputFormat = FormatOption,
) -> None:
    """Show one print. Example: totemdeck card show sv3-125"""
    with Catalogue.open(catalogue) as cat:
        card = cat.get(card_id)
    if card is None:
        fail(f"no card with id {card_id!r} (try `totemdeck card search NAME`)", EXIT_PROBLEMS)
    if output is OutputFormat.json:
        write_text(json.dumps(card.to_record(), indent=2, ensure_ascii=False) + "\n")
    else:
        write_text(describe(card))
