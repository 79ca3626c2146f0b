"""Loading the build's data inputs: stored positions and example games, checked by the engine.

`docs/positions/ID.json` is a CONTRACT.md state dict; `docs/examples/NAME.json` is
`{"code": "...", "moves": ["...", ...]}`. Every problem is a SourceError naming the file and
the line (json's own line for syntax errors, the line of the offending move for an illegal one).
Results are cached by file content, so the four language builds (and `--serve` rebuilds) replay
each example once.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen.context import MarkerContext
from sitegen.errors import SourceError, display_path

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_STRING_RE = re.compile(r'"(?:[^"\\]|\\.)*"')


@dataclass(frozen=True)
class Example:
    """A stored example game: its code, its actions and the state after each of them."""

    name: str
    path: str
    code: str
    moves: tuple[str, ...]
    states: tuple[dict[str, Any], ...]  # states[n] = after n actions; states[0] = the deal

    def state_at(self, step: int) -> dict[str, Any]:
        # Fresh copy: callers may annotate the dict without touching the cache.
        return json.loads(json.dumps(self.states[step]))


_cache: dict[tuple[str, str], Any] = {}


def _read(path: Path, root: Path | None) -> tuple[str, str]:
    shown = display_path(path, root)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SourceError(shown, 1, "file not found") from None
    except UnicodeDecodeError as e:
        raise SourceError(shown, 1, f"not UTF-8 ({e.reason})") from None
    return shown, text


def _parse_json(text: str, shown: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise SourceError(shown, e.lineno, f"malformed JSON: {e.msg} (column {e.colno})") from None


def line_of(text: str, key: str, index: int | None = None) -> int:
    """Line of `"key"` in a JSON file's text, or of the index-th string of its array (1 when
    the key cannot be found)."""
    at = text.find(f'"{key}"')
    if at < 0:
        return 1
    if index is not None:
        start = text.find("[", at)
        for i, m in enumerate(_STRING_RE.finditer(text, start)):
            if i == index:
                return text.count("\n", 0, m.start()) + 1
    return text.count("\n", 0, at) + 1


@dataclass(frozen=True)
class JsonObjectFile:
    """A JSON object read from a data file, kept with its text so that a check can name the line
    of the key it refuses (lessons, puzzles)."""

    shown: str
    text: str
    digest: str  # of the text: the loaders' cache key
    data: dict[str, Any]

    def fail(self, key: str, message: str, index: int | None = None) -> SourceError:
        return SourceError(self.shown, line_of(self.text, key, index), message)


def read_object(
    path: Path, root: Path | None, what: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> JsonObjectFile:
    """`path` as a JSON object with every `required` key; `what` ("a lesson") names it in errors."""
    shown, text = _read(path, root)
    data = _parse_json(text, shown)
    if not isinstance(data, dict):
        raise SourceError(shown, 1, f"{what} must be a JSON object")
    for key in required:
        if key not in data:
            raise SourceError(shown, 1, f"{what} needs {key!r} (keys: {', '.join(required + optional)})")
    return JsonObjectFile(shown, text, hashlib.sha256(text.encode()).hexdigest(), data)


def _line_of_move(text: str, index: int) -> int:
    """Line of the index-th string of the "moves" array (1 when it cannot be found)."""
    key = text.find('"moves"')
    if key < 0:
        return 1
    start = text.find("[", key)
    for i, m in enumerate(_STRING_RE.finditer(text, start)):
        if i == index:
            return text.count("\n", 0, m.start()) + 1
    return text.count("\n", 0, start) + 1


def check_name(name: str) -> bool:
    return bool(NAME_RE.match(name))


def load_position(docs_dir: Path, name: str, root: Path | None = None) -> dict[str, Any]:
    """The state dict of docs/positions/NAME.json, validated with engine.from_state; or, for a
    position stored as a line from a deal (`{"code", "moves"}`: position_line), the state the
    line leads to."""
    import engine

    path = docs_dir / "positions" / f"{name}.json"
    shown, text = _read(path, root)
    key = ("position", hashlib.sha256(text.encode()).hexdigest())
    if key not in _cache:
        data = _parse_json(text, shown)
        if not isinstance(data, dict):
            raise SourceError(shown, 1, "a position must be a JSON object (a state dict)")
        if "moves" in data and "game" not in data:
            _cache[key] = _replay_line(data, shown, text, "a line")[2][-1]
        else:
            try:
                game = engine.from_state(data)
            except engine.StateError as e:
                raise SourceError(shown, 1, f"impossible position: {e}") from None
            _cache[key] = game.state()
    return json.loads(json.dumps(_cache[key]))


def position_line(docs_dir: Path, name: str) -> tuple[str, list[str]] | None:
    """(code, moves) of a position stored as a line from a deal, else None. A face-down
    version's figure is rebuilt in the page from these (its state there hides cards)."""
    path = docs_dir / "positions" / f"{name}.json"
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or "game" in data or "moves" not in data:
        return None
    return str(data["code"]), [str(m) for m in data["moves"]]


