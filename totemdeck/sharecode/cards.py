"""Version 1 share codes, still read: card ids and counts only (``sv3-125~4*sve-2``: the
Totem before the tilde), from before the deck's name and unread lines were kept."""

from __future__ import annotations

from totemdeck.base.lazy import LazyPattern
from totemdeck.base.records import frozen
from totemdeck.i18n import _

MAX_ENTRIES = 400
_COUNT = LazyPattern(r"^[0-9]{1,3}$")  # digits bounded before int(): "9" × 4,301 is no count


@frozen
class SharedCard:
    """One entry of a version 1 code: a card id, its count, whether it is the Totem."""

    card_id: str
    count: int
    totem: bool = False


def _entry(item: str, totem: bool) -> SharedCard:
    from totemdeck.sharecode import _ID, MAX_COUNT, ShareCodeError

    count_text, star, card_id = item.rpartition("*")
    if not star:
        count_text, card_id = "1", item
    if not _COUNT.match(count_text) or not 1 <= int(count_text) <= MAX_COUNT:
        raise ShareCodeError(_("the deck code has a bad count in {item!r}").format(item=item[:50]))
    if not _ID.match(card_id):
        raise ShareCodeError(_("the deck code has a bad card id {id!r}").format(id=card_id[:50]))
    return SharedCard(card_id, int(count_text), totem)


def old_cards(data: bytes) -> list[SharedCard]:
    """The entries of a version 1 code's inflated bytes; raises ``ShareCodeError``."""
    from totemdeck.sharecode import ShareCodeError

    try:
        text = data.decode("ascii")
    except UnicodeDecodeError as exc:
        raise ShareCodeError(_("the deck code is cut short or altered")) from exc
    totem_part, tilde, main_part = text.partition("~")
    if not tilde or "~" in main_part:
        raise ShareCodeError(_("the deck code is not a deck"))
    items = [(x, True) for x in totem_part.split(",") if x]
    items += [(x, False) for x in main_part.split(",") if x]
    if len(items) > MAX_ENTRIES:
        raise ShareCodeError(_("the deck code has over {n} entries").format(n=MAX_ENTRIES))
    return [_entry(item, totem) for item, totem in items]
