"""Scenarios played from the spec (games.md, api.md) that the worked examples do not cover.

Every expected number is worked out by hand from the spec; the arithmetic is in the comments.
Each scenario is table-driven: a game, players, options, rounds (with the points each round
must give and what the state must show after it), and what the final state must show.
Refused rounds must be 422 naming the field the spec names, and must store nothing.
"""
from __future__ import annotations

import pytest

from tests.helpers import auth

P2 = ["Ann", "Bob"]
P3 = ["Ann", "Bob", "Cy"]
P4 = ["Ann", "Bob", "Cy", "Dee"]


# --- runners ---------------------------------------------------------------------------------


def url(state, tail=""):
    return f"/api/games/{state['id']}{tail}"


def fetch(client, state):
    answer = client.get(url(state))
    assert answer.status_code == 200
    return answer.get_json()


def check(state, key, want, where=""):
    """Compare one named part of a game state with what the spec says."""
    if key == "totals":
        got = [s["total"] for s in state["standings"]]
    elif key.startswith("standings."):
        got = [s.get(key.split(".", 1)[1], "<missing>") for s in state["standings"]]
    elif key == "options":  # the options named must hold these values
        got = {k: state["options"].get(k, "<missing>") for k in want}
    elif key == "options=":  # every option, exactly
        got = state["options"]
    elif key == "points":
        got = [r["points"] for r in state["rounds"]]
    else:
        got = state[key]
    assert got == want, f"{where} {key}: got {got!r}, want {want!r}"


def run_scenario(client, create_game, post_round, sc):
    """Play a scenario through the API and check every expectation it names."""
    state = create_game(sc["game"], sc.get("players", P3), sc.get("options", {}))
    for key, want in sc.get("start", {}).items():
        check(state, key, want, "at the start")
    for i, rnd in enumerate(sc.get("rounds", []), 1):
        answer = post_round(state, rnd["data"])
        assert answer.status_code == 201, (i, answer.get_json())
        got = answer.get_json()
        if "points" in rnd:
            assert got["rounds"][-1]["points"] == rnd["points"], (i, got["rounds"][-1]["points"], rnd["points"])
        for key, want in rnd.get("expect", {}).items():
            check(got, key, want, f"after round {i}")
    if sc.get("finish"):
        answer = client.post(url(state, "/finish"), headers=auth(state))
        assert answer.status_code == 200, answer.get_json()
    final = fetch(client, state)
    for key, want in sc.get("expect", {}).items():
        check(final, key, want, "at the end")
    return state, final


def run_refusal(client, create_game, post_round, sc):
    """Play the rounds before, then send a round that breaks a check: 422 naming the field, nothing stored."""
    state = create_game(sc["game"], sc.get("players", P3), sc.get("options", {}))
    for data in sc.get("before", []):
        answer = post_round(state, data)
        assert answer.status_code == 201, answer.get_json()
    before = fetch(client, state)
    answer = post_round(state, sc["data"])
    assert answer.status_code == 422, answer.get_json()
    errors = answer.get_json()["errors"]
    fields = sc["field"] if isinstance(sc["field"], tuple) else (sc["field"],)
    assert any(f in errors for f in fields), (errors, fields)
    assert all(isinstance(m, str) and m for m in errors.values())
    assert fetch(client, state) == before


def run_bad_game(client, game, players, options, field):
    """A new game that breaks a rule: 422 naming the field, and no game is made."""
    count = len(client.get("/api/games").get_json())
    answer = client.post("/api/games", json={"game": game, "players": players, "options": options})
    assert answer.status_code == 422, answer.get_json()
    assert field in answer.get_json()["errors"], answer.get_json()
    assert len(client.get("/api/games").get_json()) == count


def rules_of(client, key):
    return next(g for g in client.get("/api/rules").get_json() if g["key"] == key)


def ids(cases):
    return [pytest.param(c, id=c["name"]) for c in cases]


def scores(*values, knocker=None):
    """A golf hole given as counted scores (None: a seat that is out)."""
    return {"players": [None if v is None else {"score": v} for v in values], "knocker": knocker}


def cards(*layouts, knocker=None):
    """A golf hole given as layouts."""
    return {"players": [None if c is None else {"cards": list(c)} for c in layouts], "knocker": knocker}


# =============================================================================================
# golf
# =============================================================================================

GOLF_DEFAULT_OPTIONS = {"first_dealer": 0, "layout": 4, "holes": 9, "target": None, "values": {}, "pairs": "none",
                        "negative_pairs": "cancel", "four_bonus": 0, "one_eyed_jacks_wild": False, "knock_penalty": "none", "knock_bonus": "none",
                        "look_cost": 0, "quarters": None, "packs": 1, "pot_stake": None, "pot_cap": None}

