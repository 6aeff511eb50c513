"""Gin Rummy: knocks, undercuts, gin, the target, end-of-game bonuses and checks."""
from __future__ import annotations


import pytest

from scorekeeper.rules import engine
from scorekeeper.rules.messages import RulesError
from scorekeeper.rules.spec import FieldKind, Scope, Table, Turn
from scorekeeper.rules.engine import RoundRefused
from scorekeeper.rules.gin_rummy import CARD_VALUES, RULES, Result
from tests.rules.tables import helpers

table, play = helpers(RULES, players=2)


def knock(knocker: int, *deadwood: int) -> dict:
    """Build a knock hand's data."""
    return {"result": "knock", "knocker": knocker, "deadwood": list(deadwood)}


def gin(knocker: int, *deadwood: int, big: bool = False) -> dict:
    """Build a gin (or big gin) hand's data."""
    return {"result": "big_gin" if big else "gin", "knocker": knocker, "deadwood": list(deadwood)}


DRAW = {"result": "draw"}


def points_of(t: Table, data) -> list[int]:
    """Play one hand from the start; return its points."""
    return RULES.play(t, RULES.start(t), Turn(1, 0), data)[1]


def error_of(t: Table, data) -> dict:
    """Return the errors one hand's data raises."""
    with pytest.raises(RulesError) as caught:
        points_of(t, data)
    return caught.value.errors


def column(derived, key: str) -> list:
    """Return one standings key for every seat."""
    return [s[key] for s in derived.standings]


# --- options ------------------------------------------------------------------------------


def test_defaults():
    assert RULES.options_json(table().options) == {"first_dealer": 0, "target": 100, "knock_max": 9, "gin_bonus": 25,
                               "big_gin_bonus": 31, "undercut_bonus": 25, "box_bonus": 0, "game_bonus": 0,
                               "shutout_double": False, "oklahoma": False, "shutout_bonus": 0}


@pytest.mark.parametrize("options, field", [
    ({"target": 0}, "options.target"),
    ({"target": "100"}, "options.target"),
    ({"target": None}, "options.target"),
    ({"knock_max": -1}, "options.knock_max"),
    ({"knock_max": 10.5}, "options.knock_max"),
    ({"gin_bonus": True}, "options.gin_bonus"),
    ({"big_gin_bonus": -5}, "options.big_gin_bonus"),
    ({"undercut_bonus": [25]}, "options.undercut_bonus"),
    ({"box_bonus": 10**12}, "options.box_bonus"),
    ({"game_bonus": {}}, "options.game_bonus"),
    ({"shutout_double": 1}, "options.shutout_double"),
    ({"first_dealer": 2}, "options.first_dealer"),
    ({"oklahoma": 1}, "options.oklahoma"),
    ({"oklahoma": "yes"}, "options.oklahoma"),
    ({"shutout_bonus": -1}, "options.shutout_bonus"),
    ({"shutout_bonus": 1001}, "options.shutout_bonus"),
    ({"shutout_bonus": None}, "options.shutout_bonus"),
    ({"okla": True}, "options.okla"),
])
def test_bad_options_are_refused(options, field):
    with pytest.raises(RulesError) as caught:
        RULES.resolve_options(options, 2)
    assert field in caught.value.errors


# --- scoring a hand -------------------------------------------------------------------------


@pytest.mark.parametrize("n, options, data, points", [
    (2, {}, knock(0, 5, 20), [15, 0]),
    (2, {}, knock(1, 4, 6), [27, 0]),
    (2, {}, knock(0, 7, 7), [0, 25]),
    (2, {"undercut_bonus": 10}, knock(0, 7, 3), [0, 14]),
    (2, {"undercut_bonus": 0}, knock(0, 4, 4), [0, 0]),
    (2, {"knock_max": 10}, knock(1, 30, 10), [0, 20]),
    (2, {}, knock(0, 0, 12), [37, 0]),                # a knock at 0 is gin: 12 + the gin bonus
    (2, {}, gin(1, 30, 0), [0, 55]),
    (2, {"gin_bonus": 20}, gin(0, 0, 12), [32, 0]),
    (2, {}, gin(0, 0, 12, big=True), [43, 0]),
    (2, {"big_gin_bonus": 50}, gin(1, 12, 0, big=True), [0, 62]),
    (2, {}, DRAW, [0, 0]),
    (3, {}, knock(0, 5, 10, 3), [5, 0, 27]),
    (3, {}, knock(2, 10, 20, 8), [0, 0, 14]),
    (3, {}, knock(1, 2, 8, 1), [31, 0, 32]),
    (4, {}, knock(3, 10, 20, 30, 5), [0, 0, 0, 45]),
    (4, {}, knock(3, 10, 4, 30, 5), [0, 26, 0, 30]),
    (3, {}, gin(2, 10, 20, 0), [0, 0, 55]),
    (4, {}, gin(0, 0, 1, 2, 3), [31, 0, 0, 0]),
    (4, {}, gin(0, 0, 1, 2, 3, big=True), [37, 0, 0, 0]),
    (4, {}, DRAW, [0, 0, 0, 0]),
])
def test_hand_points(n, options, data, points):
    assert points_of(table(n, **options), data) == points


