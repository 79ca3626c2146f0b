"""engine.notation's readers of canonical lines: every legal move of random games splits into
places that exist in the state, and the cards they name are the cards the move carries."""

from __future__ import annotations

import random

import pytest

import engine
from engine.notation import Move, cards_at, split_move


def test_split_move_reads_the_canonical_forms() -> None:
    assert split_move("1:3>4") == ("1", 3, "4")
    assert split_move("W>S+") == ("W", 1, "S+")
    assert split_move("10>H-") == ("10", 1, "H-")
    assert split_move("redeal") is None
    assert split_move("draw") is None


@pytest.mark.parametrize("code", ["CR1-N-AAAAAAB", "CF1-D3-AAAAACL", "CF1-D1-AAAAACL"])
def test_every_legal_move_names_the_cards_it_carries(code: str) -> None:
    rng = random.Random(code)
    game = engine.new_game(code)
    for _ in range(120):
        legal = game.legal_moves()
        if not legal:
            break
        for move in legal:
            split = split_move(move)
            if split is None:
                continue
            src, count, dst = split
            before = game.state()
            carried = cards_at(before, src)[-count:]
            game.play(move)
            after = game.state()
            # the moved cards now sit on top of the destination, in the same order
            assert cards_at(after, dst)[-count:] == carried, (code, move)
            game.undo()
        game.play(rng.choice(legal))


@pytest.mark.parametrize(
    "code", ["CR1-N-AAAAAAB", "CR1-FH-AAAAAAB", "CF1-D3-AAAAACL", "CF1-D1HKP3STW-AAAAACL"]
)
def test_move_parses_and_prints_every_legal_action_of_random_games(code: str) -> None:
    """Move.parse and str are inverse on every action the engine offers, and the value's parts
    say where it goes: a numbered place (pile or column), or a foundation."""
    rng = random.Random(code)
    game = engine.new_game(code)
    seen = 0
    for _ in range(150):
        legal = game.legal_moves()
        if not legal:
            break
        for text in legal:
            move = Move.parse(text)
            assert str(move) == text
            seen += 1
            if move.keyword:
                assert text in ("redeal", "draw") and not move.src and not move.dst
                continue
            assert move.to_pile != move.to_foundation
            state = game.state()
            foundations = state["foundations"]
            assert (move.dst in foundations) == move.to_foundation, text
        game.play(rng.choice(legal))
    assert seen > 100


@pytest.mark.parametrize("text", ["", "1>", ">4", "1:x>4", "1:>4", "re deal", "1:3"])
def test_move_refuses_what_is_not_canonical(text: str) -> None:
    with pytest.raises(ValueError, match="not a canonical action"):
        Move.parse(text)
