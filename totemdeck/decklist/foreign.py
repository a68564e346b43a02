"""Card lines in the shapes of other tools, read into ``NAME``, set code and number.

- A Cardmarket product address after the count (``2 https://www.cardmarket.com/fr/Pokemon/
  Products/Singles/Sun-Moon/Rainbow-Energy-SUM137``): the last segment is the name's slug,
  an optional version (``-V1``) and Cardmarket's set code glued to the number. Cardmarket's
  codes are mostly the printed ones (SUM, DAA, PLB…); the Wizards-era ones are one letter and
  a digit (N1104 is Neo Genesis 104, G1125 Gym Heroes 125), and promos double the prefix
  (BWBW46 is BW46 of the BW promos).
- A proxy printer's ``SET NUMBER xCOUNT # name`` (``SFA 36  x3  # Okidogi ex``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from totemdeck.base.lazy import LazyPattern

_CARDMARKET = re.compile(
    r"^https?://(?:www\.)?cardmarket\.com/[A-Za-z-]{2,5}/Pokemon/Products/Singles/"
    r"[^/\s]++/(?P<product>[^/\s?#]++)/?(?:[?#]\S*+)?$",
    re.IGNORECASE,
)
_PRODUCT = LazyPattern(
    r"^(?P<slug>.{1,300}?)(?:-V\d{1,2})?-(?P<code>[A-Z]\d|[A-Z]{2,8})(?P<number>[A-Z]{0,4}\d{1,4}[a-z]?)$"
)
_PROXY = LazyPattern(
    r"^(?P<set>[A-Za-z][A-Za-z0-9-]{1,9}) ++(?P<number>[A-Za-z]{0,4}\d{1,4}[a-z]?) ++"
    r"[xX×](?P<count>\d{1,4})(?: *+#++ *+(?P<name>.*+))?$"
)


class ForeignLine(NamedTuple):
    """What another tool's line says: a name (maybe empty), a set code and a number."""

    name: str
    set_code: str | None
    number: str | None


def cardmarket(text: str) -> ForeignLine | None:
    """A Cardmarket product address as name, code and number (None: not one)."""
    found = _CARDMARKET.match(text)
    if not found:
        return None
    product = found.group("product")
    parts = _PRODUCT.match(product)
    if parts is None:  # "Fusion-Strike/Gengar-V": no code, a name alone
        return ForeignLine(_unslug(re.sub(r"-V\d{1,2}$", "", product)), None, None)
    code, number = parts.group("code"), parts.group("number")
    half = len(code) // 2
    if len(code) % 2 == 0 and half >= 2 and code[:half] == code[half:]:
        code, number = code[:half], code[:half] + number  # BWBW46: BW promo BW46
    return ForeignLine(_unslug(parts.group("slug")), code, number)


def proxy_printer(text: str) -> tuple[int, ForeignLine] | None:
    """``SFA 36  x3  # Okidogi ex`` as its count and what it names (None: not one)."""
    found = _PROXY.match(text)
    if not found:
        return None
    name = " ".join((found.group("name") or "").split())
    line = ForeignLine(name, found.group("set"), found.group("number"))
    return int(found.group("count")), line


def _unslug(slug: str) -> str:
    """``Here-Comes-Team-Rocket`` → ``Here Comes Team Rocket`` (apostrophes are lost)."""
    return " ".join(slug.replace("-", " ").split())
