"""Canfield's column build as tables: which card may sit on which, for each version's build
(alternate colours or one suit) and wrap at K-A (engine/rules.py)."""

from __future__ import annotations

from .cards import Card, is_red
from .rules import BUILD_ALTERNATE, BUILD_SUIT, WRAP_ALWAYS, WRAP_AT_START


def _follows_down(lower: Card, upper: Card) -> bool:
    """`lower` may sit on `upper` in a column: opposite colour, one rank lower, a king on an ace."""
    return is_red(lower) != is_red(upper) and (upper % 13 - lower % 13) % 13 == 1


# FOLLOWS[lower][upper]: `lower` may sit on `upper`; TAKES[upper]: the cards that may.
FOLLOWS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(_follows_down(lo, up) for up in range(52)) for lo in range(52)
)
TAKES: tuple[tuple[Card, ...], ...] = tuple(
    tuple(lo for lo in range(52) if FOLLOWS[lo][up]) for up in range(52)
)


Tables = tuple[tuple[tuple[bool, ...], ...], tuple[tuple[Card, ...], ...]]
_TABLES: dict[tuple[str, str, int], Tables] = {}


def column_tables(build: str, wrap: str, base_rank: int) -> Tables:
    """(FOLLOWS, TAKES) for a version's column build: alternate colours or one suit, and a
    wrap at K-A always or only away from the start rank (`base_rank`: a card of the start
    rank minus one never goes on a start-rank card). The app's rules get the tables above."""
    if build == BUILD_ALTERNATE and wrap == WRAP_ALWAYS:
        return FOLLOWS, TAKES
    key = (build, wrap, base_rank if wrap == WRAP_AT_START else -1)
    tables = _TABLES.get(key)
    if tables is None:
        below_start = (base_rank - 1) % 13

        def fits(lo: Card, up: Card) -> bool:
            if build == BUILD_SUIT:
                if lo // 13 != up // 13:
                    return False
            elif is_red(lo) == is_red(up):
                return False
            if (up % 13 - lo % 13) % 13 != 1:
                return False
            return not (wrap == WRAP_AT_START and up % 13 == base_rank and lo % 13 == below_start)

        follows = tuple(tuple(fits(lo, up) for up in range(52)) for lo in range(52))
        takes = tuple(tuple(lo for lo in range(52) if follows[lo][up]) for up in range(52))
        tables = _TABLES[key] = (follows, takes)
    return tables


def is_run(cards: list[Card], follows: tuple[tuple[bool, ...], ...] = FOLLOWS) -> bool:
    """Each card sits on the one below it by the column build (`follows`: the app's by default)."""
    return all(follows[cards[k + 1]][cards[k]] for k in range(len(cards) - 1))
