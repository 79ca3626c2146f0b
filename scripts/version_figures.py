"""Finds the positions of the rules pages' version figures (issue 24 item 4) and writes them as
`docs/positions/version-NAME.json`, each a line from a deal of that version: `{"code", "moves"}`
(sitegen/sources.load_position replays it with the engine), so the position names its version
and a face-down one can be rebuilt in the page from its code and moves, never from its cards.

Each figure shows what its version changes. Where the change is a refusal, the highlighted move
is one the version refuses with that reason and the seeds' rules (the app: `N`, `D3`, `D1`)
allow in the same position; the build checks the refusal again (diagrams/point.py), and
tests/test_version_figures.py the rest. Deterministic: seeded random play through fixed deals.

Where the change is an action the button plays (Crescent Four's fourth redeal), the figure's
section also shows its twin: the same line under the seeds' rules (`version-NAME-standard`),
where that action is refused; the reader presses Redeal on both boards.

    .venv/bin/python scripts/version_figures.py          # prints the markers
    .venv/bin/python scripts/version_figures.py --write  # writes docs/positions/version-*.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import diagrams  # noqa: E402
import engine  # noqa: E402
import engine.codes  # noqa: E402
import engine.reasons  # noqa: E402
from engine.codes import rules_of  # noqa: E402
from engine.games import game_kind  # noqa: E402
from engine.rules import VERSIONS  # noqa: E402
from engine.views import hidden_count  # noqa: E402

POSITIONS = ROOT / "docs" / "positions"
# The rules the seeds' app lets a player choose (Canfield's draw, 3 or 1): a version's seeds'
# rules keep them from the version, and are the rules record's defaults in every other field.
APP_CHOICES = ("draw",)
# The share of the random play's steps that build on a numbered place, by the code's game
# prefix: Canfield's games go deep enough for emptied columns and used passes.
BUILD_SHARE = {"CF": 0.5}


@dataclass(frozen=True)
class Want:
    """One figure: the version's options, the refusal it shows (None: a legal move, or no
    highlight), and what else its position must have."""

    name: str
    game: str  # "CR" or "CF"
    options: str
    reason: str | None
    highlight: bool = True
    extra: Callable[[engine.Game, tuple[str, str] | None, list[str]], bool] = lambda g, h, m: True
    first_deal: int = 1


def _app_options(game: engine.Game) -> str:
    """The options field of the seeds' rules for the game of `game` (engine/rules.py VERSIONS:
    Crescent's N; Canfield's D3 or D1, as the version draws)."""
    rules = game.rules  # type: ignore[attr-defined]
    for prefix, options in VERSIONS.values():
        seeds = rules_of(prefix, options)
        if (
            seeds is not None
            and type(seeds) is type(rules)
            and all(
                getattr(seeds, f.name) == (getattr(rules, f.name) if f.name in APP_CHOICES else f.default)
                for f in fields(seeds)
            )
        ):
            return options
    raise SystemExit(f"{game.code}: no version of the seeds' rules in engine/rules.py VERSIONS")


def _legal_for_app(game: engine.Game, move: str) -> bool:
    """Whether the seeds' rules allow `move` in the same cards' position."""
    state = game.state()
    state["options"] = _app_options(game)
    state.pop("recycles_left", None)
    state.pop("face_down", None)
    state["code"] = None
    try:
        return engine.from_state(state).check(move) is None
    except engine.StateError:
        return False


def _pile_turns_a_card(game: engine.Game, h: tuple[str, str] | None, moves: list[str]) -> bool:
    """Crescent face down: the move uncovers a face-down card (its pile has one under the top)."""
    face_down = getattr(game, "face_down", None)  # None: no card of the game's piles is face down
    if h is None or face_down is None:
        return False
    pile = int(h[0]) - 1
    return (
        face_down[pile] > 0 and face_down[pile] == len(game.state()[game_kind(game.game).numbered][pile]) - 1
    )


def _reserve_into_empty(game: engine.Game, h: tuple[str, str] | None, moves: list[str]) -> bool:
    """Superior: the reserve's top card goes into an empty column the reserve did not fill."""
    return h is not None and h[0] == "R" and h[1] in "1234" and not game.state()["columns"][int(h[1]) - 1]


def _redeals_used(game: engine.Game, h: tuple[str, str] | None, moves: list[str]) -> bool:
    """Crescent Four: just after the third redeal, one left (the figure's title names it)."""
    return game.state()["redeals_left"] == 1 and moves[-1:] == ["redeal"]


