"""Names a package hands out on first use (PEP 562), so importing the package imports none of
the modules behind them: ``totemdeck``, ``totemdeck.api``, ``totemdeck.report`` and
``totemdeck.rules`` each name what they export and where it lives, and a cold command loads
only what it touches (issue 19.8). Regular expressions compiled on first use, likewise."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import re


def exports(
    namespace: dict[str, Any], homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package whose globals are ``namespace``:
    ``homes`` maps each public name to ``"module"`` (the same name there) or
    ``"module:attribute"``. A name once loaded is a plain global, so later look-ups skip
    ``__getattr__``."""
    package = namespace["__name__"]

    def get_attribute(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")  # i18n: keep
        module, _, attribute = home.partition(":")
        value = getattr(importlib.import_module(module), attribute or name)
        namespace[name] = value
        return value

    def listing() -> list[str]:
        return sorted({*namespace, *homes})

    return get_attribute, listing


class LazyPattern:
    """A regular expression compiled when first used, not when its module loads: a module
    holds patterns for every form it reads, and a cold command meets few of them (the CJK
    script test alone took 2 ms to compile on every ``check``). The methods are
    ``re.Pattern``'s, for ``str``."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            import re  # here: the root package loads this module, so it stays light

            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    @property
    def pattern(self) -> str:
        return self._source

    def match(self, string: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled.match(string, pos)

    def fullmatch(self, string: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos)

    def search(self, string: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled.search(string, pos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(string, maxsplit)

    def finditer(self, string: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string)

    def findall(self, string: str) -> list[Any]:
        return self.compiled.findall(string)
