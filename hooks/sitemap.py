"""MkDocs hook: sitemap.xml, robots.txt and hreflang alternates when the site has an address
(site_url, set by scripts/build.py from SITE_URL or --site-url); none of them without one
(see sitegen/deploy.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _languages(config: Any) -> tuple[str, list[str]]:
    plugin = config.plugins.get("i18n")
    if plugin is None:
        lang = config.theme.get("language") or "en"
        return lang, [lang]
    default = next(lang.locale for lang in plugin.config.languages if lang.default)
    return default, [lang.locale for lang in plugin.config.languages if lang.build]


def on_post_page(output: str, page: Any, config: Any) -> str:
    from sitegen import deploy

    if not config.site_url:
        return output
    default, languages = _languages(config)
    return deploy.add_alternates(
        output,
        page.file.url,
        getattr(page.file, "locale", None) or default,
        config.site_url,
        default,
        languages,
        deploy.page_urls(deploy.nav_stems(config)),
    )


@event_priority(-200)  # after mkdocs-static-i18n has written the last language's sitemap
def on_post_build(config: Any) -> None:
    from sitegen import deploy

    plugin = config.plugins.get("i18n")
    if plugin is not None and getattr(plugin, "building", False):
        return  # a nested per-language build
    default, languages = _languages(config)
    deploy.write(
        Path(config.site_dir),
        config.site_url or None,
        default,
        languages,
        deploy.page_urls(deploy.nav_stems(config)),
    )
