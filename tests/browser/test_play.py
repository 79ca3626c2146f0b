"""The Play page in headless Chromium (issue 14): each case found by the review, reproduced on
the real build, then saving and restoring games, the seeds' settings, the verdict, comforts.

Expected values come from the engine, pyworker and the catalogues run here in CPython.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import engine
from pyworker import advice, links
from tests.browser.livesite import Watch, page_path
from tests.browser.test_live import (
    LIVE_TIMEOUT_MS,
    expect_status,
    msg,
    open_live,
    state_of,
)

pytestmark = pytest.mark.browser

CR, CF = "CR1-N-AAAAAAB", "CF1-D3-AAAAACL"


def board_moves(page: Page, n: int) -> None:
    expect(page.locator("[data-board]")).to_have_attribute(
        "data-state", re.compile(f'"moves":{n}[,}}]'), timeout=15_000
    )


def play_by_clicks(page: Page, game: engine.Game, count: int) -> list[str]:
    """Plays `count` moves of `game` on the page (tap, or select then drop), mirrored here."""
    done = []
    for _ in range(count):
        move = next(m for m in game.legal_moves() if m != "redeal" and ">" in m)
        src, dst = move.split(">")
        src = src.split(":")[0]
        tapped = engine.tap(game, src)
        page.locator(f"[data-board] [data-place='{src}']").click()
        if tapped is None:
            page.locator(f"[data-board] [data-place='{dst}']").click()
            game.play(move)
            done.append(move)
        else:
            game.play(tapped)
            done.append(tapped)
        board_moves(page, game.state()["moves"])
    return done


# ---- the review's cases -------------------------------------------------------------------------


def test_hint_on_a_draw_names_no_stock_card(page: Page, live_url: str, watched: Watch) -> None:
    """ "3 cards drawn from the stock onto the waste, Q♥ on top" told the stock's hidden cards."""
    state = open_live(page, live_url + page_path("en", "play-canfield") + f"#code={CF}")
    page.locator("[data-board] [data-action='hint']").click()
    status = page.locator("[data-board] [role='status']")
    expect(status).to_have_text(re.compile("^Hint: "), timeout=20_000)
    hinted = page.locator("[data-board] .is-hint")
    places = {
        hinted.nth(i).get_attribute("data-place") or hinted.nth(i).get_attribute("data-zone")
        for i in range(hinted.count())
    }
    game = engine.from_state(state)
    move = (
        "draw"
        if places == {"stock", "W"}
        else next(m for m in game.legal_moves() if set(re.split(r"[>:]", m)) >= places)
    )
    text = status.inner_text()
    assert text == advice.hint_text(move, state, "en")
    from diagrams import cards

    for card in state["stock"]:
        assert cards.short(card, "en") not in text.split()
    assert "drawn" not in text  # advice, not a move that happened


@pytest.mark.parametrize("step", ["%C2%B2", "9" * 4301])
def test_a_bad_step_in_the_link_leaves_a_live_board(
    page: Page, live_url: str, watched: Watch, step: str
) -> None:
    game = engine.new_game(CR)
    first = next(m for m in game.legal_moves() if m != "redeal")
    moves = links.encode("crescent", [first])
    state = open_live(
        page, live_url + page_path("fr", "play-crescent") + f"#code={CR}&moves={moves}&step={step}"
    )
    game.play(first)
    assert state == game.state()
    expect_status(page, msg("fr", "play.link-step-invalid"))
    # Not dead: the next click plays.
    play_by_clicks(page, game, 1)
    assert state_of(page) == game.state()


def test_a_python_error_reopens_the_game_where_it_was(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("en", "play-crescent") + f"#code={CR}")
    game = engine.new_game(CR)
    play_by_clicks(page, game, 2)
    # The next answer fails in the worker, as a Python exception would.
    page.evaluate("""() => {
        const py = CCLive.python, call = py.call.bind(py);
        let left = 1;
        py.call = (op, args) => (left-- > 0 ? Promise.reject(new Error('injected failure')) : call(op, args));
    }""")
    page.locator("[data-board] .cc-toolbar [data-action='undo']").click()
    expect_status(page, msg("en", "play.recovered"))
    expect(page.locator("[data-board]")).to_have_attribute("data-live", "true")
    assert state_of(page) == game.state()  # the game as it was, not the default deal
    play_by_clicks(page, game, 1)  # and it plays on
    watched.errors[:] = [e for e in watched.errors if "injected failure" not in e]


