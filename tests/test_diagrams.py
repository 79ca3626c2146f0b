"""Board diagrams, descriptions and captions: goldens and properties, for both games.

Goldens live in tests/golden/diagrams/ (one .svg per case, descriptions.json for the text of
every case in every language). After an intended change of the drawing or the wording,
regenerate them and review the diff:

    UPDATE_GOLDENS=1 .venv/bin/python -m pytest tests/test_diagrams.py

(the tests that write goldens then pass; run again without the variable to check).
"""

from __future__ import annotations

import html
import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import catalogues
import diagrams
import engine

GOLDEN = Path(__file__).resolve().parent / "golden" / "diagrams"
UPDATE = os.environ.get("UPDATE_GOLDENS") == "1"
NS = "{http://www.w3.org/2000/svg}"
LANGS = catalogues.LANGUAGES
RANKS = "A23456789TJQK"
CR_PLACES = (*tuple(str(n) for n in range(1, 17)), "S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-")
CF_PLACES = ("stock", "W", "R", "1", "2", "3", "4", "S", "H", "D", "C")


# --------------------------------------------------------------------------- positions


def crescent_from_tops(foundations: dict[str, list[str]], piles: list[tuple[int, str]]) -> dict:
    """A whole Crescent position from what a description gives (each pile's count and top
    card): the cards under the tops are the rest of the two decks, dealt in a fixed order."""
    pool = [r + s for s in "SHDC" for r in RANKS] * 2
    for seq in foundations.values():
        for card in seq:
            pool.remove(card)
    for _, top in piles:
        pool.remove(top)
    pool.sort()
    built = [[pool.pop() for _ in range(n - 1)] + [top] for n, top in piles]
    assert not pool
    return {
        "game": "crescent",
        "code": "CR1-N-AAAAAAB",
        "piles": built,
        "foundations": foundations,
        "redeals_left": 3,
        "moves": 9,
        "status": "playing",
    }


def seed_crescent() -> dict:
    """crescent-rules.ko.txt: the position before move 10 (A♠ from pile 10 onto K♠ on pile 14)."""
    return crescent_from_tops(
        {
            "S+": ["AS", "2S"],
            "H+": ["AH", "2H"],
            "D+": ["AD"],
            "C+": ["AC"],
            "S-": ["KS", "QS"],
            "H-": ["KH", "QH"],
            "D-": ["KD"],
            "C-": ["KC", "QC", "JC", "TC", "9C"],
        },
        [
            (4, "JD"),
            (6, "8S"),
            (4, "7D"),
            (5, "4D"),
            (6, "TS"),
            (4, "QS"),
            (6, "5H"),
            (6, "6S"),
            (5, "5C"),
            (6, "AS"),
            (6, "KC"),
            (6, "TC"),
            (6, "7C"),
            (6, "KS"),
            (6, "6S"),
            (6, "AC"),
        ],
    )


def seed_canfield() -> dict:
    """canfield-rules.ko.txt: base 7♥, reserve top Q♣ (then 8♥, Q♠, J♠ under it), columns
    6♣ K♥ Q♥ A♠, 34 cards in the stock."""
    named = ["7H", "6C", "KH", "QH", "AS", "QC", "8H", "QS", "JS"]
    rest = [r + s for s in "SHDC" for r in RANKS if r + s not in named]
    reserve = [*rest[:9], "JS", "QS", "8H", "QC"]
    return {
        "game": "canfield",
        "code": "CF1-D3-AAAAACL",
        "draw": 3,
        "base_rank": "7",
        "stock": rest[9:],
        "waste": [],
        "reserve": reserve,
        "foundations": {"S": [], "H": ["7H"], "D": [], "C": []},
        "columns": [["6C"], ["KH"], ["QH"], ["AS"]],
        "score": 0,
        "moves": 0,
        "status": "playing",
    }


