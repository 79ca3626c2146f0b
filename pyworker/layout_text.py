"""The pasted text form of a position (the Analysis pages): one line per place, then the fields.

    game: crescent             (optional; the other game's name is refused)
    code: CR1-N-AAAAAAA        (optional; a position set up by hand has none)
    options: FH                (a version other than the default one: engine/CODES.md §8)
    1: QH TS 2C 7D 8S 9S       Crescent piles 1-16, cards bottom to top
    S+: AS 2S                  foundations S+ H+ D+ C+ S- H- D- C-
    redeals: 3
    face-down: 5 5 5 ...       face-down versions: 16 counts, pile 1 first
    moves: 0

    base: 7                    Canfield: the start rank
    draw: 3
    stock: ...                 stock, W (waste), R (reserve), columns 1-4, foundations S H D C,
    W: ...                     each bottom to top (the stock's last card is drawn first)
    score: 0
    recycles: 2                versions with limited passes

A place's name may also be written as the field of the state dict ("waste", "reserve",
"redeals_left", "base_rank", ...), in any case. A place left out is empty. Cards are the
engine's notation in any case (`8h`, `TS`), with `10` for the ten, a suit symbol (`10♠`), and
the rank letters the page's language shows on its cards (core.json `rank_short.*`: French
V D R, German B D K); suits are the letters S H D C or the symbols in every language (the
languages' own suit initials collide: French C is cœur, English C clubs). `?` is a card that is
not known (a face-down card of a public view): the position is then refused by
engine.position_problems, which says where. Blank lines and lines starting with `#` are skipped.

`parse` reads the text into a state dict for engine.from_state, not yet validated by it;
`format` writes a state dict back, so that parse(format(s)) is the same position. A line that
cannot be read raises LayoutTextError with its number (1-based), a reason code and the word that
could not be read; `layout.<reason>` in the catalogues says it with the line alone (argument
`line`), error_message(error, lang) quotes the word too where it can (`layout.<reason>.word`).
"""

from __future__ import annotations

import re
from typing import Any

import catalogues

__all__ = ["QUOTED", "REASONS", "LayoutTextError", "error_message", "format", "parse", "parse_card"]

RANKS = "A23456789TJQK"
SUITS = "SHDC"
_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}

# Reason codes of LayoutTextError (catalogue key layout.<reason>).
LINE_FORMAT = "line-format"  # not "<name>: <values>"
UNKNOWN_PLACE = "unknown-place"  # a name that is neither a place nor a field of this game
REPEATED_PLACE = "repeated-place"  # the same place or field on two lines
BAD_CARD = "bad-card"  # a value on a place's line that is not a card
BAD_NUMBER = "bad-number"  # a field that takes a whole number (or 16 of them) holds something else
BAD_RANK = "bad-rank"  # Canfield's start rank is not a rank
OTHER_GAME = "other-game"  # a "game:" line naming the other game
REASONS = (LINE_FORMAT, UNKNOWN_PLACE, REPEATED_PLACE, BAD_CARD, BAD_NUMBER, BAD_RANK, OTHER_GAME)
# Reasons whose sentence can also quote what could not be read (`layout.<reason>.word`, arguments
# line and text: error_message); every reason has `layout.<reason>` with the line alone.
QUOTED = (UNKNOWN_PLACE, REPEATED_PLACE, BAD_CARD, BAD_NUMBER, BAD_RANK)
_QUOTE_LIMIT = 24  # enough of a word to recognise it, never a screenful

_CRESCENT_PLACES = (*(str(n) for n in range(1, 17)), "S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-")
_CANFIELD_PLACES = ("stock", "W", "R", "1", "2", "3", "4", "S", "H", "D", "C")
_PLACES = {"crescent": _CRESCENT_PLACES, "canfield": _CANFIELD_PLACES}  # by the state's "game"
# Other spellings of a line's name -> its name in the text form.
_ALIASES = {
    "waste": "W",
    "reserve": "R",
    "redeals_left": "redeals",
    "redeals-left": "redeals",
    "base_rank": "base",
    "base-rank": "base",
    "face_down": "face-down",
    "recycles_left": "recycles",
    "recycles-left": "recycles",
}
_FIELDS = {
    # text form's name -> (state field, kind)
    "crescent": {
        "code": ("code", "text"),
        "options": ("options", "text"),
        "redeals": ("redeals_left", "int"),
        "face-down": ("face_down", "ints"),
        "moves": ("moves", "int"),
    },
    "canfield": {
        "code": ("code", "text"),
        "options": ("options", "text"),
        "base": ("base_rank", "rank"),
        "draw": ("draw", "int"),
        "score": ("score", "int"),
        "moves": ("moves", "int"),
        "recycles": ("recycles_left", "int"),
    },
}


