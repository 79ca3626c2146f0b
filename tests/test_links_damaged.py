"""Issue 27, hostile review #1, #10, #15: a damaged link or kept game is played as far as it
reads (pyworker.links.read, pyworker.ops.open_board), and a different kept game is held back."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as hst

import engine
from pyworker import links
from tests.test_play_ops import PROPERTY, call, codes, picks, played

ALPHABET = set(links.ALPHABET)


def damage(text: str, where: int, how: int) -> tuple[str, int]:
    """`text` damaged at character `where`: cut just after it (odd length), or a character
    outside the alphabet put there; with the 1-based action the damage falls in."""
    where = where % len(text)
    if how:
        cut = text[: where - where % 2 + 1]  # an odd number of characters
        return cut, len(cut) // 2 + 1
    return text[:where] + "!" + text[where + 1 :], where // 2 + 1


@PROPERTY
@given(codes, picks, hst.integers(0, 10**6), hst.integers(0, 1))
def test_a_damaged_text_gives_back_every_action_before_the_damage(
    code: str, choice: list[int], where: int, how: int
) -> None:
    moves = played(code, choice)
    kind = engine.new_game(code).game
    text = links.encode(kind, moves)
    if not text:
        assert links.read(kind, text) == ([], None)
        return
    bad, number = damage(text, where, how)
    prefix, at = links.read(kind, bad)
    assert at == number
    assert prefix == moves[: number - 1]


@given(hst.text(max_size=60))
def test_read_never_raises_and_its_prefix_reads_back(text: str) -> None:
    for kind in links.TABLES:
        prefix, at = links.read(kind, text)
        assert at is None or at >= 0
        if at and set(text) <= ALPHABET:
            # Compact text: the prefix is exactly the tokens before the first bad one.
            assert links.encode(kind, prefix) == text[: 2 * (at - 1)]


def opened(**args: Any) -> dict[str, Any]:
    return call("open", board="p", game="crescent", lang="en", **args)


@PROPERTY
@given(picks, hst.integers(1, 60))
def test_a_damaged_link_holds_a_different_kept_game_back(choice: list[int], cut: int) -> None:
    code = "CR1-N-AAAAAAB"
    moves = played(code, choice)
    text = links.encode("crescent", moves)
    if len(moves) < 2:
        return
    cut = 2 * (cut % len(moves)) + 1  # an odd number of characters: cut inside an action
    a = opened(code=code, moves=text[:cut], fallback=code, fallback_moves=text)
    assert a["saved"]["moves"] == text[: cut - 1]
    assert a["kind"] == "refused"
    assert a["hold"]["code"] == code and a["hold"]["moves"] == text
    assert str(len(moves)) in a["hold"]["text"]
    # The link's readable part already holds the kept game: nothing would be lost, no hold.
    b = opened(code=code, moves=text + "A", fallback=code, fallback_moves=text)
    assert "hold" not in b and b["saved"]["moves"] == text
    # A kept game that is damaged is repaired, with its own sentence (not "the link's").
    c = opened(code=code, moves=text[:cut], restored=True)
    assert "hold" not in c and c["saved"]["moves"] == text[: cut - 1]
    assert c["message"].startswith("Your kept game")
