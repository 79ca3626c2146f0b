"""Engine: random-playout throughput (moves per second) in CPython, and the ratio of Pyodide's
time to CPython's on the same games (Pyodide in Node, timed inside each runtime, so Pyodide's
start-up is left out). Targets (issue 2): >= 50,000 moves/s in CPython; Pyodide <= 3x slower.

The playout loop is tests/pyodide/playout.py's, run unchanged by both runtimes: legal_moves()
and play(random choice) with random.Random(seed), to the end of the game or a move cap.
"""

from __future__ import annotations

import cProfile
import io
import pstats
from typing import Any

from tests.pyodide import harness, playout

TARGET_MOVES_PER_SECOND = 50_000
TARGET_RATIO = 3.0


def _games(quick: bool) -> list[list[Any]]:
    cap = 1000 if quick else 3000
    games: list[list[Any]] = []
    # Random Crescent games block after a few dozen moves; Canfield's run to the cap.
    for head, count in (("CR1-N", 60), ("CF1-D3", 12), ("CF1-D1", 12)):
        for k in range(count // 4 if quick else count):
            letters = "".join(chr(65 + (k * 7 + i * 3) % 26) for i in range(7))
            games.append([f"{head}-{letters}", 1000 + k, cap])
    return games


def _cpython(games: list[list[Any]], repeat: int) -> dict[str, Any]:
    """The best of `repeat` runs (the least disturbed by whatever else the machine does)."""
    runs = [playout.bench(games) for _ in range(repeat)]
    return min(runs, key=lambda r: r["seconds"])


def _profile(games: list[list[Any]]) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    playout.bench(games)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(8)
    return out.getvalue()


def run(args: Any) -> None:
    quick = bool(getattr(args, "quick", False))
    games = _games(quick)
    for head in ("CR1-N", "CF1-D3", "CF1-D1"):
        part = _cpython([g for g in games if g[0].startswith(head)], 1 if quick else 3)
        print(
            f"CPython {head}: {part['moves']} moves in {part['seconds']:.3f} s, "
            f"{part['moves'] / part['seconds']:,.0f} moves/s"
        )
    cpython = _cpython(games, 1 if quick else 3)
    rate = cpython["moves"] / cpython["seconds"]
    verdict = "meets" if rate >= TARGET_MOVES_PER_SECOND else "MISSES"
    print(
        f"CPython all: {cpython['moves']} moves in {cpython['seconds']:.3f} s, {rate:,.0f} moves/s "
        f"({verdict} the target of {TARGET_MOVES_PER_SECOND:,})"
    )
    if rate < TARGET_MOVES_PER_SECOND:
        print("where the time goes (cProfile, by own time):")
        print(_profile(games))
    why = harness.available()
    if why:
        print(f"Pyodide: not measured ({why})")
        return
    answer = harness.run({"op": "bench", "games": games})
    result = answer["result"]
    if result["moves"] != cpython["moves"]:
        print(f"Pyodide played {result['moves']} moves, CPython {cpython['moves']}: the runs differ!")
    ratio = result["seconds"] / cpython["seconds"]
    verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
    print(
        f"Pyodide (Python {answer['python']}): {result['moves']} moves in {result['seconds']:.3f} s, "
        f"{result['moves'] / result['seconds']:,.0f} moves/s"
    )
    print(f"Pyodide/CPython time ratio: {ratio:.2f} ({verdict} the target of <= {TARGET_RATIO:g})")
