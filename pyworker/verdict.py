"""The verdict: is a win still possible from this position? Run in the page's second worker.

assets/js/verdict.js sends the board's state after every action to a Python worker of its own
(so that the search never delays a move) and shows the answer: "win" (a winning line exists
from here: found and replayed by the solver), "loss" (proved: the complete search found none)
or "unknown" (not decided within the budget). The budget is small on purpose: the page asks
again with a longer one only while the position stays the same.
"""

from __future__ import annotations

import math
from typing import Any

import engine

# The Analysis page's "think longer" goes up to MAX_SECONDS; the Play page asks for 1 s, then 4 s.
MIN_SECONDS, MAX_SECONDS, DEFAULT_SECONDS = 0.05, 30.0, 1.0


def verdict(args: dict[str, Any]) -> dict[str, Any]:
    """{state, code?, moves?, seconds?, line?, lang?} -> {verdict: "win" | "loss" | "unknown", seconds, nodes,
    line?: [{move, text}] (asked for and won)}."""
    seconds = args.get("seconds", DEFAULT_SECONDS)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or math.isnan(seconds):
        seconds = DEFAULT_SECONDS
    seconds = min(MAX_SECONDS, max(MIN_SECONDS, float(seconds)))
    masked = False
    try:
        game = engine.from_state(args.get("state"))
    except engine.StateError as e:
        rebuilt = _from_link(args)
        if rebuilt is None:
            return {"verdict": "unknown", "error": e.reason}
        game, masked = rebuilt, True
    if game.status == "won":
        return {"verdict": "win", "seconds": 0.0, "nodes": 0}
    found = engine.solve(game, max_seconds=seconds)
    answer: dict[str, Any] = {
        "verdict": found.status,
        "seconds": round(found.seconds, 3),
        "nodes": found.nodes,
    }
    # A line from a masked position would name the face-down cards it uncovers: none is given.
    if args.get("line") and found.status == "win" and not masked:
        answer["line"] = _line(game, found.moves, str(args.get("lang") or "en"))
    return answer


def _from_link(args: dict[str, Any]) -> engine.Game | None:
    """The position of a page whose state hides face-down cards (engine.public_state), rebuilt
    from its deal's code and its link's moves; None unless every move reads and plays and the
    position's public view is the state the page sent (the verdict is about the board shown).
    The answer names no card, so the solver may see them all (the open-card value)."""
    from . import links

    code, text = args.get("code"), args.get("moves")
    if not isinstance(code, str) or not isinstance(text, str):
        return None
    try:
        game = engine.new_game(code)
    except engine.CodeError:
        return None
    moves, bad = links.read(game.game, text)
    if bad is not None:
        return None
    for move in moves:
        if game.check(move) is not None:
            return None
        game.play(move)
    return game if engine.public_state(game) == args.get("state") else None


def _line(game: engine.Game, moves: list[str], lang: str) -> list[dict[str, str]]:
    """The winning line (the Analysis page shows it and plays it): each action with its caption,
    numbered as the game numbers its moves."""
    import diagrams  # only the Analysis page asks for a line: the Play page's worker needs no drawing code

    trial = game.copy()
    out = []
    for move in moves:
        before = trial.state()
        out.append({"move": move, "text": diagrams.caption(move, before, lang, before["moves"] + 1)})
        trial.play(move)
    return out
