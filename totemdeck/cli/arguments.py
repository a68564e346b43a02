"""Arguments as the CLI reads them: bytes that are not text, and click's usage errors.

POSIX passes arguments as bytes; Python decodes them with the locale's encoding and keeps
what does not decode as surrogates (``$'\\xff'`` becomes ``'\\udcff'``), which fail much later,
deep inside SQLite or YAML, as a traceback. Here they are settled before any command runs:
an argument naming an existing file is left alone (its bytes open it), UTF-8 bytes that a
non-UTF-8 locale (``LC_ALL=C``) could not decode become text, and anything else is refused
in one line (exit 2).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

from totemdeck.base.errors import UsageError
from totemdeck.i18n import _

LANG_FLAG = "--lang"
LANG_HELP = (
    "Language of the output and the help (en, es); default: TOTEMDECK_LANG, else the locale."
)


def language_argument(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang X`` / ``--lang=X`` before any ``--``."""
    found: str | None = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == LANG_FLAG and index + 1 < len(argv):
            found = argv[index + 1]
        elif arg.startswith(LANG_FLAG + "="):
            found = arg.partition("=")[2]
    return found


class NotText(UsageError):
    """An argument that is not UTF-8 text (exit 2)."""


def _escaped(arg: str) -> bool:
    return any("\udc80" <= ch <= "\udcff" for ch in arg)


def not_text(arg: str) -> NotText:
    return NotText(
        _(
            "an argument is not UTF-8 text: {bytes}; write it in UTF-8 (or run in a UTF-8 "
            "locale, such as LC_ALL=C.UTF-8)"
        ).format(bytes=repr(os.fsencode(arg)))
    )


def text_arguments(args: list[str]) -> list[str]:
    """``args`` with every argument that is not a file name decoded as UTF-8 text."""
    settled = []
    for arg in args:
        if _escaped(arg) and not os.path.lexists(arg):
            try:
                arg = os.fsencode(arg).decode("utf-8")
            except UnicodeError:
                raise not_text(arg) from None
        settled.append(arg)
    return settled


class Unnameable(UsageError):
    """A name given as text that the locale's file system encoding cannot write (exit 2)."""


def unnameable(error: UnicodeEncodeError, args: Sequence[str]) -> Unnameable | None:
    """The one-line error for a path this locale cannot name (``LC_ALL=C PYTHONUTF8=0`` and
    ``-o sálida.txt`` or a missing ``mazo-pokémon.txt``: issue 44.6), when the characters
    came from an argument; None for any other encoding error (a bug: the traceback stays)."""
    name = error.object
    if not isinstance(name, str) or error.encoding != sys.getfilesystemencoding():
        return None
    wanted = name[error.start : error.end]
    if not any(wanted in arg for arg in args):
        return None
    return Unnameable(
        _(
            "{path}: this locale cannot name the file ({encoding}); run in a UTF-8 locale "
            "(LC_ALL=C.UTF-8) or with PYTHONUTF8=1"
        ).format(path=name, encoding=error.encoding)
    )


def first_escaped(args: list[str]) -> str | None:
    """The first argument holding undecoded bytes (a file name), for the error that names it."""
    return next((arg for arg in args if _escaped(arg)), None)


def usage_error(error: Any) -> None:
    """A click usage error (typer's ``TyperException``) as
    ``totemdeck: error: No such option: --nope`` in one line; on a terminal, the hint
    ``try 'totemdeck check --help'`` follows, as click's own three lines had it."""
    from totemdeck.cli.output import one_line, to_stderr

    to_stderr(f"totemdeck: error: {one_line(error.format_message())}")
    ctx = getattr(error, "ctx", None)
    if ctx is not None and sys.stderr is not None and sys.stderr.isatty():
        hint = _("try '{command} --help' for help").format(command=ctx.command_path)
        to_stderr(f"  ({hint})")