@pytest.mark.parametrize("n, options, rounds, hands_won", [
    (2, {}, [knock(0, 5, 20)], [1, 0]),
    (2, {}, [knock(0, 5, 5)], [0, 1]),
    (2, {}, [DRAW], [0, 0]),
    (2, {}, [gin(1, 30, 0), DRAW, knock(0, 2, 3)], [1, 1]),
    (3, {}, [knock(0, 5, 10, 3)], [1, 0, 1]),
    (3, {}, [knock(0, 9, 2, 3)], [0, 1, 1]),
    (4, {}, [gin(2, 10, 20, 0, 5)], [0, 0, 1, 0]),
    (2, {"gin_bonus": 0}, [gin(0, 0, 0)], [0, 0]),         # won by those who scored: a gin worth 0 wins nothing
    (2, {"undercut_bonus": 0}, [knock(0, 4, 4)], [0, 0]),  # nor does an undercut worth 0
])
def test_hands_won(n, options, rounds, hands_won):
    derived = play(table(n, **options), rounds)
    assert column(derived, "hands_won") == hands_won


def test_a_draw_with_nothing_else_scores_nothing():
    assert points_of(table(), {"result": "draw"}) == [0, 0]
    assert points_of(table(), {"result": "draw", "knocker": None, "deadwood": [None, None]}) == [0, 0]


@pytest.mark.parametrize("data, fields", [
    ({"result": "draw", "knocker": 0}, {"knocker"}),
    ({"result": "draw", "deadwood": [5, 30]}, {"deadwood"}),
    ({"result": "draw", "knocker": 1, "deadwood": [0, 12]}, {"knocker", "deadwood"}),
])
def test_a_draw_given_a_knocker_or_deadwood_is_refused(data, fields):
    with pytest.raises(RulesError) as err:  # a knock marked a draw by a slip would score nothing without a word
        RULES.play(table(), RULES.start(table()), Turn(1, 0, entered=True), data)
    assert set(err.value.errors) == fields
    stored = play(table(), [data], lenient=True)  # a draw stored before the check is scored as it was: nothing
    assert stored.broken is None and stored.rounds[0].points == [0, 0]


def test_play_does_not_change_the_state():
    t = table()
    state = RULES.start(t)
    new, _ = RULES.play(t, state, Turn(1, 0), knock(0, 5, 20))
    assert state.points == (0, 0) and state.hands_won == (0, 0)
    assert new.points == (15, 0) and new.hands_won == (1, 0)


# --- checks ---------------------------------------------------------------------------------


@pytest.mark.parametrize("options, data, field", [
    ({}, knock(0, 10, 20), "deadwood.0"),
    ({"knock_max": 5}, knock(1, 20, 6), "deadwood.1"),
    ({}, gin(0, 1, 20), "deadwood.0"),
    ({}, gin(1, 20, 3, big=True), "deadwood.1"),
    ({}, knock(0, 5, 101), "deadwood.1"),
    ({}, knock(0, -1, 20), "deadwood.0"),
    ({}, knock(0, 5, "20"), "deadwood.1"),
    ({}, knock(0, 5, None), "deadwood.1"),
    ({}, knock(0, 5, True), "deadwood.1"),
    ({}, knock(0, 5, 2.5), "deadwood.1"),
    ({}, knock(0, 5, [1]), "deadwood.1"),
    ({}, knock(0, 5), "deadwood"),
    ({}, knock(0, 5, 6, 7), "deadwood"),
    ({}, {"result": "knock", "knocker": 0}, "deadwood"),
    ({}, {"result": "knock", "knocker": 0, "deadwood": "5 20"}, "deadwood"),
    ({}, {"result": "knock", "knocker": 0, "deadwood": {"0": 5, "1": 20}}, "deadwood"),
    ({}, {"result": "knock", "deadwood": [5, 20]}, "knocker"),
    ({}, {"result": "gin", "knocker": None, "deadwood": [0, 20]}, "knocker"),
    ({}, knock(2, 5, 20), "knocker"),
    ({}, knock(-1, 5, 20), "knocker"),
    ({}, {"result": "knock", "knocker": "0", "deadwood": [5, 20]}, "knocker"),
    ({}, {"result": "knock", "knocker": True, "deadwood": [5, 20]}, "knocker"),
    ({}, {"knocker": 0, "deadwood": [5, 20]}, "result"),
    ({}, {"result": "Knock", "knocker": 0, "deadwood": [5, 20]}, "result"),
    ({}, {"result": None}, "result"),
    ({}, {"result": ["gin"]}, "result"),
    ({}, {"result": 1}, "result"),
    ({}, None, "data"),
    ({}, [], "data"),
    ({}, "knock", "data"),
])
def test_bad_hands_name_the_field(options, data, field):
    assert field in error_of(table(2, **options), data)


