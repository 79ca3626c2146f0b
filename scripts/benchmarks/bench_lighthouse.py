"""Lighthouse (npm `lighthouse`, pinned in package-lock.json) on the built site served locally.

The site is built from docs/ into .bench/lighthouse-site (scripts/build.py) and served by
scripts/serve.py on 127.0.0.1 (port 0), which sends the build's gzip/brotli copies when the
browser accepts them, as a well-configured static host would. Each page is audited with
Lighthouse's mobile settings (simulated throttling, Moto G Power) and with `--preset=desktop`,
in Debian's chromium (`CHROME_PATH`, headless). Printed per page and form factor: the four
category scores (performance, accessibility, best practices, SEO, 0-100) and first/largest
contentful paint, total blocking time (ms) and cumulative layout shift.

Targets (issue 10, mobile): performance >= 90 on rules and example pages, >= 80 on Play pages;
accessibility, best practices and SEO 100. Timings swing with the machine's load: the load
average is printed beside the figures. `--quick` audits the home page only; `--runs N` audits
each page N times and prints the median of each figure (and every run's performance score);
`--mobile` skips desktop;
`--no-build` audits the site already built in .bench/lighthouse-site; `--pages 'ko rules,examples'`
audits the named pages only; `--save DIR` keeps each run's JSON report (for the `bootup-time`,
`mainthread-work-breakdown`, `long-tasks` ... audits behind a score).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / ".bench" / "lighthouse-site"
CHROMIUM = "/usr/bin/chromium"
LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = (
    ("FCP", "first-contentful-paint"),
    ("LCP", "largest-contentful-paint"),
    ("TBT", "total-blocking-time"),
    ("CLS", "cumulative-layout-shift"),
)
# (label, path): home, a Korean rules page, a Greek Play page, the Examples page, a French
# statistics page (the list), plus the heaviest rules page in English and the Greek
# Puzzles page (the heaviest page of the site), and an Analysis page (issue 23).
PAGES = (
    ("home", ""),
    ("ko rules", "ko/crescent/"),
    ("el play", "el/play-crescent/"),
    ("examples", "examples/"),
    ("fr stats", "fr/statistics/"),
    ("en rules", "crescent/"),
    ("el puzzles", "el/puzzles/"),
    # The heaviest puzzle pages (44 and 49 puzzles, each with its picture and answers).
    ("el puzzles-crescent", "el/puzzles-crescent/"),
    ("en puzzles-canfield", "puzzles-canfield/"),
    ("en analysis", "analysis-crescent/"),
)


def _build() -> None:
    sys.path.insert(0, str(ROOT))
    from scripts import build

    seconds = build.build_site(ROOT / "docs", SITE, say=lambda m: None)
    print(f"built {SITE.relative_to(ROOT)} in {seconds:.1f} s", flush=True)


def _audit(url: str, desktop: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        out = Path(tmp) / "report.json"
        cmd = [
            "node",
            str(LIGHTHOUSE),
            url,
            "--output=json",
            f"--output-path={out}",
            "--quiet",
            f"--only-categories={','.join(CATEGORIES)}",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ]
        if desktop:
            cmd.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": CHROMIUM}
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300, check=False)
        if proc.returncode != 0 or not out.exists():
            raise RuntimeError(f"lighthouse failed on {url}: {proc.stderr.strip()[-500:]}")
        return json.loads(out.read_text(encoding="utf-8"))


def _row(report: dict[str, Any]) -> list[str]:
    cats = report["categories"]
    audits = report["audits"]
    cells = []
    for name in CATEGORIES:
        score = cats[name]["score"]
        cells.append("-" if score is None else str(round(score * 100)))
    for label, key in METRICS:
        value = audits[key].get("numericValue")
        if value is None:
            cells.append("-")
        elif label == "CLS":
            cells.append(f"{value:.3f}")
        else:
            cells.append(f"{value:.0f}")
    return cells


def _failed_audits(report: dict[str, Any]) -> list[str]:
    """The non-performance audits that cost points: what to fix to reach 100."""
    failed = []
    for name in CATEGORIES[1:]:
        for ref in report["categories"][name]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref.get("weight", 0) > 0 and audit.get("score") is not None and audit["score"] < 1:
                failed.append(f"{name}:{ref['id']}")
    return failed


def _median(values: list[str]) -> str:
    """The median of one column over runs ("-" cells ignored), in the cells' own format."""
    nums = sorted(float(v) for v in values if v != "-")
    if not nums:
        return "-"
    mid = nums[len(nums) // 2] if len(nums) % 2 else (nums[len(nums) // 2 - 1] + nums[len(nums) // 2]) / 2
    return f"{mid:.3f}" if "." in values[0] else f"{mid:.0f}"


def run(args: Any) -> None:
    from scripts import serve

    if not LIGHTHOUSE.exists():
        print(f"lighthouse: {LIGHTHOUSE} missing (run scripts/setup.sh)")
        return
    if not getattr(args, "no_build", False):
        _build()
    server = serve.serve(SITE, 0)
    base = serve.url_of(server)
    pages: tuple[tuple[str, str], ...] = PAGES[:1] if getattr(args, "quick", False) else PAGES
    wanted = [w.strip() for w in (getattr(args, "pages", "") or "").split(",") if w.strip()]
    if wanted:
        unknown = sorted(set(wanted) - {label for label, _ in PAGES})
        if unknown:
            raise SystemExit(
                f"lighthouse: unknown page label(s) {unknown}; known: {[label for label, _ in PAGES]}"
            )
        pages = tuple(p for p in PAGES if p[0] in wanted)
    save = Path(args.save) if getattr(args, "save", "") else None
    if save:
        save.mkdir(parents=True, exist_ok=True)
    runs = max(1, getattr(args, "runs", 1))
    forms = (False,) if getattr(args, "mobile", False) else (False, True)
    header = ["page", "form", "perf", "a11y", "bp", "seo", "FCP ms", "LCP ms", "TBT ms", "CLS", "load avg"]
    if runs > 1:
        header.append(f"perf of {runs} runs")
    print(f"load average before: {os.getloadavg()[0]:.2f} (2-core machine)", flush=True)
    print(" | ".join(header), flush=True)
    print(" | ".join("---" for _ in header), flush=True)
    notes: list[str] = []
    try:
        for label, path in pages:
            for desktop in forms:
                form = "desktop" if desktop else "mobile"
                rows, loads = [], []
                for n in range(runs):
                    try:
                        report = _audit(base + path, desktop)
                    except (RuntimeError, subprocess.TimeoutExpired) as e:
                        print(f"{label} | {form} | failed: {e}", flush=True)
                        continue
                    rows.append(_row(report))
                    if save:
                        name = f"{label.replace(' ', '-')}.{form}.{n + 1}.json"
                        (save / name).write_text(json.dumps(report), encoding="utf-8")
                    loads.append(os.getloadavg()[0])
                    failed = _failed_audits(report)
                    if failed:
                        notes.append(f"{label} {form}: {', '.join(failed)}")
                if not rows:
                    continue
                cells = [_median([r[i] for r in rows]) for i in range(len(rows[0]))]
                line = [label, form, *cells, f"{sorted(loads)[len(loads) // 2]:.1f}"]
                if runs > 1:
                    line.append("/".join(r[0] for r in rows))
                print(" | ".join(line), flush=True)
    finally:
        server.shutdown()
        server.server_close()
    print(f"load average after: {os.getloadavg()[0]:.2f}", flush=True)
    for note in sorted(set(notes)):
        print(f"  points lost: {note}")
