"""Accent-insensitive search: the search index gains a hidden `plain` field.
(It also carries Japanese words from every word start: see sitegen/search_ja.py.)

Material's search (lunr) matches query terms as typed, as prefixes of the indexed words. A Greek
or French reader who types "ανακατανομη" or "reserve" should still find "ανακατανομή" and
"réserve", so every page section whose text has accented words also gets those words without
their accents in a `plain` field, which the search worker indexes like any field listed in the
index's config but never shows. Queries typed with accents still match the original text.

Search per language: mkdocs-static-i18n merges every language into one index at the site's
root, so a French reader would get English, Greek and Korean pages too. The merged index is
split into one index per language (`<lang>/search/search_index.json`, locations relative to
the language's folder; the default language keeps the root one), and each page tells
Material's search its language folder as its `base` (the `__config` script of the page), so
the search box of a page searches the pages of its language.

Pages also lose their `<link rel="alternate" hreflang>` tags: Material fetches
`sitemap.xml` under every alternate link (for its version selector), which for per-page
alternates means four 404s and console errors on every page load. The visible language
switcher (`<a hreflang>` links to the same page in each language) is untouched.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from pathlib import Path
from typing import Any

TAG_RE = re.compile(r"<[^>]+>")
WORD_RE = re.compile(r"\w+")
FIELD = "plain"


def strip_accents(text: str) -> str:
    """Letters without their combining marks: é -> e, ή -> η, ΐ -> ι (NFD, drop marks, NFC)."""
    decomposed = unicodedata.normalize("NFD", text)
    bare = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")
    return unicodedata.normalize("NFC", bare)


def plain_words(*texts: str) -> str:
    """The accented words of `texts`, lower-cased and stripped, each once, in order of use;
    for Japanese text, the tails of its clauses from every word start (sitegen/search_ja.py)."""
    from sitegen import search_ja

    seen: dict[str, None] = {}
    for raw in texts:
        text = html.unescape(TAG_RE.sub(" ", raw)).lower()
        for word in WORD_RE.findall(text):
            if search_ja.has_japanese(word):
                continue  # NFD would strip the voicing marks of kana (ゲ -> ケ): not accents
            bare = strip_accents(word)
            if bare != word:
                seen.setdefault(bare, None)
        for tail in search_ja.clause_tails(text):
            seen.setdefault(tail, None)
    return " ".join(seen)


def add_plain_field(index: dict[str, Any]) -> dict[str, Any]:
    """Adds (or recomputes: the function is idempotent) the `plain` field of every doc."""
    fields = index.setdefault("config", {}).setdefault("fields", {})
    fields[FIELD] = {"boost": 1}
    for doc in index.get("docs", []):
        doc.pop(FIELD, None)
        words = plain_words(doc.get("title", ""), doc.get("text", ""))
        if words:
            doc[FIELD] = words
    return index


def _write(path: Path, index: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Same compact form as Material writes, so the file stays small and byte-stable.
    path.write_text(json.dumps(index, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")


def split_by_language(site_dir: Path, languages: list[str]) -> list[str]:
    """Splits the merged root index into one per language (`languages`: the non-default ones,
    whose pages live in `<lang>/`); returns the index files written, root first."""
    root_index = site_dir / "search" / "search_index.json"
    if not root_index.is_file():
        return []
    merged = json.loads(root_index.read_text(encoding="utf-8"))
    parts: dict[str, list[dict[str, Any]]] = {lang: [] for lang in ["", *languages]}
    for doc in merged.get("docs", []):
        first = doc["location"].split("/", 1)[0]
        if first in languages and "/" in doc["location"]:
            parts[first].append({**doc, "location": doc["location"].split("/", 1)[1]})
        else:
            parts[""].append(doc)
    written = []
    for lang, docs in parts.items():
        index = add_plain_field({**merged, "config": json.loads(json.dumps(merged["config"])), "docs": docs})
        path = (site_dir / lang if lang else site_dir) / "search" / "search_index.json"
        _write(path, index)
        written.append(path.relative_to(site_dir).as_posix())
    return written


_BASE_RE = re.compile(r'(<script id="__config" type="application/json">\{[^<]*?"base": ")([^"]*)(")')
_ALTERNATE_RE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def localise_page(output: str, lang: str | None) -> str:
    """A built page of language `lang` (None: the default language): search base set to its
    language folder, alternate links removed (see the module's docstring)."""
    output = _ALTERNATE_RE.sub("", output)
    if lang:
        # A trailing slash: Material resolves "search/search_index.json" against the base URL.
        output = _BASE_RE.sub(lambda m: f"{m.group(1)}{m.group(2)}/{lang}/{m.group(3)}", output, count=1)
    return output
