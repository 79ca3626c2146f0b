"""scripts/scan_puzzles.py: the games' deals in turn, and its cheap first test (a second win
found by a small search rejects a position) agreeing with the stored proofs."""

from __future__ import annotations

import argparse

import engine
from sitegen.puzzles import load_puzzle, puzzle_order
from tests.conftest import ROOT, load_script

DOCS = ROOT / "docs"
scan = load_script("scan_puzzles")


def test_both_games_deals_come_in_turn_each_with_its_own_game() -> None:
    """`--game both` labels each deal with its own game (a closure once labelled every deal
    with the last game, so Crescent deals were examined as Canfield ones)."""
    args = argparse.Namespace(source="stats", first_deal=0, skip_deals=3, skip_canfield=5, deals=2)
    got = list(scan.interleaved(args, ["crescent", "canfield"]))
    assert [kind for kind, _ in got] == ["crescent", "canfield", "crescent", "canfield"]
    assert all(code.startswith("CR1-" if kind == "crescent" else "CF1-") for kind, code in got)
    fresh = argparse.Namespace(source="fresh", first_deal=9_000_000, skip_deals=0, skip_canfield=0, deals=1)
    assert [code for _, code in scan.interleaved(fresh, ["canfield"])] == ["CF1-D3-AATSBPW"]
    engine.new_game("CF1-D3-AATSBPW")  # a real deal code


def test_the_sift_passes_every_stored_puzzle_and_rejects_a_second_win() -> None:
    """No small search finds a second win at a stored puzzle (the proofs say every other action
    loses or comes back); at a deal's first position, where many actions win, one does."""
    for game, puzzles in puzzle_order(DOCS, ROOT).items():
        for puzzle in puzzles[:3] + puzzles[-3:]:
            position = engine.from_state(puzzle.state)
            children = scan.children_of(position, puzzle.move)
            assert not scan.second_win(game, position, children), puzzle.name
    name = puzzle_order(DOCS, ROOT)["crescent"][-1].name
    start = engine.new_game(load_puzzle(DOCS, name, ROOT).source["code"])
    won = engine.solve(start, max_seconds=1e9, max_nodes=scan.LINE_NODES)
    assert won.status == "win" and scan.second_win("crescent", start, scan.children_of(start, won.moves[0]))


def test_a_version_deals_by_its_own_code_and_names_its_files_by_it() -> None:
    """--version: the won deals of that version's own sample (data/stats/VERSION.jsonl) or fresh
    deals, by that version's code, so each position holds its rules; the file's name says the
    options of any Canfield version but the app's draw three (the scan named draw-one deals "cf-d1-")."""
    args = argparse.Namespace(
        source="stats", first_deal=0, skip_deals=0, skip_canfield=0, deals=2, version="solvitaire-canfield"
    )
    got = [code for _, code in scan.interleaved(args, ["canfield"])]
    assert len(got) == 2 and all(code.startswith("CF1-D3GKN-") for code in got)
    assert all(code in scan.version_won("solvitaire-canfield") for code in got)
    assert engine.new_game(got[0]).state()["options"] == "D3GKN"
    fresh = argparse.Namespace(**{**vars(args), "source": "fresh", "first_deal": 9_000_000})
    fresh.deals, fresh.version = 1, "canfield-classic"
    assert [code for _, code in scan.interleaved(fresh, ["canfield"])] == ["CF1-D3KW-AATSBPW"]
    assert scan.puzzle_ident("CF1-D3-AAKYMLV", "286") == "cf-aakymlv-286"
    assert scan.puzzle_ident("CF1-D1-AAKYMLV", "286") == "cf-d1-aakymlv-286"
    assert scan.puzzle_ident("CF1-D3GKN-AAKYMNH", "81b2") == "cf-d3gkn-aakymnh-81b2"
    assert scan.puzzle_ident("CR1-N-AAKYMLZ", "142") == "cr-aakymlz-142"
