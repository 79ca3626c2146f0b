"""The Analysis pages (issue 23) in headless Chromium: for three positions of each game, the
time from the page's board going live to the position's own verdict, and to a complete move
list (every legal action judged at least once), each the median of three loads in fresh
browser contexts (so the verdict worker's Pyodide boots every time, as on a reader's first
visit of the page). Times are the page's own clock (analysis/moves.js `firstVerdictMs`,
`listMs`, counted from the position's opening). Wall-clock on a shared machine: the load
average is printed beside the figures.

    .venv/bin/python scripts/bench.py analysis [--site DIR]
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / ".bench" / "analysis-site"
CHROMIUM = "/usr/bin/chromium"
RUNS = 3
TIMEOUT_MS = 240_000


def _positions() -> list[tuple[str, str, dict[str, Any]]]:
    """(game, label, state): a Play page's first deal, the same after ten actions, a puzzle."""
    sys.path.insert(0, str(ROOT))
    import engine

    out = []
    from sitegen.games import GAMES

    for game, record in GAMES.items():
        code = record.default_code
        g = engine.new_game(code)
        out.append((game, f"{code} deal", g.state()))
        for _ in range(10):
            moves = [m for m in g.legal_moves() if m != "redeal"] or g.legal_moves()
            g.play(moves[0])
        out.append((game, f"{code} after 10 actions", g.state()))
        path = min((ROOT / "docs" / "puzzles").glob(f"{record.kind.family}-*.json"))
        out.append((game, f"puzzle {path.stem}", json.loads(path.read_text())["state"]))
    return out


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run(args: Any) -> None:
    from playwright.sync_api import sync_playwright

    from pyworker.analysis import encode_state
    from scripts import serve

    site = Path(args.site) if getattr(args, "site", "") else SITE
    if site == SITE:
        from scripts import build

        build.build_site(ROOT / "docs", SITE, say=lambda _m: None)
    server = serve.serve(site, 0)
    base = serve.url_of(server)
    print(f"load average before: {_load()} ({os.cpu_count()} CPUs)")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
            for game, label, state in _positions():
                first, full, actions = [], [], 0
                for _ in range(RUNS):
                    context = browser.new_context(service_workers="block")
                    page = context.new_page()
                    page.goto(f"{base}analysis-{game}/#state={encode_state(state)}")
                    page.wait_for_function(
                        "(() => { const m = document.querySelector('[data-analysis]').__cc?.moves;"
                        " return m && m.firstVerdictMs !== null"
                        " && (m.listMs !== null || !m.items.length); })()",
                        timeout=TIMEOUT_MS,
                    )
                    got = page.evaluate(
                        "(() => { const m = document.querySelector('[data-analysis]').__cc.moves;"
                        " return [m.firstVerdictMs, m.listMs || 0, m.items.length]; })()"
                    )
                    first.append(got[0])
                    full.append(got[1])
                    actions = got[2]
                    context.close()
                print(
                    f"{game:9} {label:34} {actions:2} actions: first verdict "
                    f"{statistics.median(first) / 1000:6.2f} s, complete move list "
                    f"{statistics.median(full) / 1000:6.2f} s (median of {RUNS}; load {_load()})"
                )
            browser.close()
        print(f"load average after: {_load()}")
    finally:
        server.shutdown()
        server.server_close()
