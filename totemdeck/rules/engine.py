"""The rules engine: resolve a decklist, choose prints, run every rule, settle ambiguity.

``Checker(catalogue).check(decklist) -> Report`` is the library's entry point;
``iter_findings`` and ``is_legal`` are the same verdict in other shapes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import cached_property
from typing import Any

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist.model import Decklist
from totemdeck.decklist.resolve import ResolvedDeck, ResolvedLine, Resolver
from totemdeck.findings import Finding
from totemdeck.rules.ambiguity import Change, moved, settle
from totemdeck.rules.banlist import Banlist
from totemdeck.rules.baseline import Baseline, in_order
from totemdeck.rules.checks import RULES, Rule, totem_groups
from totemdeck.rules.deck import Deck, Entry, RuleContext
from totemdeck.rules.format import FormatRules, load_format
from totemdeck.rules.pieces import CataloguePieces
from totemdeck.rules.pointing import point, point_reading
from totemdeck.rules.reach import AGGREGATE, PER_ENTRY, TOTEM_ONLY
from totemdeck.rules.stages import CatalogueStages
from totemdeck.rules.totem import TotemNumbers, totem_numbers
from totemdeck.rules.traits import identity
from totemdeck.rules.verdict import SEVERITY_ORDER, CheckedDeck, Report, alike_key, groups_alike

__all__ = ["CheckedDeck", "Checker", "Report", "alike_key", "check"]


class Checker:
    """Checks decks against one catalogue, format and banlist; build once, check many."""

    def __init__(
        self,
        catalogue: Catalogue,
        fmt: FormatRules | None = None,
        banlist: Banlist | None = None,
        today: dt.date | None = None,
        lang: str = "en",
    ) -> None:
        self.catalogue = catalogue
        self._today = today
        fmt = fmt or load_format()
        self.pieces = CataloguePieces(catalogue, fmt)
        self.ctx = RuleContext(
            fmt=fmt,
            banlist=banlist or Banlist(),
            normal_stage=CatalogueStages(catalogue),
            lang=lang,
            piece_of=self.pieces,
        )
        # weighing a print reads only each finding's (code, line): no sentences built
        self._weighing = replace(self.ctx, keys_only=True)
        self._traits: dict[tuple[str, str], tuple[Any, ...]] = {}  # (rule, card id) → traits

    @cached_property
    def resolver(self) -> Resolver:
        """Built on first use: a Totem's numbers (``card show``) need no set index."""
        return Resolver(self.catalogue, self._today)

    # -- the public triad -------------------------------------------------------------------

    def check(self, decklist: Decklist) -> Report:
        return self.check_resolved(self.resolver.resolve(decklist))

    def iter_findings(self, decklist: Decklist) -> Iterator[Finding]:
        yield from self.check(decklist).findings

    def is_legal(self, decklist: Decklist) -> bool:
        return self.check(decklist).legal

    def totem_numbers_of(self, card: Card) -> TotemNumbers:
        """A Pokémon print's numbers as a Totem; a LEGEND half or V-UNION piece counts as the
        whole Totem it belongs to (``totem``, card pages, ``totem --all``: one way for all)."""
        return totem_numbers(self.pieces.pieces(card), self.ctx.fmt, self.ctx.normal_stage)

    # -- the work -------------------------------------------------------------------------------

    def check_resolved(self, resolved: ResolvedDeck) -> Report:
        return self.checked(resolved).report

    def check_deck(self, decklist: Decklist) -> CheckedDeck:
        """The report plus the deck as evaluated (what exports and stats read)."""
        return self.checked(self.resolver.resolve(decklist))

    def checked(self, resolved: ResolvedDeck) -> CheckedDeck:
        lines = [r for r in resolved.lines if r.resolved]
        by_prints: dict[tuple[str, ...], list[list[Card]]] = {}  # repeated lines group once
        grouped: dict[int, list[list[Card]]] = {}
        for r in lines:
            prints = tuple(c.id for c in r.candidates)
            if prints not in by_prints:
                by_prints[prints] = groups_alike(r, self.ctx)
            grouped[r.line.line] = by_prints[prints]
        choice = {number: groups[0][0] for number, groups in grouped.items()}
        findings = list(resolved.findings)
        deck = self._deck(resolved, choice)
        by_rule = [(code, rule, list(rule(deck, self.ctx))) for code, rule in RULES]
        base = Baseline(deck, by_rule)
        # Lines written alike (400 x "1 Pikachu") judge alike: weigh each distinct one once,
        # else a deck of repeated name-only lines costs lines x prints x rules.
        judged: dict[tuple[object, ...], tuple[int, list[tuple[list[Card], Change]]]] = {}
        ambiguous: list[tuple[ResolvedLine, list[tuple[list[Card], Change]]]] = []
        for r in lines:
            groups = grouped[r.line.line]
            if len(groups) > 1:
                written = _written(r)
                if written not in judged:
                    differing = self._differing(resolved, choice, r, groups, base)
                    judged[written] = (r.line.line, differing)
                first, differing = judged[written]
                if len(differing) > 1:
                    on_first = base.broken_on(first)
                    ambiguous.append((r, moved(differing, first, r.line.line, on_first)))
        findings += settle(base.findings, ambiguous, self.ctx)
        places = {line: (entry, at) for line, entry, at in resolved.decklist.places}
        findings = [point(f, places) for f in findings]  # a JSON deck: entry and file line
        findings.sort(key=lambda f: (SEVERITY_ORDER[f.severity], f.line or 0, f.code))
        report = Report(
            totem_label=self.ctx.label_of(deck.totem[0].card) if deck.totem else None,
            deck=resolved.decklist.source,
            name=resolved.name,
            legal=not any(f.is_error for f in findings),
            totem=self._totem(deck),
            counts={
                "totem": deck.written_totem,
                "main": deck.written_main,
                "total": deck.written_totem + deck.written_main,
            },
            findings=tuple(findings),
            chosen={number: card.id for number, card in choice.items()},
            readings=tuple(
                point_reading(r.line.line, r.note, places) for r in resolved.lines if r.note
            ),
        )
        alike = {number: tuple(groups[0]) for number, groups in grouped.items()}
        return CheckedDeck(report, deck, alike, resolved, self.ctx)

    def _deck(self, resolved: ResolvedDeck, choice: dict[int, Card]) -> Deck:
        decklist = resolved.decklist
        totem: list[Entry] = []
        main: list[Entry] = []
        for r in resolved.lines:
            card = choice.get(r.line.line)
            if card is None:
                continue
            entry = Entry(r.line.line, r.line.count, card, r.line.section)
            (totem if r.line.is_totem else main).append(entry)
        sections: dict[str | None, list[int]] = {}
        for line in decklist.lines:
            sections.setdefault(line.section, []).append(line.count)
        return Deck(
            totem=tuple(totem),
            main=tuple(main),
            headers=decklist.headers,
            written_totem=sum(x.count for x in decklist.totem_lines),
            written_main=sum(x.count for x in decklist.main_lines),
            lines_by_section=tuple((s, len(c), sum(c)) for s, c in sections.items()),
            unresolved_totem=any(not r.resolved for r in resolved.totem),
        )

    def _run_rules(self, deck: Deck) -> list[Finding]:
        return [finding for _code, rule in RULES for finding in rule(deck, self.ctx)]

    def _traits_for(self, code: str, card: Card) -> tuple[Any, ...]:
        """What aggregate rule ``code`` reads off a print, once per print and rule."""
        key = (code, card.id)
        known = self._traits.get(key)
        if known is None:
            known = self._traits[key] = AGGREGATE[code].traits(card, self.ctx)
        return known

    def _aggregate_change(
        self, base: Baseline, code: str, rule: Rule, entry: Entry, card: Card
    ) -> tuple[set[Any], set[Any]]:
        """(lost, gained) ``(code, line)``s of aggregate rule ``code`` when ``entry`` holds
        ``card``: the rule judges only the entries in the groups either print asks about."""
        reach = AGGREGATE[code]
        asked = reach.asks(entry.card, self.ctx) | reach.asks(card, self.ctx)
        near = base.near(code, asked, reach, self.ctx, entry.line)
        totem = tuple(e for e in base.deck.totem if e.line in near)

        def judged(holding: Entry) -> set[tuple[str, int | None]]:
            deck = base.deck.with_entries(totem, in_order(base, near, holding))
            return {(f.code, f.line) for f in rule(deck, self._weighing)}

        before, after = judged(entry), judged(entry.holding(card))
        return before - after, after - before

    def _swap_outcome(self, base: Baseline, number: int, card: Card) -> tuple[frozenset[Any], ...]:
        """How ``card`` on main-deck line ``number`` changes the deck's ``(code, line)``s:
        (those lost, those gained), so equal outcomes are equal verdicts. Only what the swap
        can change is re-run (see ``rules.reach``): a line's own rules on that line alone, the
        rules that weigh cards together only when the print's traits for them differ."""
        deck = base.deck
        index = base.main_index[number]
        entry = deck.main[index]
        swapped = entry.holding(card)
        alone = deck.with_entries(deck.totem, (swapped,))
        whole: Deck | None = None
        lost: set[tuple[str, int | None]] = set()
        gained: set[tuple[str, int | None]] = set()
        for code, rule, _found in base.by_rule:
            if code in TOTEM_ONLY:
                continue
            if code in AGGREGATE:
                if self._traits_for(code, card) != self._traits_for(code, entry.card):
                    dropped, added = self._aggregate_change(base, code, rule, entry, card)
                    lost |= dropped
                    gained |= added
                continue
            if code in PER_ENTRY:
                old = base.on_line(code, number)
                new: set[tuple[str, int | None]] = {
                    (f.code, f.line) for f in rule(alone, self._weighing) if f.line == number
                }
            else:
                if whole is None:
                    main = (*deck.main[:index], swapped, *deck.main[index + 1 :])
                    whole = deck.with_entries(deck.totem, main)
                old = base.codes[code]
                new = {(f.code, f.line) for f in rule(whole, self._weighing)}
            lost |= old - new
            gained |= new - old
        return frozenset(lost), frozenset(gained)

    def _evaluate(self, resolved: ResolvedDeck, choice: dict[int, Card]) -> list[Finding]:
        """The findings with ``choice`` held, for their ``(code, line)``s (no sentences)."""
        deck = self._deck(resolved, choice)
        return [finding for _code, rule in RULES for finding in rule(deck, self._weighing)]

    def _totem(self, deck: Deck) -> TotemNumbers | None:
        groups = totem_groups(deck)
        if not groups or not groups[0][0].card.is_pokemon:
            return None
        return totem_numbers([e.card for e in groups[0]], self.ctx.fmt, self.ctx.normal_stage)

    def _differing(
        self,
        resolved: ResolvedDeck,
        choice: dict[int, Card],
        line: ResolvedLine,
        groups: Sequence[list[Card]],
        base: Baseline,
    ) -> list[tuple[list[Card], Change]]:
        """The line's prints grouped by verdict (one group: not ambiguous), each group with
        what the deck breaks while the line holds it (as the change from ``base``). Without a
        Totem, prints of other identities are told apart too: their verdict waits on the Totem."""
        number = line.line.line
        no_totem = not base.deck.totem

        def outcome(card: Card, first: bool) -> tuple[Any, Change]:
            if line.line.is_totem:  # the Totem colours every line: judge the whole deck again
                held = {**choice, number: card}
                found = base.findings if first else self._evaluate(resolved, held)
                codes = frozenset((f.code, f.line) for f in found)
                numbers = self._totem(self._deck(resolved, held))
                # the numbers a player pays and counts, not the print's id
                return (codes, numbers and (numbers.cost_column, numbers.invocation_cost,
                                            numbers.prizes, numbers.identity)), Change(
                    base.broken - codes, codes - base.broken)  # fmt: skip
            # a main-deck line: what each print changes from the first
            lost, gained = (frozenset(), frozenset()) if first else self._swap_outcome(
                base, number, card)  # fmt: skip
            colours = identity(card, self.ctx.fmt) if no_totem else None
            return (lost, gained, colours), Change(lost, gained)

        by_verdict: dict[Any, tuple[list[Card], Change]] = {}
        for index, group in enumerate(groups):
            key, codes = outcome(group[0], index == 0)
            by_verdict.setdefault(key, ([], codes))[0].extend(group)  # alike groups: one
        return list(by_verdict.values())


def _written(line: ResolvedLine) -> tuple[object, ...]:
    """What a line says, without its line number: lines alike here are judged alike."""
    written = line.line
    return (
        written.is_totem,
        written.section,
        written.count,
        written.name,
        written.set_code,
        written.number,
        written.card_id,
        tuple(c.id for c in line.candidates),
    )


def check(decklist: Decklist, catalogue: Catalogue, **options: Any) -> Report:
    """Check one decklist (builds a ``Checker``; reuse one to check many)."""
    return Checker(catalogue, **options).check(decklist)
