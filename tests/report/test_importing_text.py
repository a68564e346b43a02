"""The import summary in both languages: one column of values, counts as numbers."""

from __future__ import annotations

import pytest

from totemdeck.i18n import use_language
from totemdeck.importer.summary import ImportResult, MergeSummary
from totemdeck.report.importing import SHOWN, render_failed, render_import
from totemdeck.sources.interface import ImportSummary, RejectedCard, SkippedSet


def _summary(skipped: int = 1, rejected: int = 0) -> ImportSummary:
    return ImportSummary(
        source="tcgdex",
        origin="https://api.tcgdex.net/v2",
        sets=203,
        sets_downloaded=2,
        sets_unchanged=200,
        added=12,
        unchanged=21054,
        requests=348,
        bytes_downloaded=812_000,
        seconds=0.54,
        names={"es": 14074, "en": 21066},
        skipped=[SkippedSet(f"sv{i}", "HTTP 503") for i in range(skipped)],
        rejected=[RejectedCard(f"x-{i}", "hp: -10 is less than 0") for i in range(rejected)],
    )


MERGE = MergeSummary(sets_matched=162, sets_added=41, prints_matched=18121, prints_added=2822)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "source:    tcgdex (https://api.tcgdex.net/v2)",
                "sets:      203 (2 downloaded, 200 unchanged, 1 skipped)",
                "download:  348 requests, 0.8 MB in 0.5 s",
                "skipped sv0: HTTP 503",
                "merge:     18121 prints in both sources",
                "catalogue updated",
            ],
        ),
        (
            "es",
            [
                "fuente:       tcgdex (https://api.tcgdex.net/v2)",
                "expansiones:  203 (2 descargadas, 200 sin cambios, 1 omitidas)",
                "descarga:     348 peticiones, 0,8 MB en 0,5 s",
                "omitida sv0: HTTP 503",
                "fusión:       18121 impresiones en ambas fuentes",
                "catálogo actualizado",
            ],
        ),
    ],
)
def test_summary_in_each_language(lang: str, expected: list[str]) -> None:
    with use_language(lang):
        text = render_import(ImportResult(summaries=[_summary()], merge=MERGE))
    lines = text.splitlines()
    for start in expected:
        assert any(line.startswith(start) for line in lines), (start, text)


def test_long_lists_are_cut_with_a_plural_count() -> None:
    with use_language("es"):
        text = render_failed(_summary(skipped=SHOWN + 1, rejected=SHOWN + 3))
    assert "… y 1 omitida más (ver --format json)" in text
    assert "… y 3 cartas rechazadas más (ver --format json)" in text
    assert text.endswith("catálogo SIN cambios\n")
