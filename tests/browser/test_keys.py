"""The Play pages' keyboard sentence is true (issue 22): the page says the board's own key help
(`ui.board-keys`, quoted by a `<!-- label: -->` marker), and pressing the keys it names does
what it says, in real Chromium on the built site, in three languages:

- Tab reaches the board once: walking the whole page with Tab lands on exactly one of its
  places, and the next Tab leaves it;
- the arrow keys move the focus from place to place, Home and End go to the first and the last;
- Enter and Space tap the focused place: the board answers exactly as engine.tap says (the move
  played, or the place selected).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import catalogues
import diagrams
import engine
from tests.browser.livesite import Watch, page_path

pytestmark = pytest.mark.browser

LIVE_TIMEOUT_MS = 90_000  # as test_live.py: boot mode on a loaded 2-core machine took over 45 s
MAX_TABS = 400  # more than every tab stop of a Play page (header, navigation, board, footer)

CASES = [("en", "play-crescent"), ("de", "play-canfield"), ("ko", "play-crescent"), ("fr", "play-canfield")]


def _focus(page: Page) -> dict[str, Any]:
    """Where the focus is: the board place it is on (or None), and a key for the element."""
    return page.evaluate(
        """() => {
          const el = document.activeElement;
          const place = el && el.closest('[data-board]') ? el.getAttribute('data-place') : null;
          return {place, tag: el ? el.tagName : null, html: el ? el.outerHTML.slice(0, 120) : null};
        }"""
    )


def _open(page: Page, url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(url)
    expect(page.locator("[data-board][data-live='true']")).to_have_count(1, timeout=LIVE_TIMEOUT_MS)


def _state(page: Page) -> dict[str, Any]:
    return json.loads(page.locator("[data-board]").get_attribute("data-state") or "{}")


@pytest.mark.parametrize(("lang", "name"), CASES, ids=[f"{lang}-{name}" for lang, name in CASES])
def test_the_keys_the_play_page_names_do_what_it_says(
    page: Page,
    live_url: str,
    watched: Watch,
    lang: str,
    name: str,
) -> None:
    _open(page, live_url + page_path(lang, name))
    kind = name.removeprefix("play-")
    # The page says the board's own help, word for word, and no longer "Tab moves between places".
    help_text = catalogues.message(lang, "ui.board-keys")
    article = page.locator("article").first.inner_text()
    assert help_text in " ".join(article.split()), f"{lang}/{name}: the key help is not on the page"

    # Tab from the top of the page: exactly one stop is on the board, and the next Tab leaves it.
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    page.locator("body").focus()
    on_board: list[int] = []
    first_key = None
    for press in range(MAX_TABS):
        page.keyboard.press("Tab")
        here = _focus(page)
        if press == 0:
            first_key = here["html"]
        elif here["html"] == first_key:
            break  # the walk came round to where it started
        if here["place"] is not None:
            on_board.append(press)
    assert len(on_board) == 1, f"{lang}/{name}: Tab stopped on the board {len(on_board)} times"

    # On round the page's cycle of tab stops to that one stop, then the arrows.
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        if _focus(page)["place"] is not None:
            break
    start = _focus(page)["place"]
    assert start is not None
    places = diagrams.places(kind)
    seen = {start}
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        page.keyboard.press(key)
        there = _focus(page)["place"]
        assert there in places, f"{key} took the focus off the board ({there!r})"
        seen.add(there)
    assert len(seen) > 1, "the arrow keys never moved the focus to another place"
    page.keyboard.press("End")
    last = _focus(page)["place"]
    page.keyboard.press("Home")
    first = _focus(page)["place"]
    assert first != last and {first, last} <= set(places)
    # Home is the first place in the drawing's order: the same place whatever the arrows did.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Home")
    assert _focus(page)["place"] == first

    # Enter taps the focused place, and Space does too: the answer is engine.tap's.
    for key in ("Enter", " "):
        target = _focus(page)["place"]
        raw = page.locator("[data-board]").get_attribute("data-state")
        game = engine.from_state(_state(page))
        move = engine.tap(game, target)
        page.keyboard.press(key)
        board = page.locator("[data-board]")
        if move is not None:
            game.play(move)
            page.wait_for_function(
                "(before) => document.querySelector('[data-board]').getAttribute('data-state') !== before",
                arg=raw,
                timeout=LIVE_TIMEOUT_MS,
            )
            assert _state(page) == game.state(), f"{key!r} on {target}: not the move {move}"
        else:
            expect(board.locator(f"[data-place='{target}']")).to_have_class(
                re.compile("is-selected"), timeout=LIVE_TIMEOUT_MS
            )
            page.keyboard.press("Escape")
        # The focus stays on the board, for the next key.
        page.keyboard.press("Home")
        assert _focus(page)["place"] == first
