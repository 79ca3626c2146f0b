"""The Play pages' second worker (the solver) for scripts/benchmarks/bench_page.py: from the board
going live on a fresh deal to its first verdict (the second Pyodide's boot included), that boot
alone, a new deal's verdict once it is up, and the memory it costs (the browser's processes'
proportional set size, /proc, with and without it). Wall-clock figures: the caller prints the
load average beside them.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.games import GAME_KINDS

VERDICT_PROBE = """
new MutationObserver(() => {
  const b = document.querySelector('[data-board][data-live="true"]');
  if (b && window.__liveAt === undefined) window.__liveAt = performance.now();
  if (b && window.__liveAt !== undefined && window.__verdictAt === undefined
      && b.getAttribute('data-verdict') && b.getAttribute('data-verdict') !== 'pending') {
    window.__verdictAt = performance.now();
    window.__verdict = b.getAttribute('data-verdict');
  }
}).observe(document, {subtree: true, attributes: true, childList: true});
"""


def _pss_kb(root: int) -> int:
    """Proportional set size (kB) of `root`'s descendant processes (the browser Playwright started)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry.name))
    total, todo = 0, list(children.get(root, []))
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def verdicts(browser: Any, url: Callable[[str], str], runs: int) -> None:
    """Per game: the first verdict on a fresh deal, its worker's boot, a new deal's verdict."""
    for game in GAME_KINDS:
        firsts, boots, later, verdicts = [], [], [], []
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            page.add_init_script(VERDICT_PROBE)
            page.goto(url(f"play-{game}"))
            page.wait_for_function("window.__verdictAt !== undefined", timeout=180_000)
            firsts.append(page.evaluate("window.__verdictAt - window.__liveAt"))
            verdicts.append(page.evaluate("window.__verdict"))
            boots.append(page.evaluate("document.querySelector('[data-board]').__cc.verdict.bootMs"))
            # A new random deal, the solver's worker already up: the search alone.
            page.evaluate(
                "window.__code0 = document.querySelector('[data-board] [data-role=code-out]')"
                ".textContent; window.__t0 = performance.now()"
            )
            # Both Play pages deal through the new-game dialog (the versions, issue 24); the
            # "random" button is only the offer after a game ends.
            page.click("[data-board] [data-action='newgame']")
            page.click("[data-board] dialog [data-role='deal']")
            page.wait_for_function(
                "document.querySelector('[data-board]').dataset.verdict !== 'pending'"
                " && document.querySelector('[data-board] [data-role=code-out]')"
                ".textContent !== window.__code0",
                timeout=60_000,
            )
            later.append(page.evaluate("performance.now() - window.__t0"))
            context.close()
        print(
            f"verdict, {game}: first on a fresh deal {statistics.median(firsts):.0f} ms "
            f"after the board is live (runs: {', '.join(f'{v:.0f}' for v in firsts)}; "
            f"verdicts {', '.join(verdicts)}); "
            f"its worker's boot median {statistics.median(boots):.0f} ms; "
            f"a new deal with it up: median {statistics.median(later):.0f} ms"
        )


def verdict_memory(browser: Any, url: str) -> None:
    """One page, the verdict plugin blocked: the browser's PSS once the board is live, then after
    a second Python worker (the verdict's, started the same way) has booted and searched the
    position for 4 s. Workers live in the page's renderer process, so the difference is theirs."""
    pid = os.getpid()
    context = browser.new_context()
    page = context.new_page()
    page.route("**/assets/js/play/verdict.js", lambda route: route.abort())
    page.add_init_script(VERDICT_PROBE)
    page.goto(url)
    page.wait_for_function("window.__liveAt !== undefined", timeout=120_000)
    page.wait_for_timeout(3000)
    before = _pss_kb(pid)
    boot = page.evaluate("""async () => {
        const c = new CCLive.PyClient('verdict'), t0 = performance.now();
        await c.start();
        const booted = performance.now() - t0;
        const state = JSON.parse(document.querySelector('[data-board]').dataset.state);
        const answer = await c.call('verdict', {state, seconds: 4});
        window.__probe = c;   // kept alive while measured
        return {booted, verdict: answer.verdict, nodes: answer.nodes};
    }""")
    page.wait_for_timeout(1000)
    after = _pss_kb(pid)
    context.close()
    print(
        f"memory (browser processes' PSS, a Crescent Play page): {before / 1024:.0f} MB without the verdict "
        f"worker, {after / 1024:.0f} MB with it booted ({boot['booted']:.0f} ms) and after one 4 s search "
        f"({boot['verdict']}, {boot['nodes']} positions): +{(after - before) / 1024:.0f} MB"
    )
