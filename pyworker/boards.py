"""The boards open in the page's Python and the answer every operation builds from them.

Games live in `BOARDS`, keyed by the board id the page gives: the worker's Python keeps them
between calls. `view` is the position as the page shows it; `_play`, `_refusal` and
`_end_message` are the answers' shared parts (pyworker/ops.py's docstring lists the fields).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

import catalogues
import diagrams
import engine
from engine.games import GAME_KINDS, game_kind

from . import links

Answer = dict[str, Any]

PREFIX = {kind.name: kind.prefix for kind in GAME_KINDS.values()}


@dataclass
class Board:
    game: engine.Game
    lang: str
    kind: str  # "crescent" or "canfield": what the page's board plays
    diagram_id: str
    last_move: str | None = None
    # Every action since the deal, canonical: what a link or the browser's storage replays.
    actions: list[str] = field(default_factory=list)
    # Opened from a position (an Analysis page's "Play from here"), not from a deal: a code and
    # these actions would not lead back to it, so the page keeps the position's own link.
    custom: bool = False


BOARDS: dict[str, Board] = {}


def _msg(lang: str, key: str, **params: Any) -> str:
    return catalogues.message(lang, key, **params)


def _reason_text(lang: str, reason: str) -> str:
    """The sentence for a reason code: moves in core.json (`reason.*`), codes in ui.json."""
    key = f"ui.code.{reason}" if reason in engine.CODE_REASONS else f"reason.{reason}"
    try:
        return _msg(lang, key)
    except KeyError:
        # A reason without a message is a catalogue bug (tests catch it); the reader still
        # gets a sentence rather than a dead board.
        return _msg(lang, "ui.refused")


def _places_of(move: str) -> tuple[str | None, str | None]:
    """(source, destination) places of a move in notation: `10>14`, `2:3>4`, `draw`, `redeal`."""
    if move == "draw":
        return "stock", "W"
    if ">" not in move:
        return None, None
    src, dst = move.split(">", 1)
    return src.split(":", 1)[0], dst


def _canonical(move: str, before: dict[str, Any], after: dict[str, Any]) -> str:
    """`X>F` becomes the foundation that took the card, so captions and highlights are exact."""
    src, dst = _places_of(move)
    if dst != "F":
        return move
    for name, cards in after["foundations"].items():
        if len(cards) > len(before["foundations"][name]):
            return f"{src}>{name}"
    return move


def view(board: Board) -> Answer:
    """The position of `board`: state, interactive SVG, description, button labels.

    All of it is drawn from the public view (engine.public_state): in a face-down version the
    page never receives a face-down card, in its state, its picture or the picture's labels
    and description (a face-down card is null in the state, a card's back in the picture)."""
    state = engine.public_state(board.game)
    highlight = None
    if board.last_move:
        src, dst = _places_of(board.last_move)
        if src is not None and dst is not None and src != "stock":
            highlight = (src, dst)
    svg = diagrams.render_svg(
        state, board.lang, diagram_id=board.diagram_id, interactive=True, highlight=highlight
    )
    # No separate description: the SVG's <desc> is diagrams.describe(state, lang) already, and
    # the page shows that text (one describe() less per click).
    answer: Answer = {
        "state": state,
        "svg": svg,
        "labels": {},
        "disabled": {"undo": not board.game.can_undo},
    }
    action = game_kind(board.kind).action  # the board's own button beside Undo
    if action == "draw":
        answer["disabled"]["draw"] = state["status"] != "playing"
    if board.game.code and not board.custom:
        # An action outside the link tables: no "saved", and the page keeps its last link.
        with contextlib.suppress(KeyError):
            answer["saved"] = {"code": board.game.code, "moves": links.encode(board.kind, board.actions)}
    if action == "redeal":
        left = state["redeals_left"]
        answer["labels"]["redeal"] = (
            _msg(board.lang, "ui.redeal", n=left) if left else _msg(board.lang, "ui.no-redeals")
        )
        answer["disabled"]["redeal"] = left == 0 or state["status"] != "playing"
    return answer


def _end_message(board: Board, answer: Answer) -> None:
    """Won and blocked replace the move's own message: they are what the reader must hear."""
    status = answer["state"]["status"]
    if status == "won":
        answer["message"] = _msg(board.lang, "ui.won", moves=answer["state"]["moves"])
        answer["kind"] = "won"
    elif status == "blocked":
        answer["message"] = _msg(board.lang, "ui.blocked")
        answer["kind"] = "blocked"


def _refusal(board: Board, reason: str, place: str | None = None) -> Answer:
    return {
        "refused": {"reason": reason, "place": place},
        "message": _reason_text(board.lang, reason),
        "kind": "refused",
    }


def _play(board: Board, move: str) -> Answer:
    """Plays `move` (already checked) and answers with the new position and its caption."""
    before = board.game.state()
    number = before["moves"] + 1
    board.game.play(move)
    after = board.game.state()
    move = _canonical(move, before, after)
    board.last_move = move
    board.actions.append(move)
    answer = view(board)
    answer["played"] = move
    if move == "redeal":
        left = after.get("redeals_left", 0)
        answer["message"] = (
            _msg(board.lang, "ui.redealt", n=left) if left else _msg(board.lang, "ui.redealt-last")
        )
    else:
        answer["message"] = diagrams.caption(move, before, board.lang, number)
    answer["kind"] = "played"
    _end_message(board, answer)
    return answer


def _board(args: dict[str, Any]) -> Board:
    board = BOARDS.get(str(args.get("board")))
    if board is None:
        raise KeyError(f"no game open on board {args.get('board')!r}")
    if args.get("lang"):
        board.lang = str(args["lang"])
    return board


def _place_name(board: Board, place: str) -> str:
    """ "pile 10", "the reserve": the catalogue's name of a place (core.json `place.*`)."""
    kind = game_kind(board.kind)
    family = kind.family
    if place.isdigit():
        return _msg(board.lang, f"place.{family}.{kind.numbered_word}", n=place)
    try:
        return _msg(board.lang, f"place.{family}.{place}")
    except KeyError:
        return place
