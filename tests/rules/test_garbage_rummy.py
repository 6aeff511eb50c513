"""Garbage (the rummy with 11 goals): penalties, goals, the dealer's bonus, checks and the end."""
from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.rules.messages import Msg, RulesError
from scorekeeper.rules.spec import FieldKind, Scope, Table, Turn
from scorekeeper.rules.engine import RoundRefused
from scorekeeper.rules.cards import values_in_force
from scorekeeper.rules.garbage_rummy import (DEFAULT_VALUES, GOALS, RULES, deal_size, goal_label, goal_text,
                                             most_penalty, signed, values_line)
from tests.conftest import EXAMPLES
from tests.rules.tables import helpers


table, play = helpers(RULES, players=3)


def hand(made: bool = False, cards: Any = None, penalty: Any = None) -> dict[str, Any]:
    """Build one player's entry."""
    entry: dict[str, Any] = {"made_goal": made}
    if cards is not None:
        entry["cards"] = cards
    if penalty is not None:
        entry["penalty"] = penalty
    return entry


def rnd(went_out: int, *entries: dict[str, Any], exact: bool = False) -> dict[str, Any]:
    """Build one round's data."""
    return {"went_out": went_out, "dealer_exact": exact, "players": list(entries)}


def simple(went_out: int, n: int, made: tuple[int, ...] = (), penalty: int = 10) -> dict[str, Any]:
    """A round where ``went_out`` went out, the seats in ``made`` (and the one out) made their goal."""
    return rnd(went_out, *[hand(s in made or s == went_out, [] if s == went_out else None,
                                None if s == went_out else penalty) for s in range(n)])


def error_fields(t: Table, data: Any) -> set[str]:
    """Play one round and return the fields it was refused for."""
    with pytest.raises(RoundRefused) as exc:
        play(t, [data])
    return set(exc.value.errors)


# --- the goals ------------------------------------------------------------------------


def test_there_are_eleven_goals_in_order() -> None:
    assert len(GOALS) == 11
    assert goal_text(1) == "two sets of 3"
    assert goal_text(11) == "a run of 11"
    assert str(goal_label(3)) == "Goal 3: a set of 3 and a run of 4"


def test_deal_size() -> None:
    assert [deal_size(n) for n in (2, 3, 10)] == [21, 31, 101]


# --- the spec's example of a refused round ----------------------------------------------


def test_the_example_error_names_made_goal() -> None:
    """The shared example only says the round is refused ("error": ""); here the field is pinned down."""
    cases = json.loads((EXAMPLES / "garbage-rummy.json").read_text())
    case = next(c for c in cases if c["name"] == "whoever went out must have made the goal")
    assert error_fields(table(len(case["players"])), case["rounds"][0]["data"]) == {"players.0.made_goal"}


# --- penalties -------------------------------------------------------------------------


@pytest.mark.parametrize("opts, cards, points", [
    ({}, ["X", "A", "K", "5"], 50),
    ({}, "10h qs jd 2c 9", 40),
    ({}, ["x", "a"], 35),
    ({"values": {"X": 50}}, ["X", "2"], 55),
    ({"values": {"q": 0}}, ["Q", "Q", "3"], 5),
    ({"values": {"QS": 40}}, ["QS", "QH"], 50),
    ({"values": {"A": 1, "2": 2}}, ["A", "2", "2"], 5),
])
def test_cards_are_counted_at_the_values_in_force(opts: dict[str, Any], cards: Any, points: int) -> None:
    t = table(2, **opts)
    state = play(t, [rnd(0, hand(True, []), hand(False, cards))])
    assert state.rounds[0].points == [0, points]


@pytest.mark.parametrize("opts, penalty", [
    ({}, 35), ({}, 5), ({}, 200),
    ({"values": {"A": 1}}, 7), ({"values": {"K": 0}}, 0), ({"values": {"X": 25}}, 3),
])
def test_a_penalty_can_be_given_directly(opts: dict[str, Any], penalty: int) -> None:
    state = play(table(2, **opts), [rnd(1, hand(False, penalty=penalty), hand(True))])
    assert state.rounds[0].points == [penalty, 0]


def test_empty_cards_with_a_penalty_counts_the_penalty() -> None:
    state = play(table(2), [rnd(1, hand(False, [], 20), hand(True, ""))])
    assert state.rounds[0].points == [20, 0]


