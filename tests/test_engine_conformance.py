"""Conformance (OpenSpiel-style): random games of Crescent, Canfield draw 3 and draw 1 played to
their end (or a cap), checking at every step the engine against the independent reference of
the rules in tests/engine_support.py; and the golden playthroughs replayed exactly.

Golden playthroughs are regenerated only on purpose: tests/golden/regenerate_engine.py --write."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

import engine
from engine.codes import deal_letters
from tests.engine_support import DECK, card_total, ref_legal, ref_play, ref_status

ROOT = Path(__file__).resolve().parent.parent
PLAYTHROUGHS = sorted((ROOT / "tests" / "golden" / "playthroughs").glob("*.json"))
FOUNDATION_PLACES = {"S", "H", "D", "C", "S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-"}
GAMES_PER_HEAD = 10
CAP = 700


def choose(legal: list[str], rng: random.Random, last: str | None) -> str:
    """Mostly a card to a foundation when one can go; else a random move that does not just
    undo the last one; now and then a redeal. Walks like this reach the games' ends."""
    home = [
        m
        for m in legal
        if m.rpartition(">")[2] in FOUNDATION_PLACES and m.partition(">")[0] not in FOUNDATION_PLACES
    ]
    if home and rng.random() < 0.9:
        return rng.choice(home)
    if "redeal" in legal and rng.random() < 0.02:
        return "redeal"
    back = "{1}>{0}".format(*last.split(">")) if last and ">" in last and ":" not in last else None
    pool = [m for m in legal if m not in (back, "redeal")] or legal
    return rng.choice(pool)


def sweep(head: str) -> Counter[str]:
    endings: Counter[str] = Counter()
    copies = 2 if head.startswith("CR") else 1
    for index in range(GAMES_PER_HEAD):
        rng = random.Random(f"{head}/{index}")
        code = f"{head}-{deal_letters(rng.randrange(26**7))}"
        game = engine.new_game(code)
        assert game.state() == engine.new_game(code).state()
        last = None
        for step in range(CAP):
            state = game.state()
            legal = game.legal_moves()
            where = f"{code} step {step}"
            assert card_total(state) == Counter(dict.fromkeys(DECK, copies)), where
            assert json.loads(json.dumps(state)) == state, where  # plain JSON, nothing else
            assert state["status"] == ref_status(state), where
            assert len(set(legal)) == len(legal), where
            assert set(legal) == set(ref_legal(state)), where
            if not legal:
                break
            move = choose(legal, rng, last)
            game.play(move)
            assert game.state() == ref_play(state, move), f"{where}: {move}"
            if step % 11 == 5 and move != "redeal" and game.status != "won":  # undo, replay
                game.undo()
                assert game.state() == state, f"{where}: undo {move}"
                game.play(move)
            last = move
        final = game.state()
        endings[final["status"]] += 1
        if final["status"] in ("won", "blocked"):
            assert game.legal_moves() == []
            for move in ("redeal", "draw", "1>2"):
                assert game.check(move) is not None
    return endings


def test_conformance_crescent() -> None:
    endings = sweep("CR1-N")
    assert sum(endings.values()) == GAMES_PER_HEAD
    assert endings["blocked"] + endings["won"] >= GAMES_PER_HEAD // 2  # the walks do reach an end


def test_conformance_canfield_draw_three() -> None:
    endings = sweep("CF1-D3")
    assert set(endings) <= {"playing", "won"}


def test_conformance_canfield_draw_one() -> None:
    endings = sweep("CF1-D1")
    assert set(endings) <= {"playing", "won"} and endings["won"] >= 1  # wins are exercised too


# --- golden playthroughs -----------------------------------------------------------------------
def test_golden_playthroughs_are_there() -> None:
    names = [p.stem for p in PLAYTHROUGHS]
    assert any(n.startswith("crescent") for n in names)
    assert any("d3" in n for n in names) and any("d1" in n for n in names)


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=[p.stem for p in PLAYTHROUGHS])
def test_golden_playthrough(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    game = engine.new_game(data["code"])
    assert len(data["actions"]) == len(data["states"]) > 0
    for number, (action, expected) in enumerate(zip(data["actions"], data["states"], strict=True), 1):
        before = game.state()
        if action == "undo":
            game.undo()
        else:
            game.play(action)
            assert expected == ref_play(before, action), f"reference disagrees at action {number}"
        assert game.state() == expected, f"{path.name}: state after action {number} ({action})"
