"""MkDocs hook: a page's text gets its language's typography (sitegen/page_typography.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def on_page_content(html: str, page: Any, **kwargs: Any) -> str:
    from sitegen.page_typography import typeset
    from sitegen.pages import typeset_content

    lang = page.file.src_uri.split("/", 1)[0]
    # The table of contents repeats the headings ("Colonne ou fondation ?"): same spaces there.
    _typeset_toc(page.toc, lang, typeset)
    return typeset_content(html, lang)


def _typeset_toc(items: Any, lang: str, typeset: Any) -> None:
    for item in items or ():
        item.title = typeset(item.title, lang)
        _typeset_toc(item.children, lang, typeset)
