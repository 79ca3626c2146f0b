"""Issue 27, the hostile pass (../shared/review/hostile.md): nothing the reader had is lost and
nothing is misdiagnosed. Each test reproduces one finding on the real build, as the review did.

Expected positions come from the engine and pyworker.links run here in CPython; sentences from
the catalogues.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

import catalogues
import engine
from pyworker import links
from tests.browser.livesite import Watch, page_path, set_storage, until
from tests.browser.test_live import LIVE_TIMEOUT_MS, expect_status, msg, open_live, state_of

pytestmark = pytest.mark.browser

CR = "CR1-N-AAAAAAB"
# The review's 20-action Crescent game of CR1-N-AAAAAAB (hostile.md, reproduction 1).
ENC = "BhBJCsB2D2FYFcAACjBGAAAKEOE8AAAIFgDHCPBL"
ACTIONS = links.decode("crescent", ENC)
KEY = "cc-play:crescent"


def after(count: int) -> dict[str, Any]:
    """The state of CR after the game's first `count` actions (the engine's)."""
    game = engine.new_game(CR)
    for move in ACTIONS[:count]:
        game.play(move)
    return game.state()


def expect_state(page: Page, state: dict[str, Any], timeout_s: float = 15.0) -> None:
    """Waits until the board's data-state is `state` (the state's "moves" counts moves, not
    actions, so no single attribute tells the actions apart)."""
    until(page, lambda: state_of(page) == state, timeout_s, lambda: f"board at {state_of(page)}, not {state}")


def kept(page: Page) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('{KEY}')") or "null")


def fresh_load(page: Page, url: str) -> dict[str, Any]:
    """A new load of `url` (not a hash change of the page already open)."""
    page.goto("about:blank")
    return open_live(page, url)


def reason(lang: str, code: str) -> str:
    return catalogues.message(lang, f"reason.{code}")


def offer(page: Page) -> Locator:
    return page.locator("[data-board] [data-role='saved-note'][data-note='held']")


def keep_the_full_game(page: Page, url: str) -> None:
    assert len(ACTIONS) == 20
    assert open_live(page, url + f"#code={CR}&moves={ENC}") == after(20)
    page.wait_for_function(f"(localStorage.getItem('{KEY}') || '').includes('{ENC}')")


@pytest.mark.parametrize(
    ("lang", "damaged", "played", "bad"),
    [
        ("en", ENC[:-1], 19, 20),  # finding 1: cut by one character
        ("ko", ENC[:20] + "ZZ" + ENC[22:36], 10, 11),  # finding 10: a bad token at move 11
        ("fr", ENC[:20] + "!" + ENC[21:], 10, 11),  # a stray character
    ],
)
def test_a_damaged_link_plays_what_it_can_and_keeps_the_kept_game(
    page: Page, live_url: str, watched: Watch, lang: str, damaged: str, played: int, bad: int
) -> None:
    url = live_url + page_path(lang, "play-crescent")
    keep_the_full_game(page, url)
    assert fresh_load(page, url + f"#code={CR}&moves={damaged}") == after(played)
    expect_status(page, msg(lang, "ui.moves-stopped", number=bad, reason=reason(lang, "bad-notation")))
    # The kept game is untouched and offered back, also after a reload.
    assert kept(page) == {"code": CR, "moves": ENC}
    expect(offer(page)).to_contain_text(msg(lang, "play.kept-offer", code=CR, number=20))
    page.reload()
    expect(page.locator("[data-board][data-live='true']")).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    assert state_of(page) == after(played)
    assert kept(page) == {"code": CR, "moves": ENC}
    # Resuming it brings the whole game back.
    link = offer(page).locator("[data-role='resume-kept']")
    expect(link).to_have_text(msg(lang, "play.kept-resume"))
    link.click()
    expect_state(page, after(20))
    expect(offer(page)).to_have_count(0)
    assert kept(page) == {"code": CR, "moves": ENC}


def test_playing_on_from_a_damaged_link_replaces_the_kept_game(
    page: Page, live_url: str, watched: Watch
) -> None:
    url = live_url + page_path("de", "play-crescent")
    keep_the_full_game(page, url)
    fresh_load(page, url + f"#code={CR}&moves={ENC[:20]}Z")
    expect(offer(page)).to_have_count(1)
    game = engine.new_game(CR)
    for move in ACTIONS[:10]:
        game.play(move)
    place = next(p for p in map(str, range(1, 17)) if engine.tap(game, p))
    move = engine.tap(game, place)
    assert move is not None
    page.locator(f"[data-board] [data-place='{place}']").click()
    game.play(move)
    expect_state(page, game.state())
    expect(offer(page)).to_have_count(0)
    moves = ENC[:20] + links.token("crescent", move)
    page.wait_for_function(f"(localStorage.getItem('{KEY}') || '').includes('{moves}')")
    assert kept(page) == {"code": CR, "moves": moves}
    expect(page).to_have_url(re.compile(re.escape(f"#code={CR}&moves={moves}") + "$"))


def test_a_damaged_kept_game_is_repaired_and_said_so(page: Page, live_url: str, watched: Watch) -> None:
    """Finding 15: a kept game is not "the link"; the readable part is played and kept."""
    url = live_url + page_path("es", "play-crescent")
    set_storage(
        page,
        {KEY: json.dumps({"code": CR, "moves": f"{ENC[:20]}!{ENC[21:]}"}, separators=(",", ":"))},
    )
    assert fresh_load(page, url) == after(10)
    expect_status(page, msg("es", "play.kept.moves-stopped", number=11, reason=reason("es", "bad-notation")))
    page.wait_for_function(
        f"(localStorage.getItem('{KEY}') || '') === JSON.stringify({{code: '{CR}', moves: '{ENC[:20]}'}})"
    )
    expect(offer(page)).to_have_count(0)


# Storage that refuses a write once `window.__full` is set (as a full quota does).
FULL = """
(() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (window.__full) throw new DOMException('full', 'QuotaExceededError');
    return set.call(this, k, v);
  };
})();
"""


def test_a_storage_that_refuses_writes_is_said_once_and_never_restores_a_stale_game(
    page: Page, live_url: str, watched: Watch
) -> None:
    """Finding 2 (and 23 for the game): play goes on, the page says once that the game is now
    only in the link, and a later visit never says an older copy is "back where you left it"."""
    page.add_init_script(FULL)
    url = live_url + page_path("ja", "play-crescent")
    open_live(page, url + f"#code={CR}&moves={ENC[:8]}")
    page.wait_for_function(f"(localStorage.getItem('{KEY}') || '').includes('{ENC[:8]}')")
    page.evaluate("window.__full = true")
    note = page.locator("[data-board] [data-role='saved-note'][data-note='storage']")
    for k in range(5, 8):
        page.evaluate(f"location.hash = '#code={CR}&moves={ENC[: 2 * k]}'")
        expect_state(page, after(k))
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        page.evaluate("window.dispatchEvent(new Event('pagehide'))")
        expect(note).to_have_count(1)
    expect(note).to_have_text(msg("ja", "play.storage-failed") + " ")
    assert kept(page) is None  # no stale copy left behind
    page.evaluate("window.__full = false")
    page.goto(live_url + page_path("ja", "examples"))
    open_live(page, url)
    assert state_of(page)["moves"] == 0
    status = page.locator("[data-board] [role='status']").first.inner_text()
    assert status != msg("ja", "play.restored", code=CR)


# ---- one action per offer, and focus that stays (findings 3, 12) ---------------------------------

PRESS = """(sel) => {
    const b = document.querySelector(sel);
    b.focus();
    // Three presses in one task: each reaches the page before any answer can come back.
    for (let i = 0; i < 3; i++) b.dispatchEvent(new MouseEvent('click', {bubbles: true}));
}"""

ON_BOARD = "document.activeElement && document.activeElement.closest('[data-board] [data-place]') !== null"


def test_fast_presses_of_redeal_redeal_once_and_focus_stays_on_the_board(
    page: Page, live_url: str, watched: Watch
) -> None:
    url = live_url + page_path("en", "play-crescent")
    open_live(page, url + f"#code={CR}")
    page.evaluate(PRESS, "[data-board] [data-action='redeal']")
    game = engine.new_game(CR)
    game.play("redeal")
    expect_state(page, game.state())
    page.wait_for_timeout(1500)  # a second redeal would have been answered by now
    assert state_of(page) == game.state()
    # The last redeal disables the button under the reader's focus: focus goes to the board.
    button = page.locator("[data-board] [data-action='redeal']")
    for _ in range(2):
        button.focus()
        page.keyboard.press("Enter")
        game.play("redeal")
        expect_state(page, game.state())
    expect(button).to_be_disabled()
    assert page.evaluate(ON_BOARD), page.evaluate("document.activeElement.outerHTML.slice(0, 80)")


def test_a_double_click_on_undo_to_the_last_winnable_position_undoes_once(
    page: Page, live_url: str, watched: Watch
) -> None:
    """Finding 3, on test_play's proved loss (CF1-D3-AAAAAAP: a draw after these 20 actions)."""
    prefix = ["draw", "W>H"] + ["draw"] * 14 + ["W>C", "3>C", "draw", "draw"]
    before = engine.new_game("CF1-D3-AAAAAAP")
    for m in prefix:
        before.play(m)
    board = page.locator("[data-board]")
    open_live(
        page,
        live_url
        + page_path("fr", "play-canfield")
        + f"#code=CF1-D3-AAAAAAP&moves={links.encode('canfield', prefix)}",
    )
    expect(board).to_have_attribute("data-verdict", "win", timeout=LIVE_TIMEOUT_MS + 30_000)
    page.locator("[data-board] [data-place='stock']").click()
    expect(board).to_have_attribute("data-verdict", "loss", timeout=30_000)
    back = page.locator("[data-board] [data-action='undo-to-winnable']")
    expect(back).to_be_visible()
    page.evaluate(PRESS, "[data-board] [data-action='undo-to-winnable']")
    expect_state(page, before.state())
    page.wait_for_timeout(1500)  # two more undos would have been answered by now
    assert state_of(page) == before.state()
    expect(back).to_be_hidden()
    assert page.evaluate(ON_BOARD), page.evaluate("document.activeElement.outerHTML.slice(0, 80)")