def test_values_in_force_and_the_most_a_hand_can_cost() -> None:
    assert values_in_force(DEFAULT_VALUES, {}) == {"X": 20, "A": 15, "K": 10, "Q": 10, "J": 10, "10": 10, "2": 5,
                                                   "3": 5, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 5}
    assert values_in_force(DEFAULT_VALUES, {"QS": 40})["QS"] == 40
    assert most_penalty({}) == 200
    assert most_penalty({"QS": 40}) == 400


# --- the dealer's bonus -------------------------------------------------------------------


@pytest.mark.parametrize("opts, exact, first_dealer, points", [
    ({}, True, 0, [-45, 0, 10]),
    ({}, False, 0, [5, 0, 10]),
    ({}, True, 1, [5, -50, 10]),
    ({}, True, 2, [5, 0, -40]),
    ({"dealer_bonus": 0}, True, 2, [5, 0, 10]),
    ({"dealer_bonus": -25}, True, 2, [5, 0, -15]),
    ({"dealer_bonus": 30}, True, 0, [35, 0, 10]),
])
def test_the_dealer_bonus_goes_to_the_dealer(opts, exact, first_dealer, points) -> None:
    t = table(3, first_dealer=first_dealer, **opts)
    data = rnd(1, hand(False, ["5"]), hand(True, []), hand(False, ["K"]), exact=exact)
    state = play(t, [data])
    assert state.rounds[0].points == points
    assert [s["total"] for s in state.standings] == points


def test_the_dealer_passes_left_each_round() -> None:
    t = table(3, first_dealer=1)
    state = play(t, [simple(0, 3), rnd(0, hand(True), hand(False, ["2"]), hand(False, ["2"]), exact=True)])
    assert [r.dealer for r in state.rounds] == [1, 2]
    assert state.rounds[1].points == [0, 5, -45]
    assert state.next == {"round": 3, "dealer": 0, "deal_size": 31}


def test_dealer_exact_may_be_left_out() -> None:
    data = simple(0, 2)
    del data["dealer_exact"]
    assert play(table(2), [data]).rounds[0].points == [0, 10]


# --- goals move on ----------------------------------------------------------------------


def test_goals_move_on_for_those_who_made_them() -> None:
    t = table(3)
    state = play(t, [simple(0, 3, made=(1,)), simple(1, 3), simple(1, 3, made=(2,))])
    assert [s["goal"] for s in state.standings] == [2, 4, 2]
    assert [s["goals_made"] for s in state.standings] == [1, 3, 1]


def test_a_missing_made_goal_means_not_made() -> None:
    state = play(table(2), [rnd(0, {"made_goal": True, "cards": []}, {"penalty": 10})])
    assert [s["goals_made"] for s in state.standings] == [1, 0]


def test_who_went_out_made_the_goal_without_saying_so() -> None:
    state = play(table(2), [rnd(0, {"cards": []}, {"penalty": 10}), rnd(1, {"penalty": 5}, {})])
    assert [s["goals_made"] for s in state.standings] == [1, 1]
    assert error_fields(table(2), rnd(0, {"made_goal": False, "cards": []}, {"penalty": 10})) == {
        "players.0.made_goal"}


def test_only_who_went_out_makes_goal_11() -> None:
    t = table(3)
    rounds = [simple(0, 3, made=(1,)) for _ in range(10)]
    with pytest.raises(RoundRefused) as exc:
        play(t, rounds + [simple(2, 3, made=(0, 1))])
    assert set(exc.value.errors) == {"players.0.made_goal", "players.1.made_goal"}
    assert "run of 11" in str(exc.value.errors["players.0.made_goal"])
    assert play(t, rounds + [simple(0, 3)]).over


# --- the end -------------------------------------------------------------------------------


def test_the_game_ends_when_goal_11_is_made() -> None:
    t = table(3)
    rounds = [simple(0, 3, penalty=5 * (i + 1)) for i in range(10)]
    state = play(t, rounds)
    assert not state.over
    assert state.standings[0]["goal"] == 11
    state = play(t, rounds + [simple(0, 3)])
    assert state.over and state.next is None
    assert state.standings[0] == {"seat": 0, "name": "Ann", "total": 0, "goal": 11, "goals_made": 11,
                                 "place": 1}
    assert state.winners == [0]


def test_the_lowest_total_wins_even_if_someone_else_made_goal_11() -> None:
    t = table(2)
    rounds = [rnd(0, hand(True, []), hand(True, penalty=100)) for _ in range(10)]
    rounds.append(rnd(1, hand(False, penalty=5), hand(True, [])))
    state = play(t, rounds)
    assert state.over
    assert [s["total"] for s in state.standings] == [5, 1000]
    assert state.winners == [0]


