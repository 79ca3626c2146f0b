#!/usr/bin/env python3
"""Measures the stored puzzles' features, writes them, and checks the rating against play.

For each docs/puzzles/*.json this computes, with the engine:

- `beginner`: the action a beginner plays there, and whether it is a wrong one
  (`beginner_falls`). Crescent: scripts/greedy.py's `greedy_move`. Canfield has no greedy
  beginner there, so BEGINNER_ORDER below is its analogue: a card home first, then the reserve
  onto a column, then the waste onto a column, then a draw, then anything else (engine order).
- `shallow`: the action a depth-limited search picks, for each depth in SHALLOW_DEPTHS: every
  action is scored by the most cards on the foundations any line of `depth` further actions
  (never coming back to a position of the line) reaches, a win above all; it picks one of the
  best at random, so it fails a puzzle with the share of wrong actions among its best ones.

`--write` stores {"beginner", "beginner_falls", "shallow"} as the puzzle's "features" (the
other features, legal actions, proof nodes and refutation depth, are the stored proof's:
sitegen/puzzles.py `features`). Without it the file is only checked. Either way it prints per
game the distributions and the agreement between the rating (sitegen/puzzles.py `rating`) and
how many of the beginner and the shallow searches fail each puzzle (at any of its steps:
`failures`): Spearman's rank
correlation (ties ranked by their average), computed here with the standard library.

    .venv/bin/python scripts/rate_puzzles.py [--write]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.notation import Move  # noqa: E402
from scripts.clean_line import position_key  # noqa: E402
from scripts.greedy import greedy_move  # noqa: E402
from sitegen.puzzles import GAMES, GRADE_BOUNDS, features, load_puzzle, rating  # noqa: E402

DOCS = ROOT / "docs"
# Depths 4 and 5 since session 9: with 1 to 3 only, 21 of the 41 Canfield puzzles were failed
# by all four checkers and 8 of the 45 Crescent ones, a tie the ranking could not see into
# (Spearman 0.23 for Canfield). With 1 to 5, 14 and 5 are; the deeper two cost 2.4 CPU-s in all.
SHALLOW_DEPTHS = (1, 2, 3, 4, 5)
WON = 10_000  # a won line's score: above any count of cards


def _home(move: str) -> bool:
    return Move.parse(move).to_foundation


def beginner_move(game: Any) -> str | None:
    """The beginner's action in `game` (see the module's docstring)."""
    return _BEGINNERS[game.game](game)


def _crescent_beginner(game: Any) -> str | None:
    return greedy_move(game, frozenset({position_key(game.state())}))


def _canfield_beginner(game: Any) -> str | None:
    legal = game.legal_moves()
    order = (
        _home,
        lambda m: m.startswith("R>"),
        lambda m: m.startswith("W>"),
        lambda m: m == "draw",
    )
    for test in order:
        for move in legal:
            if test(move):
                return move
    return legal[0] if legal else None


# Each game's beginner, by its name (a key of engine.games.GAME_KINDS).
_BEGINNERS: dict[str, Callable[[Any], str | None]] = {
    "crescent": _crescent_beginner,
    "canfield": _canfield_beginner,
}


def _cards_home(state: dict[str, Any]) -> int:
    return sum(len(cards) for cards in state["foundations"].values())


def _best(game: Any, depth: int, path: set[str]) -> int:
    """The best score a line of at most `depth` actions from `game` reaches."""
    if game.status == "won":
        return WON
    here = _cards_home(game.state())
    if depth == 0:
        return here
    best = here
    for move in game.legal_moves():
        twin = game.copy()
        twin.play(move)
        key = position_key(twin.state())
        if key in path:
            continue
        path.add(key)
        best = max(best, _best(twin, depth - 1, path))
        path.discard(key)
        if best == WON:
            break
    return best


def shallow_moves(game: Any, depth: int) -> list[str]:
    """The actions a search `depth` actions deep after them scores best (a tie: all of them;
    the search cannot tell them apart, so it picks one of them at random)."""
    start = {position_key(game.state())}
    scores: dict[str, int] = {}
    for move in game.legal_moves():
        twin = game.copy()
        twin.play(move)
        key = position_key(twin.state())
        scores[move] = _best(twin, depth - 1, start | {key})
    top = max(scores.values())
    return sorted(move for move, score in scores.items() if score == top)


def measure(name: str, docs: Path = DOCS) -> dict[str, Any]:
    puzzle = load_puzzle(docs, name, ROOT)
    game = engine.from_state(puzzle.state)
    first = beginner_move(game)
    return {
        "beginner": first,
        "beginner_falls": first is not None and first != puzzle.move,
        "shallow": {str(d): shallow_moves(game, d) for d in SHALLOW_DEPTHS},
    }


def ranks(values: list[float]) -> list[float]:
    """1-based ranks, ties given the average of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    """Pearson's correlation of the ranks (right with ties, unlike the 1 - 6Σd² shortcut)."""
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else 0.0


