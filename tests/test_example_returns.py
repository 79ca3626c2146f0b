"""The Examples page's promise about its winning lines (docs/<lang>/examples.md, first paragraph):
no card goes back to a place it left, except a card taken back from a foundation so that a card
lands on it (its remark says so) and that card's trip home again; no card makes the same return
twice, on every stored winning line (no exception). A straight line is also as short as
scripts/straighten.py's search guarantees: no shorter line joins the line's own positions.

The definition of a return is scripts/clean_line.py's (`returns`); the wandering lines the
examples had before (tests/fixtures/lines/) pin it down on real play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import catalogues
import engine
from scripts import clean_line, straight_lines
from sitegen import commentary
from sitegen.sources import load_example

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "lines"
ALL = sorted(p.stem for p in EXAMPLES.glob("*.json"))
WINNING = [n for n in ALL if "outcome" not in json.loads((EXAMPLES / f"{n}.json").read_text())]


def _line(path: Path) -> tuple[str, list[str]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["code"], data["moves"]


# ---- the definition -----------------------------------------------------------------------------


def test_the_ten_of_spades_that_went_home_four_times() -> None:
    """The issue's case (CF1-D3-AAAAMTP as it was stored): the 10♠ goes home at actions 154,
    163, 171 and 183 and is taken back at 157, 168 and 178. Each later trip home is a return to
    the foundation it left, and the second and third are the same return again."""
    code, moves = _line(FIXTURES / "canfield-d3-wandering.json")
    ten = [r for r in clean_line.returns(code, moves) if r.cards == ("TS",)]
    assert [(r.step + 1, r.move, r.place) for r in ten] == [
        (157, "S>4", "4"),
        (163, "2>S", "S"),
        (168, "S>2", "2"),
        (171, "4>S", "S"),
        (183, "4>S", "S"),
    ]
    assert not any(r.explained for r in ten)  # nothing lands on the 10♠ after a take-back
    problems = clean_line.return_defects(code, moves)
    assert "action 171 '4>S': TS comes back to S again (first at action 163)" in problems
    assert "action 183 '4>S': TS comes back to S again (first at action 163)" in problems


def test_a_run_returns_with_every_card_in_it() -> None:
    """A run carried back to a column one of its cards had left is a return of those cards."""
    code, moves = _line(FIXTURES / "canfield-d3-wandering.json")
    by_step = {r.step + 1: r for r in clean_line.returns(code, moves)}
    assert by_step[117].move == "1:13>2" and len(by_step[117].cards) == 13
    assert by_step[119].move == "2:14>1" and by_step[119].place == "1"


def _first_reversible(code: str, moves: list[str]) -> tuple[int, list[str]]:
    """The first step of the line where a pile-to-pile move and its reversal are both legal."""
    game = engine.new_game(code)
    for k, move in enumerate(moves):
        for mv in game.legal_moves():
            src, _, dst = mv.partition(">")
            if src.isdigit() and dst.isdigit():
                twin = game.copy()
                twin.play(mv)
                if f"{dst}>{src}" in twin.legal_moves():
                    return k, [mv, f"{dst}>{src}"]
        game.play(move)
    raise AssertionError("no reversible move in the line")


def test_a_move_and_its_reversal_is_a_return() -> None:
    """Crescent: a card moved to another pile and straight back returns to its pile; the two
    copies of a card (two decks) are followed one by one."""
    code, moves = _line(FIXTURES / "crescent-wandering.json")
    k, back = _first_reversible(code, moves)
    line = moves[:k] + back
    found = [r for r in clean_line.returns(code, line) if r.step >= k]
    assert [(r.step, r.move, r.place, r.explained) for r in found] == [
        (k + 1, back[1], back[0].split(">")[0], False)
    ]
    # The stored wandering line: the second 8♦ goes 16 -> 15 -> 8 -> 5 -> 15 -> 8.
    eights = [r for r in clean_line.returns(code, moves) if r.cards == ("8D",)]
    assert [(r.step + 1, r.place, r.ids) for r in eights] == [(60, "15", ("8D#2",)), (61, "8", ("8D#2",))]


def test_draws_and_redeals_move_no_card_between_places() -> None:
    """Turning the stock (draws, recycles) and a Crescent redeal are not returns, even when a
    card drawn or redealt comes round again."""
    for name in WINNING:
        data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
        for r in clean_line.returns(data["code"], data["moves"]):
            assert r.move not in ("draw", "redeal")


def test_a_takeback_a_card_lands_on_is_explained_and_its_remark_says_so() -> None:
    """canfield-d3-takeback: its take-backs are returns explained by their remark (a card lands on
    the card taken back), and so is that card's trip home again, once."""
    name = "canfield-d3-takeback"
    data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    found = clean_line.returns(data["code"], data["moves"])
    assert found and all(r.explained for r in found)
    example = load_example(ROOT / "docs", name)
    landed = {n.step for n in commentary.notes(example) if n.fact.message == "commentary.cf.takeback"}
    for r in found:
        src, _, dst = data["moves"][r.step].partition(">")
        if src in ("S", "H", "D", "C"):  # a take-back to a column the card had left
            assert r.step in landed
        else:  # a trip home: the card was taken back from there, and its remark says why
            (card,) = r.cards
            back = [
                i
                for i in landed
                if i < r.step
                and data["moves"][i].startswith(dst + ">")
                and example.states[i]["foundations"][dst][-1] == card
            ]
            assert back, f"{card} goes home at action {r.step + 1} with no take-back explained"
        for lang in catalogues.LANGUAGES:
            assert all(commentary.step_texts(example, lang)[i] for i in landed)


