"""``@frozen``: a frozen, slotted dataclass whose ``==``, ``hash()`` and ``repr()`` are shared
functions instead of code written for each class.

For a frozen class ``dataclasses`` writes six methods as source and compiles each one. Three
of them (``__eq__``, ``__hash__``, ``__repr__``) do the same thing for every class, given its
fields, so they are written once here and read the fields from ``dataclasses.fields``. That
is ~40 % of the cost of defining a record, and a cold ``totemdeck check`` defines about
thirty (~4.5 ms of its start). They behave as the generated ones do: equal when of the same
class with equal compared fields, hashed over the hashed fields (``field(compare=False)`` and
``field(hash=...)`` are honoured), shown as ``Name(field=value, …)``.
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

__all__ = ["frozen"]

T = TypeVar("T")
Getter = Callable[[Any], tuple[Any, ...]]

# Per record class: the compared fields, the hashed fields, the shown field names. Bounded by
# the number of record classes.
_KEYS: dict[type, tuple[Getter, Getter, tuple[str, ...]]] = {}


def _getter(names: tuple[str, ...]) -> Getter:
    if not names:
        return lambda _record: ()
    if len(names) == 1:
        only = names[0]
        return lambda record: (getattr(record, only),)
    return attrgetter(*names)


def _keys(cls: type) -> tuple[Getter, Getter, tuple[str, ...]]:
    known = _KEYS.get(cls)
    if known is None:
        every = fields(cls)
        compared = tuple(f.name for f in every if f.compare)
        hashed = tuple(f.name for f in every if (f.compare if f.hash is None else f.hash))
        shown = tuple(f.name for f in every if f.repr)
        known = _KEYS[cls] = (_getter(compared), _getter(hashed), shown)
    return known


def _eq(self: Any, other: object) -> Any:  # bool, or NotImplemented for another class
    if other.__class__ is not self.__class__:
        return NotImplemented
    compared = _keys(self.__class__)[0]
    return compared(self) == compared(other)


def _hash(self: Any) -> int:
    return hash(_keys(self.__class__)[1](self))


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _keys(self.__class__)[2])
    return f"{self.__class__.__qualname__}({shown})"


# ``dataclasses`` writes a frozen class's ``__setattr__`` and ``__delattr__`` as source and
# compiles each (CPython 3.11–3.12; later versions lack the hook and write their own).
_HOOK = "_frozen_get_del_attr"
_WRITTEN_FROZEN_METHODS = getattr(dataclasses, _HOOK, None)


def _frozen_methods(cls: Any, fields: list[Any], _globals: Any) -> tuple[Any, Any]:
    """The two methods ``dataclasses`` would write, as closures over the same class and
    field names (same checks, same messages), without compiling source for each class."""
    names = frozenset(f.name for f in fields)

    def setter(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def deleter(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    for method, name in ((setter, "__setattr__"), (deleter, "__delattr__")):
        method.__name__ = name  # dataclasses sets each under its name
        method.__qualname__ = f"{cls.__qualname__}.{name}"
    return setter, deleter


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[T]) -> type[T]:
    """``@dataclass(frozen=True, slots=True)``, with the shared ``==``, ``hash`` and ``repr``
    (a method the class defines itself is kept, as ``dataclasses`` keeps it)."""
    own = cls.__dict__
    if "__eq__" not in own:
        cls.__eq__ = _eq  # type: ignore[method-assign]
    implicit_none = own.get("__hash__", 0) is None and "__eq__" in own  # set by defining __eq__
    if "__hash__" not in own or implicit_none:
        cls.__hash__ = _hash  # type: ignore[method-assign]
    if "__repr__" not in own:
        cls.__repr__ = _repr  # type: ignore[method-assign]
    make = dataclass(frozen=True, slots=True, eq=False, repr=False)
    if _WRITTEN_FROZEN_METHODS is None:
        return make(cls)
    setattr(dataclasses, _HOOK, _frozen_methods)  # for this class only
    try:
        return make(cls)
    finally:
        setattr(dataclasses, _HOOK, _WRITTEN_FROZEN_METHODS)
