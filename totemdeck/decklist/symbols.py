"""Energy symbols written as letters in braces, as PTCG Live exports them (``{R}``), and
the Prism Star written as a star in braces (``Ditto {*} LOT 154`` is Ditto ◇).

Both readers of a list, the text parser and the JSON deck reader, expand them; they live
here so neither reader imports the other.
"""

from __future__ import annotations

import re

from totemdeck.catalogue.model import TYPE_LETTERS

_SYMBOL = re.compile(r"\{([GRWLPFDMYNC])\}")
_PRISM_STAR = "{*}"


def expand_symbols(text: str) -> str:
    """``Basic {R} Energy`` → ``Basic Fire Energy``; ``Wash {W} Energy`` → ``Wash Water Energy``;
    ``Ditto {*}`` → ``Ditto ◇``."""
    return _SYMBOL.sub(lambda m: TYPE_LETTERS[m.group(1)], text).replace(_PRISM_STAR, "◇")
