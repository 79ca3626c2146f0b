"""Issue 27, the hostile pass's remaining findings (../shared/review/hostile.md, 7, 20-22, 24, 25):
lessons, puzzles and other tabs. Each test reproduces its finding on the real build, as the
review did; each was checked to fail on a build without its fix.

Expected texts come from the lesson and puzzle files and the catalogues, run here in CPython.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

import catalogues
import engine
from sitegen.lessons import load_lesson
from tests.browser.livesite import Watch, checked, page_path, watch
from tests.browser.test_learn import DOCS, ROOT, play, play_puzzle_move, status, text
from tests.browser.test_live import LIVE_TIMEOUT_MS, open_live

pytestmark = pytest.mark.browser


def lesson_page(page: Page, base: str, lang: str, name: str) -> Locator:
    """Opens the rules page of lesson `name` at the lesson; returns its board once drawn."""
    lesson = load_lesson(DOCS, name, ROOT)
    page.goto(base + page_path(lang, lesson.game) + f"#lesson-{name}")
    el = page.locator(f"[data-lesson='{name}']")
    el.scroll_into_view_if_needed()
    el.hover()  # the reader's pointer: drawn as its answers come (see the puzzle test below)
    expect(el.locator("svg [data-place]").first).to_be_attached()
    return el


# ---- 20: a double click on the winning card ---------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_double_click_on_the_winning_card_keeps_the_explanation(
    page: Page, live_url: str, watched: Watch, lang: str
) -> None:
    lesson = load_lesson(DOCS, "cr-build", ROOT)
    el = lesson_page(page, live_url, lang, "cr-build")
    (move,) = lesson.line
    src = move.split(">")[0]
    assert engine.tap(engine.from_state(lesson.state), src) == move  # one click plays it
    el.locator(f"[data-place='{src}']").dblclick()
    expect(el).to_have_attribute("data-done", "true")
    page.wait_for_timeout(300)  # both clicks answered (a lesson answers at once)
    expect(status(el)).to_contain_text(text(lang, lesson, "done"))


# ---- 24: a click just after a drag that ended off the board --------------------------------------


def test_a_click_just_after_a_drag_off_the_board_is_taken(page: Page, live_url: str, watched: Watch) -> None:
    lesson = load_lesson(DOCS, "cr-build", ROOT)
    el = lesson_page(page, live_url, "en", "cr-build")
    page.wait_for_load_state("load")
    (move,) = lesson.line
    src = move.split(">")[0]
    other = el.locator(f"[data-place='{next(p for p in ('1', '2', '4', '6') if p != src)}']")
    # The time from the drag's release to the next click on a place, as the page saw them.
    page.evaluate("""() => {
        addEventListener('pointerup', (e) => { window.__up = e.timeStamp; }, true);
        addEventListener('click', (e) => {
            const t = e.target;
            if (t.closest && t.closest('[data-place]')) window.__gap = e.timeStamp - window.__up;
        }, true);
    }""")
    other.scroll_into_view_if_needed()
    box = other.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 40, box["y"] + 10, steps=4)
    expect(el.locator(".is-dragging")).to_have_count(1)  # a drag, not a click
    page.mouse.move(3, 3, steps=4)  # off the board, onto the page's corner
    page.mouse.up()
    el.locator(f"[data-place='{src}']").click()
    expect(el).to_have_attribute("data-done", "true", timeout=3000)
    expect(status(el)).to_contain_text(text("en", lesson, "done"))
    # Made within the 400 ms after the drag in which the board used to ignore every click.
    assert page.evaluate("window.__gap") < 400


# ---- 21: a wrong puzzle move lost at once --------------------------------------------------------


def lost_at_once() -> tuple[Any, int, str]:
    """A puzzle, one of its steps (1: its own position; a "win in N" puzzle has more) and a
    wrong move there whose refutation has no step. (Since session 8's set, every such move is at
    a later step: the puzzles of 2-4 actions that had one at the first are gone.)"""
    from sitegen.puzzle_answers import steps_of
    from sitegen.puzzles import puzzle_order

    for puzzles in puzzle_order(DOCS, ROOT).values():
        for p in puzzles:
            for at, step in enumerate(steps_of(p), 1):
                for move, line in step.refutations.items():
                    if not line:
                        return p, at, move
    raise AssertionError("no stored puzzle has a wrong move lost at once")


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_a_wrong_move_lost_at_once_does_not_say_step_through(
    page: Page, live_url: str, watched: Watch, lang: str
) -> None:
    from sitegen.puzzle_answers import steps_of
    from sitegen.puzzles import answers

    puzzle, at, wrong = lost_at_once()
    page.goto(live_url + page_path(lang, "puzzles") + f"#puzzle-{puzzle.name}")
    el = page.locator(f"[data-puzzle='{puzzle.name}']")
    el.scroll_into_view_if_needed()
    el.hover()  # drawn as its answers come, not in idle time (see the tabs' test below)
    expect(el.locator("svg [data-place]").first).to_be_attached()
    steps = steps_of(puzzle)
    for step in steps[: at - 1]:  # the steps before, played right
        play_puzzle_move(el, engine.from_state(step.state), step.move)
        expect(el).not_to_have_attribute("data-refuted", "true")
    here = steps[at - 1].state
    for _ in range(200):  # the next step's position, once the last move has glided
        if json.loads(el.get_attribute("data-state") or "null") == here:
            break
        page.wait_for_timeout(50)
    play_puzzle_move(el, engine.from_state(here), wrong)
    expect(el).to_have_attribute("data-refuted", "true")
    expect(el.locator("[data-role='refutation']")).to_be_hidden()
    line = next(
        r
        for r in answers(puzzle, lang, f"puzzle-{puzzle.name}")["refutations"]
        if r["move"] == wrong and r.get("step", 1) == at
    )
    expect(status(el)).to_have_text(line["start"])
    # The words that invite the reader to step through a line (the message's other branch).
    args = {"move": "M", "kind": "move", "nodes": 2, "end": ""}
    none = catalogues.message(lang, "learn.puzzle.wrong", steps=0, **args)
    some = catalogues.message(lang, "learn.puzzle.wrong", steps=3, **args)
    assert some.startswith(none.rstrip())
    invite = some[len(none.rstrip()) :].strip()
    assert invite and invite not in status(el).inner_text()


# ---- 7: an old tab after a deploy -----------------------------------------------------------------


@pytest.fixture(scope="module")
def deployed_copy(live_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A copy of the built site (hard links: renaming or replacing a file in it leaves the
    build alone; nothing is written into a linked file), served on a port of its own."""
    from tests.conftest import load_script

    copy = tmp_path_factory.mktemp("deploy") / "site"
    shutil.copytree(live_site, copy, copy_function=os.link)
    with load_script("serve").serving(copy) as url:
        yield copy, url


