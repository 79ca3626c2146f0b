#!/usr/bin/env python3
"""Straightening the stored winning lines: fewest actions a reader must follow, and no card
going back to a place it left unless that is the point.

    nice -n 19 .venv/bin/python scripts/straighten.py [NAME ...] [--write]

A line is *acceptable* (`acceptable`) when it wins, no return is unexplained and no card makes
the same return twice (sitegen/returns.py, `return_defects`: a return is an action that brings
a card back to a place it left; the only explained one is a Canfield take-back that a card then
lands on, with that card's trip back home), and it keeps the points the pages quote from it
(`KEEPS`: the position of every stored alternative, an early ace on a king, redeals that come
when nothing else helps, an early column refill, take-backs or none).

The search, repeated until nothing changes, over the positions the solver's line passes through:

1. bridges: at the first bad return (step k), a breadth-first search from each of the positions
   a few steps before it, among the line's own next `WINDOW` actions (any order, some left out)
   and, shallow, among all actions, for a path to a position of the line after step k; the
   shortest path that leaves no bad return before the line's own positions resume is spliced in;
2. a walk: from shortly before step k, the solver's line is followed, but an action that would be
   a bad return is never played; every `WALK_EVERY` actions (and where the plan fails) each
   allowed action is weighed by the solver's line after it (the later its first bad return the
   better), and a dead end takes back 1, 2, 4... actions;
3. re-solving: the solver plays on from a position a few steps before the bad return (never
   before the last position a stored alternative needs), fixed seeds;
4. shortcuts: from every position of the line a breadth-first search `RADIUS` actions deep; where
   it reaches a later position of the line in fewer actions than the line takes, the line takes
   the shortcut (dynamic programming over all shortcuts; the spliced line must stay acceptable);
5. clean_line.clean among the acceptable lines: loops cut, single actions, adjacent pairs and
   moves with their reversals dropped.

Measured on the stored lines (issue 22): crescent-short, canfield-d1-example and
canfield-d3-takeback were already acceptable and shortcut-free; for crescent-example,
canfield-d3-example and canfield-choice no acceptable line was found within the budgets (the
walk reaches a dead end: in canfield-d3-example, at step 160, every action but a draw brings a
card of a long run back to a column it had left). scripts/straight_search.py then found lines
with no return at all for all three (canfield-d3-example 205 actions, canfield-choice 196,
crescent-example 158 with a parting move that crescent-mistake takes), stored; scripts/build.py
and tests/test_example_returns.py now refuse any stored winning line with a bad return.

The result is deterministic (node budgets, not time; fixed seeds; breadth-first in the engine's
move order). `shortcut_defects` states what the search guarantees and
tests/test_example_returns.py asserts on every straight stored line: no two positions of the line
are joined by a path of at most `RADIUS` actions shorter than the line's own, whose spliced line is
acceptable.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.notation import Move  # noqa: E402
from scripts import clean_line  # noqa: E402
from scripts.straight_alternatives import mistake_line, store  # noqa: E402
from scripts.straight_lines import (  # noqa: E402
    EXAMPLES,
    Example,
    Line,
    _bad_count,
    first_bad,
    line_keys,
    reach,
    take_shortcuts,
)

BRIDGE_DEPTH = 3
WINDOW = 30  # bridges also try the line's next WINDOW actions, in any order, some left out
BRIDGE_BACK = 3  # bridges start up to this many steps before the bad return
SOLVE_NODES = 50_000
SEEDS = (1, 2, 3, 4)
SOLVE_BACK = (0, 2, 5, 10, 20, 35)
WALK_BACKTRACKS = 40
WALK_EVERY = 5  # the walk weighs every allowed action again after this many


# ---- repairs -------------------------------------------------------------------------------------


def bridge(ex: Example, line: Line, k: int) -> Line | None:
    """A path from a position at most BRIDGE_BACK steps before step k to a position of the line
    after it, spliced so that no bad return comes before the old line's positions resume."""
    keys = line_keys(ex.code, line)
    later = {key: n for n, key in enumerate(keys) if n > k}
    best: tuple[tuple[int, int], Line] | None = None
    for s in range(k, max(ex.frozen(line), k - BRIDGE_BACK) - 1, -1):
        game = clean_line.replay(ex.code, line[:s])
        # The line's own next actions in another order, some left out (the solver's detours),
        # deep; then any action, shallow.
        window = set(line[s : s + WINDOW])
        found = reach(game, WINDOW, later, limit=6_000, only=window)
        for j, path in reach(game, BRIDGE_DEPTH, later, limit=3_000).items():
            if j not in found or len(path) < len(found[j]):
                found[j] = path
        for j, path in found.items():
            spliced = line[:s] + path + line[j:]
            bad = first_bad(ex.code, spliced)
            resume = s + len(path)
            if bad is not None and bad < resume:
                continue
            if not clean_line.wins(ex.code, spliced) or not ex.keeps(spliced):
                continue
            # Progress: the old step where the first bad return now is (later is better).
            old_bad = 10**9 if bad is None else bad - resume + j
            score = (-old_bad, len(spliced))
            if best is None or score < best[0]:
                best = (score, spliced)
    if best is None or -best[0][0] <= k:
        return None
    return best[1]


