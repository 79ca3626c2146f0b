"""Playouts shared by CPython and Pyodide (this file is packed next to engine/ for Node).

Standard library only. Everything here is deterministic: a game is driven by a list of picks
(ints chosen by the caller), or for the benchmark by random.Random(seed), whose algorithm is
the same in every Python 3, so both runtimes play exactly the same moves.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import engine

UNDO_EVERY = 13  # a pick divisible by this undoes (where possible) instead of moving


def replay(code: str, picks: list[int]) -> dict[str, Any]:
    """Plays `picks` on the deal of `code`: the actions, a state every 25 actions, the last state."""
    game = engine.new_game(code)
    actions: list[str] = []
    checkpoints: list[dict[str, Any]] = []
    for pick in picks:
        legal = game.legal_moves()
        if not legal:
            break
        if pick % UNDO_EVERY == 0 and game.can_undo:
            game.undo()
            actions.append("undo")
        else:
            move = legal[(pick // UNDO_EVERY) % len(legal)]
            game.play(move)
            actions.append(move)
        if len(actions) % 25 == 0:
            checkpoints.append(game.state())
    return {"code": code, "actions": actions, "checkpoints": checkpoints, "final": game.state()}


def playout(code: str, seed: int, cap: int) -> int:
    """The benchmark's loop: legal_moves() and play(a random choice), to the end or `cap` moves."""
    rng = random.Random(seed)
    game = engine.new_game(code)
    played = 0
    while played < cap:
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
        played += 1
    return played


def bench(games: list[list[Any]]) -> dict[str, Any]:
    """Times the playouts of `games` ([code, seed, cap] each) inside this runtime."""
    start = time.perf_counter()
    moves = sum(playout(code, seed, cap) for code, seed, cap in games)
    return {"moves": moves, "seconds": time.perf_counter() - start}


def main(request_json: str) -> str:
    """The entry point both runtimes call: {"op": "replay", "games": [...]} or {"op": "bench", ...}."""
    request = json.loads(request_json)
    if request["op"] == "replay":
        result: Any = [replay(g["code"], g["picks"]) for g in request["games"]]
    elif request["op"] == "bench":
        result = bench(request["games"])
    else:
        raise ValueError(f"unknown op {request['op']!r}")
    return json.dumps(result, sort_keys=True)