GOLF = [
    {"name": "defaults: 9 holes, 4 cards, no cancelling, seed values",
     "game": "golf", "players": P3,
     "start": {"options=": GOLF_DEFAULT_OPTIONS, "next": {"round": 1, "dealer": 0}, "totals": [0, 0, 0]},
     "rounds": [{
         # A+2+3+4 = 10; J+Q+K+X = 10+10+0-5 = 15; 10+9+8+7 = 34
         "data": cards(["A", "2", "3", "4"], ["J", "Q", "K", "X"], ["10", "9", "8", "7"]),
         "points": [10, 15, 34],
         "expect": {"totals": [10, 15, 34], "status": "playing", "next": {"round": 2, "dealer": 1},
                    "standings.quarters": [None] * 3, "standings.out": [False] * 3}}]},
    {"name": "cards are case-insensitive and take suit symbols",
     "game": "golf", "players": P2,
     # 10h+qs+x+7 = 10+10-5+7 = 22; A♠+K♥+2♦+3♣ = 1+0+2+3 = 6
     "rounds": [{"data": cards(["10h", "qs", "x", "7"], ["A♠", "K♥", "2♦", "3♣"]), "points": [22, 6]}]},
    {"name": "values Q=12",
     "game": "golf", "players": P2, "options": {"values": {"Q": 12}},
     # Q+Q+A+K = 12+12+1+0 = 25 (no cancelling with 4 cards); J+5+6+X = 10+5+6-5 = 16
     "rounds": [{"data": cards(["Q", "Q", "A", "K"], ["J", "5", "6", "X"]), "points": [25, 16]}]},
    {"name": "values QS=40, 8=0: a suited key beats a rank key",
     "game": "golf", "players": P2, "options": {"values": {"QS": 40, "8": 0}},
     # QS+QH+8+8 = 40+10+0+0 = 50; QD+8+A+2 = 10+0+1+2 = 13
     "rounds": [{"data": cards(["QS", "QH", "8", "8"], ["QD", "8", "A", "2"]), "points": [50, 13]}]},
    {"name": "values J=0, Q=12, K=13",
     "game": "golf", "players": P2, "options": {"values": {"J": 0, "Q": 12, "K": 13}},
     # J+Q+K+A = 0+12+13+1 = 26; J+J+9+X = 0+0+9-5 = 4
     "rounds": [{"data": cards(["J", "Q", "K", "A"], ["J", "J", "9", "X"]), "points": [26, 4]}]},
    {"name": "values J=20 and X=0",
     "game": "golf", "players": P2, "options": {"values": {"J": 20, "X": 0}},
     # X+X+5+5 = 0+0+5+5 = 10; J+2+3+4 = 20+2+3+4 = 29
     "rounds": [{"data": cards(["X", "X", "5", "5"], ["J", "2", "3", "4"]), "points": [10, 29]}]},
    {"name": "pairs: three equal cancel two, four equal cancel all, cancelling is optional (jokers)",
     "game": "golf", "players": P3, "options": {"pairs": "pairs"},
     # 5 5 5 2: one pair cancels -> 5+2 = 7; 9 9 9 9 -> 0;
     # X X 3 4: cancelling the jokers gives 0+7 = 7, keeping them -5-5+3+4 = -3: the lowest is -3
     "rounds": [{"data": cards(["5", "5", "5", "2"], ["9", "9", "9", "9"], ["X", "X", "3", "4"]),
                 "points": [7, 0, -3]}]},
    {"name": "lines, 4 cards: rows and columns cancel, diagonals do not",
     "game": "golf", "players": P3, "options": {"pairs": "lines"},
     # [7 2 / 3 7]: the 7s are diagonal -> 7+2+3+7 = 19; [7 7 / 3 4]: row -> 3+4 = 7;
     # [6 3 / 6 4]: column 1-3 -> 3+4 = 7
     "rounds": [{"data": cards(["7", "2", "3", "7"], ["7", "7", "3", "4"], ["6", "3", "6", "4"]),
                 "points": [19, 7, 7]}]},
    {"name": "columns, 4 cards: a pair in a row does not cancel",
     "game": "golf", "players": P2, "options": {"pairs": "columns"},
     # [7 7 / 3 4]: row only -> 7+7+3+4 = 21; [6 3 / 6 4]: column 1-3 -> 3+4 = 7
     "rounds": [{"data": cards(["7", "7", "3", "4"], ["6", "3", "6", "4"]), "points": [21, 7]}]},
    {"name": "6 cards: pairs default to columns (1-4, 2-5, 3-6)",
     "game": "golf", "players": P2, "options": {"layout": 6},
     "start": {"options": {"layout": 6, "pairs": "columns", "holes": 9}},
     # [5 6 7 / 5 6 2]: columns 1-4 and 2-5 cancel -> 7+2 = 9
     # [5 5 7 / 2 6 3]: no column pair -> 5+5+7+2+6+3 = 28
     "rounds": [{"data": cards(["5", "6", "7", "5", "6", "2"], ["5", "5", "7", "2", "6", "3"]),
                 "points": [9, 28]}]},
    {"name": "6 cards with lines: a pair anywhere in a row of three cancels",
     "game": "golf", "players": P2, "options": {"layout": 6, "pairs": "lines"},
     # [5 9 5 / 2 6 3]: the 5s at 1 and 3 share the row -> 9+2+6+3 = 20
     # [4 8 K / 4 9 Q]: column 1-4 -> 8+0+9+10 = 27
     "rounds": [{"data": cards(["5", "9", "5", "2", "6", "3"], ["4", "8", "K", "4", "9", "Q"]),
                 "points": [20, 27]}]},
    {"name": "all: every card of a repeated rank scores 0, whatever its value",
     "game": "golf", "players": P3, "options": {"pairs": "all"},
     # Q Q Q K: three queens 0, the king 0 -> 0; J J J 5 -> 5; X X 3 4: jokers 0 -> 3+4 = 7
     "rounds": [{"data": cards(["Q", "Q", "Q", "K"], ["J", "J", "J", "5"], ["X", "X", "3", "4"]),
                 "points": [0, 5, 7]}]},
    {"name": "one-eyed jacks wild under pairs",
     "game": "golf", "players": P3, "options": {"pairs": "pairs", "one_eyed_jacks_wild": True},
     # JS 9 4 A: JS pairs the 9 -> 4+1 = 5; JD 9 4 A: JD is not one-eyed -> 10+9+4+1 = 24;
     # JH K 8 8: 8s cancel, JH pairs the K -> 0
     "rounds": [{"data": cards(["JS", "9", "4", "A"], ["JD", "9", "4", "A"], ["JH", "K", "8", "8"]),
                 "points": [5, 24, 0]}]},
    {"name": "one-eyed jacks wild under columns",
     "game": "golf", "players": P2, "options": {"pairs": "columns", "one_eyed_jacks_wild": True},
     # [JH 9 / 8 4]: column 1-3 JH+8 cancel; 9+4 = 13. [JS JC / Q 5]: JS+Q cancel; JC+5 = 15
     "rounds": [{"data": cards(["JH", "9", "8", "4"], ["JS", "JC", "Q", "5"]), "points": [13, 15]}]},
    *[{"name": f"knocker not lowest: {penalty}",
       "game": "golf", "players": P3, "options": {"knock_penalty": penalty},
       # layout scores 10 5 8; Cy knocked with 8, not lowest (5)
       "rounds": [{"data": scores(10, 5, 8, knocker=2), "points": [10, 5, want]}]}
      for penalty, want in [("none", 8), ("add10", 18), ("double", 16), ("double_plus5", 21),
                            ("highest", 10)]],   # 8; 8+10; 8*2; 8*2+5; the hole's highest, 10
    *[{"name": f"knocker lowest: {bonus}",
       "game": "golf", "players": P3, "options": {"knock_bonus": bonus},
       # layout scores 10 5 8; Bob knocked with 5, the lowest
       "rounds": [{"data": scores(10, 5, 8, knocker=1), "points": [10, want, 8]}]}
      for bonus, want in [("none", 5), ("zero", 0), ("minus_players", 2)]],  # 5; 0; 5-3 players
    {"name": "a tie for lowest counts as lowest for the knocker",
     "game": "golf", "players": P3, "options": {"knock_penalty": "double", "knock_bonus": "zero"},
     # 5 5 8, Ann knocked on 5: nobody lower -> bonus: 0 (not the double penalty)
     "rounds": [{"data": scores(5, 5, 8, knocker=0), "points": [0, 5, 8]}]},
    {"name": "looks cost look_cost each",
     "game": "golf", "players": P3, "options": {"look_cost": 1},
     # 10 + 2 looks = 12; 5; 8 + 1 look = 9
     "rounds": [{"data": {"players": [{"score": 10, "looks": 2}, {"score": 5}, {"score": 8, "looks": 1}],
                          "knocker": None},
                 "points": [12, 5, 9]}]},
    {"name": "the knock rule comes before the looks",
     "game": "golf", "players": P3, "options": {"look_cost": 2, "knock_penalty": "double"},
     # Cy knocked on 8, not lowest: 8*2 = 16, then 1 look * 2 = 18 (looks first would give 20)
     "rounds": [{"data": {"players": [{"score": 10}, {"score": 5}, {"score": 8, "looks": 1}], "knocker": 2},
                 "points": [10, 5, 18]}]},
    {"name": "the knocker is judged on the layout scores, before looks",
     "game": "golf", "players": P3, "options": {"look_cost": 1, "knock_bonus": "zero"},
     # layouts 10 9 8: Cy knocked on 8, lowest -> 0; then 3 looks -> 3
     "rounds": [{"data": {"players": [{"score": 10}, {"score": 9}, {"score": 8, "looks": 3}], "knocker": 2},
                 "points": [10, 9, 3]}]},
    {"name": "knock rule on scored layouts (cards)",
     "game": "golf", "players": P2, "options": {"knock_penalty": "add10"},
     # Ann K 5 5 Q = 0+5+5+10 = 20, knocked, Bob A 2 3 4 = 10 lower -> 20+10 = 30
     "rounds": [{"data": cards(["K", "5", "5", "Q"], ["A", "2", "3", "4"], knocker=0), "points": [30, 10]}]},
    {"name": "holes: the game ends after the holes; lowest total wins, ties share",
     "game": "golf", "players": P3, "options": {"holes": 2},
     "rounds": [{"data": scores(4, 6, 5), "expect": {"status": "playing", "winners": []}},
                {"data": scores(5, 3, 7)}],
     # 4+5 = 9, 6+3 = 9, 5+7 = 12
     "expect": {"totals": [9, 9, 12], "status": "finished", "winners": [0, 1], "next": None}},
    {"name": "target: ends at the end of the hole a total reaches it; lowest wins",
     "game": "golf", "players": P3, "options": {"target": 20},
     "start": {"options": {"target": 20, "holes": None}},
     "rounds": [{"data": scores(10, 5, 12), "expect": {"status": "playing", "next": {"round": 2, "dealer": 1}}},
                {"data": scores(10, 5, 3)}],
     # 10+10 = 20 reaches 20; 5+5 = 10 is lowest; 12+3 = 15
     "expect": {"totals": [20, 10, 15], "status": "finished", "winners": [1], "next": None}},
    {"name": "target: 19 of 20 plays on",
     "game": "golf", "players": P2, "options": {"target": 20},
     "rounds": [{"data": scores(19, 0)}],
     "expect": {"status": "playing", "totals": [19, 0]}},
    {"name": "quarters: highest hole score pays, out players skipped as dealer, last one in wins",
     "game": "golf", "players": P3, "options": {"quarters": 2},
     "start": {"options": {"quarters": 2, "holes": None}, "next": {"round": 1, "dealer": 0, "jar": 0},
               "standings.quarters": [2, 2, 2], "standings.out": [False] * 3},
     "rounds": [
         # highest 30 (Cy): quarters 2 2 1, jar 1; dealer 0 -> 1
         {"data": scores(8, 20, 30), "expect": {"standings.quarters": [2, 2, 1],
                                                "next": {"round": 2, "dealer": 1, "jar": 1}}},
         # highest 9 (Ann and Cy): 1 2 0, Cy out; jar 3; dealer 1 -> 2 is out -> 0
         {"data": scores(9, 1, 9), "expect": {"standings.quarters": [1, 2, 0],
                                              "standings.out": [False, False, True],
                                              "next": {"round": 3, "dealer": 0, "jar": 3}}},
         # highest 6 (Bob): 1 1 0; jar 4; dealer 0 -> 1
         {"data": scores(2, 6, None), "expect": {"next": {"round": 4, "dealer": 1, "jar": 4}}},
         # highest 7 (Ann): 0 1 0 -> Bob is the last one in
         {"data": scores(7, 3, None)},
     ],
     # totals 8+9+2+7 = 26, 20+1+6+3 = 30, 30+9 = 39: Bob wins on quarters, not on the total
     "expect": {"standings.quarters": [0, 1, 0], "standings.out": [True, False, True], "totals": [26, 30, 39],
                "status": "finished", "winners": [1], "next": None}},
    {"name": "quarters: players who go out together on the final hole share the win",
     "game": "golf", "players": P2, "options": {"quarters": 1},
     "rounds": [{"data": scores(5, 5)}],
     "expect": {"standings.quarters": [0, 0], "status": "finished", "winners": [0, 1]}},
    {"name": "quarters: two go out, the third wins",
     "game": "golf", "players": P3, "options": {"quarters": 1},
     "rounds": [{"data": scores(5, 9, 9)}],
     "expect": {"standings.out": [False, True, True], "status": "finished", "winners": [0]}},
    {"name": "first_dealer rotates from the given seat",
     "game": "golf", "players": P3, "options": {"first_dealer": 2},
     "start": {"next": {"round": 1, "dealer": 2}},
     "rounds": [{"data": scores(1, 2, 3), "expect": {"next": {"round": 2, "dealer": 0}}},
                {"data": scores(1, 2, 3), "expect": {"next": {"round": 3, "dealer": 1}}}]},
    {"name": "2 packs from 8 players: a suited card twice, four jokers",
     "game": "golf", "players": [f"P{i}" for i in range(8)],
     "start": {"options": {"packs": 2}},
     "rounds": [{"data": cards(["QS", "X", "X", "A"], ["QS", "X", "X", "A"], *[["2", "3", "4", "5"]] * 6),
              # QS+X+X+A = 10-5-5+1 = 1; 2+3+4+5 = 14
                 "points": [1, 1] + [14] * 6}]},
    {"name": "7 players use 1 pack",
     "game": "golf", "players": [f"P{i}" for i in range(7)], "start": {"options": {"packs": 1}}},
    {"name": "option packs overrides the count",
     "game": "golf", "players": P2, "options": {"packs": 2},
     "rounds": [{"data": cards(["QS", "QS", "X", "X"], ["X", "X", "K", "K"]), "points": [10, -10]}]},
    {"name": "values Q=12 and QS=40 together: the suited key wins for the spade queen only",
     "game": "golf", "players": P2, "options": {"values": {"Q": 12, "QS": 40}},
     # QS+QH+A+2 = 40+12+1+2 = 55; QD+QC+K+3 = 12+12+0+3 = 27
     "rounds": [{"data": cards(["QS", "QH", "A", "2"], ["QD", "QC", "K", "3"]), "points": [55, 27]}]},
    {"name": "one-eyed jacks wild under lines: a row or column, not a diagonal",
     "game": "golf", "players": P2, "options": {"pairs": "lines", "one_eyed_jacks_wild": True},
     # [JS 9 / 3 K]: JS pairs the 9 (row) rather than the 3 (column) -> 3+0 = 3
     # [JH 2 / 5 9]: the 9 is diagonal; JH pairs the 5 (column 1-3) -> 2+9 = 11
     "rounds": [{"data": cards(["JS", "9", "3", "K"], ["JH", "2", "5", "9"]), "points": [3, 11]}]},
    {"name": "6 cards with pairs: three pairs anywhere cancel",
     "game": "golf", "players": P2, "options": {"layout": 6, "pairs": "pairs"},
     # [4 7 9 / 9 4 7]: 4 4, 7 7, 9 9 -> 0; [5 5 5 6 6 2]: one 5 pair, 6 6 -> 5+2 = 7
     "rounds": [{"data": cards(["4", "7", "9", "9", "4", "7"], ["5", "5", "5", "6", "6", "2"]), "points": [0, 7]}]},
    {"name": "6 cards with all",
     "game": "golf", "players": P2, "options": {"layout": 6, "pairs": "all"},
     # [Q Q Q 8 8 A]: queens and eights 0 -> 1; [J 10 9 J 2 3]: jacks 0 -> 10+9+2+3 = 24
     "rounds": [{"data": cards(["Q", "Q", "Q", "8", "8", "A"], ["J", "10", "9", "J", "2", "3"]), "points": [1, 24]}]},
    {"name": "holes and target both: the target ends it first",
     "game": "golf", "players": P2, "options": {"holes": 5, "target": 25},
     "rounds": [{"data": scores(20, 1)}, {"data": scores(5, 1)}],
     # 20+5 = 25 reaches 25 in hole 2 of 5
     "expect": {"status": "finished", "winners": [1], "totals": [25, 2]}},
    {"name": "holes and target both: the holes end it first",
     "game": "golf", "players": P2, "options": {"holes": 2, "target": 100},
     "rounds": [{"data": scores(20, 1)}, {"data": scores(5, 1)}],
     "expect": {"status": "finished", "winners": [1], "totals": [25, 2]}},
    {"name": "quarters: the hole score after the knock penalty decides who pays",
     "game": "golf", "players": P3, "options": {"quarters": 2, "knock_penalty": "add10"},
     # layouts 5 8 7, Ann knocked on 5 and is lowest: 5 8 7 -> Bob pays
     "rounds": [{"data": scores(5, 8, 7, knocker=0), "expect": {"standings.quarters": [2, 1, 2]}},
             # layouts 6 2 4, Bob knocked on 2: lowest -> Bob 2. Ann 6 highest pays
                {"data": scores(6, 2, 4, knocker=1), "expect": {"standings.quarters": [1, 1, 2]}},
             # layouts 3 5 4, Cy knocked on 4, not lowest: 4+10 = 14 -> Cy pays
                {"data": scores(3, 5, 4, knocker=2), "points": [3, 5, 14],
                 "expect": {"standings.quarters": [1, 1, 1], "next": {"round": 4, "dealer": 0, "jar": 3}}}]},
    {"name": "quarters: looks count in the hole score",
     "game": "golf", "players": P2, "options": {"quarters": 2, "look_cost": 1},
     # 5 + 0 looks = 5; 4 + 2 looks = 6 -> Bob pays
     "rounds": [{"data": {"players": [{"score": 5}, {"score": 4, "looks": 2}], "knocker": None},
                 "points": [5, 6], "expect": {"standings.quarters": [2, 1]}}]},
    {"name": "2 packs hold four jokers",
     "game": "golf", "players": P2, "options": {"packs": 2},
     # X X X X = -20; A 2 3 4 = 10
     "rounds": [{"data": cards(["X", "X", "X", "X"], ["A", "2", "3", "4"]), "points": [-20, 10]}]},
    {"name": "standings name each seat",
     "game": "golf", "players": P3, "rounds": [{"data": scores(1, 2, 3)}],
     "expect": {"standings.seat": [0, 1, 2], "standings.name": P3}},
    {"name": "end early: lowest total wins",
     "game": "golf", "players": P3, "rounds": [{"data": scores(4, 2, 9)}], "finish": True,
     "expect": {"status": "finished", "winners": [1], "next": None, "totals": [4, 2, 9]}},
    {"name": "end early in the quarters game: most quarters win",
     "game": "golf", "players": P3, "options": {"quarters": 3}, "rounds": [{"data": scores(1, 9, 5)}], "finish": True,
     # Bob paid a quarter: 3 2 3
     "expect": {"status": "finished", "winners": [0, 2], "standings.quarters": [3, 2, 3]}},
]

GOLF_REFUSED = [
    {"name": "a layout with 3 cards", "field": "players.1.cards",
     "data": cards(["A", "2", "3", "4"], ["A", "2", "3"], ["5", "6", "7", "8"])},
    {"name": "a 6-card layout with 4 cards", "options": {"layout": 6}, "players": P2, "field": "players.0.cards",
     "data": cards(["A", "2", "3", "4"], ["A", "2", "3", "4", "5", "6"])},
    {"name": "an unreadable card", "players": P2, "field": "players.0.cards",
     "data": cards(["A", "2", "3", "Z"], ["A", "2", "3", "4"])},
    {"name": "Q without its suit when QS has its own value", "players": P2, "options": {"values": {"QS": 40}},
     "field": "players.1.cards", "data": cards(["A", "2", "3", "4"], ["Q", "2", "3", "4"])},
    {"name": "J without its suit with one-eyed jacks wild", "players": P2,
     "options": {"pairs": "pairs", "one_eyed_jacks_wild": True},
     "field": "players.0.cards", "data": cards(["J", "2", "3", "4"], ["A", "2", "3", "4"])},
    {"name": "the same suited card twice in one pack", "players": P2, "field": "players",
     "data": cards(["QS", "2", "3", "4"], ["QS", "5", "6", "7"])},
    {"name": "five kings in one pack", "players": P2, "field": "players",
     "data": cards(["K", "K", "K", "2"], ["K", "K", "6", "7"])},
    {"name": "three jokers in one pack", "players": P2, "field": "players",
     "data": cards(["X", "X", "3", "2"], ["X", "5", "6", "7"])},
    {"name": "three QS in 2 packs", "players": P2, "options": {"packs": 2}, "field": "players",
     "data": cards(["QS", "QS", "3", "2"], ["QS", "5", "6", "7"])},
    {"name": "five jokers in 2 packs", "players": P2, "options": {"packs": 2}, "field": "players",
     "data": cards(["X", "X", "X", "2"], ["X", "X", "6", "7"])},
    {"name": "five queens, suited and not, in one pack", "players": P2, "field": "players",
     "data": cards(["QS", "Q", "Q", "2"], ["Q", "Q", "6", "7"])},
    {"name": "6 cards with columns and wild jacks: J without its suit", "players": P2,
     "options": {"layout": 6, "one_eyed_jacks_wild": True}, "field": "players.1.cards",
     "data": cards(["A", "2", "3", "4", "5", "6"], ["J", "2", "3", "4", "5", "6"])},
    {"name": "knocker not a seat", "field": "knocker", "data": scores(1, 2, 3, knocker=3)},
    {"name": "knocker out of the game", "options": {"quarters": 1}, "field": "knocker",
     "before": [scores(1, 9, 2)],  # Bob pays his only quarter: out
     "data": scores(1, None, 2, knocker=1)},
    {"name": "an entry for a player who is out", "options": {"quarters": 1}, "field": "players.1",
     "before": [scores(1, 9, 2)], "data": scores(1, 3, 2)},
    {"name": "a player in the game with no entry", "field": "players.1", "data": scores(1, None, 2)},
    {"name": "cards and score both", "players": P2, "field": "players.0",
     "data": {"players": [{"cards": ["A", "2", "3", "4"], "score": 10}, {"score": 1}]}},
    {"name": "one entry short", "field": "players", "data": scores(1, 2)},
]

