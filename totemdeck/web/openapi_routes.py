"""What each route of the web app takes and answers, for the OpenAPI document.

One entry per route name (``Route(..., name=…)``) and method; ``web.openapi`` walks the app's
routes and joins each to its entry, so a route without an entry, or an entry without a
route, fails the document's test. Answers name the JSON Schemas of ``schemas/`` they follow.
"""

from __future__ import annotations

from totemdeck.api.printing import PAPERS
from totemdeck.base.records import frozen
from totemdeck.web.card_pages import ORDERS


@frozen
class Param:
    """One query or path parameter."""

    name: str
    description: str
    kind: str = "string"  # string | integer | enum
    values: tuple[str, ...] = ()
    where: str = "query"
    required: bool = False
    low: int | None = None
    high: int | None = None


@frozen
class Operation:
    """One method of one route: what it does, takes and answers (status → schema name;
    ``html``, ``text``, ``pdf``, ``download`` for what is not JSON)."""

    route: str
    method: str
    summary: str
    params: tuple[Param, ...] = ()
    body: str | None = None  # deck | owned | form | discord
    answers: tuple[tuple[int, str], ...] = ((200, "html"), (400, "html"), (413, "html"))
    tag: str = "pages"


LANG = Param("lang", "Language of messages and card names.", "enum", ("en", "es"))
CODE = Param("d", "A deck's share code (the d= of a share link).")
CODE_NEEDED = Param("d", "A deck's share code (the d= of a share link).", required=True)
QUERY = Param("q", "A card search in the search language (docs/search.md).", required=True)
LIMIT = Param("limit", "Cards a page (clamped to 1–200; not a number: 400).", "integer", low=1)
PAGE = Param("page", "Page number, from 1 (clamped; not a number: 400).", "integer", low=1)
ORDER = Param("order", "Sort order (another value: 400).", "enum", ORDERS)
PRINTS = Param("prints", "1: one row per print instead of one per name.", "enum", ("1",))
GAME = Param("g", "A game code (the g= of a Table link).", required=True)
CARD_ID = Param("card_id", "A print's id (sv3-125).", where="path", required=True)
DECK_ERRORS = ((400, "web_error"), (413, "web_error"))


def _twins(name: str, summary: str, params: tuple[Param, ...], schema: str) -> list[Operation]:
    """A page's GET and its JSON twin's GET."""
    return [
        Operation(name, "get", summary, params, answers=((200, "html"), (400, "html"))),
        Operation(
            f"{name}_json", "get", summary + " (JSON)", params,
            answers=((200, schema), (400, "web_error")), tag="json",
        ),
    ]  # fmt: skip


