"""Cleaning a winning line, so that every action in a stored example is one a reader can learn from.

    .venv/bin/python scripts/clean_line.py docs/examples/NAME.json [--write]

A solver's winning line wanders: it moves a card away and back, shuffles two cards between
piles, draws through the stock once too often. `clean(code, moves)` returns a line that still
wins from the same deal, every candidate checked by replaying it through the engine's public
API (`engine.new_game`, `game.play`, `game.status`), in this order, repeated to a fixpoint:

1. cut every loop: where the position after action j equals the position after action i < j
   (the move counter and the score aside), actions i+1..j are cut;
2. drop a move together with its reversal (a card, or a run, moved from A to B and later from
   B back to A, nothing else having moved it in between) when the line still wins without both;
3. drop each single action, then each adjacent pair of actions, while the line still wins.

`is_clean(code, moves)` states the result's property and is what tests/test_examples.py
asserts on every stored example: no position repeats, and no single action, adjacent pair or
move-and-reversal can be removed with the line still winning. `defects` lists what is wrong.

Human-likeness (`human_cost`), used by scripts/find_examples.py to choose among the cleaned
lines that several solver runs (different seeds) give for one deal: lower is more human.
    cost = actions + 4 × foundation take-backs + 3 × redeals (Crescent) + 2 × recycles (Canfield)
           + 1 × moves between two foundations of a suit (Crescent)
A person plays few actions, rarely takes a card back from a foundation, and spends a redeal or a
trip through the stock only when stuck; each of those is what makes a solver's line hard to follow,
so each costs more than a plain action.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.notation import Move, cards_at, split_move  # noqa: E402

Line = list[str]


# ---- replaying -------------------------------------------------------------------------------


def position_key(state: dict[str, Any]) -> str:
    """A position: the state without the move counter and the score (which only count)."""
    rest = {k: v for k, v in state.items() if k not in ("moves", "score", "status")}
    return json.dumps(rest, sort_keys=True, separators=(",", ":"))


def replay(code: str, moves: Iterable[str]) -> Any | None:
    """The game after `moves` played from the deal through the public API, None if one is illegal."""
    game = engine.new_game(code)
    try:
        for move in moves:
            game.play(move)
    except engine.IllegalMove:
        return None
    return game


def wins(code: str, moves: Iterable[str]) -> bool:
    """True when the line is legal from the deal and ends with the game won (not before)."""
    game = engine.new_game(code)
    try:
        for move in moves:
            if game.status == "won":
                return False  # no action is legal once won; a line must end at its win
            game.play(move)
    except engine.IllegalMove:
        return False
    return game.status == "won"


def states(code: str, moves: Iterable[str]) -> list[dict[str, Any]]:
    """The state before each action and after the last (moves must be legal)."""
    game = engine.new_game(code)
    out = [game.state()]
    for move in moves:
        game.play(move)
        out.append(game.state())
    return out


# ---- what a move moves -----------------------------------------------------------------------


def moved(move: str, before: dict[str, Any]) -> tuple[str, str, tuple[str, ...]] | None:
    """(source place, destination place, cards moved) of a card move; None for redeal/draw."""
    split = split_move(move)
    if split is None:
        return None
    src, count, dst = split
    if dst == "F":
        return None  # not canonical: the stored lines use the foundation's name
    return src, dst, tuple(cards_at(before, src)[-count:])


def is_foundation(state: dict[str, Any], place: str) -> bool:
    return place in state["foundations"]


def reversal_pairs(code: str, moves: Line) -> list[tuple[int, int]]:
    """Pairs (i, j), i < j: action j moves back from B to A exactly the cards action i moved from
    A to B, and no action between them moves any of those cards."""
    st = states(code, moves)
    info = [moved(m, st[k]) for k, m in enumerate(moves)]
    pairs = []
    for i, a in enumerate(info):
        if a is None:
            continue
        src, dst, cards = a
        for j in range(i + 1, len(moves)):
            b = info[j]
            if b is None:
                # A redeal rearranges every pile: nothing after it is a plain reversal.
                if moves[j] == "redeal":
                    break
                continue
            if b[2] == cards and b[0] == dst and b[1] == src:
                pairs.append((i, j))
                break
            if set(b[2]) & set(cards) and (b[0] == dst or b[1] == dst):
                break  # the cards moved on: a later move is not this one's reversal
    return pairs


# ---- cleaning --------------------------------------------------------------------------------


def cut_loops(code: str, moves: Line) -> Line:
    """Cuts every stretch of actions that leads back to a position seen before."""
    line = list(moves)
    while True:
        seen: dict[str, int] = {}
        cut = None
        for k, state in enumerate(states(code, line)):
            key = position_key(state)
            if key in seen:
                cut = (seen[key], k)
                break
            seen[key] = k
        if cut is None:
            return line
        line = line[: cut[0]] + line[cut[1] :]


def _drop_reversals(code: str, line: Line, still: Any) -> tuple[Line, bool]:
    changed = False
    for i, j in reversed(reversal_pairs(code, line)):
        trial = line[:i] + line[i + 1 : j] + line[j + 1 :]
        if still(trial):
            return trial, True
    return line, changed


def _drop_runs(code: str, line: Line, still: Any, width: int) -> tuple[Line, bool]:
    """Drops runs of `width` adjacent actions, from the end backwards, while `still` holds."""
    changed = False
    i = len(line) - width
    while i >= 0:
        trial = line[:i] + line[i + width :]
        if still(trial):
            line = trial
            changed = True
            i = min(i, len(line) - width)
        else:
            i -= 1
    return line, changed


def clean(code: str, moves: Line, still: Any = None) -> Line:
    """A line that still wins (or still satisfies `still`), with nothing left to cut or drop."""
    if still is None:

        def still(line: Line) -> bool:
            return wins(code, line)

    if not still(list(moves)):
        raise ValueError(f"{code}: the line to clean does not win to begin with")
    line = list(moves)
    while True:
        before = list(line)
        cut = cut_loops(code, line)
        if still(cut):
            line = cut
        changed = True
        while changed:
            line, changed = _drop_reversals(code, line, still)
        for width in (1, 2):
            line, _ = _drop_runs(code, line, still, width)
        if line == before:
            return line


def defects(code: str, moves: Line, still: Any = None) -> list[str]:
    """Why a winning line is not clean (empty when it is): a shorter line made by a drop that
    still wins (or, given `still`, that `still` accepts: scripts/straighten.py's acceptable lines)."""
    out: list[str] = []
    if not wins(code, moves):
        return ["the line does not end won"]
    if still is None:

        def still(line: Line) -> bool:
            return wins(code, line)

    seen: dict[str, int] = {}
    for k, state in enumerate(states(code, moves)):
        key = position_key(state)
        if key in seen:
            out.append(f"the position after action {k} repeats the one after action {seen[key]}")
        seen.setdefault(key, k)
    for i in range(len(moves)):
        if still(moves[:i] + moves[i + 1 :]):
            out.append(f"action {i + 1} {moves[i]!r} can be dropped")
    for i in range(len(moves) - 1):
        if still(moves[:i] + moves[i + 2 :]):
            out.append(f"actions {i + 1}-{i + 2} {moves[i]!r} {moves[i + 1]!r} can be dropped")
    for i, j in reversal_pairs(code, moves):
        if still(moves[:i] + moves[i + 1 : j] + moves[j + 1 :]):
            out.append(f"action {i + 1} {moves[i]!r} and its reversal {j + 1} {moves[j]!r} can be dropped")
    return out


def is_clean(code: str, moves: Line, still: Any = None) -> bool:
    return not defects(code, moves, still)


# ---- returns: a card going back to a place it left (sitegen/returns.py) --------------------------

from sitegen.returns import Return, return_defects, returns  # noqa: E402, F401

# ---- human-likeness --------------------------------------------------------------------------


def counts(code: str, moves: Line) -> dict[str, int]:
    """What the human-likeness measure counts in a line."""
    st = states(code, moves)
    c = {"actions": len(moves), "takebacks": 0, "redeals": 0, "recycles": 0, "between": 0}
    for k, move in enumerate(moves):
        before = st[k]
        if move == "redeal":
            c["redeals"] += 1
        elif move == "draw":
            if not before["stock"]:
                c["recycles"] += 1
        else:
            parsed = Move.parse(move)
            src, dst = parsed.src, parsed.dst
            if is_foundation(before, src):
                if is_foundation(before, dst):
                    c["between"] += 1
                else:
                    c["takebacks"] += 1
    return c


def human_cost(code: str, moves: Line) -> int:
    """Lower is more human: see the module docstring."""
    c = counts(code, moves)
    return c["actions"] + 4 * c["takebacks"] + 3 * c["redeals"] + 2 * c["recycles"] + c["between"]


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--write", action="store_true", help="store the cleaned line in the file")
    args = parser.parse_args(argv)
    for path in args.files:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("outcome"):
            print(f"{path}: a mistake line ({data['outcome']}), not a winning line: skipped")
            continue
        line = clean(data["code"], data["moves"])
        print(
            f"{path}: {len(data['moves'])} -> {len(line)} actions, cost "
            f"{human_cost(data['code'], data['moves'])} -> {human_cost(data['code'], line)}"
        )
        if args.write:
            data["moves"] = line
            write_example(path, data)


def write_example(path: Path, data: dict[str, Any]) -> None:
    """One action per line, so that a build error can name the line of a bad move; the other
    keys first, in a stable order."""
    head = [
        f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items() if k != "moves"
    ]
    body = ",\n".join(f"    {json.dumps(m)}" for m in data["moves"])
    text = "{\n" + ",\n".join([*head, f'  "moves": [\n{body}\n  ]']) + "\n}\n"
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