@pytest.mark.parametrize("data, field, text", [
    (knock(1, 20, 12), "deadwood.1", "Bob knocked holding 12; a knock needs 9 or less"),
    ({"result": "knock", "deadwood": [5, 20]}, "knocker", "say who knocked or went gin"),
    ({"result": "gin", "knocker": None, "deadwood": [0, 20]}, "knocker", "say who knocked or went gin"),
    (gin(1, None, 20), "deadwood.0", "give Ann's deadwood (0 for none)"),  # the opponent's: who went gin holds 0
])
def test_errors_say_what_to_fix(data, field, text):
    assert str(error_of(table(), data)[field]) == text


def test_knock_max_ten_allows_ten():
    assert points_of(table(knock_max=10), knock(0, 10, 30)) == [20, 0]


def test_refused_hand_is_not_stored_by_the_engine():
    with pytest.raises(engine.RoundRefused) as caught:
        play(table(), [knock(0, 5, 20), gin(1, 5, 3)])
    assert caught.value.number == 2 and "deadwood.1" in caught.value.errors


# --- end of the game and bonuses ------------------------------------------------------------


def test_game_ends_at_target_and_highest_wins():
    t = table(target=50)
    derived = play(t, [gin(0, 0, 20), knock(1, 30, 5)])
    assert not derived.over and derived.next == {"round": 3, "dealer": 0}
    derived = play(t, [gin(0, 0, 20), knock(1, 30, 5), knock(0, 3, 10)])
    assert derived.over and derived.next is None
    assert column(derived, "total") == [52, 25]
    assert derived.winners == [0]


def test_no_hand_after_the_end():
    with pytest.raises(engine.RoundRefused) as caught:
        play(table(target=10), [knock(0, 0, 20), DRAW])
    assert caught.value.after_end


@pytest.mark.parametrize("options, totals, bonus", [
    ({}, [125, 0], [0, 0]),
    ({"game_bonus": 100}, [225, 0], [100, 0]),
    ({"box_bonus": 25}, [175, 0], [50, 0]),
    ({"shutout_double": True}, [250, 0], [125, 0]),
    ({"shutout_double": True, "box_bonus": 25, "game_bonus": 100}, [400, 0], [275, 0]),
])
def test_end_bonuses_in_a_shutout(options, totals, bonus):
    derived = play(table(**options), [gin(0, 0, 40), gin(0, 0, 35)])
    assert derived.over
    assert column(derived, "total") == totals
    assert column(derived, "bonus") == bonus
    assert derived.winners == [0]


@pytest.mark.parametrize("options, totals, bonus", [
    ({}, [127, 15], [0, 0]),
    ({"shutout_double": True}, [127, 15], [0, 0]),
    ({"shutout_double": True, "box_bonus": 25, "game_bonus": 100}, [302, 40], [175, 25]),
])
def test_end_bonuses_when_the_loser_won_a_hand(options, totals, bonus):
    rounds = [gin(0, 0, 40), knock(0, 5, 10), knock(1, 20, 5), gin(0, 0, 32)]
    derived = play(table(**options), rounds)
    assert derived.over
    assert column(derived, "total") == totals
    assert column(derived, "bonus") == bonus
    assert column(derived, "hands_won") == [3, 1]


def test_bonuses_only_when_over():
    derived = play(table(box_bonus=25, game_bonus=100, shutout_double=True), [gin(0, 0, 40)])
    assert not derived.over
    assert column(derived, "total") == [65, 0]
    assert column(derived, "bonus") == [0, 0]


def test_finished_early_applies_bonuses_to_the_leader():
    t = table(3, box_bonus=25, game_bonus=100, shutout_double=True)
    derived = play(t, [knock(0, 5, 10, 3), gin(1, 10, 0, 20)], finished_by_hand=True)
    assert derived.over and derived.winners == [1]
    assert column(derived, "hands_won") == [1, 1, 1]
    assert column(derived, "bonus") == [25, 125, 25]
    assert column(derived, "total") == [30, 180, 52]


