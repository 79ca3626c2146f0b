"""The Play page's Python side (pyworker): links that carry a game, strict link parsing, a bad
code that leaves the game alone, hints that name only face-up cards, the "Double click"
setting, undo back to a winnable position, and the verdict operation. Reproduces, in CPython,
each case of issue 14 that lives in Python; tests/browser/test_play.py drives the page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

import catalogues
import engine
import pyworker
from engine.codes import DEAL_COUNT, deal_letters
from pyworker import advice, links
from sitegen import live

ROOT = Path(__file__).resolve().parent.parent
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def call(op: str, **args: Any) -> dict[str, Any]:
    return json.loads(pyworker.handle(json.dumps({"op": op, "args": args})))


def open_board(game: str = "crescent", lang: str = "en", **args: Any) -> dict[str, Any]:
    return call("open", board="p", game=game, lang=lang, fallback=live.DEFAULT_CODES[game], **args)


def walk(code: str, picks: list[int]) -> engine.Game:
    game = engine.new_game(code)
    for pick in picks:
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[pick % len(legal)])
    return game


def played(code: str, picks: list[int]) -> list[str]:
    game = engine.new_game(code)
    out = []
    for pick in picks:
        legal = game.legal_moves()
        if not legal:
            break
        out.append(legal[pick % len(legal)])
        game.play(out[-1])
    return out


codes = hst.builds(
    lambda head, n: f"{head}-{deal_letters(n)}",
    hst.sampled_from(["CR1-N", "CF1-D3", "CF1-D1"]),
    hst.integers(0, DEAL_COUNT - 1),
)
picks = hst.lists(hst.integers(0, 2**20), max_size=60)


# ---- links ----------------------------------------------------------------------------------


def test_link_tables_hold_every_action_once_and_fit_two_characters() -> None:
    for kind, table in links.TABLES.items():
        assert len(table) == len(set(table)) and len(table) < 26 * 64, kind
    assert links.TABLES["crescent"][0] == "redeal" and links.TABLES["canfield"][0] == "draw"


@PROPERTY
@given(codes, picks)
def test_every_action_of_a_game_round_trips_through_a_link(code: str, choice: list[int]) -> None:
    moves = played(code, choice)
    kind = engine.new_game(code).game
    text = links.encode(kind, moves)
    assert len(text) == 2 * len(moves) and re.fullmatch(r"[A-Za-z0-9_-]*", text)
    assert links.parse(kind, text) == moves
    a = open_board(kind, code=code, moves=text)
    assert a["state"] == walk(code, choice).state()
    assert a["saved"] == {"code": engine.normalise_code(code), "moves": text}


def test_playing_and_undoing_keep_the_saved_link_in_step() -> None:
    open_board("canfield", code="CF1-D3-AAAAACL")
    a = call("tap", board="p", lang="en", place="stock")
    assert a["saved"]["moves"] == links.token("canfield", "draw")
    b = call("undo", board="p", lang="en")
    assert b["saved"]["moves"] == ""


@pytest.mark.parametrize("moves", ["A", "ZZ", "A!", "%3E", "x" * 30_000, 12, {"a": 1}])
def test_unreadable_link_moves_open_the_deal_with_a_message(moves: Any) -> None:
    a = open_board("crescent", code="CR1-N-AAAAAAB", moves=moves)
    assert a["state"] == engine.new_game("CR1-N-AAAAAAB").state()
    assert a["kind"] == "refused"


@pytest.mark.parametrize("step", ["²", "\u0662", "9" * 4301, "-1", "1.5", " 2", "", "१"])
def test_a_step_that_is_not_ascii_digits_is_refused_not_fatal(step: str) -> None:
    """`#step=%C2%B2` and a 4,301-digit step raised in int() and killed the board for good."""
    game = engine.new_game("CR1-N-AAAAAAB")
    moves = [m for m in game.legal_moves() if m != "redeal"][:1]
    a = open_board(code="CR1-N-AAAAAAB", moves=",".join(moves), step=step)
    assert "state" in a and a["state"]["moves"] == 1  # the whole link, played
    if step:
        assert a["message"] == catalogues.message("en", "play.link-step-invalid")


def test_a_step_cuts_the_link() -> None:
    moves = played("CF1-D3-AAAAACL", [1, 2, 3, 4, 5])
    a = open_board("canfield", code="CF1-D3-AAAAACL", moves=",".join(moves), step="2")
    assert a["state"] == walk("CF1-D3-AAAAACL", [1, 2]).state()


# ---- a bad code leaves the game -------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["CR1-N-AAAAAA", "CF1-D3-AAAAACL", "<b>", None, "x" * 100])
def test_a_bad_code_typed_during_a_game_leaves_it(bad: Any) -> None:
    open_board(code="CR1-N-AAAAAAB")
    game = engine.new_game("CR1-N-AAAAAAB")
    for _ in range(4):
        move = next(m for m in game.legal_moves() if m != "redeal")
        game.play(move)
        call("drop", board="p", lang="en", src=move.split(">")[0], dst=move.split(">")[1])
    a = open_board(code=bad, keep=True)
    assert a["kept"] is True and a["kind"] == "refused" and "svg" not in a
    assert a["state"] == game.state()
    expected = "play.code-other-game-kept.crescent" if bad == "CF1-D3-AAAAACL" else "play.code-invalid-kept"
    assert a["message"].startswith(catalogues.message("en", expected, reason="")[:20])
    # And the game goes on from there.
    assert call("undo", board="p", lang="en")["state"]["moves"] == 3


def test_a_bad_link_at_start_opens_the_kept_game() -> None:
    moves = played("CF1-D1-AAAAABC", [0, 1, 2])
    kept = links.encode("canfield", moves)
    a = call(
        "open",
        board="p",
        game="canfield",
        lang="en",
        code="CF1-D3-AAAAAC",
        fallback="CF1-D1-AAAAABC",
        fallback_moves=kept,
    )
    assert a["state"] == walk("CF1-D1-AAAAABC", [0, 1, 2]).state() and a["kind"] == "refused"


def test_a_restored_game_says_so() -> None:
    a = open_board("crescent", code="CR1-N-AAAAAAB", moves="", restored=True)
    assert a["message"] == catalogues.message("en", "play.restored", code="CR1-N-AAAAAAB")


# ---- hints ----------------------------------------------------------------------------------------


def _words(text: str) -> set[str]:
    return set(re.split(r"[\s,.;:()（）]+", text))


@PROPERTY
@given(
    hst.sampled_from(["CF1-D3", "CF1-D1"]),
    hst.integers(0, DEAL_COUNT - 1),
    picks,
    hst.sampled_from(sorted(catalogues.LANGUAGES)),
)
def test_a_hint_never_names_a_face_down_card(head: str, n: int, choice: list[int], lang: str) -> None:
    from diagrams import cards

    game = walk(f"{head}-{deal_letters(n)}", choice)
    state = game.state()
    hidden = (
        set(state["stock"])
        | set(state["reserve"][:-1])
        | set(state["waste"][:-1] if state["draw"] == 3 else [])
    )
    hidden_names = {cards.short(c, lang) for c in hidden}
    for move in game.legal_moves():
        text = advice.hint_text(move, state, lang)
        assert not (_words(text) & hidden_names), (move, text)


def test_the_draw_hint_is_advice_naming_no_card() -> None:
    """The review's case: "3 cards drawn from the stock onto the waste, Q♥ on top"."""
    for lang in catalogues.LANGUAGES:
        state = engine.new_game("CF1-D3-AAAAACL").state()
        assert advice.hint_text("draw", state, lang) == catalogues.message(lang, "play.hint.draw")
        assert catalogues.message(lang, "play.hint.draw") != catalogues.message(
            lang, "caption.cf.draw_many", count=3, card="QH"
        )


