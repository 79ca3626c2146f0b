"""`<!-- deal: GAME.COUNT -->`: a number a page says about a game's deal, counted on the engine's
own deal, so that a summary such as "104 cards from two decks: 96 in 16 piles" cannot drift from
the rules (issue 22: the home page once put all 104 cards in the 16 piles).

Every deal of a game has the same shape (only the order of the cards differs), so the counts are
taken on one fixed deal per game; tests/test_claims.py checks them on other deals too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sitegen.games import GAMES

# The deal each count is taken on (sitegen/games.py): any code of the game gives the same counts.
CODES = {name: game.deal_code for name, game in GAMES.items()}


def _sizes(cards: Any) -> list[int]:
    return [len(seq) for seq in (cards.values() if isinstance(cards, dict) else cards)]


def _same(sizes: list[int]) -> int:
    if len(set(sizes)) != 1:
        raise ValueError(f"the piles of this deal do not all hold the same number of cards: {sizes}")
    return sizes[0]


COUNTS: dict[str, dict[str, Callable[[dict[str, Any]], int]]] = {
    "crescent": {
        "cards": lambda s: sum(_sizes(s["piles"])) + sum(_sizes(s["foundations"])),
        "piles": lambda s: len(s["piles"]),
        "pile-cards": lambda s: sum(_sizes(s["piles"])),
        "pile-size": lambda s: _same(_sizes(s["piles"])),
        "foundations": lambda s: len(s["foundations"]),
        "base-cards": lambda s: sum(_sizes(s["foundations"])),
    },
    "canfield": {
        "cards": lambda s: (
            len(s["stock"])
            + len(s["waste"])
            + len(s["reserve"])
            + sum(_sizes(s["columns"]))
            + sum(_sizes(s["foundations"]))
        ),
        "reserve": lambda s: len(s["reserve"]),
        "columns": lambda s: len(s["columns"]),
        "foundations": lambda s: len(s["foundations"]),
        "stock": lambda s: len(s["stock"]),
    },
}


def count(game: str, name: str, code: str | None = None) -> int:
    """The count `name` of `game`'s deal (of `code`, by default the fixed deal above)."""
    import engine

    if game not in COUNTS:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(COUNTS)})")
    if name not in COUNTS[game]:
        raise ValueError(f"unknown count {name!r} of {game} (known: {', '.join(COUNTS[game])})")
    return COUNTS[game][name](engine.new_game(code or CODES[game]).state())


def deal_text(args: str, lang: str, ctx: Any) -> str:
    """The marker's text: the count, written the language's way."""
    import catalogues

    game, dot, name = args.strip().partition(".")
    if not dot:
        raise ValueError(f"malformed deal count {args.strip()!r}: expected GAME.COUNT, e.g. crescent.piles")
    return catalogues.number(lang, count(game, name))