def crescent_late() -> dict:
    """Empty piles, a full ascending foundation and a tall pile (played by hand, checked by the engine)."""
    founds = {
        "S+": [r + "S" for r in RANKS],
        "H+": ["AH", "2H", "3H"],
        "D+": ["AD"],
        "C+": ["AC", "2C"],
        "S-": ["KS", "QS", "JS"],
        "H-": ["KH"],
        "D-": ["KD", "QD"],
        "C-": ["KC"],
    }
    pool = [r + s for s in "SHDC" for r in RANKS] * 2
    for seq in founds.values():
        for card in seq:
            pool.remove(card)
    sizes = [0, 13, 9, 0, 7, 7, 7, 7, 0, 5, 5, 7, 0, 7, 2, 2]
    assert sum(sizes) == len(pool)
    piles = []
    for n in sizes:
        piles.append(pool[:n])
        del pool[:n]
    return {
        "game": "crescent",
        "code": "CR1-N-AAAAAAB",
        "piles": piles,
        "foundations": founds,
        "redeals_left": 1,
        "moves": 120,
        "status": "playing",
    }


def canfield_d1_played() -> dict:
    game = engine.new_game("CF1-D1-AAAAAAC")
    for _ in range(5):
        game.play("draw")
    return game.state()


def canfield_empty_columns() -> dict:
    """The reserve spent, two empty columns, a long column, a waste in draw three."""
    cols = [["KH", "QC", "JD", "TS", "9H", "8C", "7D"], [], ["5S"], []]
    founds = {"S": ["4S"], "H": ["4H", "5H", "6H"], "D": ["4D", "5D", "6D"], "C": ["4C", "5C", "6C", "7C"]}
    used = {c for seq in [*cols, *founds.values()] for c in seq}
    rest = [r + s for s in "SHDC" for r in RANKS if r + s not in used]
    return {
        "game": "canfield",
        "code": "CF1-D3-AAAAAAB",
        "draw": 3,
        "base_rank": "4",
        "stock": rest[:20],
        "waste": rest[20:],
        "reserve": [],
        "foundations": founds,
        "columns": cols,
        "score": 40,
        "moves": 77,
        "status": "playing",
    }


STATES = {
    "crescent-seed": seed_crescent,
    "crescent-deal": lambda: engine.new_game("CR1-N-AAAAAAB").state(),
    "crescent-late": crescent_late,
    "canfield-seed": seed_canfield,
    "canfield-deal": lambda: engine.new_game("CF1-D3-AAAAACL").state(),
    "canfield-d1-played": canfield_d1_played,
    "canfield-empty-columns": canfield_empty_columns,
}

# (golden file, state, lang, options)
SVG_CASES = [
    ("crescent-seed-ko-arrow", "crescent-seed", "ko", {"highlight": ("10", "14")}),
    ("crescent-deal-en-small-interactive", "crescent-deal", "en", {"size": "small", "interactive": True}),
    ("crescent-late-el-fan", "crescent-late", "el", {"fan": ("2", "7", "15")}),
    ("crescent-seed-fr-refused", "crescent-seed", "fr", {"highlight": ("3", "1"), "refused": True}),
    ("canfield-seed-ko-arrow", "canfield-seed", "ko", {"highlight": ("R", "2")}),
    ("canfield-d1-fr-refused", "canfield-d1-played", "fr", {"highlight": ("W", "S"), "refused": True}),
    ("canfield-empty-en-interactive", "canfield-empty-columns", "en", {"interactive": True, "fan": ("W",)}),
]


@pytest.fixture(scope="module")
def states() -> dict[str, dict]:
    built = {name: make() for name, make in STATES.items()}
    for state in built.values():  # every test position is one the rules can reach
        engine.from_state(state)
    return built


def render(state: dict, lang: str = "en", diagram_id: str = "t", **options: object) -> str:
    return diagrams.render_svg(state, lang, diagram_id=diagram_id, **options)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups_by_place(root: ET.Element) -> dict[str, ET.Element]:
    found: dict[str, ET.Element] = {}
    for g in root.iter(f"{NS}g"):
        place = g.get("data-place")
        if place is not None:
            assert place not in found, f"place {place} drawn twice"
            found[place] = g
    return found


def ranks(root: ET.Element, group: ET.Element) -> list[str]:
    """The rank indices drawn in a group: each is a <use> of a <text id="...-rX"> in <defs>."""
    defs = {t.get("id"): t.text for t in root.iter(f"{NS}text") if t.get("id")}
    return [defs[u.get("href")[1:]] for u in group.iter(f"{NS}use") if u.get("href")[1:] in defs]


