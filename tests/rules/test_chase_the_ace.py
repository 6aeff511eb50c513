"""Chase the Ace: lives lost to the lowest card, cancelling matches, the tie rules and the pot."""
from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.messages import RulesError
from scorekeeper.rules.spec import FieldKind, Scope, Table, Turn
from scorekeeper.rules.chase_the_ace import (KINGS_RULES, RULES, SPEC, TIE_RULES, Kings, TieRule, losers_by_cards,
                                             pot_money)
from scorekeeper.rules.engine import RoundRefused
from tests.rules.tables import helpers

table, play = helpers(RULES, players=4)


def lives(state) -> list[int]:
    """Return the lives in the standings."""
    return [s["lives"] for s in state.standings]


def error_fields(t: Table, rounds: list[Any]) -> set[str]:
    """Play the rounds and return the fields the last one was refused for."""
    with pytest.raises(RoundRefused) as exc:
        play(t, rounds)
    assert exc.value.number == len(rounds)
    return set(exc.value.errors)


def lose(*seats: int) -> dict[str, Any]:
    """A round given by who lost a life."""
    return {"losers": list(seats)}


# --- who loses ------------------------------------------------------------------------------


@pytest.mark.parametrize("ranks, cancel, losers", [
    (["A", "A", "5", "K"], True, [2]),
    (["A", "A", "5", "K"], False, [0, 1]),
    (["2", "2", "3", "3", "7"], True, [4]),
    (["Q", "Q", "K", "K"], True, []),
    (["Q", "Q", "K", "K"], False, [0, 1]),
    (["10", "J", "9", None], True, [2]),
    (["K", None, "K", "2"], True, [3]),
    ([None, "4", "4", None], True, []),
    ([None, "4", "4", None], False, [1, 2]),
    (["J", "10", "Q", "K"], False, [1]),
])
def test_losers_by_cards(ranks: list[str | None], cancel: bool, losers: list[int]) -> None:
    assert losers_by_cards(ranks, cancel) == losers


@pytest.mark.parametrize("cards, cancel, want", [
    (["A", "A", "5", "K"], True, [3, 3, 2, 3]),
    (["A", "A", "5", "K"], False, [2, 2, 3, 3]),
    (["ah", "as", "5♠", "kd"], True, [3, 3, 2, 3]),
    (["1", "T", "10", "K"], True, [2, 3, 3, 3]),
    (["7", "7", "7", "7"], True, [3, 3, 3, 3]),
    (["7", "7", "7", "7"], False, [2, 2, 2, 2]),
])
def test_cards_decide_who_loses(cards: list[str], cancel: bool, want: list[int]) -> None:
    state = play(table(4, cancel_matches=cancel), [{"cards": cards}])
    assert lives(state) == want
    assert state.rounds[0].points is None


def test_losers_lose_a_life_each() -> None:
    state = play(table(4), [lose(0, 2), lose(2), lose()])
    assert lives(state) == [2, 3, 1, 3]
    assert [s["total"] for s in state.standings] == [None] * 4
    assert [s["out"] for s in state.standings] == [False] * 4


def test_cards_and_losers_that_agree_are_one_deal() -> None:
    state = play(table(4), [{"cards": ["2", "3", "4", "5"], "losers": [0]}])
    assert lives(state) == [2, 3, 3, 3]


@pytest.mark.parametrize("cards, losers, says", [
    (["A", "5", "K", "7"], [2], "the cards given say Ann lost a life: tick no one else, or leave the cards empty"),
    (["A", "5", "K", "7"], [0, 2], "the cards given say Ann lost a life"),
    (["5", "5", "K", "K"], [0], "the cards given cancel out, so nobody loses a life"),
])
def test_players_ticked_as_losers_against_the_cards_are_refused(cards, losers, says) -> None:
    with pytest.raises(RoundRefused) as err:  # a tick the cards overrule was dropped without a word
        play(table(4), [{"cards": cards, "losers": losers}], entered=1)
    assert set(err.value.errors) == {"losers"} and str(err.value.errors["losers"]).startswith(says)
    stored = play(table(4), [{"cards": cards, "losers": losers}], lenient=True)  # entered before the check
    assert stored.broken is None and len(stored.rounds) == 1  # scored by its cards, as it was


@pytest.mark.parametrize("cards", [["A", None, None, None], ["A", "", "5", None], ["A", "2", "5", " "]])
def test_some_cards_and_a_tick_are_refused_as_one_or_the_other(cards) -> None:
    """A card picked for Ann and Bob ticked: not "give Bob's card, give Cy's card…" for every empty box, but the
    choice the table has."""
    with pytest.raises(RoundRefused) as err:
        play(table(4), [{"cards": cards, "losers": [1]}], entered=1)
    assert set(err.value.errors) == {"cards"}
    assert str(err.value.errors["cards"]).startswith("some cards are given and a player is ticked as losing a life")


