"""What is wrong with a position a reader made by hand, one sentence per problem, in a language
(the Analysis pages' `data-role="position-problems"` list).

The engine lists the problems as data (engine.position_problems: a reason code, the board's place
in move notation, the card in engine notation); this module picks each one's message,
`problem.<reason>` or a variant of it in catalogues/<lang>/analysis.json, and fills in the place
by its name on the board (core.json `place.*`) and the card through the catalogues' card grammar.
"""

from __future__ import annotations

from typing import Any

import catalogues
import engine
from engine import reasons as R
from engine.errors import shown
from engine.games import game_kind
from engine.rules import BUILD_SUIT

__all__ = ["describe", "message_of"]

_TEXT_LIMIT = 24  # a value quoted back to the reader: enough to recognise it, never a screenful


def describe(state: Any, lang: str) -> list[str]:
    """One sentence per problem of `state` in `lang`, in engine.position_problems' order; empty
    for a position engine.from_state accepts."""
    game = state.get("game") if isinstance(state, dict) else None
    return [sentence(error, game, lang) for error in engine.position_problems(state)]


def sentence(error: engine.StateError, game: Any, lang: str) -> str:
    key, params = message_of(error, game, lang)
    return catalogues.message(lang, key, **params)


def _text(value: Any) -> str:
    """A value the reader gave, as a short text to quote back."""
    text = value if isinstance(value, str) else shown(value)
    return text if len(text) <= _TEXT_LIMIT else text[: _TEXT_LIMIT - 1] + "…"


def place_name(lang: str, game: Any, place: str) -> str:
    """A place by its name on the board: "Pile 3", "Ascending spade foundation", "Reserve"."""
    kind = game_kind(str(game))
    if place.isdigit():
        return catalogues.message(lang, f"place.{kind.family}.{kind.numbered_word}", n=int(place))
    return catalogues.message(lang, f"place.{kind.family}.{place}")


# A place's name is a label with a capital ("Pile 3", "Aufsteigender Pik-Grundstapel"); inside a
# sentence's list of places it takes the case of running text: lower case where the capital only
# marks the label's start, German only for the adjective that opens a foundation's name (its
# nouns keep their capitals); Korean and Japanese have no case.
_LOWER_IN_LIST = {"en", "fr", "es", "el"}
_LOWER_WORDS_IN_LIST = {"de": ("Aufsteigender ", "Absteigender ")}


def _in_list(lang: str, name: str) -> str:
    if lang in _LOWER_IN_LIST or name.startswith(_LOWER_WORDS_IN_LIST.get(lang, ())):
        return name[:1].lower() + name[1:]
    return name


def message_of(error: engine.StateError, game: Any, lang: str) -> tuple[str, dict[str, Any]]:
    """(catalogue key, arguments) of a problem's sentence."""
    d = error.details
    reason = error.reason
    # A count's problem is found only once the state named a game (its keys' suffix); any other
    # "game" (a number of 14,000 bits, say) is never turned into text: str() of it could raise.
    g = game if isinstance(game, str) else ""
    place = place_name(lang, game, error.place) if error.place is not None else None
    card = error.card
    expected = d.get("expected")
    if reason == R.STATE_FORMAT:
        if place is not None:
            if error.where.startswith("face_down"):
                return "problem.state-format.face-down", {"place": place}
            return "problem.state-format.place", {"place": place}
        if error.where == "state":
            return "problem.state-format.whole", {}
        return "problem.state-format", {"field": _text(error.where)}
    if reason == R.STATE_GAME:
        return "problem.state-game", {}
    if reason == R.BAD_CARD:
        if d.get("value") is None:
            return "problem.bad-card.hidden", {"place": place, "count": d.get("hidden", 1)}
        return "problem.bad-card", {"place": place, "text": _text(d.get("value"))}
    if reason == R.CARD_COUNT:
        if "total" in d:
            return f"problem.card-count.total.{g}", {"total": d["total"]}
        count = d.get("count", 0)
        if count > d.get("expected", 1):
            separator = catalogues.message(lang, "problem.list-separator")
            places = separator.join(_in_list(lang, place_name(lang, game, p)) for p in d.get("places", []))
            return f"problem.card-count.extra.{g}", {"card": card, "count": count, "places": places}
        if count == 0:
            return f"problem.card-count.missing.{g}", {"card": card}
        return "problem.card-count.once", {"card": card}
    if reason == R.PILE_COUNT:
        if "count" in d:
            return f"problem.pile-count.{g}", {"count": d["count"]}
        return "problem.state-format", {"field": error.where}
    if reason == R.PILE_TOO_TALL:
        return "problem.pile-too-tall", {"place": place, "count": d.get("count", 0)}
    if reason == R.FOUNDATION_BASE:
        if place is None:
            return "problem.foundation-base.none", {}
        if card is None:
            return "problem.foundation-base.empty", {"place": place, "expected": expected}
        return "problem.foundation-base.wrong", {"place": place, "expected": expected, "card": card}
    if reason == R.FOUNDATION_SEQUENCE:
        if card is not None and isinstance(expected, str):
            return "problem.foundation-sequence", {"place": place, "card": card, "expected": expected}
        return "problem.foundation-sequence.full", {"place": place}
    if reason == R.BASE_RANK:
        if place is not None and card is not None and isinstance(expected, str):
            return "problem.base-rank.foundation", {"place": place, "card": card, "expected": expected}
        if expected == "2":
            return "problem.base-rank.two", {}
        if d.get("value") is None:
            return "problem.base-rank.missing", {}
        return "problem.base-rank", {"text": _text(d.get("value"))}
    if reason == R.SCORE_RANGE and isinstance(d.get("value"), int) and d["value"] >= 0:
        return "problem.score-range.fives", {"text": _text(d["value"])}
    if reason in (R.REDEALS_RANGE, R.REDEALS_RANGE_FOUR, R.MOVES_RANGE, R.SCORE_RANGE, R.CODE_MISMATCH):
        return f"problem.{reason}", {"text": _text(d.get("value"))}
    if reason == R.DRAW_OPTION:
        return "problem.draw-option", {"text": _text(d.get("value"))}
    if reason == R.RECYCLES_RANGE:
        return "problem.recycles-range", {"text": _text(d.get("value")), "high": d.get("high", 0)}
    if reason == R.COLUMN_NOT_A_RUN:
        key = "problem.column-not-a-run.suit" if d.get("build") == BUILD_SUIT else "problem.column-not-a-run"
        return key, {"place": place}
    if reason == R.EMPTY_COLUMN_WITH_RESERVE:
        return "problem.empty-column-with-reserve", {"place": place}
    if reason == R.FACE_DOWN_RANGE:
        return "problem.face-down-range", {
            "place": place,
            "text": _text(d.get("value")),
            "high": d.get("high", 0),
        }
    if reason == R.FACE_DOWN_FACE_UP:
        return "problem.face-down-face-up", {}
    if reason == R.STATUS_MISMATCH:
        return "problem.status-mismatch", {}
    # A reason added to the engine without a sentence here: its general message still says what.
    return f"reason.{reason}", {}
