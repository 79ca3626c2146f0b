"""The CPython side of the Pyodide runs: packs engine/ and playout.py into a zip and runs
tests/pyodide/replay.mjs with Node on a request, returning its answer."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
HERE = Path(__file__).resolve().parent
PYODIDE = ROOT / "node_modules" / "pyodide"


def node() -> str | None:
    return shutil.which("node")


def available() -> str | None:
    """Why Pyodide cannot run here, or None when it can."""
    if node() is None:
        return "node is not installed"
    if not (PYODIDE / "pyodide.asm.wasm").exists():
        return "node_modules/pyodide is missing (npm ci)"
    return None


def build_bundle(
    path: Path, packages: tuple[str, ...] = ("engine",), driver: Path = HERE / "playout.py"
) -> Path:
    """The packages' *.py and *.json (engine/ by default) and the driver at the zip's root as
    playout.py (replay.mjs imports `playout` and calls its main(request))."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as bundle:
        for package in packages:
            for source in sorted((ROOT / package).rglob("*")):
                if source.suffix in (".py", ".json") and "__pycache__" not in source.parts:
                    bundle.write(source, f"{package}/{source.relative_to(ROOT / package)}")
        bundle.write(driver, "playout.py")
    return path


def run(
    request: dict[str, Any],
    timeout: float = 300,
    packages: tuple[str, ...] = ("engine",),
    driver: Path = HERE / "playout.py",
    snapshot: Path | None = None,
) -> dict[str, Any]:
    """driver.main(request) under Pyodide: {"python": version, "engine": engine.__file__,
    "result": ...}; started from the build's memory `snapshot` (sitegen/snapshot.py) when one
    is given, as the page's worker starts."""
    with tempfile.TemporaryDirectory() as tmp:
        bundle = build_bundle(Path(tmp) / "bundle.zip", packages, driver)
        request_path = Path(tmp) / "request.json"
        request_path.write_text(json.dumps(request), encoding="utf-8")
        extra = [str(snapshot)] if snapshot else []
        done = subprocess.run(
            [node() or "node", str(HERE / "replay.mjs"), str(bundle), str(request_path), *extra],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    if done.returncode != 0:
        raise RuntimeError(f"replay.mjs failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])
