"""Issue 27 item 6: the page's parsers of links, kept games, statistics and progress, fed by
Hypothesis in real Chromium (the modules themselves, imported by a built page that starts no
Python). The Python parsers of the same texts have their own properties: pyworker/links.py in
tests/test_links_damaged.py and tests/test_play_ops.py, game codes in tests/test_engine_codes.py.

Properties, for every parser: it never throws on any input; a valid input comes back as it was
(round trip, and the same text as Python writes where Python writes it too); a damaged input
gives a repaired value and is said (or kept for a later repair), never silently wiped.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst
from playwright.sync_api import Page

import engine
from pyworker import analysis, links
from tests.test_play_ops import codes, picks, played

pytestmark = pytest.mark.browser

# Each property runs in one page, its examples one page.evaluate each (a few ms).
BROWSER = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)

# The modules under test, imported once into the page (the 404 page: no board, no Python).
IMPORTS = """async () => {
  const root = new URL("assets/js/", location.href).href;
  const names = ["core/hash.js", "core/statelink.js", "core/storage.js", "play/saved.js",
                 "play/stats.js", "learn/progress.js"];
  const mods = await Promise.all(names.map((n) => import(root + n)));
  window.__m = Object.fromEntries(names.map((n, i) => [n.split("/")[1].replace(".js", ""), mods[i]]));
  // What a plugin needs of its board: the game, an element with the statistics' fields, msg().
  window.__board = (game) => {
    const el = document.createElement("div");
    el.innerHTML = '<dl>' + ["played", "won", "best", "bestTime", "streak"]
      .map((k) => '<dd data-stat="' + k + '"></dd>').join("") + '</dl><p data-role="stats-note"></p>';
    return { s: { game }, el, msg: (key) => "<" + key + ">" };
  };
  return true;
}"""


@pytest.fixture
def js(page: Page, live_url: str) -> Callable[..., Any]:
    """Runs a function of the page's modules (`m`) on one argument; an exception thrown by the
    module comes back as {"threw": text}, so that a property can say which input threw."""
    page.goto(live_url + "404.html")
    page.evaluate(IMPORTS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def run(body: str, arg: Any = None) -> Any:
        out = page.evaluate(
            f"(arg) => {{ const m = window.__m; try {{ return {{ok: ((arg) => {{ {body} }})(arg)}}; }}"
            " catch (e) { return {threw: String(e && e.stack || e)}; } }",
            arg,
        )
        assert errors == [], errors
        assert "threw" not in out, f"threw on {arg!r}: {out['threw']}"
        return out.get("ok")

    return run


# ---- text strategies ---------------------------------------------------------------------

HASHY = "#&=%+-_,>:codemvstepraw CR1-NDFAB0123456789xyz"
GAME_KEYS = ("code", "moves", "step", "draw", "state")


def escaped(text: str, which: list[bool]) -> str:
    """`text` with the characters `which` marks written as %XX escapes (as a link may carry)."""
    return "".join(
        f"%{ord(c):02X}" if w and ord(c) < 128 else c
        for c, w in zip(text, which + [False] * len(text), strict=False)
    )


# Hash-like text: random, or parts whose keys are a game's own (some of their letters escaped,
# with or without "=") among other parts.
key_parts = hst.builds(
    lambda key, which, eq, value: escaped(key, which) + ("=" if eq else "") + value,
    hst.sampled_from(GAME_KEYS) | hst.text(alphabet="abcdemostv_", min_size=1, max_size=6),
    hst.lists(hst.booleans(), max_size=6),
    hst.booleans(),
    hst.text(alphabet=HASHY, max_size=12),
)
hashlike = (
    hst.text(alphabet=HASHY, max_size=60)
    | hst.text(max_size=40)
    | hst.lists(key_parts, max_size=4).map(lambda parts: "#" + "&".join(parts))
)
json_values = hst.recursive(
    hst.none() | hst.booleans() | hst.integers(-(2**53) + 1, 2**53 - 1) | hst.text(max_size=12),
    lambda inner: hst.lists(inner, max_size=4) | hst.dictionaries(hst.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
# What a storage slot may hold: anything at all, JSON of anything, or JSON of almost the value.
raw_slot = hst.text(max_size=50) | json_values.map(json.dumps)


def refuse(name: str) -> Any:
    raise ValueError(name)


def strict_json(text: str) -> Any:
    """JSON as JSON.parse reads it (Python's json also takes NaN and Infinity)."""
    return json.loads(text, parse_constant=refuse)


# ---- core/hash.js ----------------------------------------------------------------------------


def test_parse_hash_never_throws_and_reads_back_every_part(js: Callable[..., Any]) -> None:
    @BROWSER
    @given(hashlike)
    def never_throws(text: str) -> None:
        # As entries: Playwright's copy of an object drops an own "__proto__" key.
        out = js("return [Object.entries(m.hash.parseHash(arg)), m.hash.namesGame(arg)];", text)
        parts, names = dict(out[0]), out[1]
        assert isinstance(parts, dict) and all(isinstance(v, str) for v in parts.values())
        # A hash names a game exactly when one of its parts, as read, is a game's key: else a
        # hash change the page ignores would open something different on a reload.
        assert names == any(k in parts for k in GAME_KEYS), text

    @BROWSER
    @given(hst.dictionaries(hst.text(min_size=1, max_size=10), hst.text(max_size=20), max_size=5))
    def round_trip(parts: dict[str, str]) -> None:
        text = "#" + "&".join(quote(k, safe="") + "=" + quote(v, safe="") for k, v in parts.items())
        assert dict(js("return Object.entries(m.hash.parseHash(arg));", text)) == parts

    never_throws()
    round_trip()
    # The case Hypothesis found: a part named "__proto__" is read as a part, not the prototype.
    assert dict(js("return Object.entries(m.hash.parseHash(arg));", "#__proto__=&a=1")) == {
        "__proto__": "",
        "a": "1",
    }


def test_a_link_the_page_writes_reads_back(js: Callable[..., Any]) -> None:
    """A game's own hash (play/saved.js hashOf: the code escaped, the moves as Python wrote them)
    gives back that code and those moves."""

    @BROWSER
    @given(codes, picks)
    def reads_back(code: str, choice: list[int]) -> None:
        moves = links.encode(engine.new_game(code).game, played(code, choice))
        text = "#code=" + quote(code, safe="") + ("&moves=" + moves if moves else "")
        want = {"code": code, **({"moves": moves} if moves else {})}
        assert js("return m.hash.parseHash(arg);", text) == want

    reads_back()


# ---- core/statelink.js -------------------------------------------------------------------


def test_state_links_round_trip_and_match_python(js: Callable[..., Any]) -> None:
    @BROWSER
    @given(json_values)
    def round_trip(value: Any) -> None:
        assert js("return m.statelink.decodeState(m.statelink.encodeState(arg));", value) == value

    @BROWSER
    @given(codes, picks)
    def same_text_as_python(code: str, choice: list[int]) -> None:
        game = engine.new_game(code)
        for move in played(code, choice):
            game.play(move)
        state = engine.public_state(game)
        text = js("return m.statelink.encodeState(arg);", state)
        assert text == analysis.encode_state(state)
        assert analysis.decode_state(text) == state

    @BROWSER
    @given(hashlike | hst.text(alphabet=links.ALPHABET, max_size=40))
    def never_throws(text: str) -> None:
        got = js("const v = m.statelink.decodeState(arg); return v === undefined ? '__none' : v;", text)
        if got != "__none" and set(text) <= set(links.ALPHABET):
            assert analysis.decode_state(text) == got

    round_trip()
    same_text_as_python()
    never_throws()


# ---- core/storage.js and play/saved.js: the kept game --------------------------------------

KEPT = """
  localStorage.clear();
  if (arg !== null) localStorage.setItem("cc-play:crescent", arg);
  const saved = new m.saved.Saved(window.__board("crescent"));
  const kept = saved.kept();
  return {kept, damaged: saved.damaged(), after: localStorage.getItem("cc-play:crescent")};
"""


def test_read_json_never_throws_and_reads_what_json_writes(js: Callable[..., Any]) -> None:
    @BROWSER
    @given(raw_slot)
    def reads(raw: str) -> None:
        got = js(
            "localStorage.setItem('cc-x', arg); const v = m.storage.readJSON('cc-x');"
            " return v === null ? '__none' : v;",
            raw,
        )
        try:
            want = strict_json(raw)
        except ValueError:
            want = None
        if want is None or raw == "":
            assert got == "__none"
        else:
            assert got == want

    reads()


def test_a_kept_game_reads_back_and_a_damaged_one_is_never_taken_for_none(js: Callable[..., Any]) -> None:
    @BROWSER
    @given(codes, picks)
    def round_trip(code: str, choice: list[int]) -> None:
        moves = links.encode(engine.new_game(code).game, played(code, choice))
        raw = json.dumps({"code": code, "moves": moves})
        out = js(KEPT, raw)
        assert out["kept"] == {"code": code, "moves": moves}
        assert out["after"] == raw  # reading changes nothing

    @BROWSER
    @given(raw_slot)
    def damaged(raw: str) -> None:
        out = js(KEPT, raw)
        kept, bad = out["kept"], out["damaged"]
        assert out["after"] == raw  # reading never wipes the slot
        if raw == "":
            assert kept is None and bad is None  # nothing kept
            return
        # Whatever the slot holds, something is kept: the game it reads as, or, damaged, what
        # play/play.js sends Python to open as far as it reads (and say what it could not).
        # Taken for "no game", it would open the default deal in silence, then be overwritten.
        assert (kept is None) != (bad is None), f"{raw!r}: kept {kept!r}, damaged {bad!r}"
        value: Any = None
        with contextlib.suppress(ValueError):
            value = strict_json(raw)
        whole = (
            isinstance(value, dict)
            and isinstance(value.get("code"), str)
            and isinstance(value.get("moves"), str)
            and len(value["code"]) <= 64
            and len(value["moves"]) <= 20000
        )
        if whole:
            assert kept == {"code": value["code"], "moves": value["moves"]}
            return
        assert kept is None, f"{raw!r} read as the game {kept!r}"
        assert isinstance(bad["moves"], str)
        if isinstance(value, dict):
            # The code as it was (Python says why it is not one), the moves as text.
            assert bad["code"] == value.get("code")
            moves = value.get("moves")
            if moves is None or isinstance(moves, str):
                assert bad["moves"] == (moves or "")
            else:
                assert json.loads(bad["moves"]) == moves
                # Text Python reads as "the first action cannot be read" (said, not skipped).
                assert links.read("crescent", bad["moves"]) == ([], 1)

    round_trip()
    damaged()


# ---- play/stats.js: the reader's figures ---------------------------------------------------

STATS = """
  localStorage.clear();
  if (arg !== null) localStorage.setItem("cc-stats:crescent:N", arg);  // the seeds' version's key
  const board = window.__board("crescent");
  const stats = new m.stats.Stats(board);
  const shown = {};
  for (const dd of board.el.querySelectorAll("[data-stat]")) shown[dd.dataset.stat] = dd.textContent;
  return {figures: stats.figures, shown, note: board.el.querySelector('[data-role="stats-note"]').textContent,
          after: localStorage.getItem("cc-stats:crescent:N")};
"""


def in_order(f: dict[str, Any]) -> bool:
    return bool(f["played"] >= f["won"] >= f["streak"])


figures: hst.SearchStrategy[dict[str, Any]] = hst.fixed_dictionaries(
    {
        "played": hst.integers(0, 10**6),
        "won": hst.integers(0, 10**6),
        "streak": hst.integers(0, 10**6),
        "best": hst.none() | hst.integers(0, 10**5),
        "bestTime": hst.none() | hst.integers(0, 10**7),
        "current": hst.none()
        | hst.fixed_dictionaries(
            {"code": hst.none() | codes, "counted": hst.booleans(), "won": hst.booleans()}
        ),
    }
).filter(in_order)


def test_statistics_read_back_and_damage_is_repaired_and_said(js: Callable[..., Any]) -> None:
    none = "<play.stats.none>"

    @BROWSER
    @given(figures)
    def round_trip(f: dict[str, Any]) -> None:
        raw = json.dumps(f)
        out = js(STATS, raw)
        assert out["figures"] == f
        assert out["note"] == "" and out["after"] == raw
        assert out["shown"]["played"] == str(f["played"])
        assert out["shown"]["best"] == (none if f["best"] is None else str(f["best"]))

    @BROWSER
    @given(raw_slot | figures.map(lambda f: json.dumps({**f, "won": f["played"] + 1})))
    def damaged(raw: str) -> None:
        out = js(STATS, raw)
        f = out["figures"]
        for k in ("played", "won", "streak"):
            assert isinstance(f[k], int) and 0 <= f[k] <= 10**9
        assert f["played"] >= f["won"] >= f["streak"]
        for k in ("best", "bestTime"):
            assert f[k] is None or (isinstance(f[k], int) and f[k] >= 0)
        for text in out["shown"].values():
            assert "NaN" not in text and "object" not in text and "-" not in text
        if raw == "":
            return  # an empty slot is no figures at all
        # Something was kept: either it read back whole, or it was repaired, rewritten and said.
        if out["note"] == "":
            assert strict_json(raw) == f, f"{raw!r} changed to {f!r} in silence"
        else:
            assert out["note"] == "<play.stats.repaired>"
            assert json.loads(out["after"]) == f

    round_trip()
    damaged()


# ---- learn/progress.js: lessons done, puzzles solved --------------------------------------

PROGRESS = """
  localStorage.clear();
  if (arg.raw !== null) localStorage.setItem("cc-learn-progress", arg.raw);
  const before = m.progress.readProgress();
  m.progress.markDone(arg.family, arg.id);
  return {before, after: m.progress.readProgress(), text: localStorage.getItem("cc-learn-progress")};
"""

ids = hst.text(alphabet="abcdefghijklmnopqrstuvwxyz-0123456789", min_size=1, max_size=10)
progress_values = hst.fixed_dictionaries(
    {
        "lessons": hst.dictionaries(ids, hst.just(True), max_size=5),
        "puzzles": hst.dictionaries(ids, hst.just(True), max_size=5),
    }
)


def test_progress_reads_back_and_a_mark_never_loses_another(js: Callable[..., Any]) -> None:
    @BROWSER
    @given(progress_values, hst.sampled_from(["lessons", "puzzles"]), ids)
    def round_trip(value: dict[str, Any], family: str, ident: str) -> None:
        out = js(PROGRESS, {"raw": json.dumps(value), "family": family, "id": ident})
        assert out["before"] == value
        want = {**value, family: {**value[family], ident: True}}
        assert out["after"] == want and json.loads(out["text"]) == want

    @BROWSER
    @given(raw_slot, hst.sampled_from(["lessons", "puzzles"]), ids)
    def damaged(raw: str, family: str, ident: str) -> None:
        out = js(PROGRESS, {"raw": raw, "family": family, "id": ident})
        before, after = out["before"], out["after"]
        for fam in ("lessons", "puzzles"):
            assert all(v is True for v in before[fam].values())
            # Every mark that could be read survives the next one (the damage is repaired).
            assert before[fam].items() <= after[fam].items()
        assert after[family].get(ident) is True

    round_trip()
    damaged()
