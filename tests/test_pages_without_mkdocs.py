"""Every page of every language made without MkDocs (issue 26, item 6): sitegen/pages.py's plain
functions with Python-Markdown alone, as another generator (Material's successor, Zensical,
which runs no MkDocs hooks) would call them. Each page's markers are all expanded, and its
diagrams, boards and live parts are exactly those of the MkDocs build, in the same order."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import markdown
import pytest
import yaml

import catalogues
from sitegen import pages
from sitegen.markers import MARKER_RE

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
DEFAULT = "en"
NAMES = sorted(p.stem for p in (DOCS / DEFAULT).glob("*.md"))
# The page's generated parts, as the contract and the scripts find them.
PARTS = re.compile(r'data-(diagram|board|tryit|replay|lesson|puzzle|analysis|stats-chart)="([^"]*)"')


def _extensions() -> tuple[list[Any], dict[str, Any]]:
    """mkdocs.yml's markdown_extensions, as Python-Markdown takes them (the unsafe loader
    builds its slugify function: our own file)."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.UnsafeLoader)
    names: list[Any] = []
    options: dict[str, Any] = {}
    for item in config["markdown_extensions"]:
        if isinstance(item, dict):
            ((name, conf),) = item.items()
            names.append(name)
            options[name] = conf or {}
        else:
            names.append(item)
    return names, options


def _without_mkdocs(lang: str, name: str) -> str:
    src = DOCS / lang / f"{name}.md"
    stash: dict[str, str] = {}
    text = pages.expand_markers(
        src.read_text(encoding="utf-8"), f"docs/{lang}/{name}.md", lang, DOCS, root=ROOT, stash=stash
    )
    names, options = _extensions()
    content = markdown.markdown(text, extensions=names, extension_configs=options)
    content = pages.typeset_content(content, lang)
    page = f'<!doctype html><html lang="{lang}"><head></head><body><article>{content}</article></body></html>'
    return pages.finish_page(page, lang, stash, default_lang=DEFAULT, root=ROOT)


def _built(site: Path, lang: str, name: str) -> str:
    folder = site if lang == DEFAULT else site / lang
    path = folder / "index.html" if name == "index" else folder / name / "index.html"
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
@pytest.mark.parametrize("name", NAMES)
def test_a_page_made_without_mkdocs_has_the_builds_parts(built_site: Path, lang: str, name: str) -> None:
    out = _without_mkdocs(lang, name)
    assert not MARKER_RE.search(out), f"a marker left in {lang}/{name}: {MARKER_RE.search(out)}"
    ours = PARTS.findall(out)
    theirs = PARTS.findall(_built(built_site, lang, name))
    assert ours == theirs
    if name in ("crescent", "play-crescent", "analysis-canfield"):
        assert ours, "a page with live parts found none: the pattern is wrong"
