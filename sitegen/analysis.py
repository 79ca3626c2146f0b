"""Build-time HTML of an Analysis page: `<!-- analysis: GAME -->` (issue 23).

The page's board opens the position its URL names (`#state=` + URL-safe base64 of a state's
JSON, or `#code=…&moves=…`: CONTRACT.md) or an empty layout to fill, and its scripts
(docs/assets/js/analysis/) ask Python whether the position is valid (pyworker/analysis.py) and
the verdict worker what each legal action leads to. Everything the reader sees before Python
runs is made here: the empty layout drawn, the set-up form (a place, a card, a palette filled
by the script, the pasted text form), and every label in the page's language.
"""

from __future__ import annotations

from typing import Any

import catalogues
import diagrams
from sitegen import play
from sitegen.context import MarkerContext
from sitegen.games import GAMES, site_game
from sitegen.live import JS_MESSAGES, ui_messages
from sitegen.templating import render, safe

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


def empty_state(game: str) -> dict[str, Any]:
    """The empty layout a reader fills (sitegen/games.py `empty`: Crescent's eight base cards on
    their foundations and three redeals; Canfield's columns, reserve, stock and waste empty, base
    rank and draw as the classic game's defaults). It has no code: a hand-made position belongs
    to no deal."""
    return site_game(game).empty()


def _place_options(game: str, lang: str) -> list[tuple[str, str]]:
    """The set-up form's places, each by its name on the board (core.json `place.*`)."""
    kind = site_game(game).kind
    out = []
    for place in diagrams.places(game):
        if place.isdigit():
            name = catalogues.message(lang, f"place.{kind.family}.{kind.numbered_word}", n=place)
        else:
            name = catalogues.message(lang, f"place.{kind.family}.{place}")
        out.append((place, name))
    return out


def analysis_html(args: str, lang: str, ctx: MarkerContext) -> str:
    """An Analysis board: the position, its verdict, its legal actions, and the set-up form."""
    words = args.split()
    if len(words) != 1 or words[0] not in GAMES:
        ctx.fail(f"analysis marker needs a game: <!-- analysis: crescent --> (got {args.strip()!r})")
    game = words[0]
    ident = f"analysis-{game}"
    ctx.claim_id(ident)
    state = empty_state(game)
    msg = lambda key, **p: catalogues.message(lang, key, **p)  # noqa: E731 - a local shorthand
    return render(
        "analysis/board.html",
        game=site_game(game),
        ident=ident,
        lang=lang,
        play_page=f"../play-{game}/",
        m=msg,
        messages=ui_messages(lang, JS_MESSAGES + play.js_keys() + JS_KEYS),
        state=state,
        svg=safe(diagrams.render_svg(state, lang, diagram_id=ident, interactive=True)),
        places=_place_options(game, lang),
        describe=diagrams.describe(state, lang),
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
    text = layout_text.format(engine.new_game(site_game(game).default_code).state())
    return render("analysis/layout_example.html", game=game, text=text)
