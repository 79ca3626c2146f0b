"""The Analysis pages (issue 23) in headless Chromium against the built site: a position opened
from its link, judged with every legal action; an invalid one listed with its problems and
kept over a reload; a position set up by keyboard and by the palette; the Play page's link to
its position and the way back ("Play from here").

Expected values come from the engine, the solver and the catalogues run here in CPython.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import catalogues
import engine
from pyworker import analysis
from tests.browser.livesite import Watch, page_path
from tests.browser.test_live import LIVE_TIMEOUT_MS, open_live
from tests.conftest import ROOT

pytestmark = pytest.mark.browser
VERDICT_MS = 120_000  # the second worker boots, then searches: slow on a loaded machine
BOARD = "[data-analysis]"


def puzzle(name: str) -> dict[str, Any]:
    return json.loads((ROOT / "docs" / "puzzles" / f"{name}.json").read_text())


def first_puzzle(prefix: str) -> tuple[str, dict[str, Any]]:
    path = min((ROOT / "docs" / "puzzles").glob(f"{prefix}-*.json"))
    return path.stem, json.loads(path.read_text())


def cheapest_puzzle(prefix: str) -> tuple[str, dict[str, Any]]:
    """The puzzle whose wrong actions the build's proof decided with the fewest positions: the
    page judges each action with a budget of seconds (analysis/moves.js), and a hard puzzle's
    refutation may need more than that budget on a loaded machine, which would leave the list
    "unknown" and test the machine's load instead of the list."""
    paths = sorted((ROOT / "docs" / "puzzles").glob(f"{prefix}-*.json"))

    def cost(path: Path) -> tuple[int, str]:
        alternatives = json.loads(path.read_text())["proof"]["alternatives"].values()
        return max(a["nodes"] for a in alternatives), path.name

    path = min(paths, key=cost)
    return path.stem, json.loads(path.read_text())


def open_state(page: Page, url: str, lang: str, game: str, state: Any) -> None:
    page.goto(url + page_path(lang, f"analysis-{game}") + "#state=" + analysis.encode_state(state))
    expect(page.locator(BOARD)).to_have_attribute("data-live", "true", timeout=LIVE_TIMEOUT_MS)


def state_of(page: Page) -> Any:
    return json.loads(page.locator(BOARD).get_attribute("data-state") or "null")


@pytest.mark.parametrize("prefix", ["cr", "cf"])
def test_a_puzzles_move_list_says_which_action_wins(
    page: Page, live_url: str, watched: Watch, prefix: str
) -> None:
    """Each legal action is listed (data-move, canonical) with the verdict of where it leads:
    the puzzle's solution's first action `win`, the others what the solver says here."""
    _, p = cheapest_puzzle(prefix)
    game = engine.from_state(p["state"])
    open_state(page, live_url, "en", game.game, p["state"])
    assert state_of(page) == game.state()
    items = page.locator(f"{BOARD} [data-move]")
    expect(items).to_have_count(len(game.legal_moves()))
    assert [items.nth(i).get_attribute("data-move") for i in range(items.count())] == game.legal_moves()
    page.wait_for_function(
        "[...document.querySelectorAll('[data-analysis] [data-move]')]"
        ".every(e => e.dataset.verdict === 'win' || e.dataset.verdict === 'loss')",
        timeout=VERDICT_MS,
    )
    for i in range(items.count()):
        move = items.nth(i).get_attribute("data-move") or ""
        after = game.copy()
        after.play(move)
        # On the CPU clock, so that a busy machine cannot turn the expected verdict into "unknown".
        if after.status == "won":
            expected = "win"
        else:
            expected = engine.solve(after, max_seconds=8, clock=time.thread_time).status
        assert items.nth(i).get_attribute("data-verdict") == expected, move
    assert (
        items.locator(f"xpath=self::*[@data-move='{p['solution'][0]}']").get_attribute("data-verdict")
        == "win"
    )
    expect(page.locator(BOARD)).to_have_attribute("data-verdict", "win", timeout=VERDICT_MS)


