"""The search keys' descriptions on ``/help/search``, marked for translation.

The key table (``catalogue/search/keys.py``) holds them in English for ``--help`` and
docs/search.md; this list lets ``make messages`` see them, so the Spanish page shows them
in Spanish. A test fails when a key's description has no entry here.
"""

from __future__ import annotations

from totemdeck.i18n import N_

KEY_HELP = frozenset(
    {
        N_(
            "the name contains (`:`), matches (`:/regex/`) or is (`=`, as FORMAT.md "
            "compares names); Spanish names too"
        ),
        N_(
            "supertype or subtype (`t:` also part of a word: `t:sup`; `t=` whole): pokemon, "
            "trainer, energy, supporter, item, tool, stadium, special, basic"
        ),
        N_(
            "printed stage: basic, 1, 2, baby, break, levelx, vmax, vstar, mega, legend, "
            "vunion, restored"
        ),
        N_(
            "ex, EX, GX, V, VMAX, VSTAR, V-UNION, LEGEND, BREAK, radiant, ace, star, prism, "
            "tagteam, tera, ancient, future, delta, baby, shining, rulebox, single-strike, "
            "rapid-strike, fusion-strike, promo, levelx, mega, first, reprint, banned"
        ),
        N_("a Pokémon's printed type (letters G R W L P F D M Y N C, or names; none)"),
        N_("FORMAT.md identity: printed types plus attack-cost types (`id:` is `id<=`)"),
        N_("HP"),
        N_("printed Retreat Cost (a BREAK prints none)"),
        N_("Prize cards its Rule Box gives (else 1)"),
        N_("Totem cost-table column: basic (0), 1, 2, 3"),
        N_("Invocation Cost as a Totem"),
        N_("highest printed attack damage (0: its attacks print none)"),
        N_("total Energy cost of its cheapest attack"),
        N_("number of attacks"),
        N_("release date: YYYY, YYYY-MM or YYYY-MM-DD"),
        N_("release year"),
        N_(
            'abilities, attacks and rules text: words by stem, "a phrase" (within a '
            "sentence), prefix*, /regex/"
        ),
        N_("an attack name contains (`:`) or is (`=`)"),
        N_("an ability name contains (`:`) or is (`=`)"),
        N_("ability, attack, weakness, resistance"),
        N_("weakness types (none: it has none)"),
        N_("resistance types (none: it has none)"),
        N_("evolves from a name containing (`:`) or named (`=`)"),
        N_("a name containing (`:`) or named (`=`) evolves from it"),
        N_("an attack's exact Energy cost, letters in any order (0: free)"),
        N_("PTCG Live code, pokemontcg or TCGdex set id"),
        N_("collector number (`:` exact, `<`/`>` by its digits)"),
        N_("rarity contains"),
        N_("artist contains"),
        N_("regulation mark"),
        N_("has a name in that language"),
        N_("National Pokédex number"),
        N_("series contains (`:`) or is (`=`): Scarlet & Violet, Sword & Shield, XY, Base …"),
        N_("official legality: standard, expanded, unlimited"),
        N_("what it does (docs/search.md: Roles): draw, search, gust, switch, recovery, accel …"),
        N_("cards a deck with this Totem (id, name or 'NAME SET NUMBER') may hold"),
        N_("totem: Pokémon that can be a Totem (the banlist in force leaves out banned prints)"),
        N_(
            "copies in your collection (--collection, or the Collection page on the web), "
            "as check counts them (prints that judge alike, basic Energy by type); 0 for a "
            "print you lack: own: for any, own=0 for none, own>=4"
        ),
    }
)
