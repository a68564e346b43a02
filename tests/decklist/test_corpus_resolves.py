"""Every card line of the real corpus resolves against the two-source catalogue (issue 13).

The lines ``tests/decklists/SOURCES`` names as junk (prose, titles, a wrong id the author
wrote) are the exceptions, and they must stay unresolved: a junk line that resolves means
SOURCES is out of date.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
import yaml

from totemdeck.catalogue import Catalogue
from totemdeck.decklist import Resolver, read_decklist

pytestmark = pytest.mark.full_mirrors(
    "every card line of the real decklists of tests/decklists/ (cards of every set)"
)

CORPUS = Path(__file__).parent.parent / "decklists"
SOURCES: dict[str, dict[str, Any]] = yaml.safe_load((CORPUS / "SOURCES").read_text("utf-8"))
TODAY = dt.date(2026, 11, 30)


@pytest.fixture(scope="module")
def resolver(full_catalogue: Catalogue) -> Resolver:
    """Over the whole catalogue: the real lists name cards of every set."""
    return Resolver(full_catalogue, today=TODAY)


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_every_card_line_resolves_but_the_junk(resolver: Resolver, name: str) -> None:
    junk = set((SOURCES[name].get("junk") or {}).keys())
    decklist = read_decklist(str(CORPUS / name))
    resolved = resolver.resolve(decklist)
    unread = [(p.line, p.raw.strip(), p.message) for p in decklist.problems if p.line not in junk]
    unresolved = [
        (r.line.line, r.line.raw.strip(), r.finding.message)
        for r in resolved.lines
        if r.finding is not None and r.line.line not in junk
    ]
    assert not unread and not unresolved, (unread, unresolved)
    wrongly_resolved = [r.line.line for r in resolved.lines if r.resolved and r.line.line in junk]
    assert not wrongly_resolved, (
        f"SOURCES names these lines junk, yet they resolve: {wrongly_resolved}"
    )
    assert resolved.lines, "a corpus list with no card line"
