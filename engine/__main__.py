"""The maintainers' command line: deal a code, play moves, list legal moves.

    python -m engine deal CR1-N-AAAAAAB [--json]
    python -m engine play CF1-D3-AAAAACL 1>2 draw W>F [--json]
    python -m engine moves CR1-N-AAAAAAB [MOVE ...]
    python -m engine solve CF1-D1-AAAAAAB [--seconds 10] [--json]

Output is notation only (cards like QH, places like S+), never prose: this is a tool, and
readers' sentences live in the catalogues.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from . import CodeError, EngineError, Game, IllegalMove, new_game, solve


def board_text(state: dict[str, Any]) -> str:
    """The board as plain text, one place per line, cards bottom first."""
    lines = [f"{state['code']}  moves={state['moves']}  status={state['status']}"]
    _BOARD_LINES[state["game"]](state, lines)
    return "\n".join(lines)


def _crescent_lines(state: dict[str, Any], lines: list[str]) -> None:
    lines[0] += f"  redeals_left={state['redeals_left']}"
    for name, cards in state["foundations"].items():
        lines.append(f"{name:>3}: {' '.join(cards)}")
    for i, pile in enumerate(state["piles"], 1):
        lines.append(f"{i:>3}: {' '.join(pile) or '-'}")


def _canfield_lines(state: dict[str, Any], lines: list[str]) -> None:
    lines[0] += f"  draw={state['draw']}  base_rank={state['base_rank']}  score={state['score']}"
    lines.append(f"stock: {len(state['stock'])} cards")
    lines.append(f"    W: {' '.join(state['waste']) or '-'}")
    lines.append(f"    R: {' '.join(state['reserve']) or '-'}")
    for name, cards in state["foundations"].items():
        lines.append(f"    {name}: {' '.join(cards) or '-'}")
    for i, column in enumerate(state["columns"], 1):
        lines.append(f"    {i}: {' '.join(column) or '-'}")


# Each game's lines, by the state's "game" (a key of engine.games.GAME_KINDS).
_BOARD_LINES: dict[str, Callable[[dict[str, Any], list[str]], None]] = {
    "crescent": _crescent_lines,
    "canfield": _canfield_lines,
}


def _play_all(game: Game, moves: Sequence[str]) -> None:
    for number, move in enumerate(moves, 1):
        try:
            game.play(move)
        except IllegalMove as refusal:
            raise SystemExit(f"error: move {number} {move!r} refused: {refusal.reason}") from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (
        ("deal", "print the dealt board"),
        ("play", "play moves, print the board"),
        ("moves", "list the legal moves (after the given moves)"),
        ("solve", "search for a winning line"),
    ):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("code")
        if name in ("play", "moves"):
            p.add_argument("moves", nargs="*", metavar="MOVE")
        if name == "solve":
            p.add_argument("--seconds", type=float, default=10.0)
        p.add_argument("--json", action="store_true", help="machine-readable output")
    args = parser.parse_args(argv)
    try:
        game = new_game(args.code)
    except CodeError as error:
        print(f"error: bad game code {args.code!r}: {error.reason} {error.details}", file=sys.stderr)
        return 2
    try:
        _play_all(game, getattr(args, "moves", []))
    except SystemExit as stop:
        print(stop, file=sys.stderr)
        return 1
    if args.command == "moves":
        legal = game.legal_moves()
        print(json.dumps(legal) if args.json else "\n".join(legal))
    elif args.command == "solve":
        solution = solve(game, max_seconds=args.seconds)
        if args.json:
            print(json.dumps({"status": solution.status, "moves": solution.moves}))
        else:
            print(solution.status)
            print(" ".join(solution.moves))
    else:
        state = game.state()
        print(json.dumps(state, ensure_ascii=False) if args.json else board_text(state))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except EngineError as error:  # pragma: no cover - a last resort with a clear message
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)
