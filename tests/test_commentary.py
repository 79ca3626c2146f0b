"""sitegen/commentary.py on every stored example, in every language: enough steps commented,
every teaching point commented, no placeholder or Korean particle pair left unresolved."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import catalogues
from sitegen import commentary
from sitegen.sources import load_example

DOCS = Path(__file__).resolve().parent.parent / "docs"
ALL = sorted(p.stem for p in (DOCS / "examples").glob("*.json"))


def _texts(name: str, lang: str) -> tuple[object, dict, list[str | None], object]:
    example = load_example(DOCS, name)
    extra = commentary.read_extra(DOCS, name)
    winning = load_example(DOCS, extra["winning"]) if extra.get("winning") else None
    return example, extra, commentary.step_texts(example, lang, extra, winning), winning


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_commentary_covers_the_moves_that_matter(name: str, lang: str) -> None:
    example, extra, texts, winning = _texts(name, lang)
    assert len(texts) == len(example.moves)
    commented = [i for i, t in enumerate(texts) if t]
    assert len(commented) * 10 >= len(texts), f"{len(commented)} of {len(texts)} steps"
    for text in filter(None, texts):
        assert "{" not in text and "}" not in text
        assert "을/를" not in text and "이/가" not in text and "으로/로" not in text
    # Every teaching point has its note: redeals, take-backs, stored alternatives, the parting.
    for i, move in enumerate(example.moves):
        state = example.states[i]
        if move == "redeal":
            assert texts[i], f"redeal at step {i} has no commentary"
        if state["game"] == "canfield" and move[0] in "SHDC" and move[2:].isdigit():
            assert texts[i], f"take-back at step {i} has no commentary"
    for alt in extra.get("alternatives", []):
        import diagrams

        quoted = diagrams.caption(alt["move"], example.states[alt["step"]], lang)
        assert quoted in (texts[alt["step"]] or "")
    if winning is not None:
        k = commentary.parting_step(example.moves, winning.moves)
        assert texts[k] and texts[-1]


def test_notes_are_computed_from_the_states() -> None:
    """A redeal's note names the card the redeal brought to the top of the pile it names."""
    example = load_example(DOCS, "crescent-example")
    found = 0
    for note in commentary.notes(example, commentary.read_extra(DOCS, "crescent-example")):
        if note.fact.message.startswith("commentary.cr.redeal_"):
            pile = note.fact.params["pile"]
            after = example.states[note.step + 1]
            assert after["piles"][pile - 1][-1] == note.fact.cards["card"]
            assert example.states[note.step]["piles"][pile - 1][0] == note.fact.cards["card"]
            found += 1
    assert found == example.moves.count("redeal")


def test_every_redeal_of_the_redeal_example_is_needed() -> None:
    """The Examples page says that before each redeal of crescent-example no card can reach a
    foundation, even after one more move: the commentary computes it, and says so at each."""
    example = load_example(DOCS, "crescent-example")
    stuck = {
        n.step
        for n in commentary.notes(example)
        if n.fact.message in ("commentary.cr.stuck", "commentary.cr.stuck_home")
    }
    redeals = {i for i, m in enumerate(example.moves) if m == "redeal"}
    assert redeals and stuck == redeals


@pytest.mark.parametrize("name", ALL)
def test_a_steps_notes_are_joined_as_the_language_writes_sentences(name: str) -> None:
    # Japanese runs sentences together after 。; the other languages put a space after the stop.
    for lang in catalogues.LANGUAGES:
        for text in filter(None, _texts(name, lang)[2]):
            if lang == "ja":
                assert "。 " not in text, text
            else:
                assert not re.search(r"[.!?][^\W\d_]", text), text
    assert commentary.join_sentences("ja", ["配り直しが必要です。", "配り直しで3♠が来ます。"]) == (
        "配り直しが必要です。配り直しで3♠が来ます。"
    )
    assert commentary.join_sentences("en", ["A redeal is needed.", "It brings the 3♠ up."]) == (
        "A redeal is needed. It brings the 3♠ up."
    )
