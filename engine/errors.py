"""The engine's errors: typed ValueErrors carrying a reason code and the data of the mistake.

`str(error)` is for maintainers (reason code plus the offending data); readers get a sentence
from the catalogues, keyed by `.reason`.
"""
from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base of the engine's errors: `.reason` is a code from engine.reasons."""

    def __init__(self, reason: str, **details: Any) -> None:
        self.reason = reason
        self.details = details
        shown = ", ".join(f"{k}={v!r}" for k, v in details.items())
        super().__init__(f"{reason} ({shown})" if shown else reason)


class IllegalMove(EngineError):
    """A move refused by the rules; the game it was tried on is unchanged."""

    def __init__(self, reason: str, move: str, **details: Any) -> None:
        self.move = move
        super().__init__(reason, move=move, **details)


class CodeError(EngineError):
    """A game code that cannot be parsed; `.code` is the text given."""

    def __init__(self, reason: str, code: object, **details: Any) -> None:
        self.code = code
        super().__init__(reason, code=code, **details)


class StateError(EngineError):
    """An impossible position; `.where` names the field (e.g. "piles[3][2]")."""

    def __init__(self, reason: str, where: str = "", **details: Any) -> None:
        self.where = where
        if where:
            details = {"where": where, **details}
        super().__init__(reason, **details)
