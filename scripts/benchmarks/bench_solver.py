"""Solver benchmark: the share of deals decided (win or proven loss) within the cap, and speed.

Targets (issue 4): Canfield draw 3, at least 96% decided within 10 s per deal; Crescent, at
least 99% within 30 s (issue 13). Deals are numbers 9_000_000 and up, which no test, example or
statistics run names. Two worker processes (the machine has two cores); each deal is solved
alone in its process, in CPython, with the cap as CPU time (`time.thread_time`), so that the
decided share does not depend on what else the machine runs; the load average is printed.

    .venv/bin/python scripts/bench.py solver            # 60 Canfield D3 + 20 Crescent deals
    .venv/bin/python scripts/bench.py solver --quick    # 12 + 4

Hard-deal mode (issue 13): the statistics sample's undecided deals (status "unknown" in
data/stats/<game>.jsonl, no decided line for them) plus a fixed sample of decided ones (to show
that the time to decide does not regress), solved one after another in this one process with a
CPU-time cap; `--engine-root` imports `engine` from another checkout (e.g. an export of an
older commit), to compare two solvers at the same cap. Run it niced:

    nice -n 10 .venv/bin/python scripts/benchmarks/bench_solver.py crescent --cap 30
    nice -n 19 .venv/bin/python scripts/benchmarks/bench_solver.py crescent --cap 30 --fresh 200 --part 1/2
    # a held-out set for a final before/after check (issue 13: 5,300,000 on, tuned on nothing)
    nice -n 10 .venv/bin/python scripts/benchmarks/bench_solver.py crescent --cap 30 --fresh 400 \
        --first 5300000
    git archive 66e17e6 engine | tar -x -C /tmp/old && nice -n 10 .venv/bin/python \
        scripts/benchmarks/bench_solver.py crescent --cap 30 --engine-root /tmp/old

`--compiled` imports `engine` from the mypyc build (scripts/compile_solver.py, built if stale).
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time
from typing import Any

FIRST_DEAL = 9_000_000
# Hard-deal mode's fresh set (--fresh N): statistics' first deal (5_000_000) + 100_000 on, far
# beyond the statistics sample, so no run has tuned the solver on these deals (issue 13).
FRESH_FIRST = 5_100_000
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
            print(
                f"{label}: {count} deals, cap {cap:g} s CPU: win {statuses.count('win')}, "
                f"loss {statuses.count('loss')}, unknown {statuses.count('unknown')}; "
                f"decided {share:.1%} (target {target:.0%}: {'met' if share >= target else 'NOT met'})"
            )
            if decided:
                times = sorted(r["seconds"] for r in decided)
                print(
                    f"  CPU time to decide: median {statistics.median(times):.2f} s, "
                    f"max {times[-1]:.2f} s; CPU spent {seconds:.0f} s"
                )
            print(
                f"  {nodes / seconds:,.0f} nodes per CPU second; wall {wall:.0f} s on 2 processes; "
                f"load average {os.getloadavg()[0]:.2f}",
                flush=True,
            )


def hard_deals(game: str, unknown_limit: int, sample: int, seed: int = 13) -> list[tuple[str, str]]:
    """(code, what the statistics file says) for the undecided deals (first `unknown_limit`, in
    file order) and `sample` decided ones drawn with a fixed seed."""
    import json
    import random
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "data" / "stats" / f"{game}.jsonl"
    if not path.is_file():
        raise SystemExit(f"{path}: no statistics run of {game} yet (--fresh N or --only CODES instead)")
    final: dict[str, str] = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if final.get(row["code"]) in ("win", "loss"):
            continue  # a decided result wins over unknown ones
        final[row["code"]] = row["status"]
    unknown = [code for code, status in final.items() if status == "unknown"][:unknown_limit]
    decided = sorted(code for code, status in final.items() if status != "unknown")
    picked = random.Random(seed).sample(decided, min(sample, len(decided)))
    return [(code, "unknown") for code in unknown] + [(code, final[code]) for code in picked]


def main() -> None:
    import argparse
    import sys

    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root))
    from scripts.stats_games import GAMES as SAMPLES

    parser = argparse.ArgumentParser(description="Solver on the statistics sample's hard deals")
    # A statistics sample (scripts/stats_games.py): its deals' code prefix and data/stats/GAME.jsonl.
    parser.add_argument("game", choices=sorted(SAMPLES))
    parser.add_argument("--cap", type=float, required=True, help="CPU seconds per deal")
    parser.add_argument("--unknown", type=int, default=1000, help="at most this many undecided deals")
    parser.add_argument("--sample", type=int, default=30, help="decided deals to re-solve")
    parser.add_argument("--engine-root", help="import engine from this directory")
    parser.add_argument("--compiled", action="store_true", help="import engine from the mypyc build")
    parser.add_argument("--only", help="comma-separated codes instead of the file's deals")
    parser.add_argument(
        "--fresh",
        type=int,
        default=0,
        help="instead: this many fresh deals from --first (nothing else names them)",
    )
    parser.add_argument("--first", type=int, default=FRESH_FIRST, help="first fresh deal number")
    parser.add_argument("--seed", type=int, default=1, help="the solver's seed (solve(seed=...))")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="experiment: set a CrescentSearcher/CanfieldSearcher class attribute",
    )
    parser.add_argument("--part", default="1/1", help="I/N: every Nth deal from the Ith (to run N processes)")
    args = parser.parse_args()
    if args.compiled:
        from scripts import compile_solver

        args.engine_root = str(compile_solver.build(quiet=False))
    sys.path.insert(0, args.engine_root or str(root))
    import engine
    import engine.solver
    from engine.codes import deal_letters

    print(
        f"engine from {engine.__file__} (solver: {engine.solver.__file__}); "
        f"uptime: {os.popen('uptime').read().strip()}",
        flush=True,
    )
    if args.fresh:
        prefix = SAMPLES[args.game]["prefix"]
        deals = [(prefix + deal_letters(args.first + i), "fresh") for i in range(args.fresh)]
    elif args.only:
        deals = [(code, "?") for code in args.only.split(",")]
    else:
        deals = hard_deals(args.game, args.unknown, args.sample)
    for setting in args.set:
        name, value = setting.split("=", 1)
        # The class the solver searches the sample's games with (engine/solver.py _searcher).
        sample_game = engine.new_game(SAMPLES[args.game]["prefix"] + deal_letters(0))
        searcher = type(engine.solver._searcher(sample_game))
        if not hasattr(searcher, name):
            raise SystemExit(f"--set {setting}: {searcher.__name__} has no attribute {name}")
        setattr(searcher, name, type(getattr(searcher, name))(value))
        print(f"{searcher.__name__}.{name} = {getattr(searcher, name)!r}")
    part, parts = map(int, args.part.split("/"))
    deals = deals[part - 1 :: parts]
    totals: dict[str, dict[str, float]] = {}
    for code, before in deals:
        game = engine.new_game(code)
        solution = engine.solve(game, max_seconds=args.cap, clock=time.thread_time, seed=args.seed)
        group = totals.setdefault(
            {"unknown": "undecided", "fresh": "fresh"}.get(before, "decided sample"),
            {"deals": 0, "win": 0, "loss": 0, "unknown": 0, "cpu": 0.0},
        )
        group["deals"] += 1
        group[solution.status] += 1
        group["cpu"] += solution.seconds
        print(
            f"{code} file={before} -> {solution.status} {solution.seconds:.2f} s CPU, "
            f"{solution.nodes} nodes, {solution.positions} positions {solution.why}",
            flush=True,
        )
    for name, g in totals.items():
        print(
            f"{name}: {g['deals']:.0f} deals at {args.cap:g} s CPU: win {g['win']:.0f}, "
            f"loss {g['loss']:.0f}, unknown {g['unknown']:.0f}; CPU {g['cpu']:.0f} s"
        )
    print(f"uptime: {os.popen('uptime').read().strip()}")


if __name__ == "__main__":
    main()
