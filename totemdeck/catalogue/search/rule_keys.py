"""Search keys that read what the rules decide: identity, Totems, the banlist, official
legality and role tags (facts the importer stored, or the rules in force supply)."""

from __future__ import annotations

from functools import cache

from totemdeck.catalogue.names import fold
from totemdeck.catalogue.search.builders import normal
from totemdeck.catalogue.search.context import SearchContext, Sql
from totemdeck.catalogue.search.index import ALL_NAMED_TYPES, LEGAL_BITS
from totemdeck.catalogue.search.parse import Term
from totemdeck.catalogue.search.values import (
    SQL_OPS,
    BadValue,
    bits_of,
    compared,
    like_pattern,
    type_names,
    whole_number,
)
from totemdeck.i18n import N_, _
from totemdeck.i18n.terms import terms

_IDENTITY_OPS = {":": "<=", "=": "=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def identity(term: Term, ctx: SearchContext) -> Sql:
    bits = bits_of(type_names(term.value)) & ALL_NAMED_TYPES  # Colorless: no identity
    op = _IDENTITY_OPS[term.op]
    outside = ALL_NAMED_TYPES & ~bits
    if op == "<=":
        return Sql("(s.identity & ?) = 0", (outside,))
    if op == "<":
        return Sql("(s.identity & ?) = 0 AND s.identity != ?", (outside, bits))
    if op == ">=":
        return Sql("(s.identity & ?) = ?", (bits, bits))
    if op == ">":
        return Sql("(s.identity & ?) = ? AND s.identity != ?", (bits, bits, bits))
    return Sql(f"s.identity {SQL_OPS[op]} ?", (bits,))


_IDENTITY_WORDS = {
    ":": N_("its identity is within {types}"),
    "<=": N_("its identity is within {types}"),
    "<": N_("its identity is strictly within {types}"),
    "=": N_("its identity is exactly {types}"),
    ">=": N_("its identity includes {types}"),
    ">": N_("its identity includes {types} and more"),
}


def describe_identity(term: Term) -> str:
    named = [t for t in type_names(term.value) if t != "Colorless"]
    types = terms(named, "/") if named else _("no type")
    return _(_IDENTITY_WORDS[term.op]).format(types=types)


def _not_banned(ctx: SearchContext) -> Sql:
    banned = tuple(ctx.banned_ids())
    if not banned:
        return Sql("1")
    return Sql(f"s.card_id NOT IN ({','.join('?' * len(banned))})", banned)


def totem(term: Term, ctx: SearchContext) -> Sql:
    facts = ctx.totem(term.value)
    allowed = _not_banned(ctx)
    parts = ["(s.identity & ?) = 0", allowed.text]
    if facts.forbid_colorless:
        parts.append("s.colorless_pokemon = 0 AND s.provides_colorless = 0")
    return Sql(
        "(" + " AND ".join(parts) + ")", (ALL_NAMED_TYPES & ~facts.identity, *allowed.params)
    )


def describe_totem(term: Term) -> str:
    return _(
        "a deck with the Totem “{totem}” may hold it (identity within the Totem's, not "
        "banned, no Colorless Pokémon or Energy that provides Colorless beside a Retreat "
        "Cost 0 Totem)"
    ).format(totem=term.value)


def can(term: Term, ctx: SearchContext) -> Sql:
    """``can:totem``: it can be a Totem and the banlist in force does not ban it."""
    if normal(term.value) != "totem":
        raise BadValue(_("can: takes totem, not {value!r}").format(value=term.value))
    allowed = _not_banned(ctx)
    return Sql(f"(s.can_totem = 1 AND {allowed.text})", allowed.params)


def describe_can(term: Term) -> str:
    return _("it can be a Totem (and is not banned)")


def reg(term: Term, ctx: SearchContext) -> Sql:
    mark = term.value.strip().upper()
    if len(mark) != 1 or not mark.isalpha():
        raise BadValue(
            _("reg: takes one regulation-mark letter (D … I), not {value!r}").format(
                value=term.value
            )
        )
    return Sql(f"s.reg {SQL_OPS[term.op]} ?", (mark,))


def describe_reg(term: Term) -> str:
    return compared(_("the regulation mark"), term.op, term.value.upper())


def legal(term: Term, ctx: SearchContext) -> Sql:
    bit = LEGAL_BITS.get(normal(term.value))
    if bit is None:
        raise BadValue(
            _("legal: takes {choices}, not {value!r}").format(
                choices=", ".join(LEGAL_BITS), value=term.value
            )
        )
    return Sql("(s.legal & ?) != 0", (bit,))


def describe_legal(term: Term) -> str:
    return _("it is legal in the official {format} format").format(format=term.value)


@cache
def known_roles() -> tuple[str, ...]:
    """The role tags ``totemdeck/data/roles.yaml`` defines (the importer tags with it)."""
    from totemdeck.base.resources import packaged_text
    from totemdeck.files.safeyaml import parse_yaml

    text = packaged_text("roles.yaml")  # by path: importlib.resources costs a start ~3 ms
    return tuple(parse_yaml(text, "roles.yaml")[1]["roles"])


def role(term: Term, ctx: SearchContext) -> Sql:
    value = fold(term.value).strip()
    known = known_roles()
    if value not in known:
        raise BadValue(
            _("role: takes one of {choices}; not {value!r}").format(
                choices=", ".join(known), value=term.value
            )
        )
    return Sql("s.roles LIKE ? ESCAPE '\\'", (like_pattern(f"|{value}|"),))


def describe_role(term: Term) -> str:
    return _("its role is “{role}”").format(role=term.value)


_HOLDS = {"=": int.__eq__, ":": int.__eq__, "<": int.__lt__, "<=": int.__le__,
          ">": int.__gt__, ">=": int.__ge__}  # fmt: skip


def own(term: Term, ctx: SearchContext) -> Sql:
    """``own:`` (at least one copy) and ``own>=N``: the player's collection, as the library
    counts it ("judges alike", basic Energy by type). A print the collection does not hold
    has 0 copies, so ``own=0`` and ``own<2`` keep it; the owned prints are bound as one
    JSON value however many there are."""
    import json

    copies = ctx.owned()  # BadValue when no collection was given
    op, wanted = (">=", 1) if not term.value else (term.op, 0)
    if term.value:
        wanted = whole_number(term.value, N_("own"))
    held = json.dumps({card_id: n for card_id, n in copies.items() if n > 0})
    if not _HOLDS[op](0, wanted):  # only owned prints can hold: look them up
        return Sql(
            f"s.card_id IN (SELECT key FROM json_each(?) WHERE value {SQL_OPS[op]} ?)",
            (held, wanted),
        )
    # 0 copies hold (own=0, own<2): every print but the owned ones that do not
    return Sql(
        f"s.card_id NOT IN (SELECT key FROM json_each(?) WHERE NOT (value {SQL_OPS[op]} ?))",
        (held, wanted),
    )


def describe_own(term: Term) -> str:
    if not term.value:
        return _("it is in your collection")
    return compared(_("the copies in your collection"), term.op, term.value)
