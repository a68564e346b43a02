"""Section headers' words, as Pokémon TCG Live, Limitless, PTCGO and players write them, in
every language the clients have: which section a header opens (or that it is a total)."""

from __future__ import annotations

import re

from totemdeck.catalogue.names import fold
from totemdeck.decklist.patterns import CJK_SECTION_WORDS

# Section words as Pokémon TCG Live, Limitless and PTCGO write them, folded (no accents, lower
# case), in the clients' languages: English, French, Spanish, German, Italian, Portuguese.
SECTION_WORDS: dict[str, str | None] = {
    **dict.fromkeys(["totem", "totems", "totem pokemon"], "totem"),
    **dict.fromkeys(["pokemon", "pokemon cards", "pokemons"], "pokemon"),
    **dict.fromkeys(["main deck", "main", "deck", "mazo", "mazo principal"], "main"),
    **dict.fromkeys(
        [
            "trainer", "trainers", "trainer cards", "dresseur", "dresseurs", "entrenador",
            "entrenadores", "allenatore", "allenatori", "treinador", "treinadores",
            "trainer-karten", "trainerkarten",
        ],
        "trainer",
    ),
    **dict.fromkeys(
        [
            "energy", "energies", "energy cards", "energie", "energia", "energias",
            "energie-karten", "energiekarten", "energias basicas",
        ],
        "energy",
    ),
    **dict.fromkeys(
        [
            "total cards", "total", "total de cartes", "total de cartas", "cartas totales",
            "carte totali", "totale carte", "karten insgesamt", "gesamtzahl der karten",
            "karten gesamt", "gesamt", "total des cartes",
        ],
        None,
    ),
}  # fmt: skip

# Header words of lines a tool writes about the deck, not cards: its name, and spare cards
# listed beyond the deck (PTCG_print's "Spare: 3"), which are left out.
DECK_NAME_WORDS = frozenset({"deckname", "deck name", "nom du deck", "nombre del mazo"})
# A registration sheet's fields (``totemdeck print --sheet``, organisers' forms), folded: about
# the player and the event, never cards, so a sheet's text reads back as its deck.
SHEET_FIELD_WORDS = frozenset(
    {
        "player name", "player id", "date of birth", "division", "event", "date", "signature",
        "verdict", "finding", "totem numbers", "totem format", "nombre del jugador",
        "id de jugador", "fecha de nacimiento", "categoria", "evento", "fecha", "firma",
        "veredicto", "hallazgo", "numeros del totem", "formato totem",
    }
)  # fmt: skip
SECTION_WORDS.update(dict.fromkeys(["spare", "spares", "spare cards"], "spare"))
# Looked up folded, and folding drops kana's voicing marks (ポ → ホ) and splits Hangul: the
# keys are folded the same way.
SECTION_WORDS.update({fold(word): kind for word, kind in CJK_SECTION_WORDS.items()})


def section_of(label: str) -> tuple[bool, str | None]:
    """Whether ``label`` is a known header word, and which section (None: a total).

    A character lost to a wrong encoding (``Pok?mon``, ``Pok\ufffdmon``) stands for any one.
    """
    key = fold(label).rstrip(" .")
    if key in SECTION_WORDS:
        return True, SECTION_WORDS[key]
    if ("?" in key or "\ufffd" in key) and len(key) <= 30:
        pattern = re.compile("".join("." if c in "?\ufffd" else re.escape(c) for c in key))
        found = [word for word in SECTION_WORDS if pattern.fullmatch(word)]
        if len({SECTION_WORDS[word] for word in found}) == 1:
            return True, SECTION_WORDS[found[0]]
    return False, None


def colon_label(text: str) -> tuple[str, str] | None:
    """``Pokémon: 12`` → (``Pokémon``, ``12``): the label before the first colon (no digit
    in it) and what follows. A hand scan: as a pattern, a lazy label before optional spaces
    was quadratic on a run of spaces (issue 44, N17)."""
    found = [at for at in (text.find(":"), text.find("：")) if at >= 0]
    at = min(found) if found else -1
    label = text[:at].rstrip() if at > 0 else ""
    if not label or any(ch.isdigit() for ch in label):
        return None
    return label, text[at + 1 :].strip()


def counted_label(text: str) -> tuple[str, int] | None:
    """``##Pokémon - 19``, ``Total Cards: 60``, ``Pokémon (12)`` → the label and its count
    (a hand scan from the end, for the reason ``colon_label`` gives)."""
    text = text.rstrip()
    if text.endswith(")") and "(" in text:
        start = text.rfind("(")
        digits, head = text[start + 1 : -1], text[:start]
    else:
        head = text.rstrip("0123456789")
        digits = text[len(head) :]
        head = head.rstrip()
        if not head or head[-1] not in "-–:":
            return None
        head = head[:-1]
    if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
        return None
    label = head.removeprefix("##").strip() if head.startswith("##") else head.rstrip()
    if not label or any(ch.isdigit() for ch in label):
        return None
    return label, int(digits)
