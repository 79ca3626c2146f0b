"""A page's own work, as plain functions of (page source, language, site data): what MkDocs'
hooks call (hooks/markers.py, typography.py, a11y.py), and what another generator would call
instead (issue 26: Material's successor, Zensical, reads mkdocs.yml but runs no MkDocs hooks).

    source --expand_markers--> Markdown --(the generator's Markdown)--> article HTML
           --typeset_content--> article HTML --(the generator's template)--> page
           --finish_page--> the page as the site serves it

tests/test_pages_without_mkdocs.py runs every page of every language through these functions
with Python-Markdown alone (the extensions mkdocs.yml names) and checks the result against the
MkDocs build.
"""

from __future__ import annotations

import html as html_lib
from pathlib import Path

import catalogues
from sitegen import a11y, lightpage, markers
from sitegen.page_typography import typeset

# Every `<!-- NAME: ARGS -->` marker of a page's Markdown replaced (sitegen/markers.py), block
# markers' HTML kept aside in `stash` for `put_back_blocks`.
expand_markers = markers.expand


def permalink_titles(content: str, lang: str) -> str:
    """The headings' ¶ links say "Permanent link" (Python-Markdown's toc, one title for every
    language): each page gets its own language's words from the catalogue."""
    title = html_lib.escape(catalogues.message(lang, "site.permalink"), quote=True)
    return content.replace('title="Permanent link"', f'title="{title}"')


def typeset_content(content: str, lang: str) -> str:
    """The article's HTML in its language's typography, its permalinks' titles in its words."""
    return typeset(permalink_titles(content, lang), lang)


def put_back_blocks(page: str, stash: dict[str, str] | None) -> str:
    """The block markers' HTML put back in the finished page, and the page lightened (shared
    messages, the first picture eager): hooks/markers.py's post-page step."""
    if not stash:
        return page
    return lightpage.lighten(markers.unstash(page, stash))


def finish_page(page: str, lang: str, stash: dict[str, str] | None, *, default_lang: str, root: Path) -> str:
    """Every post-page step, in the order mkdocs.yml's hooks run them: the blocks put back, the
    search base of the page's language, the Python snapshot's meta, the offline note, the skip
    link to the board. (A site with a `site_url` also gets its hreflang links from
    sitegen/deploy.py, which needs the whole navigation.)"""
    from sitegen import offline, search, snapshot

    page = put_back_blocks(page, stash)
    page = search.localise_page(page, None if lang == default_lang else lang)
    page = snapshot.add_meta(page, root)
    page = offline.add_note(page, lang)
    return a11y.finish_page(page, lang)
