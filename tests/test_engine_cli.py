"""`python -m engine`, the maintainers' command line, run as a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parent.parent


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_cli_deal_json_is_the_dealt_state() -> None:
    done = cli("deal", " cf1-d3-aaaaacl ", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == engine.new_game("CF1-D3-AAAAACL").state()


def test_cli_deal_text_shows_the_board() -> None:
    done = cli("deal", "CR1-N-AAAAAAB")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("CR1-N-AAAAAAB") and "moves=0" in lines[0] and "redeals_left=3" in lines[0]
    state = engine.new_game("CR1-N-AAAAAAB").state()
    for number, pile in enumerate(state["piles"], 1):  # every pile, cards bottom first
        assert any(
            line.split(":")[0].strip() == str(number) and line.split(":")[1].split() == pile for line in lines
        )
    done = cli("deal", "CF1-D1-AAAAACL")
    assert "draw=1" in done.stdout and "base_rank=4" in done.stdout


def test_cli_play_applies_the_moves() -> None:
    moves = ["1>5", "redeal", "7>D+"]
    done = cli("play", "CR1-N-AAAAAAB", *moves, "--json")
    assert done.returncode == 0, done.stderr
    game = engine.new_game("CR1-N-AAAAAAB")
    for move in moves:
        game.play(move)
    assert json.loads(done.stdout) == game.state()


def test_cli_play_refused_move_says_which_and_why() -> None:
    done = cli("play", "CR1-N-AAAAAAB", "1>5", "1>2", "--json")
    assert done.returncode != 0
    assert "move 2" in done.stderr and "'1>2'" in done.stderr and "same-suit" in done.stderr
    assert done.stdout == ""


def test_cli_moves_lists_the_legal_moves() -> None:
    done = cli("moves", "CF1-D3-AAAAACL")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == engine.new_game("CF1-D3-AAAAACL").legal_moves()
    done = cli("moves", "CR1-N-AAAAAAB", "1>5", "--json")
    game = engine.new_game("CR1-N-AAAAAAB")
    game.play("1>5")
    assert json.loads(done.stdout) == game.legal_moves()


def test_cli_bad_code_is_a_clear_error() -> None:
    for code, reason in (
        ("XX1-N-AAAAAAB", "unknown-game"),
        ("CR1-N-AAAA", "deal-length"),
        ("CF1-D2-AAAAAAB", "unknown-options"),
    ):
        done = cli("deal", code)
        assert done.returncode != 0
        assert code in done.stderr and reason in done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""


def test_cli_without_a_command_shows_usage() -> None:
    done = cli()
    assert done.returncode != 0 and "usage" in done.stderr.lower()
