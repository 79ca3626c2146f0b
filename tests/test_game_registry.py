"""The games are looked up, not switched on: no code outside the registries compares a game's
name (or its code prefix) to pick what to do (issue 26 item 3), and the page's own table of the
games (docs/assets/js/core/games.js) says what engine/games.py and sitegen/games.py say.

A new game is then a row in each registry (and its drawing, rules and searcher, each in a table
by the game's name): nothing else has to be found and changed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engine
from engine.games import GAME_KINDS
from sitegen.games import GAMES
from tests.conftest import ROOT

# A comparison with a game's name or its code prefix, or a choice between two of them.
_NAMES = "|".join(GAME_KINDS)
_PREFIXES = "|".join(k.prefix for k in GAME_KINDS.values())
_FAMILIES = "|".join(k.family for k in GAME_KINDS.values())
SWITCH = re.compile(
    rf"""[=!]==?\s*["'](?:{_NAMES})["']"""  # game == "crescent", game === "canfield"
    rf"""|["'](?:{_NAMES})["']\s*[=!]==?"""  # "crescent" == game
    rf"""|\bin\s*[(\[{{]\s*["'](?:{_NAMES})["']"""  # game in ("crescent", ...)
    rf"""|startsWith\(["'](?:{_PREFIXES})|startswith\(["'](?:{_PREFIXES})"""  # code.startswith("CR")
    rf"""|["'](?:{_FAMILIES}|{_NAMES})["']\s+if\s"""  # "cr" if ... else "cf"
)
SOURCES = ("engine", "catalogues", "diagrams", "pyworker", "sitegen", "hooks", "scripts", "docs/assets/js")
# The registries themselves, and the one module that is one game's own and says so.
ALLOWED = {
    "engine/games.py",  # the registry
    "sitegen/games.py",  # the build's registry
    "docs/assets/js/core/games.js",  # the page's
}
ALLOWED_LINES = {
    # Crescent's narrow arrangement refuses another game's state: a guard, not a choice.
    ("diagrams/crescent_rows.py", 'if state.get("game") != "crescent":'),
}
# Files left for a change under way (none now); this set is empty when it lands.
PENDING: set[str] = set()


def _switches() -> list[str]:
    found = []
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in (".py", ".js", ".mjs") or "node_modules" in path.parts:
                continue
            rel = path.relative_to(ROOT).as_posix()
            if rel in ALLOWED or rel in PENDING:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0] if path.suffix == ".py" else line.split("//", 1)[0]
                if SWITCH.search(code) and (rel, line.strip()) not in ALLOWED_LINES:
                    found.append(f"{rel}:{number}: {line.strip()}")
    return found


def test_no_code_switches_on_a_game_s_name() -> None:
    found = _switches()
    assert not found, "look the game up in engine/games.py (or a table by its name):\n" + "\n".join(found)


def test_the_guard_sees_a_switch(tmp_path: Path) -> None:
    for line in (
        'if state["game"] == "crescent":',
        "if (game === 'canfield') x();",
        'prefix = "cr" if game == x else "cf"',
        'if code.startswith("CF1-"):',
        'if kind in ("crescent", "canfield"):',
    ):
        assert SWITCH.search(line), line
    assert not SWITCH.search('_READERS = {"crescent": _crescent, "canfield": _canfield}')
    assert not SWITCH.search('stats_rows("crescent")')


def _page_games() -> dict[str, dict[str, object]]:
    text = (ROOT / "docs/assets/js/core/games.js").read_text(encoding="utf-8")
    body = re.search(r"export const GAMES = (\{.*?\n\});", text, re.DOTALL)
    assert body is not None, "games.js: no `export const GAMES = {...};` table"
    # The table is written as JSON but for its keys' quotes: quote them to read it.
    as_json = re.sub(r"(?m)([{,]\s*)([A-Za-z_]\w*)\s*:", r'\1"\2":', body.group(1))
    as_json = re.sub(r",(\s*[}\]])", r"\1", as_json)
    table: dict[str, dict[str, object]] = json.loads(as_json)
    return table


@pytest.mark.parametrize("name", sorted(GAME_KINDS))
def test_the_page_s_table_of_the_games_is_the_registries(name: str) -> None:
    page = _page_games()
    assert set(page) == set(GAME_KINDS)
    kind, site = GAME_KINDS[name], GAMES[name]
    assert page[name] == {"appDraws": kind.app_draws, "score": site.score, "seeds": kind.seeds}


@pytest.mark.parametrize("name", sorted(GAME_KINDS))
def test_a_game_s_seed_options_name_its_seeds_rules(name: str) -> None:
    kind = GAME_KINDS[name]
    rows = set(engine.VERSIONS.values())
    for options in kind.seeds.values():
        assert (kind.prefix, options) in rows, options  # a named version: the seeds' rules
        assert engine.new_game(f"{kind.prefix}1-{options}-AAAAAAB").game == name
