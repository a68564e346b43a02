"""The banlist as the rules read it: entries that ban a name, or pin some of its prints."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from totemdeck.base.records import frozen
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key


@frozen
class BanEntry:
    """One banned card: its name, why, since when, and which prints if not all."""

    name: str
    reason: str  # in English; ``reason_es`` in Spanish when the entry gives one
    since: str
    prints: tuple[str, ...] = ()
    source: str | None = None
    reason_es: str | None = None

    def reason_in(self, lang: str | None = None) -> str:
        """The reason in ``lang`` (default: the language being spoken), else in English."""
        if lang is None:
            from totemdeck.i18n import current_language

            lang = current_language()
        return self.reason_es if lang == "es" and self.reason_es else self.reason

    @property
    def reasons(self) -> str | dict[str, str]:
        """The ``reason`` as the file writes it: a string, or ``{en:, es:}``."""
        return {"en": self.reason, "es": self.reason_es} if self.reason_es else self.reason

    @property
    def key(self) -> str:
        return name_key(self.name)

    def matches(self, card: Card) -> bool:
        """A pinned entry bans only its prints; otherwise every print of the name."""
        if self.prints:
            wanted = {p.casefold() for p in self.prints}
            return card.id.casefold() in wanted or any(
                alias.casefold() in wanted for alias in card.aliases.values()
            )
        return name_key(card.name, card.supertype) == name_key(self.name, card.supertype)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "reason": self.reasons, "since": self.since}
        if self.prints:
            out["prints"] = list(self.prints)
        if self.source:
            out["source"] = self.source
        return out


@frozen
class Banlist:
    """The banlist in force, indexed for the question a check asks of every card."""

    entries: tuple[BanEntry, ...] = ()
    format_name: str = "Totem Format"
    updated: str | None = None
    comment: str | None = None
    # Indexes built once: a check asks about every card of every deck.
    _by_name: dict[str, BanEntry] = field(default_factory=dict, compare=False, repr=False)
    _by_print: dict[str, BanEntry] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for entry in self.entries:
            if entry.prints:
                for print_id in entry.prints:
                    self._by_print.setdefault(print_id.casefold(), entry)
            else:
                self._by_name.setdefault(entry.key, entry)

    def match(self, card: Card) -> BanEntry | None:
        """The entry that bans this print, if any (name-wide first, then pinned prints)."""
        for key in (name_key(card.name, card.supertype), name_key(card.name)):
            entry = self._by_name.get(key)
            if entry is not None:
                return entry
        for print_id in (card.id, *card.aliases.values()):
            entry = self._by_print.get(print_id.casefold())
            if entry is not None:
                return entry
        return None
