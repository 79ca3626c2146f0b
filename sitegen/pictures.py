"""Boards shown as light pictures: an `<img>` of a build-written .svg file in the page, the
drawing itself fetched by the page's script when the board comes near the viewport.

A page with dozens of boards (the Puzzles page has 52) would otherwise carry every one of
them inline: 10-20 KB of SVG each, most of it below the fold and parsed before the first paint.
Here the page holds `<img src="assets/pictures/<hash>.<lang>.svg">` instead: the browser
decodes it off the main thread and, `loading="lazy"`, fetches it only near the viewport. The
picture's text alternative stays in the page (`alt` from the drawing's `<title>`,
`aria-describedby` pointing at the figure's description, which every figure shows on demand),
so a screen reader loses nothing. Once the board's build-time answers arrive (tryit/tryit.js,
learn/lesson.js), the inline drawing replaces the picture; a click on the picture before that is
queued and replayed on the drawing at the same spot.

Files are named by a hash of their bytes (equal pictures are one file; a changed one is a new
URL) and end in the page's language, as the try-it answers do (the offline worker keeps a
language's files together: sitegen/offline.py).
"""

from __future__ import annotations

import hashlib
import html
import re
from typing import Any

from sitegen.assets import PENDING_ASSETS
from sitegen.templating import render

PICTURE_DIR = "assets/pictures"

_TITLE_RE = re.compile(r"<title[^>]*>(.*?)</title>", re.DOTALL)
_ROWS_RE = re.compile(r'<svg\b[^>]*?\sdata-rows="')
_SIZE_RE = re.compile(r'<svg\b[^>]*?\swidth="(\d+(?:\.\d+)?)"[^>]*?\sheight="(\d+(?:\.\d+)?)"')


def site_root(ctx: Any) -> str:
    """The way from the page's URL up to the site's root (`../../` for `el/crescent/`).

    The hook gives the page's URL (`ctx.url`, MkDocs' `page.url`); without it (a marker
    expanded outside MkDocs, as in unit tests) it follows the docs layout: `docs/<lang>/x.md`
    is `<lang>/x/`, English (mkdocs.yml's default language) at the root."""
    url = getattr(ctx, "url", None)
    if url is None:
        parts = str(ctx.path).replace("\\", "/").split("/")
        depth = 0 if parts[-1] == "index.md" else 1
        if ctx.lang != "en":
            depth += 1
        return "../" * depth
    return "../" * url.count("/")


def picture_file(svg: str, lang: str) -> str:
    """Queues `svg` for writing as a file; returns its path under the site."""
    data = svg.encode("utf-8")
    name = f"{PICTURE_DIR}/{hashlib.sha256(data).hexdigest()[:20]}.{lang}.svg"
    PENDING_ASSETS[name] = data
    return name


def svg_title(svg: str) -> str:
    """The drawing's short text alternative (its `<title>`), as plain text."""
    m = _TITLE_RE.search(svg)
    return html.unescape(m.group(1)).strip() if m else ""


def picture_html(
    svg: str, lang: str, ctx: Any, *, ident: str, desc_id: str, alt: str | None = None, figure: bool = False
) -> str:
    """The `<img>` standing for `svg` in the page (see the module's docstring).

    `desc_id`: the id of the element holding the drawing's text description (the figure's
    `<p data-role="desc">`). `alt`: what the figure shows (a lesson's or puzzle's title, a
    replay's deal), when the drawing's title says only the game's board; a diagram's drawing
    says its point in its own title (diagrams/point.py). `figure`: the picture is in a <figure>
    (a diagram, a try-it), which Material sizes to its content: the picture says its drawing's
    width (`--cc-picture-width`, site.css), which an <img> not loaded yet does not have.
    Every picture is `loading="lazy"`; sitegen.lightpage makes the first one of a page eager (it
    may be the page's largest paint)."""
    m = _SIZE_RE.search(svg)
    if not m:
        raise ValueError("a board picture needs an <svg> with width and height")
    width, height = m.group(1), m.group(2)
    src = site_root(ctx) + picture_file(svg, lang)
    rows = None
    if _ROWS_RE.match(svg):
        # A live Crescent drawing shows its rows on a phone (diagrams/crescent_rows.py): so does
        # its picture, or the drawing would rearrange the board when it replaces the picture (and
        # a click on the picture would be replayed on another place).
        from diagrams import crescent_rows

        rows = {
            "media": crescent_rows.MEDIA,
            "src": site_root(ctx) + picture_file(crescent_rows.rows_picture(svg), lang),
            "width": crescent_rows.WIDTH,
            "height": crescent_rows.HEIGHT,
        }
    return render(
        "picture.html",
        ident=ident,
        src=src,
        width=width,
        height=height,
        alt=alt or svg_title(svg),
        desc_id=desc_id,
        rows=rows,
        figure_width=f"{width}px" if figure else None,
    )
