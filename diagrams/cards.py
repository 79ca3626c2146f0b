"""Cards as the engine's two-character strings ("TD"), and their names in each language."""

from __future__ import annotations

from functools import cache

import catalogues
from engine import cards as _engine_cards

# The card alphabet and which suits are red are the engine's; the drawing only reuses them.
RANKS = _engine_cards.RANKS
SUITS = _engine_cards.SUITS
RED_SUITS = "".join(SUITS[i] for i in sorted(_engine_cards.RED_SUITS))
# Unicode suit symbols for short labels in captions ("A♠"); drawings use SVG paths instead.
SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


_PARTS = {r + s: (r, s) for r in RANKS for s in SUITS}


def parts(card: object, where: str = "card") -> tuple[str, str]:
    """("Q", "H") for "QH"; ValueError naming ``where`` for anything else."""
    found = _PARTS.get(card) if isinstance(card, str) else None
    if found is None:
        raise ValueError(f"{where}: {card!r} is not a card (rank of {RANKS}, then suit of {SUITS})")
    return found


def rank_index(card: str) -> int:
    """0 for an ace ... 12 for a king."""
    return RANKS.index(card[0])


def is_red(card: str) -> bool:
    return card[1] in RED_SUITS


@cache  # pure: the catalogues never change while running
def count(lang: str, n: int, family: str = "cards") -> str:
    """'6 cards' / '카드 6장' ('short' family: '6장'), in the language's CLDR plural form."""
    return catalogues.message(lang, f"count.{family}", count=n)  # a CLDR plural message


@cache  # pure: the catalogues never change while running
def name(card: str, lang: str) -> str:
    """The full name without article, as lists and labels use it: 'ace of spades', '스페이드
    에이스', 'Άσος μπαστούνι' (the card grammar's `bare` role: catalogues/cardnames.py, which a
    sentence asks for the role it needs, « sur l’as de pique »)."""
    parts(card)  # the clear error for anything that is no card
    return catalogues.card_phrase(lang, card, "bare")


@cache  # pure: the catalogues never change while running
def rank_label(rank: str, lang: str) -> str:
    """The rank's index as printed on the card in ``lang`` ('10', 'K'; French 'R')."""
    return catalogues.message(lang, f"rank_short.{rank}")


@cache  # pure: the catalogues never change while running
def short(card: str, lang: str) -> str:
    """'A♠', 'R♠' in French: the label captions use."""
    rank, suit = parts(card)
    return rank_label(rank, lang) + SUIT_SYMBOL[suit]


def cap(text: str) -> str:
    """Upper-case the first letter (the catalogue writes mid-sentence forms; a few go first)."""
    return text[:1].upper() + text[1:]


def foundation_aria(lang: str, place: str, pile: list[str]) -> str:
    """A foundation's accessible name: its only visible label is its count, so the name begins
    with it (WCAG 2.5.3; CONTRACT.md: a place's name begins with its visible label)."""
    held = count(lang, len(pile))
    if not pile:
        return catalogues.message(lang, "aria.foundation_empty", place=place, cards=held)
    return catalogues.message(lang, "aria.foundation", place=place, cards=held, card=name(pile[-1], lang))
