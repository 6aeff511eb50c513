"""Golf's house rules as tables play them, through the JSON API: 8 and 9-card layouts, negative_pairs, four_bonus,
and every error they bring, with the field it names (422)."""
from __future__ import annotations

import pytest

from tests.api.test_examples import play_case

P3 = ["Ann", "Bob", "Cy"]
P5 = ["Ann", "Bob", "Cy", "Di", "Ed"]


def hole(*entries):
    return {"players": [{"score": e} if isinstance(e, int) else {"cards": e.split()} for e in entries],
            "knocker": None}


CASES = [
    {"name": "9 cards: a column of three alike scores 0, two alike do not", "game": "golf", "players": P3,
     "options": {"layout": 9},
     "rounds": [{"data": hole("5 2 3 5 4 6 5 7 8", "5 2 3 5 4 6 A 7 8", 90), "error": "players"},  # six 5s
                {"data": hole("5 2 3 5 4 6 5 7 8", "9 2 3 9 4 6 A 7 8", 90), "points": [30, 49, 90]}],
     "expect": {"options": {"layout": 9, "pairs": "columns", "packs": 1, "negative_pairs": "cancel",
                            "four_bonus": 0}}},
    {"name": "9 cards in lines: a row and a column of queens, and the bonus for four", "game": "golf", "players": P5,
     "options": {"layout": 9, "pairs": "lines", "four_bonus": -20},
     "rounds": [{"data": hole("Q Q Q Q A 2 Q 3 4", 5, 5, 5, 5), "points": [-10, 5, 5, 5, 5]}],
     "expect": {"options": {"packs": 2}}},
    {"name": "8 cards in lines: a pair in a row of four", "game": "golf", "players": P3,
     "options": {"layout": 8, "pairs": "lines"},
     "rounds": [{"data": hole("5 2 3 5 4 6 7 8", "5 9 7 8 9 A 2 3", 78), "points": [30, 44, 78]},
                {"data": hole(79, 3, 3), "error": "players.0.score"}]},
    {"name": "negative_pairs keep: two jokers keep −10 under all", "game": "golf", "players": P3,
     "options": {"pairs": "all", "negative_pairs": "keep"},
     "rounds": [{"data": hole("X X 3 4", "K K 5 5", -10), "points": [-3, 0, -10]},
                {"data": hole(-11, 3, 3), "error": "players.0.score"}]},
    {"name": "wrong card counts for 8 and 9", "game": "golf", "players": P3, "options": {"layout": 8},
     "rounds": [{"data": hole("5 2 3 5 4 6 7 8 9", 3, 3), "error": "players.0.cards"},
                {"data": hole("5 2 3 5 4 6 7", 3, 3), "error": "players.0.cards"},
                {"data": hole(81, 3, 3), "error": "players.0.score"}]},
    {"name": "a layout that is not 4, 6, 8 or 9", "game": "golf", "players": P3, "options": {"layout": 7},
     "create_error": "options.layout"},
    {"name": "negative_pairs: cancel or keep", "game": "golf", "players": P3, "options": {"negative_pairs": "zero"},
     "create_error": "options.negative_pairs"},
    {"name": "a bonus for four above 0", "game": "golf", "players": P3, "options": {"four_bonus": 20},
     "create_error": "options.four_bonus"},
    {"name": "a bonus for four that is no whole number", "game": "golf", "players": P3,
     "options": {"four_bonus": "-20"}, "create_error": "options.four_bonus"},
    {"name": "a bonus for four out of range", "game": "golf", "players": P3, "options": {"four_bonus": -500},
     "create_error": "options.four_bonus"},
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c["name"]) for c in CASES])
def test_golf_house_rules(client, case):
    play_case(client, case)


def test_the_rules_listing_shows_the_new_options(client):
    golf = next(g for g in client.get("/api/rules").get_json() if g["key"] == "golf")
    assert golf["options"]["negative_pairs"] == {"default": "cancel", "choices": ["cancel", "keep"]}
    assert golf["options"]["four_bonus"] == {"default": 0}


def test_a_refused_bonus_says_how_to_write_it(client):
    answer = client.post("/api/games", json={"game": "golf", "players": P3, "options": {"four_bonus": 20}})
    assert answer.status_code == 422
    assert "below 0" in answer.get_json()["errors"]["options.four_bonus"]
