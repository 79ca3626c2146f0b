"""Puzzles (docs/puzzles/*.json): the stored facts, the solver's uniqueness proofs run again,
and the answers the Puzzles page is built with.

CPU budget of the re-proofs: every wrong move of every puzzle is solved again with the
complete search only (`quick=False`, deterministic), each within PROOF_SECONDS; the whole set
takes a few seconds of CPU on this machine (scripts/find_puzzles.py keeps puzzles whose proof
is small: late positions of won games). The test prints the CPU time it took.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import catalogues
import engine
from sitegen.errors import SourceError
from sitegen.puzzles import answers, load_puzzle, puzzle_order

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PUZZLES = sorted(p.stem for p in (DOCS / "puzzles").glob("*.json"))
PROOF_SECONDS = 20.0  # per wrong move, complete search only; the CPU budget stated above


def test_at_least_twelve_puzzles_per_game() -> None:
    order = puzzle_order(DOCS, ROOT)
    assert len(order["crescent"]) >= 12 and len(order["canfield"]) >= 12


@pytest.mark.parametrize("name", PUZZLES)
def test_exactly_one_move_keeps_the_game_winnable(name: str) -> None:
    """The solver proves again that every legal move but the solution's first one loses, and
    the solution (CONTRACT.md) wins from the stored state."""
    puzzle = load_puzzle(DOCS, name, ROOT)
    game = engine.from_state(puzzle.state)
    walk = game.copy()
    for move in puzzle.solution:
        walk.play(move)
    assert walk.status == "won"
    others = [m for m in game.legal_moves() if m != puzzle.move]
    assert others and sorted(others) == sorted(puzzle.alternatives)
    cpu = time.process_time()
    for move in others:
        child = game.copy()
        child.play(move)
        proof = engine.solve(child, max_seconds=PROOF_SECONDS, quick=False)
        assert proof.status == "loss", (move, proof.status, proof.why)
    # The source game had this position: the stats run won that deal.
    assert puzzle.source["code"].startswith(("CR1-", "CF1-"))
    print(f"{name}: {len(others)} losses proved in {time.process_time() - cpu:.2f} s CPU")


@pytest.mark.parametrize("name", PUZZLES[:3] + PUZZLES[-3:])
def test_page_answers_solve_the_puzzle_and_refute_each_wrong_move(name: str) -> None:
    puzzle = load_puzzle(DOCS, name, ROOT)
    data = answers(puzzle, "en", f"puzzle-{name}")
    root = data["nodes"][0]

    def answer_to(move: str) -> dict:
        if move == "redeal":
            return data["responses"][root["redeal"]]
        if move == "draw":
            return data["responses"][root["tap"]["stock"]]
        src, dst = move.split(">")
        return data["responses"][root["drop"][src.split(":")[0]][dst]]

    solved = answer_to(puzzle.move)
    assert solved.get("done") is True and solved["node"] == 1
    for move in puzzle.alternatives:
        wrong = answer_to(move)
        assert "refutation" in wrong, (move, wrong)
        line = data["refutations"][wrong["refutation"]]
        assert line["move"] == move
        assert len(line["svgs"]) == len(puzzle.refutations[move]) + 1
        assert wrong["message"] == line["start"]
        from catalogues import numbers

        nodes = puzzle.alternatives[move]["nodes"]
        if nodes:  # zero is said in words (tests/test_claims.py)
            assert numbers.integer("en", nodes) in line["start"]


def test_a_bad_solution_is_named_with_file_and_line(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "puzzles").mkdir(parents=True)
    name = PUZZLES[0]
    data = json.loads((DOCS / "puzzles" / f"{name}.json").read_text())
    data["solution"] = [*data["solution"][:1], "1>1", *data["solution"][1:]]
    text = json.dumps(data, indent=1, sort_keys=True)
    (docs / "puzzles" / f"{name}.json").write_text(text)
    with pytest.raises(SourceError) as err:
        load_puzzle(docs, name, tmp_path)
    assert "action 2 '1>1'" in err.value.message
    assert err.value.line == text[: text.index('"1>1"')].count("\n") + 1


def test_every_language_has_the_puzzles_page() -> None:
    for lang in catalogues.LANGUAGES:
        page = (DOCS / lang / "puzzles.md").read_text(encoding="utf-8")
        assert "<!-- puzzles: crescent -->" in page and "<!-- puzzles: canfield -->" in page


HARD = [
    name
    for name in PUZZLES
    if json.loads((DOCS / "puzzles" / f"{name}.json").read_text())["source"].get("finder")
    == "find_hard_puzzles"
]


def test_the_set_has_puzzles_of_the_harder_search() -> None:
    assert len(HARD) >= 3


@pytest.mark.parametrize("name", HARD)
def test_a_harder_puzzle_has_many_actions_and_a_lure_that_loses_late(name: str) -> None:
    """scripts/find_hard_puzzles.py's criteria, checked again: at least 4 legal actions, and a
    wrong one that looks like progress (the beginner plays it, it puts a card home or empties
    a place) whose refutation line is at least 3 actions long."""
    from tests.conftest import load_script

    finder = load_script("find_hard_puzzles")
    puzzle = load_puzzle(DOCS, name, ROOT)
    game = engine.from_state(puzzle.state)
    assert len(game.legal_moves()) >= 4
    lures = finder.lures(puzzle.game, game, puzzle.move)
    assert sorted(lures) == puzzle.difficulty["tempting"]
    assert max(len(puzzle.refutations[m]) for m in lures) >= 3


def test_every_grade_is_the_band_of_the_rating() -> None:
    from sitegen.puzzles import GRADE_BOUNDS, GRADES, rating

    for name in PUZZLES:
        puzzle = load_puzzle(DOCS, name, ROOT)
        r = rating(puzzle)
        want = GRADES[0] if r < GRADE_BOUNDS[0] else GRADES[1] if r < GRADE_BOUNDS[1] else GRADES[2]
        assert puzzle.difficulty["grade"] == want, (name, r)
