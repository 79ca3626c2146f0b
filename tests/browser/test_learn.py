"""Lessons (rules pages) and the home page's progress, in headless Chromium on the built site.

Expected texts come from the lesson files and the catalogues, run here in CPython. A lesson
board answers from what the build computed: these tests also check that no Python (py.zip,
Pyodide) is fetched while a lesson is played.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

import catalogues
import engine
from sitegen.lessons import _params, load_lesson
from tests.browser.livesite import Watch, page_path
from tests.conftest import ROOT

pytestmark = pytest.mark.browser
DOCS = ROOT / "docs"


def no_python(w: Watch) -> None:
    python = [u for u in w.requests if "py.zip" in u or "/pyodide/" in u]
    assert python == [], f"a lesson needed no Python, yet the page fetched {python}"


def text(lang: str, lesson: Any, role: str) -> str:
    return catalogues.message(lang, lesson.text[role], **_params(lesson.params, lang, lesson.game))


def status(el: Locator) -> Locator:
    return el.locator("[role='status']")


def play(el: Locator, game: engine.Game, move: str) -> None:
    """Plays `move` on the lesson board as a reader would: a button, one tap or two clicks."""
    if move == "draw":
        el.locator("[data-action='draw']").click()
    elif move == "redeal":
        el.locator("[data-action='redeal']").click()
    else:
        src, dst = move.split(">")
        src = src.split(":")[0]
        if engine.tap(game, src) == move:
            el.locator(f"[data-place='{src}']").click()
        else:
            el.locator(f"[data-place='{src}']").click()
            el.locator(f"[data-place='{dst}']").click()
    game.play(move)


def off_goal_move(lesson: Any) -> tuple[str, str, str] | None:
    """A legal move (src, dst, move) played by two clicks that the lesson refuses as off goal."""
    from sitegen.learn_tree import state_key
    from sitegen.lessons import tree

    game = engine.from_state(lesson.state)
    _, index = tree(lesson)
    for move in game.legal_moves():
        if ">" not in move or ":" in move:
            continue
        src, dst = move.split(">")
        if engine.drop(game, src, dst) != move or engine.tap(game, src) is not None:
            continue
        twin = game.copy()
        twin.play(move)
        if state_key(twin.state()) not in index:
            return src, dst, move
    return None


@pytest.mark.parametrize(
    ("lang", "name"), [("en", "cr-free"), ("ko", "cr-build"), ("el", "cf-takeback"), ("fr", "cf-draw")]
)
def test_lesson_is_solved_through_the_page(
    page: Page, live_url: str, watched: Watch, lang: str, name: str
) -> None:
    lesson = load_lesson(DOCS, name, ROOT)
    page.goto(live_url + page_path(lang, lesson.game) + f"#lesson-{name}")
    el = page.locator(f"[data-lesson='{name}']")
    expect(el).to_have_attribute("data-live", "true")
    expect(el.locator("[data-role='goal']")).to_contain_text(text(lang, lesson, "goal"))
    assert json.loads(el.get_attribute("data-state") or "{}") == lesson.state

    # A move the rules refuse: the engine's reason, in the page's language, nothing moved.
    game = engine.from_state(lesson.state)
    piles = [str(n) for n in range(1, 17 if lesson.game == "crescent" else 5)]
    refused = next(
        (s, d)
        for s in piles
        for d in piles
        if s != d and engine.tap(game, s) is None and game.check(f"{s}>{d}") not in (None, "same-place")
    )
    el.locator(f"[data-place='{refused[0]}']").click()
    el.locator(f"[data-place='{refused[1]}']").click()
    reason = game.check(f"{refused[0]}>{refused[1]}")
    expect(status(el)).to_have_text(catalogues.message(lang, f"reason.{reason}"))
    expect(status(el)).to_have_attribute("data-kind", "refused")

    # A legal move that leads away from the goal: refused, with the goal said again.
    wrong = off_goal_move(lesson)
    if wrong is not None:
        el.locator(f"[data-place='{wrong[0]}']").click()
        el.locator(f"[data-place='{wrong[1]}']").click()
        expect(status(el)).to_have_text(
            catalogues.message(lang, "learn.off-goal", goal=text(lang, lesson, "goal"))
        )
    assert json.loads(el.get_attribute("data-state") or "{}") == lesson.state

    for move in lesson.line:
        expect(el).not_to_have_attribute("data-done", "true")
        play(el, game, move)
    expect(el).to_have_attribute("data-done", "true")
    # The result says the stars against the lesson's par (the line is at par: three).
    stars = catalogues.message(lang, "learn.stars.3", actions=len(lesson.line), par=len(lesson.line))
    expect(status(el)).to_have_text(text(lang, lesson, "done") + " " + stars)
    assert json.loads(el.get_attribute("data-state") or "{}") == game.state()
    nxt = el.locator("[data-role='next']")
    if lesson.next:
        expect(nxt).to_be_visible()
        assert nxt.get_attribute("href") == f"#lesson-{lesson.next}"
    no_python(watched)

    # Reset brings the lesson back; undo is off again.
    el.locator("[data-action='reset']").click()
    expect(el).not_to_have_attribute("data-done", "true")
    assert json.loads(el.get_attribute("data-state") or "{}") == lesson.state


def test_lesson_by_keyboard(page: Page, live_url: str, watched: Watch) -> None:
    """Enter on a place acts as a click: the lesson is played without a mouse."""
    lesson = load_lesson(DOCS, "cr-build", ROOT)
    page.goto(live_url + page_path("en", "crescent"))
    el = page.locator("[data-lesson='cr-build']")
    expect(el).to_have_attribute("data-live", "true")
    # Far down the page the board is a picture (sitegen/pictures.py) whose box is a tab stop:
    # the focus there brings the drawing, and moves on to the board's own tab stop.
    el.locator("[data-role='svg']").focus()
    # One tab stop per board, arrow keys move between places (board.js's roving tabindex).
    expect(el.locator("[data-place][tabindex='0']")).to_have_count(1)
    expect(el.locator("[data-place][tabindex='0']")).to_be_focused()
    first = page.evaluate("document.activeElement.getAttribute('data-place')")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.getAttribute('data-place')") not in (None, first)
    src, dst = lesson.line[0].split(">")
    el.locator(f"[data-place='{src}']").focus()
    page.keyboard.press("Enter")
    if not el.get_attribute("data-done"):
        el.locator(f"[data-place='{dst}']").focus()
        page.keyboard.press("Enter")
    expect(el).to_have_attribute("data-done", "true")
    # The status is a live region: screen readers hear the result.
    assert status(el).get_attribute("aria-live") == "polite"
    no_python(watched)


def test_progress_is_shown_on_the_home_page_and_cleared(page: Page, live_url: str, watched: Watch) -> None:
    lesson = load_lesson(DOCS, "cf-refill", ROOT)
    page.goto(live_url + page_path("ko", "canfield"))
    el = page.locator("[data-lesson='cf-refill']")
    expect(el).to_have_attribute("data-live", "true")
    el.scroll_into_view_if_needed()  # drawn as it comes near the viewport (sitegen/pictures.py)
    game = engine.from_state(lesson.state)
    for move in lesson.line:
        play(el, game, move)
    expect(el).to_have_attribute("data-done", "true")

    page.goto(live_url + "ko/")
    summary = page.locator("[data-progress]")
    total = len(list((DOCS / "lessons").glob("*.json")))
    expect(summary.locator("[data-role='count-lessons']")).to_have_text(
        catalogues.message("ko", "learn.progress.lessons", done=1, total=total)
    )
    item = summary.locator("[data-learn-item='lessons'][data-id='cf-refill']")
    expect(item).to_have_attribute("data-done", "")
    assert item.locator("a").get_attribute("href") == "canfield/#lesson-cf-refill"

    # Back on the rules page the lesson says it was done before.
    page.goto(live_url + page_path("ko", "canfield"))
    expect(page.locator("[data-lesson='cf-refill'] [data-role='badge']")).to_be_visible()

    page.goto(live_url + "ko/")
    summary.locator("[data-action='clear-progress']").click()
    expect(summary.locator("[data-role='count-lessons']")).to_have_text(
        catalogues.message("ko", "learn.progress.lessons", done=0, total=total)
    )
    expect(summary.locator("[role='status']")).to_have_text(
        catalogues.message("ko", "learn.progress.cleared")
    )
    assert page.evaluate("localStorage.getItem('cc-learn-progress')") is None


# ---- puzzles ----------------------------------------------------------------------------------


def _puzzle_with_line(game: str) -> Any:
    """A puzzle of `game` whose wrong moves include one with a refutation line to step through
    (else the first one), played on its page."""
    from sitegen.puzzles import puzzle_order

    puzzles = puzzle_order(DOCS, ROOT)[game]
    return next((p for p in puzzles if any(p.refutations.values())), puzzles[0])


def play_puzzle_move(el: Locator, game: engine.Game, move: str) -> None:
    if move in ("draw", "redeal"):
        el.locator(f"[data-action='{move}']").click()
        return
    src, dst = move.split(">")
    src = src.split(":")[0]
    tapped = engine.tap(game, src)
    if tapped == move:
        el.locator(f"[data-place='{src}']").click()
    elif tapped is None:
        el.locator(f"[data-place='{src}']").click()
        el.locator(f"[data-place='{dst}']").click()
    else:  # a click on the source plays its tap (a card home first): the reader drags instead
        _drag_within(el, src, dst)


def _drag_within(el: Locator, src: str, dst: str) -> None:
    """A real mouse drag on the board `el`, from place `src` to place `dst`."""
    el.locator(f"[data-place='{src}']").scroll_into_view_if_needed()
    a = el.locator(f"[data-place='{src}']").first.bounding_box()
    b = el.locator(f"[data-place='{dst}']").first.bounding_box()
    assert a and b, "the board is not laid out"
    mouse = el.page.mouse
    ax, ay, bx, by = (
        a["x"] + a["width"] / 2,
        a["y"] + a["height"] / 2,
        b["x"] + b["width"] / 2,
        b["y"] + b["height"] / 2,
    )
    mouse.move(ax, ay)
    mouse.down()
    mouse.move((ax + bx) / 2, (ay + by) / 2, steps=4)
    mouse.move(bx, by, steps=4)
    mouse.up()


@pytest.mark.parametrize(("lang", "game"), [("en", "crescent"), ("el", "canfield"), ("ko", "crescent")])
def test_puzzle_wrong_move_is_refuted_then_solved(
    page: Page, live_url: str, watched: Watch, lang: str, game: str
) -> None:
    from sitegen.puzzles import answers

    puzzle = _puzzle_with_line(game)
    page.goto(live_url + page_path(lang, "puzzles") + f"#puzzle-{puzzle.name}")
    el = page.locator(f"[data-puzzle='{puzzle.name}']")
    expect(el).to_have_attribute("data-live", "true")
    expect(el.locator("[data-role='goal']")).to_contain_text(catalogues.message(lang, "learn.puzzle.goal"))

    # A wrong move (one that can be played by clicks): the solver's verdict and its line.
    start = engine.from_state(puzzle.state)
    wrong = max(puzzle.alternatives, key=lambda m: len(puzzle.refutations[m]))
    play_puzzle_move(el, start, wrong)
    data = answers(puzzle, lang, f"puzzle-{puzzle.name}")
    line = next(r for r in data["refutations"] if r["move"] == wrong)
    expect(status(el)).to_have_text(line["start"])
    expect(el).to_have_attribute("data-refuted", "true")
    after = start.copy()
    after.play(wrong)
    assert json.loads(el.get_attribute("data-state") or "{}") == after.state()
    steps = puzzle.refutations[wrong]
    if steps:
        box = el.locator("[data-role='refutation']")
        expect(box).to_be_visible()
        for n, _step in enumerate(steps, start=1):
            box.locator("[data-action='ref-next']").click()
            expect(status(el)).to_have_text(line["captions"][n - 1])
        expect(box.locator("[data-action='ref-next']")).to_be_disabled()
    # The board rests while the refutation is shown; "try again" brings the puzzle back.
    el.locator("[data-action='reset']").click()
    expect(el).not_to_have_attribute("data-refuted", "true")
    assert json.loads(el.get_attribute("data-state") or "{}") == puzzle.state

    play_puzzle_move(el, start, puzzle.move)
    expect(el).to_have_attribute("data-done", "true")
    solved = start.copy()
    solved.play(puzzle.move)
    assert json.loads(el.get_attribute("data-state") or "{}") == solved.state()
    expect(status(el)).to_contain_text(str(len(puzzle.alternatives)))
    no_python(watched)

    page.goto(live_url + ("" if lang == "en" else f"{lang}/"))
    item = page.locator(f"[data-progress] [data-learn-item='puzzles'][data-id='{puzzle.name}']")
    expect(item).to_have_attribute("data-done", "")
