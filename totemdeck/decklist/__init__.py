"""Reading decklists: ``parse(text) -> Decklist`` and ``resolve(decklist, catalogue)``."""

from totemdeck.decklist.model import DeckLine, Decklist, Header, ParseProblem
from totemdeck.decklist.parse import parse
from totemdeck.decklist.read import DecklistError, read_decklist

__all__ = [
    "DeckLine",
    "Decklist",
    "DecklistError",
    "Header",
    "ParseProblem",
    "ResolvedDeck",
    "ResolvedLine",
    "parse",
    "read_decklist",
    "resolve",
]
from totemdeck.decklist.resolve import ResolvedDeck, ResolvedLine, Resolver, resolve

__all__ += ["ResolvedDeck", "ResolvedLine", "Resolver", "resolve"]
