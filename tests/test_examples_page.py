"""What the Examples page and the Puzzles page say around their games, in every language (issue 22,
the S3 leftovers of the reviews): each game's introduction names its code once, and the page's
sentences about the games stay true of what the build shows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import catalogues
from sitegen import pages

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CODE_FACT = re.compile(r"<!-- fact: ([a-z0-9-]+)\.code -->")


def _expanded(lang: str, name: str, paragraph: str) -> str:
    """A paragraph of a page with its markers expanded as the build does it."""
    return pages.expand_markers(paragraph, f"docs/{lang}/{name}.md", lang, DOCS, root=ROOT, stash={})


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_each_game_introduction_names_its_code_once(lang: str) -> None:
    """fr-es-en.md (over-long passages, 3): the Draw three and Draw one introductions said the
    game code in two sentences in a row ("Game code CF1-…: … In game CF1-… the base card is …");
    the Examples page now takes the base-card fact without the code (`base-card-here`)."""
    source = (DOCS / lang / "examples.md").read_text(encoding="utf-8")
    seen = 0
    for paragraph in source.split("\n\n"):
        for name in CODE_FACT.findall(paragraph):
            code = json.loads((DOCS / "examples" / f"{name}.json").read_text(encoding="utf-8"))["code"]
            text = _expanded(lang, "examples", paragraph)
            assert text.count(code) == 1, (
                f"{lang}: {name}'s introduction names {code} {text.count(code)} times"
            )
            seen += 1
    assert seen >= 6  # every game of the page has its code in its introduction


# ---- the "Key moments" list (sitegen/commentary.py: a note's `teaching`) -------------------------

EXAMPLES = DOCS / "examples"
CANFIELD = sorted(
    p.stem
    for p in EXAMPLES.glob("*.json")
    if json.loads(p.read_text(encoding="utf-8"))["code"].startswith("CF1-")
)


@pytest.mark.parametrize("name", CANFIELD)
def test_key_moments_keep_only_the_column_emptyings_that_teach(name: str) -> None:
    """EN-17 (fr-es-en.md): the Draw three list had every late column emptying, most of them the
    last cards of a column going home. Every refill from the reserve stays a key moment; with the
    reserve used up, only the first column emptied does (an empty column then takes any card),
    and the later ones keep their remark in the replay."""
    from sitegen import commentary
    from sitegen.sources import load_example

    example = load_example(DOCS, name)
    all_notes = commentary.notes(example, commentary.read_extra(DOCS, name))
    bare = [n for n in all_notes if n.fact.message == "commentary.cf.empty_column"]
    refills = [n for n in all_notes if n.fact.message == "commentary.cf.refill"]
    assert refills and all(n.teaching for n in refills)
    assert len(bare) >= 2, "the example should show a late column emptying to check"
    assert bare[0].teaching and not any(n.teaching for n in bare[1:])
    assert not example.states[bare[0].step]["reserve"]
    assert all(example.states[n.step]["reserve"] for n in refills)


# ---- the Puzzles page ------------------------------------------------------------------------


def _first_puzzle_html(game: str, lang: str) -> str:
    from sitegen.markers import MarkerContext
    from sitegen.puzzles import puzzle_html, puzzle_order

    puzzle = puzzle_order(DOCS, ROOT)[game][0]
    ctx = MarkerContext(path=f"docs/{lang}/puzzles.md", lang=lang, docs_dir=DOCS, root=ROOT)
    return puzzle_html(puzzle, 1, lang, ctx)


@pytest.mark.parametrize(
    ("game", "own", "other"),
    [("crescent", "완성 더미", "파운데이션"), ("canfield", "파운데이션", "완성 더미")],
)
def test_korean_puzzle_facts_name_the_games_own_foundation_term(game: str, own: str, other: str) -> None:
    """K39 (ko-ja.md): every puzzle's facts line said "(완성 더미나 파운데이션으로 가는 수)", both
    games' terms; each game now says its own (terms.json: Crescent 완성 더미, Canfield 파운데이션)."""
    page = _first_puzzle_html(game, "ko")
    facts = re.search(r"그럴듯해 보이는 오답\(([^)]*)\)", page)
    assert facts, "the facts line's tempting moves are not found"
    assert own in facts.group(1) and other not in facts.group(1), facts.group(1)


# How each language calls the puzzle's other choices "moves": what the Puzzles page may not say
# of them, since a redeal is among them in Crescent puzzles and a redeal is not a move.
OTHER_MOVES = {
    "en": ("other legal move", "other moves"),
    "fr": ("autres coups",),
    "es": ("otra jugada permitida", "otras jugadas"),
    "de": ("andere erlaubte Zug", "andere Züge"),
    "el": ("άλλη επιτρεπτή κίνηση", "άλλες κινήσεις"),
    "ko": ("다른 모든 수", "다른 수:"),
    "ja": ("ほかの認められている手", "ほかの手："),
}


def _terms(lang: str) -> dict[str, str]:
    data = json.loads((ROOT / "catalogues" / lang / "terms.json").read_text(encoding="utf-8"))
    return {name: term["preferred"] for name, term in data["terms"].items() if "preferred" in term}


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_puzzles_do_not_call_a_redeal_a_move(lang: str) -> None:
    """EL-53 and its kin (el-de.md, fr-es-en.md): the Puzzles page said that "every other legal
    move loses" while a redeal is one of those choices in 13 Crescent puzzles, and the solved
    message counted it among the "other moves". The page's promise now names the redeal (the
    language's own term) and the solved message counts actions."""
    from sitegen.puzzles import load_puzzle

    with_redeal = [
        p.stem
        for p in sorted((DOCS / "puzzles").glob("*.json"))
        if "redeal" in load_puzzle(DOCS, p.stem, ROOT).alternatives
    ]
    assert with_redeal, "no puzzle has a redeal among its other choices: nothing to check"
    intro = (DOCS / lang / "puzzles.md").read_text(encoding="utf-8").split("\n\n")[1]
    solved = catalogues.message(lang, "learn.puzzle.solved", move="«X»", count=2, nodes=7)
    for text in (intro, solved):
        for wrong in OTHER_MOVES[lang]:
            assert wrong not in text, (lang, wrong, text)
    assert _terms(lang)["redeal"].lower()[:5] in intro.lower(), intro
