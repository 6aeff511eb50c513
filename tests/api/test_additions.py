"""games.md "Additions" through the API: presets, placings, final, the new variants and checks.

The cases have the shape of the shared worked examples (check-examples), so they read like the spec.
"""
from __future__ import annotations

import pytest

from tests.api.test_examples import play_case

P2, P3 = ["Ann", "Bob"], ["Ann", "Bob", "Cy"]


def golf_hole(*scores, knocker=None):
    return {"players": [{"score": s} for s in scores], "knocker": knocker}


def hf(clean=0, dirty=0, threes=0, out=False, **more):
    return {"clean_books": clean, "dirty_books": dirty, "red_threes": threes, "went_out": out, **more}


CASES = [
    # --- common: presets, placings, final -------------------------------------------------------
    {"name": "placings share a place and skip the next", "game": "golf", "players": ["Ann", "Bob", "Cy", "Di"],
     "options": {"holes": 1}, "rounds": [{"data": golf_hole(5, 5, 9, 3)}],
     "expect": {"standings": [{"place": 2}, {"place": 2}, {"place": 4}, {"place": 1}], "final": {}}},
    {"name": "the quarters preset: quarters 4, every repeated rank 0, jokers 0", "game": "golf", "players": P3,
     "preset": "quarters",
     "rounds": [{"data": {"players": [{"cards": ["Q", "Q", "Q", "K"]}, {"cards": ["X", "2", "3", "4"]},
                                      {"cards": ["5", "5", "A", "9"]}], "knocker": None}, "points": [0, 9, 10]}],
     "expect": {"preset": "quarters", "options": {"quarters": 4, "pairs": "all", "values": {"X": 0}, "holes": None},
                "standings": [{"quarters": 4}, {"quarters": 4}, {"quarters": 3}], "next": {"jar": 1}, "final": None}},
    {"name": "a preset's options first, then the options given", "game": "golf", "players": P3,
     "preset": "quarters", "options": {"quarters": 2},
     "expect": {"preset": "quarters", "options": {"quarters": 2, "pairs": "all"}}},
    {"name": "no preset: preset is null", "game": "golf", "players": P3, "expect": {"preset": None}},
    {"name": "the jar outlives next", "game": "golf", "players": P2, "preset": "quarters", "options": {"quarters": 1},
     "rounds": [{"data": golf_hole(3, 9)}],
     "expect": {"status": "finished", "winners": [0], "next": None, "final": {"jar": 1}}},
    # --- golf -----------------------------------------------------------------------------------
    {"name": "the pot: a failed knock doubles it, a good one takes it", "game": "golf", "players": P3,
     "options": {"holes": 2, "pot_stake": 0.25},
     "rounds": [{"data": golf_hole(5, 3, 9, knocker=0)}, {"data": golf_hole(2, 4, 6, knocker=0)}],
     "expect": {"status": "finished", "final": {"pot": 0.75},
                "standings": [{"money": 0.25}, {"money": -0.5}, {"money": -0.5}]}},
    {"name": "the pot cap", "game": "golf", "players": P3, "options": {"pot_stake": 1, "pot_cap": 2},
     "rounds": [{"data": golf_hole(5, 3, 9, knocker=0)}, {"data": golf_hole(5, 3, 9, knocker=0)}],
     "expect": {"next": {"pot": 7}, "standings": [{"money": -5}, {"money": -1}, {"money": -1}]}},
    {"name": "knock zero never punishes a good knock; doubling waits for a score above 0", "game": "golf",
     "players": P3, "options": {"knock_bonus": "zero", "knock_penalty": "double"},
     "rounds": [{"data": golf_hole(-3, 4, 9, knocker=0), "points": [-3, 4, 9]},
                {"data": golf_hole(0, -2, 9, knocker=0), "points": [0, -2, 9]},
                {"data": golf_hole(4, 2, 9, knocker=0), "points": [8, 2, 9]}]},
    {"name": "wild jacks need a pairing rule", "game": "golf", "players": P3,
     "options": {"one_eyed_jacks_wild": True}, "create_error": "options.one_eyed_jacks_wild"},
    {"name": "a typed score no layout could make", "game": "golf", "players": P3,
     "rounds": [{"data": golf_hole(41, 3, 3), "error": "players.0.score"},
                {"data": golf_hole(-11, 3, 3), "error": "players.0.score"},
                {"data": golf_hole(40, -10, 3), "points": [40, -10, 3]}]},
    {"name": "the six-card preset", "game": "golf", "players": P3, "preset": "six_card",
     "rounds": [{"data": {"players": [{"cards": ["5", "6", "7", "5", "6", "7"]}, {"score": 60}, {"score": 0}],
                          "knocker": None}, "points": [0, 60, 0]}]},
    {"name": "an unknown preset", "game": "golf", "players": P3, "preset": "eighteen_holes", "create_error": "preset"},
    # --- garbage --------------------------------------------------------------------------------
    {"name": "at most 10 cards left", "game": "garbage-rummy", "players": P2,
     "rounds": [{"data": {"went_out": 0, "players": [{"cards": []}, {"cards": ["5"] * 11}]}, "error": "players.1.cards"},
                {"data": {"went_out": 0, "players": [{"cards": []}, {"penalty": 205}]}, "error": "players.1.penalty"},
                {"data": {"went_out": 0, "players": [{"cards": []}, {"penalty": 200}]}, "points": [0, 200]}],
     "expect": {"standings": [{"goals_made": 1}, {"goals_made": 0}]}},
    {"name": "made_goal is implied for whoever went out, and false there is refused", "game": "garbage-rummy",
     "players": P2,
     "rounds": [{"data": {"went_out": 1, "players": [{"penalty": 5}, {"made_goal": False, "cards": []}]},
                 "error": "players.1.made_goal"},
                {"data": {"went_out": 1, "players": [{"penalty": 5}, {"cards": []}]}}],
     "expect": {"standings": [{"goal": 1}, {"goal": 2}]}},
    # --- trash ----------------------------------------------------------------------------------
    {"name": "kings and jokers wild", "game": "trash", "players": P2, "options": {"wild": "kings_and_jokers"},
     "expect": {"options": {"wild": "kings_and_jokers"}}},
    {"name": "the house preset: others complete too", "game": "trash", "players": P3, "preset": "house",
     "rounds": [{"data": {"winner": 0, "also_completed": [2]}}],
     "expect": {"standings": [{"layout": 9}, {"layout": 10}, {"layout": 9}]}},
    {"name": "the short preset", "game": "trash", "players": P2, "preset": "short",
     "rounds": [{"data": {"winner": 1}}] * 4, "expect": {"status": "finished", "winners": [1]}},
    # --- gin ------------------------------------------------------------------------------------
    {"name": "the classic preset", "game": "gin-rummy", "players": P2, "preset": "classic",
     "rounds": [{"data": {"result": "gin", "knocker": 1, "deadwood": [80, 0]}}],
     "expect": {"status": "finished", "winners": [1], "totals": [0, 105 * 2 + 25 + 100],
                "standings": [{"bonus": 0}, {"bonus": 105 + 25 + 100}]}},
    # --- chase the ace --------------------------------------------------------------------------
    {"name": "kings reveal_stops", "game": "chase-the-ace", "players": P3, "options": {"kings": "reveal_stops"},
     "rounds": [{"data": {"cards": ["K", "2", "5"]}}], "expect": {"standings": [{"lives": 3}, {"lives": 2}, {"lives": 3}]}},
    {"name": "the pot outlives next", "game": "chase-the-ace", "players": P2, "options": {"lives": 1},
     "rounds": [{"data": {"losers": [0]}}], "expect": {"status": "finished", "next": None, "final": {"pot": 0.1}}},
    # --- hand and foot --------------------------------------------------------------------------
    {"name": "the house preset: a clean book and two dirty books to go out", "game": "hand-and-foot",
     "players": P2, "preset": "house",
     "rounds": [{"data": {"players": [hf(2, 1, out=True, melded_points=200, left_points=0), hf(left_points=5)]},
                 "error": "players.0.went_out"},
                {"data": {"players": [hf(1, 2, out=True, melded_points=200, left_points=0), hf(left_points=5)]},
                 "points": [50 + 60 + 100 + 200, -5]}]},
    {"name": "the classic preset", "game": "hand-and-foot", "players": P2, "preset": "classic",
     "expect": {"next": {"meld_minimum": 50},
                "options": {"clean_book": 500, "dirty_book": 300, "meld_minimums": [50, 90, 120, 150]}}},
    {"name": "black threes are not melded; books need their cards; no empty entry", "game": "hand-and-foot",
     "players": P2,
     "rounds": [{"data": {"players": [hf(melded=["3S", "K"]), hf(left_points=0)]}, "error": "players.0.melded"},
                {"data": {"players": [hf(1, melded=["K"] * 6), hf(left_points=0)]}, "error": "players.0.clean_books"},
                {"data": {"players": [hf(1, melded_points=30), hf(left_points=0)]}, "error": "players.0.clean_books"},
                {"data": {"players": [{}, hf(left_points=0)]}, "error": "players.0"},
                {"data": {"players": [hf(1, melded=["K"] * 7), {"left_points": 0}]}, "error": "players.0.left_points"},
                {"data": {"players": [hf(1, melded=["K"] * 7, left_points=0), {"left_points": 0}]},
                 "points": [120, 0]}]},
    # --- games.md "House rules as tables play them": hand and foot -------------------------------
    {"name": "a book of sevens at 1500 and a wild book at 1000", "game": "hand-and-foot", "players": P2,
     "options": {"seven_book": 1500, "wild_book": 1000},
     "rounds": [{"data": {"players": [hf(seven_books=1, melded=["7"] * 7 + ["X"], left_points=0),
                                      hf(wild_books=1, melded=["X", "X", "2", "2", "2", "2", "X"], left_points=0)]},
                 "points": [1500 + 85, 1000 + 230]}],
     "expect": {"options": {"seven_book": 1500, "wild_book": 1000}}},
    {"name": "books apart refused while not scored apart", "game": "hand-and-foot", "players": P2,
     "rounds": [{"data": {"players": [hf(seven_books=1, melded=["7"] * 7 + ["X"]), hf(left_points=0)]},
                 "error": "players.0.seven_books"},
                {"data": {"players": [hf(left_points=0), hf(wild_books=1, melded_points=230, left_points=0)]},
                 "error": "players.1.wild_books"}]},
    {"name": "books apart need their cards", "game": "hand-and-foot", "players": P2,
     "options": {"seven_book": 1500, "wild_book": 1000},
     "rounds": [{"data": {"players": [hf(seven_books=1, melded=["7"] * 6 + ["X", "X"], left_points=0),
                                      hf(left_points=0)]}, "error": "players.0.seven_books"},
                {"data": {"players": [hf(wild_books=1, melded_points=100, left_points=0), hf(left_points=0)]},
                 "error": "players.0.wild_books"}]},
    {"name": "going out on a book of sevens as the clean book", "game": "hand-and-foot", "players": P2,
     "options": {"seven_book": 1500},
     "rounds": [{"data": {"players": [hf(0, 2, out=True, seven_books=1, melded_points=200, left_points=0),
                                      hf(left_points=5)]}, "points": [60 + 1500 + 100 + 200, -5]}]},
    {"name": "red threes left: 100 each, at most two a pack with those laid down", "game": "hand-and-foot",
     "players": P2, "options": {"red_three_left": 100},
     "rounds": [{"data": {"players": [hf(threes=4, red_threes_left=3, left_points=0), hf(left_points=0)]},
                 "error": "players.0.red_threes_left"},
                {"data": {"players": [hf(threes=4, left_points=0), hf(red_threes_left=3, left_points=0)]},
                 "error": "players"},
                {"data": {"players": [hf(1, 2, out=True, melded_points=150, left_points=0, red_threes_left=1),
                                      hf(left_points=0)]}, "error": "players.0.red_threes_left"},
                {"data": {"players": [hf(threes=4, left_points=0), hf(red_threes_left=2, left_points=10)]},
                 "points": [400, -210]}]},
    {"name": "black threes left at 300: listed, or their points as counted", "game": "hand-and-foot",
     "players": P2, "options": {"black_three_left": 300},
     "rounds": [{"data": {"players": [hf(left=["3S", "3C", "K"]), hf(left_points=15)]}, "points": [-610, -15]}]},
    {"name": "going out needs two clean books", "game": "hand-and-foot", "players": P2,
     "options": {"going_out_needs": {"clean": 2}},
     "rounds": [{"data": {"players": [hf(1, 3, out=True, melded_points=150, left_points=0), hf(left_points=0)]},
                 "error": "players.0.went_out"},
                {"data": {"players": [hf(2, out=True, melded_points=150, left_points=0), hf(left_points=0)]},
                 "points": [100 + 100 + 150, 0]}],
     "expect": {"options": {"going_out_needs": {"clean": 2}, "going_out_books": None}}},
    {"name": "going_out_needs in a named rule's form shows its name", "game": "hand-and-foot", "players": P2,
     "options": {"going_out_needs": {"clean": 1, "dirty": 2}},
     "expect": {"options": {"going_out_needs": {"clean": 1, "dirty": 2}, "going_out_books": "one_clean_two_dirty"}}},
    {"name": "going_out_books shows its books needed", "game": "hand-and-foot", "players": P2,
     "options": {"going_out_books": "one_clean_two_dirty"},
     "expect": {"options": {"going_out_needs": {"clean": 1, "dirty": 2}, "going_out_books": "one_clean_two_dirty"}}},
    {"name": "going_out_needs unreadable", "game": "hand-and-foot", "players": P2,
     "options": {"going_out_needs": {"pure": 1}}, "create_error": "options.going_out_needs"},
    {"name": "going_out_needs against going_out_books", "game": "hand-and-foot", "players": P2,
     "options": {"going_out_needs": {"clean": 2}, "going_out_books": "one_clean_two_dirty"},
     "create_error": "options.going_out_needs"},
    {"name": "going_out_needs asks for books of sevens not scored apart", "game": "hand-and-foot", "players": P2,
     "options": {"going_out_needs": {"seven": 1}}, "create_error": "options.going_out_needs"},
    {"name": "a seven book of junk points", "game": "hand-and-foot", "players": P2, "options": {"seven_book": "lots"},
     "create_error": "options.seven_book"},
    {"name": "red threes left of junk", "game": "hand-and-foot", "players": P2, "options": {"red_three_left": -1},
     "create_error": "options.red_three_left"},
    {"name": "black threes left of junk", "game": "hand-and-foot", "players": P2,
     "options": {"black_three_left": 20000}, "create_error": "options.black_three_left"},
    # --- every game: a round-data key it does not know ------------------------------------------
    {"name": "an unknown key in a round", "game": "trash", "players": P2,
     "rounds": [{"data": {"winner": 0, "loser": 1}, "error": "loser"}]},
    {"name": "an unknown key in a player's entry", "game": "golf", "players": P2,
     "rounds": [{"data": {"players": [{"score": 3, "colour": "red"}, {"score": 4}]}, "error": "players.0.colour"}]},
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c["name"]) for c in CASES])
def test_addition(client, case):
    play_case(client, case)


