"""Compressed copies of the built site: `X.gz` (gzip) and `X.br` (brotli, PyPI `brotli`) beside
every text file X and Pyodide's wasm, for scripts/serve.py and for a static host that serves
precompressed files (README, "Publish").

Deterministic: gzip with no name and mtime 0, brotli at a fixed quality; the same bytes in give
the same bytes out. Pyodide's runtime gets brotli's best (quality 11: 2.7 MB for the 9.6 MB wasm
instead of 3.1 MB at 9), which is slow (about 30 s of CPU) but done once: compressed bytes are
kept in `.cache/compressed/` under the source's content hash and reused by every later build
(the cache holds only pure functions of content, so it cannot make two builds differ). The
site's own files, 155 MB that change with every edit, get quality 7: 11.02 MB in 6.5 CPU-s,
against 10.95 MB in 21.2 at quality 9 and 10.12 MB in 171 at 11 (`scripts/bench.py compress`).
A copy that would not be smaller than its source is not written.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import io
import os
from collections.abc import Callable
from pathlib import Path

# Text formats of the site, and WebAssembly (compresses to a third). Zips are compressed already.
SUFFIXES = frozenset(
    {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".map", ".wasm", ".webmanifest"}
)
MIN_SIZE = 256  # smaller files gain nothing worth a second request path
BROTLI_BEST = 11  # Pyodide's runtime: unchanged from build to build, cached
BROTLI_QUALITY = 7  # the site's own files
GZIP_LEVEL = 9
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def _gzip(data: bytes) -> bytes:
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=GZIP_LEVEL, mtime=0) as f:
        f.write(data)
    return buffer.getvalue()


def _brotli(data: bytes, quality: int) -> bytes:
    import brotli

    mode = brotli.MODE_TEXT if not data.startswith(b"\0asm") else brotli.MODE_GENERIC
    return brotli.compress(data, mode=mode, quality=quality)


def _cached(cache: Path | None, digest: str, suffix: str, make: Callable[[], bytes]) -> bytes:
    if cache is None:
        return make()
    path = cache / f"{digest}{suffix}"
    try:
        return path.read_bytes()
    except OSError:
        pass
    data = make()
    cache.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(path)  # atomic: two builds at once never read half a file
    return data


def compressible(path: Path) -> bool:
    return path.suffix in SUFFIXES and path.stat().st_size >= MIN_SIZE


def compress_site(site_dir: Path, cache: Path | None = None) -> tuple[int, int, int]:
    """Writes X.gz and X.br beside each compressible file of `site_dir` (stale copies of files
    no longer there are removed); returns (files, bytes before, brotli bytes after)."""
    for stale in [*site_dir.rglob("*.gz"), *site_dir.rglob("*.br")]:
        source = stale.with_suffix("")
        # Only our own copies (of a compressible suffix); other .gz files (the Python
        # snapshot, sitemap.xml.gz) are the build's own and stay.
        if source.suffix in SUFFIXES and not source.is_file():
            stale.unlink()
    files = before = after = 0
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or not compressible(path):
            continue
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        files += 1
        before += len(data)
        quality = BROTLI_BEST if path.relative_to(site_dir).parts[0] == "pyodide" else BROTLI_QUALITY
        for name, suffix in ENCODINGS:
            packed = _cached(
                cache,
                digest,
                f".{quality}{suffix}" if name == "br" else suffix,
                functools.partial(_brotli, data, quality) if name == "br" else functools.partial(_gzip, data),
            )
            target = path.with_name(path.name + suffix)
            if len(packed) >= len(data):
                target.unlink(missing_ok=True)
                continue
            if not (target.is_file() and target.read_bytes() == packed):
                target.write_bytes(packed)
            if name == "br":
                after += len(packed)
    return files, before, after
