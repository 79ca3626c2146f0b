"""Move notation shared by both games: `X>Y` between named places, `X>F` for "whichever
foundation takes it", and one keyword action (`redeal`, `draw`).

Each game lists its canonical names (printing is a table lookup); parsing is lenient about
case and spaces, and tells a well-formed move naming a missing place (`unknown-place`) from
text that is no move at all (`bad-notation`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import reasons as R
from .errors import IllegalMove, shown
from .games import game_kind

TO_FOUNDATION = -2  # destination "F": the foundation of the card's suit that accepts it
_PLACE_LIKE = re.compile(r"^[0-9A-Z+\-]+$")


def upper_index(places: tuple[str, ...]) -> dict[str, int]:
    """Place name (upper-cased, so "stock" is typed any way) -> place index."""
    return {name.upper(): i for i, name in enumerate(places)}


def parse_place(name: str, index: dict[str, int], text: str, allow_f: bool = True) -> int:
    """The index of a place already trimmed and upper-cased (or TO_FOUNDATION for "F")."""
    if allow_f and name == "F":
        return TO_FOUNDATION
    if name in index:
        return index[name]
    raise IllegalMove(R.UNKNOWN_PLACE if _PLACE_LIKE.match(name) else R.BAD_NOTATION, text)


def split_pair(text: object, keyword: str) -> tuple[str, str] | None:
    """("10", "S+") for " 10 > s+ "; None for the keyword; IllegalMove for anything else."""
    if not isinstance(text, str):
        raise IllegalMove(R.BAD_NOTATION, shown(text))
    clean = text.strip()
    if clean.lower() == keyword:
        return None
    src, sep, dst = clean.upper().partition(">")
    src, dst = src.strip(), dst.strip()
    if not sep or not src or not dst:
        raise IllegalMove(R.BAD_NOTATION, text)
    return src, dst


# ---- reading canonical lines against state dicts (the stored games, commentary, advice) ----


@dataclass(frozen=True, slots=True)
class Move:
    """One action of a canonical line, as a value: `Move.parse("1:3>4")` is three cards from
    place 1 to place 4, `Move.parse("draw")` a keyword action. Canonical text only (what
    `Game.legal_moves()` gives and stored lines hold); what a game's `play` accepts leniently
    (case, spaces, "F") must go through the game first. `str(move)` gives the text back."""

    src: str = ""  # "" for a keyword action
    dst: str = ""
    count: int = 1
    keyword: str = ""  # "redeal" or "draw"; "" for a move between places

    @classmethod
    def parse(cls, text: str) -> Move:
        if ">" not in text:
            if not text or not text.isalpha():
                raise ValueError(f"not a canonical action: {text!r}")
            return cls(keyword=text)
        head, _, dst = text.partition(">")
        src, colon, count = head.partition(":")
        if not src or not dst or (colon and not count.isdigit()):
            raise ValueError(f"not a canonical action: {text!r}")
        return cls(src, dst, int(count) if colon else 1)

    def __str__(self) -> str:
        if self.keyword:
            return self.keyword
        return f"{self.src}:{self.count}>{self.dst}" if self.count != 1 else f"{self.src}>{self.dst}"

    @property
    def from_pile(self) -> bool:
        """From a numbered place: a Crescent pile or a Canfield column."""
        return self.src.isdigit()

    @property
    def to_pile(self) -> bool:
        """Onto a numbered place: a Crescent pile or a Canfield column."""
        return self.dst.isdigit()

    @property
    def to_foundation(self) -> bool:
        """Onto a foundation (the only other destination either game has)."""
        return bool(self.dst) and not self.dst.isdigit()


def split_move(move: str) -> tuple[str, int, str] | None:
    """("1", 3, "4") for the canonical "1:3>4", ("W", 1, "S+") for "W>S+"; None for a keyword
    action (redeal, draw): `Move.parse` as a tuple, for the callers that unpack one."""
    parsed = Move.parse(move)
    return None if parsed.keyword else (parsed.src, parsed.count, parsed.dst)


def cards_at(state: dict[str, Any], place: str) -> list[str]:
    """The cards of the canonically named `place` in a state dict (`Game.state()`), bottom first."""
    kind = game_kind(state["game"])
    cards: list[str]  # the state's own list, not a copy
    if place.isdigit():
        cards = state[kind.numbered][int(place) - 1]
    elif place in kind.places:
        cards = state[kind.places[place]]
    else:
        cards = state["foundations"][place]
    return cards
