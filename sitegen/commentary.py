"""Commentary on the moves of a stored example that matter, computed from the line itself.

`notes(example)` reads the replayed game (sitegen.sources.Example: its actions and the state
after each) and returns, for each step, the reasons worth telling a reader, as language-free
`Fact`s (sitegen/facts.py words them, articles and Korean particles included):

Crescent
- a redeal: which card it brings up on which pile and where that card goes next; when no card
  could move before it, that the redeal was the only way on;
- a move that uncovers a card played next (to a foundation, or onto a pile);
- a move that empties a pile (it stays empty to the end);
- an ace onto a king or a king onto an ace (the wrap), the first time;
- a card moved across to the other foundation of its suit, and what goes home after it;
Canfield
- an action that empties a column, and the reserve card that refills it at once (or, with the
  reserve used up, that the column takes any card);
- a card taken back from a foundation, and the card that then lands on it;
- a reserve card played, and the next reserve card going home at once;
- a move that uncovers a column card going home next; a draw that turns up the card played
  next; a recycle of the waste into the stock;
Both
- the teaching points the finder stored in the example as data, each re-proved by
  tests/test_examples.py with the solver: `"alternatives": [{"step": N, "move": M}]` says that
  playing M instead of the line's action N (0-based) loses (the solver proves no line wins
  after it); in a mistake line (`"outcome"`), the step where it parts from its winning line
  (`"winning"`), and its blocked end.

No card or number is typed by hand anywhere: every one comes from the states. Catalogue keys
are `commentary.*` (catalogues/<lang>/commentary.json). The build puts the worded notes into
each replay's step file (sitegen/live.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import catalogues
from engine.notation import Move, cards_at, split_move
from sitegen.facts import Fact, resolve_particles, sentence
from sitegen.returns import takeback_landing


@dataclass(frozen=True)
class Note:
    """One remark about step `step` (0-based action index); `teaching` marks a lesson's point."""

    step: int
    fact: Fact
    teaching: bool = False
    quote: tuple[tuple[str, str, int], ...] = ()  # (param, move, state index) worded as a caption


def _top(seq: list[str]) -> str | None:
    return seq[-1] if seq else None


def _moves_after(moves: tuple[str, ...], i: int) -> str | None:
    return moves[i + 1] if i + 1 < len(moves) else None


# ---- Crescent --------------------------------------------------------------------------------


def _cr_split(move: str) -> tuple[str, str] | None:
    parsed = Move.parse(move)
    return None if parsed.keyword else (parsed.src, parsed.dst)


def _to_foundation(move: str) -> bool:
    parsed = Move.parse(move)
    return parsed.from_pile and parsed.to_foundation


def _home_within_one(game: Any, legal: list[str]) -> bool:
    """True when a card can go to a foundation now, or after one of the `legal` pile moves."""
    if any(_to_foundation(m) for m in legal):
        return True
    for move in legal:
        twin = game.copy()
        twin.play(move)
        if any(_to_foundation(m) for m in twin.legal_moves()):
            return True
    return False


