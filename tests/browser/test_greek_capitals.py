"""Greek in capitals: catalogues.upper("el", …) writes what Chromium shows for CSS
`text-transform: uppercase` under lang="el" (no accents, ¨ where an accent split a diphthong,
Ή kept), for every Greek message and glossary heading. The Greek pages declare lang="el", so
Material's uppercase styles (h5) render the same way."""

from __future__ import annotations

import html
import re
from pathlib import Path

import catalogues

ROOT = Path(__file__).resolve().parents[2]


def _greek_texts() -> list[str]:
    texts = []
    for text in catalogues.load("el").values():
        plain = re.sub(r"[{}#]", " ", text)
        if re.search(r"[\u0370-\u03ff]", plain):
            texts.append(" ".join(plain.split()))
    page = (ROOT / "docs" / "el" / "glossary.md").read_text(encoding="utf-8")
    texts += [m.group(1) for m in re.finditer(r"^##\s+(.+?)\s*\{#", page, re.MULTILINE)]
    texts += ["Μάιος", "ρολόι", "Άσος ή Ρήγας", "αϋπνία", "καΐκι", "Ευρώπη", "άυλος"]
    return texts


def test_greek_capitals_match_chromium(page) -> None:
    texts = _greek_texts()
    body = "".join(f'<p style="text-transform:uppercase">{html.escape(t)}</p>' for t in texts)
    page.set_content(f'<html lang="el"><body>{body}</body></html>')
    shown = page.eval_on_selector_all("p", "ps => ps.map(p => p.innerText)")
    differ = [
        (t, s, catalogues.upper("el", t))
        for t, s in zip(texts, shown, strict=True)
        if s != catalogues.upper("el", t)
    ]
    assert len(shown) == len(texts) > 100
    assert not differ, differ[:5]


def test_greek_pages_declare_their_language(page, site_url: str) -> None:
    page.goto(site_url + "el/canfield/")
    assert page.get_attribute("html", "lang") == "el"
