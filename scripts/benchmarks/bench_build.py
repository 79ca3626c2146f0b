"""Site build times: cold build, and rebuild after editing one page.

Works on a copy of docs/ in a temporary directory (the working tree is never touched):
- cold: `python scripts/build.py` in a fresh process into an empty site directory (Python start,
  imports, example replays, four languages, py.zip, Pyodide copy: everything a reader's first
  build pays). Target: at most 20 s.
- edit, --serve: what `scripts/build.py --serve` does after a page is saved: a full rebuild in
  the already running process (templates, examples and diagrams cached in memory).
  Target: at most 3 s.
- edit, CLI: the same edit followed by a new `scripts/build.py` process, for comparison.
Figures are medians of the runs (3, or 1 with --quick): wall-clock seconds, and the CPU
seconds of the build (which a machine busy with other work inflates much less; the load
average is printed too).
"""

from __future__ import annotations

import importlib.util
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
EDITED_PAGE = Path("fr") / "crescent.md"
COLD_TARGET = 20.0
EDIT_TARGET = 3.0


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "scripts" / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _cli_build(docs: Path, site: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of a build in a new process."""
    start, cpu = time.perf_counter(), _children_cpu()
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "build.py"),
            "--docs-dir",
            str(docs),
            "--site-dir",
            str(site),
        ],
        capture_output=True,
        text=True,
        check=False,  # a failed build raises below, with its output
    )
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"build failed:\n{result.stdout}{result.stderr}")
    return seconds, _children_cpu() - cpu


def _edit(page: Path, n: int) -> None:
    with page.open("a", encoding="utf-8") as f:
        f.write(f"\nParagraphe ajouté pour la mesure {n}.\n")


def _verdict(seconds: float, target: float) -> str:
    return "ok" if seconds <= target else "OVER TARGET"


def run(args: Any) -> None:
    runs = 1 if getattr(args, "quick", False) else 3
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        docs = Path(tmp) / "docs"
        shutil.copytree(DOCS, docs)
        page = docs / EDITED_PAGE
        pages = len(list(docs.glob("*/*.md")))

        cold: list[tuple[float, float]] = []
        cli_edit: list[tuple[float, float]] = []
        for i in range(runs):
            site = Path(tmp) / f"site-{i}"
            try:
                cold.append(_cli_build(docs, site))
                _edit(page, i)
                cli_edit.append(_cli_build(docs, site))
            except RuntimeError as e:
                print(f"build bench: {e}")
                return

        build = _build_module()
        site = Path(tmp) / "site-serve"
        quiet = lambda _message: None  # noqa: E731
        build.build_site(docs, site, say=quiet)  # the --serve process's first build
        serve_edit: list[tuple[float, float]] = []
        for i in range(runs):
            _edit(page, 100 + i)
            start, cpu = time.perf_counter(), time.process_time()
            build.build_site(docs, site, say=quiet)
            serve_edit.append((time.perf_counter() - start, time.process_time() - cpu))
        edited = (site / "fr" / "crescent" / "index.html").read_text(encoding="utf-8")
        assert f"mesure {100 + runs - 1}" in edited, "the rebuild did not pick up the edit"

    (c, c_cpu), (s, s_cpu), (cli, cli_cpu) = (
        (statistics.median(w for w, _ in x), statistics.median(u for _, u in x))
        for x in (cold, serve_edit, cli_edit)
    )
    load = os.getloadavg()[0]
    print(
        f"pages built: {pages} ({pages // 4} per language, 4 languages); {runs} run(s) each; "
        f"load average {load:.1f} on {os.cpu_count()} CPUs"
    )
    print(
        f"cold build (new process, empty site/):   {c:6.2f} s wall {c_cpu:6.2f} s CPU   "
        f"target <= {COLD_TARGET:.0f} s  {_verdict(c, COLD_TARGET)}"
    )
    print(
        f"rebuild after a one-page edit, --serve:   {s:6.2f} s wall {s_cpu:6.2f} s CPU   "
        f"target <= {EDIT_TARGET:.0f} s  {_verdict(s, EDIT_TARGET)}"
    )
    print(
        f"rebuild after a one-page edit, new CLI:   {cli:6.2f} s wall {cli_cpu:6.2f} s CPU   (for comparison)"
    )