def replace_file(path: Path, content: str) -> None:
    """Writes a new file in place of `path` (a new inode: the build's linked file is untouched),
    and drops its compressed copies, which the server would send instead."""
    fresh = path.with_name(path.name + ".new")
    fresh.write_text(content, encoding="utf-8")
    os.replace(fresh, path)
    for ext in (".br", ".gz"):
        path.with_name(path.name + ext).unlink(missing_ok=True)


def deploy_renaming(site: Path, page: str, answers: str) -> str:
    """What a new build does to one lesson's answers: a new name (its hash), the page naming it."""
    old = site / answers
    new_rel = re.sub(r"/([0-9a-f]+)\.", r"/\g<1>0.", answers, count=1)
    os.rename(old, site / new_rel)
    for ext in (".br", ".gz"):
        old.with_name(old.name + ext).unlink(missing_ok=True)
    html = site / page / "index.html"
    replace_file(html, html.read_text(encoding="utf-8").replace(answers, new_rel))
    return new_rel


@pytest.mark.parametrize("lang", ["ko", "es"])
def test_a_lesson_whose_answers_a_deploy_renamed_says_the_page_is_out_of_date(
    browser: Browser, deployed_copy: tuple[Path, str], lang: str
) -> None:
    site, base = deployed_copy
    # The service worker is left out here: this is the page's own word on a missing file.
    context = browser.new_context(service_workers="block", viewport={"width": 1000, "height": 700})
    page = context.new_page()
    w = watch(page, base)
    try:
        page.goto(base + page_path(lang, "crescent"))
        el = page.locator("[data-lesson]").last
        answers = el.get_attribute("data-answers") or ""
        page.wait_for_timeout(1500)
        assert not any(answers in u for u in w.requests), "the lesson's answers came before the deploy"
        deploy_renaming(site, page_path(lang, "crescent"), answers)

        el.scroll_into_view_if_needed()
        el.hover()
        expect(status(el)).to_have_text(catalogues.message(lang, "ui.stale-page"))
        assert catalogues.message(lang, "ui.python-error") not in status(el).inner_text()
        reload = el.locator("[data-action='reload']")
        expect(reload).to_be_visible()
        expect(reload).to_have_text(catalogues.message(lang, "ui.button.reload"))
        page.evaluate("window.__oldTab = true")
        reload.click()
        page.wait_for_function("() => !window.__oldTab && document.readyState === 'complete'")
        # The new page names the new file: the lesson draws and plays.
        el = page.locator("[data-lesson]").last
        el.scroll_into_view_if_needed()
        el.hover()
        expect(el.locator("svg [data-place]").first).to_be_attached()
        expect(el.locator("[data-action='reload']")).to_have_count(0)
        w.errors = [e for e in w.errors if "404" not in e]  # the missing file, on purpose
        checked(w)
    finally:
        context.close()


