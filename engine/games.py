"""The two games as data: what the rest of the code looks up about a game instead of switching
on its name (its codes' prefix, its catalogue keys' family, its places, its own action). The
engine, the page's Python, the drawings and the build all read it; sitegen/games.py adds what
only the build needs.

The rules that differ between versions of one game are engine/rules.py's records; this table
holds what differs between the games themselves and is the same for every version.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class GameKind:
    name: str  # "crescent": the state's "game" field
    prefix: str  # "CR": the first letters of its codes (CR1-N-…)
    family: str  # "cr": the family part of its catalogue keys (place.cr.pile, name.cr.S+)
    numbered: str  # "piles": the state field of its numbered places
    numbered_word: str  # "pile": what one numbered place is called in catalogue keys
    decks: int  # how many 52-card decks one deal uses
    # The board's own action beside Undo: Crescent's redeal, Canfield's draw from the stock.
    action: Literal["redeal", "draw"]
    # The seeds' rules, as an options field, by the app's draw choice (the first: no choice made).
    seeds: dict[str, str]
    # A place's notation -> the state field of its cards, for the places that are neither
    # numbered nor foundations (Canfield's reserve, waste and stock).
    places: dict[str, str] = field(default_factory=dict)
    # The place whose top card refills an emptied numbered place (Canfield's reserve, while it
    # has cards); None: an emptied one stays empty (Crescent's piles).
    refill: str | None = None
    # The seeds' app offers a draw choice and its "Double click" setting (Canfield).
    app_draws: bool = False


GAME_KINDS: dict[str, GameKind] = {
    "crescent": GameKind("crescent", "CR", "cr", "piles", "pile", 2, "redeal", {"": "N"}),
    "canfield": GameKind(
        "canfield",
        "CF",
        "cf",
        "columns",
        "column",
        1,
        "draw",
        {"3": "D3", "1": "D1"},
        places={"R": "reserve", "W": "waste", "stock": "stock"},
        refill="R",
        app_draws=True,
    ),
}


def game_kind(name: str) -> GameKind:
    """The record of the game `name`; ValueError naming the games for any other name."""
    try:
        return GAME_KINDS[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAME_KINDS)}") from None
