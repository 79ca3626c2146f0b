"""Build-time HTML of an Analysis page: `<!-- analysis: GAME -->` (issue 23).

The page's board opens the position its URL names (`#state=` + URL-safe base64 of a state's
JSON, or `#code=…&moves=…`: CONTRACT.md) or an empty layout to fill, and its scripts
(docs/assets/js/analysis/) ask Python whether the position is valid (pyworker/analysis.py) and
the verdict worker what each legal action leads to. Everything the reader sees before Python
runs is made here: the empty layout drawn, the set-up form (a place, a card, a palette filled
by the script, the pasted text form), and every label in the page's language.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import catalogues
import diagrams
from sitegen import play
from sitegen.context import MarkerContext
from sitegen.live import DEFAULT_CODES, GAMES, JS_MESSAGES, json_script, ui_messages

# analysis.json keys the page's scripts show without asking Python.
JS_KEYS = (
    "analysis.move.win",
    "analysis.move.loss",
    "analysis.move.unknown",
    "analysis.move.pending",
    "analysis.moves.done",
    "analysis.moves.none",
    "analysis.moves.progress",
    "analysis.hash-bad",
    "analysis.think.longest",
    "analysis.thinking",
)


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def empty_state(game: str) -> dict[str, Any]:
    """The empty layout a reader fills: Crescent's eight base cards on their foundations and
    three redeals; Canfield's columns, reserve, stock and waste empty, base rank and draw as the
    classic game's defaults. It has no code: a hand-made position belongs to no deal."""
    if game == "crescent":
        return {
            "game": "crescent",
            "piles": [[] for _ in range(16)],
            "foundations": {
                f"{suit}{way}": [("A" if way == "+" else "K") + suit] for suit in "SHDC" for way in "+-"
            },
            "redeals_left": 3,
            "moves": 0,
            "status": "playing",
        }
    return {
        "game": "canfield",
        "draw": 3,
        "base_rank": "A",
        "stock": [],
        "waste": [],
        "reserve": [],
        "foundations": {suit: [] for suit in "SHDC"},
        "columns": [[], [], [], []],
        "score": 0,
        "moves": 0,
        "status": "playing",
    }


def _place_options(game: str, lang: str) -> str:
    """The set-up form's places, each by its name on the board (core.json `place.*`)."""
    family = "cr" if game == "crescent" else "cf"
    out = []
    for place in diagrams.places(game):
        if place.isdigit():
            name = catalogues.message(
                lang, f"place.{family}.{'pile' if family == 'cr' else 'column'}", n=place
            )
        else:
            name = catalogues.message(lang, f"place.{family}.{place}")
        out.append(f'<option value="{_esc(place)}">{_esc(name)}</option>')
    return "".join(out)


def _settings(game: str, m: Callable[..., str], ident: str) -> str:
    """The position's other fields: Crescent's redeals left; Canfield's base rank and draw."""
    if game == "crescent":
        options = "".join(f'<option value="{n}">{n}</option>' for n in range(4))
        return (
            f'<p><label for="{ident}-redeals">{m("analysis.setup.redeals")}</label> '
            f'<select id="{ident}-redeals" data-role="setup-redeals">{options}</select></p>'
        )
    # Each rank by the letter the page's cards show (rank_short.*: 10, not T; French V D R).
    ranks = "".join(f'<option value="{r}">{m(f"rank_short.{r}")}</option>' for r in "A23456789TJQK")
    draws = "".join(f'<option value="{n}">{n}</option>' for n in (3, 1))
    return (
        f'<p><label for="{ident}-base">{m("analysis.setup.base")}</label> '
        f'<select id="{ident}-base" data-role="setup-base">{ranks}</select> '
        f'<label for="{ident}-draw">{m("analysis.setup.draw")}</label> '
        f'<select id="{ident}-draw" data-role="setup-draw">{draws}</select></p>'
    )


