"""Issue 27 item 6: a seeded random driver through a Play page, which after EVERY step checks that
the kept game, the URL and the board agree and that no status claims what is not so.

Each run mixes: hashes (valid links, links cut or with a bad token, other games' and other
versions' codes, `step=`, moves without a code, `#state=` good and bad, page anchors), random
values in the game's storage keys (cc-play:<game>, cc-settings, cc-stats:<game>), reloads,
back/forward, and clicks and keys on places and buttons (Undo, Redeal/Draw, Hint, the new-game
dialog). Seeds are fixed (CI is deterministic up to the machine's timing); FUZZ_PLAY_SEEDS=a,b,…
and FUZZ_PLAY_STEPS=n run others. The counts are printed (`-s` shows them): inputs tried (hashes
and storage values given), steps, checks, failures, steps by kind. The failures it found are
pinned by the tests at the end of this file.

"Agree", after the page has answered every step (its queue empty, the storage copy flushed as a
`pagehide` flushes it), with L the game the board holds as a link (play/saved.js `lastSaved`:
the `saved` of Python's last answer, CONTRACT.md's code and pyworker/links.py's moves):
- board = L: the engine's public state after L's code and moves is the board's `data-state`,
  and the move counter shows its `moves`;
- URL = L: when the hash names a game it is exactly `#code=<L.code>&moves=<L.moves>` (no
  `&moves=` for none), unless a damaged link holds the kept game back (below) or a `#state=`
  position is played as a custom game (no code: the URL keeps the position, the storage its game);
- storage = L: `cc-play:<game>` is {code, moves} of L, or is empty while the page says that the
  storage refuses it; while a damaged link holds the kept game back ("your earlier game … is
  still kept: resume it"), the slot is unchanged, the resume link is that game's, the URL is the
  link as given, and L is its readable beginning.
Statuses: "back where you left it" only when the board is the latest game (the one the reader
left or the slot was last given); "move N cannot be played" only when the board holds N-1 of
the link's actions; "opened" only for a link that is whole (its code this game's, every action
read and legal, its step a whole number), and a refusal only for one that is not; no error
status and no uncaught page error at all (nothing in the mix is a failure of the page).
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

import catalogues
import engine
from engine.codes import DEAL_COUNT, deal_letters
from pyworker import analysis, links
from tests.browser.livesite import Watch, page_path, set_storage
from tests.browser.test_live import LIVE_TIMEOUT_MS

pytestmark = pytest.mark.browser

SEEDS = [int(s) for s in os.environ.get("FUZZ_PLAY_SEEDS", "11,27").split(",") if s.strip()]
# 2 seeds x 40 steps x both games: 160 checked steps, 3-7 minutes on the shared 2-core machine
# at load 15-20 (a step is one input and its answer; a reload costs a Python start).
STEPS = int(os.environ.get("FUZZ_PLAY_STEPS", "40"))
GAMES = ("crescent", "canfield")
DEFAULT = {"crescent": "CR1-N-AAAAAAB", "canfield": "CF1-D3-AAAAACL"}
# Every named version's code head of each game (engine.VERSIONS: key -> (prefix, options)).
HEADS = {
    game: [f"{p}1-{o}" for p, o in engine.VERSIONS.values() if p == ("CR" if game == "crescent" else "CF")]
    for game in GAMES
}
MAX_LINK_MOVES = 5000  # pyworker's limit on a link's actions

# Everything the checks read, in one call once the page has answered everything.
SETTLE = """async () => {
  const el = document.querySelector("[data-board]");
  const b = el && el.__cc;
  if (!b) return null;
  for (let i = 0; i < 200; i++) {
    const c = b.chain;
    await c;
    await new Promise((r) => setTimeout(r, 40));
    if (c === b.chain && el.getAttribute("data-live") !== "recovering") break;
  }
  if (b.saved) b.saved.flush();
  const status = el.querySelector('[role="status"]');
  const note = (what) => el.querySelector('[data-role="saved-note"][data-note="' + what + '"]');
  const resume = el.querySelector('[data-role="resume-kept"]');
  const counter = el.querySelector('[data-role="moves"]');
  return {
    live: el.getAttribute("data-live"),
    state: JSON.parse(el.getAttribute("data-state") || "null"),
    counter: counter ? counter.textContent : null,
    status: status ? status.textContent : "",
    kind: status ? status.getAttribute("data-kind") : null,
    hash: location.hash,
    link: b.saved ? b.saved.lastSaved : null,
    slot: localStorage.getItem(b.saved ? b.saved.key : ""),
    held: !!note("held"),
    held_text: note("held") ? note("held").textContent : null,
    full: !!window.__fullEver,
    refused: !!note("storage"),
    resume: resume ? resume.getAttribute("href") : null,
  };
}"""

# A fresh browser's storage for the run (once: later loads are the run's own).
CLEAR_ONCE = """try {
  if (!sessionStorage.getItem("fuzz-cleared")) {
    localStorage.clear();
    sessionStorage.setItem("fuzz-cleared", "1");
  }
} catch (e) { /* about:blank, after a Back past the first page */ }"""

# Storage that refuses every write while `window.__full` is set (as a full quota does).
FULL = """(() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (window.__full) throw new DOMException("full", "QuotaExceededError");
    return set.call(this, k, v);
  };
})();"""

PLACES = "Array.from(document.querySelectorAll('[data-board] [data-place]'), (e) => e.dataset.place)"

PARSE = """async (h) => (await import(new URL("assets/js/core/hash.js", CCLive.ROOT).href)).parseHash(h)"""


def hash_of(code: str, moves: str) -> str:
    return "#code=" + quote(code, safe="") + ("&moves=" + moves if moves else "")


def replay(code: str, actions: list[str]) -> engine.Game:
    game = engine.new_game(code)
    for a in actions:
        game.play(a)
    return game


def whole_link(game: str, code: Any, moves: Any, step: Any = None) -> bool:
    """True when Python opens this link without a word of refusal: its code this game's, every
    action read and legal, its step (if any) a whole number."""
    if not isinstance(code, str):
        return False
    try:
        g = engine.new_game(code)
    except engine.CodeError:
        return False
    if g.game != game:
        return False
    actions, bad = links.read(game, moves or [])
    if bad is not None or len(actions) > MAX_LINK_MOVES:
        return False
    if step is not None and step != "":
        if not (isinstance(step, str) and re.fullmatch(r"[0-9]{1,6}", step)):  # pyworker's _STEP
            return False
        actions = actions[: int(step)]
    for a in actions:
        if g.check(a) is not None:
            return False
        g.play(a)
    return True


@dataclass
class Counts:
    inputs: int = 0  # hashes, storage values and page actions given to the page
    steps: int = 0
    checks: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


class Driver:
    def __init__(self, page: Page, url: str, game: str, seed: int, counts: Counts) -> None:
        self.page, self.url, self.game, self.counts = page, url, game, counts
        self.rng = random.Random(f"{game}:{seed}")
        self.lang = "en"
        self.latest: dict[str, str] | None = None  # the game a later visit should resume
        self.last: dict[str, Any] = {}
        self.expect: dict[str, Any] | None = None  # what the step's open should say

    # ---- inputs ------------------------------------------------------------------------

    def random_code(self, game: str | None = None) -> str:
        g = game or self.game
        return f"{self.rng.choice(HEADS[g])}-{deal_letters(self.rng.randrange(DEAL_COUNT))}"

    def random_line(self, code: str, n: int) -> list[str]:
        g = engine.new_game(code)
        out: list[str] = []
        for _ in range(n):
            legal = g.legal_moves()
            if not legal:
                break
            m = self.rng.choice(legal)
            g.play(m)
            out.append(m)
        return out

    def link_now(self) -> tuple[str, list[str]]:
        link = self.last.get("link") or {"code": DEFAULT[self.game], "moves": ""}
        return link["code"], links.decode(self.game, link["moves"])

    def damaged(self, text: str) -> str:
        r = self.rng.random()
        if not text:
            return self.rng.choice(["A", "!!", "ZZ", "%ZZ", ",", "1>"])
        k = self.rng.randrange(len(text))
        if r < 0.3:
            return text[: k - k % 2 + 1]  # cut inside an action
        if r < 0.55:
            j = 2 * (k // 2)
            return text[:j] + "ZZ" + text[j + 2 :]  # a token outside the table
        if r < 0.75:
            return text[:k] + self.rng.choice("!*~ %") + text[k + 1 :]
        return text + self.rng.choice(["Z", "_-", "!", "AAAA"])

    def a_hash(self) -> tuple[str, dict[str, Any] | None]:
        """A hash and what opening it must say: {"whole": bool} (None: it opens nothing to check)."""
        r = self.rng.random()
        code, actions = self.link_now()
        if r < 0.2:  # the game in progress, further on or earlier
            more = actions[: self.rng.randrange(len(actions) + 1)]
            g = replay(code, more)
            for _ in range(self.rng.randrange(4)):
                legal = g.legal_moves()
                if legal:
                    m = self.rng.choice(legal)
                    g.play(m)
                    more.append(m)
            moves = links.encode(self.game, more)
            return hash_of(code, moves), {"code": code, "moves": moves}
        if r < 0.35:  # another deal, of any version of this game
            c = self.random_code()
            moves = links.encode(self.game, self.random_line(c, self.rng.randrange(8)))
            return hash_of(c, moves), {"code": c, "moves": moves}
        if r < 0.6:  # damaged moves
            moves = self.damaged(links.encode(self.game, actions))
            return "#code=" + quote(code, safe="") + "&moves=" + moves, {"code": code, "moves": moves}
        if r < 0.7:  # another game's code, another version number, a code mangled
            other = "canfield" if self.game == "crescent" else "crescent"
            c = self.rng.choice(
                [
                    self.random_code(other),
                    code.replace("1-", "2-", 1),
                    code.lower(),
                    code[:-1],
                    code + "A",
                    " " + code,
                ]
            )
            return "#code=" + quote(c, safe="") + "&moves=" + links.encode(self.game, actions), {
                "code": c,
                "moves": links.encode(self.game, actions),
            }
        if r < 0.78:  # a step
            step = self.rng.choice([str(self.rng.randrange(len(actions) + 2)), "-1", "abc", "2.5", "", "１"])
            moves = links.encode(self.game, actions)
            h = hash_of(code, moves) + "&step=" + quote(step, safe="")
            return h, {"code": code, "moves": moves, "step": step}
        if r < 0.84:  # a #state= position: the board's own (a custom game), unreadable, impossible
            state = self.last.get("state") or {}
            choice = self.rng.random()
            if choice < 0.4 and state and "null" not in json.dumps(state):
                return "#state=" + analysis.encode_state(state), None
            if choice < 0.7:
                return "#state=" + self.rng.choice(["x", "e30", "!!", "eyJ"]), {"state": False}
            bad = dict(state or {"game": self.game})
            bad["moves"] = -1
            return "#state=" + analysis.encode_state(bad), {"state": False}
        if r < 0.9:  # moves without a code
            return "#moves=" + links.encode(self.game, actions[:3]), {"state": False}
        if r < 0.95:  # comma notation (replays' older links)
            c = self.random_code()
            line = self.random_line(c, self.rng.randrange(5))
            return "#code=" + quote(c, safe="") + "&moves=" + quote(",".join(line), safe=""), {
                "code": c,
                "moves": ",".join(line),
            }
        return self.rng.choice(["#top", "#", "#foo=bar", "#code"]), None

    def a_slot(self) -> str:
        r = self.rng.random()
        code, actions = self.link_now()
        if r < 0.3:
            c = self.random_code()
            return json.dumps(
                {"code": c, "moves": links.encode(self.game, self.random_line(c, self.rng.randrange(10)))}
            )
        if r < 0.5:
            return json.dumps({"code": code, "moves": self.damaged(links.encode(self.game, actions))})
        return self.rng.choice(
            [
                "",
                "null",
                "[]",
                "{}",
                "not json",
                '{"code": 5, "moves": ""}',
                json.dumps({"code": code, "moves": 7}),
                json.dumps({"code": code}),
                json.dumps({"code": code, "moves": ["1>2"]}),
                json.dumps({"code": "x" * 70, "moves": ""}),
                json.dumps(
                    {"code": DEFAULT["canfield" if self.game == "crescent" else "crescent"], "moves": ""}
                ),
            ]
        )

    # ---- the page ------------------------------------------------------------------------

    def settle(self) -> dict[str, Any]:
        page = self.page
        out = None
        for _ in range(4):
            page.wait_for_timeout(150)  # a navigation the step started (history.back()) begins
            if not page.url.startswith(self.url):  # a Back past the page's first entry
                page.goto(self.url)
            try:
                expect(page.locator("[data-board][data-state]")).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
                out = page.evaluate(SETTLE)
                if out and out["live"] == "true":
                    break
                page.wait_for_timeout(500)
            except PlaywrightError:
                page.wait_for_timeout(500)  # a navigation in flight
        assert out is not None, "no board"
        return out

    def load(self, hash_: str = "") -> None:
        """A new load of the page with `hash_` (a goto that changes only the hash would be a
        hash change of the same document, and one to the same URL nothing at all)."""
        page = self.page
        if page.url.startswith(self.url):
            page.evaluate("(h) => history.replaceState(null, '', location.pathname + h)", hash_)
            page.reload()
        else:
            page.goto(self.url + hash_)
        expect(self.page.locator("[data-board][data-live='true'][data-state]")).to_have_count(
            1, timeout=LIVE_TIMEOUT_MS
        )

    # The kinds of step and their weights (a hash, storage or load step is one input given).
    KINDS = (
        ("click", 26),
        ("keys", 7),
        ("button", 13),
        ("dialog", 5),
        ("hash", 22),
        ("storage", 9),
        ("reload", 6),
        ("history", 6),
        ("burst", 4),
        ("full", 2),
    )

    def step(self) -> str:
        self.expect = None
        kinds, weights = zip(*self.KINDS, strict=True)
        kind = self.rng.choices(kinds, weights)[0]
        return str(getattr(self, "do_" + kind)())

    def do_click(self) -> str:
        places = self.page.evaluate(PLACES)
        place = self.rng.choice(places)
        try:
            self.page.locator(f"[data-board] [data-place='{place}']").first.click(timeout=3000)
        except PlaywrightError:
            return "click-missed"
        return "click"

    def do_keys(self) -> str:
        page, rng = self.page, self.rng
        page.locator("[data-board] [data-place][tabindex='0']").first.focus()
        for _ in range(rng.randrange(1, 4)):
            page.keyboard.press(
                rng.choice(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"])
            )
        page.keyboard.press(rng.choice(["Enter", " ", "Escape", "Enter"]))
        return "keys"

    def do_button(self) -> str:
        name = self.rng.choice(["undo", "undo", "hint", "redeal" if self.game == "crescent" else "draw"])
        button = self.page.locator(f"[data-board] [data-action='{name}']").first
        if not button.is_enabled():
            return "button-disabled"
        button.click()
        return name

    def do_dialog(self) -> str:
        page, rng = self.page, self.rng
        dialog = page.locator("[data-board] [data-role='newgame-dialog']")
        try:
            page.locator("[data-board] [data-action='newgame']").first.click(timeout=3000)
            radios = dialog.locator("[data-role='version-choice']")
            radios.nth(rng.randrange(radios.count())).check(timeout=3000)
            which = "[data-role='deal']" if rng.random() < 0.7 else "button[value='cancel']"
            dialog.locator(which).click(timeout=3000)
        except PlaywrightError:
            page.keyboard.press("Escape")
            return "dialog-missed"
        return "dialog"

    def do_hash(self) -> str:
        h, want = self.a_hash()
        same = h == self.page.evaluate("location.hash")
        self.page.evaluate("(h) => { location.hash = h; }", h)
        if not same and want is not None:
            self.expect = want
        self.counts.inputs += 1
        return "hash"

    def do_storage(self) -> str:
        rng = self.rng
        key = rng.choice(
            [f"cc-play:{self.game}", f"cc-play:{self.game}", "cc-settings", f"cc-stats:{self.game}"]
        )
        if key.startswith("cc-play"):
            value = self.a_slot()
        else:
            value = rng.choice(
                [
                    "",
                    "x",
                    "null",
                    "[]",
                    '{"draw": 2}',
                    '{"played": -1, "won": "a"}',
                    '{"versions": 5}',
                    '{"doubleClick": "no"}',
                ]
            )
        # Another tab's write (this page's storage may be refusing writes: step "full").
        self.page.evaluate("([k, v]) => { window.__full = false; localStorage.setItem(k, v); }", [key, value])
        self.counts.inputs += 1
        if key.startswith("cc-play"):
            self.latest = self.whole_slot(value)  # another tab wrote it: the latest is its value
        self.load()  # a later visit sees it
        if key.startswith("cc-play"):
            self.expect_restore(value)
        return "storage"

    def do_reload(self) -> str:
        page = self.page
        if self.rng.random() < 0.5:
            h = page.evaluate("location.hash")
            parts = page.evaluate(PARSE, h)
            self.load(h)
            if "code" in parts:
                self.expect = {
                    "code": parts["code"],
                    "moves": parts.get("moves", ""),
                    "step": parts.get("step"),
                }
            return "reload"
        slot = page.evaluate("(k) => localStorage.getItem(k)", f"cc-play:{self.game}")
        self.load()
        if slot:
            self.expect_restore(slot)
        return "reload"

    def do_history(self) -> str:
        page = self.page
        if self.rng.random() < 0.6:
            page.go_back()
        else:
            page.go_forward()
        if not page.url.startswith(self.url):
            page.go_forward()
        return "history"

    def do_burst(self) -> str:
        """Two to four inputs with no wait between them (answers overtaken by a hash change,
        a Back or a reload): only the agreement is checked, not the statuses."""
        page = self.page
        for _ in range(self.rng.randrange(2, 5)):
            r = self.rng.random()
            if r < 0.4:
                place = self.rng.choice(page.evaluate(PLACES))
                page.evaluate(
                    "(p) => document.querySelector(`[data-board] [data-place='${p}']`).dispatchEvent("
                    "new MouseEvent('click', {bubbles: true}))",
                    place,
                )
            elif r < 0.7:
                h, _ = self.a_hash()
                page.evaluate("(h) => { location.hash = h; }", h)
                self.counts.inputs += 1
            elif r < 0.85:
                page.evaluate("history.back()")
            else:
                page.evaluate("document.querySelector(`[data-board] [data-action='undo']`).click()")
        self.latest = None  # which of them the storage copy saw first is the page's timing
        return "burst"

    def do_full(self) -> str:
        """The storage starts (or stops) refusing every write, as a full quota does."""
        self.page.evaluate(
            "window.__full = !window.__full; window.__fullEver = window.__fullEver || window.__full"
        )
        return "full"

    @staticmethod
    def whole_slot(value: str) -> dict[str, str] | None:
        """The game a slot's text holds, when it holds one whole (moves missing: none)."""
        try:
            v = json.loads(value)
        except ValueError:
            return None
        if not isinstance(v, dict) or not isinstance(v.get("code"), str):
            return None
        moves = v.get("moves")
        if moves is None:
            moves = ""
        return {"code": v["code"], "moves": moves} if isinstance(moves, str) else None

    def expect_restore(self, value: str) -> None:
        """What a load without a hash must say of the slot's `value` (an empty slot: nothing)."""
        if value:
            self.expect = self.whole_slot(value) or {"state": False}

    # ---- the checks ------------------------------------------------------------------------

    def check(self, what: str) -> None:
        page, game = self.page, self.game
        got = self.settle()
        self.counts.checks += 1
        fail: list[str] = []
        if got["live"] != "true":
            fail.append(f"board not live: {got['live']}")
        if got["refused"] and not got["full"]:
            fail.append("'the browser refuses to keep the game' but no write was refused")
        if got["refused"] and got["slot"] is not None and got["link"] is not None:
            kept = {"code": got["link"]["code"], "moves": got["link"]["moves"]}
            if json.loads(got["slot"]) == kept:
                fail.append("'the browser refuses to keep the game' while it keeps it")
        if got["kind"] == "error":
            fail.append(f"error status: {got['status']}")
        state = got["state"]
        if got["counter"] is not None and got["counter"] != str(state["moves"]):
            fail.append(f"move counter {got['counter']} for {state['moves']} moves")
        parts = page.evaluate(PARSE, got["hash"])
        custom = "state" in parts and "code" not in parts and self.playable(parts["state"])
        link = got["link"]
        if custom:
            if got["slot"] != self.last.get("slot") and what != "storage":
                fail.append("a custom position changed the kept game")
        elif link is None:
            fail.append("no link for the board")
        else:
            if not self.board_is(link, state):
                fail.append(f"board {state} is not its link {link}")
            names = any(k in parts for k in ("code", "moves", "step", "draw", "state"))
            if got["held"]:
                typed = parts.get("moves", "")
                if parts.get("code") != link["code"] or not typed.startswith(link["moves"]):
                    fail.append(f"held: the board {link} is not the beginning of the link {parts}")
                kept = json.loads(got["slot"] or "null")
                if not kept or got["resume"] != hash_of(kept["code"], kept["moves"]):
                    fail.append(f"held: resume link {got['resume']} is not the kept game {kept}")
                else:
                    number = len(links.decode(game, kept["moves"]))
                    offer = self.message("play.kept-offer", code=kept["code"], number=number)
                    offer += " " + self.message("play.kept-resume")
                    if got["held_text"] != offer:
                        fail.append(f"held: the offer says {got['held_text']!r}, the slot holds {kept}")
            else:
                if names and got["hash"] != hash_of(link["code"], link["moves"]):
                    fail.append(f"URL {got['hash']} is not the board's link {link}")
                want_slot = json.dumps({"code": link["code"], "moves": link["moves"]}, separators=(",", ":"))
                if got["slot"] != want_slot and not (got["slot"] is None and got["refused"]):
                    fail.append(f"storage {got['slot']} is not the board's link {want_slot}")
        fail += self.check_status(got, link, custom)
        if not custom and link is not None and not got["held"]:
            self.latest = {"code": link["code"], "moves": link["moves"]}
        elif got["held"]:
            self.latest = json.loads(got["slot"] or "null")
        self.last = {**got, "slot": got["slot"]}
        if fail:
            self.counts.failures.append(f"{game} step {self.counts.steps} ({what}): " + "; ".join(fail))

    @staticmethod
    def playable(text: str) -> bool:
        """True when a #state= value is a position Python plays (as a custom game)."""
        try:
            engine.from_state(analysis.decode_state(text))
        except (ValueError, TypeError, engine.StateError):
            return False
        return True

    def board_is(self, link: dict[str, str], state: dict[str, Any]) -> bool:
        try:
            return engine.public_state(replay(link["code"], links.decode(self.game, link["moves"]))) == state
        except (engine.CodeError, links.LinkError, ValueError):
            return False

    def message(self, key: str, **params: Any) -> str:
        return catalogues.message(self.lang, key, **params)

    def check_status(self, got: dict[str, Any], link: dict[str, str] | None, custom: bool) -> list[str]:
        fail = []
        text = got["status"]
        restored = link and text == self.message("play.restored", code=link["code"])
        if restored and self.latest is not None and self.latest != link:
            fail.append(f"'back where you left it' at {link}, the latest game being {self.latest}")
        if link:
            for key in ("ui.moves-stopped", "play.kept.moves-stopped"):
                pattern = catalogues.pattern(self.lang, key)
                head = pattern.split("{number}")[0]
                if text.startswith(head):
                    number = int(text[len(head) :].split(" ")[0].rstrip(".:").replace(",", ""))
                    held = len(links.decode(self.game, link["moves"]))
                    if held != number - 1:
                        fail.append(f"'{text}' but the board holds {held} actions")
        want = self.expect
        if want is not None and not custom:
            opened = got["kind"] == "info" and text in (
                self.message("ui.opened", code=str(want.get("code"))),
                self.message("play.restored", code=str(want.get("code"))),
            )
            refused = got["kind"] == "refused"
            whole = "code" in want and whole_link(self.game, want["code"], want["moves"], want.get("step"))
            if whole and refused:
                fail.append(f"a whole link {want} refused: {text}")
            if not whole and not refused:
                fail.append(f"a damaged link or slot {want} opened without a word: {got['kind']} {text!r}")
            if opened and not whole:
                fail.append(f"'{text}' for {want}")
        return fail


