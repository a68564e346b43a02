"""The ``totemdeck`` command: a thin typer layer over the library.

Library exceptions become one-line errors and documented exit codes in exactly one place,
``main``; the commands live in the modules beside this one and import the library lazily,
so ``totemdeck --version`` and ``totemdeck check`` start fast. ``main`` also settles the
language (``--lang``, ``TOTEMDECK_LANG``, the locale) before click reads the arguments, so
the help and every message are in it.
"""

from __future__ import annotations

import gc
import re
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn

from totemdeck import __version__
from totemdeck.base.errors import TotemdeckError
from totemdeck.cli.arguments import (
    first_escaped,
    language_argument,
    not_text,
    text_arguments,
    unnameable,
    usage_error,
)
from totemdeck.cli.output import report_error
from totemdeck.i18n import resolve_language

if TYPE_CHECKING:
    import typer

    app: typer.Typer


def __getattr__(name: str) -> Any:
    """``totemdeck.cli.app``: the typer application, built on first use (``cli.root``)."""
    if name == "app":
        from totemdeck.cli.root import load_all

        return load_all()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # i18n: keep


def add_lang_options(command: Any) -> None:
    """Give every command of the tree the shared ``--lang`` (``cli.language``)."""
    from totemdeck.cli import language

    language.add_lang_options(command)


def localise(command: Any) -> None:
    """Translate the tree's help texts into the current language (``cli.language``)."""
    from totemdeck.cli import language

    language.localise(command)


# A command stopped by a signal exits with the shell's 128 + its number.
EXIT_INTERRUPTED = 128 + signal.SIGINT  # 130, Ctrl-C
EXIT_TERMINATED = 128 + signal.SIGTERM  # 143: kill, systemd, docker stop


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, so it unwinds as for Ctrl-C: an import's
    unfinished copy is removed, locks are released, queued downloads are cancelled."""


class _Stops:
    """The signal that stopped the command (typer turns the interruption into exit 130)."""

    received: int | None = None
    deferred: int | None = None  # met inside a callback whose exceptions Python ignores


def _stop(signum: int, frame: FrameType | None) -> None:
    if _ignores_exceptions(frame):  # raised there, it would be printed and lost (issue 43.8)
        _Stops.deferred = signum
        signal.signal(signal.SIGALRM, _deferred)
        signal.setitimer(signal.ITIMER_REAL, _DEFER_SECONDS)
        return
    _Stops.received = signum
    if signum == signal.SIGTERM:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one must not cut the clean-up
        raise Terminated
    raise KeyboardInterrupt


_DEFER_SECONDS = 0.01


def _deferred(_signum: int, frame: FrameType | None) -> None:
    """The deferred signal, delivered again once out of the callback it met."""
    signum = _Stops.deferred
    if signum is not None:
        _Stops.deferred = None
        _stop(signum, frame)


def _ignores_exceptions(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs where Python prints an exception and goes on: a weakref
    callback of the import system (``_get_module_lock``'s ``cb``) or a ``__del__``."""
    for _depth in range(3):
        if frame is None:
            return False
        code = frame.f_code
        if code.co_name == "__del__" or (
            code.co_name == "cb" and code.co_filename.startswith("<frozen importlib")
        ):
            return True
        frame = frame.f_back
    return False


@contextmanager
def _signals_unwind() -> Iterator[None]:
    """SIGINT and SIGTERM raise where the program is while a command runs (the main thread
    only, as Python allows; elsewhere the defaults stay)."""
    _Stops.received = None
    try:
        previous = {signum: signal.signal(signum, _stop) for signum in _STOPPING}
    except ValueError:  # not the main thread (a test runner, a web worker)
        yield
        return
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


_STOPPING = (signal.SIGINT, signal.SIGTERM)


def _interrupted() -> int:
    """Say so on stderr; 143 for SIGTERM, 130 for Ctrl-C."""
    from totemdeck.cli.output import inform
    from totemdeck.i18n import _

    if _Stops.received == signal.SIGTERM:
        inform(_("interrupted (SIGTERM)"))
        return EXIT_TERMINATED
    inform(_("interrupted"))
    return EXIT_INTERRUPTED


