"""`<!-- replay: EXAMPLE -->`: a stored example game, step by step, with no Python (dispatched
here by sitegen/markers.py).

The deal's picture, the move list with captions and the teaching points are in the page; every
step's SVG and description are packed (sitegen/live.py pack_svgs) into a JSON file under
assets/replays/ that replay/replay.js fetches on first use: no Python and no other host is
involved in stepping through an example.
"""

from __future__ import annotations

import html
import re
from typing import Any

from sitegen.assets import PENDING_ASSETS, json_bytes
from sitegen.context import MarkerContext
from sitegen.live import (
    JS_MESSAGES,
    REPLAY_DIR,
    REPLAY_MESSAGES,
    _caption,
    _describe,
    _msg,
    _options,
    _page_prefix,
    _render,
    pack_svgs,
    ui_messages,
    unpack_svg,
)
from sitegen.sources import check_name, load_example
from sitegen.templating import render, safe


def replay_steps(
    example: Any, lang: str, diagram_id: str, notes: list[str | None] | None = None
) -> dict[str, Any]:
    """Every step of an example in one language: packed SVGs, captions, the commentary
    (`notes[n - 1]` for step n, null where a step has none: sitegen/commentary.py), and the
    descriptions unless every SVG already carries its step's description as its `<desc>` (then
    the page reads it from there, and the file is a third smaller)."""
    svgs, descriptions, captions = [], [], []
    for n, state in enumerate(example.states):
        svgs.append(_render(state, lang, diagram_id, interactive=False))
        descriptions.append(_describe(state, lang))
        if n:
            # "Move N": the game's own move counter after the step (a Crescent redeal is no move
            # and its caption carries no number), not the step's index.
            captions.append(_caption(example.moves[n - 1], example.states[n - 1], lang, state["moves"]))
    data = pack_svgs(svgs)
    data["captions"] = captions
    if notes is not None:
        data["notes"] = notes
    if not all(_svg_desc(svg) == text for svg, text in zip(svgs, descriptions, strict=True)):
        data["descriptions"] = descriptions
    return data


_DESC_RE = re.compile(r"<desc[^>]*>(.*?)</desc>", re.DOTALL)


def _svg_desc(svg: str) -> str | None:
    m = _DESC_RE.search(svg)
    return html.unescape(m.group(1)) if m else None


def replay_html(args: str, lang: str, ctx: MarkerContext) -> str:
    """A stored example game, step by step, with no Python: see the module's docstring."""
    from sitegen.pictures import picture_html

    words = args.split()
    if not words:
        ctx.fail("replay marker needs an example: <!-- replay: crescent-example -->")
    name = words[0]
    opts = _options(words[1:], ("id",), ctx, "replay")
    if not check_name(name):
        ctx.fail(f"replay: malformed example name {name!r}")
    if not (ctx.docs_dir / "examples" / f"{name}.json").is_file():
        ctx.fail(f"replay: unknown example {name!r}: no file docs/examples/{name}.json")
    ident = opts.get("id", f"replay-{name}")
    ctx.claim_id(ident)
    example = load_example(ctx.docs_dir, name, ctx.root)
    notes = _commentary(example, name, lang, ctx)
    steps = replay_steps(example, lang, ident, notes)
    file_name = f"{name}.{lang}.json"
    PENDING_ASSETS[f"{REPLAY_DIR}/{file_name}"] = json_bytes(steps)
    game_name = example.states[0]["game"]
    msg = lambda key, **p: _msg(lang, key, **p)  # noqa: E731 - a local shorthand
    keys = _teaching_steps(example, name, ctx)
    # The picture is the deal: its alt names the game's code, not only the board (issue 22).
    alt = msg("figure.deal", board=msg(f"title.{game_name}"), code=example.code)
    picture = picture_html(unpack_svg(steps, 0), lang, ctx, ident=ident, desc_id=f"{ident}-desc", alt=alt)
    return render(
        "replay.html",
        ident=ident,
        name=name,
        lang=lang,
        src=f"{REPLAY_DIR}/{file_name}",
        game=game_name,
        code=example.code,
        moves=list(example.moves),
        messages=ui_messages(lang, JS_MESSAGES + REPLAY_MESSAGES),
        picture=safe(picture),
        m=msg,
        up=_page_prefix(ctx),
        moments=[(n, steps["captions"][n], notes[n] or "") for n in keys],
        describe=_describe(example.states[0], lang),
    )


def _winning(name: str, ctx: MarkerContext) -> tuple[dict[str, Any], Any]:
    from sitegen.commentary import read_extra

    extra = read_extra(ctx.docs_dir, name)
    winning = None
    if extra.get("winning"):
        other = str(extra["winning"])
        if not check_name(other) or not (ctx.docs_dir / "examples" / f"{other}.json").is_file():
            ctx.fail(f"replay: example {name!r} names an unknown winning line {other!r}")
        winning = load_example(ctx.docs_dir, other, ctx.root)
    return extra, winning


def _commentary(example: Any, name: str, lang: str, ctx: MarkerContext) -> list[str | None]:
    """Each step's commentary in `lang` (None where a step has none): sitegen/commentary.py."""
    from sitegen.commentary import step_texts

    extra, winning = _winning(name, ctx)
    try:
        return step_texts(example, lang, extra, winning)
    except (ValueError, KeyError) as e:
        ctx.fail(f"replay: commentary of {name!r}: {e}")


def _teaching_steps(example: Any, name: str, ctx: MarkerContext) -> list[int]:
    from sitegen.commentary import notes

    extra, winning = _winning(name, ctx)
    return sorted({n.step for n in notes(example, extra, winning) if n.teaching})
