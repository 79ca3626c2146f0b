"""The reader's puzzle rating, the picker and the puzzle of the day with its streak (issue 25
items 2 and 3), in headless Chromium on the built site, across the two games' puzzles pages and
the Puzzles page (each holds the panel). Expected values are computed here from the puzzle files
(sitegen/puzzles.py `rating`) with Elo (K=32) and FNV-1a written out again."""

from __future__ import annotations

import datetime as dt
import json
import math
import re

import pytest
from playwright.sync_api import Browser, Page, expect

import catalogues
import engine
from sitegen.puzzles import PAGE_OF, READER_K, READER_START, Puzzle, puzzle_order, puzzle_title, rating
from tests.browser.livesite import page_path
from tests.browser.test_learn import play_puzzle_move
from tests.conftest import ROOT

pytestmark = pytest.mark.browser
DOCS = ROOT / "docs"
ORDER = puzzle_order(DOCS, ROOT)
PAGE_LIST = ORDER["crescent"] + ORDER["canfield"]  # the panel's order, on every page


def page_of(puzzle: Puzzle) -> str:
    """The site path of the puzzle's page (English)."""
    return page_path("en", PAGE_OF[puzzle.game])


def at(puzzle: Puzzle) -> re.Pattern[str]:
    """The URL of the puzzle on its page."""
    return re.compile(re.escape(page_of(puzzle) + f"#puzzle-{puzzle.name}") + "$")


def elo(reader: int, puzzle: int, score: int) -> int:
    expected = 1 / (1 + 10 ** ((puzzle - reader) / 400))
    return math.floor(reader + READER_K * (score - expected) + 0.5)  # JavaScript's Math.round


def fnv1a(text: str) -> int:
    h = 0x811C9DC5
    for ch in text.encode("ascii"):
        h ^= ch
        h = (h * 0x01000193) % 2**32
    return h


def solve(page: Page, live_url: str, puzzle: Puzzle, wrong: bool = False) -> None:
    """Opens the puzzle afresh (a page load: only the browser's storage is kept) and solves it."""
    page.goto("about:blank")
    page.goto(live_url + page_of(puzzle) + f"#puzzle-{puzzle.name}")
    el = page.locator(f"[data-puzzle='{puzzle.name}']")
    expect(el).to_have_attribute("data-live", "true")
    el.scroll_into_view_if_needed()
    start = engine.from_state(puzzle.state)
    if wrong:
        play_puzzle_move(el, start, min(puzzle.alternatives))
        expect(el).to_have_attribute("data-refuted", "true")
        el.locator("[data-action='reset']").click()
    # Every step of a "win in N" puzzle (sitegen/puzzle_answers.steps_of), each once the board
    # shows that step's position.
    from sitegen.puzzle_answers import steps_of

    steps = steps_of(puzzle)
    for k, step in enumerate(steps):
        if k:
            for _ in range(200):
                if json.loads(el.get_attribute("data-state") or "null") == step.state:
                    break
                page.wait_for_timeout(50)
        play_puzzle_move(el, engine.from_state(step.state), step.move)
    expect(el).to_have_attribute("data-done", "true")


def kept(page: Page) -> dict | None:
    raw = page.evaluate("localStorage.getItem('cc-learn-rating')")
    return json.loads(raw) if raw else None


def test_reader_rating_moves_once_per_puzzle_and_clears(page: Page, live_url: str) -> None:
    first, second = ORDER["crescent"][0], ORDER["canfield"][-1]  # one on each game's page
    page.goto(live_url + page_path("en", "puzzles"))
    picker = page.locator("[data-puzzle-picker]")
    expect(picker).to_have_attribute("data-reader-rating", str(READER_START))
    expect(picker.locator("[data-role='my-rating']")).to_have_text(
        catalogues.message("en", "learn.rating.yours", rating=READER_START, count=0)
    )
    solve(page, live_url, first)
    after_first = elo(READER_START, rating(first), 1)
    expect(picker).to_have_attribute("data-reader-rating", str(after_first))
    # A miss first (then the right move): counted as missed, once.
    solve(page, live_url, second, wrong=True)
    after_second = elo(after_first, rating(second), 0)
    expect(picker).to_have_attribute("data-reader-rating", str(after_second))
    assert kept(page)["rated"] == {first.name: 1, second.name: 0}  # type: ignore[index]
    solve(page, live_url, first)  # solved again: not counted again
    expect(picker).to_have_attribute("data-reader-rating", str(after_second))
    expect(picker.locator("[data-role='my-rating']")).to_have_text(
        catalogues.message("en", "learn.rating.yours", rating=after_second, count=2)
    )

    picker.locator("[data-action='clear-rating']").click()
    expect(picker).to_have_attribute("data-reader-rating", str(READER_START))
    expect(picker.locator("[role='status']")).to_have_text(
        catalogues.message("en", "learn.rating.cleared", rating=READER_START)
    )
    assert kept(page) is None

    # The home page's "Clear my progress" forgets the rating too.
    solve(page, live_url, first)
    assert kept(page) is not None
    page.goto(live_url)
    page.locator("[data-progress] [data-action='clear-progress']").click()
    expect(page.locator("[data-progress] [role='status']")).to_have_text(
        catalogues.message("en", "learn.progress.cleared")
    )
    assert kept(page) is None


