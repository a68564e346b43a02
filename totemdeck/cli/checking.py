"""What ``totemdeck check`` and ``totemdeck totem`` do, once their options are read.

Kept apart from ``cli.check`` (the options, declared for typer) so the quick path
(``cli.quick``) runs the same code without loading typer.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from totemdeck.cli.choices import OutputFormat, TotemFormat
from totemdeck.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Finished,
    inform,
    report_error,
    to_stderr,
    use_colour,
    write_stderr,
    write_text,
)
from totemdeck.i18n import _

if TYPE_CHECKING:
    from totemdeck.api import Catalogue, Checker, Collection, Coverage, Report


@dataclass(slots=True)
class _Judged:
    """What checking each deck of a command line gave: its reports, what a collection
    covers of each, share links, and whether a deck could not be read."""

    reports: list[Report] = field(default_factory=list)
    covered: list[Coverage] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    unreadable: bool = False


def run_check(
    decks: list[str],
    output: OutputFormat,
    banlist: Path | None,
    format_file: Path | None,
    lang: str,
    catalogue: str | None,
    verbose: bool,
    collection: str | None,
    share: bool,
) -> None:
    """``totemdeck check``: judge each deck; the exit code says whether all are legal."""
    from totemdeck.api import Catalogue, make_checker

    base = _base_url() if share else None
    with Catalogue.open(catalogue) as cat:
        checker = make_checker(cat, banlist, format_file, lang)
        owned = _collection(cat, collection)
        judged = _judge_each(decks, checker, owned, None if not share else base or "")
    _write_reports(judged, output, owned, verbose, lang, as_array=len(decks) > 1)
    for link in judged.links:  # after the report (beside JSON, on stderr: JSON stays one doc)
        line = _("share: {link}").format(link=link)
        to_stderr(line) if output is OutputFormat.json else write_text(line + "\n")
    if judged.unreadable:
        raise Finished(EXIT_USAGE)
    raise Finished(EXIT_OK if all(r.legal for r in judged.reports) else EXIT_PROBLEMS)


def _collection(cat: Catalogue, collection: str | None) -> Collection | None:
    """The collection read (lazily); None without one: ``api.collection`` and the models it
    reads load only for a collection (~2 ms of a cold check otherwise)."""
    if not collection:
        return None
    from totemdeck.api import read_collection

    return read_collection(cat, collection, lazy=True)


def _base_url() -> str | None:
    """``TOTEMDECK_BASE_URL``, checked once before any deck (one line and exit 2 when no
    link can start with it; a trailing newline taken off, with a word)."""
    from totemdeck.api import share_base_url

    base, stripped = share_base_url()
    if stripped:
        inform(
            _("warning: TOTEMDECK_BASE_URL ends in blanks or a newline; links start with {url}")
            .format(url=base)
        )  # fmt: skip
    return base


def _judge_each(
    decks: list[str], checker: Checker, owned: Collection | None, share: str | None
) -> _Judged:
    """Check each deck in turn; an unreadable one is said and the others still checked.
    ``share``: the address links start with ("" for bare codes); None: no links."""
    from totemdeck.api import DecklistError, ShareCodeError, read_deck

    judged = _Judged()
    for path in decks:
        try:
            decklist = read_deck(path)
        except (DecklistError, ShareCodeError) as exc:  # say so and check the other decks
            report_error(exc)
            judged.unreadable = True
            continue
        checked = checker.check_deck(decklist)
        judged.reports.append(checked.report)
        if owned is not None:  # api.collection loads only for a collection (``_collection``)
            from totemdeck.api import deck_coverage

            judged.covered.append(deck_coverage(checked, owned, checker))
        if share is not None:
            from totemdeck.api import share_link_of

            link = share_link_of(checked, share)
            judged.links.append(link or _("(too long for a share link)"))
    return judged


def _write_reports(
    judged: _Judged,
    output: OutputFormat,
    owned: Collection | None,
    verbose: bool,
    lang: str,
    *,
    as_array: bool,
) -> None:
    """The reports (and what the collection covers) on stdout, as text or one JSON document."""
    from totemdeck.report import render_json, render_text

    if owned is not None:  # the collection's renderers load only for a collection
        from totemdeck.report import render_collection_problems, render_coverage

        if owned.findings:
            write_stderr(render_collection_problems(owned))
    if not judged.reports:
        return
    if output is OutputFormat.json:
        extras = [{"collection": c.as_dict(owned.source)} for c in judged.covered] if owned else []
        write_text(render_json(judged.reports, as_array=as_array, extras=extras))
        return
    text = render_text(judged.reports, colour=use_colour(sys.stdout), verbose=verbose)
    if owned is not None:
        text += "".join("\n" + render_coverage(c, owned.source, lang) for c in judged.covered)
    write_text(text)


def run_totem(
    card: str | None,
    every: bool,
    output: TotemFormat,
    banlist: Path | None,
    format_file: Path | None,
    catalogue: str | None,
    collection: str | None,
    best: int,
    owned_totem: bool,
    draft: bool,
    lang: str,
) -> None:
    """``totemdeck totem``: a print's Totem numbers, every print's, or a collection's best."""
    from totemdeck.api import Catalogue, TotemRow, load_rules, lookup_totem, totem_table
    from totemdeck.base.errors import UsageError
    from totemdeck.report import render_totem, render_totem_json, render_totem_table

    if collection and not every:
        _collection_totems(card, collection, output, best, owned_totem, draft, lang,
                           (banlist, format_file, catalogue))  # fmt: skip
        return
    if every == (card is not None):
        raise UsageError(_("name one card, or give --all (not both)"))
    bans, fmt = load_rules(banlist, format_file)
    with Catalogue.open(catalogue) as cat:
        if every or card is None:  # (not both, not neither: said above)
            write_text(render_totem_table(totem_table(cat, fmt, bans), output.value))
            return
        found = lookup_totem(cat, card, fmt, bans)
    if output is TotemFormat.csv:
        rows = [TotemRow(one.card, one.numbers, one.why_not) for one in found if one.numbers]
        write_text(render_totem_table(rows, "csv"))
    else:
        write_text(render_totem_json(found) if output is TotemFormat.json else render_totem(found))
    if all(one.why_not for one in found):  # not a Pokémon, banned, not a playable card
        raise Finished(EXIT_PROBLEMS)


