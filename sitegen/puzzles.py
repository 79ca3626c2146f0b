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
    # The goal is the same sentence for every puzzle: held once, each board gets it from here
    # (learn/lesson.js), as it gets its badge and its refutation's controls.
    return "\n".join(
        [
            f'<template data-role="puzzle-goal">{goal_html(lang)}</template>',
            *(puzzle_html(puzzle, number, lang, ctx) for number, puzzle in enumerate(puzzles, start=1)),
        ]
    )


def goal_html(lang: str, steps: int = 1) -> str:
    import catalogues
    from sitegen.live import _esc

    m = lambda key, **p: _esc(catalogues.message(lang, key, **p))  # noqa: E731
    gap = m("punct.then", before="", after="")  # between a label and its text: none in Japanese
    goal = m("learn.puzzle.goal") if steps == 1 else m("learn.puzzle.goal-steps", steps=steps)
    return (
        '<p class="cc-learn-goal" data-role="goal">'
        f"<span>{m('punct.label', label=catalogues.message(lang, 'learn.goal'))}</span>{gap}{goal}</p>"
    )


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
    import catalogues
    from sitegen.live import _esc, json_script, ui_messages

    if args.strip() != "panel":
        ctx.fail("puzzlepicker draws the panel: <!-- puzzlepicker: panel -->")
    m = lambda key, **p: _esc(catalogues.message(lang, key, **p))  # noqa: E731
    gap = m("punct.then", before="", after="")
    daily = m("punct.label", label=catalogues.message(lang, "learn.daily.label"))
    picks = "".join(
        f'<button type="button" data-pick="{how}">{m(f"learn.pick.{how}")}</button>'
        for how in ("easier", "level", "harder", "missed")
    )
    return "\n".join(
        [
            '<section class="cc-puzzle-picker" data-puzzle-picker data-search-exclude>',
            json_script("ui", ui_messages(lang, PICKER_MESSAGES)),
            json_script("puzzle-list", puzzle_list(lang, ctx)),
            # Hidden until the script has chosen the day's puzzle (no empty link without it).
            (
                f'<p data-role="daily" hidden><span>{daily}</span>'
                f'{gap}<a data-role="daily-link" href="#"></a> <span data-role="streak"></span></p>'
            ),
            '<p data-role="my-rating"></p>',
            f'<p class="cc-learn-par">{m("learn.rating.rule", start=READER_START, k=READER_K)}</p>',
            f'<div role="group" aria-label="{m("learn.pick.label")}">{picks}</div>',
            f'<p><button type="button" data-action="clear-rating">{m("learn.rating.clear")}</button></p>',
            '<p class="cc-status" role="status" aria-live="polite" data-role="status"></p>',
            "</section>",
        ]
    )


def puzzle_list(lang: str, ctx: MarkerContext) -> dict[str, Any]:
    """Every puzzle of both games for the panel's script, in the pages' order (each game's,
    easiest first, Crescent's first: the order the day's puzzle is chosen in). A puzzle is
    [id, game, rating, grade]; its title is the game's pattern with its number on its page and
    its grade's name, as puzzle_title writes it (tests/test_puzzle_pages.py)."""
    import catalogues
    from sitegen.live import _page_prefix

    order = puzzle_order(ctx.docs_dir, ctx.root)
    return {
        "pages": {game: f"{_page_prefix(ctx)}{PAGE_OF[game]}/" for game in GAMES},
        "titles": {game: catalogues.pattern(lang, f"learn.puzzle.title.{game}") for game in GAMES},
        "grades": {grade: catalogues.message(lang, f"learn.grade.{grade}") for grade in GRADES},
        "puzzles": [
            [p.name, p.game, rating(p), p.difficulty["grade"]] for game in GAMES for p in order[game]
        ],
    }


