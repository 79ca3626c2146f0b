"""Hypothesis property tests over random games of both games: cards conserved, every listed move
plays, undo restores exactly, refusals change nothing, copies are independent, legal moves are
unique and canonical, and the status agrees with the position."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

import engine
from engine.codes import DEAL_COUNT, deal_letters
from tests.engine_support import DECK, card_total, ref_legal, ref_play, ref_status

HEADS = ("CR1-N", "CF1-D3", "CF1-D1")
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

codes = hst.builds(
    lambda head, n: f"{head}-{deal_letters(n)}", hst.sampled_from(HEADS), hst.integers(0, DEAL_COUNT - 1)
)
choices = hst.lists(hst.integers(0, 2**31), max_size=120)

CR_PLACES = [str(i) for i in range(1, 17)] + ["S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-"]
CF_PLACES = ["R", "W", "1", "2", "3", "4", "S", "H", "D", "C", "stock"]


def reach(code: str, picks: list[int]) -> engine.Game:
    """The game after playing, for each pick, legal[pick % len(legal)] (foundation moves first
    on even picks, so that walks get somewhere)."""
    game = engine.new_game(code)
    for pick in picks:
        legal = game.legal_moves()
        if not legal:
            break
        home = [m for m in legal if _to_foundation(m)]
        pool = home if home and pick % 2 == 0 else legal
        game.play(pool[(pick // 2) % len(pool)])
    return game


def _to_foundation(move: str) -> bool:
    dst = move.rpartition(">")[2]
    return dst in ("S", "H", "D", "C") or (dst[-1:] in "+-" and len(dst) == 2)


def every_candidate(game: engine.Game) -> list[str]:
    """Every canonical action of the game's notation (listed or not), plus the X>F forms."""
    if game.game == "crescent":
        out = [f"{a}>{b}" for a in CR_PLACES for b in CR_PLACES] + [f"{p}>F" for p in CR_PLACES]
        return [*out, "redeal"]
    out = [f"{a}>{b}" for a in CF_PLACES for b in CF_PLACES] + [f"{p}>F" for p in CF_PLACES]
    out += [f"{a}:{n}>{b}" for a in "1234" for b in "1234" for n in range(2, 15)]
    return [*out, "draw"]


def expected_cards(game: engine.Game) -> Counter[str]:
    return Counter(dict.fromkeys(DECK, 2 if game.game == "crescent" else 1))


@PROPERTY
@given(codes, choices)
def test_cards_are_conserved(code: str, picks: list[int]) -> None:
    game = engine.new_game(code)
    for pick in picks:
        assert card_total(game.state()) == expected_cards(game)
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[pick % len(legal)])
    assert card_total(game.state()) == expected_cards(game)


@PROPERTY
@given(codes, choices)
def test_every_listed_move_plays(code: str, picks: list[int]) -> None:
    game = reach(code, picks)
    state = game.state()
    for move in game.legal_moves():
        assert game.check(move) is None
        twin = game.copy()
        twin.play(move)
        assert twin.state() == ref_play(state, move)
    assert game.state() == state


@PROPERTY
@given(codes, choices, hst.integers(1, 30))
def test_undo_restores_exactly(code: str, picks: list[int], depth: int) -> None:
    game = reach(code, picks)
    history = [(game.state(), game.legal_moves())]
    for k in range(depth):
        legal = [m for m in game.legal_moves() if m != "redeal"]  # a redeal clears the history
        if not legal:
            break
        game.play(legal[(k * 7919) % len(legal)])
        history.append((game.state(), game.legal_moves()))
    history.pop()
    while history:
        game.undo()
        state, legal = history.pop()
        assert game.state() == state
        assert game.legal_moves() == legal


@PROPERTY
@given(codes, choices)
def test_refusals_change_nothing(code: str, picks: list[int]) -> None:
    game = reach(code, picks)
    state, legal = game.state(), game.legal_moves()
    listed = set(legal)
    for move in every_candidate(game):
        reason = game.check(move)
        if move in listed:
            assert reason is None
            continue
        if reason is None:
            # Only the never-listed foundation-zone form may be legal without being listed,
            # and then it plays exactly as the listed move it stands for.
            assert move.endswith(">F")
            twin = game.copy()
            twin.play(move)
            assert any(_same(twin, game, m) for m in legal if m.startswith(move[:-1]))
            continue
        assert reason in engine.MOVE_REASONS
        with pytest.raises(engine.IllegalMove) as refusal:
            game.play(move)
        assert refusal.value.reason == reason and refusal.value.move == move
        assert game.state() == state
    assert game.legal_moves() == legal


def _same(played: engine.Game, game: engine.Game, move: str) -> bool:
    twin = game.copy()
    twin.play(move)
    return twin.state() == played.state()


@PROPERTY
@given(codes, choices, choices)
def test_copy_is_independent(code: str, picks: list[int], more: list[int]) -> None:
    game = reach(code, picks)
    state = game.state()
    twin = game.copy()
    assert twin.state() == state and twin.code == game.code
    for pick in more:  # the copy moves on; the original stays
        legal = twin.legal_moves()
        if not legal:
            break
        twin.play(legal[pick % len(legal)])
    assert game.state() == state
    # history included: an undo on the original leaves the copy, and the copy undoes alike
    if game.can_undo:
        other = game.copy()
        game.undo()
        assert other.state() == state
        other.undo()
        assert other.state() == game.state()


@PROPERTY
@given(codes, choices)
def test_legal_moves_are_unique_and_canonical(code: str, picks: list[int]) -> None:
    game = reach(code, picks)
    legal = game.legal_moves()
    assert len(set(legal)) == len(legal)
    for move in legal:
        assert game._name(game._parse(move)) == move  # parsing and printing give it back
        assert not move.endswith(">F")
    assert sorted(legal) == sorted(ref_legal(game.state()))


@PROPERTY
@given(codes, choices)
def test_status_agrees_with_the_position(code: str, picks: list[int]) -> None:
    game = reach(code, picks)
    state = game.state()
    assert state["status"] == ref_status(state) == game.status
    legal = game.legal_moves()
    if state["status"] == "won":
        assert legal == []
    elif state["status"] == "blocked":
        assert state["game"] == "crescent" and state["redeals_left"] == 0 and legal == []
    else:
        assert legal or state["game"] == "canfield"
    assert state["status"] in (
        ("playing", "won", "blocked") if state["game"] == "crescent" else ("playing", "won")
    )


def test_a_move_that_is_not_text_is_refused_as_bad_notation() -> None:
    for code in ("CR1-N-AAAAAAB", "CF1-D3-AAAAACL"):
        game = engine.new_game(code)
        state = game.state()
        game.legal_moves()  # with the legal-move cache filled, as in play
        for move in (None, 12, ["1>2"], {"1": 2}, ("1", "2")):
            assert game.check(move) == "bad-notation"  # type: ignore[arg-type]
            with pytest.raises(engine.IllegalMove) as refusal:
                game.play(move)  # type: ignore[arg-type]
            assert refusal.value.reason == "bad-notation"
            assert game.state() == state