def test_finished_early_shutout_in_three_players():
    t = table(3, shutout_double=True)
    derived = play(t, [gin(1, 10, 0, 20)], finished_by_hand=True)
    assert column(derived, "total") == [0, 110, 0]


def test_highest_hand_points_wins_when_two_pass_the_target():
    derived = play(table(3, target=30, game_bonus=100), [knock(0, 5, 40, 0)])
    assert derived.over and derived.winners == [0]
    assert column(derived, "total") == [135, 0, 30]


def test_tied_winners_each_get_the_game_bonus():
    t = table(3, target=30, game_bonus=100, shutout_double=True)
    derived = play(t, [knock(0, 5, 35, 0)])
    assert derived.over and derived.winners == [0, 2]
    assert column(derived, "total") == [160, 0, 160]
    assert column(derived, "bonus") == [130, 0, 130]


def test_finished_before_any_hand():
    derived = play(table(game_bonus=100, shutout_double=True), [], finished_by_hand=True)
    assert derived.winners == [0, 1]
    assert column(derived, "total") == [100, 100]


def test_leader_while_playing():
    derived = play(table(), [knock(1, 20, 5)])
    assert derived.leaders == [1] and derived.winners == []


def test_dealer_passes_round():
    derived = play(table(3, first_dealer=2), [DRAW, DRAW])
    assert derived.next["dealer"] == 1


# --- the round form -----------------------------------------------------------------------


def test_round_fields():
    t = table(3)
    fields = {f.name: f for f in RULES.round_fields(t, RULES.start(t), Turn(1, 0))}
    assert list(fields) == ["result", "knocker", "deadwood"]
    assert fields["result"].kind is FieldKind.CHOICE
    assert [value for value, _ in fields["result"].choices] == [r.value for r in Result]
    assert fields["knocker"].kind is FieldKind.SEAT and fields["knocker"].scope is Scope.ROUND
    deadwood = fields["deadwood"]
    assert (deadwood.kind, deadwood.scope, deadwood.lo, deadwood.hi) == (FieldKind.INT, Scope.LIST, 0, 100)
    assert deadwood.card_values == CARD_VALUES
    assert CARD_VALUES["A"] == 1 and CARD_VALUES["7"] == 7 and CARD_VALUES["K"] == 10


# --- the table page: notes, hands won, the rounds grid --------------------------------------


@pytest.mark.parametrize("options, expected", [
    ({}, ["Play to 100; the highest total wins.",
          "Knock with 9 or less deadwood. Gin +25, big gin +31, undercut +25."]),
    ({"target": 250, "knock_max": 10, "gin_bonus": 20, "big_gin_bonus": 50, "undercut_bonus": 10},
     ["Play to 250; the highest total wins.",
      "Knock with 10 or less deadwood. Gin +20, big gin +50, undercut +10."]),
    ({"box_bonus": 25, "game_bonus": 100, "shutout_double": True},
     ["Play to 100; the highest total wins.",
      "Knock with 9 or less deadwood. Gin +25, big gin +31, undercut +25.",
      "At the end: 25 points for every hand won.", "At the end: 100 points to the winner.",
      "At the end: the winner's hand points double if no one else won a hand."]),
    ({"game_bonus": 100}, ["Play to 100; the highest total wins.",
                           "Knock with 9 or less deadwood. Gin +25, big gin +31, undercut +25.",
                           "At the end: 100 points to the winner."]),
])
def test_notes_state_the_target_and_bonuses(options, expected):
    t = table(**options)
    assert [str(n) for n in RULES.notes(t, RULES.start(t), Turn(1, 0))] == expected


@pytest.mark.parametrize("n, options, rounds, expected", [
    (2, {}, [], [["Hands won: 0"], ["Hands won: 0"]]),
    (2, {}, [knock(0, 5, 20), gin(0, 0, 3)], [["Hands won: 2"], ["Hands won: 0"]]),
    (2, {"box_bonus": 25}, [knock(0, 5, 20), gin(0, 0, 3), knock(0, 8, 2)],
     [["Hands won: 2 · box bonus 50"], ["Hands won: 1 · box bonus 25"]]),
    (3, {"box_bonus": 20}, [knock(0, 5, 10, 3)], [["Hands won: 1 · box bonus 20"], ["Hands won: 0"],
                                                  ["Hands won: 1 · box bonus 20"]]),
])
def test_seat_notes_count_hands_won(n, options, rounds, expected):
    t = table(n, **options)
    derived = play(t, rounds)
    assert [[str(m) for m in notes] for notes in RULES.seat_notes(t, derived.state)] == expected


