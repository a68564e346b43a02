"""``totemdeck import`` options that used to be taken silently: refused in one line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from totemdeck.cli import main


@pytest.mark.parametrize("days", ["nan", "inf", "-inf", "1e308", "-1", "100000"])
def test_revalidate_days_must_be_a_sane_number(
    tmp_path: Path, pokemontcg_dir: Path, capsys: pytest.CaptureFixture[str], days: str
) -> None:
    code = main(
        [
            "import",
            "--revalidate-days",
            days,
            "--from",
            str(pokemontcg_dir),
            "--catalogue",
            str(tmp_path / "c"),
        ]
    )
    err = capsys.readouterr().err
    assert code == 2, err
    assert "--revalidate-days" in err and "Traceback" not in err
    assert not (tmp_path / "c").exists()


@pytest.mark.parametrize("origin", ["", "pokemontcg=", "tcgdex=", "  "])
def test_an_empty_from_is_refused_not_the_online_source(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], origin: str
) -> None:
    code = main(["import", "--from", origin, "--catalogue", str(tmp_path / "c")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "--from" in err and "empty" in err
    assert not (tmp_path / "c").exists()
