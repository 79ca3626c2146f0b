"""Live boards, try-it diagrams and replays in headless Chromium, against the built site.

Every expected value comes from the engine, the diagrams and the catalogues run here in CPython:
the page must show what the same Python says under Pyodide. Every test also checks that no
request left the site's host and that the page logged no console error.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route, expect

import catalogues
import diagrams
import engine
from pyworker import advice
from tests.browser.livesite import LANGS, Watch, page_path, watch
from tests.browser.pictures import click_picture

# Python's start is this file's own (`start_mode`: every test booted and from the snapshot).
pytestmark = [pytest.mark.browser, pytest.mark.python_start("auto")]

LIVE_TIMEOUT_MS = 90_000  # Pyodide's start (boot mode too) on a busy 2-core machine, with margin
CODES = {"crescent": "CR1-N-AAAAAAB", "canfield": "CF1-D3-AAAAACL"}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # Tall enough for a whole board and its controls, so drags start and end on screen.
    return {**browser_context_args, "viewport": {"width": 1280, "height": 1400}}


# A test whose pages never start Python (Pyodide's files blocked, a file:// page): how Python
# would start cannot change it, so it runs once, and checks that Python did not start.
never_starts = pytest.mark.python_never_starts


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "start_mode" in metafunc.fixturenames:
        never = metafunc.definition.get_closest_marker("python_never_starts") is not None
        metafunc.parametrize("start_mode", ["none"] if never else ["boot", "snapshot"], indirect=True)


@pytest.fixture(autouse=True)
def start_mode(request: pytest.FixtureRequest, page: Page) -> Iterator[str]:
    """Every test twice: Python booted normally, and started from the build's memory snapshot
    (docs/assets/js/pystart.js, told by localStorage "cc-python-start"). After the test, a
    Python that did start must have started that way: a snapshot that silently fell back to a
    boot would fail here. A test marked `never_starts` runs once ("none"), and no Python may
    have started in it."""
    if request.param != "none":
        page.add_init_script(
            f"try {{ localStorage.setItem('cc-python-start', '{request.param}'); }} catch (e) {{}}"
        )
    yield request.param
    try:
        mode = page.evaluate("window.CCLive && CCLive.python.mode || null")
        named = page.evaluate("!!document.querySelector('meta[name=\"cc-snapshot\"]')")
    except PlaywrightError:  # the page is gone or elsewhere: nothing started here to check
        return
    if request.param == "none":
        assert mode is None, f"Python started by {mode} in a test whose pages never start it"
    elif mode is not None:
        assert mode == (request.param if named else "boot"), f"Python started by {mode}"


def open_live(page: Page, url: str) -> dict[str, Any]:
    """Opens a Play page and waits until its board is live; returns the board's state."""
    page.goto(url)
    board = page.locator("[data-board][data-live='true'][data-state]")
    expect(board).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    return state_of(page)


def state_of(page: Page) -> dict[str, Any]:
    return json.loads(page.locator("[data-board]").first.get_attribute("data-state") or "null")


def status_text(page: Page, scope: str = "[data-board]") -> str:
    return page.locator(f"{scope} [role='status']").first.inner_text()


def expect_status(page: Page, text: str, scope: str = "[data-board]") -> None:
    expect(page.locator(f"{scope} [role='status']").first).to_have_text(text, timeout=10_000)


def click_place(page: Page, place: str, scope: str = "[data-board]") -> None:
    page.locator(f"{scope} [data-place='{place}']").first.click()


def msg(lang: str, key: str, **params: Any) -> str:
    return catalogues.message(lang, key, **params)


# ---- every language goes live ------------------------------------------------------------------


