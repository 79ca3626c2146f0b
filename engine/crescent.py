"""Crescent: 16 piles of six, 8 foundations (4 up from an ace, 4 down from a king), 3 redeals.

Places are indexed 0-15 (piles "1"-"16") and 16-23 (foundations S+ H+ D+ C+ S- H- D- C-).
Foundation index f holds suit f % 4 and builds up when f < 4, down otherwise.

The versions (rules.CrescentRules): redeals 3 or 4 (Crescent Four), and the face-down deal,
where `face_down[i]` counts the cards at the bottom of pile i still face down. A card turns
face up when it becomes its pile's top (its cover moved away, or a redeal brought it up);
face-down cards move by the same rules, so only what a player may see changes, never a move.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Any

from . import reasons as R
from .base import Game
from .cards import NAMES, Card
from .codes import CRESCENT_BASES, GameCode
from .notation import TO_FOUNDATION, parse_place, split_pair, upper_index
from .rules import CRESCENT_RULES, CrescentRules, crescent_options

PILES = 16
PILE_LIMIT = 13
FOUNDATION_SIZE = 13
FOUNDATION_NAMES = ("S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-")
PLACES: tuple[str, ...] = tuple(str(i + 1) for i in range(PILES)) + FOUNDATION_NAMES
PLACE_INDEX = {name: i for i, name in enumerate(PLACES)}
FIRST_FOUNDATION = PILES

Move = tuple[int, int]  # (source place, destination place); REDEAL below
REDEAL: Move = (-1, -1)

MOVE_NAMES: dict[Move, str] = {(s, d): f"{PLACES[s]}>{PLACES[d]}" for s in range(24) for d in range(24)}
MOVE_NAMES[REDEAL] = "redeal"
CANONICAL: dict[str, Move] = {name: move for move, name in MOVE_NAMES.items()}
UPPER_INDEX = upper_index(PLACES)


# The two cards a card may sit on in a pile: same suit, one rank up or down, wrapping.
NEIGHBOURS: tuple[tuple[Card, Card], ...] = tuple(
    (c - c % 13 + (c % 13 + 1) % 13, c - c % 13 + (c % 13 - 1) % 13) for c in range(52)
)


def _fits_foundation(f: int, top: Card, card: Card) -> bool:
    """Same suit as the foundation and next in its direction; no wrap on foundations."""
    if card // 13 != f % 4:
        return False
    return card % 13 == top % 13 + (1 if f < 4 else -1)


class Crescent(Game):
    game = "crescent"

    def __init__(
        self,
        code: GameCode | None,
        piles: list[list[Card]],
        foundations: list[list[Card]],
        redeals_left: int,
        moves: int = 0,
        rules: CrescentRules | None = None,
        face_down: list[int] | None = None,
    ) -> None:
        super().__init__(str(code) if code else None)
        if rules is None:
            rules = CRESCENT_RULES[code.options if code else "N"]
        self.rules: CrescentRules = rules
        self.variant = rules
        # None in the face-up versions (every card is seen), else one count per pile.
        self.face_down: list[int] | None = (face_down or [0] * PILES) if rules.face_down else None
        # For internal search only (players cannot undo a redeal): which piles each redeal
        # turned a card face up in, so that _revert restores the counts exactly.
        self._redeal_turns: list[list[int]] = []
        self.piles = piles
        self.foundations = foundations
        self.redeals_left = redeals_left
        self.moves = moves
        self._foundation_moves: tuple[dict[Card, list[int]], list[Move]] | None = None

    @classmethod
    def deal(cls, code: GameCode, cards: list[Card]) -> Crescent:
        piles = [cards[6 * i : 6 * i + 6] for i in range(PILES)]
        foundations = [[base] for base in CRESCENT_BASES]
        rules = CRESCENT_RULES[code.options]
        face_down = [len(pile) - 1 for pile in piles] if rules.face_down else None
        return cls(code, piles, foundations, rules.redeals, rules=rules, face_down=face_down)

    # --- notation ---------------------------------------------------------------------------
    def _parse(self, text: str) -> Move:
        move = CANONICAL.get(text)
        if move is not None:
            return move
        pair = split_pair(text, "redeal")
        if pair is None:
            return REDEAL
        src = parse_place(pair[0], UPPER_INDEX, text, allow_f=False)
        return (src, parse_place(pair[1], UPPER_INDEX, text))

    _names = MOVE_NAMES
    _canonical = CANONICAL

    def _resolve(self, move: Move) -> Move:
        """`P>F` becomes the foundation of the card's suit that accepts it, the ace's first."""
        src, dst = move
        if dst != TO_FOUNDATION:
            return move
        pile = self.piles[src] if src < PILES else self.foundations[src - PILES]
        if not pile:
            return (src, FIRST_FOUNDATION)  # refused as an empty source either way
        suit = pile[-1] // 13
        up, down = FIRST_FOUNDATION + suit, FIRST_FOUNDATION + 4 + suit
        if self._refusal((src, up)) is None or self._refusal((src, down)) is not None:
            return (src, up)
        return (src, down)

    # --- rules ------------------------------------------------------------------------------
    def _refusal(self, move: Move) -> str | None:
        if move == REDEAL:
            return None if self.redeals_left > 0 else R.NO_REDEALS
        src, dst = self._resolve(move)
        # The source first (CONTRACT.md): empty, then a locked base, then foundation-to-pile.
        if src < PILES:
            source = self.piles[src]
            if not source:
                return R.EMPTY_SOURCE
        else:
            source = self.foundations[src - PILES]
            if len(source) <= 1:
                return R.BASE_LOCKED
            if dst < PILES:
                return R.FOUNDATION_TO_PILE
        if src == dst:
            return R.SAME_PLACE
        card = source[-1]
        if dst < PILES:
            target = self.piles[dst]
            if not target:
                return R.EMPTY_PILE
            if len(target) >= PILE_LIMIT:
                return R.PILE_FULL
            top = target[-1]
            if top // 13 != card // 13:
                return R.SAME_SUIT
            if (card - top) % 13 not in (1, 12):  # ranks wrap on piles: A on K, K on A
                return R.ADJACENT_RANK
            return None
        f = dst - PILES
        if card // 13 != f % 4:
            return R.FOUNDATION_SUIT
        foundation = self.foundations[f]
        if len(foundation) >= FOUNDATION_SIZE:
            return R.FOUNDATION_FULL
        if not _fits_foundation(f, foundation[-1], card):
            return R.FOUNDATION_ORDER
        return None

    def _apply(self, move: Move) -> Any:
        self._legal_cache = None
        face_down = self.face_down
        if move == REDEAL:
            turned: list[int] = []
            for i, pile in enumerate(self.piles):
                if len(pile) >= 2:
                    pile.append(pile.pop(0))
                    if face_down is not None and face_down[i] > 0:
                        face_down[i] -= 1  # the bottom card, face down, came up to the top
                        turned.append(i)
            if face_down is not None:
                self._redeal_turns.append(turned)
            self.redeals_left -= 1
            return REDEAL
        src, dst = self._resolve(move)
        if dst >= PILES or src >= PILES:
            self._foundation_moves = None
        source = self._place(src)
        self._place(dst).append(source.pop())
        self.moves += 1
        if face_down is not None and src < PILES and source and face_down[src] >= len(source):
            face_down[src] = len(source) - 1  # the uncovered card turns face up
            return (src, dst, 1)  # the record says so, for _revert
        return (src, dst)

    def _remember(self, record: Any) -> None:
        if record == REDEAL:
            self._history.clear()  # moves before a redeal can no longer be undone
        else:
            self._history.append(record)

    def _revert(self, record: Any) -> None:
        self._legal_cache = None
        if record == REDEAL:  # only internal search reverts a redeal; players cannot
            for pile in self.piles:
                if len(pile) >= 2:
                    pile.insert(0, pile.pop())
            if self.face_down is not None:
                for i in self._redeal_turns.pop():
                    self.face_down[i] += 1
            self.redeals_left += 1
            return
        src, dst = record[0], record[1]
        if dst >= PILES or src >= PILES:
            self._foundation_moves = None
        self._place(src).append(self._place(dst).pop())
        if len(record) == 3 and self.face_down is not None:
            self.face_down[src] += 1  # the card the move had uncovered is face down again
        self.moves -= 1

    def _place(self, index: int) -> list[Card]:
        return self.piles[index] if index < PILES else self.foundations[index - PILES]

    def _foundation_view(self) -> tuple[dict[Card, list[int]], list[Move]]:
        """The card each foundation wants next, and the foundation-to-foundation moves.

        Foundations change on one move in many, so this is kept until one of them does.
        """
        if self._foundation_moves is None:
            foundations = self.foundations
            wants: dict[Card, list[int]] = {}
            for f in range(8):
                foundation = foundations[f]
                if len(foundation) < FOUNDATION_SIZE:  # no wrap on foundations
                    wanted = foundation[-1] + (1 if f < 4 else -1)
                    wants.setdefault(wanted, []).append(PILES + f)
            between: list[Move] = []
            for suit in range(4):
                up, down = foundations[suit], foundations[4 + suit]
                if len(up) > 1 and down[-1] - 1 == up[-1]:
                    between.append((PILES + suit, PILES + 4 + suit))
                if len(down) > 1 and up[-1] + 1 == down[-1] and len(up) < FOUNDATION_SIZE:
                    between.append((PILES + 4 + suit, PILES + suit))
            self._foundation_moves = (wants, between)
        return self._foundation_moves

    def _legal(self) -> list[Move]:
        piles = self.piles
        wants, between = self._foundation_view()
        moves: list[Move] = list(between)
        append = moves.append
        # Piles by their top card. Pile-to-pile fit is symmetric (same suit, one rank apart,
        # wrapping), so pairs of neighbouring top cards give every pile move both ways.
        by_top: dict[Card, list[int]] = {}
        for i in range(PILES):
            pile = piles[i]
            if pile:
                top = pile[-1]
                if top in by_top:
                    by_top[top].append(i)
                else:
                    by_top[top] = [i]
                if top in wants:
                    for f in wants[top]:
                        append((i, f))
        for top, sources in by_top.items():
            for neighbour in NEIGHBOURS[top]:
                if neighbour in by_top:
                    for j in by_top[neighbour]:
                        if len(piles[j]) < PILE_LIMIT:
                            for i in sources:
                                append((i, j))
        moves.sort()  # canonical order: by source, then destination (piles before foundations)
        if self.redeals_left > 0:
            append(REDEAL)
        return moves

    def _won(self) -> bool:
        return not any(self.piles)  # every card is on a foundation once the piles are empty

    def _status(self) -> str:
        if self._won():
            return "won"
        if self.redeals_left == 0 and not self._legal():
            return "blocked"
        return "playing"

    def _state(self) -> dict[str, Any]:
        state: dict[str, Any] = {
            "game": "crescent",
            "code": self.code,
            "piles": [[NAMES[c] for c in pile] for pile in self.piles],
            "foundations": {
                name: [NAMES[c] for c in f]
                for name, f in zip(FOUNDATION_NAMES, self.foundations, strict=True)
            },
            "redeals_left": self.redeals_left,
            "moves": self.moves,
            "status": self._status(),
        }
        if self.rules != CRESCENT_RULES["N"]:  # another version: the state names its rules
            state["options"] = crescent_options(self.rules)
        if self.face_down is not None:
            state["face_down"] = list(self.face_down)
        return state

    def open_copy(self) -> Crescent:
        """A copy with every card face up (the same position in the face-up version of the
        same redeals), for the solver's open-card value; history not included."""
        rules = replace(self.rules, face_down=False)
        twin = Crescent(
            None,
            [p[:] for p in self.piles],
            [f[:] for f in self.foundations],
            self.redeals_left,
            self.moves,
            rules,
        )
        twin.code = self.code
        return twin

    def copy(self) -> Crescent:
        # Through the constructor, not __new__: a mypyc-compiled class (scripts/compile_solver.py)
        # cannot be made without it.
        twin = Crescent(
            None,
            [p[:] for p in self.piles],
            [f[:] for f in self.foundations],
            self.redeals_left,
            self.moves,
            self.rules,
            None if self.face_down is None else self.face_down[:],
        )
        twin.code = self.code
        twin._redeal_turns = [turned[:] for turned in self._redeal_turns]
        twin._history = deque(self._history, maxlen=self._history.maxlen)
        return twin