def test_rules_listing_names_every_preset(client):
    listing = {g["key"]: g for g in client.get("/api/rules").get_json()}
    assert set(listing["golf"]["presets"]) == {"six_card", "quarters"}
    assert listing["golf"]["presets"]["quarters"]["options"] == {"quarters": 4, "pairs": "all", "values": {"X": 0}}
    assert listing["golf"]["presets"]["quarters"]["label"]
    assert set(listing["trash"]["presets"]) == {"house", "short"}
    assert set(listing["gin-rummy"]["presets"]) == {"classic", "oklahoma"}
    assert set(listing["hand-and-foot"]["presets"]) == {"house", "classic"}
    assert listing["chase-the-ace"]["presets"] == {} and listing["garbage-rummy"]["presets"] == {}
    assert listing["golf"]["options"]["pot_stake"] == {"default": None}
    assert listing["hand-and-foot"]["options"]["going_out_books"]["choices"] == [
        "one_clean_three_books", "one_clean_two_dirty"]


@pytest.mark.parametrize("preset", [3, ["quarters"], {"name": "quarters"}, "", "x" * 5000])
def test_a_malformed_preset_is_refused_on_preset(client, preset):
    answer = client.post("/api/games", json={"game": "golf", "players": P2, "preset": preset})
    assert answer.status_code == 422 and list(answer.get_json()["errors"]) == ["preset"]


def test_a_blank_sheet_takes_a_preset_too(app):
    from scorekeeper.play import services
    rules, table = services.blank_table("golf", [], 3, {"quarters": 3}, "quarters")
    assert (table.options.quarters, table.options.values) == (3, {"X": 0})
    assert "options.one_eyed_jacks_wild" in pytest.raises(services.Problem, services.blank_table, "golf", [], 3,
                                                           {"one_eyed_jacks_wild": True}).value.errors


def test_a_hand_and_foot_hand_refused_names_every_broken_entry(client):
    game = client.post("/api/games", json={"game": "hand-and-foot", "players": ["Ann", "Bob", "Cy"]}).get_json()
    data = {"players": [hf(1, threes=9, left_points=0), hf(melded_points=12, left_points=0),
                        {"clean_books": 1, "melded_points": 100}]}
    answer = client.post(f"/api/games/{game['id']}/rounds", json={"data": data},
                         headers={"Authorization": f"Bearer {game['token']}"})
    assert answer.status_code == 422
    assert set(answer.get_json()["errors"]) == {"players.0.melded_points", "players.0.red_threes",
                                                "players.1.melded_points",
                                                "players.2.left_points"}