GOLF_BAD_OPTIONS = [
    ({"layout": 5}, "options.layout"),
    ({"pairs": "diagonal"}, "options.pairs"),
    ({"knock_penalty": "triple"}, "options.knock_penalty"),
    ({"knock_bonus": "half"}, "options.knock_bonus"),
    ({"one_eyed_jacks_wild": "yes"}, "options.one_eyed_jacks_wild"),
    ({"values": {"Z": 1}}, "options.values"),
    ({"look_cost": -1}, "options.look_cost"),
    ({"quarters": 0}, "options.quarters"),
    ({"first_dealer": 3}, "options.first_dealer"),
    ({"colour": "red"}, "options.colour"),
    ({"values": {"q": 12, "Q": 13}}, "options.values"),  # one card, two values: not the last one kept
    ({"layout": 4.0}, "options.layout"),  # equal to the choice 4, but not it: was a 500 when the game was played
    ({"layout": 6.0}, "options.layout"),
    ({"layout": True}, "options.layout"),
    ({"layout": "4"}, "options.layout"),
]


@pytest.mark.parametrize("sc", ids(GOLF))
def test_golf(client, create_game, post_round, sc):
    run_scenario(client, create_game, post_round, sc)


@pytest.mark.parametrize("sc", ids(GOLF_REFUSED))
def test_golf_refused(client, create_game, post_round, sc):
    run_refusal(client, create_game, post_round, {"game": "golf", **sc})


@pytest.mark.parametrize("options, field", GOLF_BAD_OPTIONS)
def test_golf_bad_options(client, options, field):
    run_bad_game(client, "golf", P3, options, field)


@pytest.mark.parametrize("players", [["Ann"], [f"P{i}" for i in range(13)]])
def test_golf_player_count(client, players):
    run_bad_game(client, "golf", players, {}, "players")


def test_golf_rules_listing(client):
    options = rules_of(client, "golf")["options"]
    assert rules_of(client, "golf")["min_players"] == 2 and rules_of(client, "golf")["max_players"] == 12
    assert options["layout"] == {"default": 4, "choices": [4, 6, 8, 9]}
    # holes is 9, or null with target or quarters; pairs depends on the layout; packs on the players
    assert options["holes"]["default"] is None and options["pairs"]["default"] is None
    assert options["packs"]["default"] is None
    assert options["pairs"]["choices"] == ["none", "pairs", "lines", "columns", "all"]
    assert options["knock_penalty"] == {"default": "none",
                                        "choices": ["none", "add10", "double", "double_plus5", "highest"]}
    assert options["knock_bonus"] == {"default": "none", "choices": ["none", "zero", "minus_players"]}
    assert options["target"]["default"] is None and options["quarters"]["default"] is None
    assert options["values"]["default"] == {} and options["look_cost"]["default"] == 0
    assert options["one_eyed_jacks_wild"]["default"] is False
    assert options["first_dealer"]["default"] == 0


# =============================================================================================
# garbage-rummy
# =============================================================================================


def hand(made=False, cards_left=None, penalty=None):
    """One garbage entry."""
    entry = {"made_goal": made}
    if cards_left is not None:
        entry["cards"] = cards_left
    if penalty is not None:
        entry["penalty"] = penalty
    return entry


def garbage(went_out, *entries, exact=False):
    return {"went_out": went_out, "dealer_exact": exact, "players": list(entries)}


OUT = hand(True, [])  # went out: made the goal, holds nothing


def goal_eleven_game(first_penalty):
    """Bob goes out once (Ann pays first_penalty), then Ann goes out eleven times (Bob pays 5 each)."""
    rounds = [{"data": garbage(1, hand(False, penalty=first_penalty), OUT), "points": [first_penalty, 0]}]
    for i in range(11):
        rnd = {"data": garbage(0, OUT, hand(False, penalty=5)), "points": [0, 5]}
        if i == 9:  # after round 11 Ann has made 10 goals and plays goal 11
            rnd["expect"] = {"status": "playing", "standings.goal": [11, 2], "standings.goals_made": [10, 1]}
        rounds.append(rnd)
    return rounds


GARBAGE = [
    {"name": "penalties, dealer's exact deal, goals move on; deal_size 10 x players + 1",
     "game": "garbage-rummy", "players": P3,
     "start": {"options=": {"first_dealer": 0, "values": {}, "dealer_bonus": -50},
               "next": {"round": 1, "dealer": 0, "deal_size": 31},   # 10*3 + 1
               "standings.goal": [1, 1, 1], "standings.goals_made": [0, 0, 0]},
     "rounds": [
         # Ann (dealer, exact): K+7+X = 10+5+20 = 35, -50 -> -15; Bob went out 0; Cy penalty 25
         {"data": garbage(1, hand(True, ["K", "7", "X"]), OUT, hand(False, penalty=25), exact=True),
          "points": [-15, 0, 25],
          "expect": {"standings.goal": [2, 2, 1], "standings.goals_made": [1, 1, 0],
                     "next": {"round": 2, "dealer": 1, "deal_size": 31}}},
         # Ann went out 0; Bob A+10+2 = 15+10+5 = 30; Cy Q = 10 (made the goal)
         {"data": garbage(0, OUT, hand(False, ["A", "10", "2"]), hand(True, ["Q"])),
          "points": [0, 30, 10],
          "expect": {"standings.goal": [3, 2, 2], "standings.goals_made": [2, 1, 1],
                     "next": {"round": 3, "dealer": 2, "deal_size": 31}}},
     ],
     # -15+0, 0+30, 25+10
     "expect": {"totals": [-15, 30, 35], "status": "playing", "winners": []}},
    {"name": "the dealer who went out with an exact deal scores the bonus",
     "game": "garbage-rummy", "players": P2,
     "start": {"next": {"round": 1, "dealer": 0, "deal_size": 21}},   # 10*2 + 1
     # Ann deals and goes out: 0 - 50 = -50; Bob penalty 40
     "rounds": [{"data": garbage(0, OUT, hand(False, penalty=40), exact=True), "points": [-50, 40]}]},
    {"name": "dealer_bonus 0 turns it off",
     "game": "garbage-rummy", "players": P2, "options": {"dealer_bonus": 0},
     # Ann deals exactly, holds a 5: 5 + 0
     "rounds": [{"data": garbage(1, hand(False, ["5"]), OUT, exact=True), "points": [5, 0]}]},
    {"name": "dealer_bonus -25",
     "game": "garbage-rummy", "players": P2, "options": {"dealer_bonus": -25},
     # 5 - 25 = -20
     "rounds": [{"data": garbage(1, hand(False, ["5"]), OUT, exact=True), "points": [-20, 0]}]},
    {"name": "not exact: no bonus",
     "game": "garbage-rummy", "players": P2,
     "rounds": [{"data": garbage(1, hand(False, ["5"]), OUT, exact=False), "points": [5, 0]}]},
    {"name": "the bonus goes to the dealer of the round (first_dealer 1)",
     "game": "garbage-rummy", "players": P2, "options": {"first_dealer": 1},
     "start": {"next": {"round": 1, "dealer": 1, "deal_size": 21}},
     # Bob deals exactly: 10 - 50 = -40
     "rounds": [{"data": garbage(0, OUT, hand(False, penalty=10), exact=True), "points": [0, -40],
                 "expect": {"next": {"round": 2, "dealer": 0, "deal_size": 21}}},
             # Ann deals exactly: 15 - 50 = -35
                {"data": garbage(1, hand(False, ["A"]), OUT, exact=True), "points": [-35, 0]}]},
    {"name": "every default value: X=20, A=15, 10-K=10, 2-9=5",
     "game": "garbage-rummy", "players": P3,
     # X+A+10+J+Q+K = 20+15+40 = 75; 2..9 = 8*5 = 40
     "rounds": [{"data": garbage(2, hand(False, ["X", "A", "10", "J", "Q", "K"]),
                                 hand(False, ["2", "3", "4", "5", "6", "7", "8", "9"]), OUT),
                 "points": [75, 40, 0]}]},
    {"name": "values A=1, X=50; a penalty need not be a multiple of 5",
     "game": "garbage-rummy", "players": P2, "options": {"values": {"A": 1, "X": 50}},
     # A+X+Q = 1+50+10 = 61; penalty 7 given directly
     "rounds": [{"data": garbage(1, hand(False, ["A", "X", "Q"]), OUT), "points": [61, 0]},
                {"data": garbage(0, OUT, hand(False, penalty=7)), "points": [0, 7]}]},
    {"name": "a suited value: QS=50",
     "game": "garbage-rummy", "players": P2, "options": {"values": {"QS": 50}},
     # QS+QH = 50+10 = 60
     "rounds": [{"data": garbage(1, hand(False, ["QS", "QH"]), OUT), "points": [60, 0]}]},
    {"name": "two packs: 4 jokers, 8 kings, a suited card twice",
     "game": "garbage-rummy", "players": P3,
     # X X KS KS K K = 20+20+10*4 = 80; X X K K K K = 40+40 = 80
     "rounds": [{"data": garbage(2, hand(False, ["X", "X", "KS", "KS", "K", "K"]),
                                 hand(False, ["X", "X", "K", "K", "K", "K"]), OUT),
                 "points": [80, 80, 0]}]},
    {"name": "a player who did not go out can make the goal; the deal wraps round",
     "game": "garbage-rummy", "players": P3,
     "rounds": [{"data": garbage(2, hand(True, ["4"]), hand(False, ["4"]), OUT), "points": [5, 5, 0]},
                {"data": garbage(2, hand(True, ["4"]), hand(False, ["4"]), OUT), "points": [5, 5, 0]},
                {"data": garbage(2, hand(False, ["4"]), hand(False, ["4"]), OUT), "points": [5, 5, 0],
                 "expect": {"next": {"round": 4, "dealer": 0, "deal_size": 31}}}],
     "expect": {"standings.goal": [3, 1, 4], "standings.goals_made": [2, 0, 3], "totals": [15, 15, 0]}},
    {"name": "ten players deal 101 cards",
     "game": "garbage-rummy", "players": [f"P{i}" for i in range(10)],
     "start": {"next": {"round": 1, "dealer": 0, "deal_size": 101}}},
    {"name": "goal 11 ends the game; lowest total wins, not the player who made goal 11",
     "game": "garbage-rummy", "players": P2, "rounds": goal_eleven_game(100),
     # Ann 100; Bob 11*5 = 55
     "expect": {"status": "finished", "totals": [100, 55], "winners": [1], "next": None,
                "standings.goal": [11, 2], "standings.goals_made": [11, 1]}},
    {"name": "goal 11: a tie on the lowest total shares the win",
     "game": "garbage-rummy", "players": P2, "rounds": goal_eleven_game(55),
     # Ann 55; Bob 11*5 = 55
     "expect": {"status": "finished", "totals": [55, 55], "winners": [0, 1]}},
    {"name": "end early: lowest total wins",
     "game": "garbage-rummy", "players": P3,
     "rounds": [{"data": garbage(1, hand(False, penalty=30), OUT, hand(False, penalty=10))}], "finish": True,
     "expect": {"status": "finished", "winners": [1], "next": None}},
]

GARBAGE_REFUSED = [
    {"name": "went out without making the goal", "field": "players.1.made_goal",
     "data": garbage(1, hand(False, ["5"]), hand(False, []), hand(False, ["5"]))},
    {"name": "went out holding cards", "field": "players.1.cards",
     "data": garbage(1, hand(False, ["5"]), hand(True, ["5"]), hand(False, ["5"]))},
    {"name": "went out with a penalty", "field": "players.1.penalty",
     "data": garbage(1, hand(False, ["5"]), hand(True, penalty=5), hand(False, ["5"]))},
    {"name": "did not go out but holds no cards", "field": "players.0.cards",
     "data": garbage(1, hand(False, []), OUT, hand(False, ["5"]))},
    {"name": "did not go out but penalty 0", "field": "players.2.penalty",
     "data": garbage(1, hand(False, ["5"]), OUT, hand(False, penalty=0))},
    {"name": "penalty not a multiple of 5 under the default values", "field": "players.0.penalty",
     "data": garbage(1, hand(False, penalty=12), OUT, hand(False, ["5"]))},
    {"name": "five jokers", "field": "players",
     "data": garbage(1, hand(False, ["X", "X", "X"]), OUT, hand(False, ["X", "X"]))},
    {"name": "nine kings", "field": "players",
     "data": garbage(1, hand(False, ["K"] * 5), OUT, hand(False, ["K"] * 4))},
    {"name": "a suited card three times", "field": "players",
     "data": garbage(1, hand(False, ["KS", "KS"]), OUT, hand(False, ["KS"]))},
    {"name": "an unreadable card", "field": "players.2.cards",
     "data": garbage(1, hand(False, ["5"]), OUT, hand(False, ["5", "Z"]))},
    {"name": "Q without its suit when QS has its own value", "options": {"values": {"QS": 50}},
     "field": "players.0.cards", "data": garbage(1, hand(False, ["Q"]), OUT, hand(False, ["5"]))},
    {"name": "went_out not a seat", "field": "went_out",
     "data": garbage(3, hand(False, ["5"]), OUT, hand(False, ["5"]))},
    {"name": "one entry short", "field": "players", "data": garbage(1, hand(False, ["5"]), OUT)},
]


