"""Build-time HTML of a Play page's own parts, beside the board that sitegen/live.py writes:
the verdict line, the new-game dialog (every named version of the game, engine.VERSIONS;
Canfield: the seeds' draw choice first, and its "Double click" setting), the reader's
statistics, and the messages their scripts need (catalogues/<lang>/play.json). The scripts are
docs/assets/js/play/ (verdict.js, settings.js, saved.js, stats.js).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import engine

# play.json keys the page's scripts show without asking Python (the rest Python sends itself).
JS_KEYS = (
    "play.verdict.pending",
    "play.verdict.win",
    "play.verdict.loss",
    "play.verdict.unknown",
    "play.verdict.lost-here",
    "play.verdict.off",
    "play.recovered",
    "play.storage-failed",
    "play.other-tab",  # play/saved.js: another tab changed the kept game
    "play.other-tab.open",
    "play.stats.cleared",
    "play.stats.repaired",
    "play.stats.none",
)


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def js_keys() -> tuple[str, ...]:
    return JS_KEYS


def verdict_html(m: Callable[..., str]) -> str:
    """The verdict line: `data-verdict` on the board says the same for tests and tools."""
    return (
        f'<div class="cc-verdict" data-role="verdict-box" data-search-exclude>'
        f'<span class="cc-verdict-label">{m("play.verdict.label")}</span> '
        f'<output data-role="verdict" aria-live="polite">{m("play.verdict.pending")}</output>'
        f'<span data-role="verdict-note" aria-live="polite"></span>'
        f'<button type="button" data-action="undo-to-winnable" hidden>'
        f"{m('play.button.undo-to-winnable')}</button></div>"
    )


def versions(game: str) -> tuple[str, ...]:
    """The named versions of `game` the new-game dialog offers: engine.VERSIONS' rows, in its
    order (the seeds' rules first)."""
    prefix = {"crescent": "CR", "canfield": "CF"}[game]
    return tuple(key for key, (pre, _) in engine.VERSIONS.items() if pre == prefix)


def version_label_key(key: str) -> str:
    """The dialog's label of a version: the seeds' own words for the app's two draws."""
    return {"canfield-app-draw-3": "play.draw.3", "canfield-app-draw-1": "play.draw.1"}.get(
        key, f"play.version.{key}"
    )


def newgame_button(game: str, m: Callable[..., str]) -> str:
    """ "New game…" opens the dialog, where the version is chosen."""
    return (
        f'<button type="button" data-action="newgame" aria-haspopup="dialog">'
        f"{m('play.button.newgame')}</button>"
    )


def _radios(keys: tuple[str, ...], checked: str, m: Callable[..., str]) -> str:
    return "".join(
        f'<label><input type="radio" name="version" value="{_esc(key)}" data-role="version-choice"'
        f' data-code="{_esc(engine.VERSIONS[key][1])}"'
        f"{' checked' if key == checked else ''}> {m(version_label_key(key))}</label>"
        for key in keys
    )


def dialog_html(game: str, ident: str, state: dict[str, Any], m: Callable[..., str]) -> str:
    """The new-game dialog: a real <dialog>, labelled by its title, offering every named version
    (Canfield: the seeds' draw choice first, then the other versions; and "Double click")."""
    title = f"{ident}-newgame-title"
    keys = versions(game)
    if game == "canfield":
        default = f"canfield-app-draw-{state.get('draw', 3)}"
        app = tuple(k for k in keys if k.startswith("canfield-app-"))
        others = tuple(k for k in keys if k not in app)
        help_id = f"{ident}-double-click-help"
        choices = (
            f"<fieldset><legend>{m('play.dialog.draw')}</legend>{_radios(app, default, m)}</fieldset>"
            f"<fieldset><legend>{m('play.dialog.other-versions')}</legend>"
            f"{_radios(others, default, m)}</fieldset>"
            f'<p><label><input type="checkbox" name="double-click" data-role="double-click" checked'
            f' aria-describedby="{_esc(help_id)}"> {m("play.dialog.double-click")}</label></p>'
            f'<p class="cc-help" id="{_esc(help_id)}">{m("play.dialog.double-click-help")}</p>'
        )
    else:
        choices = (
            f"<fieldset><legend>{m('play.dialog.version')}</legend>{_radios(keys, keys[0], m)}</fieldset>"
        )
    return (
        f'<dialog class="cc-dialog" data-role="newgame-dialog" aria-labelledby="{_esc(title)}">'
        f'<form method="dialog">'
        f'<h2 id="{_esc(title)}">{m("play.dialog.title")}</h2>'
        f"{choices}"
        # "Deal" first: Enter in the form submits with the first button.
        f'<p class="cc-dialog-buttons"><button type="submit" value="deal" data-role="deal">'
        f'{m("play.dialog.start")}</button> <button type="submit" value="cancel">'
        f"{m('play.dialog.cancel')}</button></p>"
        f"</form></dialog>"
    )


def stats_html(game: str, m: Callable[..., str]) -> str:
    """The reader's own figures for this game, filled in by play/stats.js from the browser."""
    best = "play.stats.best-score" if game == "canfield" else "play.stats.best-moves"
    rows = "".join(
        f'<div><dt>{m(key)}</dt><dd data-stat="{stat}">{m("play.stats.none")}</dd></div>'
        for stat, key in (
            ("played", "play.stats.played"),
            ("won", "play.stats.won"),
            ("best", best),
            ("bestTime", "play.stats.best-time"),
            ("streak", "play.stats.streak"),
        )
    )
    return (
        f'<details class="cc-mystats" data-role="mystats" data-search-exclude>'
        f'<summary>{m("play.stats.title")}</summary><dl class="cc-stats">{rows}</dl>'
        f'<p><button type="button" data-action="clear-stats">{m("play.stats.clear")}</button>'
        f' <span data-role="stats-note" aria-live="polite"></span></p></details>'
    )


def play_link(args: str, lang: str, ctx: Any) -> str:
    """`<!-- playlink: CODE -->`: a link that opens the deal CODE on its game's Play page
    (`play-crescent/#code=CR1-F-AAAAAAB`), the code shown as written. A code the engine does not
    open, or one not in its normal form, fails the build (so the link always opens its deal).
    An HTML link: MkDocs would check `#code=` as a heading's anchor."""
    code = args.strip()
    try:
        game = engine.new_game(code)
    except engine.CodeError as e:
        raise ValueError(f"{code!r} is not a game code the engine opens ({e.reason})") from None
    if game.code != code:
        raise ValueError(f"write the code {code!r} as the engine normalises it: {game.code}")
    up = "" if str(ctx.path).endswith("index.md") else "../"
    return f'<a href="{up}play-{game.game}/#code={_esc(code)}"><code>{_esc(code)}</code></a>'
