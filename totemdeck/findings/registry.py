"""Every code of FORMAT.md in one place: its severity and its explanation for players.

The engine (``findings.CODES``, ``rules.checks.RULES``), ``totemdeck rules`` and
``docs/rules.md`` all read this table, so the reference a player reads cannot drift from
what the validator does. Texts are English message ids marked with ``N_``; pass them
through ``_`` where they are shown. The examples are decklist snippets, run through the
engine by the tests: each ``fails`` snippet yields its code and each ``passes`` one does not.

Codes are stable: never renamed, never reused. A new rule is one entry here (``stage``
"deck") plus its function in ``rules.checks``.
"""

from __future__ import annotations

from typing import Literal

from totemdeck.base.records import frozen
from totemdeck.i18n import N_

__all__ = ["REGISTRY", "RuleDoc", "Severity", "Stage", "by_code", "help_pointer"]

Severity = Literal["error", "warning"]
# Where a code comes from: "deck" = a function of rules.checks run on the resolved deck;
# "reading" = reading the list and finding its cards (the parser and the resolver).
Stage = Literal["deck", "reading"]


@frozen
class RuleDoc:
    """One FORMAT.md code: what the engine reports and what a player reads about it."""

    code: str
    severity: Severity
    stage: Stage
    title: str  # N_-marked: a few words
    rule: str  # N_-marked: the one-line rule
    why: str  # N_-marked: why the format has it
    fix: str  # N_-marked: what to change in the list
    fails: str  # a decklist snippet that breaks the rule
    passes: str  # the same snippet put right

    @property
    def help(self) -> str:
        """Where a finding with this code points for its explanation."""
        return help_pointer(self.code)


def help_pointer(code: str) -> str:
    """The command that explains ``code`` (the ``help`` field of a finding's JSON)."""
    return f"totemdeck rules {code}"


_CHARIZARD = "Totem: 1\n1 Charizard ex OBF 125\n"

