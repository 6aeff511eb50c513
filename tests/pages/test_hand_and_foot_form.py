"""games.md "House rules as tables play them", Hand & Foot on the new-game form: the books apart, threes left and
the boxes of books needed to go out, from the form to the game and back to the form when refused."""
from __future__ import annotations

import re

import pytest

from tests.helpers import game_id

NAMES = {"players-0": "Ann", "players-1": "Bob"}
USUAL_BOXES = {"opt_going_out_needs-clean": "1", "opt_going_out_needs-dirty": "0", "opt_going_out_needs-any": "3",
               "opt_going_out_needs-seven": "0", "opt_going_out_needs-wild": "0"}


def options_of(client, answer) -> dict:
    assert answer.status_code == 302, answer.get_data(as_text=True)[:800]
    return client.get(f"/api/games/{game_id(answer)}").get_json()["options"]


@pytest.mark.parametrize("typed, books, needs", [
    ({}, "one_clean_three_books", {"clean": 1, "any": 3}),
    ({"opt_going_out_needs-clean": "2", "opt_going_out_needs-any": "4"}, None, {"clean": 2, "any": 4}),
    ({"opt_going_out_needs-any": "0", "opt_going_out_needs-dirty": "2"}, "one_clean_two_dirty",
     {"clean": 1, "dirty": 2}),
    ({"opt_going_out_books": "one_clean_two_dirty"}, "one_clean_two_dirty", {"clean": 1, "dirty": 2}),
    ({"opt_going_out_needs-seven": "1", "opt_seven_book": "1500"}, None, {"clean": 1, "any": 3, "seven": 1}),
])
def test_the_books_needed_as_the_boxes_say(client, typed, books, needs):
    options = options_of(client, client.post("/new/hand-and-foot", data={**NAMES, **USUAL_BOXES, **typed}))
    assert (options["going_out_books"], options["going_out_needs"]) == (books, needs)


def test_the_house_preset_fills_the_boxes_and_starts_its_rule(client):
    page = client.get("/new/hand-and-foot?preset=house").get_data(as_text=True)
    assert re.search(r'name="opt_going_out_needs-dirty"[^>]*value="2"', page)
    assert re.search(r'name="opt_going_out_needs-any"[^>]*value="0"', page)
    boxes = {**USUAL_BOXES, "opt_going_out_needs-dirty": "2", "opt_going_out_needs-any": "0"}
    answer = client.post("/new/hand-and-foot", data={**NAMES, **boxes, "preset": "house", "shown_preset": "house",
                                                     "opt_going_out_books": "one_clean_two_dirty"})
    options = options_of(client, answer)
    assert (options["going_out_books"], options["going_out_needs"]) == ("one_clean_two_dirty",
                                                                        {"clean": 1, "dirty": 2})


def test_house_scores_typed_reach_the_game(client):
    form = {**NAMES, **USUAL_BOXES, "opt_seven_book": "1500", "opt_wild_book": "1000", "opt_red_three_left": "100",
            "opt_black_three_left": "300"}
    options = options_of(client, client.post("/new/hand-and-foot", data=form))
    assert {k: options[k] for k in ("seven_book", "wild_book", "red_three_left", "black_three_left")} == {
        "seven_book": 1500, "wild_book": 1000, "red_three_left": 100, "black_three_left": 300}
    usual = options_of(client, client.post("/new/hand-and-foot", data={**NAMES, **USUAL_BOXES}))
    assert (usual["seven_book"], usual["wild_book"], usual["red_three_left"], usual["black_three_left"]) == (
        None, None, 0, None)


@pytest.mark.parametrize("typed, box", [
    ({"opt_going_out_needs-clean": "25"}, "opt_going_out_needs-clean"),
    ({"opt_going_out_needs-wild": "1"}, "opt_going_out_needs-clean"),  # wild books not scored apart
    ({"opt_going_out_books": "one_clean_two_dirty", "opt_going_out_needs-clean": "3"}, "opt_going_out_needs-clean"),
])
def test_refused_books_needed_are_marked_by_the_boxes_and_kept(client, typed, box):
    answer = client.post("/new/hand-and-foot", data={**NAMES, **USUAL_BOXES, **typed})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and f'id="{box}-err"' in page
    for name, value in typed.items():
        if name.startswith("opt_going_out_needs-"):
            assert re.search(rf'name="{name}"[^>]*value="{value}"', page), name


def test_the_boxes_of_books_needed_ask_for_the_numeric_keypad_and_no_minus(client):
    page = client.get("/new/hand-and-foot").get_data(as_text=True)
    boxes = re.findall(r'<input[^>]*name="opt_going_out_needs-\w+"[^>]*>', page)
    assert len(boxes) == 5 and all('inputmode="numeric"' in box for box in boxes)
    for label in ("To go out: clean books", "To go out: books of sevens", "Points per book of sevens",
                  "Points lost per red three left", "Points lost per black three left"):
        assert label in page
    fr = client.get("/new/hand-and-foot", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Pour sortir\u00a0: canastas de 7" in fr and "Points par canasta de 7" in fr
