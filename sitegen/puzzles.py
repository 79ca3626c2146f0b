"""Puzzles: `<!-- puzzles: GAME -->` on each game's puzzles page, from `docs/puzzles/ID.json`.

Each game's puzzles have a page of their own (PAGE_OF: docs/<lang>/puzzles-GAME.md); the
Puzzles page (puzzles.md) says what puzzles are and holds the panel (`<!-- puzzlepicker: panel
-->`: the reader's rating, the picker, the puzzle of the day), which the game pages hold too.
The panel lists every puzzle of both games (`puzzle_list`), so the picker and the day's puzzle
work across the pages, and an old address (`puzzles/#puzzle-ID`, from before the split) is sent
on to the puzzle's page (assets/js/learn/rating.js).

On the page a puzzle is a board (sitegen/learn_tree.py: every click answered from the build):
the right move solves it; a wrong one shows the position it leads to, says that the solver
proved it lost, and lets the reader step through the refutation line. What the page only
needs once a puzzle is played (the refutation's controls, the "solved" badge, the link to the
next puzzle) is made by assets/js/learn/lesson.js then, from the page's messages: a page holds
some 45 puzzles within tests/test_page_weight.py's cap.

The puzzle files themselves (their format, the checks, the rating and grade) are
sitegen/puzzle_records.py, whose names are re-exported here.
"""

from __future__ import annotations

from typing import Any

from sitegen.context import MarkerContext
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


# ---- the page's answers ---------------------------------------------------------------------


def answers(puzzle: Puzzle, lang: str, ident: str) -> dict[str, Any]:
    import catalogues
    import diagrams
    import engine
    from sitegen.learn_tree import precompute, state_key

    start = engine.from_state(puzzle.state)
    solved = start.copy()
    solved.play(puzzle.move)
    good_key = state_key(solved.state())
    children = {}
    for move in puzzle.alternatives:
        twin = start.copy()
        twin.play(move)
        children[state_key(twin.state())] = move
    total = int(puzzle.difficulty.get("nodes", 0))
    refutations: list[dict[str, Any]] = []
    m = lambda key, **p: catalogues.message(lang, key, **p)  # noqa: E731

    def move_name(move: str, before: dict[str, Any]) -> str:
        """The move as the page's captions say it ("Move 143: …"); a redeal by its name."""
        if move == "redeal":
            return m("learn.puzzle.redeal")
        return diagrams.caption(move, before, lang, before["moves"] + 1)

    def refute(move: str, svg_ref: Any) -> int:
        game = start.copy()
        caption = move_name(move, game.state())
        game.play(move)
        svgs = [
            svg_ref(
                diagrams.render_svg(
                    game.state(), lang, diagram_id=ident, interactive=True, highlight=_highlight(move)
                )
            )
        ]
        captions = []
        for step in puzzle.refutations[move]:
            before = game.state()
            text = (
                m("ui.redealt", n=before.get("redeals_left", 1) - 1)
                if step == "redeal" and before.get("redeals_left", 1) > 1
                else m("ui.redealt-last")
                if step == "redeal"
                else diagrams.caption(step, before, lang, before["moves"] + 1)
            )
            game.play(step)
            captions.append(text)
            svgs.append(
                svg_ref(
                    diagrams.render_svg(
                        game.state(), lang, diagram_id=ident, interactive=True, highlight=_highlight(step)
                    )
                )
            )
        nodes = int(puzzle.alternatives[move].get("nodes", 0))
        end = m("learn.puzzle.blocked") if game.status == "blocked" else m("learn.puzzle.no-win")
        if captions:
            # The last step as a sentence, then the end. A redeal's step is one already
            # ("Redealt: no redeals left."): a stop added to it gave "left.. No move is left" in
            # every language, and a move's step got a Latin stop after Japanese text.
            last = captions[-1]
            if not last.endswith((".", "!", "?", "。")):
                last = m("punct.stop", text=last)
            captions[-1] = m("punct.then", before=last, after=end)
        # A redeal is not a move (CONTRACT.md): the message names the action by its kind. With
        # no step to go through (lost at once), the message ends with the blocked text; the
        # no-win text would only repeat its opening ("after this move no line wins any more").
        start_text = m(
            "learn.puzzle.wrong",
            move=caption,
            kind="redeal" if move == "redeal" else "move",
            nodes=nodes,
            steps=len(captions),
            end=end if captions or game.status == "blocked" else "",
        ).rstrip()
        refutations.append(
            {
                "start": start_text,
                "captions": captions,
                "svgs": svgs,
                "move": move,
            }
        )
        return len(refutations) - 1

    def verdict(before: dict[str, Any], move: str, after: dict[str, Any], svg_ref: Any) -> Any:
        key = state_key(after)
        if key == good_key:
            return 1
        wrong = children.get(key)
        if wrong is None:  # not a move of the position (cannot happen: kept for safety)
            return {"refused": {"reason": "off-goal"}, "message": m("learn.puzzle.try"), "kind": "refused"}
        index = refute(wrong, svg_ref)
        first = refutations[index]
        return {
            "refutation": index,
            "message": first["start"],
            "kind": "refused",
            "state": after,
            "selected": None,
        }

    data = precompute([puzzle.state, solved.state()], lang, ident, verdict, frozenset({1}))
    caption = move_name(puzzle.move, puzzle.state)
    # Counts as numbers: the message picks its words for zero (no search) and writes the digits.
    done = m("learn.puzzle.solved", move=caption, count=len(puzzle.alternatives), nodes=total)
    for answer in data["responses"]:
        if answer.get("node") == 1:
            answer["done"] = True
            answer["message"] = done
            answer["kind"] = "won"
    data["refutations"] = refutations
    return data


def _highlight(move: str) -> tuple[str, str] | None:
    if ">" not in move:
        return None
    src, dst = move.split(">", 1)
    return src.split(":")[0], dst


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


def goal_html(lang: str) -> str:
    import catalogues
    from sitegen.live import _esc

    m = lambda key, **p: _esc(catalogues.message(lang, key, **p))  # noqa: E731
    gap = m("punct.then", before="", after="")  # between a label and its text: none in Japanese
    goal = m("learn.puzzle.goal")
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
    return _esc(
        catalogues.message(
            lang,
            "learn.puzzle.rating-rule",
            base=RATING_BASE,
            legal=w["legal"],
            nodes=w["nodes"],
            depth=w["depth"],
            beginner=w["beginner"],
        )
    )


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
    facts += " " + m("learn.puzzle.rating", rating=rating(puzzle))
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
    return "\n".join(lines)
