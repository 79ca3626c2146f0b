"""Each named version's section of its game's rules page holds a board of that version (issue 24,
item 4), on the built site, in every language:

- the section's try-it figure holds a position of the version (its `data-state` names the
  version's options), and its precomputed answers (the first click, before Python) are the
  version's: the same position, and, for a figure of a refused move, the refusal with the
  reason the engine gives under the version's rules, a move the seeds' rules allow;
- a face-down version's figure holds the position as a player sees it (engine.public_state):
  `data-state`, the answers and every drawing have the face-down cards as null or backs, it is
  rebuilt in the page from its deal's line (`data-line`), and no face-down card is named in its
  alt, description, picture, answers or drawings;
- Crescent Four's section also holds its twin: the same line under the seeds' rules
  (scripts/version_figures.py TWINS). Both have a Redeal button whose first press the build
  answered: the fourth redeal played on the version's board, refused on the twin for the
  engine's reason, said in the page's language.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import catalogues
import engine
from engine.views import hidden_count
from sitegen import diagram_marker
from sitegen.context import MarkerContext
from sitegen.live import unpack_svg
from sitegen.sources import load_position, position_line
from tests.conftest import ROOT

DOCS = ROOT / "docs"
LANGS = catalogues.LANGUAGES

# Section anchor of each rules page -> the version it describes (engine.VERSIONS).
SECTIONS = {
    ("crescent", "crescent-four"): "crescent-four",
    ("crescent", "face-down"): "crescent-face-down",
    ("crescent", "four-face-down"): "crescent-four-face-down",
    ("canfield", "classic"): "canfield-classic",
    ("canfield", "rainfall"): "rainfall",
    ("canfield", "storehouse"): "storehouse",
    ("canfield", "superior"): "superior-canfield",
    ("canfield", "solvitaire"): "solvitaire-canfield",
}
# A section's second figure: the same line under the seeds' rules, where the version's action
# (the button it plays) is refused.
TWINS = {("crescent", "crescent-four"): "version-crescent-four-standard"}
APP_VERSIONS = {"crescent", "canfield-app-draw-3", "canfield-app-draw-1"}  # the rules above

_FIGURE_RE = re.compile(r"<figure\b[^>]*\bcc-tryit\b.*?</figure>", re.DOTALL)
_MARKER_RE = re.compile(r"<!--\s*diagram:\s*(.*?)\s*-->")


def _page(site: Path, lang: str, name: str) -> str:
    folder = site / name if lang == "en" else site / lang / name
    return (folder / "index.html").read_text(encoding="utf-8")


def _section(text: str, anchor: str, heading: str) -> str:
    """The part of a page (HTML or Markdown) from the section's heading to the next heading."""
    start = text.index(anchor)
    following = re.compile(heading).search(text, start + len(anchor))
    return text[start : following.start() if following else len(text)]


def _attr(tag: str, name: str) -> str | None:
    m = re.search(rf"\b{name}=(\"([^\"]*)\"|'([^']*)')", tag)
    if m is None:
        return None
    return html.unescape(m.group(2) if m.group(2) is not None else m.group(3))


def _figures(site: Path, lang: str, page: str, anchor: str) -> list[str]:
    """The section's try-it figures, the version's own first."""
    section = _section(_page(site, lang, page), f'id="{anchor}"', r"<h[23]\b")
    figures = _FIGURE_RE.findall(section)
    own = f'id="version-{SECTIONS[(page, anchor)]}"'
    return sorted(figures, key=lambda f: own not in f.split(">", 1)[0])


def _spec(lang: str, page: str, anchor: str, name: str | None = None) -> diagram_marker.DiagramSpec:
    """The section's marker of `name` (by default the version's own figure)."""
    source = (DOCS / lang / f"{page}.md").read_text(encoding="utf-8")
    markers = _MARKER_RE.findall(_section(source, "{#" + anchor + "}", r"\n#{2,3} "))
    twin = TWINS.get((page, anchor))
    assert sorted(m.split()[0] for m in markers) == sorted(
        [f"version-{SECTIONS[(page, anchor)]}", *([twin] if twin else [])]
    ), f"docs/{lang}/{page}.md #{anchor}: diagram markers {markers}"
    wanted = name or f"version-{SECTIONS[(page, anchor)]}"
    ctx = MarkerContext(path=f"docs/{lang}/{page}.md", lang=lang, docs_dir=DOCS, root=ROOT)
    return diagram_marker.parse(next(m for m in markers if m.split()[0] == wanted), ctx)


def _answers(site: Path, figure: str) -> dict[str, Any]:
    url = _attr(figure, "data-answers")
    assert url, "a try-it figure without its answers file"
    return json.loads((site / url).read_text(encoding="utf-8"))


def test_every_named_version_but_the_seeds_has_a_section() -> None:
    assert set(SECTIONS.values()) == set(engine.VERSIONS) - APP_VERSIONS


