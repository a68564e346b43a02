"""Cut the committed fixture mirror (tests/fixtures/mirror/) from the shared card data mirrors.

A clone of the public repository has no ``../shared``: its unit tests import this small
mirror instead (tests/conftest.py), so the importer, the rules, the readers and the pages are
tested on real records in the sources' own layout. ``tests/fixtures/mirror.yaml`` says what
is in it and why: whole sets (the tests that cut a few whole sets from a mirror, and the set
counts they assert) and single prints (every print a unit test reads from the catalogue, by
the test module that first needs it). This script is the only writer of the folder, and it
writes the same bytes from the same mirror and selection (sorted, fixed JSON spelling).

    python scripts/fixture_mirror.py [--shared ../shared/data]          # write the folder
    python scripts/fixture_mirror.py --check                            # exit 1 if it differs

A set is kept as its source lists it (its counts, codes and dates, which the importer's set
matching reads), with only the chosen prints in its card list. Every record is the source's,
value for value; the files are written compact (pokemon-tcg-data indents its own by 2 spaces:
a third of their bytes, which the 3 MB would otherwise spend on whitespace).
"""

from __future__ import annotations

import argparse
import filecmp
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
SELECTION = ROOT / "tests" / "fixtures" / "mirror.yaml"
TARGET = ROOT / "tests" / "fixtures" / "mirror"
LIMIT = 3_000_000  # bytes (issue 39: at most 3 MB)


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _compact(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")


def _chosen(part: dict[str, Any]) -> tuple[set[str], set[str]]:
    """The whole sets and the single prints one source's part of the selection names."""
    whole = set(part.get("sets") or {})
    prints = {card for group in part.get("prints") or [] for card in group["ids"]}
    return whole, prints


def cut_pokemontcg(src: Path, out: Path, part: dict[str, Any]) -> None:
    """``sets/en.json`` and ``cards/en/<set>.json``, as pokemon-tcg-data lays them out."""
    whole, prints = _chosen(part)
    by_set: dict[str, list[dict[str, Any]]] = {}
    for set_id in sorted(whole | {p.rsplit("-", 1)[0] for p in prints}):
        cards = _read(src / "cards" / "en" / f"{set_id}.json")
        kept = [c for c in cards if set_id in whole or c["id"] in prints]
        by_set[set_id] = kept
    missing = prints - {c["id"] for kept in by_set.values() for c in kept}
    if missing:
        sys.exit(f"fixture_mirror: pokemontcg has no print {sorted(missing)[:5]}")
    _compact(
        out / "sets" / "en.json", [s for s in _read(src / "sets" / "en.json") if s["id"] in by_set]
    )
    for set_id, kept in by_set.items():
        _compact(out / "cards" / "en" / f"{set_id}.json", kept)


def _tcgdex_set_of(src: Path, card_id: str) -> str:
    return str(_read(src / "en" / "cards" / f"{card_id}.json")["set"]["id"])


def cut_tcgdex(src: Path, out: Path, part: dict[str, Any]) -> None:
    """``{lang}/sets.json``, ``{lang}/sets/<set>.json``, ``{lang}/cards/<card>.json`` and
    ``{lang}/cards.json`` for en and es, as the TCGdex API copy lays them out."""
    whole, prints = _chosen(part)
    set_ids = whole | {_tcgdex_set_of(src, card_id) for card_id in prints}
    for lang in ("en", "es"):
        kept_ids: list[str] = []
        listed = [s for s in _read(src / lang / "sets.json") if s["id"] in set_ids]
        _compact(out / lang / "sets.json", listed)
        for entry in listed:
            detail = _read(src / lang / "sets" / f"{entry['id']}.json")
            detail["cards"] = [
                c for c in detail["cards"] if entry["id"] in whole or c["id"] in prints
            ]
            _compact(out / lang / "sets" / f"{entry['id']}.json", detail)
            for card in detail["cards"]:
                path = src / lang / "cards" / f"{card['id']}.json"
                if path.is_file():
                    _compact(out / lang / "cards" / path.name, _read(path))
                    kept_ids.append(card["id"])
        brief = [c for c in _read(src / lang / "cards.json") if c["id"] in set(kept_ids)]
        _compact(out / lang / "cards.json", brief)


def cut(shared: Path, out: Path) -> int:
    """Write the fixture mirror into ``out`` (emptied first); its size in bytes."""
    selection = yaml.safe_load(SELECTION.read_text(encoding="utf-8"))
    if out.exists():
        shutil.rmtree(out)
    cut_pokemontcg(shared / "pokemontcg", out / "pokemontcg", selection["pokemontcg"])
    cut_tcgdex(shared / "tcgdex" / "v2", out / "tcgdex" / "v2", selection["tcgdex"])
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())


def _same(a: Path, b: Path) -> bool:
    compared = filecmp.dircmp(a, b)
    if compared.left_only or compared.right_only or compared.diff_files or compared.funny_files:
        return False
    return all(_same(a / d, b / d) for d in compared.common_dirs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    if not (args.shared / "pokemontcg").is_dir() or not (args.shared / "tcgdex").is_dir():
        print(f"fixture_mirror: no card data mirrors in {args.shared}", file=sys.stderr)
        return 2
    if args.check:
        with tempfile.TemporaryDirectory() as scratch:
            cut(args.shared, Path(scratch) / "mirror")
            if _same(Path(scratch) / "mirror", TARGET):
                return 0
        print(f"fixture_mirror: {TARGET} is stale: run scripts/fixture_mirror.py", file=sys.stderr)
        return 1
    size = cut(args.shared, TARGET)
    print(f"{TARGET.relative_to(ROOT)}: {size:,} bytes")
    if size > LIMIT:
        print(f"fixture_mirror: over {LIMIT:,} bytes: choose fewer prints", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
