"""Puzzles: `<!-- puzzles: GAME -->` on each game's puzzles page, from `docs/puzzles/ID.json`.

Each game's puzzles have a page of their own (PAGE_OF: docs/<lang>/puzzles-GAME.md); the
Puzzles page (puzzles.md) says what puzzles are and holds the panel (`<!-- puzzlepicker: panel
-->`: the reader's rating, the picker, the puzzle of the day), which the game pages hold too.
The panel lists every puzzle of both games (`puzzle_list`), so the picker and the day's puzzle
work across the pages, and an old address (`puzzles/#puzzle-ID`, from before the split) is sent
on to the puzzle's page (assets/js/learn/rating.js).

On the page a puzzle is a board (sitegen/puzzle_answers.py: every click at every step answered
from the build): the right move solves it (or, "win in N", leads to the next step); a wrong one
shows the position it leads to, says what the solver proved of it (lost, or it only comes back),
and lets the reader step through its line. What the page only
needs once a puzzle is played (the refutation's controls, the "solved" badge, the link to the
next puzzle) is made by assets/js/learn/lesson.js then, from the page's messages: a page holds
some 45 puzzles within tests/test_page_weight.py's cap.

The puzzle files themselves (their format, the checks, the rating and grade) are
sitegen/puzzle_records.py, whose names are re-exported here.
"""

from __future__ import annotations

from typing import Any

from sitegen.context import MarkerContext
from sitegen.games import site_game
from sitegen.puzzle_answers import answers
from sitegen.puzzle_records import (
    GAMES,
    GRADE_BOUNDS,
    GRADES,
    RATING_BASE,
    RATING_WEIGHTS,
    READER_K,
    READER_START,
    Puzzle,
    features,
    grade_of,
    load_puzzle,
    puzzle_order,
    puzzle_title,
    rating,
    rating_of,
)
from sitegen.templating import render, safe

# The names scripts/ and the tests take from here; the records are sitegen/puzzle_records.py.
__all__ = [
    "GAMES",
    "GRADES",
    "GRADE_BOUNDS",
    "PAGE_OF",
    "PICKER_MESSAGES",
    "PUZZLE_MESSAGES",
    "RATING_BASE",
    "RATING_WEIGHTS",
    "READER_K",
    "READER_START",
    "Puzzle",
    "answers",
    "features",
    "grade_of",
    "load_puzzle",
    "picker_html",
    "puzzle_html",
    "puzzle_list",
    "puzzle_order",
    "puzzle_title",
    "puzzles_html",
    "rating",
    "rating_of",
    "rating_rule_text",
]

# The page that holds a game's puzzles (docs/<lang>/PAGE.md; sitegen/progress.py links to it).
PAGE_OF = {game: f"puzzles-{game}" for game in GAMES}

PICKER_MESSAGES = (
    "learn.rating.yours",
    "learn.rating.moved",
    "learn.rating.cleared",
    "learn.pick.none",
    "learn.pick.none-missed",
    "learn.pick.chosen",
    "learn.daily.streak",
)
PUZZLE_MESSAGES = (
    "analysis.link",  # board/board.js adds the link to the Analysis page
    "ui.undone",
    "reason.nothing-to-undo",
    "ui.replay-counter",
    # learn/puzzle.js makes the refutation's controls, the badge and the next link when needed
    "ui.replay.prev",
    "ui.replay.next",
    "learn.badge.solved",
    "learn.puzzle.next",
    "learn.already-done",
    "learn.refutation-reset",
    "ui.deselected",
    "ui.reset-done",
    # learn/stale.js: a file the server no longer has (a newer build) or could not send
    "ui.stale-page",
    "ui.answers-failed",
    "ui.button.reload",
)


# ---- <!-- puzzles: GAME --> -------------------------------------------------------------------


def puzzles_html(args: str, lang: str, ctx: MarkerContext) -> str:
    """Every puzzle of a game, easiest first."""
    words = args.split()
    if len(words) != 1 or words[0] not in GAMES:
        ctx.fail("puzzles marker names a game: <!-- puzzles: crescent --> or <!-- puzzles: canfield -->")
    puzzles = puzzle_order(ctx.docs_dir, ctx.root)[words[0]]
    if not puzzles:
        ctx.fail(f"puzzles: no {words[0]} puzzle in docs/puzzles/")
    return str(
        render(
            "puzzles/page.html",
            **_texts(lang),
            puzzles=[
                safe(puzzle_html(puzzle, number, lang, ctx)) for number, puzzle in enumerate(puzzles, 1)
            ],
        )
    )


def _texts(lang: str) -> dict[str, Any]:
    """What every puzzle template takes from the catalogues: `m` (a message, escaped by the
    template) and `gap`, punct.then's space between a label or sentence and the next (none in
    Japanese)."""
    import catalogues

    return {
        "m": lambda key, **p: catalogues.message(lang, key, **p),
        "gap": catalogues.message(lang, "punct.then", before="", after=""),
    }


def rating_rule_text(args: str, lang: str, ctx: MarkerContext) -> str:
    """`<!-- puzzlerating: rule -->`: the rating's formula as a sentence, its numbers this module's."""
    import catalogues
    from sitegen.live import _esc

    if args.strip() != "rule":
        ctx.fail("puzzlerating says the rule: <!-- puzzlerating: rule -->")
    w = RATING_WEIGHTS
    rule = catalogues.message(
        lang,
        "learn.puzzle.rating-rule",
        base=RATING_BASE,
        legal=w["legal"],
        nodes=w["nodes"],
        depth=w["depth"],
        beginner=w["beginner"],
    )
    steps = catalogues.message(lang, "learn.puzzle.rating-steps", steps=w["steps"])
    return _esc(catalogues.message(lang, "punct.then", before=rule, after=steps))