# Every language goes live; each with one of the two games (alternating, so both games are
# covered in several languages) to keep the run short: a language's Python is the same for both.
@pytest.mark.parametrize(
    ("lang", "game"), [(lang, ("crescent", "canfield")[i % 2]) for i, lang in enumerate(LANGS)]
)
# A first visit as a reader makes it: the site's service worker installs and fills its cache
# meanwhile (the other tests' contexts block it: tests/browser/conftest.py).
@pytest.mark.browser_context_args(service_workers="allow")
def test_play_page_goes_live(page: Page, live_url: str, watched: Watch, lang: str, game: str) -> None:
    state = open_live(page, live_url + page_path(lang, f"play-{game}"))
    expected = engine.new_game(CODES[game]).state()
    assert state == expected
    expect_status(page, msg(lang, "ui.opened", code=CODES[game]))
    # Places: buttons with the aria-label diagrams/ gives them in the page's language; the
    # board is one tab stop (a roving tabindex), the first place at first.
    pile = page.locator("[data-board] [data-place='1']")
    first = diagrams.places(game)[0]
    expect(page.locator(f"[data-board] [data-place='{first}']")).to_have_attribute("tabindex", "0")
    expect(page.locator("[data-board] [data-place][tabindex='0']")).to_have_count(1)
    label = pile.get_attribute("aria-label") or ""
    svg = diagrams.render_svg(expected, lang, diagram_id=f"play-{game}", interactive=True)
    assert f'aria-label="{label}"' in svg or f"aria-label='{label}'" in svg, label
    assert page.locator("html").get_attribute("lang") in (lang, None) or lang == "en"


# ---- tap, refusals, undo, redeal, draw ---------------------------------------------------------


def _same_suit_pair(game: engine.Game) -> tuple[str, str]:
    """Two piles whose top cards differ only by suit... any pair the rules refuse as same-suit,
    where the source has no single destination (so a click selects it)."""
    for a in range(1, 17):
        if engine.tap(game, str(a)) is not None:
            continue
        for b in range(1, 17):
            if a != b and game.check(f"{a}>{b}") == "same-suit":
                return str(a), str(b)
    raise AssertionError("no same-suit refusal in this deal")


SEED_WORDING = {"ko": "같은 무늬여야 합니다", "el": "Πρέπει να είναι του ίδιου σχήματος"}


@pytest.mark.parametrize("lang", ["el", "ko"])
def test_refused_move_is_explained_in_the_page_language(
    page: Page, live_url: str, watched: Watch, lang: str
) -> None:
    open_live(page, live_url + page_path(lang, "play-crescent"))
    game = engine.new_game(CODES["crescent"])
    src, dst = _same_suit_pair(game)
    click_place(page, src)
    expect(page.locator(f"[data-board] [data-place='{src}']")).to_have_class(re.compile("is-selected"))
    click_place(page, dst)
    expect_status(page, SEED_WORDING[lang])
    assert msg(lang, "reason.same-suit") == SEED_WORDING[lang]
    assert state_of(page)["moves"] == 0  # nothing moved
    expect(page.locator("[data-board] .is-selected")).to_have_count(0)


def test_tap_plays_then_undo(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("ko", "play-crescent"))
    game = engine.new_game(CODES["crescent"])
    start = game.state()
    place, move = next((str(p), m) for p in range(1, 17) if (m := engine.tap(game, str(p))))
    before = game.state()
    game.play(move)
    click_place(page, place)
    expect(page.locator("[data-board]")).to_have_attribute("data-state", re.compile('"moves":1'))
    assert state_of(page) == game.state()
    expect_status(page, diagrams.caption(move, before, "ko", 1))
    expect(page.locator("[data-board] [data-role='moves']")).to_have_text("1")
    page.locator("[data-board] .cc-toolbar [data-action='undo']").click()
    expect(page.locator("[data-board]")).to_have_attribute("data-state", re.compile('"moves":0'))
    assert state_of(page) == start
    expect_status(page, msg("ko", "ui.undone"))


def test_redeal_counts_down_to_no_redeals_left(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("ko", "play-crescent"))
    button = page.locator("[data-board] [data-action='redeal']")
    expect(button).to_have_text(msg("ko", "ui.redeal", n=3))
    game = engine.new_game(CODES["crescent"])
    for left in (2, 1, 0):
        button.click()
        game.play("redeal")
        expect(page.locator("[data-board]")).to_have_attribute(
            "data-state", re.compile(f'"redeals_left":{left}')
        )
        assert state_of(page) == game.state()
    expect(button).to_have_text("남은 재배치 없음")
    expect(button).to_be_disabled()
    expect_status(page, msg("ko", "ui.redealt-last"))


