"""The Discord endpoint, offline, with a key pair made here: signatures (good, changed body,
changed or stale timestamp, forged, malformed), PING, every command, autocomplete, the modal
and its submission, the message command, Spanish locales, and Discord's documented limits."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from totemdeck.discord import limits
from totemdeck.discord.commands import COMMANDS, LOOK_UP
from totemdeck.web import WebConfig, create_app

nacl_signing = pytest.importorskip("nacl.signing", reason="PyNaCl is the [discord] extra")

ROOT = Path(__file__).resolve().parents[2]
KEY = nacl_signing.SigningKey.generate()
PUBLIC = KEY.verify_key.encode().hex()


@pytest.fixture(scope="module")
def discord(catalogue_dir: Path) -> Iterator[TestClient]:
    config = WebConfig(
        catalogue=catalogue_dir, base_url="https://totem.example", discord_public_key=PUBLIC
    )
    with TestClient(create_app(config), raise_server_exceptions=False) as client:
        yield client


def _headers(body: bytes, timestamp: str | None = None, key: Any = KEY) -> dict[str, str]:
    stamp = timestamp or str(int(time.time()))
    signature = key.sign(stamp.encode() + body).signature.hex()
    return {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": stamp,
            "Content-Type": "application/json"}  # fmt: skip


def _send(client: TestClient, interaction: dict[str, Any]) -> dict[str, Any]:
    body = json.dumps(interaction).encode()
    answer = client.post("/discord/interactions", content=body, headers=_headers(body))
    assert answer.status_code == 200, answer.text
    reply: dict[str, Any] = answer.json()
    return reply


def _command(name: str, value: str | None = None, locale: str = "en-US") -> dict[str, Any]:
    data: dict[str, Any] = {"id": "1", "name": name, "type": 1}
    if value is not None:
        data["options"] = [{"name": "name", "type": 3, "value": value}]
    return {"type": 2, "id": "9", "token": "t", "locale": locale, "data": data}


def _within_limits(reply: dict[str, Any]) -> None:
    data = reply.get("data", {})
    assert len(data.get("content", "")) <= limits.CONTENT
    embeds = data.get("embeds", [])
    assert len(embeds) <= limits.EMBEDS
    for embed in embeds:
        assert limits.embed_size(embed) <= limits.EMBED_TOTAL
        assert len(embed.get("title", "")) <= limits.TITLE
        assert len(embed.get("description", "")) <= limits.DESCRIPTION
        assert len(embed.get("fields", [])) <= limits.FIELDS
        for field in embed.get("fields", []):
            assert 0 < len(field["name"]) <= limits.FIELD_NAME
            assert 0 < len(field["value"]) <= limits.FIELD_VALUE


def test_ping_is_answered_with_pong(discord: TestClient) -> None:
    assert _send(discord, {"type": 1}) == {"type": 1}


def test_every_request_must_carry_discords_signature(discord: TestClient) -> None:
    body = json.dumps({"type": 1}).encode()
    good = _headers(body)
    url = "/discord/interactions"
    assert discord.post(url, content=body, headers=good).status_code == 200
    changed_body = body.replace(b"1", b"2")
    assert discord.post(url, content=changed_body, headers=good).status_code == 401
    later = {**good, "X-Signature-Timestamp": str(int(good["X-Signature-Timestamp"]) + 1)}
    assert discord.post(url, content=body, headers=later).status_code == 401
    forged = _headers(body, key=nacl_signing.SigningKey.generate())
    assert discord.post(url, content=body, headers=forged).status_code == 401
    for bad in ("zz" * 64, "00" * 10, ""):
        headers = {**good, "X-Signature-Ed25519": bad}
        assert discord.post(url, content=body, headers=headers).status_code == 401
    stale = _headers(body, timestamp=str(int(time.time()) - 3600))
    assert discord.post(url, content=body, headers=stale).status_code == 401
    assert discord.post(url, content=body).status_code == 401  # no headers at all


def test_the_endpoint_is_off_without_a_key(catalogue_dir: Path) -> None:
    body = json.dumps({"type": 1}).encode()
    with TestClient(create_app(WebConfig(catalogue=catalogue_dir))) as client:
        answer = client.post("/discord/interactions", content=body, headers=_headers(body))
    assert answer.status_code == 404


def test_a_bad_public_key_stops_the_start(catalogue_dir: Path) -> None:
    from totemdeck.discord.signature import BadPublicKey

    with pytest.raises(BadPublicKey, match="64 hex digits"):
        create_app(WebConfig(catalogue=catalogue_dir, discord_public_key="not-a-key"))


def test_card_shows_the_whole_card(discord: TestClient) -> None:
    reply = _send(discord, _command("card", "Charizard ex OBF 125"))
    assert reply["type"] == 4
    embed = reply["data"]["embeds"][0]
    assert embed["title"] == "Charizard ex OBF 125"
    names = [f["name"] for f in embed["fields"]]
    assert any("Burning Darkness" in n and "180+" in n for n in names)
    assert any(n.startswith("Ability: Infernal Reign") for n in names)
    assert "Retreat 2" in embed["footer"]["text"]
    _within_limits(reply)


def test_a_name_only_card_shows_its_newest_print_and_says_so(discord: TestClient) -> None:
    embed = _send(discord, _command("card", "Rare Candy"))["data"]["embeds"][0]
    assert "prints of this name; this is the newest" in embed["description"]


def test_an_unknown_card_is_said_to_the_asker_only(discord: TestClient) -> None:
    reply = _send(discord, _command("card", "Charizzard exx"))
    assert reply["data"]["flags"] == 64 and reply["data"]["content"]
    assert not reply["data"]["embeds"]


def test_totem_gives_the_numbers(discord: TestClient) -> None:
    embed = _send(discord, _command("totem", "Charizard ex OBF 125"))["data"]["embeds"][0]
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields["Invocation Cost"] == "4" and fields["Prize cards"] == "2"
    assert fields["identity"] == "Fire, Darkness"
    trainer = _send(discord, _command("totem", "Ultra Ball SVI 196"))["data"]["embeds"][0]
    assert "Trainer" in trainer["description"]


def test_spanish_users_are_answered_in_spanish(discord: TestClient) -> None:
    embed = _send(discord, _command("totem", "Charizard ex OBF 125", "es-ES"))["data"]["embeds"][0]
    assert "Coste de Invocación" in {f["name"] for f in embed["fields"]}
    card = _send(discord, _command("card", "Charizard ex OBF 125", "es-419"))["data"]["embeds"][0]
    assert any("Oscuridad Ardiente" in f["name"] for f in card["fields"])


def test_check_opens_a_modal_and_its_list_gets_the_verdict(discord: TestClient) -> None:
    modal = _send(discord, _command("check"))
    assert modal["type"] == 9
    field = modal["data"]["components"][0]["components"][0]
    assert field["max_length"] == limits.MODAL_TEXT == 4000
    text = (ROOT / "examples" / "charizard-ex.txt").read_text(encoding="utf-8")
    assert len(text) <= 4000  # a Totem list fits the modal
    submitted = {
        "type": 5, "locale": "en-GB",
        "data": {"custom_id": modal["data"]["custom_id"], "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": field["custom_id"], "value": text}]}]},
    }  # fmt: skip
    reply = _send(discord, submitted)
    embed = reply["data"]["embeds"][0]
    assert embed["description"].startswith("**LEGAL** · 100 cards")
    assert "https://totem.example/check?d=" in embed["description"]
    _within_limits(reply)


def test_an_illegal_list_lists_its_findings_within_the_limits(discord: TestClient) -> None:
    text = (ROOT / "examples" / "illegal-several-codes.txt").read_text(encoding="utf-8")
    text += "".join(f"1 Nonexistent Card {n}\n" for n in range(60))
    submitted = {"type": 5, "data": {"custom_id": "totemdeck-check", "components": [
        {"type": 1, "components": [{"type": 4, "custom_id": "list", "value": text[:4000]}]}]}}  # fmt: skip
    reply = _send(discord, submitted)
    embed = reply["data"]["embeds"][0]
    assert embed["description"].startswith("**NOT LEGAL**")
    assert "see the link" in embed["footer"]["text"]
    _within_limits(reply)


def test_look_up_cards_reads_double_brackets_in_a_message(discord: TestClient) -> None:
    content = "Try [[Rare Candy]] with [[Iono]], not [[Definitely Not A Card]]."
    interaction = {
        "type": 2, "locale": "en-US",
        "data": {"type": 3, "name": LOOK_UP, "target_id": "77",
                 "resolved": {"messages": {"77": {"id": "77", "content": content}}}},
    }  # fmt: skip
    reply = _send(discord, interaction)
    titles = [e["title"] for e in reply["data"]["embeds"]]
    assert len(titles) == 2 and titles[0].startswith("Rare Candy") and titles[1].startswith("Iono")
    assert "Definitely Not A Card" in reply["data"]["content"]
    _within_limits(reply)


def test_autocomplete_offers_at_most_25_names(discord: TestClient) -> None:
    interaction = {"type": 4, "data": {"name": "card", "type": 1, "options": [
        {"name": "name", "type": 3, "value": "char", "focused": True}]}}  # fmt: skip
    reply = _send(discord, interaction)
    assert reply["type"] == 8
    choices = reply["data"]["choices"]
    assert 0 < len(choices) <= 25 and "Charizard ex" in {c["value"] for c in choices}
    assert all(len(c["name"]) <= 100 for c in choices)


def test_the_command_definitions_keep_discords_rules() -> None:
    for command in COMMANDS:
        if command["type"] == 1:
            assert command["name"].islower() and len(command["name"]) <= 32
            assert 1 <= len(command["description"]) <= 100
            for text in command["description_localizations"].values():
                assert len(text) <= 100
    assert {c["name"] for c in COMMANDS} == {"card", "totem", "check", LOOK_UP}


_text = st.text(max_size=3000)


@given(
    title=_text,
    description=st.text(max_size=6000),
    fields=st.lists(st.tuples(_text, _text), max_size=40),
    footer=_text,
)
def test_fit_keeps_any_embed_within_discords_limits(
    title: str, description: str, fields: list[tuple[str, str]], footer: str
) -> None:
    embed = {"title": title, "description": description, "footer": {"text": footer},
             "fields": [{"name": n, "value": v} for n, v in fields]}  # fmt: skip
    fitted = limits.fit(embed)
    _within_limits({"data": {"embeds": [fitted]}})
    if len(fitted["fields"]) < len(fields):
        assert "more not shown" in fitted["footer"]["text"]
