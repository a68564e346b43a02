"""``totemdeck rules [CODE]``: the format's rules as players read them, from the registry."""

from __future__ import annotations

from enum import StrEnum

import typer

from totemdeck.cli.output import write_text
from totemdeck.cli.root import app


class RulesFormat(StrEnum):
    text = "text"
    json = "json"
    markdown = "markdown"


@app.command("rules")
def rules(
    code: str | None = typer.Argument(
        None, help="A finding code such as identity; without it, every code.", show_default=False
    ),
    output: RulesFormat = typer.Option(RulesFormat.text, "--format", "-f", help="Output format."),
) -> None:
    """List every rule code, or explain one. Example: totemdeck rules identity"""
    from totemdeck.api import explain_rules
    from totemdeck.report import (
        render_rule_text,
        render_rules_json,
        render_rules_markdown,
        render_rules_text,
    )

    docs = explain_rules(code)
    if output is RulesFormat.json:
        write_text(render_rules_json(docs, single=code is not None))
    elif output is RulesFormat.markdown:
        write_text(render_rules_markdown(docs))
    elif code is None:
        write_text(render_rules_text(docs))
    else:
        write_text(render_rule_text(docs[0]))
