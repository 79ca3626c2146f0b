"""Crescent's narrow-screen arrangement (diagrams/crescent_rows.py), read back from the SVG.

The rows are CSS rules in the drawing (a translation per pile, one for the foundations' zone):
these tests apply those rules to the drawing's own rectangles, as a browser would, and check
what the reader gets: every place in reading order, no two tap areas overlapping, all inside
the board, big enough on a 390 px phone, the same words as the horseshoe.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import catalogues
import diagrams
import engine
from diagrams import crescent, crescent_rows, textwidth
from diagrams.svg import CH, LABEL_PX

NS = "{http://www.w3.org/2000/svg}"
PHONE_BOARD_PX = 382  # a 390 px viewport less the board frame's padding (site.css)


def states() -> list[dict]:
    game = engine.new_game("CR1-N-AAAAAAB")
    out = [game.state()]
    for _ in range(12):  # a few moves in, with emptier piles and fuller foundations
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[0])
        out.append(game.state())
    return out


def rows_svg(state: dict, lang: str = "en", **options: object) -> str:
    return diagrams.render_svg(state, lang, diagram_id="r", interactive=True, **options)


def offsets(svg: str) -> tuple[dict[str, tuple[float, float]], tuple[float, float], float]:
    """The rows' CSS as numbers: per-pile shift, the zone's shift, the board's scale."""
    css = re.search(r'<g class="cd-rs"><style>(.*?)</style></g>', svg).group(1)
    scale = float(re.search(r">\.cd-all\{transform:scale\(([\d.]+)\)\}", css).group(1))
    return (*shifts(css), scale)


def shifts(css: str) -> tuple[dict[str, tuple[float, float]], tuple[float, float]]:
    piles = {
        p: (float(x), float(y))
        for p, x, y in re.findall(
            r'\[data-place="([^"]+)"\]\{transform:translate\((-?[\d.]+)px,(-?[\d.]+)px\)\}', css
        )
    }
    zx, zy = re.search(
        r'\[data-zone="F"\][^{]*\{transform:translate\((-?[\d.]+)px,(-?[\d.]+)px\)\}', css
    ).groups()
    return piles, (float(zx), float(zy))


def hit_rects(svg: str) -> dict[str, tuple[float, float, float, float]]:
    """Every place's tap area (x, y, w, h) where the rows put it, in the rows' units."""
    root = ET.fromstring(svg)
    piles, zone, _ = offsets(svg)
    out = {}
    for g in root.iter(f"{NS}g"):
        place = g.get("data-place")
        if place is None:
            continue
        r = g.find(f"{NS}rect")
        assert r is not None and r.get("class") == "cd-hit"
        dx, dy = zone if place in crescent.FOUNDATIONS else piles[place]
        out[place] = (
            float(r.get("x")) + dx,
            float(r.get("y")) + dy,
            float(r.get("width")),
            float(r.get("height")),
        )
    return out


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("state", states(), ids=lambda s: f"moves{s['moves']}")
def test_rows_place_every_tap_area_apart_inside_the_board(state: dict) -> None:
    svg = rows_svg(state)
    rects = hit_rects(svg)
    assert set(rects) == set(diagrams.places("crescent"))
    names = sorted(rects)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not overlap(rects[a], rects[b]), (a, rects[a], b, rects[b])
    for place, (x, y, w, h) in rects.items():
        assert x >= 0 and x + w <= crescent_rows.WIDTH and y >= 0 and y + h <= crescent_rows.HEIGHT, place
    # The foundations' zone (a drop anywhere in it) lies between the rows of piles.
    root = ET.fromstring(svg)
    zone = next(g for g in root.iter(f"{NS}g") if g.get("data-zone") == "F")
    z = zone.find(f"{NS}rect")
    _, (zx, zy), _ = offsets(svg)
    zr = (float(z.get("x")) + zx, float(z.get("y")) + zy, float(z.get("width")), float(z.get("height")))
    assert zr[0] >= 0 and zr[0] + zr[2] <= crescent_rows.WIDTH
    for n in range(1, 17):
        assert not overlap(zr, rects[str(n)]), n


