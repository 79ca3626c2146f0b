"""A board made for a phone (issue 10, part 3): a 390x844 phone with a touch screen, against the
built site in headless Chromium.

Crescent's live board shows its narrow rows there (diagrams/crescent_rows.py): no sideways
scrolling, every tap area at least 44x44 px, ranks at least 12 px, arrow keys in the rows'
reading order, touch drag and drop; turning the phone shows the horseshoe and back without
losing the game or the selection, and the text description is the same in both. Canfield's
board is measured the same way. Expected values come from the engine run here in CPython.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import diagrams
import engine
from diagrams import crescent_rows
from tests.browser.livesite import page_path, watch

pytestmark = pytest.mark.browser

LIVE_TIMEOUT_MS = 90_000  # as test_live.py: boot mode on a loaded 2-core machine took over 45 s
PHONE = {"width": 390, "height": 844}
CODES = {"crescent": "CR1-N-AAAAAAB", "canfield": "CF1-D3-AAAAACL"}


@pytest.fixture
def mobile(browser: Browser, live_url: str) -> Iterator[Page]:
    """A phone: touch screen, mobile viewport (meta viewport honoured), three device pixels per px."""
    # No service worker (as tests/browser/conftest.py's contexts): none of these tests reads it,
    # and its filling of the cache beside each test was most of the browser's CPU.
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=3, service_workers="block"
    )
    page = context.new_page()
    w = watch(page, live_url)
    yield page
    errors = list(w.errors)
    context.close()
    assert w.off_site() == [], w.off_site()
    assert errors == [], errors


def _open(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("[data-board][data-live='true']")).to_have_count(1, timeout=LIVE_TIMEOUT_MS)


MEASURE = """(board) => {
  const box = board.querySelector('[data-role=svg]');
  const svg = box.querySelector('svg');
  const places = [...svg.querySelectorAll('[data-place]')].map((g) => {
    const r = g.querySelector('.cd-hit').getBoundingClientRect();
    return {place: g.dataset.place, x: r.left, y: r.top, w: r.width, h: r.height};
  });
  // A rank's height on screen: its font size times the drawing's scale where it is drawn
  // (CSS transforms included).
  const ranks = [...svg.querySelectorAll('use.cd-r')].map(
    (u) => parseFloat(getComputedStyle(u).fontSize) * u.getScreenCTM().a);
  const r = svg.getBoundingClientRect();
  return {places, ranks, left: r.left, right: r.right, height: r.height,
          arrangement: getComputedStyle(svg).getPropertyValue('--cd-arrangement').trim(),
          boxScroll: box.scrollWidth - box.clientWidth, pageWidth: document.documentElement.scrollWidth,
          viewport: innerWidth};
}"""


def _measure(page: Page) -> dict[str, Any]:
    return page.locator("[data-board]").evaluate(MEASURE)


@pytest.mark.parametrize(
    ("game", "lang"), [("crescent", "ko"), ("crescent", "el"), ("crescent", "de"), ("canfield", "ja")]
)
def test_the_whole_board_fits_a_phone(mobile: Page, live_url: str, game: str, lang: str) -> None:
    _open(mobile, live_url + page_path(lang, f"play-{game}"))
    m = _measure(mobile)
    assert m["viewport"] == PHONE["width"]
    if game == "crescent":
        assert m["arrangement"] == "rows"
    # No sideways scrolling: not the page, not the board's own frame; the board is on screen.
    assert m["pageWidth"] <= PHONE["width"] and m["boxScroll"] <= 0, m
    assert m["left"] >= 0 and m["right"] <= PHONE["width"], m
    assert {p["place"] for p in m["places"]} == set(diagrams.places(game))
    small = [p for p in m["places"] if p["w"] < 44 or p["h"] < 44]
    assert small == [], small
    assert m["places"] and all(p["x"] >= 0 and p["x"] + p["w"] <= PHONE["width"] for p in m["places"])
    assert m["ranks"] and min(m["ranks"]) >= 12, min(m["ranks"])
    # The measurements, for the note (pytest -s shows them).
    print(
        game,
        lang,
        "tap min {:.1f}x{:.1f} px".format(min(p["w"] for p in m["places"]), min(p["h"] for p in m["places"])),
        "ranks {:.2f} px".format(min(m["ranks"])),
        "board {:.0f}x{:.0f} px".format(m["right"] - m["left"], m["height"]),
    )


def _rows_on_screen(places: list[dict[str, Any]]) -> list[list[str]]:
    """The places as the reader sees them: lines by their top edge, each left to right."""
    lines: list[list[dict[str, Any]]] = []
    for p in sorted(places, key=lambda p: (p["y"], p["x"])):
        if lines and abs(lines[-1][0]["y"] - p["y"]) < 4:
            lines[-1].append(p)
        else:
            lines.append([p])
    return [[p["place"] for p in sorted(line, key=lambda p: p["x"])] for line in lines]


def _focused(page: Page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.getAttribute('data-place')")


def _press(page: Page, place: str, key: str) -> str | None:
    page.locator(f"[data-board] [data-place='{place}']").focus()
    page.keyboard.press(key)
    return _focused(page)


@pytest.mark.parametrize("game", ["crescent", "canfield"])
def test_arrow_keys_follow_what_the_phone_shows(mobile: Page, live_url: str, game: str) -> None:
    _open(mobile, live_url + page_path("fr", f"play-{game}"))
    lines = _rows_on_screen(_measure(mobile)["places"])
    if game == "crescent":
        assert lines == [
            [str(n) for n in range(1, 9)],
            ["S+", "H+", "D+", "C+"],
            ["S-", "H-", "D-", "C-"],
            [str(n) for n in range(9, 17)],
        ]
    for line in lines:
        for a, b in itertools.pairwise(line):
            assert _press(mobile, a, "ArrowRight") == b, (a, b)
            assert _press(mobile, b, "ArrowLeft") == a, (b, a)
    # Down leads to the next line (or stays when nothing is below), up to the one before.
    for i, line in enumerate(lines):
        for place in line:
            down = _press(mobile, place, "ArrowDown")
            assert down in (lines[i + 1] if i + 1 < len(lines) else [place]) or any(
                down in later for later in lines[i + 1 :]
            ), (place, down)
            up = _press(mobile, place, "ArrowUp")
            assert up == place if i == 0 else any(up in earlier for earlier in lines[:i]), (place, up)
    if game == "crescent":
        # Home and End: the first and last place of the rows' reading order.
        assert _press(mobile, "C+", "Home") == "1"
        assert _press(mobile, "C+", "End") == "16"
        assert tuple(p for line in lines for p in line) == crescent_rows.ORDER


def _centre(page: Page, place: str) -> tuple[float, float]:
    b = page.locator(f"[data-board] [data-place='{place}'] .cd-hit").bounding_box()
    assert b is not None
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


@pytest.mark.parametrize("to_foundation", [False, True], ids=["pile", "foundation"])
def test_touch_drag_and_drop_in_the_rows(mobile: Page, live_url: str, to_foundation: bool) -> None:
    _open(mobile, live_url + page_path("es", "play-crescent"))
    game = engine.new_game(CODES["crescent"])
    piles = [str(n) for n in range(1, 17)]
    targets = list(diagrams.places("crescent")[16:]) if to_foundation else piles
    legal = [(a, b) for a in piles for b in targets if a != b and game.check(f"{a}>{b}") is None]
    assert legal, "no such move in the default deal"
    # The longest way on the phone when there is one: from one row of piles to the other.
    top = set(crescent_rows.ROW_TOP)
    src, dst = max(legal, key=lambda m: (m[0] in top) != (m[1] in top))
    mobile.locator("[data-board] [data-role='svg']").evaluate("(el) => el.scrollIntoView({block: 'center'})")
    x0, y0 = _centre(mobile, src)
    x1, y1 = _centre(mobile, dst)
    card = mobile.locator(f"[data-board] [data-place='{src}']")
    before = card.bounding_box()
    # A finger: real touch events through the DevTools protocol (Chromium makes them pointer
    # events of type "touch", as on a phone).
    cdp = mobile.context.new_cdp_session(mobile)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 9):
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": "touchMove",
                "touchPoints": [{"x": x0 + (x1 - x0) * i / 8, "y": y0 + (y1 - y0) * i / 8}],
            },
        )
    # Mid-drag the card is under the finger (the rows' own shift and the drag's add up).
    during = card.bounding_box()
    assert abs((during["x"] - before["x"]) - (x1 - x0)) < 3, (before, during, x1 - x0)
    assert abs((during["y"] - before["y"]) - (y1 - y0)) < 3, (before, during, y1 - y0)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    game.play(f"{src}>{dst}")
    board = mobile.locator("[data-board]")
    expect(board).to_have_attribute("data-state", re.compile('"moves":1'), timeout=10_000)
    assert json.loads(board.get_attribute("data-state") or "{}") == game.state()
    # The place is back where the rows put it.
    after = card.bounding_box()
    assert abs(after["x"] - before["x"]) < 1 and abs(after["y"] - before["y"]) < 1


def test_turning_the_phone_keeps_the_game_the_selection_and_the_words(mobile: Page, live_url: str) -> None:
    _open(mobile, live_url + page_path("ko", "play-crescent"))
    board = mobile.locator("[data-board]")
    game = engine.new_game(CODES["crescent"])
    move = next(m for p in range(1, 17) if (m := engine.tap(game, str(p))))
    game.play(move)
    src = move.split(">")[0]
    board.locator(f"[data-place='{src}']").tap()
    expect(board).to_have_attribute("data-state", re.compile('"moves":1'), timeout=10_000)
    # Select a place the seeds' tap does not move at once.
    pick = next(
        str(p) for p in range(1, 17) if game.state()["piles"][p - 1] and engine.tap(game, str(p)) is None
    )
    board.locator(f"[data-place='{pick}']").tap()
    expect(board.locator(f"[data-place='{pick}']")).to_have_class(re.compile("is-selected"))
    state = board.get_attribute("data-state")
    desc = board.locator("[data-role='desc']").text_content()
    svg_desc = board.locator("svg desc").text_content()
    assert desc == svg_desc == diagrams.describe(game.state(), "ko")
    arrangement = (
        "(el) => getComputedStyle(el.querySelector('svg')).getPropertyValue('--cd-arrangement').trim()"
    )
    svg = board.locator("[data-role='svg']")
    assert svg.evaluate(arrangement) == "rows"
    for size, shown in (
        ({"width": 844, "height": 390}, ""),
        (PHONE, "rows"),
        ({"width": 1280, "height": 900}, ""),
        (PHONE, "rows"),
    ):
        mobile.set_viewport_size(size)
        assert svg.evaluate(arrangement) == shown, size
        # Same game, same selection, same words: nothing was asked of Python.
        assert board.get_attribute("data-state") == state
        expect(board.locator(f"[data-place='{pick}']")).to_have_class(re.compile("is-selected"))
        assert board.locator("[data-role='desc']").text_content() == desc
        assert board.locator("svg desc").text_content() == desc
        # Every place has a tap area in either arrangement.
        m = _measure(mobile)
        assert all(p["w"] >= 44 and p["h"] >= 44 for p in m["places"]), size
    # The selection still plays: the next tap is its destination (a refusal or a move).
    assert json.loads(state)["moves"] == 1


GLIDE_START = """(src) => new Promise((resolve) => {
  const board = document.querySelector('[data-board]');
  const cards = board.querySelectorAll(`[data-place="${src}"] > g[transform]`);
  const r = cards[cards.length - 1].getBoundingClientRect();
  const before = {x: r.left, y: r.top};
  const obs = new MutationObserver(() => {
    obs.disconnect();
    requestAnimationFrame(() => {
      const a = document.getAnimations().find(
        (a) => a.effect && a.effect.target && board.contains(a.effect.target));
      if (!a) return resolve({before, start: null});
      a.pause();
      a.currentTime = 0;
      const s = a.effect.target.getBoundingClientRect();
      resolve({before, start: {x: s.left, y: s.top}});
      a.finish();
    });
  });
  obs.observe(board.querySelector('[role=status]'), {childList: true, characterData: true, subtree: true});
  board.querySelector(`[data-place="${src}"]`).dispatchEvent(new MouseEvent('click', {bubbles: true}));
})"""


def test_a_card_glides_from_where_the_rows_show_it(mobile: Page, live_url: str) -> None:
    """The glide starts on screen where the card was (each place moved by the rows' CSS)."""
    _open(mobile, live_url + page_path("en", "play-crescent"))
    game = engine.new_game(CODES["crescent"])
    src, move = next((str(p), m) for p in range(1, 17) if (m := engine.tap(game, str(p))))
    seen = mobile.evaluate(GLIDE_START, src)
    assert seen["start"] is not None, "no glide"
    assert abs(seen["start"]["x"] - seen["before"]["x"]) < 1.5, (move, seen)
    assert abs(seen["start"]["y"] - seen["before"]["y"]) < 1.5, (move, seen)
    game.play(move)
    board = mobile.locator("[data-board]")
    expect(board).to_have_attribute("data-state", re.compile('"moves":1'), timeout=10_000)
    assert json.loads(board.get_attribute("data-state") or "{}") == game.state()


@pytest.mark.parametrize("where", ["lesson", "puzzle", "tryit"])
def test_lessons_puzzles_and_tryits_show_the_rows(mobile: Page, live_url: str, where: str) -> None:
    """Every live Crescent board is a phone's board: a lesson's, a puzzle's, a rules page's try-it."""
    if where == "puzzle":
        mobile.goto(live_url + page_path("el", "puzzles-crescent"))
        board = mobile.locator(
            "[data-puzzle] [data-board='crescent'], [data-puzzle][data-board='crescent']"
        ).first
    elif where == "lesson":
        mobile.goto(live_url + page_path("ko", "crescent"))
        board = mobile.locator(
            "[data-lesson] [data-board='crescent'], [data-lesson][data-board='crescent']"
        ).first
    else:
        mobile.goto(live_url + page_path("ko", "crescent"))
        board = mobile.locator("figure[data-tryit][data-board='crescent']").first
        board.scroll_into_view_if_needed()
        board.locator("[data-action='tryit']").tap()
        expect(board).to_have_attribute("data-active", "true", timeout=LIVE_TIMEOUT_MS)
    board.scroll_into_view_if_needed()
    expect(board.locator("svg[data-rows] [data-place][tabindex]")).to_have_count(24, timeout=LIVE_TIMEOUT_MS)
    m = board.evaluate(MEASURE)
    assert m["arrangement"] == "rows"
    assert m["pageWidth"] <= PHONE["width"] and m["boxScroll"] <= 0, m
    assert m["left"] >= 0 and m["right"] <= PHONE["width"], m
    assert all(p["w"] >= 44 and p["h"] >= 44 for p in m["places"]), m["places"]
    assert min(m["ranks"]) >= 12


def _rows_spot(place: str) -> tuple[float, float]:
    """The centre of `place` in the rows, as fractions of the rows' width and height."""
    from diagrams import crescent
    from diagrams.svg import CH, CW

    arr = crescent_rows.arrangement({"game": "crescent"})
    if place in crescent.FOUNDATIONS:
        x, y = crescent.foundation_xy(place)
        x, y = x + arr.zone[0], y + arr.zone[1]
    else:
        x, y = crescent_rows.pile_xy(int(place))
    return (x + CW / 2) / crescent_rows.WIDTH, (y + CH / 2) / crescent_rows.HEIGHT


def test_a_lessons_picture_is_the_rows_and_a_tap_on_it_plays_there(mobile: Page, live_url: str) -> None:
    """Before its drawing comes, a phone's lesson shows the rows as a picture: the drawing then
    takes its place without moving the board, and taps on the picture are replayed on the places
    drawn under them."""
    from sitegen.lessons import load_lesson
    from tests.conftest import ROOT

    held: list[Any] = []
    released = []

    def hold(route: Any) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    mobile.context.route(re.compile(r".*/assets/tryit/.*\.json$"), hold)
    lesson = load_lesson(ROOT / "docs", "cr-build", ROOT)
    src, dst = lesson.line[0].split(">")
    game = engine.from_state(lesson.state)
    one_tap = engine.tap(game, src) == lesson.line[0]
    mobile.goto(live_url + page_path("ko", "crescent") + "#lesson-cr-build")
    el = mobile.locator("[data-lesson='cr-build']")
    img = el.locator("picture > img.cc-picture")
    expect(img).to_have_count(1)
    img.scroll_into_view_if_needed()
    expect(img).to_have_js_property("complete", True)
    source = el.locator("picture > source").get_attribute("srcset") or ""
    assert img.evaluate("(i) => i.currentSrc").endswith(source.lstrip("./")), (
        "the phone's picture is not the rows"
    )
    before = img.bounding_box()
    assert before["x"] >= 0 and before["x"] + before["width"] <= PHONE["width"], before
    assert abs(before["height"] / before["width"] - crescent_rows.HEIGHT / crescent_rows.WIDTH) < 0.01
    for place in [src] if one_tap else [src, dst]:
        fx, fy = _rows_spot(place)
        mobile.touchscreen.tap(before["x"] + fx * before["width"], before["y"] + fy * before["height"])
    expect(el).to_have_attribute("data-busy", "true")
    assert held, "the lesson's answers were not requested as it came into view"
    released.append(True)
    for route in held:
        route.continue_()
    game.play(lesson.line[0])
    expect(el).to_have_attribute(
        "data-state", json.dumps(game.state(), separators=(",", ":"), sort_keys=True)
    )
    svg = el.locator("[data-role='svg'] > svg")
    expect(svg).to_have_count(1)
    after = svg.bounding_box()
    for k in ("x", "y", "width", "height"):
        assert abs(after[k] - before[k]) < 1.5, (k, before, after)


NARROW = {"width": 360, "height": 740}


@pytest.mark.parametrize(("game", "lang"), [("crescent", "en"), ("canfield", "ko")])
def test_a_360_px_phone_scrolls_nothing_sideways(
    browser: Browser, live_url: str, game: str, lang: str
) -> None:
    """Below 384 px, 0.8 of a board does not fit: the board then takes the screen's whole width
    (its frame used to scroll 24 px sideways for Crescent, 16 px for Canfield), and its places
    keep a 44 px tap area. Pictures (lessons on a rules page) fit the same way."""
    context = browser.new_context(
        viewport=NARROW, is_mobile=True, has_touch=True, device_scale_factor=3, service_workers="block"
    )
    page = context.new_page()
    try:
        _open(page, live_url + page_path(lang, f"play-{game}"))
        m = _measure(page)
        assert m["viewport"] == NARROW["width"]
        assert m["pageWidth"] <= NARROW["width"] and m["boxScroll"] <= 0, m
        assert m["left"] >= 0 and m["right"] <= NARROW["width"], m
        small = [p for p in m["places"] if p["w"] < 44 or p["h"] < 44]
        assert m["places"] and small == [], small
        print(
            game,
            lang,
            "360 px: tap min {:.1f}x{:.1f} px".format(
                min(p["w"] for p in m["places"]), min(p["h"] for p in m["places"])
            ),
            "ranks {:.2f} px".format(min(m["ranks"])),
        )
        page.goto(live_url + page_path(lang, game))
        page.wait_for_load_state("load")
        frames = page.evaluate("""() => [...document.querySelectorAll('.cc-svg')].map(
            (box) => box.scrollWidth - box.clientWidth)""")
        assert frames and max(frames) <= 0, frames
        assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    finally:
        context.close()


@pytest.mark.parametrize("game", ["crescent", "canfield"])
def test_a_360_px_phone_shows_each_choice_of_the_new_game_dialog_beside_its_text(
    browser: Browser, live_url: str, game: str
) -> None:
    """Hostile review #18: on a 360 px touch screen a radio button or checkbox sat on a line of its
    own, its text below it. And #17: the offline note over the page lets taps through."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(live_url + page_path("fr", f"play-{game}"))
        expect(page.locator("[data-board]")).to_have_attribute("data-live", "true", timeout=LIVE_TIMEOUT_MS)
        page.locator("[data-board] [data-action='newgame']").click()
        dialog = page.locator("dialog[open]")
        labels = dialog.locator("label:has(> input[type='radio']), label:has(> input[type='checkbox'])")
        assert labels.count() >= 2
        for i in range(labels.count()):
            label = labels.nth(i)
            box, outer = label.locator("input").bounding_box(), label.bounding_box()
            assert box and outer
            # The input is small, within its label's height and at its start, beside its words.
            assert box["height"] < 30 and box["width"] < 30, label.inner_text()
            assert outer["y"] <= box["y"] and box["y"] + box["height"] <= outer["y"] + outer["height"]
            assert box["x"] + box["width"] < outer["x"] + outer["width"] / 2
            assert outer["height"] >= 44  # the label is a finger's target
        note = page.locator(".cc-offline-note")
        if note.count():
            assert note.evaluate("(n) => getComputedStyle(n).pointerEvents") == "none"
    finally:
        context.close()