def expected_pick(reader: int, how: str, solved: set[str]) -> Puzzle | None:
    """The puzzle the picker should choose; None when no unsolved one fits (a new reader's 1200
    is below every puzzle's rating: nothing is easier)."""
    aim = {"easier": reader - 200, "level": reader, "harder": reader + 200}[how]
    fits = [
        p
        for p in PAGE_LIST
        if p.name not in solved
        and (rating(p) < reader if how == "easier" else rating(p) > reader if how == "harder" else True)
    ]
    return min(fits, key=lambda p: (abs(rating(p) - aim), PAGE_LIST.index(p))) if fits else None


@pytest.mark.parametrize("reader", [1200, 1500])
def test_picker_goes_to_an_easier_level_or_harder_unsolved_puzzle(
    page: Page, live_url: str, reader: int
) -> None:
    page.goto(live_url + page_path("en", "puzzles"))
    first = expected_pick(reader, "level", set())
    assert first is not None
    solved = {first.name}
    page.evaluate(
        "([r, s]) => { localStorage.setItem('cc-learn-rating', JSON.stringify({rating: r, rated: {}}));"
        " localStorage.setItem('cc-learn-progress', JSON.stringify({lessons: {}, puzzles: s})); }",
        [reader, dict.fromkeys(solved, True)],
    )
    page.reload()
    picker = page.locator("[data-puzzle-picker]")
    expect(picker).to_have_attribute("data-reader-rating", str(reader))
    for how in ("easier", "level", "harder"):
        want = expected_pick(reader, how, solved)
        if want is None:  # the page stays where it is and says so
            url = page.url
            picker.locator(f"[data-pick='{how}']").click()
            expect(picker.locator("[role='status']")).to_have_text(
                catalogues.message("en", "learn.pick.none")
            )
            assert page.url == url
            continue
        assert want.name not in solved
        picker.locator(f"[data-pick='{how}']").click()
        # On this page, or on the other game's: the page opens at the puzzle and says which.
        expect(page).to_have_url(at(want))
        expect(picker).to_have_attribute("data-picked", want.name)
        expect(picker.locator("[role='status']")).to_have_text(
            catalogues.message(
                "en", "learn.pick.chosen", title=puzzle_title(want, "en", DOCS), rating=rating(want)
            )
        )
        expect(page.locator(f"#puzzle-{want.name}-title")).to_be_focused()
        if how == "easier":
            assert rating(want) < reader
        if how == "harder":
            assert rating(want) > reader


def test_puzzle_of_the_day_and_its_streak(page: Page, live_url: str) -> None:
    day = dt.datetime(2026, 3, 9, 12, 0, 0)
    for offset, streak_before, streak_after in [(0, 0, 1), (1, 1, 2), (3, 0, 1)]:
        when = day + dt.timedelta(days=offset)
        page.clock.set_fixed_time(when)
        date = when.strftime("%Y-%m-%d")
        want = PAGE_LIST[fnv1a(date) % len(PAGE_LIST)]
        # The same puzzle on the Puzzles page and on both games' pages: a link to it where it
        # is, its anchor on its own page.
        for name in ("puzzles", *PAGE_OF.values()):
            page.goto(live_url + page_path("en", name))
            assert page.evaluate("new Date().getDate()") == when.day
            picker = page.locator("[data-puzzle-picker]")
            expect(picker).to_have_attribute("data-daily", want.name)
            link = picker.locator("[data-role='daily-link']")
            expect(link).to_have_text(puzzle_title(want, "en", DOCS))
            href = (
                f"#puzzle-{want.name}"
                if name == PAGE_OF[want.game]
                else f"../{PAGE_OF[want.game]}/#puzzle-{want.name}"
            )
            assert link.get_attribute("href") == href, name
        page.goto(live_url + page_path("en", "puzzles"))
        expect(picker.locator("[data-role='daily']")).to_be_visible()
        expect(picker).to_have_attribute("data-streak", str(streak_before))
        expect(picker.locator("[data-role='streak']")).to_have_text(
            catalogues.message("en", "learn.daily.streak", streak=streak_before)
        )
        picker.locator("[data-role='daily-link']").click()
        expect(page).to_have_url(at(want))
        solve(page, live_url, want)
        expect(picker).to_have_attribute("data-streak", str(streak_after))


