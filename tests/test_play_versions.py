"""The games' versions on the Play pages (issue 24, items 3 and 4), in CPython.

The new-game dialog (sitegen/play.py) offers every named version of its game, and a random deal
of each opens (pyworker/ops.py). In a face-down version the page never receives a face-down
card: what `ops` sends (state, picture, its labels and description, captions) is the same for
two positions that differ only in their face-down cards, and the verdict worker rebuilds the
position from the deal's code and the link's moves instead (pyworker/verdict.py).
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import catalogues
import engine
from pyworker import links, ops, verdict
from sitegen import play

LANGS = catalogues.LANGUAGES
GAMES = {"crescent": "CR", "canfield": "CF"}
HIDDEN_CODES = ("CR1-H-AAAAAAB", "CR1-FH-AAAAACL", "CF1-D1HKP3W-AAAAAAB", "CF1-D1HKP3STW-AAAAACL")


class _Radios(HTMLParser):
    """The dialog's version radios: (value, label text) in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[list[Any]] = []
        self.current: list[Any] | None = None  # the entry whose <label> is open

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "input" and a.get("data-role") == "version-choice":
            assert a.get("name") == "version" and a.get("type") == "radio"
            self.current = [a.get("value") or "", a.get("data-code") or "", "checked" in a, ""]
            self.found.append(self.current)

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self.current = None

    def handle_data(self, data: str) -> None:
        if self.current is not None:
            self.current[3] += data


def _m(lang: str) -> Any:
    return lambda key, **params: catalogues.message(lang, key, **params)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_dialog_offers_every_version(game: str, lang: str) -> None:
    expected = [k for k, (prefix, _) in engine.VERSIONS.items() if prefix == GAMES[game]]
    assert len(expected) == (4 if game == "crescent" else 7)
    state = engine.new_game(f"{GAMES[game]}1-{'N' if game == 'crescent' else 'D3'}-AAAAAAB").state()
    html = play.dialog_html(game, "b", state, _m(lang))
    parser = _Radios()
    parser.feed(html)
    assert [v for v, *_ in parser.found] == expected
    for value, code, checked, label in parser.found:
        assert code == engine.VERSIONS[value][1]
        assert label.strip() == catalogues.message(lang, play.version_label_key(value))
        assert checked == (value == expected[0])  # the seeds' rules (the app's draw 3)
    labels = [label for *_, label in parser.found]
    assert len(set(labels)) == len(labels), "two versions with one label"
    assert 'data-action="newgame"' in play.newgame_button(game, _m(lang))


def test_the_dialog_checks_the_default_deals_draw() -> None:
    parser = _Radios()
    parser.feed(play.dialog_html("canfield", "b", engine.new_game("CF1-D1-AAAAAAB").state(), _m("en")))
    assert [v for v, _, checked, _ in parser.found if checked] == ["canfield-app-draw-1"]


@pytest.mark.parametrize("version", list(engine.VERSIONS))
def test_a_random_deal_of_each_version_opens(version: str) -> None:
    prefix, options = engine.VERSIONS[version]
    game = "crescent" if prefix == "CR" else "canfield"
    codes = set()
    for _ in range(3):
        answer = ops.open_board(
            {"game": game, "board": "v", "lang": "fr", "random": True, "version": version}
        )
        assert re.fullmatch(f"{prefix}1-{options}-[A-Z]{{7}}", answer["code"])
        assert answer["state"] == engine.public_state(engine.new_game(answer["code"]))
        assert answer["message"] == catalogues.message("fr", "ui.opened", code=answer["code"])
        codes.add(answer["code"])
    assert len(codes) > 1  # random deals, not one


def test_a_version_of_the_other_game_or_none_is_refused() -> None:
    for version in ("rainfall", "crescent-x", 3):
        with pytest.raises(ValueError, match="is not a version of crescent"):
            ops.open_board({"game": "crescent", "board": "v", "random": True, "version": version})
    # No version: the seeds' rules, as before (Canfield: the app, drawing `draw`).
    answer = ops.open_board({"game": "canfield", "board": "v", "random": True, "draw": 1})
    assert answer["code"].startswith("CF1-D1-")


def _twin(game: engine.Game, rng: random.Random) -> engine.Game:
    """The same position with its face-down cards in another order (what a player cannot tell
    from it); the test fails if there is no such other order."""
    state = game.state()
    public = engine.public_state(game)
    if game.game == "crescent":
        places = [(i, j) for i, pile in enumerate(public["piles"]) for j, c in enumerate(pile) if c is None]
        cards = [state["piles"][i][j] for i, j in places]
    else:
        places = [(0, j) for j, c in enumerate(public["reserve"]) if c is None]
        cards = [state["reserve"][j] for _, j in places]
    for _ in range(50):
        shuffled = cards[:]
        rng.shuffle(shuffled)
        if shuffled != cards:
            break
    else:
        pytest.fail(f"no other order of {len(cards)} face-down cards")
    for (i, j), card in zip(places, shuffled, strict=True):
        if game.game == "crescent":
            state["piles"][i][j] = card
        else:
            state["reserve"][j] = card
    return engine.from_state(state)