# ---- damaged progress and statistics (findings 6, 16, 23) ----------------------------------------

DAMAGED_PROGRESS = ['{"lessons":"x"}', '{"lessons":5,"puzzles":"y"}', '{"lessons":[]}', "[1]", "7", "nope"]


@pytest.mark.parametrize("damaged", DAMAGED_PROGRESS)
def test_damaged_progress_never_stops_a_lesson_and_is_repaired(
    page: Page, live_url: str, watched: Watch, damaged: str
) -> None:
    from sitegen.lessons import load_lesson
    from tests.browser.test_learn import DOCS, ROOT, play

    lesson = load_lesson(DOCS, "cr-build", ROOT)
    page.goto(live_url + page_path("ko", "crescent") + "#lesson-cr-build")
    page.evaluate("(v) => localStorage.setItem('cc-learn-progress', v)", damaged)
    page.reload()
    el = page.locator("[data-lesson='cr-build']")
    expect(el).to_have_attribute("data-live", "true")
    game = engine.from_state(lesson.state)
    for move in lesson.line:
        play(el, game, move)
    expect(el).to_have_attribute("data-done", "true")
    assert catalogues.message("ko", "ui.python-error") not in el.locator("[role='status']").inner_text()
    page.wait_for_function(
        "() => { try { const p = JSON.parse(localStorage.getItem('cc-learn-progress'));"
        " return p.lessons['cr-build'] === true; } catch { return false; } }"
    )


