#!/usr/bin/env python3
"""How often each game can be won: solve a sample of deals on Dask, then summarise with intervals.

    .venv/bin/python scripts/solve_stats.py canfield-d3 --deals 5000 --seconds 10
    .venv/bin/python scripts/solve_stats.py crescent --deals 2000 --seconds 30 --workers 1
    .venv/bin/python scripts/solve_stats.py crescent --deals 2000 --seconds 120 --retry-unknown
    .venv/bin/python scripts/solve_stats.py crescent --scheduler tcp://10.0.0.5:8786
    .venv/bin/python scripts/solve_stats.py canfield-d3 --deals 5000 --seconds 60 --retry-unknown --compiled
    .venv/bin/python scripts/solve_stats.py --summary-only

Games: `canfield-d3`, `canfield-d1`, `crescent` (and `canfield-d3-no-takebacks`, a comparison).
Deals are numbers FIRST .. FIRST+DEALS-1 (codes `CF1-D3-<7 letters>` etc.; the default FIRST is
far from every deal a test or example names).

The deals run as Dask tasks (`dask.distributed`): by default on a LocalCluster of `--workers`
single-threaded worker processes on this machine; with `--scheduler tcp://HOST:PORT` on the
workers of that cluster (they need only Python 3.11+ and `distributed`: the engine of this
checkout is sent to them as a zip). Each deal gets a cap of `--seconds` of CPU time, measured
by the worker thread's own clock (`time.thread_time`), so a busy machine slows a run down but
does not change its verdicts. Results are appended, one JSON line per deal as it arrives, to
`data/stats/<game>.jsonl`:

    {"game": "canfield-d3", "code": "CF1-D3-ABCDEFG", "deal": 123, "status": "win"|"loss"|"unknown",
     "seconds": 1.23, "nodes": 4567, "moves": 210, "cap": 10.0, "clock": "cpu"}

and, on newer lines, "why": "time" or "memory" for an unknown one (the CPU cap, or the table
cap `--max-positions`, came first), "build": "mypyc" (below), and "search" where the game's
search is not the default one (scripts/stats_games.py SEARCHES: Rainfall's "dominance", the
solver's pass dominance with its complete search only, `engine.solve(dominance=True,
quick=False)`; engine/solver_canfield.py argues it sound, so its losses are proofs too).

`--compiled` runs the same engine source compiled with mypyc (`scripts/compile_solver.py`,
built into build/mypyc on first use and whenever the engine changes): the same search, about
twice as fast on Canfield, so a CPU cap goes about twice as far. The LocalCluster's workers
then import the engine from that build, and each line says so with `"build": "mypyc"` (lines
without it ran the pure engine). Verdicts mean the same either way (a win replays through the
compiled engine's `play()`, which is the same source; tests/test_compiled_solver.py checks
that both builds search alike). It needs a LocalCluster: the build is for this machine's Python.

`seconds` and `cap` are CPU seconds when `clock` is "cpu"; lines without `clock` come from the
earlier runs, which capped wall time (a deal decided within a wall-time cap was decided within
the same CPU time, so they count as they are). A "win" is written only after the solver replayed
its winning line through the engine's public `play()`; a "loss" only when a search that prunes
nothing unsoundly ran to its end (engine/solver.py).

A run is resumable: deals already in the file are skipped (an interrupted run loses at most
the deals in flight). `--retry-unknown` solves the range's still-unknown deals again
with a longer cap (or the same cap with a search the game did not use on them before),
skipping those already tried with this search at this cap or a longer one (so a retry is
resumable too); a deal's decided result wins over its unknown ones in the summary. A progress
bar is rewritten in place on stderr. At the end (and with --summary-only)
`data/stats/summary.json` is rewritten from every `.jsonl` file present.

summary.json: its schema and how it is computed are in scripts/stats_summary.py.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts import stats_summary  # noqa: E402
from scripts.stats_games import CROSS_CHECK, GAMES, SEARCHES  # noqa: E402, F401

# The complete search's table cap for batch runs. The engine's own default (6 million, what a
# page may hold) would end a long retry early: the compiled engine stores about 50,000 Canfield
# positions per CPU second, so 300 s reach 15 million; at about 120 bytes a position (measured,
# compiled, draw 1) 20 million is about 2.4 GB per worker.
MAX_POSITIONS = 20_000_000
DEFAULT_FIRST = 5_000_000  # far from the small deal numbers tests, examples and benchmarks use


def use_compiled(root: str) -> None:
    """Makes `import engine` give the compiled build at `root` in this (worker) process: first
    on sys.path, and any engine modules already imported (the uploaded zip's) forgotten."""
    import importlib

    if sys.path[:1] != [root]:
        if root in sys.path:
            sys.path.remove(root)
        sys.path.insert(0, root)
        for name in [n for n in sys.modules if n == "engine" or n.startswith("engine.")]:
            del sys.modules[name]
        importlib.invalidate_caches()


def solve_deal(
    game_name: str,
    deal: int,
    cap: float,
    takebacks: bool = True,
    compiled: str | None = None,
    max_positions: int = 0,
    search: str = "default",
    search_options: dict[str, bool] | None = None,
) -> dict[str, Any]:
    """One deal, solved within `cap` seconds of this thread's CPU time: the JSON line's dict.
    `search`: the name of `search_options` (SEARCHES[search], passed in because a worker
    may not import stats_games), the solver's keywords; the line records it unless "default".

    Runs in a Dask worker: it imports the engine there, from the zip `solve_on_dask` uploads
    (run as a script, this function pickles by value; imported, by reference to that zip's
    `solve_stats`), or from the compiled build at `compiled` (a directory on this machine).
    `max_positions`: the complete search's table size cap (0: MAX_POSITIONS)."""
    import importlib.machinery
    import time as clock_module

    if compiled:
        use_compiled(compiled)
    import engine
    import engine.solver
    from engine.codes import deal_letters
    from engine.solver import solve

    is_compiled = str(engine.solver.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    if compiled and not is_compiled:
        raise RuntimeError(f"asked for the compiled engine at {compiled}, got {engine.solver.__file__}")

    prefix = {
        "canfield-d3": "CF1-D3-",
        "canfield-d3-no-takebacks": "CF1-D3-",
        "canfield-d1": "CF1-D1-",
        "crescent": "CR1-N-",
        "crescent-four": "CR1-F-",
        "crescent-face-down": "CR1-H-",
        "canfield-classic": "CF1-D3KW-",
        "rainfall": "CF1-D1HKP3W-",
        "storehouse": "CF1-D1HKP3STW-",
        "superior-canfield": "CF1-D3EKW-",
        "solvitaire-canfield": "CF1-D3GKN-",
    }[game_name]
    code = prefix + deal_letters(deal)
    game = engine.new_game(code)
    solution = solve(
        game,
        max_seconds=cap,
        takebacks=takebacks,
        clock=clock_module.thread_time,
        max_positions=max_positions or MAX_POSITIONS,
        **(search_options or {}),
    )
    row: dict[str, Any] = {
        "game": game_name,
        "code": code,
        "deal": deal,
        "status": solution.status,
        "seconds": round(solution.seconds, 3),
        "nodes": solution.nodes,
        "moves": len(solution.moves),
        "cap": cap,
        "clock": "cpu",
    }
    if is_compiled:
        row["build"] = "mypyc"
    if search != "default":
        row["search"] = search
    if solution.status == "unknown":
        row["why"] = solution.why  # "time", or "memory" when the table cap came first
    return row


def todo_deals(
    results: list[dict[str, Any]],
    first: int,
    deals: int,
    retry_unknown: bool,
    cap: float = float("inf"),
    search: str = "default",
) -> list[int]:
    """The deals of the range still to solve: never tried, or (retry) undecided so far and not
    yet tried with `search` and a CPU cap of `cap` or more (so a retry cut short resumes where
    it stopped, and a game's new search retries its undecided deals at their old cap)."""
    done = {r["deal"] for r in results}
    if retry_unknown:
        settled = {
            r["deal"]
            for r in results
            if r["status"] != "unknown"
            or (r.get("clock") == "cpu" and r.get("cap", 0) >= cap and r.get("search", "default") == search)
        }
        return [d for d in range(first, first + deals) if d in done and d not in settled]
    return [d for d in range(first, first + deals) if d not in done]


class Progress:
    """A one-line progress bar on stderr, rewritten in place."""

    def __init__(self, total: int, stream: Any = None) -> None:
        self.total, self.done, self.stream = total, 0, stream or sys.stderr
        self.counts = {"win": 0, "loss": 0, "unknown": 0}
        self.cpu = 0.0
        self.started = time.monotonic()
        self.show()

    def add(self, result: dict[str, Any]) -> None:
        self.done += 1
        self.counts[result["status"]] += 1
        self.cpu += result["seconds"]
        self.show()

    def show(self) -> None:
        width = 30
        filled = width * self.done // max(self.total, 1)
        elapsed = time.monotonic() - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate else 0.0
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
            f"win {self.counts['win']} loss {self.counts['loss']} unknown {self.counts['unknown']} "
            f"cpu {self.cpu:7.0f}s wall {elapsed:6.0f}s eta {eta:6.0f}s"
        )
        self.stream.flush()


def engine_zip() -> Path:
    """The engine package of this checkout and this script (as module `solve_stats`, where
    `solve_deal` lives when this file is imported rather than run), with the two scripts it
    imports, as a zip, for workers."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted((ROOT / "engine").rglob("*.py")):
            archive.write(path, path.relative_to(ROOT).as_posix())
        archive.write(Path(__file__), "solve_stats.py")
        # solve_stats imports these two at its top (a worker that imports it needs them too);
        # zipimport finds no namespace packages, so scripts/ gets an __init__ in the zip only.
        archive.writestr("scripts/__init__.py", "")
        for name in ("stats_games", "stats_summary"):
            archive.write(ROOT / "scripts" / f"{name}.py", f"scripts/{name}.py")
    target = Path(os.environ.get("TMPDIR", "/tmp")) / f"solve_stats_engine_{os.getpid()}.zip"
    target.write_bytes(buffer.getvalue())
    return target


def solve_on_dask(
    jobs: Iterable[tuple[str, int, float]],
    *,
    scheduler: str | None,
    workers: int,
    in_flight: int = 0,
    compiled: Path | None = None,
    max_positions: int = 0,
) -> Iterable[dict[str, Any]]:
    """Yields each job's result as it arrives. A LocalCluster of `workers` one-thread
    processes, or the cluster at `scheduler`. At most `in_flight` tasks are queued at a time
    (default twice the workers), so that an interrupted run loses little and results arrive
    roughly in deal order. `compiled`: the workers use the compiled build there (LocalCluster)."""
    if compiled is not None and scheduler:
        raise ValueError("the compiled build is for this machine's Python: use it on a LocalCluster")
    from distributed import Client, LocalCluster, as_completed
    from distributed.diagnostics.plugin import UploadFile

    cluster = None
    if scheduler:
        client = Client(scheduler)
    else:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
        )
        client = Client(cluster)
    bundle = engine_zip()
    try:
        # Workers only: client.upload_file would also load the zip into the scheduler, which
        # for a LocalCluster is this very process (its engine would then come from the zip).
        client.register_plugin(UploadFile(str(bundle), load=True), name="solve-stats-engine")
        slots = in_flight or 2 * max(1, len(client.scheduler_info().get("workers", {})) or workers)
        pending = iter(jobs)

        def submit() -> Any:
            job = next(pending, None)
            if job is None:
                return None
            name, deal, cap = job
            search = GAMES[name].get("search", "default")
            return client.submit(
                solve_deal,
                name,
                deal,
                cap,
                GAMES[name].get("takebacks", True),
                str(compiled) if compiled else None,
                max_positions,
                search,
                SEARCHES[search],
                pure=False,
                key=f"solve-{name}-{deal}-{cap:g}-{time.time_ns()}",
            )

        first = [f for f in (submit() for _ in range(slots)) if f is not None]
        queue = as_completed(first)
        for future in queue:
            result = future.result()
            future.release()
            following = submit()
            if following is not None:
                queue.add(following)
            yield result
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
        bundle.unlink(missing_ok=True)


def compiled_build() -> Path:
    """The compiled engine's root (scripts/compile_solver.py), built unless current; exits
    with the reason when this machine cannot build it."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("compile_solver", ROOT / "scripts" / "compile_solver.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    try:
        return module.build(quiet=False)
    except module.Unavailable as error:
        raise SystemExit(f"--compiled: {error}") from None


def run(
    game_name: str,
    first: int,
    deals: int,
    cap: float,
    workers: int,
    retry_unknown: bool = False,
    scheduler: str | None = None,
    compiled: Path | None = None,
    max_positions: int = 0,
) -> dict[str, int]:
    """Solves the range's deals still to do on Dask, appending each result as it arrives."""
    # One folder, stats_summary.STATS_DIR, for results and summary (tests point it elsewhere).
    stats_dir = stats_summary.STATS_DIR
    stats_dir.mkdir(parents=True, exist_ok=True)
    search = GAMES[game_name].get("search", "default")
    todo = todo_deals(stats_summary.read_results(game_name), first, deals, retry_unknown, cap, search)
    progress = Progress(len(todo))
    path = stats_dir / f"{game_name}.jsonl"
    if todo:
        jobs = ((game_name, deal, cap) for deal in todo)
        with path.open("a", encoding="utf-8") as out:
            for result in solve_on_dask(
                jobs, scheduler=scheduler, workers=workers, compiled=compiled, max_positions=max_positions
            ):
                out.write(json.dumps(result, sort_keys=True) + "\n")
                out.flush()
                progress.add(result)
    sys.stderr.write("\n")
    return progress.counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", nargs="?", choices=sorted(GAMES))
    parser.add_argument("--deals", type=int, default=100, help="sample size (default 100)")
    parser.add_argument("--first", type=int, default=DEFAULT_FIRST, help="first deal number")
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU-time cap per deal (default 10)")
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes of the LocalCluster (default: one per core)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="use the Dask cluster at this scheduler instead of a LocalCluster",
    )
    parser.add_argument("--summary-only", action="store_true")
    parser.add_argument(
        "--retry-unknown",
        action="store_true",
        help="solve again (with --seconds) the deals of the range still unknown",
    )
    parser.add_argument(
        "--compiled",
        action="store_true",
        help="workers run the mypyc-compiled engine (scripts/compile_solver.py; LocalCluster only)",
    )
    parser.add_argument(
        "--max-positions",
        type=int,
        default=MAX_POSITIONS,
        help=f"positions a complete search may store (default {MAX_POSITIONS:,}: "
        f"about {MAX_POSITIONS * 120 / 1e9:.1f} GB per worker at most)",
    )
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    if args.scheduler and not args.scheduler.startswith(("tcp://", "tls://", "inproc://", "ucx://")):
        parser.error(f"--scheduler {args.scheduler!r}: expected an address like tcp://HOST:PORT")
    if args.compiled and args.scheduler:
        parser.error(
            "--compiled runs on this machine's LocalCluster only (the build is for this "
            "machine's Python); leave out --scheduler"
        )
    if not args.summary_only:
        if not args.game:
            parser.error("name a game, or give --summary-only")
        run(
            args.game,
            args.first,
            args.deals,
            args.seconds,
            args.workers,
            args.retry_unknown,
            args.scheduler,
            compiled_build() if args.compiled else None,
            args.max_positions,
        )
    summary = stats_summary.write_summary()
    for name, figures in summary["games"].items():
        rate = figures["win_rate_decided"]
        band = figures["win_rate_bounds"]
        print(
            f"{name}: {figures['deals']} deals, {figures['wins']} won, {figures['losses']} lost, "
            f"{figures['unknown']} unknown; win rate of decided {rate['value']:.1%} "
            f"[{rate['low']:.1%}, {rate['high']:.1%}]; with unknowns as losses/wins "
            f"[{band['low']:.1%}, {band['high']:.1%}]; {figures['solver_hours']:.2f} solver hours"
        )


if __name__ == "__main__":
    main()