@pytest.mark.parametrize("data, points, marks", [
    (knock(0, 5, 20), [15, 0], ["15", "0"]),
    (gin(1, 30, 0), [0, 55], ["0", "55 gin"]),
    ({"result": "big_gin", "knocker": 0, "deadwood": [0, 10]}, [41, 0], ["41 big gin", "0"]),
    (knock(0, 8, 5), [0, 28], ["0", "28 undercut"]),
    (DRAW, [0, 0], ["–", "–"]),
])
def test_marks(data, points, marks):
    assert RULES.marks(table(), data, points) == marks


# --- malformed input never escapes as anything but RulesError -------------------------------

JUNK = [None, True, 0, -1, 2.5, 10**40, "", "knock", [], [None], [1, 2], ["1", "2"], {}, {"a": 1},
        [[1], [2]], [True, False], [float("nan")] * 2, float("inf"), [-5, 10]]


@pytest.mark.parametrize("junk", JUNK)
@pytest.mark.parametrize("result", ["knock", "gin", "big_gin", "draw", None])
def test_junk_only_raises_rules_error(junk, result):
    t = table()
    cases = [junk, {"result": junk}, {"result": result, "knocker": junk, "deadwood": [3, 20]},
             {"result": result, "knocker": 0, "deadwood": junk},
             {"result": result, "knocker": junk, "deadwood": junk}]
    for data in cases:
        try:
            points_of(t, data)
        except RulesError:
            pass


@pytest.mark.parametrize("junk", [j for j in JUNK if not isinstance(j, dict)])
def test_options_that_are_not_an_object_are_refused(junk):
    """Junk in each option is tried for every game in test_protocol. Junk in place of the whole options object
    meets one check in BaseRules.resolve_options, shared by every game, so it is tried here once."""
    with pytest.raises(RulesError) as caught:
        RULES.resolve_options(junk, 2)
    assert set(caught.value.errors) == {"options"}


def test_the_classic_preset():
    resolved = RULES.options_json(RULES.resolve_options({}, 2, "classic"))
    assert (resolved["box_bonus"], resolved["game_bonus"], resolved["shutout_double"]) == (25, 100, True)
    t = Table(("Ann", "Bob"), RULES.resolve_options({}, 2, "classic"))
    d = play(t, [gin(0, 0, 80)])  # 80 + 25: the target is reached, Bob won no hand
    assert d.over and [s["total"] for s in d.standings] == [105 * 2 + 25 + 100, 0]


def test_at_the_end_every_part_of_the_bonus_is_named():
    t = table(box_bonus=25, game_bonus=100, shutout_double=True, target=50)
    derived = play(t, [{"result": "gin", "knocker": 0, "deadwood": [0, 60]}])  # 85: Bob won no hand
    ann = derived.standings[0]
    assert ann["total"] == 85 + 85 + 25 + 100 and ann["bonus"] == 210
    notes = [str(m) for m in RULES.seat_notes(t, derived.state, over=True)[0]]
    assert notes == ["Hands won: 1 · box bonus 25", "game bonus 100", "shutout: hand points doubled, +85"]
    assert [str(m) for m in RULES.seat_notes(t, derived.state, over=True)[1]] == ["Hands won: 0"]


@pytest.mark.parametrize("result, bonus", [("gin", 25), ("big_gin", 31)])
def test_the_player_who_went_gin_holds_no_deadwood_given_or_left_out(result, bonus):
    """Going gin means no deadwood: the table need not type the 0."""
    t = table(2)
    state = play(t, [{"result": result, "knocker": 0, "deadwood": [None, 17]}])
    assert [s["total"] for s in state.standings] == [17 + bonus, 0]
    with pytest.raises(RoundRefused) as exc:  # a knock's deadwood is still asked for
        play(t, [{"result": "knock", "knocker": 0, "deadwood": [None, 17]}], entered=1)
    assert set(exc.value.errors) == {"deadwood.0"}


# --- house rules as tables play them: a knock at 0 is gin, Oklahoma, the shutout bonus -------------


def up(card: str, data: dict) -> dict:
    """Give a hand its upcard (Oklahoma)."""
    return {**data, "upcard": card}


OKLAHOMA = {"oklahoma": True}


