"""MkDocs hook: search per language and accent-insensitive (see sitegen/search.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _languages(config: Any) -> tuple[str | None, list[str]]:
    """(the default locale, the other locales) of mkdocs-static-i18n, or (None, [])."""
    plugin = config.plugins.get("i18n")
    if plugin is None:
        return None, []
    default = next((lang.locale for lang in plugin.config.languages if lang.default), None)
    return default, [lang.locale for lang in plugin.config.languages if not lang.default and lang.build]


def on_post_page(output: str, page: Any, config: Any) -> str:
    from sitegen import search

    default, _others = _languages(config)
    locale = getattr(page.file, "locale", None)
    return search.localise_page(output, locale if locale and locale != default else None)


# mkdocs-static-i18n (priority -100) merges every language's entries into the root index at
# the end of its own post_build (the outermost one); this runs after it, on the final file.
@event_priority(-200)
def on_post_build(config: Any) -> None:
    from sitegen import search

    plugin = config.plugins.get("i18n")
    if plugin is not None and getattr(plugin, "building", False):
        return  # a nested per-language build: the merged index is not there yet
    _default, others = _languages(config)
    search.split_by_language(Path(config.site_dir), others)
