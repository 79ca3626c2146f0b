#!/usr/bin/env python3
"""Benchmarks: prints figures, asserts nothing.

Each module in scripts/benchmarks/ named bench_*.py defines `run(args) -> None`, printing its
own figures. `python scripts/bench.py` runs them all; `python scripts/bench.py engine solver`
runs the named ones.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    from scripts import benchmarks

    names = sorted(
        m.name[len("bench_") :]
        for m in pkgutil.iter_modules(benchmarks.__path__)
        if m.name.startswith("bench_")
    )
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("which", nargs="*", choices=[*names, []], help="benchmarks to run (default: all)")
    parser.add_argument("--quick", action="store_true", help="smaller samples, for a smoke run")
    parser.add_argument(
        "--runs",
        type=int,
        default=1,
        help="lighthouse: audits per page and form factor; the median is printed",
    )
    parser.add_argument("--mobile", action="store_true", help="lighthouse: mobile only (no desktop)")
    parser.add_argument(
        "--no-build", action="store_true", help="lighthouse: audit the site already in .bench/lighthouse-site"
    )
    parser.add_argument(
        "--pages",
        default="",
        help="lighthouse: comma-separated page labels to audit (e.g. 'ko rules,examples')",
    )
    parser.add_argument("--site", default="", help="analysis: a site built before (default: build one)")
    parser.add_argument("--save", default="", help="lighthouse: a folder to keep every run's JSON report in")
    args = parser.parse_args()
    for name in args.which or names:
        print(f"== {name}", flush=True)
        importlib.import_module(f"scripts.benchmarks.bench_{name}").run(args)


if __name__ == "__main__":
    main()
