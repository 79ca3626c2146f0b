"""Build-time HTML of a Play page's own parts, beside the board that sitegen/live.py writes:
the verdict line, the new-game dialog (every named version of the game, engine.VERSIONS;
Canfield: the seeds' draw choice first, and its "Double click" setting), the reader's
statistics, and the messages their scripts need (catalogues/<lang>/play.json). The scripts are
docs/assets/js/play/ (verdict.js, settings.js, saved.js, stats.js).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine
from sitegen.games import site_game
from sitegen.templating import render

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
    "play.stats.version",  # play/stats.js: the menu of versions beside the figures
    "play.stats.options",
)


def js_keys() -> tuple[str, ...]:
    return JS_KEYS


def versions(game: str) -> tuple[str, ...]:
    """The named versions of `game` the new-game dialog offers: engine.VERSIONS' rows, in its
    order (the seeds' rules first)."""
    prefix = site_game(game).kind.prefix
    return tuple(key for key, (pre, _) in engine.VERSIONS.items() if pre == prefix)


def version_label_key(key: str) -> str:
    """The dialog's label of a version: the seeds' own words for the app's two draws."""
    return {"canfield-app-draw-3": "play.draw.3", "canfield-app-draw-1": "play.draw.1"}.get(
        key, f"play.version.{key}"
    )


def newgame_button(game: str, m: Callable[..., str]) -> str:
    """ "New game…" opens the dialog, where the version is chosen."""
    return render("play/newgame_button.html", m=m)


def _choices(keys: tuple[str, ...], checked: str) -> list[dict[str, Any]]:
    return [
        {
            "key": key,
            "code": engine.VERSIONS[key][1],
            "label": version_label_key(key),
            "checked": key == checked,
        }
        for key in keys
    ]


def dialog(game: str, state: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The dialog's radios: `app` (the seeds' draw choice, for a game with `app_draws`: the
    deal's draw checked) and `others` (every other version; without `app_draws`, the seeds'
    rules first and checked)."""
    keys = versions(game)
    if not site_game(game).app_draws:
        return {"app": [], "others": _choices(keys, keys[0])}
    default = f"{game}-app-draw-{state.get('draw', 3)}"
    app = tuple(k for k in keys if k.startswith(f"{game}-app-"))
    others = tuple(k for k in keys if k not in app)
    return {"app": _choices(app, default), "others": _choices(others, default)}


def mystats(game: str) -> tuple[tuple[str, str], ...]:
    """The reader's own figures kept for this game: (data-stat, label key)."""
    best = "play.stats.best-score" if site_game(game).score else "play.stats.best-moves"
    return (
        ("played", "play.stats.played"),
        ("won", "play.stats.won"),
        ("best", best),
        ("bestTime", "play.stats.best-time"),
        ("streak", "play.stats.streak"),
    )


def dialog_html(game: str, ident: str, state: dict[str, Any], m: Callable[..., str]) -> str:
    """The new-game dialog alone (the board's template includes it): `m(key, **params)` a
    message of the page's language."""
    return render("play/dialog.html", m=m, ident=ident, dialog=dialog(game, state))


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
    return render("play/link.html", up=up, game=game.game, code=code)
