"""Fixtures for the live-board browser tests: the site to test, served twice (right and wrong
`.wasm` MIME type), and helpers that watch every page for off-site requests and console errors.

The site is the real build (tests/conftest.py `built_site`: scripts/build.py on docs/). With
LIVE_MINISITE=1 it is instead a small site of bare pages whose markers are expanded by the same
sitegen/live.py, with the example games of tests/fixtures/live/ — for working on the page's
scripts without the real pages. The try-it tests always use that small site (`fixture_url`):
it holds `<!-- tryit: -->` markers on its rules pages whatever the real pages hold.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Dialog, Page, Request, Route

import catalogues
from tests.conftest import ROOT, load_script, shared_build

# Every catalogue language: the mini-site has pages in each.
LANGS = catalogues.LANGUAGES
DEFAULT_LANG = "en"  # mkdocs-static-i18n puts the default language at the site's root
FIXTURE_DOCS = ROOT / "tests" / "fixtures" / "live"

MINI_PAGES = {
    "play-crescent": "<!-- board: crescent -->",
    "play-canfield": "<!-- board: canfield -->",
    "examples": "<!-- replay: crescent-example -->\n<!-- replay: canfield-d3-example -->",
    "crescent": "<!-- tryit: crescent-example@3 -->",
    "canfield": "<!-- tryit: canfield-d3-example@4 -->",
}

PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{name}</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="{up}assets/css/site.css">{meta}</head>
<body><main>{body}</main>
<script type="module" src="{up}assets/js/main.js"></script>
<script src="{up}assets/js/boot.js"></script></body></html>
"""


def page_path(lang: str, name: str) -> str:
    """The site path of page `name` in `lang` ("ko/play-crescent/", "play-crescent/")."""
    return f"{name}/" if lang == DEFAULT_LANG else f"{lang}/{name}/"


def build_minisite(site_dir: Path) -> Path:
    from sitegen import assets, markers, runtime, snapshot

    for lang in LANGS:
        for name, source in MINI_PAGES.items():
            path = page_path(lang, name)
            body = markers.expand(source, f"docs/{lang}/{name}.md", lang, FIXTURE_DOCS, root=ROOT)
            out = site_dir / path / "index.html"
            out.parent.mkdir(parents=True, exist_ok=True)
            up = "../" * path.count("/")
            meta = snapshot.META.format(url=snapshot.url(ROOT)) if snapshot.enabled() else ""
            out.write_text(PAGE.format(lang=lang, name=name, up=up, body=body, meta=meta), encoding="utf-8")
    for sub in ("js", "css"):
        shutil.copytree(ROOT / "docs" / "assets" / sub, site_dir / "assets" / sub, dirs_exist_ok=True)
    runtime.install(site_dir, ROOT)
    assets.write_assets(site_dir)
    snapshot.write(site_dir, ROOT)  # the pages name it: both start modes are tested here too
    return site_dir


@pytest.fixture(scope="session")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared_build(tmp_path_factory, "minisite", build_minisite)  # once per run


@pytest.fixture(scope="session")
def live_site(request: pytest.FixtureRequest) -> Path:
    if os.environ.get("LIVE_MINISITE") == "1":
        return request.getfixturevalue("fixture_site")
    return request.getfixturevalue("built_site")


def _serve(site: Path, wrong_wasm_mime: bool) -> Iterator[str]:
    with load_script("serve").serving(site, wrong_wasm_mime=wrong_wasm_mime) as url:
        yield url


@pytest.fixture(scope="session")
def live_url(live_site: Path) -> Iterator[str]:
    """Base URL (ending in /) of the site under test, `.wasm` served as application/wasm."""
    yield from _serve(live_site, False)


@pytest.fixture(scope="session")
def fixture_url(fixture_site: Path) -> Iterator[str]:
    """Base URL of the small fixture site (pages with try-it diagrams)."""
    yield from _serve(fixture_site, False)


@pytest.fixture(scope="session")
def wrong_mime_url(live_site: Path) -> Iterator[str]:
    """The same site from a server that sends `.wasm` as application/octet-stream."""
    yield from _serve(live_site, True)


@dataclass
class Watch:
    """Every request and console error of one page, for the "nothing leaves the host" and
    "no console errors" checks made after each test."""

    base: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def off_site(self) -> list[str]:
        return [
            u
            for u in self.requests
            if not u.startswith(self.base) and not u.startswith(("data:", "blob:", "about:"))
        ]


def watch(page: Page, base: str) -> Watch:
    w = Watch(base)

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            w.errors.append(msg.text)

    def on_request(req: Request) -> None:
        w.requests.append(req.url)

    page.on("console", on_console)
    page.on("pageerror", lambda exc: w.errors.append(f"uncaught: {exc}"))
    page.on("request", on_request)
    # Requests of the page's worker (Pyodide, py.zip) go through the context.
    page.context.on("request", on_request)

    def on_dialog(dialog: Dialog) -> None:
        w.dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    return w


class Held(list):
    """Requests held back until `release` (then they, and later ones, go through)."""

    released = False

    def handle(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.append(route)

    def release(self) -> None:
        self.released = True
        for route in self:
            route.continue_()


def hold(page: Page, pattern: str) -> Held:
    """Holds back the page's requests whose URL matches `pattern` until `Held.release()`."""
    held = Held()
    page.context.route(re.compile(pattern), held.handle)
    return held


def until(page: Page, ready: Callable[[], object], timeout_s: float, what: Callable[[], str] | str) -> None:
    """Waits until `ready()` is true, asked from the test's side every 0.1 s (while the page keeps
    running: its requests, its routes), for conditions Playwright's `expect` cannot wait on: a
    held request, a whole state, a page whose own scripts are off. Fails with `what` (a
    callable is asked only then) after `timeout_s`."""
    end = time.monotonic() + timeout_s
    while not ready():
        assert time.monotonic() < end, what() if callable(what) else what
        page.wait_for_timeout(100)


def set_storage(page: Page, items: dict[str, str]) -> None:
    """Puts `items` into the site's localStorage as the page's first document of the site starts,
    before its own scripts, once per tab (a sessionStorage mark: later loads find what the page
    made of them): the storage a test needs, without loading a Play page only to reach the
    site's origin first (a Python start: 2 s of CPU from the snapshot, 5 booted)."""
    page.add_init_script(
        "(() => { try { if (sessionStorage.getItem('cc-test-stored')) return;"
        " sessionStorage.setItem('cc-test-stored', '1');"
        f" for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);"
        " } catch (e) { /* about:blank: no storage */ } })();"
    )


def checked(w: Watch) -> None:
    """The checks after every browser test: nothing left the host, no console error, no dialog."""
    assert w.off_site() == [], f"requests left the site's host: {w.off_site()}"
    assert w.errors == [], f"console errors: {w.errors}"
    assert w.dialogs == [], f"dialogs opened: {w.dialogs}"


@pytest.fixture
def watched(page: Page, live_url: str) -> Iterator[Watch]:
    """The test's page, watched; checked after the test (a test may first drop the errors it
    caused on purpose from `errors`)."""
    w = watch(page, live_url)
    yield w
    checked(w)


@pytest.fixture
def watched_fixture(page: Page, fixture_url: str) -> Iterator[Watch]:
    """The same, for tests on the small fixture site."""
    w = watch(page, fixture_url)
    yield w
    checked(w)
