"""Input that reaches a board before its module has made it (issue 27, finding 4).

The page's modules load after its HTML (main.js imports each kind of component's module), so a
reader's first click, drag or key may come before the board listens. boot.js, a classic script
that runs first, holds that input and plays it to the board once made. Each test here holds
the board's module back (the race made certain, not left to the machine's load), acts, lets
the module come, and checks that the input took effect.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import diagrams
import engine
from sitegen.lessons import load_lesson
from tests.browser.livesite import Watch, hold, page_path
from tests.browser.pictures import click_picture, drag_on_picture
from tests.browser.test_live import msg
from tests.conftest import ROOT

pytestmark = pytest.mark.browser
NO_PYTHON = re.compile(r".*/(pyodide/.*|assets/py\.zip)$")


def state_of(el: Any) -> dict[str, Any]:
    return json.loads(el.get_attribute("data-state") or "null")


def made(page: Page, selector: str) -> bool:
    return bool(page.evaluate(f"!!document.querySelector({json.dumps(selector)}).__cc"))


def test_a_click_on_a_rules_picture_before_its_module_is_answered(
    page: Page, live_url: str, watched: Watch
) -> None:
    page.context.route(NO_PYTHON, lambda r: r.abort())
    module = hold(page, r".*/assets/js/tryit/tryit\.js$")
    page.goto(live_url + page_path("fr", "crescent"))
    figure = page.locator("figure[data-tryit]").first
    state = state_of(figure)
    game = engine.from_state(state)
    src = next(
        p
        for p in diagrams.places("crescent")
        if p.isdigit() and state["piles"][int(p) - 1] and engine.tap(game, p) is None
    )
    click_picture(figure, state, "fr", src)
    assert not made(page, "figure[data-tryit]"), "the module came before the click: nothing was held"
    module.release()
    expect(figure.locator(f"[data-place='{src}']")).to_have_class(re.compile("is-selected"))


def test_a_drag_on_a_lesson_picture_before_its_module_is_played(
    page: Page, live_url: str, watched: Watch
) -> None:
    module = hold(page, r".*/assets/js/learn/lesson\.js$")
    lesson = load_lesson(ROOT / "docs", "cr-wrap", ROOT)
    src, dst = lesson.line[0].split(">")
    page.goto(live_url + page_path("en", "crescent") + "#lesson-cr-wrap")
    el = page.locator("[data-lesson='cr-wrap']")
    drag_on_picture(el, lesson.state, "en", src, dst)
    assert not made(page, "[data-lesson='cr-wrap']")
    module.release()
    game = engine.from_state(lesson.state)
    game.play(lesson.line[0])
    expect(el).to_have_attribute("data-done", "true")
    assert state_of(el) == game.state()


def test_the_try_it_button_pressed_before_its_module_is_pressed(
    page: Page, live_url: str, watched: Watch
) -> None:
    page.context.route(NO_PYTHON, lambda r: r.abort())
    module = hold(page, r".*/assets/js/tryit/tryit\.js$")
    page.goto(live_url + page_path("de", "crescent"))
    figure = page.locator("figure[data-tryit]").first
    button = figure.locator("[data-action='tryit']")
    button.click()
    assert not made(page, "figure[data-tryit]")
    module.release()
    expect(button).to_be_hidden()
    expect(figure.locator("[role='status']")).to_have_text(msg("de", "ui.tryit-ready"))
    expect(figure.locator("[data-place][tabindex='0']")).to_be_focused()


def test_a_button_of_the_home_pages_progress_pressed_before_its_module_is_pressed(
    page: Page, live_url: str, watched: Watch
) -> None:
    module = hold(page, r".*/assets/js/learn/progress\.js$")
    page.goto(live_url)
    page.locator("[data-progress] [data-action='clear-progress']").click()
    assert not made(page, "[data-progress]")
    module.release()
    expect(page.locator("[data-progress] [role='status']")).to_have_text(msg("en", "learn.progress.cleared"))
