"""The versions' boards on the rules pages, in headless Chromium (issue 24, item 4).

A face-down version's try-it holds only what a player sees (its `data-state` is the public
view), so the page's Python opens it from its deal's line (`data-line`): the first move is the
build's answer, the next ones Python's, and each position the board shows is the engine's public
view of the same game, never naming a face-down card; undo goes back to the shown position and
no further. A version's refusal is said in the page's language, from the build's answers.
Expected values come from the engine and the catalogues run here in CPython.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

import engine
from diagrams import cards
from sitegen.sources import load_position
from tests.browser.livesite import Watch, page_path
from tests.browser.test_live import LIVE_TIMEOUT_MS, msg
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

DOCS = ROOT / "docs"


def _shown(figure: Locator) -> dict[str, object]:
    return json.loads(figure.get_attribute("data-state") or "null")


def _secret(game: engine.Game) -> set[str]:
    """The face-down cards of a Crescent game that are not also face up (two decks)."""
    full, public = game.state(), engine.public_state(game)
    pairs = zip(full["piles"], public["piles"], strict=True)
    hidden = {c for pile, seen in pairs for c, q in zip(pile, seen, strict=True) if q is None}
    shown = {c for pile in public["piles"] for c in pile if c} | {
        c for cards in public["foundations"].values() for c in cards
    }
    return hidden - shown


def _play(figure: Locator, game: engine.Game, move: str) -> None:
    """`move` by clicks on the figure's drawing (a tap, or a tap then a second click)."""
    src, dst = move.split(">")
    figure.locator(f"[data-place='{src}']").dispatch_event("click")
    tapped = engine.tap(game, src)
    if tapped is None:
        figure.locator(f"[data-place='{dst}']").dispatch_event("click")
        game.play(move)
    else:
        game.play(tapped)


def _expect_position(figure: Locator, game: engine.Game, timeout: int = 10_000) -> None:
    moves = game.state()["moves"]
    expect(figure).to_have_attribute("data-state", re.compile(f'"moves": ?{moves}[,}}]'), timeout=timeout)
    raw = figure.get_attribute("data-state") or ""
    assert json.loads(raw) == engine.public_state(game)
    for card in _secret(game):
        assert f'"{card}"' not in raw, card


def test_a_face_down_board_plays_on_from_its_line_and_names_no_hidden_card(
    page: Page, live_url: str, watched: Watch
) -> None:
    page.goto(live_url + page_path("en", "crescent"))
    figure = page.locator("figure#version-crescent-face-down")
    game = engine.from_state(load_position(DOCS, "version-crescent-face-down"))
    assert _secret(game), "the test needs face-down cards"
    assert _shown(figure) == engine.public_state(game)
    figure.scroll_into_view_if_needed()
    figure.locator("[data-action='tryit']").click()
    expect(figure.locator("[data-place='1']")).to_have_count(1)
    start = game.copy()
    # The figure's move: the build's answer, which turns pile 1's next card face up.
    _play(figure, game, "1>5")
    _expect_position(figure, game)
    assert engine.public_state(game)["piles"][0][-1] is not None
    # Python takes over from the line, not from the cards the page holds (it has none).
    expect(figure).to_have_attribute("data-live", "true", timeout=LIVE_TIMEOUT_MS)
    move = next(m for m in game.legal_moves() if m != "redeal" and engine.tap(game, m.split(">")[0]) is None)
    _play(figure, game, move)
    _expect_position(figure, game)
    # Undo back to the shown position, and no further: the line's moves are not the reader's.
    undo = figure.locator("[data-action='undo']")
    undo.click()
    game.undo()
    _expect_position(figure, game)
    undo.click()
    game.undo()
    _expect_position(figure, game)
    assert engine.public_state(game) == engine.public_state(start)
    undo.click()
    expect(figure.locator("[role='status']")).to_have_text(msg("en", "reason.nothing-to-undo"))
    _expect_position(figure, game)
    # The board's own text and names say no face-down card either.
    text = figure.evaluate(
        """(f) => [
            f.innerText,
            ...[...f.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')),
            ...[...f.querySelectorAll('svg desc, svg title')].map((e) => e.textContent),
        ].join('\\n')"""
    )
    for card in _secret(game):
        assert cards.name(card, "en").lower() not in text.lower(), card


