"""``totemdeck serve``: the web app on this machine (or, with --host, for a community).

It is also the production command (docs/web.md, "Running it for a community"): it refuses
a missing catalogue once, in one line, before any worker starts, and serves through
``totemdeck.web.server`` (TCP_NODELAY with several workers, timeouts, a connection cap).
"""

from __future__ import annotations

from pathlib import Path

import typer

from totemdeck.base.errors import UsageError
from totemdeck.cli.check import BanlistOption, FormatFileOption
from totemdeck.cli.options import CatalogueOption
from totemdeck.cli.root import app
from totemdeck.i18n import _


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
    workers: int = typer.Option(1, "--workers", min=1, max=64, help="Worker processes."),
    images: bool = typer.Option(
        True, "--images/--no-images", help="Show card images (the player's browser loads them)."
    ),
    banlist: Path = BanlistOption,
    format_file: Path = FormatFileOption,
    catalogue: str = CatalogueOption,
) -> None:
    """Serve the web pages (Check, Build, Cards, Stats, Export) and the JSON API.

    Example: totemdeck serve --port 8000, then open http://127.0.0.1:8000/
    """
    import os

    try:
        from totemdeck.web import create_app
        from totemdeck.web.server import run
        from totemdeck.web.service import WebConfig
    except ImportError as exc:
        raise UsageError(
            _(
                "the web app needs its extra: pip install 'totemdeck[web]' ({module} is missing)"
            ).format(module=exc.name)
        ) from exc
    from totemdeck.api import catalogue_folder

    folder = catalogue_folder(catalogue)
    config = WebConfig(catalogue=folder, banlist=banlist, format_file=format_file, images=images)
    create_app(config)  # fails here, in one line, when there is no catalogue (exit 2)
    # Workers build their own app from the environment (uvicorn imports totemdeck.web:app).
    os.environ["TOTEMDECK_CATALOGUE"] = str(folder.resolve())
    for name, value in (("TOTEMDECK_BANLIST", banlist), ("TOTEMDECK_FORMAT_FILE", format_file)):
        if value is not None:
            os.environ[name] = str(Path(value).resolve())
    os.environ["TOTEMDECK_WEB_IMAGES"] = "1" if images else "0"
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"totemdeck: serving {folder} at http://{shown}:{port}/ (Ctrl-C stops)", err=True)
    run(host, port, workers)  # uvicorn with TCP_NODELAY, timeouts and a connection cap
