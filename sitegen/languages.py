"""The site's languages come from the catalogues: adding a language is adding its catalogue
folder (catalogues/<lang>/, with site.json) and its pages (docs/<lang>/).

mkdocs.yml names only the default language (English, at the site's root). Before
mkdocs-static-i18n reads its configuration, every other catalogue language is added to it with
its name, description, nav titles and light/dark toggle names taken from its site.json
(`site.language_name`, `site.description`, `site.nav.<page>`, `site.palette.dark|light`);
the default language's nav titles and toggle names come from its catalogue too, so mkdocs.yml
holds no sentence of any language.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any


class LanguageError(ValueError):
    pass


def _message(lang: str, key: str) -> str:
    import catalogues

    try:
        return catalogues.message(lang, key)
    except KeyError:
        raise LanguageError(f"catalogues/{lang}/site.json: missing key {key!r}") from None


def _nav_files(nav: list[Any]) -> list[tuple[dict[str, Any], str, str]]:
    """(the nav item dict, its title, its page stem) for every page entry of the nav."""
    found: list[tuple[dict[str, Any], str, str]] = []
    for item in nav or []:
        if isinstance(item, dict):
            for title, value in item.items():
                if isinstance(value, str) and value.endswith(".md"):
                    found.append((item, title, Path(value).with_suffix("").as_posix()))
                elif isinstance(value, list):
                    found += _nav_files(value)
    return found


def _palette(config: Any, lang: str) -> list[dict[str, Any]]:
    """The theme's palettes with the toggles named in `lang`."""
    palettes = copy.deepcopy(config.theme.get("palette") or [])
    for palette in palettes:
        toggle = palette.get("toggle")
        if toggle:
            # The toggle of the light scheme switches to dark, and the other way round.
            toggle["name"] = _message(
                lang, "site.palette.dark" if palette.get("scheme") != "slate" else "site.palette.light"
            )
    return palettes


def configure(config: Any) -> Any:
    from mkdocs_static_i18n.config import I18nPluginLanguage

    import catalogues

    plugin = config.plugins.get("i18n")
    if plugin is None:
        return config
    languages = plugin.config.languages
    default = next(lang for lang in languages if lang.default)
    docs_dir = Path(config.docs_dir)

    # The default language: nav titles and toggle names from its catalogue.
    nav_titles: dict[str, str] = {}  # page stem -> the nav title in the default language
    for item, title, stem in _nav_files(config.nav):
        new_title = _message(default.locale, f"site.nav.{stem}")
        item[new_title] = item.pop(title)
        nav_titles[stem] = new_title
    config.theme["palette"] = _palette(config, default.locale)
    config.site_description = _message(default.locale, "site.description")
    config.site_name = _message(default.locale, "site.name")

    listed = {lang.locale for lang in languages}
    for locale in catalogues.LANGUAGES:
        if not (docs_dir / locale).is_dir():
            raise LanguageError(f"catalogues/{locale}/ exists but {docs_dir / locale}/ holds no pages")
        if locale in listed:
            continue
        entry = I18nPluginLanguage()
        entry.load_dict(
            {
                "locale": locale,
                "name": _message(locale, "site.language_name"),
                "build": True,
                "site_name": _message(locale, "site.name"),
                "site_description": _message(locale, "site.description"),
                "nav_translations": {
                    nav_titles[stem]: _message(locale, f"site.nav.{stem}") for stem in nav_titles
                },
                "theme": {"palette": _palette(config, locale)},
            }
        )
        failed, _warnings = entry.validate()
        if failed:
            raise LanguageError(f"catalogues/{locale}: cannot configure the language: {failed}")
        languages.append(entry)
    return config
