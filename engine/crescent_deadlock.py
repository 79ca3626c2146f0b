"""Crescent positions that are lost for good: a card that can never leave its pile.

The solver's one pruning rule for Crescent (issue 13). A card Y on a pile can leave it in two
ways only: onto the top of another pile (same suit, one rank up or down, wrapping), or onto a
foundation of its suit. If neither can ever happen, Y never reaches a foundation, so the game
is lost, whatever is played. The rule proves that neither can happen from facts no move undoes:

- Cards on foundations never return to a pile (foundation-to-pile moves are refused).
- Cards below Y in its pile stay below Y while Y stays, except the bottom `redeals_left`
  cards: each redeal turns the pile's bottom card up, and nothing else changes a pile's order
  below its top (cards come and go only at the top; an emptied pile is never refilled).
  Call the others, those at index `redeals_left` up to Y's index, the cards trapped under Y.

(1) No pile can ever offer Y a place: every copy of Y's two neighbour ranks (two decks: four
cards) is on a foundation or trapped under Y. Such a copy can reach another pile's top only by
leaving Y's pile first, which needs Y gone.
(2) No foundation can ever take Y: a search over the suit's two foundation tops, where any card
of the suit that is not trapped under Y (nor Y) may be played whenever a foundation wants it,
and the foundation-to-foundation moves are allowed as the rules allow them, never reaches a
state where either foundation wants Y's rank. This over-approximates what real play can do
(real cards also need to be on top of their piles), so "never" here is "never" in the game.

Then Y can never leave, by induction over any line of play: (1) and (2) stay true while Y stays.
So a stuck card stays stuck, and whether Y is stuck depends only on the cards below Y, the
redeals left and the two foundations of Y's suit: after a move, the search need test only the
cards whose facts changed (solver_crescent.CrescentSearcher.dead).
Tested against exhaustive search on small positions (tests/test_solver_deadlock.py).
"""

from __future__ import annotations

from .cards import Card

RANKS = 13
TOP = RANKS - 1  # a king's rank index


def _tops(foundations: list[list[Card]], suit: int) -> tuple[int, int]:
    """(a, b): the up foundation holds ranks 0..a, the down one ranks b..12 (rank 0 = ace)."""
    return len(foundations[suit]) - 1, RANKS - len(foundations[4 + suit])


def _can_accept(a: int, b: int, caps: list[int], y: int) -> bool:
    """Whether the suit's foundations, from tops (a, b), can come to want rank `y`, when at
    most caps[r] cards of rank r (in all) may ever be on the two foundations together."""
    seen = {(a, b)}
    stack = [(a, b)]
    while stack:
        a, b = stack.pop()
        if a == y - 1 or b == y + 1:  # the up one wants y (y >= 1), or the down one (y <= 11)
            return True
        following: list[tuple[int, int]] = []
        # A card of rank a + 1 played up; of rank b - 1 played down (if one may still be).
        if a < TOP and 1 + (a + 1 >= b) <= caps[a + 1]:
            following.append((a + 1, b))
        if b > 0 and (b - 1 <= a) + 1 <= caps[b - 1]:
            following.append((a, b - 1))
        # Foundation to foundation: the up top onto the down one when it wants it (not the
        # locked ace), and back (not the locked king; the up one not full).
        if a >= 1 and b - 1 == a:
            following.append((a - 1, b - 1))
        if b <= TOP - 1 and a + 1 == b and a < TOP:
            following.append((a + 1, b + 1))
        for state in following:
            if state not in seen:
                seen.add(state)
                stack.append(state)
    return False


def card_is_stuck(pile: bytes | list[Card], i: int, redeals_left: int, foundations: list[list[Card]]) -> bool:
    """True if the card at index `i` of `pile` can never leave it (the module docstring)."""
    y = pile[i]
    suit, rank = divmod(y, RANKS)
    a, b = _tops(foundations, suit)
    trapped = [c % RANKS for c in pile[redeals_left:i] if c // RANKS == suit]
    # (1) every copy of both neighbour ranks on a foundation or trapped under Y
    for neighbour in ((rank + 1) % RANKS, (rank - 1) % RANKS):
        if (neighbour <= a) + (neighbour >= b) + trapped.count(neighbour) < 2:
            return False  # a copy may still come to offer Y a place
    # (2) no foundation can come to want Y with the trapped cards (and Y) held back
    caps = [2] * RANKS
    for r in trapped:
        caps[r] -= 1
    caps[rank] -= 1
    return not _can_accept(a, b, caps, rank)


def pile_is_stuck(
    pile: bytes | list[Card], redeals_left: int, foundations: list[list[Card]], suit: int = -1
) -> bool:
    """True if some card of `pile` (of `suit` only, when given) can never leave it."""
    for i in range(len(pile)):
        if (suit < 0 or pile[i] // RANKS == suit) and card_is_stuck(pile, i, redeals_left, foundations):
            return True
    return False


def stuck(piles: list[list[Card]], foundations: list[list[Card]], redeals_left: int) -> bool:
    """True if the position is lost because some card can never leave its pile."""
    return any(pile_is_stuck(pile, redeals_left, foundations) for pile in piles if pile)
