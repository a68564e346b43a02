"""``@frozen`` records answer ``==``, ``hash()`` and ``repr()`` exactly as the methods
``dataclasses`` would have written for them."""

from __future__ import annotations

import dataclasses
from dataclasses import FrozenInstanceError, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totemdeck.base.records import frozen


@frozen
class Sample:
    """A record with each kind of field the package uses."""

    name: str
    count: int = 0
    tags: tuple[str, ...] = ()
    note: str | None = field(default=None, compare=False)  # not compared, so not hashed
    context: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    shown: int = field(default=0, repr=False)


@dataclasses.dataclass(frozen=True, slots=True)
class Twin:
    """The same fields, with the methods dataclasses generates."""

    name: str
    count: int = 0
    tags: tuple[str, ...] = ()
    note: str | None = field(default=None, compare=False)
    context: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    shown: int = field(default=0, repr=False)


@frozen
class Empty:
    """No fields at all."""


@frozen
class Nested:
    """A record holding records (and itself, through a list)."""

    inner: Sample
    more: list[Any] = field(default_factory=list, hash=False)


VALUES = st.tuples(
    st.text(max_size=5),
    st.integers(-3, 3),
    st.lists(st.sampled_from(["a", "b"]), max_size=2).map(tuple),
    st.none() | st.text(max_size=3),
    st.integers(0, 2),
)


@given(VALUES, VALUES)
def test_equality_and_hash_are_the_generated_ones(a: tuple[Any, ...], b: tuple[Any, ...]) -> None:
    mine_a, mine_b = (Sample(v[0], v[1], v[2], v[3], shown=v[4]) for v in (a, b))
    twin_a, twin_b = (Twin(v[0], v[1], v[2], v[3], shown=v[4]) for v in (a, b))
    assert (mine_a == mine_b) is (twin_a == twin_b)
    assert (mine_a != mine_b) is (twin_a != twin_b)
    assert hash(mine_a) == hash(twin_a)
    assert repr(mine_a) == repr(twin_a).replace("Twin(", "Sample(", 1)


def test_another_class_is_never_equal() -> None:
    twin: object = Twin("x")
    assert Sample("x") != twin
    assert Sample("x").__eq__(twin) is NotImplemented
    assert Empty() == Empty() and hash(Empty()) == hash(())
    assert repr(Empty()) == "Empty()"


def test_a_record_stays_frozen_slotted_and_a_dataclass() -> None:
    sample = Sample("x", context={"k": 1})
    with pytest.raises(FrozenInstanceError):
        sample.name = "y"  # type: ignore[misc]
    assert not hasattr(sample, "__dict__")
    assert dataclasses.replace(sample, count=2) == Sample("x", 2)
    assert [f.name for f in dataclasses.fields(Sample)][:2] == ["name", "count"]
    assert {sample: 1}[Sample("x")] == 1  # context is neither compared nor hashed


def test_a_record_that_holds_itself_shows_dots() -> None:
    outer = Nested(Sample("x"))
    outer.more.append(outer)
    assert (
        repr(outer)
        == "Nested(inner=Sample(name='x', count=0, tags=(), note=None, context={}), more=[...])"
    )


def _refusal(action: Any) -> tuple[type[BaseException], str]:
    try:
        action()
    except Exception as exc:  # the kind and words are what is compared
        return type(exc), str(exc)
    raise AssertionError("not refused")


@pytest.mark.parametrize("name", ["name", "count", "missing"])
def test_setting_and_deleting_are_refused_as_dataclasses_refuse(name: str) -> None:
    """``__setattr__`` and ``__delattr__`` are closures, not compiled source (start-up), with
    the generated methods' checks and messages."""
    mine, generated = Sample("x"), Twin("x")
    assert _refusal(lambda: setattr(mine, name, 1)) == _refusal(lambda: setattr(generated, name, 1))
    assert _refusal(lambda: delattr(mine, name)) == _refusal(lambda: delattr(generated, name))
    assert Sample.__setattr__.__qualname__ == "Sample.__setattr__"
    assert vars(dataclasses)["_frozen_get_del_attr"].__module__ == "dataclasses"  # put back