def test_rows_read_in_the_piles_order_with_the_foundations_between() -> None:
    rects = hit_rects(rows_svg(states()[0]))
    lines: dict[float, list[str]] = {}
    for place, (_x, y, _, _) in rects.items():
        lines.setdefault(y, []).append(place)
    reading = [sorted(ps, key=lambda p: rects[p][0]) for _, ps in sorted(lines.items())]
    assert reading == [
        [str(n) for n in range(1, 9)],
        ["S+", "H+", "D+", "C+"],
        ["S-", "H-", "D-", "C-"],
        [str(n) for n in range(9, 17)],
    ]
    assert tuple(p for line in reading for p in line) == crescent_rows.ORDER
    # The drawing tells the page that order (Home, End, arrows without a layout).
    root = ET.fromstring(rows_svg(states()[0]))
    assert tuple(root.get("data-rows").split()) == crescent_rows.ORDER
    assert root.get("preserveAspectRatio") == "xMinYMin meet"


def test_rows_fit_a_phone_with_taps_and_ranks_big_enough() -> None:
    svg = rows_svg(states()[0])
    _, _, scale = offsets(svg)
    root = ET.fromstring(svg)
    width = float(root.get("viewBox").split()[2])
    # The horseshoe's viewBox scaled by `scale` is the rows' width: the rows fill the box.
    assert abs(width / scale - crescent_rows.WIDTH) < 0.01
    px = PHONE_BOARD_PX / crescent_rows.WIDTH  # CSS px per unit on a 390 px phone
    assert px >= 0.8
    for _x, _y, w, h in hit_rects(svg).values():
        assert w * px >= 44 and h * px >= 44
    rank_units = float(re.search(r"\.cd-r\{font-size:(\d+)px", svg).group(1))
    assert rank_units * px >= 12
    # 0.8 of the rows is what site.css keeps as the board's least width (a phone narrower than
    # 384 px scrolls a little rather than shrink the ranks), for the drawing and its picture.
    from tests.conftest import ROOT

    site_css = (ROOT / "docs" / "assets" / "css" / "site.css").read_text(encoding="utf-8")
    least = {
        sel.strip().split()[-1]: px
        for sel, px in re.findall(r"([^{}]*)\{\s*min-width:\s*(\d+)px;", site_css)
        if "data-rows" in sel or "picture >" in sel
    }
    assert least and set(least.values()) == {str(round(0.8 * crescent_rows.WIDTH))}, least


def test_pile_labels_never_reach_the_neighbours() -> None:
    state = states()[0]
    for lang in catalogues.LANGUAGES:
        root = ET.fromstring(rows_svg(state, lang))
        for g in root.iter(f"{NS}g"):
            place = g.get("data-place")
            if place is None or place in crescent.FOUNDATIONS:
                continue
            for t in g.iter(f"{NS}text"):
                fitted = t.get("textLength")
                w = float(fitted) if fitted else textwidth.width(t.text, LABEL_PX)
                assert w <= crescent_rows.LABEL_ROOM, (lang, place, t.text, w)


def test_rows_are_deterministic_and_the_same_for_every_state() -> None:
    a = [rows_svg(s) for s in states()]
    assert a == [rows_svg(s) for s in states()]
    rules = {re.search(r'<g class="cd-rs">.*?</g>', svg).group(0) for svg in a}
    assert len(rules) == 1  # stored once when drawings are packed (sitegen.live.pack_svgs)
    arr = crescent_rows.arrangement(states()[0])
    assert arr == crescent_rows.arrangement(states()[-1])
    for n in range(1, 17):
        hx, hy, _ = crescent.pile_xy(n)
        assert (hx + arr.offsets[str(n)][0], hy + arr.offsets[str(n)][1]) == crescent_rows.pile_xy(n)


def test_the_words_are_the_horseshoes() -> None:
    """The rows move the horseshoe's drawing: same description, same labels, same names."""
    for state in states()[:3]:
        for lang in ("ko", "el", "en"):
            svg = rows_svg(state, lang)
            root = ET.fromstring(svg)
            assert root.find(f"{NS}desc").text == diagrams.describe(state, lang)
            texts = {
                g.get("data-place"): [t.text for t in g.iter(f"{NS}text")]
                for g in root.iter(f"{NS}g")
                if g.get("data-place")
            }
            picture = ET.fromstring(diagrams.render_svg(state, lang, diagram_id="p"))
            assert texts == {
                g.get("data-place"): [t.text for t in g.iter(f"{NS}text")]
                for g in picture.iter(f"{NS}g")
                if g.get("data-place")
            }
            # One drawing: each place, label and name once, whichever arrangement shows.
            assert len(texts) == 24


