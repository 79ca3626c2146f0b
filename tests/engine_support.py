"""Helpers for the engine's tests: positions built from a few piles, refusal checks, random
playouts, and an independent reference of the rules (written from the seeds and CONTRACT.md,
not from engine/) that the conformance tests compare the engine with.

The reference works on state dicts only, so it shares no code and no card encoding with the
engine: a bug would have to be made twice, the same way, to go unnoticed.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

import engine

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]
CR_FOUNDATIONS = ("S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-")


def rank(card: str) -> int:
    """1 (ace) .. 13 (king)."""
    return RANKS.index(card[0]) + 1


def suit(card: str) -> str:
    return card[1]


def red(card: str) -> bool:
    return card[1] in "HD"


def card(rank_number: int, suit_letter: str) -> str:
    return RANKS[rank_number - 1] + suit_letter


# --- building positions ------------------------------------------------------------------------
def crescent_foundation(name: str, top: str | None = None) -> list[str]:
    """The foundation `name` ("S+", "H-") built from its base card up (or down) to `top`."""
    s, up = name[0], name[1] == "+"
    cards = [card(1 if up else 13, s)]
    if top is not None:
        while cards[-1] != top:
            cards.append(card(rank(cards[-1]) + (1 if up else -1), s))
    return cards


def crescent_state(
    piles: dict[int, list[str]] | None = None,
    foundations: dict[str, str | list[str]] | None = None,
    redeals_left: int = 3,
    moves: int = 0,
    fill: bool = True,
) -> dict[str, Any]:
    """A full valid Crescent state: the given piles (1-based) and foundations (name -> top card
    or full list); every other card (two decks in all) dealt into the unnamed piles in deck
    order, at most 13 a pile. fill=False leaves the unnamed piles empty (the caller names all)."""
    piles = piles or {}
    found: dict[str, list[str]] = {}
    for name in CR_FOUNDATIONS:
        given = (foundations or {}).get(name)
        found[name] = list(given) if isinstance(given, list) else crescent_foundation(name, given)
    used = Counter(c for p in piles.values() for c in p) + Counter(c for f in found.values() for c in f)
    rest: list[str] = []
    for c in DECK:
        missing = 2 - used[c]
        assert missing >= 0, f"{c} used {used[c]} times"
        rest += [c] * missing
    out: list[list[str]] = []
    for i in range(1, 17):
        if i in piles:
            out.append(list(piles[i]))
        else:
            take = rest[:13] if fill else []
            rest = rest[len(take) :]
            out.append(take)
    assert not rest, f"{len(rest)} cards left over: name fewer piles"
    return {
        "game": "crescent",
        "code": None,
        "piles": out,
        "foundations": found,
        "redeals_left": redeals_left,
        "moves": moves,
    }


def crescent(piles: dict[int, list[str]] | None = None, **kw: Any) -> engine.Game:
    return engine.from_state(crescent_state(piles, **kw))


def canfield_foundation(s: str, base_rank: str, top: str | None) -> list[str]:
    """Suit `s`'s foundation from the start rank up to `top` (wrapping K -> A); [] for None."""
    if top is None:
        return []
    cards = [base_rank + s]
    while cards[-1] != top:
        cards.append(card(rank(cards[-1]) % 13 + 1, s))
    return cards


def canfield_state(
    columns: list[list[str]] | None = None,
    reserve: list[str] | None = None,
    waste: list[str] | None = None,
    stock: list[str] | None = None,
    foundations: dict[str, str | None] | None = None,
    base_rank: str = "7",
    draw: int = 3,
    score: int = 0,
    moves: int = 0,
) -> dict[str, Any]:
    """A full valid Canfield state: the given places; foundations by top card (None empty);
    every other card of the deck goes into the first of stock, waste, reserve left as None."""
    found = {s: canfield_foundation(s, base_rank, (foundations or {}).get(s)) for s in SUITS}
    columns = [list(c) for c in (columns or [[], [], [], []])]
    named = [
        *(reserve or []),
        *(waste or []),
        *(stock or []),
        *(c for col in columns for c in col),
        *(c for f in found.values() for c in f),
    ]
    counts = Counter(named)
    assert all(n == 1 for n in counts.values()), f"duplicates: {[c for c, n in counts.items() if n > 1]}"
    rest = [c for c in DECK if c not in counts]
    if stock is None:
        stock, rest = rest, []
    elif waste is None:
        waste, rest = rest, []
    elif reserve is None:
        reserve, rest = rest, []
    assert not rest, f"cards left over: {rest}"
    return {
        "game": "canfield",
        "code": None,
        "draw": draw,
        "base_rank": base_rank,
        "stock": list(stock),
        "waste": list(waste or []),
        "reserve": list(reserve or []),
        "foundations": found,
        "columns": columns,
        "score": score,
        "moves": moves,
    }


def canfield(columns: list[list[str]] | None = None, **kw: Any) -> engine.Game:
    return engine.from_state(canfield_state(columns, **kw))


