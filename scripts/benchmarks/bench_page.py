"""The page's live parts in headless Chromium, all in one run:

- start modes, snapshot and offline (scripts/benchmarks/page_start.py): first visit live / cold
  bare boot, return visit (from the snapshot) live / warm bare boot, the snapshot's sizes and the
  bytes a first visit fetches in idle time; what the service worker keeps and a Play page's
  start with no network.
  The bare boot is a page whose module worker only runs `loadPyodide()`, served by the same
  server; each run uses fresh browser contexts. Targets: first visit at most 1.15, return
  visit at most 0.35.
- move feedback: from a click on a place (or the undo button) of the live board to the board's
  answer in the page (its role="status" element rewritten), for a game of taps, second clicks,
  refusals and undos mirrored by the engine here. p50/p95; target p95 at most 30 ms. The clicks
  start once the verdict's worker is up (its first verdict shown), and every PAUSE_EVERY clicks
  the player pauses longer than verdict.js's quiet time, so that the solver searches while the
  next clicks are answered; the card glides are on. Also printed: what saved.js's writes cost,
  as saved.js times them: the URL (in the answer's own task, so part of the feedback) and the
  browser's storage (once the answer is painted).
- verdict (Play pages' second worker, the solver): per game, from the board going live on a
  fresh deal to its first verdict (the second Pyodide's boot included), that boot alone, and the
  verdict of new random deals once it is up; the memory it costs, as the browser's processes'
  proportional set size (PSS, /proc) with and without it. The move-feedback figures above are
  taken while it boots and works, with the card glides on.
- replay step: from the → key to the new step drawn and laid out, on the examples page (steps
  already fetched). p50/p95/max; target at most 16 ms.
- page weight before interaction: every page of every language loaded with no interaction;
  the bytes of every response gzip-compressed (level 6, as a server would), Pyodide's own files
  (pyodide/, the Python snapshot) and the service worker's background fetches excluded.
  Target: at most 250 KB per page.

The site is built from docs/ into .bench/page-site (scripts/build.py); with LIVE_MINISITE=1, the
small fixture site of tests/browser/livesite.py instead. Times are from the page's own clock
(performance.now()), so Playwright's round trips are not counted.
"""

from __future__ import annotations

import functools
import gzip
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / ".bench" / "page-site"
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TARGETS = {"move_p95": 30.0, "step": 16.0, "weight_kb": 250.0}
BARE_DIR = "_bench"
PAUSE_EVERY, PAUSE_MS = 10, 700  # a reader's pause: longer than verdict.js's QUIET_MS (400)

BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,"></head><body><script>
const w = new Worker(new URL("bare-worker.js", location.href), {type: "module"});
w.onmessage = () => { window.__readyAt = performance.now(); };
</script></body></html>
"""
BARE_WORKER = """const ROOT = new URL("../", import.meta.url);
const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", ROOT).href);
await loadPyodide({ indexURL: new URL("pyodide/", ROOT).href });
postMessage("ready");
"""
# Records when the board first goes live, from the page's own clock.
LIVE_PROBE = """
new MutationObserver((_, obs) => {
  const b = document.querySelector('[data-board][data-live="true"][data-state]');
  if (b && window.__liveAt === undefined) { window.__liveAt = performance.now(); obs.disconnect(); }
}).observe(document, {subtree: true, attributes: true, childList: true});
"""
CLICK_AND_WAIT = """async (selector) => {
  const board = document.querySelector('[data-board]');
  const status = board.querySelector('[role=status]');
  const target = board.querySelector(selector);
  const done = new Promise((resolve) => {
    const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now()); });
    obs.observe(status, {childList: true, characterData: true, subtree: true});
  });
  const t0 = performance.now();
  target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  return (await done) - t0;
}"""
STEP = """(n) => {
  const replay = document.querySelector('[data-replay]');
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    replay.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
    void replay.getBoundingClientRect().height;   // the new board laid out
    document.body.offsetHeight;
    times.push(performance.now() - t0);
    if (replay.getAttribute('data-step') === String(replay.querySelectorAll('[data-goto]').length)) {
      replay.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home', bubbles: true}));  // untimed
    }
  }
  return times;
}"""


def _site(quick: bool) -> Path:
    sys.path.insert(0, str(ROOT))
    if os.environ.get("LIVE_MINISITE") == "1":
        import shutil

        from tests.browser.livesite import build_minisite

        shutil.rmtree(SITE, ignore_errors=True)
        print("site: the fixture mini site (LIVE_MINISITE=1)")
        return build_minisite(SITE)
    from scripts import build

    build.build_site(ROOT / "docs", SITE, say=lambda _m: None)
    print(f"site: docs/ built into {SITE.relative_to(ROOT)}")
    return SITE


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _verdict(value: float, target: float) -> str:
    return "ok" if value <= target else "OVER TARGET"


def _page_url(base: str, lang: str, name: str) -> str:
    return base + (f"{name}/" if lang == "en" else f"{lang}/{name}/")


def _move_feedback(browser: Any, base: str, actions: int) -> None:
    import engine
    from engine.notation import Move

    context = browser.new_context(viewport={"width": 1280, "height": 1400})
    page = context.new_page()
    page.goto(_page_url(base, "en", "play-crescent"))
    page.wait_for_selector("[data-board][data-live='true'][data-state]", timeout=60_000)
    # The verdict's worker up and its first verdict shown: the game is played beside it.
    page.wait_for_function(
        "document.querySelector('[data-board]').__cc.verdict.bootMs != null"
        " && document.querySelector('[data-board]').dataset.verdict !== 'pending'",
        timeout=180_000,
    )
    # Counts the positions sent to the solver while the game is played.
    page.evaluate(
        "(() => { const c = document.querySelector('[data-board]').__cc.verdict.client;"
        " const call = c.call.bind(c); window.__searches = 0;"
        " c.call = (op, args) => { window.__searches++; return call(op, args); }; })()"
    )
    game = engine.new_game("CR1-N-AAAAAAB")
    times: list[float] = []
    kinds: dict[str, int] = {"tap": 0, "second click": 0, "refusal": 0, "undo": 0}

    def click(selector: str, kind: str) -> None:
        times.append(page.evaluate(CLICK_AND_WAIT, selector))
        kinds[kind] += 1
        if len(times) % PAUSE_EVERY == 0:
            page.wait_for_timeout(PAUSE_MS)  # the solver starts on this position meanwhile

    n = 0
    while len(times) < actions and game.status == "playing":
        n += 1
        legal = [m for m in game.legal_moves() if m != "redeal"]
        if n % 5 == 0 and game.can_undo:
            click("[data-action='undo']", "undo")
            game.undo()
            continue
        if n % 4 == 0:  # a refused second click
            src = next(
                (
                    str(p)
                    for p in range(1, 17)
                    if engine.tap(game, str(p)) is None and game.state()["piles"][p - 1]
                ),
                None,
            )
            dst = next(
                (
                    str(q)
                    for q in range(1, 17)
                    if src and str(q) != src and game.check(f"{src}>{q}") is not None
                ),
                None,
            )
            if src and dst:
                click(f"[data-place='{src}']", "tap")
                click(f"[data-place='{dst}']", "refusal")
                continue
        if not legal:
            if game.check("redeal") is None:
                page.click("[data-board] [data-action='redeal']")
                game.play("redeal")
                board_state = "JSON.parse(document.querySelector('[data-board]').dataset.state)"
                page.wait_for_function(f"{board_state}.redeals_left === {game.state()['redeals_left']}")
                continue
            break
        move = legal[n % len(legal)]
        parsed = Move.parse(move)
        src, dst = parsed.src, parsed.dst
        tapped = engine.tap(game, src)
        click(f"[data-place='{src}']", "tap")
        if tapped is None:
            click(f"[data-place='{dst}']", "second click")
            game.play(move)
        else:
            game.play(tapped)
    state = page.evaluate("JSON.parse(document.querySelector('[data-board]').dataset.state)")
    assert state == game.state(), "the page and the engine disagree after the benchmark's game"
    py = page.evaluate("CCLive.python.pyTimes.slice(1)")  # the first is the opening of the deal
    searches = page.evaluate("window.__searches")
    saves = page.evaluate("document.querySelector('[data-board]').__cc.saveTimes || {url: [], storage: []}")
    context.close()
    print(f"  of which Python in the worker: p50 {_pct(py, 0.5):.1f} ms, p95 {_pct(py, 0.95):.1f} ms")
    if saves["url"] and saves["storage"]:
        url, kept = saves["url"], saves["storage"]
        print(
            f"  saved.js writes: the URL (history.replaceState, in the answer's task) {len(url)} times: "
            f"p50 {_pct(url, 0.5):.2f} ms, p95 {_pct(url, 0.95):.2f} ms, max {max(url):.2f} ms; "
            f"the storage copy (localStorage, once painted) {len(kept)} times: p50 {_pct(kept, 0.5):.2f} ms, "
            f"p95 {_pct(kept, 0.95):.2f} ms, max {max(kept):.2f} ms"
        )
    p50, p95 = _pct(times, 0.5), _pct(times, 0.95)
    print(
        f"move feedback: {len(times)} clicks ({', '.join(f'{k} {v}' for k, v in kinds.items())}), "
        f"glides on, verdict worker up ({searches} positions searched during the game): "
        f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(times):.1f} ms  "
        f"(target p95 <= {TARGETS['move_p95']:.0f})  {_verdict(p95, TARGETS['move_p95'])}"
    )


def _replay_steps(browser: Any, base: str, steps: int) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(_page_url(base, "en", "examples"))
    page.locator("[data-replay] [data-action='next']").first.click()
    page.wait_for_selector("[data-replay][data-step='1']")
    times = page.evaluate(STEP, steps)
    context.close()
    print(
        f"replay step: {len(times)} steps: p50 {_pct(times, 0.5):.2f} ms, p95 {_pct(times, 0.95):.2f} ms, "
        f"max {max(times):.2f} ms  (target <= {TARGETS['step']:.0f})  "
        f"{_verdict(_pct(times, 0.95), TARGETS['step'])}"
    )


def _pages(site: Path) -> list[str]:
    pages = []
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        if rel.startswith((BARE_DIR, "pyodide", "assets", "search")) or rel == "404":
            continue
        pages.append("" if rel == "." else rel + "/")
    return pages


def _weigh(base: str, bodies: dict[str, int], response: Any) -> None:
    """Adds a response's gzip-compressed size to `bodies` (a page's weight, by URL)."""
    from playwright.sync_api import Error as PlaywrightError

    url = response.url
    if not url.startswith(base) or "/pyodide/" in url or "/assets/snapshot/" in url:
        return
    # The service worker's own fetches (a language kept for offline reading, after the
    # page's load) are not the page's weight: page_start.offline gives their size.
    if getattr(response.request, "service_worker", None) is not None:
        return
    try:
        body = response.body()
    except PlaywrightError:  # a request cancelled by the page: nothing arrived
        return
    bodies[url] = len(gzip.compress(body, 6))


def _weights(browser: Any, base: str, site: Path) -> None:
    worst = (0.0, "")
    print("page weight before interaction (gzip, Pyodide excluded):")
    for rel in _pages(site):
        context = browser.new_context()
        page = context.new_page()
        bodies: dict[str, int] = {}
        context.on("response", functools.partial(_weigh, base, bodies))
        page.goto(base + rel, wait_until="load")
        page.wait_for_timeout(1500)  # what the page fetches on its own once loaded
        context.close()
        total = sum(bodies.values()) / 1024
        top = sorted(bodies.items(), key=lambda kv: -kv[1])[:3]
        shown = ", ".join(f"{u.removeprefix(base)} {b / 1024:.0f}" for u, b in top)
        print(f"  /{rel:<22} {total:7.1f} KB  {_verdict(total, TARGETS['weight_kb'])}  (largest: {shown})")
        worst = max(worst, (total, rel))
    print(
        f"heaviest page: /{worst[1]} {worst[0]:.1f} KB (target <= {TARGETS['weight_kb']:.0f} KB)  "
        f"{_verdict(worst[0], TARGETS['weight_kb'])}"
    )


def run(args: Any) -> None:
    from playwright.sync_api import sync_playwright

    quick = bool(getattr(args, "quick", False))
    site = _site(quick)
    (site / BARE_DIR).mkdir(exist_ok=True)
    (site / BARE_DIR / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
    (site / BARE_DIR / "bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")
    from scripts import serve

    server = serve.serve(site, 0)
    base = serve.url_of(server)
    # Every figure here is wall-clock time on this machine: other work running at the same time
    # shows in it, so the load is printed with the figures.
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} CPUs)")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            # First visit (booted) and return visit (from the snapshot) against a bare boot,
            # the snapshot's sizes, and offline reading: scripts/benchmarks/page_start.py.
            from scripts.benchmarks import page_start

            page_start.snapshot_sizes(site)
            page_start.start_modes(
                browser,
                base,
                _page_url(base, "en", "play-crescent"),
                base + BARE_DIR + "/bare.html",
                LIVE_PROBE,
                1 if quick else 3,
            )
            if (site / "sw.js").exists():
                page_start.offline(browser, site, "ko/crescent/", "ko/play-crescent/", LIVE_PROBE)
            else:
                print("offline: not measured (this site has no service worker: LIVE_MINISITE=1)")
            _move_feedback(browser, base, 20 if quick else 60)
            from scripts.benchmarks import page_verdicts

            page_verdicts.verdicts(browser, functools.partial(_page_url, base, "en"), 1 if quick else 3)
            page_verdicts.verdict_memory(browser, _page_url(base, "en", "play-crescent"))
            _replay_steps(browser, base, 20 if quick else 100)
            _weights(browser, base, site)
            browser.close()
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        server.shutdown()
        server.server_close()