@pytest.mark.parametrize("sc", ids(GARBAGE))
def test_garbage_rummy(client, create_game, post_round, sc):
    run_scenario(client, create_game, post_round, sc)


@pytest.mark.parametrize("sc", ids(GARBAGE_REFUSED))
def test_garbage_rummy_refused(client, create_game, post_round, sc):
    run_refusal(client, create_game, post_round, {"game": "garbage-rummy", **sc})


@pytest.mark.parametrize("options, field", [
    ({"values": {"Z": 1}}, "options.values"), ({"dealer_bonus": "x"}, "options.dealer_bonus"),
    ({"goals": 11}, "options.goals"),
])
def test_garbage_rummy_bad_options(client, options, field):
    run_bad_game(client, "garbage-rummy", P3, options, field)


def test_garbage_rummy_rules_listing_and_player_count(client):
    game = rules_of(client, "garbage-rummy")
    assert (game["min_players"], game["max_players"]) == (2, 10)
    assert game["options"]["values"]["default"] == {} and game["options"]["dealer_bonus"]["default"] == -50
    run_bad_game(client, "garbage-rummy", [f"P{i}" for i in range(11)], {}, "players")


# =============================================================================================
# trash (the layout game)
# =============================================================================================

TRASH = [
    {"name": "defaults: layouts shrink for the winner; the winner starts the next deal",
     "game": "trash", "players": P3,
     "start": {"options=": {"first_dealer": 0, "start": 10, "win_at": 0, "deals": None, "also_completed": False,
                            "first_player": "winner", "wild": "jacks"},
               "next": {"round": 1, "dealer": 0, "first_player": 1},   # the player after the dealer
               "standings.layout": [10, 10, 10], "totals": [None, None, None]},
     "rounds": [{"data": {"winner": 2}, "points": None,
                 "expect": {"standings.layout": [10, 10, 9], "next": {"round": 2, "dealer": 1, "first_player": 2}}},
                {"data": {"winner": 0, "also_completed": []}, "points": None,
                 "expect": {"standings.layout": [9, 10, 9], "next": {"round": 3, "dealer": 2, "first_player": 0}}}],
     "expect": {"totals": [None] * 3, "status": "playing", "winners": []}},
    {"name": "first_dealer 2: round 1 starts with seat 0",
     "game": "trash", "players": P3, "options": {"first_dealer": 2},
     "start": {"next": {"round": 1, "dealer": 2, "first_player": 0}},
     "rounds": [{"data": {"winner": 1}, "expect": {"next": {"round": 2, "dealer": 0, "first_player": 1}}}]},
    {"name": "rotate: each deal starts one seat further on, whoever wins",
     "game": "trash", "players": P4, "options": {"first_player": "rotate"},
     "start": {"next": {"round": 1, "dealer": 0, "first_player": 1}},
     "rounds": [{"data": {"winner": 3}, "expect": {"next": {"round": 2, "dealer": 1, "first_player": 2}}},
                {"data": {"winner": 3}, "expect": {"next": {"round": 3, "dealer": 2, "first_player": 3}}},
                {"data": {"winner": 0}, "expect": {"next": {"round": 4, "dealer": 3, "first_player": 0}}},
                {"data": {"winner": 0}, "expect": {"next": {"round": 5, "dealer": 0, "first_player": 1}}}]},
    {"name": "win_at 0: filling a one-card layout wins",
     "game": "trash", "players": P2, "options": {"start": 1},
     "rounds": [{"data": {"winner": 0}}],
     "expect": {"standings.layout": [0, 1], "status": "finished", "winners": [0], "next": None}},
    {"name": "the shorter game: win_at 8",
     "game": "trash", "players": P3, "options": {"win_at": 8},
     "rounds": [{"data": {"winner": 1}, "expect": {"status": "playing"}}, {"data": {"winner": 1}}],
     "expect": {"standings.layout": [10, 8, 10], "status": "finished", "winners": [1]}},
    {"name": "also_completed: the others get one card fewer too",
     "game": "trash", "players": P3, "options": {"also_completed": True},
     "rounds": [{"data": {"winner": 0, "also_completed": [2]}, "expect": {"standings.layout": [9, 10, 9],
                                                                          "next": {"round": 2, "dealer": 1,
                                                                                   "first_player": 0}}}]},
    {"name": "everyone who reaches win_at together wins",
     "game": "trash", "players": P3, "options": {"also_completed": True, "start": 1},
     "rounds": [{"data": {"winner": 0, "also_completed": [1]}}],
     "expect": {"standings.layout": [0, 0, 1], "status": "finished", "winners": [0, 1]}},
    {"name": "deals: after the deals the smallest layouts win",
     "game": "trash", "players": P3, "options": {"deals": 2},
     "rounds": [{"data": {"winner": 0}, "expect": {"status": "playing"}}, {"data": {"winner": 1}}],
     "expect": {"standings.layout": [9, 9, 10], "status": "finished", "winners": [0, 1], "next": None}},
    {"name": "deals: win_at reached first ends the game",
     "game": "trash", "players": P2, "options": {"deals": 3, "start": 2},
     "rounds": [{"data": {"winner": 0}}, {"data": {"winner": 0}}],
     "expect": {"standings.layout": [0, 2], "status": "finished", "winners": [0]}},
    {"name": "rotate with also_completed",
     "game": "trash", "players": P3, "options": {"first_player": "rotate", "also_completed": True, "first_dealer": 1},
     "start": {"next": {"round": 1, "dealer": 1, "first_player": 2}},
     "rounds": [{"data": {"winner": 0, "also_completed": [1, 2]},
                 "expect": {"standings.layout": [9, 9, 9], "next": {"round": 2, "dealer": 2, "first_player": 0}}}]},
    {"name": "end early: the smallest layout wins",
     "game": "trash", "players": P3, "rounds": [{"data": {"winner": 2}}], "finish": True,
     "expect": {"status": "finished", "winners": [2], "next": None}},
    {"name": "end early before any deal: all share the smallest layout",
     "game": "trash", "players": P3, "finish": True,
     "expect": {"status": "finished", "winners": [0, 1, 2]}},
]

TRASH_REFUSED = [
    {"name": "also_completed with the option off", "field": "also_completed",
     "data": {"winner": 0, "also_completed": [1]}},
    {"name": "also_completed holding the winner", "options": {"also_completed": True}, "field": "also_completed",
     "data": {"winner": 0, "also_completed": [0, 1]}},
    {"name": "winner not a seat", "field": "winner", "data": {"winner": 3}},
    {"name": "no winner", "field": "winner", "data": {"also_completed": []}},
]


@pytest.mark.parametrize("sc", ids(TRASH))
def test_trash(client, create_game, post_round, sc):
    run_scenario(client, create_game, post_round, sc)


@pytest.mark.parametrize("sc", ids(TRASH_REFUSED))
def test_trash_refused(client, create_game, post_round, sc):
    run_refusal(client, create_game, post_round, {"game": "trash", **sc})


@pytest.mark.parametrize("options, field", [
    ({"first_player": "left"}, "options.first_player"), ({"wild": "queens"}, "options.wild"),
    ({"also_completed": 1}, "options.also_completed"), ({"start": "ten"}, "options.start"),
    ({"deals": "many"}, "options.deals"), ({"speed": 1}, "options.speed"),
])
def test_trash_bad_options(client, options, field):
    run_bad_game(client, "trash", P3, options, field)


def test_trash_rules_listing_and_player_count(client):
    game = rules_of(client, "trash")
    assert (game["min_players"], game["max_players"]) == (2, 12)
    options = game["options"]
    assert options["start"]["default"] == 10 and options["win_at"]["default"] == 0
    assert options["deals"]["default"] is None and options["also_completed"]["default"] is False
    assert options["first_player"] == {"default": "winner", "choices": ["winner", "rotate"]}
    assert options["wild"] == {"default": "jacks", "choices": ["jacks", "kings", "jacks_and_jokers", "kings_and_jokers",
                                                               "all_faces"]}
    run_bad_game(client, "trash", [f"P{i}" for i in range(13)], {}, "players")


# =============================================================================================
# trash-twelve-hands
# =============================================================================================

# players -> (tricks per hand, hearts, kings = queens), from the deck table of games.md
DECK = {4: (13, 13, 4), 5: (10, 13, 4), 6: (8, 12, 4), 7: (14, 26, 8), 8: (13, 26, 8), 9: (11, 26, 8),
        10: (10, 26, 8)}

TWELVE_FULL_GAME = [
    # (data, points, the contract of the hand after it)
    ({"tricks": [3, 4, 5, 1]}, [15, 20, 25, 5], "hearts"),          # 5 each
    ({"hearts": [0, 13, 0, 0]}, [0, 65, 0, 0], "kings"),            # 13*5
    ({"kings": [1, 1, 1, 1]}, [20, 20, 20, 20], "queens"),          # 20 each
    ({"queens": [4, 0, 0, 0]}, [80, 0, 0, 0], "last_trick"),        # 4*20
    ({"last_trick": 2}, [0, 0, 20, 0], "sequence"),
    ({"first_out": 3, "second_out": 0}, [-15, 0, 0, -25], "sequence"),
    ({"first_out": 1, "second_out": 2}, [0, -25, -15, 0], "last_trick"),
    ({"last_trick": 0}, [20, 0, 0, 0], "queens"),
    ({"queens": [1, 1, 1, 1]}, [20, 20, 20, 20], "kings"),
    ({"kings": [0, 0, 0, 4]}, [0, 0, 0, 80], "hearts"),
    ({"hearts": [13, 0, 0, 0]}, [65, 0, 0, 0], "tricks"),
    ({"tricks": [13, 0, 0, 0]}, [65, 0, 0, 0], None),
]

TWELVE = [
    {"name": "the twelve hands in order, then the same six reversed; lowest total wins",
     "game": "trash-twelve-hands", "players": P4,
     "start": {"options=": {"first_dealer": 0, "points": {"trick": 5, "heart": 5, "king": 20, "queen": 20,
                                                          "last_trick": 20, "first_out": -25, "second_out": -15}},
               "next": {"round": 1, "dealer": 0, "contract": "tricks"}},
     "rounds": [{"data": data, "points": points,
                 "expect": {"next": None if contract is None else
                            {"round": i + 2, "dealer": (i + 1) % 4, "contract": contract}}}
                for i, (data, points, contract) in enumerate(TWELVE_FULL_GAME)],
     # Ann 15+0+20+80+0-15+0+20+20+0+65+65 = 270; Bob 20+65+20+0+0+0-25+0+20+0+0+0 = 100;
     # Cy 25+0+20+0+20+0-15+0+20+0+0+0 = 70; Dee 5+0+20+0+0-25+0+0+20+80+0+0 = 100
     "expect": {"totals": [270, 100, 70, 100], "status": "finished", "winners": [2], "next": None}},
    {"name": "points overrides by name; the state lists all seven",
     "game": "trash-twelve-hands", "players": P4, "options": {"points": {"king": 25, "first_out": -30, "trick": 1}},
     "start": {"options": {"points": {"trick": 1, "heart": 5, "king": 25, "queen": 20, "last_trick": 20,
                                      "first_out": -30, "second_out": -15}}},
     "rounds": [{"data": {"tricks": [13, 0, 0, 0]}, "points": [13, 0, 0, 0]},     # 13*1
                {"data": {"hearts": [13, 0, 0, 0]}, "points": [65, 0, 0, 0]},     # 13*5
                {"data": {"kings": [2, 2, 0, 0]}, "points": [50, 50, 0, 0]},      # 2*25
                {"data": {"queens": [0, 0, 0, 4]}, "points": [0, 0, 0, 80]},      # 4*20
                {"data": {"last_trick": 1}, "points": [0, 20, 0, 0]},
                {"data": {"first_out": 2, "second_out": 3}, "points": [0, 0, -30, -15]}],
     "expect": {"totals": [128, 70, -30, 65]}},   # 13+65+50, 50+20, -30, 80-15
    {"name": "first_dealer 3 of 4 rotates to seat 0",
     "game": "trash-twelve-hands", "players": P4, "options": {"first_dealer": 3},
     "start": {"next": {"round": 1, "dealer": 3, "contract": "tricks"}},
     "rounds": [{"data": {"tricks": [13, 0, 0, 0]},
                 "expect": {"next": {"round": 2, "dealer": 0, "contract": "hearts"}}}]},
    {"name": "end early: lowest total wins, ties share",
     "game": "trash-twelve-hands", "players": P4, "rounds": [{"data": {"tricks": [3, 3, 3, 4]}}], "finish": True,
     # 15 15 15 20
     "expect": {"status": "finished", "winners": [0, 1, 2], "next": None, "totals": [15, 15, 15, 20]}},
]

