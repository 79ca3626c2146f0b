"""Canfield board layout.

    stock  waste(3 fanned)     S   H   D   C        foundations, start rank marked
    reserve                    1   2   3   4        columns, fanned down, every card visible

The stock is a card back with its count; the waste shows its last three cards fanned in draw
three, its top card in draw one; the reserve shows its top card and count; an empty
foundation is an outline holding its suit and the start rank, faint. ``fan`` may list "R" or
"W" to show every card of the reserve or the waste (fanned downwards).
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

import catalogues

from . import cards
from .svg import CH, CW, Box, Place, card_back, card_face, ghost, label, outline

FOUNDATIONS = ("S", "H", "D", "C")
COLUMNS = ("1", "2", "3", "4")
PLACES = ("stock", "W", "R", *COLUMNS, *FOUNDATIONS)
FANNABLE = ("R", "W")

M, SW = 12, 64
ROW2 = M + CH + 34
FAN_H, FAN_V = 18, 22
WASTE_GAP = 14  # room between the stock's and the waste's labels (long words: Απορρίμματα)
WIDTH = 2 * M + 6 * SW + CW


def slot_x(i: int) -> int:
    return M + i * SW


def validate(state: dict[str, Any]) -> None:
    for key in ("stock", "waste", "reserve"):
        seq = state.get(key)
        if not isinstance(seq, list):
            raise ValueError(f"canfield state: {key!r} must be a list of cards")
        for j, card in enumerate(seq):
            # A public view's face-down reserve card is None (engine.public_state), never its top.
            if card is None and key == "reserve" and j < len(seq) - 1:
                continue
            cards.parts(card, f"canfield state, {key}")
    cols = state.get("columns")
    if not isinstance(cols, list) or len(cols) != 4 or not all(isinstance(c, list) for c in cols):
        raise ValueError("canfield state: 'columns' must be a list of 4 lists")
    for i, col in enumerate(cols, 1):
        for card in col:
            cards.parts(card, f"canfield state, column {i}")
    founds = state.get("foundations")
    if not isinstance(founds, dict) or set(founds) != set(FOUNDATIONS):
        raise ValueError("canfield state: 'foundations' must have exactly the keys S H D C")
    for f in FOUNDATIONS:
        if not isinstance(founds[f], list):
            raise ValueError(f"canfield state: foundation {f} is not a list")
        for card in founds[f]:
            cards.parts(card, f"canfield state, foundation {f}")
    if state.get("base_rank") not in tuple(cards.RANKS):
        raise ValueError(
            f"canfield state: 'base_rank' must be one of {' '.join(cards.RANKS)}, "
            f"not {state.get('base_rank')!r}"
        )
    if state.get("draw") not in (1, 3):
        raise ValueError(f"canfield state: 'draw' must be 1 or 3, not {state.get('draw')!r}")


def _labels(x: int, y: int, lines: list[tuple[str, bool]], small: bool, room: int | None = SW - 4) -> str:
    """The lines under a place; each squeezed into `room` (one column step, less a gap between
    neighbours' labels) when it would be wider."""
    if small:
        text = " · ".join(t for t, _ in lines)
        return f'<text class="cd-l" style="font-size:17px" x="{x}" y="{y + 18}">{escape(text)}</text>'
    # Separate text nodes, so the place's visible text reads "Stock 24 cards" (WCAG 2.5.3).
    return " ".join(label(x, y + 13 + 13 * i, t, b, room) for i, (t, b) in enumerate(lines))


def _lines(lang: str, name: str, n: int, small: bool) -> list[tuple[str, bool]]:
    """Under a card: its place's name and count; small diagrams show the count only."""
    return [(str(n), True)] if small else [(name, True), (cards.count(lang, n), False)]


def _aria_top(lang: str, place: str, seq: list[str]) -> str:
    if not seq:
        return catalogues.message(lang, "aria.place_empty", place=place, cards=cards.count(lang, 0))
    return catalogues.message(
        lang, "aria.place", place=place, cards=cards.count(lang, len(seq)), card=cards.name(seq[-1], lang)
    )


def _vertical(pid: str, seq: list[str], x: int, y: int, lang: str, p: Place) -> None:
    for i, card in enumerate(seq):
        y_i = y + i * FAN_V
        p.parts.append(card_back(pid, x, y_i) if card is None else card_face(pid, card, x, y_i, lang, "v"))
    p.top = Box(x, y + max(0, len(seq) - 1) * FAN_V)
    p.hit = Box(x, y).union(p.top)


def layout(
    state: dict[str, Any], lang: str, pid: str, fan: tuple[str, ...], small: bool
) -> tuple[int, int, list[Place], list[Place], str]:
    for place in fan:
        if place not in FANNABLE:
            raise ValueError(
                f"fan: {place!r} cannot be fanned in Canfield (only R and W; columns always are)"
            )
    msg = catalogues.message
    places: list[Place] = []
    bottoms: list[int] = []  # lowest y drawn by each place, for the board's height

    # Stock: face down; its count under it.
    stock = state["stock"]
    x = slot_x(0)
    p = Place("stock")
    name = msg(lang, "place.cf.stock")
    p.label = (
        msg(lang, "aria.place_back", place=name, cards=cards.count(lang, len(stock)))
        if stock
        else msg(lang, "aria.place_empty", place=name, cards=cards.count(lang, 0))
    )
    p.parts.append(card_back(pid, x, M) if stock else outline(x, M))
    p.top = p.hit = Box(x, M)
    p.parts.append(_labels(x + CW // 2, M + CH, _lines(lang, name, len(stock), small), small))
    places.append(p)

    # Waste: draw three shows the last three, fanned; draw one its top card.
    waste = state["waste"]
    x = slot_x(1) + WASTE_GAP
    name = msg(lang, "place.cf.W")
    p = Place("W", label=_aria_top(lang, name, waste))
    if not waste:
        p.parts.append(outline(x, M))
        p.top = p.hit = Box(x, M)
        label_y = M + CH
    elif "W" in fan:
        _vertical(pid, waste, x, M, lang, p)
        label_y = p.top.y + CH
    else:
        shown = waste[-3:] if state["draw"] == 3 else waste[-1:]
        corner = "h" if len(shown) > 1 else "v"  # the index where the fan leaves it visible
        for i, card in enumerate(shown):
            p.parts.append(card_face(pid, card, x + i * FAN_H, M, lang, corner))
        p.top = Box(x + (len(shown) - 1) * FAN_H, M)
        p.hit = Box(x, M).union(p.top)
        label_y = M + CH
    # Centred under the three-card fan, so it keeps clear of the stock's label.
    p.parts.append(
        _labels(x + CW // 2 + FAN_H, label_y, _lines(lang, name, len(waste), small), small, room=None)
    )  # the waste's label has WASTE_GAP more room
    bottoms.append(label_y + 30)
    places.append(p)

    # Reserve: its top card and count (every card when fanned).
    reserve = state["reserve"]
    x = slot_x(0)
    name = msg(lang, "place.cf.R")
    p = Place("R", label=_aria_top(lang, name, reserve))
    if not reserve:
        p.parts.append(outline(x, ROW2))
        p.top = p.hit = Box(x, ROW2)
    elif "R" in fan:
        _vertical(pid, reserve, x, ROW2, lang, p)
    else:
        p.parts.append(card_face(pid, reserve[-1], x, ROW2, lang))
        p.top = p.hit = Box(x, ROW2)
    p.parts.append(_labels(x + CW // 2, p.top.y + CH, _lines(lang, name, len(reserve), small), small))
    bottoms.append(p.top.y + CH + 30)
    places.append(p)

    # Columns: fanned downwards, every card visible.
    for i, col in enumerate(state["columns"]):
        x = slot_x(3 + i)
        name = msg(lang, "place.cf.column", n=i + 1)
        p = Place(COLUMNS[i])
        if not col:
            p.label = msg(lang, "aria.place_empty", place=name, cards=cards.count(lang, 0))
            p.parts.append(outline(x, ROW2))
            p.top = p.hit = Box(x, ROW2)
        else:
            p.label = (
                _aria_top(lang, name, col)
                if len(col) == 1
                else msg(
                    lang,
                    "aria.column",
                    place=name,
                    cards=cards.count(lang, len(col)),
                    list=msg(lang, "describe.cf.card_sep").join(cards.name(c, lang) for c in col),
                )
            )
            _vertical(pid, col, x, ROW2, lang, p)
        p.parts.append(_labels(x + CW // 2, p.top.y + CH, [(str(i + 1) if small else name, True)], small))
        bottoms.append(p.top.y + CH + 18)
        places.append(p)

    # Foundations, one per suit, each marked with the start rank.
    base = state["base_rank"]
    start = msg(lang, "label.cf.start", rank=cards.rank_label(base, lang))
    founds: list[Place] = []
    extra: list[str] = []
    for i, f in enumerate(FOUNDATIONS):
        x = slot_x(3 + i)
        seq = state["foundations"][f]
        name = msg(lang, f"place.cf.{f}")
        p = Place(f)
        if seq:
            p.label = cards.foundation_aria(lang, name, seq)
            p.parts.append(card_face(pid, seq[-1], x, M, lang))
        else:
            p.label = msg(
                lang,
                "aria.cf.foundation_empty",
                place=name,
                cards=cards.count(lang, 0),
                rank=msg(lang, f"rank.{base}"),
            )
            p.parts.append(ghost(pid, x, M, f, base))
        p.top = p.hit = Box(x, M)
        # The start rank is the board's, written under each foundation but not part of the
        # foundation's own label (its accessible name begins with its count, WCAG 2.5.3).
        if small:
            p.parts.append(_labels(x + CW // 2, M + CH, [(start, True)], small))
        else:
            extra.append(label(x + CW // 2, M + CH + 13, start, True, SW - 4))
            p.parts.append(label(x + CW // 2, M + CH + 26, cards.count(lang, len(seq)), False, SW - 4))
        founds.append(p)

    height = max([ROW2 + CH + 40, *bottoms]) + M
    return WIDTH, height, places, founds, "".join(extra)