def test_no_round_after_the_end() -> None:
    t = table(2)
    rounds = [simple(0, 2) for _ in range(11)]
    assert play(t, rounds).over
    with pytest.raises(RoundRefused) as exc:
        play(t, rounds + [simple(0, 2)])
    assert exc.value.after_end and exc.value.number == 12


def test_ties_share_the_win() -> None:
    t = table(3)
    rounds = [simple(0, 3, made=(1,), penalty=5), simple(1, 3, made=(0,), penalty=5)] * 5
    last = rnd(0, hand(True, []), hand(False, penalty=50), hand(False, penalty=5), exact=True)  # Bob deals
    state = play(t, rounds + [last])
    assert state.over
    assert [s["total"] for s in state.standings] == [25, 25, 55]
    assert state.winners == [0, 1]


@pytest.mark.parametrize("rounds, winners", [
    ([], [0, 1, 2]),
    ([simple(0, 3)], [0]),
    ([simple(0, 3), simple(1, 3, penalty=5)], [0]),
    ([simple(0, 3, penalty=5), simple(1, 3, penalty=5)], [0, 1]),
])
def test_finishing_by_hand_makes_the_leaders_win(rounds, winners) -> None:
    state = play(table(3), rounds, finished_by_hand=True)
    assert state.over and state.next is None
    assert state.winners == winners
    assert RULES.winners(state.table, state.state) == winners


# --- checks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("opts, data, fields", [
    ({}, rnd(0, hand(False, []), hand(False, ["5"])), {"players.0.made_goal"}),
    ({}, rnd(0, hand(True, []), hand(False, penalty=205)), {"players.1.penalty"}),
    ({}, rnd(0, hand(True, []), hand(False, ["5"] * 11)), {"players.1.cards"}),
    ({}, rnd(0, hand(True, ["5"]), hand(False, ["5"])), {"players.0.cards"}),
    ({}, rnd(0, hand(True, penalty=5), hand(False, ["5"])), {"players.0.penalty"}),
    ({}, rnd(0, hand(True, []), hand(False, [])), {"players.1.cards"}),
    ({}, rnd(0, hand(True, []), hand(False, "")), {"players.1.cards"}),
    ({}, rnd(0, hand(True, []), hand(False)), {"players.1.cards"}),
    ({}, rnd(0, hand(True, []), hand(False, penalty=0)), {"players.1.penalty"}),
    ({}, rnd(0, hand(True, []), hand(False, penalty=7)), {"players.1.penalty"}),
    ({}, rnd(0, hand(True, []), hand(False, penalty=845)), {"players.1.penalty"}),
    ({}, rnd(0, hand(True, []), hand(False, penalty=-5)), {"players.1.penalty"}),
    ({}, rnd(0, hand(True, []), hand(False, ["5"], 5)), {"players.1.penalty"}),
    ({"values": {"A": 1}}, rnd(0, hand(True, []), hand(False, penalty=0)), {"players.1.penalty"}),
    ({"values": {"A": 1}}, rnd(0, hand(True, []), hand(False, penalty=-1)), {"players.1.penalty"}),
    ({"values": {"QS": 40}}, rnd(0, hand(True, []), hand(False, ["Q"])), {"players.1.cards"}),
    ({}, rnd(0, hand(True, []), hand(False, ["X"] * 5)), {"players"}),
    ({}, rnd(0, hand(True, []), hand(False, ["5"] * 9)), {"players"}),
    ({}, rnd(0, hand(True, []), hand(False, ["5H"] * 3)), {"players"}),
    ({}, rnd(0, hand(False, []), hand(False, [])), {"players.0.made_goal", "players.1.cards"}),
    ({}, rnd(2, hand(True, []), hand(False, ["5"])), {"went_out"}),
    ({}, rnd(0, hand(True, []), hand(False, ["5"]), hand(False, ["5"])), {"players"}),
    ({}, {"went_out": 0, "dealer_exact": "yes", "players": [hand(True, []), hand(False, ["5"])]},
     {"dealer_exact"}),
])
def test_checks_name_the_field(opts: dict[str, Any], data: dict[str, Any], fields: set[str]) -> None:
    assert error_fields(table(2, **opts), data) == fields


def test_cards_across_hands_count_against_two_packs() -> None:
    data = rnd(0, hand(True, []), hand(False, ["X", "X"]), hand(False, ["X", "X"]))
    play(table(3), [data])
    data["players"][2]["cards"].append("X")
    assert error_fields(table(3), data) == {"players"}


