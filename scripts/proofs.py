"""The solver's verdicts the example tools ask for (scripts/find_examples.py, scripts/straighten.py,
tests/test_examples.py): a loss proved within a node budget, a quick win, and Canfield's other
choice for a card (home or a column). A module of its own, so that neither tool imports the other.
"""

from __future__ import annotations

import os

import engine

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
    src, _, dst = move.partition(">")
    if ":" in src or src not in ("R", "W", "1", "2", "3", "4"):
        return []
    legal = game.legal_moves()
    if dst.isdigit():
        return [m for m in legal if m.startswith(f"{src}>") and not m.split(">")[1].isdigit()]
    return [m for m in legal if m.startswith(f"{src}>") and m.split(">")[1].isdigit()]