def test_only_live_boards_carry_the_rows() -> None:
    state = states()[0]
    for svg in (
        diagrams.render_svg(state, "en", diagram_id="p"),
        diagrams.render_svg(state, "en", diagram_id="p", size="small", interactive=True),
        diagrams.render_svg(state, "en", diagram_id="p", interactive=True, fan=("3",)),
        diagrams.render_svg(
            engine.new_game("CF1-D3-AAAAACL").state(), "en", diagram_id="p", interactive=True
        ),
    ):
        assert "data-rows" not in svg and "cd-rs" not in svg
    with pytest.raises(ValueError, match="fans"):
        crescent_rows.arrangement(state, ("3",))


def test_a_move_is_marked_in_both_arrangements() -> None:
    state = states()[0]
    svg = rows_svg(state, highlight=("10", "14"))
    root = ET.fromstring(svg)
    wide = next(g for g in root.iter(f"{NS}g") if g.get("class") == "cd-hw")
    narrow = next(g for g in root.iter(f"{NS}g") if g.get("class") == "cd-ro")
    rings = [r for r in narrow.iter(f"{NS}rect") if r.get("class") == "cd-h"]
    assert len(rings) == 2
    for place, ring in zip(("10", "14"), rings, strict=True):
        x, y = crescent_rows.pile_xy(int(place))
        assert (float(ring.get("x")), float(ring.get("y"))) == (x - 4, y - 4)
    assert [r.get("x") for r in wide.iter(f"{NS}rect")] != [r.get("x") for r in rings]
    # Along the lower row the arrow bows down, over the labels, not across the ranks between.
    path = next(p for p in narrow.iter(f"{NS}path") if p.get("class") == "cd-a")
    qy = float(re.match(r"M[\d.]+ ([\d.]+)Q[\d.]+ ([\d.]+)", path.get("d")).group(2))
    assert qy > crescent_rows.BOTTOM_Y + CH // 2


def test_the_rows_as_a_picture_file() -> None:
    """An <img> of a live drawing is the horseshoe (the rows' rules apply only to an inline
    <svg>, never a document's root); a phone's picture is the rows alone (rows_picture)."""
    from sitegen import pictures

    svg = rows_svg(states()[0], "el")
    css = re.search(r'<g class="cd-rs"><style>(.*?)</style></g>', svg).group(1)
    moved = list(re.findall(r"[^{}]*\{transform:translate", css))
    assert moved and all(":not(:root)" in rule for rule in moved)
    pic = crescent_rows.rows_picture(svg)
    root = ET.fromstring(pic)
    assert root.get("viewBox") == f"0 0 {crescent_rows.WIDTH} {crescent_rows.HEIGHT}"
    assert (root.get("width"), root.get("height")) == (str(crescent_rows.WIDTH), str(crescent_rows.HEIGHT))
    rules = re.search(r'<g class="cd-rs"><style>(.*?)</style></g>', pic).group(1)
    assert "@media" not in rules and ":not(:root)" not in rules and "scale(" not in rules
    # The same places, moved by the same amounts; everything else byte for byte the drawing's.
    assert shifts(rules) == shifts(css) and len(shifts(rules)[0]) == 16
    assert pic.split("</g>", 1)[1] == svg.split("</g>", 1)[1]
    with pytest.raises(ValueError, match="rows"):
        crescent_rows.rows_picture(diagrams.render_svg(states()[0], "el", diagram_id="p"))

    class Ctx:
        path, lang, url = "docs/el/crescent.md", "el", "el/crescent/"

    html = pictures.picture_html(svg, "el", Ctx(), ident="r", desc_id="r-desc")
    m = re.fullmatch(
        r'<picture><source media="([^"]+)" srcset="\.\./\.\./(assets/pictures/[0-9a-f]+\.el\.svg)"'
        r' width="470" height="438">(<img class="cc-picture"[^>]*? src="\.\./\.\./([^"]+)"[^>]*>)'
        r"</picture>",
        html,
    )
    assert m, html
    assert m.group(1) == crescent_rows.MEDIA
    from sitegen.live import PENDING_ASSETS

    assert PENDING_ASSETS[m.group(2)].decode() == pic and PENDING_ASSETS[m.group(4)].decode() == svg
    plain = pictures.picture_html(
        diagrams.render_svg(states()[0], "el", diagram_id="p"), "el", Ctx(), ident="p", desc_id="p-desc"
    )
    assert plain.startswith('<img class="cc-picture"') and "<picture" not in plain
