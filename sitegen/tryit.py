"""`<!-- tryit: POSITION_OR_EXAMPLE@N -->` and the diagrams' "try it" figures: the position's
picture plus, computed with the engine, the answer to every first click (a tap on each place; a
second click from each place onto each other place), so the first answer never waits for
Python (dispatched here by sitegen/markers.py and sitegen/diagram_marker.py).
"""

from __future__ import annotations

import json
from typing import Any

from sitegen.context import MarkerContext
from sitegen.live import (
    JS_MESSAGES,
    _describe,
    _msg,
    _options,
    _page_prefix,
    _render,
    answers_file,
    pack_svgs,
    ui_messages,
)
from sitegen.sources import check_name, resolve_state


def first_answers(
    state: dict[str, Any],
    lang: str,
    diagram_id: str,
    initial_svg: str | None = None,
    picture_svg: str | None = None,
) -> dict[str, Any]:
    """Every answer the live board could give to a first click on `state`, as pyworker would.

    `tap[place]` and `drop[src][dst]` index `responses`; a response that played a move
    carries `svg_ref`, an index into `packed` (see pack_svgs). With `initial_svg` (the
    interactive drawing of `state`, for a figure first shown as a static picture),
    `initial_ref` indexes it in `packed` too; with `picture_svg` (what the page shows before
    the figure is tried: the page itself holds only an <img> of it, sitegen/pictures.py),
    `picture_ref` does.
    """
    import diagrams
    import engine
    from pyworker import ops

    kind = state["game"]
    responses: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    svgs: list[str] = []
    svg_index: dict[str, int] = {}

    def keep(answer: dict[str, Any]) -> int:
        svg = answer.pop("svg", None)
        if svg is not None:
            if svg not in svg_index:
                svg_index[svg] = len(svgs)
                svgs.append(svg)
            answer["svg_ref"] = svg_index[svg]
        key = json.dumps(answer, sort_keys=True, ensure_ascii=False)
        if key not in seen:
            seen[key] = len(responses)
            responses.append(answer)
        return seen[key]

    shown = engine.from_state(state)  # validated once; each answer starts from a copy

    def fresh() -> Any:
        ops.BOARDS["tryit"] = ops.Board(shown.copy(), lang, kind, diagram_id)
        return {"board": "tryit", "lang": lang}

    tap: dict[str, int] = {}
    drop: dict[str, dict[str, int]] = {}
    places = list(diagrams.places(kind))
    for place in places:
        tap[place] = keep(ops.tap({**fresh(), "place": place}))
    for src in places:
        row: dict[str, int] = {}
        for dst in [*places, "F"]:
            if dst == src:
                continue
            row[dst] = keep(ops.drop({**fresh(), "src": src, "dst": dst}))
        drop[src] = row
    # A game with redeals (Crescent): the Redeal button's first press, played or refused with
    # the engine's reason (no redeals left), as the page's Python would answer it.
    redeal = keep(ops.redeal(fresh())) if "redeals_left" in state else None
    ops.BOARDS.pop("tryit", None)
    for answer in responses:
        if "refused" in answer:
            answer["refused"].pop("place", None)  # the page fills in the place clicked
    # The position as the page holds it: a face-down version's hidden cards are None there.
    answers: dict[str, Any] = {
        "state": engine.public_state(shown),
        "tap": tap,
        "drop": drop,
        "responses": responses,
    }
    if redeal is not None:
        answers["redeal"] = redeal
    for key, extra in (("initial_ref", initial_svg), ("picture_ref", picture_svg)):
        if extra is not None:
            if extra not in svg_index:
                svg_index[extra] = len(svgs)
                svgs.append(extra)
            answers[key] = svg_index[extra]
    answers["packed"] = pack_svgs(svgs)
    return answers


def _esc_single(text: str) -> str:
    return text.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;").replace(">", "&gt;")


def tryit_html(args: str, lang: str, ctx: MarkerContext) -> str:
    """A diagram of a position that the reader can play from, and reset."""
    words = args.split()
    if not words:
        ctx.fail("tryit marker needs a position: <!-- tryit: crescent-example@9 --> or a position name")
    source = words[0]
    opts = _options(words[1:], ("id",), ctx, "tryit")
    ident = opts.get("id", "tryit-" + source.replace("@", "-"))
    if not check_name(ident):
        ctx.fail(f"tryit: malformed id {ident!r}")
    ctx.claim_id(ident)
    state = resolve_state(source, ctx)
    svg = _render(state, lang, ident, interactive=True)
    return tryit_figure(state, lang, ident, source, svg, _describe(state, lang), static=False, ctx=ctx)


def tryit_figure(
    state: dict[str, Any],
    lang: str,
    ident: str,
    source: str,
    svg: str,
    description: str,
    *,
    static: bool,
    size: str = "large",
    ctx: MarkerContext,
    line: tuple[str, list[str]] | None = None,
) -> str:
    """A figure the reader can turn live from its position, and reset.

    `svg` is what the page shows first: the interactive drawing, or (`static`) a rules page's
    picture with its arrows. The page holds it as an <img> (sitegen/pictures.py); the answers
    file brings it inline (`picture_ref`) for a click on the picture, played at the same spot;
    "try it" then swaps in the interactive drawing, so keyboard readers only meet the board's
    buttons when they ask.

    A position of a face-down version is in the page as a player sees it (engine.public_state:
    in `data-state`, the answers, the drawings), so the page's Python cannot rebuild it from its
    cards: it opens `line` (the deal's code and the moves that lead there, `data-line`) instead,
    and no Analyse link is offered (an Analysis page needs every card).
    """
    import engine
    from pyworker.analysis import encode_state
    from sitegen.lightpage import state_attribute
    from sitegen.pictures import picture_html
    from sitegen.templating import render, safe

    kind = state["game"]
    analysis_page = f"{_page_prefix(ctx)}analysis-{kind}/"
    seen = engine.public_state(engine.from_state(state))
    hidden = seen != state
    if hidden and line is None:
        ctx.fail(f"{source!r} hides cards: a figure of it must be a line from a deal ({{code, moves}})")
    line_json = (
        json.dumps({"code": line[0], "moves": line[1]}, separators=(",", ":"))
        if hidden and line is not None
        else ""
    )
    initial = _render(seen, lang, ident, interactive=True) if static else svg
    # Fetched by the page when the figure comes near the viewport (tryit/tryit.js), not inlined:
    # a rules page's answers weigh several times its text. They bring the drawing too: the
    # page itself shows a picture of it (an <img>), which the drawing replaces on arrival.
    answers = answers_file(first_answers(state, lang, ident, initial_svg=initial, picture_svg=svg), lang)
    picture = picture_html(svg, lang, ctx, ident=ident, desc_id=f"{ident}-desc", figure=True)
    return str(
        render(
            "tryit.html",
            size=size,
            ident=ident,
            source=source,
            game=kind,
            lang=lang,
            answers=answers,
            line=safe(_esc_single(line_json)),
            state_attribute=safe(state_attribute(seen)),
            messages=ui_messages(lang, JS_MESSAGES),
            picture=safe(picture),
            m=lambda key, **p: _msg(lang, key, **p),
            redeals_left=seen.get("redeals_left"),
            analysis_page="" if hidden else analysis_page,
            encoded_state="" if hidden else encode_state(seen),
            describe=description,
        )
    )
