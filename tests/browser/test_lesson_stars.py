"""Lessons' stars against their par (issue 25 item 4), in headless Chromium on the built site:
three at par, two with up to two actions more, one otherwise; actions taken back count too.
The marks are aria-hidden; the sentence is in the result and in the role="status" element."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

import catalogues
import engine
from sitegen.lessons import load_lesson, par
from tests.browser.livesite import Watch, page_path
from tests.browser.test_learn import play, status, text
from tests.conftest import ROOT

pytestmark = pytest.mark.browser
DOCS = ROOT / "docs"


def undo(el: Locator, lesson_state: dict, line: list[str]) -> engine.Game:
    """Presses Undo; the game as it is after `line` from the lesson's position."""
    el.locator("[data-action='undo']").click()
    expect(status(el)).to_have_text(catalogues.message(str(el.get_attribute("data-lang")), "ui.undone"))
    back = engine.from_state(lesson_state)
    for move in line:
        back.play(move)
    return back


def check_stars(el: Locator, lang: str, lesson, actions: int, stars: int) -> None:  # type: ignore[no-untyped-def]
    fewest = par(lesson)
    expect(el).to_have_attribute("data-done", "true")
    expect(el).to_have_attribute("data-stars", str(stars))
    sentence = catalogues.message(lang, f"learn.stars.{stars}", actions=actions, par=fewest)
    box = el.locator("[data-role='stars']")
    expect(box).to_be_visible()
    expect(box.locator("[data-role='star-text']")).to_have_text(sentence)
    marks = box.locator("[data-role='star-marks']")
    expect(marks).to_have_text("★" * stars + "☆" * (3 - stars))
    expect(marks).to_have_attribute("aria-hidden", "true")
    expect(status(el)).to_have_text(text(lang, lesson, "done") + " " + sentence)
    expect(el.locator("[data-role='par']")).to_have_text(catalogues.message(lang, "learn.par", par=fewest))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_stars_at_par_and_above_it(page: Page, live_url: str, watched: Watch, lang: str) -> None:
    # At par: the intended line, three stars.
    lesson = load_lesson(DOCS, "cr-free", ROOT)
    assert par(lesson) == len(lesson.line) == 2
    page.goto(live_url + page_path(lang, "crescent") + "#lesson-cr-free")
    el = page.locator("[data-lesson='cr-free']")
    expect(el).to_have_attribute("data-live", "true")
    expect(el.locator("[data-role='stars']")).to_be_hidden()
    game = engine.from_state(lesson.state)
    for move in lesson.line:
        play(el, game, move)
    check_stars(el, lang, lesson, 2, 3)

    # Reset: the count starts again. The first action played and taken back three times, then
    # the line: 3 + 2 = 5 actions, three above par: one star.
    el.locator("[data-action='reset']").click()
    expect(el).not_to_have_attribute("data-stars", "3")
    expect(el.locator("[data-role='stars']")).to_be_hidden()
    game = engine.from_state(lesson.state)
    for _ in range(3):
        play(el, game, lesson.line[0])
        expect(el.locator("[data-action='undo']")).to_be_enabled()
        game = undo(el, lesson.state, [])
    for move in lesson.line:
        play(el, game, move)
    check_stars(el, lang, lesson, 5, 1)

    # Above par: cf-draw (par 4), a draw taken back once, then the line: 5 actions, two stars.
    lesson = load_lesson(DOCS, "cf-draw", ROOT)
    assert par(lesson) == 4
    page.goto(live_url + page_path(lang, "canfield") + "#lesson-cf-draw")
    el = page.locator("[data-lesson='cf-draw']")
    expect(el).to_have_attribute("data-live", "true")
    game = engine.from_state(lesson.state)
    play(el, game, lesson.line[0])
    expect(el.locator("[data-action='undo']")).to_be_enabled()
    game = undo(el, lesson.state, [])
    for move in lesson.line:
        play(el, game, move)
    check_stars(el, lang, lesson, 5, 2)


def drawing(el: Locator) -> list[str]:
    """The board's drawing as its elements, in order but for the <defs> (the stored start
    drawing and an answer's list the glyphs they define in different orders), and its
    description, which says every card's place."""
    svg = el.locator("[data-role='svg'] svg").first
    parts = re.split(r"(?=<)", svg.evaluate("s => s.outerHTML"))
    start, end = parts.index(next(p for p in parts if p.startswith("<defs"))), parts.index("</defs>")
    return [*parts[:start], *sorted(parts[start:end]), *parts[end:], svg.locator("desc").text_content() or ""]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_show_me_plays_the_par_line_then_puts_the_lesson_back_without_stars(
    page: Page, live_url: str, watched: Watch, lang: str
) -> None:
    from sitegen.lessons import par_line

    lesson = load_lesson(DOCS, "cf-draw", ROOT)
    line = par_line(lesson)
    assert len(line) == par(lesson) == 4
    page.goto(live_url + page_path(lang, "canfield") + "#lesson-cf-draw")
    el = page.locator("[data-lesson='cf-draw']")
    expect(el).to_have_attribute("data-live", "true")
    assert el.get_attribute("data-show") == json.dumps(line)
    button = el.locator("[data-action='show-me']")
    expect(button).to_have_text(catalogues.message(lang, "learn.button.show"))
    # The reader has played one action of the line: Show me starts from the lesson's start and
    # comes back to this position.
    game = engine.from_state(lesson.state)
    play(el, game, lesson.line[0])
    expect(el.locator("[data-action='undo']")).to_be_enabled()
    before = drawing(el)
    # Every text the status line shows from the click on: the "playing" sentence comes first
    # and the line's own steps replace it, so on a busy machine a poll can miss it.
    el.evaluate(
        """el => {
            const line = el.querySelector("[role='status']");
            window.ccShown = [];
            new MutationObserver(() => window.ccShown.push(line.textContent.trim()))
                .observe(line, {childList: true, characterData: true, subtree: true});
        }"""
    )
    button.click()
    expect(el).to_have_attribute("data-showing", "true")
    playing = catalogues.message(lang, "learn.show.playing")
    page.wait_for_function("text => window.ccShown.includes(text)", arg=playing, timeout=10_000)
    # The cards glide as on the Play page (an animation on the drawing while the line plays).
    page.wait_for_function(
        "() => document.querySelector(\"[data-lesson='cf-draw'] [data-role='svg'] svg\")"
        ".getAnimations({subtree: true}).length > 0",
        timeout=10_000,
    )
    expect(el).to_have_attribute("data-show-step", str(len(line)), timeout=15_000)
    expect(el).not_to_have_attribute("data-showing", "true", timeout=10_000)
    expect(status(el)).to_have_text(catalogues.message(lang, "learn.show.done"))
    assert drawing(el) == before
    assert el.get_attribute("data-done") is None and el.get_attribute("data-stars") is None
    progress = page.evaluate("localStorage.getItem('cc-learn-progress')")
    assert progress is None or "cf-draw" not in progress
    # The reader goes on from where they were: solved, but without stars.
    for move in lesson.line[1:]:
        play(el, game, move)
    expect(el).to_have_attribute("data-done", "true")
    assert el.get_attribute("data-stars") is None
    box = el.locator("[data-role='stars']")
    expect(box.locator("[data-role='star-text']")).to_have_text(catalogues.message(lang, "learn.stars.shown"))
