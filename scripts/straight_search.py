#!/usr/bin/env python3
"""A winning line with no return at all, found by a depth-first search that never plays one.

    nice -n 19 .venv/bin/python scripts/straight_search.py NAME [--keep N] [--nodes N] [--write]

scripts/straighten.py repairs a stored line around its first bad return; where that failed
(issue 22 item 2: crescent-example, canfield-d3-example, canfield-choice) this searches afresh.
From the stored line's first `--keep` actions (what the pages quote of its opening), the
solver's own searcher (engine/solver_canfield.py, solver_crescent.py: macro moves, apply and
revert, its move ordering) plays on, but a move is generated only when none of the cards it
moves (a Canfield column's refill included) goes to a place that very card left earlier in the
line (sitegen/returns.py's definition, each card copy followed on its own). No take-backs are
generated, so the line has no return at all, explained or not. The transposition table is keyed
on the position only (not on the places each card has left): unsound for a proof, fine for
finding a line. Restarts add the solver's move-score noise with fixed seeds, one after the
other, each with a node budget, so the result is deterministic.

A Crescent redeal is generated only where the commentary will say it was needed (no card can
reach a foundation even after one more move: straighten._redeal_allowed, one of its KEEPS).
With `--shortest` every seed runs and the found lines are taken shortest first; where the example
has a stored alternative (canfield-choice's proved-lost choice, crescent-example's parting move
that crescent-mistake plays), the first line on which straighten's finder proves one is chosen,
and the line stays fixed up to it. `--improve` then searches again from every 4th position of the
line (the last first, seeds None and 1-4, that node budget each) and takes any shorter winning
ending; scripts/clean_line.clean shortens the result under the same property (and straighten's
KEEPS), and it is stored with its alternative found again (straight_alternatives.store, free alternatives)
and its mistake line made again beside it (straight_alternatives.mistake_line).

The stored lines (issue 22 item 2; tests/test_example_returns.py re-checks them, including
straighten's radius-2 shortcut guarantee, which the first two meet as found):

    straight_search.py canfield-choice --nodes 10000 --seeds 300 --shortest --improve 20000 --write
        148 actions, 9 unexplained returns -> 196 actions, 0 returns (choice at step 166)
    straight_search.py canfield-d3-example --nodes 20000 --seeds 80 --shortest --improve 3000 --write
        223 actions, 33 returns (31 unexplained) -> 205 actions, 0 returns

    straight_search.py crescent-example --keep 27 --nodes 10000 --seeds 4 --then 90 \
        --then-nodes 20000 --then-seeds 12 --improve 20000 --polish --write
        143 actions, 4 unexplained returns -> 153 actions, 0 returns (parting move 5>6 at step 124,
        where the line plays 6>5: proved lost; crescent-mistake made again: 143 actions), 45 s CPU

crescent-example needs a second stage (`--then`). With its first 27 actions kept (the ace on the
king at move 10 and what comes before the old line's first return) one line was found (seed 4,
158 actions, 0 returns), but it has no pile-emptying move the solver proves lost, so
crescent-mistake could not be made again beside it (no other line was found: keep 27, seeds 1-150
at 10,000 nodes and 41-70 at 60,000; keeps 26, 24, 20, 16 at 20,000 (seeds 1-30); keeps 10 and 20
at 150,000 (seeds 1-7); with the finer seen set (`--full-key`) keeps 27, 20, 12 at 30,000 (seeds
1-15) and keeps 27, 10 at 200,000 (seeds 1-2)). So the search plays on again from that line's
first 90 actions, seeds 1..12, and takes the first line on which find_parting proves a
pile-emptying move lost (seed 1: 157 actions, none; seed 2: 155 actions, 5>6 at step 126).
`--improve` looks for shorter endings after it (none here), and `--polish` cleans the line and
takes its shortcuts with the parting position pinned (not the whole prefix before it), to the
shortcut-free 153 actions that tests/test_example_returns.py checks. Restarting from action 120
instead gave 156 actions; from actions 90 and 100, five other seeds' lines (154-155 actions) had
no pile-emptying move the solver proves lost.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from array import array
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.canfield import CANONICAL as CF_MOVES  # noqa: E402
from engine.crescent import MOVE_NAMES as CR_NAMES  # noqa: E402
from engine.solver import _searcher  # noqa: E402
from engine.solver_canfield import CanfieldSearcher  # noqa: E402
from engine.solver_crescent import CrescentSearcher  # noqa: E402
from scripts import clean_line, straight_alternatives, straight_lines, straighten  # noqa: E402

Line = list[str]
CR_MOVES = {name: move for move, name in CR_NAMES.items()}


class Straight:
    """The searcher with the return filter around its apply/revert."""

    def __init__(self, game: Any, rng_seed: int | None, full_key: bool = False) -> None:
        self.full_key = full_key
        # The solver's searcher for the game (no take-backs: a take-back is a return), and
        # which one it is: the filter below works on its own moves and places.
        self.s = cast("CrescentSearcher | CanfieldSearcher", _searcher(game, takebacks=False))
        self.crescent = isinstance(self.s, CrescentSearcher)
        self.g = game
        self.s.rng = random.Random(rng_seed) if rng_seed is not None else None
        places = [*game.piles, *game.foundations] if self.crescent else game.lists
        self.ids: list[list[int]] = []
        n = 0
        for place in places:
            self.ids.append(list(range(n, n + len(place))))
            n += len(place)
        self.left = [0] * n

    def allowed_apply(self, move: Any) -> Any | None:
        """Apply `move` if it makes no return; return the undo record, else None."""
        g = self.g
        if self.crescent:
            if move == self._redeal():
                # only where the commentary will say it was needed (straight_lines.KEEPS)
                if not straighten._redeal_allowed(g):
                    return None
                rec = self.s.apply(move)
                turned = []
                for p in range(16):
                    pile = self.ids[p]
                    if len(pile) >= 2:
                        pile.append(pile.pop(0))
                        turned.append(p)
                return (rec, "redeal", turned)
            src, dst = move[0], move[1]
            cid = self.ids[src][-1]
            if self.left[cid] >> dst & 1:
                return None
            rec = self.s.apply(move)
            self.ids[src].pop()
            self.ids[dst].append(cid)
            old = self.left[cid]
            self.left[cid] = old | 1 << src
            return (rec, "move", (src, dst, cid, old))
        _draws, play, _, _ = move
        src, dst, count = play
        if src == 1:
            carried: list[int] = []
        else:
            carried = self.ids[src][-count:]
            if any(self.left[c] >> dst & 1 for c in carried):
                return None
        reserve_before = len(g.lists[0])
        rec = self.s.apply(move)
        if src == 1:
            # a waste card gets an id on its first followed place
            cid = len(self.left)
            self.left.append(0)
            carried = [cid]
        else:
            del self.ids[src][-count:]
        self.ids[dst].extend(carried)
        olds = [(c, self.left[c]) for c in carried]
        for c in carried:
            self.left[c] |= 1 << src
        refill = None
        if src != 0 and len(g.lists[0]) < reserve_before:
            refill = self.ids[0].pop()
            self.ids[src].append(refill)
            olds.append((refill, self.left[refill]))
            self.left[refill] |= 1
        return (rec, "cf", (src, dst, carried, olds, refill, src == 1))

    def _redeal(self) -> Any:
        from engine.crescent import REDEAL

        return REDEAL

    def revert(self, record: Any) -> None:
        rec, kind, data = record
        self.s.revert(rec)
        if kind == "redeal":
            for p in data:
                pile = self.ids[p]
                pile.insert(0, pile.pop())
        elif kind == "move":
            src, dst, cid, old = data
            self.ids[dst].pop()
            self.ids[src].append(cid)
            self.left[cid] = old
        else:
            src, dst, carried, olds, refill, from_waste = data
            if refill is not None:
                self.ids[src].pop()
                self.ids[0].append(refill)
            del self.ids[dst][-len(carried) :]
            for c, old in reversed(olds):
                self.left[c] = old
            if from_waste:
                self.left.pop()
            else:
                self.ids[src].extend(carried)

    def key(self) -> bytes:
        g = self.g
        if self.full_key:  # the places each card has left too: fewer lines cut as seen
            return self.s.key() + array("I", self.left).tobytes()
        if self.crescent:
            return self.s.key()
        lists = g.lists
        return b"\xfe".join(bytes(x) for x in lists[2:6]) + self.s.key()

    def play_name(self, name: str) -> bool:
        """Play one notation action of a prefix, tracked; False if it is a return."""
        if self.crescent:
            move = CR_MOVES[name]
            return self.allowed_apply(move) is not None
        if name == "draw":
            self.g.play("draw")
            return True
        return self.allowed_apply((0, CF_MOVES[name], -1, 0)) is not None


def search(
    code: str, prefix: Line, nodes: int, seed: int | None, log: Any = print, full_key: bool = False
) -> Line | None:
    game = engine.new_game(code)
    st = Straight(game, seed, full_key)
    for i, name in enumerate(prefix):
        if not st.play_name(name):
            raise ValueError(f"prefix action {i + 1} {name!r} is a return")
    s = st.s
    seen = {st.key()}
    stack: list[list[Any]] = [[s.moves(True), 0, None, None]]
    count = 0
    while stack:
        frame = stack[-1]
        if frame[1] >= len(frame[0]):
            stack.pop()
            if frame[2] is not None:
                st.revert(frame[2])
            continue
        move = frame[0][frame[1]]
        frame[1] += 1
        rec = st.allowed_apply(move)
        if rec is None:
            continue
        count += 1
        if s.won():
            macro = [f[3] for f in stack[1:]] + [move]
            return prefix + [name for m in macro for name in s.names(m)]
        k = st.key()
        if k in seen or s.dead() or count > nodes:
            st.revert(rec)
            if count > nodes:
                while len(stack) > 1:
                    f = stack.pop()
                    st.revert(f[2])
                return None
            continue
        seen.add(k)
        stack.append([s.moves(True), 0, rec, move])
    log(f"  seed {seed}: exhausted ({count} nodes)")
    return None


def improve(code: str, line: Line, keep: int, nodes: int, seeds: int, step: int, log: Any = print) -> Line:
    """Shorter endings: from every `step`-th position of the line (the last first), searches with
    a few seeds; a shorter winning ending replaces the line's, and the pass runs again."""
    changed = True
    while changed:
        changed = False
        for k in range(len(line) - 1, keep - 1, -step):
            for seed in [None, *range(1, seeds + 1)]:
                found = search(code, line[:k], nodes, seed, log=lambda _: None)
                if found is not None and len(found) < len(line):
                    log(f"  from action {k}: {len(line)} -> {len(found)} (seed {seed})")
                    line, changed = found, True
                    break
            if changed:
                break
    return line


