"""The answers of a lesson or puzzle board, all computed at build time with the engine.

A lesson or puzzle is a small tree of positions: the reader may only play moves that keep the
goal in reach (a lesson) or the one move that keeps the game winnable (a puzzle). Every click
the reader can make on every position of that tree is answered here, as pyworker.ops would
answer it on a Play page (same svg, captions and refusal sentences), then filtered:

- a move off the tree is answered with a refusal (`off-goal` for a lesson; for a puzzle, the
  solver's refutation of that move: see sitegen/puzzles.py), the position unchanged;
- a move onto the tree carries `node`, the index of the position it leads to;
- a move that reaches the goal carries `done`.

So the page (assets/js/learn/lesson.js) answers every click from this data at once, with no Python:
the first click and every later one. SVGs are packed with sitegen.live.pack_svgs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from typing import Any

from sitegen.games import site_game

Answer = dict[str, Any]


def state_key(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def shortest_line(
    start: Any,
    reached: Callable[[Any], bool],
    key: Callable[[Any], Hashable],
    max_depth: int,
    max_nodes: int | None = None,
) -> list[str] | None:
    """The first line of fewest actions from the game `start` (played on copies) to a position
    `reached` accepts: breadth-first in the engine's move order, so the same line every build;
    positions of one `key` are gone through once. None when none is within `max_depth` actions,
    or before more than `max_nodes` moves would be tried. (A lesson's par line, a puzzle's line
    back to its position: sitegen/lessons.py, sitegen/puzzle_proofs.py.)"""
    layer: list[tuple[Any, list[str]]] = [(start, [])]
    seen = {key(start)}
    tried = 0
    for _ in range(max_depth):
        after: list[tuple[Any, list[str]]] = []
        for here, line in layer:
            for move in here.legal_moves():
                tried += 1
                if max_nodes is not None and tried > max_nodes:
                    return None
                twin = here.copy()
                twin.play(move)
                if reached(twin):
                    return [*line, move]
                twin_key = key(twin)
                if twin_key not in seen:
                    seen.add(twin_key)
                    after.append((twin, [*line, move]))
        layer = after
    return None


def precompute(
    nodes: list[dict[str, Any]],
    lang: str,
    diagram_id: str,
    verdict: Callable[[dict[str, Any], str, dict[str, Any], Callable[[str], int]], Answer | int],
    terminal: frozenset[int] = frozenset(),
) -> dict[str, Any]:
    """Answers for every node: `nodes[i]` is a state; `verdict(before, move, after, svg_ref)`
    returns the index of the node a legal move leads to, or the answer that replaces the move
    (`svg_ref(svg)` packs an SVG the answer refers to, such as a puzzle's refutation steps).

    Nodes in `terminal` (goals reached) get their drawing only.
    Returns {"nodes": [{svg_ref, state, labels, disabled, tap, drop, redeal?}], "responses": [...],
    "packed": ...}.
    """
    import diagrams
    import engine
    from pyworker import ops
    from sitegen.live import pack_svgs

    responses: list[Answer] = []
    seen: dict[str, int] = {}
    svgs: list[str] = []
    svg_index: dict[str, int] = {}

    def svg_ref(svg: str) -> int:
        if svg not in svg_index:
            svg_index[svg] = len(svgs)
            svgs.append(svg)
        return svg_index[svg]

    def keep(answer: Answer) -> int:
        svg = answer.pop("svg", None)
        if svg is not None:
            answer["svg_ref"] = svg_ref(svg)
        if "refused" in answer:
            answer["refused"].pop("place", None)  # the page fills in the place clicked
        key = json.dumps(answer, sort_keys=True, ensure_ascii=False)
        if key not in seen:
            seen[key] = len(responses)
            responses.append(answer)
        return seen[key]

    out_nodes: list[dict[str, Any]] = []
    for number, state in enumerate(nodes):
        kind = state["game"]
        shown = engine.from_state(state)

        def run(
            op: Callable[[dict[str, Any]], Answer],
            shown: engine.Game = shown,
            kind: str = kind,
            state: dict[str, Any] = state,
            **args: Any,
        ) -> int:
            """The answer to one op on a fresh copy of this node's position (the defaults bind
            the node: the function is called only within this iteration anyway)."""
            ops.BOARDS["learn"] = ops.Board(shown.copy(), lang, kind, diagram_id)
            answer = op({"board": "learn", "lang": lang, **args})
            if "played" in answer:
                ruling = verdict(state, answer["played"], answer["state"], svg_ref)
                if isinstance(ruling, int):
                    answer["node"] = ruling
                    answer.pop("state", None)  # the page takes it from the node
                else:
                    answer = ruling
            return keep(answer)

        board = ops.Board(shown.copy(), lang, kind, diagram_id)
        view = ops.view(board)
        entry: dict[str, Any] = {
            "svg_ref": svg_ref(view["svg"]),
            "state": state,
            "labels": view["labels"],
            "disabled": view["disabled"],
        }
        out_nodes.append(entry)
        if number in terminal:  # the goal: the page takes no further move here
            continue
        places = list(diagrams.places(kind))
        entry["tap"] = {p: run(ops.tap, place=p) for p in places}
        entry["drop"] = {
            src: {dst: run(ops.drop, src=src, dst=dst) for dst in [*places, "F"] if dst != src}
            for src in places
        }
        if site_game(kind).action == "redeal":
            entry["redeal"] = run(ops.redeal)
    ops.BOARDS.pop("learn", None)
    return {"nodes": out_nodes, "responses": responses, "packed": pack_svgs(svgs)}
