"""``POST /discord/interactions``: the Discord app's endpoint (docs/discord.md).

Off unless ``TOTEMDECK_DISCORD_PUBLIC_KEY`` is set (then 404, as if it did not exist). Every
request's Ed25519 signature is checked before anything else reads it: a changed body, a
changed or stale timestamp, a forged or malformed signature is a 401, which is also what
Discord's own check of a new endpoint expects. The answer is built in the thread pool, never
on the event loop; the body is bounded by the app's body limit.
"""

from __future__ import annotations

import json
import time
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from totemdeck.api import Report, TotemLookup, lookup_totem
from totemdeck.api.deck import share_code
from totemdeck.discord.replies import reply
from totemdeck.discord.signature import Verifier
from totemdeck.i18n import _
from totemdeck.web.help_pages import name_suggestions
from totemdeck.web.service import Library


class WebDesk:
    """The verbs a Discord reply needs, over the app's catalogue, banlist and base URL."""

    def __init__(self, library: Library, request: Request) -> None:
        self.library, self.request = library, request

    def lookup(self, text: str) -> list[TotemLookup]:
        return lookup_totem(self.library.catalogue, text, self.library.fmt)

    def names(self, text: str) -> list[str]:
        return name_suggestions(self.request, text)

    def check(self, text: str, lang: str) -> tuple[Report, str | None]:
        checked = self.library.check(self.library.read(text.encode("utf-8"), "Discord"), lang)
        code = share_code(checked)
        base = self.library.config.base_url
        if code is None:
            return checked.report, None
        link = f"{base}/check?d={code}" if base else _("share code: {code}").format(code=code)
        return checked.report, link


def _answer(request: Request, verifier: Verifier, body: bytes) -> Response:
    headers = request.headers
    signature = headers.get("x-signature-ed25519", "")
    timestamp = headers.get("x-signature-timestamp", "")
    if not verifier.verify(signature, timestamp, body, time.time()):
        return JSONResponse({"error": _("invalid request signature")}, status_code=401)
    try:
        interaction: Any = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return JSONResponse({"error": _("the body is not JSON")}, status_code=400)
    if not isinstance(interaction, dict):
        return JSONResponse({"error": _("an interaction is a JSON object")}, status_code=400)
    library: Library = request.app.state.library
    return JSONResponse(reply(interaction, WebDesk(library, request)))


async def interactions(request: Request) -> Response:
    verifier: Verifier | None = getattr(request.app.state, "discord", None)
    if verifier is None:
        return JSONResponse({"error": _("the Discord app is not enabled here")}, status_code=404)
    body = await request.body()
    return await run_in_threadpool(_answer, request, verifier, body)


ROUTES = [Route("/discord/interactions", interactions, methods=["POST"], name="discord")]
