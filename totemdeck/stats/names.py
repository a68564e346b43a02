"""Card names a ``--card`` asks for: refused with the closest names when no card has it (a
misspelt card would otherwise be a silent 0 %)."""

from __future__ import annotations

from totemdeck.base.errors import TotemdeckError
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.suggest import Suggester


class UnknownCard(TotemdeckError):
    """``--card`` names no card at all: its odds would be a silent 0 (exit 2)."""


def closest_names(catalogue: Catalogue, name: str) -> list[str]:
    """The card names closest to a misspelt ``name`` (English and Spanish), best first."""
    return list(Suggester(catalogue.names(), catalogue.alias_names()).closest(name))


def is_card_name(catalogue: Catalogue, name: str) -> bool:
    return bool(catalogue.by_name(name))


def check_card_name(catalogue: Catalogue, name: str) -> None:
    """Raise ``UnknownCard`` with the closest names when no card is called ``name``.

    A real card that is not in the deck is fine: its odds are 0, and that is the answer.
    """
    if catalogue.by_name(name):
        return
    close = closest_names(catalogue, name)
    if close:
        raise UnknownCard(
            "--card {name!r}: no card has that name; did you mean {close}?".format(
                name=name, close=", ".join(repr(n) for n in close)
            )
        )
    raise UnknownCard(f"--card {name!r}: no card has that name")
