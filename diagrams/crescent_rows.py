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

from dataclasses import dataclass

from . import crescent
from .svg import CH, CW, Box

# Below this viewport width a live Crescent board shows the rows (600 px: every phone held
# upright; a phone on its side, a tablet and print keep the horseshoe).
MEDIA = "screen and (max-width:600px)"

STEP = 58                 # column step: a place's tap area is the card plus 3 units each side
MARGIN = 6
WIDTH = 2 * MARGIN + 7 * STEP + CW          # 470
TOP_Y = MARGIN                              # the upper row of piles
ZONE_Y = 118                                # the aces' row of foundations
BOTTOM_Y = 330                              # the lower row of piles
HEIGHT = BOTTOM_Y + CH + 30 + MARGIN        # 438: labels take two lines under a card
LABEL_ROOM = STEP - 4     # a pile's label may not reach its neighbour's (squeezed when wider)

ROW_TOP = tuple(str(n) for n in range(1, 9))
ROW_BOTTOM = tuple(str(n) for n in range(9, 17))
ORDER = ROW_TOP + crescent.FOUNDATIONS + ROW_BOTTOM   # reading order, Home to End


@dataclass(frozen=True)
class Arrangement:
    width: int
    height: int
    desktop: tuple[int, int]                    # the horseshoe's size, which the CSS scales from
    offsets: dict[str, tuple[int, int]]         # pile -> (dx, dy) from its horseshoe place
    zone: tuple[int, int]                       # (dx, dy) of the foundations and their captions
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


def arrangement(state: dict, fan: tuple[str, ...] = ()) -> Arrangement:
    """The rows for one Crescent state (drawn without fans: a fanned pile has no place here)."""
    if state.get("game") != "crescent":
        raise ValueError("the rows arrangement is Crescent's")
    if fan:
        raise ValueError("the rows arrangement draws no fans")
    desktop_w, desktop_h = crescent.size(state, fan)
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


def css(arr: Arrangement) -> str:
    """The rules that show the rows (in the drawing's own <style>; the same for every state)."""
    dw, dh = arr.desktop
    scale = f"{dw / arr.width:.5f}".rstrip("0")
    sel = "svg[data-rows]"
    moves = "".join(f'{sel} [data-place="{p}"]{{transform:translate({dx}px,{dy}px)}}'
                    for p, (dx, dy) in arr.offsets.items())
    zx, zy = arr.zone
    return (
        ".cd-ro{display:none}"
        f"@media {MEDIA}{{"
        # The box takes the rows' proportions; the horseshoe's viewBox, anchored top left, is
        # scaled so that the rows' width fills it (preserveAspectRatio="xMinYMin meet").
        f"{sel}{{aspect-ratio:{arr.width}/{arr.height};--cd-arrangement:rows}}"
        f"{sel}>.cd-all{{transform:scale({scale})}}"
        f"{sel} .cd-hw{{display:none}}{sel} .cd-ro{{display:inline}}"
        f"{moves}"
        f'{sel} [data-zone="F"],{sel} .cd-fc{{transform:translate({zx}px,{zy}px)}}'
        "}")
