"""A puzzle's answers on its page: every click at every step, computed at build time.

The reader's steps are the puzzle's position and, for a "win in N" puzzle, the positions after
the solution's first 1..N-1 actions (sitegen/puzzle_records.py `Step`); the tree
(sitegen/learn_tree.py) holds each of them and the position after the last step. At each step
the solution's action goes on to the next one ("right, now the next": `learn.puzzle.step-right`)
or, at the last, solves the puzzle; any other legal action is answered with the solver's verdict
on it and its line to step through: "loss" (after it no line wins) or "back" (every line that
still wins comes back to the step's position: the reader only undid something). The page
(assets/js/learn/puzzle.js) needs no Python for any of it.
"""

from __future__ import annotations

from typing import Any

from sitegen.puzzle_records import Puzzle, Step


def steps_of(puzzle: Puzzle) -> list[Step]:
    """The reader's steps: the puzzle's own position, then each later one."""
    return [Step(puzzle.state, puzzle.move, puzzle.alternatives, puzzle.refutations), *puzzle.later]


def answers(puzzle: Puzzle, lang: str, ident: str) -> dict[str, Any]:
    import catalogues
    import diagrams
    import engine
    from sitegen.learn_tree import precompute, state_key

    steps = steps_of(puzzle)
    walk = engine.from_state(puzzle.state)
    for step in steps:
        walk.play(step.move)
    positions = [step.state for step in steps] + [walk.state()]  # the last: solved
    index = {state_key(state): k for k, state in enumerate(positions)}
    children: list[dict[str, str]] = []  # per step: the position after a wrong action -> it
    for step in steps:
        after: dict[str, str] = {}
        for move in step.alternatives:
            twin = engine.from_state(step.state)
            twin.play(move)
            after[state_key(twin.state())] = move
        children.append(after)
    refutations: list[dict[str, Any]] = []
    made: dict[tuple[int, str], int] = {}
    m = lambda key, **p: catalogues.message(lang, key, **p)  # noqa: E731

    def move_name(move: str, before: dict[str, Any]) -> str:
        """The move as the page's captions say it ("Move 143: …"); a redeal by its name."""
        if move == "redeal":
            return m("learn.puzzle.redeal")
        return diagrams.caption(move, before, lang, before["moves"] + 1)

    def drawing(state: dict[str, Any], move: str, svg_ref: Any) -> int:
        return int(
            svg_ref(
                diagrams.render_svg(
                    state, lang, diagram_id=ident, interactive=True, highlight=_highlight(move)
                )
            )
        )

    def refute(k: int, move: str, svg_ref: Any) -> int:
        if (k, move) in made:
            return made[(k, move)]
        step = steps[k]
        game = engine.from_state(step.state)
        caption = move_name(move, game.state())
        game.play(move)
        svgs = [drawing(game.state(), move, svg_ref)]
        captions = []
        for action in step.refutations[move]:
            before = game.state()
            text = (
                m("ui.redealt", n=before.get("redeals_left", 1) - 1)
                if action == "redeal" and before.get("redeals_left", 1) > 1
                else m("ui.redealt-last")
                if action == "redeal"
                else diagrams.caption(action, before, lang, before["moves"] + 1)
            )
            game.play(action)
            captions.append(text)
            svgs.append(drawing(game.state(), action, svg_ref))
        nodes = int(step.alternatives[move].get("nodes", 0))
        back = step.alternatives[move].get("status") == "back"
        end = (
            m("learn.puzzle.back-end")
            if back
            else m("learn.puzzle.blocked")
            if game.status == "blocked"
            else m("learn.puzzle.no-win")
        )
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
        # A "back" action always has its line (the loader checks it ends at the step's position).
        kind = "redeal" if move == "redeal" else "move"
        start_text = (
            m("learn.puzzle.back", move=caption, kind=kind, nodes=nodes)
            if back
            else m(
                "learn.puzzle.wrong",
                move=caption,
                kind=kind,
                nodes=nodes,
                steps=len(captions),
                end=end if captions or game.status == "blocked" else "",
            )
        ).rstrip()
        refutations.append(
            {"start": start_text, "captions": captions, "svgs": svgs, "move": move, "step": k + 1}
        )
        made[(k, move)] = len(refutations) - 1
        return made[(k, move)]

    def verdict(before: dict[str, Any], move: str, after: dict[str, Any], svg_ref: Any) -> Any:
        k = index[state_key(before)]
        key = state_key(after)
        if key == state_key(positions[k + 1]):
            return k + 1
        wrong = children[k].get(key)
        if wrong is None:  # not a move of the position (cannot happen: kept for safety)
            return {"refused": {"reason": "off-goal"}, "message": m("learn.puzzle.try"), "kind": "refused"}
        number = refute(k, wrong, svg_ref)
        return {
            "refutation": number,
            "message": refutations[number]["start"],
            "kind": "refused",
            "state": after,
            "selected": None,
        }

    last = len(steps)
    data = precompute(positions, lang, ident, verdict, frozenset({last}))
    said: dict[int, str] = {}
    for k, step in enumerate(steps, start=1):
        caption = move_name(step.move, step.state)
        if k < last:
            said[k] = m("learn.puzzle.step-right", move=caption, step=k, steps=last)
            continue
        # Counts as numbers: the message picks its words for zero (no search) and writes the digits.
        back = any(v.get("status") == "back" for v in step.alternatives.values())
        nodes = (
            int(puzzle.difficulty.get("nodes", 0))
            if last == 1
            else sum(int(v.get("nodes", 0)) for v in step.alternatives.values())
        )
        said[k] = m(
            "learn.puzzle.solved-back" if back else "learn.puzzle.solved",
            move=caption,
            count=len(step.alternatives),
            nodes=nodes,
        )
    for answer in data["responses"]:
        node = answer.get("node")
        if node in said:
            answer["message"] = said[node]
            answer["kind"] = "won" if node == last else "info"
            if node == last:
                answer["done"] = True
    data["refutations"] = refutations
    return data


def _highlight(move: str) -> tuple[str, str] | None:
    if ">" not in move:
        return None
    src, dst = move.split(">", 1)
    return src.split(":")[0], dst