def polish(ex: straight_lines.Example, line: Line, log: Any = print) -> Line:
    """The line cleaned and shortcut (straight_lines.take_shortcuts, radius RADIUS) until nothing
    changes, among the acceptable lines that keep the alternative's position with the line's own
    move there (not only the actions before it, as `still` in main does): what
    tests/test_example_returns.py asserts of every straight stored line."""
    if ex.data.get("alternatives"):
        alt = _alternative(ex, line)
        assert alt is not None
        pinned = straight_lines.Example(ex.name)
        pinned.data = {**ex.data, "moves": line, "alternatives": [alt]}
        pinned.alts = straight_lines.alternative_positions(pinned.data)
    else:
        pinned = straight_lines.Example(ex.name)
        pinned.alts = []
    while True:
        before = list(line)
        line = clean_line.clean(ex.code, line, pinned.acceptable)
        line = straight_lines.take_shortcuts(pinned, line)
        log(f"  polished: {len(line)} actions")
        if line == before:
            return line


def _alternative(ex: straight_lines.Example, line: Line) -> dict[str, Any] | None:
    """The stored alternative found again on `line` (straight_alternatives.find_choice / find_parting)."""
    return straight_alternatives.finder_for(ex.code)(ex.code, line, lambda _: None)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("name")
    parser.add_argument("--keep", type=int, default=0, help="actions of the stored line kept")
    parser.add_argument("--nodes", type=int, default=200_000)
    parser.add_argument("--seeds", type=int, default=8, help="restarts with move-score noise, seeds 1..N")
    parser.add_argument("--cpu", type=int, default=600, help="CPU seconds cap")
    parser.add_argument("--shortest", action="store_true", help="try every seed, keep the shortest")
    parser.add_argument("--improve", type=int, default=0, help="node budget of the shorter-ending pass")
    parser.add_argument("--full-key", action="store_true", help="seen positions keyed with the places left")
    parser.add_argument("--then", type=int, default=0, help="search again from this many actions of the line")
    parser.add_argument("--then-nodes", type=int, default=20_000)
    parser.add_argument("--then-seeds", type=int, default=12)
    parser.add_argument("--polish", action="store_true", help="clean and shortcut, the alternative pinned")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    resource.setrlimit(resource.RLIMIT_CPU, (args.cpu, args.cpu + 5))
    ex = straight_lines.Example(args.name, free=True)
    stored: Line = list(ex.data["moves"])
    prefix = stored[: args.keep]
    t0 = time.process_time()
    found: list[Line] = []
    for seed in [None, *range(1, args.seeds + 1)]:
        line = search(ex.code, prefix, args.nodes, seed, full_key=args.full_key)
        if line is not None:
            print(f"  seed {seed}: {len(line)} actions", flush=True)
            found.append(line)
            if not args.shortest:
                break
    found.sort(key=len)
    if args.then and found:
        # A second stage: the first line found keeps its first --then actions, and the search
        # plays on from there again, seeds 1..--then-seeds, until a line has its alternative.
        base = found[0]
        found = []
        for seed in range(1, args.then_seeds + 1):
            line = search(ex.code, base[: args.then], args.then_nodes, seed, full_key=args.full_key)
            if line is None or not ex.keeps(line):
                continue
            print(f"  from action {args.then}, seed {seed}: {len(line)} actions", flush=True)
            if not ex.data.get("alternatives") or _alternative(ex, line) is not None:
                found = [line]
                break
    keep = args.keep
    chosen = None
    for line in found:
        if not ex.data.get("alternatives"):
            chosen = line
            break
        alt = _alternative(ex, line)
        print(f"  {len(line)} actions: alternative {alt}", flush=True)
        if alt is not None:
            # the line up to the alternative's step stays, so that it is found there again
            chosen, keep = line, max(keep, int(alt["step"]) + 1)
            break
    print(f"search: {len(chosen) if chosen else 'none'} ({time.process_time() - t0:.1f} s CPU)")
    if chosen is None:
        return
    line = chosen
    fixed = line[:keep]

    def still(candidate: Line) -> bool:
        return (
            clean_line.wins(ex.code, candidate)
            and not clean_line.returns(ex.code, candidate)
            and candidate[:keep] == fixed
            and ex.keeps(candidate)
        )

    if args.improve:
        better = improve(ex.code, line, keep, args.improve, 4, 4)
        print(f"improved: {len(better)} actions ({time.process_time() - t0:.1f} s CPU)")
        if still(better) and (not ex.data.get("alternatives") or _alternative(ex, better)):
            line = better
    line = clean_line.clean(ex.code, line, still)
    if ex.data.get("alternatives") and not _alternative(ex, line):
        line = chosen
    if args.polish:
        line = polish(ex, line)
    print(f"cleaned: {len(line)} actions ({time.process_time() - t0:.1f} s CPU)")
    if args.write:
        import json

        data = straight_alternatives.store(ex, line)
        clean_line.write_example(straight_lines.EXAMPLES / f"{args.name}.json", data)
        for path in sorted(straight_lines.EXAMPLES.glob("*.json")):
            other = json.loads(path.read_text(encoding="utf-8"))
            if other.get("winning") == args.name:
                clean_line.write_example(path, straight_alternatives.mistake_line(data, other))
                print(f"   {path.stem} made again: {straighten.report(path.stem)}")
        print(f"stored: {straighten.report(args.name)} ({time.process_time() - t0:.1f} s CPU)")


if __name__ == "__main__":
    main()