@pytest.mark.parametrize("lang", ["de", "ko"])
def test_an_invalid_position_lists_its_problems_and_is_kept_over_a_reload(
    page: Page, live_url: str, watched: Watch, lang: str
) -> None:
    state = engine.new_game("CR1-N-AAAAAAB").state()
    state["piles"][0].append(state["piles"][0][0])  # a card a third time, and a pile of 7
    state["piles"][1].append(state["piles"][0][0])
    problems = engine.position_problems(state)
    assert problems
    page.goto(live_url + page_path(lang, "analysis-crescent") + "#state=" + analysis.encode_state(state))
    listed = page.locator(f"{BOARD} [data-role='position-problems'] li")
    expect(listed).to_have_count(len(problems), timeout=LIVE_TIMEOUT_MS)
    from pyworker import problems as sentences

    assert listed.all_inner_texts() == sentences.describe(state, lang)
    assert page.locator(f"{BOARD}[data-state]").count() == 0, "an invalid position is not played"
    hash_before = page.evaluate("location.hash")
    page.reload()
    expect(listed).to_have_count(len(problems), timeout=LIVE_TIMEOUT_MS)
    assert page.evaluate("location.hash") == hash_before


@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_a_position_set_up_by_keyboard_and_by_the_palette(
    page: Page, live_url: str, watched: Watch, lang: str
) -> None:
    """A Canfield puzzle's position with two cards taken out: one is typed by
    keyboard into the place it came from, the other picked from the palette; then the
    position is valid, and it is the puzzle's."""
    _, p = first_puzzle("cf")
    full = p["state"]
    draft = json.loads(json.dumps(full))
    column = next(i for i, c in enumerate(draft["columns"]) if len(c) >= 1)
    typed = draft["columns"][column].pop()
    picked = draft["reserve"].pop() if draft["reserve"] else draft["stock"].pop()
    where = "R" if full["reserve"] else "stock"
    page.goto(live_url + page_path(lang, "analysis-canfield") + "#state=" + analysis.encode_state(draft))
    problems = page.locator(f"{BOARD} [data-role='position-problems'] li")
    expect(problems.first).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    # By keyboard: the place chosen in its list, the card typed, Enter.
    place = page.locator(f"{BOARD} [data-role='setup-place']")
    place.focus()
    place.select_option(str(column + 1))
    card = page.locator(f"{BOARD} [data-role='setup-card']")
    card.focus()
    page.keyboard.type(typed[0].lower() + typed[1].lower())
    page.keyboard.press("Enter")
    expect(page.locator(f"{BOARD} [data-role='setup-cards']")).to_contain_text(typed)
    # By the palette: the place, then the one card left unplaced.
    place.select_option(where)
    palette = page.locator(f"{BOARD} [data-role='palette'] button")
    expect(palette).to_have_count(1)
    assert palette.get_attribute("data-card") == picked
    assert palette.get_attribute("aria-label") == catalogues.card_phrase(lang, picked)
    palette.click()
    expect(page.locator(BOARD)).to_have_attribute("data-state", re.compile("."), timeout=LIVE_TIMEOUT_MS)
    assert {k: v for k, v in state_of(page).items() if k != "code"} == {
        k: v for k, v in full.items() if k != "code"
    }
    expect(problems).to_have_count(0)


