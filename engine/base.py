"""What every game shares: notation in and out, history, the public play/undo/copy surface.

A subclass holds the position and the rules: `_parse` (text -> internal move), `_refusal`
(internal move -> reason or None), `_apply`/`_revert` (with an undo record), `_legal`
(internal moves), `_state` and `_won`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from typing import Any

from . import reasons as R
from .errors import IllegalMove, shown

UNDO_LIMIT = 100


class Game(ABC):
    """One game in progress: the position, its history and its rules."""

    game: str  # "crescent" or "canfield"
    # Internal moves are each game's own tuples, typed Any here so that a game may narrow them
    # (mypy checks the overrides; scripts/compile_solver.py compiles these modules with mypyc).
    _names: dict[Any, str]  # internal move -> canonical notation
    _canonical: dict[str, Any]  # canonical notation -> internal move

    def __init__(self, code: str | None) -> None:
        self.code = code
        self.moves = 0
        self._history: deque[Any] = deque(maxlen=UNDO_LIMIT)
        # The legal moves of the current position, kept until the position changes: playing
        # a listed move then needs no second check (the random-playout hot path).
        self._legal_cache: list[Any] | None = None

    # --- the public surface (CONTRACT.md) ---------------------------------------------------
    def legal_moves(self) -> list[str]:
        """Every legal action in canonical notation, however pointless; [] once won."""
        if self._legal_cache is None:
            self._legal_cache = [] if self._won() else self._legal()
        names = self._names
        return [names[m] for m in self._legal_cache]

    def check(self, move: str) -> str | None:
        """The reason `move` would be refused, or None if it is legal. Changes nothing."""
        if not isinstance(move, str):  # a list or dict would not even hash in _parse
            return R.BAD_NOTATION
        try:
            parsed = self._parse(move)
        except IllegalMove as refusal:
            return refusal.reason
        if self._won():
            return R.GAME_OVER
        return self._refusal(parsed)

    def play(self, move: str) -> None:
        """Plays `move`, or raises IllegalMove and leaves the game exactly as it was."""
        cache = self._legal_cache
        if cache is not None and type(move) is str:
            known = self._canonical.get(move)
            if known is not None and known in cache:
                self._remember(self._apply(known))
                return
        if not isinstance(move, str):  # a list or dict would not even hash in _parse
            raise IllegalMove(R.BAD_NOTATION, shown(move))
        parsed = self._parse(move)
        if self._won():
            raise IllegalMove(R.GAME_OVER, move)
        reason = self._refusal(parsed)
        if reason is not None:
            raise IllegalMove(reason, move)
        self._remember(self._apply(parsed))

    def undo(self) -> None:
        """Takes back the last action; IllegalMove "nothing-to-undo" when there is none."""
        # CONTRACT.md gives undo one refusal, "nothing-to-undo", wherever the rules allow none:
        # with an empty history, after a redeal, and once the game is won (no action is legal).
        if self._won() or not self._history:
            raise IllegalMove(R.NOTHING_TO_UNDO, "undo")
        self._revert(self._history.pop())

    @abstractmethod
    def copy(self) -> Game:
        """An independent copy, history included."""

    def state(self) -> dict[str, Any]:
        """A fresh JSON-able dict of the position (CONTRACT.md schema)."""
        return self._state()

    @property
    def status(self) -> str:
        return self._status()

    @property
    def can_undo(self) -> bool:
        return bool(self._history) and not self._won()

    # --- for subclasses ---------------------------------------------------------------------
    @abstractmethod
    def _parse(self, text: str) -> Any: ...

    def _name(self, move: Any) -> str:
        return self._names[move]

    @abstractmethod
    def _refusal(self, move: Any) -> str | None: ...

    def _remember(self, record: Any) -> None:
        """Keeps an undo record in the (100-deep) history; a game may forget instead."""
        self._history.append(record)

    @abstractmethod
    def _apply(self, move: Any) -> Any:
        """Changes the position (dropping `_legal_cache`) and returns the record that
        `_revert` takes to restore it exactly. Internal search (the solver) pairs the two
        directly, with no history limit; `play`/`undo` go through `_remember`."""

    @abstractmethod
    def _revert(self, record: Any) -> None: ...

    @abstractmethod
    def _legal(self) -> list[Any]: ...

    @abstractmethod
    def _won(self) -> bool: ...

    @abstractmethod
    def _status(self) -> str: ...

    @abstractmethod
    def _state(self) -> dict[str, Any]: ...

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.code} moves={self.moves} {self._status()}>"
