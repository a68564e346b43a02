"""Files shipped with totemdeck that also live at the top of the source tree (banlist.yaml)."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).parent
_SOURCE_TREE = _PACKAGE.parent


def default_banlist() -> Path:
    """``./banlist.yaml`` when there is one (the format's repo), else the one installed."""
    here = Path("banlist.yaml")
    if here.is_file():
        return here
    for candidate in (_PACKAGE / "data" / "banlist.yaml", _SOURCE_TREE / "banlist.yaml"):
        if candidate.is_file():
            return candidate
    return here
