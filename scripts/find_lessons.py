#!/usr/bin/env python3
"""Finds the positions of the rules pages' lessons in real games and writes docs/lessons/*.json.

Each lesson teaches one rule with one goal. Its position is taken from a real game: the stored
example games and the solver's winning lines of a few deals the statistics run won. For each
lesson a predicate looks for the first position (in a fixed order, so the output is the same
every run) where the rule shows cleanly: the goal is reached by a short intended line and the
move that teaches the rule has no rival that reaches the same goal.

    .venv/bin/python scripts/find_lessons.py            # writes docs/lessons/*.json
    .venv/bin/python scripts/find_lessons.py --check    # only says what it would write

The build (sitegen/lessons.py) re-checks every file: the intended line legal, the goal reached.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeAlias

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.notation import Move  # noqa: E402
from sitegen.games import cards_at  # noqa: E402
from sitegen.lessons import goal_met  # noqa: E402

LESSON_DIR = ROOT / "docs" / "lessons"
# Deals the statistics run won (data/stats/*.jsonl); their solver lines give late positions.
EXTRA_DEALS = {
    "crescent": ["CR1-N-AAKYMLT", "CR1-N-AAKYMLU", "CR1-N-AAKYMLV"],
    "canfield": ["CF1-D3-AAKYMLT", "CF1-D3-AAKYMLS", "CF1-D1-AAKYMLT", "CF1-D1-AAKYMLU"],
}
EXAMPLES = {
    "crescent": ["crescent-example"],
    "canfield": ["canfield-d3-example", "canfield-d1-example"],
}


def lines(kind: str) -> Iterator[tuple[str, list[str]]]:
    """(code, winning line) of the examples, then of the extra deals (solved here)."""
    for name in EXAMPLES[kind]:
        data = json.loads((ROOT / "docs" / "examples" / f"{name}.json").read_text())
        yield data["code"], data["moves"]
    for code in EXTRA_DEALS[kind]:
        solution = engine.solve(engine.new_game(code), max_seconds=20)
        if solution.status == "win":
            yield code, solution.moves


def positions(kind: str) -> Iterator[tuple[str, int, engine.Game]]:
    for code, moves in lines(kind):
        game = engine.new_game(code)
        for n, move in enumerate(moves):
            yield code, n, game
            game = game.copy()
            game.play(move)


def top(state: dict[str, Any], place: str) -> str | None:
    cards = cards_at(state, place)
    return cards[-1] if cards else None


def top_card(state: dict[str, Any], place: str) -> str:
    """The top card of a place known to hold one (a legal move's source, a pile a Crescent
    move goes onto); ValueError if it is empty."""
    card = top(state, place)
    if card is None:
        raise ValueError(f"{place} is empty")
    return card


def reaching(game: engine.Game, goal: dict[str, Any], depth: int) -> list[list[str]]:
    """Every line of at most `depth` actions that reaches `goal` (and stops there)."""
    found: list[list[str]] = []

    def walk(g: engine.Game, line: list[str]) -> None:
        if goal_met(g.state(), goal):
            found.append(line)
            return
        if len(line) == depth:
            return
        for move in g.legal_moves():
            twin = g.copy()
            twin.play(move)
            walk(twin, [*line, move])

    walk(game, [])
    return found


# What a finder returns: (goal, intended line, the lesson text's parameters), or None.
Found: TypeAlias = tuple[dict[str, Any], list[str], dict[str, Any]] | None
Finder = Callable[[engine.Game], Found]


def single(game: engine.Game, goal: dict[str, Any], line: list[str]) -> bool:
    """The goal is reached by exactly the intended line among lines no longer than it."""
    return reaching(game, goal, len(line)) == [line]


# ---- Crescent -----------------------------------------------------------------------------------


def card_moves(game: engine.Game) -> Iterator[tuple[str, str, int, str]]:
    """(move, source, cards moved, destination) of each legal card move, in the engine's order."""
    for move in game.legal_moves():
        parsed = Move.parse(move)
        if not parsed.keyword:
            yield move, parsed.src, parsed.count, parsed.dst


def _pile_onto_pile(game: engine.Game, wrap: bool) -> Found:
    """A top card that goes onto exactly one pile: a king on an ace or the reverse (`wrap`), or
    (not `wrap`) one rank apart with neither an ace nor a king, and no foundation taking it."""
    s = game.state()
    for move, src, _n, dst in card_moves(game):
        if not (src.isdigit() and dst.isdigit()):
            continue
        card, target = top_card(s, src), top_card(s, dst)
        if ({card[0], target[0]} == {"A", "K"}) != wrap or (not wrap and {card[0], target[0]} & {"A", "K"}):
            continue
        goal = {"top": {dst: card}}
        if single(game, goal, [move]) and (wrap or game.check(f"{src}>F") is not None):
            return goal, [move], {"card": card, "target": target, "pile": dst}
    return None


