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
between calls.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import catalogues
import diagrams
import engine
from engine.codes import DEAL_COUNT, deal_letters

from . import advice, links, verdict

Answer = dict[str, Any]

MAX_LINK_MOVES = 5000  # a link's move list longer than any real game is refused, not replayed
HINT_SECONDS = 1.0  # the worker answers nothing else meanwhile: keep the wait short
PREFIX = {"crescent": "CR", "canfield": "CF"}
_STEP = re.compile(r"[0-9]{1,6}")  # ASCII digits only: "²".isdigit() is True, int("²") raises


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
    if board.kind == "canfield":
        answer["disabled"]["draw"] = state["status"] != "playing"
    if board.game.code and not board.custom:
        # An action outside the link tables: no "saved", and the page keeps its last link.
        with contextlib.suppress(KeyError):
            answer["saved"] = {"code": board.game.code, "moves": links.encode(board.kind, board.actions)}
    if board.kind == "crescent":
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


# ---- operations -------------------------------------------------------------------------------


def _random_code(kind: str, draw: Any, version: Any = None) -> str:
    """A random deal's code: of the named `version` (a key of engine.VERSIONS: the new-game
    dialog's choice), else the seeds' rules (Canfield: the app's, drawing `draw`)."""
    if version is not None:
        row = engine.VERSIONS.get(version) if isinstance(version, str) else None
        if row is None or row[0] != PREFIX[kind]:
            raise ValueError(f"{version!r} is not a version of {kind} (engine.VERSIONS)")
        options = row[1]
    else:
        options = "N" if kind == "crescent" else ("D1" if str(draw) == "1" else "D3")
    return f"{PREFIX[kind]}1-{options}-{deal_letters(random.randrange(DEAL_COUNT))}"


def _deal(kind: str, lang: str, code: Any, kept: bool = False) -> tuple[engine.Game | None, str | None]:
    """(game, None), or (None, the sentence saying why `code` opens nothing on this board).
    `kept`: the sentence says the game in progress goes on (else: the default deal is shown)."""
    invalid = "play.code-invalid-kept" if kept else "ui.code-invalid"
    if not isinstance(code, str) or len(code) > 64:
        return None, _msg(lang, invalid, reason=_reason_text(lang, "code-format"))
    try:
        game = engine.new_game(code)
    except engine.CodeError as e:
        return None, _msg(lang, invalid, reason=_reason_text(lang, e.reason))
    if game.game != kind:
        return None, _msg(lang, f"play.code-other-game-kept.{kind}" if kept else f"ui.code-other-game.{kind}")
    return game, None


def open_board(args: dict[str, Any]) -> Answer:
    """Opens a deal on a board: {code} | {random, draw, version} | {state}; then {moves} are
    replayed.

    A bad code (from the URL hash or the code field: reader input, never trusted) opens
    `fallback` instead, and the answer's message says what was wrong.
    """
    kind = str(args.get("game"))
    if kind not in PREFIX:
        raise ValueError(f"unknown game {kind!r}")
    lang = str(args.get("lang") or "en")
    board_id = str(args.get("board"))
    problem: str | None = None
    from_link = False  # the game is a link's, and a kept game may be waiting to be offered back
    current = BOARDS.get(board_id)
    if args.get("keep") and current is not None and args.get("state") is None and not args.get("random"):
        # A code typed (or a hash changed) during a game: a bad one leaves the game as it was.
        _, why = _deal(kind, lang, args.get("code"), kept=True)
        if why is not None:
            answer = view(current)
            answer.pop("svg", None)  # nothing changed on the board
            answer.update({"kept": True, "message": why, "kind": "refused"})
            return answer
    if args.get("state") is not None:
        try:
            game: engine.Game | None = engine.from_state(args["state"])
        except engine.StateError as e:
            # A position from the address that cannot be played (hostile review #27): said, and
            # the kept game (or the default deal) opens instead.
            problem = _msg(lang, "play.link-state-invalid", reason=_reason_text(lang, e.reason))
            game, _ = _deal(kind, lang, args.get("fallback") or _random_code(kind, 3))
            args = {**args, "state": None, "moves": args.get("fallback_moves") or [], "step": None}
    elif args.get("random"):
        game, problem = _deal(kind, lang, _random_code(kind, args.get("draw"), args.get("version")))
    else:
        game, problem = _deal(kind, lang, args.get("code"))
        from_link = game is not None and not args.get("restored")
        if game is None:
            # The default deal, or the game this browser kept (the page sends it): never
            # nothing, and never a game thrown away for a bad link.
            game, _ = _deal(kind, lang, args.get("fallback") or _random_code(kind, 3))
            args = {**args, "moves": args.get("fallback_moves") or [], "step": None}
    if game is None:
        raise ValueError(f"no deal to open on board {board_id!r}")
    if problem is None and args.get("unread") in ("state", "moves"):
        problem = _msg(lang, f"play.link-unread.{args['unread']}")
    board = BOARDS[board_id] = Board(
        game, lang, kind, str(args.get("diagram_id") or board_id), custom=args.get("state") is not None
    )

    restored = bool(args.get("restored"))
    # As much as can be read is played (hostile review #1, #10): a link or a kept game damaged
    # at one action keeps every action before it.
    moves, bad = links.read(kind, args.get("moves") or [])
    if bad is not None:
        problem = problem or _stopped(lang, restored, bad, "bad-notation")
    step = args.get("step")
    if step is not None and step != "":
        if isinstance(step, str) and _STEP.fullmatch(step):
            moves = moves[: int(step)]
        elif type(step) is int and step >= 0:
            moves = moves[:step]
        else:
            problem = problem or _msg(lang, "play.link-step-invalid")
    if len(moves) > MAX_LINK_MOVES:
        problem = _stopped(lang, restored, 0, "")
        moves = []
    for number, move in enumerate(moves, start=1):
        reason = game.check(move)
        if reason is not None:
            problem = problem or _stopped(lang, restored, number, reason)
            break
        before = game.state() if move.endswith(">F") else None
        game.play(move)
        played = move if before is None else _canonical(move, before, game.state())
        board.last_move = played
        board.actions.append(played)

    answer = view(board)
    if args.get("quiet"):
        return answer
    answer["opened"] = True
    answer["code"] = game.code
    if problem is not None:
        answer["message"], answer["kind"] = problem, "refused"
        if from_link:
            _offer_kept(board, args, answer)
    else:
        key = "play.restored" if restored else "ui.opened"
        answer["message"], answer["kind"] = _msg(lang, key, code=game.code or ""), "info"
        _end_message(board, answer)
    return answer


