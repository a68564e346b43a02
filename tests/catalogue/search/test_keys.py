"""Every search key and operator over a small synthetic catalogue, with the cards expected."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.cards import TEST_SET, card, trainer
from tests.helpers.catalogues import write_catalogue
from totemdeck.api.search import QuerySyntaxError, search_cards
from totemdeck.catalogue.model import Attack, CardSet
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules.banlist import BanEntry, Banlist

OLD = CardSet("base1", "Base", "Base", "BS", "1999-01-09", 102, 102)
NEW = CardSet("sv3", "Obsidian Flames", "Scarlet & Violet", "OBF", "2023-08-11", 197, 230)
PROMO = CardSet("svp", "Scarlet & Violet Black Star Promos", "Scarlet & Violet", "PR-SV",
                "2023-01-01", 100, 100)  # fmt: skip

CARDS = [
    card("Charmander", id="tst-1", number="4", hp=70, retreat_cost=1,
         attacks=(Attack("Ember", ("Fire",), "30", "Discard an Energy from this Pokémon."),),
         weaknesses=("Water",), artist="Mitsuhiro Arita", dex=(4,)),
    card("Charmeleon", id="tst-2", number="5", subtypes=("Stage 1",), stage="Stage 1",
         hp=90, evolves_from="Charmander", retreat_cost=2,
         attacks=(Attack("Flamethrower", ("Fire", "Fire", "Colorless"), "90"),)),
    card("Charizard ex", id="sv3-125", set=NEW, number="125", hp=330, retreat_cost=2,
         subtypes=("Stage 2", "ex", "Tera"), stage="Stage 2", types=("Darkness",),
         evolves_from="Charmeleon", regulation_mark="G", rarity="Double Rare",
         attacks=(Attack("Burning Darkness", ("Fire", "Fire"), "180+",
                         "This attack does 30 more damage for each Prize card your opponent "
                         "has taken."),),
         abilities=("Infernal Reign",),
         ability_texts=("You may search your deck for up to 3 Basic {R} Energy cards and "
                        "attach them to your Pokémon in any way you like.",),
         rules=("Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 "
                "Prize cards.",),
         weaknesses=("Grass",), artist="5ban Graphics", aliases={"es": "Charizard ex"}),
    card("Charizard", id="base1-4", set=OLD, number="4", hp=120, retreat_cost=3,
         subtypes=("Stage 2",), stage="Stage 2", evolves_from="Charmeleon",
         attacks=(Attack("Fire Spin", ("Fire",) * 4, "100"),), weaknesses=("Water",),
         resistances=("Fighting",), artist="Mitsuhiro Arita", rarity="Rare Holo"),
    card("Squirtle", id="tst-3", number="7", types=("Water",), hp=60,
         attacks=(Attack("Bubble", ("Water",), "10", "Flip a coin."),),
         weaknesses=("Lightning",), aliases={"es": "Squirtle"}),
    card("Snorlax", id="tst-4", number="8", types=("Colorless",), hp=150, retreat_cost=4,
         attacks=(Attack("Body Slam", ("Colorless",) * 3, "100"),), weaknesses=("Fighting",)),
    card("Mew", id="svp-53", set=PROMO, number="53", types=("Psychic",), hp=60,
         retreat_cost=0, attacks=(Attack("Psypower", ("Psychic",), ""),),
         abilities=("Mysterious Tail",), ability_texts=("Look at the top 6 cards.",)),
    card("Radiant Charizard", id="tst-5", number="11", subtypes=("Basic", "Radiant"), hp=160,
         attacks=(Attack("Combustion Blast", ("Fire", "Colorless", "Colorless", "Colorless",
                                              "Colorless"), "250"),),
         rules=("Radiant Pokémon Rule: You can't have more than 1 Radiant Pokémon in your "
                "deck.",)),
    trainer("Boss's Orders", "Supporter", id="tst-6", number="20",
            rules=("Switch in 1 of your opponent's Benched Pokémon to the Active Spot.",),
            aliases={"es": "Órdenes de Jefes"}),
    trainer("Ultra Ball", id="tst-7", number="21",
            rules=("You can use this card only if you discard 2 other cards from your hand. "
                   "Search your deck for a Pokémon, reveal it, and put it into your hand.",)),
    trainer("Float Stone", "Pokémon Tool", id="tst-8", number="22",
            rules=("The Pokémon this card is attached to has no Retreat Cost.",)),
    trainer("Full 100% Heal", id="tst-9", number="23", rules=("Heal all damage.",)),
    trainer("_____'s Pikachu Fan", "Supporter", id="tst-10", number="24",
            rules=("Draw 3 cards.",)),
    card("Basic Fire Energy", "Energy", id="tst-11", number="30", subtypes=("Basic",),
         types=("Fire",)),
    card("Double Colorless Energy", "Energy", id="tst-12", number="31",
         subtypes=("Special",), rules=("Double Colorless Energy provides [C][C] Energy.",)),
]  # fmt: skip
BANS = Banlist((BanEntry("Ultra Ball", "test", "2020-01-01"),))


@pytest.fixture(scope="module")
def cat(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Catalogue]:
    catalogue = write_catalogue(Path(tmp_path_factory.mktemp("search")), CARDS)
    yield catalogue
    catalogue.close()


def names(cat: Catalogue, query: str, **options: object) -> set[str]:
    found = search_cards(cat, query, prints=True, limit=None, banlist=BANS, **options)  # type: ignore[arg-type]
    assert found.total == len(found.cards)
    return {c.name if c.set is TEST_SET or c.set.id == "tst" else c.id for c in found.cards}


CHARS = {"Charmander", "Charmeleon", "sv3-125", "base1-4", "Radiant Charizard"}
POKEMON = CHARS | {"Squirtle", "Snorlax", "svp-53"}
TRAINERS = {"Boss's Orders", "Ultra Ball", "Float Stone", "Full 100% Heal", "_____'s Pikachu Fan"}
ENERGY = {"Basic Fire Energy", "Double Colorless Energy"}
EVERYTHING = POKEMON | TRAINERS | ENERGY

CASES = [
    # bare words, quotes, exact names, Spanish names
    ("char", {"Charmander", "Charmeleon", "sv3-125", "base1-4", "Radiant Charizard"}),
    ('"charizard ex"', {"sv3-125"}),
    ("CHARMÁNDER", {"Charmander"}),
    ("órdenes", {"Boss's Orders"}),
    ('!"Ordenes de Jefes"', {"Boss's Orders"}),
    ('!"Boss’s Orders"', {"Boss's Orders"}),
    ("!Charizard", {"base1-4"}),
    ("name:pika", {"_____'s Pikachu Fan"}),
    ("name=charizard", {"base1-4"}),
    # LIKE wildcards match only themselves
    ("%", {"Full 100% Heal"}),
    ("_", {"_____'s Pikachu Fan"}),
    ("100%", {"Full 100% Heal"}),
    # type line, stage
    ("t:pokemon", POKEMON),
    ("t:trainer", TRAINERS),
    ("t:energy", ENERGY),
    ("t:supporter", {"Boss's Orders", "_____'s Pikachu Fan"}),
    ("t:item", {"Ultra Ball", "Full 100% Heal"}),
    ("t:tool", {"Float Stone"}),
    ("t:special", {"Double Colorless Energy"}),
    (
        "t:basic",
        {"Charmander", "Squirtle", "Snorlax", "svp-53", "Radiant Charizard", "Basic Fire Energy"},
    ),
    ("stage:1", {"Charmeleon"}),
    ("stage=2", {"sv3-125", "base1-4"}),
    ("stage!=basic t:pokemon", {"Charmeleon", "sv3-125", "base1-4"}),
    # flags
    ("is:ex", {"sv3-125"}),
    ("is:EX", set()),
    ("is:tera", {"sv3-125"}),
    ("is:radiant", {"Radiant Charizard"}),
    ("is:rulebox", {"sv3-125", "Radiant Charizard"}),
    ("is:promo", {"svp-53"}),
    ("is:banned", {"Ultra Ball"}),
    ("-is:banned t:item", {"Full 100% Heal"}),
    # types and identity
    ("type:fire", {"Charmander", "Charmeleon", "base1-4", "Radiant Charizard"}),
    ("type:R", {"Charmander", "Charmeleon", "base1-4", "Radiant Charizard"}),  # Pokémon only
    ("type:dark", {"sv3-125"}),
    ("c:C", {"Snorlax"}),
    ("id:R t:pokemon", {"Charmander", "Charmeleon", "base1-4", "Radiant Charizard", "Snorlax"}),
    (
        "id<=RD t:pokemon",
        {"Charmander", "Charmeleon", "base1-4", "Radiant Charizard", "sv3-125", "Snorlax"},
    ),
    ("id=RD", {"sv3-125"}),
    ("id>=D", {"sv3-125"}),
    ("id>R", {"sv3-125"}),
    ("id<RD t:pokemon", {"Charmander", "Charmeleon", "base1-4", "Radiant Charizard", "Snorlax"}),
    ("id=C", {"Snorlax", "Double Colorless Energy"} | TRAINERS),
    ("id!=C t:pokemon", POKEMON - {"Snorlax"}),
    ("id:fire,darkness t:energy", ENERGY),
    # numbers
    ("hp>=150", {"sv3-125", "Snorlax", "Radiant Charizard"}),
    ("hp=60", {"Squirtle", "svp-53"}),
    ("hp:60", {"Squirtle", "svp-53"}),
    ("hp!=60 hp<100", {"Charmander", "Charmeleon"}),
    ("hp<70", {"Squirtle", "svp-53"}),
    ("hp>330", set()),
    (
        "-hp>100",
        POKEMON - {"sv3-125", "base1-4", "Snorlax", "Radiant Charizard"} | TRAINERS | ENERGY,
    ),
    ("retreat=0", {"svp-53"}),
    ("rc>=3", {"base1-4", "Snorlax"}),
    ("prizes=2", {"sv3-125"}),
    ("prizes<2", POKEMON - {"sv3-125"}),
    ("column=2", {"sv3-125", "base1-4"}),
    ("col:stage1", {"Charmeleon"}),
    ("column<1", {"Charmander", "Squirtle", "Snorlax", "svp-53", "Radiant Charizard"}),
    ("damage>=180", {"sv3-125", "Radiant Charizard"}),
    ("dmg<20", {"Squirtle", "svp-53"}),
    ("attacks=1 t:pokemon", POKEMON),
    ("attacks=0", TRAINERS | ENERGY),
    # dates
    ("year=1999", {"base1-4"}),
    ("released>=2023", {"sv3-125", "svp-53"}),
    ("released>2023-01", {"sv3-125"}),
    ("released<2020-01-01", {"base1-4"}),
    ("released<=2020-01-01 t:pokemon", POKEMON - {"sv3-125", "svp-53"}),
    ("released=2023-08-11", {"sv3-125"}),
    ("date!=2020", {"sv3-125", "svp-53", "base1-4"}),
    # text
    ("o:search", {"sv3-125", "Ultra Ball"}),
    ("o:searching", {"sv3-125", "Ultra Ball"}),
    ('o:"draw 3 cards"', {"_____'s Pikachu Fan"}),
    ('o:"3 cards draw"', set()),
    ("o:fire", {"sv3-125", "base1-4"}),  # {R} reads as Fire; attack names count
    ("o:retre*", {"Float Stone"}),
    ("atk:spin", {"base1-4"}),
    ("atk=ember", {"Charmander"}),
    ("atk=emb", set()),
    ('ab:"infernal reign"', {"sv3-125"}),
    ("has:ability", {"sv3-125", "svp-53"}),
    ("has:resistance", {"base1-4"}),
    ("weak:W", {"Charmander", "base1-4"}),
    ("weak:grass", {"sv3-125"}),
    ("resist:F", {"base1-4"}),
    ("from:charm", {"Charmeleon", "sv3-125", "base1-4"}),
    ("from=Charmeleon", {"sv3-125", "base1-4"}),
    ("cost:RRC", {"Charmeleon"}),
    ("cost:CRR", {"Charmeleon"}),
    ("cost:CCC", {"Snorlax"}),
    ("cost:RR", {"sv3-125"}),
    # print
    ("set:OBF", {"sv3-125"}),
    ("s:base1", {"base1-4"}),
    ("set!=tst", {"sv3-125", "base1-4", "svp-53"}),
    ("number:125", {"sv3-125"}),
    ("number:004", {"Charmander", "base1-4"}),
    ("number>=100", {"sv3-125"}),
    ("r:rare", {"sv3-125", "base1-4"}),
    ('r="rare holo"', {"base1-4"}),
    ("a:arita", {"Charmander", "base1-4"}),
    ("reg:g", {"sv3-125"}),
    ("reg<G", set()),
    ("lang:es", {"sv3-125", "Squirtle", "Boss's Orders"}),
    ("lang:en t:energy", ENERGY),
    # Totem keys
    ("can:totem", POKEMON),
    ("totem:sv3-125", EVERYTHING - {"Squirtle", "svp-53", "Ultra Ball"}),
    ("totem:Charmander", EVERYTHING - {"Squirtle", "svp-53", "Ultra Ball", "sv3-125"}),
    # Mew has Retreat Cost 0: no Colorless Pokémon, no Energy that provides Colorless
    ("totem:svp-53", {"svp-53"} | TRAINERS - {"Ultra Ball"}),
    # grouping and negation
    ("t:pokemon (type:W or type:P)", {"Squirtle", "svp-53"}),
    ("type:W or type:P or is:tera", {"Squirtle", "svp-53", "sv3-125"}),
    ("-t:pokemon -t:trainer", ENERGY),
    ("-(t:pokemon or t:trainer)", ENERGY),
    ("t:trainer -(o:draw or o:search)", {"Boss's Orders", "Float Stone", "Full 100% Heal"}),
    ("", EVERYTHING),
]


@pytest.mark.parametrize(("query", "expected"), CASES, ids=[q or "(empty)" for q, _e in CASES])
def test_key(cat: Catalogue, query: str, expected: set[str]) -> None:
    assert names(cat, query) == expected


def test_one_row_per_name_shows_its_newest_matching_print(tmp_path: Path) -> None:
    cards = [
        card("Pikachu", id="old-1", set=OLD, number="58", hp=40),
        card("Pikachu", id="new-1", set=NEW, number="1", hp=60),
        card("Raichu", id="new-2", set=NEW, number="2", hp=120),
    ]
    with write_catalogue(tmp_path, cards) as cat:
        found = search_cards(cat, "pikachu")
        assert [c.id for c in found.cards] == ["new-1"] and found.total == 1
        assert [c.id for c in search_cards(cat, "pikachu hp<50").cards] == ["old-1"]
        assert [c.id for c in search_cards(cat, "pikachu", prints=True).cards] == [
            "new-1",
            "old-1",
        ]
        assert [c.id for c in search_cards(cat, "", order="hp").cards] == ["new-1", "new-2"]
        assert [c.id for c in search_cards(cat, "", order="hp", reverse=True).cards] == [
            "new-2",
            "new-1",
        ]


@pytest.mark.parametrize(
    ("order", "first"),
    [
        ("name", "_____'s Pikachu Fan"),  # "_" sorts before letters
        ("hp", "Mew"),  # 60 HP, and "Mew" before "Squirtle"
        ("released", "Charizard"),
        ("set", "Charizard"),
        ("type", "Charizard"),  # Pokémon, Fire first, then by name
        ("column", "Charmander"),
    ],
)
def test_orders(cat: Catalogue, order: str, first: str) -> None:
    found = search_cards(cat, "", order=order, prints=True, limit=None)
    assert found.cards[0].name == first
    backwards = search_cards(cat, "", order=order, prints=True, limit=None, reverse=True)
    assert backwards.cards[0].name != first and len(backwards.cards) == len(found.cards)


def test_spanish_order_and_limit_total(cat: Catalogue) -> None:
    found = search_cards(cat, "t:trainer", lang="es", limit=2)
    assert found.total == len(TRAINERS) and len(found.cards) == 2
    assert found.cards[0].name == "_____'s Pikachu Fan"
    spanish = [
        c.aliases.get("es", c.name) for c in search_cards(cat, "t:supporter", lang="es").cards
    ]
    assert spanish == ["_____'s Pikachu Fan", "Órdenes de Jefes"]
    assert search_cards(cat, "t:trainer", limit=0).total == len(TRAINERS)


def test_explanations_say_the_query_in_words(cat: Catalogue) -> None:
    text = search_cards(cat, 'hp>=100 -t:item (o:"draw 3" or id<=R)').explanation
    assert text.startswith(
        "HP is at least 100 and not (the type line has “item”) and "
        "(its text has the phrase “draw 3” or its identity is within Fire)"
    )
    assert "one row per name" in text


@pytest.mark.parametrize(
    ("query", "position", "words"),
    [
        ("hpp>3", 0, "did you mean 'hp'"),
        ("t:pokemon artst:arita", 10, "did you mean 'artist'"),
        ("zzz:1", 0, "unknown key 'zzz'"),
        ("hp>>3", 3, "cannot start a value"),
        ("hp>abc", 3, "whole number"),
        ("(hp>3", 0, "never closed"),
        ("hp>3)", 4, "closes no"),
        ('o:"draw', 2, "quote is never closed"),
        ("hp>", 2, "needs a value"),
        ("pikachu or", 8, "needs a term after it"),
        ("is:shiny", 3, "is: takes one of"),
        ("type:purple", 5, "not a type"),
        ("released>2023-13", 9, "not a date"),
        ("o=x o>3", 4, "does not take '>'"),
        ("cost:RRX", 5, "Energy letters"),
        ('totem:"Float Stone"', 6, "a Totem is a Pokémon"),
        ("totem:nothing-here", 6, "no card has the id or name"),
        ("x" * 1001, 1000, "at most 1000"),
        (" ".join(["a"] * 51), 0, "51 terms; at most 50"),
    ],
)
def test_bad_queries_point_at_the_character(
    cat: Catalogue, query: str, position: int, words: str
) -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        search_cards(cat, query, banlist=BANS)
    assert caught.value.position == position
    assert words in str(caught.value)
    assert "\n" not in str(caught.value) and f"character {position + 1}" in str(caught.value)
    assert caught.value.exit_code == 2


def test_a_totem_name_whose_prints_differ_asks_for_an_id(tmp_path: Path) -> None:
    cards = [
        card("Charizard ex", id="a-1", types=("Fire",)),
        card("Charizard ex", id="b-1", set=NEW, types=("Darkness",),
             attacks=(Attack("Burn", ("Fire",)),)),
    ]  # fmt: skip
    with write_catalogue(tmp_path, cards) as cat, pytest.raises(QuerySyntaxError) as caught:
        search_cards(cat, "totem:'Charizard ex'".replace("'", '"'))
    assert "give a card id" in str(caught.value) and "Fire/Darkness" in str(caught.value)


def test_explanations_and_errors_speak_the_current_language(cat: Catalogue) -> None:
    from totemdeck.i18n import use_language

    with use_language("es"):
        text = search_cards(cat, "hp>=100 id<=R -t:item", order="hp").explanation
        assert text.startswith(
            "PS es como mínimo 100 y su identidad está dentro de Fuego y no (la línea de tipo "
            "tiene “item”)"
        )
        assert text.endswith("ordenadas por PS")
        with pytest.raises(QuerySyntaxError, match=r"¿quisiste decir 'hp'\?"):
            search_cards(cat, "hpp>3")


def test_an_unknown_is_value_lists_the_choices_in_one_order_every_run() -> None:
    """`ex` and `EX` tie under casefold; the message once took their order from a set's
    hash order, so it changed between runs. Two processes with different hash seeds agree."""
    script = (
        "from totemdeck.catalogue.search.card_keys import is_\n"
        "from totemdeck.catalogue.search.values import BadValue\n"
        "from totemdeck.catalogue.search.nodes import Term\n"
        "try:\n    is_(Term('is', ':', 'shiny', 0, 3, False), None)\n"
        "except BadValue as e:\n    print(e)\n"
    )
    said = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("0", "1", "2", "3", "4", "5")
    }
    assert len(said) == 1 and "EX, ex" in said.pop()
