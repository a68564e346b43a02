"""``totemdeck export`` and ``totemdeck stats``: take a deck somewhere, and understand it."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from totemdeck.cli.check import BanlistOption, FormatFileOption
from totemdeck.cli.options import (
    CatalogueOption,
    CollectionOption,
    FormatOption,
    LangOption,
    OutputFormat,
)
from totemdeck.cli.output import (
    one_line,
    require_stdin,
    to_stderr,
    use_colour,
    write_stderr,
    write_text,
)
from totemdeck.cli.root import app
from totemdeck.i18n import _

if TYPE_CHECKING:
    from totemdeck.api import CheckedDeck


class ExportFormat(StrEnum):
    ptcgl = "ptcgl"
    json = "json"
    csv = "csv"
    text = "text"


def _check(
    deck: str,
    banlist: Path | None,
    format_file: Path | None,
    catalogue: str | None,
    lang: str,
    card: str | None = None,
) -> CheckedDeck:
    from totemdeck.api import Catalogue, check_card_name, make_checker, read_decklist

    require_stdin(deck)
    decklist = read_decklist(deck)
    with Catalogue.open(catalogue) as cat:
        if card is not None:
            check_card_name(cat, card)
        checker = make_checker(cat, banlist, format_file, lang)
        return checker.check_deck(decklist)


def _buy_list(
    deck: str,
    collection: str | None,
    to: str,
    files: tuple[Path | None, Path | None, str | None],
    lang: str,
) -> str:
    """The deck's missing copies, written as ``to``; the collection's unknown lines on stderr."""
    from totemdeck.api import Catalogue, deck_coverage, make_checker, read_collection, read_decklist
    from totemdeck.base.errors import UsageError
    from totemdeck.report import render_buy_list, render_collection_problems

    if not collection:
        raise UsageError(_("--missing needs --collection FILE (or TOTEMDECK_COLLECTION)"))
    banlist, format_file, catalogue = files
    require_stdin(deck)
    decklist = read_decklist(deck)
    with Catalogue.open(catalogue) as cat:
        checker = make_checker(cat, banlist, format_file, lang)
        owned = read_collection(cat, collection)
        covered = deck_coverage(checker.check_deck(decklist), owned, checker)
    if owned.findings:
        write_stderr(render_collection_problems(owned))
    return render_buy_list(covered, to, lang)


@app.command("export")
def export_command(
    deck: str = typer.Argument(..., help="The decklist ('-' reads standard input)."),
    to: ExportFormat = typer.Option(..., "--to", help="Output format."),
    out: str = typer.Option("-", "-o", "--output", help="File to write ('-': standard output)."),
    lang: str = LangOption,
    allow_illegal: bool = typer.Option(
        False, "--allow-illegal", help="Export an illegal deck too (marked at its top)."
    ),
    ptcgl_plain: bool = typer.Option(
        False, "--ptcgl-plain", help="ptcgl: no Totem section; the Totem goes first under Pokémon."
    ),
    banlist: Path = BanlistOption,
    format_file: Path = FormatFileOption,
    catalogue: str = CatalogueOption,
    missing: bool = typer.Option(
        False, "--missing", help="Write the buy list: the deck's cards --collection lacks."
    ),
    collection: str = CollectionOption,
) -> None:
    """Export a legal deck for PTCG Live, as JSON, CSV or plain text.

    An illegal deck prints its report and exits 1 unless --allow-illegal. With --missing and
    --collection, the buy list instead (any deck). Example: totemdeck export mydeck.txt --to
    ptcgl -o for-live.txt
    """
    from totemdeck.api import ExportRefused, export_deck, export_note
    from totemdeck.files import write_atomically
    from totemdeck.report import render_text

    if missing:
        text = _buy_list(deck, collection, to.value, (banlist, format_file, catalogue), lang)
    else:
        checked = _check(deck, banlist, format_file, catalogue, lang)
        try:
            text = export_deck(
                checked, to.value, lang=lang, plain=ptcgl_plain, allow_illegal=allow_illegal
            )
        except ExportRefused:
            write_text(render_text([checked.report], colour=use_colour(sys.stdout)))
            raise
        note = export_note(checked)  # never a silent choice: said where the person looks
        if note:
            to_stderr(note)
    if out == "-":
        write_text(text)
    else:
        write_atomically(out, text)  # a FileWriteError is one line and exit 2
        note = _("wrote {path} ({format})").format(path=one_line(out), format=to.value)
        to_stderr(note)


@app.command("stats")
def stats_command(
    deck: str = typer.Argument(..., help="The decklist ('-' reads standard input)."),
    card: list[str] = typer.Option(
        None, "--card", help="Odds of drawing this card by --turn (repeat for several)."
    ),
    all_of: bool = typer.Option(False, "--all", help="Several --card: all of them, not any."),
    role: str = typer.Option(None, "--role", help="Odds of a card with this role tag (draw…)."),
    kind: str = typer.Option(None, "--kind", help="…of this kind (Supporter, Item, Energy…)."),
    at_least: int = typer.Option(1, "--at-least", help="At least this many of the asked cards."),
    turn: int = typer.Option(1, "--turn", min=0, max=60, help="Your turn number for --card."),
    going_first: bool = typer.Option(
        False, "--first", help="You go first (the same odds: everyone draws on turn 1)."
    ),
    goldfish: int = typer.Option(
        None, "--goldfish", min=1, max=1_000_000, help="Also deal this many seeded games."
    ),
    seed: int = typer.Option(None, "--seed", min=0, help="The goldfish's seed (default: random)."),
    plot: str = typer.Option(None, "--plot", help="Also draw composition and odds to this PNG."),
    lang: str = LangOption,
    output: OutputFormat = FormatOption,
    banlist: Path = BanlistOption,
    format_file: Path = FormatFileOption,
    catalogue: str = CatalogueOption,
) -> None:
    """Deck composition, evolution lines, identity coverage, exact odds of kept hands and
    the Invocation turn; --goldfish deals games to check them.

    Example: totemdeck stats mydeck.txt --card "Rare Candy" --turn 3
    """
    import secrets

    from totemdeck.api import Ask, deck_stats
    from totemdeck.report import render_stats

    names = tuple(card or ())
    ask = Ask(names, role, kind, "all" if all_of else "any", at_least)  # a bad one: exit 2
    checked = _check_names(deck, banlist, format_file, catalogue, lang, names)
    if goldfish is not None and seed is None:
        seed = secrets.randbelow(2**31)  # reported, so the run can be dealt again
    stats = deck_stats(
        checked, ask=ask, turn=turn, going_first=going_first, games=goldfish, seed=seed or 0
    )
    if plot is not None:  # ``--plot ''`` is refused by the writer, not ignored
        from totemdeck.files import write_atomically
        from totemdeck.report import plot_png

        title = f"{checked.report.totem_label or _('Totem deck')} — {deck}"
        write_atomically(plot, plot_png(stats, title))  # a FileWriteError: one line, exit 2
        to_stderr(_("wrote {path}").format(path=one_line(plot)))
    if output is OutputFormat.json:
        write_text(json.dumps(stats.as_dict(), indent=2, ensure_ascii=False) + "\n")
    else:
        write_text(render_stats(stats, checked.report))


def _check_names(
    deck: str,
    banlist: Path | None,
    format_file: Path | None,
    catalogue: str | None,
    lang: str,
    names: tuple[str, ...],
) -> CheckedDeck:
    """The checked deck, every ``--card`` name known to the catalogue (else exit 2)."""
    from totemdeck.api import Catalogue, check_card_name, make_checker, read_decklist

    require_stdin(deck)
    decklist = read_decklist(deck)
    with Catalogue.open(catalogue) as cat:
        for name in names:
            check_card_name(cat, name)
        return make_checker(cat, banlist, format_file, lang).check_deck(decklist)