@pytest.fixture
def counts() -> Iterator[Counts]:
    c = Counts()
    yield c
    print(
        f"\nfuzz play: {c.inputs} inputs tried, {c.steps} steps, {c.checks} checks, "
        f"{len(c.failures)} failures; steps by kind: {dict(sorted(c.kinds.items()))}"
    )
    for failure in c.failures:
        print("  " + failure)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_fuzz_the_play_page(
    page: Page, live_url: str, watched: Watch, counts: Counts, game: str, seed: int
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    driver = Driver(page, live_url + page_path("en", f"play-{game}"), game, seed, counts)
    page.add_init_script(CLEAR_ONCE)
    page.add_init_script(FULL)
    driver.load()
    driver.check("load")
    t0 = time.monotonic()
    for _ in range(STEPS):
        try:
            what = driver.step()
        except PlaywrightError as e:
            # The step's own input met a navigation it caused (a Back, then a click): the page
            # is checked all the same.
            if "context was destroyed" not in str(e) and "navigat" not in str(e):
                raise
            what = "interrupted"
        counts.steps += 1
        counts.kinds[what] = counts.kinds.get(what, 0) + 1
        driver.check(what)
        if errors:
            counts.failures.append(f"{game} step {counts.steps} ({what}): uncaught {errors}")
            errors.clear()
    print(f"\n{game} seed {seed}: {STEPS} steps in {time.monotonic() - t0:.0f} s")
    watched.errors = [e for e in watched.errors if "uncaught" not in e]  # counted above
    assert counts.failures == [], "\n".join(counts.failures)


# ---- the failures the fuzz found, each pinned ------------------------------------------------


@pytest.mark.parametrize(
    ("slot", "key", "params"),
    [
        # Moves that are not text: the deal opens, and the first action is said unreadable.
        ('{"code": "CR1-N-AAAAACL", "moves": 7}', "play.kept.moves-stopped", {"number": 1}),
        # Not JSON at all: no code to open, said so, and the default deal opens.
        ("not json", "ui.code-invalid", {}),
    ],
)
def test_a_kept_game_that_cannot_be_read_is_said_not_taken_for_none(
    page: Page, live_url: str, watched: Watch, slot: str, key: str, params: dict[str, Any]
) -> None:
    """Fuzz finding: a damaged cc-play slot was read as "no kept game": the default deal opened
    with "Deal …: tap or click a card" and overwrote the slot, in silence."""
    url = live_url + page_path("en", "play-crescent")
    set_storage(page, {"cc-play:crescent": slot})
    page.goto(url)
    expect(page.locator("[data-board][data-live='true'][data-state]")).to_have_count(
        1, timeout=LIVE_TIMEOUT_MS
    )
    if key == "play.kept.moves-stopped":
        reason = catalogues.message("en", "reason.bad-notation")
        text = catalogues.message("en", key, reason=reason, **params)
        code = "CR1-N-AAAAACL"
    else:
        reason = catalogues.message("en", "ui.code.code-format")
        text = catalogues.message("en", key, reason=reason)
        code = DEFAULT["crescent"]
    status = page.locator("[data-board] [role='status']").first
    expect(status).to_have_text(text)
    expect(status).to_have_attribute("data-kind", "refused")
    state = json.loads(page.locator("[data-board]").get_attribute("data-state") or "null")
    assert state == engine.public_state(engine.new_game(code))


def test_a_bad_code_while_a_kept_game_is_held_back_keeps_holding_it(
    page: Page, live_url: str, watched: Watch
) -> None:
    """A damaged link holds the kept game back; a bad code typed into the address then (refused:
    "your game goes on unchanged") had let the hold go and put the readable part's own link in
    the URL, so a reload opened that as a whole link and overwrote the kept game with it."""
    code, key = DEFAULT["crescent"], "cc-play:crescent"
    enc = "BhBJCsB2D2FYFcAACjBGAAAKEOE8AAAIFgDHCPBL"  # 20 actions of that deal (the review's game)
    url = live_url + page_path("en", "play-crescent")
    damaged = f"#code={code}&moves={enc[:20]}Z"
    page.goto(url + f"#code={code}&moves={enc}")
    live = page.locator("[data-board][data-live='true'][data-state]")
    expect(live).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    page.wait_for_function(f"(localStorage.getItem('{key}') || '').includes('{enc}')")
    page.goto("about:blank")
    page.goto(url + damaged)
    expect(live).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    offer = page.locator("[data-board] [data-role='saved-note'][data-note='held']")
    expect(offer).to_have_count(1)
    page.evaluate("location.hash = '#code=CR9-BAD'")
    status = page.locator("[data-board] [role='status']").first
    expect(status).to_have_attribute("data-kind", "refused")
    expect(status).to_contain_text(
        catalogues.message("en", "play.code-invalid-kept", reason="").split(":")[0]
    )
    expect(offer).to_have_count(1)
    assert page.evaluate("location.hash") == damaged
    assert json.loads(page.evaluate(f"localStorage.getItem('{key}')")) == {"code": code, "moves": enc}
    page.reload()
    expect(live).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    expect(offer).to_have_count(1)
    page.evaluate("window.dispatchEvent(new Event('pagehide'))")
    assert json.loads(page.evaluate(f"localStorage.getItem('{key}')")) == {"code": code, "moves": enc}


def test_a_bad_code_during_a_custom_position_leaves_its_link(
    page: Page, live_url: str, watched: Watch
) -> None:
    """A #state= position played as a custom game has no code, so no `saved`: the board's link
    was still the game before it. A bad code typed then (refused, "your game goes on") put that
    other game's link into the URL, and Copy link gave it too: both named a game the board did
    not show, and a reload opened it."""
    game = engine.new_game(DEFAULT["crescent"])
    for move in game.legal_moves()[:1]:
        game.play(move)
    position = "#state=" + analysis.encode_state(game.state())
    url = live_url + page_path("en", "play-crescent")
    page.goto(url + "#code=CR1-N-AAAAACL")  # another game first: the board's link before the position
    live = page.locator("[data-board][data-live='true'][data-state]")
    expect(live).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    page.evaluate("(h) => { location.hash = h; }", position)
    board = page.locator("[data-board]")
    expect(board).to_have_attribute("data-state", json.dumps(game.state(), separators=(",", ":")))
    page.evaluate("location.hash = '#code=CR9-BAD'")
    status = page.locator("[data-board] [role='status']").first
    expect(status).to_have_attribute("data-kind", "refused")
    expect(page).to_have_url(url + position)
    expect(page.locator("[data-board] [data-role='link']")).to_have_text(url + position)


def test_the_storage_refused_note_goes_once_the_storage_keeps_the_game_again(
    page: Page, live_url: str, watched: Watch
) -> None:
    """'This browser refuses to keep the game' stayed after the storage took the game again
    (space freed by another tab), saying what was no longer so."""
    code, key = DEFAULT["crescent"], "cc-play:crescent"
    enc = "BhBJCsB2D2FYFcAACjBGAAAKEOE8AAAIFgDHCPBL"
    page.add_init_script(FULL)
    page.goto(live_url + page_path("en", "play-crescent") + f"#code={code}&moves={enc[:4]}")
    expect(page.locator("[data-board][data-live='true'][data-state]")).to_have_count(
        1, timeout=LIVE_TIMEOUT_MS
    )
    note = page.locator("[data-board] [data-role='saved-note'][data-note='storage']")
    board = page.locator("[data-board]")
    for k, full in ((3, True), (4, True), (5, False)):
        page.evaluate(f"window.__full = {'true' if full else 'false'}")
        page.evaluate("(h) => { location.hash = h; }", f"#code={code}&moves={enc[: 2 * k]}")
        expect(board).to_have_attribute("data-state", re.compile(f'"moves":{k}[,}}]'))
        page.evaluate("window.dispatchEvent(new Event('pagehide'))")
        expect(note).to_have_count(1 if full else 0)
    assert json.loads(page.evaluate(f"localStorage.getItem('{key}')")) == {"code": code, "moves": enc[:10]}


# Every answer of the board's Python comes 400 ms late.
LATE_ANSWERS = """() => {
  const b = document.querySelector("[data-board]").__cc;
  const call = b.python.call.bind(b.python);
  const late = (r) => new Promise((ok) => setTimeout(() => ok(r), 400));
  b.python.call = (op, args) => call(op, args).then(late);
}"""


def test_a_bad_code_typed_before_a_damaged_links_answer_leaves_that_link(
    page: Page, live_url: str, watched: Watch
) -> None:
    """Fuzz finding (crescent seed 4, a burst): a damaged link's answer (which holds the kept
    game back) came after the reader had typed a bad code into the address; the held link was
    taken from the address as it then was, so the refused code's answer put the bad code back in
    the URL instead of the link the board shows the beginning of."""
    code, key = DEFAULT["crescent"], "cc-play:crescent"
    enc = "BhBJCsB2D2FYFcAACjBGAAAKEOE8AAAIFgDHCPBL"
    url = live_url + page_path("en", "play-crescent")
    page.goto(url + f"#code={code}&moves={enc}")
    live = page.locator("[data-board][data-live='true'][data-state]")
    expect(live).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    page.wait_for_function(f"(localStorage.getItem('{key}') || '').includes('{enc}')")
    # Python's answers come 400 ms late: the bad code is typed while the damaged link's is out.
    page.evaluate(LATE_ANSWERS)
    damaged = f"#code={code}&moves={enc[:20]}Z"
    page.evaluate(
        "(h) => { location.hash = h; setTimeout(() => { location.hash = '#code=CR9-BAD'; }, 100); }", damaged
    )
    offer = page.locator("[data-board] [data-role='saved-note'][data-note='held']")
    expect(offer).to_have_count(1)
    status = page.locator("[data-board] [role='status']").first
    refused = catalogues.message("en", "play.code-invalid-kept", reason="").split(":")[0]
    expect(status).to_contain_text(refused, timeout=10_000)
    page.wait_for_timeout(800)
    expect(page).to_have_url(url + damaged)
    assert json.loads(page.evaluate(f"localStorage.getItem('{key}')")) == {"code": code, "moves": enc}
