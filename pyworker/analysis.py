"""The Analysis pages' operations (docs/assets/js/analysis/): a position a reader set up by
hand, pasted or linked is checked, opened on a board, and its legal actions are listed with the
position each one leads to, for the verdict worker to judge one by one.

Answers have the shape of pyworker/ops.py's, plus:

    problems [text]     what is wrong with the position, one sentence each, in the language
                        (nothing is opened then: the board keeps what it showed)
    actions [{move, text, state}]   every legal action (canonical notation), its caption, and
                        the state after it (what the verdict worker is asked about)
    link                the position as the URL carries it: "state=" + URL-safe base64 of its
                        JSON (CONTRACT.md)
    layout              the position in the pasted text form (pyworker/layout_text.py)
    unplaced [{card, text, name}]  the cards a full deal has and the position lacks (the set-up
                        palette), each with its short and full name in the language
    draft, draft_svg    (a position not opened) the reader's entry as a state, and drawn
"""

from __future__ import annotations

import base64
import contextlib
import json
from collections import Counter
from typing import Any

import catalogues
import diagrams
import engine
from engine.games import GAME_KINDS, game_kind

from . import layout_text, links, ops, problems

Answer = dict[str, Any]

RANKS = "A23456789TJQK"
SUITS = "SHDC"
MAX_TEXT = 20_000  # a pasted layout longer than any real one is refused, not parsed


