"""Name-only lines written loosely (issue 25): the one card such a line can mean, and the
reading that says how it was read.

``ShayminEX`` and ``MManectricEX`` (a suffix glued on), ``Mr.Mime``, ``Ho Oh``, ``Plus Power``
(spacing and punctuation), ``Battle Compressor`` and ``Poke Turn`` (a printed affix left off),
``Gengar Prime`` (a subtype written as a word after the name). A form two names share reads
as neither: the line stays unknown, with its suggestions.
"""

from __future__ import annotations

from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist.patterns import NameForms
from totemdeck.i18n import _

_PLAIN_RARITY = frozenset({"rare", "holo", "common", "uncommon", "promo"})


class LooseNames:
    """What a loosely written name reads as, against one catalogue (the index is built on
    the first line that needs it)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self._forms: NameForms | None = None

    @property
    def forms(self) -> NameForms:
        if self._forms is None:
            self._forms = NameForms(self.catalogue.names())
        return self._forms

    def read(self, written: str) -> tuple[tuple[Card, ...], str] | None:
        """The prints ``written`` means and the note saying how it was read, or None."""
        spaced = self.forms.spaced(written)
        if spaced is not None:
            note = _("read {name!r} as {card} (spacing, punctuation and case aside)")
            return tuple(self.catalogue.by_name(spaced)), note.format(name=written, card=spaced)
        with_subtype = self._subtype_word(written)
        if with_subtype is not None:
            return with_subtype
        full = self.forms.affix_free(written)
        if full is not None:
            note = _("read {name!r} as {card} (the printed name's extra words left off)")
            return tuple(self.catalogue.by_name(full)), note.format(name=written, card=full)
        return None

    def is_card_name(self, text: str) -> bool:
        """Whether ``text`` names a card, as written or loosely (a deck title must not)."""
        return bool(self.catalogue.by_name(text)) or self.forms.spaced(text) is not None

    def _subtype_word(self, written: str) -> tuple[tuple[Card, ...], str] | None:
        """``Gengar Prime``: the prints of Gengar that are Prime (a subtype, or the rarity)."""
        head, _space, last = written.rpartition(" ")
        if not head or len(last) < 3:
            return None
        word = last.casefold()
        named = self.catalogue.by_name(head) or self.catalogue.by_name(
            self.forms.spaced(head) or head
        )
        cards = tuple(
            c
            for c in named
            if word in {s.casefold() for s in c.subtypes}
            or (word not in _PLAIN_RARITY and word in (c.rarity or "").casefold().split())
        )
        if not cards:
            return None
        note = _("read {name!r} as the {word} prints of {card}").format(
            name=written, word=last, card=cards[0].name
        )
        return cards, note
