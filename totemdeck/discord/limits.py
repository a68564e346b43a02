"""Discord's documented limits on a message and its embeds (developer docs, "Embed Limits"
and "Create Message"): every reply is cut to them, and the cut is said in the reply."""

from __future__ import annotations

from typing import Any

TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
EMBED_TOTAL = 6000  # title + description + field names and values + footer + author
EMBEDS = 10
CONTENT = 2000
CHOICES = 25  # autocomplete choices
CHOICE_NAME = 100
MODAL_TEXT = 4000  # a paragraph text input's max_length


def cut(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, an ellipsis where it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def embed_size(embed: dict[str, Any]) -> int:
    """The characters Discord counts toward an embed's 6,000."""
    size = len(embed.get("title", "")) + len(embed.get("description", ""))
    size += sum(len(f["name"]) + len(f["value"]) for f in embed.get("fields", []))
    size += len(embed.get("footer", {}).get("text", ""))
    size += len(embed.get("author", {}).get("name", ""))
    return size


def fit(embed: dict[str, Any]) -> dict[str, Any]:
    """``embed`` within every limit: parts cut, fields past the 25th or past 6,000
    characters dropped, and the footer says how many were left out."""
    out = dict(embed)
    if "title" in out:
        out["title"] = cut(out["title"], TITLE)
    if "description" in out:
        out["description"] = cut(out["description"], DESCRIPTION)
    fields = [
        {
            **f,
            "name": cut(f["name"] or "·", FIELD_NAME),
            "value": cut(f["value"] or "·", FIELD_VALUE),
        }
        for f in out.get("fields", [])
    ]
    kept: list[dict[str, Any]] = []
    footer = out.get("footer", {}).get("text", "")
    budget = EMBED_TOTAL - embed_size({**out, "fields": []}) - 40  # room for "… N more"
    for field in fields:
        size = len(field["name"]) + len(field["value"])
        if len(kept) == FIELDS or size > budget:
            break
        kept.append(field)
        budget -= size
    if fields:
        out["fields"] = kept
    if len(kept) < len(fields):
        from totemdeck.i18n import _

        left = _("{n} more not shown").format(n=len(fields) - len(kept))
        footer = f"{footer} · {left}" if footer else left
    if footer:
        out["footer"] = {"text": cut(footer, FOOTER)}
    return out