@pytest.mark.parametrize("losers", ["1", {"0": 1}, [True], [9]])
def test_ticks_beside_the_cards_that_are_no_players_are_refused(losers) -> None:
    with pytest.raises(RoundRefused) as err:
        play(table(3), [{"cards": ["A", "2", "5"], "losers": losers}], entered=1)
    assert all(path.startswith("losers") for path in err.value.errors)


def test_an_empty_cards_list_leaves_the_losers_to_decide() -> None:
    state = play(table(4), [{"cards": [None, "", " ", None], "losers": [1]}])
    assert lives(state) == [3, 2, 3, 3]


# --- going out and the end ------------------------------------------------------------------


def test_a_player_with_no_lives_is_out_and_skipped() -> None:
    t = table(3, lives=1)
    state = play(t, [lose(1)])
    assert lives(state) == [1, 0, 1]
    assert [s["out"] for s in state.standings] == [False, True, False]
    assert state.seats_in == [True, False, True]
    assert not state.over
    assert state.next["dealer"] == 2  # seat 1 is out, so the deal skips it
    state = play(t, [lose(1), {"cards": ["K", None, "5"]}])
    assert state.over and state.winners == [0]
    assert state.next is None


def test_the_last_player_in_wins() -> None:
    state = play(table(3, lives=2), [lose(0), lose(0), lose(1), lose(1)])
    assert state.over
    assert state.winners == [2]
    assert lives(state) == [0, 0, 2]


def test_no_round_after_the_end() -> None:
    with pytest.raises(RoundRefused) as exc:
        play(table(2, lives=1), [lose(0), lose(1)])
    assert exc.value.after_end and exc.value.number == 2


@pytest.mark.parametrize("data, field", [
    ({"cards": ["K", "5", "5"]}, "cards.1"),   # an out player's card must be null
    ({"cards": ["K", None, None]}, "cards.2"),  # a player still in needs a card
    (lose(1), "losers"),                       # losers must still be in
])
def test_a_player_who_is_out_takes_no_part(data: dict[str, Any], field: str) -> None:
    assert error_fields(table(3, lives=1), [lose(1), data]) == {field}


def test_when_some_players_go_out_together_but_one_is_left_that_one_wins() -> None:
    state = play(table(3, lives=1, tie_rule="carry"), [lose(0, 1)])
    assert state.over and state.winners == [2]


def test_a_player_with_lives_to_spare_outlasts_the_others() -> None:
    state = play(table(3, lives=2, tie_rule="cut"), [lose(0, 1), lose(0, 1, 2)])
    assert state.over and state.winners == [2]
    assert lives(state) == [0, 0, 1]


def test_the_tie_rule_waits_until_everyone_left_is_on_the_last_life() -> None:
    t = table(4, lives=2, tie_rule="carry")
    state = play(t, [lose(0, 1), lose(0, 1, 2, 3)])
    assert not state.over and lives(state) == [0, 0, 1, 1]
    state = play(t, [lose(0, 1), lose(0, 1, 2, 3), lose(2, 3)])
    assert state.over and state.winners == [] and lives(state) == [0, 0, 0, 0]


# --- the tie rules ---------------------------------------------------------------------------

TIED = [lose(0), {"cards": ["K", "Q", "K"]}, lose(2)]  # 3 players, 2 lives: 1, 1, 1 left


def tie_table(rule: str, **opts: Any) -> Table:
    """Three players with two lives each under a tie rule."""
    return table(3, lives=2, tie_rule=rule, cancel_matches=False, **opts)


def test_the_tie_setup_leaves_everyone_on_their_last_life() -> None:
    state = play(tie_table("share"), TIED)
    assert lives(state) == [1, 1, 1]


def test_share_makes_the_tied_players_joint_winners() -> None:
    t = tie_table("share")
    state = play(t, TIED + [{"cards": ["3", "3", "3"]}])
    assert state.over
    assert state.winners == [0, 1, 2]
    assert lives(state) == [1, 1, 1]
    assert RULES.pot(t, state.state) == {"pot": 0.3, "share": 0.1, "carries": False, "new_stake": False}


def test_share_counts_only_when_everyone_left_is_tied() -> None:
    t = table(3, lives=1, tie_rule="share")
    state = play(t, [lose(0), lose(1, 2)])
    assert state.over and state.winners == [1, 2]


