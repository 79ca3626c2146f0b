"""A plausible beginner's policy for Crescent, used to show a mistake beside a winning line.

`greedy_move(game, seen)` is the move a beginner who plays "the obvious move" makes:
1. a card that can go to a foundation goes there (the first such pile, in the engine's order);
2. else a card moves onto another pile, never emptying a pile and never back to a position in
   `seen`; among those, one that uncovers a card which can go to a foundation at once first;
3. else a redeal, while one is left;
4. else None: the beginner is stuck (moves between two foundations are not "obvious").

Only the public API is used (legal_moves, copy, play, state). scripts/find_examples.py plays it
from a position of a winning line to find the move where the two part; tests/test_examples.py
checks that a stored mistake line follows it after that move.
"""

from __future__ import annotations

from typing import Any

from engine.notation import Move
from scripts.clean_line import position_key
from sitegen.games import site_game


def greedy_move(game: Any, seen: set[str] | frozenset[str] = frozenset()) -> str | None:
    record = site_game(game.game)
    # The policy's last resort is the game's own action when it is a redeal (Crescent's); a
    # beginner at a game whose action is a draw from the stock (Canfield) draws long before
    # that, which this policy never does.
    if record.action != "redeal":
        raise ValueError(f"greedy_move plays a game whose own action is a redeal, not {game.game}")
    legal = game.legal_moves()
    state = game.state()
    piles = state[record.kind.numbered]
    home = [m for m in legal if Move.parse(m).from_pile and Move.parse(m).to_foundation]
    if home:
        return home[0]
    best: tuple[int, str] | None = None
    for m in legal:
        move = Move.parse(m)
        src = move.src
        if not (move.from_pile and move.to_pile) or len(piles[int(src) - 1]) < 2:
            continue
        twin = game.copy()
        twin.play(m)
        if position_key(twin.state()) in seen:
            continue
        uncovers_home = any(
            Move.parse(x).src == src and Move.parse(x).to_foundation for x in twin.legal_moves()
        )
        rank = 0 if uncovers_home else 1
        if best is None or rank < best[0]:
            best = (rank, m)
    if best is not None:
        return best[1]
    if "redeal" in legal:
        return "redeal"
    return None


def greedy_line(game: Any, seen: set[str] | None = None, limit: int = 1000) -> list[str]:
    """The beginner's moves from `game` (a copy is played) until stuck or won."""
    game = game.copy()
    seen = set(seen or ()) | {position_key(game.state())}
    line: list[str] = []
    while game.status == "playing" and len(line) < limit:
        move = greedy_move(game, seen)
        if move is None:
            break
        game.play(move)
        seen.add(position_key(game.state()))
        line.append(move)
    return line