def analysis_html(args: str, lang: str, ctx: MarkerContext) -> str:
    """An Analysis board: the position, its verdict, its legal actions, and the set-up form."""
    words = args.split()
    if len(words) != 1 or words[0] not in GAMES:
        ctx.fail(f"analysis marker needs a game: <!-- analysis: crescent --> (got {args.strip()!r})")
    game = words[0]
    ident = f"analysis-{game}"
    ctx.claim_id(ident)
    state = empty_state(game)
    svg = diagrams.render_svg(state, lang, diagram_id=ident, interactive=True)
    m = lambda key, **p: _esc(catalogues.message(lang, key, **p))  # noqa: E731 - a local shorthand
    play_page = f"../play-{game}/"
    keys = JS_MESSAGES + play.js_keys() + JS_KEYS
    toolbar = [f'<button type="button" data-action="undo" disabled>{m("ui.button.undo")}</button>']
    if game == "crescent":
        toolbar.append(
            f'<button type="button" data-action="redeal" data-role="redeal" disabled>'
            f"{m('ui.redeal', n=3)}</button>"
        )
    else:
        toolbar.append(f'<button type="button" data-action="draw" disabled>{m("ui.button.draw")}</button>')
    toolbar += [
        f'<button type="button" data-action="think" disabled>{m("analysis.button.think")}</button>',
        f'<button type="button" data-action="copy-link">{m("ui.button.copy-link")}</button>',
        f'<a data-role="play-here" href="{play_page}">{m("analysis.button.play-here")}</a>',
    ]
    return "\n".join(
        [
            (
                f'<div class="cc-live cc-board cc-analysis" id="{ident}" data-board="{game}"'
                f' data-analysis="{game}" data-lang="{_esc(lang)}" data-diagram-id="{ident}"'
                f' data-verdict="pending" data-play-page="{play_page}"'
                f' role="region" aria-label="{m("analysis.board." + game)}">'
            ),
            json_script("ui", ui_messages(lang, keys)),
            json_script("empty", state),
            f'<div class="cc-toolbar" data-search-exclude>{"".join(toolbar)}</div>',
            f'<div class="cc-svg" id="{ident}-svg" data-role="svg" data-search-exclude>{svg}</div>',
            f'<p class="cc-status" role="status" aria-live="polite" data-role="status">{m("ui.loading")}</p>',
            (
                f'<div class="cc-verdict" data-role="verdict-box" data-search-exclude>'
                f'<span class="cc-verdict-label">{m("play.verdict.label")}</span> '
                f'<output data-role="verdict" aria-live="polite">{m("play.verdict.pending")}</output> '
                f'<span data-role="verdict-note" aria-live="polite"></span></div>'
            ),
            (
                f'<div class="cc-problems" data-role="problems-box" hidden>'
                f'<p id="{ident}-problems">{m("analysis.problems.title")}</p>'
                f'<ul data-role="position-problems" aria-labelledby="{ident}-problems"></ul></div>'
            ),
            (
                f'<section class="cc-moves" data-role="moves-box" aria-labelledby="{ident}-moves">'
                f'<h2 id="{ident}-moves">{m("analysis.moves.title")}</h2>'
                f'<p class="cc-help">{m("analysis.moves.help")}</p>'
                f'<p data-role="moves-progress" aria-live="polite"></p>'
                f'<ol class="cc-move-list" data-role="move-list"></ol></section>'
            ),
            (
                f'<section class="cc-line" data-role="line-box" aria-labelledby="{ident}-line" hidden>'
                f'<h2 id="{ident}-line">{m("analysis.line.title")}</h2>'
                f'<p><button type="button" data-action="line-next">'
                f"{m('analysis.button.line-next')}</button></p>"
                f'<details><summary data-role="line-summary">{m("analysis.line.show")}</summary>'
                f'<ol class="cc-line-list" data-role="line"></ol></details>'
                f"</section>"
            ),
            (
                f'<details class="cc-setup" data-role="setup" data-search-exclude open>'
                f"<summary>{m('analysis.setup.title')}</summary>"
                f'<p class="cc-help">{m("analysis.setup.help")}</p>'
                f'<p><label for="{ident}-place">{m("analysis.setup.place")}</label> '
                f'<select id="{ident}-place" data-role="setup-place">{_place_options(game, lang)}</select> '
                f'<output data-role="setup-cards" aria-live="polite"></output></p>'
                f'<p><label for="{ident}-card">{m("analysis.setup.card")}</label> '
                f'<input id="{ident}-card" data-role="setup-card" type="text" autocomplete="off"'
                f' spellcheck="false" maxlength="4" size="5" aria-describedby="{ident}-card-help">'
                f' <button type="button" data-action="setup-add">{m("analysis.button.add")}</button>'
                f' <button type="button" data-action="setup-remove">{m("analysis.button.remove")}</button>'
                f' <button type="button" data-action="setup-clear">'
                f"{m('analysis.button.clear-place')}</button></p>"
                f'<p class="cc-help" id="{ident}-card-help">{m("analysis.setup.card-help")}</p>'
                f"{_settings(game, m, ident)}"
                f'<fieldset class="cc-palette"><legend>{m("analysis.setup.palette")}</legend>'
                f'<div data-role="palette"></div></fieldset>'
                f'<p><label for="{ident}-text">{m("analysis.setup.text")}</label></p>'
                f'<textarea id="{ident}-text" data-role="layout" rows="10" spellcheck="false"'
                f' aria-describedby="{ident}-text-help"></textarea>'
                f'<p class="cc-help" id="{ident}-text-help">{m("analysis.setup.text-help")}</p>'
                f'<p><button type="button" data-action="setup-text">{m("analysis.button.open-text")}</button>'
                f' <button type="button" data-action="setup-empty">{m("analysis.button.empty")}</button></p>'
                f"</details>"
            ),
            (
                f'<details class="diagram-description"><summary>{m("site.diagram.description")}</summary>'
                f'<p data-role="desc">{_esc(diagrams.describe(state, lang))}</p></details>'
            ),
            "</div>",
        ]
    )


def layout_example_html(args: str, lang: str, ctx: MarkerContext) -> str:
    """`<!-- layoutexample: GAME -->`: the text form of the Play page's first deal, as the page's
    "Check and open this text" reads it (pyworker/layout_text.py writes it: the example is
    always one the page accepts)."""
    import engine
    from pyworker import layout_text

    game = args.strip()
    if game not in GAMES:
        ctx.fail(
            f"layoutexample marker needs a game: <!-- layoutexample: crescent --> (got {args.strip()!r})"
        )
    text = layout_text.format(engine.new_game(DEFAULT_CODES[game]).state())
    return f'<pre class="cc-layout-example" data-layout-example="{game}"><code>{_esc(text)}</code></pre>'
