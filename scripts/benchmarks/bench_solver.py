"""Solver benchmark: the share of deals decided (win or proven loss) within the cap, and speed.

Targets (issue 4): Canfield draw 3, at least 96% decided within 10 s per deal; Crescent, at
least 99% within 30 s (issue 13). Deals are numbers 9_000_000 and up, which no test, example or
statistics run names. Two worker processes (the machine has two cores); each deal is solved
alone in its process, in CPython, with the cap as CPU time (`time.thread_time`), so that the
decided share does not depend on what else the machine runs; the load average is printed.

    .venv/bin/python scripts/bench.py solver            # 60 Canfield D3 + 20 Crescent deals
    .venv/bin/python scripts/bench.py solver --quick    # 12 + 4
"""
from __future__ import annotations

import multiprocessing
import os
import statistics
import time
from typing import Any

FIRST_DEAL = 9_000_000
CASES = (  # (label, code prefix, cap in seconds, target decided share, deals, quick deals)
    ("canfield-d3", "CF1-D3-", 10.0, 0.96, 60, 12),
    ("crescent", "CR1-N-", 30.0, 0.99, 20, 4),
)


def _one(job: tuple[str, int, float]) -> dict[str, Any]:
    import engine
    from engine.codes import deal_letters

    prefix, deal, cap = job
    game = engine.new_game(prefix + deal_letters(deal))
    solution = engine.solve(game, max_seconds=cap, clock=time.thread_time)
    return {"status": solution.status, "seconds": solution.seconds, "nodes": solution.nodes}


def run(args: Any) -> None:
    quick = bool(getattr(args, "quick", False))
    print("load average at start: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    with multiprocessing.Pool(2) as pool:
        for label, prefix, cap, target, deals, quick_deals in CASES:
            count = quick_deals if quick else deals
            jobs = [(prefix, FIRST_DEAL + i, cap) for i in range(count)]
            started = time.perf_counter()
            results = pool.map(_one, jobs, chunksize=1)
            wall = time.perf_counter() - started
            statuses = [r["status"] for r in results]
            decided = [r for r in results if r["status"] != "unknown"]
            nodes = sum(r["nodes"] for r in results)
            seconds = sum(r["seconds"] for r in results)
            share = len(decided) / count
            print(f"{label}: {count} deals, cap {cap:g} s CPU: win {statuses.count('win')}, "
                  f"loss {statuses.count('loss')}, unknown {statuses.count('unknown')}; "
                  f"decided {share:.1%} (target {target:.0%}: {'met' if share >= target else 'NOT met'})")
            if decided:
                times = sorted(r["seconds"] for r in decided)
                print(f"  CPU time to decide: median {statistics.median(times):.2f} s, "
                      f"max {times[-1]:.2f} s; CPU spent {seconds:.0f} s")
            print(f"  {nodes / seconds:,.0f} nodes per CPU second; wall {wall:.0f} s on 2 processes; "
                  f"load average {os.getloadavg()[0]:.2f}", flush=True)
