"""A ban's reason in English and Spanish: ``reason: {en:, es:}``, ``banlist add --reason-es``,
every report in the reader's language, and the project's banlist has both for each entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from totemdeck.banlist.edit import add_entry
from totemdeck.banlist.io import dump_banlist, load_banlist, load_banlist_text
from totemdeck.catalogue.read import Catalogue
from totemdeck.cli import main
from totemdeck.decklist import parse
from totemdeck.i18n import use_language
from totemdeck.rules import Checker, load_format
from totemdeck.rules.banlist import BanEntry

ROOT = Path(__file__).resolve().parent.parent.parent
BILINGUAL = """\
format: Totem Format
updated: '2026-01-01'
entries:

- name: Archeops
  reason: {en: 'Locks evolutions', es: 'Bloquea las evoluciones'}
  since: '2017-07'

- name: Red Card
  reason: Disruption
  since: '2021-02-03'
"""


def test_both_forms_read_and_write_back_the_same() -> None:
    banfile = load_banlist_text(BILINGUAL, "banlist.yaml")
    archeops, red_card = banfile.banlist.entries
    assert (archeops.reason, archeops.reason_es) == ("Locks evolutions", "Bloquea las evoluciones")
    assert (red_card.reason, red_card.reason_es) == ("Disruption", None)
    assert dump_banlist(banfile) == BILINGUAL
    assert archeops.as_dict()["reason"] == {
        "en": "Locks evolutions",
        "es": "Bloquea las evoluciones",
    }


@pytest.mark.parametrize(
    ("lang", "archeops", "red_card"),
    [("en", "Locks evolutions", "Disruption"), ("es", "Bloquea las evoluciones", "Disruption")],
)
def test_the_reason_in_each_language(lang: str, archeops: str, red_card: str) -> None:
    entries = load_banlist_text(BILINGUAL, "b").banlist.entries
    assert [e.reason_in(lang) for e in entries] == [archeops, red_card]
    with use_language(lang):
        assert entries[0].reason_in() == archeops


@pytest.mark.parametrize(
    "reason", [{"es": "Sin inglés"}, {"en": "ok"}, {"en": "Fine", "fr": "Non"}]
)
def test_a_bad_bilingual_reason_is_refused(reason: dict[str, str]) -> None:
    text = BILINGUAL.replace(
        "{en: 'Locks evolutions', es: 'Bloquea las evoluciones'}",
        "{" + ", ".join(f"{k}: '{v}'" for k, v in reason.items()) + "}",
    )
    with pytest.raises(Exception, match="reason"):
        load_banlist_text(text, "banlist.yaml")


def test_add_with_a_spanish_reason(tmp_path: Path, catalogue_dir: Path) -> None:
    path = tmp_path / "banlist.yaml"
    path.write_text(BILINGUAL, encoding="utf-8")
    args = ["banlist", "add", "Lysandre's Trump Card", "--reason", "Too strong",
            "--reason-es", "Demasiado fuerte", "--since", "2024-01-01", "--file", str(path),
            "--catalogue", str(catalogue_dir)]  # fmt: skip
    assert main(args) == 0
    entry = [e for e in load_banlist(path).banlist.entries if e.name == "Lysandre's Trump Card"]
    assert [(e.reason, e.reason_es) for e in entry] == [("Too strong", "Demasiado fuerte")]
    banfile = load_banlist(path)
    assert (
        add_entry(banfile, BanEntry("Absol", "x y z", "2024-01-01"), "2026-01-01").count("es: ")
        == 2
    )


def test_every_shipped_ban_has_a_spanish_reason() -> None:
    entries = load_banlist(ROOT / "banlist.yaml").banlist.entries
    assert entries and all(e.reason_es and e.reason_es != e.reason for e in entries)


def test_a_spanish_check_report_gives_the_spanish_reason(catalogue: Catalogue) -> None:
    banlist = load_banlist(ROOT / "banlist.yaml").banlist
    checker = Checker(catalogue, fmt=load_format(), banlist=banlist, lang="es")
    with use_language("es"):
        report = checker.check(
            parse("Totem: 1\n1 Charizard ex OBF 125\nTrainer: 1\n1 Delinquent\n")
        )
    banned = [f.message for f in report.findings if f.code == "banned"]
    assert banned and "Prohibida en el formato Expandido oficial" in banned[0]
    assert "Banned in the official" not in banned[0]
