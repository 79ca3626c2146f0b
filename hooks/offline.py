"""MkDocs hook: the offline note in every page and the service worker (see sitegen/offline.py)."""

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

log = logging.getLogger("mkdocs.hooks.offline")


def _languages(config: Any) -> tuple[str, list[str]]:
    plugin = config.plugins.get("i18n")
    if plugin is None:
        return config.theme.get("language") or "en", []
    default = next(lang.locale for lang in plugin.config.languages if lang.default)
    return default, [lang.locale for lang in plugin.config.languages if not lang.default and lang.build]


def on_post_page(output: str, page: Any, config: Any) -> str:
    from sitegen import offline

    default, _others = _languages(config)
    return offline.add_note(output, getattr(page.file, "locale", None) or default)


# After mkdocs-static-i18n's last language (-100) and the search split (-200): the worker lists
# the finished files.
@event_priority(-300)
def on_post_build(config: Any) -> None:
    from sitegen import offline

    plugin = config.plugins.get("i18n")
    if plugin is not None and getattr(plugin, "building", False):
        return  # a nested per-language build: the site is not finished yet
    default, others = _languages(config)
    try:
        summary = offline.generate(Path(config.site_dir), ROOT, default, others)
    except offline.OfflineError as e:
        raise PluginError(str(e)) from None
    log.info("offline: service worker precaches %s files (%s bytes)", summary["count"], summary["size"])
    for warning in summary.get("warnings") or []:
        log.warning("offline: %s", warning)
