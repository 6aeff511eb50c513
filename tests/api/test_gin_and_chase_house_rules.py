"""House rules as tables play them, through the JSON API: Gin Rummy's knock at 0 (gin), Oklahoma and its preset,
the shutout bonus, and Chase the Ace's aces high. Every score is worked out by hand beside it."""
from __future__ import annotations

import pytest

from tests.api.test_scenarios import P2, P3, P4, fetch, ids, rules_of, run_bad_game, run_refusal, run_scenario
from tests.helpers import auth


def knock(knocker, *deadwood, upcard=None):
    return {"result": "knock", "knocker": knocker, "deadwood": list(deadwood),
            **({"upcard": upcard} if upcard is not None else {})}


def gin(knocker, *deadwood, upcard=None, big=False):
    return {**knock(knocker, *deadwood, upcard=upcard), "result": "big_gin" if big else "gin"}


OKLAHOMA = {"oklahoma": True}

GIN = [
    {"name": "a knock at 0 is gin: the gin bonus, and the round reads gin",
     "game": "gin-rummy", "players": P2,
     "rounds": [{"data": knock(1, 12, 0), "points": [0, 37],            # 12 + 25
                 "expect": {"standings.hands_won": [0, 1]}}]},
    {"name": "a knock at 0 against 0 is gin, not an undercut",
     "game": "gin-rummy", "players": P2,
     "rounds": [{"data": knock(0, 0, 0), "points": [25, 0]}]},
    {"name": "Oklahoma: a 7 lets a knock on 7",
     "game": "gin-rummy", "players": P2, "options": OKLAHOMA,
     "rounds": [{"data": knock(0, 7, 20, upcard="7H"), "points": [13, 0]}]},
    {"name": "Oklahoma: a king lets a knock on 10, past knock_max",
     "game": "gin-rummy", "players": P2, "options": OKLAHOMA,
     "rounds": [{"data": knock(0, 10, 25, upcard="KD"), "points": [15, 0]}]},
    {"name": "Oklahoma: a spade doubles a knock",
     "game": "gin-rummy", "players": P2, "options": OKLAHOMA,
     "rounds": [{"data": knock(0, 5, 20, upcard="7S"), "points": [30, 0]}]},     # (20 - 5) x 2
    {"name": "Oklahoma: a spade doubles an undercut, its bonus included",
     "game": "gin-rummy", "players": P2, "options": OKLAHOMA,
     "rounds": [{"data": knock(0, 8, 5, upcard="9♠"), "points": [0, 56],        # (8 - 5 + 25) x 2
                 "expect": {"standings.hands_won": [0, 1]}}]},
    {"name": "Oklahoma: a spade doubles a gin, its bonus included",
     "game": "gin-rummy", "players": P2, "options": OKLAHOMA,
     "rounds": [{"data": gin(1, 30, 0, upcard="2s"), "points": [0, 110]}]},     # (30 + 25) x 2
    {"name": "Oklahoma: an ace allows gin",
     "game": "gin-rummy", "players": P2, "options": OKLAHOMA,
     "rounds": [{"data": gin(0, 0, 12, upcard="AH"), "points": [37, 0]},
                {"data": knock(0, 0, 10, upcard="AS"), "points": [70, 0]}],  # a knock at 0 is gin: (10 + 25) x 2
     "expect": {"totals": [107, 0]}},
    {"name": "Oklahoma: a draw needs no upcard",
     "game": "gin-rummy", "players": P2, "options": OKLAHOMA,
     "rounds": [{"data": {"result": "draw"}, "points": [0, 0]},
                {"data": {"result": "draw", "upcard": "QS"}, "points": [0, 0]}]},
    {"name": "Oklahoma: 3 players, a spade",
     "game": "gin-rummy", "players": P3, "options": OKLAHOMA,
     # Ann 4 vs Bob 10: 6; Ann 4 vs Cy 2: Cy undercuts 2 + 25 = 27; all doubled
     "rounds": [{"data": knock(0, 4, 10, 2, upcard="6S"), "points": [12, 0, 54]}]},
    {"name": "the Oklahoma preset: to 150, boxes, game bonus and the shutout doubling",
     "game": "gin-rummy", "players": P2, "preset": "oklahoma",
     "start": {"options": {"oklahoma": True, "target": 150, "box_bonus": 25, "game_bonus": 100,
                           "shutout_double": True, "shutout_bonus": 0}},
     "rounds": [{"data": gin(0, 0, 60, upcard="KS"), "points": [170, 0]}],     # (60 + 25) x 2 reaches 150
     # 170 x 2 + 1 box 25 + game 100 = 465
     "expect": {"status": "finished", "totals": [465, 0], "standings.bonus": [295, 0], "preset": "oklahoma"}},
    {"name": "the shutout bonus, beside the doubling",
     "game": "gin-rummy", "players": P2, "options": {"target": 50, "shutout_bonus": 50, "shutout_double": True},
     "rounds": [{"data": gin(0, 0, 40), "points": [65, 0]}],
     # 65 x 2 + 50
     "expect": {"status": "finished", "totals": [180, 0], "standings.bonus": [115, 0]}},
    {"name": "the shutout bonus alone",
     "game": "gin-rummy", "players": P2, "options": {"target": 50, "shutout_bonus": 50},
     "rounds": [{"data": gin(0, 0, 40), "points": [65, 0]}],
     "expect": {"status": "finished", "totals": [115, 0], "standings.bonus": [50, 0]}},
    {"name": "no shutout bonus when a loser won a hand",
     "game": "gin-rummy", "players": P2, "options": {"target": 50, "shutout_bonus": 50},
     "rounds": [{"data": knock(1, 20, 5), "points": [0, 15]}, {"data": gin(0, 0, 40), "points": [65, 0]}],
     "expect": {"status": "finished", "totals": [65, 15], "standings.bonus": [0, 0]}},
]

