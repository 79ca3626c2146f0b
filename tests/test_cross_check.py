"""scripts/cross_check.py and the cross-check stats_summary.py computes from its lines.

No Solvitaire binary is needed: the converter is checked card by card against the engine's own
deal, and against what Solvitaire printed when it was given that deal (a real printout, stored
in tests/fixtures/solvitaire/); the counting runs on small result files written here."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.cards import name
from engine.codes import parse_code, shuffled_deck
from scripts import cross_check, stats_summary

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "solvitaire"
# Solvitaire's deal schema (deal_parser.cpp): rank 1-13, 2-10 or A J Q K, then the suit.
CARD = re.compile(r"^(([0-9]|1[0-3]|a|A|j|J|q|Q|k|K)(c|C|d|D|h|H|s|S))$")


@pytest.mark.parametrize("code", ["CF1-D3GKN-AAKYMLS", "CF1-D3GKN-AAKYMLV", "CF1-D3GKN-AAAAAAB"])
def test_the_deal_is_ours_card_by_card(code: str) -> None:
    """CODES.md section 6 from the shuffle itself: cards 1-13 the reserve (13 on top), 14 the
    base card, 15-18 the columns, 19-52 the stock (52 on top, drawn first); each listed bottom
    first, as Solvitaire's parser stacks them, and each in its spelling ("10" for T)."""
    cards = [cross_check.solvitaire_card(name(c)) for c in shuffled_deck(parse_code(code))]
    deal = cross_check.deal_json(code)
    assert deal == {
        "foundations": [cards[13]],
        "tableau piles": [[cards[14]], [cards[15]], [cards[16]], [cards[17]]],
        "reserve": cards[:13],
        "stock": cards[18:],
    }
    state = engine.new_game(code).state()
    assert deal["reserve"][-1] == cross_check.solvitaire_card(state["reserve"][-1])  # the top plays
    assert deal["stock"][-1] == cross_check.solvitaire_card(state["stock"][-1])  # the first drawn
    every = (
        deal["foundations"]
        + [c for pile in deal["tableau piles"] for c in pile]
        + deal["reserve"]
        + deal["stock"]
    )
    assert len(set(every)) == 52 and all(CARD.match(card) for card in every)
    assert not any("T" in card for card in every)


def test_solvitaire_read_the_deal_we_sent() -> None:
    """Its printout of the first position (here a deal it proved lost) is our deal, read back."""
    printed = (FIXTURES / "CF1-D3GKN-AAKYMLV.txt").read_text(encoding="utf-8")
    assert cross_check.echoed_deal(printed) == cross_check.deal_json("CF1-D3GKN-AAKYMLV")
    assert "Solution Type: unsolvable" in printed.splitlines()
    assert cross_check.echoed_deal("Solution Type: timed-out\n") is None


def test_other_versions_and_played_positions_are_refused() -> None:
    with pytest.raises(ValueError, match="not a deal of Solvitaire's canfield preset"):
        cross_check.to_solvitaire(engine.new_game("CF1-D3-AAKYMLS").state())
    game = engine.new_game("CF1-D3GKN-AAKYMLS")
    game.play("draw")
    with pytest.raises(ValueError, match="not a deal's first position"):
        cross_check.to_solvitaire(game.state())


def _row(deal: int, status: str) -> dict[str, Any]:
    return {
        "deal": deal,
        "code": f"CF1-D3GKN-{deal}",
        "status": status,
        "cap": 10.0,
        "seconds": 1.0,
        "nodes": 5,
    }


OURS = [
    _row(1, "win"),
    _row(2, "win"),
    _row(3, "loss"),
    _row(4, "unknown"),
    _row(5, "unknown"),
    _row(6, "unknown"),
    _row(7, "win"),  # not run by the other solver
    _row(8, "unknown"),
    _row(8, "loss"),  # decided on a retry: the decided result counts
]
THEIRS = [
    _row(1, "win"),
    _row(2, "unknown"),
    _row(3, "win"),  # a contradiction
    _row(4, "loss"),
    _row(5, "loss"),
    _row(6, "win"),
    _row(8, "loss"),
    _row(9, "win"),  # not in our sample
]


def test_the_cross_check_is_counted_on_the_deals_both_hold() -> None:
    check = stats_summary.cross_check("Solvitaire", OURS, THEIRS)
    assert check is not None
    assert {k: check[k] for k in ("deals", "agree_wins", "agree_losses", "contradictions")} == {
        "deals": 7,
        "agree_wins": 1,
        "agree_losses": 1,
        "contradictions": 1,
    }
    assert (check["ours_decided"], check["theirs_decided"]) == (4, 6)
    assert (check["our_unknown"], check["our_unknown_run"]) == (3, 3)
    assert (check["our_unknown_their_wins"], check["our_unknown_their_losses"]) == (1, 2)
    assert (check["their_unknown_our_wins"], check["their_unknown_our_losses"]) == (1, 0)
    # Our whole sample (deals 1-8: 3 wins... plus 7) with its verdicts on our three undecided:
    # wins 1, 2, 7 and 6; decided all 8.
    low, high = stats_summary.wilson(4, 8)
    assert check["with_theirs"] == {"value": 0.5, "low": round(low, 4), "high": round(high, 4), "decided": 8}
    assert stats_summary.cross_check("Solvitaire", OURS, [_row(9, "win")]) is None


def test_summary_json_computes_the_preset_cross_check_from_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stats_summary, "STATS_DIR", tmp_path)
    (tmp_path / "crosscheck").mkdir()
    for path, rows in (
        (tmp_path / "solvitaire-canfield.jsonl", OURS),
        (tmp_path / "crosscheck" / "solvitaire-canfield.jsonl", THEIRS),
    ):
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    summary = stats_summary.write_summary()
    assert set(summary["games"]) == {"solvitaire-canfield"}  # the check file is not a sample
    game = summary["games"]["solvitaire-canfield"]
    assert game["cross_check"] == stats_summary.cross_check("Solvitaire", OURS, THEIRS)
    assert game["deals"] == 8 and game["unknown"] == 3
    (tmp_path / "crosscheck" / "solvitaire-canfield.jsonl").unlink()
    assert stats_summary.write_summary()["games"]["solvitaire-canfield"]["cross_check"] is None


def test_a_resumed_run_spreads_our_undecided_deals_among_the_rest() -> None:
    """Deal 1 done; left: undecided 4, 5, 6 and decided 2, 3, 7, 8 (a stopped run has run a like
    share of each)."""
    todo = cross_check.todo(OURS, THEIRS[:1])
    assert [deal for deal, _ in todo] == [4, 2, 3, 5, 7, 6, 8]
