"""Canfield: a 13-card reserve, a base card fixing the foundations' start rank, four columns
built down in alternating colours (wrapping), a stock drawn one or three at a time.

The rules that differ between versions (classic, Rainfall, Storehouse, Superior Canfield,
Solvitaire's preset) are the fields of `self.rules` (rules.CanfieldRules); the code below reads
them, never a version's name.

Places are indexed: 0 reserve "R", 1 waste "W", 2-5 columns "1"-"4", 6-9 foundations
"S" "H" "D" "C" (one per suit, in suit order), 10 the stock.
"""

from __future__ import annotations

import re
from collections import deque
from typing import Any

from . import reasons as R
from .base import Game
from .cards import NAMES, RANKS, SUITS, Card, is_red
from .codes import GameCode
from .errors import IllegalMove
from .notation import TO_FOUNDATION, parse_place, split_pair, upper_index
from .rules import (
    BUILD_ALTERNATE,
    BUILD_SUIT,
    FILL_RESERVE,
    RUNS_ANY,
    RUNS_ONE_OR_WHOLE,
    START_TWOS,
    WRAP_ALWAYS,
    WRAP_AT_START,
    CanfieldRules,
    canfield_options,
    canfield_rules,
)

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
# ASCII digits only (\d takes "١"), and at most two: no column holds more than 52 cards, and
# int() of thousands of digits raises ValueError, which must not leave the engine.
_RUN = re.compile(r"^([1-4]):([0-9]{1,2})$")
UPPER_INDEX = upper_index(PLACES)


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
        lists = self.lists
        moves: list[Move] = []
        # Which columns take which card: the two cards of opposite colour one rank below a top.
        takers: dict[Card, list[int]] = {}
        empties: list[int] = []
        takes = self.takes
        for dst in COLUMNS:
            target = lists[dst]
            if target:
                for card in takes[target[-1]]:
                    takers.setdefault(card, []).append(dst)
            else:
                empties.append(dst)
        base = self.base_rank
        append = moves.append

        def onto_columns(src: int, card: Card, n: int) -> None:
            # takers and empties are each in column order; merge only when both have some.
            found = takers.get(card)
            if empties:
                found = sorted(found + empties) if found else empties
            if found:
                for dst in found:
                    if dst != src:
                        append((src, dst, n))

        sources = (
            (RESERVE, WASTE, *COLUMNS, *FOUNDATIONS) if self.rules.takebacks else (RESERVE, WASTE, *COLUMNS)
        )
        for src in sources:
            source = lists[src]
            if not source:
                continue
            card = source[-1]
            if src < FOUNDATIONS[0]:
                foundation = lists[FOUNDATIONS[0] + card // 13]
                if (
                    card % 13 == (foundation[-1] + 1) % 13 and len(foundation) < FOUNDATION_SIZE
                    if foundation
                    else card % 13 == base
                ):
                    append((src, FOUNDATIONS[0] + card // 13, 1))
            onto_columns(src, card, 1)
        # Runs. Every column is a run from its bottom card up (only fitting cards ever land on
        # a column, and from_state refuses any other column), so the card k places below the
        # top has rank top + k: a wanted card is found by arithmetic, not by walking the run.
        for src in COLUMNS:
            source = lists[src]
            length = len(source)
            if length < 2:
                continue
            top_rank = source[-1] % 13
            for dst in COLUMNS:
                if dst == src:
                    continue
                target = lists[dst]
                if not target:
                    for n in range(2, length + 1):
                        append((src, dst, n))
                    continue
                for card in takes[target[-1]]:
                    k = (card % 13 - top_rank) % 13 or 13
                    while k < length:
                        if source[-1 - k] == card:
                            append((src, dst, k + 1))
                        k += 13
        if self.rules.runs != RUNS_ANY:  # the version's rule on runs (one place: _run_refusal)
            moves = [
                m
                for m in moves
                if m[0] not in COLUMNS
                or m[1] not in COLUMNS
                or self._run_refusal(lists[m[0]], m[2], bool(lists[m[1]])) is None
            ]
        if lists[STOCK] or (lists[WASTE] and self.recycles_left != 0):
            moves.append(DRAW)
        return moves

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