TWELVE_REFUSED = [
    {"name": "tricks add up to 12 of 13", "field": "tricks", "data": {"tricks": [3, 3, 3, 3]}},
    {"name": "tricks add up to 14 of 13", "field": "tricks", "data": {"tricks": [4, 4, 3, 3]}},
    {"name": "a negative trick count", "field": "tricks.2", "data": {"tricks": [13, 1, -1, 0]}},
    {"name": "one player with more tricks than the hand holds", "field": "tricks.0", "data": {"tricks": [14, 0, 0, 0]}},
    {"name": "one count short", "field": "tricks", "data": {"tricks": [13, 0, 0]}},
    {"name": "the hand's contract is missing", "field": "tricks", "data": {"hearts": [13, 0, 0, 0]}},
    {"name": "hearts add up to 12 of 13", "field": "hearts", "before": [{"tricks": [13, 0, 0, 0]}],
     "data": {"hearts": [12, 0, 0, 0]}},
    {"name": "kings add up to 3 of 4", "field": "kings",
     "before": [{"tricks": [13, 0, 0, 0]}, {"hearts": [13, 0, 0, 0]}], "data": {"kings": [1, 1, 1, 0]}},
    {"name": "queens add up to 5 of 4", "field": "queens",
     "before": [{"tricks": [13, 0, 0, 0]}, {"hearts": [13, 0, 0, 0]}, {"kings": [4, 0, 0, 0]}],
     "data": {"queens": [2, 2, 1, 0]}},
    {"name": "nobody took the last trick", "field": "last_trick",
     "before": [{"tricks": [13, 0, 0, 0]}, {"hearts": [13, 0, 0, 0]}, {"kings": [4, 0, 0, 0]},
                {"queens": [4, 0, 0, 0]}], "data": {}},
    {"name": "last trick to a seat not at the table", "field": "last_trick",
     "before": [{"tricks": [13, 0, 0, 0]}, {"hearts": [13, 0, 0, 0]}, {"kings": [4, 0, 0, 0]},
                {"queens": [4, 0, 0, 0]}], "data": {"last_trick": 4}},
    {"name": "first and second out are the same player", "field": ("second_out", "first_out"),
     "before": [{"tricks": [13, 0, 0, 0]}, {"hearts": [13, 0, 0, 0]}, {"kings": [4, 0, 0, 0]},
                {"queens": [4, 0, 0, 0]}, {"last_trick": 0}], "data": {"first_out": 2, "second_out": 2}},
]


@pytest.mark.parametrize("sc", ids(TWELVE))
def test_trash_twelve_hands(client, create_game, post_round, sc):
    run_scenario(client, create_game, post_round, sc)


@pytest.mark.parametrize("sc", ids(TWELVE_REFUSED))
def test_trash_twelve_hands_refused(client, create_game, post_round, sc):
    run_refusal(client, create_game, post_round, {"game": "trash-twelve-hands", "players": P4, **sc})


@pytest.mark.parametrize("n", sorted(DECK))
def test_trash_twelve_hands_deck_table(client, create_game, post_round, n):
    """Each counting hand must add up exactly to the deck table's numbers for n players."""
    tricks, hearts, honours = DECK[n]
    state = create_game("trash-twelve-hands", [f"P{i}" for i in range(n)])
    for key, want, each in [("tricks", tricks, 5), ("hearts", hearts, 5), ("kings", honours, 20),
                            ("queens", honours, 20)]:
        # one short (want-1 to seat 0), one over (want to seat 0 and 1 to seat 1): a check across seats
        for wrong in ([want - 1] + [0] * (n - 1), [want, 1] + [0] * (n - 2)):
            answer = post_round(state, {key: wrong})
            assert answer.status_code == 422 and key in answer.get_json()["errors"], (key, wrong, answer.get_json())
        # the whole count to seat 0 and one to seat 1: (want-1)*each and each
        answer = post_round(state, {key: [want - 1, 1] + [0] * (n - 2)})
        assert answer.status_code == 201, (key, answer.get_json())
        assert answer.get_json()["rounds"][-1]["points"] == [(want - 1) * each, each] + [0] * (n - 2)


@pytest.mark.parametrize("options, field", [
    ({"points": {"jack": 5}}, "options.points"), ({"points": {"king": "lots"}}, "options.points"),
    ({"points": [5]}, "options.points"), ({"hands": 12}, "options.hands"),
])
def test_trash_twelve_hands_bad_options(client, options, field):
    run_bad_game(client, "trash-twelve-hands", P4, options, field)


def test_trash_twelve_hands_rules_listing_and_player_count(client):
    game = rules_of(client, "trash-twelve-hands")
    assert (game["min_players"], game["max_players"]) == (4, 10)
    run_bad_game(client, "trash-twelve-hands", P3, {}, "players")
    run_bad_game(client, "trash-twelve-hands", [f"P{i}" for i in range(11)], {}, "players")


# =============================================================================================
# gin-rummy
# =============================================================================================


def knock(knocker, *deadwood):
    return {"result": "knock", "knocker": knocker, "deadwood": list(deadwood)}


def gin(knocker, *deadwood, big=False):
    return {"result": "big_gin" if big else "gin", "knocker": knocker, "deadwood": list(deadwood)}


DRAW = {"result": "draw"}

GIN = [
    {"name": "knock: the knocker scores the difference",
     "game": "gin-rummy", "players": P2,
     "start": {"options=": {"first_dealer": 0, "target": 100, "knock_max": 9, "gin_bonus": 25,
                            "big_gin_bonus": 31, "undercut_bonus": 25, "box_bonus": 0, "game_bonus": 0,
                            "shutout_double": False, "oklahoma": False, "shutout_bonus": 0},
               "next": {"round": 1, "dealer": 0}, "standings.hands_won": [0, 0], "standings.bonus": [0, 0]},
     "rounds": [{"data": knock(0, 5, 20), "points": [15, 0],   # 20-5
                 "expect": {"standings.hands_won": [1, 0], "standings.bonus": [0, 0],
                            "next": {"round": 2, "dealer": 1}}}]},
    {"name": "knock on equal deadwood is an undercut",
     "game": "gin-rummy", "players": P2,
     "rounds": [{"data": knock(0, 7, 7), "points": [0, 25],    # 7-7 + 25
                 "expect": {"standings.hands_won": [0, 1]}}]},
    {"name": "undercut by a lower opponent",
     "game": "gin-rummy", "players": P2,
     "rounds": [{"data": knock(0, 8, 3), "points": [0, 30]}]},  # 8-3 + 25
    {"name": "gin: opponents' deadwood plus the gin bonus",
     "game": "gin-rummy", "players": P2,
     "rounds": [{"data": gin(1, 12, 0), "points": [0, 37], "expect": {"standings.hands_won": [0, 1]}}]},  # 12+25
    {"name": "big gin: the big gin bonus",
     "game": "gin-rummy", "players": P2,
     "rounds": [{"data": gin(0, 0, 40, big=True), "points": [71, 0]}]},  # 40+31
    {"name": "draw: nobody scores, nobody wins the hand, the deal passes",
     "game": "gin-rummy", "players": P2,
     "rounds": [{"data": DRAW, "points": [0, 0],
                 "expect": {"standings.hands_won": [0, 0], "next": {"round": 2, "dealer": 1}}}]},
    {"name": "3 players: the knocker settles with each opponent",
     "game": "gin-rummy", "players": P3,
     # Ann 4 vs Bob 10: Ann 6; Ann 4 vs Cy 2: Cy undercuts 4-2+25 = 27
     "rounds": [{"data": knock(0, 4, 10, 2), "points": [6, 0, 27],
                 "expect": {"standings.hands_won": [1, 0, 1]}}]},
    {"name": "3 players: gin pays one bonus",
     "game": "gin-rummy", "players": P3,
     "rounds": [{"data": gin(2, 10, 15, 0), "points": [0, 0, 50],   # 10+15+25
                 "expect": {"standings.hands_won": [0, 0, 1]}}]},
    {"name": "4 players: gin",
     "game": "gin-rummy", "players": P4,
     "rounds": [{"data": gin(1, 3, 0, 4, 5), "points": [0, 37, 0, 0]}]},   # 3+4+5+25
    {"name": "changed bonuses",
     "game": "gin-rummy", "players": P2, "options": {"gin_bonus": 20, "undercut_bonus": 10, "big_gin_bonus": 50},
     "rounds": [{"data": knock(0, 6, 4), "points": [0, 12]},           # 6-4 + 10
                {"data": gin(1, 9, 0), "points": [0, 29]},             # 9 + 20
                {"data": gin(0, 0, 5, big=True), "points": [55, 0]}],  # 5 + 50
     "expect": {"totals": [55, 41]}},
    {"name": "knock_max 10 lets a knock on 10",
     "game": "gin-rummy", "players": P2, "options": {"knock_max": 10},
     "rounds": [{"data": knock(0, 10, 25), "points": [15, 0]}]},
    {"name": "target: ends when a total reaches it; highest wins; no end bonuses by default",
     "game": "gin-rummy", "players": P2,
     "rounds": [{"data": gin(0, 0, 30), "points": [55, 0], "expect": {"status": "playing"}},   # 30+25
                {"data": gin(0, 0, 20), "points": [45, 0]}],                                   # 20+25
     "expect": {"status": "finished", "totals": [100, 0], "winners": [0], "standings.bonus": [0, 0],
                "next": None}},
    {"name": "end: box bonus per hand won and the game bonus; no shutout when the loser won a hand",
     "game": "gin-rummy", "players": P2,
     "options": {"target": 50, "box_bonus": 25, "game_bonus": 100, "shutout_double": True},
     "rounds": [{"data": knock(1, 20, 5), "points": [0, 15],             # 20-5
                 "expect": {"totals": [0, 15], "standings.bonus": [0, 0]}},
                {"data": gin(0, 0, 30), "points": [55, 0]}],             # 30+25 -> 55 reaches 50
     # Ann 55 + 1 box 25 + game 100 = 180 (bonus 125); Bob 15 + 1 box 25 = 40 (bonus 25)
     "expect": {"status": "finished", "winners": [0], "totals": [180, 40], "standings.bonus": [125, 25],
                "standings.hands_won": [1, 1]}},
    {"name": "end: shutout doubles the winner's hand points, then boxes and game bonus",
     "game": "gin-rummy", "players": P2,
     "options": {"target": 50, "box_bonus": 25, "game_bonus": 100, "shutout_double": True},
     "rounds": [{"data": gin(0, 0, 10), "points": [35, 0]},       # 10+25
                {"data": knock(0, 2, 20), "points": [18, 0]}],    # 20-2 -> 53
     # 53*2 = 106, + 2 boxes 50 + 100 = 256; bonus 256-53 = 203
     "expect": {"status": "finished", "winners": [0], "totals": [256, 0], "standings.bonus": [203, 0]}},
    {"name": "end: no shutout with 3 players when one loser won a hand",
     "game": "gin-rummy", "players": P3, "options": {"target": 50, "shutout_double": True},
     "rounds": [{"data": knock(0, 4, 10, 2), "points": [6, 0, 27]},   # see the 3-player knock
                {"data": gin(0, 0, 20, 30), "points": [75, 0, 0]}],  # 20+30+25 -> 81
     "expect": {"status": "finished", "winners": [0], "totals": [81, 0, 27], "standings.bonus": [0, 0, 0]}},
    {"name": "end: shutout with 3 players when no loser won a hand",
     "game": "gin-rummy", "players": P3, "options": {"target": 80, "shutout_double": True},
     "rounds": [{"data": gin(0, 0, 10, 10), "points": [45, 0, 0]},   # 10+10+25
                {"data": gin(0, 0, 10, 5), "points": [40, 0, 0]}],   # 10+5+25 -> 85
     "expect": {"status": "finished", "winners": [0], "totals": [170, 0, 0], "standings.bonus": [85, 0, 0]}},
    {"name": "end: the winner is the player with the most hand points, even if bonuses put another ahead",
     "game": "gin-rummy", "players": P2, "options": {"target": 50, "box_bonus": 100},
     "rounds": [{"data": knock(1, 10, 5), "points": [0, 5]},    # 10-5
                {"data": knock(1, 10, 5), "points": [0, 5]},
                {"data": knock(1, 10, 5), "points": [0, 5]},
                {"data": gin(0, 0, 30), "points": [55, 0]}],   # 30+25 -> 55 reaches 50
     # Ann 55 + 1 box 100 = 155; Bob 15 + 3 boxes 300 = 315, but Ann had the most hand points
     "expect": {"status": "finished", "winners": [0], "totals": [155, 315], "standings.bonus": [100, 300]}},
    {"name": "end: players tied on the best total all win and each takes the game bonus",
     "game": "gin-rummy", "players": P3, "options": {"target": 5, "undercut_bonus": 0, "game_bonus": 100},
     # Ann 5 vs Bob 10: Ann 5; Ann 5 vs Cy 0: Cy undercuts 5-0+0 = 5
     "rounds": [{"data": knock(0, 5, 10, 0), "points": [5, 0, 5]}],
     "expect": {"status": "finished", "winners": [0, 2], "totals": [105, 0, 105],
                "standings.bonus": [100, 0, 100]}},
    {"name": "end early: the leader wins and the end bonuses apply",
     "game": "gin-rummy", "players": P2, "options": {"box_bonus": 25, "game_bonus": 100, "shutout_double": True},
     "rounds": [{"data": gin(0, 0, 10), "points": [35, 0]}], "finish": True,
     # 35*2 = 70 + 25 + 100 = 195; bonus 160
     "expect": {"status": "finished", "winners": [0], "totals": [195, 0], "standings.bonus": [160, 0],
                "next": None}},
    {"name": "a hand is won by every player who scored in it: an undercut worth 0 wins nothing",
     "game": "gin-rummy", "players": P2, "options": {"undercut_bonus": 0, "box_bonus": 25},
     # 6 vs 6: Bob undercuts and scores 6-6+0 = 0, so nobody scored in the hand
     "rounds": [{"data": knock(0, 6, 6), "points": [0, 0], "expect": {"standings.hands_won": [0, 0]}}]},
    {"name": "a hand is won by every player who scored in it: a gin worth 0 wins nothing",
     "game": "gin-rummy", "players": P2, "options": {"gin_bonus": 0},
     # gin against 0 deadwood with a 0 bonus: 0+0 = 0
     "rounds": [{"data": gin(0, 0, 0), "points": [0, 0], "expect": {"standings.hands_won": [0, 0]}}]},
]

