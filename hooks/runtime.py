"""MkDocs hook: puts py.zip and the Pyodide runtime into the built site (see sitegen/runtime.py)."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

log = logging.getLogger("mkdocs.hooks.runtime")


def on_post_build(config: Any) -> None:
    from sitegen import runtime

    # mkdocs-static-i18n runs one build per language into the same site_dir; after the first
    # this finds every file unchanged and writes nothing.
    written = runtime.install(Path(config.site_dir), ROOT)
    if written:
        log.info("runtime: wrote %s", ", ".join(written))
