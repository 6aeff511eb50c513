"""Issue 38, "On paper": what a table checks from its printed sheets, rules cards and the pages that match them."""
from __future__ import annotations

import pytest

from tests.sheets.test_sheets import blank, blank_preset, pdf_text


# --- 6. the quarters game as its house sheet plays it: a card turned up each turn, nobody knocks ---------------------

@pytest.mark.parametrize("kind", ["sheet", "rules"])
@pytest.mark.parametrize("lang,ends,knock", [("en", "every card is face up", "knock"),
                                             ("fr", "toutes les cartes sont face visible", "frappe")])
def test_the_quarters_game_says_how_a_hole_ends_and_offers_no_knock(client, kind, lang, ends, knock):
    _, text = pdf_text(blank_preset(client, "golf", 4, "quarters", kind=kind, lang=lang))
    assert ends in text
    said = text.lower().replace(f"nobody {knock}s", "").replace(f"personne ne {knock}", "")
    assert knock not in said, said  # no knocker rows, no "Or knock", no knock rules listed


def test_the_quarters_game_asks_no_knocker_and_the_form_hides_the_knocking_rules(client, create_game, post_round):
    page = client.get("/sheets/golf?preset=quarters").get_data(as_text=True)
    assert page.count('data-unused-when="preset=quarters" hidden') == 4  # the knock rules and the pot, hidden
    assert "no knocking" in page  # the preset says how its holes end
    assert 'data-unused-when="preset=quarters" hidden' not in client.get("/sheets/golf").get_data(as_text=True)
    state = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"], "preset": "quarters"}).get_json()
    assert post_round(state, {"players": [{"score": 3}, {"score": 5}], "knocker": None}).status_code == 201
    table = client.get(f"/games/{state['id']}").get_data(as_text=True)
    assert "Who knocked" not in table
    knocking = create_game("golf", ["Ann", "Bob"], {"quarters": 4, "knock_penalty": "add10"})
    assert "Who knocked" in client.get(f"/games/{knocking['id']}").get_data(as_text=True)  # a knock rule: knocks


def test_the_golf_rules_page_says_how_the_quarters_game_ends(client):
    page = client.get("/rules/golf").get_data(as_text=True)
    assert "Nobody knocks in the quarters game" in page and "nobody knocks: the hole ends when" in page