def test_redeal_status_says_how_many_are_left(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("ko", "play-crescent"))
    page.locator("[data-board] [data-action='redeal']").click()
    expect_status(page, msg("ko", "ui.redealt", n=2))


def test_stock_click_draws_and_scores_stay(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("en", "play-canfield"))
    game = engine.new_game(CODES["canfield"])
    click_place(page, "stock")
    game.play("draw")
    expect(page.locator("[data-board]")).to_have_attribute("data-state", re.compile('"moves":1'))
    state = state_of(page)
    assert state == game.state()
    assert len(state["waste"]) == 3 and len(state["stock"]) == 31
    expect(page.locator("[data-board] [data-role='score']")).to_have_text(str(state["score"]))


def test_canfield_card_to_foundation_scores(page: Page, live_url: str, watched: Watch) -> None:
    """A tap sends a card to its foundation when it can go there, for 5 points."""
    open_live(page, live_url + page_path("fr", "play-canfield"))
    game = engine.new_game(CODES["canfield"])
    # Draw until the waste's top card can go to a foundation (the engine decides which).
    clicks = 0
    while not any(m.startswith("W>") and m[-1] in "SHDC" for m in game.legal_moves()):
        game.play("draw")
        click_place(page, "stock")
        clicks += 1
        assert clicks < 40
    expect(page.locator("[data-board]")).to_have_attribute("data-state", re.compile(f'"moves":{clicks}'))
    move = engine.tap(game, "W")
    assert move is not None and move[-1] in "SHDC"
    game.play(move)
    click_place(page, "W")
    expect(page.locator("[data-board] [data-role='score']")).to_have_text("5")
    assert state_of(page) == game.state()


# ---- drag and drop, the foundation zone, keyboard ----------------------------------------------


def _drag(page: Page, src: str, target_selector: str, position: tuple[float, float] | None = None) -> None:
    page.locator("[data-board] [data-role='svg']").scroll_into_view_if_needed()
    a = page.locator(f"[data-board] [data-place='{src}']").bounding_box()
    b = page.locator(target_selector).first.bounding_box()
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    tx, ty = (
        (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        if position is None
        else (b["x"] + position[0], b["y"] + position[1])
    )
    page.mouse.move((a["x"] + tx) / 2, (a["y"] + ty) / 2, steps=4)
    page.mouse.move(tx, ty, steps=4)
    page.mouse.up()


def test_drag_and_drop_between_piles(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("en", "play-crescent"))
    game = engine.new_game(CODES["crescent"])
    move = next(m for m in game.legal_moves() if re.fullmatch(r"\d+>\d+", m))
    src, dst = move.split(">")
    game.play(move)
    _drag(page, src, f"[data-board] [data-place='{dst}']")
    expect(page.locator("[data-board]")).to_have_attribute("data-state", re.compile('"moves":1'))
    assert state_of(page) == game.state()


def test_drop_anywhere_on_the_foundation_zone(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("el", "play-crescent"))
    game = engine.new_game(CODES["crescent"])
    src = next(str(p) for p in range(1, 17) if game.check(f"{p}>F") is None)
    game.play(f"{src}>F")
    zone = "[data-board] [data-zone='F']"
    box = page.locator(zone).bounding_box()
    assert box
    # A point of the zone that is no foundation: the zone's top-left corner, just inside.
    _drag(page, src, zone, position=(3, 3))
    expect(page.locator("[data-board]")).to_have_attribute("data-state", re.compile('"moves":1'))
    assert state_of(page) == game.state()


def test_keyboard_play_keeps_focus(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("fr", "play-crescent"))
    game = engine.new_game(CODES["crescent"])
    place, move = next((str(p), m) for p in range(1, 17) if (m := engine.tap(game, str(p))))
    game.play(move)
    page.locator(f"[data-board] [data-place='{place}']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-board]")).to_have_attribute("data-state", re.compile('"moves":1'))
    assert state_of(page) == game.state()
    # The SVG was replaced; focus is back on the same place, which stays the board's one tab
    # stop: Tab leaves the board, Shift+Tab comes back to it.
    assert page.evaluate("document.activeElement.getAttribute('data-place')") == place
    page.keyboard.press("Tab")
    assert not page.evaluate("document.activeElement.hasAttribute('data-place')")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.getAttribute('data-place')") == place
    # Space selects a place with several destinations, Escape clears it.
    other = next(
        str(p) for p in range(1, 17) if engine.tap(game, str(p)) is None and game.state()["piles"][p - 1]
    )
    page.locator(f"[data-board] [data-place='{other}']").focus()
    page.keyboard.press(" ")
    expect(page.locator(f"[data-board] [data-place='{other}']")).to_have_class(re.compile("is-selected"))
    page.keyboard.press("Escape")
    expect(page.locator("[data-board] .is-selected")).to_have_count(0)


