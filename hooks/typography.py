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

    lang = page.file.src_uri.split("/", 1)[0]
    return typeset(html, lang)
