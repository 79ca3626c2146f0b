"""Canfield for the solver: stock macro moves, canonical keys, ordered move generation.

Stock macro moves: a draw changes nothing but the stock/waste split, and every other action
commutes with it, so the search never draws for its own sake: a move is "draw k times (k >= 0,
recycling as needed) then play the waste's top card". Every waste card the draws can bring up
is offered, so no legal line is lost. Draws never reorder the talon (the waste bottom to top,
then the stock in the order it deals; a recycle deals it again in that order), so k draws only
move the split point: the searcher sets it in one step (the position is exactly the one k
draws give, and the winning line it reports spells the k draws out for the replay).

Canonical key: the 4 columns are interchangeable (legality and the refill from the reserve treat
them alike), so they are sorted; the reserve is its untouched bottom part (its length says
which); the foundations are their heights (their cards follow from the base rank); the stock and
waste are the talon (waste bottom to top, then the stock in the order it deals) and the waste
length. Waste lengths on the draw cycle (a multiple of the draw count, or the whole talon) are
all reached from one another by draws alone, so they share one key; a waste length off the
cycle (after a waste card was played) keeps its own.

No dominance pruning in the full pass: foundation take-backs, stock plays and runs of every
length are all generated, so a finished search is a proof.

The versions (rules.CanfieldRules) change the search in these places only, each read from the
game's rules record: the column tables (same suit, no wrap at the start rank) the game holds;
runs filtered by the game's own rule (`Canfield._run_refusal`, one rule decided once); no
take-backs generated where the version has none; the reserve's top offered to an empty column
where columns are not filled from the reserve at once. Limited passes (Rainfall, Storehouse):
a recycle is a resource, so the stock macros may cross one only while one is left, the key
holds the recycles left, and the waste length is kept exactly (positions on the draw cycle are
no longer reached from one another by draws alone: going back costs a recycle). A second-leg
card that the first leg also reaches is the same position with one recycle fewer, which can do
nothing the first cannot: skipping it loses no line. So a finished search is still a proof.

Pass dominance (opt-in: `solve(dominance=True)`, used by scripts/solve_stats.py; limited passes
only). Two positions with the same cards everywhere and the same talon, at waste lengths p, q
with r, s recycles left: draws alone lead from (p, r) to (q, s) when r > s (draw to the end,
turn the waste over, draw to q) or r == s and p <= q. Whatever (q, s) can do, (p, r) can do
too, action for action: a play from the waste at length q is the same play after those draws
(or, across a recycle, at the same length with no fewer recycles), every other action is the
same action, and a draw or a recycle of (q, s) keeps the pair so ordered. So a win from (q, s)
gives one from (p, r) with as many plays, and by induction on that number a finished search
that skips every position dominated by one it has seen (whose moves it expands, or already
has) has still found a win if one exists: its "loss" is still a proof. `ranked_key` is the key
without the waste length and the recycles, and the rank 256 r + 255 - p orders them: a
position is skipped when its key was seen with a rank at least as high. Positions the search
meets with a higher rank are expanded again (the dfs keeps the highest rank per key). Measured
on Rainfall (CF1-D1HKP3W-, deals 5,000,016 and 5,000,064, proved lost): a complete search
needs 2.2 and 1.6 times fewer positions than with exact keys.

Why some deals stay undecided (issue 13). Draw 1 has no proved loss in 2,000 deals, so its
undecided deals are most likely wins the search misses. On CF1-D1-AAKYMPV the complete pass
stored 404,000 positions in 20 s of CPU, and 83 % of the positions it generated had only the base
card home: its first line plays a few cards home, then moves runs of 10 to 15 cards back and
forth between columns and takes foundation cards back, and every such shuffle is a new
position. Draw 3 has real losses, and some undecided deals need the whole space: of ten at
30 s of CPU, three were won, one proved lost (274,000 positions) and six stopped with 520,000 to
610,000 positions stored. Not sound here, so not done: one key for two positions that each
reach the other in one move (a run moved between the two cards of one rank and colour, 8S and
8C, and back). A search that skips a position whose key it has seen never expands the second
one's other moves (A <-> B, B -> win: A is expanded, B is skipped as seen, the win is lost).
Keys may merge only positions whose moves match up to the merge, as sorting the columns does.
"""

from __future__ import annotations

from typing import Any

from .canfield import FOUNDATION_SIZE, MOVE_NAMES, Canfield
from .rules import RUNS_ANY
from .search import Searcher