CASES = [(lang, page, anchor) for lang in LANGS for (page, anchor) in SECTIONS]


@pytest.mark.parametrize(("lang", "page", "anchor"), CASES, ids=str)
def test_a_version_section_holds_a_board_of_that_version(
    built_site: Path, lang: str, page: str, anchor: str
) -> None:
    prefix, options = engine.VERSIONS[SECTIONS[(page, anchor)]]
    figures = _figures(built_site, lang, page, anchor)
    wanted = 2 if (page, anchor) in TWINS else 1
    assert len(figures) == wanted, f"{lang}/{page}#{anchor}: {len(figures)} try-it figures"
    figure = figures[0]
    shown = json.loads(_attr(figure, "data-state") or "null")
    assert shown["game"] == page
    assert shown["options"] == options
    assert shown["code"].startswith(f"{prefix}1-{options}-")
    answers = _answers(built_site, figure)
    assert answers["state"] == shown
    spec = _spec(lang, page, anchor)
    full = load_position(DOCS, spec.source)
    assert engine.public_state(engine.from_state(full)) == shown
    if spec.highlight is None:
        return
    game = engine.from_state(full)
    move = engine.drop(game, *spec.highlight)
    reason = game.check(move)
    # The build's answer to that drag is the version's: refused for the engine's reason, or played.
    src, dst = spec.highlight
    response = answers["responses"][answers["drop"][src][dst]]
    if spec.refused:
        assert reason is not None
        assert response["refused"]["reason"] == reason
        # A refusal that differs: the seeds' rules (the app) allow that move there.
        app = {**full, "options": "N" if page == "crescent" else options[:2], "code": None}
        for key in ("recycles_left", "face_down"):
            app.pop(key, None)
        assert engine.from_state(app).check(move) is None, f"{anchor}: the app refuses {move} too"
    else:
        assert reason is None and "refused" not in response and response.get("played") == move


def _hidden(full: dict[str, Any], public: dict[str, Any]) -> list[str]:
    if full["game"] == "crescent":
        return [
            c
            for pile, seen in zip(full["piles"], public["piles"], strict=True)
            for c, s in zip(pile, seen, strict=True)
            if s is None
        ]
    return [c for c, s in zip(full["reserve"], public["reserve"], strict=True) if s is None]


def _names(lang: str, card: str) -> list[str]:
    """How a page may name a card: its code in JSON, its short form (8♣) and its name."""
    return [f'"{card}"', catalogues.card_phrase(lang, card, short=True), catalogues.card_phrase(lang, card)]


FACE_DOWN_VERSIONS = ("crescent-face-down", "crescent-four-face-down", "rainfall", "storehouse")
FACE_DOWN = [(lang, page, a) for (lang, page, a) in CASES if SECTIONS[(page, a)] in FACE_DOWN_VERSIONS]


@pytest.mark.parametrize(("lang", "page", "anchor"), FACE_DOWN, ids=str)
def test_a_face_down_version_figure_names_no_face_down_card(
    built_site: Path, lang: str, page: str, anchor: str
) -> None:
    figure = _figures(built_site, lang, page, anchor)[0]
    spec = _spec(lang, page, anchor)
    full = load_position(DOCS, spec.source)
    game = engine.from_state(full)
    shown = json.loads(_attr(figure, "data-state") or "null")
    flat = json.dumps(shown)
    assert hidden_count(game) > 0 and flat.count("null") == hidden_count(game)
    # The page rebuilds it from its line, not from cards it does not hold.
    line = json.loads(_attr(figure, "data-line") or "null")
    code, moves = position_line(DOCS, spec.source) or ("", [])
    assert line == {"code": code, "moves": moves}
    # No Analyse link: an Analysis page needs every card (its #state= would be refused).
    assert 'data-role="analyse-link"' not in figure
    answers = _answers(built_site, figure)
    drawings = [unpack_svg(answers["packed"], i) for i in range(len(answers["packed"]["svgs"]))]
    picture = re.search(r'<img [^>]*src="([^"]+)"', figure)
    assert picture is not None
    picture_svg = (built_site / page / picture.group(1)).resolve()
    if lang != "en":
        picture_svg = (built_site / lang / page / picture.group(1)).resolve()
    # Each answer's position hides what it still hides: a move uncovers one card at most, a
    # redeal each pile's new top card (the engine's public view of the game after it).
    for response in answers["responses"]:
        if response.get("played") == "redeal":
            after = game.copy()
            after.play("redeal")
            assert response["state"] == engine.public_state(after)
        elif "state" in response:
            assert json.dumps(response["state"]).count("null") in (hidden_count(game), hidden_count(game) - 1)
    if page == "crescent":
        # Two decks: a face-down card may have a face-up twin. Its name appears no more often
        # than in the same figure of the open deal would need: a pile's top names it once; a
        # fanned pile draws its face-down cards as backs (<use> of the back, no rank, no suit).
        fan = int(spec.fan[0]) - 1
        backs = sum(1 for c in shown["piles"][fan] if c is None)
        assert backs > 0
        assert picture_svg.read_text(encoding="utf-8").count('-k"') >= backs
        visible = Counter(c for pile in shown["piles"] for c in pile if c) + Counter(
            c for cards in shown["foundations"].values() for c in cards
        )
        text = _attr(figure, "data-state") or ""
        named = Counter(re.findall(r'"([2-9TJQKA][SHDC])"', text))
        assert all(named[c] <= visible[c] for c in named), "data-state names a card it does not show"
        return
    # One deck: a card hidden in the figure and in every answer is named nowhere.
    hidden = set(_hidden(full, shown))
    for response in answers["responses"]:
        if "state" in response:
            seen = {c for c in response["state"]["reserve"] if c}
            hidden -= seen
    assert hidden
    everything = "\n".join([figure, json.dumps(answers, ensure_ascii=False), *drawings])
    everything += picture_svg.read_text(encoding="utf-8")
    for card in sorted(hidden):
        for name in _names(lang, card):
            assert name not in everything, f"{lang}/{page}#{anchor}: face-down {card} named as {name!r}"


