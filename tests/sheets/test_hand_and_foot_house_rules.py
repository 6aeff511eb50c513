"""games.md "House rules as tables play them", Hand & Foot on paper: the blank sheet's lines for books apart and
red threes left, the rules card, the house-rules line, and the filled sheet's key of every value its totals use."""
from __future__ import annotations

import pytest

from tests.sheets.test_sheets import blank, pdf_text

HOUSE = {"seven_book": 1500, "wild_book": 1000, "red_three_left": 100, "black_three_left": 300}
BOXES = {"going_out_needs-clean": 2, "going_out_needs-any": 4}


@pytest.mark.parametrize("kind", ["sheet", "rules"])
def test_the_blank_sheet_and_rules_card_state_every_house_score(client, kind):
    _, text = pdf_text(blank(client, "hand-and-foot", 2, kind=kind, **HOUSE, **BOXES))
    for line in ("Books of sevens × 1,500", "Wild books × 1,000", "Red threes left × −100", "black 3 300",
                 "Red threes × 100", "Went out +100", "2 clean books and 4 books in all"):
        assert line in text, line


def test_the_rules_card_asks_a_clean_book_only_where_going_out_needs_one(client):
    _, text = pdf_text(blank(client, "hand-and-foot", 2, kind="rules", **{"going_out_needs-clean": 0,
                                                                          "going_out_needs-any": 4}))
    assert "4 books in all" in text and "one of them clean" not in text
    _, text = pdf_text(blank(client, "hand-and-foot", 2, kind="rules", **BOXES))
    assert "one of them clean" in text


def test_the_usual_sheet_has_none_of_them(client):
    _, text = pdf_text(blank(client, "hand-and-foot", 2))
    assert "sevens" not in text and "Wild" not in text and "left ×" not in text
    assert "black 3 5" in text and "by kind" not in text
    _, text = pdf_text(blank(client, "hand-and-foot", 2, kind="rules"))
    assert "Red threes × 100 Went out +100" in text  # every part's points on the card, none cut off


@pytest.mark.parametrize("lang, lines", [
    ("en", ("Book of sevens 1500", "Wild book 1000", "Red three left −100", "black 3 300", "a book of sevens",
            "1 red three left")),
    ("fr", ("Canasta de 7 1500", "Canasta de jokers 1000", "Trois rouge restant −100", "une canasta de 7",
            "1 trois rouge restant")),
])
def test_the_filled_sheet_keys_every_value_its_totals_use(client, create_game, post_round, lang, lines):
    state = create_game("hand-and-foot", ["Ann", "Bob"], HOUSE)
    answer = post_round(state, {"players": [
        {"clean_books": 1, "dirty_books": 2, "seven_books": 1, "went_out": True, "melded_points": 300,
         "left_points": 0},
        {"wild_books": 1, "red_threes": 1, "red_threes_left": 1, "melded": ["X", "X", "X", "2", "2", "2", "2", "K"],
         "left": ["3S", "7"]}]})
    # Ann 50 + 2 × 30 + 1500 + 100 + 300; Bob 1000 + 100 − 100 + 240 − (300 + 5)
    assert [s["total"] for s in answer.get_json()["standings"]] == [2010, 935]
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": lang}))
    for line in lines:
        assert line in text, line