@pytest.mark.parametrize("n, options, data, points", [
    # a knock with no deadwood is gin, with the gin bonus: worked by hand
    (2, {}, knock(0, 0, 0), [25, 0]),                          # no undercut on a gin: 0 + 25
    (2, {}, knock(1, 30, 0), [0, 55]),                         # 30 + 25
    (2, {"gin_bonus": 20}, knock(0, 0, 7), [27, 0]),
    (3, {}, knock(1, 5, 0, 7), [0, 37, 0]),                    # 5 + 7 + one bonus
    # Oklahoma: the upcard's value is the knock limit, a spade doubles every score of the hand
    (2, OKLAHOMA, up("7H", knock(0, 5, 20)), [15, 0]),
    (2, OKLAHOMA, up("7H", knock(0, 7, 20)), [13, 0]),         # at the limit
    (2, OKLAHOMA, up("7S", knock(0, 5, 20)), [30, 0]),         # 15 doubled
    (2, OKLAHOMA, up("KH", knock(0, 10, 30)), [20, 0]),        # a king: 10, above knock_max 9
    (2, OKLAHOMA, up("JD", knock(0, 10, 30)), [20, 0]),
    (2, OKLAHOMA, up("KS", knock(0, 10, 30)), [40, 0]),
    (2, OKLAHOMA, up("3D", knock(1, 20, 3)), [0, 17]),
    (2, {**OKLAHOMA, "knock_max": 3}, up("8C", knock(0, 8, 20)), [12, 0]),  # the upcard, not knock_max
    (2, OKLAHOMA, up("9S", knock(0, 8, 5)), [0, 56]),          # undercut: (8 - 5 + 25) doubled
    (2, {**OKLAHOMA, "undercut_bonus": 10}, up("10S", knock(0, 6, 6)), [0, 20]),  # (0 + 10) doubled
    (2, OKLAHOMA, up("2S", gin(1, 30, 0)), [0, 110]),          # (30 + 25) doubled
    (2, OKLAHOMA, up("QS", gin(0, 0, 12, big=True)), [86, 0]),  # (12 + 31) doubled
    (2, OKLAHOMA, up("AH", gin(0, 0, 12)), [37, 0]),           # an ace: gin only
    (2, OKLAHOMA, up("AS", gin(0, 0, 12)), [74, 0]),
    (2, OKLAHOMA, up("AD", knock(0, 0, 12)), [37, 0]),         # a knock at 0 on an ace is the gin it is
    (2, OKLAHOMA, up("5S", knock(1, 14, 0)), [0, 78]),         # (14 + 25) doubled
    (2, OKLAHOMA, up("5♠", knock(0, 2, 9)), [14, 0]),          # the suit's symbol reads
    (2, OKLAHOMA, up("5s", knock(0, 2, 9)), [14, 0]),
    (2, OKLAHOMA, up("7S", DRAW), [0, 0]),
    (2, OKLAHOMA, DRAW, [0, 0]),                               # a draw scores nothing whatever was turned up
    (3, OKLAHOMA, up("6S", knock(0, 4, 10, 2)), [12, 0, 54]),  # 6 from Bob; Cy undercuts (2 + 25)
    (4, OKLAHOMA, up("4H", gin(3, 10, 20, 30, 0)), [0, 0, 0, 85]),
])
def test_house_rule_hand_points(n, options, data, points):
    assert points_of(table(n, **options), data) == points


@pytest.mark.parametrize("options, data, field, text", [
    (OKLAHOMA, up("7H", knock(0, 8, 20)), "deadwood.0", "Ann knocked holding 8; with 7H turned up a knock needs 7 "
                                                        "or less"),
    (OKLAHOMA, up("2S", knock(1, 20, 3)), "deadwood.1", None),
    (OKLAHOMA, up("KH", knock(0, 11, 20)), "deadwood.0", None),
    (OKLAHOMA, up("AH", knock(0, 1, 20)), "result", "the upcard is an ace: only gin ends this hand, Ann may not "
                                                    "knock with 1"),
    (OKLAHOMA, up("AS", knock(1, 20, 4)), "result", None),
    (OKLAHOMA, knock(0, 5, 20), "upcard", "give the upcard, the first card turned up from the stock, with its suit"),
    (OKLAHOMA, up("", knock(0, 5, 20)), "upcard", None),
    (OKLAHOMA, up(None, gin(0, 0, 20)), "upcard", None),
    (OKLAHOMA, up("7", knock(0, 5, 20)), "upcard", "give the upcard's suit too (7♠, 7♥…): a spade doubles the hand"),
    (OKLAHOMA, up("X", knock(0, 5, 20)), "upcard", "there are no jokers in Gin Rummy"),
    (OKLAHOMA, up("ZZ", knock(0, 5, 20)), "upcard", None),
    (OKLAHOMA, up("7S 8H", knock(0, 5, 20)), "upcard", None),
    (OKLAHOMA, up("RP", knock(0, 5, 20)), "upcard", None),     # French letters are the pages' to read, not the API's
    (OKLAHOMA, up(["7S"], knock(0, 5, 20)), "upcard", "the upcard is one card, written like 7S or K♠"),
    (OKLAHOMA, up(7, knock(0, 5, 20)), "upcard", None),
    (OKLAHOMA, up("ZZ", DRAW), "upcard", None),                # a draw's upcard, given, still reads as a card
    ({}, up("7S", knock(0, 5, 20)), "upcard", "this table does not play Oklahoma: leave the upcard out"),
    ({}, up("7S", DRAW), "upcard", None),
])
def test_house_rule_refusals_name_the_field(options, data, field, text):
    errors = error_of(table(2, **options), data)
    assert field in errors
    if text is not None:
        assert str(errors[field]) == text


