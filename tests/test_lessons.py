"""Lesson files (docs/lessons/*.json), their build-time checks and their precomputed answers."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import catalogues
import engine
from sitegen import markers
from sitegen.errors import SourceError
from sitegen.lessons import _params, answers, goal_met, load_lesson, tree
from sitegen.progress import lesson_order

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LESSONS = sorted(p.stem for p in (DOCS / "lessons").glob("*.json"))


def test_at_least_five_lessons_per_game() -> None:
    games = [load_lesson(DOCS, name, ROOT).game for name in LESSONS]
    assert games.count("crescent") >= 5 and games.count("canfield") >= 5


@pytest.mark.parametrize("name", LESSONS)
def test_intended_line_is_legal_and_reaches_the_goal(name: str) -> None:
    lesson = load_lesson(DOCS, name, ROOT)
    game = engine.from_state(lesson.state)
    assert not goal_met(game.state(), lesson.goal)
    for move in lesson.line:
        game.play(move)
    assert goal_met(game.state(), lesson.goal)
    # The source game really had this position: replaying it from the code gives the state.
    source = lesson.source
    assert re.match(r"^C[RF]1-", source["code"]) and source["actions"] >= 0


@pytest.mark.parametrize("name", LESSONS)
def test_precomputed_answers_follow_the_line_to_the_goal(name: str) -> None:
    """Playing the intended line through the build's answers (as learn.js does) ends done; every
    legal move off the tree is refused as off the goal, the position unchanged."""
    lesson = load_lesson(DOCS, name, ROOT)
    data = answers(lesson, "en", f"lesson-{name}")
    node = 0
    game = engine.from_state(lesson.state)
    for move in lesson.line:
        entry = data["nodes"][node]
        if move == "redeal":
            index = entry["redeal"]
        elif move == "draw":
            index = entry["tap"]["stock"]
        else:
            src, dst = move.split(">")
            index = entry["drop"][src.split(":")[0]][dst]
        answer = data["responses"][index]
        game.play(move)
        assert answer.get("played") == move, answer
        node = answer["node"]
        assert data["nodes"][node]["state"] == game.state()
    assert answer.get("done") is True
    assert answer["message"] == catalogues.message(
        "en", lesson.text["done"], **_params(lesson.params, "en", lesson.game)
    )
    # Every legal move from the start either stays on the tree or is refused as off the goal.
    _, index = tree(lesson)
    start = engine.from_state(lesson.state)
    off = [m for m in start.legal_moves() if _after(start, m) not in index]
    refusals = [r for r in data["responses"] if r.get("refused", {}).get("reason") == "off-goal"]
    assert refusals or not off, off


def _after(game: engine.Game, move: str) -> str:
    from sitegen.learn_tree import state_key

    twin = game.copy()
    twin.play(move)
    return state_key(twin.state())


def _copy_docs(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    (docs / "lessons").mkdir(parents=True)
    for name in LESSONS:
        shutil.copy(DOCS / "lessons" / f"{name}.json", docs / "lessons")
    return docs


def _rewrite(docs: Path, name: str, edit) -> str:  # type: ignore[no-untyped-def]
    path = docs / "lessons" / f"{name}.json"
    data = json.loads(path.read_text())
    edit(data)
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    path.write_text(text)
    return text


def _line(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_malformed_json_names_file_and_line(tmp_path: Path) -> None:
    docs = _copy_docs(tmp_path)
    (docs / "lessons" / "cr-build.json").write_text('{\n "game": "crescent",\n "state": {,\n}\n')
    with pytest.raises(SourceError) as err:
        load_lesson(docs, "cr-build", tmp_path)
    assert err.value.path.endswith("lessons/cr-build.json") and err.value.line == 3


def test_illegal_move_in_the_line_names_its_line(tmp_path: Path) -> None:
    docs = _copy_docs(tmp_path)
    text = _rewrite(docs, "cr-free", lambda d: d.__setitem__("line", [d["line"][0], "1>1"]))
    with pytest.raises(SourceError) as err:
        load_lesson(docs, "cr-free", tmp_path)
    assert "action 2 '1>1'" in err.value.message and "illegal" in err.value.message
    assert err.value.line == _line(text, '"1>1"')


def test_line_that_misses_the_goal_is_refused(tmp_path: Path) -> None:
    docs = _copy_docs(tmp_path)
    text = _rewrite(docs, "cr-free", lambda d: d.__setitem__("line", d["line"][:1]))
    with pytest.raises(SourceError) as err:
        load_lesson(docs, "cr-free", tmp_path)
    assert "does not reach the goal" in err.value.message and err.value.line == _line(text, '"line"')


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda d: d.__setitem__("goal", {"top": {"99": "8H"}}), "no place of"),
        (lambda d: d.__setitem__("goal", {"near": {}}), "goal must be"),
        (lambda d: d["text"].__setitem__("done", "learn.no-such-key"), "learn.no-such-key"),
        (lambda d: d.__setitem__("next", "no-such-lesson"), "docs/lessons/no-such-lesson.json"),
        (lambda d: d["state"]["piles"][0].append("AS"), "impossible position"),
    ],
)
def test_bad_lesson_fields_are_named(tmp_path: Path, edit, expected: str) -> None:  # type: ignore[no-untyped-def]
    docs = _copy_docs(tmp_path)
    _rewrite(docs, "cr-build", edit)
    with pytest.raises(SourceError) as err:
        load_lesson(docs, "cr-build", tmp_path)
    assert expected in err.value.message and err.value.line > 1


def test_unknown_lesson_marker_fails_with_page_and_line() -> None:
    with pytest.raises(SourceError) as err:
        markers.expand(
            "# Title\n\n<!-- lesson: no-such-lesson -->\n", "docs/en/crescent.md", "en", DOCS, root=ROOT
        )
    assert err.value.path == "docs/en/crescent.md" and err.value.line == 3
    assert "docs/lessons/no-such-lesson.json" in err.value.message


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_every_lesson_is_on_its_rules_page_in_every_language(lang: str) -> None:
    for game, lessons in lesson_order(DOCS, ROOT).items():
        page = (DOCS / lang / f"{game}.md").read_text(encoding="utf-8")
        found = re.findall(r"<!-- lesson: ([\w-]+) -->", page)
        assert found == [lesson.name for lesson in lessons], (lang, game)
    assert "<!-- progress: summary -->" in (DOCS / lang / "index.md").read_text(encoding="utf-8")
