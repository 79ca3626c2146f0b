"""Light pages (issue 10) in headless Chromium against the built site: boards are pictures (an
<img> of a file the build wrote) until their drawing and answers come near the viewport; a
click, a drag or a key on a picture before then waits, busy and said, and is played then;
the examples' move lists come with their step files.

Expected values come from the engine, the diagrams and the catalogues run here in CPython.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import catalogues
import diagrams
import engine
from sitegen.lessons import load_lesson
from tests.browser.livesite import Watch, hold, page_path, until
from tests.browser.pictures import click_picture, drag_on_picture
from tests.conftest import ROOT

pytestmark = pytest.mark.browser
DOCS = ROOT / "docs"
ANSWERS = r".*/assets/tryit/.*\.json$"  # try-it, lesson and puzzle answers alike


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 1000}}


def state_of(el: Any) -> dict[str, Any]:
    return json.loads(el.get_attribute("data-state") or "null")


def test_puzzles_page_draws_only_the_boards_near_the_viewport(
    page: Page, live_url: str, watched: Watch
) -> None:
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(live_url + page_path("el", "puzzles-crescent"))
    # The page itself is light: its HTML, as the browser received and parsed it.
    size = page.evaluate("performance.getEntriesByType('navigation')[0].decodedBodySize")
    assert 0 < size < 200_000, size
    puzzles = page.locator("[data-puzzle]")
    count = puzzles.count()
    assert count > 20
    first, last = puzzles.first, puzzles.nth(count - 1)
    # The first board's drawing came with its answers: its places are buttons, one tab stop.
    expect(first.locator("[data-place][tabindex='0']")).to_have_count(1)
    expect(first.locator("img.cc-picture")).to_have_count(0)
    # The last one, far below, is still a picture: neither its answers nor its picture fetched.
    expect(last.locator("img.cc-picture")).to_have_count(1)
    expect(last.locator("svg")).to_have_count(0)
    answers = last.get_attribute("data-answers") or ""
    picture = (last.locator("img.cc-picture").get_attribute("src") or "").split("/")[-1]
    assert answers and not [u for u in fetched if u.endswith((answers, picture))]
    # Scrolled to, it is drawn and plays.
    last.scroll_into_view_if_needed()
    expect(last.locator("[data-place][tabindex='0']")).to_have_count(1)
    expect(last.locator("img.cc-picture")).to_have_count(0)
    assert [u for u in fetched if u.endswith(answers)]


_PICTURES = "[...document.querySelectorAll('img.cc-picture')]"
_BOXES = """() => [...document.querySelectorAll('img.cc-picture')].map((i) => {
  const r = i.getBoundingClientRect();
  return [i.getAttribute('data-diagram'), Math.round(r.left), Math.round(r.top + scrollY),
          Math.round(r.width), Math.round(r.height)];
})"""


def settled(page: Page, condition: str) -> None:
    """Waits for `condition` (a JavaScript expression) on a page whose own scripts are off, asked
    from here: Playwright's wait_for_function runs in the page's world and timed out there
    (polling by frames or by time alike)."""
    until(page, lambda: page.evaluate(f"() => {condition}"), 30.0, f"not reached in 30 s: {condition}")


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name", ["crescent", "canfield"])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_picture_keeps_its_place_as_it_loads(
    browser: Browser, live_url: str, lang: str, name: str, width: int
) -> None:
    """A picture not loaded yet takes the box its drawing will take: nothing on the page moves
    as the pictures come (a figure sized to its content took its toolbar's width until then,
    and a click being made below it landed 200 px off)."""
    context = browser.new_context(
        viewport={"width": width, "height": 900}, java_script_enabled=False, service_workers="block"
    )
    try:
        page = context.new_page()
        held = hold(page, r".*/assets/pictures/.*\.svg$")
        # The first picture is eager (sitegen/lightpage.py): "load" waits for it.
        page.goto(live_url + page_path(lang, name), wait_until="domcontentloaded")
        settled(page, "[...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet)")
        before = page.evaluate(_BOXES)
        assert len(before) > 10 and all(box[3] > 0 and box[4] > 0 for box in before), before
        held.release()
        page.evaluate(f"() => {{ for (const i of {_PICTURES}) i.loading = 'eager'; }}")
        settled(page, f"{_PICTURES}.every((i) => i.complete && i.naturalWidth > 0)")
        assert held, "no picture was requested"
        after = page.evaluate(_BOXES)
        moved = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
        assert moved == [], moved
    finally:
        context.close()


def _lesson_move(name: str) -> tuple[Any, str, str, bool]:
    """A lesson, its first move's source and destination, and whether one tap plays it."""
    lesson = load_lesson(DOCS, name, ROOT)
    move = lesson.line[0]
    src, dst = move.split(">")
    game = engine.from_state(lesson.state)
    return lesson, src, dst, engine.tap(game, src) == move


