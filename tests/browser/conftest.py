"""Browser tests: Debian's chromium (never `playwright install`), the site built once per session
(tests/conftest.py: built_site) and served by scripts/serve.py on a free 127.0.0.1 port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

# The live-board fixtures (tests/browser/livesite.py), shared by every browser test file from
# here: a test names them as arguments and imports nothing for them.
from tests.browser.livesite import (
    fixture_site,
    fixture_url,
    live_site,
    live_url,
    watched,
    watched_fixture,
    wrong_mime_url,
)
from tests.conftest import load_script

__all__ = [
    "fixture_site",
    "fixture_url",
    "live_site",
    "live_url",
    "watched",
    "watched_fixture",
    "wrong_mime_url",
]

# How long an `expect` waits, unless the test says: Playwright's own 5 s leaves little margin where
# CI runs two workers, each a Chromium with Pyodide, on two shared cores (load 7-10 in its logs).
# A check that fails still fails, only later; none of the tests waits for an `expect` to fail.
expect.set_options(timeout=15_000)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Every test's context (the `context` and `page` fixtures) blocks service workers, unless the
    test or its file says `@pytest.mark.browser_context_args(service_workers="allow")`: the
    offline tests (test_offline.py), and the first visit of every language's Play page
    (test_live.py's test_play_page_goes_live, which keeps the page going live while its worker
    installs and fills its cache covered). Each page registers the site's worker, which then
    fetches the whole language (about 800 files) into its cache beside the test: that was half
    the CPU of the browser tests (tests/browser/test_play.py, 14 tests: 44.5 s of CPU with the
    worker, 23.7 s without, at load 15-20), for tests none of whose checks read it. Contexts a
    test makes itself (`browser.new_context`) say what they want, as before."""
    return {**browser_context_args, "service_workers": "block"}


# How the pages' Python starts in the browser tests (docs/assets/js/python/pystart.js, told by
# localStorage "cc-python-start"): from the build's memory snapshot, unless the test or its file
# says `@pytest.mark.python_start("auto")` (the reader's way: a first visit boots, later ones use
# the snapshot once cached; the tests of the start itself: test_snapshot.py, test_live.py, which
# runs each of its tests in both modes (once, checking that none started, where no Python starts),
# and test_hostile.py's failing and slow downloads). Both modes give the same Python (test_live.py
# checks every live board in both); a boot costs the browser about 6 s of CPU, twice on a Play
# page (the board's Python and the verdict's), and fetches the snapshot after it once idle; a
# start from the snapshot about 2.7 s (one Play page in a fresh context, load 12: 6.3 s CPU and
# 8-25 s wall booted, 2.7 s and 2.5-3.5 s).
PYTHON_START = "snapshot"
_start = {"mode": PYTHON_START}


@pytest.fixture(autouse=True)
def python_start(request: pytest.FixtureRequest) -> Iterator[str]:
    """This test's start mode, for every context made while it runs (`browser` below)."""
    marker = request.node.get_closest_marker("python_start")
    _start["mode"] = marker.args[0] if marker else PYTHON_START
    yield _start["mode"]
    _start["mode"] = PYTHON_START


@pytest.fixture(scope="session")
def browser(browser: Browser) -> Browser:
    """pytest-playwright's browser, whose every new context (the `context` and `page` fixtures'
    and those a test makes itself) starts its pages' Python in the test's mode."""
    make = browser.new_context

    def new_context(**kwargs: Any) -> BrowserContext:
        context = make(**kwargs)
        mode = _start["mode"]
        if mode != "auto":
            context.add_init_script(f"try {{ localStorage.setItem('cc-python-start', '{mode}') }} catch {{}}")
        return context

    browser.new_context = new_context  # type: ignore[method-assign]
    return browser


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """Base URL (ending in /) of the built site, served with the right MIME types."""
    with load_script("serve").serving(built_site) as url:
        yield url


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/browser/ drives Chromium: marked `browser` even without its own
    mark, so that `-m "not browser"` (scripts/test.sh --fast) leaves them all out."""
    here = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(here):
            item.add_marker(pytest.mark.browser)
