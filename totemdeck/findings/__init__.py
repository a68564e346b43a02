"""The one immutable finding type every rule, the reader and the resolver report."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from totemdeck.base.records import frozen
from totemdeck.findings.registry import REGISTRY, Severity, help_pointer

# Every code of FORMAT.md with its severity, read from the one registry the docs come from.
# Codes are stable: never renamed, never reused.
CODES: dict[str, Severity] = {doc.code: doc.severity for doc in REGISTRY}


@frozen
class Finding:
    """A broken rule or a warning: what a player reads and what a machine greps."""

    code: str
    message: str
    line: int | None = None
    cards: tuple[str, ...] = ()
    context: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unknown finding code {self.code!r}")  # i18n: keep

    @property
    def severity(self) -> Severity:
        return CODES[self.code]

    @property
    def help(self) -> str:
        """The command that explains this finding's rule (``totemdeck rules CODE``)."""
        return help_pointer(self.code)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of ``schemas/report.schema.json`` (``findings[]``)."""
        out: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "line": self.line,
            "cards": list(self.cards),
            "help": help_pointer(self.code),
        }
        if self.context:
            out["context"] = self.context
        return out
