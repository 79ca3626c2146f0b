"""The two games as data: what the rest of the code looks up about a game instead of switching
on its name (its codes' prefix, its catalogue keys' family, the name of its numbered places).

The rules that differ between versions of one game are engine/rules.py's records; this table
holds what differs between the games themselves and is the same for every version.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameKind:
    name: str  # "crescent": the state's "game" field
    prefix: str  # "CR": the first letters of its codes (CR1-N-…)
    family: str  # "cr": the family part of its catalogue keys (place.cr.pile, name.cr.S+)
    numbered: str  # "piles": the state field of its numbered places
    numbered_word: str  # "pile": what one numbered place is called in catalogue keys
    decks: int  # how many 52-card decks one deal uses


GAME_KINDS: dict[str, GameKind] = {
    "crescent": GameKind("crescent", "CR", "cr", "piles", "pile", 2),
    "canfield": GameKind("canfield", "CF", "cf", "columns", "column", 1),
}


def game_kind(name: str) -> GameKind:
    """The record of the game `name`; ValueError naming the games for any other name."""
    try:
        return GAME_KINDS[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAME_KINDS)}") from None
