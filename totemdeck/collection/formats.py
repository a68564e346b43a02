"""The collection apps players use, as presets of the one table reader.

A preset is recognised by header cells only that app writes ("Portfolio Name" and
"Category": Collectr; "product-name" and "console-name": PriceCharting); it names the app
in the summary and adds what the header words alone cannot know: which rows are Pokémon
(apps that hold every game), a count kept per printing, a column whose words mislead. Every
other column is found by its header words (``columns``), so an app's export with a column
more or less, or a sheet nobody has seen, is read the same way. The headers are the apps'
own, as found in real exports (sources in ``tests/collection/samples/SOURCES``).
"""

from __future__ import annotations

from collections.abc import Iterator

from totemdeck.base.records import frozen
from totemdeck.collection.columns import Layout, fold_header
from totemdeck.collection.table import Row, Table

__all__ = ["GENERIC", "PRESETS", "CsvRow", "Preset", "preset_of", "rows"]


@frozen
class Preset:
    """One app's export: the header cells that tell it, and what it adds to the words."""

    key: str
    title: str
    marks: tuple[str, ...]  # folded header cells only this app's export has, all of them
    game: tuple[str, str] | None = None  # (role, folded value prefix) of rows that are Pokémon
    more_counts: tuple[str, ...] = ()  # a count per printing: the copies are their sum


PRESETS: tuple[Preset, ...] = (
    Preset("collectr", "Collectr", ("portfolio name", "product name", "category"),
           game=("game", "pokemon")),
    Preset("tcgplayer-seller", "TCGplayer (seller inventory)",
           ("tcgplayer id", "product line", "total quantity"), game=("game", "pok")),
    Preset("tcgplayer", "TCGplayer app", ("simple name", "product id", "sku")),
    Preset("dragonshield", "Dragon Shield", ("folder name", "trade quantity", "card name")),
    Preset("pricecharting", "PriceCharting", ("product-name", "console-name"),
           game=("set", "pokemon")),
    Preset("cardstorage", "Card Storage", ("name", "sets", "count")),
    Preset("printings", "a spreadsheet with a count per printing (unlimited, reverse, …)",
           ("set", "name", "number", "unlimited"),
           more_counts=("unlimited", "reverse", "promo", "1st", "shadowless",
                        "1st shadowless", "fourth", "worlds")),
    Preset("deckbox", "Deckbox", ("count", "tradelist count", "name", "edition")),
    Preset("cardmarket", "Cardmarket", ("idproduct",)),
)  # fmt: skip
GENERIC = Preset("table", "a table (columns found by their headers)", ())


def preset_of(header: list[str]) -> Preset:
    """The app whose marks the header has, else the plain table reader."""
    have = {fold_header(cell) for cell in header}
    return next((p for p in PRESETS if set(p.marks) <= have), GENERIC)


@frozen
class CsvRow:
    """One card row of a table, with its place in the file; ``count`` None: the table has
    no count column (one copy a row)."""

    line: int
    raw: str
    count: str | None
    name: str
    number: str | None
    set_names: tuple[str, ...]
    set_code: str | None
    artist: str | None = None
    rarity: str | None = None
    place: str = "line"
    card_id: str | None = None  # a print id the table gives (``id``), if it has the column
    label: str = ""  # the place in words, when the number alone is not it (a JSON variant)

    @property
    def where(self) -> str:
        return self.label or f"{self.place} {self.line}"


def _get(cells: tuple[str, ...], index: int | None) -> str:
    """A cell, its runs of spaces made one (so no pattern meets a run of them)."""
    if index is None or index >= len(cells):
        return ""
    return " ".join(cells[index][:1000].split()) if len(cells[index]) <= 1000 else cells[index]


def _copies(cells: tuple[str, ...], layout: Layout, preset: Preset) -> str | None:
    """The count cell; with a count per printing, their sum (or the first cell that is not
    a number, for the reader to report)."""
    if preset.more_counts:
        folded = [fold_header(cell) for cell in layout.header]
        written = [_get(cells, folded.index(c)) for c in preset.more_counts if c in folded]
        written = [cell for cell in written if cell]
        plain = [cell for cell in written if cell.isascii() and cell.isdigit() and len(cell) <= 7]
        bad = next((cell for cell in written if cell not in plain), None)
        return bad if bad is not None else str(sum(int(cell) for cell in written))
    index = layout.first("count")
    index = layout.first("total") if index is None else index
    return None if index is None else _get(cells, index)


def _is_game(cells: tuple[str, ...], layout: Layout, preset: Preset) -> bool:
    if preset.game is None:
        return True
    role, prefix = preset.game
    index = layout.first(role)
    return index is None or fold_header(_get(cells, index)).startswith(prefix)


def rows(table: Table, preset: Preset, skipped: list[int]) -> Iterator[CsvRow]:
    """The card rows of a table (rows of other games counted in ``skipped``)."""
    layout = table.layout
    for row in table.rows:
        if not _is_game(row.cells, layout, preset):
            skipped[0] += 1
            continue
        yield _row(row, layout, preset)


def _row(row: Row, layout: Layout, preset: Preset) -> CsvRow:
    cells = row.cells
    names = [_get(cells, i) for i in layout.columns.get("name", ())]
    sets = tuple(v for i in layout.columns.get("set", ()) if (v := _get(cells, i)))
    return CsvRow(
        line=row.line,
        raw=row.raw,
        count=_copies(cells, layout, preset),
        name=next((n for n in names if n), ""),
        number=_get(cells, layout.first("number")) or None,
        set_names=sets,
        set_code=_get(cells, layout.first("code")) or None,
        artist=_get(cells, layout.first("artist")) or None,
        rarity=_get(cells, layout.first("rarity")) or None,
        place=row.place,
        card_id=_get(cells, layout.first("id")) or None,
        label=row.label,
    )