REGISTRY: tuple[RuleDoc, ...] = (
    RuleDoc(
        "totem-missing",
        "error",
        "deck",
        N_("No Totem"),
        N_("The list names no Totem."),
        N_(
            "Every deck is built around one Totem Pokémon that waits in the Totem Zone; "
            "without it the deck identity and the Invocation Cost are undefined."
        ),
        N_("Put your Totem in a section of its own headed 'Totem:' at the top of the list."),
        "Pokémon: 1\n1 Charizard ex OBF 125\n",
        _CHARIZARD,
    ),
    RuleDoc(
        "totem-multiple",
        "error",
        "deck",
        N_("More than one Totem"),
        N_(
            "The list names more than one Totem (the 2 halves of one LEGEND or the 4 pieces "
            "of one V-UNION are one Totem)."
        ),
        N_("A player brings exactly one Totem Pokémon to the table."),
        N_("Keep one Totem in the 'Totem:' section and move the others to the main deck."),
        "Totem: 2\n1 Charizard ex OBF 125\n1 Charizard V BRS 153\n",
        "Totem: 2\n1 Kyogre & Groudon LEGEND UD 87\n1 Kyogre & Groudon LEGEND UD 88\n",
    ),
    RuleDoc(
        "totem-not-pokemon",
        "error",
        "deck",
        N_("The Totem is not a Pokémon"),
        N_(
            "The Totem is not a Pokémon card. Then the rules that read the Totem's identity "
            "or Retreat Cost are not judged: this one error says what to fix."
        ),
        N_("The Totem is invoked from the Totem Zone and fights as a Pokémon."),
        N_("Choose a Pokémon as your Totem; a Trainer or an Energy belongs in the main deck."),
        "Totem: 1\n1 Iono PAL 185\n",
        _CHARIZARD,
    ),
    RuleDoc(
        "totem-incomplete",
        "error",
        "deck",
        N_("Incomplete LEGEND or V-UNION Totem"),
        N_(
            "A LEGEND Totem lacks one of its 2 halves, a V-UNION Totem lacks one of its "
            "4 pieces, or a half or piece is repeated (a reprint of piece 1 is piece 1 again)."
        ),
        N_(
            "A LEGEND or V-UNION is invoked as one Pokémon, and it can only be played with "
            "every part."
        ),
        N_("List every half (LEGEND) or every piece (V-UNION) once in the 'Totem:' section."),
        "Totem: 1\n1 Kyogre & Groudon LEGEND UD 87\n",
        "Totem: 2\n1 Kyogre & Groudon LEGEND UD 87\n1 Kyogre & Groudon LEGEND UD 88\n",
    ),
    RuleDoc(
        "deck-size",
        "error",
        "deck",
        N_("Not 100 cards"),
        N_(
            "The Totem plus the main deck is not exactly 100 cards (a main deck of 99, 98 "
            "with a LEGEND Totem, 96 with a V-UNION Totem)."
        ),
        N_("Every player draws from a deck of the same size, as in Commander."),
        N_("Add or remove cards until the list holds 100 cards, Totem included."),
        _CHARIZARD + "\nEnergy: 98\n98 Basic Fire Energy SVE 2\n",
        _CHARIZARD + "\nEnergy: 99\n99 Basic Fire Energy SVE 2\n",
    ),
    RuleDoc(
        "singleton",
        "error",
        "deck",
        N_("Two cards share a name"),
        N_(
            "Two cards of the list, Totem included, share a name. Basic Energy (one basic "
            "type, no text of its own) is not counted; every other Energy is Special, "
            "whatever a data source says, and counts under its own name."
        ),
        N_(
            "The format is singleton, as Commander is: variety comes from 99 different "
            "cards, not from copies of the best one."
        ),
        N_(
            "Keep one card of each name (any number of Basic Energy, and cards whose text "
            "allows any number)."
        ),
        _CHARIZARD + "\nEnergy: 2\n2 Prism Energy ASC 216\n",
        _CHARIZARD + "\nEnergy: 21\n1 Prism Energy ASC 216\n20 Basic Fire Energy SVE 2\n",
    ),
    RuleDoc(
        "ace-spec-limit",
        "error",
        "deck",
        N_("More than 1 ACE SPEC"),
        N_("More than 1 ACE SPEC card in the list, Totem included."),
        N_("The official global limit of 1 ACE SPEC per deck still applies."),
        N_("Keep one ACE SPEC card."),
        _CHARIZARD + "\nTrainer: 2\n1 Awakening Drum TEF 141\n1 Hero's Cape TEF 152\n",
        _CHARIZARD + "\nTrainer: 1\n1 Hero's Cape TEF 152\n",
    ),
    RuleDoc(
        "radiant-limit",
        "error",
        "deck",
        N_("More than 1 Radiant Pokémon"),
        N_("More than 1 Radiant Pokémon in the list, Totem included."),
        N_(
            "The official global limit of 1 Radiant Pokémon per deck still applies, and "
            "a Radiant Totem counts."
        ),
        N_("Keep one Radiant Pokémon."),
        _CHARIZARD + "\nPokémon: 2\n1 Radiant Charizard CRZ 20\n1 Radiant Heatran ASR 27\n",
        _CHARIZARD + "\nPokémon: 1\n1 Radiant Charizard CRZ 20\n",
    ),
    RuleDoc(
        "star-limit",
        "error",
        "deck",
        N_("More than 1 Pokémon ★"),
        N_("More than 1 Pokémon ★ (Pokémon Star) in the list, Totem included."),
        N_("The official limit printed on those cards still applies."),
        N_("Keep one Pokémon ★."),
        _CHARIZARD + "\nPokémon: 2\n1 Torchic ★ TRR 108\n1 Charizard ★ δ DF 100\n",
        _CHARIZARD + "\nPokémon: 1\n1 Torchic ★ TRR 108\n",
    ),
    RuleDoc(
        "banned",
        "error",
        "deck",
        N_("Banned card"),
        N_(
            "A card of the list, Totem included, is on the banlist: an entry bans every "
            "print of a name unless it pins some prints."
        ),
        N_(
            "Some cards break multiplayer games; the format's committee keeps them out "
            "(`totemdeck banlist show` lists each entry with its reason)."
        ),
        N_("Take the card out, or play a print of that name the entry does not pin."),
        _CHARIZARD + "\nTrainer: 1\n1 Ghetsis PLF 101\n",
        _CHARIZARD + "\nPokémon: 1\n1 Sableye TEF 107\n",
    ),
    RuleDoc(
        "identity",
        "error",
        "deck",
        N_("Outside the Totem's identity"),
        N_(
            "A card of the main deck carries a type, or a named Energy type in an attack "
            "cost, that the Totem does not carry. Trainers are never outside the identity."
        ),
        N_(
            "The Totem's identity (its types and the named Energy of its attack costs) "
            "defines the deck, as a commander's colours do; Colorless costs are generic."
        ),
        N_(
            "Replace the card with one whose types and attack costs fit the Totem's "
            "identity (`totemdeck totem NAME` shows it)."
        ),
        _CHARIZARD + "\nPokémon: 1\n1 Alomomola SVI 48\n",
        _CHARIZARD + "\nPokémon: 1\n1 Charmander PAF 7\n",
    ),
    RuleDoc(
        "colorless-restriction",
        "error",
        "deck",
        N_("Colorless cards beside a Retreat Cost 0 Totem"),
        N_(
            "The Totem has Retreat Cost 0 and the main deck holds a Colorless Pokémon or a "
            "Special Energy that provides Colorless Energy (not what it counts as while not "
            "in play, as on Rainbow Energy HS 104)."
        ),
        N_(
            "A Totem with an empty identity could otherwise take any Colorless card; the "
            "restriction keeps such decks from being built of generic cards only."
        ),
        N_(
            "Take out the Colorless Pokémon and Colorless-providing Special Energy, or "
            "choose a Totem with a Retreat Cost."
        ),
        "Totem: 1\n1 Flittle SVI 100\n\nPokémon: 1\n1 Aipom TWM 137\n",
        _CHARIZARD + "\nPokémon: 1\n1 Aipom TWM 137\n",
    ),
    RuleDoc(
        "no-basic-pokemon",
        "error",
        "deck",
        N_("No Basic Pokémon"),
        N_(
            "The main deck has no Basic Pokémon. Trainers played as Basic Pokémon count here, "
            "in any wording (Clefairy Doll, the fossils, Snorlax Doll, Lillie's Poké Doll)."
        ),
        N_(
            "Without a Basic Pokémon no opening hand could ever be kept: the mulligans "
            "would never end."
        ),
        N_("Add Basic Pokémon that fit the Totem's identity."),
        _CHARIZARD + "\nTrainer: 1\n1 Iono PAL 185\n",
        _CHARIZARD + "\nTrainer: 2\n1 Iono PAL 185\n1 Antique Jaw Fossil POR 68\n",
    ),
    RuleDoc(
        "unknown-card",
        "error",
        "reading",
        N_("Unknown card"),
        N_("A line names no card in the catalogue."),
        N_("A card the validator cannot find cannot be judged."),
        N_(
            "Correct the name or the set code and number (the report shows the closest "
            "names), or update the catalogue with `totemdeck import`."
        ),
        _CHARIZARD + "\nPokémon: 1\n1 Charizzard OBF 999\n",
        _CHARIZARD + "\nPokémon: 1\n1 Charmander PAF 7\n",
    ),
    RuleDoc(
        "ambiguous-card",
        "error",
        "reading",
        N_("Ambiguous card"),
        N_(
            "A line without a set code names a card whose prints disagree on something a "
            "rule reads (types, attack costs, stage, a ban), so the verdict depends on the "
            "print; without a Totem, prints of other identities. Every other rule judges each "
            "print: what only some prints would break is said in this message, not as a "
            "finding of its own. A name that is one card's English name and another's "
            "Spanish name is read in the list's language, not ambiguous."
        ),
        N_("The validator will not guess which print you play when the guess decides."),
        N_("Add the set code and number of the print you play (the report lists them)."),
        _CHARIZARD + "\nPokémon: 1\n1 Sableye\n",
        _CHARIZARD + "\nPokémon: 1\n1 Sableye TEF 107\n",
    ),
    RuleDoc(
        "not-legal-print",
        "error",
        "reading",
        N_("Not a playable card"),
        N_(
            "The line names something that is not a playable Pokémon TCG card: a Pokémon "
            "TCG Pocket card, a jumbo card, a card of a set released after today."
        ),
        N_(
            "Every card ever printed for the Pokémon TCG is legal unless banned, but only "
            "real, released cards."
        ),
        N_("Name a print of the card from a released Pokémon TCG set."),
        _CHARIZARD + "\nPokémon: 1\n1 Ponyta A1 30\n",
        _CHARIZARD + "\nPokémon: 1\n1 Ponyta MEW 77\n",
    ),
    RuleDoc(
        "malformed-line",
        "error",
        "reading",
        N_("Unreadable line"),
        N_("A line cannot be read as 'COUNT NAME [SET NUMBER]' or as a section header."),
        N_("A line the validator cannot read may hide a card, so the list cannot be judged."),
        N_("Write the line as a count, a name and optionally a set code and number."),
        _CHARIZARD + "\nPokémon: 1\nCharmander please\n",
        _CHARIZARD + "\nPokémon: 1\n1 Charmander PAF 7\n",
    ),
    RuleDoc(
        "evolution-line-gap",
        "warning",
        "deck",
        N_("Evolution without its previous stage"),
        N_("An Evolution card of the main deck whose previous stage is not in the main deck."),
        N_(
            "It can never be played unless a card fetches its previous stage, so it is "
            "only a warning."
        ),
        N_("Add the Pokémon it evolves from, or make sure a card of the deck can fetch it."),
        _CHARIZARD + "\nPokémon: 1\n1 Charmeleon OBF 27\n",
        _CHARIZARD + "\nPokémon: 2\n1 Charmander PAF 7\n1 Charmeleon OBF 27\n",
    ),
    RuleDoc(
        "incomplete-multipart",
        "warning",
        "deck",
        N_("Incomplete LEGEND or V-UNION in the main deck"),
        N_("A LEGEND or V-UNION in the main deck is missing halves or pieces."),
        N_("Without all its parts it can never be played: a dead card, not an illegal one."),
        N_("Add the missing halves or pieces, or take the part out."),
        _CHARIZARD + "\nPokémon: 1\n1 Ho-Oh LEGEND HS 111\n",
        _CHARIZARD + "\nPokémon: 2\n1 Ho-Oh LEGEND HS 111\n1 Ho-Oh LEGEND HS 112\n",
    ),
    RuleDoc(
        "count-mismatch",
        "warning",
        "deck",
        N_("A section count is wrong"),
        N_(
            "A section header's count matches neither its lines nor its cards, or 'Total "
            "Cards' differs from the cards listed."
        ),
        N_("A count that disagrees with the list often means a line was lost on the way."),
        N_("Check the section for a missing or extra line, then correct its count."),
        _CHARIZARD + "\nTrainer: 3\n1 Iono PAL 185\n1 Academy at Night SFA 54\n",
        _CHARIZARD + "\nTrainer: 2\n1 Iono PAL 185\n1 Academy at Night SFA 54\n",
    ),
)

_BY_CODE = {doc.code: doc for doc in REGISTRY}


def by_code(code: str) -> RuleDoc | None:
    """The entry of ``code``, or None when FORMAT.md has no such code."""
    return _BY_CODE.get(code)