@pytest.mark.parametrize(
    ("lang", "page_name", "ident", "src", "dst", "reason"),
    [
        ("ko", "canfield", "version-rainfall", "stock", "W", "no-passes"),
        ("fr", "canfield", "version-storehouse", "W", "4", "same-suit"),
    ],
)
def test_a_versions_refusal_is_said_on_its_board(
    page: Page,
    live_url: str,
    watched: Watch,
    lang: str,
    page_name: str,
    ident: str,
    src: str,
    dst: str,
    reason: str,
) -> None:
    page.goto(live_url + page_path(lang, page_name))
    figure = page.locator(f"figure#{ident}")
    game = engine.from_state(load_position(DOCS, ident))
    assert game.check(engine.drop(game, src, dst)) == reason
    figure.scroll_into_view_if_needed()
    figure.locator("[data-action='tryit']").click()
    expect(figure.locator(f"[data-place='{src}']")).to_have_count(1)
    figure.locator(f"[data-place='{src}']").dispatch_event("click")
    # A click on the stock draws (pyworker/ops.py): the refused draw is said at once.
    if src != "stock" and engine.tap(game, src) is None:
        figure.locator(f"[data-place='{dst}']").dispatch_event("click")
    expect(figure.locator("[role='status']")).to_have_text(msg(lang, f"reason.{reason}"))
    assert _shown(figure) == engine.public_state(game)


def _state(figure: Locator) -> dict[str, object]:
    return json.loads(figure.get_attribute("data-state") or "null")


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_crescent_fours_fourth_redeal_plays_where_the_seeds_rules_refuse_it(
    page: Page, live_url: str, watched: Watch, lang: str
) -> None:
    """The Crescent Four section's two boards: the version's, just after its third redeal, and
    its twin under the seeds' rules (the same moves). Redeal, pressed from the keyboard, plays
    the fourth redeal on the first and is refused on the second, in the page's language: first
    from the build's answers, then from the page's Python."""
    page.goto(live_url + page_path(lang, "crescent"))
    own = page.locator("figure#version-crescent-four")
    twin = page.locator("figure#version-crescent-four-standard")
    game = engine.from_state(load_position(DOCS, "version-crescent-four"))
    app = engine.from_state(load_position(DOCS, "version-crescent-four-standard"))
    assert game.check("redeal") is None and app.check("redeal") == "no-redeals"
    assert _state(own) == game.state() and _state(twin) == app.state()
    start = game.state()
    # Shown from the start, named by what it does; reached and pressed from the keyboard.
    button = own.get_by_role("button", name=msg(lang, "ui.redeal", n=1))
    button.scroll_into_view_if_needed()
    button.focus()
    page.keyboard.press("Enter")
    game.play("redeal")
    expect(own.locator("[role='status']")).to_have_text(msg(lang, "ui.redealt-last"))
    expect(own).to_have_attribute("data-state", re.compile('"redeals_left": ?0'))
    assert _state(own) == game.state()
    expect(own.locator("[data-action='redeal']")).to_have_text(msg(lang, "ui.no-redeals"))
    # The same position under the seeds' rules: no redeal left, said with the engine's reason.
    refused = twin.get_by_role("button", name=msg(lang, "ui.no-redeals"))
    refused.focus()
    page.keyboard.press("Enter")
    expect(twin.locator("[role='status']")).to_have_text(msg(lang, "reason.no-redeals"))
    assert _state(twin) == app.state()
    # From now on the page's Python answers: a fifth redeal is refused, and after Reset the
    # fourth plays again, from the shown position.
    expect(own).to_have_attribute("data-live", "true", timeout=LIVE_TIMEOUT_MS)
    own.locator("[data-action='redeal']").click()
    expect(own.locator("[role='status']")).to_have_text(msg(lang, "reason.no-redeals"))
    assert _state(own) == game.state()
    own.locator("[data-action='reset']").click()
    expect(own.locator("[data-action='redeal']")).to_have_text(msg(lang, "ui.redeal", n=1))
    assert _state(own) == start
    own.locator("[data-action='redeal']").click()
    expect(own.locator("[role='status']")).to_have_text(msg(lang, "ui.redealt-last"))
    expect(own).to_have_attribute("data-state", re.compile('"redeals_left": ?0'))
    assert _state(own) == game.state()
    expect(twin).to_have_attribute("data-live", "true", timeout=LIVE_TIMEOUT_MS)
    twin.locator("[role='status']").evaluate("(p) => { p.textContent = ''; }")  # a new answer's
    twin.locator("[data-action='redeal']").click()
    expect(twin.locator("[role='status']")).to_have_text(msg(lang, "reason.no-redeals"))
    assert _state(twin) == app.state()