def test_a_refused_round_changes_nothing() -> None:
    t = table(2)
    good = [simple(0, 2)]
    with pytest.raises(RoundRefused):
        play(t, good + [rnd(0, hand(False, []), hand(False, ["5"]))])
    assert play(t, good).standings[1]["total"] == 10


# --- options ------------------------------------------------------------------------------------


@pytest.mark.parametrize("opts, field", [
    ({"values": {"Z": 5}}, "options.values"),
    ({"values": {"A": -5}}, "options.values"),
    ({"values": {"A": 5000}}, "options.values"),
    ({"values": {"A": "five"}}, "options.values"),
    ({"values": [1, 2]}, "options.values"),
    ({"dealer_bonus": "x"}, "options.dealer_bonus"),
    ({"dealer_bonus": True}, "options.dealer_bonus"),
    ({"dealer_bonus": 10 ** 9}, "options.dealer_bonus"),
    ({"first_dealer": 3}, "options.first_dealer"),
    ({"colour": "red"}, "options.colour"),
])
def test_bad_options_are_refused(opts: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesError) as exc:
        RULES.resolve_options(opts, 3)
    assert field in exc.value.errors


def test_every_option_has_its_default() -> None:
    assert RULES.options_json(RULES.resolve_options({}, 4)) == {"first_dealer": 0, "values": {}, "dealer_bonus": -50}
    assert RULES.options_json(RULES.resolve_options({"values": {"q": 12, "as": 1}}, 4))["values"] == {"Q": 12, "AS": 1}


# --- what the pages ask ------------------------------------------------------------------------


def test_round_fields() -> None:
    t = table(3, values={"X": 25})
    fields = {f.name: f for f in RULES.round_fields(t, RULES.start(t), Turn(1, 0))}
    assert list(fields) == ["went_out", "dealer_exact", "made_goal", "cards"]
    assert fields["went_out"].kind is FieldKind.SEAT and fields["went_out"].scope is Scope.ROUND
    assert fields["dealer_exact"].kind is FieldKind.BOOL
    assert fields["made_goal"].kind is FieldKind.BOOL and fields["made_goal"].scope is Scope.ENTRY
    cards = fields["cards"]
    assert (cards.kind, cards.scope, cards.alt) == (FieldKind.CARDS, Scope.ENTRY, "penalty")
    assert cards.card_values["X"] == 25 and cards.card_values["A"] == 15 and cards.card_values["7"] == 5


def test_round_field_labels_name_the_dealer_and_the_cards_left() -> None:
    t = table(3, first_dealer=1, dealer_bonus=-25)
    fields = {f.name: f for f in RULES.round_fields(t, RULES.start(t), Turn(4, 2))}
    assert str(fields["dealer_exact"].label) == "Cy lifted exactly 31 cards (−25)"
    assert (fields["cards"].label, fields["cards"].alt_label) == ("Cards left", "penalty")


def test_no_dealer_question_without_a_bonus() -> None:
    t = table(2, dealer_bonus=0)
    assert "dealer_exact" not in [f.name for f in RULES.round_fields(t, RULES.start(t), Turn(1, 0))]


def test_a_fresh_game() -> None:
    state = play(table(4), [])
    assert state.next == {"round": 1, "dealer": 0, "deal_size": 41}
    assert all(s["goal"] == 1 and s["goals_made"] == 0 and s["total"] == 0 for s in state.standings)


# --- what the table page shows ------------------------------------------------------------------


def test_the_goal_in_words_is_translated_as_a_message() -> None:
    label = goal_label(7)
    assert isinstance(label.params["goal"], Msg) and str(label) == "Goal 7: a run of 7"


@pytest.mark.parametrize("overrides, line", [
    ({}, "A=15 · 2–9=5 · 10–K=10 · 🃏=20"),
    ({"X": 50}, "A=15 · 2–9=5 · 10–K=10 · 🃏=50"),
    ({"A": 5}, "A–9=5 · 10–K=10 · 🃏=20"),
    ({"7": 0, "K": 25}, "A=15 · 2–6=5 · 7=0 · 8–9=5 · 10–Q=10 · K=25 · 🃏=20"),
    ({"QS": 40, "10H": 0}, "A=15 · 2–9=5 · 10–K=10 · 🃏=20 · Q♠=40 · 10♥=0"),
])
def test_values_line(overrides: dict[str, int], line: str) -> None:
    assert values_line(overrides) == line


@pytest.mark.parametrize("number, text", [(-50, "−50"), (30, "+30"), (0, "+0")])
def test_signed(number: int, text: str) -> None:
    assert signed(number) == text


