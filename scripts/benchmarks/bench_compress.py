"""The compressed copies' cost (sitegen/compress.py): CPU and bytes per brotli quality.

Over a built site (`--site DIR`, default: build one), every file compress.py would compress,
with no cache, as a fresh machine's build does: the site's own files at brotli qualities 5, 7,
9 and 11 (BROTLI_QUALITY is the one the build uses) and gzip at its level; Pyodide's runtime at
BROTLI_BEST. Each figure is CPU seconds of this process (the machine may be busy: the load
average is printed beside it) and the bytes written.

    .venv/bin/python scripts/bench.py compress [--quick] [--site DIR]

`--quick`: every tenth of the site's own files (quality 11 packs about 1 MB a CPU-second).
"""

from __future__ import annotations

import functools
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
QUALITIES = (5, 7, 9, 11)


def _timed(label: str, data: list[bytes], pack: Callable[[bytes], bytes]) -> None:
    start = time.process_time()
    after = sum(len(pack(d)) for d in data)
    cpu = time.process_time() - start
    before = sum(len(d) for d in data)
    print(
        f"  {label:<22} {before / 1e6:8.1f} MB -> {after / 1e6:6.2f} MB in {cpu:6.1f} CPU-s"
        f" (load average {os.getloadavg()[0]:.1f})",
        flush=True,
    )


def _brotli(data: bytes, quality: int) -> bytes:
    from sitegen import compress

    return compress._brotli(data, quality)


def run(args: Any) -> None:
    from sitegen import compress

    site = Path(getattr(args, "site", "") or "")
    with tempfile.TemporaryDirectory(prefix="bench-compress-") as tmp:
        if not site.parts:
            from scripts.build import main as build

            site = Path(tmp) / "site"
            build(["--site-dir", str(site), "--quick"])  # the pages, no copies
        files = sorted(p for p in site.rglob("*") if p.is_file() and compress.compressible(p))
        runtime = [p.read_bytes() for p in files if p.relative_to(site).parts[0] == "pyodide"]
        own = [p.read_bytes() for p in files if p.relative_to(site).parts[0] != "pyodide"]
        if getattr(args, "quick", False):
            own = own[::10]
        print(f"site: {site} ({len(own)} of its own files, {len(runtime)} of Pyodide's runtime)")
        for quality in QUALITIES:
            mark = " (the build's)" if quality == compress.BROTLI_QUALITY else ""
            _timed(f"brotli {quality}{mark}", own, functools.partial(_brotli, quality=quality))
        _timed(f"gzip {compress.GZIP_LEVEL}", own, compress._gzip)
        best = functools.partial(_brotli, quality=compress.BROTLI_BEST)
        _timed(f"runtime brotli {compress.BROTLI_BEST}", runtime, best)
