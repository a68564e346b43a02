"""A print's picture in a player's local image folder, found by the names people keep them by.

Nothing is downloaded: a proxy sheet is made offline, from the folder the player names
(``--images DIR``; the web app's ``TOTEMDECK_PRINT_IMAGES``). Accepted names, first found
wins: ``<id>.png`` (``sv3-125.png``), and ``<set id>/<number>.png`` or
``<set id>/<number>_hires.png`` — the layout of pokemon-tcg-data's image host, so a mirror
of it works as it is — each also as ``.jpg``/``.jpeg``.
"""

from __future__ import annotations

from pathlib import Path

from totemdeck.catalogue.model import Card

SUFFIXES = (".png", ".jpg", ".jpeg")


def _candidates(card: Card, folder: Path) -> list[Path]:
    stems = [folder / card.id, folder / card.set.id / f"{card.number}_hires"]
    stems.append(folder / card.set.id / card.number)
    return [stem.with_name(stem.name + suffix) for stem in stems for suffix in SUFFIXES]


def picture_of(card: Card, folder: Path) -> Path | None:
    """The picture of ``card`` in ``folder``, or None. Only regular files inside the folder
    count (a card id never climbs out of it: ids hold no ``/``)."""
    for path in _candidates(card, folder):
        try:
            if path.is_file():
                return path
        except OSError:
            continue
    return None
