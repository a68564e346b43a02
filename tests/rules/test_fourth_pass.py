"""Rules and data, fourth pass (issue 34 items 2–6, issue 38 item 3), over the real catalogue.

Each test here failed before its fix: a Totem whose data left its retreat out was Retreat 0,
the TCGdex-only M Manectric-EX / M Lucario-EX took the Stage 1 column, ``totem`` on a banned
print said nothing, Multi Energy was allowed beside a Retreat-0 Totem.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.cards import card
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.cli import main
from totemdeck.decklist.parse import parse
from totemdeck.rules import Checker, load_format
from totemdeck.rules.audit import totem_rows
from totemdeck.rules.checks.identity import forbids_colorless
from totemdeck.rules.data_audit import same_card_key
from totemdeck.rules.deck import Deck, Entry
from totemdeck.rules.format import FormatFileError, FormatRules
from totemdeck.rules.traits import identity, provides_colorless, retreat_unknown
from totemdeck.rules.verdict import Report

pytestmark = pytest.mark.full_mirrors("every print (the sweep's golden counts all of them)")

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "sweep-counts.json"
FMT = load_format()


@pytest.fixture(scope="module")
def catalogue(full_catalogue: Catalogue) -> Catalogue:
    """Every print of both mirrors: the sweep's golden counts every print (without ../shared these tests skip, saying so)."""
    return full_catalogue


@pytest.fixture(scope="module")
def checker(catalogue: Catalogue) -> Checker:
    return Checker(catalogue)


# --- item 3: every print of one card has one column -------------------------------------


def test_every_print_of_one_card_has_one_column_cost_and_prizes(
    catalogue: Catalogue, checker: Checker
) -> None:
    cards: dict[tuple[Any, ...], list[Card]] = {}
    for print_ in catalogue.iter_cards():
        if print_.is_pokemon:
            cards.setdefault(same_card_key(print_), []).append(print_)
    several = [prints for prints in cards.values() if len(prints) > 1]
    assert len(several) > 2_500
    differing = {}
    for prints in several:
        numbers = {
            (n.cost_column, n.invocation_cost, n.prizes)
            for n in map(checker.totem_numbers_of, prints)
        }
        if len(numbers) > 1:
            differing[prints[0].name] = sorted(p.id for p in prints)
    assert differing == {}
    for alternate, card_id in (("xya-24a", "xy4-24"), ("xya-55a", "xy3-55")):
        ours, theirs = (checker.totem_numbers_of(catalogue.get(i)) for i in (alternate, card_id))
        assert (ours.cost_column, ours.invocation_cost) == ("Stage 2", 4)
        assert (theirs.cost_column, theirs.invocation_cost) == ("Stage 2", 4)


# --- item 4: `totem` on a banned print says it is banned ----------------------------------


@pytest.mark.parametrize("banlist", [[], ["--banlist", str(ROOT / "banlist.yaml")]])
def test_totem_on_a_banned_print_says_it_is_banned(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str], banlist: list[str]
) -> None:
    where = ["--catalogue", str(catalogue_dir), *banlist]
    assert main(["totem", "xy2-23", "--format", "json", *where]) == 1
    found = json.loads(capsys.readouterr().out)
    assert found["totem"]["cost_column"] == "Stage 1"  # the numbers, and why not
    assert "banned" in found["why_not"] and "Milotic FLF 23" in found["why_not"]
    assert main(["totem", "xy2-23", *where]) == 1
    assert "is banned (since" in capsys.readouterr().out
    assert main(["totem", "xy2-24", "--format", "json", *where]) == 0  # its neighbour is not


# --- item 2 / FORMAT.md "Missing data is not zero": unknown is not Retreat Cost 0 ---------


def _deck(totem: Card, *main: Card) -> Deck:
    return Deck(
        totem=(Entry(1, 1, totem, "totem"),),
        main=tuple(Entry(i + 2, 1, c, None) for i, c in enumerate(main)),
    )


def test_an_unknown_retreat_is_not_retreat_cost_0() -> None:
    colourless = card("Normalmon", types=("Colorless",))
    assert forbids_colorless(_deck(card("Freemon", retreat_cost=0), colourless), FMT)
    unknown = card("Lostmon", retreat_cost=None)
    assert retreat_unknown(unknown)
    assert not forbids_colorless(_deck(unknown, colourless), FMT)