def test_a_worker_that_stops_answering_is_restarted(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("ko", "play-canfield") + f"#code={CF}")
    game = engine.new_game(CF)
    page.locator("[data-board] [data-place='stock']").click()
    game.play("draw")
    board_moves(page, 1)
    page.evaluate("() => { CCLive.python.callTimeoutMs = 2000; CCLive.python.rawWorker.terminate(); }")
    page.locator("[data-board] [data-place='stock']").click()  # never answered: the worker is gone
    expect(page.locator("[data-board] [role='status']")).to_have_text(
        msg("ko", "play.recovered"), timeout=LIVE_TIMEOUT_MS
    )
    assert state_of(page) == game.state()
    page.locator("[data-board] [data-place='stock']").click()
    game.play("draw")
    board_moves(page, 2)
    assert state_of(page) == game.state()
    assert page.evaluate("CCLive.python.restarts") == 1


def test_a_hash_change_during_start_up_is_not_lost(page: Page, live_url: str, watched: Watch) -> None:
    url = live_url + page_path("en", "play-crescent")
    page.goto(url + "#code=CR1-N-AAAAAAB")
    page.evaluate("location.hash = '#code=CR1-N-AAAAAAC'")
    expect(page.locator("[data-board][data-live='true'][data-state]")).to_have_count(
        1, timeout=LIVE_TIMEOUT_MS
    )
    expect(page.locator("[data-board] [data-role='code-out']")).to_have_text("CR1-N-AAAAAAC")
    assert state_of(page) == engine.new_game("CR1-N-AAAAAAC").state()
    expect(page).to_have_url(re.compile("#code=CR1-N-AAAAAAC$"))
    # Twenty changes 5 ms apart: the last one wins.
    page.evaluate("""async () => {
        for (let i = 0; i < 20; i++) {
            location.hash = '#code=CR1-N-AAAAAB' + String.fromCharCode(65 + i);
            await new Promise((r) => setTimeout(r, 5));
        }
    }""")
    last = "CR1-N-AAAAABT"
    expect(page.locator("[data-board] [data-role='code-out']")).to_have_text(last, timeout=20_000)
    page.wait_for_timeout(500)  # any late answer would show now
    assert state_of(page) == engine.new_game(last).state()
    expect(page).to_have_url(re.compile(f"#code={last}$"))


def test_a_mistyped_code_keeps_the_game(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("ko", "play-crescent") + f"#code={CR}")
    game = engine.new_game(CR)
    played = play_by_clicks(page, game, 4)
    hash_before = f"#code={CR}&moves={links.encode('crescent', played)}"
    expect(page).to_have_url(re.compile(re.escape(hash_before) + "$"))  # written once idle
    page.locator("[data-board] [data-role='code-in']").fill("CR1-N-AAAAAA")
    page.locator("[data-board] [data-action='open']").click()
    expect_status(page, msg("ko", "play.code-invalid-kept", reason=msg("ko", "ui.code.deal-length")))
    assert state_of(page) == game.state()
    expect(page).to_have_url(re.compile(re.escape(hash_before) + "$"))
    # A changed hash with a bad code does not throw the game away either.
    page.evaluate("location.hash = '#code=CR1-N-AAAAAA!'")
    expect_status(page, msg("ko", "play.code-invalid-kept", reason=msg("ko", "ui.code.deal-character")))
    assert state_of(page) == game.state()
    expect(page).to_have_url(re.compile(re.escape(hash_before) + "$"))


# ---- games are never lost -------------------------------------------------------------------------