def cr_build(game: engine.Game) -> Found:
    return _pile_onto_pile(game, wrap=False)


def cr_wrap(game: engine.Game) -> Found:
    return _pile_onto_pile(game, wrap=True)


def cr_free(game: engine.Game) -> Found:
    """A card second from the top that goes to a foundation once the card over it moves."""
    s = game.state()
    for move, src, _n, dst in card_moves(game):
        if not (src.isdigit() and dst.isdigit()):
            continue
        pile = s["piles"][int(src) - 1]
        if len(pile) < 3:
            continue
        twin = game.copy()
        twin.play(move)
        for found in twin.legal_moves():
            landed = Move.parse(found)
            if landed.src == src and landed.to_foundation:
                card = pile[-2]
                goal = {"top": {landed.dst: card}}
                if game.check(f"{src}>F") is None:
                    continue
                if single(game, goal, [move, found]):
                    return goal, [move, found], {"card": card, "pile": src, "over": pile[-1]}
    return None


def cr_down(game: engine.Game) -> Found:
    """A card onto a king-based foundation (built down)."""
    s = game.state()
    for move, src, _n, dst in card_moves(game):
        if not (src.isdigit() and dst.endswith("-")):
            continue
        card = top_card(s, src)
        if card[0] in "KQ":
            continue
        goal = {"top": {dst: card}}
        if single(game, goal, [move]):
            return goal, [move], {"card": card, "target": top(s, dst)}
    return None


def cr_across(game: engine.Game) -> Found:
    """A card from one foundation of a suit to the other."""
    s = game.state()
    for move, src, _n, dst in card_moves(game):
        if src.isdigit() or not dst:
            continue
        card = top(s, src)
        goal = {"top": {dst: card}}
        if single(game, goal, [move]):
            return goal, [move], {"card": card}
    return None


def cr_empty(game: engine.Game) -> Found:
    """A pile of one card whose card goes to a foundation: the pile empties for good."""
    s = game.state()
    for move, src, _n, dst in card_moves(game):
        if not src.isdigit() or dst.isdigit() or len(s["piles"][int(src) - 1]) != 1:
            continue
        goal = {"empty": [src]}
        if reaching(game, goal, 1) == [[move]]:
            return goal, [move], {"card": top(s, src), "pile": src}
    return None


def cr_redeal(game: engine.Game) -> Found:
    """A redeal brings a pile's bottom card up, and that card then goes to a foundation."""
    s = game.state()
    if s["redeals_left"] == 0 or s["moves"] < 20:
        return None
    twin = game.copy()
    twin.play("redeal")
    for move in twin.legal_moves():
        parsed = Move.parse(move)
        src = parsed.src
        if parsed.from_pile and parsed.to_foundation:
            card = top(twin.state(), src)
            if any(m.startswith(src + ">") for m in game.legal_moves()):
                continue
            goal = {"top": {src: card}}
            if reaching(game, goal, 1) == [["redeal"]]:
                return goal, ["redeal"], {"card": card, "pile": src}
    return None


# ---- Canfield -----------------------------------------------------------------------------------


def cf_build(game: engine.Game) -> Found:
    s = game.state()
    for move, src, _n, dst in card_moves(game):
        if src.isdigit() or not dst.isdigit() or not s["columns"][int(dst) - 1]:
            continue
        card = top_card(s, src)
        if card[0] == "K":  # a king on an ace wraps: not the first thing to show
            continue
        goal = {"top": {dst: card}}
        if single(game, goal, [move]):
            return goal, [move], {"card": card, "target": top(s, dst), "column": dst}
    return None


def cf_run(game: engine.Game) -> Found:
    s = game.state()
    for move, col, n, dst in card_moves(game):
        if ":" not in move or not s["columns"][int(dst) - 1]:
            continue
        cards = s["columns"][int(col) - 1][-n:]
        goal = {"top": {dst: cards[-1]}, "size": {dst: len(s["columns"][int(dst) - 1]) + n}}
        if single(game, goal, [move]):
            return goal, [move], {"card": cards[0], "target": top(s, dst), "n": str(n), "column": dst}
    return None


def cf_refill(game: engine.Game) -> Found:
    s = game.state()
    if not s["reserve"]:
        return None
    for move, src, _n, _dst in card_moves(game):
        if not src.isdigit() or len(s["columns"][int(src) - 1]) != 1:
            continue
        goal = {"top": {src: s["reserve"][-1]}}
        if single(game, goal, [move]):
            return goal, [move], {"card": top(s, src), "column": src, "reserve": s["reserve"][-1]}
    return None