def test_replay_keeps_the_last_lives_and_goes_on() -> None:
    t = tie_table("replay")
    state = play(t, TIED + [{"cards": ["3", "3", "3"]}])
    assert not state.over
    assert lives(state) == [1, 1, 1]
    assert state.next["pot"] == 0.3
    state = play(t, TIED + [{"cards": ["3", "3", "3"]}, {"cards": ["3", "3", "4"]}])
    assert state.over and state.winners == [2] and lives(state) == [0, 0, 1]
    state = play(t, TIED + [{"cards": ["3", "3", "3"]}, lose(1)])
    assert not state.over and lives(state) == [1, 0, 1]


def test_cut_names_the_winner_who_keeps_the_pot() -> None:
    t = tie_table("cut")
    state = play(t, TIED + [{"cards": ["3", "3", "3"], "cut_winner": 1}])
    assert state.over
    assert state.winners == [1]
    assert lives(state) == [0, 1, 0]
    assert [s["out"] for s in state.standings] == [True, False, True]
    assert RULES.pot(t, state.state) == {"pot": 0.5, "share": 0.5, "carries": False, "new_stake": False}


@pytest.mark.parametrize("data, field", [
    ({"cards": ["3", "3", "3"]}, "cut_winner"),
    ({"cards": ["3", "3", "3"], "cut_winner": None}, "cut_winner"),
    ({"cards": ["3", "3", "3"], "cut_winner": 7}, "cut_winner"),
    ({"cards": ["3", "3", "3"], "cut_winner": "1"}, "cut_winner"),
    ({"cards": ["3", "3", "4"], "cut_winner": 2}, "cut_winner"),
])
def test_cut_winner_is_needed_exactly_when_everyone_is_tied(data: dict[str, Any], field: str) -> None:
    assert error_fields(tie_table("cut"), TIED + [data]) == {field}


def test_cut_winner_must_be_one_of_the_tied() -> None:
    t = table(3, lives=1, tie_rule="cut")
    assert error_fields(t, [lose(0), {"losers": [1, 2], "cut_winner": 0}]) == {"cut_winner"}
    state = play(t, [lose(0), {"losers": [1, 2], "cut_winner": 2}])
    assert state.winners == [2]


@pytest.mark.parametrize("rule", ["share", "replay", "carry", "carry_no_add"])
def test_cut_winner_is_refused_under_other_tie_rules(rule: str) -> None:
    assert error_fields(tie_table(rule), TIED + [{"cards": ["3", "3", "3"], "cut_winner": 0}]) == {"cut_winner"}


@pytest.mark.parametrize("rule, new_stake", [("carry", True), ("carry_no_add", False)])
def test_carry_leaves_the_game_undecided(rule: str, new_stake: bool) -> None:
    t = tie_table(rule, stake=0.25)
    state = play(t, TIED + [{"cards": ["3", "3", "3"]}])
    assert state.over
    assert state.winners == []
    assert lives(state) == [0, 0, 0]
    assert all(s["out"] for s in state.standings)
    assert RULES.pot(t, state.state) == {"pot": 1.5, "share": None, "carries": True, "new_stake": new_stake}


def test_finishing_by_hand_makes_those_with_most_lives_win() -> None:
    state = play(table(4), [lose(0), lose(1, 2), lose(0)], finished_by_hand=True)
    assert state.over and state.next is None
    assert state.winners == [3]
    state = play(table(4), [lose(0, 1)], finished_by_hand=True)
    assert state.winners == [2, 3]


@pytest.mark.parametrize("rounds, options, by_hand, places", [
    # Bob out in deal 1, Ann in deal 2, Cy in deal 3: Di wins, then the one who lasted longest
    ([lose(1), lose(0), lose(2)], {"lives": 1}, False, [3, 4, 2, 1]),
    # out in the same deal: level, and the next place skips
    ([lose(0, 1), lose(2)], {"lives": 1}, False, [3, 3, 2, 1]),
    # still playing: lives first, then who lasted longest among those out
    ([lose(0), lose(1), lose(0), lose(1), lose(2)], {"lives": 2}, False, [4, 3, 2, 1]),
    # finished by hand: the same
    ([lose(0), lose(0), lose(1), lose(1), lose(2)], {"lives": 2}, True, [4, 3, 2, 1]),
    # the carry: everyone left goes out in the last deal together, after the one out before
    ([lose(0), lose(1, 2, 3)], {"lives": 1, "tie_rule": "carry"}, False, [4, 1, 1, 1]),
    # the cut: its winner first, the others out in that deal level, then the one out earlier
    ([lose(0), {"losers": [1, 2, 3], "cut_winner": 2}], {"lives": 1, "tie_rule": "cut"}, False, [4, 2, 1, 2]),
])
def test_players_who_are_out_are_placed_by_how_long_they_lasted(rounds, options, by_hand, places) -> None:
    """Out players have no lives left alike, but the table places them by when they went out: out later, higher."""
    state = play(table(4, **options), rounds, finished_by_hand=by_hand)
    assert [s["place"] for s in state.standings] == places


