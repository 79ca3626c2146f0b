#!/usr/bin/env python3
"""Finds the stored example games (docs/examples/NAME.json) by searching deal codes.

    .venv/bin/python scripts/find_examples.py [NAME ...]      (run it with `nice -n 10`)

Every winning line is cleaned by scripts/clean_line.py (loops cut, moves and their reversals,
single actions and adjacent pairs dropped while it still wins), then straightened where
scripts/straighten.py finds a line in which no card goes back to a place it left (unless a
take-back that a card lands on); where several solver runs
(seeds) give lines for one deal, the one with the lowest `clean_line.human_cost` is kept
(fewer actions, fewer foundation take-backs, redeals and recycles: see that module).

Examples and what each teaches (the Examples page introduces each):
- crescent-example: a win whose two redeals come when nothing else helps (kept from the first
  finder below, re-cleaned: the rules pages cite its ace-on-king wrap and its first redeal);
- crescent-short: among the 12 statistics deals (data/stats) with the shortest solver lines,
  the clean win with the fewest redeals, then the lowest human cost: a beginner's first replay;
- crescent-mistake: crescent-example's line up to a move where an obvious alternative loses
  (the solver proves it), then that alternative and the beginner's policy of scripts/greedy.py
  until the game is blocked (`"outcome": "blocked"`, `"winning": "crescent-example"`); the
  winning example records the alternative in `"alternatives"`;
- canfield-d3-takeback: a draw-three deal the solver proves lost when no card may come back
  from a foundation (`takebacks=False`) and wins with take-backs;
- canfield-d1-example: a draw-one win (and the seed's cards);
- canfield-d3-example: the rules pages' draw-three win (base card, column ace, refill);
- canfield-choice: a draw-three win where building on a column rather than sending a card home
  decides the game. With take-backs (the app's rule) no such proof was found in the statistics
  deals (a card sent home can come back onto the same column), so the claim is made under the
  traditional rule: the line takes no card back, and `"alternatives"` (`"rules":
  "no-takebacks"`) lists the steps where the other choice is proved lost under that rule.

The first finder below (crescent-example, canfield-*-example):

Each example is a real winning game of 100+ actions that shows the seed pages' teaching points:
- crescent-example: an early ace played onto the king of its suit by the wrap (the seed: "at
  move 10, the A♠ of pile 10 goes onto the K♠ of pile 14"), and a redeal after which a pile's
  new top card (its old bottom card) can be played.
- canfield-d3-example / canfield-d1-example: the seed's base card 7♥ and an A♠ in column 4 that
  cannot start its foundation (the start rank is 7), and an early move that empties a column
  which the reserve refills at once (the seed: a K♥ carrying a Q♣ goes onto the A♠).

Method: scan deal numbers for the seed's cards in the seed's places, force the teaching moves
as the opening, solve the rest with the engine's solver, then tidy the line for a human reader;
`write` stores every winning line as scripts/clean_line.py's output. Every stored game is
replayed through the public API before it is written, and tests/test_examples.py checks it
again (clean, and every solver claim re-proved with a node budget).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.codes import deal_letters  # noqa: E402
from engine.notation import Move  # noqa: E402
from scripts import clean_line  # noqa: E402
from scripts.lesson_examples import (  # noqa: E402
    find_canfield_choice_classic,
    find_canfield_takeback,
    find_choices,
    find_crescent_short,
    find_mistake,
)
from scripts.proofs import proved_lost  # noqa: E402, F401  (tests/test_examples.py takes it from here)

EXAMPLES = ROOT / "docs" / "examples"
MIN_ACTIONS = 100


# One replay and one win check for the finder and the cleaner (the public API, step by step).
replay = clean_line.replay
wins = clean_line.wins


def tidy(code: str, moves: list[str], keep: int, check: Callable[[list[str]], bool]) -> list[str]:
    """Drops single actions (after the first `keep`) while the line still wins and `check`
    still holds: back-and-forth shuffles and pointless draws go, the teaching opening stays."""
    line = list(moves)
    changed = True
    while changed:
        changed = False
        i = len(line) - 1
        while i >= keep:
            trial = line[:i] + line[i + 1 :]
            if wins(code, trial) and check(trial):
                line = trial
                changed = True
            i -= 1
    return line


# --- Crescent -----------------------------------------------------------------------------


def crescent_candidates(limit: int) -> Iterator[tuple[int, str, str]]:
    """Deals with the A♠ on top of pile 10 and the K♠ on top of pile 14 (the seed's cards)."""
    for deal in range(limit):
        code = "CR1-N-" + deal_letters(deal)
        piles = engine.new_game(code).state()["piles"]
        if piles[9][-1] == "AS" and piles[13][-1] == "KS":
            yield deal, code, "10>14"


def crescent_points(code: str, moves: list[str]) -> bool:
    """The first ace-on-king move comes early (by move 12) and the first redeal brings up a
    card that can be played at once."""
    game = engine.new_game(code)
    ace_on_king = None
    for i, move in enumerate(moves):
        state = game.state()
        parsed = Move.parse(move)
        if not parsed.keyword:
            src, dst = parsed.src, parsed.dst
            if dst.isdigit():
                card, target = state["piles"][int(src) - 1][-1], state["piles"][int(dst) - 1][-1]
                if ace_on_king is None and card[0] == "A" and target[0] == "K":
                    ace_on_king = i
        if move == "redeal":
            before = [p[:] for p in state["piles"]]
            game.play(move)
            legal = game.legal_moves()
            useful = any(
                len(before[p]) >= 2
                and any(m.startswith(f"{p + 1}>") for m in legal)
                and game.state()["piles"][p][-1] != before[p][-1]
                for p in range(16)
            )
            return ace_on_king is not None and ace_on_king < 12 and useful
        game.play(move)
    return False


def place_early(code: str, line: list[str], move: str, at: int) -> list[str]:
    """Moves the forced first `move` to index `at` when the actions before it leave its two
    piles alone (they then commute), so the wrap comes around move `at + 1` as in the seed."""
    parsed = Move.parse(move)
    src, dst = parsed.src, parsed.dst
    target = 0
    for i in range(1, min(at, len(line) - 1) + 1):
        mv = line[i]
        step = Move.parse(mv)
        places = {step.keyword} if step.keyword else {step.src, step.dst}
        if places & {src, dst, "redeal"}:
            break
        target = i
    if target == 0:
        return line
    moved = [*line[1 : target + 1], line[0], *line[target + 1 :]]
    return moved if wins(code, moved) else line


def find_crescent(seconds: float, budget: float) -> dict[str, object] | None:
    end = time.monotonic() + budget
    for _deal, code, first in crescent_candidates(2_000_000):
        if time.monotonic() > end:
            break
        game = engine.new_game(code)
        game.play(first)
        solution = engine.solve(game, max_seconds=seconds)
        print(f"  {code}: {solution.status} ({solution.seconds:.1f} s)", flush=True)
        if solution.status != "win":
            continue
        line = [first, *solution.moves]
        line = tidy(code, line, 1, lambda m: True)
        line = place_early(code, line, first, 9)
        if len(line) >= MIN_ACTIONS and wins(code, line) and crescent_points(code, line):
            return {"code": code, "moves": line}
    return None


# --- Canfield -----------------------------------------------------------------------------


def canfield_candidates(draw: int, limit: int) -> Iterator[tuple[int, str, list[str]]]:
    """Deals with the seed's base card 7♥ and A♠ in column 4, where a red king in another
    column can take the reserve's black queen and then go, with it, onto the A♠ (the seed's
    opening: the king's column empties and the reserve refills it at once)."""
    for deal in range(limit):
        code = f"CF1-D{draw}-" + deal_letters(deal)
        state = engine.new_game(code).state()
        if state["foundations"]["H"] != ["7H"] or state["columns"][3] != ["AS"]:
            continue
        queen = state["reserve"][-1]
        for c in (1, 2, 3):
            king = state["columns"][c - 1][0]
            if king in ("KH", "KD") and queen in ("QS", "QC"):
                yield deal, code, [f"R>{c}", f"{c}:2>4"]
                break
        else:
            yield deal, code, []


def canfield_points(code: str, moves: list[str]) -> int | None:
    """None unless a column ace is refused by its empty foundation at the deal; else the index
    of the first action that empties a column which the reserve refills at once (None if no
    action does)."""
    game = engine.new_game(code)
    state = game.state()
    if not any(
        col and col[-1][0] == "A" and game.check(f"{i + 1}>F") == "foundation-start"
        for i, col in enumerate(state["columns"])
    ):
        return None
    from scripts.straight_lines import first_refill

    return first_refill(code, moves)


def find_canfield(draw: int, seconds: float, budget: float) -> dict[str, object] | None:
    """The first candidate whose won line refills a column within its first 10 actions, else
    the one that does so earliest."""
    end = time.monotonic() + budget
    best: tuple[int, dict[str, object]] | None = None
    for _deal, code, opening in canfield_candidates(draw, 3_000_000):
        if time.monotonic() > end:
            break
        game = replay(code, opening)
        if game is None:
            continue
        solution = engine.solve(game, max_seconds=seconds)
        print(f"  {code}: {solution.status} ({solution.seconds:.1f} s)", flush=True)
        if solution.status != "win":
            continue
        line = tidy(code, opening + solution.moves, len(opening), lambda m: True)
        refill = canfield_points(code, line)
        if len(line) < MIN_ACTIONS or not wins(code, line) or refill is None:
            continue
        if best is None or refill < best[0]:
            best = (refill, {"code": code, "moves": line})
        if refill < 10:
            break
    return best[1] if best else None


def write(name: str, example: dict[str, object]) -> None:
    EXAMPLES.mkdir(parents=True, exist_ok=True)
    moves = example["moves"]
    assert isinstance(moves, list)
    name = name.removesuffix("-choices")
    if "outcome" not in example:  # every stored winning line is the cleaner's output
        moves = clean_line.clean(str(example["code"]), list(moves))
        example = {**example, "moves": moves}
    clean_line.write_example(EXAMPLES / f"{name}.json", dict(example))
    if "outcome" not in example:  # ... then straightened: no card wanders back (its own script)
        from scripts import straighten

        try:
            straighten.main([name, "--write"])
        except ValueError as why:  # the pages then count its returns (scripts/build.py checks)
            print(f"{name}: not straightened ({why})", flush=True)
        moves = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))["moves"]
    print(f"{name}: {example['code']}, {len(moves)} actions", flush=True)


FINDERS: dict[str, Callable[[float, float], dict[str, object] | None]] = {
    "crescent-example": find_crescent,
    "canfield-d3-example": lambda s, b: find_canfield(3, s, b),
    "canfield-d1-example": lambda s, b: find_canfield(1, s, b),
    "crescent-short": find_crescent_short,
    "crescent-mistake": lambda s, b: find_mistake(
        "crescent-example", s, b, int(os.environ.get("MISTAKE_FROM", "0"))
    ),
    "canfield-d3-takeback": find_canfield_takeback,
    "canfield-choice": lambda s, b: find_canfield_choice_classic(3, s, b),
    "canfield-d3-example-choices": lambda s, b: find_choices("canfield-d3-example", s, b),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("names", nargs="*", choices=[*FINDERS, []])
    parser.add_argument("--seconds", type=float, default=20.0, help="solver cap per candidate")
    parser.add_argument("--budget", type=float, default=600.0, help="search time per example")
    args = parser.parse_args(argv)
    for name in args.names or list(FINDERS):
        print(f"== {name}", flush=True)
        example = FINDERS[name](args.seconds, args.budget)
        if example is None:
            raise SystemExit(f"{name}: no deal found within the budget")
        write(name, example)


if __name__ == "__main__":
    main()
