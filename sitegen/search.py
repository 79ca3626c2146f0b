"""Accent-insensitive search: the search index gains a hidden `plain` field.

Material's search (lunr) matches query terms as typed, as prefixes of the indexed words. A Greek
or French reader who types "ανακατανομη" or "reserve" should still find "ανακατανομή" and
"réserve", so every page section whose text has accented words also gets those words without
their accents in a `plain` field, which the search worker indexes like any field listed in the
index's config but never shows. Queries typed with accents still match the original text.
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
    """The accented words of `texts`, lower-cased and stripped, each once, in order of use."""
    seen: dict[str, None] = {}
    for text in texts:
        for word in WORD_RE.findall(html.unescape(TAG_RE.sub(" ", text)).lower()):
            bare = strip_accents(word)
            if bare != word:
                seen.setdefault(bare, None)
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


def process_index_file(path: Path) -> bool:
    """Rewrites Material's search_index.json in place; False when there is no index."""
    if not path.is_file():
        return False
    index = json.loads(path.read_text(encoding="utf-8"))
    add_plain_field(index)
    # Same compact form as Material writes, so the file stays small and byte-stable.
    path.write_text(json.dumps(index, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")
    return True
