"""The Analysis page's move list on the stored puzzles, in CPython: each legal action's verdict
asked as docs/assets/js/analysis/moves.js asks it (pyworker/verdict.py with MOVE_BUDGETS, a
first look, then the undecided ones again with the longer budget), on the CPU clock, so that the
share decided does not depend on the machine's load. Prints, per game, the actions decided at
each budget, those left "unknown", and the CPU seconds spent; the load average beside them.

Pyodide runs the same search two to three times slower than CPython, so an action decided here
in more than a third of its budget may stay "unknown" in the page.

    .venv/bin/python scripts/bench.py verdicts
"""

from __future__ import annotations

import functools
import json
import os
import re
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _move_budgets() -> list[float]:
    """The page's budgets, read from the module that uses them (one place decides them)."""
    text = (ROOT / "docs" / "assets" / "js" / "analysis" / "moves.js").read_text()
    found = re.search(r"const MOVE_BUDGETS = \[([^\]]*)\]", text)
    if found is None:
        raise SystemExit("bench verdicts: MOVE_BUDGETS not found in analysis/moves.js")
    return [float(x) for x in found.group(1).split(",")]


def run(args: Any) -> None:
    import engine
    from pyworker import analysis, verdict

    budgets = _move_budgets()
    solve = engine.solve
    engine.solve = functools.partial(solve, clock=time.thread_time)
    try:
        paths = sorted((ROOT / "docs" / "puzzles").glob("*.json"))
        if getattr(args, "quick", False):
            paths = paths[::4]
        print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        totals: dict[str, dict[str, Any]] = {}
        for path in paths:
            puzzle = json.loads(path.read_text())
            listed = analysis.analyse({"game": puzzle["game"], "state": puzzle["state"], "lang": "en"})
            t = totals.setdefault(
                puzzle["game"],
                {"puzzles": 0, "actions": 0, "at": [0] * len(budgets), "unknown": 0, "cpu": 0.0},
            )
            t["puzzles"] += 1
            for action in listed["actions"]:
                t["actions"] += 1
                started = time.thread_time()
                for i, seconds in enumerate(budgets):
                    answer = verdict.verdict({"state": action["state"], "seconds": seconds})
                    if answer["verdict"] != "unknown":
                        t["at"][i] += 1
                        break
                else:
                    t["unknown"] += 1
                t["cpu"] += time.thread_time() - started
        for game, t in totals.items():
            at = ", ".join(f"{n} at {b:g} s" for n, b in zip(t["at"], budgets, strict=True))
            print(
                f"{game}: {t['puzzles']} puzzles, {t['actions']} actions: decided {at}; "
                f"unknown {t['unknown']}; CPU {t['cpu']:.1f} s"
            )
        print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        engine.solve = solve
