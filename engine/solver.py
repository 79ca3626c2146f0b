"""The solver: `solve(game, max_seconds) -> Solution` and `hint(game, max_seconds) -> Hint`.

A depth-first search over the positions reachable from the given one, with apply/revert on the
game itself (no copies), a transposition table of canonical position keys (interchangeable
piles or columns sorted), and per-game move generators that order the likely moves first
(`solver_crescent.py`, `solver_canfield.py`; the search itself and their base class are in
`search.py`).

Soundness, which matters more than speed here:
- "win" only after the winning line has been replayed on a `game.copy()` through the public
  `play()` and the copy's status is "won".
- "loss" only when a search that prunes nothing unsoundly ran to its end: the full pass is plain
  graph reachability (every legal action is generated, up to macro moves that only merge
  stock draws with the play that follows them), and a position is skipped only when its
  canonical key was seen before, which is exact (keys differ only by permutations of
  interchangeable piles, or by stock positions that draws alone connect both ways), or when a
  game-specific rule proves it lost (`Searcher.dead`: Crescent's stuck cards,
  `crescent_deadlock.py`, each rule argued there and tested against exhaustive search).
- A quick pass comes first with a narrower, heuristic move set (no foundation take-backs, no
  pile-emptying shuffles); it can only find wins, never prove a loss.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from .base import Game
from .search import Budget, OutOfBudget, Searcher, dfs
from .solver_canfield import CanfieldSearcher
from .solver_crescent import CrescentSearcher
from .views import hidden_count

if TYPE_CHECKING:
    from .canfield import Canfield
    from .crescent import Crescent

STATUSES = ("win", "loss", "unknown")
DEFAULT_MAX_POSITIONS = 6_000_000  # transposition-table size cap (memory), then "unknown"


@dataclass
class Solution:
    status: str  # "win", "loss" or "unknown"
    moves: list[str] = field(default_factory=list)  # a winning line when status == "win"
    nodes: int = 0  # positions generated (both passes)
    seconds: float = 0.0
    positions: int = 0  # distinct positions stored by the (last) full pass, finished or not
    why: str = ""  # for "unknown": "time", "nodes" or "memory"
    # True: the position had face-down cards (face-down Crescent, a face-down Canfield
    # reserve) and the search looked at them: the verdict is the open-card value, the one a
    # player who could see every card would get. Callers label it so.
    open_cards: bool = False

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class Hint:
    move: str | None  # None when no move exists
    proven: bool  # True: the next move of a verified winning line


def _searcher(game: Game, takebacks: bool = True) -> Searcher[Any]:
    return _SEARCHERS[game.game](game, takebacks)


# Each game's searcher, by its name (a key of engine.games.GAME_KINDS); `takebacks` is
# Canfield's (Crescent has none to turn off).
_SEARCHERS: dict[str, Callable[[Game, bool], Searcher[Any]]] = {
    "crescent": lambda game, takebacks: CrescentSearcher(cast("Crescent", game)),
    "canfield": lambda game, takebacks: CanfieldSearcher(cast("Canfield", game), takebacks),
}


def _verify(game: Game, line: list[str]) -> bool:
    """Replays `line` on a copy through the public API; True if it ends won."""
    twin = game.copy()
    try:
        for move in line:
            twin.play(move)
    except ValueError:
        return False
    return twin.status == "won"


def _luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (restart lengths that suit heavy tails)."""
    k = 1
    while (1 << k) - 1 < i + 1:
        k += 1
    while True:
        if i + 1 == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i + 1:
            k += 1