GIN_REFUSED = [
    {"name": "a knock over knock_max", "field": ("deadwood.0", "deadwood"), "data": knock(0, 10, 20)},
    {"name": "gin holding deadwood", "field": ("deadwood.1", "deadwood"), "data": gin(1, 10, 3)},
    {"name": "big gin holding deadwood", "field": ("deadwood.0", "deadwood"), "data": gin(0, 1, 10, big=True)},
    {"name": "deadwood above 100", "field": "deadwood.1", "data": knock(0, 2, 101)},
    {"name": "negative deadwood", "field": "deadwood.1", "data": knock(0, 2, -1)},
    {"name": "deadwood one short", "field": "deadwood", "data": knock(0, 2)},
    {"name": "an unknown result", "field": "result", "data": {"result": "schneider", "knocker": 0, "deadwood": [0, 5]}},
    {"name": "a knock with no knocker", "field": "knocker", "data": {"result": "knock", "deadwood": [2, 5]}},
    {"name": "a knocker not at the table", "field": "knocker", "data": knock(2, 2, 5)},
]


@pytest.mark.parametrize("sc", ids(GIN))
def test_gin_rummy(client, create_game, post_round, sc):
    run_scenario(client, create_game, post_round, sc)


@pytest.mark.parametrize("sc", ids(GIN_REFUSED))
def test_gin_rummy_refused(client, create_game, post_round, sc):
    run_refusal(client, create_game, post_round, {"game": "gin-rummy", "players": P2, **sc})


@pytest.mark.parametrize("options, field", [
    ({"knock_max": "x"}, "options.knock_max"), ({"shutout_double": "yes"}, "options.shutout_double"),
    ({"target": "100"}, "options.target"), ({"oklahoma": "yes"}, "options.oklahoma"),
])
def test_gin_rummy_bad_options(client, options, field):
    run_bad_game(client, "gin-rummy", P2, options, field)


def test_gin_rummy_rules_listing_and_player_count(client):
    game = rules_of(client, "gin-rummy")
    assert (game["min_players"], game["max_players"]) == (2, 4)
    assert {k: v["default"] for k, v in game["options"].items()} == {
        "first_dealer": 0, "target": 100, "knock_max": 9, "gin_bonus": 25, "big_gin_bonus": 31,
        "undercut_bonus": 25, "box_bonus": 0, "game_bonus": 0, "shutout_double": False, "oklahoma": False,
        "shutout_bonus": 0}
    run_bad_game(client, "gin-rummy", P4 + ["Eve"], {}, "players")
    run_bad_game(client, "gin-rummy", ["Ann"], {}, "players")


# =============================================================================================
# chase-the-ace
# =============================================================================================

CHASE = [
    {"name": "defaults: equal cards cancel, the lowest left loses a life; pot in next",
     "game": "chase-the-ace", "players": P4,
     "start": {"options=": {"first_dealer": 0, "lives": 3, "stake": 0.10, "cancel_matches": True,
                            "tie_rule": "share", "ace_high": False, "kings": "block"},
               "next": {"round": 1, "dealer": 0, "pot": 0}, "standings.lives": [3] * 4,
               "standings.out": [False] * 4, "totals": [None] * 4},
     # 5 5 cancel; 2 is the lowest left: Cy loses; the pot holds 1 life * 0.10
     "rounds": [{"data": {"cards": ["5", "5", "2", "K"]}, "points": None,
                 "expect": {"standings.lives": [3, 3, 2, 3], "next": {"round": 2, "dealer": 1, "pot": 0.1},
                            "totals": [None] * 4}}]},
    {"name": "cancel_matches false: every holder of the lowest rank loses",
     "game": "chase-the-ace", "players": P4, "options": {"cancel_matches": False},
     # 2 2 are the lowest: Ann and Bob lose; pot 2 * 0.10
     "rounds": [{"data": {"cards": ["2", "2", "9", "K"]},
                 "expect": {"standings.lives": [2, 2, 3, 3], "next": {"round": 2, "dealer": 1, "pot": 0.2}}}]},
    {"name": "cancel_matches true: the pair of 2s cancels, the 9 loses",
     "game": "chase-the-ace", "players": P4,
     "rounds": [{"data": {"cards": ["2", "2", "9", "K"]}, "expect": {"standings.lives": [3, 3, 2, 3]}}]},
    {"name": "everything cancels: nobody loses",
     "game": "chase-the-ace", "players": P4,
     "rounds": [{"data": {"cards": ["5", "5", "9", "9"]},
                 "expect": {"standings.lives": [3] * 4, "next": {"round": 2, "dealer": 1, "pot": 0}}}]},
    {"name": "ace is low, king is high",
     "game": "chase-the-ace", "players": P4,
     "rounds": [{"data": {"cards": ["K", "Q", "J", "10"]}, "expect": {"standings.lives": [3, 3, 3, 2]}},
                {"data": {"cards": ["A", "K", "Q", "J"]}, "expect": {"standings.lives": [2, 3, 3, 2]}}],
     "expect": {"next": {"round": 3, "dealer": 2, "pot": 0.2}}},
    {"name": "cards with suits and in any case",
     "game": "chase-the-ace", "players": P4,
     "rounds": [{"data": {"cards": ["5h", "5S", "2c", "kd"]}, "expect": {"standings.lives": [3, 3, 2, 3]}}]},
    {"name": "losers given directly; an empty list loses nothing",
     "game": "chase-the-ace", "players": P4,
     "rounds": [{"data": {"losers": [1, 3]}, "expect": {"standings.lives": [3, 2, 3, 2]}},
                {"data": {"losers": []}, "expect": {"standings.lives": [3, 2, 3, 2]}}],
     "expect": {"next": {"round": 3, "dealer": 2, "pot": 0.2}}},
    {"name": "a player with no lives is out and skipped as dealer; the last one in wins",
     "game": "chase-the-ace", "players": P3, "options": {"lives": 1},
     "rounds": [
         # Bob out; dealer 0 -> 1 is out -> 2
         {"data": {"losers": [1]}, "expect": {"standings.lives": [1, 0, 1], "standings.out": [False, True, False],
                                              "next": {"round": 2, "dealer": 2, "pot": 0.1}}},
         # 9 vs 3: Cy loses his last life; Ann is the last one in
         {"data": {"cards": ["9", None, "3"]}},
     ],
     "expect": {"status": "finished", "winners": [0], "next": None, "standings.out": [False, True, True]}},
    {"name": "share: all left lose their last life together -> joint winners",
     "game": "chase-the-ace", "players": P2, "options": {"lives": 1},
     "rounds": [{"data": {"losers": [0, 1]}}],
     "expect": {"status": "finished", "winners": [0, 1]}},
    {"name": "share: only the players still in count",
     "game": "chase-the-ace", "players": P3, "options": {"lives": 1, "cancel_matches": False},
     "rounds": [{"data": {"losers": [2]}}, {"data": {"cards": ["4", "4", None]}}],
     "expect": {"status": "finished", "winners": [0, 1]}},
    {"name": "replay: they keep their last lives and deal again",
     "game": "chase-the-ace", "players": P2, "options": {"lives": 1, "tie_rule": "replay"},
     "rounds": [{"data": {"losers": [0, 1]},
                 "expect": {"status": "playing", "standings.lives": [1, 1], "next": {"round": 2, "dealer": 1,
                                                                                     "pot": 0}}},
                {"data": {"losers": [0]}}],
     "expect": {"status": "finished", "winners": [1], "standings.lives": [0, 1]}},
    {"name": "cut: the round names the cut winner, who wins",
     "game": "chase-the-ace", "players": P2, "options": {"lives": 1, "tie_rule": "cut"},
     "rounds": [{"data": {"losers": [0, 1], "cut_winner": 1}}],
     "expect": {"status": "finished", "winners": [1]}},
    *[{"name": f"{rule}: undecided, nobody wins",
       "game": "chase-the-ace", "players": P2, "options": {"lives": 1, "tie_rule": rule},
       "rounds": [{"data": {"losers": [0, 1]}}],
       "expect": {"status": "finished", "winners": [], "next": None}}
      for rule in ("carry", "carry_no_add")],
    {"name": "cut with three tied: the cut winner keeps the last life, the others go out",
     "game": "chase-the-ace", "players": P3, "options": {"lives": 1, "tie_rule": "cut", "cancel_matches": False},
     "rounds": [{"data": {"cards": ["2", "2", "2"], "cut_winner": 2}}],
     "expect": {"status": "finished", "winners": [2], "standings.lives": [0, 0, 1],
                "standings.out": [True, True, False]}},
    {"name": "replay decided by the cards",
     "game": "chase-the-ace", "players": P2, "options": {"lives": 1, "tie_rule": "replay", "cancel_matches": False},
     "rounds": [{"data": {"cards": ["3", "3"]}, "expect": {"status": "playing", "standings.lives": [1, 1]}},
                {"data": {"cards": ["3", "4"]}}],
     "expect": {"status": "finished", "winners": [1]}},
    {"name": "carry with one player already out",
     "game": "chase-the-ace", "players": P3, "options": {"lives": 1, "tie_rule": "carry"},
     "rounds": [{"data": {"losers": [1]}}, {"data": {"losers": [0, 2]}}],
     "expect": {"status": "finished", "winners": [], "standings.out": [True, True, True]}},
    {"name": "the current dealer goes out: the deal passes to the next seat in",
     "game": "chase-the-ace", "players": P4, "options": {"lives": 1},
     # round 1 dealt by Ann, who goes out: next dealer Bob; round 2 dealt by Bob, Cy goes out: next Dee
     "rounds": [{"data": {"losers": [0]}, "expect": {"next": {"round": 2, "dealer": 1, "pot": 0.1}}},
                {"data": {"losers": [2]}, "expect": {"next": {"round": 3, "dealer": 3, "pot": 0.2}}},
             # Dee deals; next after Dee: Ann out -> Bob
                {"data": {"losers": []}, "expect": {"next": {"round": 4, "dealer": 1, "pot": 0.2}}}]},
    {"name": "the tie rule is only for everyone still in going out together",
     "game": "chase-the-ace", "players": P3, "options": {"lives": 2, "tie_rule": "replay"},
     # 1 1 2, then Ann and Bob go out while Cy keeps a life: Cy wins, no replay
     "rounds": [{"data": {"losers": [0, 1]}}, {"data": {"losers": [0, 1]}}],
     "expect": {"status": "finished", "winners": [2], "standings.lives": [0, 0, 2]}},
    {"name": "stake 0.25: pot is lives lost times the stake",
     "game": "chase-the-ace", "players": P3, "options": {"stake": 0.25},
     "rounds": [{"data": {"losers": [0, 1]}}],
     "expect": {"next": {"round": 2, "dealer": 1, "pot": 0.5}}},    # 2 * 0.25
    {"name": "lives 5",
     "game": "chase-the-ace", "players": P2, "options": {"lives": 5}, "start": {"standings.lives": [5, 5]}},
    {"name": "first_dealer 3",
     "game": "chase-the-ace", "players": P4, "options": {"first_dealer": 3},
     "start": {"next": {"round": 1, "dealer": 3, "pot": 0}},
     "rounds": [{"data": {"losers": [3]}, "expect": {"next": {"round": 2, "dealer": 0, "pot": 0.1}}}]},
    {"name": "end early: the players with the most lives win",
     "game": "chase-the-ace", "players": P4, "rounds": [{"data": {"losers": [1]}}], "finish": True,
     "expect": {"status": "finished", "winners": [0, 2, 3], "next": None}},
]

CHASE_REFUSED = [
    {"name": "five cards of one rank", "players": P4 + ["Eve"], "field": "cards",
     "data": {"cards": ["5", "5", "5", "5", "5"]}},
    {"name": "a card for a player who is out", "options": {"lives": 1}, "field": "cards.1",
     "before": [{"losers": [1]}], "data": {"cards": ["5", "7", "9"]}},
    {"name": "no card for a player still in", "field": "cards.1", "data": {"cards": ["5", None, "9"]}},
    {"name": "a joker", "field": "cards.0", "data": {"cards": ["X", "7", "9"]}},
    {"name": "an unreadable card", "field": "cards.2", "data": {"cards": ["5", "7", "Z"]}},
    {"name": "one card short", "field": "cards", "data": {"cards": ["5", "7"]}},
    {"name": "a loser who is out", "options": {"lives": 1}, "field": "losers", "before": [{"losers": [1]}],
     "data": {"losers": [1]}},
    {"name": "a loser not at the table", "field": ("losers", "losers.0"), "data": {"losers": [7]}},
    {"name": "cut: the tie needs the cut winner", "players": P2, "options": {"lives": 1, "tie_rule": "cut"},
     "field": "cut_winner", "data": {"losers": [0, 1]}},
    {"name": "cut: a cut winner when nobody is tied", "players": P2, "options": {"lives": 1, "tie_rule": "cut"},
     "field": "cut_winner", "data": {"losers": [0], "cut_winner": 1}},
    {"name": "cut: the cut winner was not in the tie", "options": {"lives": 1, "tie_rule": "cut"},
     "before": [{"losers": [0]}], "field": "cut_winner", "data": {"losers": [1, 2], "cut_winner": 0}},
]


