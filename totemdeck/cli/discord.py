"""``totemdeck discord register``: the Discord app's commands, printed or registered."""

from __future__ import annotations

import json
import os

import typer

from totemdeck.cli.output import write_text
from totemdeck.cli.root import app
from totemdeck.i18n import _

discord_app = typer.Typer(help="The Discord app (docs/discord.md).", no_args_is_help=True)
app.add_typer(discord_app, name="discord")


@discord_app.command("register")
def register_command(
    application_id: str = typer.Option(
        None, "--application-id", help="Register with this application (needs the bot token)."
    ),
    guild: str = typer.Option(None, "--guild", help="Only in this server (appears at once)."),
    api: str = typer.Option("https://discord.com/api/v10", "--api", hidden=True),
) -> None:
    """Print the commands' definitions (JSON); with --application-id and the bot token in
    TOTEMDECK_DISCORD_TOKEN, register them with Discord.

    Example: TOTEMDECK_DISCORD_TOKEN=... totemdeck discord register --application-id 123
    """
    from totemdeck.base.errors import UsageError
    from totemdeck.discord.commands import COMMANDS
    from totemdeck.discord.register import TOKEN_ENV, commands_url, register

    if application_id is None:
        write_text(json.dumps(COMMANDS, indent=2, ensure_ascii=False) + "\n")
        return
    token = os.environ.get(TOKEN_ENV, "").strip()
    if not token:
        raise UsageError(_("set {env} to the bot's token to register").format(env=TOKEN_ENV))
    done = register(token, commands_url(application_id, guild, api))
    typer.echo(
        _("registered {n} commands: {names}").format(
            n=len(done), names=", ".join(str(c.get("name")) for c in done)
        )
    )
