"""`engine.from_state`: a game from a state dict, refusing impossible positions, and
`engine.position_problems`: every problem of such a dict, for a position a reader made by hand.

A position is checked as data first (types, card names), then as cards (each card as many times
as the decks hold), then as a position the rules could reach (foundations built in order,
Crescent piles of at most 13, Canfield columns that are runs and never empty beside a reserve).

Both functions run the same checks in the same order (`_Problems`): from_state raises the first
problem found, position_problems goes on past it wherever the rest of the state can still be
read, so from_state(s) raises exactly when position_problems(s) is non-empty, and raises its
first element. A problem that leaves nothing else readable (not a dict, foundations that are
not a dict of the right names, unknown options) ends the list.

Every StateError carries, besides `where` (the state field, "piles[2][1]"), the board's place
in move notation where it is about one (`place`: "3", "S+", "R", "stock") and the card in engine
notation where it is about one (`card`: "8H"), so the page can name both in its language.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable
from typing import Any, NoReturn

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

# A position typed or pasted by hand has a few problems; one made of junk (a pile of ten thousand
# non-cards) would give a list no reader reads and a page slow to show it: the list stops here.
MAX_PROBLEMS = 100


class _Stop(Exception):
    """Nothing further of the state can be read: the listing ends here."""


class _Problems:
    """The problems found so far. Raising (from_state): the first one is raised at once.
    Collecting (position_problems): each is kept and the checks go on."""

    def __init__(self, collect: bool) -> None:
        self.collect = collect
        self.found: list[StateError] = []
        self.hidden = 0  # unknown (None) cards read so far: face-down cards of a public view

    def add(
        self, reason: str, where: str, place: str | None = None, card: str | None = None, **details: Any
    ) -> None:
        if place is not None:
            details["place"] = place
        if card is not None:
            details["card"] = card
        error = StateError(reason, where, **details)
        if not self.collect:
            raise error
        self.found.append(error)
        if len(self.found) >= MAX_PROBLEMS:
            raise _Stop

    def stop(self, reason: str, where: str, **details: Any) -> NoReturn:
        self.add(reason, where, **details)
        raise _Stop


def from_state(state: Any) -> Game:
    game = _check(state, _Problems(collect=False))
    assert game is not None  # raising mode: any problem has been raised
    return game


def position_problems(state: Any) -> list[StateError]:
    """Every problem of `state` (empty for a position from_state accepts), in from_state's order;
    at most MAX_PROBLEMS of them."""
    problems = _Problems(collect=True)
    with contextlib.suppress(_Stop):
        _check(state, problems)
    return problems.found


def _check(state: Any, p: _Problems) -> Game | None:
    if not isinstance(state, dict):
        p.stop(R.STATE_FORMAT, "state", expected="dict")
    game = state.get("game")
    read = _READERS.get(game) if isinstance(game, str) else None
    if read is None:
        p.stop(R.STATE_GAME, "game", value=game)
    return read(state, p)


def _cards(value: Any, where: str, place: str, p: _Problems) -> list[Card]:
    """The cards of one place; in collecting mode a place that is not a list reads as empty and
    an entry that is not a card is left out (each said once; unknown cards, None, once a place)."""
    if not isinstance(value, list):
        p.add(R.STATE_FORMAT, where, place=place, expected="list of cards")
        return []
    cards = []
    hidden_told = False
    for i, name in enumerate(value):
        if name is None:
            # A face-down card of a public view (engine.public_state): said once per place, with
            # how many there are, rather than once per card.
            if not hidden_told:
                hidden_told = True
                hidden = sum(1 for n in value if n is None)
                p.hidden += hidden
                p.add(R.BAD_CARD, f"{where}[{i}]", place=place, value=None, index=i, hidden=hidden)
            continue
        if not isinstance(name, str) or name not in BY_NAME:
            p.add(R.BAD_CARD, f"{where}[{i}]", place=place, value=name, index=i)
            continue
        cards.append(BY_NAME[name])
    return cards


def _count(
    state: dict[str, Any], key: str, low: int, high: int, reason: str, default: int, p: _Problems
) -> int:
    value = state.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        p.add(R.STATE_FORMAT, key, expected="integer", value=value)
        return default
    if not low <= value <= high:
        p.add(reason, key, value=value, low=low, high=high)
        return default
    return value


def _code(state: dict[str, Any], prefix: str, p: _Problems) -> GameCode | None:
    text = state.get("code")
    if text is None:
        return None
    try:
        code = parse_code(text)
    except CodeError as error:
        p.add(R.CODE_MISMATCH, "code", value=text, code_reason=error.reason)
        return None
    if code.prefix != prefix:
        p.add(R.CODE_MISMATCH, "code", value=text)
        return None
    return code


def _check_counts(all_cards: list[tuple[Card, str, str]], copies: int, p: _Problems) -> None:
    """Each card `copies` times: one problem per card over (at its first place, with every place
    it is in) and per card short, then the total if it is not the decks'."""
    counts = Counter(card for card, _, _ in all_cards)
    told: set[Card] = set()
    for card, where, place in all_cards:
        if counts[card] > copies and card not in told:
            told.add(card)
            places = list(dict.fromkeys(pl for c, _, pl in all_cards if c == card))
            p.add(
                R.CARD_COUNT,
                where,
                place=place,
                card=_name(card),
                count=counts[card],
                expected=copies,
                places=places,
            )
    # With unknown cards in the position (a public view) the cards short are the face-down ones,
    # or some of them: naming them would tell what the view hides, so they are not listed.
    if not p.hidden:
        for card in range(52):
            if counts[card] < copies:
                p.add(R.CARD_COUNT, "cards", card=_name(card), count=counts[card], expected=copies)
    if len(all_cards) + p.hidden != 52 * copies:
        p.add(R.CARD_COUNT, "cards", total=len(all_cards) + p.hidden, expected_total=52 * copies)


