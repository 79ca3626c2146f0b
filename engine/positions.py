"""`engine.from_state`: a game from a state dict, refusing impossible positions.

A position is checked as data first (types, card names), then as cards (each card as many times
as the decks hold), then as a position the rules could reach (foundations built in order,
Crescent piles of at most 13, Canfield columns that are runs and never empty beside a reserve).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import reasons as R
from .base import Game
from .canfield import COLUMNS, Canfield, column_tables, is_run
from .cards import BY_NAME, RANKS, SUITS, Card
from .codes import CRESCENT_BASES, GameCode, parse_code
from .crescent import FOUNDATION_NAMES, PILE_LIMIT, PILES, Crescent
from .errors import CodeError, StateError
from .rules import (
    CRESCENT_RULES,
    FILL_RESERVE,
    START_TWOS,
    CanfieldRules,
    CrescentRules,
    canfield_rules,
    canonical_canfield_options,
)


def from_state(state: Any) -> Game:
    if not isinstance(state, dict):
        raise StateError(R.STATE_FORMAT, "state", expected="dict")
    game = state.get("game")
    if game == "crescent":
        return _crescent(state)
    if game == "canfield":
        return _canfield(state)
    raise StateError(R.STATE_GAME, "game", value=game)


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise StateError(R.STATE_FORMAT, where, expected="list of cards")
    cards = []
    for i, name in enumerate(value):
        if not isinstance(name, str) or name not in BY_NAME:
            raise StateError(R.BAD_CARD, f"{where}[{i}]", value=name)
        cards.append(BY_NAME[name])
    return cards


def _count(state: dict[str, Any], key: str, low: int, high: int, reason: str, default: int | None) -> int:
    value = state.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateError(R.STATE_FORMAT, key, expected="integer", value=value)
    if not low <= value <= high:
        raise StateError(reason, key, value=value, low=low, high=high)
    return value


def _code(state: dict[str, Any], prefix: str) -> GameCode | None:
    text = state.get("code")
    if text is None:
        return None
    try:
        code = parse_code(text)
    except CodeError as error:
        raise StateError(R.CODE_MISMATCH, "code", value=text, code_reason=error.reason) from error
    if code.prefix != prefix:
        raise StateError(R.CODE_MISMATCH, "code", value=text)
    return code


def _check_counts(all_cards: list[tuple[Card, str]], copies: int) -> None:
    counts = Counter(card for card, _ in all_cards)
    for card, where in all_cards:
        if counts[card] > copies:
            raise StateError(R.CARD_COUNT, where, card=_name(card), count=counts[card], expected=copies)
    for card in range(52):
        if counts[card] != copies:
            raise StateError(R.CARD_COUNT, "cards", card=_name(card), count=counts[card], expected=copies)


def _name(card: Card) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


def _options(state: dict[str, Any], code: GameCode | None, prefix: str, default: str) -> str:
    """The options field that names the state's rules: its code's, else its "options" field
    (a state with no code names a version other than the default one there), else `default`.
    Both given and different: a code mismatch. Canfield letters may come in any order."""
    value = state.get("options")
    if value is None:
        return code.options if code is not None else default
    if not isinstance(value, str):
        raise StateError(R.STATE_FORMAT, "options", expected="string", value=value)
    options = value.strip().upper()
    if prefix == "CF":
        options = canonical_canfield_options(options)
    if code is not None and options != code.options:
        raise StateError(R.CODE_MISMATCH, "options", value=value, code=str(code))
    return options


def _check_status(state: dict[str, Any], game: Game) -> None:
    if "status" in state and state["status"] != game.status:
        raise StateError(R.STATUS_MISMATCH, "status", value=state["status"], actual=game.status)


def _crescent(state: dict[str, Any]) -> Crescent:
    code = _code(state, "CR")
    options = _options(state, code, "CR", "N")
    rules = CRESCENT_RULES.get(options)
    if rules is None:
        raise StateError(R.STATE_FORMAT, "options", value=options, expected=sorted(CRESCENT_RULES))
    piles_value = state.get("piles")
    if not isinstance(piles_value, list) or len(piles_value) != PILES:
        raise StateError(R.PILE_COUNT, "piles", expected=PILES)
    piles = [_cards(p, f"piles[{i}]") for i, p in enumerate(piles_value)]
    for i, pile in enumerate(piles):
        if len(pile) > PILE_LIMIT:
            raise StateError(R.PILE_TOO_TALL, f"piles[{i}]", count=len(pile), limit=PILE_LIMIT)
    fvalue = state.get("foundations")
    if not isinstance(fvalue, dict) or set(fvalue) != set(FOUNDATION_NAMES):
        raise StateError(R.STATE_FORMAT, "foundations", expected=list(FOUNDATION_NAMES))
    foundations = [_cards(fvalue[name], f"foundations.{name}") for name in FOUNDATION_NAMES]
    for f, (name, cards) in enumerate(zip(FOUNDATION_NAMES, foundations, strict=True)):
        where = f"foundations.{name}"
        if not cards or cards[0] != CRESCENT_BASES[f]:
            raise StateError(R.FOUNDATION_BASE, where, expected=_name(CRESCENT_BASES[f]))
        step = 1 if f < 4 else -1
        for k in range(1, len(cards)):
            if cards[k] != cards[k - 1] + step or cards[k] // 13 != f % 4:
                raise StateError(R.FOUNDATION_SEQUENCE, f"{where}[{k}]", card=_name(cards[k]))
    everything = [(c, f"piles[{i}]") for i, p in enumerate(piles) for c in p]
    everything += [
        (c, f"foundations.{n}") for n, f in zip(FOUNDATION_NAMES, foundations, strict=True) for c in f
    ]
    _check_counts(everything, 2)
    range_reason = R.REDEALS_RANGE if rules.redeals == 3 else R.REDEALS_RANGE_FOUR
    redeals = _count(state, "redeals_left", 0, rules.redeals, range_reason, rules.redeals)
    moves = _count(state, "moves", 0, 10**9, R.MOVES_RANGE, 0)
    face_down = _face_down(state, rules, piles)
    game = Crescent(code, piles, foundations, redeals, moves, rules, face_down)
    _check_status(state, game)
    return game


def _face_down(state: dict[str, Any], rules: CrescentRules, piles: list[list[Card]]) -> list[int] | None:
    """The face-down counts of a face-down version: 16 ints, each at most the pile's size less
    its top card (a top card is always face up); none in the face-up versions."""
    value = state.get("face_down")
    if not rules.face_down:
        if value is not None:
            raise StateError(R.STATE_FORMAT, "face_down", expected="no face_down in a face-up version")
        return None
    if not isinstance(value, list) or len(value) != PILES:
        raise StateError(R.STATE_FORMAT, "face_down", expected=f"list of {PILES} integers")
    counts = []
    for i, count in enumerate(value):
        if isinstance(count, bool) or not isinstance(count, int):
            raise StateError(R.STATE_FORMAT, f"face_down[{i}]", expected="integer", value=count)
        high = max(len(piles[i]) - 1, 0)
        if not 0 <= count <= high:
            raise StateError(R.FACE_DOWN_RANGE, f"face_down[{i}]", value=count, low=0, high=high)
        counts.append(count)
    return counts


def _canfield(state: dict[str, Any]) -> Canfield:
    code = _code(state, "CF")
    named = _options(state, code, "CF", "")
    named_rules = canfield_rules(named) if named else None
    if named and named_rules is None:
        raise StateError(R.STATE_FORMAT, "options", value=named)
    draw = state.get("draw", named_rules.draw if named_rules else 3)
    if type(draw) is not int or draw not in (1, 3):  # not 1.0, not True: play() needs an int
        raise StateError(R.DRAW_OPTION, "draw", value=draw)
    if named_rules is not None and named_rules.draw != draw:
        where = "code" if code is not None else "options"
        raise StateError(R.CODE_MISMATCH, where, value=str(code) if code else named, draw=draw)
    rules = named_rules or CanfieldRules(draw=draw)
    base_value = state.get("base_rank")
    if not isinstance(base_value, str) or len(base_value) != 1 or base_value not in RANKS:
        raise StateError(R.BASE_RANK, "base_rank", value=base_value)
    base_rank = RANKS.index(base_value)
    if rules.start == START_TWOS and base_rank != 1:  # Storehouse: the foundations start at 2
        raise StateError(R.BASE_RANK, "base_rank", value=base_value, expected="2")
    follows = column_tables(rules.build, rules.wrap, base_rank)[0]
    stock = _cards(state.get("stock", []), "stock")
    waste = _cards(state.get("waste", []), "waste")
    reserve = _cards(state.get("reserve", []), "reserve")
    fvalue = state.get("foundations")
    if not isinstance(fvalue, dict) or set(fvalue) != set(SUITS):
        raise StateError(R.STATE_FORMAT, "foundations", expected=list(SUITS))
    foundations = [_cards(fvalue[s], f"foundations.{s}") for s in SUITS]
    for suit, cards in enumerate(foundations):
        where = f"foundations.{SUITS[suit]}"
        if len(cards) > 13:
            raise StateError(R.FOUNDATION_SEQUENCE, where, count=len(cards))
        for k, card in enumerate(cards):
            if card // 13 != suit or card % 13 != (base_rank + k) % 13:
                reason = R.BASE_RANK if k == 0 else R.FOUNDATION_SEQUENCE
                raise StateError(reason, f"{where}[{k}]", card=_name(card))
    cvalue = state.get("columns")
    if not isinstance(cvalue, list) or len(cvalue) != len(COLUMNS):
        raise StateError(R.PILE_COUNT, "columns", expected=len(COLUMNS))
    if not rules.takebacks and not any(foundations):
        # No card leaves a foundation, so the base card (Storehouse: the 2s) is still there.
        raise StateError(R.FOUNDATION_BASE, "foundations")
    if rules.start == START_TWOS and not rules.takebacks:
        for suit, cards in enumerate(foundations):
            if not cards:
                raise StateError(R.FOUNDATION_BASE, f"foundations.{SUITS[suit]}", expected="2" + SUITS[suit])
    columns = [_cards(c, f"columns[{i}]") for i, c in enumerate(cvalue)]
    for i, column in enumerate(columns):
        if not is_run(column, follows):
            raise StateError(R.COLUMN_NOT_A_RUN, f"columns[{i}]", build=rules.build)
        if not column and reserve and rules.fill == FILL_RESERVE:
            raise StateError(R.EMPTY_COLUMN_WITH_RESERVE, f"columns[{i}]")
    everything = (
        [(c, "stock") for c in stock] + [(c, "waste") for c in waste] + [(c, "reserve") for c in reserve]
    )
    everything += [(c, f"foundations.{SUITS[s]}") for s, f in enumerate(foundations) for c in f]
    everything += [(c, f"columns[{i}]") for i, col in enumerate(columns) for c in col]
    _check_counts(everything, 1)
    score = _count(state, "score", 0, 10**9, R.SCORE_RANGE, 0)
    if score % 5:
        raise StateError(R.SCORE_RANGE, "score", value=score)
    moves = _count(state, "moves", 0, 10**9, R.MOVES_RANGE, 0)
    if rules.passes:
        recycles = rules.recycles
        recycles_left = _count(state, "recycles_left", 0, recycles, R.RECYCLES_RANGE, recycles)
    elif "recycles_left" in state:
        raise StateError(R.STATE_FORMAT, "recycles_left", expected="no recycles_left with unlimited passes")
    else:
        recycles_left = -1
    game = Canfield(
        code, draw, base_rank, stock, waste, reserve, foundations, columns, score, moves, rules, recycles_left
    )
    _check_status(state, game)
    return game