@pytest.mark.parametrize("sc", ids(CHASE))
def test_chase_the_ace(client, create_game, post_round, sc):
    run_scenario(client, create_game, post_round, sc)


@pytest.mark.parametrize("sc", ids(CHASE_REFUSED))
def test_chase_the_ace_refused(client, create_game, post_round, sc):
    run_refusal(client, create_game, post_round, {"game": "chase-the-ace", **sc})


@pytest.mark.parametrize("options, field", [
    ({"tie_rule": "coin"}, "options.tie_rule"), ({"kings": "wild"}, "options.kings"),
    ({"cancel_matches": "no"}, "options.cancel_matches"), ({"lives": 0}, "options.lives"),
    ({"stake": -1}, "options.stake"), ({"stake": "dime"}, "options.stake"), ({"jokers": 2}, "options.jokers"),
    ({"stake": 1e-9}, "options.stake"), ({"stake": 0.125}, "options.stake"),  # no money a table puts down
])
def test_chase_the_ace_bad_options(client, options, field):
    run_bad_game(client, "chase-the-ace", P3, options, field)


def test_chase_the_ace_rules_listing_and_player_count(client):
    game = rules_of(client, "chase-the-ace")
    assert (game["min_players"], game["max_players"]) == (2, 20)
    options = game["options"]
    assert options["lives"]["default"] == 3 and options["stake"]["default"] == 0.10
    assert options["cancel_matches"]["default"] is True
    assert options["tie_rule"] == {"default": "share", "choices": ["share", "replay", "cut", "carry", "carry_no_add"]}
    assert options["kings"] == {"default": "block", "choices": ["block", "plain", "reveal", "reveal_stops"]}
    run_bad_game(client, "chase-the-ace", [f"P{i}" for i in range(21)], {}, "players")


# =============================================================================================
# hand-and-foot
# =============================================================================================


def hf(clean=0, dirty=0, threes=0, out=False, **cards_or_points):
    if not out and not {"left", "left_points"} & set(cards_or_points):
        cards_or_points["left_points"] = 0  # a player who did not go out says what they held, 0 if nothing
    return {"clean_books": clean, "dirty_books": dirty, "red_threes": threes, "went_out": out, **cards_or_points}


NOTHING = hf(melded_points=0, left_points=0)


def hf_hand(*entries):
    return {"players": list(entries)}


HAND_FOOT = [
    {"name": "books, red threes, going out, card points with cards",
     "game": "hand-and-foot", "players": P2,
     "start": {"options": {"first_dealer": 0, "rounds": 4, "meld_minimums": [60, 90, 120, 150], "clean_book": 50,
                           "dirty_book": 30, "red_three": 100, "going_out": 100, "values": {}},
               "next": {"round": 1, "dealer": 0, "meld_minimum": 60}},
     "rounds": [{
         # Ann: 2*50 + 30 + 100 + 100 + (K*7 + Q*7 + A*4 X X 2 = 70+70+80+100+20 = 340) - 0 = 670
         # Bob: 30 + 80 - (7+8+2+3C = 5+10+20+5 = 40) = 70
         "data": hf_hand(hf(2, 1, 1, True, melded=["K"] * 7 + ["Q"] * 7 + ["A"] * 4 + ["X", "X", "2"], left=[]),
                         hf(0, 1, 0, False, melded_points=80, left=["7", "8", "2", "3C"])),
         "points": [670, 70],
         "expect": {"totals": [670, 70], "next": {"round": 2, "dealer": 1, "meld_minimum": 90}}}]},
    {"name": "every default card value",
     "game": "hand-and-foot", "players": P2,
     # X A 2 K Q J 10 9 8 = 50+20+20+6*10 = 150, less 7 6 5 4 3S = 5*5 = 25 -> 125
     # less X and 3C = 50 + 5 -> -55 (a black three is never melded)
     "rounds": [{"data": hf_hand(hf(melded=["X", "A", "2", "K", "Q", "J", "10", "9", "8"],
                                    left=["7", "6", "5", "4", "3S"]),
                                 hf(left=["X", "3C"])),
                 "points": [125, -55]}]},
    {"name": "values X=100, 3S=0, A=25",
     "game": "hand-and-foot", "players": P2, "options": {"values": {"X": 100, "3S": 0, "A": 25}},
     # X A = 100+25 = 125, less 3S 3C = 0+5 -> 120
     "rounds": [{"data": hf_hand(hf(melded=["X", "A"], left=["3S", "3C"]), NOTHING), "points": [120, 0]}]},
    {"name": "changed bonuses",
     "game": "hand-and-foot", "players": P2,
     "options": {"clean_book": 100, "dirty_book": 50, "red_three": 50, "going_out": 200},
     # Ann 1*100 + 2*50 + 2*50 + 200 + 105 melded (the least three books can hold) = 605; Bob 1*50 - 35 = 15
     "rounds": [{"data": hf_hand(hf(1, 2, 2, True, melded_points=105, left_points=0),
                                 hf(0, 0, 1, False, melded_points=0, left_points=35)),
                 "points": [605, 15]}]},
    {"name": "going out with exactly one clean and two dirty books",
     "game": "hand-and-foot", "players": P2,
     # Ann 50 + 2*30 + 100 + (K*7 = 70, Q*5 2 2 = 90, J*5 X 2 = 120) = 490; Bob -(3S 3C 4 = 15) = -15
     "rounds": [{"data": hf_hand(hf(1, 2, out=True, melded=["K"] * 7 + ["Q"] * 5 + ["2", "2"] + ["J"] * 5 + ["X", "2"],
                                    left=[]),
                                 hf(left=["3S", "3C", "4"])), "points": [490, -15]}]},
    {"name": "with more hands than meld minimums the last one repeats; ends after the hands",
     "game": "hand-and-foot", "players": P2, "options": {"rounds": 6},
     "rounds": [{"data": hf_hand(NOTHING, NOTHING), "expect": {"next": {"round": r + 1, "dealer": r % 2,
                                                                        "meld_minimum": m}}}
                for r, m in [(1, 90), (2, 120), (3, 150), (4, 150), (5, 150)]]
     + [{"data": hf_hand(NOTHING, NOTHING), "expect": {"status": "finished", "next": None}}]},
    {"name": "a single meld minimum repeats",
     "game": "hand-and-foot", "players": P2, "options": {"meld_minimums": [50], "rounds": 3},
     "start": {"next": {"round": 1, "dealer": 0, "meld_minimum": 50}},
     "rounds": [{"data": hf_hand(NOTHING, NOTHING), "expect": {"next": {"round": 2, "dealer": 1,
                                                                        "meld_minimum": 50}}}]},
    {"name": "end: after the hands, highest total wins",
     "game": "hand-and-foot", "players": P2, "options": {"rounds": 2},
     "rounds": [{"data": hf_hand(hf(melded_points=100), hf(melded_points=60)), "expect": {"status": "playing"}},
                {"data": hf_hand(hf(melded_points=0), hf(melded_points=90))}],  # the meld minimums: 60, then 90
     "expect": {"status": "finished", "totals": [100, 150], "winners": [1], "next": None}},
    {"name": "end: a tie on the highest total shares the win",
     "game": "hand-and-foot", "players": P3, "options": {"rounds": 1},
     "rounds": [{"data": hf_hand(hf(melded_points=100), hf(melded_points=100), hf(melded_points=60))}],
     "expect": {"status": "finished", "winners": [0, 1]}},
    {"name": "end early: the highest total wins",
     "game": "hand-and-foot", "players": P2,
     "rounds": [{"data": hf_hand(hf(melded_points=100), hf(melded_points=60))}], "finish": True,
     "expect": {"status": "finished", "winners": [0], "next": None}},
    {"name": "first_dealer 1 of 3 rotates",
     "game": "hand-and-foot", "players": P3, "options": {"first_dealer": 1},
     "start": {"next": {"round": 1, "dealer": 1, "meld_minimum": 60}},
     "rounds": [{"data": hf_hand(NOTHING, NOTHING, NOTHING),
                 "expect": {"next": {"round": 2, "dealer": 2, "meld_minimum": 90}}},
                {"data": hf_hand(NOTHING, NOTHING, NOTHING),
                 "expect": {"next": {"round": 3, "dealer": 0, "meld_minimum": 120}}}]},
    {"name": "two per pack: 2 players play 3 packs, so 6 red threes and 6 jokers",
     "game": "hand-and-foot", "players": P2,
     # Ann 4*100 + 6 jokers 300 = 700; Bob 2*100 = 200
     "rounds": [{"data": hf_hand(hf(threes=4, melded=["X"] * 6), hf(threes=2)), "points": [700, 200]}]},
]

HAND_FOOT_REFUSED = [
    {"name": "two players went out", "field": "players",
     "data": hf_hand(hf(1, 2, out=True, melded_points=105), hf(1, 2, out=True, melded_points=105))},
    {"name": "went out with no clean book", "field": ("players.0.clean_books", "players.0.went_out"),
     "data": hf_hand(hf(0, 3, out=True, melded_points=105), NOTHING)},
    {"name": "went out with only two books", "field": ("players.0.dirty_books", "players.0.clean_books",
                                                       "players.0.went_out"),
     "data": hf_hand(hf(1, 1, out=True, melded_points=70), NOTHING)},
    {"name": "went out with cards left", "field": "players.0.left",
     "data": hf_hand(hf(1, 2, out=True, melded_points=105, left=["5"]), NOTHING)},
    {"name": "went out with points left", "field": "players.1.left_points",
     "data": hf_hand(NOTHING, hf(1, 2, out=True, melded_points=105, left_points=10))},
    {"name": "a red three in the cards melded", "field": "players.0.melded",
     "data": hf_hand(hf(melded=["3H", "K"]), NOTHING)},
    {"name": "a red three in the cards left", "field": "players.1.left",
     "data": hf_hand(NOTHING, hf(left=["3D"]))},
    {"name": "a three without its suit", "field": "players.0.melded",
     "data": hf_hand(hf(melded=["3", "K"]), NOTHING)},
    {"name": "seven red threes with 3 packs", "field": "players",
     "data": hf_hand(hf(threes=4), hf(threes=3))},
    {"name": "seven red threes for one player with 3 packs", "field": ("players", "players.0.red_threes"),
     "data": hf_hand(hf(threes=7), NOTHING)},
    {"name": "seven jokers with 3 packs", "field": "players",
     "data": hf_hand(hf(melded=["X"] * 4), hf(left=["X"] * 3))},
    {"name": "a suited card four times with 3 packs", "field": "players",
     "data": hf_hand(hf(melded=["AS", "AS"]), hf(left=["AS", "AS"]))},
    {"name": "a negative book count", "field": "players.0.clean_books", "data": hf_hand(hf(-1), NOTHING)},
    {"name": "one entry short", "field": "players", "data": hf_hand(NOTHING)},
]


@pytest.mark.parametrize("sc", ids(HAND_FOOT))
def test_hand_and_foot(client, create_game, post_round, sc):
    run_scenario(client, create_game, post_round, sc)


@pytest.mark.parametrize("sc", ids(HAND_FOOT_REFUSED))
def test_hand_and_foot_refused(client, create_game, post_round, sc):
    run_refusal(client, create_game, post_round, {"game": "hand-and-foot", "players": P2, **sc})


@pytest.mark.parametrize("options, field", [
    ({"rounds": 0}, "options.rounds"), ({"meld_minimums": "x"}, "options.meld_minimums"),
    ({"meld_minimums": []}, "options.meld_minimums"), ({"values": {"3H": 5}}, "options.values"),
    ({"clean_book": "x"}, "options.clean_book"), ({"wilds": 2}, "options.wilds"),
])
def test_hand_and_foot_bad_options(client, options, field):
    run_bad_game(client, "hand-and-foot", P2, options, field)


def test_hand_and_foot_rules_listing_and_player_count(client):
    game = rules_of(client, "hand-and-foot")
    assert (game["min_players"], game["max_players"]) == (2, 8)
    defaults = {k: v["default"] for k, v in game["options"].items()}
    assert {k: defaults[k] for k in ("rounds", "meld_minimums", "clean_book", "dirty_book", "red_three",
                                     "going_out", "values", "first_dealer")} == {
        "rounds": 4, "meld_minimums": [60, 90, 120, 150], "clean_book": 50, "dirty_book": 30, "red_three": 100,
        "going_out": 100, "values": {}, "first_dealer": 0}
    run_bad_game(client, "hand-and-foot", [f"P{i}" for i in range(9)], {}, "players")
    run_bad_game(client, "hand-and-foot", ["Ann"], {}, "players")


# =============================================================================================
# api.md: edits, deletes, finishing by hand, Idempotency-Key, round numbers
# =============================================================================================


def put(client, state, n, data, **headers):
    return client.put(url(state, f"/rounds/{n}"), json={"data": data}, headers={**auth(state), **headers})


def delete(client, state, n, **headers):
    return client.delete(url(state, f"/rounds/{n}"), headers={**auth(state), **headers})