def test_a_knock_at_zero_reads_as_gin_and_is_marked_so():
    t = table()
    derived = play(t, [knock(0, 0, 12), knock(1, 20, 0), knock(0, 4, 12)])
    assert [r.data["result"] for r in derived.rounds] == ["gin", "gin", "knock"]
    assert [r.marks for r in derived.rounds] == [["37 gin", "0"], ["0", "45 gin"], ["8", "0"]]
    assert column(derived, "hands_won") == [2, 1]
    assert RULES.as_played(t, {"result": "knock", "knocker": 0, "deadwood": [False, 3]})["result"] == "knock"


@pytest.mark.parametrize("data, points, marks", [
    (up("7S", knock(0, 5, 20)), [30, 0], ["30 ♠×2", "0"]),
    (up("9S", knock(0, 8, 5)), [0, 56], ["0", "56 undercut ♠×2"]),
    (up("2S", gin(1, 30, 0)), [0, 110], ["0", "110 gin ♠×2"]),
    (up("QS", gin(0, 0, 12, big=True)), [86, 0], ["86 big gin ♠×2", "0"]),
    (up("7H", knock(0, 5, 20)), [15, 0], ["15", "0"]),
    (up("AS", DRAW), [0, 0], ["–", "–"]),
])
def test_spade_doubling_is_marked(data, points, marks):
    t = table(**OKLAHOMA)
    assert points_of(t, data) == points
    assert play(t, [data]).rounds[0].marks == marks


@pytest.mark.parametrize("options, rounds, totals, bonus", [
    # Ann: 65 + 60 = 125 from hands; Bob won no hand
    ({"shutout_bonus": 50}, [gin(0, 0, 40), gin(0, 0, 35)], [175, 0], [50, 0]),
    ({"shutout_bonus": 50, "shutout_double": True}, [gin(0, 0, 40), gin(0, 0, 35)], [300, 0], [175, 0]),
    ({"shutout_bonus": 50, "shutout_double": True, "box_bonus": 25, "game_bonus": 100},
     [gin(0, 0, 40), gin(0, 0, 35)], [450, 0], [325, 0]),     # 250 + 2 boxes 50 + game 100 + shutout 50
    ({"shutout_bonus": 50, "box_bonus": 25}, [gin(0, 0, 40), gin(0, 0, 35)], [225, 0], [100, 0]),
    # Bob won a hand: no shutout, with either rule
    ({"shutout_bonus": 50}, [gin(0, 0, 40), knock(0, 5, 10), knock(1, 20, 5), gin(0, 0, 32)], [127, 15], [0, 0]),
    ({"shutout_bonus": 50, "shutout_double": True},
     [gin(0, 0, 40), knock(0, 5, 10), knock(1, 20, 5), gin(0, 0, 32)], [127, 15], [0, 0]),
])
def test_the_shutout_bonus(options, rounds, totals, bonus):
    derived = play(table(**options), rounds)
    assert derived.over and derived.winners == [0]
    assert column(derived, "total") == totals
    assert column(derived, "bonus") == bonus


def test_the_shutout_bonus_with_three_players():
    t = table(3, target=30, shutout_bonus=40)
    assert column(play(t, [knock(0, 5, 40, 10)]), "total") == [80, 0, 0]   # 35 + 5, then 40: nobody else won
    assert column(play(t, [knock(0, 5, 40, 3)]), "total") == [35, 0, 27]   # Cy undercut: no shutout


def test_the_shutout_bonus_is_named_at_the_end():
    t = table(shutout_bonus=50, shutout_double=True, target=50)
    derived = play(t, [gin(0, 0, 60)])
    notes = [str(m) for m in RULES.seat_notes(t, derived.state, over=True)[0]]
    assert notes == ["Hands won: 1", "shutout: hand points doubled, +85", "shutout bonus 50"]
    assert column(derived, "total") == [85 + 85 + 50, 0]