def test_try_again_the_ones_missed_cycles_through_the_unsolved_misses(page: Page, live_url: str) -> None:
    """Missed at the first try and not solved since: the button goes to each of them in the
    page's order, round again at the end; one solved after the miss drops out; none left: says so."""
    a, b, c = PAGE_LIST[1], PAGE_LIST[len(PAGE_LIST) // 2], PAGE_LIST[-1]  # c: a Canfield one
    page.goto(live_url + page_path("en", "puzzles"))
    # a and c missed, b solved at the first try; a solved later (after its miss).
    page.evaluate(
        "([r, s]) => { localStorage.setItem('cc-learn-rating', JSON.stringify({rating: 1200, rated: r}));"
        " localStorage.setItem('cc-learn-progress', JSON.stringify({lessons: {}, puzzles: s})); }",
        [{a.name: 0, b.name: 1, c.name: 0}, {b.name: True}],
    )
    page.reload()
    picker = page.locator("[data-puzzle-picker]")
    button = picker.locator("[data-pick='missed']")
    expect(button).to_have_text(catalogues.message("en", "learn.pick.missed"))
    for want in (a, c, a):  # Crescent's page, Canfield's, Crescent's again
        button.click()
        expect(page).to_have_url(at(want))
        expect(picker).to_have_attribute("data-picked", want.name)
        expect(page.locator(f"#puzzle-{want.name}-title")).to_be_focused()
    # A real miss on the page counts: b2 missed here joins the list (after a in the page's order).
    b2 = PAGE_LIST[2]
    solve(page, live_url, a)  # a solved now: out of the list
    page.goto("about:blank")
    page.goto(live_url + page_of(b2) + f"#puzzle-{b2.name}")
    el = page.locator(f"[data-puzzle='{b2.name}']")
    expect(el).to_have_attribute("data-live", "true")
    el.scroll_into_view_if_needed()
    play_puzzle_move(el, engine.from_state(b2.state), min(b2.alternatives))
    expect(el).to_have_attribute("data-refuted", "true")
    assert kept(page)["rated"][b2.name] == 0  # type: ignore[index]
    picker.locator("[data-pick='missed']").click()
    expect(picker).to_have_attribute("data-picked", b2.name)
    picker.locator("[data-pick='missed']").click()
    expect(page).to_have_url(at(c))
    expect(picker).to_have_attribute("data-picked", c.name)
    # Every miss solved: the button says none is left and goes nowhere.
    solve(page, live_url, b2)
    solve(page, live_url, c)
    picker.locator("[data-pick='missed']").click()
    expect(picker.locator("[role='status']")).to_have_text(catalogues.message("en", "learn.pick.none-missed"))


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_panel_keeps_its_room_so_nothing_moves_when_it_is_written(
    browser: Browser, live_url: str, lang: str
) -> None:
    """On a phone, where the picker's text is written (the day's puzzle, the streak, the
    reader's rating) nothing below it moves: the lines took that room from the start. Measured
    against the same page with learn/rating.js never arriving (the panel as the build wrote it)."""
    url = live_url + page_path(lang, PAGE_OF["canfield"])
    tops = []
    for block in (True, False):
        context = browser.new_context(
            viewport={"width": 412, "height": 823}, is_mobile=True, has_touch=True, service_workers="block"
        )
        page = context.new_page()
        if block:
            page.route("**/learn/rating.js", lambda route: route.abort())
        page.goto(url)
        picker = page.locator("[data-puzzle-picker]")
        if block:
            expect(picker.locator("[data-role='my-rating']")).to_have_text(
                catalogues.message(lang, "learn.rating.yours", rating=READER_START, count=0)
            )
            expect(picker.locator("[data-role='daily']")).to_be_hidden()  # no link to nothing
        else:
            expect(picker).to_have_attribute("data-daily", re.compile("."))
            expect(picker.locator("[data-role='daily']")).to_be_visible()
        box = picker.locator(".cc-learn-par").bounding_box()
        assert box is not None
        tops.append(box["y"])
        context.close()
    assert abs(tops[0] - tops[1]) < 1, tops
