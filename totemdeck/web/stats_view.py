"""The Stats page's answer (``/stats``, ``/stats.json``): the asked cards read from the query
(several ``card``, ``mode`` any/all, ``role``, ``kind``, ``at_least``, ``turn``), the one
``deck_stats`` verb, and the page's charts — the draw curve and the Invocation turn."""

from __future__ import annotations

import secrets
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response

from totemdeck.api.deck import (
    KINDS,
    Ask,
    CheckedDeck,
    closest_names,
    deck_stats,
    is_card_name,
    role_names,
    sample_opening,
)
from totemdeck.base.errors import UsageError
from totemdeck.i18n import _
from totemdeck.web.charts import bar_chart, invocation_chart, odds_curve
from totemdeck.web.pages import answer, int_param, json_answer, library, wants_json
from totemdeck.web.view import deck_view

MAX_CARD_FIELDS = 3  # the page's card inputs; the JSON twin takes up to Ask's limit


def _ask(request: Request) -> Ask:
    """The asked cards from the query; a bad value is a ``UsageError`` (400, said)."""
    params = request.query_params
    names = tuple(dict.fromkeys(n[:100].strip() for n in params.getlist("card") if n.strip()))
    return Ask(
        names=names,
        role=params.get("role", "")[:40] or None,
        kind=params.get("kind", "")[:40] or None,
        mode="all" if params.get("mode") == "all" else "any",
        at_least=int_param(request, "at_least", 1, 1, 60),
    )


def stats_answer(request: Request, code: str, checked: CheckedDeck) -> Response:
    """The composition and odds of ``totemdeck stats``; the twin answers ``stats --json``."""
    lib = library(request)
    try:
        ask = _ask(request)
        unknown = [n for n in ask.names if not is_card_name(lib.catalogue, n)]
        turn = int_param(request, "turn", 2, 0, 15)
        first = request.query_params.get("first") == "1"
        stats = deck_stats(checked, ask=ask, turn=turn, going_first=first)
    except UsageError as exc:
        return json_answer({"error": str(exc)}, 400) if wants_json(request) else _bad(request, exc)
    # a misspelt card: "did you mean", as the CLI says (not a silent 0 %)
    suggestions = closest_names(lib.catalogue, unknown[0]) if unknown else []
    if unknown and wants_json(request):
        message = _("No card is named {name!r}.").format(name=unknown[0]).removesuffix(".")
        return json_answer({"error": message, "suggestions": suggestions}, 400)

    def context() -> dict[str, object]:
        seed = int_param(request, "seed", 0, 0, 2**31) or secrets.randbelow(2**31 - 1) + 1
        names = list(ask.names) + [""] * (MAX_CARD_FIELDS - len(ask.names))
        return {
            "view": deck_view(checked),
            "code": code,
            "stats": stats,
            "charts": {
                "supertypes": bar_chart(stats.supertypes),
                "columns": bar_chart(stats.pokemon_by_column),
                "types": bar_chart(stats.pokemon_by_type),
                "trainers": bar_chart(stats.trainers_by_kind),
                "energy": bar_chart(stats.energy_by_type),
                "coverage": bar_chart(stats.identity_coverage),
                "roles": bar_chart(stats.roles),
            },
            "curve": odds_curve(stats.card_odds["curve"]) if stats.card_odds.get("curve") else None,
            "invocation": invocation_chart(stats.invocation) if stats.invocation else None,
            "ask": ask,
            "asked": _asked(stats.card_odds) if stats.card_odds else "",
            "card_fields": names[: max(MAX_CARD_FIELDS, len(ask.names))],
            "card": ask.names[0] if ask.names else "",
            "kinds": KINDS,
            "role_names": role_names(),
            "unknown_card": bool(unknown),
            "unknown_name": unknown[0] if unknown else "",
            "suggestions": suggestions,
            "turn": turn,
            "first": first,
            "opening": sample_opening(checked, seed),
            "again": _again(code, ask, turn, first, secrets.randbelow(2**31 - 1) + 1),
        }

    return answer(request, "stats.html", stats.as_dict(), context)


def _again(code: str, ask: Ask, turn: int, first: bool, seed: int) -> str:
    """The page again with another sample hand, every asked card kept (several ``card``)."""
    params: list[tuple[str, object]] = [("d", code), *(("card", n) for n in ask.names)]
    params += [("mode", ask.mode)] if ask.mode != "any" else []
    params += [("role", ask.role)] if ask.role else []
    params += [("kind", ask.kind)] if ask.kind else []
    params += [("at_least", ask.at_least)] if ask.at_least > 1 else []
    params += [("turn", turn), *([("first", 1)] if first else []), ("seed", seed)]
    return "/stats?" + urlencode(params) + "#hand"


def _asked(odds: dict[str, object]) -> str:
    """The asked cards as a phrase, as ``totemdeck stats`` says them."""
    names, at_least = odds["names"], odds["at_least"]
    assert isinstance(names, list) and isinstance(at_least, int)
    if odds["mode"] == "all" and len(names) > 1:
        return _("all of {names}").format(names=odds["name"])
    if at_least > 1:
        return _("at least {k} of {names}").format(k=at_least, names=odds["name"])
    if len(names) > 1:
        return _("any of {names}").format(names=odds["name"])
    return str(odds["name"])


def _bad(request: Request, exc: UsageError) -> Response:
    from totemdeck.web.pages import error_page

    return error_page(request, 400, _("Stats"), str(exc))
