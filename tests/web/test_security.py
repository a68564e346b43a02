"""Thinking like an attacker: headers, hostile input, huge bodies, no tracebacks, no writes."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from totemdeck.sharecode import SharedCard, encode, from_cards
from totemdeck.web import WebConfig, create_app
from totemdeck.web.service import Library

XSS = '<script>alert(1)</script>"><img src=x onerror=alert(2)>'


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/check", "/cards?q=pikachu", "/static/style.css", "/nope", "/api/cards?q=x"):
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert "frame-ancestors 'none'" in csp and "default-src 'none'" in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_no_page_has_inline_script_or_event_handlers(client: TestClient, legal_text: str) -> None:
    code = encode(from_cards([SharedCard("sv3-125", 1, True), SharedCard("sv3pt5-4", 1)]))
    pages = [client.post("/check", data={"deck": legal_text}).text] + [
        client.get(path).text
        for path in ("/check", "/build", f"/build?d={code}&q=char", "/cards?q=char",
                     "/cards/sv3-125", f"/stats?d={code}", f"/export?d={code}", "/nope")
    ]  # fmt: skip
    for html in pages:
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), "inline script"
        assert not re.search(r"\son[a-z]+\s*=", html), "event handler attribute"
        assert " style=" not in html, "inline style (blocked by the CSP)"


def test_hostile_deck_text_and_file_names_are_escaped(client: TestClient) -> None:
    text = f"Totem: 1\n1 {XSS}\n\nPokémon: 1\n1 Pikachu {XSS} 3\n# {XSS}\n"
    for page in (
        client.post("/check", data={"deck": text}),
        client.post("/check", files={"file": (f"{XSS}.txt", text.encode())}),
        client.post("/check", data={"deck": XSS}),
    ):
        assert page.status_code in (200, 400)
        assert "<script>alert" not in page.text and "<img src=x" not in page.text
        assert "&lt;script&gt;" in page.text
    answer = client.post("/api/check", content=text.encode())
    assert answer.headers["content-type"] == "application/json"


def test_hostile_queries_and_parameters_are_escaped(client: TestClient) -> None:
    for path in (f"/cards?q={XSS}", f"/build?q={XSS}", f"/cards/{XSS}", f"/check?d=1{XSS}",
                 f"/stats?d=x&card={XSS}", f"/lang?to={XSS}&next=/"):  # fmt: skip
        page = client.get(path, follow_redirects=False)
        assert "<script>alert" not in page.text, path
        assert page.status_code < 500, path


@pytest.mark.parametrize(
    "back", ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)"]
)
def test_the_language_switch_never_redirects_off_site(client: TestClient, back: str) -> None:
    answer = client.get("/lang", params={"to": "es", "next": back}, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/"


def test_the_language_switch_sets_a_cookie_and_goes_back(client: TestClient) -> None:
    answer = client.get("/lang", params={"to": "es", "next": "/cards?q=x"}, follow_redirects=False)
    assert answer.headers["location"] == "/cards?q=x"
    assert "lang=es" in answer.headers["set-cookie"]
    client.cookies.clear()


def test_a_body_over_the_cap_is_refused_before_it_is_read(client: TestClient) -> None:
    big = b"1 Pikachu\n" * 120_000  # 1.2 MB
    for path in ("/api/check", "/check"):
        answer = client.post(path, content=big, headers={"content-type": "text/plain"})
        assert answer.status_code == 413, path


def test_a_body_without_length_is_cut_off_at_the_cap(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(200):
            yield b"1 Pikachu\n" * 1000  # 2 MB in all, no Content-Length

    answer = client.post("/api/check", content=chunks())
    assert answer.status_code == 413
    assert "over" in answer.json()["error"]


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (
            b'--x\r\nContent-Disposition: form-data; name="deck"\r\n\r\n1 Iono',
            "multipart/form-data; boundary=x",
        ),
        (b"garbage", "multipart/form-data"),
        (b"--x--\r\n", "multipart/form-data; boundary=x"),
        (
            b"".join(
                b'--x\r\nContent-Disposition: form-data; name="f%d"\r\n\r\nv\r\n' % i
                for i in range(20)
            )
            + b"--x--\r\n",
            "multipart/form-data; boundary=x",
        ),
        (b"deck=%ZZ%", "application/x-www-form-urlencoded"),
    ],
)
def test_malformed_forms_are_a_clear_page(
    client: TestClient, body: bytes, content_type: str
) -> None:
    answer = client.post("/check", content=body, headers={"content-type": content_type})
    assert answer.status_code in (200, 400)
    assert "Traceback" not in answer.text
    assert "<html" in answer.text


def test_a_server_error_is_a_plain_page(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("secret internals /etc/passwd")

    monkeypatch.setattr(Library, "check", broken)
    for path, json in (("/check", False), ("/api/check", True)):
        answer = client.post(path, content=b"1 Iono", headers={"content-type": "text/plain"}) \
            if json else client.post(path, data={"deck": "1 Iono"})  # fmt: skip
        assert answer.status_code == 500
        assert "secret internals" not in answer.text and "Traceback" not in answer.text
        assert answer.headers["x-content-type-options"] == "nosniff"


def test_requests_never_write_files(web_config: WebConfig, tmp_path: Path, legal_text: str) -> None:
    """Run the app from an empty, read-only working folder: nothing may appear anywhere."""
    before = {p: p.stat().st_mtime_ns for p in web_config.catalogue.iterdir()}
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        tmp_path.chmod(0o500)
        with TestClient(create_app(web_config)) as fresh:
            assert (
                fresh.post("/check", files={"file": ("d.txt", legal_text.encode())}).status_code
                == 200
            )
            assert fresh.post("/api/check", content=legal_text.encode()).status_code == 200
    finally:
        tmp_path.chmod(0o700)
        os.chdir(here)
    assert list(tmp_path.iterdir()) == []
    assert {p: p.stat().st_mtime_ns for p in web_config.catalogue.iterdir()} == before


def test_no_catalogue_is_one_clear_error(tmp_path: Path) -> None:
    from totemdeck.catalogue import CatalogueMissing

    with pytest.raises(CatalogueMissing, match="totemdeck import"):
        create_app(WebConfig(catalogue=tmp_path))


def test_the_app_builds_from_the_environment(
    catalogue_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import totemdeck.web as web

    monkeypatch.setenv("TOTEMDECK_CATALOGUE", str(catalogue_dir))
    monkeypatch.setenv("TOTEMDECK_WEB_MAX_BODY", str(10**9))
    monkeypatch.setattr(web, "_app", None)
    app: ASGIApp = web.app
    assert app is web.app  # built once per process
    assert WebConfig.from_env().max_body == 1024 * 1024  # never above the spool size
    with TestClient(app) as fresh:
        assert fresh.get("/healthz").text == "ok\n"


def test_a_deck_name_and_file_name_are_shown_escaped(client: TestClient) -> None:
    document = (
        '{"format": "totem", "version": 1, "name": "' + XSS.replace('"', "'") + '", '
        '"totem": [{"count": 1, "id": "sv3-125"}], "cards": [{"count": 1, "id": "sve-2"}]}'
    )
    page = client.post("/check", data={"deck": document})
    assert page.status_code == 200
    assert '<h1 class="deck-title">&lt;script&gt;alert(1)&lt;/script&gt;' in page.text
    upload = client.post("/check", files={"file": (f"{XSS}.txt", b"Totem: 1\n1 sv3-125\n")})
    assert '<h1 class="deck-title">&lt;script&gt;' in upload.text
