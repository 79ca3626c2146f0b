#!/usr/bin/env python3
"""Finds the three stored example games (docs/examples/NAME.json) by searching deal codes.

    .venv/bin/python scripts/find_examples.py [crescent-example canfield-d3-example canfield-d1-example]

Each example is a real winning game of 100+ actions that shows the seed pages' teaching points:
- crescent-example: an early ace played onto the king of its suit by the wrap (the seed: "at
  move 10, the A♠ of pile 10 goes onto the K♠ of pile 14"), and a redeal after which a pile's
  new top card (its old bottom card) can be played.
- canfield-d3-example / canfield-d1-example: the seed's base card 7♥ and an A♠ in column 4 that
  cannot start its foundation (the start rank is 7), and an early move that empties a column
  which the reserve refills at once (the seed: a K♥ carrying a Q♣ goes onto the A♠).

Method: scan deal numbers for the seed's cards in the seed's places, force the teaching moves
as the opening, solve the rest with the engine's solver, then tidy the line for a human reader
(drop every action whose removal still leaves a winning line). Every stored game is replayed
through the public API before it is written, and tests/test_examples.py checks it again.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.codes import deal_letters  # noqa: E402

EXAMPLES = ROOT / "docs" / "examples"
MIN_ACTIONS = 100


def replay(code: str, moves: list[str]) -> engine.Game | None:
    """The game after `moves`, or None if one is illegal."""
    game = engine.new_game(code)
    try:
        for move in moves:
            game.play(move)
    except engine.IllegalMove:
        return None
    return game


def wins(code: str, moves: list[str]) -> bool:
    game = replay(code, moves)
    return game is not None and game.status == "won"


def tidy(code: str, moves: list[str], keep: int, check: Callable[[list[str]], bool]) -> list[str]:
    """Drops single actions (after the first `keep`) while the line still wins and `check`
    still holds: back-and-forth shuffles and pointless draws go, the teaching opening stays."""
    line = list(moves)
    changed = True
    while changed:
        changed = False
        i = len(line) - 1
        while i >= keep:
            trial = line[:i] + line[i + 1:]
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
        if move != "redeal" and ">" in move:
            src, dst = move.split(">")
            if dst.isdigit():
                card, target = state["piles"][int(src) - 1][-1], state["piles"][int(dst) - 1][-1]
                if ace_on_king is None and card[0] == "A" and target[0] == "K":
                    ace_on_king = i
        if move == "redeal":
            before = [p[:] for p in state["piles"]]
            game.play(move)
            legal = game.legal_moves()
            useful = any(len(before[p]) >= 2 and any(m.startswith(f"{p + 1}>") for m in legal)
                         and game.state()["piles"][p][-1] != before[p][-1] for p in range(16))
            return ace_on_king is not None and ace_on_king < 12 and useful
        game.play(move)
    return False


def place_early(code: str, line: list[str], move: str, at: int) -> list[str]:
    """Moves the forced first `move` to index `at` when the actions before it leave its two
    piles alone (they then commute), so the wrap comes around move `at + 1` as in the seed."""
    src, dst = move.split(">")
    target = 0
    for i in range(1, min(at, len(line) - 1) + 1):
        mv = line[i]
        places = set(mv.split(">")) if ">" in mv else {"redeal"}
        if places & {src, dst, "redeal"}:
            break
        target = i
    if target == 0:
        return line
    moved = line[1:target + 1] + [line[0]] + line[target + 1:]
    return moved if wins(code, moved) else line


def find_crescent(seconds: float, budget: float) -> dict[str, object] | None:
    end = time.monotonic() + budget
    for deal, code, first in crescent_candidates(2_000_000):
        if time.monotonic() > end:
            break
        game = engine.new_game(code)
        game.play(first)
        solution = engine.solve(game, max_seconds=seconds)
        print(f"  {code}: {solution.status} ({solution.seconds:.1f} s)", flush=True)
        if solution.status != "win":
            continue
        line = [first] + solution.moves
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
    if not any(col and col[-1][0] == "A" and game.check(f"{i + 1}>F") == "foundation-start"
               for i, col in enumerate(state["columns"])):
        return None
    for i, move in enumerate(moves):
        before = game.state()
        game.play(move)
        after = game.state()
        if move.startswith("R>") or not before["reserve"]:
            continue
        for c in range(4):
            if (after["columns"][c] == [before["reserve"][-1]] and before["columns"][c]
                    and len(after["reserve"]) == len(before["reserve"]) - 1):
                return i
    return None


def find_canfield(draw: int, seconds: float, budget: float) -> dict[str, object] | None:
    """The first candidate whose won line refills a column within its first 10 actions, else
    the one that does so earliest."""
    end = time.monotonic() + budget
    best: tuple[int, dict[str, object]] | None = None
    for deal, code, opening in canfield_candidates(draw, 3_000_000):
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
    # One action per line, so that a build error can name the line of a bad move.
    body = ",\n".join(f"    {json.dumps(m)}" for m in moves)
    text = f'{{\n  "code": {json.dumps(example["code"])},\n  "moves": [\n{body}\n  ]\n}}\n'
    (EXAMPLES / f"{name}.json").write_text(text, encoding="utf-8")
    print(f"{name}: {example['code']}, {len(moves)} actions", flush=True)


FINDERS: dict[str, Callable[[float, float], dict[str, object] | None]] = {
    "crescent-example": find_crescent,
    "canfield-d3-example": lambda s, b: find_canfield(3, s, b),
    "canfield-d1-example": lambda s, b: find_canfield(1, s, b),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
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