# ---- codes, links, hostile input ---------------------------------------------------------------


def test_code_from_the_hash_and_the_code_field(page: Page, live_url: str, watched: Watch) -> None:
    code = "CR1-N-AAAAQZK"
    state = open_live(page, live_url + page_path("en", "play-crescent") + f"#code={code.lower()}")
    assert state == engine.new_game(code).state()
    expect(page.locator("[data-board] [data-role='code-out']")).to_have_text(code)
    page.locator("[data-board] [data-role='code-in']").fill("CR1-N-AAAAAAC")
    page.locator("[data-board] [data-action='open']").click()
    expect(page.locator("[data-board] [data-role='code-out']")).to_have_text("CR1-N-AAAAAAC")
    assert state_of(page) == engine.new_game("CR1-N-AAAAAAC").state()
    assert page.evaluate("location.hash") == "#code=CR1-N-AAAAAAC"


def test_random_deal_with_draw_one(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("en", "play-canfield"))
    # The seeds' new-game dialog: "1 card, easy" (tests/browser/test_play.py covers the rest).
    page.locator("[data-board] [data-action='newgame']").click()
    page.locator("[data-board] dialog [data-role='version-choice'][value='canfield-app-draw-1']").check()
    page.locator("[data-board] dialog [data-role='deal']").click()
    expect(page.locator("[data-board] [data-role='code-out']")).to_have_text(re.compile(r"^CF1-D1-[A-Z]{7}$"))
    code = page.locator("[data-board] [data-role='code-out']").inner_text()
    assert state_of(page) == engine.new_game(code).state()


@pytest.mark.parametrize(
    "hostile",
    [
        "<img src=x onerror=alert(1)>",
        "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
        '"><script>alert(1)</script>',
    ],
)
def test_hostile_hash_runs_nothing(page: Page, live_url: str, watched: Watch, hostile: str) -> None:
    open_live(page, live_url + page_path("ko", "play-crescent") + "#code=" + hostile)
    expect_status(page, msg("ko", "ui.code-invalid", reason=msg("ko", "ui.code.code-format")))
    assert state_of(page) == engine.new_game(CODES["crescent"]).state()  # the default deal
    assert page.locator("img[src='x']").count() == 0
    assert (
        page.evaluate(
            "document.querySelectorAll('[data-board] script:not([type=\"application/json\"])').length"
        )
        == 0
    )
    assert watched.dialogs == []


def test_link_with_moves_opens_that_position(page: Page, live_url: str, watched: Watch) -> None:
    game = engine.new_game(CODES["crescent"])
    moves = []
    for _ in range(3):
        move = next(m for m in game.legal_moves() if m != "redeal")
        game.play(move)
        moves.append(move)
    url = (
        live_url
        + page_path("en", "play-crescent")
        + f"#code={CODES['crescent']}&moves="
        + ",".join(m.replace("+", "%2B") for m in moves)
    )
    assert open_live(page, url) == game.state()


# ---- Python that cannot start -------------------------------------------------------------------


