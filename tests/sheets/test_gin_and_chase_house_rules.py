"""The sheets of Gin Rummy played Oklahoma or with a shutout bonus, and of Chase the Ace with aces high: the keys
state the rules, and a filled sheet shows each hand's upcard and knock limit under the knocker and the spade's
doubling beside the score."""
from __future__ import annotations

from tests.helpers import auth
from tests.sheets.test_sheets import blank, pdf_text, play


def test_a_blank_oklahoma_sheet_states_the_upcard_rules(client):
    _, text = pdf_text(blank(client, "gin-rummy", 2, oklahoma="y", shutout_bonus="50"))
    assert "Knock with the upcard's value or less; an ace: gin only" in text
    assert "Spade upcard every score of the hand ×2" in text
    assert "Shutout bonus: 50 to the winner" in text
    assert "Write each hand's upcard beside the knocker's score: it is the knock limit." in text
    assert "9 deadwood or less" not in text
    _, plain = pdf_text(blank(client, "gin-rummy", 2))
    assert "9 deadwood or less" in plain and "Spade upcard" not in plain and "Shutout bonus" not in plain


def test_the_rules_card_in_french(client):
    answer = client.get("/sheets/gin-rummy/rules.pdf", query_string={"count": 2, "opt_oklahoma": "y"},
                        headers={"Accept-Language": "fr"})
    _, text = pdf_text(answer)
    assert "la valeur de la carte retournée ou moins" in text and "Carte retournée à pique" in text


def test_a_filled_oklahoma_sheet(client, create_game, post_round):
    state = play(create_game, post_round, "gin-rummy", ["Ann", "Bob"], [
        {"result": "knock", "knocker": 0, "deadwood": [5, 20], "upcard": "7S"},
        {"result": "knock", "knocker": 1, "deadwood": [12, 0], "upcard": "AH"},
        {"result": "knock", "knocker": 0, "deadwood": [8, 5], "upcard": "9S"},
    ], {"oklahoma": True, "shutout_bonus": 40})
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers=auth(state)))
    assert "30 ♠×2" in text and "37 gin" in text and "56 undercut ♠×2" in text
    assert "upcard 7♠: knock ≤ 7" in text and "upcard A♥: gin only" in text and "upcard 9♠: knock ≤ 9" in text
    assert "Under the knocker: the upcard and the hand's knock limit." in text
    assert "♠×2: a spade upcard doubled the hand's scores." in text
    assert "Spade upcard every score of the hand ×2" in text


def test_an_aces_high_sheet(client):
    _, text = pdf_text(blank(client, "chase-the-ace", 4, ace_high="y"))
    assert "Ranks, low to high 2 3 4 5 6 7 8 9 10 J Q K A" in text
    _, card = pdf_text(blank(client, "chase-the-ace", 4, kind="rules", ace_high="y"))
    assert "Aces are high: the 2 is lowest, the ace highest" in card
