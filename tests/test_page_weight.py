"""Light pages (issue 10): no built HTML page over 200 KB, boards shown as pictures of files the
build wrote, and the last touches of sitegen/lightpage.py.

The size is the page's own HTML, uncompressed (what the browser parses); its scripts, styles,
pictures and the boards' answers are separate files, fetched as needed.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import catalogues
from sitegen import lightpage
from tests.conftest import ROOT

MAX_PAGE_BYTES = 200_000

_IMG_RE = re.compile(r'<img class="cc-picture"[^>]*>')
_ATTR_RE = re.compile(r'([a-z-]+)="([^"]*)"')


def _pages(site: Path) -> list[Path]:
    return sorted(
        p for p in site.rglob("*.html") if not {"pyodide", "_bench"} & set(p.relative_to(site).parts)
    )


def test_no_page_is_over_200_kb(built_site: Path) -> None:
    pages = _pages(built_site)
    langs = {p.relative_to(built_site).parts[0] for p in pages}
    assert set(catalogues.LANGUAGES) - {"en"} <= langs, "not every language was built"
    heavy = {
        p.relative_to(built_site).as_posix(): p.stat().st_size
        for p in pages
        if p.stat().st_size > MAX_PAGE_BYTES
    }
    assert heavy == {}, f"pages over {MAX_PAGE_BYTES} bytes of HTML: {heavy}"


def test_board_pictures_are_files_with_their_text_in_the_page(built_site: Path) -> None:
    """Every board picture is a file of the site holding one drawing; its text alternative and
    its description (aria-describedby) are in the page itself."""
    seen = 0
    for path in _pages(built_site):
        text = path.read_text(encoding="utf-8")
        for tag in _IMG_RE.findall(text):
            attrs = dict(_ATTR_RE.findall(tag))
            target = (path.parent / html.unescape(attrs["src"])).resolve()
            assert target.is_file(), f"{path}: {attrs['src']} is missing"
            assert target.parent == (built_site / "assets" / "pictures").resolve(), attrs["src"]
            svg = target.read_text(encoding="utf-8")
            assert svg.startswith("<svg ") and svg.endswith("</svg>") and svg.count("<svg ") == 1
            assert attrs["alt"].strip(), f"{path}: a picture without a text alternative"
            assert f'width="{attrs["width"]}" height="{attrs["height"]}"' in svg  # no layout shift
            desc = re.search(rf'<p [^>]*id="{re.escape(attrs["aria-describedby"])}"[^>]*>([^<]+)</p>', text)
            assert desc and desc.group(1).strip(), f"{path}: no description for {attrs['data-diagram']}"
            seen += 1
    assert seen > 100


def test_page_messages_are_held_once(built_site: Path) -> None:
    """A page's repeated script messages are one element the others name (boot.js follows)."""
    page = (built_site / "el" / "puzzles-crescent" / "index.html").read_text(encoding="utf-8")
    blocks = re.findall(r'<script type="application/json" data-role="ui"([^>]*)>([^<]*)</script>', page)
    refs = [attrs for attrs, body in blocks if "data-ref" in attrs]
    assert len(refs) > 20
    ids = set(re.findall(r'id="(cc-ui-[0-9a-f]+)"', page))
    assert all(re.search(r'data-ref="([^"]+)"', a).group(1) in ids for a in refs)
    full = [body for attrs, body in blocks if body]
    assert len(full) == len(set(full))


# ---- sitegen/lightpage.py --------------------------------------------------------------------------


def _ui(text: str) -> str:
    return f'<script type="application/json" data-role="ui">{text}</script>'


def test_share_ui_messages_keeps_the_first_and_names_it() -> None:
    page = "".join([_ui('{"a":"1"}'), _ui('{"b":"2"}'), _ui('{"a":"1"}'), _ui('{"a":"1"}')])
    out = lightpage.share_ui_messages(page)
    key = re.search(r'id="(cc-ui-[0-9a-f]{12})"', out).group(1)
    assert out == "".join(
        [
            f'<script type="application/json" data-role="ui" id="{key}">{{"a":"1"}}</script>',
            _ui('{"b":"2"}'),  # alone: untouched
            f'<script type="application/json" data-role="ui" data-ref="{key}"></script>',
            f'<script type="application/json" data-role="ui" data-ref="{key}"></script>',
        ]
    )
    assert lightpage.share_ui_messages(out) == out  # run twice, same page


def test_only_the_first_picture_is_eager() -> None:
    img = '<img class="cc-picture" src="a.svg" alt="x" loading="lazy" decoding="async">'
    eager = img.replace(' loading="lazy"', "")
    out = lightpage.lighten(f"<p>{img}</p><p>{img}</p>")
    assert out == f"<p>{eager}</p><p>{img}</p>"


def test_state_attribute_round_trips() -> None:
    state = {"game": "crescent", "note": 'it\'s <b> & "q"', "piles": [["6C", "AH"]]}
    attr = lightpage.state_attribute(state)
    m = re.fullmatch(r" data-state='([^']*)'", attr)
    assert m and "&quot;" not in attr
    assert json.loads(html.unescape(m.group(1))) == state


def test_pictures_path_to_the_site_root() -> None:
    from sitegen.markers import MarkerContext
    from sitegen.pictures import site_root

    def ctx(path: str, lang: str, url: str | None = None) -> MarkerContext:
        return MarkerContext(path=path, lang=lang, docs_dir=ROOT / "docs", url=url)

    assert site_root(ctx("docs/el/crescent.md", "el", "el/crescent/")) == "../../"
    assert site_root(ctx("docs/en/index.md", "en", "")) == ""
    # Without MkDocs' URL: the docs layout (English at the root).
    assert site_root(ctx("docs/en/crescent.md", "en")) == "../"
    assert site_root(ctx("docs/ko/index.md", "ko")) == "../"
    assert site_root(ctx("docs/ko/puzzles.md", "ko")) == "../../"
