"""Opening a deal on a board: a code, a random deal of a version, or a position, then the
actions of a link or of the game this browser kept, read as far as they go (the `open` op)."""

from __future__ import annotations

import random
import re
from typing import Any

import engine
from engine.codes import DEAL_COUNT, deal_letters
from engine.games import game_kind

from . import links
from .boards import BOARDS, PREFIX, Answer, Board, _canonical, _end_message, _msg, _reason_text, view

MAX_LINK_MOVES = 5000  # a link's move list longer than any real game is refused, not replayed
_STEP = re.compile(r"[0-9]{1,6}")  # ASCII digits only: "²".isdigit() is True, int("²") raises


def _random_code(kind: str, draw: Any, version: Any = None) -> str:
    """A random deal's code: of the named `version` (a key of engine.VERSIONS: the new-game
    dialog's choice), else the seeds' rules (Canfield: the app's, drawing `draw`)."""
    if version is not None:
        row = engine.VERSIONS.get(version) if isinstance(version, str) else None
        if row is None or row[0] != PREFIX[kind]:
            raise ValueError(f"{version!r} is not a version of {kind} (engine.VERSIONS)")
        options = row[1]
    else:
        seeds = game_kind(kind).seeds
        options = seeds.get(str(draw), next(iter(seeds.values())))
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