def step_failures(game: Any, move: str) -> list[float]:
    """At one position whose right action is `move`: the beginner's and each shallow search's
    (SHALLOW_DEPTHS) chance of a wrong action there."""
    first = beginner_move(game)
    out = [float(first is not None and first != move)]
    for depth in SHALLOW_DEPTHS:
        best = shallow_moves(game, depth)
        out.append(sum(m != move for m in best) / len(best))
    return out


def failures(puzzle: Any, shallow_only: bool = False) -> float:
    """How many of the beginner and the shallow searches are expected to play a wrong action
    (a search whose best actions tie fails with the share of wrong ones among them). A "win in
    N" puzzle is failed when any of its steps is: each one gets every step right with the
    product of its chances at each step. The first step's are the stored features; the later
    steps' are measured here (the file's features are its first position's), as the rating
    counts the steps too and a check of step 1 alone cannot see them."""
    f = puzzle.features
    first = [float(f["beginner_falls"])]
    first += [
        sum(m != puzzle.move for m in f["shallow"][str(d)]) / len(f["shallow"][str(d)])
        for d in SHALLOW_DEPTHS
    ]
    right = [1 - x for x in first]
    for step in puzzle.later:
        for i, x in enumerate(step_failures(engine.from_state(step.state), step.move)):
            right[i] *= 1 - x
    fails = [1 - r for r in right]
    return sum(fails[1:]) if shallow_only else sum(fails)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="store the measured features")
    parser.add_argument("--docs", type=Path, default=DOCS, help="a docs folder (e.g. a staging set)")
    args = parser.parse_args()
    docs = args.docs
    names = sorted(p.stem for p in (docs / "puzzles").glob("*.json"))
    for name in names:
        measured = measure(name, docs)
        path = docs / "puzzles" / f"{name}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("features") != measured:
            if not args.write:
                print(f"{name}: stored features {data.get('features')} != measured {measured}")
                return 1
            data["features"] = measured
            path.write_text(
                json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
            )
    from sitegen import puzzle_records as module

    module._cache.clear()
    puzzles = [load_puzzle(docs, name, ROOT) for name in names]
    everyone: tuple[list[float], list[float], list[float]] = ([], [], [])
    for game in (*GAMES, "all"):
        chosen = [p for p in puzzles if game in (p.game, "all")]
        feats = [features(p) for p in chosen]
        rated = [rating(p) for p in chosen]
        print(f"== {game}: {len(chosen)} puzzles")
        for key in ("legal", "depth", "beginner_falls", "steps"):
            print(f"  {key}: {dict(sorted(Counter(f[key] for f in feats).items()))}")
        sizes = sorted(f["nodes"] for f in feats)
        print(f"  proof nodes: min {sizes[0]}, median {sizes[len(sizes) // 2]}, max {sizes[-1]}")
        doublings = Counter((1 + f["nodes"]).bit_length() - 1 for f in feats)
        print(f"  proof doublings: {dict(sorted(doublings.items()))}")
        print(f"  grades: {dict(Counter(p.difficulty['grade'] for p in chosen))}")
        verdicts = Counter(
            v["status"]
            for p in chosen
            for alts in (p.alternatives, *(s.alternatives for s in p.later))
            for v in alts.values()
        )
        print(f"  verdicts of wrong actions: {dict(verdicts)}")
        print(f"  ratings: {sorted(rated)}")
        if game in GRADE_BOUNDS:
            cut = sorted(rated)
            thirds = (cut[len(cut) // 3], cut[2 * len(cut) // 3])
            print(f"  the ratings' thirds from: {thirds} (GRADE_BOUNDS: {GRADE_BOUNDS[game]})")
        fails = [failures(p) for p in chosen]
        shallow = [failures(p, True) for p in chosen]
        spread = dict(sorted(Counter(round(x, 2) for x in fails).items()))
        print(f"  failures (beginner + depths {SHALLOW_DEPTHS}): {spread}")
        print(f"  Spearman(rating, failures) = {spearman([float(r) for r in rated], fails):.3f}")
        print(
            f"  Spearman(rating, shallow failures only) = {spearman([float(r) for r in rated], shallow):.3f}"
        )
        if game == "all":
            everyone = ([float(r) for r in rated], fails, shallow)
    return 0 if everyone[0] else 1


if __name__ == "__main__":
    sys.exit(main())
