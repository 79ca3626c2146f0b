"""Canfield: a 13-card reserve, a base card fixing the foundations' start rank, four columns
built down in alternating colours (wrapping), a stock drawn one or three at a time.

The rules that differ between versions (classic, Rainfall, Storehouse, Superior Canfield,
Solvitaire's preset) are the fields of `self.rules` (rules.CanfieldRules); the code below reads
them, never a version's name. This module holds the game's class: the rules' refusals, apply and
undo, the state. Its places, notation tables and deal are canfield_layout.py; the column build's
tables canfield_build.py; move generation canfield_moves.py (their names are re-exported here).
"""

from __future__ import annotations

import re
from collections import deque
from typing import Any

from . import reasons as R
from .base import Game
from .canfield_build import FOLLOWS, TAKES, Tables, column_tables, is_run
from .canfield_layout import (
    CANONICAL,
    COLUMNS,
    DRAW,
    FOUNDATION_SIZE,
    FOUNDATIONS,
    MAX_RUN,
    MOVE_NAMES,
    PLACE_INDEX,
    PLACES,
    POINTS_PER_CARD,
    RESERVE,
    STOCK,
    UPPER_INDEX,
    WASTE,
    Move,
    deal_layout,
)
from .canfield_moves import legal_moves
from .cards import NAMES, RANKS, SUITS, Card, is_red
from .codes import GameCode
from .errors import IllegalMove
from .notation import TO_FOUNDATION, parse_place, split_pair
from .rules import (
    BUILD_SUIT,
    FILL_RESERVE,
    RUNS_ANY,
    RUNS_ONE_OR_WHOLE,
    CanfieldRules,
    canfield_options,
    canfield_rules,
)

# The names other modules (taps, positions, solver_canfield, scripts) import from here.
__all__ = [
    "CANONICAL",
    "COLUMNS",
    "DRAW",
    "FOLLOWS",
    "FOUNDATIONS",
    "FOUNDATION_SIZE",
    "MAX_RUN",
    "MOVE_NAMES",
    "PLACES",
    "PLACE_INDEX",
    "POINTS_PER_CARD",
    "RESERVE",
    "STOCK",
    "TAKES",
    "UPPER_INDEX",
    "WASTE",
    "Canfield",
    "Move",
    "Tables",
    "column_tables",
    "deal_layout",
    "is_run",
]

# ASCII digits only (\d takes "١"), and at most two: no column holds more than 52 cards, and
# int() of thousands of digits raises ValueError, which must not leave the engine.
_RUN = re.compile(r"^([1-4]):([0-9]{1,2})$")


