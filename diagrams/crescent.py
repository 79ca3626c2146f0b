"""Crescent board layout: the seeds' horseshoe.

Pile numbering around the horseshoe (read as one path, so that neighbours in number are
neighbours on the board):

    5  6  7  8  9 10 11 12          piles 1-4:   left column, bottom to top
 4                          13      piles 5-12:  top row, left to right
 3     S+ H+ D+ C+   (A→K)  14      piles 13-16: right column, top to bottom
 2     S- H- D- C-   (K→A)  15
 1                          16

The foundations sit in the centre, the four aces' row (S+ H+ D+ C+) above the four kings' row
(S- H- D- C-). Each pile shows its top card with its number and card count under it; an empty
pile is a dashed outline. A pile listed in ``fan`` shows every card, bottom first, without
covering anything: the top row fans downwards (the foundations move down to make room), the
left column fans out to the left and the right column to the right (the board grows wider).
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

import catalogues

from . import cards
from .svg import CH, CW, Box, Place, card_back, card_face, label, outline

FOUNDATIONS = ("S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-")
PILES = tuple(str(n) for n in range(1, 17))

M, SW, SH = 12, 64, 106  # margin, column step, row step
COL_Y0 = 76  # y of the top pile of each side column
FAN_H, FAN_V = 18, 22  # fan offsets: horizontal (index under the rank), vertical
WIDTH = 2 * M + 9 * SW + CW  # 652
HEIGHT = COL_Y0 + 3 * SH + CH + 30 + M
F_X0 = (WIDTH - (3 * SW + CW)) // 2
F_Y = (200, 306)  # the aces' row, the kings' row


def pile_xy(n: int, dx: int = 0) -> tuple[int, int, str]:
    """Position of pile n's top card when not fanned, and the direction it fans in
    (``dx``: how far the board is shifted right to make room for left fans)."""
    if 1 <= n <= 4:
        return dx + M, COL_Y0 + (4 - n) * SH, "left"
    if 5 <= n <= 12:
        return dx + M + (n - 4) * SW, M, "down"
    return dx + M + 9 * SW, COL_Y0 + (n - 13) * SH, "right"


def foundation_xy(f: str, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    i = FOUNDATIONS.index(f)
    return dx + F_X0 + (i % 4) * SW, dy + F_Y[i // 4]


def validate(state: dict[str, Any]) -> None:
    piles = state.get("piles")
    if not isinstance(piles, list) or len(piles) != 16:
        raise ValueError("crescent state: 'piles' must be a list of 16 lists")
    for i, pile in enumerate(piles, 1):
        if not isinstance(pile, list):
            raise ValueError(f"crescent state: pile {i} is not a list")
        for j, card in enumerate(pile):
            # A public view's face-down card is None (engine.public_state): drawn as a back,
            # never its top, which is always face up.
            if card is None and j < len(pile) - 1:
                continue
            cards.parts(card, f"crescent state, pile {i}")
    founds = state.get("foundations")
    if not isinstance(founds, dict) or set(founds) != set(FOUNDATIONS):
        raise ValueError(f"crescent state: 'foundations' must have exactly the keys {' '.join(FOUNDATIONS)}")
    for f in FOUNDATIONS:
        if not isinstance(founds[f], list):
            raise ValueError(f"crescent state: foundation {f} is not a list")
        for card in founds[f]:
            cards.parts(card, f"crescent state, foundation {f}")


def _aria(lang: str, place: str, pile: list[str]) -> str:
    if not pile:
        return catalogues.message(lang, "aria.place_empty", place=place, cards=cards.count(lang, 0))
    return catalogues.message(
        lang, "aria.place", place=place, cards=cards.count(lang, len(pile)), card=cards.name(pile[-1], lang)
    )


def _labels(x: int, y: int, lines: list[tuple[str, bool]], small: bool, room: int | None = SW - 4) -> str:
    """The lines under a place; each squeezed into `room` (one column step, less a gap between
    neighbours' labels) when it would be wider."""
    if small:  # one large line: the picture is drawn at 0.6 scale
        text = " · ".join(t for t, _ in lines)
        return f'<text class="cd-l" style="font-size:17px" x="{x}" y="{y + 18}">{escape(text)}</text>'
    # Separate text nodes, so the place's visible text reads "Pile 3 6 cards" (WCAG 2.5.3).
    return " ".join(label(x, y + 13 + 13 * i, t, b, room) for i, (t, b) in enumerate(lines))


def _pile(
    state: dict[str, Any], n: int, lang: str, pid: str, fanned: bool, small: bool, dx: int, room: int = SW - 4
) -> Place:
    pile = state["piles"][n - 1]
    x, y, direction = pile_xy(n, dx)
    place_name = catalogues.message(lang, "place.cr.pile", n=n)
    p = Place(str(n), label=_aria(lang, place_name, pile))
    if not pile:
        p.parts.append(outline(x, y))
        p.top = p.hit = Box(x, y)
    elif fanned and len(pile) > 1:
        k = len(pile)
        for i, card in enumerate(pile):
            if direction == "left":  # bottom card outermost, top card in the pile's place
                cx, cy, corner = x - (k - 1 - i) * FAN_H, y, "h"
            elif direction == "right":  # bottom card in the pile's place, top card outermost
                cx, cy, corner = x + i * FAN_H, y, "h"
            else:
                cx, cy, corner = x, y + i * FAN_V, "v"
            p.parts.append(
                card_back(pid, cx, cy) if card is None else card_face(pid, card, cx, cy, lang, corner)
            )
            if i == 0:
                first = Box(cx, cy)
        p.top = Box(cx, cy)
        p.hit = first.union(p.top)
    else:
        p.parts.append(card_face(pid, pile[-1], x, y, lang))
        p.top = p.hit = Box(x, y)
    # Labels stay under the pile's own place, or under the last card of a downward fan.
    ly = p.top.y + CH if direction == "down" else y + CH
    lines = (
        [(f"{n} \u00b7 {len(pile)}", True)]
        if small
        else [(place_name, True), (cards.count(lang, len(pile)), False)]
    )
    p.parts.append(_labels(x + CW // 2, ly, lines, small, room))
    return p


def _foundation(state: dict[str, Any], f: str, lang: str, pid: str, small: bool, dx: int, dy: int) -> Place:
    pile = state["foundations"][f]
    x, y = foundation_xy(f, dx, dy)
    p = Place(f, label=cards.foundation_aria(lang, catalogues.message(lang, f"place.cr.{f}"), pile))
    p.parts.append(card_face(pid, pile[-1], x, y, lang) if pile else outline(x, y))
    p.top = p.hit = Box(x, y)
    text = str(len(pile)) if small else cards.count(lang, len(pile))
    p.parts.append(_labels(x + CW // 2, y + CH, [(text, False)], small))
    return p


def _room(state: dict[str, Any], fan: tuple[str, ...]) -> tuple[int, int, int]:
    """How far fans reach: (left, right, the foundations' shift down)."""
    for place in fan:
        if place not in PILES:
            raise ValueError(f"fan: {place!r} is not a Crescent pile (1-16)")
    spread = {
        n: (len(state["piles"][n - 1]) - 1) if str(n) in fan and state["piles"][n - 1] else 0
        for n in range(1, 17)
    }
    left = max(spread[n] for n in range(1, 5)) * FAN_H
    right = max(spread[n] for n in range(13, 17)) * FAN_H
    down = max(spread[n] for n in range(5, 13)) * FAN_V
    # The foundations move down below the longest downward fan and its labels.
    return left, right, max(0, M + down + CH + 30 + 14 - F_Y[0])


def size(state: dict[str, Any], fan: tuple[str, ...] = ()) -> tuple[int, int]:
    """(width, height) of the horseshoe for one state."""
    left, right, dy = _room(state, fan)
    return WIDTH + left + right, max(HEIGHT, F_Y[1] + dy + CH + 30 + M)


def layout(
    state: dict[str, Any], lang: str, pid: str, fan: tuple[str, ...], small: bool, label_room: int = SW - 4
) -> tuple[int, int, list[Place], list[Place], str]:
    """(width, height, piles, foundations, extra drawing) for one state. `label_room`: how wide
    a pile's label may be (a narrower arrangement of the same drawing sets it, crescent_rows.py)."""
    left, _right, dy = _room(state, fan)
    piles = [_pile(state, n, lang, pid, str(n) in fan, small, left, label_room) for n in range(1, 17)]
    founds = [_foundation(state, f, lang, pid, small, left, dy) for f in FOUNDATIONS]
    # Row captions: the aces' row climbs A→K, the kings' row descends K→A.
    a, k = cards.rank_label("A", lang), cards.rank_label("K", lang)
    fs = 17 if small else 13
    extra = "".join(
        f'<text class="cd-l cd-lb" style="font-size:{fs}px;text-anchor:end" x="{left + F_X0 - 10}" '
        f'y="{y + dy + CH // 2 + 5}">{escape(t)}</text>'
        for y, t in ((F_Y[0], f"{a}\u2192{k}"), (F_Y[1], f"{k}\u2192{a}"))
    )
    width, height = size(state, fan)
    return width, height, piles, founds, extra
