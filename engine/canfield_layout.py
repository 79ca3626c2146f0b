"""Canfield's places, its move notation's tables and the deal's layout.

Places are indexed: 0 reserve "R", 1 waste "W", 2-5 columns "1"-"4", 6-9 foundations
"S" "H" "D" "C" (one per suit, in suit order), 10 the stock. An internal move is
(source, destination, number of cards); DRAW is the stock's.
"""

from __future__ import annotations

from .cards import Card
from .notation import upper_index
from .rules import START_TWOS, CanfieldRules

RESERVE, WASTE, STOCK = 0, 1, 10
COLUMNS = (2, 3, 4, 5)
FOUNDATIONS = (6, 7, 8, 9)
PLACES = ("R", "W", "1", "2", "3", "4", "S", "H", "D", "C", "stock")
PLACE_INDEX = {name: i for i, name in enumerate(PLACES)}
FOUNDATION_SIZE = 13
POINTS_PER_CARD = 5
MAX_RUN = 52

Move = tuple[int, int, int]  # (source, destination, number of cards); DRAW below
DRAW: Move = (STOCK, WASTE, 0)

MOVE_NAMES: dict[Move, str] = {(s, d, 1): f"{PLACES[s]}>{PLACES[d]}" for s in range(11) for d in range(11)}
MOVE_NAMES.update(
    {
        (s, d, n): f"{PLACES[s]}:{n}>{PLACES[d]}"
        for s in COLUMNS
        for d in COLUMNS
        for n in range(2, MAX_RUN + 1)
    }
)
MOVE_NAMES[DRAW] = "draw"
CANONICAL: dict[str, Move] = {name: move for move, name in MOVE_NAMES.items()}
UPPER_INDEX = upper_index(PLACES)


def deal_layout(
    rules: CanfieldRules, cards: list[Card]
) -> tuple[list[Card], list[list[Card]], list[Card], list[Card]]:
    """(reserve, foundations, columns, stock) from the shuffled deck.

    The base-card versions deal as CONTRACT.md says. Storehouse (START_TWOS) takes the four 2s
    out of the same shuffled order first, onto their foundations, and deals the other 48 cards
    in their order as the others do, without a base card: reserve 13, columns 4, stock 31."""
    foundations: list[list[Card]] = [[], [], [], []]
    if rules.start == START_TWOS:
        for card in cards:
            if card % 13 == 1:
                foundations[card // 13].append(card)
        rest = [card for card in cards if card % 13 != 1]
        return rest[:13], foundations, rest[13:17], rest[17:]
    base = cards[13]
    foundations[base // 13].append(base)
    return cards[:13], foundations, cards[14:18], cards[18:]
