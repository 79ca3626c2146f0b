"""A game's actions in a link, compactly: two URL-safe characters per action.

`#code=CR1-N-AAAAAAB&moves=BkAx...` carries the game in progress, so that a reload, back/forward
and a shared link restore the exact position. Canonical notation would need percent-escapes
(`>` and `+` are not left alone in a URL), about 12 characters per move; an index into a fixed
table of every action name needs two base64url characters.

The tables are written out here from CONTRACT.md's notation, in a fixed order, and must never
be reordered (links in the wild decode through them): Crescent `redeal`, then every `P>Q` over
its 24 places; Canfield `draw`, every `X>Y` from R W 1-4 S H D C onto 1-4 S H D C, then every
run `C:N>D` for N = 2..52. Both tables are shorter than 26 * 64 entries, so every token starts
with an upper-case letter: text with `>` or `,` in it is the older comma-separated notation,
which links from replays still use and which `parse` still reads.
"""

from __future__ import annotations

import re

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
_COMPACT = re.compile(r"(?:[A-Z][A-Za-z0-9_-])*")
_NOTATION = re.compile(r"[,>]")  # only the older comma-separated notation has these
MAX_TEXT = 20_000  # a link's moves longer than this are refused before any work

_CR_PLACES = (*(str(i) for i in range(1, 17)), "S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-")
_CF_FROM = ("R", "W", "1", "2", "3", "4", "S", "H", "D", "C")
_CF_TO = ("1", "2", "3", "4", "S", "H", "D", "C")

TABLES: dict[str, tuple[str, ...]] = {
    "crescent": ("redeal", *(f"{a}>{b}" for a in _CR_PLACES for b in _CR_PLACES)),
    "canfield": (
        "draw",
        *(f"{a}>{b}" for a in _CF_FROM for b in _CF_TO),
        *(f"{c}:{n}>{d}" for c in "1234" for d in "1234" for n in range(2, 53)),
    ),
}
_INDEX = {kind: {name: i for i, name in enumerate(table)} for kind, table in TABLES.items()}


class LinkError(ValueError):
    """A link's moves that cannot be read; `.number` is the 1-based action at fault (0: all)."""

    def __init__(self, number: int) -> None:
        super().__init__(f"unreadable action {number}")
        self.number = number


def encode(kind: str, actions: list[str]) -> str:
    """The compact text of canonical `actions`; KeyError for a name outside the table."""
    index = _INDEX[kind]
    out = []
    for action in actions:
        i = index[action]
        out.append(ALPHABET[i // 64] + ALPHABET[i % 64])
    return "".join(out)


def token(kind: str, action: str) -> str:
    return encode(kind, [action])


def decode(kind: str, text: str) -> list[str]:
    """Canonical action names from compact text; LinkError naming the first bad token."""
    table = TABLES[kind]
    out = []
    for k in range(0, len(text) - 1, 2):
        a, b = _VALUE.get(text[k]), _VALUE.get(text[k + 1])
        if a is None or b is None or a * 64 + b >= len(table):
            raise LinkError(k // 2 + 1)
        out.append(table[a * 64 + b])
    if len(text) % 2:  # cut short: the half token is the first action that cannot be read
        raise LinkError(len(text) // 2 + 1)
    return out


def read(kind: str, moves: object) -> tuple[list[str], int | None]:
    """As much of a link's `moves` as can be read: (the readable prefix, None) when all of it
    reads, else (the prefix, the 1-based number of the first action that cannot be read; 0 when
    the whole text is refused: too long, or not text). A link cut by one character or with one
    bad token still gives back every action before the damage (hostile review #1)."""
    try:
        return parse(kind, moves), None
    except LinkError as e:
        if e.number <= 1 or not isinstance(moves, str):
            return [], e.number
        return decode(kind, moves[: 2 * (e.number - 1)]), e.number


def parse(kind: str, moves: object) -> list[str]:
    """A link's `moves`: compact text, comma-separated notation, or a list of notation strings
    (the page's own calls). LinkError when it is none of these; the moves are not checked
    against the rules here (the caller plays them and stops at the first refusal)."""
    if isinstance(moves, list):
        if len(moves) * 2 > MAX_TEXT:
            raise LinkError(0)
        return [m if isinstance(m, str) else "" for m in moves]
    if not isinstance(moves, str) or len(moves) > MAX_TEXT:
        raise LinkError(0)
    if not moves:
        return []
    if _COMPACT.fullmatch(moves) or (not _NOTATION.search(moves) and moves not in _INDEX[kind]):
        # Compact text, possibly damaged (a stray character): decode names the first bad token,
        # so that read() keeps the actions before it.
        return decode(kind, moves)
    return moves.split(",")
