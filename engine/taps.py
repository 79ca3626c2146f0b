"""What a click means on a board (CONTRACT.md, last section): policy over the rules, no layout.

`tap` answers a first click: the move to play at once, or None to select the place. `drop`
answers a second click (or a drag) from one place onto another: the move to try, which the
rules then accept or refuse with a reason.
"""

from __future__ import annotations

from . import canfield as CF
from . import crescent as CR
from .base import Game
from .notation import TO_FOUNDATION


def tap(game: Game, place: str) -> str | None:
    if game.status == "won":
        return None
    if isinstance(game, CR.Crescent):
        return _tap_crescent(game, place)
    if isinstance(game, CF.Canfield):
        return _tap_canfield(game, place)
    raise TypeError(type(game).__name__)


def _tap_crescent(game: CR.Crescent, place: str) -> str | None:
    """A top card with exactly one destination goes there; a foundation is always selected."""
    if place not in CR.PLACE_INDEX or CR.PLACE_INDEX[place] >= CR.PILES:
        return None
    prefix = place + ">"
    options = [m for m in game.legal_moves() if m.startswith(prefix)]
    return options[0] if len(options) == 1 else None


def _tap_canfield(game: CF.Canfield, place: str) -> str | None:
    """The stock draws; a card goes to its foundation, else onto the longest column that
    takes it, else onto an empty column; a foundation is always selected."""
    if place == "stock":
        return "draw" if game.check("draw") is None else None
    if place not in CF.PLACE_INDEX or CF.PLACE_INDEX[place] not in (CF.RESERVE, CF.WASTE, *CF.COLUMNS):
        return None
    if game.check(f"{place}>F") is None:
        return game._name(game._resolve((CF.PLACE_INDEX[place], TO_FOUNDATION, 1)))
    legal = [m for m in game.legal_moves() if m.startswith((place + ">", place + ":"))]
    onto_cards = [
        (len(game.lists[CF.PLACE_INDEX[m.rsplit(">", 1)[1]]]), m)
        for m in legal
        if game.lists[CF.PLACE_INDEX[m.rsplit(">", 1)[1]]]
    ]
    if onto_cards:
        longest = max(size for size, _ in onto_cards)
        return next(m for size, m in onto_cards if size == longest)
    source = game.lists[CF.PLACE_INDEX[place]]
    onto_empty = [m for m in legal if not game.lists[CF.PLACE_INDEX[m.rsplit(">", 1)[1]]]]
    # Moving a whole column onto an empty one changes nothing: leave that to a deliberate drag.
    useful = [m for m in onto_empty if _count(m) < len(source) or place in ("R", "W")]
    return max(useful, key=_count) if useful else None


def _count(move: str) -> int:
    head = move.split(">", 1)[0]
    return int(head.split(":")[1]) if ":" in head else 1


def drop(game: Game, src: str, dst: str) -> str:
    """The move for a second click from `src` onto `dst` ("F" = anywhere on the foundations)."""
    if isinstance(game, CF.Canfield):
        if src == "stock":
            return "draw" if dst == "W" else f"stock>{dst}"
        if dst == "F":
            return f"{src}>F"
        s, d = CF.PLACE_INDEX.get(src), CF.PLACE_INDEX.get(dst)
        if s in CF.COLUMNS and d in CF.COLUMNS and s != d:
            column = game.lists[s]
            runs = [n for n in range(len(column), 0, -1) if CF.is_run(column[-n:], game.follows)]
            for n in runs:  # longest first: onto an empty column, the longest run moves
                move = f"{src}>{dst}" if n == 1 else f"{src}:{n}>{dst}"
                if game.check(move) is None:
                    return move
        return f"{src}>{dst}"
    return f"{src}>{dst}"