def _cr_notes(moves: tuple[str, ...], states: tuple[dict[str, Any], ...]) -> list[Note]:
    import engine

    out: list[Note] = []
    wrapped = False
    emptied = False
    redeals = 0
    for i, move in enumerate(moves):
        before, after = states[i], states[i + 1]
        nxt = _moves_after(moves, i)
        nxt_split = _cr_split(nxt) if nxt else None
        if move == "redeal":
            redeals += 1
            position = engine.from_state(before)
            legal = [m for m in position.legal_moves() if Move.parse(m).from_pile]
            changed = [
                p
                for p in range(1, 17)
                if len(before["piles"][p - 1]) >= 2
                and after["piles"][p - 1][-1] != before["piles"][p - 1][-1]
            ]
            # The pile the line plays from next, if the redeal changed it.
            pile = None
            if nxt_split and nxt_split[0].isdigit() and int(nxt_split[0]) in changed:
                pile = int(nxt_split[0])
            if not legal:
                out.append(Note(i, Fact("commentary.cr.stuck"), teaching=True))
            elif not _home_within_one(position, legal):
                out.append(Note(i, Fact("commentary.cr.stuck_home"), teaching=True))
            if pile is not None and nxt_split is not None:  # a pile is only set from nxt_split
                card = after["piles"][pile - 1][-1]
                dst = nxt_split[1]
                if dst.isdigit():
                    out.append(
                        Note(
                            i,
                            Fact(
                                "commentary.cr.redeal_pile",
                                {"pile": pile, "dst": int(dst)},
                                cards={"card": card, "target": after["piles"][int(dst) - 1][-1]},
                            ),
                            teaching=True,
                        )
                    )
                else:
                    out.append(
                        Note(
                            i,
                            Fact("commentary.cr.redeal_home", {"pile": pile}, cards={"card": card}),
                            teaching=True,
                        )
                    )
            elif changed:
                # Else the first pile whose new top card plays at some point after the redeal.
                for j in range(i + 1, len(moves)):
                    sp = _cr_split(moves[j])
                    if moves[j] == "redeal":
                        break
                    if (
                        sp
                        and sp[0].isdigit()
                        and int(sp[0]) in changed
                        and states[j]["piles"][int(sp[0]) - 1][-1] == after["piles"][int(sp[0]) - 1][-1]
                    ):
                        p = int(sp[0])
                        out.append(
                            Note(
                                i,
                                Fact(
                                    "commentary.cr.redeal_later",
                                    {"pile": p},
                                    cards={"card": after["piles"][p - 1][-1]},
                                    move=states[j + 1]["moves"],
                                ),
                                teaching=True,
                            )
                        )
                        break
            continue
        split = _cr_split(move)
        if split is None:
            continue
        src, dst = split
        if src.isdigit():
            pile = before["piles"][int(src) - 1]
            card = pile[-1]
            if dst.isdigit():
                target = before["piles"][int(dst) - 1][-1]
                if not wrapped and {card[0], target[0]} == {"A", "K"}:
                    wrapped = True
                    out.append(
                        Note(
                            i,
                            Fact("commentary.cr.wrap", cards={"card": card, "target": target}),
                            teaching=True,
                        )
                    )
            # Only moves between piles are played *for* what they uncover or empty; a card
            # going home uncovering the next one is plain to see.
            if len(pile) == 1 and (dst.isdigit() or not emptied):
                out.append(Note(i, Fact("commentary.cr.empties", {"pile": int(src)}), teaching=not emptied))
                emptied = True
            elif dst.isdigit() and nxt_split and nxt_split[0] == src:
                uncovered = pile[-2]
                ndst = nxt_split[1]
                if ndst.isdigit():
                    out.append(
                        Note(
                            i,
                            Fact(
                                "commentary.cr.uncovers_play",
                                {"pile": int(src), "dst": int(ndst)},
                                cards={"card": uncovered, "target": after["piles"][int(ndst) - 1][-1]},
                            ),
                        )
                    )
                else:
                    out.append(
                        Note(
                            i,
                            Fact(
                                "commentary.cr.uncovers_home", {"pile": int(src)}, cards={"card": uncovered}
                            ),
                        )
                    )
        elif not dst.isdigit():
            card = before["foundations"][src][-1]
            home = None
            if nxt_split and not nxt_split[1].isdigit() and nxt_split[1][0] == card[1]:
                home = before["piles"][int(nxt_split[0]) - 1][-1] if nxt_split[0].isdigit() else None
            if home:
                out.append(
                    Note(
                        i,
                        Fact("commentary.cr.between_home", cards={"card": card, "next": home}),
                        teaching=True,
                    )
                )
            else:
                out.append(Note(i, Fact("commentary.cr.between", cards={"card": card}), teaching=True))
    return out


# ---- Canfield --------------------------------------------------------------------------------


def _cf_notes(moves: tuple[str, ...], states: tuple[dict[str, Any], ...]) -> list[Note]:
    out: list[Note] = []
    recycled = False
    emptied_bare = False  # a column emptied with the reserve used up, seen already
    for i, move in enumerate(moves):
        before, after = states[i], states[i + 1]
        nxt = _moves_after(moves, i)
        ns = split_move(nxt) if nxt else None
        if move == "draw":
            if not before["stock"]:
                if not recycled:
                    out.append(Note(i, Fact("commentary.cf.recycle")))
                recycled = True
            elif ns and ns[0] == "W" and after["waste"]:
                card = after["waste"][-1]
                if ns[2].isdigit():
                    target = _top(after["columns"][int(ns[2]) - 1])
                    if target:
                        out.append(
                            Note(
                                i,
                                Fact(
                                    "commentary.cf.draw_to_column",
                                    {"column": int(ns[2])},
                                    cards={"card": card, "target": target},
                                ),
                            )
                        )
                else:
                    out.append(Note(i, Fact("commentary.cf.draw_home", cards={"card": card})))
            continue
        split = split_move(move)
        if split is None:
            continue
        src, count, dst = split
        seq = cards_at(before, src)
        card = seq[-count]
        if src in before["foundations"] and dst.isdigit():
            # A take-back: what lands on the card next, if anything does.
            landed = takeback_landing(moves, states, i)
            if landed:
                out.append(
                    Note(
                        i, Fact("commentary.cf.takeback", cards={"card": card, "next": landed}), teaching=True
                    )
                )
            else:
                out.append(Note(i, Fact("commentary.cf.takeback_plain", cards={"card": card}), teaching=True))
            continue
        if src.isdigit() and len(seq) == count:
            if before["reserve"]:
                out.append(
                    Note(
                        i,
                        Fact(
                            "commentary.cf.refill",
                            {"column": int(src)},
                            cards={"refill": before["reserve"][-1]},
                        ),
                        teaching=True,
                    )
                )
            else:
                # A key moment teaches something the reader has not seen yet: every refill does
                # (which reserve card comes into play is the point of the game), but once the
                # reserve is used up, only the first column emptied teaches that an empty column
                # now takes any card; the later ones, mostly the last cards of a column going
                # home in the end game, keep their remark but are not key moments.
                out.append(
                    Note(
                        i,
                        Fact("commentary.cf.empty_column", {"column": int(src)}),
                        teaching=not emptied_bare,
                    )
                )
                emptied_bare = True
            continue
        if dst.isdigit() and ns and ns[0] == src and ns[1] == 1 and ns[2] in after["foundations"]:
            uncovered = cards_at(after, src)[-1]
            if src == "R":
                out.append(Note(i, Fact("commentary.cf.reserve_home", cards={"card": uncovered})))
            elif src.isdigit():
                out.append(
                    Note(
                        i,
                        Fact("commentary.cf.uncovers_home", {"column": int(src)}, cards={"card": uncovered}),
                    )
                )
    return out


