"""The page <-> Python protocol has one description, docs/assets/js/python/protocol.js (issue 26
item 3): the operations the page may call are exactly pyworker's, and every field any
operation answers, over real games of both kinds, the Analysis pages and the verdict worker,
is one the description names (so the page's modules, type-checked against it, read only what
Python sends)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import engine
import pyworker
from pyworker import links
from sitegen.analysis import empty_state

PROTOCOL = (Path(__file__).resolve().parent.parent / "docs/assets/js/python/protocol.js").read_text()


def _typedef(name: str) -> str:
    """The JSDoc comment that defines `name`."""
    for block in re.findall(r"/\*\*.*?\*/", PROTOCOL, re.DOTALL):
        if re.search(rf"@typedef\s+\{{.*?\}}\s+{name}\b", block, re.DOTALL) or re.search(
            rf"@typedef\s+\{{object\}}\s+{name}\b", block
        ):
            return block
    raise AssertionError(f"protocol.js defines no {name}")


def documented_ops() -> set[str]:
    return set(re.findall(r'"([a-z]+)"', _typedef("Op").split("@typedef", 1)[1].split("}", 1)[0]))


def documented_fields() -> set[str]:
    return set(re.findall(r"@property\s+\{.*?\}\s+\[(\w+)\]", _typedef("Answer"), re.DOTALL))


def call(op: str, **args: Any) -> dict[str, Any]:
    answer = json.loads(pyworker.handle(json.dumps({"op": op, "args": args})))
    assert isinstance(answer, dict)
    return answer


def test_the_pages_operations_are_exactly_pyworkers() -> None:
    assert documented_ops() == set(pyworker.OPS)


def test_every_field_an_operation_answers_is_described() -> None:
    seen: dict[str, set[str]] = {}

    def note(op: str, answer: dict[str, Any]) -> dict[str, Any]:
        for key in answer:
            seen.setdefault(key, set()).add(op)
        return answer

    rng = random.Random(26)
    for kind, code in (
        ("crescent", "CR1-N-AAAAAAB"),
        ("canfield", "CF1-D3-AAAAACL"),
        ("crescent", "CR1-H-AAAAAAB"),
    ):
        board = {"board": f"p-{code}", "lang": "en", "game": kind}
        note("open", call("open", **board, code=code))
        note("open", call("open", **board, code="XX1-N-AAAAAAB", keep=True))
        note("open", call("open", **board, code=code, moves="ZZZZ"))
        game = engine.new_game(code)
        for _ in range(30):
            moves = game.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            if ">" in move:
                src, dst = move.split(">")
                note("tap", call("tap", **board, place=src.split(":")[0]))
                note("drop", call("drop", **board, src=src.split(":")[0], dst=dst))
            elif move == "redeal":
                note("redeal", call("redeal", **board))
            else:
                note("tap", call("tap", **board, place="stock"))
            game.play(move)
        note("undo", call("undo", **board))
        note("hint", call("hint", **board))
        state = engine.new_game(code).state()
        note("verdict", call("verdict", state=state, seconds=0.2, line=True, lang="en"))
        note("verdict", call("verdict", state={"game": "nope"}, seconds=0.2))
    # A damaged link while this browser kept another game: that game is offered back (`hold`).
    kept = "BhBJCsB2D2FYFcAACjBGAAAKEOE8AAAIFgDHCPBL"  # 20 actions of CR1-N-AAAAAAB
    board = {"board": "p-hold", "lang": "en", "game": "crescent"}
    note(
        "open",
        call(
            "open",
            **board,
            code="CR1-N-AAAAAAB",
            moves=kept[:4] + "ZZ",
            fallback="CR1-N-AAAAAAB",
            fallback_moves=kept,
        ),
    )
    a = {"board": "p-analysis", "lang": "en", "game": "crescent"}
    good = engine.new_game("CR1-N-AAAAAAB").state()
    first = note("analyse", call("analyse", **a, state=good))
    note("actions", call("actions", **a))
    note("play", call("play", **a, move=first["actions"][0]["move"]))
    note("play", call("play", **a, move="16>16"))
    note("analyse", call("analyse", **a, state=empty_state("crescent")))
    note("analyse", call("analyse", **a, text="3: 9Z"))
    note("analyse", call("analyse", **a, code="CR1-N-AAAAAAB", moves=links.encode("crescent", [])))
    note("edit", call("edit", **a, draft=empty_state("crescent"), place="3", add="8h"))
    note("edit", call("edit", **a, draft=empty_state("crescent"), place="3", add="zz"))
    undescribed = {key: sorted(ops) for key, ops in seen.items() if key not in documented_fields()}
    assert not undescribed, f"answer fields protocol.js does not describe: {undescribed}"
    # The description is not padded: every field it names is sent by some operation, or is one of
    # the build's stored answers' own (sitegen/live.py, sitegen/learn_tree.py).
    stored_only = {"node", "refutation", "done"}
    assert documented_fields() - set(seen) <= stored_only, documented_fields() - set(seen) - stored_only