def test_while_playing_the_leaders_have_most_lives() -> None:
    state = play(table(4), [lose(0, 1, 2)])
    assert state.winners == [] and state.leaders == [3]


# --- the pot ---------------------------------------------------------------------------------


@pytest.mark.parametrize("stake, rounds, pot", [
    (0.10, [], 0.0),
    (0.10, [lose(0)], 0.1),
    (0.10, [lose(0, 1, 2)], 0.3),
    (0.25, [lose(0), lose(1), lose(2)], 0.75),
    (1, [lose(0, 1)], 2),
    (0.33, [lose(0, 1, 2)], 0.99),
    (0, [lose(0)], 0),
])
def test_the_pot_is_lives_lost_times_the_stake(stake: float, rounds: list[Any], pot: float) -> None:
    state = play(table(4, stake=stake), rounds)
    assert state.next["pot"] == pot


@pytest.mark.parametrize("stake", [0.333, 0.015, 1e-9])
def test_a_stake_is_whole_cents(stake: float) -> None:
    with pytest.raises(RulesError) as err:
        RULES.resolve_options({"stake": stake}, 4)
    assert {k: str(v) for k, v in err.value.errors.items()} == {
        "options.stake": "must be an amount in whole cents, like 0.25"}


def test_pot_money_rounds_to_the_cent() -> None:
    assert pot_money(3, 0.1) == 0.3
    assert pot_money(7, 0.015) == 0.1


def test_the_pot_while_playing() -> None:
    t = table(4)
    state = play(t, [lose(0)])
    assert RULES.pot(t, state.state) == {"pot": 0.1, "share": None, "carries": False, "new_stake": False}


# --- checks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("data, fields", [
    ({}, {"cards"}),
    ({"cards": None}, {"cards"}),
    ({"cards": ["A", "A", "A", "A", "A"]}, {"cards"}),
    ({"cards": ["2", "2", "2", "2", "K"]}, set()),
    ({"cards": ["2", "3", "4", "5"]}, {"cards"}),
    ({"cards": ["2", "3", "4", "5", "6", "7"]}, {"cards"}),
    ({"cards": ["2", "3", "4", "5", None]}, {"cards.4"}),
    ({"cards": ["2", "3", "4", "5", ""]}, {"cards.4"}),
    ({"cards": ["2", "3", "4", "Z", "6"]}, {"cards.3"}),
    ({"cards": ["2", "3", "X", "5", "6"]}, {"cards.2"}),
    ({"cards": ["2", 3, "4", "5", "6"]}, {"cards.1"}),
    ({"cards": [None] * 5}, {f"cards.{seat}" for seat in range(5)}),
    ({"losers": [9]}, {"losers.0"}),
    ({"losers": [1, 1]}, {"losers"}),
    ({"losers": 1}, {"losers"}),
    ({"losers": [True]}, {"losers.0"}),
    ({"losers": [0], "cut_winner": 0}, {"cut_winner"}),
])
def test_checks_name_the_field(data: dict[str, Any], fields: set[str]) -> None:
    t = table(5)
    if fields:
        assert error_fields(t, [data]) == fields
    else:
        play(t, [data])


@pytest.mark.parametrize("rounds, data, fields", [
    ([], {"cards": ["Z", "3", "", "X", "5"]}, {"cards.0", "cards.2", "cards.3"}),
    ([], {"cards": ["2", "3", None, "4", "15"]}, {"cards.2", "cards.4"}),
    ([], {"cards": ["Z", "3", "4", "5", "6"], "cut_winner": 9}, {"cards.0", "cut_winner"}),
    ([lose(1)] * 3, {"cards": ["2", "3", "X", "4", ""]}, {"cards.1", "cards.2", "cards.4"}),
    ([lose(1)] * 3, {"cards": ["Q", "Q", "Q", "Q", "Q"]}, {"cards.1"}),  # the pack count waits for good cards
])
def test_every_problem_of_a_deal_is_reported_at_once(rounds: list[Any], data: dict[str, Any],
                                                     fields: set[str]) -> None:
    assert error_fields(table(5), rounds + [data]) == fields


def test_each_problem_names_its_player() -> None:
    with pytest.raises(RoundRefused) as exc:
        play(table(3), [{"cards": ["", "3", ""]}], entered=1)
    assert [str(m) for m in exc.value.errors.values()] == ["give Ann's card", "give Cy's card"]


def test_a_later_deal_a_correction_breaks_says_what_the_correction_did_to_it() -> None:
    """Deal 1 corrected so that Bob loses his only life instead of Ann: deal 2 has a card for Bob and none for Ann."""
    with pytest.raises(RoundRefused) as exc:
        play(table(3, lives=1), [lose(1), {"cards": ["", "3", "5"]}], entered=1)
    assert exc.value.number == 2 and [str(m) for m in exc.value.errors.values()] == [
        "Ann would still be in the game by then, yet this round has no entry for them",
        "Bob would be out of the game by then, yet this round has an entry for them"]