DAMAGED_STATS = [
    '{"played":1,"won":"abc","best":{},"bestTime":"x","streak":null}',
    '{"played":1e308,"won":0,"best":null,"bestTime":-60,"streak":"2"}',
    '"text"',
    "[1,2]",
]


# Each version's figures have their own key (play/stats.js); the key before versions is moved to
# the seeds' version's (`N`), repaired on the way. (key, the code played, the key read back)
STATS_KEYS = [
    ("cc-stats:crescent", CR, "cc-stats:crescent:N"),
    ("cc-stats:crescent:N", CR, "cc-stats:crescent:N"),
    ("cc-stats:crescent:F", "CR1-F-AAAAAAB", "cc-stats:crescent:F"),
    ("cc-stats:crescent:H", "CR1-H-AAAAAAB", "cc-stats:crescent:H"),
    ("cc-stats:crescent:FH", "CR1-FH-AAAAAAB", "cc-stats:crescent:FH"),
]


@pytest.mark.parametrize(
    ("damaged", "slot"),
    [(d, STATS_KEYS[0]) for d in DAMAGED_STATS] + list(zip(DAMAGED_STATS, STATS_KEYS[1:], strict=True)),
    ids=str,
)
def test_damaged_statistics_are_reset_and_said_once(
    page: Page, live_url: str, watched: Watch, damaged: str, slot: tuple[str, str, str]
) -> None:
    key, code, kept = slot
    url = live_url + page_path("el", "play-crescent")
    set_storage(page, {key: damaged})
    fresh_load(page, url + f"#code={code}")
    stats = page.locator("[data-board] [data-stat]")
    expect(stats.first).to_be_attached()
    shown = " ".join(stats.all_inner_texts())
    for junk in ("NaN", "object", "abc", "null", "e+", "-1"):
        assert junk not in shown, shown
    expect(page.locator("[data-board] [data-role='stats-note']")).to_have_text(
        msg("el", "play.stats.repaired")
    )
    kept_stats = json.loads(page.evaluate("(k) => localStorage.getItem(k)", kept))
    assert all(isinstance(kept_stats[k], int) for k in ("played", "won", "streak"))
    # Repaired: the next visit has nothing to say.
    fresh_load(page, url + f"#code={code}")
    expect(page.locator("[data-board] [data-role='stats-note']")).to_have_text("")


