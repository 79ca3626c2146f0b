"""MkDocs hook: shares compiled templates between the language builds (see sitegen/speed.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def on_env(env: Any, config: Any, files: Any) -> Any:
    from sitegen import speed

    return speed.share_template_cache(env)


def on_config(config: Any) -> Any:
    from sitegen import speed

    speed.cache_theme_file_list()
    return config
