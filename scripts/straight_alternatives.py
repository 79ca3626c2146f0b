"""The alternatives a straightened example line offers, and the line stored with them: the
Crescent mistake's parting move (`find_parting`), Canfield's proved-lost other choice
(`find_choice`), the file's data re-pointed to the new line (`store`), and a mistake line made
again beside its new winning line (`mistake_line`). scripts/straighten.py and
scripts/straight_search.py store what they find through these.
"""

from __future__ import annotations

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
from scripts.straight_lines import Example, Line, line_keys  # noqa: E402


def find_parting(code: str, line: Line, log: Callable[[str], None] = print) -> dict[str, Any] | None:
    """Crescent: the first step, from two thirds of the line on, where a move that empties a pile
    (the mistake the Examples page warns of) is proved lost, and the beginner's policy after it
    is blocked only ten or more actions later."""
    from scripts.greedy import greedy_line
    from scripts.proofs import proved_lost

    game = engine.new_game(code)
    seen = {clean_line.position_key(game.state())}
    for i, move in enumerate(line):
        if i >= 2 * len(line) // 3:
            piles = game.state()["piles"]
            for alt in game.legal_moves():
                src = Move.parse(alt).src
                if alt == move or not src.isdigit() or len(piles[int(src) - 1]) != 1:
                    continue
                twin = game.copy()
                twin.play(alt)
                lost = proved_lost(twin)
                log(f"  step {i}: {alt} instead of {move}: {'lost' if lost else 'not proved lost'}")
                if not lost:
                    continue
                after = greedy_line(twin, seen | {clean_line.position_key(twin.state())})
                end = clean_line.replay(code, [*line[:i], alt, *after])
                if end is not None and end.status == "blocked" and len(after) >= 10:
                    return {"step": i, "move": alt}
        game.play(move)
        seen.add(clean_line.position_key(game.state()))
    return None


def find_choice(code: str, line: Line, log: Callable[[str], None] = print) -> dict[str, Any] | None:
    """Canfield under the traditional rule: the first step where the other choice for the card
    the line moves (home instead of a column, or a column instead of home) is proved lost."""
    from scripts.proofs import canfield_choices, proved_lost, quickly_won

    game = engine.new_game(code)
    for i, move in enumerate(line):
        for alt in canfield_choices(game, move):
            column = Move.parse(alt).dst if Move.parse(alt).to_pile else Move.parse(move).dst
            if not game.state()["columns"][int(column) - 1]:
                continue  # the page's sentence names the card it would have landed on
            twin = game.copy()
            twin.play(alt)
            if not quickly_won(twin, takebacks=False) and proved_lost(twin, takebacks=False):
                log(f"  step {i}: {move} / {alt}: lost without take-backs")
                return {"step": i, "move": alt, "rules": "no-takebacks"}
        game.play(move)
    return None


# Each game's stored alternative, by the game a code deals (engine.codes.GAMES).
FINDERS = {"crescent": find_parting, "canfield": find_choice}


def finder_for(code: str) -> Callable[[str, Line, Callable[[str], None]], dict[str, Any] | None]:
    """The finder of the alternative a line of the deal `code` stores."""
    return FINDERS[engine.new_game(code).game]


def store(ex: Example, line: Line, log: Callable[[str], None] = print) -> dict[str, Any]:
    """The file's data with the new line and every alternative re-pointed to its position (or,
    where the line had to change before it, found again)."""
    data = dict(ex.data)
    data["moves"] = line
    if ex.free and data.get("alternatives"):
        alt = finder_for(ex.code)(ex.code, line, log)
        if alt is None:
            raise ValueError(f"{ex.name}: no alternative proved lost on the new line")
        data["alternatives"] = [alt]
    elif ex.alts:
        steps = ex.alt_steps(line)
        assert steps is not None
        data["alternatives"] = [
            {**alt, "step": step} for (_, _, alt), step in zip(ex.alts, steps, strict=False)
        ]
    order = [k for k in ex.data if k != "moves"]
    return {k: data[k] for k in order} | {"moves": line}


def mistake_line(winning: dict[str, Any], mistake: dict[str, Any]) -> dict[str, Any]:
    """A mistake line made again beside its new winning line: the winning line up to its stored
    alternative, that move (proved lost: tests/test_examples.py), then the beginner's policy of
    scripts/greedy.py until stuck."""
    from scripts.greedy import greedy_line

    code, moves = winning["code"], winning["moves"]
    alt = winning["alternatives"][0]
    step, move = int(alt["step"]), str(alt["move"])
    keys = line_keys(code, moves[:step])
    twin = clean_line.replay(code, moves[:step])
    assert twin is not None
    twin.play(move)
    seen = set(keys) | {clean_line.position_key(twin.state())}
    line = [*moves[:step], move, *greedy_line(twin, seen)]
    end = clean_line.replay(code, line)
    if end is None or end.status != mistake["outcome"]:
        raise ValueError(f"the mistake line does not end {mistake['outcome']}")
    return {**mistake, "moves": line}