# ---- stored teaching points ------------------------------------------------------------------


def _stored_notes(example: Any, extra: dict[str, Any]) -> list[Note]:
    out: list[Note] = []
    for alt in extra.get("alternatives", []):
        step, move = int(alt["step"]), str(alt["move"])
        # "rules": "no-takebacks": proved under the traditional Canfield rule only.
        key = "commentary.alt_loses_classic" if alt.get("rules") == "no-takebacks" else "commentary.alt_loses"
        out.append(Note(step, Fact(key), teaching=True, quote=(("alt", move, step),)))
    return out


def mistake_notes(example: Any, extra: dict[str, Any], winning: Any) -> list[Note]:
    """A mistake line beside its winning line: where they part, and how the mistake ends."""
    moves = example.moves
    k = parting_step(moves, winning.moves)
    # tests/test_examples.py proves, with the solver, that the position after step k is lost.
    out = [
        Note(k, Fact("commentary.mistake_part"), teaching=True, quote=(("win", winning.moves[k], k),)),
        Note(k, Fact("commentary.mistake_lost"), teaching=True),
    ]
    if extra.get("outcome") == "blocked":
        out.append(Note(len(moves) - 1, Fact("commentary.blocked_end"), teaching=True))
    else:
        out.append(Note(len(moves) - 1, Fact("commentary.lost_end"), teaching=True))
    return out


def parting_step(moves: tuple[str, ...], winning: tuple[str, ...]) -> int:
    """The first step where a mistake line leaves its winning line."""
    for k, (a, b) in enumerate(zip(moves, winning, strict=False)):  # the lines differ in length
        if a != b:
            return k
    raise ValueError("the mistake line never leaves its winning line")


# Each game's own notes, by the state's "game" (sitegen/games.py names the games).
_GAME_NOTES = {"crescent": _cr_notes, "canfield": _cf_notes}


def notes(example: Any, extra: dict[str, Any] | None = None, winning: Any = None) -> list[Note]:
    """Every note of the example, in step order (a step may have several)."""
    extra = extra or {}
    game = example.states[0]["game"]
    found = _GAME_NOTES[game](example.moves, example.states)
    found += _stored_notes(example, extra)
    if winning is not None:
        found += mistake_notes(example, extra, winning)
    # Teaching points first within a step; stable otherwise.
    return sorted(found, key=lambda n: (n.step, not n.teaching))


def word(note: Note, example: Any, lang: str) -> str:
    import diagrams

    params = dict(note.fact.params)
    for name, move, index in note.quote:
        params[name] = diagrams.caption(move, example.states[index], lang)
    fact = Fact(
        note.fact.message,
        params,
        cards=note.fact.cards,
        ranks=note.fact.ranks,
        counts=note.fact.counts,
        move=note.fact.move,
        step=note.fact.step,
    )
    return resolve_particles(sentence(fact, lang), lang)


def step_texts(
    example: Any, lang: str, extra: dict[str, Any] | None = None, winning: Any = None
) -> list[str | None]:
    """For each step, the worded notes joined (None where the step has none)."""
    texts: list[list[str]] = [[] for _ in example.moves]
    for note in notes(example, extra, winning):
        texts[note.step].append(word(note, example, lang))
    return [join_sentences(lang, t) if t else None for t in texts]


def join_sentences(lang: str, sentences: list[str]) -> str:
    """Sentences one after the other: a space between them, none in Japanese (`punct.then`)."""
    text = sentences[0]
    for following in sentences[1:]:
        text = catalogues.message(lang, "punct.then", before=text, after=following)
    return text


def read_extra(docs_dir: Any, name: str) -> dict[str, Any]:
    """The example file's keys beyond code and moves (outcome, winning, alternatives, ...)."""
    data = json.loads((docs_dir / "examples" / f"{name}.json").read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k not in ("code", "moves")}
