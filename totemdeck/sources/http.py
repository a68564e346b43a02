"""Fetching JSON documents from a source location: an http(s) URL, a file:// URL or a folder.

One ``requests.Session`` per import (``session.py``: urllib3 ``Retry`` with backoff on
connection errors, 429 and 5xx, a User-Agent), explicit timeouts, conditional requests (ETag)
and a size cap.
Local folders are read directly with the same size cap, so ``--from DIR`` behaves like a URL.

Every limit is finite: a read waits ``timeout``, a whole download (retries included) at most
``deadline`` (``deadline.py``: a server dripping a byte at a time cannot keep it), a
``Retry-After`` over ``MAX_RETRY_AFTER`` is not obeyed but reported, an answer is capped in
bytes, and JSON nested too deep or with numbers too long is refused. Each failure is a
one-line ``FetchError`` naming the document.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlparse
from urllib.request import url2pathname

import requests

from totemdeck.base.records import frozen
from totemdeck.i18n import _
from totemdeck.sources.deadline import within
from totemdeck.sources.failures import BadOrigin, FetchError, RetryAfterTooLong
from totemdeck.sources.session import USER_AGENT, make_session

__all__ = [
    "USER_AGENT",
    "BadOrigin",
    "FetchError",
    "Fetched",
    "Location",
    "check_segment",
    "json_problem",
    "make_session",
    "quote_segment",
]


# (connect, read) seconds. Raw GitHub answers a 2 MB set file in well under a second (2026-11).
DEFAULT_TIMEOUT = (10.0, 30.0)
# The largest pokemon-tcg-data card file (sv3pt5) is ~1.1 MB (2026-11); 32 MB is a generous cap.
MAX_RESPONSE_BYTES = 32 * 1024 * 1024
# A whole download, retries and their waits included. The largest file (~1.1 MB) takes under
# a second from raw GitHub (2026-11); five minutes is room for a slow line, not for a drip.
DEFAULT_DEADLINE = 300.0

_SAFE_SEGMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def check_segment(value: str, what: str = "set id") -> str:
    """Refuse an id that could escape its folder or URL path (``../x``, ``a/b``, empty)."""
    if not _SAFE_SEGMENT.match(value) or ".." in value:
        raise FetchError(
            _("refused {what} {value!r}: not a plain identifier").format(what=what, value=value)
        )
    return value


def quote_segment(value: str, what: str = "card id") -> str:
    """Escape an id for one URL path segment; ids with ``?`` or ``!`` are fine, ``/`` is not."""
    if not value or value in {".", ".."} or "/" in value or "\\" in value or "\x00" in value:
        raise FetchError(
            _("refused {what} {value!r}: not a plain identifier").format(what=what, value=value)
        )
    return quote(value, safe="")


@frozen
class Fetched:
    """A fetched document; ``data`` is None when the server said 304 Not Modified."""

    data: Any
    etag: str | None
    nbytes: int
    not_modified: bool = False


class Location:
    """Where a source's documents live: a base URL or folder, joined with relative paths."""

    def __init__(
        self,
        base: str,
        session: requests.Session | None = None,
        timeout: tuple[float, float] = DEFAULT_TIMEOUT,
        max_bytes: int = MAX_RESPONSE_BYTES,
        deadline: float = DEFAULT_DEADLINE,
    ) -> None:
        parsed = urlparse(base)
        self.origin = base  # as given, for summaries
        self.max_bytes = max_bytes
        self.timeout = timeout
        self.deadline = deadline  # seconds for a whole download, retries included
        self.folder: Path | None
        if parsed.scheme in {"http", "https"}:
            self.base = base.rstrip("/") + "/"
            self.folder = None
        elif parsed.scheme == "file":
            self.folder = Path(url2pathname(unquote(parsed.path)))
            self.base = str(self.folder)
        elif parsed.scheme == "" or len(parsed.scheme) == 1:  # a path (or a Windows drive)
            self.folder = Path(base)
            self.base = str(self.folder)
        else:
            raise BadOrigin(
                _("--from {value!r}: use an http(s) URL, a file:// URL or a folder").format(
                    value=base
                )
            )
        if self.folder is not None and not self.folder.is_dir():
            raise BadOrigin(_("--from {value!r}: no such folder").format(value=base))
        self.session = (
            session
            if session is not None
            else make_session(base_url=self.base if self.folder is None else None)
        )

    def describe(self, path: str) -> str:
        return self.base + path if self.folder is None else str(self.folder / path)

    def fetch_raw(self, path: str, etag: str | None = None) -> Fetched:
        """GET ``path`` below the base, unparsed: ``data`` is the bytes (None on a 304)."""
        raw, new_etag, not_modified = (
            self._read_file(path, etag) if self.folder is not None else self._get(path, etag)
        )
        if not_modified:
            return Fetched(None, etag, 0, not_modified=True)
        return Fetched(raw, new_etag, len(raw))

    def fetch_json(self, path: str, etag: str | None = None) -> Fetched:
        """GET ``path`` below the base and parse it as JSON (304 → ``not_modified``)."""
        fetched = self.fetch_raw(path, etag)
        if fetched.not_modified:
            return fetched
        raw, new_etag = fetched.data, fetched.etag
        reason = json_problem(raw)
        if isinstance(reason, str):
            raise FetchError(
                _("{where}: not valid JSON ({reason})").format(
                    where=self.describe(path), reason=reason
                )
            )
        return Fetched(reason.value, new_etag, len(raw))

    def _read_file(self, path: str, etag: str | None) -> tuple[bytes, str | None, bool]:
        """A file below the folder; its size and mtime act as an ETag (conditional reads).

        Read as the user's files are (``files.read_limited``): a regular file only, so a FIFO
        cannot block the import and a link to a device cannot fill the memory, and capped by
        the bytes actually read, not by the size the file claims.
        """
        from totemdeck.files import FileReadError, read_limited

        assert self.folder is not None
        target = self.folder / unquote(path)  # paths are URL-escaped, file names are not
        try:
            stat = target.stat()
        except FileNotFoundError as exc:
            raise FetchError(_("{path}: no such file").format(path=target)) from exc
        except OSError as exc:
            raise FetchError(f"{target}: {exc.strerror or exc}") from exc  # i18n: keep (OS text)
        file_etag = f'W/"{stat.st_size}-{stat.st_mtime_ns}"'
        if etag is not None and etag == file_etag:
            return b"", file_etag, True
        try:
            return read_limited(target, self.max_bytes), file_etag, False
        except FileReadError as exc:
            raise FetchError(str(exc)) from exc

    def _get(self, path: str, etag: str | None) -> tuple[bytes, str | None, bool]:
        url = self.base + path
        with within(self.deadline) as deadline:
            try:
                return self._get_within(url, etag)
            except RetryAfterTooLong as exc:
                raise FetchError(
                    _(
                        "{url}: the server asks to wait {seconds:.0f} s before trying again "
                        "(Retry-After); an import waits at most {cap:.0f} s: try again later"
                    ).format(url=url, seconds=min(exc.seconds, 1e12), cap=exc.cap)
                ) from exc
            except FetchError:
                raise
            except (requests.exceptions.RequestException, OSError) as exc:
                if time.monotonic() >= deadline:
                    raise FetchError(
                        _("{url}: no complete answer within {seconds:g} s").format(
                            url=url, seconds=self.deadline
                        )
                    ) from exc
                raise self._failure(url, exc) from exc

    def _get_within(self, url: str, etag: str | None) -> tuple[bytes, str | None, bool]:
        headers = {"If-None-Match": etag} if etag else {}
        with self.session.get(url, headers=headers, timeout=self.timeout, stream=True) as resp:
            if resp.status_code == 304:
                if not etag:  # nothing to be "not modified" from
                    raise FetchError(
                        _("{url}: HTTP 304 Not Modified for a document never fetched").format(
                            url=url
                        )
                    )
                return b"", etag, True
            if resp.status_code != 200:
                raise FetchError(f"{url}: HTTP {resp.status_code} {resp.reason}")  # i18n: keep
            declared = resp.headers.get("Content-Length")
            if declared and declared.isdigit() and int(declared) > self.max_bytes:
                raise FetchError(
                    _("{where}: {size} bytes is over the {cap} byte cap").format(
                        where=url, size=declared, cap=self.max_bytes
                    )
                )
            chunks, total = [], 0
            for chunk in resp.iter_content(chunk_size=1024 * 1024):
                total += len(chunk)
                if total > self.max_bytes:
                    raise FetchError(
                        _("{url}: response over the {cap} byte cap").format(
                            url=url, cap=self.max_bytes
                        )
                    )
                chunks.append(chunk)
            if declared and declared.isdigit() and total != int(declared):
                raise FetchError(
                    _("{url}: truncated ({got} of {declared} bytes)").format(
                        url=url, got=total, declared=declared
                    )
                )
            return b"".join(chunks), resp.headers.get("ETag"), False

    @staticmethod
    def _failure(url: str, exc: Exception) -> FetchError:
        """A requests/urllib3 failure in one line."""
        if isinstance(exc, requests.exceptions.Timeout):
            return FetchError(
                _("{url}: timed out after retries ({reason})").format(
                    url=url, reason=type(exc).__name__
                )
            )
        if isinstance(exc, requests.exceptions.RetryError):
            return FetchError(
                _("{url}: still failing after retries ({reason})").format(
                    url=url, reason=_reason(exc)
                )
            )
        if isinstance(exc, requests.exceptions.ConnectionError | OSError):
            return FetchError(
                _("{url}: cannot connect ({reason})").format(url=url, reason=_reason(exc))
            )
        return FetchError(f"{url}: {_reason(exc)}")  # i18n: keep (the library's text)


@frozen
class Parsed:
    """A JSON document that parsed."""

    value: Any


def json_problem(raw: bytes | str) -> Parsed | str:
    """Parse JSON; a one-line reason instead of an exception for anything hostile.

    Beside syntax errors: text that is not UTF-8, nesting past the recursion limit, integers
    past Python's 4300-digit limit (CVE-2020-10735).
    """
    try:
        return Parsed(json.loads(raw))
    except RecursionError:
        return _("nested too deeply")
    except UnicodeDecodeError as exc:
        return _("not UTF-8 text ({reason})").format(reason=exc.reason)
    except json.JSONDecodeError as exc:
        return str(exc)
    except ValueError as exc:  # "Exceeds the limit (4300 digits) for integer string conversion"
        return _("a number too long ({reason})").format(reason=str(exc).split(";")[0])


def _reason(exc: Exception) -> str:
    """The innermost reason of a requests/urllib3 error, on one line."""
    inner: BaseException = exc
    while inner.args and isinstance(inner.args[0], BaseException):
        inner = inner.args[0]
    reason = getattr(inner, "reason", None)
    text = str(reason if reason is not None else inner)
    return " ".join(text.split())[:200]