def _stopped(lang: str, restored: bool, number: int, reason: str) -> str:
    """Why a link's (or the kept game's) actions stop at action `number` (0: too many of them)."""
    if not number:
        key = "play.kept.moves-too-many" if restored else "ui.moves-too-many"
        return _msg(lang, key, n=MAX_LINK_MOVES)
    key = "play.kept.moves-stopped" if restored else "ui.moves-stopped"
    return _msg(lang, key, number=number, reason=_reason_text(lang, reason))


def _offer_kept(board: Board, args: dict[str, Any], answer: Answer) -> None:
    """A damaged link was opened as far as it reads: the game this browser kept (the page sends
    it as fallback/fallback_moves) is not replaced until the reader plays on, and is offered back
    (`hold`: its link and the sentences). Nothing is held when the link's readable part already
    holds the whole kept game (nothing of it would be lost)."""
    code, text = args.get("fallback"), args.get("fallback_moves")
    if not isinstance(code, str) or not isinstance(text, str):
        return
    kept, _ = links.read(board.kind, text)
    if not kept:
        return
    try:
        same = engine.normalise_code(code) == board.game.code and board.actions[: len(kept)] == kept
    except engine.CodeError:
        return
    if same:
        return
    answer["hold"] = {
        "code": code,
        "moves": text,
        "text": _msg(board.lang, "play.kept-offer", code=code, number=len(kept)),
        "resume": _msg(board.lang, "play.kept-resume"),
    }


def tap(args: dict[str, Any]) -> Answer:
    """A first click on a place: plays the seeds' tap move, or selects the place."""
    board = _board(args)
    place = str(args.get("place"))
    move = engine.tap(board.game, place)
    if (
        move is not None
        and args.get("double_click") is False
        and board.kind == "canfield"
        and move != "draw"
        and move.rpartition(">")[2] not in ("S", "H", "D", "C")
    ):
        # The seeds' "Double click" setting, off: a tap sends a card to its foundation only.
        move = None
    if move is None:
        if board.game.status == "won":
            return _refusal(board, "game-over", place)
        if place == "stock":
            return _refusal(board, "nothing-to-draw", place)
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


def _place_name(board: Board, place: str) -> str:
    """ "pile 10", "the reserve": the catalogue's name of a place (core.json `place.*`)."""
    family = "cr" if board.kind == "crescent" else "cf"
    if place.isdigit():
        return _msg(board.lang, "place.cr.pile" if family == "cr" else "place.cf.column", n=place)
    try:
        return _msg(board.lang, f"place.{family}.{place}")
    except KeyError:
        return place


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
