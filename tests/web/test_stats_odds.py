"""The Stats page and its JSON twin: odds of kept hands, the Invocation curve (issue 40)."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from totemdeck.files.schemas import first_error


def _code(client: TestClient, text: str) -> str:
    page = client.post("/check", data={"deck": text})
    found = re.search(r'id="share-url"[^>]*value="[^"]*\?d=([A-Za-z0-9_-]+)"', page.text)
    assert found, "the verdict page has a share link"
    return found.group(1)


def test_going_first_draws_on_turn_one_in_the_json_twin(
    client: TestClient, legal_text: str
) -> None:
    code = _code(client, legal_text)
    params = {"d": code, "card": "Charmander", "turn": 1}
    first = client.get("/stats.json", params={**params, "first": "1"}).json()["odds"]["card"]
    second = client.get("/stats.json", params=params).json()["odds"]["card"]
    assert first["cards_seen"] == 8 and first["going_first"] is True
    assert first["p_drawn"] == second["p_drawn"]


def test_the_page_shows_the_mulligan_table_and_the_invocation_chart(
    client: TestClient, legal_text: str
) -> None:
    code = _code(client, legal_text)
    page = client.get("/stats", params={"d": code}).text
    twin = client.get("/stats.json", params={"d": code}).json()
    mulligans = page.split('id="mulligans"')[1].split("</table>")[0]
    assert "no mulligan" in mulligans and "two or more" in mulligans
    none = f"{twin['odds']['mulligans']['0']:.1%}"
    assert f"<td>{none}</td>" in mulligans
    chart = page.split('id="invocation"')[1].split("</section>")[0]
    assert chart.count("<polyline") == 4  # 0…3 Knock Outs
    assert "cost 4" in chart and "cost 7 (3 Knock Outs)" in chart
    table = chart.split('id="invocation-table"')[1]
    turn_5 = twin["invocation"]["curves"][0]["by_turn"][4]
    assert f"<td>{turn_5:.1%}</td>" in table


def test_several_cards_a_role_a_kind_and_at_least(client: TestClient, legal_text: str) -> None:
    code = _code(client, legal_text)

    def odds(**params: object) -> dict:
        answer = client.get("/stats.json", params={"d": code, "turn": 2, **params})
        assert answer.status_code == 200, answer.text
        assert first_error("stats", answer.json()) is None  # schemas/stats.schema.json
        return answer.json()["odds"]["card"]

    cards = ["Charmander", "Arven"]
    any_of, all_of = odds(card=cards), odds(card=cards, mode="all")
    assert any_of["names"] == cards and all_of["mode"] == "all"
    assert all_of["p_drawn"] < any_of["p_drawn"]
    draw = odds(role="draw", kind="Supporter")
    assert draw["name"] == "role:draw Supporter" and draw["copies"] > 0
    energy = odds(kind="Energy", at_least=3)
    assert energy["at_least"] == 3 and energy["copies"] == 34
    page = client.get("/stats", params={"d": code, "card": cards, "mode": "all", "turn": 2})
    assert "all of Charmander, Arven: 2 in the deck; by turn 2 you have seen 9 cards" in (page.text)
    assert f"<b>{all_of['p_drawn']:.1%}</b>" in page.text


def test_a_bad_role_is_a_400_that_says_why(client: TestClient, legal_text: str) -> None:
    code = _code(client, legal_text)
    answer = client.get("/stats.json", params={"d": code, "role": "drawing"})
    assert answer.status_code == 400 and "no such role" in answer.json()["error"]
    page = client.get("/stats", params={"d": code, "role": "drawing"})
    assert page.status_code == 400 and "no such role" in page.text


def test_the_spanish_page_says_it_in_spanish(client: TestClient, legal_text: str) -> None:
    code = _code(client, legal_text)
    page = client.get("/stats", params={"d": code}, headers={"Accept-Language": "es"}).text
    assert "Turno de Invocación" in page and "ningún mulligan" in page
    assert "coste 7 (3 veces Fuera de Combate)" in page


def test_draw_again_keeps_every_asked_card(client: TestClient, legal_text: str) -> None:
    code = _code(client, legal_text)
    params = {"d": code, "card": ["Charmander", "Arven"], "mode": "all", "turn": 4}
    page = client.get("/stats", params=params).text
    link = re.search(r'<a class="button primary" href="([^"]+)">', page.split('id="hand"')[1])
    assert link is not None
    again = link.group(1).replace("&amp;", "&")
    assert "card=Charmander&card=Arven&mode=all" in again and "turn=4" in again
    assert "all of Charmander, Arven" in client.get(again.split("#")[0]).text
