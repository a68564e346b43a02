"""Discord signs every interaction with Ed25519 over ``timestamp + body``; an endpoint that
answers an unsigned or altered request is removed from the app by Discord (and would let
anyone make the bot speak). PyNaCl verifies (libsodium; measured against cryptography: a
quarter of its install size, a faster import, the same microseconds a check)."""

from __future__ import annotations

from totemdeck.base.errors import UsageError
from totemdeck.i18n import _

MAX_SKEW = 300  # seconds a timestamp may stray from now: a replayed request is refused


class BadPublicKey(UsageError):
    """``TOTEMDECK_DISCORD_PUBLIC_KEY`` is not 64 hex digits (exit 2 at start)."""


class Verifier:
    """Checks requests against the application's public key (hex, from Discord's portal)."""

    def __init__(self, public_key_hex: str) -> None:
        try:
            from nacl.signing import VerifyKey

            self._key = VerifyKey(bytes.fromhex(public_key_hex.strip()))
        except ImportError as exc:
            raise BadPublicKey(
                _("the Discord app needs PyNaCl: pip install 'totemdeck[discord]'")
            ) from exc
        except ValueError as exc:
            raise BadPublicKey(
                _("TOTEMDECK_DISCORD_PUBLIC_KEY must be the 64 hex digits of the app's public key")
            ) from exc

    def verify(self, signature_hex: str, timestamp: str, body: bytes, now: float) -> bool:
        """Whether ``body`` at ``timestamp`` carries Discord's signature (and is recent)."""
        from nacl.exceptions import BadSignatureError

        try:
            signature = bytes.fromhex(signature_hex)
            sent = int(timestamp)
        except ValueError:
            return False
        if len(signature) != 64 or abs(now - sent) > MAX_SKEW:
            return False
        try:
            self._key.verify(timestamp.encode("ascii") + body, signature)
        except (BadSignatureError, ValueError, UnicodeEncodeError):
            return False
        return True
