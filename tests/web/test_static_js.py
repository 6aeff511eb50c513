"""The phone pages' scripts parse on every phone the app serves: no syntax newer than Safari 16 reads."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

SCRIPTS = sorted((Path(__file__).resolve().parents[2] / "static" / "js").glob("*.js"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_no_regex_lookbehind(script):
    """A lookbehind in a regex literal ("(?<!" or "(?<=") is a SyntaxError before Safari 16.4: the whole file would
    not run on those iPhones (no pad, no last count, no layout picker)."""
    assert not re.search(r"\(\?<[!=]", script.read_text(encoding="utf-8"))