@pytest.mark.parametrize("n, opts, dealer, notes", [
    (3, {}, 0, ["Deal 31 cards: 10 each, and one more to the player on the dealer's left",
                "Lifting exactly 31 cards off the pack scores −50 for Ann",
                "Cards left in hand: A=15 · 2–9=5 · 10–K=10 · 🃏=20"]),
    (2, {"dealer_bonus": 20}, 1, ["Deal 21 cards: 10 each, and one more to the player on the dealer's left",
                                  "Lifting exactly 21 cards off the pack scores +20 for Bob",
                                  "Cards left in hand: A=15 · 2–9=5 · 10–K=10 · 🃏=20"]),
    (10, {"dealer_bonus": 0, "values": {"X": 25}}, 9,
     ["Deal 101 cards: 10 each, and one more to the player on the dealer's left",
      "Cards left in hand: A=15 · 2–9=5 · 10–K=10 · 🃏=25"]),
])
def test_notes_before_a_hand(n: int, opts: dict[str, Any], dealer: int, notes: list[str]) -> None:
    t = table(n, **opts)
    assert [str(m) for m in RULES.notes(t, RULES.start(t), Turn(1, dealer))] == notes


def test_notes_follow_the_dealer_round_the_table() -> None:
    t = table(3, first_dealer=2)
    state = play(t, [simple(0, 3)])
    assert "for Ann" in str(RULES.notes(t, state.state, state.next_turn)[1])


@pytest.mark.parametrize("rounds, lines", [
    ([], ["Goal 1: two sets of 3"] * 3),
    ([simple(0, 3, made=(2,))], ["Goal 2: two runs of 3", "Goal 1: two sets of 3", "Goal 2: two runs of 3"]),
    ([simple(1, 3)] * 3, ["Goal 1: two sets of 3", "Goal 4: two sets of 4", "Goal 1: two sets of 3"]),
    ([simple(2, 3)] * 10, ["Goal 1: two sets of 3", "Goal 1: two sets of 3", "Goal 11: a run of 11"]),
    ([simple(2, 3)] * 11, ["Goal 1: two sets of 3", "Goal 1: two sets of 3", "All 11 goals made"]),
])
def test_seat_notes_give_each_players_goal_in_words(rounds: list[dict[str, Any]], lines: list[str]) -> None:
    t = table(3)
    notes = RULES.seat_notes(t, play(t, rounds).state)
    assert [[str(m) for m in seat] for seat in notes] == [[line] for line in lines]


@pytest.mark.parametrize("data, marks", [
    (simple(0, 3, made=(2,)), ["0 ✓", "10", "10 ✓"]),
    (rnd(1, hand(False, ["5"]), hand(True, []), hand(False, ["K"]), exact=True), ["-45", "0 ✓", "10"]),
    ({"went_out": 1, "players": [{"penalty": 5}, {"made_goal": True}, {"cards": ["A"]}]}, ["5", "0 ✓", "15"]),
    # who went out made the goal, ticked or not: the grid ticks it as the goals count it
    ({"went_out": 1, "players": [{"penalty": 5}, {"cards": []}, {"cards": ["A"]}]}, ["5", "0 ✓", "15"]),
])
def test_marks_show_points_and_a_tick_for_a_goal_made(data: dict[str, Any], marks: list[str]) -> None:
    assert play(table(3), [data]).rounds[0].marks == marks


# --- malformed input ------------------------------------------------------------------------------

JUNK = [None, True, False, 0, -1, 10 ** 30, 1.5, float("nan"), "", "x", "5", [], [None], [[]], {}, {"a": 1},
        ["X"] * 300, "ZZ 5", ["10", 5]]


def shapes() -> list[Any]:
    """Round data with junk put in every place, one place at a time."""
    base = simple(0, 2)
    out: list[Any] = list(JUNK)
    for junk in JUNK:
        out.append({**base, "went_out": junk})
        out.append({**base, "dealer_exact": junk})
        out.append({**base, "players": junk})
        out.append({**base, "players": [junk, base["players"][1]]})
        for key in ("made_goal", "cards", "penalty"):
            out.append({**base, "players": [base["players"][0], {**base["players"][1], key: junk}]})
            out.append({**base, "players": [{**base["players"][0], key: junk}, base["players"][1]]})
    return out


@pytest.mark.parametrize("data", shapes())
def test_malformed_input_raises_only_rules_errors(data: Any) -> None:
    t = table(2)
    try:
        RULES.play(t, RULES.start(t), Turn(1, 0), data)
    except RulesError as exc:
        assert exc.errors and all(isinstance(k, str) for k in exc.errors)