def test_the_hint_operation_gives_advice() -> None:
    open_board("canfield", code="CF1-D3-AAAAACL")
    a = call("hint", board="p", lang="ko")
    state = engine.new_game("CF1-D3-AAAAACL").state()
    assert a["message"] == advice.hint_text(a["hint"]["move"], state, "ko")
    assert a["message"].startswith("힌트:")


# ---- the seeds' "Double click" setting --------------------------------------------------------------


def _column_only_tap(code: str) -> tuple[engine.Game, str, str]:
    """A position where a tap on a place sends its card to a column (no foundation takes it)."""
    for n in range(400):
        game = engine.new_game(code[:-7] + deal_letters(n))
        for _ in range(30):
            for place in ("W", "R", "1", "2", "3", "4"):
                move = engine.tap(game, place)
                if move and move != "draw" and move.rpartition(">")[2] in "1234":
                    return game, place, move
            if game.check("draw") is None:
                game.play("draw")
    raise AssertionError("no column tap found")


def test_double_click_off_taps_go_to_foundations_only() -> None:
    game, place, move = _column_only_tap("CF1-D3-AAAAAAA")
    actions = links.encode("canfield", list(["draw"] * game.state()["moves"]))
    on = open_board("canfield", code=game.code, moves=actions)
    assert on["state"] == game.state()
    a = call("tap", board="p", lang="en", place=place, double_click=False)
    assert a.get("selected") == place and "played" not in a
    open_board("canfield", code=game.code, moves=actions)
    b = call("tap", board="p", lang="en", place=place, double_click=True)
    assert b["played"] == move
    open_board("canfield", code=game.code, moves=actions)
    c = call("tap", board="p", lang="en", place=place)  # the default is on
    assert c["played"] == move


