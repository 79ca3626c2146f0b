"""Where the test suite's time goes: per file, per worker, per phase.

Reads the timeline a pytest run writes when SUITE_TIMELINE=FILE is set (tests/conftest.py's
`pytest_runtest_logreport`: one JSON line per phase of each test, with the xdist worker that ran
it and its start and stop times; scripts/test.sh sets it to build/suite-timeline.jsonl and prints
this summary after the run), or else a JUnit XML file (`pytest --junitxml=FILE`: no workers and
no start times, so no balance).

    .venv/bin/python scripts/benchmarks/suite_times.py [FILE] [--top N] [--json]

Prints: the run's span (first start to last stop), each worker's busy time, idle time and last
stop (two workers that end far apart mean the slow files were dealt to one), the slowest files
(setup + call + teardown of their tests, where a session fixture's cost, such as a site build,
lands on the first test that asks for it, or on the one that waited for another worker's build),
the slowest phases, and the browser tests' share (tests/browser/). Speed is measured by this
script over a real run, not by a timed test. Where the timeline has them (tests/cputime.py), the
CPU seconds of each (the worker's process and its children, Chromium's included) stand beside
the wall times: on a shared machine they say what a file costs, whatever the load.
"""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "build" / "suite-timeline.jsonl"


@dataclass
class Phase:
    worker: str
    nodeid: str
    when: str
    start: float
    stop: float
    outcome: str
    cpu: float | None = None  # CPU seconds of the worker and its children (tests/cputime.py)

    @property
    def file(self) -> str:
        return self.nodeid.split("::", 1)[0]

    @property
    def seconds(self) -> float:
        return self.stop - self.start


@dataclass
class FileTimes:
    seconds: float = 0.0
    cpu: float = 0.0
    tests: set[str] = field(default_factory=set)
    workers: set[str] = field(default_factory=set)
    start: float = float("inf")
    stop: float = 0.0


def read_timeline(path: Path) -> list[Phase]:
    phases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            d = json.loads(line)
            phases.append(
                Phase(d["worker"], d["nodeid"], d["when"], d["start"], d["stop"], d["outcome"], d.get("cpu"))
            )
    return phases


def read_junit(path: Path) -> list[Phase]:
    """JUnit XML: one phase per test case (its whole time), laid end to end on one 'worker'."""
    phases, clock = [], 0.0
    for case in ET.parse(path).getroot().iter("testcase"):
        file = case.get("file") or case.get("classname", "").replace(".", "/") + ".py"
        seconds = float(case.get("time", "0"))
        phases.append(Phase("all", f"{file}::{case.get('name')}", "all", clock, clock + seconds, "?"))
        clock += seconds
    return phases


def summary(phases: list[Phase], top: int) -> dict[str, Any]:
    if not phases:
        raise SystemExit("suite_times: no test phases in the file")
    t0 = min(p.start for p in phases)
    span = max(p.stop for p in phases) - t0
    files: dict[str, FileTimes] = defaultdict(FileTimes)
    workers: dict[str, dict[str, float]] = defaultdict(
        lambda: {"busy": 0.0, "cpu": 0.0, "stop": 0.0, "files": 0}
    )
    for p in phases:
        f = files[p.file]
        f.seconds += p.seconds
        f.cpu += p.cpu or 0.0
        f.tests.add(p.nodeid)
        f.workers.add(p.worker)
        f.start, f.stop = min(f.start, p.start), max(f.stop, p.stop)
        w = workers[p.worker]
        w["busy"] += p.seconds
        w["cpu"] += p.cpu or 0.0
        w["stop"] = max(w["stop"], p.stop - t0)
    for f in files.values():
        for name in f.workers:
            workers[name]["files"] += 1
    browser = sum(f.seconds for name, f in files.items() if name.startswith("tests/browser/"))
    total = sum(f.seconds for f in files.values())
    has_cpu = any(p.cpu is not None for p in phases)
    return {
        "cpu": has_cpu,
        "cpu_s": round(sum(f.cpu for f in files.values()), 1),
        "browser_cpu_s": round(sum(f.cpu for n, f in files.items() if n.startswith("tests/browser/")), 1),
        "span_s": round(span, 1),
        "tests": len({p.nodeid for p in phases}),
        "test_seconds": round(total, 1),
        "browser_seconds": round(browser, 1),
        "workers": {
            name: {
                "busy_s": round(w["busy"], 1),
                "cpu_s": round(w["cpu"], 1),
                "idle_s": round(span - w["busy"], 1),
                "last_stop_s": round(w["stop"], 1),
                "files": int(w["files"]),
            }
            for name, w in sorted(workers.items())
        },
        "files": [
            {
                "file": name,
                "seconds": round(f.seconds, 1),
                "cpu_s": round(f.cpu, 1),
                "tests": len(f.tests),
                "workers": sorted(f.workers),
                "from_s": round(f.start - t0, 1),
                "to_s": round(f.stop - t0, 1),
            }
            for name, f in sorted(files.items(), key=lambda kv: -kv[1].seconds)[:top]
        ],
        "phases": [
            {
                "seconds": round(p.seconds, 1),
                "cpu_s": round(p.cpu or 0.0, 1),
                "when": p.when,
                "worker": p.worker,
                "test": p.nodeid,
            }
            for p in sorted(phases, key=lambda p: -p.seconds)[:top]
        ],
    }


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {seconds % 60:04.1f} s"


def show(s: dict[str, Any]) -> str:
    """The summary as text; with CPU seconds (a timeline of tests/cputime.py's readings) beside
    each wall time, which on a loaded machine say more than the wall times do."""
    cpu = s["cpu"]
    lines = [
        (
            f"{s['tests']} tests; span {minutes(s['span_s'])}; tests' own time "
            f"{minutes(s['test_seconds'])} (browser tests {minutes(s['browser_seconds'])})"
        ),
    ]
    if cpu:
        lines.append(f"CPU {minutes(s['cpu_s'])} (browser tests {minutes(s['browser_cpu_s'])})")
    lines += ["", "worker   busy        idle       last stop   files" + ("   CPU" if cpu else "")]
    for name, w in s["workers"].items():
        lines.append(
            f"{name:<8} {w['busy_s']:>7.1f} s  {w['idle_s']:>7.1f} s  {w['last_stop_s']:>7.1f} s"
            f"  {w['files']:>5}" + (f"  {w['cpu_s']:>7.1f} s" if cpu else "")
        )
    head = "slowest files      s" + ("    CPU" if cpu else "")
    lines += ["", head + "  tests  worker   from → to (s after the first start)"]
    for f in s["files"]:
        lines.append(
            f"{f['seconds']:>7.1f}" + (f" {f['cpu_s']:>7.1f}" if cpu else "") + f" {f['tests']:>6}  "
            f"{','.join(f['workers']):<8} {f['from_s']:>6.0f} → {f['to_s']:<6.0f} {f['file']}"
        )
    lines += ["", "slowest phases     s" + ("    CPU" if cpu else "")]
    for p in s["phases"]:
        lines.append(
            f"{p['seconds']:>7.1f}"
            + (f" {p['cpu_s']:>7.1f}" if cpu else "")
            + f" {p['when']:<8} {p['worker']:<5} {p['test']}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT, help="timeline .jsonl or JUnit .xml")
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    if not args.file.exists():
        print(
            f"suite_times: {args.file} does not exist (run the tests with SUITE_TIMELINE set)",
            file=sys.stderr,
        )
        return 2
    phases = read_junit(args.file) if args.file.suffix == ".xml" else read_timeline(args.file)
    s = summary(phases, args.top)
    print(json.dumps(s, indent=1) if args.json else show(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
