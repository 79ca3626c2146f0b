#!/usr/bin/env python3
"""Finds harder puzzles: one winning action among many, with a lure whose loss shows late.

scripts/find_puzzles.py keeps any position of a won line where one move wins; most of those
offer two actions. This one walks the same lines (the statistics run's won deals, the solver's
winning line replayed) and keeps a position only when

- it offers at least --min-legal actions (default 5 for Crescent, 4 for Canfield; a draw or a
  redeal counts, as it is an action the reader may choose);
- every action but the line's one is PROVED lost by the complete search (`quick=False`, which
  is deterministic, within --max-nodes positions for the whole position, so that
  tests/test_puzzles.py can prove it again quickly), and the line's action wins;
- at least one wrong action is tempting (`lures`): scripts/rate_puzzles.py's beginner plays it,
  or it puts a card home, or it empties a pile, column or the reserve; and the refutation of
  one such lure (find_puzzles.refutation: the solver's own line after it until no new position
  is left) is at least --min-depth actions long, so its loss does not show at once.

The file has the same fields as find_puzzles.py's (CONTRACT.md's `state` and `solution`), its
grade from sitegen/puzzles.py's rating (`grade_of`), and its measured `features` (the same as
scripts/rate_puzzles.py --write stores). Positions are tried from late to early; each deal
gives at most --per-deal puzzles, at least 6 actions apart. Run it single-process and niced:

    nice -n 15 .venv/bin/python scripts/find_hard_puzzles.py --game crescent --want 20
    .venv/bin/python scripts/find_hard_puzzles.py --regrade   # every stored grade from its rating
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.games import game_kind  # noqa: E402
from scripts.find_puzzles import PUZZLE_DIR, refutation, tempting, won_codes, write_puzzle  # noqa: E402
from scripts.rate_puzzles import SHALLOW_DEPTHS, beginner_move, shallow_moves  # noqa: E402
from sitegen.puzzle_proofs import VERDICTS, line_back, position_key, verdict  # noqa: E402
from sitegen.puzzle_records import data_features  # noqa: E402
from sitegen.puzzles import grade_of  # noqa: E402

MIN_LEGAL = {"crescent": 5, "canfield": 4}
# A win found within this many positions rejects the position (a node budget, not a time: the
# machine is shared, and a timed search that finds nothing under load wastes a full proof).
QUICK_NODES = {"crescent": 40_000, "canfield": 20_000}
LINE_NODES = 400_000  # the winning line of a deal, and from a puzzle after its answer


def _nonempty_places(state: dict[str, Any]) -> int:
    count = 0
    for key in ("piles", "tableau"):
        count += sum(1 for pile in state.get(key, []) if pile)
    if state.get("reserve"):
        count += 1
    return count


def lures(kind: str, game: engine.Game, good: str) -> set[str]:
    """The wrong actions that look like progress (see the module's docstring)."""
    out = set()
    first = beginner_move(game)
    if first is not None and first != good:
        out.add(first)
    before = _nonempty_places(game.state())
    for move in game.legal_moves():
        if move == good:
            continue
        if tempting(kind, move):
            out.add(move)
            continue
        twin = game.copy()
        twin.play(move)
        if _nonempty_places(twin.state()) < before:
            out.add(move)
    return out


def _passes_back(game: engine.Game, move: str, line: list[str]) -> bool:
    """True when the winning `line` after `move` passes again through `game`'s position (its
    solver key): such a win may only be the reader undoing the move, so it rejects nothing."""
    avoid = position_key(game)
    twin = game.copy()
    twin.play(move)
    for step in line:
        twin.play(step)
        if position_key(twin) == avoid:
            return True
    return False


def children_of(game: engine.Game, good: str) -> dict[str, engine.Game]:
    """The position after each legal action of `game` but `good`."""
    children = {}
    for move in game.legal_moves():
        if move != good:
            children[move] = game.copy()
            children[move].play(move)
    return children


def second_win(kind: str, game: engine.Game, children: dict[str, engine.Game]) -> bool:
    """Most rejected positions have a second winning action that a small search finds: all the
    actions get a small search first, the bigger one only when none of them won outright (a
    win that comes back through this position proves nothing either way)."""
    for nodes in (QUICK_NODES[kind] // 10, QUICK_NODES[kind]):
        for move, child in children.items():
            found = engine.solve(child, max_seconds=600.0, max_nodes=nodes)
            if found.status == "win" and not _passes_back(game, move, found.moves):
                return True
    return False


def prove_step(
    kind: str, game: engine.Game, good: str, max_nodes: int
) -> tuple[dict[str, dict[str, Any]], dict[str, list[str]], int] | None:
    """Every action of `game` but `good` proved lost or back (sitegen/puzzle_proofs.py) within
    `max_nodes` in all: (alternatives, refutations, nodes left), or None."""
    children = children_of(game, good)
    if second_win(kind, game, children):
        return None
    left = max_nodes
    alternatives: dict[str, dict[str, Any]] = {}
    refutations: dict[str, list[str]] = {}
    for move in sorted(children):
        exact = verdict(game, move, left)
        if exact.status not in VERDICTS:
            return None
        if exact.status == "back":
            back = line_back(game, move)
            if back is None:
                return None
            refutations[move] = back
        else:
            refutations[move] = refutation(children[move])
        alternatives[move] = {"status": exact.status, "nodes": exact.nodes}
        left -= exact.nodes
        if left <= 0:
            return None
    return alternatives, refutations, left


def _a_real_choice(alternatives: dict[str, dict[str, Any]]) -> bool:
    """A step is a choice only when some other action there is lost: when every other one
    only comes back (at a later step: often just the undo of the step before), it asks
    nothing."""
    return any(v["status"] == "loss" for v in alternatives.values())


def examine(
    kind: str, game: engine.Game, good: str, max_nodes: int, min_depth: int, steps: int = 1
) -> dict[str, Any] | None:
    """The proof that `good` alone keeps `game` winnable, with a deep enough lost lure, or
    None; with `steps` N > 1, the solver's line's next N - 1 actions unique as well."""
    legal = game.legal_moves()
    if good not in legal:
        return None
    lure = lures(kind, game, good)
    if not lure and min_depth:
        return None
    first = prove_step(kind, game, good, max_nodes)
    if first is None:
        return None
    alternatives, refutations, left = first
    if not _a_real_choice(alternatives):
        return None
    lost = [m for m in lure if alternatives[m]["status"] == "loss"]
    if min_depth and (not lost or max(len(refutations[m]) for m in lost) < min_depth):
        return None
    after = game.copy()
    after.play(good)
    win = engine.solve(after, max_seconds=600.0, max_nodes=LINE_NODES)
    if win.status != "win":
        return None
    solution = [good, *win.moves]
    later = []
    walk = after
    for k in range(1, steps):
        if k >= len(solution) or walk.status == "won":
            return None
        step = prove_step(kind, walk, solution[k], left)
        if step is None or not _a_real_choice(step[0]):
            return None
        later.append({"alternatives": step[0], "refutations": step[1]})
        left = step[2]
        walk = walk.copy()
        walk.play(solution[k])
    return {
        "alternatives": alternatives,
        "win_nodes": win.nodes,
        "solution": solution,
        "refutations": refutations,
        "lures": sorted(lure),
        "later": later,
    }


def puzzle_data(
    kind: str, game: engine.Game, source: dict[str, Any], proof: dict[str, Any], steps: int
) -> dict[str, Any]:
    """The puzzle file's object for `game` with `examine`'s `proof`: CONTRACT.md's state and
    solution, the proofs and lines, the measured features (scripts/rate_puzzles.py's) and the
    grade of its rating."""
    first = beginner_move(game)
    falls = first is not None and first != proof["solution"][0]
    data: dict[str, Any] = {
        "game": kind,
        "source": source,
        "state": game.state(),
        "solution": proof["solution"],
        "proof": {"alternatives": proof["alternatives"], "win_nodes": proof["win_nodes"]},
        "features": {
            "beginner": first,
            "beginner_falls": falls,
            "shallow": {str(d): shallow_moves(game, d) for d in SHALLOW_DEPTHS},
        },
        "refutations": proof["refutations"],
    }
    if steps > 1:
        data["steps"] = steps
        data["later"] = proof["later"]
    f = data_features(data)
    data["difficulty"] = {
        "grade": grade_of(kind, f["legal"], f["nodes"], f["depth"], falls, f["steps"]),
        "nodes": f["nodes"],
        "tempting": proof["lures"],
        "legal": f["legal"],
    }
    return data


def regrade() -> int:
    """Writes every stored puzzle's grade from its measured features (sitegen/puzzles.py
    grade_of: the band of its rating), so that no grade is set by hand."""
    for path in sorted(PUZZLE_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        f = data_features(data)  # sitegen/puzzle_records.py `features`, from the file
        grade = grade_of(data["game"], f["legal"], f["nodes"], f["depth"], f["beginner_falls"], f["steps"])
        if data["difficulty"]["grade"] != grade:
            print(f"{path.stem}: {data['difficulty']['grade']} -> {grade}")
            data["difficulty"]["grade"] = grade
            path.write_text(
                json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
            )
    return 0


def deepen(names: list[str], steps: int, max_nodes: int, folder: Path) -> int:
    """Makes stored puzzles "win in N": the solution's next N - 1 actions proved unique too
    (prove_step, within max_nodes for them all), written with `steps` and `later` and the grade
    of the new rating; a puzzle whose later step has a second winning action is left as it is."""
    for name in names:
        path = folder / f"{name}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        walk = engine.from_state(data["state"])
        later = []
        left = max_nodes
        for k in range(1, steps):
            walk.play(data["solution"][k - 1])
            if walk.status == "won" or k >= len(data["solution"]):
                break
            step = prove_step(data["game"], walk, data["solution"][k], left)
            if step is None or not _a_real_choice(step[0]):
                break
            later.append({"alternatives": step[0], "refutations": step[1]})
            left = step[2]
        if len(later) != steps - 1:
            print(f"{name}: step {len(later) + 2} is not unique (or not proved): left as it is")
            continue
        data["steps"], data["later"] = steps, later
        f = data_features(data)
        data["difficulty"]["nodes"] = f["nodes"]
        data["difficulty"]["grade"] = grade_of(
            data["game"], f["legal"], f["nodes"], f["depth"], f["beginner_falls"], steps
        )
        write_puzzle(name, data, folder)
        print(f"{name}: win in {steps}, grade {data['difficulty']['grade']}")
    return 0


def reprove(folder: Path, max_nodes: int) -> int:
    """Every stored verdict proved again with today's solver (sitegen/puzzle_proofs.verdict),
    its nodes and the grade rewritten from them; a verdict that is no longer "loss" or
    "back" within max_nodes is reported and its file left as it is."""
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        walk = engine.from_state(data["state"])
        steps = [(data["proof"]["alternatives"], data["refutations"])]
        steps += [(item["alternatives"], item["refutations"]) for item in data.get("later", [])]
        changed, ok = [], True
        for k, (alternatives, refutations) in enumerate(steps):
            if k:
                walk.play(data["solution"][k - 1])
            for move, stored in sorted(alternatives.items()):
                now = verdict(walk, move, max_nodes)
                if now.status not in VERDICTS:
                    print(f"{path.stem}: step {k + 1} {move}: {now.status} within {max_nodes} nodes")
                    ok = False
                    continue
                if now.status == "back" and stored["status"] != "back":
                    line = line_back(walk, move)
                    if line is None:
                        ok = False
                        continue
                    refutations[move] = line
                if now.status == "loss" and stored["status"] != "loss":
                    child = walk.copy()
                    child.play(move)
                    refutations[move] = refutation(child)
                if stored != {"status": now.status, "nodes": now.nodes}:
                    changed.append(
                        f"{k + 1}:{move} {stored['status']} {stored['nodes']} -> {now.status} {now.nodes}"
                    )
                    alternatives[move] = {"status": now.status, "nodes": now.nodes}
        if not ok or not changed:
            continue
        f = data_features(data)
        data["difficulty"]["nodes"] = f["nodes"]
        data["difficulty"]["grade"] = grade_of(
            data["game"], f["legal"], f["nodes"], f["depth"], f["beginner_falls"], f["steps"]
        )
        write_puzzle(path.stem, data, folder)
        print(f"{path.stem}: {'; '.join(changed)}; grade {data['difficulty']['grade']}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("crescent", "canfield"))
    parser.add_argument("--want", type=int, default=10, help="puzzles to find")
    parser.add_argument("--max-minutes", type=float, default=15.0, help="wall-clock bound")
    parser.add_argument("--max-nodes", type=int, default=60_000, help="proof positions, at most")
    parser.add_argument("--min-legal", type=int, default=0, help="0: 5 for Crescent, 4 for Canfield")
    parser.add_argument(
        "--min-depth", type=int, default=3, help="a lost lure's refutation, at least (0: no lure needed)"
    )
    parser.add_argument("--deals", type=int, default=40, help="won deals to look at, at most")
    parser.add_argument("--skip-deals", type=int, default=0, help="won deals to pass over first")
    parser.add_argument("--tail", type=int, default=120, help="positions from each line's end")
    parser.add_argument("--per-deal", type=int, default=2, help="puzzles from one deal, at most")
    parser.add_argument(
        "--steps", type=int, default=1, help="win in N: the line's next N-1 actions unique too"
    )
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument(
        "--out", type=Path, default=PUZZLE_DIR, help="folder to write to (a staging one: docs/ is shared)"
    )
    parser.add_argument("--regrade", action="store_true", help="only rewrite the stored grades")
    parser.add_argument("--reprove", action="store_true", help="prove every stored verdict again")
    parser.add_argument(
        "--deepen", nargs="+", metavar="NAME", help="make these stored puzzles win in --steps"
    )
    args = parser.parse_args()
    if args.regrade:
        return regrade()
    if args.reprove:
        return reprove(args.out, args.max_nodes)
    if args.deepen:
        return deepen(args.deepen, args.steps, args.max_nodes, args.out)
    if args.game is None:
        parser.error("--game is needed (except with --regrade)")
    min_legal = args.min_legal or MIN_LEGAL[args.game]
    # Without a lure (--min-depth 0: easy ones) the file does not claim the harder criteria.
    finder = "find_hard_puzzles" if args.min_depth else "find_hard_puzzles --min-depth 0"
    stop = time.monotonic() + args.max_minutes * 60
    found = 0
    prefix = game_kind(args.game).family
    args.out.mkdir(parents=True, exist_ok=True)
    taken = {p.stem for p in (*PUZZLE_DIR.glob("*.json"), *args.out.glob("*.json"))}
    tried = 0
    for deal, code in enumerate(won_codes(args.game)[args.skip_deals : args.skip_deals + args.deals]):
        if found >= args.want or time.monotonic() > stop:
            break
        print(f"deal {deal} {code}: {tried} positions examined so far", file=sys.stderr, flush=True)
        line = engine.solve(engine.new_game(code), max_seconds=600.0, max_nodes=LINE_NODES).moves
        states = [engine.new_game(code)]
        for move in line:
            nxt = states[-1].copy()
            nxt.play(move)
            states.append(nxt)
        here, last = 0, -10
        for n in range(len(line) - 2, max(len(line) - 2 - args.tail, -1), -1):
            if here >= args.per_deal or time.monotonic() > stop or found >= args.want:
                break
            game = states[n]
            if abs(n - last) < 6 or len(game.legal_moves()) < min_legal:
                continue
            variant = "-d1" if "-D1-" in code else ""
            ident = f"{prefix}{variant}-{code.split('-')[-1].lower()}-{n}"
            if ident in taken:
                continue
            proof = examine(args.game, game, line[n], args.max_nodes, args.min_depth, args.steps)
            tried += 1
            if proof is None:
                continue
            data = puzzle_data(
                args.game,
                game,
                {"code": code, "actions": n, "finder": finder, "min_legal": min_legal},
                proof,
                args.steps,
            )
            legal, first = data["difficulty"]["legal"], data["features"]["beginner"]
            nodes, depth = data["difficulty"]["nodes"], data_features(data)["depth"]
            backs = sorted(m for m, v in proof["alternatives"].items() if v["status"] == "back")
            print(
                f"{ident}: {line[n]} among {legal}, nodes {nodes}, depth {depth}, lures {proof['lures']},"
                f" back {backs},"
                f" beginner {first}, grade {data['difficulty']['grade']}",
                flush=True,
            )
            if not args.dry_run:
                write_puzzle(ident, data, args.out)
            found += 1
            here += 1
            last = n
    print(
        f"{found} puzzles; {tried} positions examined in {time.process_time():.0f} s of CPU"
        f" (load average {os.getloadavg()[0]:.2f})",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
