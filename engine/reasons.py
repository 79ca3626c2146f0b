"""Every reason code the engine can give, in one place.

A reason code is the engine's whole answer to "why not?": the page, the diagrams and the
catalogues turn it into a sentence (`reason.<code>` in every catalogue). Codes are stable:
renaming one breaks every catalogue and every stored refusal.
"""

from __future__ import annotations

# Refused moves (engine.IllegalMove) -----------------------------------------------------------
BAD_NOTATION = "bad-notation"  # the text is not a move of this game
UNKNOWN_PLACE = "unknown-place"  # well-formed, but names a place this game lacks
GAME_OVER = "game-over"  # the game is won: no action is legal
NOTHING_TO_UNDO = "nothing-to-undo"  # no action to take back (or history cleared by a redeal)
SAME_PLACE = "same-place"  # source and destination are the same place
EMPTY_SOURCE = "empty-source"  # nothing to take from the source
NOT_A_SOURCE = "not-a-source"  # Canfield: the stock is face down; click it to draw
NO_DROP_HERE = "no-drop-here"  # Canfield: the reserve, the waste and the stock take no card

# Crescent (the first five are fixed by CONTRACT.md)
EMPTY_PILE = "empty-pile"
PILE_FULL = "pile-full"
SAME_SUIT = "same-suit"
ADJACENT_RANK = "adjacent-rank"
BASE_LOCKED = "base-locked"
FOUNDATION_TO_PILE = "foundation-to-pile"  # a foundation's card never goes back to a pile
NO_REDEALS = "no-redeals"

# Foundations (both games)
FOUNDATION_SUIT = "foundation-suit"  # wrong suit for this foundation
FOUNDATION_ORDER = "foundation-order"  # right suit, wrong rank
FOUNDATION_FULL = "foundation-full"  # 13 cards already: no wrap on foundations
FOUNDATION_START = "foundation-start"  # Canfield: an empty foundation takes only the start rank

# Canfield columns
ALTERNATE_COLOUR = "alternate-colour"
ONE_LOWER = "one-lower"
NOT_A_RUN = "not-a-run"  # the cards asked for are not a run down in alternating colours
RUN_TOO_LONG = "run-too-long"  # more cards asked for than the column holds
RUN_TO_FOUNDATION = "run-to-foundation"  # only one card at a time goes to a foundation
NOTHING_TO_DRAW = "nothing-to-draw"  # stock and waste both empty

# Canfield versions (rules.py): the refusals a rule of some versions only gives
NO_TAKEBACKS = "no-take-backs"  # a foundation's cards stay there (takebacks=False)
ONE_OR_WHOLE = "one-or-whole"  # only one card or the whole column moves (RUNS_ONE_OR_WHOLE)
PARTIAL_RUN = "partial-run"  # Solvitaire: part of a column moves onto a card only if the
#   card it uncovers can go to its foundation at once (RUNS_PARTIAL_IF_HOME)
START_RANK_WRAP = "start-rank-wrap"  # one rank below the start rank never goes on the start rank
NOT_A_SUIT_RUN = "not-a-suit-run"  # Storehouse: the cards asked for are not a run in one suit
NO_PASSES = "no-passes"  # the stock's passes are all used: the waste is not turned over again

MOVE_REASONS: tuple[str, ...] = (
    BAD_NOTATION,
    UNKNOWN_PLACE,
    GAME_OVER,
    NOTHING_TO_UNDO,
    SAME_PLACE,
    EMPTY_SOURCE,
    NOT_A_SOURCE,
    NO_DROP_HERE,
    EMPTY_PILE,
    PILE_FULL,
    SAME_SUIT,
    ADJACENT_RANK,
    BASE_LOCKED,
    FOUNDATION_TO_PILE,
    NO_REDEALS,
    FOUNDATION_SUIT,
    FOUNDATION_ORDER,
    FOUNDATION_FULL,
    FOUNDATION_START,
    ALTERNATE_COLOUR,
    ONE_LOWER,
    NOT_A_RUN,
    RUN_TOO_LONG,
    RUN_TO_FOUNDATION,
    NOTHING_TO_DRAW,
    NO_TAKEBACKS,
    ONE_OR_WHOLE,
    PARTIAL_RUN,
    START_RANK_WRAP,
    NOT_A_SUIT_RUN,
    NO_PASSES,
)

