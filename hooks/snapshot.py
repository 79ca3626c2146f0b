"""MkDocs hook: the Pyodide memory snapshot the page's worker starts from (see sitegen/snapshot.py):
named in every page, made once the site's py.zip and Pyodide are in place."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

log = logging.getLogger("mkdocs.hooks.snapshot")


def on_post_page(output: str, page: Any, config: Any) -> str:
    from sitegen import snapshot

    return snapshot.add_meta(output, ROOT)


# After every language's build (and hooks/runtime.py's py.zip and Pyodide), before the service
# worker lists the site's files (hooks/offline.py, -300).
@event_priority(-250)
def on_post_build(config: Any) -> None:
    from sitegen import snapshot

    plugin = config.plugins.get("i18n")
    if plugin is not None and getattr(plugin, "building", False):
        return
    try:
        made = snapshot.write(Path(config.site_dir), ROOT)
    except snapshot.SnapshotError as e:
        raise PluginError(str(e)) from None
    if made:
        log.info("snapshot: %s (%s)", made[0], "made" if made[1] else "unchanged")
