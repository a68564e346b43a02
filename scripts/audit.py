"""The data audit of every TCGdex-only print (``make audit``): a maintainer's tool.

Lists each disagreement between a TCGdex-only print and the other prints of its card,
FORMAT.md's definitions, or (``--spanish``) TCGdex's Spanish record of the card, that
``totemdeck/data/known_errors.yaml`` does not explain; the known ones counted by field; and
the known entries the audit no longer finds. Exit 1 when anything is unexplained or stale
(tests/rules/test_data_audit.py fails alike), else 0. The library function is
``totemdeck.rules.data_audit.audit``. Output is for maintainers, in English (as
``make messages`` is).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from totemdeck.base.errors import TotemdeckError
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules.data_audit import audit, stale, summary


def records_in(folder: Path | None) -> Callable[[str], dict[str, Any] | None] | None:
    """Card id → its record in ``folder`` (``<id>.json``), or None without a folder."""
    if folder is None:
        return None

    def record(card_id: str) -> dict[str, Any] | None:
        path = folder / f"{card_id}.json"
        return dict(json.loads(path.read_text("utf-8"))) if path.is_file() else None

    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalogue", default=None, help="catalogue folder (default: ./cards)")
    parser.add_argument("--json", action="store_true", help="every disagreement, as JSON")
    parser.add_argument(
        "--spanish", type=Path, default=None, help="TCGdex's Spanish cards/ folder (a mirror's)"
    )
    args = parser.parse_args(argv)
    try:
        with Catalogue.open(args.catalogue) as catalogue:
            found = audit(catalogue.iter_cards(), other_language=records_in(args.spanish))
    except TotemdeckError as exc:  # no catalogue, a damaged one: one line, as the commands say
        print(f"audit: error: {exc}", file=sys.stderr)
        return exc.exit_code
    gone = stale(found)
    unexplained = [d for d in found if d.known is None]
    if args.json:
        print(json.dumps([d.as_dict() for d in found], indent=1, ensure_ascii=False))
    else:
        for d in unexplained:
            print(f"{d.card}: {d.field} is {d.ours!r}, {d.against} say {d.expected!r}")
        for card, field in gone:
            print(f"{card}: {field} is listed in known_errors.yaml but no longer disagrees")
        for field, counts in summary(found).items():
            print(f"{field}: {counts['known']} known, {counts['unexplained']} unexplained")
        print(f"{len(found)} disagreements, {len(unexplained)} unexplained, {len(gone)} stale")
    return 1 if unexplained or gone else 0


if __name__ == "__main__":
    sys.exit(main())
