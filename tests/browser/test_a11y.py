"""A phone, a keyboard and a screen reader (issue 10), in headless Chromium against the built site.

- try-it answers are fetched, and a click that comes before them is queued and answered;
- the board is one tab stop, arrow keys move between places in their visual order, Home/End;
- keys pressed before Python is ready are queued with a message in the board's status element.

Expected values come from the engine and the catalogues run here in CPython.
"""
from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

import catalogues
import diagrams
import engine
from tests.browser.livesite import Watch, live_site, live_url, page_path, watch  # noqa: F401

pytestmark = pytest.mark.browser

LIVE_TIMEOUT_MS = 45_000
PHONE = {"width": 390, "height": 844}


def msg(lang: str, key: str, **params: Any) -> str:
    return catalogues.message(lang, key, **params)


@pytest.fixture
def phone(page: Page) -> Page:
    page.set_viewport_size(PHONE)
    return page


@pytest.fixture
def watched(page: Page, live_url: str) -> Any:
    w = watch(page, live_url)
    yield w
    assert w.off_site() == [], w.off_site()
    assert w.errors == [], w.errors


class Held(list):
    """Requests held back until `release` (then they, and later ones, go through)."""
    released = False

    def handle(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.append(route)


def _held(page: Page, pattern: str) -> Held:
    held = Held()
    page.context.route(re.compile(pattern), held.handle)
    return held


def _release(page: Page, held: Held) -> None:
    held.released = True
    for route in held:
        route.continue_()


# ---- try-it answers come later; a click before them is kept -------------------------------------

def test_tryit_click_before_answers_is_queued_then_answered(page: Page, live_url: str,
                                                           watched: Watch) -> None:
    held = _held(page, r".*/assets/tryit/.*\.json$")
    page.context.route(re.compile(r".*/(pyodide/.*|assets/py\.zip)$"), lambda r: r.abort())
    page.goto(live_url + page_path("fr", "crescent"))
    # No answers inline: the page stays light.
    assert page.locator("script[data-role='answers']").count() == 0
    figure = page.locator("figure[data-tryit]").first
    state = json.loads(figure.get_attribute("data-state") or "{}")
    game = engine.from_state(state)
    place = next(p for p in range(1, 17) if state["piles"][p - 1] and engine.tap(game, str(p)) is None)
    figure.locator(f"[data-place='{place}']").dispatch_event("click")
    # Busy, and saying so, while the answers are held back.
    expect(figure).to_have_attribute("data-busy", "true")
    expect(figure.locator("[role='status']")).to_have_text(msg("fr", "ui.answers-loading"))
    assert held, "the answers were not requested when the figure was near the viewport"
    _release(page, held)
    expect(figure).not_to_have_attribute("data-busy", "true")
    expect(figure.locator(f"[data-place='{place}']")).to_have_class(re.compile("is-selected"))
    # The focusable drawing came with the answers: one tab stop.
    expect(figure.locator("[data-place][tabindex='0']")).to_have_count(1)
    watched.errors[:] = [e for e in watched.errors if "ERR_FAILED" not in e and "Failed to load" not in e
                         and "Failed to fetch" not in e and "dynamically imported" not in e]


# ---- the keyboard -------------------------------------------------------------------------------

def _focused_place(page: Page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.getAttribute('data-place')")


def _open_live(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("[data-board][data-live='true']")).to_have_count(1, timeout=LIVE_TIMEOUT_MS)


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 1000}], ids=["phone", "desktop"])
def test_board_is_one_tab_stop_with_arrow_keys(page: Page, live_url: str, watched: Watch,
                                               viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    _open_live(page, live_url + page_path("el", "play-crescent"))
    board = page.locator("[data-board]")
    expect(board.locator("[data-place][tabindex='0']")).to_have_count(1)
    expect(board.locator("[data-place][tabindex='-1']")).to_have_count(23)
    board.locator("[data-place='1']").focus()
    # Piles 1-4 go up the left side in both arrangements: ArrowUp climbs them.
    page.keyboard.press("ArrowUp")
    assert _focused_place(page) == "2"
    page.keyboard.press("ArrowDown")
    assert _focused_place(page) == "1"
    page.keyboard.press("End")
    assert _focused_place(page) == "C-"
    page.keyboard.press("Home")
    assert _focused_place(page) == "1"
    # The arrows did not scroll the page, and the tab stop follows the focus.
    page.keyboard.press("ArrowUp")
    expect(board.locator("[data-place='2']")).to_have_attribute("tabindex", "0")
    expect(board.locator("[data-place][tabindex='0']")).to_have_count(1)
    # Tab leaves the board in one step; Shift+Tab comes back to the same place.
    page.keyboard.press("Tab")
    assert _focused_place(page) is None
    page.keyboard.press("Shift+Tab")
    assert _focused_place(page) == "2"
    # Every place is reachable with the arrows alone (explored from pile 1, each arrow from
    # each place reached).
    assert _reachable(page, "1") == set(diagrams.places("crescent"))


def _reachable(page: Page, start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for key in ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"):
            page.locator(f"[data-board] [data-place='{here}']").focus()
            page.keyboard.press(key)
            there = _focused_place(page)
            if there and there not in seen:
                seen.add(there)
                todo.append(there)
    return seen


def test_canfield_arrows_follow_the_rows(page: Page, live_url: str, watched: Watch) -> None:
    page.set_viewport_size(PHONE)
    _open_live(page, live_url + page_path("ko", "play-canfield"))
    board = page.locator("[data-board]")
    board.locator("[data-place='stock']").focus()
    page.keyboard.press("ArrowRight")
    assert _focused_place(page) == "W"
    page.keyboard.press("ArrowRight")
    assert _focused_place(page) == "S"
    page.keyboard.press("ArrowDown")
    assert _focused_place(page) == "1"
    page.keyboard.press("ArrowLeft")
    assert _focused_place(page) == "R"
    page.keyboard.press("ArrowUp")
    assert _focused_place(page) == "stock"
    assert _reachable(page, "stock") == set(diagrams.places("canfield"))


def test_skip_link_reaches_the_board(page: Page, live_url: str, watched: Watch) -> None:
    page.set_viewport_size(PHONE)
    _open_live(page, live_url + page_path("fr", "play-crescent"))
    page.keyboard.press("Tab")
    link = page.locator(":focus")
    expect(link).to_have_text(msg("fr", "ui.skip-board"))
    page.keyboard.press("Enter")
    assert _focused_place(page) == "1"
    # The game was not reopened by the jump.
    assert "code=" in page.url or page.url.endswith("play-crescent/")


def test_keys_before_python_is_ready_are_queued(page: Page, live_url: str, watched: Watch) -> None:
    held = _held(page, r".*/assets/py\.zip$")
    page.set_viewport_size(PHONE)
    page.goto(live_url + page_path("ko", "play-crescent"))
    game = engine.new_game("CR1-N-AAAAAAB")
    place, move = next((str(p), m) for p in range(1, 17) if (m := engine.tap(game, str(p))))
    game.play(move)
    page.locator(f"[data-board] [data-place='{place}']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-board] [role='status']")).to_have_text(msg("ko", "ui.queued"))
    page.wait_for_timeout(200)
    assert held, "py.zip was not requested"
    _release(page, held)
    board = page.locator("[data-board]")
    expect(board).to_have_attribute("data-state", re.compile('"moves":1'), timeout=LIVE_TIMEOUT_MS)
    assert json.loads(board.get_attribute("data-state") or "{}") == game.state()