def _replay_line(
    data: object, shown: str, text: str, what: str
) -> tuple[str, tuple[str, ...], list[dict[str, Any]]]:
    """A stored line (a position file's or an example's `{"code", "moves"}`) replayed, every move
    legal: its code as the engine normalises it, its moves, and the state before each move and
    after the last. `what` ("an example") names the file's kind in the error on a malformed one."""
    import engine

    if (
        not isinstance(data, dict)
        or not isinstance(data.get("code"), str)
        or not isinstance(data.get("moves"), list)
    ):
        raise SourceError(shown, 1, f'{what} must be {{"code": "...", "moves": ["...", ...]}}')
    try:
        code = engine.normalise_code(data["code"])
        game = engine.new_game(code)
    except engine.CodeError as e:
        line = text.count("\n", 0, max(text.find('"code"'), 0)) + 1
        raise SourceError(shown, line, f"bad game code {data['code']!r}: {e.reason}") from None
    states = [game.state()]
    for i, move in enumerate(data["moves"]):
        if not isinstance(move, str):
            raise SourceError(shown, _line_of_move(text, i), f"move {i + 1} is not a string: {move!r}")
        try:
            game.play(move)
        except engine.IllegalMove as e:
            raise SourceError(
                shown, _line_of_move(text, i), f"move {i + 1} {move!r} is illegal here: {e.reason}"
            ) from None
        states.append(game.state())
    return code, tuple(data["moves"]), states


def load_example(docs_dir: Path, name: str, root: Path | None = None) -> Example:
    """docs/examples/NAME.json replayed with the engine (every action must be legal)."""
    path = docs_dir / "examples" / f"{name}.json"
    shown, text = _read(path, root)
    key = ("example", hashlib.sha256(text.encode()).hexdigest())
    cached = _cache.get(key)
    if cached is not None:
        return Example(name, shown, cached.code, cached.moves, cached.states)
    data = _parse_json(text, shown)
    code, moves, states = _replay_line(data, shown, text, "an example")
    example = Example(name, shown, code, moves, tuple(states))
    _cache[key] = example
    return example


def verify_example(docs_dir: Path, name: str, root: Path | None = None) -> Example:
    """load_example, and the game must end as the file says: won, or, for a line kept to show a
    mistake (CONTRACT.md "Stored games"), `"outcome": "blocked"` (no action left) or `"lost"`
    (tests/test_examples.py has the solver prove it; the build only replays)."""
    example = load_example(docs_dir, name, root)
    path = Path(docs_dir / "examples" / f"{name}.json")
    text = path.read_text(encoding="utf-8")
    outcome = json.loads(text).get("outcome", "won")
    final = example.states[-1].get("status")
    expected = {"won": "won", "blocked": "blocked", "lost": "playing"}.get(outcome)
    if expected is None:
        line = text.count("\n", 0, max(text.find('"outcome"'), 0)) + 1
        raise SourceError(
            example.path, line, f'unknown outcome {outcome!r} (a mistake line says "blocked" or "lost")'
        )
    if final != expected:
        line = _line_of_move(text, max(len(example.moves) - 1, 0))
        raise SourceError(
            example.path,
            line,
            f"the example game ends {final!r} after {len(example.moves)} actions, not {expected!r}",
        )
    return example


def resolve_state(source: str, ctx: MarkerContext) -> dict[str, Any]:
    """The position a diagram id names: a stored position (`ID`) or an example step (`EXAMPLE@N`,
    the state after N actions, `@0` the deal)."""
    name, at, step_text = source.partition("@")
    if not check_name(name):
        ctx.fail(f"malformed diagram id {source!r}: a position name or EXAMPLE@N")
    if not at:
        if not (ctx.docs_dir / "positions" / f"{name}.json").is_file():
            ctx.fail(f"unknown diagram id {source!r}: no file docs/positions/{name}.json")
        return load_position(ctx.docs_dir, name, ctx.root)
    if not step_text.isdigit():
        ctx.fail(f"malformed diagram id {source!r}: the step after @ is a number (0 = the deal)")
    if not (ctx.docs_dir / "examples" / f"{name}.json").is_file():
        ctx.fail(f"unknown diagram id {source!r}: no example docs/examples/{name}.json")
    example = load_example(ctx.docs_dir, name, ctx.root)
    step = int(step_text)
    if step > len(example.moves):
        ctx.fail(f"diagram id {source!r}: the example has only {len(example.moves)} actions")
    return example.state_at(step)