GIN_REFUSED = [
    {"name": "Oklahoma: no upcard", "options": OKLAHOMA, "field": "upcard", "data": knock(0, 5, 20)},
    {"name": "Oklahoma: an empty upcard", "options": OKLAHOMA, "field": "upcard", "data": knock(0, 5, 20, upcard="")},
    {"name": "Oklahoma: an unreadable upcard", "options": OKLAHOMA, "field": "upcard",
     "data": knock(0, 5, 20, upcard="ZZ")},
    {"name": "Oklahoma: an upcard without its suit", "options": OKLAHOMA, "field": "upcard",
     "data": knock(0, 5, 20, upcard="7")},
    {"name": "Oklahoma: a joker upcard", "options": OKLAHOMA, "field": "upcard", "data": knock(0, 5, 20, upcard="X")},
    {"name": "Oklahoma: two cards for the upcard", "options": OKLAHOMA, "field": "upcard",
     "data": knock(0, 5, 20, upcard=["7S", "8H"])},
    {"name": "Oklahoma: a number for the upcard", "options": OKLAHOMA, "field": "upcard",
     "data": knock(0, 5, 20, upcard=7)},
    {"name": "Oklahoma: a knock on an ace", "options": OKLAHOMA, "field": "result",
     "data": knock(0, 1, 20, upcard="AC")},
    {"name": "Oklahoma: a knock above the upcard", "options": OKLAHOMA, "field": "deadwood.1",
     "data": knock(1, 20, 8, upcard="7D")},
    {"name": "Oklahoma: a knock above a spade upcard", "options": OKLAHOMA, "field": "deadwood.0",
     "data": knock(0, 4, 20, upcard="3S")},
    {"name": "an upcard where the table does not play Oklahoma", "field": "upcard",
     "data": knock(0, 5, 20, upcard="7S")},
]


def start(client, sc):
    """Start a game of a scenario, with its preset when it names one."""
    body = {"game": sc["game"], "players": sc["players"], "options": sc.get("options", {})}
    if "preset" in sc:
        body["preset"] = sc["preset"]
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


@pytest.mark.parametrize("sc", ids(GIN))
def test_gin_rummy_house_rules(client, post_round, sc):
    run_scenario(client, lambda *_: start(client, sc), post_round, sc)