SEP = b"\xff"
ON_CYCLE = 254  # stands for any waste length on the draw cycle in a key
COLUMN_LISTS = (2, 3, 4, 5)

# (draws first, then this engine move, the waste's length after the draws: -1 when none,
#  1 if the draws turn the waste over (a recycle, counted where passes are limited) else 0)
Macro = tuple[int, tuple[int, int, int], int, int]


class CanfieldSearcher(Searcher[Canfield]):
    FIRST_COMPLETE_NODES = 20000  # many losses are proved in a few thousand positions

    def __init__(self, game: Canfield, takebacks: bool = True) -> None:
        super().__init__(game)
        self.takebacks = takebacks and game.rules.takebacks
        self.limited = game.rules.passes > 0
        self.any_run = game.rules.runs == RUNS_ANY
        self.reserve_to_empty = not game.auto_fill
        self._first_leg = 0  # how many of _talon()'s last entries need no recycle

    def key(self) -> bytes:
        g = self.game
        lists = g.lists
        waste, stock = lists[1], lists[10]
        p = len(waste)
        n = p + len(stock)
        if self.limited:  # the waste length exactly, and the recycles left (module docstring)
            return (
                SEP.join(sorted([bytes(lists[2]), bytes(lists[3]), bytes(lists[4]), bytes(lists[5])]))
                + SEP
                + bytes(waste)
                + bytes(reversed(stock))
                + bytes((p, len(lists[0]), len(lists[6]), len(lists[7]), len(lists[8]), len(lists[9])))
                + bytes((g.recycles_left,))
            )
        pointer = ON_CYCLE if (p % g.draw == 0 or p == n) else p
        return (
            SEP.join(sorted([bytes(lists[2]), bytes(lists[3]), bytes(lists[4]), bytes(lists[5])]))
            + SEP
            + bytes(waste)
            + bytes(reversed(stock))
            + bytes((pointer, len(lists[0]), len(lists[6]), len(lists[7]), len(lists[8]), len(lists[9])))
        )

    def ranked_key(self) -> tuple[bytes, int]:
        """key() without the waste length and the recycles left, and their rank (module
        docstring, pass dominance); for limited passes only."""
        g = self.game
        lists = g.lists
        waste, stock = lists[1], lists[10]
        return (
            SEP.join(sorted([bytes(lists[2]), bytes(lists[3]), bytes(lists[4]), bytes(lists[5])]))
            + SEP
            + bytes(waste)
            + bytes(reversed(stock))
            + bytes((len(lists[0]), len(lists[6]), len(lists[7]), len(lists[8]), len(lists[9])))
        ), 256 * g.recycles_left + 255 - len(waste)

    def _talon(self) -> list[tuple[int, int, int]]:
        """(draws needed, the waste's length then, card) for every card the draws can bring
        to the waste's top, the current top first, each card once. The entries after the
        first leg cross a recycle (see _crossing)."""
        g = self.game
        waste, stock = g.lists[1], g.lists[10]
        p = len(waste)
        n = p + len(stock)
        if n == 0:
            return []
        draw = g.draw
        out: list[tuple[int, int, int]] = []
        # The waste lengths the draws go through, each once: p, p + draw, ... up to n (the
        # stock empty), then 0 (recycled: no card) and draw, 2 draw, ... until a length seen
        # already comes back (n, or p itself when p is a multiple of the draw).
        q, k = p, 0
        while True:
            if q > 0:
                # talon[q - 1]: in the waste if q <= p, else still in the stock
                out.append((k, q, waste[q - 1] if q <= p else stock[n - q]))
            if q == n:
                break
            q = min(n, q + draw)
            k += 1
        self._first_leg = len(out)
        if p == 0:
            return out  # that leg started at 0: the whole cycle
        if g.recycles_left == 0:
            return out  # no recycle left: the waste is not turned over again
        q, k = (min(n, draw)), k + 2  # one draw recycles, the next deals
        while q != n and q != p:
            out.append((k, q, waste[q - 1] if q <= p else stock[n - q]))
            q = min(n, q + draw)
            k += 1
        return out

    def moves(self, full: bool) -> list[Any]:
        g = self.game
        lists = g.lists
        base = g.base_rank
        wanted: dict[int, int] = {}
        for s in range(4):
            f = lists[6 + s]
            if not f:
                wanted[s * 13 + base] = 6 + s
            elif len(f) < FOUNDATION_SIZE:
                wanted[s * 13 + (f[-1] % 13 + 1) % 13] = 6 + s
        takers: dict[int, list[int]] = {}
        empties: list[int] = []
        takes, follows = g.takes, g.follows
        for c in COLUMN_LISTS:
            col = lists[c]
            if col:
                for card in takes[col[-1]]:
                    takers.setdefault(card, []).append(c)
            else:
                empties.append(c)
        reserve = lists[0]
        scored: list[tuple[float, int, Macro]] = []
        n = 0

        # The reserve's top: to a foundation, then to a column (freeing the next reserve card).
        if reserve:
            r = reserve[-1]
            if r in wanted:
                scored.append((0, n, (0, (0, wanted[r], 1), -1, 0)))
                n += 1
            for d in takers.get(r, ()):
                scored.append((2, n, (0, (0, d, 1), -1, 0)))
                n += 1
            if self.reserve_to_empty:  # columns not filled at once: the reserve may go there
                for d in empties:
                    scored.append((3, n, (0, (0, d, 1), -1, 0)))
                    n += 1
        # Column tops to foundations; runs between columns.
        for c in COLUMN_LISTS:
            col = lists[c]
            size = len(col)
            if not size:
                continue
            top = col[-1]
            if top in wanted:
                scored.append((1, n, (0, (c, wanted[top], 1), -1, 0)))
                n += 1
            length = 1
            while True:
                bottom = col[-length]
                whole = length == size
                targets = takers.get(bottom)
                if targets or (empties and not whole):
                    if whole:
                        score = 2  # empties the column: the reserve refills it, or it stays free
                    else:
                        under = col[-length - 1]
                        score = 2 if under in wanted else 3 if under in takers else 5
                    if full or score <= 3:
                        if targets and (self.any_run or g._run_refusal(col, length, True) is None):
                            for d in targets:
                                if d != c:
                                    scored.append((score, n, (0, (c, d, length), -1, 0)))
                                    n += 1
                        # a whole column onto an empty one changes nothing
                        if not whole and (self.any_run or g._run_refusal(col, length, False) is None):
                            for d in empties:
                                scored.append((score + 1, n, (0, (c, d, length), -1, 0)))
                                n += 1
                if whole or not follows[bottom][col[-length - 1]]:  # the run goes no deeper
                    break
                length += 1
        # Waste cards the draws can bring up, the fewest draws first.
        for i, (k, q, card) in enumerate(self._talon()):
            crossing = 1 if i >= self._first_leg else 0
            if card in wanted:
                scored.append((1, n + 100 * k, (k, (1, wanted[card], 1), q, crossing)))
            scored.extend((4, n + 100 * k, (k, (1, d, 1), q, crossing)) for d in takers.get(card, ()))
            scored.extend((4, n + 100 * k, (k, (1, d, 1), q, crossing)) for d in empties)
            n += 1
        # Foundation take-backs: the full pass only (and never when the caller asks for the
        # rule set without them, used to compare with published figures).
        if full and self.takebacks:
            for s in range(4):
                f = lists[6 + s]
                if not f:
                    continue
                top = f[-1]
                for d in takers.get(top, ()):
                    scored.append((7, n, (0, (6 + s, d, 1), -1, 0)))
                    n += 1
                for d in empties:
                    scored.append((8, n, (0, (6 + s, d, 1), -1, 0)))
                    n += 1
        return self.best_first(scored)

    def _split(self, pointer: int) -> None:
        """The talon split with `pointer` cards in the waste (what some number of draws gives)."""
        lists = self.game.lists
        waste, stock = lists[1], lists[10]
        talon = waste + stock[::-1]
        waste[:] = talon[:pointer]
        stock[:] = talon[pointer:][::-1]

    def apply(self, move: Macro) -> Any:
        g = self.game
        draws, play, pointer, crossing = move
        if not draws:
            return (0, 0, g._apply(play), 0)
        before = len(g.lists[1])
        self._split(pointer)
        g.moves += draws  # the engine's bookkeeping for `draws` draws (its _apply counts each)
        recycled = crossing and g.recycles_left > 0
        if recycled:
            g.recycles_left -= 1
        return (draws, before, g._apply(play), recycled)

    def revert(self, records: Any) -> None:
        g = self.game
        draws, before, record, recycled = records
        g._revert(record)
        if draws:
            self._split(before)
            g.moves -= draws
            if recycled:
                g.recycles_left += 1

    def names(self, move: Macro) -> list[str]:
        draws, play, _, _ = move
        return ["draw"] * draws + [MOVE_NAMES[play]]
