"""The commands the app registers with Discord (``totemdeck discord register`` prints or
sends them): three slash commands and one message command, in English with Spanish names
and descriptions (Discord shows each user their own language)."""

from __future__ import annotations

from typing import Any

STRING = 3  # application command option type
CHAT_INPUT, MESSAGE = 1, 3  # application command types
SPANISH = ("es-ES", "es-419")
LOOK_UP = "Look up cards"


def _es(text: str) -> dict[str, str]:
    return dict.fromkeys(SPANISH, text)


def _name_option(description: str, spanish: str) -> dict[str, Any]:
    return {
        "type": STRING,
        "name": "name",
        "name_localizations": _es("nombre"),
        "description": description,
        "description_localizations": _es(spanish),
        "required": True,
        "autocomplete": True,
        "max_length": 100,
    }


COMMANDS: list[dict[str, Any]] = [
    {
        "type": CHAT_INPUT,
        "name": "card",
        "name_localizations": _es("carta"),
        "description": "A card's text, stage, types and Totem numbers",
        "description_localizations": _es(
            "El texto, la fase, los tipos y los números de Tótem de una carta"
        ),
        "options": [
            _name_option(
                "The card's name (or NAME SET NUMBER)",
                "El nombre de la carta (o NOMBRE EXPANSIÓN NÚMERO)",
            )
        ],
    },
    {
        "type": CHAT_INPUT,
        "name": "totem",
        "name_localizations": _es("totem"),
        "description": "A Pokémon as a Totem: Invocation Cost, Prize cards, identity",
        "description_localizations": _es(
            "Un Pokémon como Tótem: Coste de Invocación, cartas de Premio, identidad"
        ),
        "options": [
            _name_option(
                "The Pokémon (or NAME SET NUMBER)", "El Pokémon (o NOMBRE EXPANSIÓN NÚMERO)"
            )
        ],
    },
    {
        "type": CHAT_INPUT,
        "name": "check",
        "name_localizations": _es("comprobar"),
        "description": "Check a Totem decklist (paste it in the form)",
        "description_localizations": _es(
            "Comprueba una lista de mazo Tótem (pégala en el formulario)"
        ),
    },
    {"type": MESSAGE, "name": LOOK_UP, "name_localizations": _es("Buscar cartas")},
]
