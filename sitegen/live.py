"""Build-time HTML for the page's live parts: `<!-- board: GAME -->`, `<!-- replay: EXAMPLE -->`,
`<!-- tryit: POSITION_OR_EXAMPLE@N -->` (dispatched here by sitegen/markers.py).

Everything the page shows before Python runs is made here, with the engine and diagrams:
- a board: the default deal drawn as an interactive SVG, its buttons and labels in the page's
  language (assets/js/play/ and tryit/ bring it to life once the Python worker is up);
- a replay: the deal's SVG, the move list with captions, and every step's SVG and description
  packed into a JSON file under assets/replays/ that replay/replay.js fetches on first use — no Python
  and no other host is involved in stepping through an example;
- a try-it diagram: the position's SVG plus, computed with the engine, the answer to every first
  click (a tap on each place; a second click from each place onto each other place), so the
  first answer never waits for Python.

SVGs are packed as indices into a table of fragments (`pack_svgs`): two boards a move apart share
almost all their markup, so many boards cost little more than one.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sitegen.assets import PENDING_ASSETS, json_bytes
from sitegen.context import MarkerContext
from sitegen.sources import check_name, load_example, resolve_state

GAMES = ("crescent", "canfield")
DEFAULT_CODES = {"crescent": "CR1-N-AAAAAAB", "canfield": "CF1-D3-AAAAACL"}
PREFIXES = {"crescent": "CR", "canfield": "CF"}

# Messages the page's scripts need before (or without) Python; everything else comes from Python.
JS_MESSAGES = (
    "ui.loading",
    "ui.timeout",
    "ui.boot-mime",
    "ui.boot-blocked",
    "ui.loading-slow",
    "ui.file",
    "ui.python-error",
    "ui.deselected",
    "ui.copied",
    "ui.hint-thinking",
    "ui.tryit-ready",
    "ui.reset-done",
    "ui.answers-loading",
    "ui.queued",
)
REPLAY_MESSAGES = (
    "ui.replay-start",
    "ui.replay-counter",
    "ui.replay-unavailable",
    "ui.file-replay",
    "ui.replay-step-invalid",
)

REPLAY_DIR = "assets/replays"
# Try-it answers: named by a hash of their bytes, so equal answers (the same figure in two
# places) are one file, and a changed answer is a new URL (no stale cache).
TRYIT_DIR = "assets/tryit"

# Split points: every group (a place, a card) and the per-board <desc>, so that what differs
# between two boards is a few small fragments.
_CHUNK_RE = re.compile(r"(?=<g[ >]|<desc[ >]|<style[ >])")


# ---- small helpers ----------------------------------------------------------------------------


def _msg(lang: str, key: str, **params: Any) -> str:
    import catalogues

    return catalogues.message(lang, key, **params)


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def json_script(role: str, data: Any) -> str:
    """A `<script type="application/json">`; `<`, `>` and `&` escaped so no text ends it early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" data-role="{role}">{text}</script>'


def ui_messages(lang: str, keys: Iterable[str]) -> dict[str, str]:
    """Messages for the page's script, typography applied, `{name}`s left for the script to fill
    (`{step}`, `{total}`). A message with a plural or select cannot go to a script: ValueError."""
    import catalogues

    return {key: catalogues.pattern(lang, key) for key in keys}


def pack_svgs(svgs: list[str]) -> dict[str, Any]:
    """{"chunks": [fragment, ...], "svgs": [[index, ...], ...]}: each SVG split before every
    `<g`, equal fragments stored once. Joining an SVG's fragments gives it back exactly."""
    table: dict[str, int] = {}
    chunks: list[str] = []
    packed: list[list[int]] = []
    for svg in svgs:
        indices = []
        for part in _CHUNK_RE.split(svg):
            if not part:
                continue
            index = table.get(part)
            if index is None:
                index = table[part] = len(chunks)
                chunks.append(part)
            indices.append(index)
        packed.append(indices)
    return {"chunks": chunks, "svgs": packed}


def unpack_svg(packed: dict[str, Any], index: int) -> str:
    return "".join(packed["chunks"][i] for i in packed["svgs"][index])


def _page_prefix(ctx: MarkerContext) -> str:
    """The way from the page's URL up to its language folder (directory URLs: `x.md` -> `x/`)."""
    return "" if Path(ctx.path).name == "index.md" else "../"


