"""The export formats. Each renders ``ExportLine``s; none reads a catalogue or a file.

``text`` is for people and follows the current language; ``ptcgl`` keeps PTCG Live's
English headers (what Live imports) but says in the current language, in a comment, that a
deck is not legal; ``json`` and ``csv`` keep language-neutral keys.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from totemdeck.base.errors import TotemdeckError, printable
from totemdeck.catalogue.model import (
    ENERGY_TYPES,
    LETTER_OF_TYPE,
    Card,
    basic_energy_type,
    display_name,
)
from totemdeck.decklist.jsondeck import DOCUMENT_VERSION, FORMAT_NAME
from totemdeck.export.asread import ReadLine, as_read_lines, as_read_note, merged
from totemdeck.export.order import ExportLine, export_lines
from totemdeck.files.schemas import first_error
from totemdeck.i18n import N_, _, ngettext
from totemdeck.i18n.terms import term, terms
from totemdeck.rules.engine import CheckedDeck

HEADERS = {
    "totem": "Totem",
    "pokemon": "Pokémon",
    "trainer": "Trainer",
    "energy": "Energy",
    "main": "Main deck",  # lines written as read under no section header (read back alike)
}
Line = ExportLine | ReadLine  # a line that names its print, or one written as read
# The text export's section titles, for people (translated where shown).
TEXT_HEADERS = {
    "totem": N_("Totem ({count})"),
    "pokemon": N_("Pokémon ({count})"),
    "trainer": N_("Trainer ({count})"),
    "energy": N_("Energy ({count})"),
    "main": N_("Main deck ({count})"),
}
SYMBOLS = {kind: LETTER_OF_TYPE[kind] for kind in ENERGY_TYPES if kind != "Dragon"}  # basic Energy


class ExportError(TotemdeckError):
    """The export would not be valid (e.g. the JSON document breaks its schema)."""

    exit_code = 1


class ExportRefused(ExportError):
    """The deck is not legal and the person did not ask to export it anyway."""


def export_name(card: Card, lang: str) -> str:
    """The name to write: Spanish where known for ``es``; PTCG Live's basic Energy form."""
    if lang != "en" and lang in card.aliases:
        return display_name(card, lang)
    kind = basic_energy_type(card) if card.is_basic_energy else None
    if kind in SYMBOLS:
        return f"Basic {{{SYMBOLS[kind]}}} Energy"
    return card.name


def set_code(card: Card) -> str:
    """The set code an export writes: PTCG Live's, else the set's id (both read back)."""
    return card.set.ptcgl_code or card.set.id


_code = set_code


def _grouped(lines: list[Line]) -> list[tuple[str, list[Line]]]:
    groups: dict[str, list[Line]] = {}
    for line in lines:
        groups.setdefault(line.section, []).append(line)
    return list(groups.items())


def _banner(checked: CheckedDeck) -> list[str]:
    if checked.report.legal:
        return []
    errors = len(checked.report.errors)
    banner = ngettext(
        "NOT LEGAL in the Totem Format ({n} error)",
        "NOT LEGAL in the Totem Format ({n} errors)",
        errors,
    ).format(n=errors)
    return [f"# {banner}", ""]


def deck_name(checked: CheckedDeck) -> str | None:
    """The deck's name as an export writes it: one line, each control, format or bidi
    character escaped as error lines write them (``errors.printable``: a stranger's name
    must not reach a terminal as ESC sequences, issue 43.6); None when it has none."""
    name = checked.report.name
    return printable(" ".join(name.split())) or None if name else None


def _count(lines: list[Line]) -> int:
    """The cards the lines count (a line that names no card counts too; an unreadable
    line, which has no count, does not)."""
    return sum(x.count or 0 for x in lines)


def to_ptcgl(checked: CheckedDeck, lines: list[Line], lang: str, named: bool = True) -> str:
    """PTCG Live's text; ``named``: a ``Deckname:`` line first (the plain form for Live's
    own import leaves it out)."""
    out = _banner(checked)
    held = [x for x in lines if isinstance(x, ReadLine)]
    if held:
        out[-1:-1] = ["# " + as_read_note(held)] if out else ["# " + as_read_note(held), ""]
    name = deck_name(checked)
    if named and name:
        out += [f"Deckname: {name}", ""]  # i18n: keep (read back in any language)
    for section, group in _grouped(lines):
        out.append(f"{HEADERS[section]}: {_count(group)}")
        out += [
            x.text
            if isinstance(x, ReadLine)
            else f"{x.count} {export_name(x.card, lang)} {_code(x.card)} {x.card.number}"
            for x in group
        ]
        out.append("")
    out.append(f"Total Cards: {_count(lines)}")  # i18n: keep (Live's header)
    return "\n".join(out) + "\n"


