"""Small copies of the shared data mirrors (a few sets), for tests that change files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path


def small_pokemontcg(tmp_path: Path, src: Path, set_ids: list[str]) -> Path:
    """``sets/en.json`` and ``cards/en/<set>.json`` for ``set_ids`` only."""
    root = tmp_path / "pokemontcg"
    (root / "sets").mkdir(parents=True)
    (root / "cards/en").mkdir(parents=True)
    sets = [s for s in json.loads((src / "sets/en.json").read_text()) if s["id"] in set_ids]
    (root / "sets/en.json").write_text(json.dumps(sets))
    for set_id in set_ids:
        shutil.copy(src / f"cards/en/{set_id}.json", root / f"cards/en/{set_id}.json")
    return root


def small_tcgdex(tmp_path: Path, src: Path, set_ids: list[str]) -> Path:
    """The TCGdex API copy's layout (en and es) for ``set_ids`` only."""
    root = tmp_path / "tcgdex"
    for lang in ("en", "es"):
        (root / lang / "sets").mkdir(parents=True)
        (root / lang / "cards").mkdir(parents=True)
        listed = json.loads((src / lang / "sets.json").read_text(encoding="utf-8"))
        keep = [s for s in listed if s["id"] in set_ids]
        (root / lang / "sets.json").write_text(json.dumps(keep), encoding="utf-8")
        for set_id in (s["id"] for s in keep):
            shutil.copy(src / lang / "sets" / f"{set_id}.json", root / lang / "sets")
            detail = json.loads((src / lang / "sets" / f"{set_id}.json").read_text("utf-8"))
            for card in detail["cards"]:
                if (src / lang / "cards" / f"{card['id']}.json").is_file():
                    shutil.copy(src / lang / "cards" / f"{card['id']}.json", root / lang / "cards")
    return root


def prints_in(mirror: Path, *set_ids: str) -> int:
    """How many prints a pokemon-tcg-data mirror's card files hold (of ``set_ids``, or all):
    the fixture mirror holds some sets whole (base1: 102) and others in part (sv3)."""
    files = [mirror / f"cards/en/{s}.json" for s in set_ids] or (mirror / "cards/en").glob("*.json")
    return sum(len(json.loads(path.read_text(encoding="utf-8"))) for path in files)
