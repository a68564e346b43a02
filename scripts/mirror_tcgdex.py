"""Copy the TCGdex API into a static folder with the API's paths (``{lang}/sets.json``,
``{lang}/sets/{id}.json``, ``{lang}/cards/{id}.json``, ``{lang}/cards.json``).

The test suite and offline users read such a copy (``--from DIR``); the public CI builds it
with this script and caches it. Usage:

    python scripts/mirror_tcgdex.py OUT_DIR [--from URL] [--lang en,es] [--workers 8]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from totemdeck.files import write_atomically
from totemdeck.sources.http import FetchError, Location, make_session, quote_segment
from totemdeck.sources.tcgdex import DEFAULT_URL
from totemdeck.sources.tcgdex.client import fetch_all


def _save(out: Path, path: str, data: object) -> None:
    target = out / path
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def mirror(out: Path, origin: str, langs: list[str], workers: int) -> int:
    """Mirror every set and card; returns the number of documents written."""
    location = Location(origin, session=make_session(pool=workers, base_url=origin))
    written = 0
    for lang in langs:
        sets = location.fetch_json(f"{lang}/sets.json").data
        _save(out, f"{lang}/sets.json", sets)
        ids = [s["id"] for s in sets]
        brief = []
        for set_id, result in fetch_all(
            lambda i, lang=lang: location.fetch_json(f"{lang}/sets/{quote_segment(i)}.json"),
            ids,
            workers,
        ):
            if isinstance(result, FetchError):
                raise result
            _save(out, f"{lang}/sets/{set_id}.json", result.data)
            brief += result.data.get("cards") or []
            written += 1
        _save(out, f"{lang}/cards.json", brief)
        card_ids = [c["id"] for c in brief]
        for card_id, result in fetch_all(
            lambda i, lang=lang: location.fetch_json(f"{lang}/cards/{quote_segment(i)}.json"),
            card_ids,
            workers,
        ):
            if isinstance(result, FetchError):
                print(f"skipped {lang}/{card_id}: {result}", file=sys.stderr)
                continue
            _save(out, f"{lang}/cards/{card_id}.json", result.data)
            written += 1
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--from", dest="origin", default=DEFAULT_URL)
    parser.add_argument("--lang", default="en,es")
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args()
    count = mirror(args.out, args.origin, args.lang.split(","), args.workers)
    print(f"wrote {count} documents under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
