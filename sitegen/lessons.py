"""Lessons: `<!-- lesson: ID -->` on the rules pages, from `docs/lessons/ID.json`.

A lesson file holds a real position and one goal the reader reaches by playing:

    {"game": "crescent", "source": {"code": "CR1-N-…", "actions": 37},
     "state": {CONTRACT.md state}, "goal": {"top": {"7": "8H"}},
     "line": ["3>7"], "params": {"card": "8H", ...},
     "text": {"title": KEY, "goal": KEY, "done": KEY}, "next": "cr-wrap" | null}

`goal` is data checked on a state (`goal_met`): `top` {place: card} (the top card of a pile,
column, foundation, `R` or `W`), `empty` [places], `size` {place: number of cards}, `status`.
`line` is the intended way there; the build checks that it is legal and reaches the goal, and
that the goal is not met already. The reader may play any move from which the goal is still
reachable within the line's length; any other legal move is refused as off the goal (with the
goal said again), an illegal one with the engine's reason. `text` names catalogue keys
(every language has them; `params` fill their placeholders: cards as codes, which the message
names in the role its sentence needs, `{card, card, acc}`: catalogues/cardnames.py).
`scripts/find_lessons.py` writes these files from real games.

A lesson's par (`par`) is the fewest actions that reach its goal, found by a breadth-first
search over the positions from the lesson's (at most the line's length deep: the line reaches
the goal). The page says the par and its star rule (three at par, two with up to two actions
more, one otherwise; learn/lesson.js counts every action played, those taken back too).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen.context import MarkerContext
from sitegen.games import GAMES, cards_at, site_game
from sitegen.sources import check_name, read_object

GOAL_KINDS = ("top", "empty", "size", "status")
TEXT_KEYS = ("title", "goal", "done")
MAX_LINE = 4  # lessons are short: the accepted tree is searched exhaustively
CARD_RE = re.compile(r"^[A2-9TJQK][SHDC]$")


# ---- goals --------------------------------------------------------------------------------------


def goal_met(state: dict[str, Any], goal: dict[str, Any]) -> bool:
    for place, card in goal.get("top", {}).items():
        cards = cards_at(state, place)
        if not cards or cards[-1] != card:
            return False
    for place in goal.get("empty", []):
        if cards_at(state, place):
            return False
    for place, size in goal.get("size", {}).items():
        if len(cards_at(state, place) or []) != size:
            return False
    return not ("status" in goal and state["status"] != goal["status"])


# ---- loading and checking a lesson file ---------------------------------------------------------


@dataclass(frozen=True)
class Lesson:
    name: str
    path: str
    game: str
    state: dict[str, Any]
    goal: dict[str, Any]
    line: tuple[str, ...]
    params: dict[str, Any]
    text: dict[str, str]
    next: str | None
    source: dict[str, Any]


_cache: dict[str, Lesson] = {}


def load_lesson(docs_dir: Path, name: str, root: Path | None = None) -> Lesson:
    """docs/lessons/NAME.json, checked with the engine; SourceError names file and line."""
    import catalogues
    import engine

    file = read_object(
        docs_dir / "lessons" / f"{name}.json",
        root,
        "a lesson",
        ("game", "state", "goal", "line", "text"),
        ("params", "next", "source"),
    )
    if file.digest in _cache:
        return _cache[file.digest]
    shown, data, fail = file.shown, file.data, file.fail
    if data["game"] not in GAMES:
        raise fail("game", f"game must be one of {', '.join(GAMES)}, not {data['game']!r}")
    try:
        game = engine.from_state(data["state"])
    except engine.StateError as e:
        raise fail("state", f"impossible position: {e}") from None
    if game.game != data["game"]:
        raise fail("game", f"the state is a {game.game} position, the lesson says {data['game']}")
    state = game.state()
    goal = data["goal"]
    if not isinstance(goal, dict) or not goal or set(goal) - set(GOAL_KINDS):
        raise fail("goal", f"goal must be an object with some of {', '.join(GOAL_KINDS)}")
    for kind, places in goal.items():
        if kind == "status":
            continue
        for place in places:
            if cards_at(state, place) is None:
                raise fail("goal", f"goal {kind!r} names {place!r}, which is no place of {data['game']}")
        if kind == "top" and any(not isinstance(c, str) or not CARD_RE.match(c) for c in places.values()):
            raise fail("goal", "goal 'top' maps places to cards such as \"8H\"")
    if goal_met(state, goal):
        raise fail("goal", "the goal is met before any move: nothing to learn")
    line = data["line"]
    if not isinstance(line, list) or not line or len(line) > MAX_LINE:
        raise fail("line", f"line must list 1 to {MAX_LINE} actions")
    walk = game.copy()
    for i, move in enumerate(line):
        reason = walk.check(move) if isinstance(move, str) else "bad-notation"
        if reason is not None:
            raise fail("line", f"action {i + 1} {move!r} of the line is illegal here: {reason}", i)
        walk.play(move)
        if goal_met(walk.state(), goal) and i + 1 < len(line):
            raise fail("line", f"the goal is already met after action {i + 1} of {len(line)}", i)
    if not goal_met(walk.state(), goal):
        raise fail("line", "the line does not reach the goal")
    texts = data["text"]
    if not isinstance(texts, dict) or set(texts) != set(TEXT_KEYS):
        raise fail("text", f"text must give the catalogue keys of {', '.join(TEXT_KEYS)}")
    params = data.get("params", {})
    for lang in catalogues.LANGUAGES:
        for role, key in texts.items():
            try:
                catalogues.message(lang, key, **_params(params, lang, data["game"]))
            except (KeyError, ValueError) as e:  # ValueError: a card argument that is no card
                raise fail("text", f"text {role!r} ({lang}): {e.args[0]}") from None
    nxt = data.get("next")
    if nxt is not None and (
        not isinstance(nxt, str)
        or not check_name(nxt)
        or not (docs_dir / "lessons" / f"{nxt}.json").is_file()
    ):
        raise fail("next", f"next names no lesson file docs/lessons/{nxt}.json")
    lesson = Lesson(
        name, shown, data["game"], state, goal, tuple(line), params, texts, nxt, data.get("source", {})
    )
    _cache[file.digest] = lesson
    return lesson


def _params(params: dict[str, Any], lang: str, game: str) -> dict[str, Any]:
    """The lesson's params for its messages: cards stay codes ("5S"), which each message names
    with its article and case (`{card, card, acc}`, catalogues/cardnames.py); other values as
    given."""
    return dict(params)


# ---- the par: the fewest actions that reach the goal ---------------------------------------------


def par(lesson: Lesson) -> int:
    """The fewest actions from the lesson's position to its goal (breadth-first)."""
    return len(par_line(lesson))


