"""Files shipped with totemdeck: its data files (``totemdeck/data``), and those that also live
at the top of the source tree (banlist.yaml).

Read by path, beside this module: ``importlib.resources`` would cost a cold start its import.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).parent.parent  # totemdeck/, this module being in totemdeck/base/
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


def packaged_text(name: str) -> str:
    """The text of ``totemdeck/data/<name>`` (``format.yaml``, ``set_codes.yaml``…)."""
    return (_PACKAGE / "data" / name).read_text("utf-8")
