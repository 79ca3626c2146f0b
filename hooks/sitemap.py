"""MkDocs hook: no sitemap without a site_url.

A sitemap must list absolute URLs; the site has no fixed public address (it is served from
127.0.0.1 or wherever it is copied), and MkDocs would write "None/..." entries. Setting
`site_url` in mkdocs.yml brings the sitemap back (its dates follow SOURCE_DATE_EPOCH).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority


@event_priority(-200)  # after mkdocs-static-i18n has written the last language's sitemap
def on_post_build(config: Any) -> None:
    if config.site_url:
        return
    for name in ("sitemap.xml", "sitemap.xml.gz"):
        (Path(config.site_dir) / name).unlink(missing_ok=True)
