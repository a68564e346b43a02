"""The base of every error totemdeck reports to a person: one line, a documented exit code."""

from __future__ import annotations


class TotemdeckError(Exception):
    """An expected failure (bad input, missing catalogue, unreachable source).

    The CLI prints ``totemdeck: error: <message>`` and exits with ``exit_code``; library
    users catch it to tell expected failures from bugs.
    """

    exit_code = 2
