"""Exports (golden files, refusal, round trips) and stats (exact odds, the plot)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import struct
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from totemdeck.banlist import load_banlist
from totemdeck.catalogue.names import name_key
from totemdeck.catalogue.read import Catalogue
from totemdeck.cli import main
from totemdeck.decklist import parse, read_decklist
from totemdeck.export import export_deck
from totemdeck.rules import Checker
from totemdeck.stats import Deal, deck_stats, hypergeometric_tail

pytestmark = pytest.mark.full_mirrors("the Spanish names of every print")

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
LEGEND_DECK = ROOT / "examples" / "kyogre-groudon-legend.txt"


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    banlist = load_banlist(ROOT / "banlist.yaml").banlist
    return Checker(catalogue, banlist=banlist, today=dt.date(2026, 11, 30))


@pytest.mark.parametrize("to", ["ptcgl", "json", "csv", "text"])
def test_export_golden(checker: Checker, to: str, update_golden: bool) -> None:
    checked = checker.check_deck(read_decklist(str(LEGEND_DECK)))
    text = export_deck(checked, to)
    path = GOLDEN / f"export-legend.{to}"
    if update_golden:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_ptcgl_export_order_and_codes(checker: Checker) -> None:
    text = export_deck(checker.check_deck(read_decklist(str(LEGEND_DECK))), "ptcgl")
    headers = [
        line for line in text.splitlines() if line.endswith(tuple("0123456789")) and ":" in line
    ]
    assert [h.split(":")[0] for h in headers] == [
        "Totem",
        "Pokémon",
        "Trainer",
        "Energy",
        "Total Cards",
    ]
    assert "Basic {W} Energy SVE 3" in text
    plain = export_deck(checker.check_deck(read_decklist(str(LEGEND_DECK))), "ptcgl", plain=True)
    assert "Totem:" not in plain
    assert plain.splitlines()[1].startswith("1 Kyogre & Groudon LEGEND")


def test_name_only_lines_get_the_newest_print_with_a_live_code(checker: Checker) -> None:
    checked = checker.check_deck(parse("Totem: 1 Charizard ex OBF 125\n1 Iono\n1 Fire Energy\n"))
    text = export_deck(checked, "ptcgl", allow_illegal=True)
    ionos = [c for c in checker.catalogue.by_name("Iono") if c.set.ptcgl_code]
    newest = max(ionos, key=lambda c: (c.set.release_date, c.id))
    assert f"1 Iono {newest.set.ptcgl_code} {newest.number}" in text
    assert "1 Basic {R} Energy SVE 2" in text


def test_trainers_by_kind_and_evolution_lines_together(checker: Checker) -> None:
    deck = "\n".join([
        "Totem: 1 Charizard ex OBF 125", "1 Pidgeot ex OBF 164", "1 Charmeleon OBF 27",
        "1 Pidgey MEW 16", "1 Charmander OBF 26", "1 Artazon PAL 171", "1 Iono PAL 185",
        "1 Pidgeotto MEW 17",
        "1 Ultra Ball SVI 196", "1 Choice Belt PAL 176",
    ])  # fmt: skip
    lines = export_deck(checker.check_deck(parse(deck)), "ptcgl", allow_illegal=True).splitlines()
    names = [" ".join(x.split()[1:-2]) for x in lines if x[:1].isdigit()]
    assert names == [
        "Charizard ex", "Pidgey", "Pidgeotto", "Pidgeot ex", "Charmander", "Charmeleon",
        "Iono", "Ultra Ball", "Choice Belt", "Artazon",
    ]  # fmt: skip


def test_csv_has_one_row_per_card_line(checker: Checker) -> None:
    text = export_deck(checker.check_deck(read_decklist(str(LEGEND_DECK))), "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert sum(int(r["count"]) for r in rows) == 100
    assert set(rows[0]) == {"section", "count", "name", "set", "number", "supertype",
                            "subtypes", "types", "identity", "id"}  # fmt: skip
    assert rows[0]["identity"] == "Water; Fighting"


def test_illegal_deck_is_refused_unless_allowed(
    catalogue_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cat = ["--catalogue", str(catalogue_dir)]
    illegal = str(ROOT / "examples/illegal-several-codes.txt")
    assert main(["export", illegal, "--to", "ptcgl", *cat]) == 1
    captured = capsys.readouterr()
    assert "NOT LEGAL" in captured.out and "--allow-illegal" in captured.err
    out = tmp_path / "deck.txt"
    assert main(["export", illegal, "--to", "ptcgl", "--allow-illegal", "-o", str(out), *cat]) == 0
    assert out.read_text(encoding="utf-8").startswith("# NOT LEGAL")
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]  # written atomically


def test_spanish_export(checker: Checker, full_catalogue: Catalogue) -> None:
    catalogue = full_catalogue  # Spanish names of every print
    spanish = Checker(catalogue, lang="es")
    checked = spanish.check_deck(parse("Totem: 1 Charizard ex OBF 125\n1 Rare Candy SVI 191\n"))
    assert "1 Caramelo Raro SVI 191" in export_deck(checked, "ptcgl", lang="es", allow_illegal=True)


# -- round trips over many generated legal decks ----------------------------------------------

BASE = read_decklist(str(ROOT / "examples" / "charizard-ex.txt"))
SINGLES = [x for x in BASE.main_lines if x.count == 1]


@st.composite
def legal_decks(draw: st.DrawFn) -> str:
    chosen = draw(st.lists(st.sampled_from(SINGLES), min_size=5, max_size=40, unique=True))
    name_only = draw(st.sets(st.integers(0, len(chosen) - 1), max_size=5))
    fire = draw(st.integers(0, 99 - len(chosen)))
    lines = ["Totem: 1 Charizard ex OBF 125"]
    for index, line in enumerate(chosen):
        lines.append(f"1 {line.name}" if index in name_only else line.render())
    lines.append(f"{fire} Basic Fire Energy SVE 2") if fire else None
    dark = 99 - len(chosen) - fire
    lines.append(f"{dark} Basic Darkness Energy SVE 7") if dark else None
    return "\n".join(lines) + "\n"


def _cards(checker: Checker, text: str) -> tuple[bool, Counter[tuple[str, int]]]:
    checked = checker.check_deck(parse(text))
    names = Counter((name_key(e.card.name), e.count) for e in checked.deck.entries)
    return checked.report.legal, names


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(deck=legal_decks())
@pytest.mark.parametrize("to", ["ptcgl", "json"])
def test_check_of_export_gives_the_same_cards_and_verdict(
    checker: Checker, deck: str, to: str
) -> None:
    legal, cards = _cards(checker, deck)
    assume(legal)  # a name-only line can be ambiguous-card; exports are of legal decks
    exported = export_deck(checker.check_deck(parse(deck)), to)
    assert _cards(checker, exported) == (legal, cards)


# -- stats ------------------------------------------------------------------------------------


def by_hand(deck: int, successes: int, drawn: int) -> float:
    """1 - P(none): the product formula, independent of math.comb."""
    none = 1.0
    for i in range(drawn):
        none *= (deck - successes - i) / (deck - i)
    return 1.0 - none


@pytest.mark.parametrize(
    ("deck", "successes", "drawn"), [(99, 20, 7), (99, 1, 10), (98, 12, 7), (96, 40, 7), (99, 0, 7)]
)
def test_odds_match_an_independent_formula(deck: int, successes: int, drawn: int) -> None:
    assert hypergeometric_tail(deck, successes, drawn, 1) == pytest.approx(
        by_hand(deck, successes, drawn), abs=1e-12
    )


def test_stats_of_the_example_deck(checker: Checker) -> None:
    checked = checker.check_deck(read_decklist(str(ROOT / "examples" / "charizard-ex.txt")))
    stats = deck_stats(checked, card_name="Charmander", turn=3)
    # 20 Basic Pokémon and 5 Antique fossils (Trainers played as Basics) keep a hand
    assert stats.deck_size == 99 and stats.basics == 20 and stats.keepers == 25
    kept = by_hand(99, 25, 7)
    assert stats.p_basic_in_opening == pytest.approx(kept)
    assert stats.expected_mulligans == pytest.approx((1 - kept) / kept)
    # Charmander is a Basic: in a kept hand with P(in 7)/P(kept), else among the 3 draws
    in_hand = (7 / 99) / kept
    assert stats.card_odds["p_drawn"] == pytest.approx(in_hand + (1 - in_hand) * 3 / 92, abs=1e-6)
    assert Deal(99, 25).seen(3) == 10 and stats.card_odds["cards_seen"] == 10
    assert sum(stats.supertypes.values()) == 99
    assert stats.identity_coverage == {"Fire": 27, "Darkness": 27}
    assert stats.as_dict()["odds"]["supporters"] == stats.supporters


def test_stats_command_json_and_plot(
    catalogue_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    png = tmp_path / "deck.png"
    deck = str(ROOT / "examples/charizard-ex.txt")
    args = [
        "stats",
        deck,
        "--format",
        "json",
        "--card",
        "Charmander",
        "--turn",
        "2",
        "--plot",
        str(png),
    ]
    assert main([*args, "--catalogue", str(catalogue_dir)]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["odds"]["card"]["cards_seen"] == 9
    head = png.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", head[16:24]) == (1500, 500)  # composition, odds, Invocation


def test_plot_without_matplotlib_is_a_clear_error(
    catalogue_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("matplotlib"):
            raise ImportError("no matplotlib here")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    deck = str(ROOT / "examples/charizard-ex.txt")
    args = [
        "stats",
        deck,
        "--plot",
        str(tmp_path / "x.png"),
        "--catalogue",
        str(catalogue_dir),
    ]
    assert main(args) == 2
    assert "pip install 'totemdeck[plot]'" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("to", ["ptcgl", "json", "csv", "text"])
def test_only_a_legal_deck_exports_unless_asked(checker: Checker, to: str) -> None:
    """The library verb keeps the rule, so no face (CLI, web, a script) can forget it."""
    from totemdeck.export.formats import ExportRefused

    illegal = checker.check_deck(
        read_decklist(str(ROOT / "examples" / "illegal-several-codes.txt"))
    )
    assert not illegal.report.legal
    with pytest.raises(ExportRefused, match="not legal"):
        export_deck(illegal, to)
    written = export_deck(illegal, to, allow_illegal=True)
    assert not checker.check(parse(written, f"export.{to}")).legal  # and it reads back illegal
