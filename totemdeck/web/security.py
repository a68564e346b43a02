"""Two ASGI middlewares every response passes: security headers, and a request body cap
enforced while the body is read (a lying or missing Content-Length cannot get past it).

A refused body is still read (and thrown away, up to ``DRAIN_BYTES`` and ``DRAIN_SECONDS``)
before the 413 goes out: a server that closes with unread bytes makes the kernel reset the
connection, and the client sees a reset instead of the sentence. A body must arrive within
``body_seconds`` (slow uploads are answered 408).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Where the two card sources publish their images (2026-11-30); the player's browser loads
# them directly, nothing else outside this server is ever loaded.
IMAGE_HOSTS = ("https://images.pokemontcg.io", "https://assets.tcgdex.net")


def content_security_policy(image_hosts: Iterable[str] = IMAGE_HOSTS) -> str:
    """No inline script or style, nothing from elsewhere but card images, no framing."""
    return "; ".join(
        [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data: " + " ".join(image_hosts),
            "connect-src 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
        ]
    )


def security_headers(image_hosts: Iterable[str] = IMAGE_HOSTS) -> list[tuple[bytes, bytes]]:
    return [
        (b"content-security-policy", content_security_policy(image_hosts).encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
        (b"cross-origin-opener-policy", b"same-origin"),
        (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
    ]


class SecurityHeaders:
    """Adds the headers of ``security_headers`` to every HTTP response."""

    def __init__(self, app: ASGIApp, image_hosts: Iterable[str] = IMAGE_HOSTS) -> None:
        self.app = app
        self.headers = security_headers(image_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name for name, _value in message.get("headers", [])}
                extra = [(n, v) for n, v in self.headers if n not in names]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


JSON_SUFFIX = ".json"  # a page's JSON twin: its path with this at its end
API_PREFIX = "/api/"  # the older names of the twins
DRAIN_BYTES = 8 * 1024 * 1024
DRAIN_SECONDS = 5.0
BODY_SECONDS = 30.0


class BodyTooLarge(Exception):
    """Raised inside ``receive`` when a body passes the cap; answered with 413."""


class BodyTooSlow(Exception):
    """Raised inside ``receive`` when a body takes over ``body_seconds``; answered with 408."""


async def drain(receive: Receive, seen: int = 0) -> None:
    """Read and drop the rest of a request body, within ``DRAIN_BYTES`` and ``DRAIN_SECONDS``."""
    deadline = time.monotonic() + DRAIN_SECONDS
    while seen <= DRAIN_BYTES:
        left = deadline - time.monotonic()
        if left <= 0:
            return
        try:
            message = await asyncio.wait_for(receive(), left)
        except TimeoutError:
            return
        if message["type"] != "http.request":
            return
        seen += len(message.get("body", b""))
        if not message.get("more_body", False):
            return


class BodyLimit:
    """Refuses request bodies over ``max_bytes``: at once when Content-Length says so,
    otherwise as soon as the bytes read pass the cap (chunked or lying clients)."""

    def __init__(self, app: ASGIApp, max_bytes: int, body_seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        as_json = wants_json_path(scope.get("path", ""))
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    why = "a Content-Length that is not a number"
                    await _too_large(send, why, 400, as_json)
                    return
                if declared > self.max_bytes:
                    await drain(receive)
                    await _too_large(send, f"over {self.max_bytes} bytes", as_json=as_json)
                    return
        seen = 0
        started = False
        done = False
        deadline = time.monotonic() + self.body_seconds

        async def counting_receive() -> Message:
            nonlocal seen, done
            if done:  # the body is in: what comes now is the disconnect, whenever it comes
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                raise BodyTooSlow from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                done = not message.get("more_body", False)
                if seen > self.max_bytes:
                    if not done:
                        await drain(receive, seen)
                    raise BodyTooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await _too_large(send, f"over {self.max_bytes} bytes", as_json=as_json)
        except BodyTooSlow:
            if not started:
                why = f"not sent within {self.body_seconds:g} s"
                await _too_large(send, why, 408, as_json)


def wants_json_path(path: str) -> bool:
    """Whether ``path`` is a JSON twin (``….json``, ``/api/…``): its refusals are JSON too."""
    return path.endswith(JSON_SUFFIX) or path.startswith(API_PREFIX)


async def _too_large(send: Send, why: str, status: int = 413, as_json: bool = False) -> None:
    """The refusal, before the app has seen the request: plain text, or ``{"error": …}``
    for a JSON twin (a client of the API reads every answer as JSON)."""
    message = f"The request body is refused: {why}"
    if as_json:
        body, kind = json.dumps({"error": message}).encode(), b"application/json"
    else:
        body, kind = f"{message}.\n".encode(), b"text/plain; charset=utf-8"
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", kind),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
