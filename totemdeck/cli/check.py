"""``totemdeck check`` and ``totemdeck totem``: judge decks, show a Totem's numbers."""

from __future__ import annotations

from pathlib import Path

import typer

from totemdeck.cli.checking import run_check, run_totem
from totemdeck.cli.choices import TotemFormat
from totemdeck.cli.options import (
    CatalogueOption,
    CollectionOption,
    FormatOption,
    LangOption,
    OutputFormat,
)
from totemdeck.cli.root import app

__all__ = ["BanlistOption", "FormatFileOption", "TotemFormat", "check_command", "totem_command"]

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
    run_check(
        decks=decks,
        output=output,
        banlist=banlist,
        format_file=format_file,
        lang=lang,
        catalogue=catalogue,
        verbose=verbose,
        collection=collection,
        share=share,
    )


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
    run_totem(
        card=card,
        every=every,
        output=output,
        banlist=banlist,
        format_file=format_file,
        catalogue=catalogue,
        collection=collection,
        best=best,
        owned_totem=owned_totem,
        draft=draft,
        lang=lang,
    )
