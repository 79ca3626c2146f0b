"""Site-wide checks in a real browser: a Greek or French word typed without its accents finds
the page, a page's search box searches the pages of its own language, and printing keeps the
diagrams."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import catalogues

pytestmark = pytest.mark.browser


def search(page: Page, url: str, query: str) -> list[str]:
    """Types `query` into Material's search on `url`; returns the result links (site paths)."""
    page.goto(url)
    box = page.locator("input.md-search__input")
    box.click()
    # Material searches on keyup: fill, then a key press to trigger it.
    box.fill(query)
    box.press("End")
    results = page.locator(".md-search-result__item a.md-search-result__link, a.md-search-result__link")
    expect(results.first).to_be_visible(timeout=10_000)
    return [href for href in (results.nth(i).get_attribute("href") for i in range(results.count())) if href]


def _paths(links: list[str], base: str) -> set[str]:
    return {re.sub(r"[?#].*$", "", link.removeprefix(base)) for link in links}


LANGUAGE_FOLDERS = tuple(f"{lang}/" for lang in catalogues.LANGUAGES if lang != "en")


@pytest.mark.parametrize(
    ("lang_path", "query", "expected"),
    [
        ("el/", "ανακατανομη", "el/crescent/"),  # ανακατανομή, typed without its tonos
        ("fr/", "reserve", "fr/canfield/"),  # réserve, typed without its accent
        ("el/", "ανακατανομή", "el/crescent/"),  # typed as written, too
        ("fr/", "réserve", "fr/canfield/"),
        ("ko/", "재배치", "ko/crescent/"),
        # Japanese has no spaces: a heading typed as written (TinySegmenter, Material's `lang: ja`,
        # would index 空|の|山 and 捨て|札 and find neither), and a word from inside a sentence.
        ("ja/", "空の山", "ja/crescent/"),
        ("ja/", "捨て札", "ja/glossary/"),
        ("ja/", "馬蹄形", "ja/crescent/"),  # 画面では、山が馬蹄形に並びます
        ("de/", "haufige", "de/faq/"),  # Häufige Fragen, typed without its umlaut
        ("es/", "redistribucion", "es/crescent/"),  # redistribución, typed without its accent
        ("", "redeal", "crescent/"),
    ],
)
def test_search_finds_the_page_in_its_language(
    page: Page, site_url: str, lang_path: str, query: str, expected: str
) -> None:
    paths = _paths(search(page, site_url + lang_path, query), site_url)
    assert expected in paths, paths
    # Only pages of the reader's language (the default language is at the root).
    if lang_path:
        assert all(p.startswith(lang_path) for p in paths), paths
    else:
        assert not any(p.startswith(LANGUAGE_FOLDERS) for p in paths), paths


def test_no_console_errors_on_a_search(page: Page, site_url: str) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    search(page, site_url + "el/crescent/", "ανακατανομη")
    assert errors == []


def test_search_sends_nothing_off_site(page: Page, site_url: str) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    search(page, site_url + "fr/", "reserve")
    outside = [u for u in requests if not u.startswith(site_url) and not u.startswith("data:")]
    assert outside == []


@pytest.mark.parametrize("lang_path", ["", "ko/", "el/", "fr/"])
def test_print_keeps_the_diagrams(page: Page, site_url: str, lang_path: str) -> None:
    page.goto(site_url + lang_path + "crescent/")
    page.emulate_media(media="print")
    # A diagram is drawn inline (svg) or, until its board is wanted, as a picture of itself (img).
    diagrams = page.locator("figure.diagram svg[data-diagram], figure.diagram img[data-diagram]")
    assert diagrams.count() > 0
    for i in range(diagrams.count()):
        box = diagrams.nth(i).bounding_box()
        assert diagrams.nth(i).is_visible() and box and box["width"] > 100, i
    # Every picture's file is there to print (a lazy image is fetched when the page is printed).
    for src in page.eval_on_selector_all("figure.diagram img[data-diagram]", "els => els.map(e => e.src)"):
        assert page.request.get(src).ok, src
