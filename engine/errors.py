"""The engine's errors: typed ValueErrors carrying a reason code and the data of the mistake.

`str(error)` is for maintainers (reason code plus the offending data); readers get a sentence
from the catalogues, keyed by `.reason`.
"""

from __future__ import annotations

import reprlib
from typing import Any

# The data of a mistake is whatever a caller handed the engine: a list nested a thousand deep,
# an int of 5,000 digits (repr() raises ValueError past 4,300), a string of a megabyte. The
# maintainer's message shows a bounded, never-failing view of it.
_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 60


def shown(value: Any) -> str:
    """A short repr of `value` that cannot raise (depth, length and digits bounded)."""
    try:
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
            return f"<int of {value.bit_length()} bits>"
        return _REPR.repr(value)
    except (ValueError, RecursionError, TypeError, OverflowError):
        return f"<{type(value).__name__}>"
    # A caller's object whose __repr__ fails with anything at all: still no error escapes, the
    # message that shows the value must not be lost to it.
    except Exception:  # noqa: BLE001
        return f"<{type(value).__name__}>"


class EngineError(ValueError):
    """Base of the engine's errors: `.reason` is a code from engine.reasons."""

    def __init__(self, reason: str, **details: Any) -> None:
        self.reason = reason
        self.details = details
        shown_details = ", ".join(f"{k}={shown(v)}" for k, v in details.items())
        super().__init__(f"{reason} ({shown_details})" if shown_details else reason)


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

    @property
    def place(self) -> str | None:
        """The board's place the problem is about, in move notation ("3", "S+", "R", "stock")."""
        place = self.details.get("place")
        return place if isinstance(place, str) else None

    @property
    def card(self) -> str | None:
        """The card the problem is about, in engine notation ("8H")."""
        card = self.details.get("card")
        return card if isinstance(card, str) else None
