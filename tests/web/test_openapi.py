"""The OpenAPI document: valid (openapi-spec-validator), one entry per route and one route
per entry, schemas from ``schemas/``, no Host header in it, and the app held to it by
schemathesis (every operation, valid and invalid inputs, up to 100 examples each for a JSON
answer, 25 for a page)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from starlette.routing import Route
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from totemdeck.web import WebConfig, create_app
from totemdeck.web.openapi import MissingEntry, document
from totemdeck.web.openapi_routes import OPERATIONS

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is a dev dependency")
openapi_spec_validator = pytest.importorskip("openapi_spec_validator")


def _routes(app: ASGIApp) -> list[Any]:
    inner: Any = app
    while not hasattr(inner, "routes"):
        inner = inner.app
    return list(inner.routes)


def test_the_document_is_valid_openapi_3_1(client: TestClient) -> None:
    answer = client.get("/openapi.json")
    assert answer.status_code == 200
    doc = answer.json()
    openapi_spec_validator.validate(doc)
    assert doc["openapi"] == "3.1.0"
    assert {"report", "deck", "card", "table", "web_cards", "web_error"} <= set(
        doc["components"]["schemas"]
    )


def test_every_route_has_an_entry_and_every_entry_a_route(web_app: ASGIApp) -> None:
    routes = _routes(web_app)
    doc = document(routes, None)
    described = {(path, method) for path, methods in doc["paths"].items() for method in methods}
    assert len(described) == len(OPERATIONS)
    with pytest.raises(MissingEntry, match="no OpenAPI entry"):
        document([*routes, Route("/new", lambda r: None, name="new_page")], None)
    with pytest.raises(MissingEntry, match="without a route"):
        document([r for r in routes if getattr(r, "name", "") != "api_names"], None)


def test_servers_come_from_the_base_url_never_the_host(catalogue_dir: Any) -> None:
    app = create_app(WebConfig(catalogue=catalogue_dir, base_url="https://totem.example"))
    with TestClient(app) as client:
        doc = client.get("/openapi.json", headers={"Host": "evil.example"}).json()
    assert doc["servers"] == [{"url": "https://totem.example"}]
    assert "evil.example" not in str(doc)


def test_the_api_page_lists_every_operation(client: TestClient) -> None:
    page = client.get("/api")
    assert page.status_code == 200
    for entry in OPERATIONS:
        assert f'id="{entry.route}_{entry.method}"' in page.text


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/cards.json?q=pikachu&limit=ten", 400),
        ("/cards.json?q=pikachu&page=%C2%B2", 400),
        ("/cards.json?q=pikachu&order=nonsense", 400),
        ("/api/cards?q=pikachu&limit=5", 200),
    ],
)
def test_numbers_that_are_not_numbers_are_refused(
    client: TestClient, url: str, status: int
) -> None:
    answer = client.get(url)
    assert answer.status_code == status, answer.text[:200]
    if status == 400:
        assert "error" in answer.json() and "position" not in answer.json()


def test_a_query_error_has_a_position_only_when_it_has_a_place(client: TestClient) -> None:
    placed = client.get("/cards.json", params={"q": "t:"}).json()
    assert placed["position"] == 1
    unplaced = client.get("/cards.json", params={"q": "hp>abc"}).json()
    assert "error" in unplaced and unplaced.get("position", 0) is not None


@pytest.fixture(scope="module")
def api_schema(web_app: ASGIApp) -> Any:
    return schemathesis.openapi.from_asgi("/openapi.json", web_app)


def _operation(api_schema: Any, operation_id: str) -> Any:
    for result in api_schema.get_all_operations():
        operation = result.ok()
        if operation.definition.raw.get("operationId") == operation_id:
            return operation
    raise AssertionError(f"{operation_id} is not in the document")


# Every operation with valid inputs, and with invalid ones where it takes any (a page with no
# parameter and no body has no invalid request to make). The document's own route is left
# to the tests above: schemathesis does not test the schema it is reading.
CONTRACT = [
    (f"{e.route}_{e.method}", mode)
    for e in OPERATIONS
    if e.route != "openapi"
    for mode in ("positive", "negative")
    if mode == "positive" or e.params or e.body
]
# What is not JSON (a page, a PDF, a download, a picture) is held to its status and media type
# only; its inputs are few (a code, a lang, a query) and its answer a whole page to render, so
# 25 examples each reach every kind of input it has. A JSON answer is held to its schema too:
# 100 examples each.
NOT_JSON = {"html", "text", "pdf", "download", "svg", "redirect"}
EXAMPLES = {
    f"{e.route}_{e.method}": 100 if e.answers[0][1].split("|")[-1] not in NOT_JSON else 25
    for e in OPERATIONS
}


def test_json_answers_get_more_examples_than_pages() -> None:
    assert EXAMPLES["api_cards_get"] == EXAMPLES["check_json_post"] == 100
    assert EXAMPLES["home_get"] == EXAMPLES["build_get"] == EXAMPLES["print_download_get"] == 25


@pytest.mark.parametrize(("operation_id", "mode"), sorted(CONTRACT))
def test_the_app_keeps_its_contract(api_schema: Any, operation_id: str, mode: str) -> None:
    """0 server errors and 0 answers that break the document, for every operation: up to
    100 generated requests for a JSON answer, 25 for a page (fewer where the inputs are few,
    e.g. an enum)."""
    from hypothesis import given
    from schemathesis.checks import negative_data_rejection, positive_data_acceptance

    operation = _operation(api_schema, operation_id)
    strategy = operation.as_strategy(generation_mode=schemathesis.GenerationMode(mode))
    sent: list[int] = []

    @given(case=strategy)
    @settings(max_examples=EXAMPLES[operation_id], deadline=None, suppress_health_check=list(HealthCheck),
              database=None, derandomize=True)  # fmt: skip
    def call(case: Any) -> None:
        # A random share or game code is a valid string but names no deck: 400 is its
        # documented answer, so acceptance of "valid" data is not demanded; and the pages are
        # lenient where docs/web.md says so (an unknown lang is the request's language, a
        # number past its range is clamped), so neither is rejection of every invalid one.
        # What is demanded: no server error, every status, header and body as documented.
        response = case.call_and_validate(
            excluded_checks=[positive_data_acceptance, negative_data_rejection],
        )
        sent.append(response.status_code)

    call()
    assert sent, "no request was generated"
    assert all(status < 500 for status in sent)