def _name(card: Card) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


def _options(state: dict[str, Any], code: GameCode | None, prefix: str, default: str, p: _Problems) -> str:
    """The options field that names the state's rules: its code's, else its "options" field
    (a state with no code names a version other than the default one there), else `default`.
    Both given and different: a code mismatch (the code's then rule the other checks).
    Canfield letters may come in any order."""
    value = state.get("options")
    if value is None:
        return code.options if code is not None else default
    if not isinstance(value, str):
        p.add(R.STATE_FORMAT, "options", expected="string", value=value)
        return code.options if code is not None else default
    options = value.strip().upper()
    if prefix == "CF":
        options = canonical_canfield_options(options)
    if code is not None and options != code.options:
        p.add(R.CODE_MISMATCH, "options", value=value, code=str(code))
        return code.options
    return options


def _check_status(state: dict[str, Any], game: Game, p: _Problems) -> None:
    if "status" in state and state["status"] != game.status:
        p.add(R.STATUS_MISMATCH, "status", value=state["status"], actual=game.status)


def _crescent(state: dict[str, Any], p: _Problems) -> Crescent | None:
    code = _code(state, "CR", p)
    options = _options(state, code, "CR", "N", p)
    rules = CRESCENT_RULES.get(options)
    if rules is None:
        p.stop(R.STATE_FORMAT, "options", value=options, expected=sorted(CRESCENT_RULES))
    piles_value = state.get("piles")
    if not isinstance(piles_value, list):
        p.stop(R.PILE_COUNT, "piles", expected=PILES)
    if len(piles_value) != PILES:
        p.add(R.PILE_COUNT, "piles", expected=PILES, count=len(piles_value))
    piles = [_cards(pile, f"piles[{i}]", str(i + 1), p) for i, pile in enumerate(piles_value)]
    for i, pile in enumerate(piles):
        if len(pile) > PILE_LIMIT:
            p.add(R.PILE_TOO_TALL, f"piles[{i}]", place=str(i + 1), count=len(pile), limit=PILE_LIMIT)
    fvalue = state.get("foundations")
    if not isinstance(fvalue, dict) or set(fvalue) != set(FOUNDATION_NAMES):
        p.stop(R.STATE_FORMAT, "foundations", expected=list(FOUNDATION_NAMES))
    foundations = [_cards(fvalue[name], f"foundations.{name}", name, p) for name in FOUNDATION_NAMES]
    for f, (name, cards) in enumerate(zip(FOUNDATION_NAMES, foundations, strict=True)):
        where = f"foundations.{name}"
        base = _name(CRESCENT_BASES[f])
        if not cards or cards[0] != CRESCENT_BASES[f]:
            first = _name(cards[0]) if cards else None
            p.add(R.FOUNDATION_BASE, where, place=name, card=first, expected=base)
            continue
        step = 1 if f < 4 else -1
        for k in range(1, len(cards)):
            if cards[k] != cards[k - 1] + step or cards[k] // 13 != f % 4:
                # The card that would follow, while the foundation is not complete.
                after = cards[k - 1] % 13 + step
                expected = RANKS[after] + SUITS[f % 4] if 0 <= after < 13 else None
                p.add(
                    R.FOUNDATION_SEQUENCE,
                    f"{where}[{k}]",
                    place=name,
                    card=_name(cards[k]),
                    expected=expected,
                )
                break
    everything = [(c, f"piles[{i}]", str(i + 1)) for i, pile in enumerate(piles) for c in pile]
    everything += [
        (c, f"foundations.{n}", n) for n, f in zip(FOUNDATION_NAMES, foundations, strict=True) for c in f
    ]
    _check_counts(everything, 2, p)
    range_reason = R.REDEALS_RANGE if rules.redeals == 3 else R.REDEALS_RANGE_FOUR
    redeals = _count(state, "redeals_left", 0, rules.redeals, range_reason, rules.redeals, p)
    moves = _count(state, "moves", 0, 10**9, R.MOVES_RANGE, 0, p)
    # Each face-down count is read against its pile as written (unknown cards included: a public
    # view's), and past a wrong pile count against the 16 piles there would be.
    sizes = [len(pile) if isinstance(pile, list) else 0 for pile in piles_value]
    face_down = _face_down(state, rules, (sizes + [0] * PILES)[:PILES], p)
    if p.found:
        return None
    game = Crescent(code, piles, foundations, redeals, moves, rules, face_down)
    _check_status(state, game, p)
    return game


