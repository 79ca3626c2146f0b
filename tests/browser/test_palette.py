"""The light/dark palette toggle, which the site does itself instead of Material's palette
component (overrides/partials/palette.html, overrides/partials/javascripts/palette.html,
docs/assets/js/palette.js): the system's preference is followed until the reader chooses, the
choice is kept on every page, the toggle works by pointer and by keyboard, and applying the
palette at start-up recalculates no style after the page is parsed."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

STATE = """() => ({
  scheme: document.body.getAttribute('data-md-color-scheme'),
  media: document.body.getAttribute('data-md-color-media'),
  shown: [...document.querySelectorAll('.md-header__option label')].filter(l => !l.hidden)
           .map(l => l.getAttribute('for')),
  colorScheme: document.querySelector('meta[name=color-scheme]')?.content,
  themeColor: document.querySelector('meta[name=theme-color]')?.content,
  switching: document.body.hasAttribute('data-md-color-switching'),
  materialComponent: !!document.querySelector('[data-md-component=palette]'),
})"""


def _state(page: Page) -> dict[str, Any]:
    page.wait_for_function("() => document.querySelector('meta[name=theme-color]')")
    return page.evaluate(STATE)


@pytest.mark.parametrize(
    ("system", "scheme", "other"), [("light", "default", "slate"), ("dark", "slate", "default")]
)
def test_palette_follows_the_system_then_the_readers_choice(
    browser: Browser, site_url: str, system: str, scheme: str, other: str
) -> None:
    context = browser.new_context(color_scheme=system)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url + "ko/crescent/")
    start = _state(page)
    # The toggle shown is the one for the other palette (Material's labels: `for` the next input).
    assert start["scheme"] == scheme and start["shown"] and not start["materialComponent"], start
    assert start["colorScheme"] == ("dark" if scheme == "slate" else "light"), start
    assert start["themeColor"].startswith("#") and len(start["themeColor"]) == 7, start

    page.click(".md-header__option label:not([hidden])")
    page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")
    after = _state(page)
    assert after["scheme"] == other and after["shown"] != start["shown"], after
    assert after["colorScheme"] == ("dark" if other == "slate" else "light"), after

    # Kept on another page of another language (one scope for the whole site), before any script.
    page.goto(site_url + "el/play-crescent/")
    assert _state(page)["scheme"] == other
    # Enter on the focused toggle input goes back, and the focus follows the input.
    page.focus(".md-header__option input.md-option >> nth=0")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.body.getAttribute('data-md-color-scheme') === '{scheme}'")
    assert page.evaluate("document.activeElement.classList.contains('md-option')")
    page.goto(site_url + "fr/statistics/")
    assert _state(page)["scheme"] == scheme
    assert errors == []
    context.close()


def test_palette_start_up_recalculates_no_style_after_parsing(browser: Browser, site_url: str) -> None:
    """Material's palette component marked <body> data-md-color-switching after load, which its
    CSS matches with `[data-md-color-switching] *`: every element's style was recalculated (two or
    three times, the main part of the rules pages' Total Blocking Time on a phone). The attribute
    must never appear at start-up, and <body>'s palette attributes are final once it is parsed."""
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    page.add_init_script("""
      window.__paletteChanges = [];
      new MutationObserver(records => {
        for (const r of records) if (r.target === document.body && /^data-md-color-/.test(r.attributeName))
          window.__paletteChanges.push([r.attributeName, document.readyState]);
      }).observe(document, {attributes: true, subtree: true});
    """)
    page.goto(site_url + "examples/")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    changes = page.evaluate("window.__paletteChanges")
    # Dark system: the page is re-coloured once, while it is still parsed ("loading").
    assert changes and all(state == "loading" for _, state in changes), changes
    assert not any(name == "data-md-color-switching" for name, _ in changes), changes
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    context.close()
