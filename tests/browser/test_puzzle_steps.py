"""A "win in N" puzzle played through, and a "back" answer (issue 25), in headless Chromium on the
built site: the right action at step 1 is said right and asks for the next, a wrong one at step 2
is answered with its verdict (here one that only comes back to the step's position) and its line
to step through, "Try again" brings back the puzzle's start, and the puzzle is solved only after
its last step. Expected texts come from sitegen/puzzles.py `answers` and the catalogues, run here
in CPython; no Python is fetched by the page."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import catalogues
import engine
from sitegen.puzzle_answers import steps_of
from sitegen.puzzles import PAGE_OF, answers, puzzle_order
from tests.browser.livesite import Watch, page_path
from tests.browser.test_learn import no_python, play_puzzle_move, status
from tests.conftest import ROOT

pytestmark = pytest.mark.browser
DOCS = ROOT / "docs"


def _with_back_at_a_later_step(game: str) -> tuple[Any, int, str]:
    """A puzzle of `game` in two or more steps, the first of its steps after the first (1-based)
    with a "back" action, and that action (Canfield's come from versions without take-backs,
    whose only "back" is a draw at step 3)."""
    for puzzle in puzzle_order(DOCS, ROOT)[game]:
        for number, step in enumerate(puzzle.later, start=2):
            back = [m for m, v in step.alternatives.items() if v["status"] == "back"]
            if back:
                return puzzle, number, back[0]
    raise AssertionError(f"no {game} puzzle has a 'back' action after its first step")


def _state(el: Any) -> dict[str, Any]:
    return json.loads(el.get_attribute("data-state") or "null")


@pytest.mark.parametrize(("lang", "game"), [("en", "crescent"), ("de", "canfield"), ("ja", "crescent")])
def test_a_win_in_n_wrong_at_a_later_step_comes_back_then_solved(
    page: Page, live_url: str, watched: Watch, lang: str, game: str
) -> None:
    puzzle, wrong_at, back = _with_back_at_a_later_step(game)
    steps = steps_of(puzzle)
    data = answers(puzzle, lang, f"puzzle-{puzzle.name}")
    said = {r["node"]: r["message"] for r in data["responses"] if r.get("node")}
    line = next(r for r in data["refutations"] if r["step"] == wrong_at and r["move"] == back)
    page.goto(live_url + page_path(lang, PAGE_OF[game]) + f"#puzzle-{puzzle.name}")
    el = page.locator(f"[data-puzzle='{puzzle.name}']")
    expect(el).to_have_attribute("data-live", "true")
    # The goal and the facts say how many steps.
    expect(el.locator("[data-role='goal']")).to_contain_text(
        catalogues.message(lang, "learn.puzzle.goal-steps", steps=puzzle.steps)
    )
    expect(el.locator(".cc-learn-facts")).to_contain_text(
        catalogues.message(lang, "learn.puzzle.win-in", steps=puzzle.steps)
    )

    # The steps before the wrong one right: each said so, the board at the next step's position,
    # not solved.
    for k in range(wrong_at - 1):
        play_puzzle_move(el, engine.from_state(steps[k].state), steps[k].move)
        expect(status(el)).to_have_text(said[k + 1])
        assert said[k + 1] == catalogues.message(
            lang, "learn.puzzle.step-right", move=_caption(puzzle, lang, k), step=k + 1, steps=puzzle.steps
        )
        expect(el).not_to_have_attribute("data-done", "true")
        assert _state(el) == steps[k + 1].state

    # That step wrong: an action that only comes back. Its verdict (not "this loses") and its line.
    play_puzzle_move(el, engine.from_state(steps[wrong_at - 1].state), back)
    expect(status(el)).to_have_text(line["start"])
    assert catalogues.message(lang, "learn.puzzle.no-win") not in line["start"]
    expect(el).to_have_attribute("data-refuted", "true")
    box = el.locator("[data-role='refutation']")
    expect(box).to_be_visible()
    for caption in line["captions"]:
        box.locator("[data-action='ref-next']").click()
        expect(status(el)).to_have_text(caption)
    assert line["captions"][-1].endswith(catalogues.message(lang, "learn.puzzle.back-end"))
    expect(box.locator("[data-action='ref-next']")).to_be_disabled()
    # A miss at any step is the puzzle's first result.
    rated = json.loads(page.evaluate("localStorage.getItem('cc-learn-rating')") or "{}")
    assert rated["rated"] == {puzzle.name: 0}

    # Try again: the puzzle's start, not the wrong step's position.
    el.locator("[data-action='reset']").click()
    expect(el).not_to_have_attribute("data-refuted", "true")
    assert _state(el) == puzzle.state
    play_puzzle_move(el, engine.from_state(steps[0].state), steps[0].move)
    expect(status(el)).to_have_text(said[1])
    for step in steps[1:]:
        expect(el).not_to_have_attribute("data-done", "true")
        play_puzzle_move(el, engine.from_state(step.state), step.move)
    expect(el).to_have_attribute("data-done", "true")
    expect(status(el)).to_have_text(said[puzzle.steps])
    last = steps[-1]
    comes_back = any(v["status"] == "back" for v in last.alternatives.values())
    assert said[puzzle.steps] == catalogues.message(
        lang,
        "learn.puzzle.solved-back" if comes_back else "learn.puzzle.solved",  # the last step's kind
        move=_caption(puzzle, lang, puzzle.steps - 1),
        count=len(last.alternatives),
        nodes=sum(v["nodes"] for v in last.alternatives.values()),
    )
    no_python(watched)


def _caption(puzzle: Any, lang: str, k: int) -> str:
    """Step k's action as the page names it (the caption of its move)."""
    import diagrams

    step = steps_of(puzzle)[k]
    if step.move == "redeal":
        return catalogues.message(lang, "learn.puzzle.redeal")
    return diagrams.caption(step.move, step.state, lang, step.state["moves"] + 1)