def resolve(ex: Example, line: Line, k: int) -> Line | None:
    """The solver's line from a position shortly before step k (never before the frozen
    positions): the candidate with the most steps free of bad returns, then the fewest bad
    returns, then the shortest; cleaned (its prefix kept) when that keeps it as good."""
    best: tuple[tuple[int, int, int], Line, int] | None = None
    lo = ex.frozen(line)
    for back in SOLVE_BACK:
        s = k - back
        if s < lo:
            break
        game = clean_line.replay(ex.code, line[:s])
        assert game is not None  # a prefix of a legal line replays
        for seed in SEEDS:
            sol = engine.solve(
                game, max_seconds=3600.0, max_nodes=SOLVE_NODES, seed=seed, takebacks=ex.takebacks
            )
            if sol.status != "win":
                continue
            cand = clean_line.cut_loops(ex.code, line[:s] + list(sol.moves))
            if cand[:s] != line[:s] or not clean_line.wins(ex.code, cand) or not ex.keeps(cand):
                continue
            bad = first_bad(ex.code, cand)
            score = (-(10**9 if bad is None else bad), _bad_count(ex.code, cand), len(cand))
            if best is None or score < best[0]:
                best = (score, cand, s)
            if -best[0][0] > k + 20:
                break
        if best is not None and -best[0][0] > k + 20:
            break  # far enough: the next repairs go on from there
    if best is None or -best[0][0] <= k:
        return None
    score, cand, s = best
    prefix = line[:s]

    def still(trial: Line) -> bool:
        return trial[:s] == prefix and clean_line.wins(ex.code, trial) and ex.keeps(trial)

    cleaned = clean_line.clean(ex.code, cand, still)  # the solver's own detours go
    bad = first_bad(ex.code, cleaned)
    return cleaned if (10**9 if bad is None else bad) > k else cand


def _redeal_allowed(game: Any) -> bool:
    """A redeal only where the commentary will say it was needed: no card can reach a foundation,
    even after one more move (sitegen/commentary.py)."""
    from sitegen.commentary import _home_within_one

    legal = [m for m in game.legal_moves() if Move.parse(m).from_pile]
    return not legal or not _home_within_one(game, legal)


def _is_takeback(move: str) -> bool:
    """A Canfield card from a foundation onto a column (Crescent's foundations are S+, S-...)."""
    return Move.parse(move).src in ("S", "H", "D", "C") and Move.parse(move).to_pile


def walk(ex: Example, prefix: Line, log: Callable[[str], None] = print) -> Line | None:
    """A winning line from the position after `prefix` that follows the solver but never plays
    a bad return: where the solver's next action would be one (or a redeal while a card can
    still get home), the other actions are tried in the engine's order, each kept only if the
    solver wins from the position after it; every WALK_EVERY actions each allowed action is
    weighed by the solver's line after it; a dead end takes back 1, 2, 4... actions (at most
    WALK_BACKTRACKS dead ends in all). Deterministic: node budgets and fixed seeds."""
    line = list(prefix)
    game: Any = clean_line.replay(ex.code, line)
    assert game is not None
    plan: list[str] = []
    tried: dict[int, set[str]] = {}
    seen = set(line_keys(ex.code, line))
    backtracks = 0
    stuck: dict[int, int] = {}

    def allowed(move: str) -> bool:
        if move == "redeal" and not _redeal_allowed(game):
            return False
        twin = game.copy()
        twin.play(move)
        if clean_line.position_key(twin.state()) in seen:
            return False
        trial = [*line, move]
        bad = first_bad(ex.code, trial)
        if bad is None or bad < len(prefix):
            return True  # (a bad return before the walk is not the walk's doing)
        # A take-back is explained once a card lands on it, within the commentary's three
        # actions: until then it is given the benefit of the doubt.
        return bad >= len(line) - 3 and _is_takeback(trial[bad])

    def solve_from(g: Any) -> list[str] | None:
        for seed in SEEDS:
            sol = engine.solve(
                g, max_seconds=3600.0, max_nodes=SOLVE_NODES, seed=seed, takebacks=ex.takebacks
            )
            if sol.status == "win":
                return list(sol.moves)
            if sol.status == "loss":
                return None
        return None

    since = 0
    while game.status != "won":
        done = tried.setdefault(len(line), set())
        move = None
        if plan and since < WALK_EVERY and plan[0] not in done and allowed(plan[0]):
            move, plan = plan[0], plan[1:]
            since += 1
        else:
            # Every WALK_EVERY actions, or where the plan fails: each allowed action is scored
            # by the solver's line after it, the later its first bad return the better (then
            # the shorter); a line with none ends the walk.
            since = 0
            best: tuple[tuple[int, int], str, list[str]] | None = None
            for cand in game.legal_moves():
                if cand in done or not allowed(cand):
                    continue
                twin = game.copy()
                twin.play(cand)
                rest = [] if twin.status == "won" else solve_from(twin)
                if rest is None:
                    done.add(cand)
                    continue
                full = [*line, cand, *rest]
                bad = first_bad(ex.code, full)
                if bad is None and ex.keeps(full):
                    log(f"  walk from step {len(prefix) + 1}: {len(full)} actions, {backtracks} dead ends")
                    return full
                score = (-(10**9 if bad is None else bad), len(full))
                if best is None or score < best[0]:
                    best = (score, cand, rest)
            if best is not None:
                _, move, plan = best
        if move is None:
            if len(line) <= len(prefix) or backtracks >= WALK_BACKTRACKS:
                return None
            # A dead end: take back 1, 2, 4 ... actions as dead ends recur at the same depth
            # (the cause is often further back than the last action).
            backtracks += 1
            stuck[len(line)] = stuck.get(len(line), 0) + 1
            jump = min(2 ** (stuck[len(line)] - 1), len(line) - len(prefix))
            for _ in range(jump):
                tried.pop(len(line), None)
                last = line.pop()
                tried.setdefault(len(line), set()).add(last)
            seen = set(line_keys(ex.code, line))
            game = clean_line.replay(ex.code, line)
            assert game is not None
            plan = []
            continue
        done.add(move)
        game.play(move)
        line.append(move)
        seen.add(clean_line.position_key(game.state()))
        if len(line) % 25 == 0:
            log(f"    walk at step {len(line)} ({backtracks} take-backs of the walk)")
    log(f"  walk from step {len(prefix) + 1}: {len(line)} actions, {backtracks} take-backs of the walk")
    return line


