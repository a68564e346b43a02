"""What fetching a source document can fail with: each a one-line message for the user."""

from __future__ import annotations

from totemdeck.base.errors import TotemdeckError


class FetchError(TotemdeckError):
    """A document could not be fetched or read; the message is one line for the user."""

    exit_code = 1


class RetryAfterTooLong(FetchError):
    """The server asked to wait longer than ``MAX_RETRY_AFTER`` before trying again."""

    def __init__(self, seconds: float, cap: float) -> None:
        super().__init__(f"Retry-After {seconds:.0f} s")  # i18n: keep (``_get`` words it)
        self.seconds = seconds
        self.cap = cap


class BadOrigin(FetchError):
    """The place given with ``--from`` is not a URL or folder we can read (a usage error)."""

    exit_code = 2
