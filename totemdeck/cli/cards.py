"""``totemdeck card search`` and ``totemdeck card show``: look cards up in the catalogue."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import typer

from totemdeck.cli import app
from totemdeck.cli.options import CatalogueOption, FormatOption, LangOption, OutputFormat
from totemdeck.cli.output import EXIT_PROBLEMS, fail, write_text
from totemdeck.i18n import _

if TYPE_CHECKING:
    from totemdeck.catalogue.model import Card
    from totemdeck.catalogue.read import Catalogue

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


def describe(card: Card, extra: list[tuple[str, str]] | None = None, lang: str = "en") -> str:
    """A readable page about one print in the current language (``extra``: more labelled
    rows, the identity and Totem numbers). Card texts are the catalogue's (English)."""
    from totemdeck.i18n.terms import term, terms

    shown = card.aliases.get(lang, card.name) if lang != "en" else card.name
    kind = term(card.supertype)
    if card.subtypes:
        kind += " — " + terms(card.subtypes)
    rows = [
        (
            _("set"),
            f"{card.set.name} [{card.set.ptcgl_code or card.set.id}] #{card.number}, "
            f"{card.set.release_date} ({card.set.series})",
        ),
        (_("supertype"), kind),
    ]
    if card.is_pokemon:
        stage = term(card.stage) if card.stage else "?"
        if card.evolves_from:
            stage = _("{stage} (evolves from {name})").format(stage=stage, name=card.evolves_from)
        rows.append((_("stage"), stage))
        rows.append(
            (
                _("types"),
                _("{types}   HP {hp}   Retreat {retreat}").format(
                    types=terms(card.types) or "-",
                    hp=card.hp if card.hp is not None else "-",
                    retreat=card.retreat_cost,
                ),
            )
        )
        rows += [(_("ability"), ability) for ability in card.abilities]
        rows += [
            (_("attack"), f"{attack.name} [{terms(attack.cost, ' ') or _('no cost')}]")
            for attack in card.attacks
        ]
    rows += [(_("text"), rule) for rule in card.rules]
    if card.rarity:
        rows.append((_("rarity"), card.rarity))
    rows += [(_("also"), f"{alias} ({code})") for code, alias in sorted(card.aliases.items())]
    rows += extra or []
    width = max(len(label) for label, _value in rows) + 1
    lines = [
        f"{shown}  ({card.id})",
        *(f"  {label + ':':<{width}}  {value}" for label, value in rows),
    ]
    return "\n".join(lines) + "\n"


def format_lines(cat: Catalogue, card: Card) -> tuple[list[tuple[str, str]], dict[str, object]]:
    """The card's identity and, for a Pokémon, its Totem numbers (labelled rows and JSON)."""
    from totemdeck.catalogue.model import ENERGY_TYPES
    from totemdeck.cli.check import pieces_of
    from totemdeck.i18n.terms import term, terms
    from totemdeck.rules.format import load_format
    from totemdeck.rules.stages import CatalogueStages
    from totemdeck.rules.totem import totem_numbers
    from totemdeck.rules.traits import identity

    fmt = load_format()
    colours = [t for t in ENERGY_TYPES if t in identity(card, fmt)]
    rows = [(_("identity"), terms(colours) or _("none"))]
    extra: dict[str, object] = {"identity": colours}
    if card.is_pokemon:
        numbers = totem_numbers(pieces_of(cat, card, fmt), fmt, CatalogueStages(cat))
        rows.append(
            (
                _("as Totem"),
                _("column {column}, Invocation Cost {cost}, Prize cards {prizes}").format(
                    column=term(numbers.cost_column),
                    cost=numbers.invocation_cost,
                    prizes=numbers.prizes,
                ),
            )
        )
        extra["totem"] = numbers.as_dict(extended=True)
    return rows, extra


@card_app.command("search")
def search(
    query: str = typer.Argument(..., help="Part of a name; case and accents are ignored."),
    limit: int = typer.Option(20, "--limit", "-n", min=1, help="Most prints to list."),
    catalogue: str = CatalogueOption,
    output: OutputFormat = FormatOption,
) -> None:
    """Find prints by name. Example: totemdeck card search "charizard ex" --limit 5"""
    from totemdeck.catalogue.read import Catalogue

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
    card_id: str = typer.Argument(..., help="A card id such as sv3-125 (or TCGdex's sv03-125)."),
    lang: str = LangOption,
    catalogue: str = CatalogueOption,
    output: OutputFormat = FormatOption,
) -> None:
    """Show one print. Example: totemdeck card show sv3-125"""
    from totemdeck.catalogue.read import Catalogue

    with Catalogue.open(catalogue) as cat:
        card = cat.get(card_id)
        if card is None:
            fail(
                _("no card with id {id!r} (try `totemdeck card search NAME`)").format(id=card_id),
                EXIT_PROBLEMS,
            )
        lines, extra = format_lines(cat, card)
    if output is OutputFormat.json:
        record = {**card.to_record(), **extra}
        write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    else:
        write_text(describe(card, lines, lang))
