"""`<!-- diagram: ID [highlight=SRC>DST] [refused] [fan=P,Q] [size=small|large] [id=NAME] -->`

ID is a stored position (`docs/positions/ID.json`) or an example step (`EXAMPLE@N`: the state
after N actions of `docs/examples/EXAMPLE.json`, `@0` being the deal). The output is a
`<figure class="diagram">` holding a picture of the SVG from diagrams.render_svg (an `<img>` of
a file the build writes: sitegen/pictures.py) and, readable on demand, the text description
from diagrams.describe in a `<details>`. Unless `static` is
given, the figure is a "try it" board (sitegen.tryit.tryit_figure): the reader can play on from
the position shown, the first click answered by the build's precomputed answers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sitegen.context import MarkerContext
from sitegen.sources import check_name, position_line, resolve_state
from sitegen.templating import render as render_template
from sitegen.templating import safe
from sitegen.tryit import tryit_figure

SIZES = ("small", "large")


@dataclass(frozen=True)
class DiagramSpec:
    source: str  # "crescent-example@9" or "opening"
    ident: str  # data-diagram id (unique on the page)
    highlight: tuple[str, str] | None
    refused: bool
    fan: tuple[str, ...]
    size: str
    live: bool = True  # a "try it" figure; `static` gives a plain picture


def parse(args: str, ctx: MarkerContext) -> DiagramSpec:
    words = args.split()
    if not words:
        ctx.fail("diagram marker without an id (expected <!-- diagram: ID [options] -->)")
    source, *options = words
    highlight: tuple[str, str] | None = None
    refused = False
    fan: tuple[str, ...] = ()
    size = "large"
    live = True
    ident = source.replace("@", "-")
    for opt in options:
        key, eq, value = opt.partition("=")
        if key == "refused" and not eq:
            refused = True
        elif key == "static" and not eq:
            live = False
        elif key == "highlight" and eq:
            src, arrow, dst = value.partition(">")
            if not arrow or not src or not dst:
                ctx.fail(f"malformed option {opt!r}: expected highlight=SRC>DST, e.g. highlight=10>14")
            highlight = (src, dst)
        elif key == "fan" and eq:
            places = tuple(p for p in value.split(","))
            if not places or any(not p for p in places):
                ctx.fail(f"malformed option {opt!r}: expected fan=P or fan=P,Q")
            fan = places
        elif key == "size" and eq:
            if value not in SIZES:
                ctx.fail(f"malformed option {opt!r}: size is small or large")
            size = value
        elif key == "id" and eq:
            if not check_name(value):
                ctx.fail(f"malformed option {opt!r}: an id is lower-case letters, digits, - and _")
            ident = value
        else:
            ctx.fail(
                f"unknown or malformed diagram option {opt!r} "
                "(options: highlight=SRC>DST, refused, fan=P,Q, size=small|large, id=NAME, static)"
            )
    if refused and highlight is None:
        ctx.fail("the refused option needs a highlight=SRC>DST to show which move is refused")
    return DiagramSpec(source, ident, highlight, refused, fan, size, live)


# Rendering is pure (state, lang, options) -> text; cache it so that `--serve` rebuilds and
# repeated positions cost nothing.
_svg_cache: dict[str, tuple[str, str]] = {}


def step_of(spec: DiagramSpec, lang: str, ctx: MarkerContext) -> dict[str, Any]:
    """For an example step `NAME@N`: N, and the caption of the action that led there."""
    import diagrams
    from sitegen.sources import load_example

    name, at, step_text = spec.source.partition("@")
    if not at:
        return _line_step(spec, lang, ctx)
    step = int(step_text)
    if step == 0:
        return {"step": 0}
    example = load_example(ctx.docs_dir, name, ctx.root)
    before = example.state_at(step - 1)
    return {
        "step": step,
        "last": diagrams.caption(example.moves[step - 1], before, lang, before["moves"] + 1),
    }


def public(state: dict[str, Any]) -> dict[str, Any]:
    """The position as a player sees it (engine.public_state): the state itself in an open
    version, face-down cards None in a face-down one."""
    import engine

    return engine.public_state(engine.from_state(state))


def _line_step(spec: DiagramSpec, lang: str, ctx: MarkerContext) -> dict[str, Any]:
    """For a position stored as a line from a deal: the caption of its last action (a figure
    without a highlight names it, e.g. Crescent Four's third redeal of four)."""
    import diagrams
    import engine

    line = position_line(ctx.docs_dir, spec.source)
    if line is None or not line[1] or spec.highlight is not None:
        return {}
    code, moves = line
    game = engine.new_game(engine.normalise_code(code))
    for move in moves[:-1]:
        game.play(move)
    before = game.state()
    return {"last": diagrams.caption(moves[-1], before, lang, before["moves"] + 1)}


def render(
    state: dict[str, Any], lang: str, spec: DiagramSpec, step: dict[str, Any] | None = None
) -> tuple[str, str]:
    """The figure's drawing and text description. `step`: what `step_of` says of an example
    step (the figure's title names it when no move is highlighted)."""
    import diagrams

    step = step or {}
    key = json.dumps(
        [state, lang, spec.ident, spec.size, spec.highlight, spec.refused, spec.fan, step], sort_keys=True
    )
    hit = _svg_cache.get(key)
    if hit is None:
        from diagrams import point

        # The figure says its point (issue 22): its title (the picture's alt) names the move it
        # highlights, or the game and step it shows; its description opens with the move and,
        # for a refused one, the engine's reason.
        title = point.title(state, lang, highlight=spec.highlight, refused=spec.refused, **step)
        # Drawn and described from what a player sees: a face-down version's hidden cards are
        # backs, never named (the point's move and reason are the engine's, on every card).
        seen = public(state)
        svg = diagrams.render_svg(
            seen,
            lang,
            diagram_id=spec.ident,
            size=spec.size,
            highlight=spec.highlight,
            refused=spec.refused,
            fan=spec.fan,
            title=title,
        )
        description = diagrams.describe(seen, lang)
        if spec.highlight is not None:
            description = point.description(state, lang, description, spec.highlight, spec.refused)
        hit = (svg, description)
        _svg_cache[key] = hit
    return hit


def diagram_html(args: str, lang: str, ctx: MarkerContext) -> str:
    """The figure. It is kept out of the search index (data-search-exclude): every diagram's
    description names dozens of cards and places, which would drown the prose in results.
    `data-state` holds the position, so the page's scripts can turn any diagram live."""
    import catalogues

    spec = parse(args, ctx)
    ctx.claim_id(spec.ident)
    state = resolve_state(spec.source, ctx)
    try:
        svg, description = render(state, lang, spec, step_of(spec, lang, ctx))
    except ValueError as e:  # e.g. a highlight naming a place the game does not have
        ctx.fail(f"diagram {spec.source!r} cannot be drawn: {e}")
    if spec.live:
        return tryit_figure(
            state,
            lang,
            spec.ident,
            spec.source,
            svg,
            description,
            static=True,
            size=spec.size,
            ctx=ctx,
            line=position_line(ctx.docs_dir, spec.source),
        )
    from sitegen.lightpage import state_attribute
    from sitegen.pictures import picture_html

    summary = catalogues.message(lang, "site.diagram.description")
    desc_id = f"{spec.ident}-desc"
    picture = picture_html(svg, lang, ctx, ident=spec.ident, desc_id=desc_id, figure=True)
    return render_template(
        "figure.html",
        size=spec.size,
        ident=spec.ident,
        state_attribute=safe(state_attribute(public(state))),
        picture=safe(picture),
        summary=summary,
        desc_id=desc_id,
        description=description,
    )