def picker_html(args: str, lang: str, ctx: MarkerContext) -> str:
    """`<!-- puzzlepicker: panel -->`: the reader's rating, the picker (easier / at my level /
    harder / the ones missed at the first try) and the puzzle of the day with its streak;
    assets/js/learn/rating.js fills it from the page's puzzles and localStorage (nothing it
    shows needs a server)."""
    from sitegen.live import ui_messages

    if args.strip() != "panel":
        ctx.fail("puzzlepicker draws the panel: <!-- puzzlepicker: panel -->")
    order = puzzle_order(ctx.docs_dir, ctx.root)
    titles = [puzzle_title(p, lang, number=n) for game in GAMES for n, p in enumerate(order[game], 1)]
    return str(
        render(
            "puzzles/picker.html",
            **_texts(lang),
            messages=ui_messages(lang, PICKER_MESSAGES),
            puzzle_list=puzzle_list(lang, ctx, order),
            start=READER_START,
            k=READER_K,
            daily_room=max(titles, key=len, default=""),
            picks=("easier", "level", "harder", "missed"),
        )
    )


def puzzle_list(
    lang: str, ctx: MarkerContext, order: dict[str, list[Puzzle]] | None = None
) -> dict[str, Any]:
    """Every puzzle of both games for the panel's script, in the pages' order (each game's,
    easiest first, Crescent's first: the order the day's puzzle is chosen in). A puzzle is
    [id, game, rating, grade]; its title is the game's pattern with its number on its page and
    its grade's name, as puzzle_title writes it (tests/test_puzzle_pages.py). `order`: the
    caller's puzzle_order, when it has read the puzzles already."""
    import catalogues
    from sitegen.live import _page_prefix

    order = order if order is not None else puzzle_order(ctx.docs_dir, ctx.root)
    return {
        "pages": {game: f"{_page_prefix(ctx)}{PAGE_OF[game]}/" for game in GAMES},
        "titles": {game: catalogues.pattern(lang, f"learn.puzzle.title.{game}") for game in GAMES},
        "grades": {grade: catalogues.message(lang, f"learn.grade.{grade}") for grade in GRADES},
        "puzzles": [
            [p.name, p.game, rating(p), p.difficulty["grade"]] for game in GAMES for p in order[game]
        ],
    }


def puzzle_version(state: dict[str, Any]) -> str:
    """The named version (engine.VERSIONS' key) of a position whose state names other rules
    than the app's ("options", engine/canfield.py), or "" for the app's own."""
    import engine

    options = state.get("options")
    if not options:
        return ""
    prefix = site_game(state["game"]).kind.prefix
    return next(k for k, (pre, opts) in engine.VERSIONS.items() if pre == prefix and opts == options)


def puzzle_html(puzzle: Puzzle, number: int, lang: str, ctx: MarkerContext) -> str:
    import diagrams
    from sitegen.live import JS_MESSAGES, answers_file, ui_messages, unpack_svg
    from sitegen.pictures import picture_html

    ident = f"puzzle-{puzzle.name}"
    ctx.claim_id(ident)
    data = answers(puzzle, lang, ident)
    texts = _texts(lang)
    m = texts["m"]
    root = data["nodes"][0]
    svg = unpack_svg(data["packed"], root["svg_ref"])
    title = puzzle_title(puzzle, lang, number=number)
    # The board's picture says which puzzle it is, not only the game (issue 22).
    alt = m("figure.puzzle", board=m(f"title.{puzzle.game}"), title=title)
    d = puzzle.difficulty
    source = puzzle.source
    facts = [
        m(
            "learn.puzzle.facts",
            game=puzzle.game,  # Korean names the game's own foundation term (완성 더미, 파운데이션)
            code=source.get("code", ""),
            actions=int(source.get("actions", 0)),
            legal=d.get("legal", 0),
            tempting=len(d.get("tempting", [])),
            nodes=int(d.get("nodes", 0)),
        )
    ]
    version = puzzle_version(puzzle.state)
    if version:  # a puzzle of another version's rules says which (the statistics page's name)
        facts.append(m("learn.puzzle.rules", version=m(f"site.stats.game.{version}")))
    if puzzle.steps > 1:
        facts.append(m("learn.puzzle.win-in", steps=puzzle.steps))
    facts.append(m("learn.puzzle.rating", rating=rating(puzzle)))
    return str(
        render(
            "puzzles/puzzle.html",
            **texts,
            game=site_game(puzzle.game),
            ident=ident,
            name=puzzle.name,
            answers=answers_file(data, lang),
            grade=d["grade"],
            rating=rating(puzzle),
            title=title,
            steps=puzzle.steps,
            messages=ui_messages(lang, JS_MESSAGES + PUZZLE_MESSAGES),
            picture=safe(picture_html(svg, lang, ctx, ident=ident, desc_id=ident + "-desc", alt=alt)),
            labels=root["labels"],
            facts=facts,
            describe=diagrams.describe(puzzle.state, lang),
        )
    )
