"""Board pictures in browser tests: a rules page, a lesson, a puzzle or a replay shows its board
first as an <img> of the build's drawing (sitegen/pictures.py). A reader clicks the picture
where a place is drawn; these helpers find that spot from the drawing diagrams/ makes (the
interactive drawing: each place's hit rectangle) and click there with the real mouse."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator

import diagrams

_HIT_RE = re.compile(
    r'<g data-place="([^"]+)"[^>]*><rect class="cd-hit" x="([\d.]+)" y="([\d.]+)"'
    r' width="([\d.]+)" height="([\d.]+)"'
)
_VIEW_RE = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')


def place_spot(state: dict[str, Any], lang: str, place: str) -> tuple[float, float]:
    """The centre of `place` on the board, as fractions of the drawing's width and height."""
    svg = diagrams.render_svg(state, lang, diagram_id="spot", interactive=True)
    view = _VIEW_RE.search(svg)
    assert view, "the drawing has no viewBox"
    width, height = float(view.group(1)), float(view.group(2))
    for m in _HIT_RE.finditer(svg):
        if m.group(1) == place:
            x, y, w, h = (float(m.group(i)) for i in range(2, 6))
            return (x + w / 2) / width, (y + h / 2) / height
    raise AssertionError(f"no place {place!r} in the drawing")


def click_picture(board: Locator, state: dict[str, Any], lang: str, place: str) -> None:
    """A real click on the board's picture where `place` is drawn."""
    img = board.locator("img.cc-picture")
    img.scroll_into_view_if_needed()
    box = img.bounding_box()
    assert box, "the picture is not laid out"
    fx, fy = place_spot(state, lang, place)
    img.click(position={"x": fx * box["width"], "y": fy * box["height"]})


def drag_on_picture(board: Locator, state: dict[str, Any], lang: str, src: str, dst: str) -> None:
    """A real mouse drag across the board's picture, from `src` to `dst`."""
    img = board.locator("img.cc-picture")
    img.scroll_into_view_if_needed()
    box = img.bounding_box()
    assert box, "the picture is not laid out"
    page = img.page
    (ax, ay), (bx, by) = place_spot(state, lang, src), place_spot(state, lang, dst)
    page.mouse.move(box["x"] + ax * box["width"], box["y"] + ay * box["height"])
    page.mouse.down()
    page.mouse.move(
        box["x"] + (ax + bx) / 2 * box["width"], box["y"] + (ay + by) / 2 * box["height"], steps=4
    )
    page.mouse.move(box["x"] + bx * box["width"], box["y"] + by * box["height"], steps=4)
    page.mouse.up()