def test_clicks_on_a_lesson_picture_before_its_answers_are_played_when_they_come(
    page: Page, live_url: str, watched: Watch
) -> None:
    held = hold(page, ANSWERS)
    lesson, src, dst, one_tap = _lesson_move("cr-build")
    page.goto(live_url + page_path("ko", "crescent") + "#lesson-cr-build")
    el = page.locator("[data-lesson='cr-build']")
    expect(el.locator("img.cc-picture")).to_have_count(1)
    click_picture(el, lesson.state, "ko", src)
    # Busy, and saying so, while the answers are held back; the click is not lost.
    expect(el).to_have_attribute("data-busy", "true")
    expect(el).to_have_attribute("aria-busy", "true")
    expect(el.locator("[role='status']")).to_have_text(catalogues.message("ko", "ui.answers-loading"))
    if not one_tap:
        click_picture(el, lesson.state, "ko", dst)  # a second click, queued behind the first
    assert held, "the lesson's answers were not requested as it came into view"
    held.release()
    game = engine.from_state(lesson.state)
    game.play(lesson.line[0])
    expect(el).to_have_attribute(
        "data-state", json.dumps(game.state(), separators=(",", ":"), sort_keys=True)
    )
    expect(el).not_to_have_attribute("data-busy", "true")
    expect(el.locator("img.cc-picture")).to_have_count(0)
    assert state_of(el) == game.state()


def test_a_drag_on_a_lesson_picture_before_its_answers_is_played_as_a_drop(
    page: Page, live_url: str, watched: Watch
) -> None:
    held = hold(page, ANSWERS)
    lesson, src, dst, _ = _lesson_move("cr-wrap")
    page.goto(live_url + page_path("en", "crescent") + "#lesson-cr-wrap")
    el = page.locator("[data-lesson='cr-wrap']")
    expect(el.locator("img.cc-picture")).to_have_count(1)
    drag_on_picture(el, lesson.state, "en", src, dst)
    expect(el).to_have_attribute("data-busy", "true")
    held.release()
    game = engine.from_state(lesson.state)
    game.play(lesson.line[0])
    expect(el).to_have_attribute("data-done", "true")
    assert state_of(el) == game.state()


def test_keyboard_on_a_lesson_picture_goes_on_to_the_board(page: Page, live_url: str, watched: Watch) -> None:
    """The picture's box is a tab stop while the drawing is away; once it comes, the focus
    moves on to the board's tab stop, and the board's keys work."""
    held = hold(page, ANSWERS)
    page.goto(live_url + page_path("el", "crescent") + "#lesson-cr-build")
    el = page.locator("[data-lesson='cr-build']")
    box = el.locator("[data-role='svg']")
    expect(box).to_have_attribute("tabindex", "0")
    box.focus()
    expect(box).to_be_focused()
    held.release()
    focused = el.locator("[data-place][tabindex='0']")
    expect(focused).to_be_focused()
    expect(box).not_to_have_attribute("tabindex", "0")  # the board's own tab stop now
    page.keyboard.press("End")
    last = el.locator("[data-place][tabindex]").last.get_attribute("data-place")
    assert page.evaluate("document.activeElement.getAttribute('data-place')") == last


def test_tryit_drag_on_the_picture_before_the_answers(page: Page, live_url: str, watched: Watch) -> None:
    """A rules page's figure: a drag across its picture, before its answers came, is a drop."""
    page.context.route(re.compile(r".*/(pyodide/.*|assets/py\.zip)$"), lambda r: r.abort())
    held = hold(page, ANSWERS)
    page.goto(live_url + page_path("de", "crescent"))
    figure = page.locator("figure[data-tryit]").first
    state = state_of(figure)
    game = engine.from_state(state)
    move = next(
        m
        for m in game.legal_moves()
        if ">" in m
        and m.split(">")[0].isdigit()
        and m.split(">")[1].isdigit()
        and engine.drop(game, *m.split(">")) == m
    )
    src, dst = move.split(">")
    drag_on_picture(figure, state, "de", src, dst)
    expect(figure).to_have_attribute("data-busy", "true")
    expect(figure.locator("[role='status']")).to_have_text(catalogues.message("de", "ui.answers-loading"))
    held.release()
    game.play(move)
    page.wait_for_function(
        "JSON.parse(document.querySelector('figure[data-tryit]').dataset.state).moves === "
        f"{game.state()['moves']}",
        timeout=10_000,
    )
    assert state_of(figure) == game.state()
    expect(figure).not_to_have_attribute("data-busy", "true")
    watched.errors[:] = [
        e
        for e in watched.errors
        if "ERR_FAILED" not in e
        and "Failed to load" not in e
        and "Failed to fetch" not in e
        and "dynamically imported" not in e
    ]


def test_replay_move_list_comes_with_the_steps(page: Page, live_url: str, watched: Watch) -> None:
    page.goto(live_url + page_path("el", "examples"))
    replay = page.locator("[data-replay]").first
    meta = json.loads(replay.locator("script[data-role='replay']").text_content() or "{}")
    items = replay.locator(".cc-movelist li")
    expect(items).to_have_count(0)  # not in the page: in the step file
    replay.locator("details.cc-moves summary").click()
    expect(items).to_have_count(len(meta["moves"]))
    game = engine.new_game(meta["code"])
    before = game.state()
    game.play(meta["moves"][0])
    expect(items.first.locator("a")).to_have_text(
        diagrams.caption(meta["moves"][0], before, "el", game.state()["moves"])
    )
    # An entry leads to its step, which is marked as the current one.
    items.nth(4).locator("a").click()
    expect(replay).to_have_attribute("data-step", "5")
    expect(items.nth(4).locator("a")).to_have_attribute("aria-current", "step")
    # The deal was a picture; the step is drawn.
    expect(replay.locator("[data-role='svg'] svg")).to_have_count(1)
