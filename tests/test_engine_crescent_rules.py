"""Crescent: one test per rule sentence of the seed pages (crescent-rules.ko/el.txt) and of
CONTRACT.md's "Rules this file settles", each named for its rule. Positions are built with
engine.from_state; every refusal is checked for its reason code and for an unchanged game."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from tests.engine_support import (
    CR_FOUNDATIONS,
    DECK,
    assert_refused,
    crescent,
    crescent_foundation,
    crescent_state,
    play_all,
)

FULL_PILE = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KD"]  # 12 cards


def pile(game: engine.Game, number: int) -> list[str]:
    return game.state()["piles"][number - 1]


def foundation(game: engine.Game, name: str) -> list[str]:
    return game.state()["foundations"][name]


# --- the deal ----------------------------------------------------------------------------------
def test_crescent_deal_uses_two_decks_each_card_twice() -> None:
    state = engine.new_game("CR1-N-AAAAAAB").state()
    cards = Counter(c for p in state["piles"] for c in p) + Counter(
        c for f in state["foundations"].values() for c in f
    )
    assert sum(cards.values()) == 104
    assert cards == Counter(dict.fromkeys(DECK, 2))


def test_crescent_deal_sets_aside_one_ace_and_one_king_of_each_suit_as_bases() -> None:
    state = engine.new_game("CR1-N-AAAAAQZ").state()
    assert state["foundations"] == {
        "S+": ["AS"],
        "H+": ["AH"],
        "D+": ["AD"],
        "C+": ["AC"],
        "S-": ["KS"],
        "H-": ["KH"],
        "D-": ["KD"],
        "C-": ["KC"],
    }


def test_crescent_deal_sixteen_piles_of_six_face_up() -> None:
    state = engine.new_game("CR1-N-BCDEFGH").state()
    assert [len(p) for p in state["piles"]] == [6] * 16
    assert state["redeals_left"] == 3 and state["moves"] == 0 and state["status"] == "playing"


def test_crescent_deal_order_pile_one_gets_first_six_cards_bottom_first() -> None:
    code = engine.parse_code("CR1-N-AAAAAAB")
    order = [engine.cards.name(c) for c in engine.shuffled_deck(code)]
    piles = engine.new_game(str(code)).state()["piles"]
    assert piles == [order[6 * i : 6 * i + 6] for i in range(16)]


def test_crescent_has_no_score() -> None:
    assert "score" not in engine.new_game("CR1-N-AAAAAAB").state()


# --- moves between piles -----------------------------------------------------------------------
def test_crescent_only_the_top_card_moves_one_at_a_time() -> None:
    game = crescent({1: ["5S", "8H"], 2: ["9H"], 3: ["9H", "4S"]})
    game.play("1>2")
    assert pile(game, 1) == ["5S"] and pile(game, 2) == ["9H", "8H"]
    # Pile 3's 9H would fit pile 2's 8H, but only the top card (4S) can move.
    assert_refused(game, "3>2", "same-suit")


def test_crescent_card_goes_on_same_suit_one_rank_higher_or_lower() -> None:
    game = crescent({1: ["8H"], 2: ["9H"], 3: ["7H"]})
    assert {"1>2", "1>3"} <= set(game.legal_moves())
    game.play("1>2")
    assert pile(game, 2) == ["9H", "8H"]
    game.undo()
    game.play("1>3")
    assert pile(game, 3) == ["7H", "8H"]


def test_crescent_refuses_a_card_of_another_suit() -> None:
    assert_refused(crescent({1: ["8H"], 2: ["9S"]}), "1>2", "same-suit")


def test_crescent_refuses_a_rank_not_one_higher_or_lower() -> None:
    game = crescent({1: ["8H"], 2: ["TH"], 3: ["8H"]})
    assert_refused(game, "1>2", "adjacent-rank")
    assert_refused(game, "1>3", "adjacent-rank")  # the same rank is not adjacent either


def test_crescent_ace_goes_on_king_of_same_suit() -> None:
    game = crescent({1: ["AS"], 2: ["KS"], 3: ["KH"]})
    game.play("1>2")
    assert pile(game, 2) == ["KS", "AS"]
    game.undo()
    assert_refused(game, "1>3", "same-suit")


def test_crescent_king_goes_on_ace_of_same_suit() -> None:
    game = crescent({1: ["KD"], 2: ["AD"]})
    game.play("1>2")
    assert pile(game, 2) == ["AD", "KD"]


def test_crescent_pile_holds_at_most_13_cards() -> None:
    game = crescent({1: ["8H"], 2: [*FULL_PILE, "9H"], 3: ["7H"], 4: ["9H"]})
    assert len(pile(game, 2)) == 13
    assert_refused(game, "1>2", "pile-full")
    game = crescent({1: ["8H"], 2: [*FULL_PILE[1:], "9H"]})  # 12 cards: one more fits
    game.play("1>2")
    assert len(pile(game, 2)) == 13


def test_crescent_empty_pile_stays_empty() -> None:
    game = crescent({1: ["8H"], 2: ["9H"], 3: []})
    assert_refused(game, "1>3", "empty-pile")
    assert not any(m.endswith(">3") for m in game.legal_moves())
    game.play("1>2")  # pile 1 is now empty for good
    assert pile(game, 1) == []
    assert not any(m.endswith(">1") for m in game.legal_moves())
    assert_refused(game, "2>1", "empty-pile")
    game.play("redeal")
    assert pile(game, 1) == [] and pile(game, 3) == []


# --- foundations -------------------------------------------------------------------------------
def test_crescent_ace_foundation_builds_up_in_its_suit() -> None:
    game = crescent({1: ["5S"], 2: ["7S"], 3: ["5H"]}, foundations={"S+": "4S"})
    assert "1>S+" in game.legal_moves()
    assert_refused(game, "2>S+", "foundation-order")
    assert_refused(game, "3>S+", "foundation-suit")
    game.play("1>S+")
    assert foundation(game, "S+") == ["AS", "2S", "3S", "4S", "5S"]


def test_crescent_king_foundation_builds_down_in_its_suit() -> None:
    game = crescent({1: ["QD"], 2: ["JD"], 3: ["QC"]})
    assert "1>D-" in game.legal_moves()
    assert_refused(game, "2>D-", "foundation-order")
    assert_refused(game, "3>D-", "foundation-suit")
    game.play("1>D-")
    assert foundation(game, "D-") == ["KD", "QD"]


def test_crescent_no_wrap_on_foundations() -> None:
    # Nothing goes on an ascending foundation's king, nor on a descending foundation's ace.
    game = crescent({1: ["AS"], 2: ["KH"]}, foundations={"S+": "KS", "H-": "AH"})
    assert len(foundation(game, "S+")) == 13 and len(foundation(game, "H-")) == 13
    assert_refused(game, "1>S+", "foundation-full")
    assert_refused(game, "2>H-", "foundation-full")
    # and an ace never follows a king on a foundation that is not yet full either
    game = crescent({1: ["KC"]}, foundations={"C+": "QC"})
    game.play("1>C+")
    assert foundation(game, "C+")[-1] == "KC"


def test_crescent_foundation_card_never_returns_to_pile() -> None:
    game = crescent({1: ["4S"]}, foundations={"S+": "3S"})  # 3S would fit on 4S in a pile
    assert_refused(game, "S+>1", "foundation-to-pile")
    assert not any(m.startswith("S+>") and m[3:].isdigit() for m in game.legal_moves())


def test_crescent_foundation_to_foundation_same_suit() -> None:
    game = crescent(foundations={"S+": "5S", "S-": "6S"})
    assert {"S+>S-", "S->S+"} <= set(game.legal_moves())
    game.play("S+>S-")
    assert foundation(game, "S+")[-1] == "4S" and foundation(game, "S-")[-2:] == ["6S", "5S"]
    game.play("S->S+")
    assert foundation(game, "S+")[-1] == "5S" and foundation(game, "S-")[-1] == "6S"
    assert game.state()["moves"] == 2


def test_crescent_foundation_to_foundation_only_if_it_follows_the_top() -> None:
    game = crescent(foundations={"S+": "3S", "S-": "7S", "H+": "2H"})
    assert_refused(game, "S+>S-", "foundation-order")
    assert_refused(game, "S+>H-", "foundation-suit")
    assert_refused(game, "H+>S-", "foundation-suit")


def test_crescent_base_card_never_moves() -> None:
    # AS would follow S-'s 2S, but a base card is locked.
    game = crescent(foundations={"S-": "2S"})
    assert_refused(game, "S+>S-", "base-locked")
    assert not any(m.startswith("S+>") for m in game.legal_moves())
    game = crescent(foundations={"H+": "QH"})  # KH would follow QH: the king base is locked too
    assert_refused(game, "H->H+", "base-locked")


# --- the check order CONTRACT.md fixes ---------------------------------------------------------
def test_crescent_check_order_empty_source_first() -> None:
    game = crescent({1: [], 2: [], 3: ["9H"]})
    assert_refused(game, "1>2", "empty-source")  # not empty-pile
    assert_refused(game, "1>3", "empty-source")
    assert_refused(game, "1>S+", "empty-source")
    assert_refused(game, "1>1", "empty-source")


def test_crescent_check_order_base_locked_whatever_the_destination() -> None:
    game = crescent({1: ["2S"], 2: [], 3: [*FULL_PILE, "3H"]})
    for move in ("S+>1", "S+>2", "S+>3", "S+>S+", "S+>S-", "S+>H+", "S+>H-"):
        assert_refused(game, move, "base-locked")


def test_crescent_check_order_foundation_to_pile_before_destination_checks() -> None:
    game = crescent({1: ["4S"], 2: [], 3: [*FULL_PILE, "3H"], 4: ["9D"]}, foundations={"S+": "3S"})
    for move in ("S+>1", "S+>2", "S+>3", "S+>4"):
        assert_refused(game, move, "foundation-to-pile")


def test_crescent_check_order_empty_pile_first_among_destination_checks() -> None:
    assert_refused(crescent({1: ["3C"], 2: []}), "1>2", "empty-pile")


def test_crescent_check_order_pile_full_before_suit_and_rank() -> None:
    game = crescent({1: ["3C"], 2: [*FULL_PILE, "9H"]})
    assert_refused(game, "1>2", "pile-full")  # also the wrong suit and rank


def test_crescent_check_order_same_suit_before_adjacent_rank() -> None:
    assert_refused(crescent({1: ["3C"], 2: ["9H"]}), "1>2", "same-suit")


# --- "P>F": the foundation zone ----------------------------------------------------------------
def test_crescent_drop_on_foundations_goes_to_the_foundation_that_accepts() -> None:
    game = crescent({1: ["QS"]})
    game.play("1>F")
    assert foundation(game, "S-") == ["KS", "QS"]
    game = crescent({1: ["2H"]})
    game.play("1>F")
    assert foundation(game, "H+") == ["AH", "2H"]


def test_crescent_drop_on_foundations_prefers_the_ace_foundation_when_both_accept() -> None:
    game = crescent({1: ["6S"]}, foundations={"S+": "5S", "S-": "7S"})
    game.play("1>F")
    assert foundation(game, "S+")[-1] == "6S" and foundation(game, "S-")[-1] == "7S"


def test_crescent_drop_on_foundations_refused_when_none_accepts() -> None:
    game = crescent({1: ["6S"]})
    assert game.check("1>F") is not None
    assert_refused(game, "1>F", game.check("1>F"))


def test_crescent_foundation_zone_move_is_never_listed() -> None:
    game = crescent({1: ["2H"]})
    assert "1>H+" in game.legal_moves()
    assert not any(m.endswith(">F") for m in game.legal_moves())


# --- redeals -----------------------------------------------------------------------------------
def test_crescent_redeal_moves_bottom_card_to_top() -> None:
    # The seeds' example: pile 1 from 2H 9C JD JD (bottom to top) becomes 9C JD JD 2H.
    game = crescent({1: ["2H", "9C", "JD", "JD"], 2: ["5S"], 3: [], 4: ["AH", "2H", "3H", "4H", "5H", "6H"]})
    before = game.state()["piles"]
    game.play("redeal")
    after = game.state()["piles"]
    assert after[0] == ["9C", "JD", "JD", "2H"]
    assert after[1] == ["5S"] and after[2] == []  # piles of fewer than two cards stay as they were
    assert after[3] == ["2H", "3H", "4H", "5H", "6H", "AH"]
    assert all(a == (b[1:] + b[:1] if len(b) >= 2 else b) for a, b in zip(after, before, strict=True))


def test_crescent_three_redeals_then_no_redeals() -> None:
    game = engine.new_game("CR1-N-AAAAAAB")
    for left in (2, 1, 0):
        assert "redeal" in game.legal_moves()
        game.play("redeal")
        assert game.state()["redeals_left"] == left
    assert "redeal" not in game.legal_moves()
    assert_refused(game, "redeal", "no-redeals")


def test_crescent_redeal_is_not_a_move() -> None:
    game = engine.new_game("CR1-N-AAAAAAB")
    game.play(game.legal_moves()[0])
    game.play("redeal")
    assert game.state()["moves"] == 1


def test_crescent_redeal_clears_undo_history() -> None:
    game = engine.new_game("CR1-N-AAAAAAB")
    game.play(game.legal_moves()[0])
    game.play("redeal")
    after_redeal = game.state()
    with pytest.raises(engine.IllegalMove) as refusal:
        game.undo()
    assert refusal.value.reason == "nothing-to-undo"
    assert game.state() == after_redeal
    move = next(m for m in game.legal_moves() if m != "redeal")
    game.play(move)
    game.undo()  # moves after the redeal can be taken back, as far as the redeal
    assert game.state() == after_redeal
    with pytest.raises(engine.IllegalMove):
        game.undo()


# --- undo --------------------------------------------------------------------------------------
def test_crescent_undo_reaches_back_100_moves() -> None:
    game = crescent(foundations={"S+": "5S", "S-": "6S"})
    states = [game.state()]
    for k in range(120):  # the one card passes between the two spade foundations
        game.play("S+>S-" if k % 2 == 0 else "S->S+")
        states.append(game.state())
    for k in range(100):
        game.undo()
        assert game.state() == states[119 - k]
    assert game.state()["moves"] == 20
    with pytest.raises(engine.IllegalMove) as refusal:
        game.undo()
    assert refusal.value.reason == "nothing-to-undo"
    assert game.state() == states[20]


def test_crescent_undo_takes_one_off_the_move_counter() -> None:
    game = engine.new_game("CR1-N-AAAAAAB")
    start = game.state()
    game.play("1>5")
    assert game.state()["moves"] == 1
    game.undo()
    assert game.state() == start


def test_crescent_nothing_to_undo_at_the_start() -> None:
    game = engine.new_game("CR1-N-AAAAAAB")
    with pytest.raises(engine.IllegalMove) as refusal:
        game.undo()
    assert refusal.value.reason == "nothing-to-undo"
    assert game.state() == engine.new_game("CR1-N-AAAAAAB").state()


# --- the end of the game -----------------------------------------------------------------------
def _almost_won() -> engine.Game:
    return crescent(
        {1: ["KS"]},
        foundations={
            **{n: crescent_foundation(n, "A" + n[0] if n[1] == "-" else "K" + n[0]) for n in CR_FOUNDATIONS},
            "S+": "QS",
        },
        redeals_left=0,
    )


def test_crescent_won_when_all_eight_foundations_hold_13() -> None:
    game = _almost_won()
    assert game.state()["status"] == "playing"
    game.play("1>S+")
    state = game.state()
    assert all(len(f) == 13 for f in state["foundations"].values())
    assert state["status"] == "won"


def test_crescent_won_game_allows_no_action() -> None:
    game = _almost_won()
    game.play("1>S+")
    assert game.legal_moves() == []
    for move in ("S+>S-", "S->S+", "redeal", "1>2", "S+>F"):
        assert_refused(game, move, "game-over")
    before = game.state()
    with pytest.raises(engine.IllegalMove) as refusal:
        game.undo()
    assert refusal.value.reason == "nothing-to-undo"  # CONTRACT.md: undo's only refusal
    assert game.state() == before


def _no_move_position(redeals_left: int) -> engine.Game:
    # Every foundation complete but S+ (up to JS); QS is under KS in pile 1: nothing can move.
    found = {n: ("A" + n[0] if n[1] == "-" else "K" + n[0]) for n in CR_FOUNDATIONS}
    return crescent({1: ["QS", "KS"]}, foundations={**found, "S+": "JS"}, redeals_left=redeals_left)


def test_crescent_blocked_when_no_move_and_no_redeal() -> None:
    game = _no_move_position(0)
    assert game.legal_moves() == []
    assert game.state()["status"] == "blocked"
    assert_refused(game, "redeal", "no-redeals")


def test_crescent_not_blocked_while_a_redeal_is_left() -> None:
    game = _no_move_position(1)
    assert game.legal_moves() == ["redeal"]
    assert game.state()["status"] == "playing"
    game.play("redeal")  # KS QS: now QS goes up and KS after it
    play_all(game, ["1>S+", "1>S+"])
    assert game.state()["status"] == "won"


def test_crescent_foundation_to_foundation_move_keeps_game_from_blocked() -> None:
    # One of each spade left, in one pile whose top fits no foundation: only S+>S- can move.
    found = {n: ("A" + n[0] if n[1] == "-" else "K" + n[0]) for n in CR_FOUNDATIONS}
    spades = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "JS", "QS", "KS", "TS"]
    game = crescent({1: spades}, foundations={**found, "S+": "5S", "S-": "6S"}, redeals_left=0)
    assert game.legal_moves() == ["S+>S-", "S->S+"]
    assert game.state()["status"] == "playing"


# --- notation ----------------------------------------------------------------------------------
def test_crescent_refuses_text_that_is_not_a_move() -> None:
    game = engine.new_game("CR1-N-AAAAAAB")
    for text in ("", "hello", "1>", ">2", "1-2"):
        assert_refused(game, text, "bad-notation")
    for text in ("1>17", "0>2", "X+>S-"):
        assert_refused(game, text, "unknown-place")


def test_crescent_same_place_refused() -> None:
    assert_refused(crescent({1: ["8H"]}), "1>1", "same-place")


def test_crescent_notation_is_trimmed_and_case_free() -> None:
    game = crescent({1: ["8H"], 2: ["9H"]}, foundations={"S+": "5S", "S-": "6S"})
    game.play(" 1 > 2 ")
    game.play("s+>s-")
    game.play("REDEAL")
    assert game.state()["redeals_left"] == 2 and game.state()["moves"] == 2


# --- the app's tap (CONTRACT.md: the seeds' tap) -----------------------------------------------
def test_crescent_tap_plays_a_top_card_with_exactly_one_destination() -> None:
    game = crescent({1: ["8H"], 2: ["9H"], 3: ["9H"]})
    assert engine.tap(game, "1") is None  # two destinations: the pile is selected
    game = crescent({1: ["2H"], 2: ["KS"]})
    assert engine.tap(game, "1") == "1>H+"


def test_crescent_tap_on_a_foundation_selects_it() -> None:
    game = crescent(foundations={"S+": "5S", "S-": "6S"})
    assert engine.tap(game, "S+") is None


def test_crescent_state_is_a_fresh_dict() -> None:
    game = engine.new_game("CR1-N-AAAAAAB")
    state = game.state()
    state["piles"][0].clear()
    state["foundations"]["S+"].append("2S")
    state["moves"] = 99
    assert game.state() == engine.new_game("CR1-N-AAAAAAB").state()


def test_crescent_builder_makes_valid_full_positions() -> None:
    state = crescent_state({1: ["8H"]}, foundations={"C-": "9C"})
    assert engine.from_state(state).state()["piles"][0] == ["8H"]


def test_crescent_blocked_game_can_undo_the_last_move() -> None:
    # The seeds: when blocked, the app offers to undo the last move.
    found = {n: ("A" + n[0] if n[1] == "-" else "K" + n[0]) for n in CR_FOUNDATIONS}
    game = crescent({1: ["QS", "KS", "JS"]}, foundations={**found, "S+": "TS"}, redeals_left=0)
    before = game.state()
    game.play("1>S+")
    assert game.state()["status"] == "blocked"
    game.undo()
    assert game.state() == before and before["status"] == "playing"