# ---- 22: other tabs --------------------------------------------------------------------------------


def two_tabs(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport={"width": 1280, "height": 1000})


def solve_lesson(page: Page, base: str, lang: str, name: str) -> None:
    lesson = load_lesson(DOCS, name, ROOT)
    el = lesson_page(page, base, lang, name)
    game = engine.from_state(lesson.state)
    for move in lesson.line:
        play(el, game, move)
    expect(el).to_have_attribute("data-done", "true")


def test_progress_in_other_tabs_follows_a_lesson_solved_or_progress_cleared(
    browser: Browser, live_url: str
) -> None:
    context = two_tabs(browser)
    home, other = context.new_page(), context.new_page()
    watches = [watch(home, live_url), watch(other, live_url)]
    try:
        home.goto(live_url + "fr/")
        count = home.locator("[data-progress] [data-role='count-lessons']").first
        total = home.locator("[data-progress] [data-learn-item='lessons']").count()
        expect(count).to_have_text(catalogues.message("fr", "learn.progress.lessons", done=0, total=total))

        solve_lesson(other, live_url, "fr", "cr-build")
        expect(count).to_have_text(catalogues.message("fr", "learn.progress.lessons", done=1, total=total))

        # The lesson's tab shows "done before" on a lesson solved in another tab, and no more
        # once the progress is cleared there.
        other.goto(live_url + page_path("fr", "crescent"))
        wrap = other.locator("[data-lesson='cr-wrap'] [data-role='badge']")
        expect(wrap).to_be_hidden()
        third = context.new_page()
        watches.append(watch(third, live_url))
        solve_lesson(third, live_url, "fr", "cr-wrap")
        expect(wrap).to_be_visible()
        build = other.locator("[data-lesson='cr-build'] [data-role='badge']")
        expect(build).to_be_visible()
        home.locator("[data-action='clear-progress']").click()
        expect(count).to_have_text(catalogues.message("fr", "learn.progress.lessons", done=0, total=total))
        expect(build).to_be_hidden()
        expect(wrap).to_be_hidden()
        # The tab where cr-wrap was solved keeps its board as played (done on this visit).
        expect(third.locator("[data-lesson='cr-wrap']")).to_have_attribute("data-done", "true")
        for w in watches:
            checked(w)
    finally:
        context.close()


def test_the_puzzle_rating_in_other_tabs_follows_a_puzzle_solved(browser: Browser, live_url: str) -> None:
    from sitegen.puzzles import puzzle_order

    puzzle = puzzle_order(DOCS, ROOT)["crescent"][0]
    context = two_tabs(browser)
    first, second = context.new_page(), context.new_page()
    watches = [watch(first, live_url), watch(second, live_url)]
    try:
        first.goto(live_url + page_path("el", "puzzles-crescent"))
        picker = first.locator("[data-puzzle-picker]")
        expect(picker).to_have_attribute("data-reader-rating", "1200")
        second.goto(live_url + page_path("el", "puzzles-crescent") + f"#puzzle-{puzzle.name}")
        el = second.locator(f"[data-puzzle='{puzzle.name}']")
        el.scroll_into_view_if_needed()
        # A board in view but not approached is drawn in idle time (learn/lesson.js: up to 3 s
        # after its answers, later when the machine is busy), so waiting for the drawing raced
        # the expect's 5 s under load (seen twice); the reader's pointer over it (onApproach's
        # pointerenter) draws it as soon as the answers are there, as for a reader.
        el.hover()
        expect(el.locator("svg [data-place]").first).to_be_attached()
        play_puzzle_move(el, engine.from_state(puzzle.state), puzzle.move)
        expect(el).to_have_attribute("data-done", "true")
        rating = second.locator("[data-puzzle-picker]").get_attribute("data-reader-rating")
        assert rating and rating != "1200"
        expect(picker).to_have_attribute("data-reader-rating", rating)
        # Its "solved before" badge shows in the first tab too.
        expect(first.locator(f"[data-puzzle='{puzzle.name}'] [data-role='badge']")).to_be_visible()
        for w in watches:
            checked(w)
    finally:
        context.close()