def test_reload_back_forward_and_a_fresh_visit_restore_the_game(
    page: Page, live_url: str, watched: Watch
) -> None:
    url = live_url + page_path("el", "play-crescent")
    open_live(page, url + f"#code={CR}")
    game = engine.new_game(CR)
    played = play_by_clicks(page, game, 3)
    hash_of = f"#code={CR}&moves={links.encode('crescent', played)}"
    expect(page).to_have_url(re.compile(re.escape(hash_of) + "$"))  # written once idle
    page.reload()
    expect(page.locator("[data-board][data-live='true'][data-state]")).to_have_count(
        1, timeout=LIVE_TIMEOUT_MS
    )
    assert state_of(page) == game.state()
    # Another deal, chosen by the reader: a new history entry; back and forward restore each game.
    page.locator("[data-board] [data-role='code-in']").fill("CR1-N-AAAAAAC")
    page.locator("[data-board] [data-action='open']").click()
    expect(page.locator("[data-board] [data-role='code-out']")).to_have_text("CR1-N-AAAAAAC")
    other = engine.new_game("CR1-N-AAAAAAC")
    play_by_clicks(page, other, 2)
    page.go_back()
    expect(page.locator("[data-board] [data-role='code-out']")).to_have_text(CR, timeout=15_000)
    board_moves(page, game.state()["moves"])
    assert state_of(page) == game.state()
    page.go_forward()
    expect(page.locator("[data-board] [data-role='code-out']")).to_have_text("CR1-N-AAAAAAC", timeout=15_000)
    board_moves(page, other.state()["moves"])
    assert state_of(page) == other.state()
    # Coming back to the Play page without a link: the game kept in this browser.
    page.goto(live_url + page_path("el", "examples"))
    open_live(page, url)
    assert state_of(page) == other.state()
    expect_status(page, msg("el", "play.restored", code="CR1-N-AAAAAAC"))


def test_a_page_left_right_after_a_move_keeps_it(page: Page, live_url: str, watched: Watch) -> None:
    """saved.js writes the browser's copy once the answer is painted, and at once when the page
    goes away: here the page never has idle time, and is left in the move's own task."""
    url = live_url + page_path("en", "play-crescent")
    open_live(page, url + f"#code={CR}")
    page.evaluate("window.requestIdleCallback = () => 0")  # idle time never comes
    game = engine.new_game(CR)
    play_by_clicks(page, game, 1)
    move = next(m for m in game.legal_moves() if ">" in m and engine.tap(game, m.split(">")[0]) == m)
    leave = """([place, away]) => {
        const board = document.querySelector('[data-board]');
        new MutationObserver((_, obs) => { obs.disconnect(); location.href = away; })
            .observe(board.querySelector('[role=status]'),
                     {childList: true, characterData: true, subtree: true});
        board.querySelector(`[data-place="${place}"]`)
            .dispatchEvent(new MouseEvent('click', {bubbles: true}));
    }"""
    away = live_url + page_path("en", "examples")
    with page.expect_navigation(url=away):
        page.evaluate(leave, [move.split(">")[0], away])
    page.wait_for_load_state("load")  # a goto while that navigation is still going is aborted
    game.play(move)
    open_live(page, url)
    assert state_of(page) == game.state()
    expect_status(page, msg("en", "play.restored", code=CR))


# ---- the seeds' settings ----------------------------------------------------------------------------


