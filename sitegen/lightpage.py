"""Last touches on a finished page that keep it light (called by hooks/markers.py).

- A page's live parts each carry their messages for the page's scripts
  (`<script type="application/json" data-role="ui">`), mostly the very same ones: the Puzzles
  page had 26 copies of one 2 KB block. Each repeat becomes an empty element that names the
  first (`data-ref="cc-ui-<hash>"`, read by core/messages.js's uiMessages).
- Board pictures are `loading="lazy"` (sitegen/pictures.py), except the page's first, which may
  be its largest paint and should not wait for layout.

Both work on the whole page, after every marker is expanded, so the result does not depend on
which markers the build's memo reused: the same page always comes out the same.

`state_attribute` writes a board's `data-state` (its position, JSON) in single quotes: JSON's
double quotes then stay as they are instead of six-byte `&quot;`s (a position is about 40%
lighter; the Puzzles page carries 52 of them).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from sitegen.templating import render, safe

# The exact form sitegen.templating.json_script writes (its text has no "<").
_UI_RE = re.compile(r'<script type="application/json" data-role="ui">([^<]*)</script>')
_LAZY_PICTURE_RE = re.compile(r'(<img class="cc-picture"[^>]*?) loading="lazy"')


def share_ui_messages(page: str) -> str:
    counts: dict[str, int] = {}
    for m in _UI_RE.finditer(page):
        counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    seen: set[str] = set()

    def one(m: re.Match[str]) -> str:
        text = m.group(1)
        if counts[text] < 2:
            return m.group(0)
        key = "cc-ui-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
        ref = text in seen
        seen.add(text)
        return str(render("ui_script.html", ref=ref, key=key, text=safe(text)))

    return _UI_RE.sub(one, page)


def first_picture_eager(page: str) -> str:
    return _LAZY_PICTURE_RE.sub(r"\1", page, count=1)


def lighten(page: str) -> str:
    return first_picture_eager(share_ui_messages(page))


def state_attribute(state: Any) -> str:
    """` data-state='{...}'`: the position as compact JSON in a single-quoted attribute."""
    text = json.dumps(state, separators=(",", ":"), sort_keys=True)
    text = text.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;")
    return f" data-state='{text}'"
