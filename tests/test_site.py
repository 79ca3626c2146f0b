"""The built site (docs/ built once per session by tests/conftest.py: built_site)."""

from __future__ import annotations

import html
import html.parser
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

import catalogues
from tests.conftest import ROOT

# Every catalogue language (catalogues/<lang>/); the default language, English, first.
LANGUAGES = ("en", *(lang for lang in catalogues.LANGUAGES if lang != "en"))


class _YamlLoader(yaml.SafeLoader):
    """mkdocs.yml may hold !!python/name tags (Material's emoji); they are irrelevant here."""


_YamlLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def mkdocs_config() -> dict:
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_YamlLoader)


def nav_pages(nav: list) -> list[str]:
    pages: list[str] = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        if isinstance(value, list):
            pages += nav_pages(value)
        elif isinstance(value, str) and value.endswith(".md"):
            pages.append(value)
    return pages


def built_path(site: Path, lang: str, page: str) -> Path:
    """Where mkdocs-static-i18n writes `page` of `lang` (the default language at the root)."""
    stem = page[:-3]
    rel = "index.html" if stem == "index" else f"{stem}/index.html"
    return site / rel if lang == "en" else site / lang / rel


def html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_languages_are_the_catalogues_languages(built_site: Path) -> None:
    import catalogues

    # mkdocs.yml names only the default language; the others come from catalogues/<lang>/.
    i18n = next(p["i18n"] for p in mkdocs_config()["plugins"] if isinstance(p, dict) and "i18n" in p)
    assert [lang["locale"] for lang in i18n["languages"]] == ["en"]
    assert set(catalogues.LANGUAGES) == set(LANGUAGES)
    for lang in LANGUAGES:
        if lang != "en":
            assert (built_site / lang / "index.html").is_file()
    assert mkdocs_config()["theme"]["font"] is False


def test_nav_titles_come_from_each_catalogue(built_site: Path) -> None:
    import catalogues

    for lang in LANGUAGES:
        text = built_path(built_site, lang, "index.md").read_text(encoding="utf-8")
        for page in nav_pages(mkdocs_config()["nav"]):
            title = catalogues.message(lang, f"site.nav.{page[:-3]}")
            assert html.escape(title, quote=False) in text, (lang, title)


def test_every_page_exists_in_every_language(built_site: Path) -> None:
    pages = nav_pages(mkdocs_config()["nav"])
    assert len(pages) >= 9
    missing = [
        str(built_path(built_site, lang, page).relative_to(built_site))
        for page in pages
        for lang in LANGUAGES
        if not built_path(built_site, lang, page).is_file()
    ]
    assert missing == []
    # And each language's page is in that language, not a fallback copy of the English one.
    for page in pages:
        texts = {lang: built_path(built_site, lang, page).read_text(encoding="utf-8") for lang in LANGUAGES}
        for lang, text in texts.items():
            assert f'<html lang="{lang}"' in text, (lang, page)
        assert len({re.sub(r"<[^>]+>", "", t) for t in texts.values()}) == len(LANGUAGES), page


def test_language_switcher_keeps_the_page(built_site: Path) -> None:
    page = built_path(built_site, "fr", "crescent.md")
    links = dict(
        re.findall(
            r'<a href="([^"]+)" hreflang="([a-z]{2})" class="md-select__link"',
            page.read_text(encoding="utf-8"),
        )
    )
    targets = {lang: (page.parent / href).resolve() for href, lang in links.items()}
    assert targets == {
        lang: built_path(built_site, lang, "crescent.md").parent.resolve() for lang in LANGUAGES
    }


