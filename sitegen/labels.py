"""`<!-- label: KEY -->`: a page quotes the site's own words (a button, a setting, a choice of
the board) from the catalogue, so the rules pages and the board can never name a control two
ways. The message must take no arguments; an unknown key fails the build with file and line."""

from __future__ import annotations

import re
from typing import Any

_KEY = re.compile(r"^[a-z][\w.-]*$")


def label_text(args: str, lang: str, ctx: Any) -> str:
    import catalogues

    key = args.strip()
    if not _KEY.match(key):
        raise ValueError(f"malformed label {key!r}: expected a catalogue key, e.g. ui.button.undo")
    if catalogues.placeholders(catalogues.load(lang).get(key, "")):
        raise ValueError(f"message {key!r} takes arguments: a page can quote only a fixed label")
    return catalogues.message(lang, key)
