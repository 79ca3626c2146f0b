"""Crescent for the solver: canonical keys, ordered move generation.

Canonical key: the 16 piles are interchangeable (legality and the redeal treat each pile
alike and alone), so the key is the sorted multiset of pile contents, plus the 8 foundation
heights (a foundation's cards follow from its height) and the redeals left.

No dominance pruning: with two decks a card played to a foundation may still be wanted as a
place to build on (its neighbours' second copies are in play), so no "safe to play" rule of
single-deck games carries over; the full pass generates every legal action. (Even where no card
can ever land on it again, playing it at once is not plainly safe: a later move between the
two foundations of its suit may need that foundation one card lower.)

Why no Crescent deal has been proved lost (issue 13). A proof is the full pass running to its
end, and on a real deal it does not: on CR1-N-AAKYMNT, the one deal of the first 100 of the
statistics sample still undecided at 30 s of CPU, the full pass alone stored 2.1 million
distinct positions in 90 s of CPU (13 million generated, 285 MB) and was still finding new ones
at about 24,000 a second. What would prove a loss: a deal whose reachable positions are few (a
deal with no move at all in its first position and after each of its three redeals has odds
of the order of 1e-13, and none has been met), or sound reductions strong enough to cut a real
deal's space down by many orders of magnitude (dominance rules that survive the two decks and
the moves between foundations, or an abstraction whose loss implies the real one, such as
deadlock patterns once no redeal is left), or a search that keeps its table on disk.
"""
from __future__ import annotations

from typing import Any

from .crescent import FOUNDATION_SIZE, MOVE_NAMES, NEIGHBOURS, PILE_LIMIT, PILES, REDEAL, Crescent
from .solver import Searcher

SEP = b"\xff"


class CrescentSearcher(Searcher):
    game: Crescent
    QUICK_SHARE = 0.8  # complete proofs are rare for Crescent's 104 cards: mostly look for wins
    # Quick-pass restarts of 250 nodes times the Luby sequence (1000 before): Crescent's search
    # times are heavy-tailed, and more, shorter randomised tries should find a rare good line
    # sooner. Evidence so far is weak. For: the solver benchmark (30 s of CPU) decided 20 of 20
    # deals (19 with 1000), and 9 of the 11 deals the old setting left undecided in the first
    # 100 of the sample were won (but they were chosen as hard for the old setting, so any
    # other randomisation would look better on them). Unbiased, first tries at 30 s of CPU on
    # fresh sample deals: 47 of 49 decided with 1000, 58 of 63 with 250: no clear difference.
    RESTART_NODES = 250

    def key(self) -> bytes:
        g = self.game
        return (SEP.join(sorted([bytes(p) for p in g.piles]))
                + bytes([len(f) for f in g.foundations]) + bytes((g.redeals_left,)))

    def moves(self, full: bool) -> list[Any]:
        g = self.game
        piles, foundations = g.piles, g.foundations
        wants: dict[int, list[int]] = {}
        for f in range(8):
            foundation = foundations[f]
            if len(foundation) < FOUNDATION_SIZE:
                wants.setdefault(foundation[-1] + (1 if f < 4 else -1), []).append(PILES + f)
        by_top: dict[int, list[int]] = {}
        for i in range(PILES):
            pile = piles[i]
            if pile:
                by_top.setdefault(pile[-1], []).append(i)
        scored: list[tuple[float, int, Any]] = []
        n = 0
        for top, sources in by_top.items():
            if top in wants:
                for i in sources:
                    under = piles[i][-2] if len(piles[i]) > 1 else -1
                    for f in wants[top]:
                        # Playing to a foundation first; better still if it uncovers another.
                        scored.append((0 if under in wants else 1, n, (i, f)))
                        n += 1
            for neighbour in NEIGHBOURS[top]:
                targets = by_top.get(neighbour)
                if not targets:
                    continue
                for j in targets:
                    if len(piles[j]) >= PILE_LIMIT:
                        continue
                    for i in sources:
                        if i == j:
                            continue
                        size = len(piles[i])
                        if size == 1:
                            # Emptying a pile loses a place for good: last, and full pass only.
                            if full:
                                scored.append((6, n, (i, j)))
                                n += 1
                            continue
                        under = piles[i][-2]
                        if under in wants:
                            score = 2
                        elif under in by_top or any(nb in by_top for nb in NEIGHBOURS[under]):
                            score = 3  # the uncovered card has a use at once
                        else:
                            score = 4
                        scored.append((score, n, (i, j)))
                        n += 1
        for suit in range(4):
            up, down = foundations[suit], foundations[4 + suit]
            if len(up) > 1 and down[-1] - 1 == up[-1]:
                useful = (up[-1] - 1) in by_top  # S+ then wants the card below
                if full or useful:
                    scored.append((2 if useful else 5, n, (PILES + suit, PILES + 4 + suit)))
                    n += 1
            if len(down) > 1 and up[-1] + 1 == down[-1] and len(up) < FOUNDATION_SIZE:
                useful = (up[-1] + 2) in by_top  # S- then wants the card above
                if full or useful:
                    scored.append((2 if useful else 5, n, (PILES + 4 + suit, PILES + suit)))
                    n += 1
        result = self.best_first(scored)
        if g.redeals_left > 0:
            result.append(REDEAL)
        return result

    def apply(self, move: Any) -> Any:
        return self.game._apply(move)

    def revert(self, record: Any) -> None:
        self.game._revert(record)

    def names(self, move: Any) -> list[str]:
        return [MOVE_NAMES[move]]