def puzzle_html(puzzle: Puzzle, number: int, lang: str, ctx: MarkerContext) -> str:
    import catalogues
    import diagrams
    from sitegen.live import JS_MESSAGES, _esc, answers_file, json_script, ui_messages, unpack_svg
    from sitegen.pictures import picture_html

    ident = f"puzzle-{puzzle.name}"
    ctx.claim_id(ident)
    data = answers(puzzle, lang, ident)
    m = lambda key, **p: _esc(catalogues.message(lang, key, **p))  # noqa: E731
    root = data["nodes"][0]
    svg = unpack_svg(data["packed"], root["svg_ref"])
    title = _esc(puzzle_title(puzzle, lang, number=number))
    # The board's picture says which puzzle it is, not only the game (issue 22).
    board = catalogues.message(lang, f"title.{puzzle.game}")
    alt = catalogues.message(
        lang, "figure.puzzle", board=board, title=puzzle_title(puzzle, lang, number=number)
    )
    extra = ""
    if puzzle.game == "crescent":
        extra = (
            f'<button type="button" data-action="redeal" data-role="redeal">'
            f"{_esc(root['labels'].get('redeal', ''))}</button>"
        )
    else:
        extra = f'<button type="button" data-action="draw">{m("ui.button.draw")}</button>'
    d = puzzle.difficulty
    source = puzzle.source
    facts = m(
        "learn.puzzle.facts",
        game=puzzle.game,  # Korean names the game's own foundation term (완성 더미, 파운데이션)
        code=source.get("code", ""),
        actions=int(source.get("actions", 0)),
        legal=d.get("legal", 0),
        tempting=len(d.get("tempting", [])),
        nodes=int(d.get("nodes", 0)),
    )
    gap = m("punct.then", before="", after="")  # between sentences: none in Japanese
    if puzzle.steps > 1:
        facts += gap + m("learn.puzzle.win-in", steps=puzzle.steps)
    facts += gap + m("learn.puzzle.rating", rating=rating(puzzle))
    lines = [
        # No data-state, data-lang, data-title or goal line: the board's position comes with
        # its answers (it is live then, data-state set, as a Play board's once Python holds
        # it), the page's language is the document's, its title is the panel's list's, and
        # the goal the page's template (puzzles_html): 1 KB less per puzzle.
        (
            f'<section class="cc-live cc-learn cc-puzzle" id="{ident}" data-puzzle="{_esc(puzzle.name)}"'
            f' data-board="{puzzle.game}" data-answers="{_esc(answers_file(data, lang))}"'
            f' data-grade="{_esc(d["grade"])}" data-rating="{rating(puzzle)}"'
            f' data-search-exclude aria-labelledby="{ident}-title">'
        ),
        f'<h3 class="cc-learn-title" id="{ident}-title">{title}</h3>',
        # A "win in N" puzzle says its own goal (the others take the page's: puzzles_html).
        goal_html(lang, puzzle.steps) if puzzle.steps > 1 else "",
        json_script("ui", ui_messages(lang, JS_MESSAGES + PUZZLE_MESSAGES)),
        # A picture until the board's answers (with its drawing) arrive: a tab stop meanwhile, so
        # that a keyboard reader who comes to it is taken to the board's first place then.
        (
            f'<div class="cc-svg" data-role="svg" tabindex="0" data-picture-stop>'
            f"{picture_html(svg, lang, ctx, ident=ident, desc_id=ident + '-desc', alt=alt)}</div>"
        ),
        (
            f'<div class="cc-toolbar">{extra}'
            f'<button type="button" data-action="reset">{m("learn.button.retry")}</button></div>'
        ),
        '<p class="cc-status" role="status" aria-live="polite" data-role="status"></p>',
        f'<p class="cc-learn-facts">{facts}</p>',
        (
            f'<details class="diagram-description"><summary>{m("site.diagram.description")}</summary>'
            f'<p data-role="desc" id="{ident}-desc">{_esc(diagrams.describe(puzzle.state, lang))}</p>'
            "</details>"
        ),
        "</section>",
    ]
    return "\n".join(line for line in lines if line)  # a blank line would end the HTML block
