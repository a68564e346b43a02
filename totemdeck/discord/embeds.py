"""The embeds of the replies: a card, a Totem, a verdict (cut to Discord's limits by
``limits.fit`` when sent). Words in the user's language; card text from the catalogue."""

from __future__ import annotations

from typing import Any

from totemdeck.api import Report, TotemLookup
from totemdeck.catalogue.localized import localize, shown_label
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.printed import blocks, cost_text, kind_line, stats_line
from totemdeck.i18n import _, ngettext
from totemdeck.i18n.terms import term, terms

LEGAL_COLOUR, ILLEGAL_COLOUR, CARD_COLOUR = 0x1F7A3A, 0xB3261E, 0x2C3E6B
MAX_FINDINGS = 20


def _fields(card: Card) -> list[dict[str, Any]]:
    fields = []
    for block in blocks(card):
        if block.kind == "ability":
            name = _("Ability: {name}").format(name=block.title)
        elif block.kind == "attack":
            damage = f" — {block.damage}" if block.damage else ""
            name = f"{cost_text(block.cost)} {block.title}{damage}"
        else:
            continue  # rules are said in the description
        fields.append({"name": name, "value": block.text or "·"})
    return fields


def _footer(card: Card) -> str:
    stats = stats_line(card)
    return f"{stats} · {card.id}" if stats else card.id


def _prints_note(prints: int) -> str:
    """Which print a name-only lookup shows, when the name has several."""
    if prints < 2:
        return ""
    note = ngettext(
        "{n} print of this name; this is the newest.",
        "{n} prints of this name; this is the newest.",
        prints,
    )
    return note.format(n=prints)


def card_embed(found: TotemLookup, prints: int, lang: str) -> dict[str, Any]:
    """A card as it prints: kind line, abilities, attacks, rules, weakness and retreat."""
    card = localize(found.card, lang)
    description = [kind_line(found.card)]
    if card.evolves_from and found.card.is_pokemon:
        description.append(_("Evolves from {name}").format(name=card.evolves_from))
    description += [block.text for block in blocks(card) if block.kind == "rule"]
    if prints > 1:
        description.append(_prints_note(prints))
    return {
        "title": shown_label(found.card, lang),
        "description": "\n".join(description),
        "color": CARD_COLOUR,
        "fields": _fields(card),
        "footer": {"text": _footer(found.card)},
    }


def totem_embed(found: TotemLookup, prints: int, lang: str) -> dict[str, Any]:
    """A Pokémon's Totem numbers, or why it cannot be a Totem."""
    title = shown_label(found.card, lang)
    if found.numbers is None:
        return {"title": title, "description": found.why_not or "", "color": ILLEGAL_COLOUR}
    totem = found.numbers
    fields = [
        {"name": _("Invocation Cost"), "value": str(totem.invocation_cost), "inline": True},
        {"name": _("Prize cards"), "value": str(totem.prizes), "inline": True},
        {"name": _("cost column"), "value": term(totem.cost_column), "inline": True},
        {"name": _("identity"), "value": terms(totem.identity) or _("none"), "inline": True},
    ]
    return {
        "title": title,
        "description": _prints_note(prints),
        "color": CARD_COLOUR,
        "fields": fields,
        "footer": {"text": found.card.id},
    }


def verdict_embed(report: Report, link: str | None, lang: str) -> dict[str, Any]:
    """LEGAL or NOT LEGAL, the card count, the Totem, each finding (the link has them all)."""
    cards = report.counts.get("total", 0)
    word = _("LEGAL") if report.legal else _("NOT LEGAL")
    lines = [f"**{word}** · " + ngettext("{n} card", "{n} cards", cards).format(n=cards)]
    if report.totem_label:
        lines.append(_("Totem: {name}").format(name=report.totem_label))
    if link:
        lines.append(link)
    fields = [{"name": f.code, "value": f.message} for f in report.findings[:MAX_FINDINGS]]
    left = len(report.findings) - len(fields)
    more = ngettext("{n} more finding: see the link", "{n} more findings: see the link", left)
    footer = more.format(n=left) if left else ""
    embed: dict[str, Any] = {
        "title": report.name or _("Totem deck"),
        "description": "\n".join(lines),
        "color": LEGAL_COLOUR if report.legal else ILLEGAL_COLOUR,
        "fields": fields,
    }
    if footer:
        embed["footer"] = {"text": footer}
    return embed