def test_a_click_on_the_stock_with_no_pass_left_says_so() -> None:
    """The Rainfall figure's refusal, as a click on its stock asks for it (pyworker.ops.tap):
    the engine's reason, not 'stock and waste both empty' (the waste holds 17 cards)."""
    from pyworker import ops

    game = engine.from_state(load_position(DOCS, "version-rainfall"))
    assert game.state()["waste"] and not game.state()["stock"]
    ops.BOARDS["t"] = ops.Board(game, "en", "canfield", "t")
    try:
        answer = ops.tap({"board": "t", "lang": "en", "place": "stock"})
    finally:
        ops.BOARDS.pop("t", None)
    assert answer["refused"]["reason"] == "no-passes"
    assert answer["message"] == catalogues.message("en", "reason.no-passes")


def _button(figure: str, action: str) -> str | None:
    m = re.search(rf'<button [^>]*data-action="{action}"[^>]*>(.*?)</button>', figure)
    if m is None:
        return None
    tag = m.group(0).split(">", 1)[0]
    assert " hidden" not in tag and " disabled" not in tag, f"{action}: {tag}"
    return html.unescape(m.group(1))


@pytest.mark.parametrize("lang", LANGS)
def test_crescent_fours_fourth_redeal_plays_where_the_seeds_rules_refuse_it(
    built_site: Path, lang: str
) -> None:
    own, twin = _figures(built_site, lang, "crescent", "crescent-four")
    full = load_position(DOCS, "version-crescent-four")
    app = load_position(DOCS, TWINS[("crescent", "crescent-four")])
    # The same cards after the same moves; only the rules differ.
    assert {k: v for k, v in app.items() if k not in ("code", "options", "redeals_left")} == {
        k: v for k, v in full.items() if k not in ("code", "options", "redeals_left")
    }
    assert (full["redeals_left"], app["redeals_left"], app.get("options", "N")) == (1, 0, "N")
    assert json.loads(_attr(twin, "data-state") or "null") == app
    game = engine.from_state(full)
    game.play("redeal")
    # Each board's Redeal button is shown from the start, named by what it can do.
    assert _button(own, "redeal") == catalogues.message(lang, "ui.redeal", n=1)
    assert _button(twin, "redeal") == catalogues.message(lang, "ui.no-redeals")
    played = _answers(built_site, own)
    answer = played["responses"][played["redeal"]]
    assert answer["played"] == "redeal" and answer["state"] == game.state()
    assert answer["message"] == catalogues.message(lang, "ui.redealt-last")
    assert answer["labels"]["redeal"] == catalogues.message(lang, "ui.no-redeals")
    refused = _answers(built_site, twin)
    answer = refused["responses"][refused["redeal"]]
    assert answer["refused"]["reason"] == engine.from_state(app).check("redeal") == "no-redeals"
    assert answer["message"] == catalogues.message(lang, "reason.no-redeals")
    assert "state" not in answer


@pytest.mark.parametrize(
    ("page", "version"), [("canfield", "storehouse"), ("crescent", "crescent-face-down")]
)
def test_only_a_game_with_redeals_has_the_button(built_site: Path, page: str, version: str) -> None:
    anchor = next(a for (p, a), v in SECTIONS.items() if p == page and v == version)
    figure = _figures(built_site, "en", page, anchor)[0]
    answers = _answers(built_site, figure)
    if page == "canfield":
        assert _button(figure, "redeal") is None and "redeal" not in answers
    else:
        assert _button(figure, "redeal") == catalogues.message("en", "ui.redeal", n=3)
        answer = answers["responses"][answers["redeal"]]
        # A face-down figure's redeal names no face-down card either: the public view.
        assert answer["played"] == "redeal" and "null" in json.dumps(answer["state"])
