"""Finding a set by the words a collection app names it with.

Apps spell sets their own way: "Base Set (Unlimited)" (Collectr), "SV03: Obsidian Flames"
(TCGplayer), "Pokemon Scarlet & Violet 151" (PriceCharting, whose catalogue spans every
game), "Shining Fates" for a card numbered SV024 of the Shining Fates Shiny Vault. A set is
looked up by the spellings of its name, most literal first; the sub-sets that extend it
("… Trainer Gallery", "… Shiny Vault") come with it, and the card at that number decides. A
set name that matches no set word for word ("Promo", "McDonald's Promos 2019") is read
loosely: the sets that share the most of its words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from totemdeck.catalogue.model import CardSet
from totemdeck.catalogue.names import fold

__all__ = ["SetNames", "set_keys"]

_PARENTHESES = re.compile(r"\s*[(\[][^)\]]*[)\]]")
_PREFIX = re.compile(r"^[A-Za-z0-9.]{2,8}:\s+")  # "SV03: Obsidian Flames"
_GAME = re.compile(r"^pok[eé]mon\s+(?:tcg\s+)?", re.IGNORECASE)  # "Pokemon Base Set"
_SET_WORD = re.compile(r"\bset\b", re.IGNORECASE)
_WORDS = re.compile(r"\w+")
# Words that name no set in particular: a loose name is matched by its other words
_GENERIC = {"promos", "promo", "collection", "black", "star", "series", "pokemon", "tcg", "the"}


def set_keys(name: str) -> list[str]:
    """The spellings of a set's name to look up, most literal first."""
    plain = _PREFIX.sub("", _PARENTHESES.sub("", name))
    bare = _GAME.sub("", plain)
    variants = [name, _GAME.sub("", name), _PARENTHESES.sub("", name), _PREFIX.sub("", name)]
    variants += [plain, bare]
    variants += [_SET_WORD.sub(" ", text) for text in (plain, bare)]
    keys = [fold(text) for text in variants]
    return [k for i, k in enumerate(keys) if k and k not in keys[:i]]


_ZEROS = re.compile(r"(?<=[a-z])0+(?=[1-9])")


def _id_aliases(set_id: str) -> list[str]:
    """A TCGdex set id as pokemontcg.io writes it, which apps that read it export: no leading
    zero, a point as "pt" ("sv09" → "sv9", "me05" → "me5", "sv08.5" → "sv8pt5")."""
    bare = _ZEROS.sub("", fold(set_id))
    return [a for a in dict.fromkeys([bare, bare.replace(".", "pt")]) if a != fold(set_id)]


def _akin(written: str, word: str) -> bool:
    """A written word names a set's word: its start ("promo", "promos"), or the word with an
    ending added ("Lost Origins" for Lost Origin)."""
    return word.startswith(written) or (len(word) >= 4 and written.startswith(word))


def _tails(key: str) -> list[str]:
    """The key without its first words, longest first ("scarlet & violet 151" → … "151")."""
    words = key.split(" ")
    return [" ".join(words[i:]) for i in range(1, len(words))]


class SetNames:
    """Set ids by folded name, built once per catalogue."""

    def __init__(self, sets: Iterable[CardSet]) -> None:
        self.by_name: dict[str, list[str]] = {}
        self.names: list[tuple[str, str]] = []  # (folded name, set id), for families
        self.found: dict[tuple[str, ...], list[str]] = {}
        self.loosened: dict[tuple[str, ...], list[list[str]]] = {}
        sets_seen = list(sets)
        for card_set in sets_seen:
            self.names.append((fold(card_set.name), card_set.id))
            for key in [*set_keys(card_set.name), fold(card_set.id)]:
                self.by_name.setdefault(key, []).append(card_set.id)
            if card_set.ptcgl_code:
                self.by_name.setdefault(fold(card_set.ptcgl_code), []).append(card_set.id)
        for card_set in sets_seen:
            for alias in _id_aliases(card_set.id):
                self.by_name.setdefault(alias, [card_set.id])  # never over a set's own key

    def _family(self, ids: list[str]) -> list[str]:
        """The sets, then the sub-sets whose name extends one of theirs."""
        found = list(ids)
        heads = [name for name, set_id in self.names if set_id in ids]
        for name, set_id in self.names:
            extends = any(name.startswith(head) and _WORDS.match(name, len(head)) is None
                          for head in heads if len(name) > len(head))  # fmt: skip
            if set_id not in found and extends:
                found.append(set_id)
        return found

    def find(self, names: Iterable[str]) -> list[str]:
        """The sets a row's set names mean, most likely first (empty if none); remembered
        per spelling (a binder names a few hundred sets over thousands of rows)."""
        written = tuple(name for name in names if name.strip())
        known = self.found.get(written)
        if known is None:
            if len(self.found) > 4096:
                self.found.clear()
            known = self.found[written] = self._find(written)
        return list(known)

    def _find(self, written: tuple[str, ...]) -> list[str]:
        for tails in (False, True):
            for name in written:
                for key in set_keys(name):
                    for candidate in _tails(key) if tails else [key]:
                        # a lone short number ("2" of "Base Set 2") is no set name
                        short = candidate.isdigit() and len(candidate) < 3
                        if candidate in self.by_name and not (tails and short):
                            return self._family(self.by_name[candidate])
        return []

    def loose(self, names: Iterable[str]) -> list[list[str]]:
        """Sets that share words with a loose set name, most shared words first, in tiers
        ("McDonald's Promos 2019" → McDonald's Collection 2019, then the other years;
        "Promo" → every promo set); remembered per spelling, as ``find`` is."""
        written = tuple(names)
        known = self.loosened.get(written)
        if known is None:
            if len(self.loosened) > 4096:
                self.loosened.clear()
            known = self.loosened[written] = self._loose(written)
        return [list(tier) for tier in known]

    def _loose(self, names: tuple[str, ...]) -> list[list[str]]:
        scores: dict[str, int] = {}
        for name in names:
            words = [w for w in _WORDS.findall(set_keys(name)[-1]) if len(w) > 1]
            significant = [w for w in words if w not in _GENERIC] or words
            for set_name, set_id in self.names:
                have = _WORDS.findall(set_name)
                shared = sum(1 for w in significant if any(_akin(w, h) for h in have))
                if shared:
                    scores[set_id] = max(scores.get(set_id, 0), shared)
        tiers = sorted(set(scores.values()), reverse=True)
        return [[i for i, score in scores.items() if score == tier] for tier in tiers]