def encode_state(state: dict[str, Any]) -> str:
    """The contract's `#state=` value: URL-safe base64, no padding, of the state's UTF-8 JSON."""
    text = json.dumps(state, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return base64.urlsafe_b64encode(text.encode("utf-8")).rstrip(b"=").decode("ascii")


def decode_state(text: str) -> Any:
    """The inverse of encode_state; ValueError when `text` is not such a value."""
    padded = text + "=" * (-len(text) % 4)
    try:
        return json.loads(base64.urlsafe_b64decode(padded.encode("ascii")).decode("utf-8"))
    except (ValueError, UnicodeError) as e:
        raise ValueError(f"not a #state= value: {e}") from None


def _unplaced(state: dict[str, Any], lang: str) -> list[dict[str, str]]:
    """The cards of a full deal that `state` does not hold (two decks in Crescent, one in
    Canfield), in suit and rank order, each as often as it is missing."""
    game = state.get("game")
    copies = GAME_KINDS[game].decks if isinstance(game, str) and game in GAME_KINDS else 1
    held: Counter[str] = Counter()
    for value in state.values():
        for cards in value.values() if isinstance(value, dict) else [value]:
            if not isinstance(cards, list):
                continue
            for item in cards:
                for card in item if isinstance(item, list) else [item]:
                    if isinstance(card, str):
                        held[card.upper()] += 1
    out: list[dict[str, str]] = []
    for suit in SUITS:
        for rank in RANKS:
            card = rank + suit
            short, name = catalogues.card_phrase(lang, card, short=True), catalogues.card_phrase(lang, card)
            out.extend([{"card": card, "text": short, "name": name}] * max(0, copies - held[card]))
    return out


def listing(board: ops.Board) -> Answer:
    """The board's legal actions, each with its caption and the state it leads to."""
    game = board.game
    state = game.state()
    actions = []
    for move in game.legal_moves():
        trial = game.copy()
        trial.play(move)
        actions.append(
            {"move": move, "text": diagrams.caption(move, state, board.lang), "state": trial.state()}
        )
    return {"actions": actions, "link": "state=" + encode_state(state), "layout": layout_text.format(state)}


def _refused(lang: str, found: list[str], entered: Any) -> Answer:
    """A position not opened: what is wrong, and what was entered, kept as it was."""
    return {
        "problems": found,
        "entered": entered,
        "message": catalogues.message(lang, "analysis.invalid", n=len(found)),
        "kind": "refused",
    }


def analyse(args: dict[str, Any]) -> Answer:
    """{board, game, lang, state | text | code + moves}: opens the position, or lists its problems."""
    kind = str(args.get("game"))
    if kind not in ops.PREFIX:
        raise ValueError(f"unknown game {kind!r}")
    lang = str(args.get("lang") or "en")
    board_id = str(args.get("board"))
    if args.get("text") is not None:
        text = str(args["text"])
        if len(text) > MAX_TEXT:
            return _refused(lang, [catalogues.message(lang, "analysis.text-too-long", n=MAX_TEXT)], text)
        try:
            state: Any = layout_text.parse(text, kind, lang)
        except layout_text.LayoutTextError as e:
            return _refused(lang, [layout_text.error_message(e, lang)], text)
        entered: Any = text
    elif args.get("code") is not None:
        game, why = ops._deal(kind, lang, args.get("code"))
        if game is None:
            return _refused(lang, [why or ""], {"code": args.get("code"), "moves": args.get("moves")})
        moves, bad = links.read(kind, args.get("moves") or [])
        for number, move in enumerate(moves, start=1):
            reason = game.check(move)
            if reason is not None:
                bad = number
                break
            game.play(move)
        if bad is not None:
            text = catalogues.message(
                lang, "ui.moves-stopped", number=bad, reason=ops._reason_text(lang, "bad-notation")
            )
            return _refused(lang, [text], {"code": args.get("code"), "moves": args.get("moves")})
        state = game.state()
        entered = state
    else:
        state = args.get("state")
        entered = state
    if isinstance(state, dict) and state.get("game") not in (None, kind):
        return _refused(lang, [catalogues.message(lang, f"analysis.other-game.{kind}")], entered)
    found = problems.describe(state, lang)
    if found:
        answer = _refused(lang, found, entered)
        if isinstance(state, dict):
            answer["unplaced"] = _unplaced(state, lang)
            answer["draft"] = state
            svg = _draft_svg(state, lang, str(args.get("diagram_id") or board_id))
            if svg is not None:
                answer["draft_svg"] = svg
            with contextlib.suppress(Exception):
                answer["layout"] = layout_text.format(state)
        return answer
    board = ops.BOARDS[board_id] = ops.Board(
        engine.from_state(state), lang, kind, str(args.get("diagram_id") or board_id)
    )
    answer = ops.view(board)
    answer.update(listing(board))
    answer["unplaced"] = _unplaced(board.game.state(), lang)
    answer["opened"] = True
    answer["message"], answer["kind"] = catalogues.message(lang, "analysis.opened"), "info"
    ops._end_message(board, answer)
    return answer


def actions(args: dict[str, Any]) -> Answer:
    """{board}: the legal actions of the board's position now (after a move, an undo)."""
    return listing(ops._board(args))


def play(args: dict[str, Any]) -> Answer:
    """{board, move}: plays one action in canonical notation (a move of the list, or the next
    move of the winning line), or refuses it with its reason."""
    board = ops._board(args)
    move = str(args.get("move"))
    reason = board.game.check(move)
    if reason is not None:
        return ops._refusal(board, reason)
    answer = ops._play(board, move)
    answer.update(listing(board))
    return answer


# ---- set-up by hand: the draft is the reader's, the page keeps it (URL, storage) --------------


def _cards_at(draft: dict[str, Any], game: str, place: str) -> list[Any] | None:
    """The draft's list of cards at `place` (created where a list is expected but missing), or
    None when the place is not one of the game's."""
    if place not in diagrams.places(game):
        return None
    if place.isdigit():
        key, index = game_kind(game).numbered, int(place) - 1
        rows = draft.setdefault(key, [])
        if not isinstance(rows, list):
            return None
        while len(rows) <= index:
            rows.append([])
        if not isinstance(rows[index], list):
            rows[index] = []
        pile: list[Any] = rows[index]
        return pile
    named = game_kind(game).places
    if place in named:
        key = named[place]
        if not isinstance(draft.get(key), list):
            draft[key] = []
        cards: list[Any] = draft[key]
        return cards
    founds = draft.setdefault("foundations", {})
    if not isinstance(founds, dict):
        return None
    if not isinstance(founds.get(place), list):
        founds[place] = []
    foundation: list[Any] = founds[place]
    return foundation


def edit(args: dict[str, Any]) -> Answer:
    """{board, game, lang, draft, place, add | remove | clear | field + value}: one change to the
    reader's draft, then the draft analysed as `analyse` would. A card that cannot be read, or a
    place that is not the game's, changes nothing (the answer says why)."""
    kind = str(args.get("game"))
    lang = str(args.get("lang") or "en")
    draft = args.get("draft")
    if not isinstance(draft, dict):
        draft = {}
    draft = json.loads(json.dumps(draft))  # the page's copy stays as it was until the answer
    draft["game"] = kind
    draft.pop("code", None)  # a position changed by hand belongs to no deal
    place = str(args.get("place") or "")
    if args.get("field") is not None:
        field, value = str(args["field"]), args.get("value")
        allowed = {"crescent": ("redeals_left",), "canfield": ("base_rank", "draw")}[kind]
        if field not in allowed:
            raise ValueError(f"unknown field {field!r}")
        number = field in ("redeals_left", "draw") and str(value).isdigit()
        draft[field] = int(str(value)) if number else value
    else:
        cards = _cards_at(draft, kind, place)
        if cards is None:
            raise ValueError(f"unknown place {place!r}")
        if args.get("add") is not None:
            card = layout_text.parse_card(str(args["add"]), lang)
            if card is None:
                return {
                    "draft_kept": True,
                    "message": catalogues.message(lang, "analysis.card-unknown", text=str(args["add"])),
                    "kind": "refused",
                }
            cards.append(card)
        elif args.get("remove"):
            if not cards:
                return {
                    "draft_kept": True,
                    "message": catalogues.message(lang, "analysis.place-empty"),
                    "kind": "refused",
                }
            cards.pop()
        elif args.get("clear"):
            cards.clear()
    answer = analyse({**args, "state": draft, "text": None, "code": None})
    answer["draft"] = draft
    return answer


def _draft_svg(draft: dict[str, Any], lang: str, diagram_id: str) -> str | None:
    """The draft drawn as it is, so that the reader sees what they set up while it is not a
    valid position yet; None when it cannot be drawn (a field the drawing needs is unreadable)."""
    try:
        return diagrams.render_svg(draft, lang, diagram_id=diagram_id, interactive=True)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


OPS = {"analyse": analyse, "actions": actions, "play": play, "edit": edit}
