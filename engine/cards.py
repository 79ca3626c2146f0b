"""Cards as small ints, with their two-character names.

A card is `suit * 13 + rank - 1` (rank 1 = ace .. 13 = king; suits S H D C). Ints keep the
rules' hot paths fast; names cross the API edge ("QH", "TD").
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RED_SUITS = frozenset((1, 2))  # hearts, diamonds

Card = int


def make(rank: int, suit: int) -> Card:
    return suit * 13 + rank - 1


def rank_of(card: Card) -> int:
    return card % 13 + 1


def suit_of(card: Card) -> int:
    return card // 13


def is_red(card: Card) -> bool:
    return card // 13 in RED_SUITS


NAMES: tuple[str, ...] = tuple(RANKS[r] + SUITS[s] for s in range(4) for r in range(13))
BY_NAME: dict[str, Card] = {name: i for i, name in enumerate(NAMES)}


def name(card: Card) -> str:
    return NAMES[card]


def parse(text: str) -> Card:
    """The card named by `text` ("QH"); KeyError if it names none."""
    return BY_NAME[text]


def card_parts(text: str) -> tuple[str, str]:
    """("Q", "H") for "QH": rank letter and suit letter, for catalogues and diagrams."""
    card = BY_NAME[text]
    return RANKS[rank_of(card) - 1], SUITS[suit_of(card)]


def deck() -> list[Card]:
    """One deck in its fixed order before shuffling: spades A..K, then hearts, diamonds, clubs."""
    return list(range(52))