def _collection_totems(
    card: str | None,
    collection: str,
    output: TotemFormat,
    best: int,
    owned_totem: bool,
    draft: bool,
    lang: str,
    files: tuple[Path | None, Path | None, str | None],
) -> None:
    """``totem --collection``: rank the Totems the collection builds, with a first draft
    (or, for a named card, its draft); the collection's unknown lines go to stderr."""
    from totemdeck.api import (
        Catalogue,
        best_totems,
        draft_for,
        lookup_totem,
        make_checker,
        read_collection,
    )
    from totemdeck.base.errors import NotFound
    from totemdeck.report import render_collection_problems, render_draft, render_ranking

    banlist, format_file, catalogue = files
    with Catalogue.open(catalogue) as cat:
        checker = make_checker(cat, banlist, format_file, lang)
        owned = read_collection(cat, collection)
        if owned.findings:
            write_stderr(render_collection_problems(owned))
        if card is not None:
            found = [one for one in lookup_totem(cat, card, checker.ctx.fmt) if one.numbers]
            if not found:
                raise NotFound(_("{card} cannot be a Totem").format(card=card))
            totem = found[0].card
            write_text(render_draft(draft_for(checker, owned, totem), totem, lang))
            return
        ranked = best_totems(checker, owned, best, owned_totem)
        text = render_ranking(ranked, output.value, lang)
        if draft and ranked and output is TotemFormat.text:
            top = ranked[0][1]
            text += "\n" + render_draft(draft_for(checker, owned, top), top, lang)
    write_text(text)
