"""The deck as first judged, kept so that trying another print on one line re-runs only what
that print can change (``rules.reach``)."""

from __future__ import annotations

import heapq
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
        index = self._touches.get(code)
        if index is None:
            index = self._touches[code] = {}
            for e in self.deck.entries:
                for key in reach.touches(e.card, ctx):
                    index.setdefault(key, []).append(e.line)
        return {line for key in keys for line in index.get(key, ())}

    def broken_on(self, line: int) -> frozenset[tuple[str, int | None]]:
        """The ``(code, line)``s of every rule's findings on ``line`` (indexed on first use)."""
        if self._broken_on is None:
            self._broken_on = {}
            for code, at in self.broken:
                self._broken_on.setdefault(at, set()).add((code, at))
        return frozenset(self._broken_on.get(line, ()))

    def enough(self, near: set[int], enough: int | None) -> set[int]:
        """``near`` with only its first ``enough`` main-deck lines (``Reach.enough``: what
        the rule needs to see of them to judge the groups as the whole deck does)."""
        if enough is None:
            return near
        main = [n for n in near if n in self.main_index]
        if len(main) <= enough:
            return near
        return {n for n in near if n not in self.main_index} | set(heapq.nsmallest(enough, main))

    def on_line(self, code: str, line: int) -> set[tuple[str, int | None]]:
        """``(code, line)`` of rule ``code``'s findings on ``line``."""
        return self._by_line.get((code, line), set())


def in_order(base: Baseline, near: set[int], holding: Entry) -> tuple[Entry, ...]:
    """The main-deck entries on lines ``near`` plus ``holding``, in deck order."""
    lines = sorted(n for n in (*near, holding.line) if n in base.main_index)
    return tuple(
        holding if n == holding.line else base.deck.main[base.main_index[n]] for n in lines
    )
