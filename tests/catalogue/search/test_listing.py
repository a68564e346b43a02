"""A search's listing is read in bulk, never built as cards (issue 38.9: every print as JSON
took seconds, nearly all of it building cards the listing does not show), and says what the
built cards said, byte for byte.

The goldens ``tests/golden/search-subset.*`` were written by the code before the change (the
listing then built every card), so the CLI's text, JSON and CSV are held to it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.golden import compare
from totemdeck.api.search import listed_rows, search_cards
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.search.listing import listing_rows
from totemdeck.cli import main
from totemdeck.report import render_search_csv, render_search_json, render_search_text
from totemdeck.report.search import csv_text, json_pieces, text_pieces
from totemdeck.rules.format import load_format

pytestmark = pytest.mark.full_mirrors(
    "every print of both sources, and the listing goldens made over them"
)

SUBSET = "is:radiant or set:sve or t:stadium r:promo"


@pytest.mark.slow
def test_every_print_lists_as_its_built_card_does(full_catalogue: Catalogue) -> None:
    from totemdeck.report.search import card_row

    catalogue = full_catalogue  # every print of the two sources
    fmt = load_format()
    found = search_cards(catalogue, "", prints=True, limit=None, build=False)
    assert not found.cards and len(found.ids) == found.total > 20_000
    cards = catalogue.cards_of(list(found.ids))
    for lang in ("en", "es"):
        rows = list(listed_rows(catalogue, found, lang))
        assert [r["id"] for r in rows] == list(found.ids)
        different = [c.id for c, r in zip(cards, rows, strict=True) if card_row(c, lang, fmt) != r]
        assert different == []
    assert sum(r["shown_name"] != r["name"] for r in rows) > 3_000  # Spanish names shown


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_three_formats_say_what_the_built_cards_say(
    full_catalogue: Catalogue, lang: str
) -> None:
    catalogue = full_catalogue  # the subset's prints of every set (> 40)
    fmt = load_format()
    built = search_cards(catalogue, SUBSET, prints=True, limit=None, lang=lang)
    listed = search_cards(catalogue, SUBSET, prints=True, limit=None, lang=lang, build=False)
    assert listed.ids == built.ids == tuple(c.id for c in built.cards) and len(built.ids) > 40

    def rows() -> list[dict[str, object]]:
        return list(listed_rows(catalogue, listed, lang))

    assert "".join(json_pieces(listed, SUBSET, rows())) == render_search_json(
        built, SUBSET, lang, fmt
    )
    assert "".join(text_pieces(rows())) == render_search_text(built, lang)
    assert csv_text(rows()) == render_search_csv(built, lang, fmt)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("output", ["json", "text", "csv"])
def test_the_cli_listing_is_what_it_was(
    full_catalogue_dir: Path,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    output: str,
    update_golden: bool,
) -> None:
    args = ["--lang", lang, "card", "search", SUBSET, "--prints", "--limit", "0"]
    assert main([*args, "--format", output, "--catalogue", str(full_catalogue_dir)]) == 0
    compare(f"search-subset.{lang}.{output}", capsys.readouterr().out, update_golden)


def test_a_listing_streams_in_batches(catalogue: Catalogue) -> None:
    """The document is written a batch of rows at a time, not held whole first."""
    found = search_cards(catalogue, "t:pokemon", prints=True, limit=None, build=False)
    pieces = list(json_pieces(found, "t:pokemon", listed_rows(catalogue, found)))
    assert len(pieces) == 2 + -(-found.total // 500)  # the head, each batch, the end
    assert all(len(piece) < 400_000 for piece in pieces)


def test_the_identity_is_the_format_in_force(catalogue: Catalogue, tmp_path: Path) -> None:
    """A format file that reads an Energy otherwise gives the listing its identity."""
    packaged = Path(__file__).resolve().parents[3] / "totemdeck" / "data" / "format.yaml"
    text = packaged.read_text(encoding="utf-8")
    assert "\n  overrides: {}\n" in text
    override = '\n  overrides:\n    "Double Colorless Energy": {types: [Fire], colorless: true}\n'
    other = tmp_path / "format.yaml"
    other.write_text(text.replace("\n  overrides: {}\n", override, 1), encoding="utf-8")
    fmt = load_format(other)
    query = '!"Double Colorless Energy"'
    found = search_cards(catalogue, query, prints=True, format_rules=fmt, build=False)
    rows = list(listed_rows(catalogue, found, "en", fmt))
    assert rows and all(r["identity"] == ["Fire"] for r in rows)
    plain = search_cards(catalogue, query, prints=True, build=False)
    assert all(r["identity"] == [] for r in listed_rows(catalogue, plain))


def test_no_ids_no_rows(catalogue: Catalogue) -> None:
    assert list(listing_rows(catalogue, (), "en")) == []
