"""Only StateError, CodeError and IllegalMove may leave the engine (CONTRACT.md), whatever a
Python caller hands it: floats where counts go, numbers too long for int() or repr(), lists
nested deeper than repr() can follow, run counts of thousands of digits.

Each case the Play page's review found is an explicit example; Hypothesis then tries values of
the same families in every field of a real state and in move text.
"""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as hst

import engine

ALLOWED = (engine.StateError, engine.CodeError, engine.IllegalMove)
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HUGE = 10**4400  # more digits than int()/str() convert by default (4,300)


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


# Hostile values: big and odd numbers, deep and wide containers, text that looks like a number.
scalars = hst.one_of(
    hst.none(),
    hst.booleans(),
    hst.integers(),
    hst.floats(allow_nan=True),
    hst.sampled_from([1.0, 3.0, 2**63, "1", "３", "²", "9" * 4301]),
    hst.integers(4290, 4500).map(lambda n: 10**n),  # drawn, not listed: repr() of it raises
    hst.text(max_size=12),
)
values = hst.recursive(
    scalars,
    lambda inner: hst.one_of(
        hst.lists(inner, max_size=4), hst.dictionaries(hst.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
) | hst.integers(200, 1200).map(_nested)

STATES = [
    engine.new_game("CR1-N-AAAAAAB").state(),
    engine.new_game("CF1-D3-AAAAACL").state(),
    engine.new_game("CF1-D1-AAAAACL").state(),
]


def _from_state_only_engine_errors(state: Any) -> None:
    try:
        game = engine.from_state(state)
    except ALLOWED as error:
        str(error)  # its message was built without raising
        return
    # Accepted: then it must play like any game, and refuse with IllegalMove only.
    for move in [*game.legal_moves()[:3], "draw", "redeal", "1>2"]:
        with contextlib.suppress(engine.IllegalMove):  # refused, as any game may
            game.play(move)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("draw", 1.0),
        ("draw", 3.0),
        ("moves", HUGE),
        ("score", HUGE),
        ("moves", 1.0),
        ("redeals_left", HUGE),
        ("reserve", [_nested(990)]),
        ("stock", _nested(990)),
        ("code", _nested(990)),
        ("base_rank", _nested(990)),
        ("status", _nested(990)),
        ("draw", HUGE),
        ("columns", [[_nested(990)], [], [], []]),
    ],
    ids=lambda v: v if isinstance(v, str) else type(v).__name__,
)
def test_found_cases_raise_state_error(field: str, value: Any) -> None:
    for base in STATES:
        state = copy.deepcopy(base)
        state[field] = value
        _from_state_only_engine_errors(state)


def test_draw_as_float_is_refused() -> None:
    state = copy.deepcopy(STATES[1])
    state["draw"] = 1.0
    state.pop("code")  # no code to disagree with: the float itself must be refused
    with pytest.raises(engine.StateError) as caught:
        engine.from_state(state)
    assert caught.value.reason == "draw-option"


@pytest.mark.parametrize(
    "move",
    [
        "1:" + "9" * 4301 + ">2",
        "1:" + "9" * 5000 + ">F",
        "1:²>2",
        "1:١>2",
        "９>1",
        "1:0>2",
        "x" * 100_000,
        "R>" + "9" * 4301,
    ],
    ids=lambda v: v[:12],
)
def test_found_move_texts_raise_illegal_move(move: str) -> None:
    for code in ("CF1-D3-AAAAACL", "CR1-N-AAAAAAB"):
        game = engine.new_game(code)
        before = game.state()
        with pytest.raises(engine.IllegalMove):
            game.play(move)
        assert game.check(move) is not None
        assert game.state() == before


@pytest.mark.parametrize(
    "code",
    [HUGE, _nested(990), "C" * 100_000, 1.0, b"CR1-N-AAAAAAB"],
    ids=["huge-int", "nested", "long", "float", "bytes"],
)
def test_found_codes_raise_code_error(code: Any) -> None:
    with pytest.raises(engine.CodeError) as caught:
        engine.new_game(code)
    assert len(str(caught.value)) < 1000  # the maintainer's message stays short


@PROPERTY
@given(hst.sampled_from(range(len(STATES))), hst.data())
@example(1, None)
def test_any_value_in_any_field_gives_only_engine_errors(which: int, data: Any) -> None:
    state = copy.deepcopy(STATES[which])
    if data is None:  # the explicit example: the review's own case
        state["draw"] = 1.0
        _from_state_only_engine_errors(state)
        return
    field = data.draw(hst.sampled_from(sorted(state)))
    state[field] = data.draw(values)
    _from_state_only_engine_errors(state)


@PROPERTY
@given(hst.sampled_from(range(len(STATES))), values)
def test_any_value_as_a_whole_state_or_nested_card(which: int, value: Any) -> None:
    _from_state_only_engine_errors(value)
    state = copy.deepcopy(STATES[which])
    key = "piles" if state["game"] == "crescent" else "columns"
    state[key][0] = [value]
    _from_state_only_engine_errors(state)


@PROPERTY
@given(
    hst.sampled_from(["CF1-D3-AAAAACL", "CR1-N-AAAAAAB"]),
    hst.one_of(
        hst.text(max_size=20),
        values,
        hst.builds(
            lambda a, n, b: f"{a}:{n}>{b}",
            hst.sampled_from("1234RW"),
            hst.integers(-10, 99)
            | hst.integers(4290, 5000).map(lambda n: "9" * n)
            | hst.text("0123456789²١", max_size=30),
            hst.sampled_from(["1", "2", "F", "S", "9"]),
        ),
    ),
)
def test_any_move_gives_only_illegal_move(code: str, move: Any) -> None:
    game = engine.new_game(code)
    before = game.state()
    try:
        game.play(move)
    except engine.IllegalMove as error:
        str(error)
        assert game.state() == before
    game.check(move)