def _face_down(
    state: dict[str, Any], rules: CrescentRules, sizes: list[int], p: _Problems
) -> list[int] | None:
    """The face-down counts of a face-down version: 16 ints, each at most the pile's size less
    its top card (a top card is always face up); none in the face-up versions."""
    value = state.get("face_down")
    if not rules.face_down:
        if value is not None:
            first = None
            if isinstance(value, list):
                first = next(
                    (str(i + 1) for i, n in enumerate(value[:PILES]) if not isinstance(n, int) or n),
                    None,
                )
            p.add(R.FACE_DOWN_FACE_UP, "face_down", place=first)
        return None
    if not isinstance(value, list) or len(value) != PILES:
        p.add(R.STATE_FORMAT, "face_down", expected=f"list of {PILES} integers")
        return None
    counts = []
    for i, count in enumerate(value):
        if isinstance(count, bool) or not isinstance(count, int):
            p.add(R.STATE_FORMAT, f"face_down[{i}]", place=str(i + 1), expected="integer", value=count)
            counts.append(0)
            continue
        high = max(sizes[i] - 1, 0)
        if not 0 <= count <= high:
            p.add(R.FACE_DOWN_RANGE, f"face_down[{i}]", place=str(i + 1), value=count, low=0, high=high)
            counts.append(0)
            continue
        counts.append(count)
    return counts


_CANFIELD_PILES = (("stock", "stock"), ("waste", "W"), ("reserve", "R"))


