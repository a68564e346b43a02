"""Role tags: the data file's own examples, and precision per role over a labelled sample of
419 real cards of every era (tests/rules/role_sample.yaml), with recall reported."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from totemdeck.catalogue.read import Catalogue
from totemdeck.rules.roles import Role, role_names, roles, roles_of, sentences, text_roles

SAMPLE = Path(__file__).with_name("role_sample.yaml")
MIN_PRECISION = 0.95


def labels() -> dict[str, set[str]]:
    data = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))
    return {str(card_id): set(tags or ()) for card_id, tags in data.items()}


@pytest.mark.parametrize("role", roles(), ids=lambda r: r.name)
def test_each_role_tags_its_examples_and_not_its_counterexamples(role: Role) -> None:
    assert all(role.name in text_roles(text) for text in role.tags), role.tags
    assert not [text for text in role.not_tags if role.name in text_roles(text)]


def test_the_sample_is_large_labelled_with_known_roles_and_of_every_era(
    catalogue: Catalogue,
) -> None:
    sample = labels()
    assert len(sample) >= 300
    assert {r for tags in sample.values() for r in tags} <= set(role_names())
    cards = catalogue.get_many(list(sample))
    assert len(cards) == len(sample)
    every_series = {c.set.series for c in catalogue.iter_cards() if sentences(c)}
    assert {c.set.series for c in cards} == every_series


def measure(catalogue: Catalogue) -> dict[str, tuple[int, int, int]]:
    """Per role: (true positives, false positives, false negatives) over the sample."""
    sample = labels()
    cards = {c.id: c for c in catalogue.get_many(list(sample))}
    out = {}
    for role in role_names():
        tp = fp = fn = 0
        for card_id, wanted in sample.items():
            tagged = role in roles_of(cards[card_id])
            tp += tagged and role in wanted
            fp += tagged and role not in wanted
            fn += not tagged and role in wanted
        out[role] = (tp, fp, fn)
    return out


def test_precision_per_role_is_at_least_95_percent(
    catalogue: Catalogue, capsys: pytest.CaptureFixture[str]
) -> None:
    low = []
    with capsys.disabled():
        print("\nrole             precision  recall")
        for role, (tp, fp, fn) in measure(catalogue).items():
            assert tp + fp >= 8, f"{role}: too few tagged cards in the sample to measure"
            precision, recall = tp / (tp + fp), tp / max(tp + fn, 1)
            print(
                f"{role:16} {precision:9.0%} {recall:7.0%}  ({tp} of {tp + fp} tagged, {tp + fn} labelled)"
            )
            if precision < MIN_PRECISION:
                low.append(f"{role}: {precision:.0%}")
    assert not low, low
