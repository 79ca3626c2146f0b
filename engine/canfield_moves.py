"""Canfield's move generation: every legal move of a position, in the order the solver tries
them (Canfield._legal calls it; the rules that refuse a move are Canfield._refusal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .canfield_layout import (
    COLUMNS,
    DRAW,
    FOUNDATION_SIZE,
    FOUNDATIONS,
    RESERVE,
    STOCK,
    WASTE,
    Move,
)
from .cards import Card
from .rules import RUNS_ANY

if TYPE_CHECKING:
    from .canfield import Canfield


def legal_moves(game: Canfield) -> list[Move]:
    """Every legal internal move of `game`'s position (the solver's hot loop: Canfield._legal)."""
    lists = game.lists
    moves: list[Move] = []
    # Which columns take which card: the two cards of opposite colour one rank below a top.
    takers: dict[Card, list[int]] = {}
    empties: list[int] = []
    takes = game.takes
    for dst in COLUMNS:
        target = lists[dst]
        if target:
            for card in takes[target[-1]]:
                takers.setdefault(card, []).append(dst)
        else:
            empties.append(dst)
    base = game.base_rank
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

    sources = (RESERVE, WASTE, *COLUMNS, *FOUNDATIONS) if game.rules.takebacks else (RESERVE, WASTE, *COLUMNS)
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
    if game.rules.runs != RUNS_ANY:  # the version's rule on runs (one place: _run_refusal)
        moves = [
            m
            for m in moves
            if m[0] not in COLUMNS
            or m[1] not in COLUMNS
            or game._run_refusal(lists[m[0]], m[2], bool(lists[m[1]])) is None
        ]
    if lists[STOCK] or (lists[WASTE] and game.recycles_left != 0):
        moves.append(DRAW)
    return moves
