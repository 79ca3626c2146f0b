"""Browser tests: Debian's chromium (never `playwright install`), the site built once per session
(tests/conftest.py: built_site) and served by scripts/serve.py on a free 127.0.0.1 port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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