def cf_draw(game: engine.Game) -> Found:
    s = game.state()
    if s["waste"] and game.check("W>F") is None:
        return None
    for k in (2, 3):
        twin = game.copy()
        try:
            for _ in range(k):
                twin.play("draw")
        except engine.IllegalMove:
            return None
        if twin.state()["waste"] and len(twin.state()["stock"]) > 0:
            for move in twin.legal_moves():
                if move.startswith("W>"):
                    card = twin.state()["waste"][-1]
                    dst = Move.parse(move).dst
                    goal = {"top": {dst: card}}
                    line = ["draw"] * k + [move]
                    if single(game, goal, line):
                        return goal, line, {"card": card, "draws": k}
    return None


def cf_takeback(game: engine.Game) -> Found:
    """A foundation's top card taken back onto a column, so that a card can land on it."""
    s = game.state()
    for move, src, _n, dst in card_moves(game):
        if src not in "SHDC" or not dst.isdigit():
            continue
        twin = game.copy()
        twin.play(move)
        card = top(s, src)
        for after in twin.legal_moves():
            then = Move.parse(after)
            if then.dst != dst or then.src in "SHDC":
                continue
            t = twin.state()
            n = then.count
            moved = t["columns"][int(then.src) - 1][-n:] if then.from_pile else [top(t, then.src)]
            goal = {"top": {dst: moved[-1]}, "size": {dst: len(t["columns"][int(dst) - 1]) + n}}
            if single(game, goal, [move, after]):
                return goal, [move, after], {"card": card, "lands": moved[0], "column": dst}
    return None


def cf_foundation(game: engine.Game) -> Found:
    """A card that goes to its foundation once the card over it moves to another column."""
    s = game.state()
    for move, src, _n, dst in card_moves(game):
        if not src.isdigit() or not dst.isdigit():
            continue
        col = s["columns"][int(src) - 1]
        if len(col) < 2:
            continue
        twin = game.copy()
        twin.play(move)
        card = col[-2]
        f = card[1]
        goal = {"top": {f: card}}
        if twin.check(f"{src}>{f}") is None and single(game, goal, [move, f"{src}>{f}"]):
            return goal, [move, f"{src}>{f}"], {"card": card, "over": col[-1]}
    return None


# In the order of the rules pages' sections (each lesson's "next" is the one after it).
LESSONS: list[tuple[str, str, Finder]] = [
    ("cr-build", "crescent", cr_build),
    ("cr-wrap", "crescent", cr_wrap),
    ("cr-empty", "crescent", cr_empty),
    ("cr-free", "crescent", cr_free),
    ("cr-down", "crescent", cr_down),
    ("cr-across", "crescent", cr_across),
    ("cr-redeal", "crescent", cr_redeal),
    ("cf-refill", "canfield", cf_refill),
    ("cf-foundation", "canfield", cf_foundation),
    ("cf-takeback", "canfield", cf_takeback),
    ("cf-build", "canfield", cf_build),
    ("cf-run", "canfield", cf_run),
    ("cf-draw", "canfield", cf_draw),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing")
    parser.add_argument("--only", nargs="*", help="lesson ids")
    args = parser.parse_args()
    cache: dict[str, list[tuple[str, int, engine.Game]]] = {}
    order = [lid for lid, _, _ in LESSONS]
    for lid, kind, finder in LESSONS:
        if args.only and lid not in args.only:
            continue
        if kind not in cache:
            cache[kind] = list(positions(kind))
        for code, n, game in cache[kind]:
            found = finder(game)
            if found is None:
                continue
            goal, line, params = found
            same = [x for x, k, _ in LESSONS if k == kind]
            nxt = same[same.index(lid) + 1] if same.index(lid) + 1 < len(same) else None
            data = {
                "game": kind,
                "source": {"code": code, "actions": n},
                "state": game.state(),
                "goal": goal,
                "line": line,
                "params": params,
                "text": {
                    "title": f"learn.lesson.{lid}.title",
                    "goal": f"learn.lesson.{lid}.goal",
                    "done": f"learn.lesson.{lid}.done",
                },
                "next": nxt,
            }
            print(f"{lid}: {code} after {n} actions: {line} {params}")
            if not args.check:
                (LESSON_DIR / f"{lid}.json").write_text(
                    json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
                )
            break
        else:
            print(f"{lid}: not found", file=sys.stderr)
    del order
    return 0


if __name__ == "__main__":
    sys.exit(main())
