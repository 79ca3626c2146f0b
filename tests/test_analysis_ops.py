"""The Analysis pages' Python (pyworker/analysis.py, issue 23), run here in CPython: links to a
position both ways, positions opened or refused with their problems, hand edits of a draft,
and the move list's verdicts checked against the solver on the stored puzzles."""

from __future__ import annotations

import base64
import functools
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

import catalogues
import engine
from pyworker import analysis, ops, verdict
from sitegen.analysis import empty_state

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = sorted((ROOT / "docs" / "puzzles").glob("*.json"))
CODES = {"crescent": "CR1-N-AAAAAAB", "canfield": "CF1-D3-AAAAACL"}


def args(game: str, **more: Any) -> dict[str, Any]:
    return {"board": f"test-{game}", "game": game, "lang": "en", **more}


def test_state_link_is_the_contracts_urlsafe_base64_of_the_json() -> None:
    state = engine.new_game(CODES["canfield"]).state()
    text = analysis.encode_state(state)
    assert "=" not in text and "+" not in text and "/" not in text
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
    assert json.loads(raw) == state
    assert analysis.decode_state(text) == state
    with pytest.raises(ValueError, match="not a #state= value"):
        analysis.decode_state("not base64 at all!")


@pytest.mark.parametrize("game", ["crescent", "canfield"])
def test_a_valid_position_lists_every_legal_action_and_where_it_leads(game: str) -> None:
    g = engine.new_game(CODES[game])
    for _ in range(3):
        g.play(next(m for m in g.legal_moves() if m != "redeal"))
    answer = analysis.analyse(args(game, state=g.state()))
    assert "problems" not in answer
    assert answer["state"] == g.state()
    assert [a["move"] for a in answer["actions"]] == g.legal_moves()
    for action in answer["actions"]:
        after = g.copy()
        after.play(action["move"])
        assert action["state"] == after.state()
        assert action["text"]  # a caption in the page's language
    assert analysis.decode_state(answer["link"].removeprefix("state=")) == g.state()
    assert answer["layout"].strip()


def test_an_invalid_position_is_not_opened_and_the_board_keeps_what_it_had() -> None:
    good = engine.new_game(CODES["crescent"]).state()
    analysis.analyse(args("crescent", state=good))
    board = ops.BOARDS["test-crescent"]
    bad = json.loads(json.dumps(good))
    bad["piles"][0].append(bad["piles"][1][0])  # a third copy of a card
    answer = analysis.analyse(args("crescent", state=bad))
    assert answer["problems"], "a card three times is a problem"
    assert answer["entered"] == bad and answer["draft"] == bad
    assert "state" not in answer and "actions" not in answer
    assert ops.BOARDS["test-crescent"] is board and board.game.state() == good


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_the_empty_layout_is_drawn_and_its_missing_cards_are_the_palette(lang: str) -> None:
    answer = analysis.analyse({**args("crescent", state=empty_state("crescent")), "lang": lang})
    assert answer["problems"] and answer["draft_svg"].startswith("<svg")
    # 104 cards in a Crescent deal, 8 on the foundations already.
    assert len(answer["unplaced"]) == 96
    assert all(c["text"] and c["name"] for c in answer["unplaced"])


def test_a_deal_code_and_a_play_links_moves_open_that_position() -> None:
    g = engine.new_game(CODES["canfield"])
    played = []
    for _ in range(5):
        move = g.legal_moves()[0]
        g.play(move)
        played.append(move)
    from pyworker import links

    answer = analysis.analyse(
        args("canfield", code=CODES["canfield"], moves=links.encode("canfield", played))
    )
    assert answer["state"] == g.state()
    refused = analysis.analyse(args("canfield", code="CF1-D3-??", moves=""))
    assert refused["problems"] and refused["entered"]["code"] == "CF1-D3-??"


def test_a_position_of_the_other_game_is_refused() -> None:
    answer = analysis.analyse(args("canfield", state=engine.new_game(CODES["crescent"]).state()))
    assert answer["problems"] == [catalogues.message("en", "analysis.other-game.canfield")]


