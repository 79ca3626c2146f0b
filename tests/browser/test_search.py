"""Search in a real browser: a Greek or French word typed without its accents finds the page."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def search(page: Page, url: str, query: str) -> list[str]:
    """Types `query` into Material's search on `url`; returns the result links (site paths)."""
    page.goto(url)
    box = page.locator("input.md-search__input")
    box.click()
    # Material searches on keyup: fill, then a key press to trigger it.
    box.fill(query)
    box.press("End")
    results = page.locator(".md-search-result__item a.md-search-result__link, "
                           "a.md-search-result__link")
    expect(results.first).to_be_visible(timeout=10_000)
    return [href for href in (results.nth(i).get_attribute("href") for i in range(results.count()))
            if href]


def _paths(links: list[str], base: str) -> set[str]:
    return {re.sub(r"[?#].*$", "", link.removeprefix(base)) for link in links}


@pytest.mark.parametrize(("lang_path", "query", "expected"), [
    ("el/", "ανακατανομη", "el/crescent/"),     # ανακατανομή, typed without its tonos
    ("fr/", "reserve", "fr/canfield/"),          # réserve, typed without its accent
    ("el/", "ανακατανομή", "el/crescent/"),     # typed as written, too
    ("fr/", "réserve", "fr/canfield/"),
])
def test_search_ignores_accents(page: Page, site_url: str, lang_path: str, query: str,
                                expected: str) -> None:
    links = search(page, site_url + lang_path, query)
    assert expected in _paths(links, site_url), links


def test_search_sends_nothing_off_site(page: Page, site_url: str) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    search(page, site_url + "fr/", "reserve")
    outside = [u for u in requests if not u.startswith(site_url) and not u.startswith("data:")]
    assert outside == []
