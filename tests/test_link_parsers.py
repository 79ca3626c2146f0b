"""Issue 27 item 6, the Python side: the parsers of what a link or a kept game gives Python
(pyworker/links.py's moves in every form, the `#state=` text, a move's notation) take any value
without an exception of their own, give back what they wrote, and read a damaged value as far
as it goes. (Compact moves cut or with a bad token: tests/test_links_damaged.py; game codes and
any value as a move or a state: tests/test_engine_codes.py, tests/test_engine_hostile.py; the
page's own parsers in Chromium: tests/browser/test_parser_properties.py.)"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as hst

import engine
from engine.notation import Move
from pyworker import analysis, links
from tests.test_play_ops import PROPERTY, codes, picks, played

DEFAULT = {"crescent": "CR1-N-AAAAAAB", "canfield": "CF1-D3-AAAAACL"}

json_values = hst.recursive(
    hst.none() | hst.booleans() | hst.integers() | hst.floats(allow_nan=False) | hst.text(max_size=12),
    lambda inner: hst.lists(inner, max_size=4) | hst.dictionaries(hst.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@given(json_values)
def test_read_takes_any_value_the_page_may_send(value: Any) -> None:
    """A kept game's moves may be anything JSON holds (play/saved.js sends a damaged one's as
    text; an older page sent it as it was): read never raises, and it says where it stopped."""
    for kind in links.TABLES:
        prefix, at = links.read(kind, value)
        assert all(isinstance(m, str) for m in prefix)
        if isinstance(value, str | list):
            continue
        # Not text: nothing is read, and the whole value is named (0) as unreadable.
        assert (prefix, at) == ([], 0)
        # As the page now sends it (its JSON): its first action is the one said unreadable or
        # refused, never "too many moves" (0), which would say something that is not so. (JSON
        # with a comma reads as the older notation, whose first part no game plays.)
        text = json.dumps(value)
        if len(text) <= links.MAX_TEXT:
            prefix, at = links.read(kind, text)
            assert at == 1 or engine.new_game(DEFAULT[kind]).check(prefix[0]) is not None, (text, prefix, at)


@PROPERTY
@given(codes, picks)
def test_the_older_comma_notation_reads_back(code: str, choice: list[int]) -> None:
    """Links from replays still carry `a,b,c`: read gives those actions, and the compact text
    of the same game reads to the same actions."""
    moves = played(code, choice)
    kind = engine.new_game(code).game
    if moves:
        assert links.read(kind, ",".join(moves)) == (moves, None)
    assert links.read(kind, links.encode(kind, moves)) == (moves, None)


@PROPERTY
@given(codes, picks)
def test_state_text_round_trips(code: str, choice: list[int]) -> None:
    game = engine.new_game(code)
    for move in played(code, choice):
        game.play(move)
    for state in (game.state(), engine.public_state(game)):
        text = analysis.encode_state(state)
        assert set(text) <= set(links.ALPHABET)
        assert analysis.decode_state(text) == state


@given(hst.text(max_size=40) | hst.text(alphabet=links.ALPHABET, max_size=60))
def test_state_text_refuses_with_value_error_only(text: str) -> None:
    with contextlib.suppress(ValueError):  # any other exception fails the test
        analysis.decode_state(text)


@given(hst.text(max_size=16) | hst.text(alphabet="0123456789:>+-SHDCRWF redaw", max_size=10))
def test_a_move_parses_or_is_refused_and_prints_back(text: str) -> None:
    try:
        move = Move.parse(text)
    except ValueError:
        return
    assert str(move) == text


@pytest.mark.parametrize("kind", sorted(links.TABLES))
def test_every_table_entry_is_a_canonical_move(kind: str) -> None:
    """A link's token decodes to text Move.parse reads and prints back unchanged."""
    for name in links.TABLES[kind]:
        assert str(Move.parse(name)) == name
