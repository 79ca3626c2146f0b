"""The site's record of each game: what the build's pages and scripts look up about a game
instead of switching on its name. Keyed like engine.games.GAME_KINDS, whose record (code prefix,
catalogue family, numbered places) each one carries; the rules that differ between the versions
of one game stay engine/rules.py's.

A new game is one more record here (and its kind in engine/games.py, its drawing in
diagrams/__init__.py): the board, the Analysis page, the lessons, the returns rule and the facts
then read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from engine.games import GAME_KINDS, GameKind


@dataclass(frozen=True)
class SiteGame:
    kind: GameKind  # engine.games: prefix, catalogue family, numbered places, decks
    default_code: str  # the Play board's deal when the address names none
    deal_code: str  # the deal the `<!-- deal: GAME.COUNT -->` counts are taken on
    score: bool  # the game keeps a score: the board shows it, the reader's best is a score
    # Named places whose cards the returns rule follows (sitegen/returns.py): with one deck a
    # card's name is its id, and the stock and waste are not followed.
    followed: tuple[str, ...] = ()
    takebacks: bool = False  # a card may come back from a foundation (Canfield's take-back)
    # The Analysis page's empty layout, the one a reader fills (sitegen/analysis.py).
    empty: Callable[[], dict[str, Any]] = dict

    @property
    def name(self) -> str:
        return self.kind.name

    # The game's own record (engine/games.py), read through this one where the build asks.
    @property
    def action(self) -> Literal["redeal", "draw"]:
        return self.kind.action

    @property
    def app_draws(self) -> bool:
        """The new-game dialog offers the seeds' draw choice first, and "Double click"."""
        return self.kind.app_draws

    @property
    def places(self) -> dict[str, str]:
        return self.kind.places

    @property
    def refill(self) -> str | None:
        """None: an emptied numbered place stays empty, which a mistake line's parting move may
        say (sitegen/fact_finders.py)."""
        return self.kind.refill


def _empty_crescent() -> dict[str, Any]:
    """Crescent's eight base cards on their foundations and three redeals."""
    return {
        "game": "crescent",
        "piles": [[] for _ in range(16)],
        "foundations": {
            f"{suit}{way}": [("A" if way == "+" else "K") + suit] for suit in "SHDC" for way in "+-"
        },
        "redeals_left": 3,
        "moves": 0,
        "status": "playing",
    }


def _empty_canfield() -> dict[str, Any]:
    """Canfield's columns, reserve, stock and waste empty; base rank and draw as the classic
    game's defaults."""
    return {
        "game": "canfield",
        "draw": 3,
        "base_rank": "A",
        "stock": [],
        "waste": [],
        "reserve": [],
        "foundations": {suit: [] for suit in "SHDC"},
        "columns": [[], [], [], []],
        "score": 0,
        "moves": 0,
        "status": "playing",
    }


GAMES: dict[str, SiteGame] = {
    "crescent": SiteGame(
        GAME_KINDS["crescent"],
        default_code="CR1-N-AAAAAAB",
        deal_code="CR1-N-AAAAAAA",
        score=False,
        empty=_empty_crescent,
    ),
    "canfield": SiteGame(
        GAME_KINDS["canfield"],
        default_code="CF1-D3-AAAAACL",
        deal_code="CF1-D3-AAAAAAA",
        score=True,
        followed=("R",),
        takebacks=True,
        empty=_empty_canfield,
    ),
}


def site_game(name: str) -> SiteGame:
    """The record of the game `name`; ValueError naming the games for any other name."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAMES)}") from None


def cards_at(state: dict[str, object], place: str) -> list[str] | None:
    """The cards of a place of `state` (bottom first), None for a place the game lacks."""
    game = site_game(str(state["game"]))
    if place.isdigit():
        numbered = state[game.kind.numbered]
        assert isinstance(numbered, list)
        i = int(place) - 1
        return numbered[i] if 0 <= i < len(numbered) else None
    if place in game.places:
        cards = state[game.places[place]]
        assert isinstance(cards, list)
        return cards
    foundations = state["foundations"]
    assert isinstance(foundations, dict)
    return foundations.get(place)
