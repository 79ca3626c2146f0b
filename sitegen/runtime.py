"""What the page's Python needs, put into the built site: `assets/py.zip` and `pyodide/`.

py.zip holds engine/, diagrams/, catalogues/ and pyworker/ (the Python side of the page's
worker, which unpacks it); Pyodide comes
from the npm package in node_modules, never from a CDN. Both are written only when their bytes
change, and py.zip is deterministic (sorted entries, fixed timestamps, fixed permissions), so two
builds of one commit give the same file.
"""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

from sitegen.assets import write_assets

PACKAGES = ("engine", "diagrams", "catalogues", "pyworker")
PACKED_SUFFIXES = (".py", ".json")
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the zip format's earliest date


def packed_files(root: Path) -> list[tuple[str, Path]]:
    """(name in the zip, file) for every source file of the packed packages, sorted."""
    entries: list[tuple[str, Path]] = []
    for package in PACKAGES:
        base = root / package
        if not base.is_dir():
            raise FileNotFoundError(f"{base}: package to pack for the browser is missing")
        for path in base.rglob("*"):
            rel = path.relative_to(root)
            if not path.is_file() or "__pycache__" in rel.parts or path.suffix not in PACKED_SUFFIXES:
                continue
            if any(part.startswith(".") for part in rel.parts):
                continue
            entries.append((rel.as_posix(), path))
    return sorted(entries)


_zip_cache: dict[tuple[tuple[str, int, int], ...], bytes] = {}


def build_zip(root: Path) -> bytes:
    """The zip's bytes; rebuilt only when a packed file's name, size or mtime changed."""
    files = packed_files(root)
    key = tuple((name, p.stat().st_size, p.stat().st_mtime_ns) for name, p in files)
    if key not in _zip_cache:
        _zip_cache.clear()
        _zip_cache[key] = _zip(files)
    return _zip_cache[key]


def _zip(files: list[tuple[str, Path]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, path in files:
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3  # unix, whatever the host
            zf.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write `data` unless the file already holds exactly it; True when written."""
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def copy_if_changed(src: Path, dst: Path) -> bool:
    """Copies with the source's mtime, so that an unchanged copy is recognised by size and
    mtime without reading 10 MB again (the four language builds each call this)."""
    if dst.is_file():
        s, d = src.stat(), dst.stat()
        if s.st_size == d.st_size and (
            s.st_mtime_ns == d.st_mtime_ns or dst.read_bytes() == src.read_bytes()
        ):
            return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)
    return True


def install(site_dir: Path, root: Path) -> list[str]:
    """Write py.zip, the Pyodide runtime and the replays' step files (gathered by sitegen/live.py
    while the pages were rendered) into `site_dir`; returns the paths written."""
    written: list[str] = []
    if write_if_changed(site_dir / "assets" / "py.zip", build_zip(root)):
        written.append("assets/py.zip")
    pyodide = root / "node_modules" / "pyodide"
    if not (pyodide / "pyodide.asm.wasm").is_file():
        raise FileNotFoundError(f"{pyodide}: Pyodide runtime missing (run scripts/setup.sh: npm ci)")
    written.extend(
        f"pyodide/{name}"
        for name in PYODIDE_FILES
        if copy_if_changed(pyodide / name, site_dir / "pyodide" / name)
    )
    written += write_assets(site_dir)  # the files gathered while pages were rendered
    return written
