"""Reading and playing offline after one visit (the service worker of sitegen/offline.py), in
headless Chromium against the real build.

Each test serves its own copy of the built site from its own server (its own origin, so its own
service worker and caches), and "no network" is both Playwright's offline mode and that server
shut down: nothing can come from anywhere but the browser's caches.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

import catalogues
import engine
from pyworker.analysis import encode_state
from tests.browser.livesite import watch
from tests.conftest import ROOT, build_docs, load_script

# The service worker is these tests' subject (tests/browser/conftest.py blocks it elsewhere).
pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.browser_context_args(service_workers="allow"),
]

LIVE_TIMEOUT_MS = 90_000  # as test_live.py: boot mode on a loaded 2-core machine took over 45 s
READY = "window.CCOffline && window.CCOffline.state === 'ready'"
LIVE = "[data-board][data-live='true'][data-state]"
# Every cache of the origin: {name: [entries, bytes]}.
CACHE_SIZES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    let n = 0, bytes = 0;
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      bytes += (await response.blob()).size;
      n += 1;
    }
    out[name] = [n, bytes];
  }
  return out;
}"""


class Host:
    """A copy of the built site served on its own port, which the test can take down."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self.server: Any = None
        self.url = ""

    def start(self) -> str:
        serve = load_script("serve")
        self.server = serve.serve(self.site, 0)
        self.url = serve.url_of(self.server)
        return self.url

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


def _link(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:  # another file system (SITE_UNDER_TEST elsewhere)
        shutil.copy2(source, target)


@pytest.fixture
def host(built_site: Path, tmp_path: Path) -> Iterator[Host]:
    # Hard links, not copies (80 MB a test): nothing writes into a file of the built site; the
    # rebuild below empties the served folder first (MkDocs' clean) and writes new files.
    site = tmp_path / "site"
    shutil.copytree(built_site, site, copy_function=_link)
    h = Host(site)
    h.start()
    yield h
    h.stop()


def go_offline(context: BrowserContext, host: Host) -> None:
    context.set_offline(True)
    host.stop()


def caches_of(page: Page) -> dict[str, list[int]]:
    return page.evaluate(CACHE_SIZES)


def wait_ready(page: Page) -> None:
    page.wait_for_function(READY, timeout=LIVE_TIMEOUT_MS)


def test_a_korean_play_page_goes_live_offline_after_one_visit(
    page: Page, context: BrowserContext, host: Host
) -> None:
    w = watch(page, host.url)
    page.goto(host.url + "ko/play-crescent/")
    expect(page.locator(LIVE)).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    wait_ready(page)
    page.wait_for_function("window.CCOffline.runtime === true")
    note = page.locator("[data-offline-note]")
    expect(note).to_have_text(catalogues.message("ko", "offline.ready"))
    assert page.evaluate("window.CCOffline.said") is True  # shown (for a few seconds)
    sizes = caches_of(page)
    assert any(name.startswith("cc-pyodide-") and n >= 6 for name, (n, _b) in sizes.items()), sizes
    print(f"\ncaches after going live: {sizes}")
    assert w.errors == [] and w.off_site() == []

    go_offline(context, host)
    t0 = time.perf_counter()
    page.reload()
    expect(page.locator(LIVE)).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    print(f"offline reload to a live board: {time.perf_counter() - t0:.2f} s")
    # Said once: not again on the next page of the language.
    wait_ready(page)
    assert page.evaluate("window.CCOffline.said") is False
    expect(page.locator("[data-offline-note]")).to_be_hidden()
    # A move is answered by Python, offline.
    before = page.locator("[data-board]").get_attribute("data-state")
    page.locator("[data-board] [data-action='newgame']").first.click()  # the new-game dialog
    page.locator("[data-board] [data-role='deal']").first.click()
    page.wait_for_function(f"document.querySelector('[data-board]').dataset.state !== {before!r}")

    # Another Korean page, its search index and a replay's steps, none visited before.
    page.goto(host.url + "ko/canfield/")
    expect(page.locator("h1").first).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "ko"
    assert (
        page.evaluate("fetch('../search/search_index.json').then(r => r.json()).then(i => i.docs.length)") > 0
    )
    page.goto(host.url + "ko/examples/")
    replay = page.locator("[data-replay]").first
    replay.locator("[data-action='next']").click()
    expect(replay).to_have_attribute("data-step", "1")
    # The Analysis page, never visited: its board and the solver's verdicts work offline too.
    state = engine.new_game("CR1-N-AAAAAAB").state()
    page.goto(host.url + "ko/analysis-crescent/#state=" + encode_state(state))
    expect(page.locator("[data-analysis]")).to_have_attribute("data-live", "true", timeout=LIVE_TIMEOUT_MS)
    page.wait_for_function(
        "['win', 'loss', 'unknown'].includes(document.querySelector('[data-analysis]').dataset.verdict)",
        timeout=LIVE_TIMEOUT_MS,
    )
    assert json.loads(page.locator("[data-analysis]").get_attribute("data-state") or "null") == state
    assert [e for e in w.errors if "ERR_INTERNET_DISCONNECTED" not in e] == []


def test_a_text_page_keeps_its_language_but_not_pyodide(
    page: Page, context: BrowserContext, host: Host
) -> None:
    w = watch(page, host.url)
    page.goto(host.url + "ko/crescent/")
    wait_ready(page)
    sizes = caches_of(page)
    print(f"\ncaches after one visit to a rules page: {sizes}")
    assert not any(name.startswith("cc-pyodide-") and n for name, (n, _b) in sizes.items()), sizes
    # The Korean pages only (and the shared scripts): no other language is imposed.
    kept = page.evaluate("caches.open('cc-offline').then(c => c.keys()).then(k => k.map(r => r.url))")
    rel = sorted(u.removeprefix(host.url) for u in kept)
    assert "ko/faq/" in rel and "ko/search/search_index.json" in rel
    assert not any(u.startswith(("el/", "fr/", "faq/")) for u in rel), rel
    assert "assets/py.zip" not in rel
    assert w.errors == [] and w.off_site() == []

    go_offline(context, host)
    page.goto(host.url + "ko/faq/")
    expect(page.locator("h1").first).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "ko"
    page.goto(host.url + "ko/glossary/")
    expect(page.locator("h1").first).to_be_visible()


def test_a_rebuild_is_picked_up_on_the_next_online_visit(
    page: Page, context: BrowserContext, host: Host, tmp_path: Path
) -> None:
    page.goto(host.url + "ko/faq/")
    wait_ready(page)
    page.wait_for_function("!!navigator.serviceWorker.controller")
    # The same site rebuilt from pages where one Korean page changed, into the served folder.
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    marker = "오프라인 재빌드 확인 문장."
    faq = docs / "ko" / "faq.md"
    faq.write_text(faq.read_text(encoding="utf-8") + f"\n\n{marker}\n", encoding="utf-8")
    build_docs(docs, host.site)

    page.goto(host.url + "ko/faq/")
    expect(page.locator("article")).to_contain_text(marker)
    # The new build's worker takes over and refreshes what changed; offline, the page is new.
    page.wait_for_function(
        "navigator.serviceWorker.getRegistration().then(r => r && r.active && !r.installing && !r.waiting)"
    )
    page.reload()
    wait_ready(page)
    go_offline(context, host)
    page.reload()
    expect(page.locator("article")).to_contain_text(marker)
    page.goto(host.url + "ko/crescent/")
    expect(page.locator("h1").first).to_be_visible()
