"""A lesson's "Show me" line (issue 25 item 4): sitegen/lessons.py `par_line`, written on the
board as data-show, is legal, reaches the goal in exactly par actions, and every step of it is
answered by the build's tree of answers (learn/lesson.js plays it from that tree alone)."""

from __future__ import annotations

import json

import pytest

import engine
from sitegen.lessons import answers, goal_met, load_lesson, par, par_line
from tests.conftest import ROOT

DOCS = ROOT / "docs"
LESSONS = sorted(p.stem for p in (DOCS / "lessons").glob("*.json"))


def question(node: dict, move: str) -> int | None:
    """The answer index the page looks up for `move` (learn/lesson.js `question`)."""
    if move == "redeal":
        return node.get("redeal")
    if move == "draw":
        return (node.get("tap") or {}).get("stock")
    src, dst = move.split(">")
    return ((node.get("drop") or {}).get(src.split(":")[0]) or {}).get(dst)


@pytest.mark.parametrize("name", LESSONS)
def test_show_line_reaches_the_goal_in_par_actions_through_the_answer_tree(name: str) -> None:
    lesson = load_lesson(DOCS, name, ROOT)
    line = par_line(lesson)
    assert len(line) == par(lesson)
    game = engine.from_state(lesson.state)
    for move in line[:-1]:
        game.play(move)
        assert not goal_met(game.state(), lesson.goal)
    game.play(line[-1])
    assert goal_met(game.state(), lesson.goal)

    data = answers(lesson, "en", f"lesson-{name}")
    node = 0
    for move in line:
        index = question(data["nodes"][node], move)
        assert index is not None, (move, node)
        answer = data["responses"][index]
        assert "node" in answer and not answer.get("refused"), (move, answer)
        node = answer["node"]
    assert data["responses"][index].get("done") is True
    json.dumps(line)  # what data-show holds
