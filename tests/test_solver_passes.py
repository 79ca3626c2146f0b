"""The solver's pass dominance (`solve(dominance=True)`, engine/solver_canfield.py), used by
scripts/solve_stats.py for Rainfall: on versions with limited passes its verdicts are those of an
exhaustive search over the public API, wins and losses both, and it skips positions the default
search stores; elsewhere it changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.codes import deal_letters
from tests.engine_support import SUITS, card, recycle_endgame
from tests.test_versions import _brute

LIMITED = ("D1HKP3W", "D1HKP3STW", "D1KP2", "D3KP2W")


def _talon_endgame(options: str, rng: random.Random) -> dict[str, Any] | None:
    """A small position of a version with limited passes: 5-10 cards off the foundations, each
    suit's last one on a column (no column empties before its suit is done) and the rest in the
    talon and the reserve, a recycle or none left, so that the order of the talon, the waste's
    length and the recycles decide it: many are lost."""
    rules = engine.rules.canfield_rules(options)
    assert rules is not None and rules.passes
    base = 1 if rules.start == "twos" else rng.randrange(13)
    left = {s: rng.randint(1, 3) for s in SUITS}
    if not 5 <= sum(left.values()) <= 10:
        return None
    found: dict[str, list[str]] = {}
    columns: list[list[str]] = []
    out: list[str] = []
    for s in SUITS:
        cards = [card((base + k) % 13 + 1, s) for k in range(13)]
        found[s] = cards[: 13 - left[s]]
        columns.append([cards[12]])
        out += cards[13 - left[s] : 12]
    rng.shuffle(columns)
    rng.shuffle(out)
    places: dict[str, list[str]] = {"stock": [], "waste": [], "reserve": []}
    for c in out:
        places[rng.choice(("stock", "waste", "waste", "reserve"))].append(c)
    return {
        "game": "canfield",
        "draw": rules.draw,
        "base_rank": "A23456789TJQK"[base],
        "foundations": found,
        "columns": columns,
        "options": options,
        "recycles_left": rng.choice((0, 0, 1)),
        **places,
    }


@pytest.mark.parametrize("options", LIMITED)
def test_pass_dominance_agrees_with_exhaustive_search_on_endgames(options: str) -> None:
    # Random endgames this small are nearly all won (the losses: the tests below).
    rng = random.Random(f"dominance {options}")
    decided = 0
    while decided < 8:
        state = _talon_endgame(options, rng)
        if state is None:
            continue
        game = engine.from_state(state)
        truth = _brute(game)
        if truth is None:
            continue
        decided += 1
        solution = engine.solve(game, max_seconds=20.0, dominance=True, quick=False)
        assert solution.status == ("win" if truth else "loss"), (options, state)


# Storehouse deals of the statistics sample (5,000,000 on) that the exact search decides within
# 25,000 positions: ten proved lost, four won.
STOREHOUSE_DEALS = [0, 3, 10, 11, 16, 21, 23, 26, 29, 31, 4, 7, 8, 12]


def test_pass_dominance_agrees_with_the_exact_search_on_deals() -> None:
    verdicts = []
    for deal in STOREHOUSE_DEALS:
        code = "CF1-D1HKP3STW-" + deal_letters(5_000_000 + deal)
        exact = engine.solve(engine.new_game(code), max_seconds=60.0, quick=False)
        pruned = engine.solve(engine.new_game(code), max_seconds=60.0, quick=False, dominance=True)
        assert exact.status == pruned.status != "unknown", code
        assert pruned.positions <= exact.positions, code
        verdicts.append(pruned.status)
    assert verdicts.count("loss") == 10 and verdicts.count("win") == 4


@pytest.mark.parametrize("options", ["D1HKP3W", "D1KP3", "D3KP2W"])
def test_pass_dominance_counts_the_recycles(options: str) -> None:
    """4S under 5S on the waste, the stock empty: with a recycle left draw one turns the waste
    over and deals 4S, then 5S; with none nothing moves (engine_support's recycle_endgame, which
    test_versions tests too). Dominance must not let the position without a recycle pass for
    the one with it."""
    for recycles in (0, 1):
        game = engine.from_state(recycle_endgame(options, recycles))
        truth = _brute(game)
        assert truth is not None
        solution = engine.solve(game, max_seconds=20.0, dominance=True, quick=False)
        assert solution.status == ("win" if truth else "loss"), (options, recycles)


def test_pass_dominance_proves_a_deal_lost_with_fewer_positions() -> None:
    # Storehouse deal 5,000,000 of the statistics sample, proved lost either way: the complete
    # search with pass dominance stores and generates fewer positions than with exact keys.
    game = engine.new_game("CF1-D1HKP3STW-AAKYMLS")
    exact = engine.solve(game, max_seconds=60.0, quick=False)
    pruned = engine.solve(game, max_seconds=60.0, quick=False, dominance=True)
    assert exact.status == pruned.status == "loss"
    assert pruned.positions < exact.positions and pruned.nodes < exact.nodes


@pytest.mark.parametrize("code", ["CF1-D1-AAKYMLS", "CF1-D3KW-AAKYMLS"])
def test_pass_dominance_changes_nothing_with_unlimited_passes(code: str) -> None:
    game = engine.new_game(code)
    plain = engine.solve(game, max_nodes=30_000, max_seconds=60.0)
    asked = engine.solve(game, max_nodes=30_000, max_seconds=60.0, dominance=True)
    assert (plain.status, plain.nodes, plain.moves) == (asked.status, asked.nodes, asked.moves)