def recycle_endgame(options: str, recycles: int) -> dict[str, Any]:
    """4S under 5S on the waste, the stock empty, the rest in order, in version `options` (D1 or
    D3, limited passes) with `recycles` left: won only by drawing one with a recycle left."""
    found: dict[str, str | None] = {"S": "3S", "H": "KH", "D": "KD", "C": "KC"}
    columns, reserve = [["6S"], ["7S"], ["8S"], ["9S"]], ["TS", "JS", "QS", "KS"]
    state = canfield_state(columns, reserve, ["4S", "5S"], [], found, "A", int(options[1]))
    return dict(state, options=options, recycles_left=recycles)


# --- checking refusals -------------------------------------------------------------------------
def assert_refused(game: engine.Game, move: str, reason: str) -> None:
    """`move` is refused with `reason`, by check() and by play(), and the game is unchanged."""
    before = game.state()
    legal_before = game.legal_moves()
    assert move not in legal_before
    assert game.check(move) == reason
    with pytest.raises(engine.IllegalMove) as refusal:
        game.play(move)
    assert refusal.value.reason == reason
    assert refusal.value.move == move
    assert isinstance(refusal.value, ValueError)
    assert game.state() == before
    assert game.legal_moves() == legal_before


def play_all(game: engine.Game, moves: list[str]) -> engine.Game:
    for m in moves:
        game.play(m)
    return game


# --- random playouts ---------------------------------------------------------------------------
def random_walk(game: engine.Game, rng: random.Random, steps: int, undo_every: int = 0) -> list[str]:
    """Plays random listed moves (and sometimes an undo) up to `steps` times; returns the log."""
    log = []
    for _ in range(steps):
        legal = game.legal_moves()
        if not legal:
            break
        if undo_every and rng.randrange(undo_every) == 0 and getattr(game, "can_undo", False):
            game.undo()
            log.append("undo")
            continue
        move = rng.choice(legal)
        game.play(move)
        log.append(move)
    return log


# --- an independent reference of the rules (state dicts in, state dicts out) -------------------
def ref_legal(state: dict[str, Any]) -> list[str]:
    return _ref_crescent_legal(state) if state["game"] == "crescent" else _ref_canfield_legal(state)


def ref_play(state: dict[str, Any], move: str) -> dict[str, Any]:
    """The state after `move` (assumed legal), computed from the rules as written."""
    s = copy.deepcopy(state)
    if s["game"] == "crescent":
        _ref_crescent_play(s, move)
    else:
        _ref_canfield_play(s, move)
    s["status"] = ref_status(s)
    return s


def ref_status(s: dict[str, Any]) -> str:
    if all(len(f) == 13 for f in s["foundations"].values()):
        return "won"
    if s["game"] == "crescent" and s["redeals_left"] == 0 and not _ref_crescent_legal(s):
        return "blocked"
    return "playing"


def _pile_takes(target: list[str], c: str) -> bool:
    if not target or len(target) >= 13:
        return False
    top = target[-1]
    return suit(top) == suit(c) and (rank(top) - rank(c)) % 13 in (1, 12)


def _cr_foundation_takes(name: str, f: list[str], c: str) -> bool:
    if suit(c) != name[0] or len(f) >= 13:
        return False
    return rank(c) == rank(f[-1]) + (1 if name[1] == "+" else -1)


def _ref_crescent_legal(s: dict[str, Any]) -> list[str]:
    if all(len(f) == 13 for f in s["foundations"].values()):
        return []
    out = []
    piles, found = s["piles"], s["foundations"]
    for i, p in enumerate(piles, 1):
        if not p:
            continue
        for j, q in enumerate(piles, 1):
            if i != j and _pile_takes(q, p[-1]):
                out.append(f"{i}>{j}")
        for name in CR_FOUNDATIONS:
            if _cr_foundation_takes(name, found[name], p[-1]):
                out.append(f"{i}>{name}")
    for name in CR_FOUNDATIONS:
        f = found[name]
        other = name[0] + ("-" if name[1] == "+" else "+")
        if len(f) > 1 and _cr_foundation_takes(other, found[other], f[-1]):
            out.append(f"{name}>{other}")
    if s["redeals_left"] > 0:
        out.append("redeal")
    return out


def _ref_crescent_play(s: dict[str, Any], move: str) -> None:
    if move == "redeal":
        s["piles"] = [p[1:] + p[:1] if len(p) >= 2 else p for p in s["piles"]]
        s["redeals_left"] -= 1
        return
    a, b = move.split(">")
    src = s["piles"][int(a) - 1] if a.isdigit() else s["foundations"][a]
    dst = s["piles"][int(b) - 1] if b.isdigit() else s["foundations"][b]
    dst.append(src.pop())
    s["moves"] += 1


def _column_takes(column: list[str], c: str) -> bool:
    if not column:
        return True
    top = column[-1]
    return red(top) != red(c) and (rank(top) - rank(c)) % 13 == 1