def test_a_refused_round_changes_nothing() -> None:
    t = table(4)
    state = RULES.start(t)
    with pytest.raises(RulesError):
        RULES.play(t, state, Turn(1, 0), {"cards": ["A", "A", "A", "A", "A"]})
    assert state == RULES.start(t)


def test_play_does_not_change_the_state_passed_in() -> None:
    t = table(4)
    state = RULES.start(t)
    new, points = RULES.play(t, state, Turn(1, 0), lose(0))
    assert points is None
    assert state.lives == (3, 3, 3, 3) and new.lives == (2, 3, 3, 3)


# --- options ---------------------------------------------------------------------------------


def test_every_option_has_its_default() -> None:
    assert RULES.options_json(RULES.resolve_options({}, 4)) == {"first_dealer": 0, "lives": 3, "stake": 0.10, "cancel_matches": True,
                                            "tie_rule": "share", "ace_high": False, "kings": "block"}
    assert (SPEC.min_players, SPEC.max_players) == (2, 20)
    assert SPEC.option("tie_rule").choices == ("share", "replay", "cut", "carry", "carry_no_add")
    assert SPEC.option("kings").choices == ("block", "plain", "reveal", "reveal_stops")


@pytest.mark.parametrize("opts, field", [
    ({"lives": 0}, "options.lives"),
    ({"lives": "3"}, "options.lives"),
    ({"lives": True}, "options.lives"),
    ({"stake": -1}, "options.stake"),
    ({"stake": "0.10"}, "options.stake"),
    ({"stake": float("nan")}, "options.stake"),
    ({"cancel_matches": 1}, "options.cancel_matches"),
    ({"tie_rule": "coin"}, "options.tie_rule"),
    ({"kings": "wild"}, "options.kings"),
    ({"ace_high": "yes"}, "options.ace_high"),
    ({"ace_high": 1}, "options.ace_high"),
    ({"first_dealer": 4}, "options.first_dealer"),
    ({"jokers": True}, "options.jokers"),
])
def test_bad_options_are_refused(opts: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesError) as exc:
        RULES.resolve_options(opts, 4)
    assert set(exc.value.errors) == {field}


def test_twenty_players_and_a_late_first_dealer() -> None:
    t = table(20, first_dealer=19)
    state = play(t, [lose(19)])
    assert state.rounds[0].dealer == 19 and state.next["dealer"] == 0


@pytest.mark.parametrize("lives_each", [1, 5])
def test_lives_option(lives_each: int) -> None:
    assert lives(play(table(3, lives=lives_each), [])) == [lives_each] * 3


def test_tie_and_kings_rules_have_descriptions() -> None:
    assert set(TIE_RULES) == set(TieRule)
    assert set(KINGS_RULES) == set(Kings)
    assert all(text.endswith(".") for text in [*TIE_RULES.values(), *KINGS_RULES.values()])


# --- the round form ------------------------------------------------------------------------


@pytest.mark.parametrize("kings", ["block", "plain", "reveal", "reveal_stops"])
def test_round_fields(kings: str) -> None:
    t = table(4, kings=kings)
    fields = RULES.round_fields(t, RULES.start(t), Turn(1, 0))
    assert [(f.name, f.kind, f.scope) for f in fields] == [
        ("cards", FieldKind.RANK, Scope.LIST), ("losers", FieldKind.SEATS, Scope.ROUND)]
    assert fields[0].help == KINGS_RULES[Kings(kings)]


def test_round_fields_ask_for_the_cut_under_that_rule() -> None:
    t = table(4, tie_rule="cut", lives=1)
    fields = RULES.round_fields(t, RULES.start(t), Turn(1, 0))
    assert fields[-1].name == "cut_winner" and fields[-1].kind is FieldKind.SEAT and fields[-1].optional


@pytest.mark.parametrize("rounds, asked", [
    ([], False),                      # 2 lives each: nobody can go out together yet
    ([lose(0)], False),               # Bob and Cy still have 2
    ([lose(0, 1, 2)], True),          # everyone on the last life
    ([lose(0, 1, 2), lose(0)], True),  # Ann out, Bob and Cy on the last life
])
def test_the_cut_is_asked_only_on_last_lives(rounds: list[Any], asked: bool) -> None:
    t = table(3, tie_rule="cut", lives=2)
    derived = play(t, rounds)
    names = [f.name for f in RULES.round_fields(t, derived.state, derived.next_turn)]
    assert ("cut_winner" in names) is asked


# --- what the table page shows ---------------------------------------------------------------


