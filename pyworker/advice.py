"""A hint as advice: what to do next, naming only what the player can see.

A move's caption (diagrams.caption) narrates a move that was played, and a draw's caption names
the cards it turned up: as a hint, that told the reader the stock's face-down cards, and read as
if the move had happened. A hint says what to do ("draw from the stock", "move 5♦ from column 1
to the spade foundation") with the face-up cards only: the moving card, a run's cards, places.
Sentences come from catalogues/<lang>/play.json (`play.hint.*`, `play.dst.*`).
"""

from __future__ import annotations

from typing import Any

import catalogues
from diagrams import cards
from engine.games import game_kind
from engine.notation import Move, cards_at

_FOUNDATIONS_CR = ("S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-")


def _msg(lang: str, key: str, **params: Any) -> str:
    return catalogues.message(lang, key, **params)


def _dst(kind: str, dst: str, lang: str) -> str:
    """Where the card should go, with its preposition: "to column 3", "to the heart foundation"."""
    if dst == "F":
        return _msg(lang, "play.dst.foundations")
    if dst.isdigit():
        return _msg(lang, f"play.dst.{game_kind(kind).numbered_word}", n=dst)
    family = game_kind(kind).family
    return _msg(lang, "play.dst.foundation", foundation=_msg(lang, f"name.{family}.{dst}"))


def _src(kind: str, src: str, lang: str) -> str:
    """Where the card is, with the caption's own wording ("from pile 10", "from the waste")."""
    game = game_kind(kind)
    if src.isdigit():
        return _msg(lang, f"caption.{game.family}.src.{game.numbered_word}", n=src)
    if src in game.places:
        return _msg(lang, f"caption.{game.family}.src.{src}")
    foundation = _msg(lang, f"name.{game.family}.{src}")
    return _msg(lang, f"caption.{game.family}.src.foundation", foundation=foundation)


def hint_text(move: str, state: dict[str, Any], lang: str) -> str:
    """The advice for `move` (canonical notation, or `X>F`) from the position `state`."""
    kind = state["game"]
    if move == "redeal":
        return _msg(lang, "play.hint.redeal")
    if move == "draw":
        return _msg(lang, "play.hint.recycle" if not state["stock"] else "play.hint.draw")
    parsed = Move.parse(move)
    src, dst = parsed.src, parsed.dst
    pile = cards_at(state, src)
    if parsed.count != 1:
        n = parsed.count
        return _msg(
            lang,
            "play.hint.run",
            count=n,
            cards=" ".join(cards.short(c, lang) for c in pile[-n:]),
            src=_src(kind, src, lang),
            dst=_dst(kind, dst, lang),
        )
    return _msg(
        lang,
        "play.hint.move",
        card=pile[-1],  # a code: the message words it ({card, card, acc short}: « l’A♠ »)
        src=_src(kind, src, lang),
        dst=_dst(kind, dst, lang),
    )