# ---- the stored winning lines -----------------------------------------------------------------


@pytest.mark.parametrize("name", WINNING)
def test_no_unexplained_return(name: str) -> None:
    """The promise, on every stored winning line and with no exception: no unexplained return
    and no card making the same return twice."""
    data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    assert clean_line.return_defects(data["code"], data["moves"]) == []


def test_no_page_counts_returns_any_more() -> None:
    """The page-counted exception is gone: no Examples page says that a line has returns, and
    the fact that counted them is no longer known."""
    from sitegen.facts import FACTS

    assert "returns" not in FACTS
    for page in sorted((ROOT / "docs").glob("*/examples.md")):
        assert ".returns -->" not in page.read_text(encoding="utf-8"), page


@pytest.mark.parametrize("name", WINNING)
def test_no_shorter_line_through_the_same_positions(name: str) -> None:
    """scripts/straighten.py's guarantee on a straight line: no path of at most RADIUS actions
    joins two positions of the line in fewer actions than the line takes, with the spliced line
    still acceptable (won, no bad return, the example's points kept); and no single action,
    adjacent pair or move with its reversal can be dropped with the line still acceptable."""
    ex = straight_lines.Example(name)
    line = ex.data["moves"]
    assert ex.acceptable(line)
    assert straight_lines.shortcut_defects(ex, line) == []
    assert clean_line.defects(ex.code, line, ex.acceptable) == []


def test_the_build_refuses_any_unexplained_return(tmp_path: Path) -> None:
    """scripts/build.py's check_inputs step: a winning line with an unexplained return fails the
    build, naming the file and the line of the action (no page can excuse it any more); a
    straight line passes."""
    from scripts.build import check_returns
    from sitegen.errors import SourceError

    (tmp_path / "examples").mkdir()
    path = tmp_path / "examples" / "wandering.json"
    path.write_text((FIXTURES / "canfield-d3-wandering.json").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(SourceError, match="unexplained") as raised:
        check_returns(path)
    assert "wandering.json" in str(raised.value)
    straight = tmp_path / "examples" / "straight.json"
    straight.write_text((EXAMPLES / "crescent-example.json").read_text(encoding="utf-8"), encoding="utf-8")
    check_returns(straight)
