"""The page's Python started from the build's memory snapshot (sitegen/snapshot.py,
docs/assets/js/pystart.js), in headless Chromium against the real build: used only once cached,
fetched in idle time after a first visit (not when saving data), and a broken one is dropped
quietly for a normal boot.

Each test has its own browser context; the ones that route requests block the service worker
(Playwright's routes do not see what a service worker fetches).
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from tests.browser.livesite import watch

# The reader's own start (tests/browser/conftest.py: the other files start from the snapshot).
pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.python_start("auto")]

LIVE = "[data-board][data-live='true'][data-state]"
LIVE_TIMEOUT_MS = 90_000
SNAPSHOT = "/assets/snapshot/"


def snapshot_file(site: Path) -> Path:
    files = sorted(site.glob("assets/snapshot/*.bin.gz"))
    assert len(files) == 1, files
    return files[0]


@pytest.fixture
def fresh(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context()
    yield context
    context.close()


@pytest.fixture
def no_sw(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(service_workers="block")
    yield context
    context.close()


def go_live(page: Page, url: str) -> str:
    page.goto(url)
    expect(page.locator(LIVE)).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    return page.evaluate("CCLive.python.mode")


def test_first_visit_boots_then_the_next_starts_from_the_snapshot(
    fresh: BrowserContext, live_url: str, live_site: Path
) -> None:
    page = fresh.new_page()
    w = watch(page, live_url)
    fetched: list[str] = []
    fresh.on("requestfinished", lambda r: fetched.append(r.url) if SNAPSHOT in r.url else None)
    url = live_url + "ko/play-crescent/"
    assert go_live(page, url) == "boot"
    assert fetched == []  # not while the page was loading and Python starting
    # Fetched once Python has been idle (3 s).
    page.wait_for_timeout(1000)
    for _ in range(60):
        if fetched:
            break
        page.wait_for_timeout(500)
    assert fetched and fetched[0].endswith(snapshot_file(live_site).name)
    page.wait_for_timeout(1500)  # the body stored
    assert go_live(page, url) == "snapshot"
    # Python works after the restore: a random deal (reseeded) and a refused move.
    before = page.locator("[data-board]").get_attribute("data-state")
    page.locator("[data-board] [data-action='newgame']").first.click()  # the new-game dialog
    page.locator("[data-board] [data-role='deal']").first.click()
    page.wait_for_function(f"document.querySelector('[data-board]').dataset.state !== {before!r}")
    assert w.errors == [] and w.off_site() == []


def test_saving_data_fetches_no_snapshot(no_sw: BrowserContext, live_url: str) -> None:
    page = no_sw.new_page()
    page.add_init_script(
        "Object.defineProperty(navigator, 'connection', {value: {saveData: true}, configurable: true})"
    )
    fetched: list[str] = []
    no_sw.on("requestfinished", lambda r: fetched.append(r.url) if SNAPSHOT in r.url else None)
    url = live_url + "el/play-canfield/"
    assert go_live(page, url) == "boot"
    page.wait_for_timeout(6000)  # twice the idle delay
    assert fetched == []
    assert go_live(page, url) == "boot"


@pytest.mark.parametrize("damage", ["garbage", "truncated", "missing"])
def test_a_broken_snapshot_falls_back_to_a_boot_quietly(
    no_sw: BrowserContext, live_url: str, live_site: Path, damage: str
) -> None:
    good = snapshot_file(live_site).read_bytes()
    bodies: dict[str, Any] = {
        "garbage": gzip.compress(b"\x00snp" + bytes(range(256)) * 4096, mtime=0),
        "truncated": gzip.compress(gzip.decompress(good)[: 4 << 20], mtime=0),
    }

    def serve_broken(route: Route) -> None:
        if damage == "missing":
            route.fulfill(status=404, body="")
        else:
            route.fulfill(status=200, body=bodies[damage], content_type="application/octet-stream")

    page = no_sw.new_page()
    page.route(f"**{SNAPSHOT}*", serve_broken)
    # Told to start from the snapshot (fetching it even though it is not cached).
    page.add_init_script("localStorage.setItem('cc-python-start', 'snapshot')")
    w = watch(page, live_url)
    assert go_live(page, live_url + "fr/play-crescent/") == "boot"
    status = page.locator("[data-board] [role='status']").first
    assert status.get_attribute("data-kind") != "error"
    assert w.errors == [] and w.off_site() == []
