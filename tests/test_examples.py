"""The stored example games (docs/examples/*.json): every one is a clean line (scripts/clean_line.py)
replayed through the public API, captioned with the game's own move counter; the three the rules
pages cite show the teaching points they quote, checked as properties of the game (never as
hard-coded move numbers)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import catalogues
import diagrams
import engine
from catalogues import numbers
from scripts import clean_line

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
NAMES = ("crescent-example", "canfield-d3-example", "canfield-d1-example")
ALL = sorted(p.stem for p in EXAMPLES.glob("*.json"))
WINNING = [n for n in ALL if "outcome" not in json.loads((EXAMPLES / f"{n}.json").read_text())]


def replay(name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The example's data and the state before each action (and after the last)."""
    data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    game = engine.new_game(data["code"])
    states = [game.state()]
    for move in data["moves"]:
        game.play(move)  # raises IllegalMove on an illegal action
        states.append(game.state())
    return data, states


@pytest.mark.parametrize("name", NAMES)
def test_example_is_a_won_game_of_100_actions(name: str) -> None:
    data, states = replay(name)
    assert engine.normalise_code(data["code"]) == data["code"]
    assert len(data["moves"]) >= 100
    assert states[-1]["status"] == "won"
    assert all(s["status"] == "playing" for s in states[:-1])


def test_there_are_examples_to_check() -> None:
    assert set(NAMES) <= set(WINNING)


@pytest.mark.parametrize("name", WINNING)
def test_winning_example_is_clean(name: str) -> None:
    """No position repeats; no single action, adjacent pair or move-and-reversal can go."""
    data, _ = replay(name)
    assert clean_line.defects(data["code"], data["moves"]) == []


def test_the_cleaner_cleans_a_wandering_line() -> None:
    """A winning line with a loop, a move and its reversal and a pointless pair added comes out
    clean and still winning (and no longer than the clean line it was made from)."""
    data, _states = replay("crescent-example")
    code, line = data["code"], data["moves"]
    # A move and its reversal, inserted where both are legal and change nothing else.
    game = engine.new_game(code)
    at = 0  # where the pair goes: before the first action at which one is legal
    for k, move in enumerate(line):
        back = None
        for mv in game.legal_moves():
            src, _, dst = mv.partition(">")
            if src.isdigit() and dst.isdigit():
                twin = game.copy()
                twin.play(mv)
                if f"{dst}>{src}" in twin.legal_moves():
                    back = [mv, f"{dst}>{src}"]
                    break
        if back:
            at = k
            break
        game.play(move)
    assert back, "no reversible move in the example"
    wandering = line[:at] + back + line[at:]
    assert clean_line.wins(code, wandering)
    assert clean_line.defects(code, wandering)
    cleaned = clean_line.clean(code, wandering)
    assert clean_line.wins(code, cleaned) and clean_line.defects(code, cleaned) == []
    assert len(cleaned) <= len(line)


@pytest.mark.parametrize("name", ALL)
def test_captions_number_the_game_s_own_moves(name: str) -> None:
    """ "Move N" is the game's move counter after the step; a Crescent redeal is "Redeal k of 3"
    with no number (CONTRACT.md "Stored games")."""
    data, states = replay(name)
    redeals = 0
    for lang in catalogues.LANGUAGES:
        redeals = 0
        for n, move in enumerate(data["moves"], start=1):
            text = diagrams.caption(move, states[n - 1], lang, states[n]["moves"])
            if move == "redeal":
                redeals += 1
                assert states[n]["moves"] == states[n - 1]["moves"]
                assert text.startswith(
                    catalogues.message(lang, "caption.cr.redeal", n=redeals, total=3)[:1].upper()
                    + catalogues.message(lang, "caption.cr.redeal", n=redeals, total=3)[1:]
                )
                assert str(states[n]["moves"]) not in text.split(":")[0]
            else:
                assert states[n]["moves"] == states[n - 1]["moves"] + 1
                number = states[n]["moves"]
                # The caption's head is the catalogue's "Move N" for the game's own counter N (a
                # language may spell a number in words, as Korean does the first move: 첫 번째 수).
                head = catalogues.message(lang, "caption.numbered", number=number, text="").rstrip()
                assert text.startswith(head), (lang, n, text, head)
                if number >= 2:
                    assert numbers.integer(lang, number) in head or str(number) in head
    if states[0]["game"] == "crescent":
        assert states[-1]["moves"] == len(data["moves"]) - redeals