def finish(client, state, **headers):
    return client.post(url(state, "/finish"), headers={**auth(state), **headers})


def garbage_goal_rounds():
    """Ann goes out ten times, Bob once, then Ann once more (her 11th goal ends the game at round 12)."""
    ann_out = garbage(0, OUT, hand(False, penalty=5))
    return [ann_out] * 10 + [garbage(1, hand(False, penalty=5), OUT)] + [ann_out]


BREAKING_EDITS = [
    {"name": "chase: a player put out earlier cannot hold a card later",
     "game": "chase-the-ace", "players": P3, "options": {"lives": 1},
     "rounds": [{"losers": [0]}, {"cards": [None, "5", "9"]}],
     "edit": (1, {"losers": [1]})},       # Bob out in round 1: round 2 gives him a card
    {"name": "gin: the target reached before a later hand",
     "game": "gin-rummy", "players": P2, "options": {"target": 50},
     "rounds": [gin(0, 0, 10), knock(0, 2, 5)],   # 35, then 3 -> 38
     "edit": (1, gin(0, 0, 30, big=True))},       # 30+31 = 61 reaches 50 in hand 1
    {"name": "garbage: goal 11 made before a later round",
     "game": "garbage-rummy", "players": P2, "rounds": garbage_goal_rounds(),
     "edit": (11, garbage(0, OUT, hand(False, penalty=5)))},   # Ann's 11th goal in round 11
    {"name": "golf: a hole total reaches the target before a later hole",
     "game": "golf", "players": P2, "options": {"target": 30},
     "rounds": [scores(10, 5), scores(10, 5)],
     "edit": (1, scores(30, 5))},
]


@pytest.mark.parametrize("sc", ids(BREAKING_EDITS))
def test_edit_that_breaks_a_later_round_is_409_and_changes_nothing(client, create_game, post_round, sc):
    state = create_game(sc["game"], sc["players"], sc.get("options", {}))
    for data in sc["rounds"]:
        assert post_round(state, data).status_code == 201
    before = fetch(client, state)
    number, data = sc["edit"]
    answer = put(client, state, number, data)
    assert answer.status_code == 409 and "round" in answer.get_json()["errors"], answer.get_json()
    assert fetch(client, state) == before


def test_edit_rederives_every_later_round(client, create_game, post_round):
    # trash: deal 1 won by Ann, deal 2 by Cy -> editing deal 1 to Bob moves the layouts and who starts
    state = create_game("trash", P3)
    post_round(state, {"winner": 0})
    post_round(state, {"winner": 2})
    answer = put(client, state, 1, {"winner": 1})
    assert answer.status_code == 200
    got = answer.get_json()
    check(got, "standings.layout", [10, 9, 9])
    check(got, "next", {"round": 3, "dealer": 2, "first_player": 2})
    # chase: editing round 1 changes the lives and the pot after round 2
    state = create_game("chase-the-ace", P3)
    post_round(state, {"losers": [0]})
    post_round(state, {"losers": [0]})
    got = put(client, state, 1, {"losers": []}).get_json()
    check(got, "standings.lives", [2, 3, 3])          # only round 2 takes a life now
    check(got, "next", {"round": 3, "dealer": 2, "pot": 0.1})
    # golf: hole 1 of 3 edited: the totals of all holes follow
    state = create_game("golf", P2, {"holes": 3})
    for data in (scores(3, 4), scores(5, 6), scores(7, 8)):
        post_round(state, data)
    got = put(client, state, 1, scores(30, 4)).get_json()
    check(got, "totals", [42, 18])                     # 30+5+7, 4+6+8
    check(got, "winners", [1])
    check(got, "points", [[30, 4], [5, 6], [7, 8]])


def test_an_edit_that_breaks_its_own_round_is_422_and_changes_nothing(client, create_game, post_round):
    state = create_game("gin-rummy", P2)
    post_round(state, knock(0, 5, 20))
    before = fetch(client, state)
    answer = put(client, state, 1, knock(0, 15, 20))    # a knock on 15 with knock_max 9
    assert answer.status_code == 422 and any(k.startswith("deadwood") for k in answer.get_json()["errors"])
    assert fetch(client, state) == before


def test_only_the_last_round_can_be_deleted(client, create_game, post_round):
    state = create_game("hand-and-foot", P2)
    for points in (10, 20, 30):
        post_round(state, hf_hand(hf(melded_points=0, left_points=points), NOTHING))
    before = fetch(client, state)
    for n in (1, 2):
        answer = delete(client, state, n)
        assert answer.status_code == 409 and "round" in answer.get_json()["errors"]
        assert fetch(client, state) == before
    answer = delete(client, state, 3)
    assert answer.status_code == 200
    got = answer.get_json()
    assert [r["number"] for r in got["rounds"]] == [1, 2]
    check(got, "totals", [-30, 0])                                  # -(10+20)
    check(got, "next", {"round": 3, "dealer": 0, "meld_minimum": 120})
    assert fetch(client, state) == {**got, "leaders": got["leaders"]}


def test_deleting_the_last_round_of_a_finished_game_plays_again(client, create_game, post_round):
    state = create_game("trash", P2, {"start": 1})
    post_round(state, {"winner": 1})
    assert fetch(client, state)["status"] == "finished"
    got = delete(client, state, 1).get_json()
    check(got, "status", "playing")
    check(got, "winners", [])
    check(got, "next", {"round": 1, "dealer": 0, "first_player": 1})
    check(got, "standings.layout", [1, 1])


def test_editing_a_finished_game_can_make_it_playing_again(client, create_game, post_round):
    state = create_game("golf", P2, {"target": 20})
    post_round(state, scores(20, 5))
    assert fetch(client, state)["status"] == "finished"
    got = put(client, state, 1, scores(10, 5)).get_json()
    check(got, "status", "playing")
    check(got, "next", {"round": 2, "dealer": 1})
    assert post_round(state, scores(10, 5)).status_code == 201   # 20 reached again: finished
    check(fetch(client, state), "status", "finished")


def test_a_game_finished_by_hand_stays_finished_through_edits_and_deletes(client, create_game, post_round):
    state = create_game("gin-rummy", P2, {"game_bonus": 100})
    post_round(state, knock(0, 5, 20))      # Ann 15
    post_round(state, DRAW)
    got = finish(client, state).get_json()
    check(got, "status", "finished")
    check(got, "winners", [0])
    check(got, "totals", [115, 0])          # 15 + game bonus 100
    check(got, "next", None)
    # the edit gives the first hand to Bob: still finished, Bob now leads and takes the bonus
    got = put(client, state, 1, knock(1, 20, 5)).get_json()
    check(got, "status", "finished")
    check(got, "winners", [1])
    check(got, "totals", [0, 115])
    got = delete(client, state, 2).get_json()
    check(got, "status", "finished")
    check(got, "next", None)
    answer = post_round(state, knock(0, 5, 20))
    assert answer.status_code == 409 and "round" in answer.get_json()["errors"]
    assert len(fetch(client, state)["rounds"]) == 1
    assert client.get("/api/games").get_json()[0]["status"] == "finished"


def test_a_new_round_on_a_finished_game_is_409(client, create_game, post_round):
    state = create_game("chase-the-ace", P2, {"lives": 1})
    post_round(state, {"losers": [0]})
    before = fetch(client, state)
    answer = post_round(state, {"losers": [1]})
    assert answer.status_code == 409 and "round" in answer.get_json()["errors"]
    assert fetch(client, state) == before


def test_idempotency_key_on_a_new_round(client, create_game, post_round):
    state = create_game("trash", P3)
    first = post_round(state, {"winner": 0}, headers={"Idempotency-Key": "k1"})
    again = post_round(state, {"winner": 0}, headers={"Idempotency-Key": "k1"})
    other_data = post_round(state, {"winner": 2}, headers={"Idempotency-Key": "k1"})   # same key, other data
    assert first.status_code == again.status_code == other_data.status_code == 201
    assert again.get_json() == first.get_json() == other_data.get_json()
    check(fetch(client, state), "standings.layout", [9, 10, 10])
    assert post_round(state, {"winner": 0}, headers={"Idempotency-Key": "k2"}).status_code == 201
    check(fetch(client, state), "standings.layout", [8, 10, 10])
    # the same key on another game is another write
    other = create_game("trash", P3)
    assert post_round(other, {"winner": 1}, headers={"Idempotency-Key": "k1"}).status_code == 201
    check(fetch(client, other), "standings.layout", [10, 9, 10])


def test_idempotency_key_on_edit_delete_and_finish(client, create_game, post_round):
    state = create_game("golf", P2)
    for data in (scores(1, 2), scores(3, 4), scores(5, 6)):
        post_round(state, data)
    # a retried delete does not delete a second round
    first = delete(client, state, 3, **{"Idempotency-Key": "del"})
    again = delete(client, state, 2, **{"Idempotency-Key": "del"})
    assert first.status_code == again.status_code == 200 and again.get_json() == first.get_json()
    assert len(fetch(client, state)["rounds"]) == 2
    # a retried edit gives the first answer and stores nothing new
    first = put(client, state, 1, scores(10, 2), **{"Idempotency-Key": "edit"})
    again = put(client, state, 1, scores(50, 2), **{"Idempotency-Key": "edit"})
    assert first.status_code == again.status_code == 200 and again.get_json() == first.get_json()
    check(fetch(client, state), "totals", [13, 6])     # 10+3, 2+4
    first = finish(client, state, **{"Idempotency-Key": "end"})
    again = finish(client, state, **{"Idempotency-Key": "end"})
    assert first.status_code == again.status_code == 200 and again.get_json() == first.get_json()
    check(fetch(client, state), "winners", [1])


def test_round_number_must_be_the_next_round(client, create_game, post_round):
    state = create_game("chase-the-ace", P3)
    for wrong in (2, 0, -1):
        answer = post_round(state, {"losers": [0]}, number=wrong)
        assert answer.status_code == 409 and "round" in answer.get_json()["errors"]
    assert fetch(client, state)["rounds"] == []
    assert post_round(state, {"losers": [0]}, number=1).status_code == 201
    answer = post_round(state, {"losers": [1]}, number=1)     # another phone already saved round 1
    assert answer.status_code == 409 and "round" in answer.get_json()["errors"]
    check(fetch(client, state), "standings.lives", [2, 3, 3])
    assert post_round(state, {"losers": [1]}, number=2).status_code == 201
    check(fetch(client, state), "standings.lives", [2, 2, 3])


def test_round_number_on_a_finished_game_is_409(client, create_game, post_round):
    state = create_game("trash", P2, {"start": 1})
    post_round(state, {"winner": 0}, number=1)
    answer = post_round(state, {"winner": 1}, number=2)
    assert answer.status_code == 409 and "round" in answer.get_json()["errors"]
    assert len(fetch(client, state)["rounds"]) == 1


def test_unknown_round_is_404_naming_game(client, create_game, post_round):
    state = create_game("trash", P2)
    post_round(state, {"winner": 0})
    for answer in (put(client, state, 5, {"winner": 0}), delete(client, state, 5)):
        assert answer.status_code == 404
        assert "game" in answer.get_json()["errors"], answer.get_json()


def test_a_retry_with_the_same_key_and_number_replays_instead_of_409(client, create_game, post_round):
    state = create_game("gin-rummy", P2)
    first = post_round(state, knock(0, 5, 20), number=1, headers={"Idempotency-Key": "hand-1"})
    retry = post_round(state, knock(0, 5, 20), number=1, headers={"Idempotency-Key": "hand-1"})
    assert first.status_code == retry.status_code == 201 and retry.get_json() == first.get_json()
    check(fetch(client, state), "totals", [15, 0])


def test_the_games_list_follows_the_status_through_edits(client, create_game, post_round):
    state = create_game("trash", P2, {"start": 1})
    post_round(state, {"winner": 0})
    listed = {g["id"]: g for g in client.get("/api/games").get_json()}
    assert listed[state["id"]]["status"] == "finished"
    delete(client, state, 1)
    listed = {g["id"]: g for g in client.get("/api/games").get_json()}
    assert listed[state["id"]]["status"] == "playing"


# --- games.md "More checks": each refusal through the API names its field -------------------------

MORE_CHECKS = [
    ("hand-and-foot", P2, {}, hf_hand(hf(2, 1, out=True), NOTHING), "players.0.melded_points"),
    ("hand-and-foot", P2, {}, hf_hand(NOTHING, hf(melded_points=40, left_points=0)), "players.1.melded_points"),
    ("hand-and-foot", P2, {}, hf_hand(hf(0, 1, melded=["K"] * 7, left_points=0), NOTHING), "players.0.dirty_books"),
    ("chase-the-ace", P2, {}, {"cards": ["KH", "KH"]}, "cards"),
    ("golf", P2, {"values": {"J": 20}, "pairs": "lines"}, {"players": [{"score": 80}, {"score": 5}]},
     "players.0.score"),
    ("golf", P2, {"values": {"J": 20}, "layout": 6}, {"players": [{"score": 5}, {"score": 100}]}, "players.1.score"),
]


@pytest.mark.parametrize("game, players, options, data, field", MORE_CHECKS)
def test_the_new_checks_refuse_through_the_api(client, create_game, game, players, options, data, field):
    state = create_game(game, players, options=options)
    answer = client.post(f"/api/games/{state['id']}/rounds", json={"data": data},
                         headers={"Authorization": f"Bearer {state['token']}"})
    assert answer.status_code == 422 and set(answer.get_json()["errors"]) == {field}
    assert fetch(client, state)["rounds"] == []  # nothing stored
