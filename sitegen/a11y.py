"""Finishing touches on every built page for keyboard and screen-reader readers (issue 10).

`finish_page(html, lang)`: on a Play page, a skip link to the board as the page's first
focusable element (beside Material's own "skip to content"). The link's target is the board's
drawing; play/play.js moves the focus onto the board's one tab stop when it is followed.
"""

from __future__ import annotations

import re

_PLAY_BOARD = re.compile(r'<div class="cc-live cc-board" id="([^"]+)"')
_SKIP = '<div data-md-component="skip">'


def skip_link(page: str, lang: str) -> str:
    import catalogues
    from sitegen.templating import render, safe

    m = _PLAY_BOARD.search(page)
    if not m or _SKIP not in page:
        return page
    text = catalogues.message(lang, "ui.skip-board")
    link = str(render("skip_link.html", board=safe(m.group(1)), text=text))
    return page.replace(_SKIP, _SKIP + link, 1)


def finish_page(page: str, lang: str) -> str:
    return skip_link(page, lang)
