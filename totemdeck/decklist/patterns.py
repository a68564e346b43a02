"""What players write that the plain reader missed (issue 25), as readings of their own.

The parser asks ``comma_count`` (``4,Metagross``: a comma between count and name),
``bare_header`` (``Pokémon 8``, ``Total Cards 60``: a header without its colon) and
``title_message`` (a deck's title on line 1). The resolver asks ``bare_energy_type``
(``9	Dark``, ``8 Fuego``: basic Energy named by its type alone), ``NameForms`` (the same name
once spacing, punctuation and case are set aside: ``ShayminEX``, ``Mr.Mime``, ``Ho Oh``; a
printed name's affix left off: ``Battle Compressor``, ``Poke Turn``; a subtype written as a
word: ``Gengar Prime``) and ``foreign_script`` (a name in a script the catalogue has no names
for: ``4 盖诺赛克特V FST 255`` is read by its set and number) with ``foreign_name_admits``
(what such a name still says, an Energy's last word and a type in 【】, must agree with the
print).

Pure functions and one index over the catalogue's names, built once per resolver: each
lookup is a dictionary access, so a 5,000-line list stays linear.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from totemdeck.base.lazy import LazyPattern
from totemdeck.catalogue.model import Card, basic_energy_type
from totemdeck.catalogue.names import fold, name_key
from totemdeck.decklist.written import NAME_SUFFIXES
from totemdeck.i18n import _

# "4,Metagross", "2 , Rare Candy": the archive's CSV form of "4<tab>Metagross".
_COMMA_COUNT = re.compile(r"^(?P<count>\d{1,4})\s*+,\s*+(?=\S)")
# "Pokémon 8", "Trainer 30", "Total Cards 60": a section word, a space, the number.
_BARE_HEADER = re.compile(r"^(?P<label>[^\d:：,]{1,60}?)\s++(?P<count>\d{1,6})$")
# Scripts the catalogue has no card names in: CJK ideographs, kana, Hangul.
_FOREIGN = LazyPattern(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_NOT_ALNUM = LazyPattern(r"(?<![\W_])[\W_]++")
# Words printed before a name that players leave off ("Team Galactic's Invention G-105").
_PRINTED_PREFIX = LazyPattern(r"^team galactic'?s invention g-?\d++ ", re.IGNORECASE)

# Section words in the Chinese, Japanese and Korean clients and community exports.
CJK_SECTION_WORDS: dict[str, str | None] = {
    **dict.fromkeys(["宝可梦", "寶可夢", "ポケモン", "포켓몬"], "pokemon"),
    **dict.fromkeys(["训练家", "訓練家", "训练师", "トレーナーズ", "트레이너스"], "trainer"),
    **dict.fromkeys(["能量", "エネルギー", "에너지"], "energy"),
    **dict.fromkeys(["总计", "總計", "合计", "合計", "总数", "卡牌总数", "合計枚数"], None),
}

# What a name in another script still says: its last word says it is an Energy
# ("リッチエネルギー", "基本超能量"; "エネルギー回収" is a Trainer), and a type in 【】 which
# type ("基本【超】エネルギー").
_ENERGY_WORDS = ("エネルギー", "能量", "에너지")
_TYPE_MARK = LazyPattern(r"【(?P<mark>[^】]{1,5})】")
_MARK_TYPES = {
    **dict.fromkeys(["草"], "Grass"),
    **dict.fromkeys(["炎", "火"], "Fire"),
    **dict.fromkeys(["水"], "Water"),
    **dict.fromkeys(["雷"], "Lightning"),
    **dict.fromkeys(["超"], "Psychic"),
    **dict.fromkeys(["闘", "斗", "鬥", "格斗"], "Fighting"),
    **dict.fromkeys(["悪", "恶", "惡"], "Darkness"),
    **dict.fromkeys(["鋼", "钢"], "Metal"),
    **dict.fromkeys(["フェアリー", "妖", "妖精"], "Fairy"),
}

# A basic Energy named by its type alone ("9 Dark", "8 Fuego"), English and Spanish.
_TYPE_WORDS = {
    **{t.casefold(): t for t in ("Grass", "Fire", "Water", "Lightning", "Psychic")},
    **{t.casefold(): t for t in ("Fighting", "Darkness", "Metal", "Fairy")},
    "dark": "Darkness",
    **{"planta": "Grass", "fuego": "Fire", "agua": "Water", "rayo": "Lightning"},
    **{"psiquica": "Psychic", "lucha": "Fighting", "oscura": "Darkness"},
    **{"metalica": "Metal", "hada": "Fairy"},
}


def comma_count(text: str) -> str:
    """``4,Metagross`` → ``4 Metagross`` (any other line unchanged)."""
    return _COMMA_COUNT.sub(r"\g<count> ", text, count=1)


def bare_header(text: str) -> tuple[str, int] | None:
    """``Pokémon 8`` → (``Pokémon``, 8): a label and a count, or None (the caller decides
    whether the label is a section word)."""
    found = _BARE_HEADER.match(text)
    if not found:
        return None
    return found.group("label"), int(found.group("count"))


def title_message() -> str:
    """Why a deck's first line that is no card line is kept as its title."""
    return _("not a card line: it looks like the deck's title")