# ---- a verdict worker that cannot start (finding 5) ---------------------------------------------


@pytest.mark.python_start("auto")  # a first visit's boot, as a reader starts
def test_a_verdict_worker_that_cannot_start_says_unknown_within_the_boot_time_out(
    browser: Browser, live_url: str
) -> None:
    """The board's Python loads; the solver's worker's own pyodide.asm.wasm is aborted."""
    context = browser.new_context(service_workers="block")
    seen: list[str] = []

    def second_wasm_fails(route: Route) -> None:
        seen.append(route.request.url)
        if len(seen) == 1:
            route.continue_()
        else:
            route.abort()

    context.route(re.compile(r".*/pyodide/pyodide\.asm\.wasm$"), second_wasm_fails)
    page = context.new_page()
    try:
        open_live(page, live_url + page_path("en", "play-crescent") + f"#code={CR}")
        box = page.locator("[data-board] [data-role='verdict-box']")
        # START_DELAY_MS (1.5 s) + BOOT_TIMEOUT_MS (10 s) + the look at the .wasm, with room for
        # a loaded machine.
        expect(box).to_have_attribute("data-verdict", "unknown", timeout=60_000)
        expect(page.locator("[data-board] [data-role='verdict']")).to_have_text(msg("en", "play.verdict.off"))
        assert len(seen) >= 2
    finally:
        context.close()


def test_a_click_on_a_try_it_whose_answers_failed_waits_for_python(
    page: Page, live_url: str, watched: Watch
) -> None:
    """Finding 14: the try-it's answers file cannot be fetched. A click on its picture is not
    answered with "Python stopped with an error" (Python is fine, only starting): it waits, and
    Python draws the position and answers it."""
    import diagrams

    page.context.route(re.compile(r".*/assets/tryit/.*\.json$"), lambda r: r.abort())
    page.goto(live_url + page_path("en", "crescent"))
    figure = page.locator("figure[data-tryit]").first
    state = json.loads(figure.get_attribute("data-state") or "{}")
    game = engine.from_state(state)
    src = next(
        p
        for p in diagrams.places("crescent")
        if p.isdigit() and state["piles"][int(p) - 1] and engine.tap(game, p) is None
    )
    from tests.browser.pictures import click_picture

    click_picture(figure, state, "en", src)
    expect(figure.locator(f"[data-place='{src}']")).to_have_class(
        re.compile("is-selected"), timeout=LIVE_TIMEOUT_MS
    )
    status = figure.locator("[role='status']").inner_text()
    assert status != msg("en", "ui.python-error")
    # The aborted fetches' own console lines are the test's doing.
    watched.errors[:] = [e for e in watched.errors if "Failed to load resource" not in e]