OPERATIONS: tuple[Operation, ...] = (
    Operation("home", "get", "The Check page: paste, upload or open a deck.", (CODE, LANG)),
    Operation("home", "post", "Check a pasted or uploaded deck.", (LANG,), "form"),
    Operation("check", "get", "A deck's verdict (with d=), or the empty form.", (CODE, LANG)),
    Operation("check", "post", "Check a pasted or uploaded deck.", (LANG,), "form"),
    Operation(
        "check_json",
        "get",
        "The report of a shared deck.",
        (CODE_NEEDED, LANG),
        answers=((200, "report"), (400, "web_error")),
        tag="json",
    ),
    Operation(
        "check_json",
        "post",
        "The report of the list sent as the body.",
        (CODE, LANG),
        "deck",
        answers=((200, "report"), *DECK_ERRORS),
        tag="json",
    ),
    Operation(
        "api_check",
        "post",
        "The report of the list sent as the body (older name).",
        (CODE, LANG),
        "deck",
        answers=((200, "report"), *DECK_ERRORS),
        tag="json",
    ),
    *_twins(
        "stats",
        "A deck's composition and exact odds.",
        (
            CODE_NEEDED,
            LANG,
            Param("card", "A card name: the odds of drawing it (repeat for several)."),
            Param("role", "A role tag (draw, search…): the odds of one such card."),
            Param("kind", "A kind of card (Supporter, Item…): the odds of one."),
            Param("mode", "all: every asked card; else any of them.", "enum", ("any", "all")),
            Param("at_least", "At least this many of the asked cards (1–60).", "integer", low=1),
            Param("turn", "Your turn number for card (0–15).", "integer", low=0, high=15),
            Param("first", "1: you go first.", "enum", ("1",)),
            Param("seed", "The sample hand's seed.", "integer", low=0),
        ),
        "stats",
    ),
    *_twins("export", "A legal deck's exports.", (CODE_NEEDED, LANG), "deck"),
    Operation(
        "export_download",
        "get",
        "A legal deck as a file (409 if not legal).",
        (
            Param("to", "The format.", "enum", ("ptcgl", "json", "csv", "text"), "path", True),
            CODE_NEEDED,
            LANG,
            Param("plain", "1: PTCG Live's plain form.", "enum", ("1",)),
        ),
        answers=((200, "download"), (400, "html"), (404, "html"), (409, "html")),
    ),
    Operation("build", "get", "Build: a deck, the search, the edit box.", (CODE, LANG, PAGE)),
    Operation(
        "build_prints",
        "get",
        "Prints to autocomplete in Build's edit box, fitting ones first.",
        (
            Param("q", "What was typed."),
            Param("totem", "The Totem's print id."),
            Param("limit", "At most this many (1–12).", "integer", low=1, high=12),
            LANG,
        ),
        answers=((200, "print_choices"), (400, "html")),
        tag="json",
    ),
    Operation(
        "build_edit",
        "post",
        "Build: the edit box (its list, name and an Add a card line).",
        (LANG,),
        "form",
    ),
    *_twins("cards", "A card search.", (QUERY, LIMIT, PAGE, ORDER, PRINTS, LANG), "web_cards"),
    Operation(
        "cards",
        "post",
        "The grid with own: reading the collection sent as the form field collection.",
        (QUERY, LIMIT, PAGE, ORDER, PRINTS, LANG),
        "form",
    ),
    Operation(
        "cards_json",
        "post",
        "A card search with own: reading the sent collection (JSON).",
        (QUERY, LIMIT, PAGE, ORDER, PRINTS, LANG),
        "form",
        answers=((200, "web_cards"), (400, "web_error"), (413, "web_error")),
        tag="json",
    ),
    Operation(
        "api_cards",
        "get",
        "A card search (older name; 20 cards unless limit).",
        (QUERY, LIMIT, PAGE, ORDER, PRINTS, LANG),
        answers=((200, "web_cards"), (400, "web_error")),
        tag="json",
    ),
    Operation(
        "card",
        "get",
        "A card's page; ID.json: the card and its Totem numbers.",
        (CARD_ID, LANG),
        answers=((200, "html|totem_lookup"), (404, "html|web_error")),
        tag="json",
    ),
    Operation(
        "api_totem",
        "get",
        "A card and its Totem numbers (422 if it cannot be a Totem).",
        (CARD_ID, LANG),
        answers=((200, "totem_lookup"), (404, "web_error"), (422, "totem_lookup")),
        tag="json",
    ),
    Operation("table", "get", "The Table: a game (with g=) or a new game's form.", (LANG,)),
    Operation("table", "post", "Start a game from the seats' decks.", (LANG,), "form"),
    *[
        Operation(
            name,
            "get",
            "A game as data.",
            (GAME, LANG),
            answers=((200, "table"), (400, "web_error")),
            tag="json",
        )
        for name in ("table_json", "api_table")
    ],
    Operation(
        "table_qr",
        "get",
        "The QR code of a game's link (404 without TOTEMDECK_BASE_URL).",
        (GAME,),
        answers=((200, "svg"), (400, "html"), (404, "html")),
    ),
    Operation(
        "table_do",
        "get",
        "One action at the Table (a redirect to the game).",
        (GAME,),
        answers=((200, "html"), (303, "redirect"), (400, "html")),
    ),
    Operation("collection", "get", "My cards: a collection against a deck.", (CODE, LANG)),
    Operation("collection", "post", "My cards: read a collection.", (LANG,), "form"),
    Operation(
        "api_owned",
        "post",
        "Owned copies of the given prints.",
        (LANG,),
        "owned",
        answers=((200, "owned"), (400, "web_error"), (413, "web_error")),
        tag="json",
    ),
    Operation(
        "api_owned_set",
        "post",
        "A collection read once: its owned set, for the browser to keep.",
        (LANG,),
        "owned_set",
        answers=((200, "owned_set"), (400, "web_error"), (413, "web_error")),
        tag="json",
    ),
    Operation(
        "api_names",
        "get",
        "Card names for autocomplete.",
        (Param("q", "What was typed."), LANG),
        answers=((200, "names"),),
        tag="json",
    ),
    Operation(
        "print", "get", "Print: a deck's proxy and registration sheets.", (CODE_NEEDED, LANG)
    ),
    Operation(
        "print_download",
        "get",
        "proxies.pdf or sheet.pdf of a deck (409 if not legal unless illegal=1).",
        (
            Param("kind", "Which sheet.", "enum", ("proxies", "sheet"), "path", True),
            CODE_NEEDED,
            Param("paper", "Paper size.", "enum", PAPERS),
            Param(
                "illegal", "1: print a deck that is not legal (its findings first).", "enum", ("1",)
            ),
            LANG,
        ),
        answers=((200, "pdf"), (400, "html"), (404, "html"), (409, "html"), (413, "html")),
    ),
    Operation("search_help", "get", "The search language, with an example of every key."),
    Operation(
        "lang",
        "get",
        "Switch the language (a redirect back).",
        (
            Param("to", "The language.", "enum", ("en", "es")),
            Param("next", "The page to return to (a path on this site)."),
        ),
        answers=((303, "redirect"),),
    ),
    Operation(
        "health",
        "get",
        "ok while the catalogue reads; 503 otherwise.",
        answers=((200, "text"), (503, "text")),
        tag="json",
    ),
    Operation(
        "discord",
        "post",
        "Discord interactions (docs/discord.md); 404 unless enabled.",
        body="discord",
        answers=(
            (200, "object"),
            (400, "web_error"),
            (401, "web_error"),
            (404, "web_error"),
            (413, "web_error"),
        ),
        tag="json",
    ),
    Operation("openapi", "get", "This document.", answers=((200, "openapi"),), tag="json"),
    Operation("api_docs", "get", "This document as a page."),
)
