"""The catalogues' typography for the pages themselves (hooks/typography.py): in French, the
no-break spaces before `: ; ! ?` and inside « » that a translator types as ordinary spaces.

Only text between tags changes; code, preformatted text, scripts, styles, SVG (drawn from the
catalogues, already typeset), comments, attributes and character references are left as they
are, so `&amp;` never turns into `&amp ;` and `http://` keeps its colon.
"""

from __future__ import annotations

import re

_PROTECTED = re.compile(
    r"<!--.*?-->"
    r"|<(pre|code|script|style|svg|textarea|kbd)\b.*?</\1\s*>"
    r"|<[^>]+>"
    r"|&(?:#\d+|#x[0-9a-fA-F]+|\w+);",
    re.DOTALL | re.IGNORECASE,
)


def typeset(html: str, lang: str) -> str:
    """`html` with the language's page typography applied to its text (unchanged if none)."""
    from catalogues import typography

    fix = typography.PAGES.get(lang)
    if fix is None:
        return html
    out: list[str] = []
    pos = 0
    for m in _PROTECTED.finditer(html):
        if m.start() > pos:
            out.append(fix(html[pos : m.start()]))
        out.append(m.group(0))
        pos = m.end()
    if pos < len(html):
        out.append(fix(html[pos:]))
    return "".join(out)