def run() -> NoReturn:
    """The ``totemdeck`` command: ``main()``, then leave (at once when nothing is pending).

    From its first line to its last, a signal has one meaning (issue 43.8): SIGTERM and
    SIGINT unwind as an interruption (143, 130) until the command is done, however early
    they come (reading the arguments, loading the language); once it is done, they end the
    process as the shell expects (killed by that signal, no traceback) while the output is
    flushed."""
    from totemdeck.cli.leave import leave
    from totemdeck.cli.streams import whole_streams

    try:
        for signum in _STOPPING:
            signal.signal(signum, _stop)
        whole_streams()  # every byte written, or an error said (issue 43.1)
        code = main()
    except KeyboardInterrupt:  # before or after the command's own handling
        code = _interrupted()
    signal.setitimer(signal.ITIMER_REAL, 0)  # a signal still deferred: the command is done
    for signum in _STOPPING:
        signal.signal(signum, signal.SIG_DFL)
    leave(code)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code instead of raising (``main(argv) -> int``)."""
    from totemdeck.cli.output import Started, flush_stdout, prepare_streams, stdout_failure
    from totemdeck.i18n import use_language

    prepare_streams()
    Started.command = False
    args = dash_query(sys.argv[1:] if argv is None else list(argv))
    try:
        args = text_arguments(args)
        language = resolve_language(language_argument(args))
    except TotemdeckError as exc:  # an unknown --lang, before any command runs
        report_error(exc)
        return exc.exit_code
    with use_language(language):
        try:
            code = _run(args)
        except OSError as exc:  # click writing help/usage to a broken stdout, or a bug
            failed = stdout_failure(exc)
            if failed is None:
                raise
            return failed
    unflushed = flush_stdout()  # a report still buffered for a full or closed stdout
    return unflushed if unflushed is not None and code == 0 else code


# ``card search``'s own short options; any other argument starting with one "-" is the query.
_SEARCH_OPTION = re.compile(r"-(n\d*|f(text|json|csv)?|h)|--[a-z][a-z-]*(=.*)?", re.DOTALL)


def dash_query(args: list[str]) -> list[str]:
    """``card search '-is:banned t:item'``: a query that starts with ``-`` is the query, not
    an unknown option (a leading space keeps click from reading it; the search strips it)."""
    if args[:2] != ["card", "search"]:
        return args
    out = args[:2]
    for index, arg in enumerate(args[2:], start=2):
        if arg == "--":  # the POSIX end of options: what follows is the query, as written
            return out + args[index:]
        query = arg.startswith("-") and not _SEARCH_OPTION.fullmatch(arg)
        out.append(" " + arg if query else arg)
    return out


def _run(args: list[str]) -> int:
    if args == ["--version"]:  # the answer needs no command tree (nor typer): a quick start
        from totemdeck.cli.output import write_stdout

        try:
            write_stdout(f"totemdeck {__version__}\n")
        except TotemdeckError as exc:  # a full or closed stdout
            report_error(exc)
            return exc.exit_code
        return 0
    from totemdeck.cli.output import Finished
    from totemdeck.cli.quick import plan

    quick = plan(args)  # a plain check, totem or card search: read without typer
    try:
        with _signals_unwind(), _without_gc(quick is not None):
            result = _with_typer(args) if quick is None else quick()
            if _Stops.received is not None:  # typer returned 130 for the interruption
                return _interrupted()
    except Finished as done:  # a command's own exit code
        return done.exit_code
    except KeyboardInterrupt:
        return _interrupted()
    except TotemdeckError as exc:  # every expected failure, each kind with its exit code
        report_error(exc)
        return exc.exit_code
    except UnicodeEncodeError as exc:  # a file name's bytes met where text was needed
        escaped = first_escaped(args)
        if escaped is None or max(exc.object[exc.start : exc.end]) < "\udc80":
            unnamed = unnameable(exc, args)  # or text the locale cannot name a file with
            if unnamed is None:
                raise
            report_error(unnamed)
            return unnamed.exit_code
        failure = not_text(escaped)
        report_error(failure)
        return failure.exit_code
    return result if isinstance(result, int) else 0


@contextmanager
def _without_gc(bounded: bool) -> Iterator[None]:
    """No cyclic garbage collection during a quick command (a check, totem or card search:
    work bounded by the input limits, whose data holds few cycles): the collector's passes
    over the freshly imported modules cost a cold check ~4 ms. Long commands keep it."""
    enabled = gc.isenabled()
    if bounded:
        gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _with_typer(args: list[str]) -> int:
    """Build the command tree (what ``args`` need of it) and let typer read and run them."""
    import typer
    from typer.main import get_command

    from totemdeck.cli.root import load_for

    command = get_command(load_for(args))
    add_lang_options(command)
    localise(command)
    try:
        result = command.main(args=args, prog_name="totemdeck", standalone_mode=False)
    except typer.Exit as done:
        return done.exit_code
    except typer.Abort:
        return _interrupted()
    except typer.TyperException as exc:  # usage errors: unknown option, bad value…
        usage_error(exc)
        code: int = exc.exit_code
        return code
    # click returns the code of a ``typer.Exit`` instead of raising it when not standalone
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
