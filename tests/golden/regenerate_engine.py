#!/usr/bin/env python3
"""Writes the engine's golden files from the engine as it is now.

    .venv/bin/python tests/golden/regenerate_engine.py           # dry run: lists the files that would change
    .venv/bin/python tests/golden/regenerate_engine.py --write   # rewrites them (then review `git diff`)

Golden files pin behaviour that must never drift (a code deals the same cards for ever; a list
of moves gives the same states). Regenerate only for a deliberate, reviewed change of the rules
or of the state format, never to make a failing test pass.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402

DEAL_CODES = (
    "CR1-N-AAAAAAA",
    "CR1-N-AAAAAAB",
    "CR1-N-HELLOYO",
    "CR1-N-ZZZZZZZ",
    "CF1-D3-AAAAAAA",
    "CF1-D3-AAAAACL",
    "CF1-D1-AAAAACL",
    "CF1-D1-QWERTYU",
    "CF1-D3-ZZZZZZZ",
)

# name: (code, seed of the move choices, number of actions, one action in N is an undo)
PLAYTHROUGHS: dict[str, tuple[str, int, int, int]] = {
    "crescent-AAAAAAB": ("CR1-N-AAAAAAB", 1, 80, 9),
    "crescent-PLAYTHR": ("CR1-N-PLAYTHR", 2, 80, 0),
    "canfield-d3-AAAAACL": ("CF1-D3-AAAAACL", 3, 80, 9),
    "canfield-d1-PLAYTHR": ("CF1-D1-PLAYTHR", 4, 80, 7),
}


def dumps(data: Any) -> str:
    """One JSON layout for every golden file: a state per line, so diffs stay readable."""
    if isinstance(data, dict) and "states" in data:
        head = {k: v for k, v in data.items() if k != "states"}
        lines = ",\n".join("  " + json.dumps(s, separators=(",", ":")) for s in data["states"])
        return json.dumps(head, indent=1)[:-2] + ',\n "states": [\n' + lines + "\n ]\n}\n"
    return json.dumps(data, indent=1) + "\n"


def playthrough(code: str, seed: int, count: int, undo_every: int) -> dict[str, Any]:
    """A random game: the actions (moves and "undo") and the state after each."""
    rng = random.Random(seed)
    game = engine.new_game(code)
    actions, states = [], []
    for _ in range(count):
        legal = game.legal_moves()
        if not legal:
            break
        if undo_every and rng.randrange(undo_every) == 0 and game.can_undo:
            game.undo()
            actions.append("undo")
        else:
            move = rng.choice(legal)
            game.play(move)
            actions.append(move)
        states.append(game.state())
    return {"code": code, "actions": actions, "states": states}


def files() -> dict[Path, str]:
    out = {HERE / "deals" / f"{code}.json": dumps(engine.new_game(code).state()) for code in DEAL_CODES}
    for name, spec in PLAYTHROUGHS.items():
        out[HERE / "playthroughs" / f"{name}.json"] = dumps(playthrough(*spec))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--write", action="store_true", help="rewrite the golden files")
    args = parser.parse_args()
    changed = [p for p, text in files().items() if not p.exists() or p.read_text(encoding="utf-8") != text]
    for path, text in files().items():
        if path in changed:
            print(("writing " if args.write else "would change ") + str(path.relative_to(ROOT)))
            if args.write:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    if not changed:
        print("golden files are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