# ---- 25: a flood of clicks ------------------------------------------------------------------------

FLOOD = """async (count) => {
    const board = document.querySelector('[data-board]');
    const status = board.querySelector('[role=status]');
    const said = [];
    new MutationObserver(() => said.push(status.textContent))
        .observe(status, {childList: true, characterData: true, subtree: true});
    const click = (place) => board.querySelector(`svg [data-place="${place}"]`)
        .dispatchEvent(new MouseEvent('click', {bubbles: true}));
    // A few clicks answered one by one (the board learns how long an answer takes), then a
    // flood in one go, far more than Python can answer at once.
    for (const place of ['1', '1', '2', '2']) {
        const before = said.length;
        click(place);
        while (said.length === before) await new Promise((ok) => setTimeout(ok, 10));
    }
    for (let i = 0; i < count; i++) click(String(1 + (i % 4)));
    window.__said = said;
}"""


def test_a_flood_of_clicks_waits_a_bounded_time_and_says_what_it_did_not_take(
    page: Page, live_url: str, watched: Watch
) -> None:
    open_live(page, live_url + page_path("ko", "play-crescent") + "#code=CR1-N-AAAAAAB")
    board = page.locator("[data-board]")
    page.evaluate(FLOOD, 600)
    pattern = catalogues.message("ko", "ui.busy-refused", n="{n}")
    refused = re.compile(re.escape(pattern).replace(re.escape("{n}"), r"(\d+)"))
    # Each click not taken is said at once, the board busy; when the queue is empty the count
    # follows the last answer, and the board takes clicks again.
    expect(board).to_have_attribute("data-busy", "true")
    expect(board.locator("[role='status']")).to_contain_text(refused, timeout=LIVE_TIMEOUT_MS)
    expect(board).not_to_have_attribute("data-busy", "true")
    said = page.evaluate("window.__said")
    final = refused.search(board.locator("[role='status']").inner_text())
    assert final is not None and int(final.group(1)) > 0
    assert any(refused.fullmatch(s.strip()) for s in said), "no click was said not taken as it came"
    counts = [int(m.group(1)) for s in said if (m := refused.fullmatch(s.strip()))]
    assert max(counts) == int(final.group(1))
    board.locator("svg [data-place='5']").click()
    expect(board.locator("[role='status']")).not_to_contain_text(refused)


def redeploy_worker(site: Path) -> None:
    """The new build's service worker for `site` as it now is (sitegen/offline.py), written as
    new files: the worker's files of the copy are hard links of the build's, never written into."""
    from sitegen import offline

    for pattern in ("sw.js*", "workbox-*.js*", "offline-*.js*"):
        for f in site.glob(pattern):
            f.unlink()
    others = [lang for lang in catalogues.LANGUAGES if lang != "en"]
    offline.generate(site, ROOT, "en", others)


