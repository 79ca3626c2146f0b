"""Crescent's narrow-screen arrangement ("rows"): what a live board shows on a phone.

The seeds' horseshoe (crescent.py) is 652 units wide: on a 390 px phone it would be drawn at
0.59 scale (ranks 9 px, tap areas 34 px wide). Here the same places are set in reading order,
eight piles above the foundations and eight below, so the board is 470 units wide and fits a
390 px screen at 0.81 scale (every tap area 47 x 63 px, ranks 12.2 px):

     1  2  3  4  5  6  7  8
          S+ H+ D+ C+        (A→K)
          S- H- D- C-        (K→A)
     9 10 11 12 13 14 15 16

Reading order (left to right, row by row) is the piles' own order 1-16 with the foundations
between them, so arrow keys, Home/End and the text description all go the same way.

Nothing is drawn twice: the horseshoe's drawing is moved. Every pile is translated by an offset
and the foundations' zone (with its row captions) by one offset, in CSS rules that apply under
a media query (``MEDIA``); the whole board is then scaled so that the narrow board fills the
drawing's width. Only what depends on two places at once (the last move's rings and arrow) and
the background are drawn in both arrangements, one hidden by CSS. The page picks nothing: the
drawing carries both arrangements and the browser shows the one its width asks for, so turning
a phone re-lays the board out at once, keeping the game, the selection and the focus.

Pure function of the state and options (no fans: a live board never fans); standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import crescent
from .svg import CH, CW, Box

# Below this viewport width a live Crescent board shows the rows (600 px: every phone held
# upright; a phone on its side, a tablet and print keep the horseshoe).
MEDIA = "screen and (max-width:600px)"

STEP = 58  # column step: a place's tap area is the card plus 3 units each side
MARGIN = 6
WIDTH = 2 * MARGIN + 7 * STEP + CW  # 470
TOP_Y = MARGIN  # the upper row of piles
ZONE_Y = 118  # the aces' row of foundations
BOTTOM_Y = 330  # the lower row of piles
HEIGHT = BOTTOM_Y + CH + 30 + MARGIN  # 438: labels take two lines under a card
LABEL_ROOM = STEP - 4  # a pile's label may not reach its neighbour's (squeezed when wider)

ROW_TOP = tuple(str(n) for n in range(1, 9))
ROW_BOTTOM = tuple(str(n) for n in range(9, 17))
ORDER = ROW_TOP + crescent.FOUNDATIONS + ROW_BOTTOM  # reading order, Home to End


@dataclass(frozen=True)
class Arrangement:
    width: int
    height: int
    desktop: tuple[int, int]  # the horseshoe's size, which the CSS scales from
    offsets: dict[str, tuple[int, int]]  # pile -> (dx, dy) from its horseshoe place
    zone: tuple[int, int]  # (dx, dy) of the foundations and their captions
    order: tuple[str, ...]

    def offset(self, place: str) -> tuple[int, int]:
        return self.zone if place in crescent.FOUNDATIONS or place == "F" else self.offsets[place]

    def box(self, place: str, box: Box) -> Box:
        """Where a horseshoe box (a card, a ring's box) lies in the rows."""
        dx, dy = self.offset(place)
        return Box(box.x + dx, box.y + dy, box.w, box.h)


def pile_xy(n: int) -> tuple[int, int]:
    """Top-left corner of pile n's card in the rows."""
    if not 1 <= n <= 16:
        raise ValueError(f"crescent pile must be 1-16, not {n!r}")
    col = (n - 1) % 8
    return MARGIN + col * STEP, TOP_Y if n <= 8 else BOTTOM_Y


def arrangement(state: dict[str, Any], fan: tuple[str, ...] = ()) -> Arrangement:
    """The rows for one Crescent state (drawn without fans: a fanned pile has no place here,
    and without fans the horseshoe's size, hence the rows, is the same for every state)."""
    if state.get("game") != "crescent":
        raise ValueError("the rows arrangement is Crescent's")
    if fan:
        raise ValueError("the rows arrangement draws no fans")
    desktop_w, desktop_h = crescent.WIDTH, crescent.HEIGHT
    # The horseshoe's viewBox must be width-bound in the rows' box (see css()).
    assert HEIGHT * desktop_w >= desktop_h * WIDTH
    offsets = {}
    for n in range(1, 17):
        hx, hy, _ = crescent.pile_xy(n)
        x, y = pile_xy(n)
        offsets[str(n)] = (x - hx, y - hy)
    fx, fy = crescent.foundation_xy(crescent.FOUNDATIONS[0])
    zone_x = (WIDTH - (3 * crescent.SW + CW)) // 2
    return Arrangement(WIDTH, HEIGHT, (desktop_w, desktop_h), offsets, (zone_x - fx, ZONE_Y - fy), ORDER)


def css(arr: Arrangement, fixed: bool = False) -> str:
    """The rules that show the rows (in the drawing's own <style>; the same for every state).

    Inline in a page they apply under ``MEDIA`` and only to an ``<svg>`` that is not a
    document's root: the same drawing as a picture file (an ``<img>``, sitegen/pictures.py) is
    the horseshoe whatever its size. ``fixed``: the rules of a drawing that shows only the
    rows (``rows_picture``), whose own viewBox is the rows'."""
    sel = "svg[data-rows]" if fixed else "svg[data-rows]:not(:root)"
    moves = "".join(
        f'{sel} [data-place="{p}"]{{transform:translate({dx}px,{dy}px)}}'
        for p, (dx, dy) in arr.offsets.items()
    )
    zx, zy = arr.zone
    rules = (
        f"{sel} .cd-hw{{display:none}}{sel} .cd-ro{{display:inline}}{moves}"
        f'{sel} [data-zone="F"],{sel} .cd-fc{{transform:translate({zx}px,{zy}px)}}'
    )
    if fixed:
        return ".cd-ro{display:none}" + rules
    dw, _ = arr.desktop
    scale = f"{dw / arr.width:.5f}".rstrip("0")
    return (
        ".cd-ro{display:none}"
        f"@media {MEDIA}{{"
        # The box takes the rows' proportions; the horseshoe's viewBox, anchored top left, is
        # scaled so that the rows' width fills it (preserveAspectRatio="xMinYMin meet").
        f"{sel}{{aspect-ratio:{arr.width}/{arr.height};--cd-arrangement:rows}}"
        f"{sel}>.cd-all{{transform:scale({scale})}}"
        f"{rules}}}"
    )


_RULES_RE = re.compile(r'<g class="cd-rs"><style>[^<]*</style></g>')
_ROOT_RE = re.compile(r'^<svg ([^>]*?)viewBox="0 0 (\d+) (\d+)" width="(\d+)" height="(\d+)"')


def rows_picture(svg: str) -> str:
    """The rows alone, from a live drawing that carries them: a picture file for a phone (its
    viewBox the rows', its rules unconditional), standing in the page until the drawing comes."""
    arr = arrangement({"game": "crescent"})
    rules, root = _RULES_RE.search(svg), _ROOT_RE.match(svg)
    if rules is None or root is None or 'data-rows="' not in svg[: root.end() + 400]:
        raise ValueError("rows_picture: not a live Crescent drawing with its rows (diagrams.render_svg)")
    if (int(root.group(2)), int(root.group(3))) != arr.desktop:
        raise ValueError("rows_picture: the drawing is not the horseshoe the rows are made from")
    head = (
        f'<svg {root.group(1)}viewBox="0 0 {arr.width} {arr.height}" width="{arr.width}" '
        f'height="{arr.height}"'
    )
    svg = head + svg[root.end() :]
    fixed = f'<g class="cd-rs"><style>{css(arr, fixed=True)}</style></g>'
    return _RULES_RE.sub(lambda _m: fixed, svg, count=1)
