"""The site built for a public host (SITE_URL) in Chromium: its alternate links are there for
crawlers and cost the reader nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.livesite import watch
from tests.conftest import load_script
from tests.test_site import LANGUAGES

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def hosted_url(hosted_site: Path) -> Iterator[str]:
    with load_script("serve").serving(hosted_site) as url:
        yield url


def test_alternates_cost_the_reader_nothing(page: Page, hosted_url: str) -> None:
    """Material fetches sitemap.xml under every `link[rel=alternate]`; ours are the same token
    for the browser but not for its exact-match selector: no request, no console error."""
    w = watch(page, hosted_url)
    page.goto(hosted_url + "ko/crescent/", wait_until="load")
    page.wait_for_timeout(1500)
    assert page.evaluate("document.querySelectorAll('link[rel=alternate]').length") == 0
    assert (
        page.evaluate(
            "[...document.querySelectorAll('link')].filter(l => "
            "l.relList.contains('alternate') && l.hreflang).length"
        )
        == len(LANGUAGES) + 1
    )
    assert not [u for u in w.requests if "sitemap" in u], w.requests
    assert w.errors == [] and w.off_site() == []