def test_wrong_wasm_mime_gives_the_timeout_message(page: Page, wrong_mime_url: str) -> None:
    """After 10 s the page looks at the .wasm as the server sends it, and names the type it got."""
    w = watch(page, wrong_mime_url)
    start = time.monotonic()
    page.goto(wrong_mime_url + page_path("el", "play-crescent"))
    said = msg("el", "ui.boot-mime", type="application/octet-stream")
    # Not before the boot time-out (10 s); on a loaded machine the page may say it later.
    expect(page.locator("[data-board] [role='status']")).to_have_text(said, timeout=60_000)
    elapsed = time.monotonic() - start
    assert elapsed >= 9.0, elapsed
    expect(page.locator("[data-board]")).to_have_attribute("data-live", "failed")
    # A click says so again rather than waiting for ever.
    click_place(page, "1")
    expect(page.locator("[data-board] [role='status']")).to_have_text(said)
    assert w.off_site() == []


def test_replays_work_when_python_cannot_start(page: Page, wrong_mime_url: str) -> None:
    w = watch(page, wrong_mime_url)
    page.goto(wrong_mime_url + page_path("el", "examples"))
    replay = page.locator("[data-replay]").first
    replay.locator("[data-action='next']").click()
    expect(replay).to_have_attribute("data-step", "1")
    assert not [u for u in w.requests if "/pyodide/" in u], "a replay started Python"
    assert w.off_site() == [] and w.errors == []


# ---- replays -------------------------------------------------------------------------------------


def _example(page: Page, index: int = 0) -> tuple[Any, dict[str, Any]]:
    """The index-th replay of the page and its example game ({"code", "moves"})."""
    replay = page.locator("[data-replay]").nth(index)
    meta = json.loads(
        page.evaluate(
            "(i) => document.querySelectorAll('[data-replay]')[i]"
            ".querySelector('script[data-role=replay]').textContent",
            index,
        )
    )
    return replay, meta


def _states(code: str, moves: list[str]) -> list[dict[str, Any]]:
    game = engine.new_game(code)
    states = [game.state()]
    for move in moves:
        game.play(move)
        states.append(game.state())
    return states


@never_starts
def test_replay_steps_with_buttons_and_keys(page: Page, live_url: str, watched: Watch) -> None:
    page.goto(live_url + page_path("ko", "examples"))
    replay, meta = _example(page)
    states = _states(meta["code"], meta["moves"])
    total = len(meta["moves"])
    caption = replay.locator("[data-role='caption']")
    replay.locator("[data-action='next']").click()
    expect(replay).to_have_attribute("data-step", "1")
    expect(caption).to_have_text(diagrams.caption(meta["moves"][0], states[0], "ko", 1))
    expect(replay.locator("[data-role='desc']")).to_have_text(diagrams.describe(states[1], "ko"))
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-step", "2")
    expect(caption).to_have_text(diagrams.caption(meta["moves"][1], states[1], "ko", 2))
    page.keyboard.press("ArrowLeft")
    expect(replay).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-step", str(total))
    expect(replay.locator("[data-action='next']")).to_be_disabled()
    expect(replay.locator("[data-role='desc']")).to_have_text(diagrams.describe(states[-1], "ko"))
    page.keyboard.press("Home")
    expect(replay).to_have_attribute("data-step", "0")
    expect(replay.locator("[data-action='prev']")).to_be_disabled()
    replay.locator("[data-action='last']").click()
    expect(replay).to_have_attribute("data-step", str(total))
    replay.locator("[data-action='first']").click()
    expect(replay).to_have_attribute("data-step", "0")
    # The drawn board is the build's drawing of that step.
    svg = diagrams.render_svg(states[0], "ko", diagram_id="replay-" + replay.get_attribute("data-replay"))
    assert replay.locator("[data-role='svg'] svg").get_attribute("viewBox") in svg
    assert page.evaluate("location.hash") == "#step=0"


