"""Files the page fetches (replay steps, try-it answers, pictures), gathered while pages are
rendered and written into the site after the build (`write_assets`, called by sitegen/runtime.py).

A module of its own: the marker handlers that queue files (live.py, pictures.py, lessons.py,
puzzles.py) share this sink without importing one another for it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

# Path under the site -> bytes. Keyed by path so the language builds never write a file twice.
PENDING_ASSETS: dict[str, bytes] = {}


def json_bytes(data: Any) -> bytes:
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n").encode(
        "utf-8"
    )


def write_assets(site_dir: Path) -> list[str]:
    """Writes the files gathered during the build (only those whose bytes changed)."""
    written = []
    for name, data in sorted(PENDING_ASSETS.items()):
        path = site_dir / name
        if path.is_file() and path.read_bytes() == data:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(name)
    return written
