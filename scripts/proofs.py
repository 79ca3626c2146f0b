"""The solver's verdicts the example tools ask for (scripts/find_examples.py, scripts/straighten.py,
tests/test_examples.py): a loss proved within a node budget, a quick win, and Canfield's other
choice for a card (home or a column). A module of its own, so that neither tool imports the other.
"""

from __future__ import annotations

import os

import engine
from engine.notation import Move

PROOF_NODES = int(
    os.environ.get("PROOF_NODES", "150000")
)  # a loss proof's node budget: deterministic, whatever the machine's load


def proved_lost(game: engine.Game, nodes: int = PROOF_NODES, takebacks: bool = True) -> bool:
    """True when the solver's complete search proves that no line wins from `game` (with
    `takebacks=False`, under the traditional Canfield rule: no card back from a foundation).
    A node budget, not a time budget: the same answer on a busy machine
    (tests/test_examples.py re-proves every stored claim the same way)."""
    return (
        engine.solve(game, max_seconds=600.0, quick=False, max_nodes=nodes, takebacks=takebacks).status
        == "loss"
    )


def quickly_won(game: engine.Game, nodes: int = 20_000, takebacks: bool = True) -> bool:
    """A cheap first look before a proof: a win found within a small node budget."""
    return engine.solve(game, max_seconds=600.0, max_nodes=nodes, takebacks=takebacks).status == "win"


def canfield_choices(game: engine.Game, move: str) -> list[str]:
    """The other choice for a card the line moves: home instead of onto a column, or onto a
    column instead of home."""
    parsed = Move.parse(move)
    src = parsed.src
    if parsed.count != 1 or src not in ("R", "W", "1", "2", "3", "4"):
        return []
    legal = game.legal_moves()
    single = [Move.parse(m) for m in legal]
    single = [m for m in single if m.src == src and m.count == 1]
    if parsed.to_pile:
        return [str(m) for m in single if m.to_foundation]
    return [str(m) for m in single if m.to_pile]
