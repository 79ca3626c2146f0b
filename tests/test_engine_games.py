"""engine.games: the games' table agrees with the codes, the states and the catalogues it names."""

from __future__ import annotations

import pytest

import catalogues
import engine
from engine.codes import GAMES as CODE_PREFIXES
from engine.games import GAME_KINDS, game_kind


@pytest.mark.parametrize("name", sorted(GAME_KINDS))
def test_each_game_s_record_matches_its_codes_states_and_catalogue_keys(name: str) -> None:
    kind = game_kind(name)
    assert CODE_PREFIXES[kind.prefix] == name
    code = {"CR": "CR1-N-AAAAAAB", "CF": "CF1-D3-AAAAAAB"}[kind.prefix]
    state = engine.new_game(code).state()
    assert state["game"] == name
    assert isinstance(state[kind.numbered], list) and state[kind.numbered]
    cards = [
        c
        for v in state.values()
        if isinstance(v, list)
        for p in v
        for c in (p if isinstance(p, list) else [p])
    ]
    cards += [c for pile in state["foundations"].values() for c in pile]
    assert len(cards) == 52 * kind.decks
    for lang in catalogues.LANGUAGES:
        assert catalogues.message(lang, f"place.{kind.family}.{kind.numbered_word}", n=1)


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(ValueError, match="unknown game 'klondike'; the games are crescent, canfield"):
        game_kind("klondike")