class Canfield(Game):
    game = "canfield"

    def __init__(
        self,
        code: GameCode | None,
        draw: int,
        base_rank: int,
        stock: list[Card],
        waste: list[Card],
        reserve: list[Card],
        foundations: list[list[Card]],
        columns: list[list[Card]],
        score: int = 0,
        moves: int = 0,
        rules: CanfieldRules | None = None,
        recycles_left: int | None = None,
    ) -> None:
        super().__init__(str(code) if code else None)
        if rules is None:
            named = code.variant if code is not None else CanfieldRules(draw=draw)
            assert isinstance(named, CanfieldRules)
            rules = named
        self.rules: CanfieldRules = rules
        self.draw = draw
        self.base_rank = base_rank  # 0 = ace .. 12 = king
        # -1: no limit on passes; else how many times the waste may still be turned over.
        self.recycles_left: int = rules.recycles if recycles_left is None else recycles_left
        self.follows, self.takes = column_tables(rules.build, rules.wrap, base_rank)
        self.auto_fill = rules.fill == FILL_RESERVE
        # One list per place index; the foundations and columns lists are shared, not copied.
        self.lists: list[list[Card]] = [reserve, waste, *columns, *foundations, stock]
        self.score = score
        self.moves = moves

    @classmethod
    def deal(cls, code: GameCode, cards: list[Card]) -> Canfield:
        rules = canfield_rules(code.options)
        assert rules is not None
        reserve, foundations, dealt, stock = deal_layout(rules, cards)
        base = next(f[0] for f in foundations if f)
        columns = [[card] for card in dealt]
        return cls(code, rules.draw, base % 13, stock, [], reserve, foundations, columns, rules=rules)

    # --- notation ---------------------------------------------------------------------------
    def _parse(self, text: str) -> Move:
        move = CANONICAL.get(text)
        if move is not None:
            return move
        pair = split_pair(text, "draw")
        if pair is None:
            return DRAW
        src_name, dst = pair
        count = 1
        run = _RUN.match(src_name.replace(" ", ""))  # "C:N", the top N cards of column C
        if run:
            src_name, count = run[1], int(run[2])
            if count < 1:
                raise IllegalMove(R.BAD_NOTATION, text)
        src = parse_place(src_name, UPPER_INDEX, text, allow_f=False)
        return (src, parse_place(dst, UPPER_INDEX, text), count)

    _names = MOVE_NAMES
    _canonical = CANONICAL

    def _resolve(self, move: Move) -> Move:
        src, dst, n = move
        if dst != TO_FOUNDATION:
            return move
        source = self.lists[src] if src != STOCK else []
        suit = source[-1] // 13 if source else 0
        return (src, FOUNDATIONS[suit], n)

    # --- rules ------------------------------------------------------------------------------
    def _refusal(self, move: Move) -> str | None:
        if move == DRAW:
            if self.lists[STOCK]:
                return None
            if not self.lists[WASTE]:
                return R.NOTHING_TO_DRAW
            return R.NO_PASSES if self.recycles_left == 0 else None
        src, dst, n = self._resolve(move)
        if src == STOCK:
            return R.NOT_A_SOURCE
        source = self.lists[src]
        if not source:
            return R.EMPTY_SOURCE
        if src in FOUNDATIONS and not self.rules.takebacks:
            return R.NO_TAKEBACKS
        if n > 1:
            if src not in COLUMNS:
                return R.BAD_NOTATION
            if n > len(source):
                return R.RUN_TOO_LONG
            if not is_run(source[-n:], self.follows):
                return R.NOT_A_SUIT_RUN if self.rules.build == BUILD_SUIT else R.NOT_A_RUN
        if dst in (RESERVE, WASTE, STOCK):
            return R.NO_DROP_HERE
        if src == dst:
            return R.SAME_PLACE
        card = source[-n]  # the run's bottom card is the one that must fit
        if dst in FOUNDATIONS:
            if n > 1:
                return R.RUN_TO_FOUNDATION
            return self._foundation_refusal(dst, card)
        target = self.lists[dst]
        if src in COLUMNS:
            refusal = self._run_refusal(source, n, bool(target))
            if refusal is not None:
                return refusal
        if not target:
            # With the reserve filling emptied columns at once, only reachable once it is empty.
            return None
        top = target[-1]
        if self.rules.build == BUILD_SUIT:
            if top // 13 != card // 13:
                return R.SAME_SUIT
        elif is_red(top) == is_red(card):
            return R.ALTERNATE_COLOUR
        if (top % 13 - card % 13) % 13 != 1:
            return R.ONE_LOWER
        if not self.follows[card][top]:  # one lower, but across the start rank (WRAP_AT_START)
            return R.START_RANK_WRAP
        return None

    def _run_refusal(self, source: list[Card], n: int, onto_cards: bool) -> str | None:
        """Whether the top `n` cards of a column may move to another column, by the version's
        rule on runs (rules.RUNS_*); None when they may."""
        runs = self.rules.runs
        if runs == RUNS_ANY or n == len(source):
            return None
        if runs == RUNS_ONE_OR_WHOLE:
            return None if n == 1 else R.ONE_OR_WHOLE
        # Solvitaire: part of the column (one card included) goes onto an empty column freely,
        # onto a card only if the card it uncovers can go to its foundation at once.
        if not onto_cards:
            return None
        under = source[-n - 1]
        if self._foundation_refusal(FOUNDATIONS[0] + under // 13, under) is None:
            return None
        return R.PARTIAL_RUN

    def _foundation_refusal(self, dst: int, card: Card) -> str | None:
        suit = dst - FOUNDATIONS[0]
        if card // 13 != suit:
            return R.FOUNDATION_SUIT
        foundation = self.lists[dst]
        if not foundation:
            return None if card % 13 == self.base_rank else R.FOUNDATION_START
        if len(foundation) >= FOUNDATION_SIZE:
            return R.FOUNDATION_FULL
        if card % 13 != (foundation[-1] + 1) % 13:  # a king is followed by an ace
            return R.FOUNDATION_ORDER
        return None

    def _apply(self, move: Move) -> tuple[Any, ...]:
        self._legal_cache = None
        lists = self.lists
        if move == DRAW:
            stock, waste = lists[STOCK], lists[WASTE]
            if stock:
                count = min(self.draw, len(stock))
                for _ in range(count):
                    waste.append(stock.pop())
                record: tuple[Any, ...] = (DRAW, count)
            else:
                stock.extend(reversed(waste))  # the stock deals again in its first order
                waste.clear()
                if self.recycles_left > 0:
                    self.recycles_left -= 1
                record = (DRAW, 0)
        else:
            src, dst, n = self._resolve(move)
            source, target = lists[src], lists[dst]
            target.extend(source[-n:])
            del source[-n:]
            points = POINTS_PER_CARD if dst in FOUNDATIONS and src not in FOUNDATIONS else 0
            refilled = False
            if not source and src in COLUMNS and lists[RESERVE] and self.auto_fill:
                source.append(lists[RESERVE].pop())
                refilled = True
            self.score += points
            record = ((src, dst, n), refilled, points)
        self.moves += 1
        return record

    def _revert(self, record: tuple[Any, ...]) -> None:
        self._legal_cache = None
        lists = self.lists
        if record[0] == DRAW:
            count = record[1]
            stock, waste = lists[STOCK], lists[WASTE]
            if count:
                for _ in range(count):
                    stock.append(waste.pop())
            else:
                waste.extend(reversed(stock))
                stock.clear()
                if self.rules.passes:
                    self.recycles_left += 1
        else:
            (src, dst, n), refilled, points = record
            source, target = lists[src], lists[dst]
            if refilled:
                lists[RESERVE].append(source.pop())
            source.extend(target[-n:])
            del target[-n:]
            self.score -= points
        self.moves -= 1

    def _legal(self) -> list[Move]:
        return legal_moves(self)

    def _won(self) -> bool:
        lists = self.lists  # all 52 cards are on the foundations once every other place is empty
        return not (lists[0] or lists[1] or lists[2] or lists[3] or lists[4] or lists[5] or lists[10])

    def _status(self) -> str:
        return "won" if self._won() else "playing"

    def _state(self) -> dict[str, Any]:
        lists = self.lists

        def names(cards: list[Card]) -> list[str]:
            return [NAMES[c] for c in cards]

        state: dict[str, Any] = {
            "game": "canfield",
            "code": self.code,
            "draw": self.draw,
            "base_rank": RANKS[self.base_rank],
            "stock": names(lists[STOCK]),
            "waste": names(lists[WASTE]),
            "reserve": names(lists[RESERVE]),
            "foundations": {SUITS[i]: names(lists[f]) for i, f in enumerate(FOUNDATIONS)},
            "columns": [names(lists[c]) for c in COLUMNS],
            "score": self.score,
            "moves": self.moves,
            "status": self._status(),
        }
        options = canfield_options(self.rules)
        if options[2:]:  # a version other than the app's: the state names its rules
            state["options"] = options
        if self.rules.passes:
            state["recycles_left"] = self.recycles_left
        return state

    def copy(self) -> Canfield:
        # Through the constructor, not __new__: a mypyc-compiled class (scripts/compile_solver.py)
        # cannot be made without it.
        lists = [cards[:] for cards in self.lists]
        twin = Canfield(
            None,
            self.draw,
            self.base_rank,
            lists[STOCK],
            lists[WASTE],
            lists[RESERVE],
            lists[6:10],
            lists[2:6],
            self.score,
            self.moves,
            self.rules,
            self.recycles_left,
        )
        twin.code = self.code
        twin._history = deque(self._history, maxlen=self._history.maxlen)
        return twin