# Bad game codes (engine.CodeError) ------------------------------------------------------------
CODE_FORMAT = "code-format"  # not GAME+VERSION-OPTIONS-DEAL
UNKNOWN_GAME = "unknown-game"
UNKNOWN_VERSION = "unknown-version"
UNKNOWN_OPTIONS = "unknown-options"
DEAL_LENGTH = "deal-length"  # the deal number is not 7 letters
DEAL_CHARACTER = "deal-character"  # a character outside A-Z in the deal number

CODE_REASONS: tuple[str, ...] = (
    CODE_FORMAT,
    UNKNOWN_GAME,
    UNKNOWN_VERSION,
    UNKNOWN_OPTIONS,
    DEAL_LENGTH,
    DEAL_CHARACTER,
)

# Impossible positions (engine.StateError) -----------------------------------------------------
STATE_FORMAT = "state-format"  # not a dict, a missing or mistyped field
STATE_GAME = "state-game"  # "game" is not crescent or canfield
BAD_CARD = "bad-card"  # a string that is not a card
CARD_COUNT = "card-count"  # a card missing, or more copies than the decks hold
PILE_COUNT = "pile-count"  # Crescent: not 16 piles / Canfield: not 4 columns
PILE_TOO_TALL = "pile-too-tall"  # Crescent: a pile over 13 cards
FOUNDATION_BASE = "foundation-base"  # a foundation that does not start with its base card
FOUNDATION_SEQUENCE = "foundation-sequence"  # a foundation not built in order, suit or size
REDEALS_RANGE = "redeals-range"
MOVES_RANGE = "moves-range"
SCORE_RANGE = "score-range"
STATUS_MISMATCH = "status-mismatch"  # "status" given, and not what the position is
CODE_MISMATCH = "code-mismatch"  # "code" of another game or draw than the position
DRAW_OPTION = "draw-option"  # Canfield: draw is not 1 or 3
BASE_RANK = "base-rank"  # Canfield: base_rank not a rank, or foundations disagree
COLUMN_NOT_A_RUN = "column-not-a-run"  # Canfield: a column no legal play could build
EMPTY_COLUMN_WITH_RESERVE = "empty-column-with-reserve"  # Canfield: the reserve refills at once
REDEALS_RANGE_FOUR = "redeals-range-four"  # Crescent Four: redeals left not 0 to 4
FACE_DOWN_RANGE = "face-down-range"  # face-down Crescent: a pile's face-down count out of range
RECYCLES_RANGE = "recycles-range"  # Canfield with limited passes: recycles left out of range
FACE_DOWN_FACE_UP = "face-down-face-up"  # Crescent: face-down counts in a face-up version

STATE_REASONS: tuple[str, ...] = (
    STATE_FORMAT,
    STATE_GAME,
    BAD_CARD,
    CARD_COUNT,
    PILE_COUNT,
    PILE_TOO_TALL,
    FOUNDATION_BASE,
    FOUNDATION_SEQUENCE,
    REDEALS_RANGE,
    MOVES_RANGE,
    SCORE_RANGE,
    STATUS_MISMATCH,
    CODE_MISMATCH,
    DRAW_OPTION,
    BASE_RANK,
    COLUMN_NOT_A_RUN,
    EMPTY_COLUMN_WITH_RESERVE,
    REDEALS_RANGE_FOUR,
    FACE_DOWN_RANGE,
    RECYCLES_RANGE,
    FACE_DOWN_FACE_UP,
)

REASONS: tuple[str, ...] = MOVE_REASONS + CODE_REASONS + STATE_REASONS
