"""The phone pages' scripts parse on every phone the app serves: no syntax newer than Safari 16 reads."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

SCRIPTS = sorted((Path(__file__).resolve().parents[2] / "static" / "js").glob("*.js"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_no_regex_lookbehind(script):
    """A lookbehind in a regex literal ("(?<!" or "(?<=") is a SyntaxError before Safari 16.4: the whole file would
    not run on those iPhones (no pad, no last count, no layout picker)."""
    assert not re.search(r"\(\?<[!=]", script.read_text(encoding="utf-8"))


def test_the_page_reads_the_other_suit_signs_from_the_rules_not_a_copy(client):
    """❤️ and ♡ ♢ ♧ ♤ read as their suits in the rules (cards.PRESENTATION); the card helper had them copied (SIGN_OF).
    They come to the page in data-deck, from the rules, and table.js holds none of them."""
    from scorekeeper.rules import cards
    from tests.helpers import game_id, post_new_game

    script = (Path(__file__).resolve().parents[2] / "static" / "js" / "table.js").read_text(encoding="utf-8")
    assert not set(script) & {chr(c) for c in cards.PRESENTATION}, "a suit sign of the rules copied in table.js"
    gid = game_id(post_new_game(client, "garbage-rummy", ["Ann", "Bob"]))
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    decks = [json.loads(html.unescape(found)) for found in re.findall(r"data-deck='([^']*)'", page)]
    assert decks and all({ord(c): None for c in deck["unseen"]} | {ord(c): sign for c, sign in
                                                                   deck["other_signs"].items()} == cards.PRESENTATION
                         for deck in decks)
