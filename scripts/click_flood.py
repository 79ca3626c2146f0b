"""How far a Play board's answers fall behind a flood of clicks (hostile review #25).

    .venv/bin/python scripts/click_flood.py SITE_DIR [--clicks 1000] [--rate 50] [--game crescent]

Serves SITE_DIR (a build: scripts/build.py --site-dir ...), opens the game's Play page in
Debian's headless chromium, waits until the board is live, then clicks random places of the
board at `rate` clicks per second (dispatched in the page, so the rate does not depend on this
script's round trips). It prints, as one JSON line: the clicks made, the clicks the board said
it did not take (board/admit.js: each one is said with its count), the lag (from the last
click to the last change of the board's status line, which is followed by 3 s without one), and
the machine's load average before and after. A measurement, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

FLOOD = """async ([clicks, rate]) => {
  const board = document.querySelector('[data-board]');
  const status = board.querySelector('[role=status]');
  const places = [...board.querySelectorAll('svg [data-place]')].map((g) => g.getAttribute('data-place'));
  window.__flood = {answers: 0, last: 0, lastClick: 0, said: []};
  new MutationObserver(() => {
    window.__flood.answers++;
    window.__flood.last = performance.now();
    window.__flood.said.push(status.textContent);
  }).observe(status, {childList: true, characterData: true, subtree: true});
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const t0 = performance.now();
  for (let i = 0; i < clicks; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
    const place = places[Math.floor(next() * places.length)];
    const g = board.querySelector(`svg [data-place="${place}"]`);
    if (g) g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    window.__flood.lastClick = performance.now();
  }
  return {seconds: (performance.now() - t0) / 1000};
}"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--clicks", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=50.0, help="clicks per second")
    parser.add_argument("--game", default="crescent")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    import catalogues
    from tests.browser.conftest import CHROMIUM, CHROMIUM_FLAGS
    from tests.conftest import load_script

    with load_script("serve").serving(args.site, args.port) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1400})
        page.goto(url + f"play-{args.game}/")
        page.wait_for_selector("[data-board][data-live='true'][data-state]", timeout=180_000)
        page.wait_for_timeout(2000)
        load_before = os.getloadavg()
        sent = page.evaluate(FLOOD, [args.clicks, args.rate])
        # The queue is done once no answer has come for 3 s.
        while True:
            time.sleep(0.5)
            f = page.evaluate("({now: performance.now(), ...window.__flood})")
            if f["now"] - max(f["last"], f["lastClick"]) > 3000:
                break
        said = re.escape(catalogues.message("en", "ui.busy-refused", n="{n}")).replace(
            re.escape("{n}"), r"(\d+)"
        )
        # Each click not taken is said with the count so far since the queue was last empty: the
        # counts run up, then start again at 1 after the next empty queue.
        refused, last = 0, 0
        for text in f["said"]:
            m = re.fullmatch(said, text.strip())  # a refusal as it came (not the count after)
            if not m:
                continue
            if int(m.group(1)) <= last:
                refused += last
            last = int(m.group(1))
        refused += last
        out = {
            "game": args.game,
            "clicks": args.clicks,
            "rate": args.rate,
            "flood_s": round(sent["seconds"], 2),
            "lag_s": round(max(0.0, f["last"] - f["lastClick"]) / 1000, 2),
            "refused": refused,
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in os.getloadavg()],
        }
        browser.close()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
