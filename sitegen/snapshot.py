"""The page's Python, started from a memory snapshot instead of booted (about 8x faster).

The build boots Pyodide under Node (scripts/make_snapshot.mjs), unpacks py.zip, imports what the
page's worker imports and saves the interpreter's memory, gzip-compressed (31.5 MB -> about
6 MB: hosts rarely compress an unknown binary type), as `assets/snapshot/<key>.bin.gz`. The key
is a hash of the Pyodide runtime's files, of py.zip and of the script that makes it: a change to
any makes a new file, and a page never names a stale one. Every page names the current one in
`<meta name="cc-snapshot" content="assets/snapshot/<key>.bin.gz">`; docs/assets/js/python/pystart.js
decides whether to use it.

The snapshot is byte-identical from build to build, from any checkout, whatever the host's time
zone and locale (scripts/make_snapshot.mjs fixes the randomness, the clock, the program's name,
which Emscripten takes from the script's path, the time zone and the locale it would capture;
tests/test_snapshot.py makes it from two checkouts under two time zones), and is made only
when its key changed (kept in .cache/snapshot/ between builds): a rebuild that changes only
pages reuses it.
`PYODIDE_SNAPSHOT=0` (or `scripts/build.py --no-snapshot`) builds without one; the pages then name
none and every start is a normal boot.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from sitegen import runtime

FOLDER = "assets/snapshot"
# The clock the snapshot's interpreter sees while it is made (1980-01-01, py.zip's file date):
# fixed, not the commit's time, so that a snapshot depends only on its key.
CLOCK = 315532800
META = '<meta name="cc-snapshot" content="{url}">\n'


class SnapshotError(RuntimeError):
    pass


def enabled() -> bool:
    return os.environ.get("PYODIDE_SNAPSHOT", "1") not in ("0", "off", "no", "false")


_runtime_cache: dict[tuple[tuple[str, int, int], ...], bytes] = {}


def _runtime_digest(root: Path) -> bytes:
    """Hash of the Pyodide runtime's files (13.5 MB: hashed again only when one changed)."""
    pyodide = root / "node_modules" / "pyodide"
    stamp = tuple(
        (name, (pyodide / name).stat().st_size, (pyodide / name).stat().st_mtime_ns)
        for name in runtime.PYODIDE_FILES
    )
    if stamp not in _runtime_cache:
        digest = hashlib.sha256()
        for name in runtime.PYODIDE_FILES:
            digest.update(name.encode() + b"\0" + hashlib.sha256((pyodide / name).read_bytes()).digest())
        _runtime_cache.clear()
        _runtime_cache[stamp] = digest.digest()
    return _runtime_cache[stamp]


def key(root: Path) -> str:
    """Hash of what the snapshot is made from: the Pyodide runtime's files, py.zip's bytes and
    scripts/make_snapshot.mjs."""
    digest = hashlib.sha256(_runtime_digest(root))
    digest.update(b"py.zip\0" + hashlib.sha256(runtime.build_zip(root)).digest())
    # And how it is made (what it imports, the fixed clock): a new recipe, a new snapshot.
    digest.update(b"maker\0" + hashlib.sha256((root / "scripts" / "make_snapshot.mjs").read_bytes()).digest())
    digest.update(str(CLOCK).encode())
    return digest.hexdigest()[:16]


def url(root: Path) -> str:
    """The snapshot's URL relative to the site's root."""
    return f"{FOLDER}/{key(root)}.bin.gz"


def add_meta(output: str, root: Path) -> str:
    if not enabled():
        return output
    at = output.find("</head>")
    return output if at < 0 else output[:at] + META.format(url=url(root)) + output[at:]


def cache_dir(root: Path) -> Path:
    """Where made snapshots are kept between builds (MkDocs empties the site folder first)."""
    return root / ".cache" / "snapshot"


def write(site_dir: Path, root: Path) -> tuple[str, bool] | None:
    """Puts the current snapshot into the site (made now unless a build of the same key made
    it before); drops older ones. Returns (its URL, whether it was made now), or None when
    snapshots are turned off."""
    folder = site_dir / FOLDER
    if not enabled():
        shutil.rmtree(folder, ignore_errors=True)
        return None
    rel = url(root)
    target = site_dir / rel
    for old in folder.glob("*") if folder.is_dir() else []:
        if old != target:
            old.unlink()
    kept = cache_dir(root) / target.name
    made = False
    if not kept.is_file():
        make(site_dir, kept, root)
        made = True
        for old in kept.parent.glob("*.bin.gz"):
            if old != kept:
                old.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    runtime.copy_if_changed(kept, target)
    return rel, made


def make(site_dir: Path, target: Path, root: Path) -> None:
    """Runs scripts/make_snapshot.mjs on the site's Pyodide and py.zip; writes `target` gzipped."""
    node = shutil.which("node")
    if not node:
        raise SnapshotError(
            "node is not installed: the Pyodide snapshot is made under Node "
            "(run scripts/setup.sh, or build with PYODIDE_SNAPSHOT=0)"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    raw = target.with_name(target.name + ".raw")
    done = subprocess.run(
        [
            node,
            str(root / "scripts" / "make_snapshot.mjs"),
            str(site_dir / "pyodide"),
            str(site_dir / "assets" / "py.zip"),
            str(raw),
            str(CLOCK),
        ],
        capture_output=True,
        text=True,
        cwd=root,
        check=False,  # a failure is reported below with the script's output
    )
    if done.returncode != 0:
        raw.unlink(missing_ok=True)
        raise SnapshotError(
            f"scripts/make_snapshot.mjs failed ({done.returncode}): {done.stderr.strip()[-2000:]}"
        )
    data = raw.read_bytes()
    raw.unlink()
    # mtime=0 and no file name in the header: the same bytes at every build.
    tmp = target.with_name(target.name + ".tmp")
    with (
        open(tmp, "wb") as fh,
        gzip.GzipFile(filename="", mode="wb", fileobj=fh, mtime=0, compresslevel=6) as gz,
    ):
        gz.write(data)
    tmp.replace(target)
