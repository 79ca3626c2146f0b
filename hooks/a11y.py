"""MkDocs hook: keyboard and screen-reader touches on each finished page (sitegen/a11y.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def on_post_page(output: str, page: Any, config: Any) -> str:
    from sitegen import a11y

    lang = getattr(page.file, "locale", None) or config.theme.get("language") or "en"
    return a11y.finish_page(output, lang)