def texts(messages: list[Any]) -> list[str]:
    """Render messages as English text."""
    return [str(m) for m in messages]


@pytest.mark.parametrize("opts, rounds, pot", [
    ({}, [], "Pot: 0.00 (lives lost: 0, at 0.10 each)"),
    ({}, [lose(0, 1), lose(1)], "Pot: 0.30 (lives lost: 3, at 0.10 each)"),
    ({"stake": 0.25}, [lose(2)], "Pot: 0.25 (lives lost: 1, at 0.25 each)"),
    ({"stake": 1}, [lose(0, 1, 2, 3)], "Pot: 4.00 (lives lost: 4, at 1.00 each)"),
    ({"stake": 0}, [lose(0, 1)], "Lives in the pot: 2"),
])
def test_notes_start_with_the_pot(opts: dict[str, Any], rounds: list[Any], pot: str) -> None:
    t = table(4, **opts)
    derived = play(t, rounds)
    assert texts(RULES.notes(t, derived.state, derived.next_turn))[0] == pot


@pytest.mark.parametrize("opts, wanted", [
    ({}, ["Kings: A player holding a king shows it and refuses the swap",
          "Equal cards cancel; the lowest card left loses a life.",
          "If everyone still in would go out together: They are joint winners and split the pot."]),
    ({"kings": "plain", "cancel_matches": False},
     ["Kings: Kings are swapped like any other card.", "Everyone holding the lowest card loses a life."]),
    ({"kings": "reveal", "tie_rule": "cut"},
     ["Kings: Kings are turned face up straight after the deal",
      "If everyone still in would go out together: They cut the pack; the highest card takes the whole pot."]),
    ({"tie_rule": "carry_no_add"}, ["the pot carries to the next game and nothing is added."]),
])
def test_notes_explain_the_chosen_rules_and_how_to_enter_a_deal(opts: dict[str, Any], wanted: list[str]) -> None:
    t = table(4, **opts)
    notes = " | ".join(texts(RULES.notes(t, RULES.start(t), Turn(1, 0)) + RULES.table_rules(t)))
    for text in wanted:
        assert text in notes
    assert "When the cards are given, they decide." in notes


def test_the_kings_note_is_translated_as_a_nested_message() -> None:
    t = table(4, kings="reveal")
    note = RULES.table_rules(t)[0]
    assert note.text == "Kings: %(rule)s" and note.params["rule"].text == KINGS_RULES[Kings.REVEAL]


@pytest.mark.parametrize("opts, rounds, want", [
    ({}, [lose(0)], [[], [], [], []]),
    ({"lives": 1}, [lose(0, 1, 2)], [[], [], [], ["Takes the pot: 0.30"]]),
    ({"lives": 1}, [lose(0, 1), lose(2, 3)], [[], [], ["Shares the pot: 0.10 of 0.20"],
                                              ["Shares the pot: 0.10 of 0.20"]]),
    ({"lives": 1, "tie_rule": "cut"}, [{"losers": [0, 1, 2, 3], "cut_winner": 2}],
     [[], [], ["Takes the pot: 0.30"], []]),
    ({"lives": 1, "tie_rule": "carry"}, [lose(0, 1), lose(2, 3)],
     [[], [], ["The pot of 0.40 carries to the next game, and everyone adds a new stake"],
      ["The pot of 0.40 carries to the next game, and everyone adds a new stake"]]),
    ({"lives": 1, "tie_rule": "carry_no_add"}, [lose(2, 3, 0, 1)],
     [["The pot of 0.40 carries to the next game"]] * 4),
    ({"lives": 1, "stake": 0}, [lose(0, 1, 2)], [[], [], [], ["Takes the pot"]]),
    ({"lives": 1, "stake": 0}, [lose(0, 1), lose(2, 3)], [[], [], ["Shares the pot"], ["Shares the pot"]]),
    ({"lives": 1, "stake": 0, "tie_rule": "carry"}, [lose(0, 1, 2, 3)],
     [["The pot carries to the next game"]] * 4),
])
def test_seat_notes_say_where_the_pot_goes_at_the_end(opts: dict[str, Any], rounds: list[Any],
                                                      want: list[list[str]]) -> None:
    t = table(4, **opts)
    assert [texts(notes) for notes in RULES.seat_notes(t, play(t, rounds).state)] == want