def _cf_foundation_takes(s: dict[str, Any], c: str) -> bool:
    f = s["foundations"][suit(c)]
    if not f:
        return c[0] == s["base_rank"]
    return len(f) < 13 and rank(c) == rank(f[-1]) % 13 + 1


def _ref_canfield_legal(s: dict[str, Any]) -> list[str]:
    if all(len(f) == 13 for f in s["foundations"].values()):
        return []
    out = []
    cols = s["columns"]
    sources = {
        "R": s["reserve"],
        "W": s["waste"],
        **{str(i): c for i, c in enumerate(cols, 1)},
        **s["foundations"],
    }
    for name, cards in sources.items():
        if not cards:
            continue
        c = cards[-1]
        if name not in SUITS and _cf_foundation_takes(s, c):
            out.append(f"{name}>{suit(c)}")
        for j, col in enumerate(cols, 1):
            if str(j) != name and _column_takes(col, c):
                out.append(f"{name}>{j}")
    for i, col in enumerate(cols, 1):
        for n in range(2, len(col) + 1):
            run = col[-n:]
            if not all(
                red(run[k]) != red(run[k + 1]) and (rank(run[k]) - rank(run[k + 1])) % 13 == 1
                for k in range(n - 1)
            ):
                break
            for j, other in enumerate(cols, 1):
                if j != i and _column_takes(other, run[0]):
                    out.append(f"{i}:{n}>{j}")
    if s["stock"] or s["waste"]:
        out.append("draw")
    return out


def _ref_canfield_play(s: dict[str, Any], move: str) -> None:
    s["moves"] += 1
    if move == "draw":
        if s["stock"]:
            for _ in range(min(s["draw"], len(s["stock"]))):
                s["waste"].append(s["stock"].pop())
        else:
            s["stock"] = s["waste"][::-1]
            s["waste"] = []
        return
    head, b = move.split(">")
    a, _, count = head.partition(":")
    n = int(count or 1)
    places = {
        "R": s["reserve"],
        "W": s["waste"],
        **{str(i): c for i, c in enumerate(s["columns"], 1)},
        **s["foundations"],
    }
    src, dst = places[a], places[b]
    dst.extend(src[-n:])
    del src[-n:]
    if b in SUITS and a not in SUITS:
        s["score"] += 5
    if a.isdigit() and not src and s["reserve"]:
        src.append(s["reserve"].pop())


def card_total(state: dict[str, Any]) -> Counter[str]:
    """Every card of the position, with its count."""
    if state["game"] == "crescent":
        groups = [*state["piles"], *state["foundations"].values()]
    else:
        groups = [
            state["stock"],
            state["waste"],
            state["reserve"],
            *state["columns"],
            *state["foundations"].values(),
        ]
    return Counter(c for g in groups for c in g)


# --- an independent re-implementation of engine/CODES.md ---------------------------------------
M64 = 0xFFFFFFFFFFFFFFFF


class RefSplitMix64:
    """SplitMix64 as CODES.md §3 writes it."""

    def __init__(self, seed: int) -> None:
        self.s = seed

    def next(self) -> int:
        self.s = (self.s + 0x9E3779B97F4A7C15) % 2**64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = 2**64 - 2**64 % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def ref_seed(code: str) -> int:
    """CODES.md §2: the ASCII of GAME+VERSION times 2**40 plus the deal number."""
    head, _, deal = code.split("-")
    number = 0
    for ch in deal:
        number = number * 26 + (ord(ch) - 65)
    return (ord(head[0]) << 56) + (ord(head[1]) << 48) + (ord(head[2]) << 40) + number


def ref_shuffled(code: str) -> list[str]:
    """CODES.md §4-5: the deck(s) in order, Crescent's first base cards removed, Fisher-Yates."""
    cards = list(DECK)
    if code.startswith("CR"):
        cards = cards + list(DECK)
        for base in ("AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC"):
            del cards[cards.index(base)]
    rng = RefSplitMix64(ref_seed(code))
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def ref_deal(code: str) -> dict[str, Any]:
    """CODES.md §6: the dealt state of a normalised code."""
    order = ref_shuffled(code)
    if code.startswith("CR"):
        return {
            "game": "crescent",
            "code": code,
            "piles": [order[6 * i : 6 * i + 6] for i in range(16)],
            "foundations": {n: [("A" if n[1] == "+" else "K") + n[0]] for n in CR_FOUNDATIONS},
            "redeals_left": 3,
            "moves": 0,
            "status": "playing",
        }
    base = order[13]
    return {
        "game": "canfield",
        "code": code,
        "draw": int(code.split("-")[1][1]),
        "base_rank": base[0],
        "stock": order[18:],
        "waste": [],
        "reserve": order[:13],
        "foundations": {s: [base] if base[1] == s else [] for s in SUITS},
        "columns": [[c] for c in order[14:18]],
        "score": 0,
        "moves": 0,
        "status": "playing",
    }