def par_line(lesson: Lesson) -> list[str]:
    """A line of `par` actions that reaches the goal: the first found breadth-first, in the
    engine's move order (deterministic). The lesson's "Show me" plays it."""
    import engine
    from sitegen.learn_tree import shortest_line, state_key

    line = shortest_line(
        engine.from_state(lesson.state),
        lambda game: goal_met(game.state(), lesson.goal),
        lambda game: state_key(game.state()),
        max_depth=len(lesson.line),
    )
    if line is None:
        raise ValueError(f"lesson {lesson.name}: the goal is not reached within the line's length")
    return line


# ---- the tree of positions the reader may pass through ------------------------------------------


def tree(lesson: Lesson) -> tuple[list[dict[str, Any]], dict[str, tuple[int, bool]]]:
    """The positions from which the goal is still reachable in time, and their index.

    A move from depth d is accepted when the goal can be reached within len(line) - d - 1 more
    actions; so the reader may take any way as short as the intended one, and no other."""
    import engine
    from sitegen.learn_tree import state_key

    budget = len(lesson.line)
    memo: dict[tuple[str, int], bool] = {}

    def reachable(g: Any, d: int) -> bool:
        st = g.state()
        if goal_met(st, lesson.goal):
            return True
        if d == 0:
            return False
        key = (state_key(st), d)
        if key not in memo:
            ok = False
            for move in g.legal_moves():
                twin = g.copy()
                twin.play(move)
                if reachable(twin, d - 1):
                    ok = True
                    break
            memo[key] = ok
        return memo[key]

    start = engine.from_state(lesson.state)
    nodes = [lesson.state]
    index: dict[str, tuple[int, bool]] = {state_key(lesson.state): (0, False)}
    frontier = [(start, 0)]
    while frontier:
        g, depth = frontier.pop(0)
        if goal_met(g.state(), lesson.goal):
            continue
        for move in g.legal_moves():
            twin = g.copy()
            twin.play(move)
            st = twin.state()
            if reachable(twin, budget - depth - 1):
                key = state_key(st)
                if key not in index:
                    index[key] = (len(nodes), goal_met(st, lesson.goal))
                    nodes.append(st)
                    frontier.append((twin, depth + 1))
    return nodes, index