def test_the_play_pages_link_opens_its_position_and_play_from_here_comes_back(
    page: Page, live_url: str, watched: Watch
) -> None:
    state = open_live(page, live_url + page_path("fr", "play-crescent"))
    game = engine.from_state(state)
    move = next(m for m in game.legal_moves() if m != "redeal")
    src, dst = move.split(">")
    page.locator(f"[data-board] [data-place='{src}']").click()
    if engine.tap(game, src) != move:
        page.locator(f"[data-board] [data-place='{dst}']").click()
    game.play(engine.tap(game, src) or move)
    board = page.locator("[data-board]")
    expect(board).to_have_attribute("data-state", re.compile('"moves":1'), timeout=LIVE_TIMEOUT_MS)
    link = page.locator("[data-board] [data-role='analyse-link']")
    expect(link).to_have_text(catalogues.message("fr", "analysis.link"))
    link.click()
    expect(page.locator(BOARD)).to_have_attribute("data-live", "true", timeout=LIVE_TIMEOUT_MS)
    assert state_of(page) == game.state()
    page.locator(f"{BOARD} [data-role='play-here']").click()
    board = page.locator("[data-board]")
    expect(board).to_have_attribute("data-live", "true", timeout=LIVE_TIMEOUT_MS)
    assert json.loads(board.get_attribute("data-state") or "null") == game.state()


def test_a_move_from_the_list_is_played_and_the_address_follows(
    page: Page, live_url: str, watched: Watch
) -> None:
    g = engine.new_game("CF1-D3-AAAAACL")
    open_state(page, live_url, "es", "canfield", g.state())
    first = page.locator(f"{BOARD} [data-move]").first
    move = first.get_attribute("data-move") or ""
    first.locator("button").click()
    g.play(move)
    expect(page.locator(BOARD)).to_have_attribute(
        "data-state", re.compile('"moves":1'), timeout=LIVE_TIMEOUT_MS
    )
    assert state_of(page) == g.state()
    expect(page.locator(f"{BOARD} [data-move]")).to_have_count(len(g.legal_moves()))
    hash_now = page.evaluate("location.hash")
    assert analysis.decode_state(hash_now.removeprefix("#state=")) == g.state()


def test_both_analysis_pages_are_in_every_languages_navigation(
    page: Page, live_url: str, watched: Watch
) -> None:
    """Both Analysis pages are in every language's navigation."""
    for lang in catalogues.LANGUAGES:
        page.goto(live_url + ("" if lang == "en" else f"{lang}/"))
        for game in ("crescent", "canfield"):
            nav = page.locator(f"nav a[href$='analysis-{game}/']")
            assert nav.count() >= 1, (lang, game)
            assert catalogues.message(lang, f"site.nav.analysis-{game}") in nav.first.inner_text()


@pytest.mark.parametrize(("code", "offered"), [("CR1-N-AAAAAAB", True), ("CR1-H-AAAAAAB", False)])
def test_the_play_pages_link_is_offered_only_for_a_position_it_can_open(
    page: Page, live_url: str, watched: Watch, code: str, offered: bool
) -> None:
    """A face-down deal's position reaches the page with its hidden cards unknown: the Analysis
    page could not open it, so the Play page does not offer the link."""
    open_live(page, live_url + page_path("en", "play-crescent") + "#code=" + code)
    link = page.locator("[data-board] [data-role='analyse-link']")
    if offered:
        expect(link).to_be_visible()
    else:
        expect(link).to_be_hidden()


@pytest.mark.parametrize(
    ("page_name", "selector"), [("crescent", "[data-lesson]"), ("puzzles-crescent", "[data-puzzle]")]
)
def test_a_lesson_or_puzzle_links_to_its_position(
    page: Page, live_url: str, watched: Watch, page_name: str, selector: str
) -> None:
    page.goto(live_url + page_path("el", page_name))
    board = page.locator(selector).first
    expect(board).to_have_attribute("data-live", "true")  # a puzzle's position comes with its answers
    state = json.loads(board.get_attribute("data-state") or "null")
    link = board.locator("[data-role='analyse-link']")
    expect(link).to_have_text(catalogues.message("el", "analysis.link"))
    page.wait_for_function(f"!!document.querySelector({json.dumps(selector)}).__cc")
    link.click()
    expect(page.locator(BOARD)).to_have_attribute("data-live", "true", timeout=LIVE_TIMEOUT_MS)
    assert state_of(page) == engine.from_state(state).state()