@never_starts
def test_replay_deep_links(page: Page, live_url: str, watched: Watch) -> None:
    page.goto(live_url + page_path("fr", "examples") + "#step=3")
    replay, meta = _example(page)
    expect(replay).to_have_attribute("data-step", "3")
    states = _states(meta["code"], meta["moves"])
    expect(replay.locator("[data-role='caption']")).to_have_text(
        diagrams.caption(meta["moves"][2], states[2], "fr", 3)
    )
    expect(replay.locator(".cc-movelist [data-goto='3']")).to_have_attribute("aria-current", "step")
    # The move list links to steps too.
    replay.locator("details.cc-moves summary").click()
    replay.locator(".cc-movelist a[data-goto='2']").click()
    expect(replay).to_have_attribute("data-step", "2")
    # The counter counts steps (a Crescent redeal is a step, not a move).
    expect(replay.locator("[data-role='counter']")).to_have_text(
        catalogues.message("fr", "ui.replay-counter", step=2, total=len(meta["moves"]))
    )
    # A key moment jumps to its step, whose commentary shows under the caption.
    moment = replay.locator(".cc-moments a").first
    step = moment.get_attribute("data-goto")
    moment.click()
    expect(replay).to_have_attribute("data-step", step)
    note = replay.locator("[data-role='note']")
    expect(note).not_to_have_text("")
    assert note.inner_text() in replay.locator(".cc-moments li").first.inner_text()
    # A later replay on the page has its own deep link.
    name = page.locator("[data-replay]").nth(1).get_attribute("data-replay")
    page.goto(live_url + page_path("fr", "examples") + f"#replay={name}&step=2")
    page.reload()
    second, _ = _example(page, 1)
    expect(second).to_have_attribute("data-step", "2")
    expect(page.locator("[data-replay]").first).to_have_attribute("data-step", "0")


def test_continue_from_here_opens_the_play_page_at_that_step(
    page: Page, live_url: str, watched: Watch
) -> None:
    page.goto(live_url + page_path("en", "examples") + "#step=4")
    replay, meta = _example(page)
    expect(replay).to_have_attribute("data-step", "4")
    link = replay.locator("[data-role='continue']")
    href = link.get_attribute("href") or ""
    assert f"#code={meta['code']}" in href
    link.click()
    expect(page.locator("[data-board][data-live='true']")).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    expect(page.locator("[data-board]")).to_have_attribute("data-state", re.compile('"moves":'))
    assert state_of(page) == _states(meta["code"], meta["moves"][:4])[-1]


@never_starts
def test_replay_needs_no_python(page: Page, live_url: str, watched: Watch) -> None:
    page.route("**/pyodide/**", lambda route: route.abort())
    page.goto(live_url + page_path("el", "examples"))
    replay, _meta = _example(page)
    for n in range(1, 4):
        page.keyboard.press("ArrowRight") if n > 1 else replay.locator("[data-action='next']").click()
        expect(replay).to_have_attribute("data-step", str(n))
    assert not [u for u in watched.requests if "/pyodide/" in u or u.endswith("py.zip")]


# ---- try-it diagrams -----------------------------------------------------------------------------


def _blocked(route: Route) -> None:
    route.abort()


@never_starts
def test_tryit_first_click_is_answered_without_python(
    page: Page, fixture_url: str, watched_fixture: Watch
) -> None:
    """Pyodide's files are blocked: the answers come from what the build computed."""
    page.context.route(re.compile(r".*/(pyodide/.*|assets/py\.zip)$"), _blocked)
    page.goto(fixture_url + page_path("ko", "crescent"))
    tryit = page.locator("[data-tryit]").first
    expect(tryit).to_have_count(1)
    answers = page.evaluate(
        "fetch(new URL(document.querySelector('[data-tryit]').dataset.answers, CCLive.ROOT))"
        ".then(r => r.json())"
    )
    state = answers["state"]
    game = engine.from_state(state)
    src = next(
        p
        for p in diagrams.places("crescent")
        if engine.tap(game, p) is None and p.isdigit() and state["piles"][int(p) - 1]
    )
    dst = next(str(q) for q in range(1, 17) if str(q) != src and game.check(f"{src}>{q}") is not None)
    reason = game.check(f"{src}>{dst}")
    # The page shows the position as a picture (an <img>): the first click lands on it where
    # pile `src` is drawn, the second on the drawing that replaced it.
    status = tryit.locator("[role='status']")
    click_picture(tryit, state, "ko", src)
    expect(tryit.locator(f"[data-place='{src}']")).to_have_class(re.compile("is-selected"))
    tryit.locator(f"[data-place='{dst}']").dispatch_event("click")
    # Answered with Python blocked, so from the build's answers (speed is for benchmarks).
    expect(status).to_have_text(msg("ko", f"reason.{reason}"))
    # A legal move from the shown position, answered the same way, with the new drawing.
    move = next(m for m in game.legal_moves() if m != "redeal")
    a, b = move.split(">")
    played = engine.from_state(state)
    played.play(move)
    page.locator(f"[data-tryit] [data-place='{a}']").dispatch_event("click")
    if engine.tap(engine.from_state(state), a) is None:
        page.locator(f"[data-tryit] [data-place='{b}']").dispatch_event("click")
    else:
        played = engine.from_state(state)
        played.play(engine.tap(played, a) or move)
    page.wait_for_function(
        "JSON.parse(document.querySelector('[data-tryit]').dataset.state).moves === "
        f"{played.state()['moves']}",
        timeout=2_000,
    )
    assert json.loads(tryit.get_attribute("data-state") or "{}") == played.state()
    # Reset brings the shown position back.
    tryit.locator("[data-action='reset']").click()
    assert json.loads(tryit.get_attribute("data-state") or "{}") == state
    watched_fixture.errors[:] = [
        e
        for e in watched_fixture.errors
        if "ERR_FAILED" not in e
        and "Failed to load" not in e
        and "Failed to fetch" not in e
        and "dynamically imported" not in e
    ]


