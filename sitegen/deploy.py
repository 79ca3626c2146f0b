"""What a public host needs when the site is built with its address (SITE_URL / --site-url):
`sitemap.xml` listing every page in every language with its `hreflang` alternates and an
`x-default` (the default language's page), `robots.txt` naming the sitemap, and in every page
its alternates (`<link rel="alternate" hreflang>`) beside the canonical link Material writes.
Without an address none of this is written and no page names a host.

The alternates in pages are written `rel="alternate "` (a trailing space: the same single
token for HTML and for crawlers, which split rel on spaces) because Material's script picks up
`link[rel=alternate]` (an exact match) and fetches `sitemap.xml` *under each alternate page*
(`/ko/crescent/sitemap.xml`), a 404 and a console error per language on every page load.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

X_DEFAULT = "x-default"


class SiteUrlError(ValueError):
    pass


def normalise(site_url: str) -> str:
    """`https://host/path` -> `https://host/path/`; anything but an absolute http(s) URL is refused."""
    from urllib.parse import urlsplit

    parts = urlsplit(site_url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise SiteUrlError(
            f"SITE_URL {site_url!r}: give an absolute http(s) address such as https://example.org/rules/"
        )
    return site_url if site_url.endswith("/") else site_url + "/"


def page_urls(nav_stems: list[str]) -> list[str]:
    """Each nav page's URL inside a language folder ("" for index, "crescent/" ...)."""
    return ["" if stem == "index" else f"{stem}/" for stem in nav_stems]


def url_in(lang: str, default: str, rel: str) -> str:
    return rel if lang == default else f"{lang}/{rel}"


def alternates(site_url: str, rel: str, default: str, languages: list[str]) -> list[tuple[str, str]]:
    """(hreflang, absolute URL) of page `rel` in every language, then x-default."""
    found = [(lang, site_url + url_in(lang, default, rel)) for lang in languages]
    return [*found, (X_DEFAULT, site_url + url_in(default, default, rel))]


def add_alternates(
    output: str, page_url: str, lang: str, site_url: str, default: str, languages: list[str], rels: list[str]
) -> str:
    """The page's hreflang links, after its canonical link (only for pages every language has)."""
    page_url = "" if page_url == "./" else page_url  # MkDocs' URL of the home page
    rel = page_url if lang == default else page_url.removeprefix(f"{lang}/")
    if rel not in rels:
        return output
    from sitegen.templating import render

    links = str(render("alternates.html", links=alternates(site_url, rel, default, languages)))
    at = output.find("</head>")
    return output if at < 0 else output[:at] + links + output[at:]


def sitemap(site_url: str, default: str, languages: list[str], rels: list[str]) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
            'xmlns:xhtml="http://www.w3.org/1999/xhtml">'
        ),
    ]
    for rel in rels:
        links = alternates(site_url, rel, default, languages)
        for lang in languages:
            lines.append("  <url>")
            lines.append(f"    <loc>{escape(site_url + url_in(lang, default, rel))}</loc>")
            lines += [
                f'    <xhtml:link rel="alternate" hreflang="{code}" href="{escape(href)}"/>'
                for code, href in links
            ]
            lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def robots(site_url: str) -> str:
    return f"User-agent: *\nAllow: /\n\nSitemap: {site_url}sitemap.xml\n"


def write(
    site_dir: Path, site_url: str | None, default: str, languages: list[str], rels: list[str]
) -> list[str]:
    """sitemap.xml and robots.txt with an address; without one, no sitemap (MkDocs' would
    hold "None/..." URLs) and no robots.txt. Returns the files written."""
    for name in ("sitemap.xml", "sitemap.xml.gz", "robots.txt"):
        (site_dir / name).unlink(missing_ok=True)
    if not site_url:
        return []
    (site_dir / "sitemap.xml").write_text(sitemap(site_url, default, languages, rels), encoding="utf-8")
    (site_dir / "robots.txt").write_text(robots(site_url), encoding="utf-8")
    return ["sitemap.xml", "robots.txt"]


def nav_stems(config: Any) -> list[str]:
    from sitegen.languages import _nav_files

    return [stem for _item, _title, stem in _nav_files(config.nav)]
