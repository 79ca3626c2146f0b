"""MkDocs hook: the site's languages are the catalogues' languages (see sitegen/languages.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@event_priority(100)  # before mkdocs-static-i18n (-100) reads its languages
def on_config(config: Any) -> Any:
    from sitegen import languages

    try:
        return languages.configure(config)
    except languages.LanguageError as e:
        raise PluginError(str(e)) from None