@pytest.mark.parametrize("opts, data, marks", [
    ({}, {"cards": ["A", "5", "K", "7"]}, ["−1", "", "", ""]),
    ({}, {"cards": ["A", "A", "5", "K"]}, ["", "", "−1", ""]),
    ({"cancel_matches": False}, {"cards": ["A", "A", "5", "K"]}, ["−1", "−1", "", ""]),
    ({}, {"cards": ["7", "7", "7", "7"]}, ["", "", "", ""]),
    ({}, {"cards": [None, "3h", None, "2s"]}, ["", "", "", "−1"]),
    ({}, {"losers": [1, 3]}, ["", "−1", "", "−1"]),
    ({}, {"losers": []}, ["", "", "", ""]),
    ({}, {"cards": [None, "", None, ""], "losers": [2]}, ["", "", "−1", ""]),
    ({}, {"cards": ["2", "3", "4", "5"], "losers": [3]}, ["−1", "", "", ""]),
    ({"tie_rule": "cut"}, {"losers": [0, 2], "cut_winner": 2}, ["−1", "", "✂", ""]),
])
def test_marks_show_the_lives_lost(opts: dict[str, Any], data: dict[str, Any], marks: list[str]) -> None:
    assert RULES.marks(table(4, **opts), data, None) == marks


def test_marks_match_the_lives_lost_over_a_game() -> None:
    t = table(4)
    rounds = [{"cards": ["A", "A", "5", "K"]}, lose(0, 3), {"cards": ["2", "9", "9", "Q"]}]
    derived = play(t, rounds)
    lost = [0, 0, 0, 0]
    for played in derived.rounds:
        for seat, mark in enumerate(RULES.marks(t, played.data, played.points)):
            lost[seat] += mark == "−1"
    assert [3 - n for n in lost] == lives(derived)


@pytest.mark.parametrize("data", [
    {"cards": [None, None, None, None], "losers": []},
    {"cards": ["", " ", "", ""], "losers": []},
])
def test_an_untouched_form_is_refused(data: dict[str, Any]) -> None:
    assert error_fields(table(4), [data]) == {"cards"}


def test_a_fresh_game() -> None:
    state = play(table(4, first_dealer=2), [])
    assert state.next == {"round": 1, "dealer": 2, "pot": 0.0}
    assert lives(state) == [3, 3, 3, 3]
    assert state.leaders == [0, 1, 2, 3]


# --- malformed input -------------------------------------------------------------------------

JUNK = [None, True, False, 0, -1, 10 ** 30, 1.5, float("nan"), "", "x", "5", [], [None], [[]], {}, {"a": 1},
        ["X"] * 300, "ZZ 5", ["10", 5], [{"a": 1}] * 3]


def shapes() -> list[Any]:
    """Round data with junk put in every place, one place at a time."""
    out: list[Any] = list(JUNK)
    base_cards = ["A", "5", "K"]
    for junk in JUNK:
        out.append({"cards": junk})
        out.append({"losers": junk})
        out.append({"cards": junk, "losers": [0]})
        out.append({"losers": [0, junk]})
        out.append({"cards": base_cards, "cut_winner": junk})
        out.append({"losers": [0, 1, 2], "cut_winner": junk})
        for seat in range(3):
            out.append({"cards": [junk if s == seat else c for s, c in enumerate(base_cards)]})
    return out


@pytest.mark.parametrize("rule", ["share", "cut"])
@pytest.mark.parametrize("data", shapes())
def test_malformed_input_raises_only_rules_errors(data: Any, rule: str) -> None:
    t = table(3, lives=1, tie_rule=rule)
    try:
        RULES.play(t, RULES.start(t), Turn(1, 0), data)
    except RulesError as exc:
        assert exc.errors and all(isinstance(k, str) for k in exc.errors)


@pytest.mark.parametrize("tie_rule, marks", [("replay", ["", ""]), ("share", ["=", "="]),
                                             ("carry", ["−1", "−1"])])
def test_marks_show_what_a_tied_last_deal_really_cost(tie_rule: str, marks: list[str]) -> None:
    derived = play(table(2, lives=1, tie_rule=tie_rule), [lose(0, 1)])
    assert derived.rounds[0].marks == marks


def test_ending_by_hand_says_who_takes_or_shares_the_pot() -> None:
    t = table(3, stake=0.25)
    derived = play(t, [lose(0)], finished_by_hand=True)
    notes = [[str(m) for m in seat] for seat in RULES.seat_notes(t, derived.state, over=True)]
    assert notes == [[], ["Shares the pot: 0.12 of 0.25"], ["Shares the pot: 0.12 of 0.25"]]


# --- games.md "More checks": one pack holds each suited card once ------------------------------

@pytest.mark.parametrize("cards, refused", [
    (["KH", "KH", "5", "7"], True),       # the king of hearts twice
    (["KH", "K♥", "5", "7"], True),       # written two ways
    (["KH", "KS", "K", "7"], False),      # three kings, one without its suit
    (["K", "K", "K", "K"], False),
    (["KH", "K", "K", "K"], False),
])
def test_one_pack_holds_each_suited_card_once(cards: list[str], refused: bool) -> None:
    t = table(4)
    if refused:
        assert error_fields(t, [{"cards": cards}]) == {"cards"}
    else:
        play(t, [{"cards": cards}])