def to_text(checked: CheckedDeck, lines: list[Line], lang: str) -> str:
    report = checked.report
    total = _count(lines)
    if report.legal:
        head = ngettext(
            "Totem Format deck — legal, {n} card", "Totem Format deck — legal, {n} cards", total
        )
    else:
        head = ngettext(
            "Totem Format deck — NOT LEGAL, {n} card",
            "Totem Format deck — NOT LEGAL, {n} cards",
            total,
        )
    # The lines about the deck are comments, so the text reads back as the same deck.
    out = ["# " + head.format(n=total)]
    if report.totem is not None:
        out.append(
            "# "
            + _(
                "Totem cost column {column}, Invocation Cost {cost}, Prize cards {prizes}, "
                "identity {identity}"
            ).format(
                column=term(report.totem.cost_column),
                cost=report.totem.invocation_cost,
                prizes=report.totem.prizes,
                identity=terms(report.totem.identity) or _("none"),
            )
        )
    name = deck_name(checked)
    if name:  # "Deck name:" / "Nombre del mazo:": the reader knows both
        out.append(_("Deck name: {name}").format(name=name))
    held = [x for x in lines if isinstance(x, ReadLine)]
    if held:
        out.append("# " + as_read_note(held))
    for section, group in _grouped(lines):
        out += ["", _(TEXT_HEADERS[section]).format(count=_count(group))]
        out += [
            f"  {x.text}"
            if isinstance(x, ReadLine)
            else f"  {x.count} × {export_name(x.card, lang)}  ({_code(x.card)} {x.card.number})"
            for x in group
        ]
    return "\n".join(out) + "\n"


def _as_read_entry(x: ReadLine) -> dict[str, object]:
    """A line written as read, in the JSON document: its text, status and candidates."""
    return {
        "count": x.count,
        "written": x.written,
        "status": x.status,
        **({"candidates": list(x.candidates)} if x.candidates else {}),
    }


def to_json(checked: CheckedDeck, lines: list[Line], lang: str) -> str:
    def entry(x: Line) -> dict[str, object]:
        if isinstance(x, ReadLine):
            return _as_read_entry(x)
        return {
            "count": x.count,
            "id": x.card.id,
            # the print's own name for basic Energy (the id and this name must agree)
            "name": x.card.name if x.card.is_basic_energy else export_name(x.card, lang),
            "set": _code(x.card),
            "number": x.card.number,
            "supertype": x.card.supertype,
        }

    document = {
        "format": FORMAT_NAME,
        "version": DOCUMENT_VERSION,
        "legal": checked.report.legal,
        **({"name": name} if (name := deck_name(checked)) else {}),
        "totem": [entry(x) for x in lines if x.section == "totem"],
        "cards": [entry(x) for x in lines if x.section != "totem" and x.count is not None],
    }
    unread = [x.written for x in lines if x.count is None]
    if unread:  # lines that are no card line: as written, so they read back unreadable
        document["unread"] = unread
    problem = first_error("deck", document)
    if problem is not None:
        raise ExportError(
            _("the JSON deck document would be invalid: {problem}").format(problem=problem)
        )
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


Renderer = Callable[[CheckedDeck, list[Line], str], str]
FORMATS = ("ptcgl", "json", "csv", "text")


def export_deck(
    checked: CheckedDeck,
    to: str,
    *,
    lang: str = "en",
    plain: bool = False,
    allow_illegal: bool = False,
) -> str:
    """The deck in format ``to``; ``plain`` (ptcgl): no Totem section, Totem first.

    Only a legal deck exports unless ``allow_illegal`` (then marked illegal at its top):
    ``ExportRefused`` otherwise, so no face can forget the rule."""
    fmt = checked.ctx.fmt  # the format the deck was judged by, never another
    if not checked.report.legal and not allow_illegal:
        raise ExportRefused(_("the deck is not legal; fix it or export with --allow-illegal"))
    plain = plain and to == "ptcgl"
    lines = merged(export_lines(checked, plain=plain), as_read_lines(checked), plain)
    if to == "ptcgl":
        return to_ptcgl(checked, lines, lang, named=not plain)
    if to == "json":
        return to_json(checked, lines, lang)
    if to == "csv":
        from totemdeck.export.csvform import to_csv  # it imports pandas

        return to_csv(checked, lines, lang, fmt)
    if to == "text":
        return to_text(checked, lines, lang)
    # a programming error (the CLI offers only FORMATS), not a message for players
    raise ValueError(f"unknown export format {to!r} (one of {', '.join(FORMATS)})")  # i18n: keep
