"""Figures that say their point (issue 22, item 4), on the built site, every page of every language:

- no two board pictures of a page share a text alternative (`alt`) unless they show the same
  thing (the same position and the same description): a rules page once had 14 figures and one
  alt, "Crescent board";
- a figure that highlights a move names that move in its alt and its text description, and a
  refused one also says that it is refused and gives the engine's reason, in the page's language.
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from pathlib import Path

import pytest

import catalogues
import diagrams
import engine
from sitegen import diagram_marker, facts
from sitegen.context import MarkerContext
from sitegen.sources import resolve_state
from tests.conftest import ROOT

DOCS = ROOT / "docs"
LANGS = catalogues.LANGUAGES
DEFAULT_LANG = "en"

_IMG_RE = re.compile(r'<img class="cc-picture"[^>]*>')
_ATTR_RE = re.compile(r'([a-z-]+)="([^"]*)"')
_MARKER_RE = re.compile(r"^<!--\s*(diagram|factdiagram)\s*:(.*?)-->\s*$")


def _page(site: Path, lang: str, name: str) -> Path:
    sub = "" if name == "index" else f"{name}/"
    return site / (sub if lang == DEFAULT_LANG else f"{lang}/{sub}") / "index.html"


def _text(fragment: str) -> str:
    return _flat(html.unescape(re.sub(r"<[^>]+>", "", fragment)))


def _flat(text: str) -> str:
    """Every run of spaces (no-break ones too: French typography) as one space."""
    return " ".join(text.split())


def _descriptions(page: str) -> dict[str, str]:
    """id -> text of every element with an id that holds text (the figures' descriptions)."""
    return {
        m.group(1): _text(m.group(2))
        for m in re.finditer(r'<p[^>]*\bid="([^"]+)"[^>]*>(.*?)</p>', page, re.DOTALL)
    }


def _pictures(page: str) -> list[dict[str, str]]:
    return [dict(_ATTR_RE.findall(tag)) for tag in _IMG_RE.findall(page)]


def _built_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("index.html") if not {"pyodide", "_bench", "assets"} & set(p.parts))


def test_no_two_figures_of_a_page_share_an_alt_unless_they_show_the_same_thing(built_site: Path) -> None:
    checked = 0
    for path in _built_pages(built_site):
        page = path.read_text(encoding="utf-8")
        descriptions = _descriptions(page)
        by_alt: dict[str, set[str]] = defaultdict(set)
        for picture in _pictures(page):
            alt = html.unescape(picture.get("alt", ""))
            assert alt, f"{path}: a picture without alt ({picture.get('data-diagram')})"
            # What the picture shows: its position, as its text description says it.
            shown = descriptions.get(picture.get("aria-describedby", ""), "")
            assert shown, f"{path}: picture {picture.get('data-diagram')} has no description"
            by_alt[alt].add(shown)
            checked += 1
        shared = {alt: len(things) for alt, things in by_alt.items() if len(things) > 1}
        assert shared == {}, f"{path.relative_to(built_site)}: one alt for different figures: {shared}"
    assert checked > 60 * len(LANGS), f"only {checked} pictures checked: is the site built?"


def _figure_markers(lang: str) -> list[tuple[str, diagram_marker.DiagramSpec]]:
    """(page name, spec) of every diagram and fact diagram of the language's pages."""
    found = []
    for md in sorted((DOCS / lang).glob("*.md")):
        ctx = MarkerContext(path=f"docs/{lang}/{md.name}", lang=lang, docs_dir=DOCS, root=ROOT)
        for line in md.read_text(encoding="utf-8").split("\n"):
            m = _MARKER_RE.match(line.strip())
            if not m:
                continue
            args = m.group(2).strip()
            if m.group(1) == "factdiagram":
                args = facts.fact_diagram(args, lang, ctx)
            found.append((md.stem, diagram_marker.parse(args, ctx)))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_a_highlighted_figure_names_its_move_and_a_refused_one_its_reason(
    built_site: Path, lang: str
) -> None:
    seen = {"move": 0, "refused": 0}
    for name, spec in _figure_markers(lang):
        if spec.highlight is None:
            continue
        ctx = MarkerContext(path=f"docs/{lang}/{name}.md", lang=lang, docs_dir=DOCS, root=ROOT)
        state = resolve_state(spec.source, ctx)
        game = engine.from_state(state)
        move = engine.drop(game, *spec.highlight)
        reason = game.check(move)
        # The page's claim agrees with the engine: refused exactly when the rules refuse it.
        assert (reason is not None) == spec.refused, (lang, name, spec.source, move, reason)
        page = _page(built_site, lang, name).read_text(encoding="utf-8")
        picture = next(p for p in _pictures(page) if p.get("data-diagram") == spec.ident)
        alt = _flat(html.unescape(picture["alt"]))
        text = _descriptions(page)[f"{spec.ident}-desc"]
        # The move as the captions name it (its card and places); a refused move's caption
        # without the reserve refill a played move would bring.
        shown = (
            state if reason is None else {**state, "reserve": []} if state["game"] == "canfield" else state
        )
        # Quoted after the figure's colon: the mid-sentence form (no capital: "refused: the waste").
        words = _flat(diagrams.caption(move, shown, lang, first=False))
        assert words in alt and words in text, (lang, name, spec.ident, alt, text[:200])
        if reason is None:
            seen["move"] += 1
            assert _flat(catalogues.message(lang, f"title.{state['game']}")) in alt
        else:
            seen["refused"] += 1
            assert _flat(catalogues.message(lang, f"reason.{reason}")) in text, (lang, spec.ident, text[:300])
            refused_word = _flat(catalogues.message(lang, "figure.refused", board="", move="")).strip(" :：")
            assert refused_word in alt, (lang, alt)
        # The description still describes the board after its point.
        assert _flat(diagrams.describe(state, lang)) in text
    assert seen["move"] and seen["refused"], seen


def test_a_figure_whose_claim_the_engine_contradicts_fails_the_build() -> None:
    """A refused arrow on a legal move, or a plain arrow on a refused one, would teach a wrong
    rule: the build names the page and line."""
    from sitegen import markers
    from sitegen.errors import SourceError

    for marker, words in (
        ("<!-- diagram: crescent-same-suit highlight=5>6 -->", "the rules refuse it here (same-suit)"),
        ("<!-- diagram: canfield-empty-reserve highlight=1>2 refused -->", "the rules allow it here"),
    ):
        with pytest.raises(SourceError) as err:
            markers.expand(marker, "docs/en/crescent.md", "en", DOCS, root=ROOT, first_line=7)
        assert words in err.value.message and err.value.line == 7, err.value.message
