"""Figures for bench_page.py: how fast a Play page goes live on a first and a return visit
(Python booted, or started from the build's memory snapshot: sitegen/snapshot.py) against a
bare Pyodide boot, the snapshot's sizes, and offline reading (the service worker:
sitegen/offline.py): what it keeps and how fast a Play page goes live with no network.

Every time is the page's own clock (performance.now() from navigation start). Each run is a
fresh browser context (empty caches, no service worker):
- cold bare: a page whose worker only runs loadPyodide(); warm bare: the same page reloaded
  (Pyodide from the HTTP cache);
- first visit: the English Crescent Play page, cold; the page boots Python as before and, once
  it is idle, fetches the snapshot; return visit: the page opened again in the same context.
Targets (issue 16): first visit <= 1.15 x cold bare; return visit <= 0.35 x warm bare.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import statistics
import time
from pathlib import Path
from typing import Any

TARGET_FIRST = 1.15
TARGET_RETURN = 0.35
SNAPSHOT_PART = "/assets/snapshot/"
CACHE_SIZES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    let n = 0, bytes = 0;
    for (const request of await cache.keys()) {
      bytes += (await (await cache.match(request)).blob()).size;
      n += 1;
    }
    out[name] = [n, bytes];
  }
  return out;
}"""
LIVE = "[data-board][data-live='true'][data-state]"


def _verdict(value: float, target: float) -> str:
    return "ok" if value <= target else "OVER TARGET"


def _live_at(page: Any, url: str, probe: str) -> float:
    page.goto(url)
    page.wait_for_function("window.__liveAt !== undefined", timeout=120_000)
    return float(page.evaluate("window.__liveAt"))


def _bare_at(page: Any, url: str, reload: bool = False) -> float:
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    return float(page.evaluate("window.__readyAt"))


def snapshot_sizes(site: Path) -> None:
    files = sorted(site.glob("assets/snapshot/*.bin.gz"))
    if not files:
        print("snapshot: none in this build (PYODIDE_SNAPSHOT=0?)")
        return
    packed = files[0].read_bytes()
    raw = len(gzip.decompress(packed))
    print(
        f"snapshot {files[0].name}: raw {raw / 1e6:.1f} MB, as served (gzip, .bin.gz) "
        f"{len(packed) / 1e6:.2f} MB"
    )


def _snapshot_fetched(fetched: list[tuple[float, int]], request: Any) -> None:
    """Notes when the snapshot arrived and its size; a request the page cancelled has none."""
    from playwright.sync_api import Error as PlaywrightError

    if SNAPSHOT_PART in request.url:
        with contextlib.suppress(PlaywrightError):
            fetched.append((time.perf_counter(), request.sizes()["responseBodySize"]))


def start_modes(browser: Any, base: str, play_url: str, bare_url: str, probe: str, runs: int) -> None:
    cold_bare: list[float] = []
    warm_bare: list[float] = []
    first: list[float] = []
    again: list[float] = []
    modes: list[str] = []
    idle_bytes: list[int] = []
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        cold_bare.append(_bare_at(page, bare_url))
        warm_bare.append(_bare_at(page, bare_url, reload=True))
        context.close()

        context = browser.new_context()
        fetched: list[tuple[float, int]] = []
        context.on("requestfinished", functools.partial(_snapshot_fetched, fetched))
        page = context.new_page()
        page.add_init_script(probe)
        first.append(_live_at(page, play_url, probe))
        modes.append(page.evaluate("CCLive.python.mode"))
        # The snapshot is fetched once Python has been idle for 3 s: wait for it.
        deadline = time.perf_counter() + 90
        while not fetched and time.perf_counter() < deadline:
            page.wait_for_timeout(500)
        page.wait_for_timeout(1000)
        idle_bytes.append(sum(size for _t, size in fetched))
        page.goto("about:blank")
        again.append(_live_at(page, play_url, probe))
        modes.append(page.evaluate("CCLive.python.mode"))
        context.close()
    cb, wb = statistics.median(cold_bare), statistics.median(warm_bare)
    fv, rv = statistics.median(first), statistics.median(again)
    print(f"bare Pyodide boot: cold median {cb:.0f} ms, warm (HTTP cache) median {wb:.0f} ms")
    print(f"first visit, live:  median {fv:.0f} ms  (runs: {', '.join(f'{v:.0f}' for v in first)})")
    print(f"return visit, live: median {rv:.0f} ms  (runs: {', '.join(f'{v:.0f}' for v in again)})")
    print(f"start modes seen (first, return, ...): {', '.join(modes)}")
    print(
        f"first visit live / cold bare: {fv / cb:.2f}  (target <= {TARGET_FIRST})  "
        f"{_verdict(fv / cb, TARGET_FIRST)}"
    )
    print(
        f"return visit live / warm bare: {rv / wb:.2f}  (target <= {TARGET_RETURN})  "
        f"{_verdict(rv / wb, TARGET_RETURN)}"
    )
    print(
        f"extra bytes a first visit fetches in idle time (the snapshot, as transferred): "
        f"{', '.join(f'{b / 1e6:.2f} MB' for b in idle_bytes)}"
    )


def _kept(sizes: dict[str, tuple[int, int]]) -> str:
    """The offline caches' contents: "<cache> <n> files <MB> MB" for each, joined by "; "."""
    return "; ".join(f"{k.split('/')[0]} {n} files {b / 1e6:.2f} MB" for k, (n, b) in sizes.items())


def offline(browser: Any, site: Path, rules_path: str, play_path: str, probe: str) -> None:
    """A fresh origin (own server): one visit to a rules page, then to the Play page; then the
    server is shut down and the browser put offline, and the Play page reloaded."""
    from scripts import serve

    server = serve.serve(site, 0)
    serving = True
    base = serve.url_of(server)
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(base + rules_path)
        page.wait_for_function("window.CCOffline && CCOffline.state === 'ready'", timeout=120_000)
        sizes = page.evaluate(CACHE_SIZES)
        total = sum(b for _n, b in sizes.values())
        print(f"offline: kept after one visit to /{rules_path}: {total / 1e6:.2f} MB ({_kept(sizes)})")
        page.goto(base + play_path)
        page.wait_for_selector(LIVE, timeout=120_000)
        page.wait_for_function(
            "window.CCOffline.state === 'ready' && CCOffline.runtime === true", timeout=120_000
        )
        sizes = page.evaluate(CACHE_SIZES)
        total = sum(b for _n, b in sizes.values())
        print(f"offline: kept after the Play page went live: {total / 1e6:.2f} MB ({_kept(sizes)})")
        # The snapshot, fetched by the worker once Python has been idle 3 s, kept by the
        # service worker: wait for it (up to 90 s) so that the offline start can use it.
        for _ in range(180):
            if page.evaluate("caches.open('cc-snapshot').then(c => c.keys()).then(k => k.length)"):
                break
            page.wait_for_timeout(500)
        sizes = page.evaluate(CACHE_SIZES)
        total = sum(b for _n, b in sizes.values())
        print(f"offline: kept once Python had been idle (the snapshot too): {total / 1e6:.2f} MB")
        context.set_offline(True)
        server.shutdown()
        server.server_close()
        serving = False
        page.add_init_script(probe)
        times = []
        for _ in range(3):
            page.reload()
            page.wait_for_function("window.__liveAt !== undefined", timeout=120_000)
            times.append((float(page.evaluate("window.__liveAt")), page.evaluate("CCLive.python.mode")))
        print(f"offline: reload to a live board: {', '.join(f'{t:.0f} ms ({m})' for t, m in times)}")
    finally:
        context.close()
        if serving:
            server.shutdown()
            server.server_close()
