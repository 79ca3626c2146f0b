"""The verdicts a puzzle's wrong actions get: "loss", or "back" (it only comes back).

A puzzle claims that one action wins and every other one does not lead anywhere new. A wrong
action is

- "loss": the solver's complete search from the position after it finds no win (`engine.solve`
  with `quick=False`, as scripts/find_puzzles.py has always proved them);
- "back": the same complete search, with the puzzle's own position counted as lost, finds no win,
  though the action is not lost: every winning line after it passes again through the puzzle's
  position, so the reader has only undone something (a card moved between two columns and back,
  a card taken back from a foundation and returned). "The puzzle's position" is the solver's key
  of it (engine/solver_canfield.py, solver_crescent.py): the same cards in the same places up to
  the order of interchangeable columns, and in Canfield with unlimited passes up to where the
  stock is turned to (positions that draws alone reach from one another both ways).

A Canfield draw from a position on the draw cycle leads to a position of that same key, so the
search cannot start from it: the draw comes back unless some first commitment other than the
waste's present top card wins (a card the draws bring up, or any move at another turn of the
stock, which draws commute with). So for it the search starts at the puzzle's position with the
root's plays of the waste's top card left out, everything else as above.

Both searches are the engine's own depth-first search (`engine.search.dfs`) on its searchers,
wrapped here (a seeded dead key, a filtered root): no engine change, and a node budget rather
than a time, so that the answer does not depend on the machine's load and tests/test_puzzles.py
can prove every stored verdict again within a budget it can afford.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import engine
from engine.search import Budget, OutOfBudget, Searcher, dfs
from engine.solver import _searcher
from engine.views import hidden_count
from sitegen.games import site_game
from sitegen.learn_tree import shortest_line

VERDICTS = ("loss", "back")
# Fields of a state that count the reader's actions rather than describe the position.
COUNTERS = ("moves", "score", "status")


@dataclass(frozen=True)
class Verdict:
    status: str  # "loss", "back", "win" or "unknown" (out of nodes)
    nodes: int


def position_key(game: engine.Game) -> Hashable:
    """The solver's key of `game`'s position (see the module's docstring)."""
    return _searcher(game).key()


def same_position(a: engine.Game, b: engine.Game) -> bool:
    """The same cards in the same places (the action and score counters aside)."""
    sa, sb = a.state(), b.state()
    return {k: v for k, v in sa.items() if k not in COUNTERS} == {
        k: v for k, v in sb.items() if k not in COUNTERS
    }


def _avoiding(searcher: Searcher[Any], avoid: Hashable, skip_root_waste: bool) -> Searcher[Any]:
    """`searcher` with every position of key `avoid` counted as lost, and (for the draw's
    search) the root's plays of the waste's top card left out."""
    base = type(searcher)

    class Avoiding(base):  # type: ignore[valid-type, misc]
        _root = True
        _last_key: Hashable = None

        def key(self) -> Hashable:
            self._last_key = base.key(self)
            return self._last_key

        def dead(self) -> bool:
            return self._last_key == avoid or base.dead(self)

        def moves(self, full: bool) -> list[Any]:
            out = base.moves(self, full)
            if self._root:
                self._root = False
                if skip_root_waste:
                    # Canfield's macro (draws, (source list, target, count), ...): list 1 is
                    # the waste; no draws first means its present top card.
                    out = [m for m in out if not (m[0] == 0 and m[1][0] == 1)]
            return out

    searcher.__class__ = Avoiding
    return searcher


def search_avoiding(
    start: engine.Game, avoid: Hashable, max_nodes: int, skip_root_waste: bool = False
) -> Verdict:
    """The complete search from `start` with positions of key `avoid` lost: "win" when it
    finds a win, "back" when it finds none, "unknown" past `max_nodes`."""
    if hidden_count(start) > 0:
        raise ValueError("puzzle positions show every card")
    game = start.copy()
    s = _avoiding(_searcher(game), avoid, skip_root_waste)
    budget = Budget(float("inf"), max_nodes)
    try:
        line, _ = dfs(s, True, budget, None, 6_000_000)
    except OutOfBudget:
        return Verdict("unknown", budget.nodes)
    return Verdict("back" if line is None else "win", budget.nodes)


def turns_the_stock(game: engine.Game, move: str) -> bool:
    """True for a Canfield draw that leads to a position of the same key (module docstring)."""
    if move != "draw" or site_game(game.game).action != "draw":
        return False
    child = game.copy()
    child.play(move)
    return position_key(child) == position_key(game)


def back_search(game: engine.Game, move: str, max_nodes: int) -> Verdict:
    """The "back" search for `move` from the puzzle position `game` (module docstring)."""
    avoid = position_key(game)
    if turns_the_stock(game, move):
        return search_avoiding(game, avoid, max_nodes, skip_root_waste=True)
    child = game.copy()
    child.play(move)
    if position_key(child) == avoid:
        return Verdict("unknown", 0)  # the same position another way round: no claim
    return search_avoiding(child, avoid, max_nodes)


def loss_search(game: engine.Game, move: str, max_nodes: int) -> Verdict:
    child = game.copy()
    child.play(move)
    proof = engine.solve(child, max_seconds=1e9, max_nodes=max_nodes, quick=False)
    status = proof.status if proof.status != "unknown" else "unknown"
    return Verdict(status, proof.nodes)


def verdict(game: engine.Game, move: str, max_nodes: int) -> Verdict:
    """ "loss", "back", "win" or "unknown" for the wrong action `move` in `game`; each search
    within `max_nodes`. The back search comes first (it is never larger: it stops where the
    loss search would go on), the loss search only to tell a loss from a coming back."""
    back = back_search(game, move, max_nodes)
    if back.status != "back":
        return back
    loss = loss_search(game, move, max_nodes)
    if loss.status == "loss":
        return loss
    if loss.status == "win":
        return back
    return Verdict("unknown", loss.nodes)


def line_back(game: engine.Game, move: str, max_depth: int = 4, max_nodes: int = 20_000) -> list[str] | None:
    """The shortest line after `move` back to exactly `game`'s position (a Canfield draw's:
    the draws that turn the stock round to it), or None within `max_depth` actions."""
    child = game.copy()
    child.play(move)
    if turns_the_stock(game, move):
        line: list[str] = []
        while not same_position(child, game):
            if child.check("draw") is not None or len(line) > 200:
                return None
            child.play("draw")
            line.append("draw")
        return line
    return shortest_line(child, lambda twin: same_position(twin, game), position_key, max_depth, max_nodes)