def test_totem_and_card_show_say_retreat_unknown(
    catalogue_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    where = ["--catalogue", str(catalogue_dir)]
    assert main(["totem", "mfb-29", *where]) == 0
    assert "retreat unknown" in capsys.readouterr().out
    assert main(["totem", "mfb-29", "--format", "json", *where]) == 0
    found = json.loads(capsys.readouterr().out)["totem"]
    assert (found["retreat_cost"], found["retreat_unknown"]) == (None, True)
    assert main(["card", "show", "mfb-29", *where]) == 0
    assert "Retreat unknown" in capsys.readouterr().out
    assert main(["--lang", "es", "totem", "mfb-29", *where]) == 0
    assert "retirada desconocida (ninguna fuente la indica)" in capsys.readouterr().out


# --- issue 38 item 3: every Energy against colorless-restriction's words ------------------

_C = re.compile(r"[\[{]C[\]}]")
_CLAUSE = re.compile(r"[.!?]\)?\s+|[()]|\n")
_PROVIDES_C = re.compile(r"\bprovides?\b.*Colorless", re.IGNORECASE)


def _says_it_provides_colorless(energy: Card) -> bool:
    """The rule's words, read apart from the rules' own reader: a clause that says the
    Energy provides Colorless, not one about what it counts as while not in play."""
    clauses = _CLAUSE.split(_C.sub("Colorless", " ".join(energy.rules)))
    return any(_PROVIDES_C.search(c) and "not in play" not in c.casefold() for c in clauses)


def test_every_energy_is_judged_by_the_words_of_colorless_restriction(
    catalogue: Catalogue,
) -> None:
    energy = [c for c in catalogue.iter_cards() if c.is_energy]
    special = [c for c in energy if c.is_special_energy]
    assert len(energy) > 500 and len(special) > 200
    assert not any(provides_colorless(c, FMT) for c in energy if c.is_basic_energy)
    differ = {c.id for c in special if provides_colorless(c, FMT) != _says_it_provides_colorless(c)}
    assert differ == set()
    barred = {c.id for c in special if provides_colorless(c, FMT)}
    assert {"ex2-93", "ex6-103"} <= barred  # Multi Energy: "provides Colorless … when …"
    assert "hgss1-104" not in barred  # Rainbow Energy HS 104: Colorless only while not in play


# --- the whole-catalogue sweep ------------------------------------------------------------


def sweep(catalogue: Catalogue, checker: Checker) -> dict[str, dict[str, int]]:
    """Every Pokémon print's column, Invocation Cost, Prize cards, identity size and retreat;
    every Energy's kind and what colorless-restriction makes of it."""
    rows = list(totem_rows(checker))
    tally: dict[str, Counter[str]] = {k: Counter() for k in
                                      ("column", "cost", "prizes", "identity", "retreat", "energy")}  # fmt: skip
    for row in rows:
        n = row.numbers
        tally["column"][n.cost_column] += 1
        tally["cost"][str(n.invocation_cost)] += 1
        tally["prizes"][str(n.prizes)] += 1
        tally["identity"][str(len(n.identity))] += 1
        retreat = "unknown" if n.retreat_unknown else str(n.retreat_cost)
        tally["retreat"]["none printed" if n.retreat_cost is None and not n.retreat_unknown
                         else retreat] += 1  # fmt: skip
    for energy in (c for c in catalogue.iter_cards() if c.is_energy):
        kind = "basic" if energy.is_basic_energy else "special"
        if energy.is_special_energy:
            kind += ", provides Colorless" if provides_colorless(energy, FMT) else ""
            kind += ", empty identity" if not identity(energy, FMT) else ""
        tally["energy"][kind] += 1
    return {k: dict(sorted(v.items())) for k, v in tally.items()}


def test_the_whole_catalogue_sweep(
    catalogue: Catalogue, checker: Checker, update_golden: bool
) -> None:
    counts = sweep(catalogue, checker)
    pokemon = sum(1 for c in catalogue.iter_cards() if c.is_pokemon)
    assert all(sum(counts[k].values()) == pokemon for k in ("column", "cost", "prizes"))
    assert counts["retreat"]["unknown"] == 28  # the My First Battle prints (known_errors)
    cost = {str(v): k for k, v in FMT.invocation_cost.items()}
    assert {cost[c]: n for c, n in counts["cost"].items()} == counts["column"]
    print(json.dumps(counts))
    if update_golden:
        GOLDEN.write_text(json.dumps(counts, indent=1) + "\n", encoding="utf-8")
    # a change to any count is a change of verdict somewhere: read the diff, then update
    assert counts == json.loads(GOLDEN.read_text(encoding="utf-8"))


# --- item 5: FORMAT.md "An ambiguous line and the other rules" -----------------------------


def _check(checker: Checker, text: str) -> Report:
    return checker.check(parse(text))


def _ambiguous(report: Report) -> Any:
    (found,) = [f for f in report.findings if f.code == "ambiguous-card"]
    return found


def test_a_finding_that_holds_for_only_some_prints_is_said_inside_ambiguous_card(
    checker: Checker,
) -> None:
    # Totem Fairy; "1 Gardevoir": its Psychic prints break identity, its Fairy ones do not
    report = _check(checker, "Totem: 1\n1 Gardevoir LOT 141\nPokémon: 1\n1 Gardevoir\n")
    assert [f for f in report.findings if f.code == "identity"] == []  # not a finding of its own
    found = _ambiguous(report)
    groups = found.context["groups"]
    psychic = next(g for g in groups if "swsh12-69" in g["prints"])
    fairy = next(g for g in groups if "sm8-141" in g["prints"])
    assert psychic["breaks"] == [{"code": "identity", "line": 4}] and "breaks" not in fairy
    assert "would break identity" in found.message
    # a finding every print gives is reported as usual
    assert {"singleton", "deck-size", "no-basic-pokemon"} <= {f.code for f in report.findings}
    assert not report.legal


def test_a_finding_of_the_prints_not_chosen_is_said_too(checker: Checker) -> None:
    # Totem Psychic: the newest Gardevoir (Psychic) is chosen; the Fairy ones would break it
    report = _check(checker, "Totem: 1\n1 Gardevoir ex SVI 86\nPokémon: 1\n1 Gardevoir\n")
    fairy = next(g for g in _ambiguous(report).context["groups"] if "sm8-141" in g["prints"])
    assert fairy["breaks"] == [{"code": "identity", "line": 4}]


# --- item 6: every group described truly; ambiguous without a Totem -----------------------


def test_each_group_of_an_ambiguous_line_is_described_by_all_its_prints(checker: Checker) -> None:
    report = _check(checker, "Totem: 1\n1 Gardevoir ex SVI 86\nPokémon: 1\n1 Gardevoir\n")
    found = _ambiguous(report)
    delta = next(g for g in found.context["groups"] if "ex11-6" in g["prints"])
    # Gardevoir δ DS 6 is Psychic/Metal, judged alike with the Fairy prints (both break it)
    assert delta["differs"]["types"] == "Fairy or Psychic/Metal"
    assert "types Fairy or Psychic/Metal" in found.message
    assert "retreat" not in delta["differs"]  # 1 or 2 beside 2 tells the groups nothing


def test_without_a_totem_a_line_whose_prints_differ_is_ambiguous(checker: Checker) -> None:
    report = _check(checker, "Pokémon: 1\n1 Gardevoir\n")
    assert {"totem-missing", "ambiguous-card"} <= {f.code for f in report.findings}
    differs = [g["differs"]["types"] for g in _ambiguous(report).context["groups"]]
    assert sorted(differs) == ["Fairy", "Psychic", "Psychic/Metal"]
    # prints that differ in nothing a rule reads are still one card
    alike = _check(checker, "Pokémon: 1\n1 Professor's Research\n")
    assert "ambiguous-card" not in {f.code for f in alike.findings}


# --- item 5: "Unknown lines count" and "Turns, for odds" ----------------------------------


@pytest.mark.parametrize(("count", "size"), [(1, False), (3, True)])
def test_a_line_that_names_no_card_counts_toward_the_deck_size(
    checker: Checker, count: int, size: bool
) -> None:
    text = (ROOT / "tests/decks/legal-ultra-necrozma-gx-retreat-from-tcgdex.txt").read_text()
    report = _check(checker, text.replace("1 Chansey SVI 144", f"{count} Zzyzx Wombat"))
    codes = {f.code for f in report.findings}
    assert "unknown-card" in codes and ("deck-size" in codes) is size
    assert report.counts["total"] == 99 + count


def test_the_format_file_says_how_turns_go_for_odds() -> None:
    turns = FMT.turns
    assert (turns.opening_hand, turns.draws_per_turn, turns.energy_attachments_per_turn) == (
        7, 1, 1,
    )  # fmt: skip
    assert turns.mulligan_without_basic and turns.prizes_after_hand and turns.first_player_draws
    assert turns.totem_zone_uses_attachment and not turns.effects_attach_in_totem_zone
    assert not turns.totem_in_deck and FMT.starting_prizes == 6


def test_a_format_file_with_a_wrong_turns_entry_is_refused() -> None:
    import yaml

    data = yaml.safe_load((ROOT / "totemdeck" / "data" / "format.yaml").read_text("utf-8"))
    assert FormatRules.from_data(data).turns == FMT.turns
    data["turns"]["opening_hand"] = 0
    with pytest.raises(FormatFileError, match="opening_hand"):
        FormatRules.from_data(data)


def test_an_ambiguous_totem_says_which_lines_each_group_would_break(checker: Checker) -> None:
    report = _check(checker, "Totem: 1\n1 Gardevoir\nPokémon: 1\n1 Ralts SIT 67\n")
    assert "identity" not in {f.code for f in report.findings}  # it depends on the Totem's print
    found = _ambiguous(report)
    fairy = next(g for g in found.context["groups"] if "sm8-141" in g["prints"])
    psychic = next(g for g in found.context["groups"] if "swsh12-69" in g["prints"])
    assert fairy["breaks"] == [{"code": "identity", "line": 4}] and "breaks" not in psychic
    assert "would break identity (line 4)" in found.message
