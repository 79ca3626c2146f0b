"""The game-independent half of the solver's search: the depth-first search with apply/revert
(`dfs`), its budget (`Budget`, `OutOfBudget`), and the base class of the per-game searchers
(`Searcher`, subclassed in `solver_crescent.py` and `solver_canfield.py`).

A module of its own so that the searchers import their base from here and `solver.py` imports
the searchers, with no import circle between them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from .base import Game

CHECK_EVERY = 512  # nodes between two clock readings


class OutOfBudget(Exception):
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
        # Opt-in (solve's `dominance`): dfs keys positions by ranked_key() instead of key(),
        # and skips a position when one of the same key and at least its rank was seen.
        self.ranked = False

    def key(self) -> Hashable:
        raise NotImplementedError

    def ranked_key(self) -> tuple[Hashable, int]:
        """(key, rank) for the dominance search: a position whose key was seen with a rank at
        least as high is skipped. Sound only where the subclass proves that such a seen
        position reaches, by actions the search mirrors, everything this one reaches."""
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


class Budget:
    def __init__(
        self, deadline: float, max_nodes: int | None, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.clock = clock


def dfs(
    s: Searcher[Any], full: bool, budget: Budget, node_limit: int | None, max_positions: int
) -> tuple[list[Any] | None, int]:
    """Depth-first search; (winning macro line or None, positions stored). Raises
    OutOfBudget when time, nodes or memory run out. With `full`, None means proven loss.
    With `s.ranked`, positions are stored as key -> highest rank seen (Searcher.ranked_key)."""
    ranked = s.ranked
    seen: set[Hashable] = set()
    best: dict[Hashable, int] = {}
    if ranked:
        first, first_rank = s.ranked_key()
        best[first] = first_rank
    else:
        seen.add(s.key())
    # Each frame: [moves, next index, record of the move that led here, that move]
    stack: list[list[Any]] = [[s.moves(full), 0, None, None]]
    nodes_here = 0
    cap = budget.max_nodes
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
                return line, len(seen) + len(best)
            if ranked:
                key, rank = s.ranked_key()
                old = best.get(key)
                if old is not None and old >= rank:  # dominated by a position already seen
                    s.revert(record)
                    continue
                best[key] = rank
            else:
                key = s.key()
                if key in seen:
                    s.revert(record)
                    continue
                seen.add(key)
            if s.dead():  # provably lost: a leaf (its key stays seen, so it is not re-tested)
                s.revert(record)
                continue
            stack.append([s.moves(full), 0, record, move])
            # The node budget at every stored position, not only at the checks below: the
            # positions skipped as seen or dead may step over a multiple of CHECK_EVERY, and
            # a complete pass could run thousands of positions past the budget.
            if cap is not None and budget.nodes >= cap:
                raise OutOfBudget("nodes", len(seen) + len(best))
            if not nodes_here % CHECK_EVERY:
                stored = len(seen) + len(best)
                if budget.clock() > budget.deadline:
                    raise OutOfBudget("time", stored)
                if node_limit is not None and nodes_here >= node_limit:
                    raise OutOfBudget("pass", stored)
                if stored >= max_positions:
                    raise OutOfBudget("memory", stored)
        return None, len(seen) + len(best)
    finally:
        # Leave the game exactly as it was, whatever happened.
        while stack:
            frame = stack.pop()
            if frame[2] is not None:
                s.revert(frame[2])
