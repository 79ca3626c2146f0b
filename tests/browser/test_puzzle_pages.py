"""The puzzles pages split per game (issue 25), in headless Chromium on the built site: an old
address of a puzzle (`puzzles/#puzzle-ID`, from before the split) still reaches it, and the parts
a puzzle makes only when played (its goal line from the page's template, the refutation's
controls, the badge, the link to the next puzzle) are named and reachable by keyboard."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import catalogues
import engine
from sitegen.puzzles import PAGE_OF, puzzle_order, puzzle_title
from tests.browser.livesite import page_path
from tests.browser.test_learn import play_puzzle_move
from tests.conftest import ROOT

pytestmark = pytest.mark.browser
DOCS = ROOT / "docs"
ORDER = puzzle_order(DOCS, ROOT)


@pytest.mark.parametrize(("lang", "game"), [("en", "canfield"), ("ja", "crescent")])
def test_an_old_puzzle_address_reaches_the_puzzle_on_its_games_page(
    page: Page, live_url: str, lang: str, game: str
) -> None:
    puzzle = ORDER[game][-1]
    page.goto(live_url + page_path(lang, "puzzles") + f"#puzzle-{puzzle.name}")
    expect(page).to_have_url(
        re.compile(re.escape(page_path(lang, PAGE_OF[game]) + f"#puzzle-{puzzle.name}") + "$")
    )
    el = page.locator(f"[data-puzzle='{puzzle.name}']")
    expect(el).to_have_attribute("data-live", "true")
    expect(el.locator("h3")).to_have_text(puzzle_title(puzzle, lang, DOCS))
    # An address naming no puzzle stays on the Puzzles page.
    page.goto(live_url + page_path(lang, "puzzles") + "#puzzle-no-such-one")
    expect(page.locator("[data-puzzle-picker]")).to_have_attribute("data-reader-rating", re.compile(r"\d+"))
    assert page.evaluate("location.pathname").endswith("/" + page_path(lang, "puzzles"))


def test_a_played_puzzles_new_controls_are_named_and_reached_by_keyboard(page: Page, live_url: str) -> None:
    puzzles = ORDER["crescent"]
    puzzle = next(p for p in puzzles[:-1] if p.steps == 1 and any(p.refutations.values()))
    nxt = puzzles[puzzles.index(puzzle) + 1]
    page.goto(live_url + page_path("en", PAGE_OF["crescent"]) + f"#puzzle-{puzzle.name}")
    el = page.locator(f"[data-puzzle='{puzzle.name}']")
    expect(el).to_have_attribute("data-live", "true")
    goal = el.locator("[data-role='goal']")
    expect(goal).to_have_count(1)
    expect(goal).to_contain_text(catalogues.message("en", "learn.puzzle.goal"))
    expect(el.locator("[data-role='refutation']")).to_have_count(0)  # made when first needed
    start = engine.from_state(puzzle.state)
    wrong = max(puzzle.alternatives, key=lambda m: len(puzzle.refutations[m]))
    play_puzzle_move(el, start, wrong)
    box = el.locator("[data-role='refutation']")
    expect(box).to_be_visible()
    nxt_button = box.get_by_role("button", name=catalogues.message("en", "ui.replay.next"))
    expect(nxt_button).to_be_enabled()
    expect(box.get_by_role("button", name=catalogues.message("en", "ui.replay.prev"))).to_be_disabled()
    # By keyboard: from the toolbar (Try again, the Analyse link), Tab reaches the line's "Next".
    el.locator("[data-action='reset']").focus()
    for _ in range(3):
        page.keyboard.press("Tab")
        if nxt_button.evaluate("b => b === document.activeElement"):
            break
    expect(nxt_button).to_be_focused()
    page.keyboard.press("Enter")
    expect(el.locator("[role='status']")).not_to_be_empty()
    expect(box.locator("[data-role='ref-counter']")).to_contain_text("1")
    el.locator("[data-action='reset']").click()
    expect(box).to_be_hidden()
    play_puzzle_move(el, start, puzzle.move)
    expect(el).to_have_attribute("data-done", "true")
    expect(el.locator("[data-role='badge']")).to_have_text(catalogues.message("en", "learn.badge.solved"))
    link = el.locator("[data-role='next']")
    expect(link).to_have_text(
        catalogues.message("en", "learn.puzzle.next", title=puzzle_title(nxt, "en", DOCS))
    )
    assert link.get_attribute("href") == f"#puzzle-{nxt.name}"
    # Reloaded: the badge says it was solved before, and the goal line is there once.
    page.reload()
    expect(el.locator("[data-role='badge']")).to_be_visible()
    expect(el.locator("[data-role='goal']")).to_have_count(1)
