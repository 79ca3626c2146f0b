"""MkDocs hook: expands `<!-- NAME: ARGS -->` markers in pages (all the work is in sitegen).

Block markers' HTML is stashed while Markdown runs and put back into the finished page
(sitegen/markers.py explains why).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `mkdocs build` run by hand does not put the project on the path
    sys.path.insert(0, str(ROOT))

from mkdocs.exceptions import PluginError  # noqa: E402

from sitegen.errors import SourceError, display_path  # noqa: E402

STASH_ATTR = "_sitegen_stash"


def _page_lang(page: Any, config: Any) -> str:
    # mkdocs-static-i18n sets file.locale; a plain build falls back to the theme language.
    return getattr(page.file, "locale", None) or config.theme.get("language") or "en"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    from sitegen import pages

    src = Path(page.file.abs_src_path)
    # The front matter has been cut off `markdown`: count its lines so messages give the
    # line in the file the writer edits.
    try:
        source = src.read_text(encoding="utf-8-sig")
    except OSError:
        source = markdown
    first_line = 1
    if source.rstrip("\n").endswith(markdown.rstrip("\n")):
        first_line = source[: len(source.rstrip("\n")) - len(markdown.rstrip("\n"))].count("\n") + 1
    stash: dict[str, str] = {}
    setattr(page, STASH_ATTR, stash)
    try:
        return pages.expand_markers(
            markdown,
            display_path(src, ROOT),
            _page_lang(page, config),
            Path(config.docs_dir),
            root=ROOT,
            first_line=first_line,
            stash=stash,
            memo=True,
            url=page.url,
        )
    except SourceError as e:
        raise PluginError(str(e)) from None


def on_post_page(output: str, page: Any, config: Any) -> str:
    from sitegen import pages

    return pages.put_back_blocks(output, getattr(page, STASH_ATTR, None))
