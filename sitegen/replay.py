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
    _esc,
    _msg,
    _options,
    _page_prefix,
    _render,
    json_script,
    pack_svgs,
    ui_messages,
    unpack_svg,
)
from sitegen.sources import check_name, load_example


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
    total = len(example.moves)
    m = lambda key, **p: _esc(_msg(lang, key, **p))  # noqa: E731
    # The teaching points, listed in the page itself (readable, searchable, linked to their step).
    keys = _teaching_steps(example, name, ctx)
    moments = "".join(
        f'<li><a href="#step={n + 1}" data-goto="{n + 1}">'
        f"{_esc(steps['captions'][n])}</a><br>{_esc(notes[n] or '')}</li>"
        for n in keys
    )
    play_url = f"{_page_prefix(ctx)}play-{game_name}/"
    # The picture is the deal: its alt names the game's code, not only the board (issue 22).
    alt = _msg(lang, "figure.deal", board=_msg(lang, f"title.{game_name}"), code=example.code)
    desc_id = f"{ident}-desc"
    return "\n".join(
        [
            (
                f'<div class="cc-live cc-replay" id="{_esc(ident)}" data-replay="{_esc(name)}"'
                f' data-lang="{_esc(lang)}" data-src="{REPLAY_DIR}/{_esc(file_name)}"'
                f' data-game="{game_name}">'
            ),
            json_script("ui", ui_messages(lang, JS_MESSAGES + REPLAY_MESSAGES)),
            json_script("replay", {"code": example.code, "moves": list(example.moves)}),
            # The deal as a picture (sitegen/pictures.py); replay/replay.js draws each step from the file.
            (
                f'<div class="cc-svg" data-role="svg" tabindex="0" data-search-exclude>'
                f"{picture_html(unpack_svg(steps, 0), lang, ctx, ident=ident, desc_id=desc_id, alt=alt)}"
                "</div>"
            ),
            f'<p class="cc-caption" data-role="caption" aria-live="polite">{m("ui.replay-start")}</p>',
            '<p class="cc-note" data-role="note" aria-live="polite"></p>',
            (
                f'<div class="cc-nav" data-search-exclude>'
                # ⇤ ⇥, not « »: in French « » are quotation marks (« Début … Fin » read as a quote).
                f'<button type="button" data-action="first" disabled><span aria-hidden="true">⇤</span>'
                f" {m('ui.replay.first')}</button>"
                f'<button type="button" data-action="prev" disabled>‹ {m("ui.replay.prev")}</button>'
                f'<span data-role="counter">{m("ui.replay-counter", step=0, total=total)}</span>'
                f'<button type="button" data-action="next">{m("ui.replay.next")} ›</button>'
                f'<button type="button" data-action="last">{m("ui.replay.last")}'
                f' <span aria-hidden="true">⇥</span></button>'
                f'<a class="cc-button" data-role="continue"'
                f' href="{_esc(play_url)}#code={_esc(example.code)}">'
                f"{m('ui.replay.continue')}</a>"
                f'<a class="cc-button" data-role="analyse-link"'
                f' href="{_page_prefix(ctx)}analysis-{game_name}/#code={_esc(example.code)}">'
                f"{m('analysis.link')}</a></div>"
            ),
            f'<p class="cc-keys">{m("ui.replay.keys")}</p>',
            '<p class="cc-status" role="status" aria-live="polite" data-role="status"></p>',
            (
                f'<details class="cc-moments" open><summary>{m("commentary.key_moments")}</summary>'
                f'<ul data-role="moments">{moments}</ul></details>'
                if moments
                else ""
            ),
            # Every move with its commentary: hundreds of entries, all in the step file already
            # (captions, notes), so replay/replay.js writes them when the file arrives (an example game's
            # list was 30-50 KB of the page each).
            (
                f'<details class="cc-moves"><summary>{m("ui.replay.moves")}</summary>'
                f'<ol class="cc-movelist" data-role="movelist"></ol></details>'
            ),
            (
                f'<details class="diagram-description"><summary>{m("site.diagram.description")}</summary>'
                f'<p data-role="desc" id="{_esc(ident)}-desc">{_esc(_describe(example.states[0], lang))}</p>'
                "</details>"
            ),
            "</div>",
        ]
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