@never_starts
def test_rules_page_diagrams_are_pictures_that_answer_a_first_click(
    page: Page, live_url: str, watched: Watch
) -> None:
    """On the real Greek Crescent page, with Pyodide blocked: every diagram is a try-it figure
    shown as a picture (no focus stops), a click on it is answered from the build (in
    Greek) while Python cannot start, and "try it" swaps in the focusable drawing of the same position."""
    page.context.route(re.compile(r".*/(pyodide/.*|assets/py\.zip)$"), _blocked)
    page.goto(live_url + page_path("el", "crescent"))
    figures = page.locator("figure.diagram")
    assert figures.count() >= 4
    expect(page.locator("figure.diagram:not([data-tryit])")).to_have_count(0)
    figure = figures.first
    expect(figure.locator("[data-place][tabindex]")).to_have_count(0)
    state = json.loads(figure.get_attribute("data-state") or "{}")
    game = engine.from_state(state)
    src = next(
        p
        for p in diagrams.places("crescent")
        if p.isdigit() and state["piles"][int(p) - 1] and engine.tap(game, p) is None
    )
    dst = next(str(q) for q in range(1, 17) if str(q) != src and game.check(f"{src}>{q}") is not None)
    reason = game.check(f"{src}>{dst}")
    # The picture (an <img>) takes the first click where pile `src` is drawn; the drawing that
    # replaces it takes the second.
    click_picture(figure, state, "el", src)
    expect(figure.locator(f"[data-place='{src}']")).to_have_class(re.compile("is-selected"))
    figure.locator(f"[data-place='{dst}']").dispatch_event("click")
    status = figure.locator("[role='status']")
    # Answered with Python blocked, so from the build's answers (speed is for benchmarks).
    expect(status).to_have_text(msg("el", f"reason.{reason}"))
    # The first click made the figure a board: its places are now buttons, one tab stop.
    expect(figure.locator("[data-place][tabindex]")).to_have_count(24)
    expect(figure.locator("[data-place][tabindex='0']")).to_have_count(1)
    assert json.loads(figure.get_attribute("data-state") or "{}") == state


