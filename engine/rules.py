"""The rules that differ between versions of a game, as data: one frozen record per game.

Each field is one rule, decided here once; the rules code (crescent.py, canfield.py, the
searchers, positions.py) reads the record, never a version's name or its code letters. A
version is a row of the tables below; a code's options field names the row (codes.py parses it).
Where each rule comes from, and where the sources disagree: engine/CODES.md, section 8.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

# Canfield: which runs may move from column to column.
RUNS_ANY = "any"  # any run built down from the top (the seeds' app)
RUNS_ONE_OR_WHOLE = "one-or-whole"  # one card or the whole column (PySolFC, the books)
RUNS_PARTIAL_IF_HOME = "partial-if-home"  # Solvitaire's partial-if-card-above-buildable
# Canfield: how the columns are built down.
BUILD_ALTERNATE = "alternate"  # alternate colours
BUILD_SUIT = "suit"  # same suit (Storehouse)
# Canfield: the columns' wrap between the highest and the lowest rank.
WRAP_ALWAYS = "always"  # a king on an ace, whatever the start rank
WRAP_AT_START = "at-start"  # a card of the start rank minus one never goes on a start-rank card
# Canfield: how an emptied column is filled while the reserve has cards.
FILL_RESERVE = "reserve"  # at once, from the reserve's top
FILL_CHOICE = "choice"  # left empty: the player puts what they choose there
# Canfield: how the foundations start.
START_BASE = "base"  # a base card dealt after the reserve fixes the start rank
START_TWOS = "twos"  # the four 2s, dealt to the foundations before anything else (Storehouse)


@dataclass(frozen=True)
class CrescentRules:
    redeals: int = 3
    face_down: bool = False  # only each pile's top card face up; the others turn as uncovered


@dataclass(frozen=True)
class CanfieldRules:
    draw: int = 3
    passes: int = 0  # passes through the stock; 0 = unlimited
    takebacks: bool = True  # a foundation's top card may go back to a column
    runs: str = RUNS_ANY
    build: str = BUILD_ALTERNATE
    wrap: str = WRAP_ALWAYS
    fill: str = FILL_RESERVE
    reserve_face_up: bool = True  # False: only the reserve's top card is face up
    start: str = START_BASE

    @property
    def recycles(self) -> int:
        """How many times the waste may be turned back over (-1: without limit)."""
        return self.passes - 1 if self.passes else -1


# Crescent: the options field is the row's key (CONTRACT.md fixes N, F, H, FH).
CRESCENT_RULES: dict[str, CrescentRules] = {
    "N": CrescentRules(),
    "F": CrescentRules(redeals=4),
    "H": CrescentRules(face_down=True),
    "FH": CrescentRules(redeals=4, face_down=True),
}

# Canfield: `D3`/`D1`, then one letter per rule that differs from the seeds' app, in
# alphabetical order (`P` takes the number of passes, 1-9, right after it). A letter's
# field and value; two letters may not set one field (G and W).
CANFIELD_DRAW = {"D3": 3, "D1": 1}
CANFIELD_LETTERS: dict[str, tuple[str, str | bool]] = {
    "E": ("fill", FILL_CHOICE),
    "G": ("runs", RUNS_PARTIAL_IF_HOME),
    "H": ("reserve_face_up", False),
    "K": ("takebacks", False),
    "N": ("wrap", WRAP_AT_START),
    "S": ("build", BUILD_SUIT),
    "T": ("start", START_TWOS),
    "W": ("runs", RUNS_ONE_OR_WHOLE),
}
PASSES_LETTER = "P"


def canfield_rules(options: str) -> CanfieldRules | None:
    """The rules an options field names (`D3`, `D1HKP3W`, ...), or None if it names none.

    Only the canonical spelling is accepted here (letters in alphabetical order, each once);
    codes.canonical_canfield_options puts a reader's spelling in that order first."""
    draw = CANFIELD_DRAW.get(options[:2])
    if draw is None:
        return None
    rules = CanfieldRules(draw=draw)
    fields: set[str] = set()
    rest = options[2:]
    previous = ""
    i = 0
    while i < len(rest):
        letter = rest[i]
        if letter <= previous:  # not alphabetical, or repeated
            return None
        previous = letter
        if letter == PASSES_LETTER:
            digit = rest[i + 1 : i + 2]
            if not ("1" <= digit <= "9"):
                return None
            rules = replace(rules, passes=int(digit))
            i += 2
            continue
        entry = CANFIELD_LETTERS.get(letter)
        if entry is None or entry[0] in fields:
            return None
        fields.add(entry[0])
        changes: dict[str, Any] = {entry[0]: entry[1]}
        rules = replace(rules, **changes)
        i += 1
    return rules


def canonical_canfield_options(options: str) -> str:
    """`options` with its letters in canonical (alphabetical) order: `D3WK` -> `D3KW`,
    `D1P3HW` -> `D1HP3W`. Anything unparsable is returned as it is (then refused)."""
    head, rest = options[:2], options[2:]
    tokens: list[str] = []
    i = 0
    while i < len(rest):
        if rest[i] == PASSES_LETTER:
            tokens.append(rest[i : i + 2])
            i += 2
        else:
            tokens.append(rest[i])
            i += 1
    return head + "".join(sorted(tokens))


# The named versions, one row each: the game's code prefix and its options field.
# Sources and disagreements: CODES.md section 8.
VERSIONS: dict[str, tuple[str, str]] = {
    "crescent": ("CR", "N"),
    "crescent-four": ("CR", "F"),
    "crescent-face-down": ("CR", "H"),
    "crescent-four-face-down": ("CR", "FH"),
    "canfield-app-draw-3": ("CF", "D3"),
    "canfield-app-draw-1": ("CF", "D1"),
    "canfield-classic": ("CF", "D3KW"),
    "rainfall": ("CF", "D1HKP3W"),
    "storehouse": ("CF", "D1HKP3STW"),
    "superior-canfield": ("CF", "D3EKW"),
    "solvitaire-canfield": ("CF", "D3GKN"),
}


def canfield_options(rules: CanfieldRules) -> str:
    """The canonical options field that names `rules` (the inverse of canfield_rules)."""
    default = CanfieldRules(draw=rules.draw)
    tokens = [
        letter
        for letter, (name, value) in CANFIELD_LETTERS.items()
        if getattr(rules, name) == value and getattr(default, name) != value
    ]
    if rules.passes:
        tokens.append(f"{PASSES_LETTER}{rules.passes}")
    return f"D{rules.draw}" + "".join(sorted(tokens))


def crescent_options(rules: CrescentRules) -> str:
    """The options field that names `rules` (the key of its row in CRESCENT_RULES)."""
    return next(key for key, row in CRESCENT_RULES.items() if row == rules)
