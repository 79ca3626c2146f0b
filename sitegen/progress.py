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

GAMES = ("crescent", "canfield")
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
    from sitegen.live import _esc, _page_prefix, json_script, ui_messages

    if args.strip() != "summary":
        ctx.fail("the progress marker is <!-- progress: summary -->")
    ctx.claim_id("progress")
    m = lambda key, **p: _esc(catalogues.message(lang, key, **p))  # noqa: E731
    prefix = _page_prefix(ctx)
    parts = [
        (
            '<section class="cc-progress" id="progress" data-progress data-search-exclude'
            ' aria-labelledby="progress-title">'
        ),
        json_script("ui", ui_messages(lang, PROGRESS_MESSAGES)),
        f'<p id="progress-title"><strong>{m("learn.progress.title")}</strong></p>',
    ]
    for game, lessons in lesson_order(ctx.docs_dir, ctx.root).items():
        items = "".join(
            f'<li data-learn-item="lessons" data-id="{_esc(lesson.name)}">'
            f'<a href="{prefix}{game}/#lesson-{_esc(lesson.name)}">'
            f"{_esc(catalogues.message(lang, lesson.text['title'], **_params(lesson.params, lang, game)))}"
            "</a></li>"
            for lesson in lessons
        )
        parts.append(
            f'<details class="cc-progress-list"><summary>{m("learn.progress.game." + game)}</summary>'
            f"<ol>{items}</ol></details>"
        )
    puzzles = _puzzle_items(ctx, lang, prefix)
    parts.append('<p><span data-role="count-lessons"></span> · <span data-role="count-puzzles"></span></p>')
    if puzzles:
        parts.append(puzzles)
    parts.append(
        f'<p><button type="button" data-action="clear-progress">{m("learn.progress.clear")}</button></p>'
    )
    parts.append('<p class="cc-status" role="status" aria-live="polite"></p>')
    parts.append("</section>")
    return "\n".join(parts)


def _puzzle_items(ctx: MarkerContext, lang: str, prefix: str) -> str:
    """The puzzles' list, in the puzzles pages' order (empty while there are none)."""
    import catalogues
    from sitegen.live import _esc
    from sitegen.puzzles import PAGE_OF, puzzle_order, puzzle_title

    items = "".join(
        f'<li data-learn-item="puzzles" data-id="{_esc(puzzle.name)}">'
        f'<a href="{prefix}{PAGE_OF[puzzle.game]}/#puzzle-{_esc(puzzle.name)}">'
        f"{_esc(puzzle_title(puzzle, lang, number=number))}</a></li>"
        for puzzles in puzzle_order(ctx.docs_dir, ctx.root).values()
        for number, puzzle in enumerate(puzzles, start=1)
    )
    if not items:
        return ""
    return (
        '<details class="cc-progress-list">'
        f"<summary>{_esc(catalogues.message(lang, 'learn.progress.puzzle-list'))}</summary>"
        f"<ol>{items}</ol></details>"
    )