def test_the_oklahoma_preset():
    options = RULES.options_json(RULES.resolve_options({}, 2, "oklahoma"))
    assert {k: options[k] for k in ("oklahoma", "target", "box_bonus", "game_bonus", "shutout_double")} == {
        "oklahoma": True, "target": 150, "box_bonus": 25, "game_bonus": 100, "shutout_double": True}
    t = Table(("Ann", "Bob"), RULES.resolve_options({}, 2, "oklahoma"))
    derived = play(t, [up("KS", gin(0, 0, 60))])  # (60 + 25) x 2 = 170: past 150, Bob won no hand
    assert derived.over and column(derived, "total") == [170 * 2 + 25 + 100, 0]
    assert column(derived, "bonus") == [170 + 25 + 100, 0]


def test_oklahoma_over_a_game():
    t = table(**OKLAHOMA, target=200)
    rounds = [up("9H", knock(0, 9, 30)), up("AS", gin(1, 22, 0)), up("6S", knock(0, 6, 2)), up("8D", DRAW),
              up("10C", knock(1, 40, 0))]
    derived = play(t, rounds)
    # 21; Bob (22 + 25) x 2 = 94; Bob undercuts (4 + 25) x 2 = 58; draw; Bob's knock at 0 is gin: 40 + 25
    assert [r.points for r in derived.rounds] == [[21, 0], [0, 94], [0, 58], [0, 0], [0, 65]]
    assert derived.over and column(derived, "total") == [21, 217]
    assert column(derived, "hands_won") == [1, 3]


def test_oklahoma_asks_the_upcard_first():
    t = table(**OKLAHOMA)
    fields = RULES.round_fields(t, RULES.start(t), Turn(1, 0))
    assert [f.name for f in fields] == ["upcard", "result", "knocker", "deadwood"]
    upcard = fields[0]
    assert (upcard.kind, upcard.scope, upcard.single, upcard.optional) == (FieldKind.CARDS, Scope.ROUND, True, True)
    assert upcard.card_values == CARD_VALUES
    assert [f.name for f in RULES.round_fields(table(), RULES.start(table()), Turn(1, 0))][0] == "result"


def test_oklahoma_notes_and_rules_now():
    t = table(**OKLAHOMA, shutout_bonus=30)
    notes = [str(n) for n in RULES.notes(t, RULES.start(t), Turn(1, 0))]
    assert notes[1] == "Knock with the upcard's value or less deadwood. Gin +25, big gin +31, undercut +25."
    assert notes[2].startswith("Oklahoma: the upcard's value is the knock limit")
    assert notes[-1] == "At the end: 30 points to the winner if no one else won a hand."
    now = [str(n) for n in RULES.rules_now(t, RULES.start(t), Turn(1, 0))]
    assert now[0].startswith("Oklahoma:") and not any("Most deadwood" in line for line in now)


def test_the_filled_sheet_shows_the_upcard_and_the_limit_under_the_knocker():
    t = table(**OKLAHOMA)
    assert [[str(m) for m in cell] for cell in RULES.cell_notes(t, up("7S", knock(1, 20, 5)))] == [
        ["deadwood 20"], ["deadwood 5", "upcard 7S: knock ≤ 7"]]
    assert [[str(m) for m in cell] for cell in RULES.cell_notes(t, up("AH", gin(0, 0, 5)))] == [
        ["deadwood 0", "upcard AH: gin only"], ["deadwood 5"]]
    assert [str(m) for m in RULES.legend(t)] and RULES.legend(table()) == []


def test_the_sheet_keys_follow_oklahoma_and_the_shutout_bonus():
    plan = RULES.plan(table(**OKLAHOMA, shutout_bonus=50))
    how = dict((str(k), str(v)) for k, v in plan.keys[0].lines)
    assert how["Knock with"] == "the upcard's value or less; an ace: gin only"
    assert how["Spade upcard"] == "every score of the hand ×2"
    assert "Shutout bonus: 50 to the winner" in [str(m) for m in plan.footer]
    assert ("Shutout bonus", "+50 to the winner") in [(str(k), str(v)) for k, v in plan.filled_keys[0].lines]
    assert {"oklahoma", "shutout_bonus"} <= plan.shows
    plain = dict((str(k), str(v)) for k, v in RULES.plan(table()).keys[0].lines)
    assert plain["Knock with"] == "9 deadwood or less" and "Spade upcard" not in plain