def _options(words: list[str], allowed: tuple[str, ...], ctx: MarkerContext, marker: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or key not in allowed or not value:
            ctx.fail(
                f"unknown or malformed {marker} option {word!r} "
                f"(options: {', '.join(k + '=...' for k in allowed) or 'none'})"
            )
        out[key] = value
    return out


def _render(
    state: dict[str, Any],
    lang: str,
    diagram_id: str,
    interactive: bool,
    highlight: tuple[str, str] | None = None,
) -> str:
    import diagrams

    return diagrams.render_svg(
        state, lang, diagram_id=diagram_id, interactive=interactive, highlight=highlight
    )


def _describe(state: dict[str, Any], lang: str) -> str:
    import diagrams

    return diagrams.describe(state, lang)


def _caption(move: str, before: dict[str, Any], lang: str, number: int) -> str:
    import diagrams

    return diagrams.caption(move, before, lang, number)


# ---- <!-- board: GAME [code=CODE] --> ---------------------------------------------------------


def board_html(args: str, lang: str, ctx: MarkerContext) -> str:
    """A Play page's board: live as soon as Python is up, from `#code=` or the default deal."""
    import engine

    words = args.split()
    if not words or words[0] not in GAMES:
        ctx.fail(
            f"board marker needs a game: <!-- board: crescent --> or <!-- board: canfield -->"
            f" (got {args.strip()!r})"
        )
    game_name = words[0]
    opts = _options(words[1:], ("code", "id"), ctx, "board")
    code = opts.get("code", DEFAULT_CODES[game_name])
    try:
        game = engine.new_game(code)
    except engine.CodeError as e:
        ctx.fail(f"board: bad game code {code!r}: {e.reason}")
    if game.game != game_name:
        ctx.fail(f"board: code {code!r} is not a {game_name} code")
    ident = opts.get("id", f"play-{game_name}")
    if not check_name(ident):
        ctx.fail(f"board: malformed id {ident!r}")
    ctx.claim_id(ident)
    state = game.state()
    svg = _render(state, lang, ident, interactive=True)
    m = lambda key, **p: _esc(_msg(lang, key, **p))  # noqa: E731 - a local shorthand
    gap = m("punct.then", before="", after="")  # between a label and its text: none in Japanese

    from pyworker.analysis import encode_state
    from sitegen import play  # the Play page's own parts: verdict, new-game dialog, statistics

    redeal = ""
    if game_name == "crescent":
        redeal = (
            f'<button type="button" data-action="redeal" data-role="redeal" disabled>'
            f"{m('ui.redeal', n=state['redeals_left'])}</button>"
        )
    draw_button = ""
    if game_name == "canfield":
        draw_button = f'<button type="button" data-action="draw" disabled>{m("ui.button.draw")}</button>'
    score = ""
    if game_name == "canfield":
        score = f'<div><dt>{m("ui.label.score")}</dt><dd data-role="score">0</dd></div>'
    input_id = f"{ident}-code"
    return "\n".join(
        [
            (
                f'<div class="cc-live cc-board" id="{_esc(ident)}" data-board="{game_name}"'
                f' data-lang="{_esc(lang)}" data-diagram-id="{_esc(ident)}"'
                f' data-default-code="{_esc(game.code)}" data-verdict="pending"'
                f' role="region" aria-label="{m("ui.board." + game_name)}">'
            ),
            json_script("ui", ui_messages(lang, JS_MESSAGES + play.js_keys())),
            (
                f'<form class="cc-newgame" data-role="newgame" data-search-exclude>'
                f'<label for="{_esc(input_id)}">{m("ui.label.code")}</label>'
                f'<input id="{_esc(input_id)}" data-role="code-in" name="code" type="text" autocomplete="off"'
                f' spellcheck="false" maxlength="64" placeholder="{_esc(game.code)}">'
                f'<button type="submit" data-action="open">{m("ui.button.open")}</button>'
                f"{play.newgame_button(game_name, m)}</form>"
            ),
            play.dialog_html(game_name, ident, state, m),
            (
                f'<div class="cc-toolbar" data-search-exclude>'
                f'<button type="button" data-action="undo" disabled>{m("ui.button.undo")}</button>'
                f"{redeal}{draw_button}"
                f'<button type="button" data-action="hint">{m("ui.button.hint")}</button></div>'
            ),
            (
                f'<dl class="cc-stats"><div><dt>{m("ui.label.moves")}</dt><dd data-role="moves">0</dd></div>'
                f'<div><dt>{m("ui.label.time")}</dt><dd data-role="timer">0:00</dd></div>{score}</dl>'
            ),
            f'<div class="cc-svg" id="{_esc(ident)}-svg" data-role="svg" data-search-exclude>{svg}</div>',
            f'<p class="cc-status" role="status" aria-live="polite" data-role="status">{m("ui.loading")}</p>',
            play.verdict_html(m),
            (
                f'<div class="cc-offer" data-role="offer" hidden><span>{m("ui.offer")}</span>'
                f'<button type="button" data-action="undo">{m("ui.button.undo")}</button>'
                f'<button type="button" data-action="random">{m("ui.button.new")}</button></div>'
            ),
            (
                '<div class="cc-share" data-search-exclude>'
                f"<span>{m('punct.label', label=_msg(lang, 'ui.label.code'))}</span>{gap}"
                f'<output data-role="code-out">{_esc(game.code)}</output>'
                f' <button type="button" data-action="copy-link">{m("ui.button.copy-link")}</button>'
                f" <span>{m('punct.label', label=_msg(lang, 'ui.label.link'))}</span>{gap}"
                f'<a data-role="link" href="#code={_esc(game.code)}">#code={_esc(game.code)}</a>'
                # Filled with the position's #state= by board/board.js after every answer.
                f' <a data-role="analyse-link" data-base="{_page_prefix(ctx)}analysis-{game_name}/"'
                f' href="{_page_prefix(ctx)}analysis-{game_name}/#state={encode_state(state)}">'
                f"{m('analysis.link')}</a></div>"
            ),
            (
                f'<details class="diagram-description"><summary>{m("site.diagram.description")}</summary>'
                f'<p data-role="desc">{_esc(_describe(state, lang))}</p></details>'
            ),
            play.stats_html(game_name, m),
            "</div>",
        ]
    )


# ---- <!-- replay: EXAMPLE --> -------------------------------------------------------------------


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


def answers_file(answers: dict[str, Any], lang: str) -> str:
    """Queues a try-it figure's answers for writing; returns their path under the site,
    `assets/tryit/<hash>.<lang>.json` (the language last, as replays' files: the offline
    worker keeps a language's files together, sitegen/offline.py)."""
    data = json_bytes(answers)
    name = f"{TRYIT_DIR}/{hashlib.sha256(data).hexdigest()[:20]}.{lang}.json"
    PENDING_ASSETS[name] = data
    return name


# ---- <!-- tryit: POSITION | EXAMPLE@N --> ------------------------------------------------------


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
    ops.BOARDS.pop("tryit", None)
    for answer in responses:
        if "refused" in answer:
            answer["refused"].pop("place", None)  # the page fills in the place clicked
    answers: dict[str, Any] = {"state": state, "tap": tap, "drop": drop, "responses": responses}
    for key, extra in (("initial_ref", initial_svg), ("picture_ref", picture_svg)):
        if extra is not None:
            if extra not in svg_index:
                svg_index[extra] = len(svgs)
                svgs.append(extra)
            answers[key] = svg_index[extra]
    answers["packed"] = pack_svgs(svgs)
    return answers


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
) -> str:
    """A figure the reader can turn live from its position, and reset.

    `svg` is what the page shows first: the interactive drawing, or (`static`) a rules page's
    picture with its arrows. The page holds it as an <img> (sitegen/pictures.py); the answers
    file brings it inline (`picture_ref`) for a click on the picture, played at the same spot;
    "try it" then swaps in the interactive drawing, so keyboard readers only meet the board's
    buttons when they ask.
    """
    from pyworker.analysis import encode_state
    from sitegen.lightpage import state_attribute
    from sitegen.pictures import picture_html

    kind = state["game"]
    analysis_page = f"{_page_prefix(ctx)}analysis-{kind}/"
    initial = _render(state, lang, ident, interactive=True) if static else svg
    # Fetched by the page when the figure comes near the viewport (tryit/tryit.js), not inlined:
    # a rules page's answers weigh several times its text. They bring the drawing too: the
    # page itself shows a picture of it (an <img>), which the drawing replaces on arrival.
    answers = answers_file(first_answers(state, lang, ident, initial_svg=initial, picture_svg=svg), lang)
    picture = picture_html(svg, lang, ctx, ident=ident, desc_id=f"{ident}-desc")
    m = lambda key, **p: _esc(_msg(lang, key, **p))  # noqa: E731
    return "\n".join(
        [
            (
                f'<figure class="diagram diagram-{_esc(size)} cc-live cc-tryit" id="{_esc(ident)}" '
                f'data-diagram-figure="{_esc(ident)}" data-tryit="{_esc(source)}" data-board="{kind}"'
                f' data-lang="{_esc(lang)}" data-diagram-id="{_esc(ident)}" data-search-exclude'
                f' data-answers="{_esc(answers)}"'
                f"{state_attribute(state)}>"
            ),
            json_script("ui", ui_messages(lang, JS_MESSAGES)),
            f'<div class="cc-svg diagram-svg" data-role="svg">{picture}</div>',
            (
                f'<div class="cc-toolbar">'
                f'<button type="button" data-action="tryit">{m("ui.button.tryit")}</button>'
                f'<button type="button" data-action="undo" hidden>{m("ui.button.undo")}</button>'
                f'<button type="button" data-action="reset" hidden>{m("ui.button.reset")}</button>'
                # Filled with the position shown by board/board.js after every answer.
                f'<a class="cc-button" data-role="analyse-link" data-base="{analysis_page}"'
                f' href="{analysis_page}#state={encode_state(state)}">{m("analysis.link")}</a></div>'
            ),
            '<p class="cc-status" role="status" aria-live="polite" data-role="status"></p>',
            (
                f'<details class="diagram-description"><summary>{m("site.diagram.description")}</summary>'
                f'<p data-role="desc" id="{_esc(ident)}-desc">{_esc(description)}</p></details>'
            ),
            "</figure>",
        ]
    )
