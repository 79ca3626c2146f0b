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

Here: the messages the page's scripts get, the helpers every live part shares (also lessons,
puzzles, progress, analysis) and the board; the replay is sitegen/replay.py, the try-it
sitegen/tryit.py (both import these helpers, so nothing here imports them back).
"""

from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sitegen.assets import PENDING_ASSETS, json_bytes
from sitegen.context import MarkerContext
from sitegen.games import GAMES
from sitegen.sources import check_name
from sitegen.templating import (
    json_script,  # noqa: F401 - tests/test_live.py takes it from here
    render,
    safe,
)

# The Play board's deal when the address names none, by game (sitegen/games.py).
DEFAULT_CODES = {name: game.default_code for name, game in GAMES.items()}


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
    "ui.busy-refused",  # board/board.js admit: a click not taken while earlier ones wait
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
    record = GAMES[game_name]
    opts = _options(words[1:], ("code", "id"), ctx, "board")
    code = opts.get("code", record.default_code)
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
    from pyworker.analysis import encode_state
    from sitegen import play  # the Play page's own parts: verdict, new-game dialog, statistics

    msg = lambda key, **p: _msg(lang, key, **p)  # noqa: E731 - a local shorthand
    return render(
        "board.html",
        game=record,
        ident=ident,
        lang=lang,
        code=game.code,
        state=state,
        m=msg,
        msg=msg,
        gap=msg("punct.then", before="", after=""),  # between a label and its text: none in Japanese
        messages=ui_messages(lang, JS_MESSAGES + play.js_keys()),
        dialog=play.dialog(game_name, state),
        mystats=play.mystats(game_name),
        svg=safe(_render(state, lang, ident, interactive=True)),
        up=_page_prefix(ctx),
        encoded_state=encode_state(state),
        describe=_describe(state, lang),
    )


def answers_file(answers: dict[str, Any], lang: str) -> str:
    """Queues a try-it figure's answers for writing; returns their path under the site,
    `assets/tryit/<hash>.<lang>.json` (the language last, as replays' files: the offline
    worker keeps a language's files together, sitegen/offline.py)."""
    data = json_bytes(answers)
    name = f"{TRYIT_DIR}/{hashlib.sha256(data).hexdigest()[:20]}.{lang}.json"
    PENDING_ASSETS[name] = data
    return name
