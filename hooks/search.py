"""MkDocs hook: makes search accent-insensitive (see sitegen/search.py)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# mkdocs-static-i18n (priority -100) rewrites the merged, all-language index at the end of its
# own post_build; this must run after it, on the final file.
@event_priority(-200)
def on_post_build(config: Any) -> None:
    from sitegen import search

    search.process_index_file(Path(config.site_dir) / "search" / "search_index.json")
