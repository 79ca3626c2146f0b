"""Move captions ("Move 10: A♠ from pile 10 onto K♠ on pile 14"), from a move and the state
before it. Every move kind of both games: Crescent pile and foundation moves, ``P>F``,
``redeal``; Canfield ``draw`` (and the recycle it becomes on an empty stock), ``X>Y``,
``X>F``, ``C:N>D``, with the refill from the reserve of a column the move empties.

A redeal is not a move (CONTRACT.md), so its caption never carries a move number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import catalogues
from engine.rules import CRESCENT_RULES

from . import cards

_CR_PLACE = r"(1[0-6]|[1-9]|[SHDC][+-])"
_CR_MOVE = re.compile(rf"^{_CR_PLACE}>({_CR_PLACE[1:-1]}|F)$")
_CF_MOVE = re.compile(r"^([RW1-4SHDC])>([1-4SHDC]|F)$")
_CF_RUN = re.compile(r"^([1-4]):(\d+)>([1-4])$")


def caption(
    move: str, state: dict[str, Any], lang: str, number: int | None = None, *, first: bool = True
) -> str:
    """`first`: the caption opens a sentence (upper-cased first letter); False for one a
    sentence quotes after a colon (a figure's alt and description)."""
    game = state.get("game")
    write = _CAPTIONS.get(game) if isinstance(game, str) else None
    if write is None:
        raise ValueError(f"state: unknown game {game!r}")
    text, numbered = write(move, state, lang)
    if number is not None and numbered:
        return catalogues.message(lang, "caption.numbered", number=number, text=text)
    return cards.cap(text) if first else text


def _top(seq: list[str], what: str, move: str) -> str:
    if not seq:
        raise ValueError(f"caption of {move!r}: {what} is empty, there is no card to move")
    return seq[-1]


def _crescent(move: str, state: dict[str, Any], lang: str) -> tuple[str, bool]:
    msg = catalogues.message
    if move == "redeal":
        left = state["redeals_left"]
        rules = CRESCENT_RULES.get(state.get("options", "N"))
        if rules is None:
            raise ValueError(f"caption of 'redeal': unknown Crescent options {state.get('options')!r}")
        # The version's own count: Crescent Four's third redeal is "3 of 4", not "2 of 3".
        total = rules.redeals
        if not 0 < left <= total:
            raise ValueError(f"caption of 'redeal': redeals_left is {left}, no redeal can be played")
        return msg(lang, "caption.cr.redeal", n=total - left + 1, total=total), False
    m = _CR_MOVE.match(move)
    if not m:
        raise ValueError(f"caption: {move!r} is not a Crescent move (P>Q, P>S+, S+>S-, P>F, redeal)")
    src, dst = m.group(1), m.group(2)
    founds = state["foundations"]
    if src.isdigit():
        card = _top(state["piles"][int(src) - 1], f"pile {src}", move)
        src_text = msg(lang, "caption.cr.src.pile", n=src)
    else:
        card = _top(founds[src], f"foundation {src}", move)
        src_text = msg(lang, "caption.cr.src.foundation", foundation=msg(lang, f"name.cr.{src}"))
    # Cards go as codes: the caption names them ({card, card, bare short}: A♠, French R♠).
    params = {"card": card, "src": src_text, "dst": dst}
    if dst == "F":
        dst = _accepting_foundation(card, founds)
        if dst is None:
            return msg(lang, "caption.cr.to_foundation_zone", **params), True
    if dst.isdigit():
        target = state["piles"][int(dst) - 1]
        key = "caption.cr.to_pile" if target else "caption.cr.to_empty_pile"
    else:
        target = founds[dst]
        key = "caption.cr.to_foundation" if target else "caption.cr.to_empty_foundation"
        params["foundation"] = msg(lang, f"name.cr.{dst}")
    if target:
        params["target"] = target[-1]
    return msg(lang, key, **params), True


def _accepting_foundation(card: str, founds: dict[str, Any]) -> str | None:
    """P>F: the foundation of the card's suit that takes it, the ace-based one first."""
    r = cards.rank_index(card)
    for f, step in ((card[1] + "+", 1), (card[1] + "-", -1)):
        seq = founds[f]
        if seq and len(seq) < 13 and cards.rank_index(seq[-1]) + step == r:
            return f
    return None


def _canfield(move: str, state: dict[str, Any], lang: str) -> tuple[str, bool]:
    msg = catalogues.message
    if move == "draw":
        stock, waste = state["stock"], state["waste"]
        if not stock:
            if not waste:
                raise ValueError("caption of 'draw': the stock and the waste are both empty")
            return msg(lang, "caption.cf.recycle", cards=cards.count(lang, len(waste), "short")), True
        n = min(state["draw"], len(stock))
        # The stock's top is its last card; the n-th card turned ends on top of the waste.
        if n == 1:
            return msg(lang, "caption.cf.draw_one", card=stock[-1]), True
        return msg(lang, "caption.cf.draw_many", count=n, card=stock[-n]), True
    run = _CF_RUN.match(move)
    if run:
        src, count, dst = run.group(1), int(run.group(2)), run.group(3)
        col = state["columns"][int(src) - 1]
        if count < 2 or count > len(col):
            raise ValueError(f"caption of {move!r}: column {src} holds {len(col)} cards, cannot move {count}")
        moving = col[-count:]
        params = {
            "count": count,
            "cards": " ".join(cards.short(c, lang) for c in moving),
            "src": msg(lang, "caption.cf.src.column", n=src),
            "dst": dst,
        }
        target = state["columns"][int(dst) - 1]
        if target:
            text = msg(lang, "caption.cf.run_to_column", target=target[-1], **params)
        else:
            text = msg(lang, "caption.cf.run_to_empty_column", **params)
        return _refill(text, state, lang, src, count), True
    m = _CF_MOVE.match(move)
    if not m:
        raise ValueError(f"caption: {move!r} is not a Canfield move (draw, X>Y, X>F, C:N>D)")
    src, dst = m.group(1), m.group(2)
    if src in ("R", "W"):
        card = _top(
            state["reserve" if src == "R" else "waste"], "the reserve" if src == "R" else "the waste", move
        )
        src_text = msg(lang, f"caption.cf.src.{src}")
    elif src.isdigit():
        card = _top(state["columns"][int(src) - 1], f"column {src}", move)
        src_text = msg(lang, "caption.cf.src.column", n=src)
    else:
        card = _top(state["foundations"][src], f"foundation {src}", move)
        src_text = msg(lang, "caption.cf.src.foundation", foundation=msg(lang, f"name.cf.{src}"))
    if dst == "F":
        dst = card[1]
    params = {"card": card, "src": src_text, "dst": dst}
    if dst.isdigit():
        target = state["columns"][int(dst) - 1]
        key = "caption.cf.to_column" if target else "caption.cf.to_empty_column"
    else:
        target = state["foundations"][dst]
        key = "caption.cf.to_foundation" if target else "caption.cf.to_empty_foundation"
        params["foundation"] = msg(lang, f"name.cf.{dst}")
    if target:
        params["target"] = target[-1]
    text = msg(lang, key, **params)
    return (_refill(text, state, lang, src, 1) if src.isdigit() else text), True


# Each game's captions, by the state's "game" (a key of engine.games.GAME_KINDS).
_CAPTIONS: dict[str, Callable[[str, dict[str, Any], str], tuple[str, bool]]] = {
    "crescent": _crescent,
    "canfield": _canfield,
}


def _refill(text: str, state: dict[str, Any], lang: str, col: str, moved: int) -> str:
    """Mention the reserve card that fills a column the move empties (CONTRACT.md: part of the action)."""
    if len(state["columns"][int(col) - 1]) == moved and state["reserve"]:
        return catalogues.message(lang, "caption.cf.refill", text=text, n=col, card=state["reserve"][-1])
    return text
