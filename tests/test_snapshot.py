"""The Pyodide memory snapshot the live boards start from (sitegen/snapshot.py): named in every
page by a key of what it is made from, present in the build, and made byte-identical twice, from
any checkout, whatever the host's time zone and locale."""

from __future__ import annotations

import gzip
import hashlib
import re
import shutil
from pathlib import Path

import pytest

from sitegen import snapshot
from tests.conftest import ROOT


def test_every_page_names_the_builds_snapshot(built_site: Path) -> None:
    files = sorted(built_site.glob("assets/snapshot/*"))
    assert [f.relative_to(built_site).as_posix() for f in files] == [snapshot.url(ROOT)]
    for page in built_site.rglob("*.html"):
        if page.parts[-2] == "pyodide" or page.name == "404.html":  # no board on either
            continue
        text = page.read_text(encoding="utf-8")
        if "</head>" in text:
            assert re.findall(r'<meta name="cc-snapshot" content="([^"]+)">', text) == [snapshot.url(ROOT)], (
                page
            )
    # A memory snapshot of the interpreter, gzipped: Pyodide's header, some tens of MB.
    raw = gzip.decompress(files[0].read_bytes())
    assert raw[:4] == b"\x00snp" and len(raw) > 16 << 20


def test_the_key_follows_py_zip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sitegen import runtime

    before = snapshot.key(ROOT)
    monkeypatch.setattr(runtime, "build_zip", lambda root: b"another py.zip")
    assert snapshot.key(ROOT) != before


@pytest.mark.slow
def test_the_snapshot_is_made_byte_identical(built_site: Path, tmp_path: Path) -> None:
    """Made again from the same site into another file (the build itself reuses a snapshot of
    the same key, so tests/test_site.py's two builds cannot show this)."""
    again = tmp_path / "again.bin.gz"
    snapshot.make(built_site, again, ROOT)
    assert again.read_bytes() == (built_site / snapshot.url(ROOT)).read_bytes()


@pytest.mark.slow
def test_the_snapshot_is_the_same_from_another_checkout_and_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made from two checkouts (scripts/make_snapshot.mjs at paths of different lengths: Emscripten
    named the program after it, which moved every later object) and under another time zone and
    locale, from one site's Pyodide and py.zip: the same bytes. No full build, no browser: two
    makes, about 10 s of CPU. A build's checkout is another whenever it builds from a `git
    archive` unpacked elsewhere, and a snapshot of the same key must come out the same."""
    from sitegen import runtime

    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    (site / "assets" / "py.zip").write_bytes(runtime.build_zip(ROOT))
    (site / "pyodide").mkdir()
    for name in runtime.PYODIDE_FILES:
        (site / "pyodide" / name).symlink_to(ROOT / "node_modules" / "pyodide" / name)
    other = tmp_path / "another" / "checkout-with-a-longer-name"
    (other / "scripts").mkdir(parents=True)
    shutil.copy2(ROOT / "scripts" / "make_snapshot.mjs", other / "scripts")

    here, there = tmp_path / "here.bin.gz", tmp_path / "there.bin.gz"
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.setenv("LANG", "C.UTF-8")
    snapshot.make(site, here, ROOT)
    monkeypatch.setenv("TZ", "America/New_York")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    snapshot.make(site, there, other)
    made = [gzip.decompress(f.read_bytes()) for f in (here, there)]
    differing = sum(a != b for a, b in zip(*made, strict=False))
    digests = [hashlib.sha256(m).hexdigest()[:16] for m in made]
    assert digests[0] == digests[1], f"{differing:,} bytes of {len(made[0]):,} differ"


def test_turned_off_the_site_has_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYODIDE_SNAPSHOT", "0")
    (tmp_path / snapshot.FOLDER).mkdir(parents=True)
    (tmp_path / snapshot.FOLDER / "old.bin.gz").write_bytes(b"x")
    assert snapshot.write(tmp_path, ROOT) is None
    assert not (tmp_path / snapshot.FOLDER).exists()
    assert snapshot.add_meta("<head></head>", ROOT) == "<head></head>"
