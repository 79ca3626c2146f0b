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

import functools
import hashlib
import json
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.search import CHECK_EVERY, Budget, OutOfBudget, Searcher, dfs
from engine.solver import _searcher
from engine.views import hidden_count
from sitegen.games import site_game
from sitegen.learn_tree import shortest_line

ROOT = Path(__file__).resolve().parent.parent
PROVED = ROOT / ".cache" / "puzzle-proofs"  # disproved_cached: the steps that held
VERDICTS = ("loss", "back")
# A stored proof took N positions; proved again, it gets N and this much more (the search looks
# at its time and restart budgets every CHECK_EVERY positions, so the count it stops at may
# differ by that much from one engine change to the next).
PROOF_SLACK = 2 * CHECK_EVERY
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


def disproved(game: engine.Game, alternatives: dict[str, dict[str, Any]]) -> str | None:
    """The first stored verdict of a puzzle's step (`alternatives`: each wrong action's status
    and the positions its proof took) that the complete search does not give again within
    those positions plus PROOF_SLACK, said as a sentence; None when every one holds. A "loss"
    is searched again as a loss, a "back" as a back (its line's return to the position is
    checked with the file, sitegen/puzzle_records.py). Deterministic: node budgets, no clock."""
    for move, stored in alternatives.items():
        budget = stored["nodes"] + PROOF_SLACK
        search = loss_search if stored["status"] == "loss" else back_search
        found = search(game, move, budget)
        if found.status != stored["status"]:
            return (
                f"the wrong action {move!r} is not proved {stored['status']!r} again within "
                f"{budget} positions (its stored proof's {stored['nodes']} and {PROOF_SLACK} more): "
                f"the search says {found.status!r}"
            )
    return None


@functools.cache
def _code_digest() -> str:
    """The code a re-proof runs: the engine, this module and the site's record of the games
    (`turns_the_stock` reads it); a change to any of them proves again."""
    digest = hashlib.sha256()
    for path in [*sorted((ROOT / "engine").glob("*.py")), Path(__file__), ROOT / "sitegen" / "games.py"]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def disproved_cached(game: engine.Game, alternatives: dict[str, dict[str, Any]]) -> str | None:
    """`disproved`, with each step that held remembered in .cache/puzzle-proofs/ under the hash
    of the position, its stored verdicts and the code that proved them: the answer is a pure
    function of those, so a later build of the same checkout (the test suite makes three)
    reads it instead of searching again; a changed puzzle, engine or this module searches."""
    key = hashlib.sha256(
        json.dumps([_code_digest(), game.state(), alternatives], sort_keys=True).encode()
    ).hexdigest()
    mark = PROVED / key
    if mark.exists():
        return None
    wrong = disproved(game, alternatives)
    if wrong is None:
        try:
            PROVED.mkdir(parents=True, exist_ok=True)
            mark.write_text("holds\n")
        except OSError:  # a read-only checkout proves again next time, nothing worse
            pass
    return wrong


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