def answers(lesson: Lesson, lang: str, ident: str) -> dict[str, Any]:
    import catalogues
    from sitegen.learn_tree import precompute, state_key

    nodes, index = tree(lesson)
    params = _params(lesson.params, lang, lesson.game)
    goal_text = catalogues.message(lang, lesson.text["goal"], **params)
    done_text = catalogues.message(lang, lesson.text["done"], **params)
    off_goal = catalogues.message(lang, "learn.off-goal", goal=goal_text)

    def verdict(before: dict[str, Any], move: str, after: dict[str, Any], svg_ref: Any) -> Any:
        hit = index.get(state_key(after))
        if hit is None:
            return {"refused": {"reason": "off-goal"}, "message": off_goal, "kind": "refused"}
        return hit[0]

    goals = frozenset(i for i, done in index.values() if done)
    data = precompute(nodes, lang, ident, verdict, goals)
    for answer in data["responses"]:
        if "node" in answer and answer["node"] in goals:
            answer["done"] = True
            answer["message"] = done_text
            answer["kind"] = "won"
    return data


# ---- <!-- lesson: ID --> -------------------------------------------------------------------------


def _alt(lesson: Any, lang: str, params: dict[str, Any]) -> str:
    """The lesson board's picture says which lesson it is (its title), not only the game."""
    import catalogues

    board = catalogues.message(lang, f"title.{lesson.game}")
    return catalogues.message(
        lang, "figure.lesson", board=board, title=catalogues.message(lang, lesson.text["title"], **params)
    )


def lesson_html(args: str, lang: str, ctx: MarkerContext) -> str:
    import catalogues
    import diagrams
    from sitegen.lightpage import state_attribute
    from sitegen.live import JS_MESSAGES, answers_file, ui_messages, unpack_svg
    from sitegen.pictures import picture_html
    from sitegen.templating import render, safe

    words = args.split()
    if len(words) != 1:
        ctx.fail("lesson marker takes one lesson id: <!-- lesson: cr-build -->")
    name = words[0]
    if not check_name(name):
        ctx.fail(f"lesson: malformed lesson id {name!r}")
    if not (ctx.docs_dir / "lessons" / f"{name}.json").is_file():
        ctx.fail(f"lesson: unknown lesson {name!r}: no file docs/lessons/{name}.json")
    lesson = load_lesson(ctx.docs_dir, name, ctx.root)
    ident = f"lesson-{name}"
    ctx.claim_id(ident)
    data = answers(lesson, lang, ident)
    params = _params(lesson.params, lang, lesson.game)
    msg = lambda key, **p: catalogues.message(lang, key, **p)  # noqa: E731 - a local shorthand
    root = data["nodes"][0]
    next_title = ""
    if lesson.next:
        after = load_lesson(ctx.docs_dir, lesson.next, ctx.root)
        next_title = msg(after.text["title"], **_params(after.params, lang, after.game))
    show = par_line(lesson)
    answers_path = answers_file(data, lang)
    svg = unpack_svg(data["packed"], root["svg_ref"])
    picture = picture_html(
        svg, lang, ctx, ident=ident, desc_id=f"{ident}-desc", alt=_alt(lesson, lang, params)
    )
    return render(
        "lesson.html",
        game=site_game(lesson.game),
        ident=ident,
        name=name,
        lang=lang,
        answers=answers_path,
        par=len(show),
        show=json.dumps(show),
        state_attribute=safe(state_attribute(lesson.state)),
        m=msg,
        gap=msg("punct.then", before="", after=""),  # between a label and its text: none in Japanese
        title=msg(lesson.text["title"], **params),
        goal=msg(lesson.text["goal"], **params),
        messages=ui_messages(lang, JS_MESSAGES + LEARN_MESSAGES),
        picture=safe(picture),
        labels=root["labels"],
        next=lesson.next,
        next_title=next_title,
        describe=diagrams.describe(lesson.state, lang),
    )


# Messages learn.js needs (besides the live boards' JS_MESSAGES).
LEARN_MESSAGES = (
    "analysis.link",  # board/board.js adds the link to the Analysis page
    "ui.undone",
    "reason.nothing-to-undo",
    "ui.replay-counter",
    "learn.already-done",
    "learn.refutation-reset",
    "learn.stars.1",
    "learn.stars.2",
    "learn.stars.3",
    "learn.show.playing",
    "learn.show.done",
    "learn.stars.shown",
    # learn/stale.js: a file the server no longer has (a newer build) or could not send
    "ui.stale-page",
    "ui.answers-failed",
    "ui.button.reload",
)
