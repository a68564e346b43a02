"""The banlist as the rules read it: entries that ban a name, or pin some of its prints."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.names import name_key


@dataclass(frozen=True, slots=True)
class BanEntry:
    name: str
    reason: str
    since: str
    prints: tuple[str, ...] = ()
    source: str | None = None

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
        out: dict[str, Any] = {"name": self.name, "reason": self.reason, "since": self.since}
        if self.prints:
            out["prints"] = list(self.prints)
        if self.source:
            out["source"] = self.source
        return out


@dataclass(frozen=True, slots=True)
class Banlist:
    entries: tuple[BanEntry, ...] = ()
    format_name: str = "Totem Format"
    updated: str | None = None
    comment: str | None = None
    _by_key: dict[str, list[BanEntry]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for entry in self.entries:
            self._by_key.setdefault(entry.key, []).append(entry)

    def match(self, card: Card) -> BanEntry | None:
        """The entry that bans this print, if any."""
        for key in {name_key(card.name, card.supertype), name_key(card.name)}:
            for entry in self._by_key.get(key, ()):
                if entry.matches(card):
                    return entry
        for entry in self.entries:  # pinned prints whose name differs (renamed print)
            if entry.prints and entry.matches(card):
                return entry
        return None
