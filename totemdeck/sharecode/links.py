"""Share codes in links: the code a pasted link or bare code holds, the link of a code, and
the public address links start with (``TOTEMDECK_BASE_URL``, checked once)."""

from __future__ import annotations

from totemdeck.base.errors import TotemdeckError
from totemdeck.base.lazy import LazyPattern
from totemdeck.i18n import _

__all__ = ["BadBaseUrl", "base_url_of", "code_in", "share_link"]

_LINK = LazyPattern(r"^https?://[^\s?#]+\?(?:[^\s#]*&)?d=(?P<code>[A-Za-z0-9_-]+)(?:[&#]\S*)?$")
_BARE = LazyPattern(r"^[123][A-Za-z0-9_-]{8,}$")


def code_in(text: str) -> str | None:
    """The share code a link (``https://…/check?d=CODE``) or a bare code holds, else None."""
    text = text.strip()
    found = _LINK.match(text)
    if found:
        return found.group("code")
    return text if _BARE.match(text) else None


class BadBaseUrl(TotemdeckError):
    """``TOTEMDECK_BASE_URL`` is not an address a share link can start with (exit 2)."""


def base_url_of(value: str | None) -> tuple[str | None, bool]:
    """The public address share links start with (``TOTEMDECK_BASE_URL``), read once when a
    face starts, and whether blanks around it were taken off (a trailing newline from
    ``$(cat file)`` made every share line two lines, issue 43.3: the face says so). None
    when unset or blank; ``BadBaseUrl`` for anything but an http(s) address of printable,
    unspaced characters with no query or fragment."""
    if value is None or not value.strip():
        return None, False
    kept = value.strip()
    if not (
        kept.startswith(("https://", "http://"))
        and kept.isprintable()
        and not any(char.isspace() or char in "?#" for char in kept)
        and len(kept.partition("://")[2].strip("/")) > 0
    ):
        raise BadBaseUrl(
            _(
                "TOTEMDECK_BASE_URL must be an http:// or https:// address without spaces, "
                "control characters, '?' or '#', not {value}"
            ).format(value=ascii(value[:100]))
        )
    return kept.rstrip("/"), kept != value


def share_link(code: str, base_url: str | None) -> str:
    """The verdict page of a code: under ``base_url`` (a public address), else relative."""
    return f"{(base_url or '').rstrip('/')}/check?d={code}"
