"""Board diagrams (SVG) and text descriptions of Crescent and Canfield states, in every
language of the catalogues.

    render_svg(state, lang, *, diagram_id, size="large", highlight=None, refused=False,
               fan=(), interactive=False) -> str
    describe(state, lang) -> str
    caption(move, state_before, lang, number=None) -> str

``state`` is a state dict exactly as CONTRACT.md gives it (``game.state()`` or a position for
``engine.from_state``). The output is a pure function of the arguments: same input, same bytes.
Standard library only (runs under Pyodide for the live boards).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import catalogues

from . import canfield as _canfield
from . import crescent as _crescent
from . import crescent_rows as _rows
from . import describe as _describe
from . import svg as _svg
from .captions import caption

__all__ = ["caption", "describe", "places", "render_svg"]


@dataclass(frozen=True)
class _Drawing:
    """What draws one game: its module (validate, layout), its text description, its places,
    and whether a live board also carries a narrow-screen arrangement (crescent_rows.py)."""

    module: ModuleType
    describe: Callable[[dict[str, Any], str], str]
    places: tuple[str, ...]
    rows: bool


# The one table of the games this package draws: the functions below look a game up here.
_DRAWINGS: dict[str, _Drawing] = {
    "crescent": _Drawing(_crescent, _describe.crescent, _crescent.PILES + _crescent.FOUNDATIONS, True),
    "canfield": _Drawing(_canfield, _describe.canfield, _canfield.PLACES, False),
}


def _game(state: object) -> str:
    if not isinstance(state, dict):
        raise ValueError(f"state must be a dict, not {type(state).__name__}")
    game: object = state.get("game")
    if not isinstance(game, str) or game not in _DRAWINGS:
        names = " or ".join(repr(name) for name in _DRAWINGS)
        raise ValueError(f"state: 'game' must be {names}, not {game!r}")
    _DRAWINGS[game].module.validate(state)
    return game


def _lang(lang: str) -> str:
    if lang not in catalogues.LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(catalogues.LANGUAGES)}")
    return lang


def places(game: str) -> tuple[str, ...]:
    """Every place of a game's board, as ``data-place`` names it."""
    if game not in _DRAWINGS:
        raise ValueError(f"unknown game {game!r}")
    return _DRAWINGS[game].places


def describe(state: dict[str, Any], lang: str) -> str:
    """The board as text, in the seeds' form, in ``lang``."""
    game = _game(state)
    _lang(lang)
    return _DRAWINGS[game].describe(state, lang)


def render_svg(
    state: dict[str, Any],
    lang: str,
    *,
    diagram_id: str,
    size: str = "large",
    highlight: tuple[str, str] | None = None,
    refused: bool = False,
    fan: tuple[str, ...] = (),
    interactive: bool = False,
    title: str | None = None,
) -> str:
    """The board as one ``<svg>`` element (see the package doc and ARCHITECTURE.md). `title`: the
    drawing's short text alternative when it should say more than the game's board (a figure's
    point: diagrams/point.py)."""
    game = _game(state)
    _lang(lang)
    if not isinstance(diagram_id, str) or not diagram_id:
        raise ValueError("diagram_id must be a non-empty string")
    if size not in ("small", "large"):
        raise ValueError(f"size must be 'small' or 'large', not {size!r}")
    fan = tuple(fan)
    pid = _svg.ident(diagram_id)
    drawing = _DRAWINGS[game]
    module = drawing.module
    # A live Crescent board also carries the narrow-screen arrangement (crescent_rows.py); a
    # picture (static, small or fanned) is the seeds' horseshoe only.
    rows = _rows.arrangement(state) if drawing.rows and interactive and size == "large" and not fan else None
    if rows is not None:
        width, height, main, founds, extra = _crescent.layout(
            state, lang, pid, fan, False, label_room=_rows.LABEL_ROOM
        )
    else:
        width, height, main, founds, extra = module.layout(state, lang, pid, fan, size == "small")
    by_id = {p.id: p for p in main + founds}

    def zone_box() -> _svg.Box:
        zone = founds[0].top
        for p in founds[1:]:
            zone = zone.union(p.top)
        return zone

    overlay = ""
    if highlight is not None:
        if refused is not True and refused is not False:
            raise ValueError("refused must be True or False")
        try:
            src, dst = highlight
        except (TypeError, ValueError):
            raise ValueError(f"highlight must be a (source, destination) pair, not {highlight!r}") from None
        boxes = []
        for end in (src, dst):
            if end == "F":  # the foundation zone as a whole (a P>F or X>F move)
                boxes.append(zone_box())
            elif end in by_id:
                boxes.append(by_id[end].top)
            else:
                raise ValueError(f"highlight: {end!r} is not a place of the {game} board")
        overlay = _overlay(pid, boxes, refused, (width // 2, height // 2))
        if rows is not None:  # the same marks where the rows put the two places
            narrow = [rows.box(end, box) for end, box in zip((src, dst), boxes, strict=True)]
            # Arrows bow towards the centre; along the lower row that would cross the ranks of
            # the piles between, so there they bow down, over the labels.
            low = src in _rows.ROW_BOTTOM and dst in _rows.ROW_BOTTOM
            centre = (rows.width // 2, 2 * rows.height if low else rows.height // 2)
            overlay = (
                f'<g class="cd-hw">{overlay}</g><g class="cd-ro">{_overlay(pid, narrow, refused, centre)}</g>'
            )
    elif refused:
        raise ValueError("refused=True needs highlight=(source, destination)")

    # Fanned places are drawn last (after the foundations too) so that they lie on top.
    body = "".join(_svg.place_group(p, interactive) for p in main if p.id not in fan)
    zone_hit = ""
    if interactive:
        zone = founds[0].hit
        for p in founds[1:]:
            zone = zone.union(p.hit)
        zone_hit = (
            f'<rect class="cd-hit" x="{zone.x - 8}" y="{zone.y - 8}" width="{zone.w + 16}" '
            f'height="{zone.h + 36}"/>'
        )
    body += (
        f'<g data-zone="F">{zone_hit}' + "".join(_svg.place_group(p, interactive) for p in founds) + "</g>"
    )
    if rows is not None:
        extra = f'<g class="cd-fc">{extra}</g>'
    body += extra + "".join(_svg.place_group(p, interactive) for p in main if p.id in fan) + overlay
    return _svg.document(
        pid=pid,
        diagram_id=diagram_id,
        lang=lang,
        title=title or catalogues.message(lang, f"title.{game}"),
        desc=describe(state, lang),
        width=width,
        height=height,
        size=size,
        interactive=interactive,
        body=body,
        with_arrows=highlight is not None,
        rows=None if rows is None else (rows.width, rows.height, " ".join(rows.order), _rows.css(rows)),
    )


def _overlay(pid: str, boxes: list[_svg.Box], refused: bool, centre: tuple[int, int]) -> str:
    """A move's marks: a ring on each end and an arrow between them."""
    return (
        _svg.ring(boxes[0], False)
        + _svg.ring(boxes[1], refused)
        + _svg.arrow(pid, boxes[0], boxes[1], refused, centre)
    )