def bare_energy_type(name: str) -> str | None:
    """``Dark`` → ``Darkness``, ``Fuego`` → ``Fire``: the type a bare type word names."""
    return _TYPE_WORDS.get(fold(name))


def foreign_script(name: str) -> bool:
    """Whether a name is written (at least partly) in a script the catalogue has no names in."""
    return _FOREIGN.search(name) is not None


def foreign_name_admits(name: str, card: Card) -> bool:
    """Whether what a name in another script still says agrees with a print: a name whose
    last word is Energy's (``リッチエネルギー``) is an Energy card, and a type in 【】
    (``テレパス【超】エネルギー``) is that Energy's type."""
    says_energy = name.rstrip().endswith(_ENERGY_WORDS)
    if says_energy and card.supertype != "Energy":
        return False
    mark = _TYPE_MARK.search(name)
    wanted = _MARK_TYPES.get(mark.group("mark")) if mark else None
    if wanted and card.supertype == "Energy":
        return basic_energy_type(card) == wanted
    return True


def squeezed(name: str, *, keep_case: bool) -> str:
    """A name without spaces, punctuation and accents (``Mr.Mime`` and ``Mr. Mime`` agree);
    ``keep_case`` keeps the letters' case, so ``ShayminEX`` is Shaymin-EX, not Shaymin ex."""
    if keep_case:
        decomposed = unicodedata.normalize("NFKD", name)
        text = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    else:
        text = name_key(name)
    return _NOT_ALNUM.sub("", text)


class NameForms:
    """The catalogue's names under the forms players write them in, built once.

    ``squeeze`` maps a name with spacing and punctuation dropped to the one name it can be
    (``ShayminEX`` → ``Shaymin-EX``); ``affix_free`` maps the words players keep of a longer
    printed name (``Battle Compressor`` of ``Battle Compressor Team Flare Gear``, ``Poke
    Turn`` of ``Team Galactic's Invention G-105 Poké Turn``) to it. A key two names share is
    no reading: it is dropped.
    """

    def __init__(self, names: Iterable[str]) -> None:
        exact: dict[str, set[str]] = {}
        loose: dict[str, set[str]] = {}
        affix: dict[str, set[str]] = {}
        for known in names:
            exact.setdefault(squeezed(known, keep_case=True), set()).add(known)
            loose.setdefault(squeezed(known, keep_case=False), set()).add(known)
            for key in _affix_keys(known):
                affix.setdefault(key, set()).add(known)
        self._exact = _unique(exact)
        self._loose = _unique(loose)
        self._affix = {k: v for k, v in _unique(affix).items() if k not in self._loose}

    def spaced(self, written: str) -> str | None:
        """The one name ``written`` is once spacing, punctuation (and case) are set aside."""
        found = self._exact.get(squeezed(written, keep_case=True))
        loose = squeezed(written, keep_case=False)
        if found or loose.endswith("ex"):  # ex and EX are two cards: their case decides
            return found
        return self._loose.get(loose)

    def affix_free(self, written: str) -> str | None:
        """The one longer printed name whose words ``written`` keeps (its affix left off)."""
        return self._affix.get(squeezed(written, keep_case=False))


def _affix_keys(name: str) -> list[str]:
    """The squeezed forms of ``name`` with a printed prefix or trailing extras left off;
    never a form that leaves off a suffix that makes another card (ex, GX, V…)."""
    base = _PRINTED_PREFIX.sub("", fold(name))
    words = base.split()
    keys = [squeezed(base, keep_case=False)] if base != fold(name) else []
    for size in range(2, len(words)):
        left_off = words[size:]
        if any(w.strip("().") in NAME_SUFFIXES for w in left_off):
            break
        keys.append(squeezed(" ".join(words[:size]), keep_case=False))
    return keys


def _unique(index: dict[str, set[str]]) -> dict[str, str]:
    return {key: next(iter(found)) for key, found in index.items() if len(found) == 1}