def test_example_variants() -> None:
    assert json.loads((EXAMPLES / "crescent-example.json").read_text())["code"].startswith("CR1-N-")
    assert json.loads((EXAMPLES / "canfield-d3-example.json").read_text())["code"].startswith("CF1-D3-")
    assert json.loads((EXAMPLES / "canfield-d1-example.json").read_text())["code"].startswith("CF1-D1-")


def test_crescent_early_ace_on_king() -> None:
    data, states = replay("crescent-example")
    for i, move in enumerate(data["moves"]):
        src, _, dst = move.partition(">")
        if not dst.isdigit():
            continue
        card = states[i]["piles"][int(src) - 1][-1]
        target = states[i]["piles"][int(dst) - 1][-1]
        if card[0] == "A" and target[0] == "K":
            assert card[1] == target[1]
            assert states[i + 1]["piles"][int(dst) - 1][-2:] == [target, card]
            assert i < 15, "the first ace-on-king wrap should come early in the game"
            return
    pytest.fail("no ace goes onto a king")


def test_crescent_redeal_brings_a_playable_card_up() -> None:
    data, states = replay("crescent-example")
    i = data["moves"].index("redeal")
    before, after = states[i], states[i + 1]
    assert after["redeals_left"] == before["redeals_left"] - 1
    legal = engine.from_state(after).legal_moves()
    useful = [
        p
        for p in range(16)
        if len(before["piles"][p]) >= 2
        and after["piles"][p] == before["piles"][p][1:] + before["piles"][p][:1]
        and after["piles"][p][-1] != before["piles"][p][-1]
        and any(m.startswith(f"{p + 1}>") for m in legal)
    ]
    assert useful, "the first redeal should bring up a card that can be played at once"


@pytest.mark.parametrize("name", ["canfield-d3-example", "canfield-d1-example"])
def test_canfield_column_ace_refused_by_the_start_rank(name: str) -> None:
    data, states = replay(name)
    deal = states[0]
    assert deal["base_rank"] != "A"
    game = engine.new_game(data["code"])
    refused = [
        c
        for c, col in enumerate(deal["columns"], 1)
        if col and col[-1][0] == "A" and game.check(f"{c}>F") == "foundation-start"
    ]
    assert refused, "a column ace should be refused by its empty foundation"


@pytest.mark.parametrize("name", ["canfield-d3-example", "canfield-d1-example"])
def test_canfield_column_emptied_and_refilled_from_the_reserve(name: str) -> None:
    data, states = replay(name)
    for i, move in enumerate(data["moves"]):
        before, after = states[i], states[i + 1]
        if move.startswith("R>") or not before["reserve"]:
            continue
        for c in range(4):
            if (
                after["columns"][c] == [before["reserve"][-1]]
                and before["columns"][c]
                and len(after["reserve"]) == len(before["reserve"]) - 1
            ):
                assert i < 30, "the first refill should come early in the game"
                return
    pytest.fail("no action empties a column that the reserve refills")


def test_canfield_d3_keeps_the_seed_cards() -> None:
    _, states = replay("canfield-d3-example")
    assert states[0]["foundations"]["H"] == ["7H"]
    assert "AS" in [col[-1] for col in states[0]["columns"]]


# ---- mistake lines and the solver's claims -----------------------------------------------------


