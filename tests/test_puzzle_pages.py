"""The puzzles pages (issue 25): the Puzzles page (what puzzles are, the panel: rating, picker,
puzzle of the day) and one page per game holding its puzzles, in every language; the panel's
list of every puzzle, from which learn/rating.js picks across the pages and sends an old address
(`puzzles/#puzzle-ID`) on; the home page's links; and each game's page within the page-weight
cap with 45 puzzles of its present kind."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import unescape
from pathlib import Path
from typing import Any

import pytest

import catalogues
from sitegen.context import MarkerContext
from sitegen.puzzles import GAMES, PAGE_OF, puzzle_list, puzzle_order, puzzle_title
from tests.conftest import ROOT
from tests.test_page_weight import MAX_PAGE_BYTES

DOCS = ROOT / "docs"
LANGS = catalogues.LANGUAGES
MARKER = re.compile(r"<!--\s*([a-z]+)\s*:\s*(.*?)\s*-->")
TARGET = 45  # puzzles per game the pages must hold (issue 25 asks for at least 40)


def _markers(lang: str, name: str) -> list[tuple[str, str]]:
    return MARKER.findall((DOCS / lang / f"{name}.md").read_text(encoding="utf-8"))


def _links(lang: str, name: str) -> set[str]:
    return set(re.findall(r"\]\(([^)#]+\.md)", (DOCS / lang / f"{name}.md").read_text(encoding="utf-8")))


@pytest.mark.parametrize("lang", LANGS)
def test_each_game_has_its_puzzles_page_and_the_puzzles_page_holds_none(lang: str) -> None:
    hub = _markers(lang, "puzzles")
    assert ("puzzlepicker", "panel") in hub and ("puzzlerating", "rule") in hub, lang
    assert not [m for m in hub if m[0] == "puzzles"], "the Puzzles page holds no puzzle"
    assert _links(lang, "puzzles") >= {f"{PAGE_OF[g]}.md" for g in GAMES}, "it links both games' pages"
    for game in GAMES:
        marks = _markers(lang, PAGE_OF[game])
        assert [m for m in marks if m[0] == "puzzles"] == [("puzzles", game)], (lang, game)
        assert ("puzzlepicker", "panel") in marks, (lang, game)
        other = next(g for g in GAMES if g != game)
        assert _links(lang, PAGE_OF[game]) >= {"puzzles.md", f"{PAGE_OF[other]}.md"}, (lang, game)


def test_the_nav_lists_the_three_pages_with_their_titles() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for name in ("puzzles", *PAGE_OF.values()):
        assert re.search(rf"^  - [^:]+: {name}\.md$", nav, re.MULTILINE), name
        for lang in LANGS:
            title = catalogues.message(lang, f"site.nav.{name}")
            heading = (DOCS / lang / f"{name}.md").read_text(encoding="utf-8").split("\n", 1)[0]
            assert heading == f"# {title}", (lang, name, heading)


def _js_title(data: dict, item: list) -> str:
    """The title as learn/rating.js writes it: the game's pattern, its number on its page."""
    number = [p for p in data["puzzles"] if p[1] == item[1]].index(item) + 1
    return (
        data["titles"][item[1]].replace("{number}", str(number)).replace("{grade}", data["grades"][item[3]])
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_panels_list_is_every_puzzle_with_its_page_and_title(lang: str) -> None:
    order = puzzle_order(DOCS, ROOT)
    for page in ("puzzles", *PAGE_OF.values()):
        ctx = MarkerContext(path=f"docs/{lang}/{page}.md", lang=lang, docs_dir=DOCS, root=ROOT)
        data = puzzle_list(lang, ctx)
        assert data["pages"] == {g: f"../{PAGE_OF[g]}/" for g in GAMES}
        assert [p[0] for p in data["puzzles"]] == [p.name for g in GAMES for p in order[g]]
        by_name = {p.name: p for g in GAMES for p in order[g]}
        for item in data["puzzles"]:
            puzzle = by_name[item[0]]
            assert item[1:] == [puzzle.game, item[2], puzzle.difficulty["grade"]]
            assert _js_title(data, item) == puzzle_title(puzzle, lang, DOCS), (lang, item)


def test_the_home_pages_puzzle_links_go_to_each_games_page() -> None:
    from sitegen.progress import progress_html

    order = puzzle_order(DOCS, ROOT)
    ctx = MarkerContext(path="docs/en/index.md", lang="en", docs_dir=DOCS, root=ROOT)
    html = progress_html("summary", "en", ctx)
    links = dict(re.findall(r'data-id="([^"]+)"><a href="([^"]+)"', html))
    for game in GAMES:
        for puzzle in order[game]:
            assert links[puzzle.name] == f"{PAGE_OF[game]}/#puzzle-{puzzle.name}"


def _sections(html: str) -> list[str]:
    return re.findall(r'<section class="cc-live cc-learn cc-puzzle".*?</section>', html, re.DOTALL)


def test_each_games_page_holds_45_puzzles_within_the_cap(built_site: Path) -> None:
    """The page without its puzzles, plus 45 puzzles of the size of its present ones (mean), in
    every language: within tests/test_page_weight.py's cap. The puzzles' own HTML is what grows
    with the set; the rest (header, nav, panel) stays."""
    room = {}
    for lang in LANGS:
        for game in GAMES:
            path = built_site / ("" if lang == "en" else lang) / PAGE_OF[game] / "index.html"
            html = path.read_text(encoding="utf-8")
            sections = [len(s.encode()) for s in _sections(html)]
            assert len(sections) == len(puzzle_order(DOCS, ROOT)[game]), (lang, game)
            size = len(html.encode())
            projected = size - sum(sections) + TARGET * sum(sections) / len(sections)
            room[f"{lang}/{game}"] = int(MAX_PAGE_BYTES - projected)
    assert min(room.values()) >= 0, f"bytes to spare at {TARGET} puzzles a page: {room}"


def test_the_panel_lists_every_puzzle_on_every_puzzles_page(built_site: Path) -> None:
    order = puzzle_order(DOCS, ROOT)
    every = [p.name for g in GAMES for p in order[g]]
    for lang in LANGS:
        for page in ("puzzles", *PAGE_OF.values()):
            html = (built_site / ("" if lang == "en" else lang) / page / "index.html").read_text(
                encoding="utf-8"
            )
            block = re.search(r'<script type="application/json" data-role="puzzle-list">(.*?)</script>', html)
            assert block, (lang, page)
            assert [p[0] for p in json.loads(block.group(1))["puzzles"]] == every
            shown = re.findall(r'data-puzzle="([^"]+)"', html)
            game = next((g for g in GAMES if PAGE_OF[g] == page), None)
            assert shown == ([p.name for p in order[game]] if game else []), (lang, page)


# ---- "win in N" and "back" on the page (sitegen/puzzle_answers.py) -----------------------------------


def _all() -> list:
    order = puzzle_order(DOCS, ROOT)
    return [p for g in GAMES for p in order[g]]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_step_of_every_puzzle_is_answered_from_the_build(
    lang: str, puzzle_answers: Callable[[str, str], dict[str, Any]]
) -> None:
    """The tree holds each step's position and the solved one: the right action at a step before
    the last says so and goes on, the last solves; every other action at every step is answered
    with its verdict: "back" (it only comes back, its line ends at the step's position) or lost."""
    import engine
    from sitegen.puzzle_answers import steps_of
    from sitegen.puzzle_proofs import same_position

    kinds = {"back": 0, "loss": 0, "steps": 0}
    for puzzle in _all():
        steps = steps_of(puzzle)
        data = puzzle_answers(puzzle.name, lang)  # sitegen's answers(puzzle, lang, ...), once per run
        assert [n["state"] for n in data["nodes"][: len(steps)]] == [s.state for s in steps]
        assert len(data["nodes"]) == len(steps) + 1
        reached = {a["node"]: a for a in data["responses"] if a.get("node")}
        assert set(reached) == set(range(1, len(steps) + 1)), puzzle.name
        for k in range(1, len(steps)):
            kinds["steps"] += 1
            assert not reached[k].get("done") and reached[k]["kind"] == "info"
            assert f"{k}" in reached[k]["message"] and f"{len(steps)}" in reached[k]["message"]
        assert reached[len(steps)]["done"] is True
        lines = {(r["step"], r["move"]): r for r in data["refutations"]}
        assert len(lines) == len(data["refutations"]), "one line per wrong action"
        for k, step in enumerate(steps, start=1):
            assert {m for s, m in lines if s == k} == set(step.alternatives), (puzzle.name, k)
            for move, verdict in step.alternatives.items():
                line = lines[(k, move)]
                if verdict["status"] == "back":
                    kinds["back"] += 1
                    assert line["captions"][-1].endswith(catalogues.message(lang, "learn.puzzle.back-end"))
                    assert catalogues.message(lang, "learn.puzzle.no-win") not in line["start"]
                    game = engine.from_state(step.state)
                    for action in [move, *step.refutations[move]]:
                        game.play(action)
                    assert same_position(game, engine.from_state(step.state))  # the line's claim
                else:
                    kinds["loss"] += 1
                    assert catalogues.message(lang, "learn.puzzle.back-end") not in " ".join(line["captions"])
    assert all(kinds.values()), f"the stored puzzles have every kind: {kinds}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_win_in_n_puzzle_says_its_steps_and_the_rule_counts_them(lang: str) -> None:
    from sitegen.puzzles import RATING_WEIGHTS, puzzle_html, rating_rule_text

    several = [p for p in _all() if p.steps > 1]
    assert several, "no stored puzzle in several steps"
    for puzzle in several[:2]:
        ctx = MarkerContext(
            path=f"docs/{lang}/{PAGE_OF[puzzle.game]}.md", lang=lang, docs_dir=DOCS, root=ROOT
        )
        html = puzzle_html(puzzle, 1, lang, ctx)
        goal = catalogues.message(lang, "learn.puzzle.goal-steps", steps=puzzle.steps)
        assert re.search(r'<p class="cc-learn-goal" data-role="goal">.*?</p>', html), puzzle.name
        assert goal in unescape(html) and catalogues.message(
            lang, "learn.puzzle.win-in", steps=puzzle.steps
        ) in unescape(html)
        assert "\n\n" not in html  # a blank line would end the page's HTML block
    one = next(p for p in _all() if p.steps == 1)
    ctx = MarkerContext(path=f"docs/{lang}/{PAGE_OF[one.game]}.md", lang=lang, docs_dir=DOCS, root=ROOT)
    assert 'data-role="goal"' not in puzzle_html(one, 1, lang, ctx)  # the page's template's
    ctx = MarkerContext(path=f"docs/{lang}/puzzles.md", lang=lang, docs_dir=DOCS, root=ROOT)
    steps = catalogues.message(lang, "learn.puzzle.rating-steps", steps=RATING_WEIGHTS["steps"])
    assert steps in unescape(rating_rule_text("rule", lang, ctx))
