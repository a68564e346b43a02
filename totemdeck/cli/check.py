"""``totemdeck check`` and ``totemdeck totem``: judge decks, show a Totem's numbers."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from totemdeck.cli.options import (
    CatalogueOption,
    CollectionOption,
    FormatOption,
    LangOption,
    OutputFormat,
)
from totemdeck.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    report_error,
    use_colour,
    write_text,
)
from totemdeck.cli.root import app
from totemdeck.i18n import _

if TYPE_CHECKING:
    from totemdeck.collection import Coverage
    from totemdeck.rules import Report

BanlistOption = typer.Option(
    None, "--banlist", help="Banlist file (default: ./banlist.yaml, else the installed one)."
)
FormatFileOption = typer.Option(
    None, "--format-file", help="Format parameters YAML (default: the installed format.yaml)."
)


@app.command("check")
def check_command(
    decks: list[str] = typer.Argument(
        ..., help="Decklist files, share links or share codes; '-' reads standard input."
    ),
    output: OutputFormat = FormatOption,
    banlist: Path = BanlistOption,
    format_file: Path = FormatFileOption,
    lang: str = LangOption,
    catalogue: str = CatalogueOption,
    verbose: bool = typer.Option(
        False, "--verbose", "-v", help="Also say how lines were read when not as written."
    ),
    collection: str = CollectionOption,
    share: bool = typer.Option(
        False,
        "--share",
        help="Also print each deck's share link (under TOTEMDECK_BASE_URL), else its code.",
    ),
) -> None:
    """Check decklists against every rule of the Totem Format.

    Exit 0 when every deck is legal (warnings allowed), 1 when one is not, 2 when a file
    cannot be read. Example: totemdeck check mydeck.txt --format json
    """
    from totemdeck.api import (
        deck_coverage,
        make_checker,
        read_collection,
        read_deck,
        share_link_of,
    )
    from totemdeck.catalogue import Catalogue
    from totemdeck.decklist import DecklistError
    from totemdeck.report import render_json, render_text
    from totemdeck.report.collection import render_collection_problems, render_coverage
    from totemdeck.sharecode import ShareCodeError

    links: list[str] = []
    with Catalogue.open(catalogue) as cat:
        checker = make_checker(cat, banlist, format_file, lang)
        owned = read_collection(cat, collection) if collection else None
        reports: list[Report] = []
        covered: list[Coverage] = []
        unreadable = False
        for path in decks:
            try:
                decklist = read_deck(path)
            except (DecklistError, ShareCodeError) as exc:  # say so and check the other decks
                report_error(exc)
                unreadable = True
                continue
            checked = checker.check_deck(decklist)
            reports.append(checked.report)
            if owned is not None:
                covered.append(deck_coverage(checked, owned, checker))
            if share:
                link = share_link_of(checked)
                links.append(link or _("(too long for a share link)"))
    if owned is not None and owned.findings:
        sys.stderr.write(render_collection_problems(owned))
    if reports:
        if output is OutputFormat.json:
            extras = [{"collection": c.as_dict(owned.source)} for c in covered] if owned else []
            write_text(render_json(reports, as_array=len(decks) > 1, extras=extras))
        else:
            text = render_text(reports, colour=use_colour(sys.stdout), verbose=verbose)
            if owned is not None:
                text += "".join("\n" + render_coverage(c, owned.source, lang) for c in covered)
            write_text(text)
    for link in links:  # after the report (beside JSON, on stderr: the JSON stays one document)
        typer.echo(_("share: {link}").format(link=link), err=output is OutputFormat.json)
    if unreadable:
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_OK if all(r.legal for r in reports) else EXIT_PROBLEMS)


class TotemFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


@app.command("totem")
def totem_command(
    card: str = typer.Argument(
        None, help="A card id (sv3-125), 'NAME SET NUMBER', or a name; omit with --all."
    ),
    every: bool = typer.Option(False, "--all", help="Every Pokémon print of the catalogue."),
    output: TotemFormat = typer.Option(TotemFormat.text, "--format", "-f", help="Output format."),
    banlist: Path = BanlistOption,
    format_file: Path = FormatFileOption,
    catalogue: str = CatalogueOption,
    collection: str = CollectionOption,
    best: int = typer.Option(
        20, "--best", min=1, max=1000, help="With --collection: how many Totems to rank."
    ),
    owned_totem: bool = typer.Option(
        False, "--owned-totem", help="With --collection: only Totems the collection holds."
    ),
    draft: bool = typer.Option(
        True, "--draft/--no-draft", help="With --collection: a first draft deck (text output)."
    ),
    lang: str = LangOption,
) -> None:
    """Show a Pokémon's Totem numbers: cost column, Invocation Cost, Prize cards, identity.

    With --collection: the Totems your cards build best (or, naming a card, a draft deck for it).
    Example: totemdeck totem "Charizard ex OBF 125"; every print: totemdeck totem --all -f csv
    """
    from totemdeck.api import load_rules, lookup_totem, totem_table
    from totemdeck.catalogue import Catalogue
    from totemdeck.errors import UsageError
    from totemdeck.report.card import render_totem, render_totem_json
    from totemdeck.report.totem_table import render_totem_table
    from totemdeck.rules.audit import TotemRow

    if collection and not every:
        _collection_totems(card, collection, output, best, owned_totem, draft, lang,
                           (banlist, format_file, catalogue))  # fmt: skip
        return
    if every == (card is not None):
        raise UsageError(_("name one card, or give --all (not both)"))
    bans, fmt = load_rules(banlist, format_file)
    with Catalogue.open(catalogue) as cat:
        if every:
            write_text(render_totem_table(totem_table(cat, fmt, bans), output.value))
            return
        found = lookup_totem(cat, card, fmt)
    if output is TotemFormat.csv:
        rows = [TotemRow(one.card, one.numbers, one.why_not) for one in found if one.numbers]
        write_text(render_totem_table(rows, "csv"))
    else:
        write_text(render_totem_json(found) if output is TotemFormat.json else render_totem(found))
    if all(one.numbers is None for one in found):
        raise typer.Exit(EXIT_PROBLEMS)


def _collection_totems(
    card: str | None,
    collection: str,
    output: TotemFormat,
    best: int,
    owned_totem: bool,
    draft: bool,
    lang: str,
    files: tuple[Path | None, Path | None, str | None],
) -> None:
    """``totem --collection``: rank the Totems the collection builds, with a first draft
    (or, for a named card, its draft); the collection's unknown lines go to stderr."""
    from totemdeck.api import best_totems, draft_for, lookup_totem, make_checker, read_collection
    from totemdeck.catalogue import Catalogue
    from totemdeck.errors import NotFound
    from totemdeck.report.collection import (
        render_collection_problems,
        render_draft,
        render_ranking,
    )

    banlist, format_file, catalogue = files
    with Catalogue.open(catalogue) as cat:
        checker = make_checker(cat, banlist, format_file, lang)
        owned = read_collection(cat, collection)
        if owned.findings:
            sys.stderr.write(render_collection_problems(owned))
        if card is not None:
            found = [one for one in lookup_totem(cat, card, checker.ctx.fmt) if one.numbers]
            if not found:
                raise NotFound(_("{card} cannot be a Totem").format(card=card))
            totem = found[0].card
            write_text(render_draft(draft_for(checker, owned, totem), totem, lang))
            return
        ranked = best_totems(checker, owned, best, owned_totem)
        text = render_ranking(ranked, output.value, lang)
        if draft and ranked and output is TotemFormat.text:
            top = ranked[0][1]
            text += "\n" + render_draft(draft_for(checker, owned, top), top, lang)
    write_text(text)
