"""Canfield: one test per rule sentence of the seed page (canfield-rules.ko.txt) and of
CONTRACT.md's "Rules this file settles", each named for its rule. Positions are built with
engine.from_state; every refusal is checked for its reason code and for an unchanged game."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from tests.engine_support import (
    DECK,
    assert_refused,
    canfield,
    canfield_state,
    card,
    play_all,
)


def st(game: engine.Game) -> dict:
    return game.state()


# --- the deal ----------------------------------------------------------------------------------
def test_canfield_deal_uses_one_deck_of_52() -> None:
    state = engine.new_game("CF1-D3-AAAAACL").state()
    cards = Counter(
        [
            *state["stock"],
            *state["waste"],
            *state["reserve"],
            *(c for col in state["columns"] for c in col),
            *(c for f in state["foundations"].values() for c in f),
        ]
    )
    assert cards == Counter(DECK)


def test_canfield_deal_order() -> None:
    # 13 to the reserve, the next to the first foundation (the base card), one to each column,
    # the other 34 to the stock (the last of them on top, drawn first).
    for text in ("CF1-D3-AAAAACL", "CF1-D1-AAAAACL", "CF1-D3-QWERTYU"):
        code = engine.parse_code(text)
        order = [engine.cards.name(c) for c in engine.shuffled_deck(code)]
        state = engine.new_game(text).state()
        assert state["reserve"] == order[:13]
        base = order[13]
        assert state["foundations"][base[1]] == [base]
        assert all(f == [] for s, f in state["foundations"].items() if s != base[1])
        assert state["columns"] == [[c] for c in order[14:18]]
        assert state["stock"] == order[18:] and len(state["stock"]) == 34
        assert state["waste"] == []
        assert state["score"] == 0 and state["moves"] == 0 and state["status"] == "playing"


def test_canfield_base_card_sets_the_start_rank() -> None:
    state = engine.new_game("CF1-D3-AAAAACL").state()
    base = next(f[0] for f in state["foundations"].values() if f)
    assert state["base_rank"] == base[0]


def test_canfield_code_options_choose_draw_three_or_one() -> None:
    three, one = engine.new_game("CF1-D3-AAAAACL").state(), engine.new_game("CF1-D1-AAAAACL").state()
    assert three["draw"] == 3 and one["draw"] == 1
    assert {**three, "draw": 0, "code": ""} == {**one, "draw": 0, "code": ""}  # the same cards


def test_canfield_draw_three_is_the_default_of_a_position() -> None:
    state = canfield_state()
    del state["draw"]
    assert engine.from_state(state).state()["draw"] == 3


# --- the reserve -------------------------------------------------------------------------------
def test_canfield_reserve_top_card_plays() -> None:
    game = canfield([["7C"], ["9D"], ["JS"], ["KH"]], reserve=["8S", "6H"])
    assert "R>1" in game.legal_moves()
    game.play("R>1")
    assert st(game)["columns"][0] == ["7C", "6H"] and st(game)["reserve"] == ["8S"]
    game.play("R>2")  # the next card is now available
    assert st(game)["reserve"] == [] and st(game)["columns"][1] == ["9D", "8S"]


def test_canfield_reserve_top_card_goes_to_a_foundation() -> None:
    game = canfield([["5C"], ["9D"], ["JS"], ["KH"]], reserve=["8S", "7H"])
    game.play("R>H")
    assert st(game)["foundations"]["H"] == ["7H"] and st(game)["score"] == 5


def test_canfield_reserve_waste_and_stock_take_no_card() -> None:
    game = canfield([["7C"], ["9D"], ["JS"], ["KH"]], reserve=["8S", "6H"], waste=["5D"], stock=None)
    for move in ("1>R", "1>W", "1>stock", "W>R", "R>W", "R>stock", "2:1>R"):
        assert_refused(game, move, "no-drop-here")


def test_canfield_stock_is_not_a_source() -> None:
    game = canfield([["7C"], ["9D"], ["JS"], ["KH"]], reserve=["8S", "6H"])
    assert_refused(game, "stock>1", "not-a-source")


def test_canfield_emptied_column_refilled_from_reserve() -> None:
    # The seeds' third move: KH with QC on it moves onto AS; column 2 empties and the
    # reserve's top card (QS) fills it at once, within the same action.
    game = canfield(
        [["6C"], ["KH", "QC"], ["QH"], ["AS"]], reserve=["2D", "JS", "QS"], foundations={"H": "8H"}
    )
    game.play("2:2>4")
    state = st(game)
    assert state["columns"] == [["6C"], ["QS"], ["QH"], ["AS", "KH", "QC"]]
    assert state["reserve"] == ["2D", "JS"] and state["moves"] == 1


def test_canfield_column_emptied_by_a_foundation_move_is_refilled() -> None:
    game = canfield([["7H"], ["9D"], ["JS"], ["KH"]], reserve=["2D", "QC"])
    game.play("1>H")
    assert st(game)["columns"][0] == ["QC"] and st(game)["reserve"] == ["2D"]


def test_canfield_empty_column_takes_anything_once_reserve_gone() -> None:
    game = canfield([["9S", "8H", "7C"], [], ["JS"], ["KH"]], reserve=[], waste=["4D", "2C"], stock=None)
    legal = set(game.legal_moves())
    assert {"W>2", "1>2", "1:2>2", "1:3>2", "3>2", "4>2"} <= legal
    game.play("1:3>2")  # a whole column onto the empty one
    assert st(game)["columns"][:2] == [[], ["9S", "8H", "7C"]]  # no reserve: it stays empty
    game.play("W>1")
    assert st(game)["columns"][0] == ["2C"]


def test_canfield_position_with_empty_column_beside_a_reserve_is_impossible() -> None:
    with pytest.raises(engine.StateError) as error:
        engine.from_state(canfield_state([[], ["9D"], ["JS"], ["KH"]], reserve=["2D"]))
    assert error.value.reason == "empty-column-with-reserve"


# --- foundations -------------------------------------------------------------------------------
def test_canfield_foundation_takes_one_suit() -> None:
    game = canfield([["8S"], ["9D"], ["JS"], ["KH"]], foundations={"H": "7H"})
    assert_refused(game, "1>H", "foundation-suit")
    assert_refused(game, "2>S", "foundation-suit")


def test_canfield_empty_foundation_takes_only_start_rank() -> None:
    # The seeds' example: with start rank 7, the ace of spades cannot start the spades.
    game = canfield([["AS"], ["7S"], ["JS"], ["KH"]], foundations={"H": "7H"})
    assert_refused(game, "1>S", "foundation-start")
    assert "2>S" in game.legal_moves()
    game.play("2>S")
    assert st(game)["foundations"]["S"] == ["7S"]


def test_canfield_foundation_starts_at_base_rank_and_wraps() -> None:
    game = canfield([["AS"], ["3S"], ["2S"], ["QH"]], foundations={"S": "KS"})
    assert_refused(game, "2>S", "foundation-order")
    game.play("1>S")  # a king is followed by an ace
    game.play("3>S")
    assert st(game)["foundations"]["S"] == ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "2S"]


def test_canfield_foundation_goes_up_one_rank_at_a_time() -> None:
    game = canfield([["9C"], ["8C"], ["JS"], ["KH"]], foundations={"C": "7C"})
    assert_refused(game, "1>C", "foundation-order")
    game.play("2>C")
    game.play("1>C")
    assert st(game)["foundations"]["C"] == ["7C", "8C", "9C"]


def test_canfield_foundation_is_complete_at_13_cards() -> None:
    game = canfield([["6D"], ["9C"], ["JS"], ["KH"]], foundations={"D": "5D"})
    game.play("1>D")
    diamonds = st(game)["foundations"]["D"]
    assert len(diamonds) == 13 and diamonds[0] == "7D" and diamonds[-1] == "6D"


def test_canfield_base_card_is_not_locked() -> None:
    game = canfield([["8S"], ["9D"], ["JS"], ["KH"]], foundations={"H": "7H"})
    assert "H>1" in game.legal_moves()
    game.play("H>1")
    assert st(game)["foundations"]["H"] == [] and st(game)["columns"][0] == ["8S", "7H"]
    assert st(game)["base_rank"] == "7"  # the start rank stays


# --- columns -----------------------------------------------------------------------------------
def test_canfield_column_opposite_colour_one_lower() -> None:
    # The seeds' example: the six of hearts goes on the seven of spades or of clubs.
    game = canfield([["6H"], ["7S"], ["7C"], ["7D"]])
    assert {"1>2", "1>3"} <= set(game.legal_moves())
    game.play("1>2")
    assert st(game)["columns"][1] == ["7S", "6H"]
    game.undo()
    game.play("1>3")
    assert st(game)["columns"][2] == ["7C", "6H"]
    game.undo()
    assert_refused(game, "1>4", "alternate-colour")


def test_canfield_column_refuses_a_rank_not_one_lower() -> None:
    game = canfield([["6H"], ["8S"], ["5C"], ["6C"]])
    assert_refused(game, "1>2", "one-lower")
    assert_refused(game, "1>3", "one-lower")
    assert_refused(game, "1>4", "one-lower")


def test_canfield_column_opposite_colour_one_lower_with_wrap() -> None:
    game = canfield([["KH"], ["AS"], ["AD"], ["QH"]])
    assert_refused(game, "1>3", "alternate-colour")
    game.play("1>2")  # a king on an ace of the other colour
    assert st(game)["columns"][1] == ["AS", "KH"]
    game = canfield([["AS"], ["2H"], ["KD"], ["QH"]])
    assert_refused(game, "1>3", "one-lower")  # an ace does not go on a king
    game.play("1>2")


def test_canfield_runs_of_any_length() -> None:
    game = canfield([["9S", "8H", "7C", "6D", "5S"], ["TH"], ["8D"], ["6H"]])
    legal = set(game.legal_moves())
    assert {"1:5>2", "1:3>3", "1>4"} <= legal
    assert not {"1:2>2", "1:4>2", "1:4>3"} & legal
    game.play("1:3>3")  # the end of a column
    assert st(game)["columns"][2] == ["8D", "7C", "6D", "5S"]
    game.undo()
    game.play("1:5>2")  # the whole column
    assert st(game)["columns"][1] == ["TH", "9S", "8H", "7C", "6D", "5S"]


def test_canfield_run_bottom_card_must_fit() -> None:
    game = canfield([["9S", "8H", "7C"], ["TS"], ["TC"], ["6H"]])
    assert_refused(game, "1:3>2", "alternate-colour")
    assert_refused(game, "1:2>3", "one-lower")


def test_canfield_a_run_needs_that_many_cards() -> None:
    # (Every column of a reachable position is a run, so "not-a-run" cannot arise from one:
    # from_state refuses such columns, see test_canfield_columns_hold_only_runs.)
    game = canfield([["9S", "8H", "7C"], ["6S"], ["QD"], ["KH"]])
    assert_refused(game, "1:4>3", "run-too-long")
    assert_refused(game, "1:3>3", "one-lower")


def test_canfield_a_run_does_not_go_to_a_foundation() -> None:
    game = canfield([["8H", "7C"], ["9D"], ["JS"], ["KH"]])
    assert_refused(game, "1:2>C", "run-to-foundation")
    game.play("1>C")


def test_canfield_columns_hold_only_runs() -> None:
    with pytest.raises(engine.StateError) as error:
        engine.from_state(canfield_state([["9S", "5H"], ["9D"], ["JS"], ["KH"]]))
    assert error.value.reason == "column-not-a-run"


# --- the stock and the waste -------------------------------------------------------------------
def test_canfield_draw_three_turns_three_cards_one_at_a_time() -> None:
    game = canfield([["QS"], ["9D"], ["JS"], ["KH"]], stock=["2D", "3D", "4D", "5D"], waste=None)
    game.play("draw")
    assert st(game)["stock"] == ["2D"] and st(game)["waste"][-3:] == ["5D", "4D", "3D"]


def test_canfield_draw_three_only_top_plays() -> None:
    # JH (under the top) would fit the QS, but only the top card, 3D, plays.
    game = canfield([["QS"], ["9D"], ["JS"], ["KH"]], stock=["2D", "3D", "JH", "4D"], waste=None)
    game.play("draw")
    assert st(game)["waste"][-3:] == ["4D", "JH", "3D"]
    assert not any(m.startswith("W>") for m in game.legal_moves())
    assert_refused(game, "W>1", "one-lower")
    assert engine.drop(game, "W", "1") == "W>1"


def test_canfield_draw_one_turns_one_card() -> None:
    game = canfield([["QS"], ["9D"], ["JS"], ["KH"]], stock=["2D", "3D", "JH"], waste=None, draw=1)
    game.play("draw")
    assert st(game)["waste"][-1] == "JH" and st(game)["stock"] == ["2D", "3D"]
    game.play("W>1")  # each stock card is usable in turn
    game.play("draw")
    assert st(game)["waste"][-1] == "3D"


def test_canfield_draw_with_fewer_left_turns_all_that_are_left() -> None:
    game = canfield([["QS"], ["9D"], ["JS"], ["KH"]], stock=["2D", "3D"], waste=None)
    game.play("draw")
    assert st(game)["stock"] == [] and st(game)["waste"][-2:] == ["3D", "2D"]


def test_canfield_recycle_deals_in_first_order() -> None:
    for draw in (1, 3):
        game = canfield([["QS"], ["9D"], ["JS"], ["KH"]], draw=draw)
        stock = st(game)["stock"]
        first_pass = []
        while st(game)["stock"]:
            game.play("draw")
            first_pass.append(st(game)["waste"][-1])
        game.play("draw")  # the stock is empty: the waste turns back over
        assert st(game)["stock"] == stock and st(game)["waste"] == []
        second_pass = []
        while st(game)["stock"]:
            game.play("draw")
            second_pass.append(st(game)["waste"][-1])
        assert second_pass == first_pass


def test_canfield_passes_unlimited_and_free() -> None:
    game = canfield([["QS"], ["9D"], ["JS"], ["KH"]], draw=3)
    start = st(game)
    for _ in range(10 * 17):  # 10 passes of 16 draws (48 cards, three at a time) and a recycle
        assert "draw" in game.legal_moves()
        game.play("draw")
    assert {**st(game), "moves": 0} == {**start, "moves": 0}
    assert st(game)["score"] == 0 and st(game)["moves"] == 170


def test_canfield_nothing_to_draw_with_stock_and_waste_empty() -> None:
    game = canfield(
        [["QS"], ["9D"], ["JS"], ["KH"]],
        stock=[],
        waste=[],
        reserve=[c for c in DECK if c not in ("QS", "9D", "JS", "KH")],
    )
    assert "draw" not in game.legal_moves()
    assert_refused(game, "draw", "nothing-to-draw")


def test_canfield_only_waste_top_plays_to_a_foundation() -> None:
    game = canfield([["QS"], ["9D"], ["JS"], ["KH"]], stock=[], waste=["7H", "2C"])
    assert_refused(game, "W>H", "foundation-suit")
    assert not any(m.startswith("W>") for m in game.legal_moves())


# --- score -------------------------------------------------------------------------------------
def test_canfield_score_plus_five_from_reserve_waste_or_column() -> None:
    game = canfield([["7S"], ["9D"], ["JS"], ["KH"]], reserve=["QC", "7D"], waste=["7C"])
    game.play("R>D")
    assert st(game)["score"] == 5
    game.play("W>C")
    assert st(game)["score"] == 10
    game.play("1>S")  # a column (refilled from the reserve)
    assert st(game)["score"] == 15


def test_canfield_score_plus_five_undo_takes_back() -> None:
    game = canfield([["7S"], ["9D"], ["JS"], ["KH"]], reserve=["QC", "7D"])
    game.play("1>S")
    assert st(game)["score"] == 5
    game.undo()
    assert st(game)["score"] == 0


def test_canfield_other_actions_score_nothing() -> None:
    game = canfield([["QS"], ["JD"], ["JS"], ["KH"]], foundations={"C": "TC"})
    play_all(game, ["2>1", "C>1", "draw"])
    while st(game)["stock"]:
        game.play("draw")
    game.play("draw")  # a recycle
    assert st(game)["score"] == 0


def test_canfield_take_back_from_foundation_costs_nothing_and_rescores() -> None:
    game = canfield([["TS"], ["9D"], ["JS"], ["KH"]], foundations={"H": "9H"}, score=15)
    game.play("H>1")
    assert st(game)["score"] == 15 and st(game)["columns"][0] == ["TS", "9H"]
    game.play("1>H")
    assert st(game)["score"] == 20


def test_canfield_score_starts_at_zero_and_never_goes_below_zero() -> None:
    assert engine.new_game("CF1-D1-AAAAAAB").state()["score"] == 0
    game = canfield([["TS"], ["9D"], ["JS"], ["KH"]], foundations={"H": "9H"}, score=0)
    scores = []
    for action in ("H>1", "1>H", "H>1", "undo", "undo", "undo"):
        game.undo() if action == "undo" else game.play(action)
        scores.append(st(game)["score"])
    assert scores == [0, 5, 5, 5, 0, 0]
    with pytest.raises(engine.StateError) as error:
        engine.from_state({**canfield_state(), "score": -5})
    assert error.value.reason == "score-range"


def test_canfield_win_without_take_backs_scores_255() -> None:
    # Base 7H on its foundation; the stock (draw one) holds the other 51 cards in building
    # order: draw, play the waste to its foundation, 51 times.
    order = [card((7 + k - 1) % 13 + 1, s) for s in "HSDC" for k in range(13)][1:]
    game = canfield(stock=order[::-1], waste=[], foundations={"H": "7H"}, draw=1)
    for _ in range(51):
        game.play("draw")
        game.play("W>F")
    state = st(game)
    assert state["status"] == "won" and state["score"] == 51 * 5 == 255 and state["moves"] == 102


# --- undo and the move counter -----------------------------------------------------------------
def test_canfield_undo_100_actions_including_draws() -> None:
    game = canfield([["QS"], ["9D"], ["JS"], ["KH"]], draw=1)
    states = [st(game)]
    for _ in range(130):  # 48 draws and a recycle per pass
        game.play("draw")
        states.append(st(game))
    for k in range(100):
        game.undo()
        assert st(game) == states[129 - k]
    with pytest.raises(engine.IllegalMove) as refusal:
        game.undo()
    assert refusal.value.reason == "nothing-to-undo"
    assert st(game) == states[30]


def test_canfield_undo_undoes_refill_and_points() -> None:
    game = canfield([["7S"], ["9D"], ["JS"], ["KH"]], reserve=["QC", "7D"])
    before = st(game)
    game.play("1>S")
    assert st(game)["columns"][0] == ["7D"] and st(game)["score"] == 5
    game.undo()
    assert st(game) == before


def test_canfield_move_counter_counts_every_action() -> None:
    game = canfield([["7S"], ["9D"], ["JS"], ["KH"]], reserve=["QC", "7D"], draw=3)
    play_all(game, ["1>S", "draw"])  # a move with its refill counts once
    assert st(game)["moves"] == 2
    while st(game)["stock"]:
        game.play("draw")
    moves = st(game)["moves"]
    game.play("draw")  # the recycle
    assert st(game)["moves"] == moves + 1
    game.undo()
    assert st(game)["moves"] == moves


# --- the end of the game -----------------------------------------------------------------------
def test_canfield_won_when_all_four_foundations_hold_13() -> None:
    game = canfield(
        [["6H"], [], [], []], stock=[], waste=[], foundations={"S": "6S", "D": "6D", "C": "6C", "H": "5H"}
    )
    assert st(game)["status"] == "playing"
    game.play("1>H")
    assert st(game)["status"] == "won"


def test_canfield_won_game_allows_no_action() -> None:
    game = canfield(
        [["6H"], [], [], []], stock=[], waste=[], foundations={"S": "6S", "D": "6D", "C": "6C", "H": "5H"}
    )
    game.play("1>H")
    assert game.legal_moves() == []
    for move in ("draw", "H>1", "S>2", "1>2", "H>F"):
        assert_refused(game, move, "game-over")
    before = st(game)
    with pytest.raises(engine.IllegalMove) as refusal:
        game.undo()
    assert refusal.value.reason == "nothing-to-undo"  # CONTRACT.md: undo's only refusal
    assert st(game) == before


def test_canfield_never_declares_a_loss() -> None:
    # Nothing can move and nothing is left to draw: the game is still "playing".
    game = canfield(
        [["6D"], ["6C"], ["2D"], ["2C"]],
        stock=[],
        waste=[],
        reserve=["KD", "KC", "AD", "AC", "4D", "4C", "5D", "5C", "3C", "3D"],
        foundations={"S": "6S", "H": "6H", "D": "QD", "C": "QC"},
    )
    assert game.legal_moves() == []
    assert st(game)["status"] == "playing"


def test_canfield_no_automatic_moves() -> None:
    # Uncovering a card that could go to its foundation does not send it there.
    game = canfield([["8H", "7C"], ["8D"], ["JS"], ["KH"]], foundations={"H": "7H"})
    game.play("1>2")
    assert st(game)["columns"][0] == ["8H"] and st(game)["foundations"]["H"] == ["7H"]
    assert "1>H" in game.legal_moves()


# --- notation ----------------------------------------------------------------------------------
def test_canfield_refuses_text_that_is_not_a_move() -> None:
    game = engine.new_game("CF1-D3-AAAAACL")
    for text in ("", "hello", "1>", ">2", "1:0>2"):
        assert_refused(game, text, "bad-notation")
    for text in ("1>5", "X>1", "1>Z"):
        assert_refused(game, text, "unknown-place")


def test_canfield_to_foundation_zone_goes_to_the_card_suit() -> None:
    game = canfield([["7S"], ["9D"], ["JS"], ["KH"]], reserve=["QC", "7D"])
    game.play("1>F")
    assert st(game)["foundations"]["S"] == ["7S"]
    assert not any(m.endswith(">F") for m in engine.new_game("CF1-D3-AAAAACL").legal_moves())


# --- the app's tap and drop (CONTRACT.md: the seeds' tap) --------------------------------------
def test_canfield_tap_sends_a_card_to_its_foundation_first() -> None:
    game = canfield([["7S"], ["8H"], ["8D"], ["KH"]], reserve=["QC", "2D"])
    assert engine.tap(game, "1") == "1>S"


def test_canfield_tap_then_the_longest_column_then_an_empty_one() -> None:
    game = canfield([["6H"], ["9C", "8D", "7C"], ["7S"], []])
    assert engine.tap(game, "1") == "1>2"  # 7C's column is longer than 7S's
    game = canfield([["7C", "6H"], ["9D"], ["2S"], []], waste=["5D"])
    assert engine.tap(game, "1") == "1>4"  # nothing takes it: the empty column
    assert engine.tap(game, "W") == "W>4"
    assert engine.tap(game, "S") is None  # a foundation is selected, never played at once
    assert engine.tap(game, "stock") == "draw"


def test_canfield_drop_a_column_onto_an_empty_column_moves_the_longest_run() -> None:
    game = canfield([["TD", "9S", "8H", "7C"], ["2D"], ["3S"], []])
    assert engine.drop(game, "1", "4") == "1:4>4"
    assert engine.drop(game, "1", "2") == "1>2"  # the one run that fits


def test_canfield_run_wraps_through_ace_to_king() -> None:
    # 2H, AS, KD, QS is a run (a king on an ace): its last three cards move onto the 2D.
    game = canfield([["2H", "AS", "KD", "QS"], ["2D"], ["9C"], ["TH"]])
    assert "1:3>2" in game.legal_moves()
    game.play("1:3>2")
    assert st(game)["columns"][:2] == [["2H"], ["2D", "AS", "KD", "QS"]]


def test_canfield_state_is_a_fresh_dict() -> None:
    game = engine.new_game("CF1-D3-AAAAACL")
    state = game.state()
    state["stock"].clear()
    state["columns"][0].append("KS")
    state["foundations"]["C"].clear()
    state["score"] = 100
    assert game.state() == engine.new_game("CF1-D3-AAAAACL").state()
