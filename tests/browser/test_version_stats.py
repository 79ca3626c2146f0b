"""The Play page's personal statistics per version (issue 24, item 4), in headless Chromium.

Each version's figures are kept under their own key (`cc-stats:<game>:<options>`, the seeds'
rules `N`, `D3`, `D1`); the figures shown are the version being played, named by the menu beside
them, which shows another version's on request. The key before versions (`cc-stats:<game>`)
becomes the seeds' version's once, its figures added to any kept there. Expected values come
from the engine and the catalogues run here in CPython.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import engine
from pyworker import links
from tests.browser.livesite import Watch, page_path
from tests.browser.test_live import msg, open_live
from tests.browser.test_play import board_moves
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

EXAMPLE = json.loads((ROOT / "docs" / "examples" / "crescent-example.json").read_text(encoding="utf-8"))


def _kept(page: Page, key: str) -> Any:
    return json.loads(page.evaluate("(k) => localStorage.getItem(k)", key) or "null")


def _figures(page: Page) -> dict[str, str]:
    stats = page.locator("[data-board] [data-role='mystats']")
    return {k: stats.locator(f"[data-stat='{k}']").inner_text() for k in ("played", "won", "streak")}


def _win(page: Page, url: str, options: str) -> engine.Game:
    """Opens the example's deal under `options` one move before its win, and plays that move by
    clicks (a game counts once the reader plays in it)."""
    code = EXAMPLE["code"].replace("-N-", f"-{options}-")
    moves = EXAMPLE["moves"]
    page.goto("about:blank")
    open_live(page, url + f"#code={code}&moves={links.encode('crescent', moves[:-1])}")
    game = engine.new_game(code)
    for move in moves[:-1]:
        game.play(move)
    src, dst = moves[-1].split(">")
    tapped = engine.tap(game, src)
    page.locator(f"[data-board] [data-place='{src}']").click()
    if tapped is None:
        page.locator(f"[data-board] [data-place='{dst}']").click()
    game.play(moves[-1])
    assert game.status == "won"
    board_moves(page, game.state()["moves"])
    expect(page.locator("[data-board]")).to_have_attribute("data-status", "won")
    return game


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_game_won_in_two_versions_counts_in_each_version_only(
    page: Page, live_url: str, watched: Watch, lang: str
) -> None:
    url = live_url + page_path(lang, "play-crescent")
    page.goto(live_url + page_path(lang, "glossary"))  # the site's origin, no board writing figures
    # Figures from before versions: the seeds' version's, moved once.
    page.evaluate(
        "() => { localStorage.clear(); localStorage.setItem('cc-stats:crescent', JSON.stringify("
        "{played: 4, won: 1, best: 200, bestTime: 900, streak: 0, current: null})); }"
    )
    stats = page.locator("[data-board] [data-role='mystats']")
    menu = stats.locator("[data-role='stats-version']")
    moves = _win(page, url, "N").state()["moves"]
    stats.locator("summary").click()
    # The menu names the version played, as the new-game dialog does, and is labelled.
    expect(menu).to_have_value("N")
    expect(stats.get_by_label(msg(lang, "play.stats.version"))).to_have_value("N")
    expect(menu.locator("option:checked")).to_have_text(msg(lang, "play.version.crescent"))
    expect(stats.locator("[data-stat='played']")).to_have_text("5")
    assert _figures(page) == {"played": "5", "won": "2", "streak": "1"}
    assert _kept(page, "cc-stats:crescent") is None
    assert _kept(page, "cc-stats:crescent:N")["played"] == 5
    # The same deal and line under Crescent Four: its own figures, the standard's untouched.
    _win(page, url, "F")
    stats.locator("summary").click()
    expect(menu).to_have_value("F")
    expect(menu.locator("option:checked")).to_have_text(msg(lang, "play.version.crescent-four"))
    expect(stats.locator("[data-stat='played']")).to_have_text("1")
    assert _figures(page) == {"played": "1", "won": "1", "streak": "1"}
    expect(stats.locator("[data-stat='best']")).to_have_text(str(moves))
    kept_n, kept_f = _kept(page, "cc-stats:crescent:N"), _kept(page, "cc-stats:crescent:F")
    assert (kept_n["played"], kept_n["won"], kept_f["played"], kept_f["won"]) == (5, 2, 1, 1)
    # The menu shows another version's figures; clearing clears only the version shown.
    menu.select_option("N")
    expect(stats.locator("[data-stat='played']")).to_have_text("5")
    assert _figures(page) == {"played": "5", "won": "2", "streak": "1"}
    expect(stats.locator("[data-stat='best']")).to_have_text(str(min(200, moves)))
    menu.select_option("H")
    assert _figures(page) == {"played": "0", "won": "0", "streak": "0"}
    menu.select_option("N")
    stats.locator("[data-action='clear-stats']").click()
    expect(stats.locator("[data-stat='played']")).to_have_text("0")
    expect(stats.locator("[data-role='stats-note']")).to_have_text(msg(lang, "play.stats.cleared"))
    assert _kept(page, "cc-stats:crescent:N") is None
    assert _kept(page, "cc-stats:crescent:F")["won"] == 1


def test_the_menu_names_the_canfield_version_played(page: Page, live_url: str, watched: Watch) -> None:
    """Canfield's menu has the dialog's two groups (the app's draws, the other versions) and
    follows the version of the game on the board: Storehouse, then the app's draw 3."""
    url = live_url + page_path("es", "play-canfield")
    stats = page.locator("[data-board] [data-role='mystats']")
    menu = stats.locator("[data-role='stats-version']")
    open_live(page, url + "#code=CF1-D1HKP3STW-AAAAAAB")
    groups = menu.locator("optgroup")
    expect(groups).to_have_count(2)
    assert groups.evaluate_all("(gs) => gs.map((g) => g.label)") == [
        msg("es", "play.dialog.draw"),
        msg("es", "play.dialog.other-versions"),
    ]
    assert groups.nth(0).locator("option").evaluate_all("(os) => os.map((o) => o.value)") == ["D3", "D1"]
    expect(menu).to_have_value("D1HKP3STW")
    expect(menu.locator("option:checked")).to_have_text(msg("es", "play.version.storehouse"))
    page.evaluate("() => { location.hash = '#code=CF1-D3-AAAAAAB'; }")
    expect(menu).to_have_value("D3")
    expect(menu.locator("option:checked")).to_have_text(msg("es", "play.draw.3"))