def test_new_game_dialog_and_double_click_setting(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("en", "play-canfield") + f"#code={CF}")
    opener = page.locator("[data-board] [data-action='newgame']")
    opener.click()
    dialog = page.locator("[data-board] dialog[data-role='newgame-dialog']")
    expect(dialog).to_be_visible()
    assert dialog.get_attribute("aria-labelledby")
    # Focus is inside the modal dialog, on the chosen draw, labelled as the seeds label it.
    assert page.evaluate("document.activeElement.closest('dialog') !== null")
    expect(dialog.get_by_label(msg("en", "play.draw.3"))).to_be_checked()
    expect(dialog.get_by_label(msg("en", "play.draw.1"))).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.evaluate("document.activeElement.getAttribute('data-action')") == "newgame"
    opener.click()
    dialog.get_by_label(msg("en", "play.draw.1")).check()
    dialog.get_by_label(msg("en", "play.dialog.double-click")).uncheck()
    dialog.locator("[data-role='deal']").click()
    expect(page.locator("[data-board] [data-role='code-out']")).to_have_text(re.compile(r"^CF1-D1-[A-Z]{7}$"))
    code = page.locator("[data-board] [data-role='code-out']").inner_text()
    assert state_of(page) == engine.new_game(code).state()
    # Kept in the browser: after a reload the dialog shows the choices made.
    page.reload()
    expect(page.locator("[data-board][data-live='true']")).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    page.locator("[data-board] [data-action='newgame']").click()
    expect(dialog.get_by_label(msg("en", "play.draw.1"))).to_be_checked()
    expect(dialog.get_by_label(msg("en", "play.dialog.double-click"))).not_to_be_checked()
    page.keyboard.press("Escape")
    # Double click off: a tap that would send a card to a column selects it instead.
    game, place, moves = _column_tap_position()
    page.evaluate(f"location.hash = '#code={game.code}&moves={moves}'")
    expect(page.locator("[data-board] [data-role='code-out']")).to_have_text(game.code or "")
    board_moves(page, game.state()["moves"])
    page.locator(f"[data-board] [data-place='{place}']").click()
    expect(page.locator(f"[data-board] [data-place='{place}']")).to_have_class(re.compile("is-selected"))
    assert state_of(page) == game.state()
    # Back on: the same tap plays the move to the column.
    page.keyboard.press("Escape")
    page.locator("[data-board] [data-action='newgame']").click()
    dialog.get_by_label(msg("en", "play.dialog.double-click")).check()
    page.keyboard.press("Escape")
    page.locator(f"[data-board] [data-place='{place}']").click()
    board_moves(page, game.state()["moves"] + 1)


def _column_tap_position() -> tuple[engine.Game, str, str]:
    from engine.codes import deal_letters

    for n in range(400):
        game = engine.new_game("CF1-D3-" + deal_letters(n))
        actions: list[str] = []
        for _ in range(30):
            for place in ("W", "R", "1", "2", "3", "4"):
                move = engine.tap(game, place)
                if move and move != "draw" and move.rpartition(">")[2] in "1234":
                    return game, place, links.encode("canfield", actions)
            if game.check("draw") is None:
                game.play("draw")
                actions.append("draw")
    raise AssertionError("no position with a column tap")


# ---- the verdict ------------------------------------------------------------------------------------


def test_verdict_says_winnable_then_follows_each_action(page: Page, live_url: str, watched: Watch) -> None:
    board = page.locator("[data-board]")
    open_live(page, live_url + page_path("fr", "play-canfield") + "#code=CF1-D1-AAAAACL")
    expect(board).to_have_attribute("data-verdict", "win", timeout=LIVE_TIMEOUT_MS + 30_000)
    expect(page.locator("[data-board] [data-role='verdict']")).to_have_text(msg("fr", "play.verdict.win"))
    # Each action: "pending" at once (the move is never delayed), then the new verdict.
    page.locator("[data-board] [data-place='stock']").click()
    board_moves(page, 1)
    expect(board).to_have_attribute("data-verdict", re.compile("^(pending|win)$"))
    expect(board).to_have_attribute("data-verdict", "win", timeout=30_000)


# ---- comforts ---------------------------------------------------------------------------------------


def _example(name: str) -> dict[str, Any]:
    from tests.conftest import ROOT

    return json.loads((ROOT / "docs" / "examples" / f"{name}.json").read_text(encoding="utf-8"))


