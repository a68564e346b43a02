"""``totemdeck discord register``: prints the definitions; with a token, one PUT of them
(to a local stand-in for Discord's API: tests never reach the network)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest
from typer.testing import CliRunner

from totemdeck.cli import app
from totemdeck.discord.commands import COMMANDS

received: list[dict[str, Any]] = []


class _Discord(BaseHTTPRequestHandler):
    def do_PUT(self) -> None:
        length = int(self.headers["Content-Length"])
        received.append({"path": self.path, "auth": self.headers["Authorization"],
                         "body": json.loads(self.rfile.read(length))})  # fmt: skip
        status = 401 if "bad" in self.headers["Authorization"] else 200
        answer = json.dumps([{**c, "id": str(i)} for i, c in enumerate(COMMANDS)]).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args: object) -> None:
        return


@pytest.fixture
def api() -> Any:
    server = HTTPServer(("127.0.0.1", 0), _Discord)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_without_an_application_it_prints_the_definitions() -> None:
    result = CliRunner().invoke(app, ["discord", "register"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == COMMANDS


def test_with_a_token_it_puts_every_command(api: str, monkeypatch: pytest.MonkeyPatch) -> None:
    received.clear()
    monkeypatch.setenv("TOTEMDECK_DISCORD_TOKEN", "secret")
    args = ["discord", "register", "--application-id", "123", "--guild", "456", "--api", api]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "registered 4 commands" in result.stdout
    assert received == [
        {"path": "/applications/123/guilds/456/commands", "auth": "Bot secret", "body": COMMANDS}
    ]


def test_a_refusal_or_a_missing_token_is_one_line(
    api: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from totemdeck.cli import main

    monkeypatch.delenv("TOTEMDECK_DISCORD_TOKEN", raising=False)
    assert main(["discord", "register", "--application-id", "123", "--api", api]) == 2
    monkeypatch.setenv("TOTEMDECK_DISCORD_TOKEN", "bad")
    assert main(["discord", "register", "--application-id", "123", "--api", api]) == 1
    assert main(["discord", "register", "--application-id", "12x", "--api", api]) == 1
