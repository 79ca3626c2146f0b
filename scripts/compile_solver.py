#!/usr/bin/env python3
"""A compiled build of the solver for batch runs (issue 13): the same engine source, compiled
with mypyc into `build/mypyc/` (ignored by git), for `solve_stats.py --compiled`.

    .venv/bin/python scripts/compile_solver.py             # build (or reuse) it; print where
    .venv/bin/python scripts/compile_solver.py --compare   # fixed deals, pure vs compiled

The engine stays pure Python and is what the site, Pyodide and every other script use; this
build only copies `engine/*.py` into `build/mypyc/engine/` and compiles the solver's hot modules
there (MODULES below: the search, both games' searchers and rules, cards). Python imports an
extension module before a `.py` of the same name, so with `build/mypyc` first on `sys.path`,
`import engine` gives the compiled modules and the pure ones for the rest.

The build is reused while its stamp matches (the engine's sources, mypy's version, this
Python); otherwise it is rebuilt, under a file lock, into a fresh directory renamed into place.
It needs mypy (requirements.txt; mypyc ships in its wheel), a C compiler and Python's headers
(`scripts/setup.sh --browser`, which the tests run, installs both on Debian). Without them
`build()` raises `Unavailable` naming what is missing.

`--compare` solves the same fixed deals of both games with both builds, each in its own
process, with a counting clock instead of time (each clock reading is one tick, and the
search reads it every 512 positions), so both searches are exactly the same search: it prints
their verdicts, node counts and CPU times, and fails if any verdict, node count or line differs.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
BUILD = ROOT / "build" / "mypyc"
OPT_LEVEL = "3"  # mypyc's (the C compiler's -O): the batch runs' build, for speed
# tests/test_compiled_solver.py's own build: the same modules at -O0, which checks that the
# compiled engine searches as the pure one does (not how fast) for 10 s of CPU instead of 23 s
# (load 19), and leaves BUILD, which a statistics run may be using, alone.
TEST_BUILD = ROOT / "build" / "mypyc-O0"
# The modules the search's inner loops run (engine/search.py's dfs and what it calls).
MODULES = (
    "cards",
    "base",
    "canfield",
    "canfield_build",
    "canfield_layout",
    "canfield_moves",
    "crescent",
    "crescent_deadlock",
    "search",
    "solver",
    "solver_canfield",
    "solver_crescent",
)
# Fixed deals for --compare and the test: both games, wins and a loss, 0.5-10 s of CPU each.
COMPARE_DEALS = (
    "CF1-D3-AAKYPPP",
    "CF1-D3-AAKYPMN",
    "CF1-D3-AAKYPUJ",
    "CF1-D1-AAKYNCA",
    "CF1-D1-AAKYNBA",
    "CR1-N-AAKYMWA",
    "CR1-N-AAKYOIV",
    "CR1-N-AAKYNXT",
)
COMPARE_TICKS = 2000.0  # the counting clock's budget: about a million positions


class Unavailable(RuntimeError):
    """The compiled build cannot be made on this machine (the message says why)."""


def missing_toolchain() -> str | None:
    """What the build lacks here (mypyc, a C compiler, Python's headers), or None."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (pip install -r requirements.txt: it ships in the mypy wheel)"
    if importlib.util.find_spec("setuptools") is None:
        return "setuptools is not installed (mypyc builds through it; pip install setuptools)"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler: {compiler!r} is not on PATH (Debian: apt-get install gcc)"
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").exists():
        return f"no Python headers: {include / 'Python.h'} is missing (Debian: apt-get install python3-dev)"
    return None


def fingerprint(opt_level: str = OPT_LEVEL) -> str:
    """What the build depends on: every engine source, mypy's version, this interpreter, the
    optimisation level."""
    from importlib.metadata import version

    digest = hashlib.sha256()
    digest.update(f"{version('mypy')} {sys.version} {sysconfig.get_platform()} {MODULES}".encode())
    if opt_level != OPT_LEVEL:  # (the batch build's stamp stays what it was)
        digest.update(f" -O{opt_level}".encode())
    for path in sorted(ENGINE.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def is_current(target: Path = BUILD, opt_level: str = OPT_LEVEL) -> bool:
    stamp = target / "BUILD_ID"
    return stamp.exists() and stamp.read_text().strip() == fingerprint(opt_level)


def build(
    target: Path = BUILD, *, force: bool = False, quiet: bool = True, opt_level: str = OPT_LEVEL
) -> Path:
    """The compiled build's root (put it first on sys.path), built unless current."""
    if not force and is_current(target, opt_level):
        return target
    reason = missing_toolchain()
    if reason:
        raise Unavailable(f"cannot build the compiled solver: {reason}")
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.parent / f".{target.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two builds at once (tests, a run) wait for each other
        if not force and is_current(target, opt_level):
            return target
        stamp = fingerprint(opt_level)
        fresh = target.parent / f".{target.name}-{os.getpid()}"
        shutil.rmtree(fresh, ignore_errors=True)
        (fresh / "engine").mkdir(parents=True)
        for path in ENGINE.glob("*.py"):
            shutil.copy2(path, fresh / "engine" / path.name)
        command = [sys.executable, "-m", "mypyc", *(f"engine/{m}.py" for m in MODULES)]
        env = {**os.environ, "MYPYC_OPT_LEVEL": opt_level}
        done = subprocess.run(command, cwd=fresh, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = (done.stdout + done.stderr).strip().splitlines()
            shutil.rmtree(fresh, ignore_errors=True)
            raise Unavailable("mypyc failed:\n" + "\n".join(log[-30:]))
        shutil.rmtree(fresh / "build", ignore_errors=True)  # C sources and objects
        for m in MODULES:
            if not list((fresh / "engine").glob(f"{m}.*.so")) and not list(
                (fresh / "engine").glob(f"{m}.*.pyd")
            ):
                raise Unavailable(f"mypyc left no extension module for engine/{m}.py in {fresh}")
        (fresh / "BUILD_ID").write_text(stamp + "\n")
        old = target.parent / f".{target.name}-old-{os.getpid()}"
        if target.exists():
            target.rename(old)
        fresh.rename(target)
        shutil.rmtree(old, ignore_errors=True)
        if not quiet:
            print(f"compiled {len(MODULES)} engine modules (-O{opt_level}) into {target}", file=sys.stderr)
    return target


def is_compiled(module: Any) -> bool:
    """Whether `module` was loaded from an extension module (a compiled build)."""
    return str(module.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


class Ticks:
    """A counting clock: each reading is one tick later (makes a capped search repeatable)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def solve_fixed(codes: list[str], ticks: float) -> list[dict[str, Any]]:
    """Solves each deal with the `engine` on sys.path, on the counting clock; its CPU time too."""
    import engine
    import engine.solver

    rows = []
    for code in codes:
        game = engine.new_game(code)
        started = time.thread_time()
        solution = engine.solve(game, max_seconds=ticks, clock=Ticks())
        rows.append(
            {
                "code": code,
                "status": solution.status,
                "nodes": solution.nodes,
                "moves": solution.moves,
                "cpu": time.thread_time() - started,
                "compiled": is_compiled(engine.solver),
            }
        )
    return rows


def solve_fixed_in(root: Path, codes: Sequence[str], ticks: float) -> list[dict[str, Any]]:
    """solve_fixed in a fresh process that imports `engine` from `root` (a checkout or a build)."""
    done = subprocess.run(
        [sys.executable, __file__, "--worker", str(root), str(ticks), *codes],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def compare(codes: Sequence[str] = COMPARE_DEALS, ticks: float = COMPARE_TICKS) -> bool:
    root = build(quiet=False)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    pure = solve_fixed_in(ROOT, codes, ticks)
    compiled = solve_fixed_in(root, codes, ticks)
    same = True
    print(f"{'deal':16} {'verdict':8} {'nodes':>9} {'pure s':>7} {'mypyc s':>7} {'speed-up':>8}")
    for p, c in zip(pure, compiled, strict=True):
        match = (p["status"], p["nodes"], p["moves"]) == (c["status"], c["nodes"], c["moves"])
        same &= match and c["compiled"] and not p["compiled"]
        print(
            f"{p['code']:16} {p['status']:8} {p['nodes']:>9,} {p['cpu']:7.2f} {c['cpu']:7.2f} "
            f"{p['cpu'] / c['cpu']:7.2f}x{'' if match else '  DIFFERENT SEARCH'}"
        )
    for game in ("CF1", "CR1"):
        p_cpu = sum(p["cpu"] for p in pure if p["code"].startswith(game))
        c_cpu = sum(c["cpu"] for c in compiled if c["code"].startswith(game))
        if c_cpu:
            print(
                f"{'Canfield' if game == 'CF1' else 'Crescent'}: {p_cpu:.2f} s pure, {c_cpu:.2f} s compiled: "
                f"{p_cpu / c_cpu:.2f}x"
            )
    total_p, total_c = sum(p["cpu"] for p in pure), sum(c["cpu"] for c in compiled)
    print(
        f"all: {total_p:.2f} s pure, {total_c:.2f} s compiled: {total_p / total_c:.2f}x; "
        f"load average {os.getloadavg()[0]:.2f}; {'same searches' if same else 'SEARCHES DIFFER'}"
    )
    return same


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":  # solve_fixed_in's child process
        sys.path.insert(0, sys.argv[2])
        print(json.dumps(solve_fixed(sys.argv[4:], float(sys.argv[3]))))
        return
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--force", action="store_true", help="rebuild even if the build is current")
    parser.add_argument("--compare", action="store_true", help="pure vs compiled on fixed deals")
    args = parser.parse_args()
    try:
        if args.compare:
            raise SystemExit(0 if compare() else 1)
        print(build(force=args.force, quiet=False))
    except Unavailable as error:
        raise SystemExit(str(error)) from None


if __name__ == "__main__":
    main()
