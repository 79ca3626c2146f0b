"""`<!-- progress: summary -->` on the home page: the reader's lessons done and puzzles solved.

The build lists every lesson (in each game's `next` order) and every puzzle, with links; the
page's script (assets/js/learn/progress.js, `Progress`) marks those the reader has done, from
localStorage, counts them and offers to clear them. Lessons live on their game's rules page
(`<!-- lesson: ID -->`), puzzles on their game's puzzles page (sitegen/puzzles.py PAGE_OF).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sitegen.context import MarkerContext
from sitegen.games import GAMES as SITE_GAMES

GAMES = tuple(SITE_GAMES)  # the games' names, in the registry's order (sitegen/games.py)
PROGRESS_MESSAGES = ("learn.progress.lessons", "learn.progress.puzzles", "learn.progress.cleared")


def lesson_order(docs_dir: Path, root: Path | None = None) -> dict[str, list[Any]]:
    """Each game's lessons, first to last along their `next` links (then any left over)."""
    from sitegen.lessons import load_lesson

    lessons = {
        p.stem: load_lesson(docs_dir, p.stem, root) for p in sorted((docs_dir / "lessons").glob("*.json"))
    }
    pointed = {lesson.next for lesson in lessons.values() if lesson.next}
    out: dict[str, list[Any]] = {game: [] for game in GAMES}
    placed: set[str] = set()
    for name in sorted(lessons):
        if name in pointed:
            continue
        step: str | None = name
        while step and step not in placed:
            placed.add(step)
            out[lessons[step].game].append(lessons[step])
            step = lessons[step].next
    for name in sorted(set(lessons) - placed):  # a cycle of next links: keep them listed
        out[lessons[name].game].append(lessons[name])
    return out


def progress_html(args: str, lang: str, ctx: MarkerContext) -> str:
    import catalogues
    from sitegen.lessons import _params
    from sitegen.live import _page_prefix, ui_messages
    from sitegen.puzzles import PAGE_OF, puzzle_order, puzzle_title
    from sitegen.templating import render

    if args.strip() != "summary":
        ctx.fail("the progress marker is <!-- progress: summary -->")
    ctx.claim_id("progress")
    m = lambda key, **p: catalogues.message(lang, key, **p)  # noqa: E731 - a local shorthand
    prefix = _page_prefix(ctx)
    # Each list's items as (id, link, title); a lesson is on its game's rules page.
    lessons = {
        game: [
            (
                lesson.name,
                f"{prefix}{game}/#lesson-{lesson.name}",
                m(lesson.text["title"], **_params(lesson.params, lang, game)),
            )
            for lesson in in_order
        ]
        for game, in_order in lesson_order(ctx.docs_dir, ctx.root).items()
    }
    # The puzzles in the puzzles pages' order.
    puzzles = [
        (
            puzzle.name,
            f"{prefix}{PAGE_OF[puzzle.game]}/#puzzle-{puzzle.name}",
            puzzle_title(puzzle, lang, number=number),
        )
        for in_order in puzzle_order(ctx.docs_dir, ctx.root).values()
        for number, puzzle in enumerate(in_order, start=1)
    ]
    return str(
        render(
            "progress.html",
            m=m,
            messages=ui_messages(lang, PROGRESS_MESSAGES),
            lessons=lessons,
            puzzles=puzzles,
        )
    )
