"""A phone, a keyboard and a screen reader (issue 10), in headless Chromium against the built site.

- try-it answers are fetched, and a click that comes before them is queued and answered;
- the board is one tab stop, arrow keys move between places in their visual order, Home/End;
- keys pressed before Python is ready are queued with a message in the board's status element.

Expected values come from the engine and the catalogues run here in CPython.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import catalogues
import diagrams
import engine
from tests.browser.livesite import Watch, hold, page_path, until
from tests.browser.pictures import click_picture

pytestmark = pytest.mark.browser

LIVE_TIMEOUT_MS = 90_000  # as test_live.py: boot mode on a loaded 2-core machine took over 45 s
PHONE = {"width": 390, "height": 844}


def msg(lang: str, key: str, **params: Any) -> str:
    return catalogues.message(lang, key, **params)


@pytest.fixture
def phone(page: Page) -> Page:
    page.set_viewport_size(PHONE)
    return page


# ---- try-it answers come later; a click before them is kept -------------------------------------


def test_tryit_click_before_answers_is_queued_then_answered(
    page: Page, live_url: str, watched: Watch
) -> None:
    held = hold(page, r".*/assets/tryit/.*\.json$")
    page.context.route(re.compile(r".*/(pyodide/.*|assets/py\.zip)$"), lambda r: r.abort())
    page.goto(live_url + page_path("fr", "crescent"))
    # No answers inline: the page stays light.
    assert page.locator("script[data-role='answers']").count() == 0
    figure = page.locator("figure[data-tryit]").first
    state = json.loads(figure.get_attribute("data-state") or "{}")
    game = engine.from_state(state)
    place = next(p for p in range(1, 17) if state["piles"][p - 1] and engine.tap(game, str(p)) is None)
    # The page shows a picture of the figure (an <img>): the click lands where pile `place` is.
    click_picture(figure, state, "fr", str(place))
    # Busy, and saying so, while the answers are held back.
    expect(figure).to_have_attribute("data-busy", "true")
    expect(figure.locator("[role='status']")).to_have_text(msg("fr", "ui.answers-loading"))
    assert held, "the answers were not requested when the figure was near the viewport"
    held.release()
    expect(figure).not_to_have_attribute("data-busy", "true")
    expect(figure.locator(f"[data-place='{place}']")).to_have_class(re.compile("is-selected"))
    # The focusable drawing came with the answers: one tab stop.
    expect(figure.locator("[data-place][tabindex='0']")).to_have_count(1)
    watched.errors[:] = [
        e
        for e in watched.errors
        if "ERR_FAILED" not in e
        and "Failed to load" not in e
        and "Failed to fetch" not in e
        and "dynamically imported" not in e
    ]


# ---- the keyboard -------------------------------------------------------------------------------


def _focused_place(page: Page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.getAttribute('data-place')")


def _open_live(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("[data-board][data-live='true']")).to_have_count(1, timeout=LIVE_TIMEOUT_MS)


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 1000}], ids=["phone", "desktop"])
def test_board_is_one_tab_stop_with_arrow_keys(
    page: Page, live_url: str, watched: Watch, viewport: dict[str, int]
) -> None:
    page.set_viewport_size(viewport)
    _open_live(page, live_url + page_path("el", "play-crescent"))
    board = page.locator("[data-board]")
    expect(board.locator("[data-place][tabindex='0']")).to_have_count(1)
    expect(board.locator("[data-place][tabindex='-1']")).to_have_count(23)
    board.locator("[data-place='1']").focus()
    # Piles 1-4 go up the left side of the horseshoe: ArrowUp climbs them. A phone shows the
    # rows (diagrams/crescent_rows.py): piles 1-8 left to right, then the foundations, 9-16.
    phone = viewport == PHONE
    on, back = ("ArrowRight", "ArrowLeft") if phone else ("ArrowUp", "ArrowDown")
    page.keyboard.press(on)
    assert _focused_place(page) == "2"
    page.keyboard.press(back)
    assert _focused_place(page) == "1"
    page.keyboard.press("End")
    assert _focused_place(page) == ("16" if phone else "C-")
    page.keyboard.press("Home")
    assert _focused_place(page) == "1"
    # The arrows did not scroll the page, and the tab stop follows the focus.
    page.keyboard.press(on)
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
    held = hold(page, r".*/assets/py\.zip$")
    page.set_viewport_size(PHONE)
    page.goto(live_url + page_path("ko", "play-crescent"))
    game = engine.new_game("CR1-N-AAAAAAB")
    place, move = next((str(p), m) for p in range(1, 17) if (m := engine.tap(game, str(p))))
    game.play(move)
    # The board's script has started (its roving tab stop is set; the page's modules load after
    # the HTML): from then on a key is queued until Python is ready.
    expect(page.locator("[data-board] [data-place][tabindex='-1']").first).to_be_attached()
    page.locator(f"[data-board] [data-place='{place}']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-board] [role='status']")).to_have_text(msg("ko", "ui.queued"))
    # The worker asks for py.zip after Pyodide's own files: on a loaded machine that takes a while.
    until(page, lambda: held, 60.0, "py.zip was not requested in 60 s")
    held.release()
    board = page.locator("[data-board]")
    expect(board).to_have_attribute("data-state", re.compile('"moves":1'), timeout=LIVE_TIMEOUT_MS)
    assert json.loads(board.get_attribute("data-state") or "{}") == game.state()


# ---- a phone -------------------------------------------------------------------------------------

MEASURE = """(board) => {
  const svg = board.querySelector('[data-role=svg] svg');
  const places = [...svg.querySelectorAll('[data-place]')].map((g) => {
    const r = g.querySelector('.cd-hit').getBoundingClientRect();
    return {place: g.dataset.place, w: r.width, h: r.height};
  });
  // The scale where each rank is drawn, CSS transforms included (a phone's Crescent rows are
  // the drawing scaled by CSS, not by its viewBox alone).
  const ranks = [...svg.querySelectorAll('use.cd-r')].map(
    (u) => parseFloat(getComputedStyle(u).fontSize) * u.getScreenCTM().a);
  return {places, ranks, pageWidth: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("game", ["crescent", "canfield"])
def test_phone_tap_areas_and_ranks(phone: Page, live_url: str, watched: Watch, game: str) -> None:
    _open_live(phone, live_url + page_path("ja", f"play-{game}"))
    m = phone.locator("[data-board]").evaluate(MEASURE)
    assert {p["place"] for p in m["places"]} == set(diagrams.places(game))
    small = [p for p in m["places"] if p["w"] < 44 or p["h"] < 44]
    assert small == [], small
    assert m["ranks"] and min(m["ranks"]) >= 12, min(m["ranks"])
    # The page itself does not scroll sideways (a wide board scrolls inside its own frame).
    assert m["pageWidth"] <= PHONE["width"]


def _touch_drag(page: Page, src: str, dst: str) -> None:
    """A finger's drag from one place to another: real touch events through the DevTools
    protocol, which Chromium turns into pointer events of type "touch"."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    a = page.locator(f"[data-board] [data-place='{src}'] .cd-hit").bounding_box()
    b = page.locator(f"[data-board] [data-place='{dst}'] .cd-hit").bounding_box()
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 9):
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": "touchMove",
                "touchPoints": [{"x": x0 + (x1 - x0) * i / 8, "y": y0 + (y1 - y0) * i / 8}],
            },
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_touch_drag_and_drop_plays_a_move(phone: Page, live_url: str, watched: Watch) -> None:
    _open_live(phone, live_url + page_path("fr", "play-canfield"))
    game = engine.new_game("CF1-D3-AAAAACL")
    state = game.state()
    # A legal move between two places that are both on screen: a column onto a column, or
    # any drop the engine accepts between the board's places.
    move = src = dst = None
    for a in diagrams.places("canfield"):
        for b in diagrams.places("canfield"):
            if a != b and a != "stock" and game.check(engine.drop(game, a, b)) is None:
                move, src, dst = engine.drop(game, a, b), a, b
                break
        if move:
            break
    assert move, "no legal drag in the default deal"
    phone.locator("[data-board] [data-role='svg']").evaluate("(el) => el.scrollIntoView({block: 'center'})")
    _touch_drag(phone, src, dst)
    game.play(move)
    board = phone.locator("[data-board]")
    expect(board).to_have_attribute("data-state", re.compile('"moves":1'), timeout=10_000)
    assert json.loads(board.get_attribute("data-state") or "{}") == game.state() != state


# ---- axe-core on every page of every language ------------------------------------------------------

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.map((v) => ({id: v.id, help: v.help,
    nodes: v.nodes.slice(0, 5).map(
      (n) => n.target.join(' ') + ': ' + (n.failureSummary || '').slice(0, 300))}));
}"""


def _pages(site: Path, lang: str) -> list[str]:
    """Every HTML page of one language in the built site (the default language at the root)."""
    langs = sorted(
        p.name for p in (Path(catalogues.__file__).parent).iterdir() if p.is_dir() and any(p.glob("*.json"))
    )
    out = []
    for path in sorted(site.rglob("index.html")):
        rel = path.relative_to(site).parent.as_posix()
        top = rel.split("/")[0] if rel != "." else ""
        if top in ("assets", "pyodide", "search", "_bench"):
            continue
        page_lang = top if top in langs else "en"
        if page_lang == lang:
            out.append("" if rel == "." else rel + "/")
    return out


def _with_axe(page: Page) -> Page:
    """axe-core in every page the test's context opens, from before the page's own scripts: read
    and compiled by the browser as the page starts, instead of sent over the wire and injected
    into each loaded page (`add_script_tag`: 0.2 s of CPU and 0.5 s of waiting per page, load 12).
    It only defines `window.axe`; what it audits is the document when `axe.run` is called."""
    page.context.add_init_script(path=str(AXE))
    return page


def _axe(page: Page, url: str, scheme: str = "light") -> list[dict[str, Any]]:
    page.emulate_media(color_scheme=scheme)
    page.goto(url)
    page.wait_for_load_state("load")
    page.wait_for_timeout(150)  # Material mounts its components (tables, search) on load
    return page.evaluate(AXE_RUN)


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_axe_finds_nothing_on_any_page(page: Page, live_site: Path, live_url: str, lang: str) -> None:
    """Every page of the language, light scheme at desktop width; Python is kept from starting
    (its boot is not what is audited, and the Play pages' status then holds the error line)."""
    page.context.route(re.compile(r".*/(pyodide/.*|assets/py\.zip)$"), lambda r: r.abort())
    _with_axe(page)
    pages = _pages(live_site, lang)
    assert len(pages) >= 9, pages
    found = {}
    for rel in pages:
        violations = _axe(page, live_url + rel)
        if violations:
            found[rel] = violations
    assert found == {}, json.dumps(found, ensure_ascii=False, indent=1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_a_phone_in_both_schemes(phone: Page, live_url: str, scheme: str) -> None:
    phone.context.route(re.compile(r".*/(pyodide/.*|assets/py\.zip)$"), lambda r: r.abort())
    _with_axe(phone)
    found = {}
    for rel in (
        "",
        "el/play-crescent/",
        "ko/crescent/",
        "fr/statistics/",
        "examples/",
        "ja/play-canfield/",
        "de/canfield/",
    ):
        violations = _axe(phone, live_url + rel, scheme)
        if violations:
            found[rel] = violations
    assert found == {}, json.dumps(found, ensure_ascii=False, indent=1)
