"""Sentences the site says about itself stay true (issue 22): each test below fails when the claim
it guards becomes false again, in every language.

- Play pages: the keyboard sentence is the board's own key help (`ui.board-keys`), quoted from
  the catalogue (the browser test tests/browser/test_keys.py presses the keys it names).
- Puzzles: a count of zero positions reads as a person says it (the plural rules' `=0` branch),
  and a redeal is called a redeal, not a move.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import catalogues
from sitegen import markers

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGS = catalogues.LANGUAGES


def expand(lang: str, name: str) -> str:
    """A page's Markdown with its inline markers filled (block markers are left as they are)."""
    text = (DOCS / lang / name).read_text(encoding="utf-8")
    lines = [
        markers.expand(line, f"docs/{lang}/{name}", lang, DOCS, root=ROOT)
        if "<!--" in line
        and not re.match(
            r"^\s*<!--\s*(diagram|factdiagram|board|replay|lesson|puzzles|progress|stats|tryit)\s*:", line
        )
        else line
        for line in text.split("\n")
    ]
    return "\n".join(lines)


@cache
def terms(lang: str) -> dict[str, Any]:
    import json

    return json.loads((ROOT / "catalogues" / lang / "terms.json").read_text(encoding="utf-8"))["terms"]


# ---- Play pages: the keyboard sentence ---------------------------------------------------------

# What the false sentence said, in each language (issue 22): it must not come back.
TAB_MOVES = {
    "en": "Tab moves between places",
    "fr": "Tab passe d'une place à l'autre",
    "es": "Tab pasa de un sitio a otro",
    "de": "wechselt die Tabulatortaste zwischen den Plätzen",
    "el": "το Tab περνά από θέση σε θέση",
    "ko": "Tab으로 자리 사이를 이동하고",
    "ja": "Tab キーで場所を移動し",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["play-crescent.md", "play-canfield.md"])
def test_play_page_says_the_boards_key_help(lang: str, name: str) -> None:
    source = (DOCS / lang / name).read_text(encoding="utf-8")
    assert "<!-- label: ui.board-keys -->" in source, f"docs/{lang}/{name}: the key help is not quoted"
    page = expand(lang, name)
    assert catalogues.message(lang, "ui.board-keys") in page
    assert TAB_MOVES[lang] not in page
    # The message names the keys the board answers (board.js: Tab to its one stop, the arrows,
    # Home/End, Enter/Space), in the language's own names for them.
    help_text = catalogues.message(lang, "ui.board-keys")
    assert "Tab" in help_text
    assert re.search(r"Home|Pos1|Début|Inicio", help_text), help_text
    assert re.search(r"End|Ende|Fin", help_text), help_text


# ---- Puzzles: zero positions, and a redeal named as one -----------------------------------------


def _wrong(lang: str, **params: Any) -> str:
    base = {"move": "«X»", "kind": "move", "nodes": 5, "steps": 2, "end": "«END»"}
    return catalogues.message(lang, "learn.puzzle.wrong", **{**base, **params})


def _redeal_term(lang: str) -> str:
    preferred = terms(lang)["redeal"]["preferred"]
    return preferred if isinstance(preferred, str) else preferred["crescent"]


@pytest.mark.parametrize("lang", LANGS)
def test_puzzle_messages_for_zero_one_many_and_a_redeal(lang: str) -> None:
    zero, one, many = (_wrong(lang, nodes=n) for n in (0, 1, 1234))
    # Zero is said in words, never as a count ("checking 0 positions").
    assert not re.search(r"(?<![\d,.])0(?![\d,.])", zero), zero
    assert zero not in (one, many)
    assert catalogues.number(lang, 1234) in many and "1" in one
    # A redeal is called one; a move is not called a redeal.
    redeal, move = _wrong(lang, kind="redeal"), _wrong(lang, kind="move")
    term = _redeal_term(lang).lower()
    assert term[:6] in redeal.lower(), redeal
    assert term[:6] not in move.lower(), move
    # With nothing to step through, the message ends with how the game ends (no "step through").
    lost_at_once, with_steps = _wrong(lang, nodes=0, steps=0), _wrong(lang, nodes=0, steps=3)
    assert lost_at_once.endswith("«END»") and "«END»" not in with_steps
    # The two other puzzle messages that count positions say zero in words too.
    for key, params in (
        ("learn.puzzle.solved", {"move": "«X»", "count": 2}),
        ("learn.puzzle.facts", {"code": "CR1-N-AAAAAAA", "actions": 12, "legal": 3, "tempting": 1}),
    ):
        text0 = catalogues.message(lang, key, nodes=0, **params)
        text7 = catalogues.message(lang, key, nodes=7, **params)
        assert "7" in text7 and text0 != text7.replace("7", "0"), (key, text0)


def _puzzle_names() -> list[str]:
    return sorted(p.stem for p in (DOCS / "puzzles").glob("*.json"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_puzzle_refutation_counts_and_names_its_action(lang: str) -> None:
    """The messages the Puzzles page shows for each wrong action of each stored puzzle."""
    import engine
    from sitegen.puzzles import answers, load_puzzle

    term = _redeal_term(lang).lower()[:6]
    seen_zero = seen_redeal = 0
    for name in _puzzle_names():
        puzzle = load_puzzle(DOCS, name, ROOT)
        data = answers(puzzle, lang, f"puzzle-{name}")
        for line in data["refutations"]:
            move, start = line["move"], line["start"]
            nodes = int(puzzle.alternatives[move]["nodes"])
            game = engine.from_state(puzzle.state)
            for action in [move, *puzzle.refutations[move]]:
                game.play(action)
            end = catalogues.message(
                lang, "learn.puzzle.blocked" if game.status == "blocked" else "learn.puzzle.no-win"
            )
            kind = "redeal" if move == "redeal" else "move"
            # Everything after the action's name is the message for this count, kind and line.
            tail = _wrong(lang, move="\0", kind=kind, nodes=nodes, steps=len(line["captions"]), end=end)
            assert start.endswith(tail.split("\0", 1)[1]), (name, move, start)
            if nodes == 0:
                seen_zero += 1
                assert not re.search(r"(?<![\d,.])0(?![\d,.])", start), (name, start)
            else:
                assert catalogues.number(lang, nodes) in start, (name, start)
            if move == "redeal":
                seen_redeal += 1
                assert start.lower().count(term) >= 2, start  # its name, and "after this redeal"
    # The claims are exercised: the stored puzzles have both kinds of line.
    assert seen_zero and seen_redeal