class LayoutTextError(ValueError):
    """A line of the text form that cannot be read: `.line` (1-based), `.reason` (a code of
    REASONS; catalogue key layout.<reason>), `.text` (what could not be read on it)."""

    def __init__(self, reason: str, line: int, text: str = "") -> None:
        self.reason = reason
        self.line = line
        self.text = text
        super().__init__(f"line {line}: {reason}" + (f" ({text[:40]!r})" if text else ""))


def error_message(error: LayoutTextError, lang: str) -> str:
    """The reader's sentence for `error` in `lang`: the line and, where there is one, the word on
    it that could not be read ("Line 3: “9Z” is not a card …")."""
    text = error.text
    if error.reason in QUOTED and text:
        if len(text) > _QUOTE_LIMIT:
            text = text[: _QUOTE_LIMIT - 1] + "…"
        return catalogues.message(lang, f"layout.{error.reason}.word", line=error.line, text=text)
    return catalogues.message(lang, f"layout.{error.reason}", line=error.line)


def _rank_letters(lang: str) -> dict[str, str]:
    """Typed rank -> engine rank: the engine's letters, 10 for the ten, and the page's
    language's own letters (its cards' labels, core.json rank_short.*)."""
    letters = {r: r for r in RANKS}
    letters["10"] = "T"
    if lang in catalogues.LANGUAGES:
        for rank in RANKS:
            short = catalogues.message(lang, f"rank_short.{rank}").upper()
            if short and short not in letters:
                letters[short] = rank
    return letters


_LETTERS: dict[str, dict[str, str]] = {}


def _letters(lang: str) -> dict[str, str]:
    letters = _LETTERS.get(lang)
    if letters is None:
        letters = _LETTERS[lang] = _rank_letters(lang)
    return letters


def parse_card(text: str, lang: str) -> str | None:
    """One typed card ("8h", "10♠", "qd", "T♣", French "Dc" for the queen of clubs) in engine
    notation ("8H"), or None when it is not a card."""
    if not isinstance(text, str):
        return None
    word = text.strip().upper()
    if len(word) < 2 or len(word) > 4:
        return None
    suit = _SYMBOLS.get(word[-1], word[-1])
    if suit not in SUITS:
        return None
    rank = _letters(lang).get(word[:-1].strip())
    return None if rank is None else rank + suit


def _place_names(game: str) -> dict[str, str]:
    return {p.lower(): p for p in _PLACES[game]}


_LINE = re.compile(r"^\s*([^:\s][^:]*?)\s*:(.*)$")


def parse(text: str, game: str, lang: str) -> dict[str, Any]:
    """The state dict `text` writes for `game` ("crescent" or "canfield"); LayoutTextError on
    the first line that cannot be read."""
    if game not in _FIELDS:
        raise ValueError(f"unknown game {game!r}")
    places = _place_names(game)
    fields = _FIELDS[game]
    cards: dict[str, list[str | None]] = {p: [] for p in places.values()}
    values: dict[str, Any] = {}
    seen: set[str] = set()
    # Lines as a text box counts them (str.splitlines also breaks at \v, \f, U+2028, ...).
    for number, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = _LINE.match(line)
        if match is None:
            raise LayoutTextError(LINE_FORMAT, number, line)
        name, rest = match.group(1).strip(), match.group(2).strip()
        key = _ALIASES.get(name.lower(), name.lower())
        if key == "game":
            if rest.lower() != game:
                raise LayoutTextError(OTHER_GAME, number, rest)
            continue
        place = places.get(key.lower())
        if place is None and key not in fields:
            raise LayoutTextError(UNKNOWN_PLACE, number, name)
        what = place or key
        if what in seen:
            raise LayoutTextError(REPEATED_PLACE, number, name)
        seen.add(what)
        words = rest.replace(",", " ").split()
        if place is not None:
            for word in words:
                card = None if word == "?" else parse_card(word, lang)
                if card is None and word != "?":
                    raise LayoutTextError(BAD_CARD, number, word)
                cards[place].append(card)
            continue
        field, kind = fields[key]
        values[field] = _value(kind, words, rest, number, lang)
    return _state(game, cards, values)


