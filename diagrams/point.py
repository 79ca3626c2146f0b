"""What a figure shows, in words: its short text alternative (a picture's `alt`, the drawing's
`<title>`) and, for a figure that highlights a move, the sentence its text description opens with
(the move, and for a refused move the reason the engine gives, as the board would say it).

A highlight is the pair of places a figure's arrow joins, drawn on the position *before* the
move (a rules page's "this move" or "this move is refused"; not the live boards' mark of the
move just played). The move is the one a drag from the first place onto the second plays
(engine.drop: the run length of a Canfield column). Whether it is refused is the engine's
verdict, not the page's: a figure marked refused whose move the engine allows, or one shown as a
plain move that the engine refuses, is an error (the page would teach a wrong rule).
"""

from __future__ import annotations

from typing import Any

import catalogues
from engine.games import game_kind

from .captions import caption


def highlighted_move(state: dict[str, Any], highlight: tuple[str, str]) -> str:
    """The move notation of a highlight (`("2", "1")` -> `"2>1"`; Canfield runs: `"1:4>2"`)."""
    import engine

    src, dst = highlight
    return engine.drop(engine.from_state(state), src, dst)


def refusal(state: dict[str, Any], move: str) -> str | None:
    """The engine's reason code for refusing `move` in `state`, or None when it is legal."""
    import engine

    return engine.from_state(state).check(move)


def _board(state: dict[str, Any], lang: str) -> str:
    return catalogues.message(lang, f"title.{state['game']}")


def _checked(state: dict[str, Any], highlight: tuple[str, str], refused: bool) -> tuple[str, str | None]:
    move = highlighted_move(state, highlight)
    reason = refusal(state, move)
    if refused and reason is None:
        raise ValueError(f"the move {move} is shown as refused, but the rules allow it here")
    if not refused and reason is not None:
        raise ValueError(f"the move {move} is shown as a move, but the rules refuse it here ({reason})")
    return move, reason


def title(
    state: dict[str, Any],
    lang: str,
    *,
    highlight: tuple[str, str] | None = None,
    refused: bool = False,
    step: int | None = None,
    last: str | None = None,
) -> str:
    """The figure's short text: the move it highlights (and that it is refused); else, for a
    step of an example game, the deal (`step` 0) or the action that led to the position (`last`,
    its caption); else the game's code."""
    board = _board(state, lang)
    if highlight is not None:
        move, _ = _checked(state, highlight, refused)
        text = _caption(state, lang, move, refused)
        return catalogues.message(
            lang, "figure.refused" if refused else "figure.move", board=board, move=text
        )
    code = state.get("code") or ""
    if step == 0:
        return catalogues.message(lang, "figure.deal", board=board, code=code)
    if last is not None:
        return catalogues.message(lang, "figure.after", board=board, code=code, last=last)
    return catalogues.message(lang, "figure.position", board=board, code=code)


def _caption(state: dict[str, Any], lang: str, move: str, refused: bool) -> str:
    """The move as the captions say it. A refused move is not played, so no reserve card comes
    to fill the column it would have emptied: its caption leaves the refill out."""
    kind = game_kind(state["game"])
    if refused and kind.refill is not None and move[:1].isdigit():
        state = {**state, kind.places[kind.refill]: []}
    # After the figure's colon: the mid-sentence form (en "refused: the waste…", not "The waste").
    return caption(move, state, lang, first=False)


def description(
    state: dict[str, Any], lang: str, board: str, highlight: tuple[str, str], refused: bool
) -> str:
    """The text description of a figure with a highlighted move: the move (and the reason it is
    refused), then `board`, the board's own description (diagrams.describe)."""
    move, reason = _checked(state, highlight, refused)
    text = _caption(state, lang, move, refused)
    if reason is None:
        return catalogues.message(lang, "figure.desc.move", move=text, board=board)
    return catalogues.message(
        lang,
        "figure.desc.refused",
        move=text,
        reason=catalogues.message(lang, f"reason.{reason}"),
        board=board,
    )
