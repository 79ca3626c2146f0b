"""engine.from_state: every StateError reason with a position that triggers it, and the
round trip from_state(g.state()).state() == g.state() over random games."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine.codes import deal_letters
from tests.engine_support import canfield_state, crescent_state, random_walk

Edit = Callable[[dict[str, Any]], None]


def cr(edit: Edit) -> dict[str, Any]:
    state = crescent_state({1: ["8H"], 2: ["9H"]}, foundations={"S+": "3S", "C-": "JC"})
    edit(state)
    return state


def cf(edit: Edit) -> dict[str, Any]:
    state = canfield_state(
        [["9S", "8H"], ["TD"], ["QC"], ["KH"]],
        reserve=["2C", "3C"],
        waste=["AH", "4H"],
        stock=None,
        foundations={"S": "8S"},
        score=10,
        moves=4,
    )
    edit(state)
    return state


def _set(path: str, value: Any) -> Edit:
    def edit(state: dict[str, Any]) -> None:
        target: Any = state
        keys = path.split(".")
        for key in keys[:-1]:
            target = target[int(key)] if key.isdigit() else target[key]
        last = keys[-1]
        if value is KeyError:
            del target[last]
        elif last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value

    return edit


def _pop_pile(number: int) -> Edit:
    return lambda s: s["piles"].pop(number)


def _add_card(where: str, card: str) -> Edit:
    def edit(state: dict[str, Any]) -> None:
        target: Any = state
        for key in where.split("."):
            target = target[int(key)] if key.isdigit() else target[key]
        target.append(card)

    return edit


CASES: list[tuple[str, Callable[[Edit], dict[str, Any]], Edit | None, str]] = [
    # (name, builder, edit, reason)
    ("crescent-not-a-dict", cr, None, "state-format"),
    ("crescent-foundations-missing", cr, _set("foundations", KeyError), "state-format"),
    (
        "crescent-foundation-name",
        cr,
        lambda s: s["foundations"].update({"X+": s["foundations"].pop("S+")}),
        "state-format",
    ),
    ("crescent-moves-text", cr, _set("moves", "3"), "state-format"),
    ("crescent-redeals-bool", cr, _set("redeals_left", True), "state-format"),
    ("crescent-pile-not-list", cr, _set("piles.0", "8H"), "state-format"),
    ("game-unknown", cr, _set("game", "poker"), "state-game"),
    ("game-missing", cr, _set("game", KeyError), "state-game"),
    ("crescent-bad-card", cr, _set("piles.0", ["1H"]), "bad-card"),
    ("crescent-lower-case-card", cr, _set("piles.0", ["8h"]), "bad-card"),
    ("crescent-card-not-text", cr, _set("piles.0", [8]), "bad-card"),
    ("crescent-third-copy", cr, _add_card("piles.0", "9H"), "card-count"),
    ("crescent-card-missing", cr, _set("piles.0", []), "card-count"),
    ("crescent-15-piles", cr, _pop_pile(3), "pile-count"),
    ("crescent-piles-not-list", cr, _set("piles", {}), "pile-count"),
    ("crescent-14-cards", cr, lambda s: s["piles"][2].append(s["piles"][0].pop()), "pile-too-tall"),
    ("crescent-foundation-without-base", cr, _set("foundations.S+", []), "foundation-base"),
    ("crescent-foundation-wrong-base", cr, _set("foundations.H-", ["QH"]), "foundation-base"),
    ("crescent-foundation-gap", cr, _set("foundations.S+", ["AS", "2S", "4S"]), "foundation-sequence"),
    ("crescent-foundation-wrong-way", cr, _set("foundations.C-", ["KC", "AC"]), "foundation-sequence"),
    ("crescent-redeals-4", cr, _set("redeals_left", 4), "redeals-range"),
    ("crescent-redeals-negative", cr, _set("redeals_left", -1), "redeals-range"),
    ("crescent-moves-negative", cr, _set("moves", -1), "moves-range"),
    ("crescent-four-redeals-5", cr, lambda s: s.update(options="F", redeals_left=5), "redeals-range-four"),
    (
        "crescent-face-down-over-the-top",  # pile 1 holds one card: its top, always face up
        cr,
        lambda s: s.update(options="H", face_down=[1] + [0] * 15),
        "face-down-range",
    ),
    ("crescent-face-down-in-face-up", cr, _set("face_down", [0] * 16), "face-down-face-up"),
    (
        "canfield-recycles-3-of-3-passes",
        cf,
        lambda s: s.update(options="D3P3", recycles_left=3),
        "recycles-range",
    ),
    ("crescent-status-won", cr, _set("status", "won"), "status-mismatch"),
    ("crescent-status-blocked", cr, _set("status", "blocked"), "status-mismatch"),
    ("crescent-canfield-code", cr, _set("code", "CF1-D3-AAAAAAB"), "code-mismatch"),
    ("crescent-bad-code", cr, _set("code", "CR1-N-AAAA"), "code-mismatch"),
    ("canfield-not-a-dict", cf, None, "state-format"),
    ("canfield-foundations-list", cf, _set("foundations", []), "state-format"),
    ("canfield-score-text", cf, _set("score", "10"), "state-format"),
    ("canfield-bad-card", cf, _set("waste.0", "XX"), "bad-card"),
    ("canfield-duplicate", cf, _add_card("stock", "9S"), "card-count"),
    ("canfield-card-missing", cf, lambda s: s["stock"].pop(0), "card-count"),
    ("canfield-3-columns", cf, lambda s: s["columns"].pop(), "pile-count"),
    ("canfield-base-missing-from-foundation", cf, _set("foundations.S", ["9S"]), "base-rank"),
    ("canfield-base-rank-bad", cf, _set("base_rank", "X"), "base-rank"),
    ("canfield-base-rank-ten", cf, _set("base_rank", "10"), "base-rank"),
    ("canfield-base-rank-missing", cf, _set("base_rank", KeyError), "base-rank"),
    ("canfield-foundation-gap", cf, _set("foundations.S", ["7S", "9S"]), "foundation-sequence"),
    ("canfield-foundation-suit", cf, _set("foundations.S", ["7S", "8H"]), "foundation-sequence"),
    ("canfield-score-negative", cf, _set("score", -5), "score-range"),
    ("canfield-score-not-fives", cf, _set("score", 12), "score-range"),
    ("canfield-moves-negative", cf, _set("moves", -3), "moves-range"),
    ("canfield-status-won", cf, _set("status", "won"), "status-mismatch"),
    ("canfield-status-lost", cf, _set("status", "lost"), "status-mismatch"),
    ("canfield-crescent-code", cf, _set("code", "CR1-N-AAAAAAB"), "code-mismatch"),
    ("canfield-code-other-draw", cf, _set("code", "CF1-D1-AAAAAAB"), "code-mismatch"),
    ("canfield-draw-2", cf, _set("draw", 2), "draw-option"),
    ("canfield-draw-bool", cf, _set("draw", True), "draw-option"),
    ("canfield-column-not-a-run", cf, _set("columns.0", ["8H", "9S"]), "column-not-a-run"),
    (
        "canfield-empty-column-with-reserve",
        cf,
        lambda s: (s["stock"].extend(s["columns"][3]), s["columns"].__setitem__(3, [])),
        "empty-column-with-reserve",
    ),
]


@pytest.mark.parametrize(("name", "build", "edit", "reason"), CASES, ids=[c[0] for c in CASES])
def test_state_error(
    name: str, build: Callable[[Edit], dict[str, Any]], edit: Edit | None, reason: str
) -> None:
    state: Any = ["not", "a", "dict"] if edit is None else build(edit)
    assert reason in engine.STATE_REASONS
    with pytest.raises(engine.StateError) as error:
        engine.from_state(state)
    assert error.value.reason == reason, str(error.value)
    assert isinstance(error.value, ValueError)


def test_every_state_reason_has_a_case() -> None:
    assert {c[3] for c in CASES} == set(engine.STATE_REASONS)


def test_state_error_says_where() -> None:
    with pytest.raises(engine.StateError) as error:
        engine.from_state(cr(_set("piles.4", ["8H", "ZZ"])))
    assert error.value.where == "piles[4][1]" and "piles[4][1]" in str(error.value)
    with pytest.raises(engine.StateError) as error:
        engine.from_state(cf(_set("foundations.S", ["7S", "8S", "TS"])))
    assert error.value.where == "foundations.S[2]"


def test_the_builders_positions_are_valid() -> None:
    assert engine.from_state(cr(lambda s: None)).state()["piles"][0] == ["8H"]
    assert engine.from_state(cf(lambda s: None)).state()["score"] == 10


def test_from_state_accepts_a_matching_status_and_code() -> None:
    state = engine.new_game("CF1-D1-AAAAACL").state()
    assert engine.from_state(state).state() == state
    state = cr(_set("status", "playing"))
    assert engine.from_state(state).state()["status"] == "playing"


def test_from_state_owns_its_lists() -> None:
    state = engine.new_game("CR1-N-AAAAAAB").state()
    game = engine.from_state(state)
    expected = copy.deepcopy(state)
    state["piles"][0].clear()
    state["foundations"]["S+"].append("2S")
    assert game.state() == expected


def test_from_state_starts_with_no_undo_history() -> None:
    game = engine.new_game("CR1-N-AAAAAAB")
    game.play(game.legal_moves()[0])
    copied = engine.from_state(game.state())
    with pytest.raises(engine.IllegalMove) as refusal:
        copied.undo()
    assert refusal.value.reason == "nothing-to-undo"


@pytest.mark.parametrize("head", ["CR1-N", "CF1-D3", "CF1-D1"])
def test_from_state_round_trip_over_random_games(head: str) -> None:
    rng = random.Random(head)
    for _ in range(12):
        game = engine.new_game(f"{head}-{deal_letters(rng.randrange(26**7))}")
        for _ in range(8):
            random_walk(game, rng, rng.randrange(1, 40), undo_every=6)
            state = game.state()
            twin = engine.from_state(state)
            assert twin.state() == state
            assert sorted(twin.legal_moves()) == sorted(game.legal_moves())
            assert twin.legal_moves() == game.legal_moves()


def test_from_state_without_code_has_code_none() -> None:
    state = cr(lambda s: None)
    assert state["code"] is None
    assert engine.from_state(state).state()["code"] is None
    del state["code"]
    assert engine.from_state(state).code is None