def test_hand_edits_change_the_draft_and_a_card_that_cannot_be_read_changes_nothing() -> None:
    draft = empty_state("canfield")
    answer = analysis.edit(args("canfield", draft=draft, place="R", add="10♠"))
    assert answer["draft"]["reserve"] == ["TS"]
    assert draft["reserve"] == []  # the page's copy is not changed under it
    answer = analysis.edit(args("canfield", draft=answer["draft"], place="R", add="zz"))
    assert answer["draft_kept"] and "draft" not in answer and answer["kind"] == "refused"
    answer = analysis.edit(args("canfield", draft={**draft, "reserve": ["TS", "QD"]}, place="R", remove=True))
    assert answer["draft"]["reserve"] == ["TS"]
    answer = analysis.edit(args("canfield", draft=draft, field="base_rank", value="7"))
    assert answer["draft"]["base_rank"] == "7"
    with pytest.raises(ValueError, match="unknown place"):
        analysis.edit(args("canfield", draft=draft, place="17", add="8h"))


def test_a_full_deal_set_up_card_by_card_opens() -> None:
    """Every card of a real deal put on its place one by one, as the form does: the last one
    makes the position valid, and it is the deal's."""
    target = engine.new_game(CODES["crescent"]).state()
    draft = empty_state("crescent")
    answer: dict[str, Any] = {}
    for i, pile in enumerate(target["piles"], start=1):
        for card in pile:
            answer = analysis.edit(args("crescent", draft=draft, place=str(i), add=card.lower()))
            draft = answer["draft"]
    assert "problems" not in answer
    expected = {k: v for k, v in target.items() if k != "code"}
    assert {k: v for k, v in answer["state"].items() if k != "code"} == expected


def test_play_plays_a_listed_action_and_refuses_an_illegal_one() -> None:
    g = engine.new_game(CODES["crescent"])
    first = analysis.analyse(args("crescent", state=g.state()))
    move = first["actions"][0]["move"]
    answer = analysis.play(args("crescent", move=move))
    g.play(move)
    assert answer["state"] == g.state() and [a["move"] for a in answer["actions"]] == g.legal_moves()
    refused = analysis.play(args("crescent", move="16>16"))
    assert refused["refused"]["reason"] and "state" not in refused


@pytest.mark.parametrize("path", PUZZLES[::4], ids=lambda p: p.stem)
def test_the_move_list_of_a_puzzle_is_the_solvers_verdicts(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stored puzzle has one winning first action (its solution's): the move list says `win`
    for it, and for every other action the solver's verdict of the position it leads to."""
    # Both sides on the CPU clock: a wall-clock budget let a busy machine turn the page's
    # verdict into "unknown" where the solver, run a moment later, proved the loss.
    solve = engine.solve
    monkeypatch.setattr(engine, "solve", functools.partial(solve, clock=time.thread_time))
    puzzle = json.loads(path.read_text())
    game = engine.from_state(puzzle["state"])
    listed = analysis.analyse(args(game.game, state=puzzle["state"]))["actions"]
    verdicts = {a["move"]: verdict.verdict({"state": a["state"], "seconds": 8})["verdict"] for a in listed}
    assert verdicts[puzzle["solution"][0]] == "win"
    for move, v in verdicts.items():
        after = game.copy()
        after.play(move)
        expected = engine.solve(after, max_seconds=8).status if after.status != "won" else "win"
        assert v == expected, move


def test_random_hand_made_states_only_ever_get_problems_or_open() -> None:
    """Damaged drafts (cards moved, dropped, doubled at random) never raise: each is opened or
    refused with at least one problem sentence."""
    rng = random.Random(23)
    for game in ("crescent", "canfield"):
        base = engine.new_game(CODES[game]).state()
        for _ in range(40):
            draft = json.loads(json.dumps(base))
            lists = [*draft.get("piles", draft.get("columns", [])), *draft["foundations"].values()]
            for _ in range(rng.randrange(1, 4)):
                src, dst = rng.choice(lists), rng.choice(lists)
                if src:
                    card = src.pop(rng.randrange(len(src)))
                    if rng.random() < 0.7:
                        dst.append(card)
            answer = analysis.analyse(args(game, state=draft))
            assert ("problems" in answer) != ("actions" in answer)
            if "problems" in answer:
                assert all(isinstance(p, str) and p for p in answer["problems"])


def test_a_pasted_text_opens_its_position_or_names_the_line_it_cannot_read() -> None:
    from pyworker import layout_text

    state = engine.new_game(CODES["canfield"]).state()
    answer = analysis.analyse(args("canfield", text=layout_text.format(state)))
    assert answer["state"] == state
    bad = layout_text.format(state).replace("R: ", "R: 9Z ", 1)
    refused = analysis.analyse(args("canfield", text=bad))
    line = next(n for n, text in enumerate(bad.splitlines(), start=1) if text.startswith("R:"))
    assert refused["entered"] == bad
    assert refused["problems"] == [catalogues.message("en", "layout.bad-card.word", line=line, text="9Z")]