def test_an_old_tab_gets_the_previous_builds_answers_from_the_service_worker(
    browser: Browser, live_site: Path, tmp_path: Path
) -> None:
    from tests.conftest import load_script

    site = tmp_path / "site"
    shutil.copytree(live_site, site, copy_function=os.link)
    context = browser.new_context(viewport={"width": 1000, "height": 700})
    with load_script("serve").serving(site) as base:
        old, new = context.new_page(), context.new_page()
        watches = [watch(old, base), watch(new, base)]
        asked: list[str] = []  # the old tab's own requests (the worker's go through the context)
        old.on("request", lambda r: asked.append(r.url))
        try:
            old.goto(base + page_path("ko", "crescent"))
            old.wait_for_function(
                "window.CCOffline && window.CCOffline.state === 'ready'", timeout=LIVE_TIMEOUT_MS
            )
            old.wait_for_function("!!navigator.serviceWorker.controller")
            old.evaluate(
                "window.__swChanged = false; navigator.serviceWorker.addEventListener("
                "'controllerchange', () => { window.__swChanged = true; })"
            )
            el = old.locator("[data-lesson]").last
            answers = el.get_attribute("data-answers") or ""
            kept = "(u) => caches.open('cc-offline').then((c) => c.match(u)).then((r) => !!r)"
            assert old.evaluate(kept, base + answers), "the language's files were not kept offline"

            assert not any(answers in u for u in asked), "the lesson's answers came before the deploy"
            deploy_renaming(site, page_path("ko", "crescent"), answers)
            redeploy_worker(site)
            # Another page of the site: the browser finds the new worker, which takes over.
            new.goto(base + page_path("ko", "faq"))
            old.wait_for_function("window.__swChanged", timeout=60_000)

            # The old tab, still at the old page, comes to its lesson: the old answers are kept.
            el.scroll_into_view_if_needed()
            el.hover()
            expect(el.locator("svg [data-place]").first).to_be_attached()
            expect(status(el)).not_to_have_text(catalogues.message("ko", "ui.stale-page"))
            assert el.get_attribute("data-unavailable") is None

            # Once no tab of that time is left, the previous build's files go.
            old.close()
            new.close()
            last = context.new_page()
            watches.append(watch(last, base))
            last.goto(base + page_path("ko", "faq"))
            last.wait_for_function(
                """async (u) => { await navigator.serviceWorker.ready;
                    navigator.serviceWorker.controller && navigator.serviceWorker.controller.postMessage(
                        {type: 'cc-offline', lang: 'ko', runtime: false});
                    const c = await caches.open('cc-offline');
                    return !(await c.match(u[0])) && !(await c.match(u[1])); }""",
                arg=[base + answers, base + "cc-offline-retired"],
                polling=500,
                timeout=30_000,
            )
            for w in watches:
                w.errors = [e for e in w.errors if "404" not in e]
                checked(w)
        finally:
            context.close()


def test_a_play_page_keeps_its_game_when_another_tab_changes_the_kept_one(
    browser: Browser, live_url: str
) -> None:
    from tests.browser.test_live import state_of
    from tests.browser.test_play import play_by_clicks

    mine, theirs = "CR1-N-AAAAAAB", "CR1-N-AAAAAAC"
    context = two_tabs(browser)
    here, there = context.new_page(), context.new_page()
    watches = [watch(here, live_url), watch(there, live_url)]
    url = live_url + page_path("de", "play-crescent")
    try:
        open_live(here, url + f"#code={mine}")
        game = engine.new_game(mine)
        play_by_clicks(here, game, 1)
        shown = state_of(here)
        open_live(there, url + f"#code={theirs}")
        play_by_clicks(there, engine.new_game(theirs), 1)
        there.wait_for_function(
            "(code) => (JSON.parse(localStorage.getItem('cc-play:crescent') || '{}').code === code)",
            arg=theirs,
        )
        # This tab says so, offers the other game, and goes on with its own.
        note = here.locator("[data-board] [data-role='saved-note'][data-note='tab']")
        expect(note).to_contain_text(catalogues.message("de", "play.other-tab", code=theirs))
        expect(note.locator("a")).to_have_text(catalogues.message("de", "play.other-tab.open"))
        assert f"code={theirs}" in (note.locator("a").get_attribute("href") or "")
        assert state_of(here) == shown
        assert f"code={mine}" in here.url
        # Its next move keeps its own game in the slot; the note goes.
        play_by_clicks(here, game, 1)
        here.wait_for_function(
            "(code) => (JSON.parse(localStorage.getItem('cc-play:crescent') || '{}').code === code)", arg=mine
        )
        expect(note).to_have_count(0)
        # The other tab, told in its turn, still shows its own game.
        expect(there.locator("[data-board] [data-role='saved-note'][data-note='tab']")).to_contain_text(
            catalogues.message("de", "play.other-tab", code=mine)
        )
        for w in watches:
            checked(w)
    finally:
        context.close()