def test_a_card_twice_names_who_holds_it() -> None:
    with pytest.raises(RoundRefused) as exc:
        play(table(4), [{"cards": ["5", "KH", "7", "KH"]}])
    assert str(exc.value.errors["cards"]) == "Bob and Di both hold the KH; one pack holds one"


def test_the_deal_a_player_goes_out_in_is_not_survived() -> None:
    t = table(3, lives=1)
    derived = play(t, [lose(1), {"cards": ["9", None, "3"]}])  # Bob out in deal 1, Cy in deal 2; Ann wins
    records = RULES.records(t, derived.state, derived.rounds, derived.standings)
    assert [(r.kind, r.seat, r.value) for r in records] == [("survival", 0, 2)]


# --- aces high (a house rule some tables play) ----------------------------------------------------


@pytest.mark.parametrize("ranks, cancel, losers", [
    (["A", "2", "5", "K"], True, [1]),            # the 2 is lowest; the ace is the best card
    (["A", "K", "Q", "J"], True, [3]),
    (["A", "A", "5", "K"], True, [2]),
    (["A", "A", "K", "K"], True, []),
    (["A", "A", "K", "K"], False, [2, 3]),        # kings below aces: the holders of the lowest rank, both
    (["2", "2", "A", "3"], True, [3]),
    (["2", "2", "A", "3"], False, [0, 1]),
    (["A", None, "K", None], True, [2]),
])
def test_losers_by_cards_with_aces_high(ranks: list[str | None], cancel: bool, losers: list[int]) -> None:
    assert losers_by_cards(ranks, cancel, ace_high=True) == losers


@pytest.mark.parametrize("opts, cards, want", [
    ({"ace_high": True}, ["A", "2", "5", "K"], [3, 2, 3, 3]),
    ({}, ["A", "2", "5", "K"], [2, 3, 3, 3]),                       # aces low: the ace loses
    ({"ace_high": True, "cancel_matches": False}, ["AH", "AS", "KD", "KC"], [3, 3, 2, 2]),
    ({"ace_high": True, "kings": "plain"}, ["K", "A", "Q", "Q"], [2, 3, 3, 3]),    # Qs cancel: the king loses
    ({"ace_high": True, "kings": "reveal"}, ["K", "A", "J", "10"], [3, 3, 3, 2]),
    ({"ace_high": True}, ["1", "T", "10", "A"], [3, 3, 3, 3]),       # aces ("1", "A") and tens cancel: nobody
    ({"ace_high": True}, ["1", "T", "9", "A"], [3, 3, 2, 3]),
])
def test_aces_high_over_a_deal(opts: dict[str, Any], cards: list[str], want: list[int]) -> None:
    assert lives(play(table(4, **opts), [{"cards": cards}])) == want


def test_aces_high_over_a_game() -> None:
    t = table(3, lives=1, ace_high=True)
    state = play(t, [{"cards": ["A", "K", "2"]}, {"cards": ["A", "5", None]}])
    assert lives(state) == [1, 0, 0] and state.over and state.winners == [0]


@pytest.mark.parametrize("kings", ["block", "plain", "reveal", "reveal_stops"])
def test_aces_high_keeps_the_kings_rule(kings: str) -> None:
    t = table(4, ace_high=True, kings=kings)
    fields = RULES.round_fields(t, RULES.start(t), Turn(1, 0))
    assert fields[0].help == KINGS_RULES[Kings(kings)]
    said = [str(m) for m in RULES.table_rules(t)]
    assert said[0] == "Aces are high: the 2 is the lowest card, the ace the highest."
    assert said[1] == f"Kings: {KINGS_RULES[Kings(kings)]}"
    assert [str(m) for m in RULES.rules_now(t, RULES.start(t), Turn(1, 0))][:2] == [
        "Aces are high: the 2 is the lowest card, the ace the highest.", KINGS_RULES[Kings(kings)]]


def test_aces_high_on_paper() -> None:
    high, low = table(4, ace_high=True), table(4)
    key = dict((str(k), str(v)) for k, v in RULES.plan(high).keys[0].lines)
    assert key["Ranks, low to high"] == "2 3 4 5 6 7 8 9 10 J Q K A"
    assert dict((str(k), str(v)) for k, v in RULES.plan(low).keys[0].lines)["Ranks, low to high"] == \
        "A 2 3 4 5 6 7 8 9 10 J Q K"
    assert "ace_high" in RULES.plan(high).shows
    assert str(RULES.glance(high)[0]).startswith("Deal one card each. Aces are high")
    assert str(RULES.glance(low)[0]).startswith("Deal one card each. Ace is lowest")
    assert [str(m) for m in RULES.table_rules(low)][0].startswith("Kings:")