@pytest.mark.parametrize(("step", "lang"), [("abc", "en"), ("-1", "fr"), ("１", "ko"), ("99999", "de")])
def test_a_replay_step_the_game_does_not_have_is_said(
    page: Page, live_url: str, watched: Watch, step: str, lang: str
) -> None:
    """Finding 19: an invalid or too large `#step=` is not silently ignored or clamped."""
    page.goto(live_url + page_path(lang, "examples") + "#step=" + step)
    replay = page.locator("[data-replay]").first
    total = len(json.loads(replay.locator("script[data-role='replay']").inner_text())["moves"])
    shown = total if step.isascii() and step.isdigit() else 0
    expect(replay.locator("[role='status']")).to_have_text(
        catalogues.message(lang, "ui.replay-step-invalid", step=step, total=total, shown=shown)
    )
    if shown:
        expect(replay).to_have_attribute("data-step", str(shown))
    else:
        assert (replay.get_attribute("data-step") or "0") == "0"


@pytest.mark.python_start("auto")  # a first visit's boot, as a reader starts
def test_a_slow_download_is_said_as_such_and_keeps_the_clicks(browser: Browser, live_url: str) -> None:
    """Finding 4: Python's WebAssembly file comes slowly (held back here past the 10 s boot
    time-out). The board says it is still downloading, not that the server sends the wrong type;
    a click meanwhile is queued, not dropped, and played once Python is up."""
    context = browser.new_context(service_workers="block")
    held: list[Route] = []

    def slow_first_wasm(route: Route) -> None:
        if not held:
            held.append(route)  # the worker's own download: held
        else:
            route.continue_()  # the page's look at the file's type, and any later fetch

    context.route(re.compile(r".*/pyodide/pyodide\.asm\.wasm$"), slow_first_wasm)
    page = context.new_page()
    try:
        page.goto(live_url + page_path("es", "play-crescent") + f"#code={CR}")
        status = page.locator("[data-board] [role='status']")
        expect(status).to_have_text(msg("es", "ui.loading-slow"), timeout=60_000)
        assert page.locator("[data-board]").get_attribute("data-live") != "failed"
        game = engine.new_game(CR)
        place, move = next((str(p), m) for p in range(1, 17) if (m := engine.tap(game, str(p))))
        page.locator(f"[data-board] [data-place='{place}']").click()
        expect(status).to_have_text(msg("es", "ui.queued"))
        assert held, "the worker never asked for the .wasm"
        held[0].continue_()
        game.play(move)
        board = page.locator("[data-board]")
        expect(board).to_have_attribute("data-state", re.compile('"moves":1'), timeout=LIVE_TIMEOUT_MS)
        assert json.loads(board.get_attribute("data-state") or "{}") == game.state()
    finally:
        context.close()


@pytest.mark.parametrize(
    ("hash_", "key"), [("#moves=AB", "play.link-unread.moves"), ("#state=!!", "play.link-unread.state")]
)
def test_an_address_the_play_page_cannot_open_is_said(
    page: Page, live_url: str, watched: Watch, hash_: str, key: str
) -> None:
    """Finding 27: moves without a code, or a #state= that is no position, were skipped in silence."""
    page.goto(live_url + page_path("de", "play-crescent") + hash_)
    expect(page.locator("[data-board]")).to_have_attribute("data-live", "true", timeout=LIVE_TIMEOUT_MS)
    expect(page.locator("[data-board] [role='status']")).to_have_text(msg("de", key))
