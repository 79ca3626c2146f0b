"""A build for a public host (SITE_URL): sitemap.xml with every page in every language and its
hreflang alternates, robots.txt, canonical and alternate links in every page (sitegen/deploy.py);
and the default build, which names no host."""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import ROOT, SITE_URL
from tests.test_site import LANGUAGES, built_path, mkdocs_config, nav_pages

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def public_url(lang: str, page: str) -> str:
    stem = page[:-3]
    rel = "" if stem == "index" else f"{stem}/"
    return SITE_URL + (rel if lang == "en" else f"{lang}/{rel}")


@pytest.mark.slow
def test_sitemap_lists_every_page_in_every_language_with_alternates(hosted_site: Path) -> None:
    pages = nav_pages(mkdocs_config()["nav"])
    root = ET.parse(hosted_site / "sitemap.xml").getroot()
    entries = {
        u.findtext("s:loc", namespaces=NS): {
            link.get("hreflang"): link.get("href") for link in u.findall("x:link", NS)
        }
        for u in root.findall("s:url", NS)
    }
    expected = {public_url(lang, page) for page in pages for lang in LANGUAGES}
    assert set(entries) == expected
    assert len(root.findall("s:url", NS)) == len(pages) * len(LANGUAGES)
    for page in pages:
        alternates = {lang: public_url(lang, page) for lang in LANGUAGES}
        alternates["x-default"] = public_url("en", page)
        for lang in LANGUAGES:
            assert entries[public_url(lang, page)] == alternates, (lang, page)
    assert (
        (hosted_site / "robots.txt").read_text(encoding="utf-8").endswith(f"Sitemap: {SITE_URL}sitemap.xml\n")
    )
    # A sitemap.xml.gz may only be the build's compressed copy of this sitemap
    # (sitegen/compress.py), never MkDocs' own (its URLs would be wrong).
    packed = hosted_site / "sitemap.xml.gz"
    if packed.exists():
        assert gzip.decompress(packed.read_bytes()) == (hosted_site / "sitemap.xml").read_bytes()


@pytest.mark.slow
def test_every_page_has_its_canonical_link_and_alternates(hosted_site: Path) -> None:
    for page in nav_pages(mkdocs_config()["nav"]):
        for lang in LANGUAGES:
            text = built_path(hosted_site, lang, page).read_text(encoding="utf-8")
            assert re.findall(r'<link rel="canonical" href="([^"]+)">', text) == [public_url(lang, page)]
            links = dict(re.findall(r'<link rel="alternate ?" hreflang="([^"]+)" href="([^"]+)">', text))
            assert links == {
                **{code: public_url(code, page) for code in LANGUAGES},
                "x-default": public_url("en", page),
            }, (lang, page)


@pytest.mark.parametrize("given", ["flag", "environment"])
def test_a_bad_site_url_stops_the_build(tmp_path: Path, given: str) -> None:
    # Both ways of giving the address reach the build (hosted_site builds in-process): a bad one
    # stops it before any page is built.
    address = ["--site-url", "cards.example.org"] if given == "flag" else []
    env = {**os.environ, "SITE_URL": "cards.example.org"} if given == "environment" else None
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build.py"), "--site-dir", str(tmp_path), *address],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert done.returncode == 1
    assert "SITE_URL 'cards.example.org'" in done.stderr and "absolute http(s) address" in done.stderr
    assert not any(tmp_path.iterdir())


def test_the_default_build_names_no_host(built_site: Path) -> None:
    for name in ("sitemap.xml", "sitemap.xml.gz", "robots.txt"):
        assert not (built_site / name).exists(), name
    for path in built_site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert 'rel="canonical"' not in text, path
        assert not re.search(r'<link rel="alternate ?" [^>]*href="https?:', text), path
    # The service worker works from whatever address serves it (Workbox's own runtime only
    # names its documentation in a warning).
    for path in [built_site / "sw.js", *built_site.glob("offline-*.js")]:
        assert not re.search(r"https?://(?!www\.w3\.org)", path.read_text(encoding="utf-8")), path