class _DiagramScan(html.parser.HTMLParser):
    """Collects every data-diagram element and whether it has a text alternative."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.diagrams: list[dict] = []
        self._svg: dict | None = None
        self._depth = 0
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "img" and "data-diagram" in a:
            self.diagrams.append({"id": a["data-diagram"], "alt": bool((a.get("alt") or "").strip())})
        if tag == "svg" and self._svg is None and "data-diagram" in a:
            self._svg = {
                "id": a["data-diagram"],
                "alt": bool((a.get("aria-label") or "").strip()),
                "title": "",
                "desc": "",
            }
            self._depth = 0
        if self._svg is not None:
            self._depth += 1
            if tag in ("title", "desc") and self._depth == 2:
                self._in = tag

    def handle_endtag(self, tag: str) -> None:
        if self._svg is None:
            return
        self._in = None
        self._depth -= 1
        if tag == "svg" and self._depth == 0:
            svg = self._svg
            svg["alt"] = svg["alt"] or bool(svg["title"].strip() or svg["desc"].strip())
            self.diagrams.append(svg)
            self._svg = None

    def handle_data(self, data: str) -> None:
        if self._svg is not None and self._in:
            self._svg[self._in] += data


def test_every_diagram_has_a_text_alternative_and_a_description(built_site: Path) -> None:
    total = 0
    for path in html_files(built_site):
        text = path.read_text(encoding="utf-8")
        scan = _DiagramScan()
        scan.feed(text)
        without = [d["id"] for d in scan.diagrams if not d["alt"]]
        assert without == [], f"{path}: diagrams without a text alternative: {without}"
        total += len(scan.diagrams)
        # Every figure drawn from a marker has its description readable on demand.
        for figure in re.findall(r'<figure class="diagram.*?</figure>', text, re.DOTALL):
            assert '<details class="diagram-description">' in figure, path
    assert total > 0, "no diagram in the whole site"


# Loading attributes and CSS/JS forms that fetch something (not <a href>, not xmlns).
_LOADS = [
    re.compile(
        r"""<(?:script|img|iframe|source|audio|video|embed|track|input)\b[^>]*\ssrc\s*=\s*["']?\s*(https?:)?//""",
        re.IGNORECASE,
    ),
    re.compile(r"""<link\b[^>]*\shref\s*=\s*["']?\s*(https?:)?//""", re.IGNORECASE),
    re.compile(r"""<object\b[^>]*\sdata\s*=\s*["']?\s*(https?:)?//""", re.IGNORECASE),
    re.compile(r"""\ssrcset\s*=\s*["'][^"']*(https?:)?//""", re.IGNORECASE),
    re.compile(r"""url\(\s*["']?\s*(https?:)?//""", re.IGNORECASE),
    re.compile(r"""@import\s+(?:url\()?\s*["']?\s*(https?:)?//""", re.IGNORECASE),
    re.compile(r"""\bimport\s*\(\s*["'`]\s*https?://""", re.IGNORECASE),
    re.compile(r"""\bimport\s+[^;'"`]*\bfrom\s*["'`]\s*https?://""", re.IGNORECASE),
    re.compile(r"""\bimportScripts\s*\([^)]*https?://""", re.IGNORECASE),
    re.compile(r"""\bfetch\s*\(\s*["'`]\s*https?://""", re.IGNORECASE),
]
# Material's bundle names two URLs it loads only on demand, neither of which this site triggers:
# mermaid (only when a page has a mermaid diagram; none has) and a ResizeObserver polyfill
# (only in browsers without ResizeObserver). Pyodide's loader names the jsDelivr CDN as its
# default indexURL, which the page's boot code always overrides with the site's own pyodide/.
_VENDOR_ON_DEMAND = ("unpkg.com/mermaid", "unpkg.com/resize-observer-polyfill", "cdn.jsdelivr.net/pyodide")


def off_host_loads(site: Path) -> list[str]:
    """Every place in the built HTML, CSS and JS that would fetch something from another host."""
    offenders: list[str] = []
    for path in sorted(site.rglob("*")):
        if path.suffix not in (".html", ".css", ".js", ".mjs") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for pattern in _LOADS:
            for m in pattern.finditer(text):
                snippet = text[m.start() : m.end() + 80]
                if any(vendor in snippet for vendor in _VENDOR_ON_DEMAND):
                    continue
                offenders.append(f"{path.relative_to(site)}: {snippet[:120]!r}")
    return offenders


