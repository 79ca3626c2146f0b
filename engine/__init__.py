"""The rules engine for Crescent and Canfield (public API: ../shared/spec/CONTRACT.md).

Pure Python, standard library only: the same package runs in CPython and, in the page, in
Pyodide. It speaks plain strings and JSON-able dicts at its edge and never builds a sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Game
from .canfield import Canfield
from .codes import GameCode, parse_code, shuffled_deck
from .crescent import Crescent
from .errors import CodeError, EngineError, IllegalMove, StateError
from .positions import from_state, position_problems
from .reasons import CODE_REASONS, MOVE_REASONS, REASONS, STATE_REASONS
from .rules import VERSIONS, CanfieldRules, CrescentRules
from .taps import drop, tap
from .views import hidden_count, public_state

if TYPE_CHECKING:
    from .solver import Hint, Solution

__all__ = [
    "CODE_REASONS",
    "MOVE_REASONS",
    "REASONS",
    "STATE_REASONS",
    "VERSIONS",
    "Canfield",
    "CanfieldRules",
    "CodeError",
    "Crescent",
    "CrescentRules",
    "EngineError",
    "Game",
    "GameCode",
    "IllegalMove",
    "StateError",
    "drop",
    "from_state",
    "hidden_count",
    "hint",
    "new_game",
    "normalise_code",
    "parse_code",
    "position_problems",
    "public_state",
    "solve",
    "tap",
]


def new_game(code: str) -> Game:
    """The game dealt from `code` (trimmed, upper-cased); CodeError on a bad code."""
    parsed = parse_code(code)
    cards = shuffled_deck(parsed)
    if parsed.prefix == "CR":
        return Crescent.deal(parsed, cards)
    return Canfield.deal(parsed, cards)


def normalise_code(code: str) -> str:
    """The canonical spelling of `code`; CodeError on a bad code."""
    return str(parse_code(code))


def solve(game: Game, max_seconds: float = 2.0, **options: Any) -> Solution:
    """A Solution: status "win" (with .moves, a winning line), "loss" (proved) or "unknown"."""
    from .solver import solve as _solve

    return _solve(game, max_seconds=max_seconds, **options)


def hint(game: Game, max_seconds: float = 1.0) -> Hint:
    """The next move of a winning line when one is found in time, else a heuristic move."""
    from .solver import hint as _hint

    return _hint(game, max_seconds=max_seconds)