WANTS = (
    Want("crescent-four", "CR", "F", None, highlight=False, extra=_redeals_used),
    Want("crescent-face-down", "CR", "H", None, extra=_pile_turns_a_card),
    Want("crescent-four-face-down", "CR", "FH", None, extra=_pile_turns_a_card, first_deal=2),
    Want("canfield-classic", "CF", "D3KW", engine.reasons.NO_TAKEBACKS),
    Want("rainfall", "CF", "D1HKP3W", engine.reasons.NO_PASSES),
    Want("storehouse", "CF", "D1HKP3STW", engine.reasons.SAME_SUIT),
    Want("superior-canfield", "CF", "D3EKW", None, extra=_reserve_into_empty),
    Want("solvitaire-canfield", "CF", "D3GKN", engine.reasons.PARTIAL_RUN, first_deal=3),
)


# Figures whose section also shows the same line under the seeds' rules: the action each one
# plays there, and the reason the seeds' rules refuse it.
TWINS = {"crescent-four": ("redeal", engine.reasons.NO_REDEALS)}


def twin(code: str, moves: list[str], action: str, reason: str) -> str:
    """The code of the same deal under the seeds' rules, checked: `action` plays after `moves`
    in the version and is refused for `reason` under the seeds' rules."""
    parts = code.split("-")
    app = engine.normalise_code("-".join([parts[0], _app_options(engine.new_game(code)), parts[2]]))
    checks = []
    for c in (code, app):
        game = engine.new_game(c)
        for move in moves:
            game.play(move)
        checks.append(game.check(action))
    if checks != [None, reason]:
        raise SystemExit(f"{code}: {action} gives {checks[0]!r} there, {checks[1]!r} under the seeds' rules")
    return app


def _candidates(game: engine.Game, want: Want) -> list[tuple[str, str] | None]:
    if not want.highlight:
        return [None]
    places = diagrams.places(game.game)
    return [(s, d) for s in places for d in places if s != d]


def _fits(game: engine.Game, want: Want, h: tuple[str, str] | None, moves: list[str]) -> bool:
    if h is None:
        return want.extra(game, h, moves)
    try:
        move = engine.drop(game, *h)
    except ValueError:
        return False
    reason = game.check(move)
    if want.reason is None:
        return reason is None and want.extra(game, h, moves)
    return reason == want.reason and _legal_for_app(game, move) and want.extra(game, h, moves)


def find(want: Want, seed: int = 1, deals: int = 200, length: int = 400) -> tuple[str, list[str], Any]:
    """(code, moves, highlight) of the first fitting position of seeded random games; the play
    prefers foundation moves, so games go deep enough for emptied columns and used passes."""
    rng = random.Random(seed)
    for deal in range(want.first_deal, want.first_deal + deals):
        code = engine.normalise_code(f"{want.game}1-{want.options}-{engine.codes.deal_letters(deal)}")
        game = engine.new_game(code)
        moves: list[str] = []
        for _ in range(length):
            if len(moves) >= 3:  # a position the reader has seen something happen in
                for h in _candidates(game, want):
                    if _fits(game, want, h, moves):
                        return code, moves, h
            legal = [m for m in game.legal_moves() if m != "undo"]
            if not legal or game.status != "playing":
                break
            home = [m for m in legal if m.endswith(("S", "H", "D", "C", "+", "-")) and ">" in m]
            build_share = BUILD_SHARE.get(want.game, 0.0)
            build = [m for m in legal if build_share and m[-1:] in "1234" and ">" in m]
            roll = rng.random()
            if build and roll < build_share:
                move = rng.choice(build)
            elif home and roll < 0.8:
                move = rng.choice(home)
            else:
                move = rng.choice(legal)
            game.play(move)
            moves.append(move)
    raise SystemExit(f"{want.name}: no position found")


def marker(want: Want, h: tuple[str, str] | None) -> str:
    opts = f" highlight={h[0]}>{h[1]}" if h else ""
    if h and want.extra is _pile_turns_a_card:
        opts += f" fan={h[0]}"  # the pile's face-down cards drawn, as backs
    if want.reason is not None:
        opts += " refused"
    return f"<!-- diagram: version-{want.name}{opts} -->"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write docs/positions/version-*.json")
    args = parser.parse_args(argv)
    for want in WANTS:
        code, moves, h = find(want)
        game = engine.new_game(code)
        for move in moves:
            game.play(move)
        print(f"{want.name}: {code} after {len(moves)} moves, {hidden_count(game)} hidden: {marker(want, h)}")
        if args.write:
            text = json.dumps({"code": code, "moves": moves}, indent=1) + "\n"
            (POSITIONS / f"version-{want.name}.json").write_text(text, encoding="utf-8")
        if want.name in TWINS:
            app = twin(code, moves, *TWINS[want.name])
            print(
                f"{want.name}-standard: {app}, the same {len(moves)} moves:"
                f" <!-- diagram: version-{want.name}-standard -->"
            )
            if args.write:
                text = json.dumps({"code": app, "moves": moves}, indent=1) + "\n"
                (POSITIONS / f"version-{want.name}-standard.json").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