def straighten(ex: Example, line: Line, log: Callable[[str], None] = print) -> Line:
    """An acceptable line found from `line` (see the module docstring), or ValueError."""
    for _ in range(400):
        k = first_bad(ex.code, line)
        if k is None:
            break
        fixed = bridge(ex, line, k)
        how = "bridge"
        if fixed is None:
            for back in (0, 3, 10):
                if k - back < ex.frozen(line):
                    break
                fixed = walk(ex, line[: k - back], log)
                how = "walk"
                if fixed is not None and ex.keeps(fixed):
                    bad = first_bad(ex.code, fixed)
                    if bad is None or bad > k:
                        break
                fixed = None
        if fixed is None:
            fixed = resolve(ex, line, k)
            how = "re-solve"
        if fixed is None:
            raise ValueError(f"{ex.name}: no repair for the bad return at step {k + 1} ({line[k]})")
        log(
            f"  {how} at step {k + 1}: {len(line)} -> {len(fixed)} actions, "
            f"next bad return {first_bad(ex.code, fixed)}"
        )
        line = fixed
    if not ex.acceptable(line):
        raise ValueError(f"{ex.name}: the repaired line is not acceptable")
    while True:
        before = list(line)
        line = clean_line.clean(ex.code, line, ex.acceptable)
        line = take_shortcuts(ex, line)
        log(f"  cleaned and shortcut: {len(line)} actions")
        if line == before:
            return line


# ---- alternatives found again, where the line had to change before them -------------------------


def report(name: str) -> str:
    data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    r = clean_line.returns(data["code"], data["moves"])
    bad = clean_line.return_defects(data["code"], data["moves"])
    unexplained = sum(not x.explained for x in r)
    return f"{len(data['moves'])} actions, {len(r)} returns ({unexplained} unexplained, {len(bad)} defects)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("names", nargs="*")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    names = args.names or sorted(
        p.stem for p in EXAMPLES.glob("*.json") if "outcome" not in json.loads(p.read_text(encoding="utf-8"))
    )

    def log(text: str) -> None:
        print(text, flush=True)

    for name in names:
        log(f"== {name}: {report(name)}")
        ex = Example(name)
        try:
            line = straighten(ex, list(ex.data["moves"]), log)
        except ValueError as why:
            if not ex.alts:
                raise
            # The stored alternatives' positions cannot all stay: the line may change before
            # them, and they are found again on the new line.
            log(f"  {why}; again, with the alternatives found again afterwards")
            ex = Example(name, free=True)
            line = straighten(ex, list(ex.data["moves"]), log)
        data = store(ex, line, log)
        r = clean_line.returns(ex.code, line)
        print(
            f"   -> {len(line)} actions, {len(r)} returns ({sum(x.explained for x in r)} explained)",
            flush=True,
        )
        if args.write:
            clean_line.write_example(EXAMPLES / f"{name}.json", data)
            for path in sorted(EXAMPLES.glob("*.json")):
                other = json.loads(path.read_text(encoding="utf-8"))
                if other.get("winning") == name:
                    clean_line.write_example(path, mistake_line(data, other))
                    print(f"   {path.stem} made again: {report(path.stem)}", flush=True)


if __name__ == "__main__":
    main()