@pytest.mark.parametrize("sc", ids(GIN_REFUSED))
def test_gin_rummy_house_rules_refused(client, create_game, post_round, sc):
    run_refusal(client, create_game, post_round, {"game": "gin-rummy", "players": P2, **sc})


def test_a_knock_at_zero_reads_gin_in_the_state(client, create_game, post_round):
    state = create_game("gin-rummy", P2, {})
    assert post_round(state, knock(0, 0, 9)).status_code == 201
    rounds = fetch(client, state)["rounds"]
    assert rounds[0]["data"]["result"] == "gin" and rounds[0]["points"] == [34, 0]
    assert rounds[0]["marks"] == ["34 gin", "0"]


def test_errors_say_what_to_fix(client, create_game, post_round):
    state = create_game("gin-rummy", P2, OKLAHOMA)
    said = post_round(state, knock(1, 20, 8, upcard="7D")).get_json()["errors"]
    assert said == {"deadwood.1": "Bob knocked holding 8; with 7♦ turned up a knock needs 7 or less"}
    said = post_round(state, knock(0, 3, 20, upcard="AH")).get_json()["errors"]
    assert said == {"result": "the upcard is an ace: only gin ends this hand, Ann may not knock with 3"}
    french = {**auth(state), "Accept-Language": "fr"}
    answer = client.post(f"/api/games/{state['id']}/rounds", json={"data": knock(0, 5, 20)}, headers=french)
    assert answer.status_code == 422 and "retournée" in answer.get_json()["errors"]["upcard"]


@pytest.mark.parametrize("options, field", [
    ({"oklahoma": "yes"}, "options.oklahoma"), ({"shutout_bonus": -5}, "options.shutout_bonus"),
    ({"shutout_bonus": "50"}, "options.shutout_bonus"),
])
def test_bad_house_rules_are_refused(client, options, field):
    run_bad_game(client, "gin-rummy", P2, options, field)


def test_the_rules_listing_names_the_new_options_and_the_preset(client):
    gin_rummy = rules_of(client, "gin-rummy")
    assert gin_rummy["options"]["oklahoma"] == {"default": False, "choices": [False, True]}
    assert gin_rummy["options"]["shutout_bonus"] == {"default": 0}
    assert gin_rummy["presets"]["oklahoma"]["options"] == {"oklahoma": True, "target": 150, "box_bonus": 25,
                                                           "game_bonus": 100, "shutout_double": True}
    assert rules_of(client, "chase-the-ace")["options"]["ace_high"] == {"default": False, "choices": [False, True]}


CHASE = [
    {"name": "aces high: the 2 is lowest",
     "game": "chase-the-ace", "players": P4, "options": {"ace_high": True},
     "rounds": [{"data": {"cards": ["A", "2", "5", "K"]}, "expect": {"standings.lives": [3, 2, 3, 3]}}]},
    {"name": "aces high: a king loses to the ace",
     "game": "chase-the-ace", "players": P4, "options": {"ace_high": True},
     "rounds": [{"data": {"cards": ["AS", "KH", "QD", "QC"]}, "expect": {"standings.lives": [3, 2, 3, 3]}}]},
    {"name": "aces high, matches not cancelling: both holders of the lowest rank lose",
     "game": "chase-the-ace", "players": P4, "options": {"ace_high": True, "cancel_matches": False},
     "rounds": [{"data": {"cards": ["A", "A", "K", "K"]}, "expect": {"standings.lives": [3, 3, 2, 2]}}]},
    {"name": "aces high with kings plain: the game to the end",
     "game": "chase-the-ace", "players": P3, "options": {"ace_high": True, "kings": "plain", "lives": 1},
     "rounds": [{"data": {"cards": ["A", "K", "2"]}}, {"data": {"cards": ["A", "5", None]}}],
     "expect": {"status": "finished", "winners": [0], "standings.lives": [1, 0, 0]}},
]


@pytest.mark.parametrize("sc", ids(CHASE))
def test_chase_the_ace_aces_high(client, create_game, post_round, sc):
    run_scenario(client, create_game, post_round, sc)