def _page_part(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer less what the twin cannot share: the link (the twin has no code) and undo
    (nor a history)."""
    out = {k: v for k, v in answer.items() if k != "saved"}
    out["disabled"] = {k: v for k, v in answer.get("disabled", {}).items() if k != "undo"}
    return out


@pytest.mark.parametrize("code", HIDDEN_CODES)
def test_what_the_page_receives_names_no_face_down_card(code: str) -> None:
    """Two positions that differ only in their face-down cards give the page the same answers:
    state, picture (cards, labels, description) and each move's caption, at each of 40 moves."""
    rng = random.Random(code)
    game = engine.new_game(code)
    kind = game.game
    one = ops.BOARDS["one"] = ops.Board(game, "en", kind, "d")
    hidden_seen = 0
    for step in range(40):
        hidden_seen += engine.hidden_count(one.game)
        twin = ops.BOARDS["two"] = ops.Board(_twin(one.game, rng), "en", kind, "d", last_move=one.last_move)
        assert twin.game.state() != one.game.state()
        moves = [m for m in one.game.legal_moves() if m != "redeal"] or one.game.legal_moves()
        if not moves or engine.hidden_count(one.game) == 0:
            break
        move = rng.choice(moves)
        for lang in ("en", "ko"):  # state, picture, its labels and description
            one.lang = twin.lang = lang
            a, b = ops.view(one), ops.view(twin)
            assert _page_part(a) == _page_part(b)
        # The move's caption too (the position after it differs: it may turn a card up).
        first, second = ops._play(one, move), ops._play(twin, move)
        said = ("played", "message", "kind")
        assert [first.get(k) for k in said] == [second.get(k) for k in said], f"step {step}: {move}"
    assert hidden_seen > 0
    # The state the page gets has the face-down cards as null, the others as they are.
    public = ops.view(ops.Board(engine.new_game(code), "en", kind, "d"))["state"]
    assert public == engine.public_state(engine.new_game(code))
    assert public != engine.new_game(code).state()


@pytest.mark.parametrize("code", HIDDEN_CODES)
def test_the_verdict_of_a_masked_position_is_rebuilt_from_code_and_moves(code: str) -> None:
    kind = "crescent" if code.startswith("CR") else "canfield"
    answer = ops.open_board({"game": kind, "board": "v", "lang": "en", "code": code})
    for _ in range(6):
        move = next(m for m in ops.BOARDS["v"].game.legal_moves() if m != "redeal")
        answer = ops._play(ops.BOARDS["v"], move)
    state, saved = answer["state"], answer["saved"]
    # The masked state alone cannot be rebuilt: the worker says so, with no verdict.
    assert verdict.verdict({"state": state})["error"]
    found = verdict.verdict({"state": state, "seconds": 0.2, **saved, "line": True})
    assert found["verdict"] in ("win", "loss", "unknown") and "error" not in found
    assert "line" not in found  # a winning line would name the cards it uncovers
    # The code and moves must lead to the very position shown.
    fewer = links.encode(kind, links.read(kind, saved["moves"])[0][:-1])
    assert "error" in verdict.verdict({"state": state, "code": saved["code"], "moves": fewer})
    assert "error" in verdict.verdict({"state": state, "code": "CR1-N-AAAAAAB", "moves": saved["moves"]})


def test_the_playlink_marker_opens_its_deal_or_fails_the_build() -> None:
    class Ctx:
        path = "docs/ko/canfield.md"

    assert play.play_link(" CF1-D1HKP3W-AAAAACL ", "ko", Ctx()) == (
        '<a href="../play-canfield/#code=CF1-D1HKP3W-AAAAACL"><code>CF1-D1HKP3W-AAAAACL</code></a>'
    )
    with pytest.raises(ValueError, match="not a game code"):
        play.play_link("CF1-D3Q-AAAAACL", "en", Ctx())  # no such rule letter
    with pytest.raises(ValueError, match="CF1-D3KW-AAAAACL"):
        play.play_link("CF1-D3WK-AAAAACL", "en", Ctx())  # opens, but is not written as shown
    # Every version's section links to a deal of that version (the same in every language).
    for lang in LANGS:
        for name, prefix in (("crescent.md", "CR"), ("canfield.md", "CF")):
            text = (Path(__file__).parent.parent / "docs" / lang / name).read_text(encoding="utf-8")
            linked = re.findall(r"<!-- playlink: (\S+) -->", text)
            options = {code.split("-")[1] for code in linked}
            wanted = {o for p, o in engine.VERSIONS.values() if p == prefix} - {"N", "D3", "D1"}
            assert options == wanted, (lang, name)