def place_text(group: ET.Element) -> list[str]:
    """The place's own text (its label): what its accessible name must begin with."""
    return [t.text for t in group.iter(f"{NS}text")]


def faces(group: ET.Element) -> int:
    """Face-up cards drawn in a group (each is a rect of class cd-f)."""
    return sum(1 for r in group.iter(f"{NS}rect") if r.get("class") == "cd-f")


# --------------------------------------------------------------------------- goldens


@pytest.mark.parametrize(("name", "state_name", "lang", "options"), SVG_CASES, ids=[c[0] for c in SVG_CASES])
def test_svg_matches_golden(states: dict, name: str, state_name: str, lang: str, options: dict) -> None:
    svg = render(states[state_name], lang, diagram_id=name, **options)
    path = GOLDEN / f"{name}.svg"
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(svg, encoding="utf-8")
    assert path.exists(), f"{path} missing: run with UPDATE_GOLDENS=1"
    assert svg == path.read_text(encoding="utf-8"), f"{name} differs from its golden"


def test_descriptions_match_golden(states: dict) -> None:
    got = {name: {lang: diagrams.describe(states[name], lang) for lang in LANGS} for name in STATES}
    path = GOLDEN / "descriptions.json"
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(
            json.dumps(got, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
    assert json.loads(path.read_text(encoding="utf-8")) == got


# --------------------------------------------------------------------------- properties


@pytest.mark.parametrize("state_name", list(STATES))
@pytest.mark.parametrize("lang", LANGS)
def test_render_is_deterministic_well_formed_and_self_contained(
    states: dict, state_name: str, lang: str
) -> None:
    state = states[state_name]
    svg = render(state, lang, diagram_id=f"{state_name}-{lang}")
    assert svg == render(state, lang, diagram_id=f"{state_name}-{lang}")
    assert render(state, lang, diagram_id="x", interactive=True) == render(
        state, lang, diagram_id="x", interactive=True
    )
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("data-diagram") == f"{state_name}-{lang}"
    assert root.get("role") == "img" and root.get("lang") == lang
    assert re.fullmatch(r"0 0 \d+ \d+", root.get("viewBox") or "")
    title, desc = root.find(f"{NS}title"), root.find(f"{NS}desc")
    assert title is not None and desc is not None
    assert title.text == catalogues.message(lang, f"title.{state['game']}")
    assert desc.text == diagrams.describe(state, lang)
    assert root.get("aria-labelledby") == title.get("id")
    assert root.get("aria-describedby") == desc.get("id")
    lowered = svg.lower()
    for banned in (
        "<script",
        'href="http',
        "url(http",
        "@import",
        "@font-face",
        "<image",
        "<foreignobject",
        " on",
    ):
        assert banned not in lowered.replace(" only", ""), banned
    # Every href points inside the same SVG.
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    for e in root.iter():
        href = e.get("href")
        if href is not None:
            assert href.startswith("#") and href[1:] in ids
    for font in re.findall(r"font-family:([^;}]*)", svg):
        assert font.strip().endswith("sans-serif")
    places = CR_PLACES if state["game"] == "crescent" else CF_PLACES
    assert set(groups_by_place(root)) == set(places)
    assert tuple(diagrams.places(state["game"])) == places


@pytest.mark.parametrize("state_name", list(STATES))
def test_interactive_places_are_focusable_buttons_with_localized_labels(
    states: dict, state_name: str
) -> None:
    state = states[state_name]
    for lang in LANGS:
        root = parse(render(state, lang, interactive=True))
        assert root.get("role") == "group"
        by_place = groups_by_place(root)
        for place, g in by_place.items():
            assert g.get("tabindex") == "0" and g.get("role") == "button", place
            label = g.get("aria-label") or ""
            assert label and "{" not in label
            # Label in name (WCAG 2.5.3): the place's visible text, word for word, is in its
            # name, the place's own label first where it shows one.
            words = " ".join(place_text(g)).split()
            assert " ".join(words) in " ".join(label.replace(",", " ").replace("、", " ").split()), (
                lang,
                place,
                words,
                label,
            )
            hit = g.find(f"{NS}rect")
            assert hit is not None and hit.get("class") == "cd-hit"
        zones = [g for g in root.iter(f"{NS}g") if g.get("data-zone") == "F"]
        assert len(zones) == 1
        in_zone = {g.get("data-place") for g in zones[0].iter(f"{NS}g") if g.get("data-place")}
        assert in_zone == (
            {"S+", "H+", "D+", "C+", "S-", "H-", "D-", "C-"}
            if state["game"] == "crescent"
            else {"S", "H", "D", "C"}
        )
    # Non-interactive diagrams name their places but are not buttons.
    for g in groups_by_place(parse(render(state))).values():
        assert g.get("tabindex") is None and g.get("role") is None and g.get("aria-label") is None


def test_aria_labels_say_place_count_and_top_card(states: dict) -> None:
    by_place = groups_by_place(parse(render(states["crescent-seed"], "en", interactive=True)))
    assert by_place["10"].get("aria-label") == "Pile 10, 6 cards, top card ace of spades"
    # A foundation's only visible label is its count: its name begins with it.
    assert by_place["C-"].get("aria-label") == "5 cards. Descending club foundation, top card 9 of clubs"
    ko = groups_by_place(parse(render(states["crescent-seed"], "ko", interactive=True)))
    assert ko["1"].get("aria-label") == "1번 더미, 카드 4장, 맨 위는 다이아몬드 잭"
    late = groups_by_place(parse(render(states["crescent-late"], "en", interactive=True)))
    assert late["1"].get("aria-label") == "Pile 1, 0 cards"
    cf = groups_by_place(parse(render(states["canfield-empty-columns"], "en", interactive=True)))
    assert cf["stock"].get("aria-label") == "Stock, 20 cards, face down"
    assert cf["2"].get("aria-label") == "Column 2, 0 cards"
    assert (
        cf["1"]
        .get("aria-label")
        .startswith("Column 1, 7 cards, bottom to top: king of hearts, queen of clubs")
    )
    seed = groups_by_place(parse(render(states["canfield-seed"], "en", interactive=True)))
    assert seed["S"].get("aria-label") == "0 cards. Spade foundation, starts at 7"


def test_two_diagrams_on_one_page_share_no_id(states: dict) -> None:
    a = parse(render(states["crescent-seed"], diagram_id="one", highlight=("10", "14")))
    b = parse(render(states["crescent-seed"], diagram_id="two", highlight=("10", "14")))
    ids_a = {e.get("id") for e in a.iter() if e.get("id")}
    ids_b = {e.get("id") for e in b.iter() if e.get("id")}
    assert ids_a and ids_b and not ids_a & ids_b


def test_crescent_board_stays_small(states: dict) -> None:
    for name in ("crescent-seed", "crescent-deal", "crescent-late"):
        for lang in LANGS:
            assert len(render(states[name], lang).encode("utf-8")) < 15_000, (name, lang)


def test_crescent_shows_top_cards_numbers_and_counts(states: dict) -> None:
    state = states["crescent-seed"]
    svg = render(state, "en")
    by_place = groups_by_place(parse(svg))
    for n in range(1, 17):
        g = by_place[str(n)]
        assert faces(g) == 1
        texts = [t.text for t in g.iter(f"{NS}text")]
        assert f"Pile {n}" in texts and f"{len(state['piles'][n - 1])} cards" in texts
    # Ace of spades on pile 10: rank "A" and the spade shape.
    root = parse(svg)
    g10 = by_place["10"]
    assert ranks(root, g10) == ["A"]
    assert any(u.get("href") == "#d-t-S" for u in g10.iter(f"{NS}use"))
    # Red cards are red, black cards black, each suit its own shape.
    g7 = by_place["7"]  # 5 of hearts
    assert all("cd-rd" in u.get("class").split() for u in g7.iter(f"{NS}use"))
    assert {u.get("href") for u in g7.iter(f"{NS}use")} == {"#d-t-H", "#d-t-r5"}
    late = groups_by_place(parse(render(states["crescent-late"], "en")))
    for empty in ("1", "4", "9", "13"):
        assert faces(late[empty]) == 0
        assert any(r.get("class") == "cd-e" for r in late[empty].iter(f"{NS}rect"))
    fr_root = parse(render(state, "fr"))
    assert ranks(fr_root, groups_by_place(fr_root)["11"]) == ["R"]  # roi


def test_fan_shows_every_card_of_the_named_places(states: dict) -> None:
    late = states["crescent-late"]
    plain = groups_by_place(parse(render(late)))
    fanned = groups_by_place(parse(render(late, fan=("2", "7", "15"))))
    for place in ("2", "7", "15"):
        assert faces(plain[place]) == 1
        assert faces(fanned[place]) == len(late["piles"][int(place) - 1])
    assert faces(fanned["3"]) == 1
    cf = states["canfield-empty-columns"]
    assert faces(groups_by_place(parse(render(cf)))["W"]) == 3  # draw three: the last three
    assert faces(groups_by_place(parse(render(cf, fan=("W",))))["W"]) == len(cf["waste"])
    seed = states["canfield-seed"]
    assert faces(groups_by_place(parse(render(seed, fan=("R",))))["R"]) == 13
    with pytest.raises(ValueError, match="fan"):
        render(late, fan=("S+",))
    with pytest.raises(ValueError, match="fan"):
        render(cf, fan=("1",))


def test_canfield_layout(states: dict) -> None:
    d1 = states["canfield-d1-played"]
    by_place = groups_by_place(parse(render(d1, "en")))
    assert faces(by_place["W"]) == 1  # draw one: the top card only
    assert faces(by_place["stock"]) == 0
    assert any(u.get("href") == "#d-t-k" for u in by_place["stock"].iter(f"{NS}use"))
    texts = [t.text for t in by_place["stock"].iter(f"{NS}text")]
    assert f"{len(d1['stock'])} cards" in texts
    cf = states["canfield-empty-columns"]
    by_place = groups_by_place(parse(render(cf, "en")))
    assert faces(by_place["1"]) == 7  # columns: every card visible
    assert faces(by_place["2"]) == 0 and faces(by_place["R"]) == 0
    # The start rank is marked on each foundation; an empty one shows its suit and start rank.
    seed_root = parse(render(states["canfield-seed"], "ko"))
    seed = groups_by_place(seed_root)
    board_text = [t.text for t in seed_root.iter(f"{NS}text")]
    assert board_text.count("시작 7") == 4  # under each foundation, outside its label
    assert "7" in ranks(seed_root, seed["S"])
    assert faces(seed["S"]) == 0 and faces(seed["H"]) == 1


def test_highlight_draws_an_arrow_and_refusal_is_marked_by_shape(states: dict) -> None:
    state = states["crescent-seed"]
    plain = render(state)
    assert 'class="cd-a' not in plain and "<marker" not in plain
    ok = parse(render(state, highlight=("10", "14")))
    paths = [p for p in ok.iter(f"{NS}path") if p.get("class") == "cd-a"]
    assert len(paths) == 1 and paths[0].get("marker-end") == "url(#d-t-ma)"
    assert sum(1 for r in ok.iter(f"{NS}rect") if r.get("class") == "cd-h") == 2
    bad = parse(render(state, highlight=("3", "1"), refused=True))
    assert [p.get("class") for p in bad.iter(f"{NS}path") if p.get("class", "").startswith("cd-a")] == [
        "cd-ah",
        "cd-ax",
    ]
    dashed = [r for r in bad.iter(f"{NS}rect") if r.get("class") == "cd-x"]
    assert len(dashed) == 1  # the refused destination: dashed ring
    assert any(c.get("r") for c in bad.iter(f"{NS}circle"))  # and a cross in a disc
    zone = parse(render(state, highlight=("10", "F")))
    assert any(p.get("class") == "cd-a" for p in zone.iter(f"{NS}path"))
    with pytest.raises(ValueError, match="highlight"):
        render(state, highlight=("10", "W"))
    with pytest.raises(ValueError, match="refused"):
        render(state, refused=True)


def test_sizes(states: dict) -> None:
    state = states["canfield-seed"]
    large, small = parse(render(state)), parse(render(state, size="small"))
    assert large.get("viewBox") == small.get("viewBox")
    assert int(small.get("width")) < int(large.get("width"))
    with pytest.raises(ValueError, match="size"):
        render(state, size="medium")


def test_bad_input_says_what_is_wrong(states: dict) -> None:
    state = dict(states["crescent-seed"])
    with pytest.raises(ValueError, match="language"):
        render(state, "xx")
    with pytest.raises(ValueError, match="game"):
        render({"game": "klondike"})
    broken = dict(state, piles=state["piles"][:15])
    with pytest.raises(ValueError, match="16"):
        diagrams.describe(broken, "en")
    broken = dict(state, piles=[["ZZ"], *state["piles"][1:]])
    with pytest.raises(ValueError, match=r"pile 1.*'ZZ'"):
        render(broken)
    cf = dict(states["canfield-seed"], draw=2)
    with pytest.raises(ValueError, match="draw"):
        render(cf)


# --------------------------------------------------------------------------- descriptions, captions


def test_descriptions_of_empty_places(states: dict) -> None:
    assert "1번 더미: 비어 있음; 2번 더미: 카드 13장" in diagrams.describe(states["crescent-late"], "ko")
    en = diagrams.describe(states["canfield-empty-columns"], "en")
    assert en.startswith("Stock: 20 cards, waste: ")
    assert "reserve empty." in en and "; column 2 empty;" in en and en.endswith("column 4 empty.")
    assert (
        "Foundations, start rank 4: spades up to 4 of spades (1 card), hearts up to 6 of hearts (3 cards)"
        in en
    )


def test_caption_examples() -> None:
    seed = seed_crescent()
    assert diagrams.caption("10>14", seed, "en", 10) == "Move 10: A♠ from pile 10 onto K♠ on pile 14"
    assert diagrams.caption("10>14", seed, "en") == "A♠ from pile 10 onto K♠ on pile 14"
    assert (
        diagrams.caption("10>14", seed, "ko", 10)
        == "10번째 수: 10번 더미의 A♠를 14번 더미의 K♠ 위에 놓습니다"  # the seed's "A♠를", no calque "카드"
    )
    assert diagrams.caption("10>14", seed, "fr", 10) == "Coup 10\u00a0: A♠ de la pile 10 sur R♠ de la pile 14"
    # P>F goes to the foundation that takes the card, named in the caption.
    assert diagrams.caption("9>F", seed, "en") == "5♣ from pile 9 to the foundations"
    assert diagrams.caption("14>F", seed, "en") == "K♠ from pile 14 to the foundations"
    state = crescent_late()
    top = state["piles"][2][-1]
    text = diagrams.caption("3>F", state, "en")
    assert text.startswith(top[0].replace("T", "10"))
    assert diagrams.caption("redeal", state, "en", 5) == (
        "Redeal 3 of 3: in every pile of two or more cards, the bottom card goes to the top"
    )
    assert (
        diagrams.caption("S->S+", seed, "en", 3)
        == "Move 3: Q♠ from the descending spade foundation onto 2♠ on the ascending spade foundation"
    )
    cf = seed_canfield()
    assert diagrams.caption("R>2", cf, "en", 1) == "Move 1: Q♣ from the reserve onto K♥ in column 2"
    assert (
        diagrams.caption("4>F", cf, "en")
        == "A♠ from column 4 to the empty spade foundation; Q♣ from the reserve fills column 4"
    )
    assert diagrams.caption("draw", cf, "en", 2).startswith(
        "Move 2: 3 cards drawn from the stock onto the waste, "
    )
    with pytest.raises(ValueError, match="not a Canfield move"):
        diagrams.caption("10>14", cf, "en")
    with pytest.raises(ValueError, match="empty"):
        diagrams.caption("1>2", crescent_late(), "en")


def test_crescent_p_to_f_names_the_accepting_foundation() -> None:
    state = seed_crescent()
    state["piles"][0][-1] = "3S"  # pile 1 now tops with 3♠, which S+ (at 2♠) takes
    state["piles"][1][-1] = "JD"  # keep the card counts right: J♦ moves into pile 2
    assert diagrams.caption("1>F", state, "en") == "3♠ from pile 1 onto 2♠ on the ascending spade foundation"
    assert (
        diagrams.caption("1>F", state, "el", 4)
        == "Κίνηση 4: 3♠ από τη στοίβα 1 στο ανοδικό θεμέλιο μπαστούνι, πάνω στο φύλλο 2♠"
    )


@pytest.mark.parametrize("code", ["CR1-N-AAAAAAB", "CR1-N-AAAAABC", "CF1-D3-AAAAACL", "CF1-D1-AAAAAAD"])
def test_every_legal_move_of_played_games_has_a_caption_in_every_language(code: str) -> None:
    game = engine.new_game(code)
    seen: set[str] = set()
    for step in range(60):
        moves = game.legal_moves()
        if not moves:
            break
        state = game.state()
        for move in moves:
            kind = re.sub(r"\d+", "n", move)
            for lang in LANGS:
                text = diagrams.caption(move, state, lang, step + 1)
                assert text and "{" not in text
            seen.add(kind)
        for lang in LANGS:
            assert "{" not in diagrams.describe(state, lang)
        # Prefer moves that change the picture, so the walk meets many kinds of move.
        game.play(moves[(step * 7) % len(moves)])
    assert len(seen) >= 3


def test_canfield_refill_and_run_captions_from_the_engine() -> None:
    game = engine.from_state(seed_canfield())
    game.play("R>2")
    game.play("R>H")
    before = game.state()
    assert diagrams.caption("2:2>4", before, "en", 3) == (
        "Move 3: 2 cards (K♥ Q♣) from column 2 onto A♠ in column 4; Q♠ from the reserve fills column 2"
    )
    assert diagrams.caption("2:2>4", before, "ko", 3) == (
        "3번째 수: 2열의 카드 2장(K♥ Q♣)을 4열의 A♠ 위로 옮깁니다. 2열이 비어 리저브의 Q♠으로 채워집니다"
    )


def test_a_label_too_wide_for_its_column_is_squeezed_into_it(states: dict) -> None:
    """'Montón 10' (es) would run into 'Montón 11': drawn 60 units wide (one column step less a
    gap); the short 'Pile 10' (en) is left as it is; the waste's label keeps its wider room."""
    es = render(states["crescent-seed"], "es", diagram_id="w")
    assert '<text class="cd-l cd-lb" x="' in es
    assert re.search(r'textLength="60" lengthAdjust="spacingAndGlyphs">Montón 10<', es)
    en = render(states["crescent-seed"], "en", diagram_id="w")
    assert ">Pile 10<" in en and "textLength" not in en
    el = render(states["canfield-seed"], "el", diagram_id="w")
    assert re.search(r'<text class="cd-l cd-lb" x="\d+" y="\d+">Απορρίμματα<', el)


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
@pytest.mark.parametrize("code", ["CR1-N-AAAAAAB", "CF1-D3-AAAAACL", "CF1-D1-AAAAAAB"])
def test_every_places_accessible_name_begins_with_its_visible_label(lang: str, code: str) -> None:
    """CONTRACT.md and WCAG 2.5.3 (hostile review #13): a place's aria-label begins with the first
    text drawn in it (a pile's name; a foundation's count, its only visible label), along a game."""
    import random

    game = engine.new_game(code)
    rng = random.Random(13)
    place_re = re.compile(r'<g data-place="([^"]+)"[^>]*aria-label="([^"]+)"')
    for _ in range(25):
        svg = diagrams.render_svg(game.state(), lang, diagram_id="t", interactive=True)
        for m in place_re.finditer(svg):
            start = svg.find("<text", m.end())
            end = svg.find("</text>", start)
            visible = html.unescape(re.sub("<[^>]+>", "", svg[svg.find(">", start) + 1 : end]))
            assert html.unescape(m.group(2)).startswith(visible), (m.group(1), visible, m.group(2))
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))


@pytest.mark.parametrize("state", [{"game": "klondike"}, {"game": None}, {}])
def test_a_state_of_no_drawn_game_is_refused_naming_the_games(state: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"'game' must be 'crescent' or 'canfield', not "):
        diagrams.describe(state, "en")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown game"):
        diagrams.places(str(state.get("game")))
