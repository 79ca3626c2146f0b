"""Game codes: `CR1-N-AAAAAAB`, `CF1-D3-AAAAACL` — parse, normalise, validate, deal.

A code is GAME VERSION - OPTIONS - DEAL. The options name a rules record (rules.py), so a
version is one more row there, not new code.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import reasons as R
from .cards import Card, deck
from .errors import CodeError
from .prng import SplitMix64, shuffle
from .rules import (
    CANFIELD_DRAW,
    CANFIELD_LETTERS,
    CRESCENT_RULES,
    PASSES_LETTER,
    CanfieldRules,
    CrescentRules,
    canfield_rules,
    canonical_canfield_options,
)

DEAL_LETTERS = 7
DEAL_COUNT = 26**DEAL_LETTERS
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


# The options field of a code, per game: the rules records of engine/rules.py. Crescent's rows
# are a table; Canfield's options are D3/D1 followed by letters, one per rule (rules.py).
CRESCENT_VARIANTS: dict[str, CrescentRules] = CRESCENT_RULES
CANFIELD_VARIANTS: dict[str, CanfieldRules] = {"D3": CanfieldRules(draw=3), "D1": CanfieldRules(draw=1)}

GAMES = {"CR": "crescent", "CF": "canfield"}
VERSIONS = {"CR": ("1",), "CF": ("1",)}


def rules_of(prefix: str, options: str) -> CrescentRules | CanfieldRules | None:
    """The rules record an options field names for a game, or None if it names none."""
    if prefix == "CR":
        return CRESCENT_RULES.get(options)
    return canfield_rules(options)


def allowed_options(prefix: str) -> list[str]:
    """What a CodeError on unknown options lists: Crescent's rows; Canfield's draw counts
    and letters (rules.py)."""
    if prefix == "CR":
        return sorted(CRESCENT_RULES)
    return [*sorted(CANFIELD_DRAW), *sorted(CANFIELD_LETTERS), PASSES_LETTER + "1-9"]


@dataclass(frozen=True)
class GameCode:
    prefix: str  # "CR" or "CF"
    version: str  # "1"
    options: str  # "N", "D3", "D1"
    deal: int  # 0 .. 26**7 - 1

    @property
    def game(self) -> str:
        return GAMES[self.prefix]

    @property
    def variant(self) -> CrescentRules | CanfieldRules:
        """The rules record the options name (parse_code has checked that they name one)."""
        rules = rules_of(self.prefix, self.options)
        assert rules is not None
        return rules

    def __str__(self) -> str:
        return f"{self.prefix}{self.version}-{self.options}-{deal_letters(self.deal)}"


def deal_letters(number: int) -> str:
    """7 letters A-Z, base 26, most significant first (1 -> "AAAAAAB")."""
    letters = []
    for _ in range(DEAL_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def parse_code(text: object) -> GameCode:
    """The code in `text` (trimmed, upper-cased); CodeError with the reason otherwise."""
    if not isinstance(text, str):
        raise CodeError(R.CODE_FORMAT, text)
    code = text.strip().translate(_ASCII_UPPER)  # not str.upper(): "ı" -> "I", "ß" -> "SS"
    parts = code.split("-")
    if len(parts) != 3 or len(parts[0]) < 3:
        raise CodeError(R.CODE_FORMAT, text)
    head, options, deal = parts
    prefix, version = head[:2], head[2:]
    if prefix not in GAMES:
        raise CodeError(R.UNKNOWN_GAME, text, game=prefix)
    if version not in VERSIONS[prefix]:
        raise CodeError(R.UNKNOWN_VERSION, text, version=version)
    if prefix == "CF":
        options = canonical_canfield_options(options)  # letters in any order, stored sorted
    if rules_of(prefix, options) is None:
        raise CodeError(R.UNKNOWN_OPTIONS, text, options=options, allowed=allowed_options(prefix))
    if len(deal) != DEAL_LETTERS:
        raise CodeError(R.DEAL_LENGTH, text, length=len(deal))
    number = 0
    for index, char in enumerate(deal):
        if not ("A" <= char <= "Z"):
            raise CodeError(R.DEAL_CHARACTER, text, char=char, index=index)
        number = number * 26 + ord(char) - ord("A")
    return GameCode(prefix, version, options, number)


def seed_of(code: GameCode) -> int:
    """The PRNG seed: the ASCII bytes of GAME+VERSION ("CR1") above a 40-bit deal number.

    Options are left out on purpose: every version of a game deals from the same shuffle
    (CF1-D1-X and CF1-D3-X deal the same cards; Storehouse takes its 2s out of it, canfield.py).
    """
    return (int.from_bytes((code.prefix + code.version).encode("ascii"), "big") << 40) | code.deal


def shuffled_deck(code: GameCode) -> list[Card]:
    """The cards in dealing order for `code`: Canfield's 52, or Crescent's 96 (bases set aside)."""
    rng = SplitMix64(seed_of(code))
    if code.prefix == "CF":
        cards = deck()
    else:
        cards = deck() + deck()
        for base in CRESCENT_BASES:
            cards.remove(base)  # removes the first copy: the bases come from the first deck
    shuffle(cards, rng)
    return cards


# One ace and one king of each suit, in foundation order S+ H+ D+ C+ S- H- D- C-.
CRESCENT_BASES: tuple[Card, ...] = tuple(s * 13 for s in range(4)) + tuple(s * 13 + 12 for s in range(4))
