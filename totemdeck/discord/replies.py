"""One interaction in, its answer out (Discord's interaction and response objects as dicts).

PING → PONG; ``/card`` and ``/totem`` → an embed of the named card; ``/check`` → a modal for
the list, and its submission → the verdict with the share link; the message command "Look
up cards" → an embed for each ``[[card name]]`` in the message; autocomplete → up to 25
names. Replies speak the user's Discord locale (``es-ES``/``es-419`` → Spanish). The library
is reached through ``Desk``, which the web app supplies, so this module stays pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from totemdeck.api import Report, TotemLookup
from totemdeck.base.errors import TotemdeckError
from totemdeck.discord import limits
from totemdeck.discord.commands import LOOK_UP
from totemdeck.discord.embeds import card_embed, totem_embed, verdict_embed
from totemdeck.i18n import _, use_language

PING, COMMAND, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 4, 5
PONG, MESSAGE, CHOICES, MODAL = 1, 4, 8, 9
EPHEMERAL = 64
CHECK_MODAL, LIST_FIELD = "totemdeck-check", "list"
_BRACKETED = re.compile(r"\[\[([^\[\]\n]{1,100})\]\]")
MAX_LOOKUPS = 10  # one embed each, Discord's most


class Desk(Protocol):
    """The library verbs a reply needs (the web app's catalogue, banlist and base URL)."""

    def lookup(self, text: str) -> list[TotemLookup]: ...
    def names(self, text: str) -> list[str]: ...
    def check(self, text: str, lang: str) -> tuple[Report, str | None]: ...


def locale_language(interaction: dict[str, Any]) -> str:
    """The user's language as totemdeck speaks it: Spanish for any ``es`` locale."""
    locale = str(interaction.get("locale") or interaction.get("guild_locale") or "en")
    return "es" if locale.lower().startswith("es") else "en"


def _message(
    embeds: Sequence[dict[str, Any]], content: str = "", private: bool = False
) -> dict[str, Any]:
    data: dict[str, Any] = {"embeds": [limits.fit(e) for e in embeds][: limits.EMBEDS]}
    if content:
        data["content"] = limits.cut(content, limits.CONTENT)
    if private:
        data["flags"] = EPHEMERAL
    return {"type": MESSAGE, "data": data}


def _problem(text: str) -> dict[str, Any]:
    """A refusal only the asker sees (a name that is no card, a list that is no deck)."""
    return _message([], text, private=True)


def _option(interaction: dict[str, Any], name: str) -> str:
    for option in interaction.get("data", {}).get("options", []) or []:
        if option.get("name") == name:
            return str(option.get("value", ""))
    return ""


def _looked_up(
    desk: Desk, text: str, embed: Callable[[TotemLookup, int], dict[str, Any]]
) -> dict[str, Any]:
    text = text.strip()
    if not text:
        return _problem(_("Give a card's name."))
    try:
        found = desk.lookup(text)
    except TotemdeckError as exc:
        return _problem(str(exc))
    newest = max(found, key=lambda x: (x.card.set.release_date, x.card.id))
    return _message([embed(newest, len(found))])


def _command(interaction: dict[str, Any], desk: Desk, lang: str) -> dict[str, Any]:
    data = interaction.get("data", {})
    name = data.get("name")
    if name == "card":
        return _looked_up(desk, _option(interaction, "name"), lambda x, n: card_embed(x, n, lang))
    if name == "totem":
        return _looked_up(desk, _option(interaction, "name"), lambda x, n: totem_embed(x, n, lang))
    if name == "check":
        return _check_modal()
    if name == LOOK_UP:
        return _look_up_message(data, desk, lang)
    return _problem(_("This command is not totemdeck's."))


def _check_modal() -> dict[str, Any]:
    field = {
        "type": 4, "custom_id": LIST_FIELD, "style": 2, "label": _("Your decklist"),
        "min_length": 1, "max_length": limits.MODAL_TEXT, "required": True,
        "placeholder": "Totem: 1\n1 Charizard ex OBF 125\n…",
    }  # fmt: skip
    components = [{"type": 1, "components": [field]}]
    title = limits.cut(_("Check a Totem deck"), 45)  # a modal's title is at most 45
    return {
        "type": MODAL,
        "data": {"custom_id": CHECK_MODAL, "title": title, "components": components},
    }


def _submitted(interaction: dict[str, Any], desk: Desk, lang: str) -> dict[str, Any]:
    data = interaction.get("data", {})
    if data.get("custom_id") != CHECK_MODAL:
        return _problem(_("This form is not totemdeck's."))
    text = ""
    for row in data.get("components", []) or []:
        for part in row.get("components", []) or []:
            if part.get("custom_id") == LIST_FIELD:
                text = str(part.get("value", ""))
    if not text.strip():
        return _problem(_("Paste a list or choose a file."))
    try:
        report, link = desk.check(text[: limits.MODAL_TEXT], lang)
    except TotemdeckError as exc:
        return _problem(str(exc))
    return _message([verdict_embed(report, link, lang)])


def _look_up_message(data: dict[str, Any], desk: Desk, lang: str) -> dict[str, Any]:
    messages = data.get("resolved", {}).get("messages", {}) or {}
    message: dict[str, Any] = messages.get(str(data.get("target_id"))) or next(
        iter(messages.values()), {}
    )
    wanted = list(
        dict.fromkeys(m.strip() for m in _BRACKETED.findall(str(message.get("content", ""))))
    )
    if not wanted:
        return _problem(_("Write card names in double brackets, like [[Rare Candy]]."))
    embeds, missing = [], []
    for name in wanted[:MAX_LOOKUPS]:
        try:
            found = desk.lookup(name)
        except TotemdeckError:
            missing.append(name)
            continue
        newest = max(found, key=lambda x: (x.card.set.release_date, x.card.id))
        embeds.append(card_embed(newest, len(found), lang))
    notes = [_("No card is named {name!r}.").format(name=name) for name in missing]
    if len(wanted) > MAX_LOOKUPS:
        notes.append(_("At most {n} cards a message.").format(n=MAX_LOOKUPS))
    return _message(embeds, "\n".join(notes))


def _choices(interaction: dict[str, Any], desk: Desk) -> dict[str, Any]:
    typed = ""
    for option in interaction.get("data", {}).get("options", []) or []:
        if option.get("focused"):
            typed = str(option.get("value", ""))
    names = desk.names(typed[:100]) if typed.strip() else []
    choices = [
        {
            "name": limits.cut(name, limits.CHOICE_NAME),
            "value": limits.cut(name, limits.CHOICE_NAME),
        }
        for name in names[: limits.CHOICES]
    ]
    return {"type": CHOICES, "data": {"choices": choices}}


def reply(interaction: dict[str, Any], desk: Desk) -> dict[str, Any]:
    """The response to one (verified) interaction."""
    kind = interaction.get("type")
    if kind == PING:
        return {"type": PONG}
    lang = locale_language(interaction)
    with use_language(lang):
        if kind == COMMAND:
            return _command(interaction, desk, lang)
        if kind == AUTOCOMPLETE:
            return _choices(interaction, desk)
        if kind == MODAL_SUBMIT:
            return _submitted(interaction, desk, lang)
        return _problem(_("totemdeck does not answer this kind of interaction."))
