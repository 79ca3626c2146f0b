"""The solver: `solve(game, max_seconds) -> Solution` and `hint(game, max_seconds) -> Hint`.

A depth-first search over the positions reachable from the given one, with apply/revert on the
game itself (no copies), a transposition table of canonical position keys (interchangeable
piles or columns sorted), and per-game move generators that order the likely moves first
(`solver_crescent.py`, `solver_canfield.py`).

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

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generic, Hashable, TypeVar, cast

from .base import Game

if TYPE_CHECKING:
    from .canfield import Canfield
    from .crescent import Crescent

STATUSES = ("win", "loss", "unknown")
CHECK_EVERY = 512  # nodes between two clock readings
DEFAULT_MAX_POSITIONS = 6_000_000  # transposition-table size cap (memory), then "unknown"


@dataclass
class Solution:
    status: str  # "win", "loss" or "unknown"
    moves: list[str] = field(default_factory=list)  # a winning line when status == "win"
    nodes: int = 0  # positions generated (both passes)
    seconds: float = 0.0
    positions: int = 0  # distinct positions stored by the (last) full pass, finished or not
    why: str = ""  # for "unknown": "time", "nodes" or "memory"

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class Hint:
    move: str | None  # None when no move exists
    proven: bool  # True: the next move of a verified winning line


class _OutOfBudget(Exception):
    def __init__(self, why: str, positions: int = 0) -> None:
        self.why = why
        self.positions = positions  # distinct positions the interrupted pass had stored


G = TypeVar("G", bound=Game)


class Searcher(Generic[G]):
    """The game-specific part of the search (see solver_crescent / solver_canfield)."""

    QUICK_SHARE = 0.3  # the quick pass ends at this share of the time
    RESTART_NODES = 1000  # quick-pass restart length unit (times the Luby sequence)
    FIRST_COMPLETE_NODES = 5000  # the first, short complete pass
    NOISE = 1.5  # quick pass: random tie-break added to move scores
    # The last complete pass gets the rest of the time, but at most this many seconds when the
    # budget is long (the quick pass then runs longer); inf: always the whole rest.
    LAST_COMPLETE_SECONDS = float("inf")

    def __init__(self, game: G) -> None:
        self.game = game
        self.rng: Any = None  # a random.Random during the quick pass, else None

    def key(self) -> Hashable:
        raise NotImplementedError

    def moves(self, full: bool) -> list[Any]:
        """Macro moves, best first. `full`: every legal action (up to merged draws)."""
        raise NotImplementedError

    def apply(self, move: Any) -> Any:
        raise NotImplementedError

    def revert(self, record: Any) -> None:
        raise NotImplementedError

    def won(self) -> bool:
        return self.game._won()

    def dead(self) -> bool:
        """True only if the position is provably lost (a sound, game-specific rule, argued
        where it is defined): the search then expands it no further. Called right after
        key(), for positions not seen before."""
        return False

    def best_first(self, scored: list[tuple[float, int, Any]]) -> list[Any]:
        """The moves of (score, tie-break, move) triples, lowest score first; in the quick
        pass a random amount is added to each score, so restarts explore other lines."""
        rng = self.rng
        if rng is not None:
            noise = self.NOISE
            scored = [(score + rng.random() * noise, i, m) for score, i, m in scored]
        scored.sort()
        return [m for _, _, m in scored]

    def names(self, move: Any) -> list[str]:
        """The canonical notation of the actions a macro move stands for."""
        raise NotImplementedError


def _searcher(game: Game, takebacks: bool = True) -> Searcher[Any]:
    if game.game == "crescent":
        from .solver_crescent import CrescentSearcher

        return CrescentSearcher(cast("Crescent", game))
    from .solver_canfield import CanfieldSearcher

    return CanfieldSearcher(cast("Canfield", game), takebacks)


class _Budget:
    def __init__(
        self, deadline: float, max_nodes: int | None, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.clock = clock


def _dfs(
    s: Searcher[Any], full: bool, budget: _Budget, node_limit: int | None, max_positions: int
) -> tuple[list[Any] | None, int]:
    """Depth-first search; (winning macro line or None, positions stored). Raises
    _OutOfBudget when time, nodes or memory run out. With `full`, None means proven loss."""
    seen: set[Hashable] = {s.key()}
    # Each frame: [moves, next index, record of the move that led here, that move]
    stack: list[list[Any]] = [[s.moves(full), 0, None, None]]
    nodes_here = 0
    try:
        while stack:
            frame = stack[-1]
            moves = frame[0]
            if frame[1] >= len(moves):
                stack.pop()
                if frame[2] is not None:
                    s.revert(frame[2])
                continue
            move = moves[frame[1]]
            frame[1] += 1
            record = s.apply(move)
            budget.nodes += 1
            nodes_here += 1
            if s.won():
                line = [f[3] for f in stack[1:]] + [move]
                stack.append([[], 0, record, move])
                return line, len(seen)
            key = s.key()
            if key in seen:
                s.revert(record)
                continue
            seen.add(key)
            if s.dead():  # provably lost: a leaf (its key stays seen, so it is not re-tested)
                s.revert(record)
                continue
            stack.append([s.moves(full), 0, record, move])
            if not nodes_here % CHECK_EVERY:
                if budget.clock() > budget.deadline:
                    raise _OutOfBudget("time", len(seen))
                if budget.max_nodes is not None and budget.nodes >= budget.max_nodes:
                    raise _OutOfBudget("nodes", len(seen))
                if node_limit is not None and nodes_here >= node_limit:
                    raise _OutOfBudget("pass", len(seen))
                if len(seen) >= max_positions:
                    raise _OutOfBudget("memory", len(seen))
        return None, len(seen)
    finally:
        # Leave the game exactly as it was, whatever happened.
        while stack:
            frame = stack.pop()
            if frame[2] is not None:
                s.revert(frame[2])


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
) -> Solution:
    """Solves the position of `game` (left unchanged). See the module docstring.

    `takebacks=False` (Canfield only) solves a different rule set, with no card ever taken
    back from a foundation: its "loss" is a loss of that rule set only. It exists to compare
    with published figures for Canfield without take-backs; the site never uses it.

    Three passes share the budget: a short complete pass (settles easy positions, wins and
    losses alike), then randomised restarts of the quick incomplete pass (wins only; restart
    lengths follow the Luby sequence, move orders get a seeded random tie-break), then the
    complete pass again with whatever time is left (at most `LAST_COMPLETE_SECONDS`).

    `clock` measures the budget and `Solution.seconds`: wall time by default (what a player
    waits); `time.thread_time` or `time.process_time` for statistics runs, where the CPU time
    a deal needs is the fair cap whatever else the machine is doing."""
    start = clock()
    budget = _Budget(start + max_seconds, max_nodes, clock)
    if game._won():
        return Solution("win", [], 0, 0.0)
    s = _searcher(game, takebacks)
    line: list[Any] | None = None
    positions = 0
    why = ""
    status = "unknown"

    def complete(node_limit: int | None) -> None:
        nonlocal line, positions, status, why
        try:
            line, positions = _dfs(s, True, budget, node_limit, max_positions)
            status = "loss" if line is None else "win"
        except _OutOfBudget as out:
            why, positions = out.why, out.positions  # how far the complete search got

    complete(s.FIRST_COMPLETE_NODES)
    if status == "unknown" and quick:
        import random

        s.rng = random.Random(seed)
        quick_end = start + max(max_seconds * s.QUICK_SHARE, max_seconds - s.LAST_COMPLETE_SECONDS)
        i = 0
        while line is None and clock() < quick_end:
            quick_budget = _Budget(min(quick_end, budget.deadline), None, clock)
            if max_nodes is not None:
                quick_budget.max_nodes = max_nodes - budget.nodes
            try:
                line, _ = _dfs(s, False, quick_budget, s.RESTART_NODES * _luby(i), max_positions)
            except _OutOfBudget as out:
                if out.why == "nodes":
                    why = "nodes"
            budget.nodes += quick_budget.nodes
            i += 1
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
        status, moves, budget.nodes, clock() - start, positions, why if status == "unknown" else ""
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