def test_double_click_off_still_sends_to_a_foundation_and_draws() -> None:
    open_board("canfield", code="CF1-D3-AAAAACL")
    assert call("tap", board="p", lang="en", place="stock", double_click=False)["played"] == "draw"


# ---- undo back to a position; the verdict ----------------------------------------------------------


def test_undo_count_goes_back_several_actions_or_none() -> None:
    moves = played("CF1-D3-AAAAACL", [3, 1, 4, 1, 5])
    open_board("canfield", code="CF1-D3-AAAAACL", moves=",".join(moves))
    a = call("undo", board="p", lang="en", count=3)
    assert a["state"] == walk("CF1-D3-AAAAACL", [3, 1]).state()
    assert a["saved"]["moves"] == links.encode("canfield", moves[:2])
    b = call("undo", board="p", lang="en", count=99)  # out of range: one action
    assert b["state"] == walk("CF1-D3-AAAAACL", [3]).state()


def test_undo_count_across_a_redeal_is_refused_whole() -> None:
    open_board("crescent", code="CR1-N-AAAAAAB")
    game = engine.new_game("CR1-N-AAAAAAB")
    move = next(m for m in game.legal_moves() if m != "redeal")
    call("drop", board="p", lang="en", src=move.split(">")[0], dst=move.split(">")[1])
    call("redeal", board="p", lang="en")
    a = call("undo", board="p", lang="en", count=2)
    assert a["refused"]["reason"] == "nothing-to-undo"
    assert call("undo", board="p", lang="en", count=1)["refused"]["reason"] == "nothing-to-undo"


def test_verdict_of_positions() -> None:
    assert call("verdict", state=engine.new_game("CF1-D1-AAAAACL").state(), seconds=2)["verdict"] == "win"
    won = json.loads((ROOT / "docs" / "examples" / "crescent-example.json").read_text(encoding="utf-8"))
    game = engine.new_game(won["code"])
    for m in won["moves"]:
        game.play(m)
    assert call("verdict", state=game.state())["verdict"] == "win"
    assert call("verdict", state={"game": "nonsense"})["verdict"] == "unknown"
    for seconds in ("x", None, float("inf"), -1, True):
        out = call("verdict", state=engine.new_game("CF1-D3-AAAAACL").state(), seconds=seconds)
        assert out["verdict"] in ("win", "loss", "unknown")


# ---- catalogue keys the Play page uses exist -----------------------------------------------------


def test_every_play_key_the_code_uses_exists() -> None:
    sources = [
        *(ROOT / "docs" / "assets" / "js").glob("*.js"),
        *(ROOT / "sitegen").glob("*.py"),
        *(ROOT / "pyworker").glob("*.py"),
    ]
    used = set()
    for path in sources:
        used |= set(re.findall(r"""["'](play\.[a-z0-9.-]+)["']""", path.read_text(encoding="utf-8")))
    used = {k for k in used if not k.endswith(".")}
    assert "play.verdict.win" in used
    for lang in catalogues.LANGUAGES:
        known = catalogues.load(lang)
        assert sorted(k for k in used if k not in known) == [], lang
        for v in ("pending", "win", "loss", "unknown"):
            catalogues.message(lang, f"play.verdict.{v}")


def test_what_the_address_gives_but_cannot_be_opened_is_said() -> None:
    """Hostile review #27: a #state= that is not a position, moves without a code, or an
    impossible position open the kept game (or the default deal) and say why, never in silence
    and never as a Python error."""
    import catalogues
    import engine
    from pyworker import ops

    # The page opens the kept game (or the default deal) and says what it could not read.
    base = {
        "board": "t-unread",
        "game": "crescent",
        "lang": "fr",
        "code": "CR1-N-AAAAAAB",
        "fallback": "CR1-N-AAAAAAB",
    }
    for unread in ("state", "moves"):
        answer = ops.open_board({**base, "unread": unread})
        assert answer["message"] == catalogues.message("fr", f"play.link-unread.{unread}")
        assert answer["state"] == engine.new_game("CR1-N-AAAAAAB").state()
    bad = engine.new_game("CR1-N-AAAAAAB").state()
    bad["piles"][0].append(bad["piles"][1][0])
    answer = ops.open_board({**base, "state": bad})
    reason = engine.position_problems(bad)[0].reason
    assert answer["message"] == catalogues.message(
        "fr", "play.link-state-invalid", reason=ops._reason_text("fr", reason)
    )
    assert answer["state"] == engine.new_game("CR1-N-AAAAAAB").state() and answer["kind"] == "refused"
