"""Which language totemdeck speaks, and that each context speaks its own."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from totemdeck.i18n import (
    UnknownLanguage,
    _,
    current_language,
    decimal,
    ngettext,
    percent,
    resolve_language,
    speaking,
    use_language,
)
from totemdeck.i18n.terms import TERMS, term, terms

ENVIRONMENT = ("TOTEMDECK_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize(
    ("explicit", "env", "expected"),
    [
        (None, {}, "en"),
        ("es", {}, "es"),
        ("ES", {}, "es"),
        ("es_ES.UTF-8", {}, "es"),
        ("en", {"TOTEMDECK_LANG": "es"}, "en"),  # --lang wins over the environment
        (None, {"TOTEMDECK_LANG": "es", "LANG": "en_GB.UTF-8"}, "es"),
        (None, {"LANG": "es_ES.UTF-8"}, "es"),
        (None, {"LANG": "es_AR"}, "es"),
        (None, {"LC_ALL": "en_US.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),  # LC_ALL first
        (None, {"LC_MESSAGES": "es_MX.UTF-8", "LANG": "en_US"}, "es"),
        (None, {"LC_ALL": "", "LANG": "es_ES"}, "es"),  # empty means unset
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),  # a locale we do not speak: English
        (None, {"LANG": "C.UTF-8"}, "en"),
        ("", {"TOTEMDECK_LANG": "es"}, "es"),
    ],
)
def test_resolution_order(
    monkeypatch: pytest.MonkeyPatch, explicit: str | None, env: dict[str, str], expected: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert resolve_language(explicit) == expected


@pytest.mark.parametrize(
    ("explicit", "env", "origin"),
    [
        ("fr", {}, "--lang"),
        ("klingon", {}, "--lang"),
        (None, {"TOTEMDECK_LANG": "de"}, "TOTEMDECK_LANG"),
    ],
)
def test_an_unknown_language_is_refused_clearly(
    monkeypatch: pytest.MonkeyPatch, explicit: str | None, env: dict[str, str], origin: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(UnknownLanguage, match=rf"^{origin}: unknown language .* en, es\)$") as info:
        resolve_language(explicit)
    assert info.value.exit_code == 2


def test_use_language_translates_at_call_time_and_restores() -> None:
    assert current_language() == "en"
    assert _("Fire") == "Fire"
    with use_language("es"):
        assert _("Fire") == "Fuego"
        assert term("Supporter") == "Partidario"
        with use_language("en"):
            assert term("Supporter") == "Supporter"
        assert current_language() == "es"
    assert current_language() == "en"
    with pytest.raises(UnknownLanguage), use_language("fr"):
        pass


def test_threads_and_tasks_each_speak_their_own_language() -> None:
    """The web app serves concurrent requests in different languages."""

    def speak(language: str) -> list[str]:
        with use_language(language):
            return [term("Fire") for _ in range(200)]

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(speak, ["es", "en"] * 8))
    assert all(set(r) == ({"Fuego"} if i % 2 == 0 else {"Fire"}) for i, r in enumerate(results))

    async def request(language: str) -> str:
        with use_language(language):
            await asyncio.sleep(0.01)  # the other request runs meanwhile
            return term("Water")

    async def both() -> list[str]:
        return list(await asyncio.gather(request("es"), request("en")))

    assert asyncio.run(both()) == ["Agua", "Water"]


def test_plural_forms() -> None:
    assert ngettext("{n} card", "{n} cards", 1) == "{n} card"
    assert ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    assert ngettext("{n} card", "{n} cards", 0) == "{n} cards"


def test_numbers_follow_the_language() -> None:
    assert percent(0.809) == "80.9%"
    assert decimal(0.2417) == "0.24"
    with use_language("es"):
        assert percent(0.809) == "80,9 %"
        assert decimal(0.2417) == "0,24"


def test_every_term_has_a_spanish_name_and_unknown_values_pass_through() -> None:
    with use_language("es"):
        assert all(term(value) for value in TERMS)
        assert terms(["Fire", "Darkness"]) == "Fuego, Oscura"
        assert term("Future Booster") == "Future Booster"


def test_speaking_carries_the_language_into_worker_threads() -> None:
    def fire(_n: int = 0) -> str:
        return term("Fire")

    with ThreadPoolExecutor(2) as pool, use_language("es"):
        plain = pool.submit(fire).result()  # a new thread starts in English
        carried = pool.submit(speaking(fire)).result()
        mapped = list(pool.map(speaking(fire), range(3)))
    assert (plain, carried, mapped) == ("Fire", "Fuego", ["Fuego"] * 3)