def test_glide_win_celebration_and_statistics(page: Page, live_url: str, watched: Watch) -> None:
    example = _example("canfield-d3-example")
    moves = example["moves"]
    start = links.encode("canfield", moves[:-2])
    open_live(page, live_url + page_path("en", "play-canfield") + f"#code={example['code']}&moves={start}")
    game = engine.new_game(example["code"])
    for m in moves[:-2]:
        game.play(m)
    stats = page.locator("[data-board] [data-role='mystats']")
    stats.locator("summary").click()
    expect(stats.locator("[data-stat='played']")).to_have_text("0")
    # The last two moves, by clicks: the cards glide, the win is celebrated and counted.
    for move in moves[-2:]:
        src, dst = move.split(">")
        tapped = engine.tap(game, src)
        assert tapped in (None, move), (move, tapped)
        page.locator(f"[data-board] [data-place='{src}']").click()
        if tapped is None:
            page.locator(f"[data-board] [data-place='{dst}']").click()
        game.play(move)
        board_moves(page, game.state()["moves"])
    assert game.status == "won"
    expect(page.locator("[data-board]")).to_have_attribute("data-status", "won")
    expect(page.locator("[data-board]")).to_have_attribute("data-celebrated", "1")
    expect(stats.locator("[data-stat='played']")).to_have_text("1")
    expect(stats.locator("[data-stat='won']")).to_have_text("1")
    expect(stats.locator("[data-stat='streak']")).to_have_text("1")
    expect(stats.locator("[data-stat='best']")).to_have_text(str(game.state()["score"]))
    stats.locator("[data-action='clear-stats']").click()
    expect(stats.locator("[data-stat='won']")).to_have_text("0")
    expect(stats.locator("[data-role='stats-note']")).to_have_text(msg("en", "play.stats.cleared"))


def test_cards_glide_and_not_with_reduced_motion(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("en", "play-canfield") + f"#code={CF}")
    count = """() => new Promise((resolve) => {
        const board = document.querySelector('[data-board]');
        const obs = new MutationObserver(() => {
            obs.disconnect();
            // The glide starts in the frame after the answer, before that frame is painted.
            requestAnimationFrame(() => resolve(document.getAnimations().filter((a) => a.effect
                && a.effect.target && board.contains(a.effect.target))
                .map((a) => a.effect.getTiming().duration)));
        });
        obs.observe(board.querySelector('[role=status]'),
                    {childList: true, characterData: true, subtree: true});
        board.querySelector('[data-place="stock"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));
    })"""
    durations = page.evaluate(count)
    assert durations and all(0 < d <= 150 for d in durations), durations
    page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")  # the glide ends
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(count) == []


def test_a_losing_move_is_named_and_undone_to_the_last_winnable_position(
    page: Page, live_url: str, watched: Watch
) -> None:
    """CF1-D3-AAAAAAP after these 20 actions is winnable; a draw there loses (the solver proves
    it in milliseconds): the board says so and takes the reader back."""
    prefix = ["draw", "W>H"] + ["draw"] * 14 + ["W>C", "3>C", "draw", "draw"]
    before, after = engine.new_game("CF1-D3-AAAAAAP"), engine.new_game("CF1-D3-AAAAAAP")
    for m in prefix:
        before.play(m)
        after.play(m)
    after.play("draw")
    assert engine.solve(before, max_seconds=5).status == "win"
    assert engine.solve(after, max_seconds=5).status == "loss"
    board = page.locator("[data-board]")
    open_live(
        page,
        live_url
        + page_path("de", "play-canfield")
        + f"#code=CF1-D3-AAAAAAP&moves={links.encode('canfield', prefix)}",
    )
    expect(board).to_have_attribute("data-verdict", "win", timeout=LIVE_TIMEOUT_MS + 30_000)
    page.locator("[data-board] [data-place='stock']").click()
    board_moves(page, after.state()["moves"])
    expect(board).to_have_attribute("data-verdict", "loss", timeout=30_000)
    expect(page.locator("[data-board] [data-role='verdict']")).to_have_text(msg("de", "play.verdict.loss"))
    expect(page.locator("[data-board] [data-role='verdict-note']")).to_have_text(
        msg("de", "play.verdict.lost-here")
    )
    back = page.locator("[data-board] [data-action='undo-to-winnable']")
    expect(back).to_be_visible()
    back.click()
    board_moves(page, before.state()["moves"])
    assert state_of(page) == before.state()
    expect(back).to_be_hidden()
    expect(board).to_have_attribute("data-verdict", "win", timeout=30_000)
