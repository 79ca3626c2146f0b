#!/usr/bin/env python3
"""Finds puzzles in real games: positions where exactly one move keeps the game winnable.

For each deal the statistics run won (data/stats/*.jsonl), the solver's winning line is
replayed; at each of its positions (the last ones first: late positions have small search
spaces, where losses can be proved) every legal move is tried and the position after it solved.
A puzzle is a position where the line's move wins and the solver PROVES that every other
legal move loses (status "loss", within the budget). Each wrong move gets a refutation: the
line the solver's own move order plays from there until it runs out of new positions (Crescent:
usually a blocked game), cut to a few actions, which the page lets the reader step through.

Difficulty: the positions the solver's complete search needed to prove every wrong move lost
(deterministic, unlike the timed search that finds the win), and the tempting alternatives
(wrong moves that put a card on a foundation). Written to
docs/puzzles/<id>.json; tests/test_puzzles.py re-checks every proof with a node budget. The
grade written here is provisional: the build wants the band of the puzzle's rating
(sitegen/puzzles.py grade_of), which needs the beginner's measured choice, so a new file is
followed by `scripts/rate_puzzles.py --write` and `scripts/find_hard_puzzles.py --regrade`.
scripts/find_hard_puzzles.py looks for harder positions (more actions, a lure refuted late).

    nice -n 10 .venv/bin/python scripts/find_puzzles.py --game crescent --want 14 --max-minutes 20
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.games import game_kind  # noqa: E402
from engine.notation import Move  # noqa: E402
from engine.solver import _searcher  # noqa: E402
from sitegen.puzzles import grade_of  # noqa: E402

PUZZLE_DIR = ROOT / "docs" / "puzzles"
STATS = {"crescent": ["crescent.jsonl"], "canfield": ["canfield-d3.jsonl", "canfield-d1.jsonl"]}
FOUNDATIONS = {"crescent": ("S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-"), "canfield": ("S", "H", "D", "C")}
REFUTATION_MAX = 10  # actions shown of a refutation line
QUICK_SECONDS = 0.5  # first look at each alternative: a win found here rejects the position


def won_codes(game: str) -> list[str]:
    codes = []
    for name in STATS[game]:
        for line in (ROOT / "data" / "stats" / name).read_text().splitlines():
            row = json.loads(line)
            if row.get("status") == "win":
                codes.append(row["code"])
    return codes


def solve(game: engine.Game, seconds: float) -> Any:
    return engine.solve(game, max_seconds=seconds)


def tempting(kind: str, move: str) -> bool:
    """A wrong move that looks like progress: it puts a card on a foundation."""
    return Move.parse(move).dst in FOUNDATIONS[kind]


def refutation(game: engine.Game) -> list[str]:
    """From a lost position: the solver's first line (its own move order, never revisiting a
    position) until no new position is left, at most REFUTATION_MAX actions."""
    twin = game.copy()
    s = _searcher(twin)
    seen = {s.key()}
    line: list[str] = []
    while len(line) < REFUTATION_MAX:
        step = None
        for macro in s.moves(True):
            record = s.apply(macro)
            key = s.key()
            s.revert(record)
            if key not in seen:
                step = macro
                break
        if step is None:
            break
        names = s.names(step)
        if len(line) + len(names) > REFUTATION_MAX:
            break
        s.apply(step)
        seen.add(s.key())
        line.extend(names)
    # Replayed through the public API: what the page will show must be legal.
    check = game.copy()
    for move in line:
        check.play(move)
    return line


def examine(kind: str, game: engine.Game, good: str, budget: float) -> dict[str, Any] | None:
    """The proof that `good` is the only move keeping `game` winnable, or None."""
    legal = game.legal_moves()
    if good not in legal or len(legal) < 2:
        return None
    alternatives: dict[str, dict[str, Any]] = {}
    children = {}
    for move in legal:
        if move == good:
            continue
        child = game.copy()
        child.play(move)
        children[move] = child
        quick = solve(child, QUICK_SECONDS)
        if quick.status == "win":
            return None
        alternatives[move] = {"status": quick.status, "nodes": quick.nodes}
    for move, found in alternatives.items():
        if found["status"] != "loss":
            full = solve(children[move], budget)
            if full.status != "loss":
                return None
            alternatives[move] = {"status": "loss", "nodes": full.nodes}
    # Recorded nodes come from the complete search alone, which is deterministic (the quick
    # pass is timed): they are what tests/test_puzzles.py re-runs, and the difficulty.
    for move in alternatives:
        exact = engine.solve(children[move], max_seconds=budget * 5, quick=False)
        if exact.status != "loss":
            return None
        alternatives[move] = {"status": "loss", "nodes": exact.nodes}
    after = game.copy()
    after.play(good)
    win = solve(after, budget)
    if win.status != "win":
        return None
    return {
        "alternatives": alternatives,
        "win_nodes": win.nodes,
        "solution": [good, *win.moves],
        "refutations": {m: refutation(children[m]) for m in sorted(alternatives)},
    }


def grade(nodes: int, legal: int, tempting: int) -> str:
    """easy: the wrong moves die at once; hard: a big proof, or many tempting wrong moves."""
    score = nodes + 200 * tempting + 20 * legal
    return "easy" if score < 150 else "medium" if score < 2_000 else "hard"


def regrade(kind: str, budget: float) -> int:
    """Re-runs the complete search on every wrong move of the stored puzzles of `kind`."""
    for path in sorted(PUZZLE_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["game"] != kind:
            continue
        game = engine.from_state(data["state"])
        alternatives: dict[str, dict[str, Any]] = {}
        for move in sorted(data["proof"]["alternatives"]):
            child = game.copy()
            child.play(move)
            exact = engine.solve(child, max_seconds=budget * 5, quick=False)
            if exact.status != "loss":
                raise SystemExit(f"{path.name}: {move} is no longer proved lost ({exact.status})")
            alternatives[move] = {"status": "loss", "nodes": exact.nodes}
        data["proof"]["alternatives"] = alternatives
        nodes = sum(a["nodes"] for a in alternatives.values())
        lure = sorted(m for m in alternatives if tempting(kind, m))
        legal = len(game.legal_moves())
        depth = max(len(line) for line in data["refutations"].values())
        falls = bool(data.get("features", {}).get("beginner_falls"))
        data["difficulty"] = {
            "grade": grade_of(kind, legal, nodes, depth, falls),
            "nodes": nodes,
            "tempting": lure,
            "legal": legal,
        }
        path.write_text(
            json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
        )
        print(f"{path.stem}: {data['difficulty']}")
    return 0


def write_puzzle(ident: str, data: dict[str, Any], folder: Path = PUZZLE_DIR) -> None:
    """docs/puzzles/<ident>.json (or in `folder`), in the one layout every puzzle file has."""
    (folder / f"{ident}.json").write_text(
        json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("crescent", "canfield"), required=True)
    parser.add_argument("--want", type=int, default=14, help="puzzles to find")
    parser.add_argument("--max-minutes", type=float, default=20.0, help="wall-clock bound")
    parser.add_argument("--budget", type=float, default=4.0, help="solver seconds per proof")
    parser.add_argument("--deals", type=int, default=40, help="won deals to look at, at most")
    parser.add_argument("--tail", type=int, default=60, help="positions from each line's end")
    parser.add_argument("--per-deal", type=int, default=2, help="puzzles from one deal, at most")
    parser.add_argument("--min-legal", type=int, default=2, help="legal moves in the position, at least")
    parser.add_argument("--skip-deals", type=int, default=0, help="won deals to pass over first")
    parser.add_argument(
        "--varied",
        action="store_true",
        help="Canfield: skip 'play the waste card, not draw' puzzles (the commonest kind)",
    )
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument(
        "--regrade", action="store_true", help="only recompute the stored puzzles' proof nodes and grades"
    )
    args = parser.parse_args()
    if args.regrade:
        return regrade(args.game, args.budget)
    stop = time.monotonic() + args.max_minutes * 60
    found = 0
    PUZZLE_DIR.mkdir(parents=True, exist_ok=True)
    prefix = game_kind(args.game).family
    for code in won_codes(args.game)[args.skip_deals : args.skip_deals + args.deals]:
        if found >= args.want or time.monotonic() > stop:
            break
        line = solve(engine.new_game(code), 20).moves
        if not line:
            continue
        states = [engine.new_game(code)]
        for move in line:
            nxt = states[-1].copy()
            nxt.play(move)
            states.append(nxt)
        here = 0
        last = -10
        for n in range(len(line) - 2, max(len(line) - 2 - args.tail, -1), -1):
            if here >= args.per_deal or time.monotonic() > stop or found >= args.want:
                break
            if abs(n - last) < 6:  # two puzzles of one game: not a move apart
                continue
            game = states[n]
            if len(game.legal_moves()) < args.min_legal:
                continue
            if args.varied and line[n].startswith("W>") and set(game.legal_moves()) == {line[n], "draw"}:
                continue
            proof = examine(args.game, game, line[n], args.budget)
            if proof is None:
                continue
            nodes = sum(a["nodes"] for a in proof["alternatives"].values())
            lure = sorted(m for m in proof["alternatives"] if tempting(args.game, m))
            # Draw-one and draw-three deals share their letters: the draw-one ids say d1.
            variant = "-d1" if "-D1-" in code else ""
            ident = f"{prefix}{variant}-{code.split('-')[-1].lower()}-{n}"
            data = {
                "game": args.game,
                "source": {"code": code, "actions": n},
                "state": game.state(),
                "solution": proof["solution"],
                "proof": {"alternatives": proof["alternatives"], "win_nodes": proof["win_nodes"]},
                "difficulty": {
                    "grade": grade(nodes, len(game.legal_moves()), len(lure)),
                    "nodes": nodes,
                    "tempting": lure,
                    "legal": len(game.legal_moves()),
                },
                "refutations": proof["refutations"],
            }
            print(
                f"{ident}: {line[n]} among {len(game.legal_moves())} legal, nodes {nodes}, tempting {lure}",
                flush=True,
            )
            if not args.dry_run:
                write_puzzle(ident, data)
            found += 1
            here += 1
            last = n
    print(f"{found} puzzles", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
