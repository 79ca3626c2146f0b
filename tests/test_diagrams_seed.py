"""The descriptions say the seed positions exactly as the seed pages do.

The seeds' Korean descriptions (first form) are read from /work/shared/spec when present, or
from the copies below: each Crescent paragraph is turned back into a position (every pile's
count and top card, the foundations), and the Korean description of that position must be the
paragraph, character for character. The Canfield seed position is built by hand; the engine
plays the seed's first three moves, and the description after them must be the seed's second
paragraph.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import diagrams
import engine
from tests.test_diagrams import crescent_from_tops, seed_canfield

SPEC = Path("/work/shared/spec")

CRESCENT_SEED_1 = (
    "스페이드 오름차순 완성 더미: 맨 위는 스페이드 2, 카드 2장; 하트 오름차순 완성 더미: 맨 위는 하트 2, 카드 2장; "
    "다이아몬드 오름차순 완성 더미: 맨 위는 다이아몬드 에이스, 카드 1장; 클럽 오름차순 완성 더미: 맨 위는 클럽 에이스, 카드 1장; "
    "스페이드 내림차순 완성 더미: 맨 위는 스페이드 퀸, 카드 2장; 하트 내림차순 완성 더미: 맨 위는 하트 퀸, 카드 2장; "
    "다이아몬드 내림차순 완성 더미: 맨 위는 다이아몬드 킹, 카드 1장; 클럽 내림차순 완성 더미: 맨 위는 클럽 9, 카드 5장. "
    "1번 더미: 카드 4장, 맨 위는 다이아몬드 잭; 2번 더미: 카드 6장, 맨 위는 스페이드 8; 3번 더미: 카드 4장, 맨 위는 다이아몬드 7; "
    "4번 더미: 카드 5장, 맨 위는 다이아몬드 4; 5번 더미: 카드 6장, 맨 위는 스페이드 10; 6번 더미: 카드 4장, 맨 위는 스페이드 퀸; "
    "7번 더미: 카드 6장, 맨 위는 하트 5; 8번 더미: 카드 6장, 맨 위는 스페이드 6; 9번 더미: 카드 5장, 맨 위는 클럽 5; "
    "10번 더미: 카드 6장, 맨 위는 스페이드 에이스; 11번 더미: 카드 6장, 맨 위는 클럽 킹; 12번 더미: 카드 6장, 맨 위는 클럽 10; "
    "13번 더미: 카드 6장, 맨 위는 클럽 7; 14번 더미: 카드 6장, 맨 위는 스페이드 킹; 15번 더미: 카드 6장, 맨 위는 스페이드 6; "
    "16번 더미: 카드 6장, 맨 위는 클럽 에이스."
)
CANFIELD_SEED_1 = (
    "스톡: 34장, 폐기 더미 비어 있음, 리저브: 13장, 맨 위: 클럽 퀸. 파운데이션, 시작 숫자 7: 하트는 하트 7까지(1장), "
    "스페이드 비어 있음, 다이아몬드 비어 있음, 클럽 비어 있음. 1열: 클럽 6, 2열: 하트 킹, 3열: 하트 퀸, 4열: 스페이드 에이스."
)
CANFIELD_SEED_2 = (
    "스톡: 34장, 폐기 더미 비어 있음, 리저브: 10장, 맨 위: 스페이드 잭. 파운데이션, 시작 숫자 7: 하트는 하트 8까지(2장), "
    "스페이드 비어 있음, 다이아몬드 비어 있음, 클럽 비어 있음. 1열: 클럽 6, 2열: 스페이드 퀸, 3열: 하트 퀸, "
    "4열: 스페이드 에이스, 하트 킹, 클럽 퀸."
)

# The seed's words, independent of the catalogues (a wrong catalogue must not agree with itself).
SUITS = {"스페이드": "S", "하트": "H", "다이아몬드": "D", "클럽": "C"}
RANKS = {"에이스": "A", "잭": "J", "퀸": "Q", "킹": "K", "10": "T", **{str(n): str(n) for n in range(2, 10)}}
FOUNDATION = {"오름차순": "+", "내림차순": "-"}


def seed_text(name: str) -> str | None:
    path = SPEC / name
    return path.read_text(encoding="utf-8") if path.exists() else None


def crescent_paragraphs() -> list[str]:
    """Every first-form Crescent description in the Korean seed (the copy when it is absent)."""
    text = seed_text("crescent-rules.ko.txt")
    if text is None:
        return [CRESCENT_SEED_1]
    found = [
        line.strip() for line in text.splitlines() if line.startswith("스페이드 오름차순 완성 더미: 맨 위는")
    ]
    assert CRESCENT_SEED_1 in found
    return found


def card(words: str) -> str:
    suit, rank = words.split(" ")
    return RANKS[rank] + SUITS[suit]


def position_from_paragraph(text: str) -> dict:
    founds: dict[str, list[str]] = {}
    for suit, direction, top, count in re.findall(
        r"(\S+) (오름차순|내림차순) 완성 더미: 맨 위는 (\S+ \S+), 카드 (\d+)장", text
    ):
        f = SUITS[suit] + FOUNDATION[direction]
        top_card = card(top)
        order = "A23456789TJQK" if direction == "오름차순" else "KQJT98765432A"
        founds[f] = [order[i] + SUITS[suit] for i in range(int(count))]
        assert founds[f][-1] == top_card, (f, founds[f], top_card)
    piles = [
        (int(count), card(top))
        for _, count, top in re.findall(r"(\d+)번 더미: 카드 (\d+)장, 맨 위는 (\S+ \S+?)[;.]", text)
    ]
    assert len(founds) == 8 and len(piles) == 16
    return crescent_from_tops(founds, piles)


@pytest.mark.parametrize("paragraph", crescent_paragraphs())
def test_crescent_korean_description_is_the_seeds_first_form(paragraph: str) -> None:
    state = position_from_paragraph(paragraph)
    engine.from_state(state)  # a position the rules can reach
    assert diagrams.describe(state, "ko") == paragraph
    assert diagrams.render_svg(state, "ko", diagram_id="seed").count(paragraph) == 1


def test_canfield_korean_description_is_the_seeds() -> None:
    text = seed_text("canfield-rules.ko.txt")
    if text is not None:
        assert CANFIELD_SEED_1 in text and CANFIELD_SEED_2 in text
    state = seed_canfield()
    assert diagrams.describe(state, "ko") == CANFIELD_SEED_1
    game = engine.from_state(state)
    for move in ("R>2", "R>H", "2:2>4"):  # the seed's winning game, moves 1 to 3
        game.play(move)
    assert diagrams.describe(game.state(), "ko") == CANFIELD_SEED_2


def test_seed_caption_of_move_10() -> None:
    state = position_from_paragraph(CRESCENT_SEED_1)
    assert diagrams.caption("10>14", state, "en", 10) == "Move 10: A♠ from pile 10 onto K♠ on pile 14"
    game = engine.from_state(state)
    game.play("10>14")
    after = game.state()
    assert after["piles"][13][-1] == "AS" and "10번 더미: 카드 5장" in diagrams.describe(after, "ko")