def _data(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


MISTAKES = [n for n in ALL if n not in WINNING]
ALTERNATIVES = [
    (n, a["step"], a["move"], a.get("rules", "app"))
    for n in WINNING
    for a in _data(n).get("alternatives", [])
]


def _proved_lost(game: Any, rules: str = "app") -> bool:
    from scripts.find_examples import proved_lost

    assert rules in ("app", "no-takebacks")
    return proved_lost(game, takebacks=rules == "app")


@pytest.mark.parametrize("name", MISTAKES)
def test_mistake_line_follows_its_own_rule(name: str) -> None:
    """CONTRACT.md "Stored games": a mistake line ends as its "outcome" says. Ours also: no
    position repeats; it follows its winning line up to one move, which the solver proves lost
    (and the winning line records as an alternative); after it, the beginner's policy of
    scripts/greedy.py plays on until stuck."""
    from scripts.greedy import greedy_line
    from sitegen.commentary import parting_step

    data, states = replay(name)
    assert data["outcome"] in ("blocked", "lost")
    winning = _data(data["winning"])
    assert winning["code"] == data["code"] and data["winning"] in WINNING
    keys = [clean_line.position_key(s) for s in states]
    assert len(set(keys)) == len(keys), "a position repeats"
    k = parting_step(tuple(data["moves"]), tuple(winning["moves"]))
    assert data["moves"][:k] == winning["moves"][:k]
    after = clean_line.replay(data["code"], data["moves"][: k + 1])
    assert _proved_lost(after), "the move where the lines part should be proved lost"
    assert {"step": k, "move": data["moves"][k]} in winning.get("alternatives", [])
    assert data["moves"][k + 1 :] == greedy_line(after, set(keys[: k + 2]))
    if data["outcome"] == "blocked":
        assert states[-1]["status"] == "blocked"
    else:
        assert _proved_lost(clean_line.replay(data["code"], data["moves"]))


@pytest.mark.parametrize(("name", "step", "move", "rules"), ALTERNATIVES)
def test_stored_alternative_is_proved_lost(name: str, step: int, move: str, rules: str) -> None:
    """Each "alternatives" entry (the commentary says "the obvious alternative loses") is the
    solver's proof, made again here with a node budget (the same on a busy machine); with
    "rules": "no-takebacks", under the traditional rule, and the line itself then takes no
    card back (so it wins under that rule too)."""
    data, _ = replay(name)
    assert data["moves"][step] != move
    game = clean_line.replay(data["code"], data["moves"][:step])
    game.play(move)
    assert _proved_lost(game, rules)
    if rules == "no-takebacks":
        assert clean_line.counts(data["code"], data["moves"])["takebacks"] == 0


@pytest.mark.parametrize("name", [n for n in WINNING if "without_takebacks" in _data(n)])
def test_takeback_example_needs_its_takebacks(name: str) -> None:
    """Proved lost when no card may come back from a foundation, won (by this line) with them."""
    data, _ = replay(name)
    assert data["without_takebacks"] == "loss"
    proof = engine.solve(
        engine.new_game(data["code"]), max_seconds=600.0, quick=False, max_nodes=2_000_000, takebacks=False
    )
    assert proof.status == "loss"
    assert clean_line.counts(data["code"], data["moves"])["takebacks"] >= 1


def test_lessons_are_all_there() -> None:
    """At least three examples per game, both Canfield draws, and each lesson the Examples
    page introduces."""
    codes = {n: _data(n)["code"] for n in ALL}
    assert sum(c.startswith("CR1-") for c in codes.values()) >= 3
    assert sum(c.startswith("CF1-") for c in codes.values()) >= 3
    assert any(c.startswith("CF1-D1-") for c in codes.values())
    assert any(c.startswith("CF1-D3-") for c in codes.values())
    assert MISTAKES, "a mistake line beside its winning line"
    assert any("without_takebacks" in _data(n) for n in WINNING)
    assert any(_data(n).get("alternatives") and codes[n].startswith("CF1-") for n in WINNING)
