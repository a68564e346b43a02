"""Where each source is read from: ``--from`` values, and which source a folder holds.

A face (the CLI's ``import``) passes what the person wrote; this decides it, so a library
caller and the CLI read ``SOURCE=URL_OR_DIR``, a lone URL for one source, and a bare folder
recognised by its layout (``CardSource.layout_marker``) the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from totemdeck.i18n import _
from totemdeck.sources.http import BadOrigin
from totemdeck.sources.registry import all_sources, source_names

__all__ = ["read_origins", "source_of_folder"]


def source_of_folder(folder: str) -> str | None:
    """Which source a local folder (or ``file://`` URL) holds, by its layout; None if none."""
    root = Path(folder.removeprefix("file://"))
    for source in all_sources():
        if (root / source.layout_marker).is_file():
            return source.name
    return None


def read_origins(
    values: Sequence[str], sources: Sequence[str]
) -> tuple[list[str], dict[str, str | None]]:
    """``SOURCE=URL_OR_DIR`` values, or one ``URL_OR_DIR`` for one source: the sources to
    import and where each comes from. A bare folder given for several sources (``--source
    all``) imports just the source its layout shows. ``BadOrigin`` names a wrong value."""
    origins: dict[str, str | None] = {}
    for value in values:
        name, sep, place = value.partition("=")
        if not (place if sep and name in source_names() else value).strip():
            # an empty value used to fall back to the online source without a word
            raise BadOrigin(
                _("--from {value!r}: empty; give a URL or a folder").format(value=value)
            )
        if sep and name in source_names():
            origins[name] = place
        elif len(sources) == 1:
            origins[sources[0]] = value
        elif len(values) == 1 and (detected := source_of_folder(value)):
            return [detected], {detected: value}
        elif "://" not in value and not Path(value).is_dir():
            raise BadOrigin(_("--from {value!r}: no such folder").format(value=value))
        else:
            raise BadOrigin(
                _("--from {value!r}: with several sources write --from SOURCE=URL_OR_DIR").format(
                    value=value
                )
            )
    return list(sources), origins