def test_the_off_host_scan_catches_loads(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text(
        '<a href="https://example.org/">fine: a link</a>'
        '<svg xmlns="http://www.w3.org/2000/svg"></svg>'
        '<script src="https://cdn.example/x.js"></script>'
        '<link rel="stylesheet" href="//fonts.example/f.css">'
        '<img alt="" src=https://img.example/i.png>'
    )
    (tmp_path / "b.css").write_text(
        '@import url("https://x.example/y.css"); a{background:url(//z.example/p.png)}'
    )
    (tmp_path / "c.js").write_text(
        'import x from "https://esm.example/m.js"; importScripts("https://w.example/w.js");'
        ' fetch("https://api.example/") '
    )
    found = off_host_loads(tmp_path)
    hosts = {h for f in found for h in re.findall(r"//([a-z.]+\.example)/", f.split(": ", 1)[1][:60])}
    assert hosts == {
        "cdn.example",
        "fonts.example",
        "img.example",
        "x.example",
        "z.example",
        "esm.example",
        "w.example",
        "api.example",
    }, found
    assert not any("example.org" in f or "w3.org" in f for f in found)


def test_no_page_loads_anything_from_another_host(built_site: Path) -> None:
    assert off_host_loads(built_site) == []
    page = (built_site / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis" not in page and "fonts.gstatic" not in page


def test_runtime_is_in_the_site(built_site: Path) -> None:
    for name in (
        "pyodide.js",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    ):
        assert (built_site / "pyodide" / name).read_bytes() == (
            ROOT / "node_modules" / "pyodide" / name
        ).read_bytes()
    with zipfile.ZipFile(built_site / "assets" / "py.zip") as zf:
        names = zf.namelist()
        assert names == sorted(names)
        assert "engine/__init__.py" in names and "catalogues/__init__.py" in names
        assert any(n.startswith("diagrams/") for n in names)
        assert "pyworker/__init__.py" in names
        assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
        assert {info.date_time for info in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def _index(site: Path, lang: str) -> dict:
    folder = site if lang == "en" else site / lang
    return json.loads((folder / "search" / "search_index.json").read_text(encoding="utf-8"))


def test_search_index_has_accent_free_words(built_site: Path) -> None:
    def words(lang: str, page: str) -> set[str]:  # a page's sections are docs "page/#anchor"
        index = _index(built_site, lang)
        assert "plain" in index["config"]["fields"]
        return {
            w
            for doc in index["docs"]
            if doc["location"].split("#")[0] == page
            for w in doc.get("plain", "").split()
        }

    assert "ανακατανομη" in words("el", "crescent/")
    assert "reserve" in words("fr", "canfield/")


def test_each_language_searches_its_own_pages(built_site: Path) -> None:
    pages = {page[:-3] for page in nav_pages(mkdocs_config()["nav"])} - {"index"}
    for lang in LANGUAGES:
        index = _index(built_site, lang)
        tops = {doc["location"].split("#")[0].rstrip("/") for doc in index["docs"]}
        assert tops == pages | {""}, (lang, tops)  # this language's pages, nothing else
        page = built_path(built_site, lang, "crescent.md").read_text(encoding="utf-8")
        base = re.search(r'"base": "([^"]*)"', page).group(1)  # Material's search fetches from there
        assert (
            built_path(built_site, lang, "crescent.md").parent / base / "search" / "search_index.json"
        ).resolve() == (
            (built_site if lang == "en" else built_site / lang) / "search" / "search_index.json"
        ).resolve()
        # No <link rel="alternate">: Material would fetch a sitemap.xml under each (404s).
        assert '<link rel="alternate"' not in page


@pytest.mark.slow
def test_two_builds_are_identical(request: pytest.FixtureRequest, tmp_path: Path) -> None:
    # The second build runs in a new process with another hash seed: in-process caches and
    # set/dict orders cannot make the two agree by accident. It runs before the shared site is
    # asked for, so that it need not wait for that build to end (scripts/test.sh starts it
    # beside the tests), and the two run at once.
    again = tmp_path / "again"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    env.pop("SOURCE_DATE_EPOCH", None)
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build.py"), "--site-dir", str(again)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    built_site: Path = request.getfixturevalue("built_site")
    first = {p.relative_to(built_site): p for p in built_site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p for p in again.rglob("*") if p.is_file()}
    assert sorted(first) == sorted(second)
    differing = [str(rel) for rel, p in first.items() if p.read_bytes() != second[rel].read_bytes()]
    assert differing == []


def test_site_name_comes_from_each_catalogue(built_site: Path) -> None:
    # The header and every <title> name the site in the page's language (review K75, J58).
    import catalogues

    for lang in LANGUAGES:
        name = catalogues.message(lang, "site.name")
        text = built_path(built_site, lang, "faq.md").read_text(encoding="utf-8")
        title = re.search(r"<title>(.*?)</title>", text, re.DOTALL)
        assert title, lang
        assert html.unescape(title.group(1)).strip().endswith(name), (lang, title.group(1))
        assert name in html.unescape(text.split("</header>")[0]), lang


def test_every_page_gives_the_phone_the_headers_colour(built_site: Path) -> None:
    """<meta name="theme-color"> is written by the template (overrides/main.html), not read from
    the page's style after load: it must be the header's colour, site.css's primary, which is the
    same in both schemes (no slate rule sets it)."""
    css = (ROOT / "docs" / "assets" / "css" / "site.css").read_text(encoding="utf-8")
    primary = re.search(r"--md-primary-fg-color:\s*(#[0-9a-f]{6});", css)
    assert primary, "site.css sets no --md-primary-fg-color"
    assert len(re.findall(r"--md-primary-fg-color:", css)) == 1, "a scheme sets its own header colour"
    for page in built_site.rglob("index.html"):
        if "pyodide" in page.parts:
            continue
        metas = re.findall(r'<meta name="theme-color" content="([^"]+)"', page.read_text(encoding="utf-8"))
        assert metas == [primary.group(1)], (page, metas)