def _canfield(state: dict[str, Any], p: _Problems) -> Canfield | None:
    code = _code(state, "CF", p)
    named = _options(state, code, "CF", "", p)
    named_rules = canfield_rules(named) if named else None
    if named and named_rules is None:
        p.stop(R.STATE_FORMAT, "options", value=named)
    default_draw = named_rules.draw if named_rules else 3
    draw = state.get("draw", default_draw)
    if type(draw) is not int or draw not in (1, 3):  # not 1.0, not True: play() needs an int
        p.add(R.DRAW_OPTION, "draw", value=draw)
        draw = default_draw
    if named_rules is not None and named_rules.draw != draw:
        where = "code" if code is not None else "options"
        p.add(R.CODE_MISMATCH, where, value=str(code) if code else named, draw=draw)
    rules = named_rules or CanfieldRules(draw=draw)
    base_value = state.get("base_rank")
    base_rank: int | None = None
    if not isinstance(base_value, str) or len(base_value) != 1 or base_value not in RANKS:
        p.add(R.BASE_RANK, "base_rank", value=base_value)
    elif rules.start == START_TWOS and base_value != "2":  # Storehouse: the foundations start at 2
        p.add(R.BASE_RANK, "base_rank", value=base_value, expected="2")
    else:
        base_rank = RANKS.index(base_value)
    follows = column_tables(rules.build, rules.wrap, base_rank)[0] if base_rank is not None else None
    stock, waste, reserve = (_cards(state.get(key, []), key, place, p) for key, place in _CANFIELD_PILES)
    fvalue = state.get("foundations")
    if not isinstance(fvalue, dict) or set(fvalue) != set(SUITS):
        p.stop(R.STATE_FORMAT, "foundations", expected=list(SUITS))
    foundations = [_cards(fvalue[s], f"foundations.{s}", s, p) for s in SUITS]
    for suit, cards in enumerate(foundations):
        where = f"foundations.{SUITS[suit]}"
        if len(cards) > 13:
            p.add(R.FOUNDATION_SEQUENCE, where, place=SUITS[suit], count=len(cards))
            continue
        if base_rank is None:
            continue  # the order is the base rank's: said above
        for k, card in enumerate(cards):
            rank = (base_rank + k) % 13
            if card // 13 != suit or card % 13 != rank:
                reason = R.BASE_RANK if k == 0 else R.FOUNDATION_SEQUENCE
                expected = RANKS[rank] + SUITS[suit]
                p.add(reason, f"{where}[{k}]", place=SUITS[suit], card=_name(card), expected=expected)
                break
    cvalue = state.get("columns")
    if not isinstance(cvalue, list):
        p.stop(R.PILE_COUNT, "columns", expected=len(COLUMNS))
    if len(cvalue) != len(COLUMNS):
        p.add(R.PILE_COUNT, "columns", expected=len(COLUMNS), count=len(cvalue))
    if not rules.takebacks and not any(foundations):
        # No card leaves a foundation, so the base card (Storehouse: the 2s) is still there.
        p.add(R.FOUNDATION_BASE, "foundations")
    elif rules.start == START_TWOS and not rules.takebacks:
        for suit, cards in enumerate(foundations):
            if not cards:
                s = SUITS[suit]
                p.add(R.FOUNDATION_BASE, f"foundations.{s}", place=s, expected="2" + s)
    columns = [_cards(c, f"columns[{i}]", str(i + 1), p) for i, c in enumerate(cvalue)]
    for i, column in enumerate(columns):
        if follows is not None and not is_run(column, follows):
            p.add(R.COLUMN_NOT_A_RUN, f"columns[{i}]", place=str(i + 1), build=rules.build)
        if not column and reserve and rules.fill == FILL_RESERVE:
            p.add(R.EMPTY_COLUMN_WITH_RESERVE, f"columns[{i}]", place=str(i + 1))
    everything = [
        (c, key, place)
        for (key, place), cards in zip(_CANFIELD_PILES, (stock, waste, reserve), strict=True)
        for c in cards
    ]
    everything += [(c, f"foundations.{SUITS[s]}", SUITS[s]) for s, f in enumerate(foundations) for c in f]
    everything += [(c, f"columns[{i}]", str(i + 1)) for i, col in enumerate(columns) for c in col]
    _check_counts(everything, 1, p)
    score = _count(state, "score", 0, 10**9, R.SCORE_RANGE, 0, p)
    if score % 5:
        p.add(R.SCORE_RANGE, "score", value=score)
    moves = _count(state, "moves", 0, 10**9, R.MOVES_RANGE, 0, p)
    if rules.passes:
        recycles = rules.recycles
        recycles_left = _count(state, "recycles_left", 0, recycles, R.RECYCLES_RANGE, recycles, p)
    elif "recycles_left" in state:
        p.add(R.STATE_FORMAT, "recycles_left", expected="no recycles_left with unlimited passes")
        recycles_left = -1
    else:
        recycles_left = -1
    if p.found or base_rank is None:
        return None
    game = Canfield(
        code, draw, base_rank, stock, waste, reserve, foundations, columns, score, moves, rules, recycles_left
    )
    _check_status(state, game, p)
    return game


# Each game's reader, by the state's "game" (a key of engine.games.GAME_KINDS).
_READERS: dict[str, Callable[[dict[str, Any], _Problems], Game | None]] = {
    "crescent": _crescent,
    "canfield": _canfield,
}
