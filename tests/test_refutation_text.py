"""The Puzzles page's wrong-move lines end as sentences do in each language: the last step's
caption and the line's end ("No move is left: the game is blocked.") are joined with one stop.

A redeal's step is a sentence with its own stop ("Redealt: no redeals left."), and a second one
was added after it ("left.. No move is left", every language); a move's step got a Latin stop
after Japanese text ("…置きます. 動かせる手…").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import catalogues

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_each_refutation_ends_with_one_stop(
    lang: str, puzzle_answers: Callable[[str, str], dict[str, Any]]
) -> None:
    ends = {
        catalogues.message(lang, key)
        for key in ("learn.puzzle.blocked", "learn.puzzle.no-win", "learn.puzzle.back-end")
    }
    seen = 0
    for path in sorted((DOCS / "puzzles").glob("*.json")):
        # sitegen.puzzles.answers(load_puzzle(DOCS, path.stem), lang, ...), made once per run
        for line in puzzle_answers(path.stem, lang)["refutations"]:
            if not line["captions"]:
                continue
            last = line["captions"][-1]
            end = next(e for e in ends if last.endswith(e))
            seen += 1
            assert ".." not in last, (path.stem, last)
            if lang == "ja":  # no Latin stop after Japanese text
                assert not re.search(r"[\u3000-\u9fff]\.", last), (path.stem, last)
            before = last[: -len(end)].rstrip()
            assert before.endswith(("。",) if lang == "ja" else (".", "!", "?")), (path.stem, last)
    assert seen  # the stored puzzles have lines that end this way