def test_tryit_goes_live_with_python(page: Page, fixture_url: str, watched_fixture: Watch) -> None:
    page.goto(fixture_url + page_path("en", "crescent"))
    tryit = page.locator("[data-tryit]").first
    tryit.locator("[data-action='tryit']").click()
    expect(tryit).to_have_attribute("data-live", "true", timeout=LIVE_TIMEOUT_MS)
    state = json.loads(tryit.get_attribute("data-state") or "{}")
    game = engine.from_state(state)
    moves = []
    for _ in range(2):
        move = next(m for m in game.legal_moves() if m != "redeal")
        a, b = move.split(">")
        tap = engine.tap(game, a)
        game.play(tap or move)
        moves.append(tap or move)
        tryit.locator(f"[data-place='{a}']").click()
        if tap is None:
            tryit.locator(f"[data-place='{b}']").click()
        page.wait_for_function(
            "JSON.parse(document.querySelector('[data-tryit]').dataset.state).moves === "
            f"{game.state()['moves']}",
            timeout=5_000,
        )
    assert json.loads(tryit.get_attribute("data-state") or "{}") == game.state()
    tryit.locator("[data-action='undo']").click()
    game.undo()
    page.wait_for_function(
        f"JSON.parse(document.querySelector('[data-tryit]').dataset.state).moves === {game.state()['moves']}",
        timeout=5_000,
    )


# ---- hint, draw button, the end of a game ------------------------------------------------------


def test_hint_highlights_a_legal_move(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("en", "play-crescent"))
    page.locator("[data-board] [data-action='hint']").click()
    status = page.locator("[data-board] [role='status']")
    prefix = msg("en", "play.hint.draw").split(" ")[0]  # "Hint:" (the hint is advice: play.json)
    expect(status).to_have_text(re.compile("^" + re.escape(prefix)), timeout=20_000)
    hinted = page.locator("[data-board] .is-hint")
    expect(hinted).to_have_count(2)
    places = [
        hinted.nth(i).get_attribute("data-place") or hinted.nth(i).get_attribute("data-zone")
        for i in range(2)
    ]
    game = engine.new_game(CODES["crescent"])
    move = next(m for m in game.legal_moves() if set(m.split(">")) == set(places))
    assert status.inner_text() == advice.hint_text(move, game.state(), "en")


def test_draw_button(page: Page, live_url: str, watched: Watch) -> None:
    open_live(page, live_url + page_path("ko", "play-canfield"))
    page.locator("[data-board] [data-action='draw']").click()
    expect(page.locator("[data-board]")).to_have_attribute("data-state", re.compile('"moves":1'))
    game = engine.new_game(CODES["canfield"])
    game.play("draw")
    assert state_of(page) == game.state()


def test_a_won_game_is_announced_with_undo_and_new_game(page: Page, live_url: str, watched: Watch) -> None:
    """The examples page's first game, replayed to its end from a link, on the Play page."""
    page.goto(live_url + page_path("el", "examples"))
    _, meta = _example(page)
    game = engine.new_game(meta["code"])
    for move in meta["moves"]:
        game.play(move)
    url = (
        live_url
        + page_path("el", "play-crescent")
        + f"#code={meta['code']}&moves="
        + ",".join(m.replace("+", "%2B") for m in meta["moves"])
    )
    state = open_live(page, url)
    assert state == game.state()
    if game.status != "won":
        pytest.fail(f"the example game ends {game.status!r}, not won")
    expect_status(page, msg("el", "ui.won", moves=state["moves"]))
    offer = page.locator("[data-board] [data-role='offer']")
    expect(offer).to_be_visible()
    expect(offer.locator("[data-action='undo']")).to_be_hidden()  # the rules allow no undo once won
    offer.locator("[data-action='random']").click()
    expect(page.locator("[data-board]")).to_have_attribute("data-status", "playing")
    expect(offer).to_be_hidden()
    code = page.locator("[data-board] [data-role='code-out']").inner_text()
    assert code != meta["code"] and state_of(page) == engine.new_game(code).state()


@never_starts
def test_opened_from_a_file_says_why_nothing_goes_live(page: Page, live_site: Any) -> None:
    """file:// pages cannot start Python (nor fetch): the board and the replays say so."""
    page.goto((live_site / "ko" / "play-crescent" / "index.html").as_uri())
    expect(page.locator("[data-board] [role='status']")).to_have_text(msg("ko", "ui.file"), timeout=10_000)
    page.goto((live_site / "el" / "examples" / "index.html").as_uri())
    replay = page.locator("[data-replay]").first
    replay.locator("[data-action='next']").click()
    expect(replay.locator("[role='status']")).to_have_text(msg("el", "ui.file-replay"), timeout=10_000)
