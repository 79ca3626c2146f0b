"""Lessons' par (issue 25 item 4): the fewest actions that reach the goal, found by the build's
breadth-first search (sitegen/lessons.py `par`), checked here by a separate exhaustive search,
and said on the page with its star rule."""

from __future__ import annotations

from typing import Any

import pytest

import catalogues
import engine
from sitegen.lessons import goal_met, lesson_html, load_lesson, par
from sitegen.live import _esc
from tests.conftest import ROOT

DOCS = ROOT / "docs"
LESSONS = sorted(p.stem for p in (DOCS / "lessons").glob("*.json"))


def reaches(game: Any, goal: dict[str, Any], depth: int) -> bool:
    """Some line of at most `depth` actions from `game` meets `goal` (depth-first, no memo)."""
    if goal_met(game.state(), goal):
        return True
    if depth == 0:
        return False
    for move in game.legal_moves():
        twin = game.copy()
        twin.play(move)
        if reaches(twin, goal, depth - 1):
            return True
    return False


@pytest.mark.parametrize("name", LESSONS)
def test_par_is_the_fewest_actions_that_reach_the_goal(name: str) -> None:
    lesson = load_lesson(DOCS, name, ROOT)
    fewest = par(lesson)
    start = engine.from_state(lesson.state)
    assert 1 <= fewest <= len(lesson.line)
    assert reaches(start, lesson.goal, fewest)
    assert not reaches(start, lesson.goal, fewest - 1)


def test_the_page_says_the_par_and_its_stars() -> None:
    from sitegen.context import MarkerContext

    lesson = load_lesson(DOCS, "cf-draw", ROOT)
    for lang in catalogues.LANGUAGES:
        ctx = MarkerContext(lang=lang, path=f"docs/{lang}/canfield.md", docs_dir=DOCS, root=ROOT)
        html = lesson_html("cf-draw", lang, ctx)
        assert f'data-par="{par(lesson)}"' in html
        rule = catalogues.message(lang, "learn.par", par=par(lesson))

        assert f'<p class="cc-learn-par" data-role="par">{_esc(rule)}</p>' in html, lang
        assert 'aria-hidden="true" data-role="star-marks"' in html
