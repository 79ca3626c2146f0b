"""sitegen/games.py: the site's record of each game agrees with the engine it describes."""

from __future__ import annotations

import pytest

import diagrams
import engine
from engine.games import GAME_KINDS
from engine.notation import cards_at as engine_cards_at
from sitegen.games import GAMES, cards_at, site_game


def test_one_record_per_engine_game_in_its_order() -> None:
    assert tuple(GAMES) == tuple(GAME_KINDS)
    for name, game in GAMES.items():
        assert game.kind is GAME_KINDS[name] and game.name == name


@pytest.mark.parametrize("name", list(GAMES))
def test_a_record_s_codes_places_and_action_are_its_game_s(name: str) -> None:
    game = site_game(name)
    for code in (game.default_code, game.deal_code):
        assert engine.new_game(code).game == name and engine.new_game(code).code == code
    played = engine.new_game(game.default_code)
    state = played.state()
    # The board's action beside Undo is one the deal offers, and the other one it does not.
    assert game.action in played.legal_moves()
    assert not {"redeal", "draw"} - {game.action} & set(played.legal_moves())
    assert ("score" in state) == game.score
    for place, field in game.places.items():
        assert place in diagrams.places(name) and isinstance(state[field], list)
    assert set(game.followed) <= set(game.places)
    assert game.refill is None or game.refill in game.places
    empty = game.empty()
    assert empty["game"] == name and empty.keys() <= {*state.keys(), "code"}


@pytest.mark.parametrize("code", ["CR1-N-AAAAAAB", "CF1-D3-AAAAACL", "CF1-D1-AAAAAAB"])
def test_cards_at_gives_the_engine_s_cards_of_every_place(code: str) -> None:
    game = engine.new_game(code)
    for _ in range(12):  # a few moves in, so that places differ
        game.play(game.legal_moves()[-1])
    state = game.state()
    for place in diagrams.places(state["game"]):
        if place == "stock":
            assert cards_at(state, place) == state["stock"]
            continue
        assert cards_at(state, place) == engine_cards_at(state, place), place
    assert cards_at(state, "99") is None


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(ValueError, match="unknown game 'klondike'; the games are crescent, canfield"):
        site_game("klondike")
