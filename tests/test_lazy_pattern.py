"""``LazyPattern``: compiled on first use, and then the very ``re.Pattern`` it stands for."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from totemdeck.base.lazy import LazyPattern

SOURCE = r"(?P<count>\d+)\s+(?P<name>[^\d]+?)(?:\s+(?P<code>[A-Z]{2,4}))?$"


def test_nothing_is_compiled_until_used() -> None:
    lazy = LazyPattern(SOURCE)
    assert lazy._compiled is None
    assert lazy.pattern == SOURCE
    assert lazy.match("4 Arven SVI") is not None
    assert lazy.compiled is lazy.compiled  # once
    assert lazy.compiled.pattern == SOURCE


@given(st.text(alphabet="0123456789 ArvenSVIPHé\t-", max_size=40))
def test_each_method_answers_as_re_does(text: str) -> None:
    lazy, eager = LazyPattern(SOURCE, re.IGNORECASE), re.compile(SOURCE, re.IGNORECASE)

    def spans(found: re.Match[str] | None) -> object:
        return None if found is None else (found.span(), found.groupdict())

    assert spans(lazy.match(text)) == spans(eager.match(text))
    assert spans(lazy.fullmatch(text)) == spans(eager.fullmatch(text))
    assert spans(lazy.search(text)) == spans(eager.search(text))
    assert lazy.sub("#", text) == eager.sub("#", text)
    assert lazy.sub(lambda m: m.group("count"), text, 1) == eager.sub(
        lambda m: m.group("count"), text, 1
    )
    assert lazy.split(text) == eager.split(text)
    assert lazy.findall(text) == eager.findall(text)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in eager.finditer(text)]
