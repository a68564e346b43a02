"""The format's parameters (``totemdeck/data/format.yaml``), loaded once and schema-checked."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from totemdeck.base.errors import TotemdeckError
from totemdeck.base.records import frozen
from totemdeck.base.resources import packaged_text
from totemdeck.files.schemas import first_error, is_valid_fast
from totemdeck.i18n import _

COLUMNS = ("Basic", "Stage 1", "Stage 2", "Stage 3")
MAX_FORMAT_BYTES = 256 * 1024  # the packaged file is 1.5 KB


class FormatFileError(TotemdeckError):
    """The format file is unreadable or breaks its schema (one line, with the path)."""


@frozen
class EnergyOverride:
    """The identity a card's Energy is counted as, where its text says other than its type."""

    types: frozenset[str]
    colorless: bool
    every: bool = False


@frozen
class Turns:
    """How turns go, for odds and a goldfish (FORMAT.md "Turns, for odds and a goldfish",
    ``turns`` in the format file): what a simulation of the player's own turns needs."""

    opening_hand: int = 7
    mulligan_without_basic: bool = True  # odds are of kept hands
    prizes_after_hand: bool = True  # the starting Prize cards leave the deck after the hand
    first_player_draws: bool = True
    draws_per_turn: int = 1
    energy_attachments_per_turn: int = 1
    totem_zone_uses_attachment: bool = True
    effects_attach_in_totem_zone: bool = False
    totem_in_deck: bool = False  # a one-card Totem: 99 cards shuffled

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> Turns:
        return cls(**data) if data else cls()


@frozen
class FormatRules:
    """The format's parameters and decisions, read from ``format.yaml``."""

    name: str
    deck_size: int
    legend_cards: int
    v_union_cards: int
    ace_spec_limit: int
    radiant_limit: int
    star_limit: int
    invocation_cost: dict[str, int]
    restored_column: str
    colorless_restriction: bool
    basic_energy_exempt: bool
    any_number_phrases: tuple[str, ...]
    wildcard_provides_colorless: bool
    energy_overrides: dict[str, EnergyOverride]
    # Text of a Trainer played "as if it were a Basic Pokémon"; None: such Trainers never
    # count as Basic Pokémon (decision: they count for ``no-basic-pokemon`` only).
    trainers_as_basic: re.Pattern[str] | None = None
    # Prize cards each player starts a game with (FORMAT.md "At the table"; decision: 6).
    starting_prizes: int = 6
    turns: Turns = Turns()

    @property
    def opening_hand(self) -> int:
        """Cards in the opening hand (``turns.opening_hand``)."""
        return self.turns.opening_hand

    @property
    def first_player_draws(self) -> bool:
        """Whether the first player draws on their first turn too (``turns``)."""
        return self.turns.first_player_draws

    @classmethod
    def from_data(cls, data: dict[str, Any], where: str = "format.yaml") -> FormatRules:
        if not is_valid_fast("format", data):
            raise FormatFileError(f"{where}: {first_error('format', data)}")
        special = data["special_energy"]
        as_basic = data.get("trainers_as_basic") or {}
        return cls(
            name=data["format"],
            deck_size=data["deck_size"],
            legend_cards=data["totem_cards"]["legend"],
            v_union_cards=data["totem_cards"]["v_union"],
            ace_spec_limit=data["limits"]["ace_spec"],
            radiant_limit=data["limits"]["radiant"],
            star_limit=data["limits"]["star"],
            invocation_cost=dict(data["invocation_cost"]),
            restored_column=data["restored_column"],
            colorless_restriction=data["colorless_restriction"],
            basic_energy_exempt=data["singleton"]["basic_energy_exempt"],
            any_number_phrases=tuple(p.casefold() for p in data["singleton"]["any_number_phrases"]),
            wildcard_provides_colorless=special["wildcard_provides_colorless"],
            energy_overrides={
                key: EnergyOverride(
                    frozenset(value["types"]), value["colorless"], value.get("every", False)
                )
                for key, value in special["overrides"].items()
            },
            trainers_as_basic=_pattern(as_basic, where),
            starting_prizes=data.get("table", {}).get("starting_prizes", 6),
            turns=Turns.from_data(data.get("turns")),
        )


def _pattern(as_basic: dict[str, Any], where: str) -> re.Pattern[str] | None:
    """``trainers_as_basic.text_pattern`` compiled, or None when the decision is off."""
    if not as_basic.get("count_for_no_basic_pokemon"):
        return None
    try:
        return re.compile(as_basic["text_pattern"], re.IGNORECASE)
    except re.error as exc:
        raise FormatFileError(
            _("{where}: trainers_as_basic.text_pattern is not a valid pattern ({reason})").format(
                where=where, reason=exc
            )
        ) from exc


def load_format(path: str | Path | None = None) -> FormatRules:
    """The packaged format file, or another one (``--format-file``).

    Another file is read like every hand-edited YAML file (``totemdeck.files.safeyaml``): a
    regular UTF-8 file under ``MAX_FORMAT_BYTES``, no aliases, tags or duplicate keys.
    The packaged file's data is remembered between runs (``totemdeck.files.datacache``).
    """
    from totemdeck.files.datacache import recall, remember

    where = "format.yaml" if path is None else str(path)
    if path is None:
        text = packaged_text(where)
        data = recall("format", text)
        if isinstance(data, dict):  # as parsed last time, for this very text
            try:
                return FormatRules.from_data(data, where)
            except (FormatFileError, LookupError, TypeError, ValueError, AttributeError):
                pass  # an entry no parse of this text gives (issue 43.4): parse it again
    from totemdeck.files.safeyaml import YamlFileError, load_yaml_file, parse_yaml

    try:
        if path is None:
            _node, data = parse_yaml(text, where)
        else:
            text, _node, data = load_yaml_file(path, MAX_FORMAT_BYTES)
    except YamlFileError as exc:
        raise FormatFileError(str(exc)) from exc
    if not isinstance(data, dict):
        raise FormatFileError(_("{where}:1: expected a mapping at the top").format(where=where))
    rules = FormatRules.from_data(data, where)
    if path is None:
        remember("format", text, data)
    return rules