def solve(
    game: Game,
    max_seconds: float = 2.0,
    *,
    max_nodes: int | None = None,
    quick: bool = True,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    seed: int = 1,
    takebacks: bool = True,
    clock: Callable[[], float] = time.perf_counter,
    dominance: bool = False,
) -> Solution:
    """Solves the position of `game` (left unchanged). See the module docstring.

    `takebacks=False` (Canfield only) solves a different rule set, with no card ever taken
    back from a foundation: its "loss" is a loss of that rule set only. It exists to compare
    with published figures for Canfield without take-backs; the site never uses it.

    `dominance=True` (Canfield with limited passes; elsewhere it changes nothing): both passes
    skip a position that draws alone reach from one already seen (solver_canfield.py, pass
    dominance, which argues it sound: a "loss" is still a proof). Off by default, so the
    site's stored proofs and node counts stay as they are; scripts/solve_stats.py turns it on.

    Three passes share the budget: a short complete pass (settles easy positions, wins and
    losses alike), then randomised restarts of the quick incomplete pass (wins only; restart
    lengths follow the Luby sequence, move orders get a seeded random tie-break; they stop early
    once one of them has searched the whole quick tree), then the complete pass again with
    whatever time is left (at most `LAST_COMPLETE_SECONDS`).

    `clock` measures the budget and `Solution.seconds`: wall time by default (what a player
    waits); `time.thread_time` or `time.process_time` for statistics runs, where the CPU time
    a deal needs is the fair cap whatever else the machine is doing."""
    start = clock()
    budget = Budget(start + max_seconds, max_nodes, clock)
    if game._won():
        return Solution("win", [], 0, 0.0)
    open_cards = hidden_count(game) > 0
    open_copy = getattr(game, "open_copy", None)
    if open_cards and open_copy is not None:
        # Crescent's search moves cards by its own apply/revert, which keep no face-down
        # counts: it works on an open copy (the same cards, every one visible), left unchanged.
        game = open_copy()
    s = _searcher(game, takebacks)
    if dominance and isinstance(s, CanfieldSearcher) and s.limited:
        s.ranked = True
    line: list[Any] | None = None
    positions = 0
    why = ""
    status = "unknown"

    def complete(node_limit: int | None) -> None:
        nonlocal line, positions, status, why
        try:
            line, positions = dfs(s, True, budget, node_limit, max_positions)
            status = "loss" if line is None else "win"
        except OutOfBudget as out:
            why, positions = out.why, out.positions  # how far the complete search got

    complete(s.FIRST_COMPLETE_NODES)
    if status == "unknown" and quick:
        s.rng = random.Random(seed)
        quick_end = start + max(max_seconds * s.QUICK_SHARE, max_seconds - s.LAST_COMPLETE_SECONDS)
        i = 0
        while line is None and clock() < quick_end:
            quick_budget = Budget(min(quick_end, budget.deadline), None, clock)
            if max_nodes is not None:
                quick_budget.max_nodes = max_nodes - budget.nodes
            exhausted = False
            try:
                line, _ = dfs(s, False, quick_budget, s.RESTART_NODES * _luby(i), max_positions)
                exhausted = line is None
            except OutOfBudget as out:
                if out.why == "nodes":
                    why = "nodes"
            budget.nodes += quick_budget.nodes
            if exhausted:
                # The restart searched the whole quick tree and found no win: the next ones
                # would search the same positions in another order. The complete pass gets the
                # time they would have taken.
                break
            i += 1
            # dfs looks at the node budget at every position it stores (engine/search.py), so a
            # restart that spends it raises "nodes": across restarts, the budget holds.
            if why == "nodes":
                break
        s.rng = None
        if line is not None:
            status = "win"
    if status == "unknown" and why != "nodes" and clock() < budget.deadline:
        complete(None)
    moves: list[str] = []
    if status == "win":
        assert line is not None
        for move in line:
            moves.extend(s.names(move))
        if not _verify(game, moves):  # never claim a win that does not replay
            status, moves, why = "unknown", [], "unverified"
    return Solution(
        status,
        moves,
        budget.nodes,
        clock() - start,
        positions,
        why if status == "unknown" else "",
        open_cards,
    )


def hint(game: Game, max_seconds: float = 1.0) -> Hint:
    """The next move of a verified winning line when one is found in time (proven), else the
    first move of the heuristic ordering (not proven); None when no move exists."""
    if game._won():
        return Hint(None, False)
    solution = solve(game, max_seconds=max_seconds)
    if solution.status == "win" and solution.moves:
        return Hint(solution.moves[0], True)
    s = _searcher(game)
    for full in (False, True):
        ordered = s.moves(full)
        if ordered:
            return Hint(s.names(ordered[0])[0], False)
    legal = game.legal_moves()  # e.g. only a redeal is left
    return Hint(legal[0] if legal else None, False)
