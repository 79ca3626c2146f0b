"""One function per board operation; each returns a JSON-able dict the page shows as it is.

The page (assets/js/board.js) sends places and button presses; everything that needs a rule, a
layout or a sentence happens here, through engine/, diagrams/ and catalogues/. Answers share one
shape (all keys optional):

    state, svg                    the position after the operation, drawn (its <desc> describes it)
    labels {role: text}           button texts that depend on the position (the redeal count)
    disabled {action: bool}       buttons that cannot act now
    played                        the move just played, in canonical notation
    selected                      a place to select (or None to clear the selection)
    refused {reason}              why the move was refused; `message` says it in the language
    hint {move, src, dst}         places to highlight for a hint
    opened, code                  a deal was (re)opened; its normalised code
    kept                          a bad code was given: the game in progress goes on unchanged
    hold {code, moves, text, resume}  a damaged link was opened as far as it reads; the game the
                                  browser kept is offered back and not overwritten until the
                                  reader plays on (play/saved.js)
    saved {code, moves}           the game in progress as a link carries it (pyworker/links.py),
                                  which the page writes into the URL and the browser's storage
    message, kind                 the sentence for the board's role="status" element

Games live in `BOARDS`, keyed by the board id the page gives: the worker's Python keeps them
between calls. The boards and the answers' shared parts are pyworker/boards.py; opening a deal
(the `open` op) pyworker/opening.py; the other board ops, the table of ops and `handle` are
here, and the names other modules take from `ops` are re-exported.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import engine
from engine.games import game_kind
from engine.notation import Move

from . import advice, verdict
from .boards import (
    BOARDS,
    PREFIX,
    Answer,
    Board,
    _board,
    _canonical,
    _end_message,
    _msg,
    _place_name,
    _places_of,
    _play,
    _reason_text,
    _refusal,
    view,
)
from .opening import MAX_LINK_MOVES, _deal, _offer_kept, _random_code, _stopped, open_board

# What other modules (pyworker/analysis.py, sitegen/live.py, sitegen/learn_tree.py, the tests)
# take from `ops`, wherever it is defined now.
__all__ = [
    "BOARDS",
    "HINT_SECONDS",
    "MAX_LINK_MOVES",
    "OPS",
    "PREFIX",
    "Answer",
    "Board",
    "_board",
    "_canonical",
    "_deal",
    "_end_message",
    "_msg",
    "_offer_kept",
    "_place_name",
    "_places_of",
    "_play",
    "_random_code",
    "_reason_text",
    "_refusal",
    "_stopped",
    "drop",
    "handle",
    "hint",
    "open_board",
    "redeal",
    "tap",
    "undo",
    "view",
]

HINT_SECONDS = 1.0  # the worker answers nothing else meanwhile: keep the wait short


def tap(args: dict[str, Any]) -> Answer:
    """A first click on a place: plays the seeds' tap move, or selects the place."""
    board = _board(args)
    place = str(args.get("place"))
    move = engine.tap(board.game, place)
    if (
        move is not None
        and args.get("double_click") is False
        and game_kind(board.kind).app_draws
        and move != "draw"
        and not Move.parse(move).to_foundation
    ):
        # The seeds' "Double click" setting, off: a tap sends a card to its foundation only.
        move = None
    if move is None:
        if board.game.status == "won":
            return _refusal(board, "game-over", place)
        if place == "stock":
            # The engine's reason: stock and waste empty, or (Rainfall, Storehouse) no pass left.
            return _refusal(board, board.game.check("draw") or "nothing-to-draw", place)
        return {
            "selected": place,
            "message": _msg(board.lang, "ui.selected", place=_place_name(board, place)),
            "kind": "info",
        }
    return _play(board, move)


def drop(args: dict[str, Any]) -> Answer:
    """A second click (or a drag) from `src` onto `dst`; "F" is the whole foundation zone."""
    board = _board(args)
    src, dst = str(args.get("src")), str(args.get("dst"))
    if src == dst:
        return _refusal(board, "same-place", dst)
    move = engine.drop(board.game, src, dst)
    reason = board.game.check(move)
    if reason is not None:
        if args.get("quiet"):
            # A double tap with no foundation to go to: it only clears the selection.
            return {"selected": None, "message": _msg(board.lang, "ui.deselected"), "kind": "info"}
        return _refusal(board, reason, dst)
    return _play(board, move)


def undo(args: dict[str, Any]) -> Answer:
    """Takes back one action, or `count` of them (back to the last winnable position): as far
    as the rules allow, all or nothing."""
    board = _board(args)
    count = args.get("count", 1)
    if type(count) is not int or not 1 <= count <= len(board.actions):
        count = 1
    trial = board.game.copy()
    try:
        for _ in range(count):
            trial.undo()
    except engine.IllegalMove as e:
        return _refusal(board, e.reason)
    board.game = trial
    del board.actions[len(board.actions) - count :]
    board.last_move = None
    answer = view(board)
    answer["message"], answer["kind"] = _msg(board.lang, "ui.undone"), "info"
    return answer


def redeal(args: dict[str, Any]) -> Answer:
    board = _board(args)
    reason = board.game.check("redeal")
    if reason is not None:
        return _refusal(board, reason)
    return _play(board, "redeal")


def hint(args: dict[str, Any]) -> Answer:
    """The solver's next move, shown by highlighting its places (nothing is played)."""
    board = _board(args)
    if board.game.status != "playing":
        return {"message": _msg(board.lang, "ui.hint-none"), "kind": "info"}
    try:
        found = engine.hint(board.game, max_seconds=HINT_SECONDS)
    except ImportError:
        return {"message": _msg(board.lang, "ui.hint-unavailable"), "kind": "info"}
    move = getattr(found, "move", None)
    if not move:
        return {"message": _msg(board.lang, "ui.hint-none"), "kind": "info"}
    src, dst = _places_of(move)
    # Advice, naming only face-up cards (a draw's caption would name the stock's hidden ones).
    return {
        "hint": {"move": move, "src": src, "dst": dst},
        "message": advice.hint_text(move, board.game.state(), board.lang),
        "kind": "hint",
    }


OPS: dict[str, Callable[[dict[str, Any]], Answer]] = {
    "open": open_board,
    "tap": tap,
    "drop": drop,
    "undo": undo,
    "redeal": redeal,
    "hint": hint,
    "verdict": verdict.verdict,
}


def handle(request: str) -> str:
    """`{"op": NAME, "args": {...}}` in, the operation's answer out, both as JSON text."""
    data = json.loads(request)
    op = OPS.get(data.get("op"))
    if op is None:
        raise ValueError(f"unknown operation {data.get('op')!r}")
    return json.dumps(op(data.get("args") or {}), ensure_ascii=False, separators=(",", ":"))
