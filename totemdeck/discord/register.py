"""Registering the commands with Discord: one PUT of the whole list (Discord's "bulk
overwrite"), to the application or to one server (a guild's commands appear at once; global
ones can take up to an hour). The token is the bot's, read from the environment, never from
the command line (where ``ps`` would show it)."""

from __future__ import annotations

from typing import Any

from totemdeck.base.errors import TotemdeckError
from totemdeck.discord.commands import COMMANDS
from totemdeck.i18n import _

API = "https://discord.com/api/v10"
TOKEN_ENV = "TOTEMDECK_DISCORD_TOKEN"


class RegisterFailed(TotemdeckError):
    """Discord refused the commands, or could not be reached (exit 1)."""

    exit_code = 1


def commands_url(application_id: str, guild_id: str | None, api: str = API) -> str:
    """Where the list goes: the application's commands, or one guild's."""
    if not application_id.isdigit() or (guild_id is not None and not guild_id.isdigit()):
        raise RegisterFailed(_("application and guild ids are numbers (Discord's snowflakes)"))
    base = f"{api.rstrip('/')}/applications/{application_id}"
    return f"{base}/guilds/{guild_id}/commands" if guild_id else f"{base}/commands"


def register(token: str, url: str, timeout: float = 10.0) -> list[dict[str, Any]]:
    """PUT every command to ``url``; Discord's answer (the commands with their ids)."""
    import requests

    try:
        with requests.Session() as session:
            answer = session.put(
                url, json=COMMANDS, timeout=timeout, headers={"Authorization": f"Bot {token}"}
            )
    except requests.RequestException as exc:
        raise RegisterFailed(_("Discord could not be reached: {problem}").format(
            problem=type(exc).__name__)) from exc  # fmt: skip
    if answer.status_code >= 300:
        raise RegisterFailed(
            _("Discord refused the commands ({status}): {text}").format(
                status=answer.status_code, text=" ".join(answer.text.split())[:300]
            )
        )
    body: list[dict[str, Any]] = answer.json()
    return body
