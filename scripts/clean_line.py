"""Cleaning a winning line, so that every action in a stored example is one a reader can learn from.

    .venv/bin/python scripts/clean_line.py docs/examples/NAME.json [--write]

A solver's winning line wanders: it moves a card away and back, shuffles two cards between
piles, draws through the stock once too often. `clean(code, moves)` returns a line that still
wins from the same deal, every candidate checked by replaying it through the engine's public
API (`engine.new_game`, `game.play`, `game.status`), in this order, repeated to a fixpoint:

1. cut every loop: where the position after action j equals the position after action i < j
   (the move counter and the score aside), actions i+1..j are cut;
2. drop a move together with its reversal (a card, or a run, moved from A to B and later from
   B back to A, nothing else having moved it in between) when the line still wins without both;
3. drop each single action, then each adjacent pair of actions, while the line still wins.

`is_clean(code, moves)` states the result's property and is what tests/test_examples.py
asserts on every stored example: no position repeats, and no single action, adjacent pair or
move-and-reversal can be removed with the line still winning. `defects` lists what is wrong.

Human-likeness (`human_cost`), used by scripts/find_examples.py to choose among the cleaned
lines that several solver runs (different seeds) give for one deal: lower is more human.
    cost = actions + 4 × foundation take-backs + 3 × redeals (Crescent) + 2 × recycles (Canfield)
           + 1 × moves between two foundations of a suit (Crescent)
A person plays few actions, rarely takes a card back from a foundation, and spends a redeal or a
trip through the stock only when stuck; each of those is what makes a solver's line hard to follow,
so each costs more than a plain action.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.notation import cards_at, split_move  # noqa: E402

Line = list[str]


# ---- replaying -------------------------------------------------------------------------------


def position_key(state: dict[str, Any]) -> str:
    """A position: the state without the move counter and the score (which only count)."""
    rest = {k: v for k, v in state.items() if k not in ("moves", "score", "status")}
    return json.dumps(rest, sort_keys=True, separators=(",", ":"))


def replay(code: str, moves: Iterable[str]) -> Any | None:
    """The game after `moves` played from the deal through the public API, None if one is illegal."""
    game = engine.new_game(code)
    try:
        for move in moves:
            game.play(move)
    except engine.IllegalMove:
        return None
    return game


def wins(code: str, moves: Iterable[str]) -> bool:
    """True when the line is legal from the deal and ends with the game won (not before)."""
    game = engine.new_game(code)
    try:
        for move in moves:
            if game.status == "won":
                return False  # no action is legal once won; a line must end at its win
            game.play(move)
    except engine.IllegalMove:
        return False
    return game.status == "won"


def states(code: str, moves: Iterable[str]) -> list[dict[str, Any]]:
    """The state before each action and after the last (moves must be legal)."""
    game = engine.new_game(code)
    out = [game.state()]
    for move in moves:
        game.play(move)
        out.append(game.state())
    return out


# ---- what a move moves -----------------------------------------------------------------------


def moved(move: str, before: dict[str, Any]) -> tuple[str, str, tuple[str, ...]] | None:
    """(source place, destination place, cards moved) of a card move; None for redeal/draw."""
    split = split_move(move)
    if split is None:
        return None
    src, count, dst = split
    if dst == "F":
        return None  # not canonical: the stored lines use the foundation's name
    return src, dst, tuple(cards_at(before, src)[-count:])


def is_foundation(state: dict[str, Any], place: str) -> bool:
    return place in state["foundations"]


def reversal_pairs(code: str, moves: Line) -> list[tuple[int, int]]:
    """Pairs (i, j), i < j: action j moves back from B to A exactly the cards action i moved from
    A to B, and no action between them moves any of those cards."""
    st = states(code, moves)
    info = [moved(m, st[k]) for k, m in enumerate(moves)]
    pairs = []
    for i, a in enumerate(info):
        if a is None:
            continue
        src, dst, cards = a
        for j in range(i + 1, len(moves)):
            b = info[j]
            if b is None:
                # A redeal rearranges every pile: nothing after it is a plain reversal.
                if moves[j] == "redeal":
                    break
                continue
            if b[2] == cards and b[0] == dst and b[1] == src:
                pairs.append((i, j))
                break
            if set(b[2]) & set(cards) and (b[0] == dst or b[1] == dst):
                break  # the cards moved on: a later move is not this one's reversal
    return pairs


# ---- cleaning --------------------------------------------------------------------------------


def cut_loops(code: str, moves: Line) -> Line:
    """Cuts every stretch of actions that leads back to a position seen before."""
    line = list(moves)
    while True:
        seen: dict[str, int] = {}
        cut = None
        for k, state in enumerate(states(code, line)):
            key = position_key(state)
            if key in seen:
                cut = (seen[key], k)
                break
            seen[key] = k
        if cut is None:
            return line
        line = line[: cut[0]] + line[cut[1] :]


def _drop_reversals(code: str, line: Line, still: Any) -> tuple[Line, bool]:
    changed = False
    for i, j in reversed(reversal_pairs(code, line)):
        trial = line[:i] + line[i + 1 : j] + line[j + 1 :]
        if still(trial):
            return trial, True
    return line, changed


def _drop_runs(code: str, line: Line, still: Any, width: int) -> tuple[Line, bool]:
    """Drops runs of `width` adjacent actions, from the end backwards, while `still` holds."""
    changed = False
    i = len(line) - width
    while i >= 0:
        trial = line[:i] + line[i + width :]
        if still(trial):
            line = trial
            changed = True
            i = min(i, len(line) - width)
        else:
            i -= 1
    return line, changed


def clean(code: str, moves: Line, still: Any = None) -> Line:
    """A line that still wins (or still satisfies `still`), with nothing left to cut or drop."""
    if still is None:

        def still(line: Line) -> bool:
            return wins(code, line)

    if not still(list(moves)):
        raise ValueError(f"{code}: the line to clean does not win to begin with")
    line = list(moves)
    while True:
        before = list(line)
        cut = cut_loops(code, line)
        if still(cut):
            line = cut
        changed = True
        while changed:
            line, changed = _drop_reversals(code, line, still)
        for width in (1, 2):
            line, _ = _drop_runs(code, line, still, width)
        if line == before:
            return line


def defects(code: str, moves: Line, still: Any = None) -> list[str]:
    """Why a winning line is not clean (empty when it is): a shorter line made by a drop that
    still wins (or, given `still`, that `still` accepts: scripts/straighten.py's acceptable lines)."""
    out: list[str] = []
    if not wins(code, moves):
        return ["the line does not end won"]
    if still is None:

        def still(line: Line) -> bool:
            return wins(code, line)

    seen: dict[str, int] = {}
    for k, state in enumerate(states(code, moves)):
        key = position_key(state)
        if key in seen:
            out.append(f"the position after action {k} repeats the one after action {seen[key]}")
        seen.setdefault(key, k)
    for i in range(len(moves)):
        if still(moves[:i] + moves[i + 1 :]):
            out.append(f"action {i + 1} {moves[i]!r} can be dropped")
    for i in range(len(moves) - 1):
        if still(moves[:i] + moves[i + 2 :]):
            out.append(f"actions {i + 1}-{i + 2} {moves[i]!r} {moves[i + 1]!r} can be dropped")
    for i, j in reversal_pairs(code, moves):
        if still(moves[:i] + moves[i + 1 : j] + moves[j + 1 :]):
            out.append(f"action {i + 1} {moves[i]!r} and its reversal {j + 1} {moves[j]!r} can be dropped")
    return out


def is_clean(code: str, moves: Line, still: Any = None) -> bool:
    return not defects(code, moves, still)


# ---- returns: a card going back to a place it left ---------------------------------------------
#
# A reader follows a line card by card. A card that leaves a place and later comes back to it
# (the same pile or column, the same foundation) makes the reader follow a trip that, unless it
# is the point, looks like wandering. Precisely:
#
# - a card's *places* are the piles (Crescent), the columns, the reserve (Canfield) and every
#   foundation; an action *moves* the cards it carries from its source to its destination (a
#   single card, or every card of a Canfield run), and a Canfield column emptied by it moves the
#   reserve's top card from the reserve to that column;
# - a draw or a recycle (the stock turning onto the waste and back, as the rules do it) and a
#   Crescent redeal (each card stays in its pile) move no card between places;
# - an action is a *return* when one of the cards it moves goes to a place that very card left
#   earlier in the line (Crescent has two copies of each card: each copy is followed on its own).
#
# The one return that is the point: a Canfield take-back (a foundation's top card onto a column)
# whose remark says what then lands on it (sitegen/commentary.py, `commentary.cf.takeback`), and
# that card's next trip back to the foundation it was taken from (every card ends at home; the
# take-back's remark is why it left). Every other return is *unexplained*.


@dataclass(frozen=True)
class Return:
    """Action `step` (0-based) `move` brings `cards` back to `place`, which each had left; `ids`
    tells the two copies of a Crescent card apart ("6H", "6H#2")."""

    step: int
    move: str
    cards: tuple[str, ...]
    place: str
    explained: bool = False
    ids: tuple[str, ...] = ()


def _moves_of_cards(
    code: str, moves: Line, st: list[dict[str, Any]]
) -> list[list[tuple[tuple[str, int], str, str]]]:
    """For each action, the cards it moves between places as (card id, source, destination); a
    card id is (card, copy) and follows one physical card (Crescent deals two decks)."""
    first = st[0]
    layout: dict[str, list[tuple[str, int]]] = {}
    seen: dict[str, int] = {}

    def ids(cards: list[str]) -> list[tuple[str, int]]:
        out = []
        for card in cards:
            seen[card] = seen.get(card, 0) + 1
            out.append((card, seen[card]))
        return out

    crescent = first["game"] == "crescent"
    if crescent:
        for p, pile in enumerate(first["piles"], 1):
            layout[str(p)] = ids(pile)
    else:
        layout["R"] = ids(first["reserve"])
        for c, column in enumerate(first["columns"], 1):
            layout[str(c)] = ids(column)
        # Stock and waste: one deck, so a card's name is its id; they are not followed.
    for name, cards in first["foundations"].items():
        layout[name] = ids(cards)
    out: list[list[tuple[tuple[str, int], str, str]]] = []
    for k, move in enumerate(moves):
        before, after = st[k], st[k + 1]
        events: list[tuple[tuple[str, int], str, str]] = []
        split = split_move(move)
        if move == "redeal":
            for p in range(1, 17):
                pile = layout[str(p)]
                if len(pile) >= 2:
                    pile.append(pile.pop(0))
        elif split is not None:
            src, count, dst = split
            if src == "W":
                card = before["waste"][-1]
                carried = [(card, 1)]
            else:
                carried = layout[src][-count:]
                del layout[src][-count:]
            layout.setdefault(dst, []).extend(carried)
            events += [(card, src, dst) for card in carried]
            if not crescent and src.isdigit() and not layout[src] and before["reserve"]:
                refill = layout["R"].pop()
                layout[src].append(refill)
                events.append((refill, "R", src))
        for place, cards in layout.items():  # the ids must follow the engine's own states
            assert [c for c, _ in cards] == cards_at(after, place), (code, k, move, place)
        out.append(events)
    return out


def returns(code: str, moves: Line) -> list[Return]:
    """Every action of the (legal) line that brings a card back to a place it had left."""
    st = states(code, moves)
    took_back = _explained_takebacks(code, moves, st)
    left: dict[tuple[str, int], set[str]] = {}
    owed: dict[tuple[str, int], str] = {}  # a card taken back for a point -> its foundation
    out: list[Return] = []
    for k, events in enumerate(_moves_of_cards(code, moves, st)):
        back = [(card, dst) for card, src, dst in events if dst in left.get(card, set())]
        if back:
            explained = True if k in took_back else all(owed.get(card) == dst for card, dst in back)
            out.append(
                Return(
                    k,
                    moves[k],
                    tuple(card for (card, _), _ in back),
                    back[0][1],
                    explained,
                    tuple(card if n == 1 else f"{card}#{n}" for (card, n), _ in back),
                )
            )
            for card, dst in back:
                if owed.get(card) == dst:
                    del owed[card]
        for card, src, _ in events:
            left.setdefault(card, set()).add(src)
            if k in took_back:
                owed[card] = src
    return out


def _explained_takebacks(code: str, moves: Line, st: list[dict[str, Any]]) -> set[int]:
    """The steps of take-backs whose remark says which card lands on the card taken back."""
    if st[0]["game"] != "canfield":
        return set()
    from types import SimpleNamespace

    from sitegen.commentary import notes

    example = SimpleNamespace(moves=tuple(moves), states=tuple(st))
    return {n.step for n in notes(example) if n.fact.message == "commentary.cf.takeback"}


def return_defects(code: str, moves: Line) -> list[str]:
    """What breaks the returns rule: an unexplained return, or a card making one return twice."""
    out: list[str] = []
    made: dict[tuple[str, str], int] = {}
    for r in returns(code, moves):
        cards = " ".join(r.cards)
        if not r.explained:
            out.append(f"action {r.step + 1} {r.move!r} brings {cards} back to {r.place}, unexplained")
        for card in r.ids:
            if (card, r.place) in made:
                out.append(
                    f"action {r.step + 1} {r.move!r}: {card} comes back to {r.place} again "
                    f"(first at action {made[card, r.place] + 1})"
                )
            made.setdefault((card, r.place), r.step)
    return out


# ---- human-likeness --------------------------------------------------------------------------


def counts(code: str, moves: Line) -> dict[str, int]:
    """What the human-likeness measure counts in a line."""
    st = states(code, moves)
    c = {"actions": len(moves), "takebacks": 0, "redeals": 0, "recycles": 0, "between": 0}
    for k, move in enumerate(moves):
        before = st[k]
        if move == "redeal":
            c["redeals"] += 1
        elif move == "draw":
            if not before["stock"]:
                c["recycles"] += 1
        else:
            src, dst = move.split(">")
            src = src.split(":")[0]
            if is_foundation(before, src):
                if is_foundation(before, dst):
                    c["between"] += 1
                else:
                    c["takebacks"] += 1
    return c


def human_cost(code: str, moves: Line) -> int:
    """Lower is more human: see the module docstring."""
    c = counts(code, moves)
    return c["actions"] + 4 * c["takebacks"] + 3 * c["redeals"] + 2 * c["recycles"] + c["between"]


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--write", action="store_true", help="store the cleaned line in the file")
    args = parser.parse_args(argv)
    for path in args.files:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("outcome"):
            print(f"{path}: a mistake line ({data['outcome']}), not a winning line: skipped")
            continue
        line = clean(data["code"], data["moves"])
        print(
            f"{path}: {len(data['moves'])} -> {len(line)} actions, cost "
            f"{human_cost(data['code'], data['moves'])} -> {human_cost(data['code'], line)}"
        )
        if args.write:
            data["moves"] = line
            write_example(path, data)


def write_example(path: Path, data: dict[str, Any]) -> None:
    """One action per line, so that a build error can name the line of a bad move; the other
    keys first, in a stable order."""
    head = [
        f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items() if k != "moves"
    ]
    body = ",\n".join(f"    {json.dumps(m)}" for m in data["moves"])
    text = "{\n" + ",\n".join([*head, f'  "moves": [\n{body}\n  ]']) + "\n}\n"
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