def _value(kind: str, words: list[str], rest: str, number: int, lang: str) -> Any:
    if kind == "text":
        return rest
    if kind == "rank":
        rank = _letters(lang).get(rest.upper())
        if rank is None:
            raise LayoutTextError(BAD_RANK, number, rest)
        return rank
    bad = next((w for w in words if not re.fullmatch(r"\d{1,12}", w)), None)
    if bad is not None or not words:
        raise LayoutTextError(BAD_NUMBER, number, bad or rest)
    if kind == "int":
        if len(words) != 1:
            raise LayoutTextError(BAD_NUMBER, number, rest)
        return int(words[0])
    return [int(w) for w in words]


def _state(game: str, cards: dict[str, list[str | None]], values: dict[str, Any]) -> dict[str, Any]:
    state: dict[str, Any] = {"game": game}
    for field in ("code", "options"):
        if field in values:
            state[field] = values.pop(field)
    _STATE_PLACES[game](state, cards, values)
    state.update(values)
    return state


def _crescent_state(
    state: dict[str, Any], cards: dict[str, list[str | None]], values: dict[str, Any]
) -> None:
    state["piles"] = [cards[str(n)] for n in range(1, 17)]
    state["foundations"] = {name: cards[name] for name in _CRESCENT_PLACES[16:]}


def _canfield_state(
    state: dict[str, Any], cards: dict[str, list[str | None]], values: dict[str, Any]
) -> None:
    if "base_rank" not in values:
        # No base line: the start rank is the first foundation card's, where there is one.
        first = next((c[0] for s in SUITS if (c := cards[s]) and c[0]), None)
        if first is not None:
            values["base_rank"] = first[0]
    state.update(stock=cards["stock"], waste=cards["W"], reserve=cards["R"])
    state["foundations"] = {s: cards[s] for s in SUITS}
    state["columns"] = [cards[str(n)] for n in range(1, 5)]


_STATE_PLACES = {"crescent": _crescent_state, "canfield": _canfield_state}  # by the state's "game"


def _cards_text(cards: list[Any]) -> str:
    return " ".join(c if isinstance(c, str) else "?" for c in cards)


def _line(name: str, cards: list[Any]) -> str:
    text = _cards_text(cards)
    return f"{name}: {text}" if text else f"{name}:"


def format(state: dict[str, Any]) -> str:
    """The text form of a state dict (engine notation, one line per place, the fields after)."""
    game = state.get("game")
    lines = [f"game: {game}"]
    for field in ("code", "options"):
        if state.get(field) is not None:
            lines.append(f"{field}: {state[field]}")
    write = _FORMATS.get(game) if isinstance(game, str) else None
    if write is None:
        raise ValueError(f"not a state of a known game: {game!r}")
    write(state, lines)
    if "moves" in state:
        lines.append(f"moves: {state['moves']}")
    return "\n".join(lines) + "\n"


def _crescent_lines(state: dict[str, Any], lines: list[str]) -> None:
    for n, pile in enumerate(state.get("piles", []), start=1):
        lines.append(_line(str(n), pile))
    for name, cards in state.get("foundations", {}).items():
        lines.append(_line(name, cards))
    if "redeals_left" in state:
        lines.append(f"redeals: {state['redeals_left']}")
    if state.get("face_down") is not None:
        lines.append("face-down: " + " ".join(str(n) for n in state["face_down"]))


def _canfield_lines(state: dict[str, Any], lines: list[str]) -> None:
    if "base_rank" in state:
        lines.append(f"base: {state['base_rank']}")
    if "draw" in state:
        lines.append(f"draw: {state['draw']}")
    lines.append(_line("stock", state.get("stock", [])))
    lines.append(_line("W", state.get("waste", [])))
    lines.append(_line("R", state.get("reserve", [])))
    for n, column in enumerate(state.get("columns", []), start=1):
        lines.append(_line(str(n), column))
    for suit, cards in state.get("foundations", {}).items():
        lines.append(_line(suit, cards))
    if "score" in state:
        lines.append(f"score: {state['score']}")
    if "recycles_left" in state:
        lines.append(f"recycles: {state['recycles_left']}")


_FORMATS = {"crescent": _crescent_lines, "canfield": _canfield_lines}  # by the state's "game"
