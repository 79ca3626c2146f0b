"""Puzzles: `<!-- puzzles: GAME -->` on the Puzzles page, from `docs/puzzles/ID.json`.

A puzzle file (written by scripts/find_puzzles.py from real games) holds, as CONTRACT.md asks,
`state` and `solution` (a winning line from the state, whose first move is the puzzle's answer),
and besides: `game`, `source` {code, actions}, `proof` (for each other legal move, the solver's
verdict "loss" and the nodes it took; the winning line's nodes), `difficulty` {grade (the band of
the puzzle's rating, GRADE_BOUNDS: checked here), nodes, tempting (the wrong actions that look
like progress), legal} and `refutations` {wrong move: a line from after it}. The build checks what is
cheap to check (the position, the solution wins, every refutation line is legal, the proof
names exactly the other legal moves); tests/test_puzzles.py re-runs the solver's proofs.

A puzzle's rating (`rating`, the element's `data-rating`) is a sum over measured features
(`features`): RATING_BASE, plus RATING_WEIGHTS["legal"] for every legal action beyond two, plus
RATING_WEIGHTS["nodes"] for every doubling of the proof (floor(log2(1 + proof nodes))), plus
RATING_WEIGHTS["depth"] for every action of its longest refutation line (the solver's line
after the wrong action until it finds no new position, at most 10: how late the loss shows),
plus RATING_WEIGHTS["beginner"] when the beginner (scripts/rate_puzzles.py: Crescent's
scripts/greedy.py, a Canfield analogue) plays a wrong action. The first three are the stored
proof's, checked here; `features.beginner_falls` is measured by scripts/rate_puzzles.py, which
also checks the rating against how often the beginner and shallow searches fail.

On the page a puzzle is a board (sitegen/learn_tree.py: every click answered from the build):
the right move solves it; a wrong one shows the position it leads to, says that the solver
proved it lost, and lets the reader step through the refutation line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen.context import MarkerContext
from sitegen.sources import read_object

GAMES = ("crescent", "canfield")
GRADES = ("easy", "medium", "hard")
RATING_BASE = 800
# The reader's rating (assets/js/learn/rating.js: K and START there are these).
READER_START = 1200
READER_K = 32
PICKER_MESSAGES = (
    "learn.rating.yours",
    "learn.rating.moved",
    "learn.rating.cleared",
    "learn.pick.none",
    "learn.pick.none-missed",
    "learn.pick.chosen",
    "learn.daily.streak",
)
RATING_WEIGHTS = {"legal": 100, "nodes": 60, "depth": 30, "beginner": 200}
# Ratings from the first bound up are medium, from the second up hard (grade_of).
GRADE_BOUNDS = (1150, 1500)
PUZZLE_MESSAGES = (
    "analysis.link",  # board/board.js adds the link to the Analysis page
    "ui.undone",
    "reason.nothing-to-undo",
    "ui.replay-counter",
    "learn.already-done",
    "learn.refutation-reset",
    "ui.deselected",
    "ui.reset-done",
)


@dataclass(frozen=True)
class Puzzle:
    name: str
    path: str
    game: str
    state: dict[str, Any]
    solution: tuple[str, ...]
    alternatives: dict[str, dict[str, Any]]
    win_nodes: int
    difficulty: dict[str, Any]
    refutations: dict[str, list[str]]
    source: dict[str, Any]
    features: dict[str, Any]

    @property
    def move(self) -> str:
        return self.solution[0]


_cache: dict[str, Puzzle] = {}


def load_puzzle(docs_dir: Path, name: str, root: Path | None = None) -> Puzzle:
    """docs/puzzles/NAME.json, checked with the engine; SourceError names file and line."""
    import engine

    file = read_object(
        docs_dir / "puzzles" / f"{name}.json",
        root,
        "a puzzle",
        ("game", "state", "solution", "proof", "difficulty", "refutations", "features"),
        ("source",),
    )
    if file.digest in _cache:
        return _cache[file.digest]
    shown, data, fail = file.shown, file.data, file.fail
    measured = data["features"]
    if not isinstance(measured, dict) or not isinstance(measured.get("beginner_falls"), bool):
        raise fail("features", "features.beginner_falls must be true or false (scripts/rate_puzzles.py)")
    try:
        game = engine.from_state(data["state"])
    except engine.StateError as e:
        raise fail("state", f"impossible position: {e}") from None
    if game.game != data["game"] or data["game"] not in GAMES:
        raise fail("game", f"the state is a {game.game} position, the puzzle says {data['game']!r}")
    solution = data["solution"]
    if not isinstance(solution, list) or not solution:
        raise fail("solution", "solution must list the winning line's actions")
    walk = game.copy()
    for i, move in enumerate(solution):
        reason = walk.check(move) if isinstance(move, str) else "bad-notation"
        if reason is not None:
            raise fail("solution", f"action {i + 1} {move!r} of the solution is illegal here: {reason}", i)
        walk.play(move)
    if walk.status != "won":
        raise fail("solution", f"the solution ends {walk.status!r}, not won")
    proof = data["proof"]
    alternatives = proof.get("alternatives") if isinstance(proof, dict) else None
    legal = set(game.legal_moves())
    if not isinstance(alternatives, dict) or set(alternatives) != legal - {solution[0]}:
        raise fail(
            "proof",
            "proof.alternatives must name every other legal move: "
            f"{', '.join(sorted(legal - {solution[0]}))}",
        )
    for move, verdict in alternatives.items():
        if not isinstance(verdict, dict) or verdict.get("status") != "loss":
            raise fail("proof", f"the alternative {move!r} is not proved lost")
    difficulty = data["difficulty"]
    if not isinstance(difficulty, dict) or difficulty.get("grade") not in GRADES:
        raise fail("difficulty", f"difficulty.grade must be one of {', '.join(GRADES)}")
    refutations = data["refutations"]
    if not isinstance(refutations, dict) or set(refutations) != set(alternatives):
        raise fail("refutations", "refutations must give a line for every wrong move")
    for move, line in refutations.items():
        twin = game.copy()
        twin.play(move)
        for i, step in enumerate(line):
            reason = twin.check(step) if isinstance(step, str) else "bad-notation"
            if reason is not None:
                raise fail(
                    "refutations", f"refutation of {move!r}: action {i + 1} {step!r} is illegal: {reason}"
                )
            twin.play(step)
    puzzle = Puzzle(
        name,
        shown,
        data["game"],
        game.state(),
        tuple(solution),
        alternatives,
        int(proof.get("win_nodes", 0)),
        difficulty,
        refutations,
        data.get("source", {}),
        measured,
    )
    f = features(puzzle)
    band = grade_of(f["legal"], f["nodes"], f["depth"], f["beginner_falls"])
    if difficulty["grade"] != band:
        raise fail(
            "difficulty",
            f"difficulty.grade {difficulty['grade']!r} is not the band of the puzzle's rating "
            f"{rating(puzzle)}: {band!r} (scripts/find_hard_puzzles.py --regrade)",
        )
    _cache[file.digest] = puzzle
    return puzzle


def features(puzzle: Puzzle) -> dict[str, Any]:
    """The measured features the rating sums (see the module's docstring)."""
    return {
        "legal": len(puzzle.alternatives) + 1,
        "nodes": sum(int(a.get("nodes", 0)) for a in puzzle.alternatives.values()),
        "depth": max(len(line) for line in puzzle.refutations.values()),
        "beginner_falls": bool(puzzle.features.get("beginner_falls")),
    }


def rating_of(legal: int, nodes: int, depth: int, beginner_falls: bool) -> int:
    w = RATING_WEIGHTS
    return (
        RATING_BASE
        + w["legal"] * (legal - 2)
        + w["nodes"] * ((1 + nodes).bit_length() - 1)
        + w["depth"] * depth
        + w["beginner"] * int(beginner_falls)
    )


def rating(puzzle: Puzzle) -> int:
    f = features(puzzle)
    return rating_of(f["legal"], f["nodes"], f["depth"], f["beginner_falls"])


def grade_of(legal: int, nodes: int, depth: int, beginner_falls: bool) -> str:
    """The grade is the rating's band (GRADE_BOUNDS), so it follows the measured features."""
    r = rating_of(legal, nodes, depth, beginner_falls)
    return GRADES[sum(r >= bound for bound in GRADE_BOUNDS)]


def puzzle_order(docs_dir: Path, root: Path | None = None) -> dict[str, list[Puzzle]]:
    """Each game's puzzles, easiest first (by rating, then by name)."""
    out: dict[str, list[Puzzle]] = {game: [] for game in GAMES}
    for path in sorted((docs_dir / "puzzles").glob("*.json")):
        puzzle = load_puzzle(docs_dir, path.stem, root)
        out[puzzle.game].append(puzzle)
    for puzzles in out.values():
        puzzles.sort(key=lambda p: (rating(p), p.name))
    return out


def puzzle_title(puzzle: Puzzle, lang: str, docs_dir: Path | None = None, number: int | None = None) -> str:
    import catalogues

    if number is None and docs_dir is not None:
        number = [p.name for p in puzzle_order(docs_dir)[puzzle.game]].index(puzzle.name) + 1
    return catalogues.message(
        lang,
        f"learn.puzzle.title.{puzzle.game}",
        number=number or 1,
        grade=catalogues.message(lang, f"learn.grade.{puzzle.difficulty['grade']}"),
    )


# ---- the page's answers ---------------------------------------------------------------------


def answers(puzzle: Puzzle, lang: str, ident: str) -> dict[str, Any]:
    import catalogues
    import diagrams
    import engine
    from sitegen.learn_tree import precompute, state_key

    start = engine.from_state(puzzle.state)
    solved = start.copy()
    solved.play(puzzle.move)
    good_key = state_key(solved.state())
    children = {}
    for move in puzzle.alternatives:
        twin = start.copy()
        twin.play(move)
        children[state_key(twin.state())] = move
    total = int(puzzle.difficulty.get("nodes", 0))
    refutations: list[dict[str, Any]] = []
    m = lambda key, **p: catalogues.message(lang, key, **p)  # noqa: E731

    def move_name(move: str, before: dict[str, Any]) -> str:
        """The move as the page's captions say it ("Move 143: …"); a redeal by its name."""
        if move == "redeal":
            return m("learn.puzzle.redeal")
        return diagrams.caption(move, before, lang, before["moves"] + 1)

    def refute(move: str, svg_ref: Any) -> int:
        game = start.copy()
        caption = move_name(move, game.state())
        game.play(move)
        svgs = [
            svg_ref(
                diagrams.render_svg(
                    game.state(), lang, diagram_id=ident, interactive=True, highlight=_highlight(move)
                )
            )
        ]
        captions = []
        for step in puzzle.refutations[move]:
            before = game.state()
            text = (
                m("ui.redealt", n=before.get("redeals_left", 1) - 1)
                if step == "redeal" and before.get("redeals_left", 1) > 1
                else m("ui.redealt-last")
                if step == "redeal"
                else diagrams.caption(step, before, lang, before["moves"] + 1)
            )
            game.play(step)
            captions.append(text)
            svgs.append(
                svg_ref(
                    diagrams.render_svg(
                        game.state(), lang, diagram_id=ident, interactive=True, highlight=_highlight(step)
                    )
                )
            )
        nodes = int(puzzle.alternatives[move].get("nodes", 0))
        end = m("learn.puzzle.blocked") if game.status == "blocked" else m("learn.puzzle.no-win")
        if captions:
            # The last step as a sentence, then the end. A redeal's step is one already
            # ("Redealt: no redeals left."): a stop added to it gave "left.. No move is left" in
            # every language, and a move's step got a Latin stop after Japanese text.
            last = captions[-1]
            if not last.endswith((".", "!", "?", "。")):
                last = m("punct.stop", text=last)
            captions[-1] = m("punct.then", before=last, after=end)
        # A redeal is not a move (CONTRACT.md): the message names the action by its kind. With
        # no step to go through (lost at once), the message ends with the blocked text; the
        # no-win text would only repeat its opening ("after this move no line wins any more").
        start_text = m(
            "learn.puzzle.wrong",
            move=caption,
            kind="redeal" if move == "redeal" else "move",
            nodes=nodes,
            steps=len(captions),
            end=end if captions or game.status == "blocked" else "",
        ).rstrip()
        refutations.append(
            {
                "start": start_text,
                "captions": captions,
                "svgs": svgs,
                "move": move,
            }
        )
        return len(refutations) - 1

    def verdict(before: dict[str, Any], move: str, after: dict[str, Any], svg_ref: Any) -> Any:
        key = state_key(after)
        if key == good_key:
            return 1
        wrong = children.get(key)
        if wrong is None:  # not a move of the position (cannot happen: kept for safety)
            return {"refused": {"reason": "off-goal"}, "message": m("learn.puzzle.try"), "kind": "refused"}
        index = refute(wrong, svg_ref)
        first = refutations[index]
        return {
            "refutation": index,
            "message": first["start"],
            "kind": "refused",
            "state": after,
            "selected": None,
        }

    data = precompute([puzzle.state, solved.state()], lang, ident, verdict, frozenset({1}))
    caption = move_name(puzzle.move, puzzle.state)
    # Counts as numbers: the message picks its words for zero (no search) and writes the digits.
    done = m("learn.puzzle.solved", move=caption, count=len(puzzle.alternatives), nodes=total)
    for answer in data["responses"]:
        if answer.get("node") == 1:
            answer["done"] = True
            answer["message"] = done
            answer["kind"] = "won"
    data["refutations"] = refutations
    return data


def _highlight(move: str) -> tuple[str, str] | None:
    if ">" not in move:
        return None
    src, dst = move.split(">", 1)
    return src.split(":")[0], dst


# ---- <!-- puzzles: GAME --> -------------------------------------------------------------------


def puzzles_html(args: str, lang: str, ctx: MarkerContext) -> str:
    """Every puzzle of a game, easiest first."""
    words = args.split()
    if len(words) != 1 or words[0] not in GAMES:
        ctx.fail("puzzles marker names a game: <!-- puzzles: crescent --> or <!-- puzzles: canfield -->")
    puzzles = puzzle_order(ctx.docs_dir, ctx.root)[words[0]]
    if not puzzles:
        ctx.fail(f"puzzles: no {words[0]} puzzle in docs/puzzles/")
    parts = []
    for number, puzzle in enumerate(puzzles, start=1):
        nxt = puzzles[number] if number < len(puzzles) else None
        parts.append(puzzle_html(puzzle, number, nxt, lang, ctx))
    return "\n".join(parts)


def rating_rule_text(args: str, lang: str, ctx: MarkerContext) -> str:
    """`<!-- puzzlerating: rule -->`: the rating's formula as a sentence, its numbers this module's."""
    import catalogues
    from sitegen.live import _esc

    if args.strip() != "rule":
        ctx.fail("puzzlerating says the rule: <!-- puzzlerating: rule -->")
    w = RATING_WEIGHTS
    return _esc(
        catalogues.message(
            lang,
            "learn.puzzle.rating-rule",
            base=RATING_BASE,
            legal=w["legal"],
            nodes=w["nodes"],
            depth=w["depth"],
            beginner=w["beginner"],
        )
    )


def picker_html(args: str, lang: str, ctx: MarkerContext) -> str:
    """`<!-- puzzlepicker: panel -->`: the reader's rating, the picker (easier / at my level /
    harder / the ones missed at the first try) and the puzzle of the day with its streak;
    assets/js/learn/rating.js fills it from the page's puzzles and localStorage (nothing it
    shows needs a server)."""
    import catalogues
    from sitegen.live import _esc, json_script, ui_messages

    if args.strip() != "panel":
        ctx.fail("puzzlepicker draws the panel: <!-- puzzlepicker: panel -->")
    m = lambda key, **p: _esc(catalogues.message(lang, key, **p))  # noqa: E731
    gap = m("punct.then", before="", after="")
    daily = m("punct.label", label=catalogues.message(lang, "learn.daily.label"))
    picks = "".join(
        f'<button type="button" data-pick="{how}">{m(f"learn.pick.{how}")}</button>'
        for how in ("easier", "level", "harder", "missed")
    )
    return "\n".join(
        [
            '<section class="cc-puzzle-picker" data-puzzle-picker data-search-exclude>',
            json_script("ui", ui_messages(lang, PICKER_MESSAGES)),
            # Hidden until the script has chosen the day's puzzle (no empty link without it).
            (
                f'<p data-role="daily" hidden><span>{daily}</span>'
                f'{gap}<a data-role="daily-link" href="#"></a> <span data-role="streak"></span></p>'
            ),
            '<p data-role="my-rating"></p>',
            f'<p class="cc-learn-par">{m("learn.rating.rule", start=READER_START, k=READER_K)}</p>',
            f'<div role="group" aria-label="{m("learn.pick.label")}">{picks}</div>',
            f'<p><button type="button" data-action="clear-rating">{m("learn.rating.clear")}</button></p>',
            '<p class="cc-status" role="status" aria-live="polite" data-role="status"></p>',
            "</section>",
        ]
    )


def puzzle_html(puzzle: Puzzle, number: int, nxt: Puzzle | None, lang: str, ctx: MarkerContext) -> str:
    import catalogues
    import diagrams
    from sitegen.lightpage import state_attribute
    from sitegen.live import JS_MESSAGES, _esc, answers_file, json_script, ui_messages, unpack_svg
    from sitegen.pictures import picture_html

    ident = f"puzzle-{puzzle.name}"
    ctx.claim_id(ident)
    data = answers(puzzle, lang, ident)
    m = lambda key, **p: _esc(catalogues.message(lang, key, **p))  # noqa: E731
    gap = m("punct.then", before="", after="")  # between a label and its text: none in Japanese
    root = data["nodes"][0]
    svg = unpack_svg(data["packed"], root["svg_ref"])
    title = _esc(puzzle_title(puzzle, lang, number=number))
    # The board's picture says which puzzle it is, not only the game (issue 22).
    board = catalogues.message(lang, f"title.{puzzle.game}")
    alt = catalogues.message(
        lang, "figure.puzzle", board=board, title=puzzle_title(puzzle, lang, number=number)
    )
    link = ""
    if nxt is not None:
        link = (
            f'<a data-role="next" href="#puzzle-{_esc(nxt.name)}">'
            f"{m('learn.puzzle.next', title=puzzle_title(nxt, lang, number=number + 1))}</a>"
        )
    extra = ""
    if puzzle.game == "crescent":
        extra = (
            f'<button type="button" data-action="redeal" data-role="redeal">'
            f"{_esc(root['labels'].get('redeal', ''))}</button>"
        )
    else:
        extra = f'<button type="button" data-action="draw">{m("ui.button.draw")}</button>'
    d = puzzle.difficulty
    source = puzzle.source
    facts = m(
        "learn.puzzle.facts",
        game=puzzle.game,  # Korean names the game's own foundation term (완성 더미, 파운데이션)
        code=source.get("code", ""),
        actions=int(source.get("actions", 0)),
        legal=d.get("legal", 0),
        tempting=len(d.get("tempting", [])),
        nodes=int(d.get("nodes", 0)),
    )
    facts += " " + m("learn.puzzle.rating", rating=rating(puzzle))
    return "\n".join(
        [
            (
                f'<section class="cc-live cc-learn cc-puzzle" id="{ident}" data-puzzle="{_esc(puzzle.name)}"'
                f' data-board="{puzzle.game}" data-lang="{_esc(lang)}" data-diagram-id="{ident}"'
                f' data-answers="{_esc(answers_file(data, lang))}"'
                f' data-grade="{_esc(d["grade"])}" data-rating="{rating(puzzle)}" data-title="{title}"'
                f' data-search-exclude aria-labelledby="{ident}-title"'
                f"{state_attribute(puzzle.state)}>"
            ),
            (
                f'<h3 class="cc-learn-title" id="{ident}-title">{title}'
                f' <span class="cc-learn-badge" data-role="badge" hidden>{m("learn.badge.solved")}</span>'
                "</h3>"
            ),
            (
                '<p class="cc-learn-goal" data-role="goal">'
                f"<span>{m('punct.label', label=catalogues.message(lang, 'learn.goal'))}</span>"
                f"{gap}{m('learn.puzzle.goal')}</p>"
            ),
            json_script("ui", ui_messages(lang, JS_MESSAGES + PUZZLE_MESSAGES)),
            # A picture until the board's answers (with its drawing) arrive: a tab stop meanwhile, so
            # that a keyboard reader who comes to it is taken to the board's first place then.
            (
                f'<div class="cc-svg" data-role="svg" tabindex="0" data-picture-stop>'
                f"{picture_html(svg, lang, ctx, ident=ident, desc_id=ident + '-desc', alt=alt)}</div>"
            ),
            (
                f'<div class="cc-toolbar">{extra}'
                f'<button type="button" data-action="reset">{m("learn.button.retry")}</button></div>'
            ),
            '<p class="cc-status" role="status" aria-live="polite" data-role="status"></p>',
            (
                f'<div class="cc-refutation" data-role="refutation" hidden>'
                f'<button type="button" data-action="ref-prev">‹ {m("ui.replay.prev")}</button>'
                f'<span data-role="ref-counter"></span>'
                f'<button type="button" data-action="ref-next">{m("ui.replay.next")} ›</button></div>'
            ),
            f'<p class="cc-learn-done" data-role="done" hidden>{link}</p>',
            f'<p class="cc-learn-facts">{facts}</p>',
            (
                f'<details class="diagram-description"><summary>{m("site.diagram.description")}</summary>'
                f'<p data-role="desc" id="{ident}-desc">{_esc(diagrams.describe(puzzle.state, lang))}</p>'
                "</details>"
            ),
            "</section>",
        ]
    )
