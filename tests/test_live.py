"""The live parts' Python: sitegen/live.py (build-time HTML and data) and pyworker (what the page's
worker runs), checked against the engine, the diagrams and the catalogues in CPython."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.sax import saxutils

import pytest

import catalogues
import diagrams
import engine
import pyworker
from pyworker import advice, lightimports, ops
from sitegen import assets, live, replay, tryit
from sitegen.errors import SourceError
from sitegen.markers import MarkerContext
from sitegen.sources import load_example

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_DOCS = ROOT / "tests" / "fixtures" / "live"
LANGS = catalogues.LANGUAGES


@pytest.fixture(autouse=True)
def _pending_assets_kept() -> Iterator[None]:
    """These tests add fixture files to the build's pending assets: put them back as they were,
    so that a site built later in this process (tests/conftest.py built_site) holds only its own."""
    saved = dict(live.PENDING_ASSETS)
    yield
    live.PENDING_ASSETS.clear()
    live.PENDING_ASSETS.update(saved)


def ctx(lang: str = "en", page: str = "play-crescent.md") -> MarkerContext:
    return MarkerContext(path=f"docs/{lang}/{page}", lang=lang, docs_dir=FIXTURE_DOCS, root=ROOT)


def call(op: str, **args: Any) -> dict[str, Any]:
    """pyworker through its JSON entry point, exactly as the worker calls it."""
    return json.loads(pyworker.handle(json.dumps({"op": op, "args": args})))


def open_board(game: str = "crescent", lang: str = "en", **args: Any) -> dict[str, Any]:
    return call("open", board="t", game=game, lang=lang, fallback=live.DEFAULT_CODES[game], **args)


# ---- catalogue ----------------------------------------------------------------------------------


def test_ui_catalogue_has_every_key_in_every_language_with_the_same_placeholders() -> None:
    files = {
        lang: json.loads((ROOT / "catalogues" / lang / "ui.json").read_text(encoding="utf-8"))
        for lang in LANGS
    }
    keys = set(files["en"])
    for lang, data in files.items():
        assert set(data) == keys, lang
        assert list(data) == sorted(data), f"{lang}: keys not sorted"
        for key in keys:
            assert catalogues.placeholders(data[key]) == catalogues.placeholders(files["en"][key]), (
                lang,
                key,
            )


def test_every_ui_key_the_code_uses_exists() -> None:
    sources = [
        *(ROOT / "docs" / "assets" / "js").rglob("*.js"),
        ROOT / "sitegen" / "live.py",
        *(ROOT / "pyworker").glob("*.py"),
    ]
    used = set()
    for path in sources:
        used |= set(re.findall(r"""["'](ui\.[a-z0-9.-]+)["']""", path.read_text(encoding="utf-8")))
    used = {k for k in used if not k.endswith(".")}
    assert used, "no ui.* key found in the sources"
    for lang in LANGS:
        known = catalogues.load(lang)
        assert sorted(k for k in used if k not in known) == [], lang
    # Keys built from parts: every code reason and both games.
    for lang in LANGS:
        for reason in engine.CODE_REASONS:
            catalogues.message(lang, f"ui.code.{reason}")
        for game in live.GAMES:
            catalogues.message(lang, f"ui.code-other-game.{game}")
            catalogues.message(lang, f"ui.board.{game}")


def test_every_move_reason_has_a_message() -> None:
    for lang in LANGS:
        for reason in engine.MOVE_REASONS:
            assert ops._reason_text(lang, reason) != catalogues.message(lang, "ui.refused"), (lang, reason)


def test_seed_wording() -> None:
    assert catalogues.message("ko", "reason.same-suit") == "같은 무늬여야 합니다"
    assert catalogues.message("ko", "ui.redealt", n=2) == "재배치했습니다. 2회 남았습니다."
    assert catalogues.message("ko", "ui.no-redeals") == "남은 재배치 없음"
    assert catalogues.message("el", "ui.no-redeals") == "Καμία ανακατανομή"


# ---- SVG packing ----------------------------------------------------------------------------------


def test_pack_svgs_round_trip_and_sharing() -> None:
    game = engine.new_game("CR1-N-AAAAAAB")
    svgs = [diagrams.render_svg(game.state(), "ko", diagram_id="r")]
    for move in game.legal_moves()[:5]:
        g = game.copy()
        g.play(move)
        svgs.append(diagrams.render_svg(g.state(), "ko", diagram_id="r"))
    packed = live.pack_svgs(svgs)
    assert [live.unpack_svg(packed, i) for i in range(len(svgs))] == svgs
    assert len(json.dumps(packed["chunks"])) < 0.5 * len(json.dumps(svgs))


def test_json_script_cannot_be_closed_by_its_content() -> None:
    out = live.json_script("x", {"a": "</script><img src=x onerror=alert(1)>&"})
    assert out.count("</script>") == 1 and "<img" not in out
    inner = out[out.index(">") + 1 : out.rindex("</script>")]
    assert json.loads(inner) == {"a": "</script><img src=x onerror=alert(1)>&"}


# ---- markers --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", live.GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_board_html(game: str, lang: str) -> None:
    out = live.board_html(game, lang, ctx(lang, f"play-{game}.md"))
    assert f'data-board="{game}"' in out and f'data-lang="{lang}"' in out
    assert 'role="status"' in out and catalogues.message(lang, "ui.loading") in html.unescape(out)
    code = live.DEFAULT_CODES[game]
    state = engine.new_game(code).state()
    assert diagrams.render_svg(state, lang, diagram_id=f"play-{game}", interactive=True) in out
    assert ('data-action="redeal"' in out) == (game == "crescent")
    # Both games' new-game dialog offers every version (tests/test_play_versions.py).
    assert "<dialog" in out and out.count('data-role="version-choice"') == (4 if game == "crescent" else 7)
    assert 'data-verdict="pending"' in out
    assert "data-state" not in out  # set by the page only once Python holds the game
    # CONTRACT.md's actions: each has a button, and the first `random` is not the won offer's
    # (hidden until a win), so a reader or a test pressing "a new random deal" finds one shown.
    for action in ("undo", "hint", "random", "open", "redeal" if game == "crescent" else "draw"):
        assert f'data-action="{action}"' in out, action
    assert out.index('data-action="random"') < out.index('data-role="offer"')


def test_board_marker_errors_name_the_problem() -> None:
    with pytest.raises(SourceError, match="board marker needs a game"):
        live.board_html("solitaire", "en", ctx())
    with pytest.raises(SourceError, match="bad game code"):
        live.board_html("crescent code=XX", "en", ctx())
    with pytest.raises(SourceError, match="not a crescent code"):
        live.board_html("crescent code=CF1-D3-AAAAACL", "en", ctx())
    with pytest.raises(SourceError, match="unknown or malformed board option"):
        live.board_html("crescent colour=red", "en", ctx())


@pytest.mark.parametrize("lang", ["ko", "el"])
def test_replay_html_and_steps(lang: str) -> None:
    live.PENDING_ASSETS.clear()
    out = replay.replay_html("crescent-example", lang, ctx(lang, "examples.md"))
    example = load_example(FIXTURE_DOCS, "crescent-example", ROOT)
    data = json.loads(live.PENDING_ASSETS[f"assets/replays/crescent-example.{lang}.json"])
    assert len(data["svgs"]) == len(example.moves) + 1
    for n, state in enumerate(example.states):
        svg = live.unpack_svg(data, n)
        assert svg == diagrams.render_svg(state, lang, diagram_id="replay-crescent-example")
        description = (
            data["descriptions"][n]
            if "descriptions" in data
            else html.unescape(re.search(r"<desc[^>]*>(.*?)</desc>", svg, re.DOTALL).group(1))
        )
        assert description == diagrams.describe(state, lang)
    for n, move in enumerate(example.moves, start=1):
        assert data["captions"][n - 1] == diagrams.caption(
            move, example.states[n - 1], lang, example.states[n]["moves"]
        )
    # The move list is written by replay.js from the step file (captions and notes): the page
    # holds an empty list, and step 0 as a picture whose file is that step's drawing.
    assert '<ol class="cc-movelist" data-role="movelist"></ol>' in out
    picture = re.search(
        r'<img class="cc-picture"[^>]* src="\.\./\.\./(assets/pictures/[0-9a-f]+\.' + lang + r'\.svg)"', out
    )
    assert picture, out[:2000]
    assert live.PENDING_ASSETS[picture.group(1)].decode("utf-8") == live.unpack_svg(data, 0)
    assert "<svg" not in out
    assert 'href="../play-crescent/#code=CR1-N-AAAAAAB"' in out
    meta = re.search(r'data-role="replay">(.*?)</script>', out).group(1)
    assert json.loads(meta) == {"code": example.code, "moves": list(example.moves)}
    # The commentary is precomputed into the step file, one entry per step (null: none), and
    # the teaching points are listed in the page, each linked to its step.
    from sitegen import commentary

    assert data["notes"] == commentary.step_texts(example, lang)
    assert any(data["notes"])
    for step in {n.step for n in commentary.notes(example) if n.teaching}:
        assert f'data-goto="{step + 1}"' in out.split('data-role="moments"')[1].split("</ul>")[0]


def test_replay_unknown_example_fails_with_file_and_line() -> None:
    c = ctx("en", "examples.md")
    c.line = 12
    with pytest.raises(SourceError) as err:
        replay.replay_html("no-such-game", "en", c)
    assert str(err.value).startswith("docs/en/examples.md:12: replay: unknown example")


def test_write_assets_writes_only_changes(tmp_path: Path) -> None:
    live.PENDING_ASSETS.clear()
    live.PENDING_ASSETS["assets/replays/x.en.json"] = b"{}\n"
    assert assets.write_assets(tmp_path) == ["assets/replays/x.en.json"]
    assert assets.write_assets(tmp_path) == []


def test_tryit_answers_agree_with_the_engine() -> None:
    example = load_example(FIXTURE_DOCS, "crescent-example", ROOT)
    state = example.states[3]
    answers = tryit.first_answers(state, "el", "t")
    game = engine.from_state(state)
    for place, index in answers["tap"].items():
        answer = answers["responses"][index]
        move = engine.tap(game, place)
        if move is None:
            assert answer.get("selected") == place or answer.get("refused"), place
        else:
            after = game.copy()
            after.play(move)
            assert answer["state"] == after.state() and answer["played"] == move
            svg = live.unpack_svg(answers["packed"], answer["svg_ref"])
            assert 'data-place="' in svg
    for src, row in answers["drop"].items():
        for dst, index in row.items():
            answer = answers["responses"][index]
            move = engine.drop(game, src, dst)
            reason = game.check(move)
            if reason is None:
                after = game.copy()
                after.play(move)
                assert answer["state"] == after.state(), (src, dst)
            else:
                assert answer["refused"]["reason"] == reason, (src, dst)
                assert answer["message"] == catalogues.message("el", f"reason.{reason}")


def test_tryit_html() -> None:
    live.PENDING_ASSETS.clear()
    out = tryit.tryit_html("crescent-example@3", "fr", ctx("fr", "crescent.md"))
    assert 'data-tryit="crescent-example@3"' in out and 'data-board="crescent"' in out
    assert 'data-action="reset"' in out
    # The answers are a file the page fetches, named by their bytes' hash, not inline.
    assert 'data-role="answers"' not in out
    src = re.search(r'data-answers="([^"]+)"', out).group(1)
    assert re.fullmatch(r"assets/tryit/[0-9a-f]{20}\.fr\.json", src)
    answers = json.loads(live.PENDING_ASSETS[src])
    example = load_example(FIXTURE_DOCS, "crescent-example", ROOT)
    drawing = diagrams.render_svg(
        example.states[3], "fr", diagram_id="tryit-crescent-example-3", interactive=True
    )
    assert answers == tryit.first_answers(
        example.states[3], "fr", "tryit-crescent-example-3", initial_svg=drawing, picture_svg=drawing
    )
    # The page shows the drawing as a picture (a file), the answers bring it inline (one copy).
    assert answers["initial_ref"] == answers["picture_ref"]
    assert live.unpack_svg(answers["packed"], answers["picture_ref"]) == drawing
    picture = re.search(r'<img class="cc-picture"[^>]* src="\.\./\.\./(assets/pictures/[^"]+)"', out)
    assert picture and live.PENDING_ASSETS[picture.group(1)].decode("utf-8") == drawing
    assert "<svg" not in out


# ---- pyworker -----------------------------------------------------------------------------------


def test_open_tap_drop_undo_redeal() -> None:
    a = open_board(lang="ko", code=" cr1-n-aaaaaab ")
    game = engine.new_game("CR1-N-AAAAAAB")
    assert a["opened"] and a["code"] == "CR1-N-AAAAAAB" and a["state"] == game.state()
    assert a["labels"]["redeal"] == "재배치 (3회 남음)" and a["disabled"] == {"undo": True, "redeal": False}
    place, move = next((str(p), m) for p in range(1, 17) if (m := engine.tap(game, str(p))))
    before = game.state()
    game.play(move)
    b = call("tap", board="t", lang="ko", place=place)
    assert b["played"] == move and b["state"] == game.state()
    assert b["message"] == diagrams.caption(move, before, "ko", 1)
    assert b["svg"] == diagrams.render_svg(
        game.state(), "ko", diagram_id="t", interactive=True, highlight=tuple(move.split(">"))
    )
    c = call("undo", board="t", lang="ko")
    game.undo()
    assert c["state"] == game.state() and c["message"] == catalogues.message("ko", "ui.undone")
    d = call("undo", board="t", lang="ko")
    assert d["refused"]["reason"] == "nothing-to-undo"
    e = call("redeal", board="t", lang="ko")
    assert e["state"]["redeals_left"] == 2 and e["message"] == "재배치했습니다. 2회 남았습니다."
    call("redeal", board="t", lang="ko")
    f = call("redeal", board="t", lang="ko")
    assert f["labels"]["redeal"] == "남은 재배치 없음" and f["disabled"]["redeal"] is True
    g = call("redeal", board="t", lang="ko")
    assert g["refused"]["reason"] == "no-redeals"


def test_select_then_refused_second_click() -> None:
    open_board(lang="el")
    game = engine.new_game("CR1-N-AAAAAAB")
    src = next(str(p) for p in range(1, 17) if engine.tap(game, str(p)) is None)
    a = call("tap", board="t", lang="el", place=src)
    assert a["selected"] == src
    assert a["message"] == catalogues.message(
        "el", "ui.selected", place=catalogues.message("el", "place.cr.pile", n=src)
    )
    dst = next(str(q) for q in range(1, 17) if str(q) != src and game.check(f"{src}>{q}"))
    b = call("drop", board="t", lang="el", src=src, dst=dst)
    reason = game.check(f"{src}>{dst}")
    assert b["refused"]["reason"] == reason
    assert b["message"] == catalogues.message("el", f"reason.{reason}")
    quiet = call("drop", board="t", lang="el", src=src, dst="F", quiet=True)
    if game.check(f"{src}>F"):
        assert quiet["selected"] is None


def test_foundation_zone_drop_names_the_foundation() -> None:
    open_board()
    game = engine.new_game("CR1-N-AAAAAAB")
    src = next(str(p) for p in range(1, 17) if game.check(f"{p}>F") is None)
    a = call("drop", board="t", lang="en", src=src, dst="F")
    assert re.fullmatch(rf"{src}>[SHDC][+-]", a["played"])
    game.play(a["played"])
    assert a["state"] == game.state()


def test_canfield_draw_and_score() -> None:
    a = open_board("canfield", lang="fr", code="CF1-D1-AAAAACL")
    assert a["state"]["draw"] == 1 and a["disabled"]["draw"] is False
    b = call("tap", board="t", lang="fr", place="stock")
    assert b["played"] == "draw" and len(b["state"]["waste"]) == 1


@pytest.mark.parametrize(
    "hostile", ["<img src=x onerror=alert(1)>", "", "CR1-N-AAAAAA", "ZZ1-N-AAAAAAB", "x" * 5000, None, 12]
)
def test_bad_codes_open_the_default_deal_with_a_message(hostile: Any) -> None:
    a = open_board(lang="ko", code=hostile)
    assert a["code"] == "CR1-N-AAAAAAB" and a["kind"] == "refused"
    assert a["message"].startswith("올바른 게임 코드가 아닙니다.")
    assert "<img" not in a["message"]


def test_code_of_the_other_game() -> None:
    a = open_board(lang="en", code="CF1-D3-AAAAACL")
    assert a["code"] == "CR1-N-AAAAAAB"
    assert a["message"] == catalogues.message("en", "ui.code-other-game.crescent")


def test_moves_from_a_link_stop_at_an_illegal_one() -> None:
    game = engine.new_game("CR1-N-AAAAAAB")
    first = game.legal_moves()[0]
    a = open_board(lang="en", code="CR1-N-AAAAAAB", moves=[first, "1>1", first])
    game.play(first)
    assert a["state"] == game.state() and a["kind"] == "refused"
    assert a["message"] == catalogues.message(
        "en", "ui.moves-stopped", number=2, reason=catalogues.message("en", "reason.same-place")
    )


def test_won_game_from_a_link_says_so() -> None:
    path = ROOT / "docs" / "examples" / "crescent-example.json"
    if not path.is_file():
        path = FIXTURE_DOCS / "examples" / "crescent-example.json"
    example = json.loads(path.read_text(encoding="utf-8"))
    a = open_board(lang="fr", code=example["code"], moves=example["moves"])
    game = engine.new_game(example["code"])
    for move in example["moves"]:
        game.play(move)
    assert a["state"] == game.state()
    if game.status == "won":
        assert a["kind"] == "won"
        assert a["message"] == catalogues.message("fr", "ui.won", moves=game.state()["moves"])


def test_hint_names_a_legal_move() -> None:
    open_board(lang="en")
    a = call("hint", board="t", lang="en")
    game = engine.new_game("CR1-N-AAAAAAB")
    move = a["hint"]["move"]
    assert game.check(move) is None
    assert a["message"] == advice.hint_text(move, game.state(), "en")


def test_random_deal_follows_the_draw_choice() -> None:
    a = open_board("canfield", random=True, draw=1)
    assert re.fullmatch(r"CF1-D1-[A-Z]{7}", a["code"])
    assert a["state"] == engine.new_game(a["code"]).state()


def test_unknown_operation_and_board() -> None:
    with pytest.raises(ValueError, match="unknown operation"):
        call("explode")
    with pytest.raises(KeyError, match="no game open"):
        call("tap", board="nowhere", place="1")


# ---- the worker's light saxutils ----------------------------------------------------------------


@pytest.mark.parametrize("text", ["a&b<c>", 'say "hi"', "it's", "both ' and \"", "tab\there\nline"])
def test_light_saxutils_gives_the_same_bytes(text: str) -> None:
    assert lightimports.escape(text) == saxutils.escape(text)
    assert lightimports.quoteattr(text) == saxutils.quoteattr(text)
    assert lightimports.unescape(saxutils.escape(text)) == text


def test_light_saxutils_is_only_for_the_browser() -> None:
    assert lightimports.install() is False  # CPython: the real module is used
