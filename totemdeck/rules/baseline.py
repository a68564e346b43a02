"""The deck as first judged, kept so that trying another print on one line re-runs only what
that print can change (``rules.reach``)."""

from __future__ import annotations

from typing import Any

from totemdeck.findings import Finding
from totemdeck.rules.checks import Rule
from totemdeck.rules.deck import Deck, Entry, RuleContext
from totemdeck.rules.reach import Reach


class Baseline:
    """The deck as first judged: each rule's findings, and where each main-deck line sits."""

    def __init__(self, deck: Deck, by_rule: list[tuple[str, Rule, list[Finding]]]) -> None:
        self.deck = deck
        self.by_rule = by_rule
        self.findings = [f for _code, _rule, found in by_rule for f in found]
        # what the deck breaks as first judged, built once (not once per ambiguous line)
        self.broken = frozenset((f.code, f.line) for f in self.findings)
        self.main_index = {entry.line: i for i, entry in enumerate(deck.main)}
        self.codes = {code: {(f.code, f.line) for f in found} for code, _rule, found in by_rule}
        self._by_line: dict[tuple[str, int | None], set[tuple[str, int | None]]] = {}
        self._touches: dict[str, dict[Any, list[int]]] = {}
        self._broken_on: dict[int | None, set[tuple[str, int | None]]] | None = None
        for code, _rule, found in by_rule:
            for f in found:
                self._by_line.setdefault((code, f.line), set()).add((f.code, f.line))

    def touching(self, code: str, keys: frozenset[Any], reach: Reach, ctx: RuleContext) -> set[int]:
        """Lines of the entries (Totem and main deck) touching any of ``keys`` for rule
        ``code`` (indexed on first use)."""
        index = self._index(code, reach, ctx)
        return {line for key in keys for line in index.get(key, ())}

    def _index(self, code: str, reach: Reach, ctx: RuleContext) -> dict[Any, list[int]]:
        """Rule ``code``'s keys → the lines of the entries touching each, in deck order."""
        index = self._touches.get(code)
        if index is None:
            index = self._touches[code] = {}
            for e in self.deck.entries:
                for key in reach.touches(e.card, ctx):
                    index.setdefault(key, []).append(e.line)
        return index

    def broken_on(self, line: int) -> frozenset[tuple[str, int | None]]:
        """The ``(code, line)``s of every rule's findings on ``line`` (indexed on first use)."""
        if self._broken_on is None:
            self._broken_on = {}
            for code, at in self.broken:
                self._broken_on.setdefault(at, set()).add((code, at))
        return frozenset(self._broken_on.get(line, ()))

    def near(
        self, code: str, keys: frozenset[Any], reach: Reach, ctx: RuleContext, line: int
    ) -> set[int]:
        """``touching`` less ``line``; with ``reach.enough``, only the first that many
        main-deck lines of each key (what the rule needs to see of them to judge the groups
        as the whole deck does: of 2,500 Basics, one other says the deck has a Basic)."""
        if reach.enough is None:
            near = self.touching(code, keys, reach, ctx)
            near.discard(line)
            return near
        near = set()
        index = self._index(code, reach, ctx)  # the Totem's lines first
        for key in keys:
            main = 0
            for at in index.get(key, ()):
                if at == line:
                    continue
                if at in self.main_index:
                    if main == reach.enough:
                        break
                    main += 1
                near.add(at)
        return near

    def on_line(self, code: str, line: int) -> set[tuple[str, int | None]]:
        """``(code, line)`` of rule ``code``'s findings on ``line``."""
        return self._by_line.get((code, line), set())


def in_order(base: Baseline, near: set[int], holding: Entry) -> tuple[Entry, ...]:
    """The main-deck entries on lines ``near`` plus ``holding``, in deck order."""
    index, main, line = base.main_index, base.deck.main, holding.line
    lines = [n for n in near if n in index]
    lines.append(line)  # a main-deck line, never in ``near``
    lines.sort()
    return tuple(holding if n == line else main[index[n]] for n in lines)
