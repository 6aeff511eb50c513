"""Trash, the 12-hand trick game: contracts, deck table, points and checks."""
from __future__ import annotations

from collections import Counter

import pytest

from scorekeeper.rules import engine
from scorekeeper.rules.engine import RoundRefused
from scorekeeper.rules.messages import RulesError
from scorekeeper.rules.spec import FieldKind, Scope, Table, Turn
from scorekeeper.rules.trash_twelve_hands import (
    CONTRACTS, DECKS, DEFAULT_POINTS, RULES, Contract, contract_for, deck_for, describe_hand,
)
from tests.rules.tables import helpers

table, play = helpers(RULES, players=4)


def spread(total: int, n: int) -> list[int]:
    """Share ``total`` among ``n`` seats as evenly as possible."""
    return [total // n + (1 if seat < total % n else 0) for seat in range(n)]


def hand_data(t: Table, number: int) -> dict:
    """Return valid data for hand ``number``."""
    contract = contract_for(number)
    deck = deck_for(t.n)
    totals = {Contract.TRICKS: deck.tricks, Contract.HEARTS: deck.hearts,
              Contract.KINGS: deck.honours, Contract.QUEENS: deck.honours}
    if contract in totals:
        return {contract.value: spread(totals[contract], t.n)}
    if contract is Contract.LAST_TRICK:
        return {"last_trick": 1}
    return {"first_out": 2, "second_out": 0}


def full_game(t: Table, hands: int = 12) -> list[dict]:
    """Return valid data for the first ``hands`` hands."""
    return [hand_data(t, number) for number in range(1, hands + 1)]


def play_one(t: Table, data, hands_before: int = 0):
    """Play ``data`` as the hand after ``hands_before`` valid hands; return the points."""
    derived = play(t, full_game(t, hands_before))
    return RULES.play(t, derived.state, derived.next_turn, data)[1]


def error_of(t: Table, data, hands_before: int = 0) -> dict:
    """Return the errors a hand's data raises."""
    with pytest.raises(RulesError) as caught:
        play_one(t, data, hands_before)
    return caught.value.errors


# --- contracts and the deck table ---------------------------------------------------------


def test_contracts_run_forward_then_back():
    order = [c.value for c in CONTRACTS]
    assert order == ["tricks", "hearts", "kings", "queens", "last_trick", "sequence",
                     "sequence", "last_trick", "queens", "kings", "hearts", "tricks"]


@pytest.mark.parametrize("players", sorted(DECKS))
def test_deck_table_adds_up(players):
    deck = DECKS[players]
    assert deck.cards == 52 * deck.packs - len(deck.removed)
    assert deck.tricks * players == deck.cards
    assert deck.hearts == 13 * deck.packs - deck.removed.count("2H")
    assert deck.honours == 4 * deck.packs
    assert all(Counter(deck.removed)[c] <= deck.packs for c in deck.removed)
    assert deck.setup


@pytest.mark.parametrize("players, tricks, hearts, honours, removed", [
    (4, 13, 13, 4, ()),
    (5, 10, 13, 4, ("2S", "2C")),
    (6, 8, 12, 4, ("2S", "2H", "2D", "2C")),
    (7, 14, 26, 8, ("2C", "2C", "2S", "2S", "2D", "2D")),
    (8, 13, 26, 8, ()),
    (9, 11, 26, 8, ("2C", "2C", "2S", "2S", "2D")),
    (10, 10, 26, 8, ("2C", "2C", "2S", "2S")),
])
def test_deck_table_matches_spec(players, tricks, hearts, honours, removed):
    deck = deck_for(players)
    assert (deck.tricks, deck.hearts, deck.honours) == (tricks, hearts, honours)
    assert sorted(deck.removed) == sorted(removed)


@pytest.mark.parametrize("number", [0, 13, -1])
def test_no_contract_outside_the_twelve_hands(number):
    with pytest.raises(ValueError):
        contract_for(number)


def test_five_players_setup_names_the_twos():
    assert "2♠ and 2♣" in deck_for(5).setup


# --- options --------------------------------------------------------------------------------


def test_default_points_are_listed_in_force():
    assert RULES.options_json(table().options)["points"] == DEFAULT_POINTS
    assert RULES.spec.option("points").api()["default"] == DEFAULT_POINTS


def test_points_override_merges_with_defaults():
    points = RULES.options_json(table(points={"King": 25, "first_out": -30}).options)["points"]
    assert points == {**DEFAULT_POINTS, "king": 25, "first_out": -30}


def test_resolving_twice_keeps_the_values():
    t = table(points={"queen": 13})
    stored = RULES.options_json(t.options)
    assert RULES.options_json(RULES.resolve_options(stored, 4)) == stored


def test_defaults_are_not_shared_between_games():
    first = table()
    RULES.options_json(first.options)["points"]["king"] = 99
    assert RULES.options_json(table().options)["points"]["king"] == 20


@pytest.mark.parametrize("options, field", [
    ({"points": {"ace": 5}}, "options.points"),
    ({"points": {"king": "lots"}}, "options.points"),
    ({"points": {"king": True}}, "options.points"),
    ({"points": {"king": 10**9}}, "options.points"),
    ({"points": [5, 5]}, "options.points"),
    ({"points": "king=5"}, "options.points"),
    ({"points": None}, "options.points"),
    ({"colour": "red"}, "options.colour"),
    ({"first_dealer": 4}, "options.first_dealer"),
    ({"first_dealer": -1}, "options.first_dealer"),
])
def test_bad_options_are_refused(options, field):
    with pytest.raises(RulesError) as caught:
        RULES.resolve_options(options, 4)
    assert field in caught.value.errors


def test_unknown_point_name_is_explained():
    with pytest.raises(RulesError) as caught:
        RULES.resolve_options({"points": {"ace": 5}}, 4)
    assert "trick" in str(caught.value.errors["options.points"])


# --- scoring each contract ------------------------------------------------------------------


@pytest.mark.parametrize("hands_before, data, points", [
    (0, {"tricks": [3, 4, 5, 1]}, [15, 20, 25, 5]),
    (1, {"hearts": [0, 13, 0, 0]}, [0, 65, 0, 0]),
    (2, {"kings": [1, 1, 1, 1]}, [20, 20, 20, 20]),
    (3, {"queens": [0, 0, 4, 0]}, [0, 0, 80, 0]),
    (4, {"last_trick": 3}, [0, 0, 0, 20]),
    (5, {"first_out": 1, "second_out": 2}, [0, -25, -15, 0]),
    (6, {"first_out": 0, "second_out": 3}, [-25, 0, 0, -15]),
    (7, {"last_trick": 0}, [20, 0, 0, 0]),
    (8, {"queens": [2, 2, 0, 0]}, [40, 40, 0, 0]),
    (9, {"kings": [0, 0, 0, 4]}, [0, 0, 0, 80]),
    (10, {"hearts": [3, 3, 3, 4]}, [15, 15, 15, 20]),
    (11, {"tricks": [13, 0, 0, 0]}, [65, 0, 0, 0]),
])
def test_each_hand_scores_its_contract(hands_before, data, points):
    assert play_one(table(), data, hands_before) == points


@pytest.mark.parametrize("hands_before, name, data, points", [
    (0, "trick", {"tricks": [3, 4, 5, 1]}, [3, 4, 5, 1]),
    (1, "heart", {"hearts": [0, 13, 0, 0]}, [0, 13, 0, 0]),
    (2, "king", {"kings": [1, 1, 2, 0]}, [1, 1, 2, 0]),
    (3, "queen", {"queens": [0, 0, 4, 0]}, [0, 0, 4, 0]),
    (4, "last_trick", {"last_trick": 2}, [0, 0, 1, 0]),
    (5, "first_out", {"first_out": 1, "second_out": 2}, [0, 1, 0, 0]),
    (5, "second_out", {"first_out": 1, "second_out": 2}, [0, 0, 1, 0]),
])
def test_points_option_changes_each_value(hands_before, name, data, points):
    t = table(points={name: 1, **({"first_out": 0} if name == "second_out" else {}),
                      **({"second_out": 0} if name == "first_out" else {})})
    assert play_one(t, data, hands_before) == points


@pytest.mark.parametrize("data, says", [
    ({"tricks": [4, 3, 3, 3], "hearts": [13, 0, 0, 0]}, {"hearts": "hand 1 is Tricks, not hearts"}),
    ({"tricks": [13, 0, 0, 0], "last_trick": 2}, {"last_trick": "hand 1 is Tricks, not last_trick"}),
    ({"hearts": [13, 0, 0, 0]}, {"hearts": "hand 1 is Tricks, not hearts",
                                 "tricks": "hand 1 is Tricks: give how many each player took"}),
])
def test_another_hands_counts_are_refused_not_stored_unread(data, says):
    with pytest.raises(RoundRefused) as err:
        play(table(), [data], entered=1)
    assert {path: str(m) for path, m in err.value.errors.items()} == says
    if "tricks" in data:  # a hand stored before the check is scored by its own counts, as it was
        assert play(table(), [data], lenient=True).broken is None


def test_another_hands_key_left_empty_is_no_entry():
    assert play_one(table(), {"tricks": [13, 0, 0, 0], "hearts": None}) == [65, 0, 0, 0]


@pytest.mark.parametrize("players", sorted(DECKS))
def test_a_whole_game_at_every_table_size(players):
    t = table(players)
    derived = play(t, full_game(t))
    assert derived.over and derived.next is None
    assert [r.number for r in derived.rounds] == list(range(1, 13))
    assert sum(s["total"] for s in derived.standings) == sum(sum(r.points) for r in derived.rounds)


# --- checks ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players, hands_before, data, field, text", [
    (4, 0, {"tricks": [3, 4, 4, 1]}, "tricks",
     "the tricks add up to 12; with 4 players every hand has 13 tricks"),
    (4, 1, {"hearts": [0, 12, 0, 0]}, "hearts", "the hearts add up to 12; with 4 players there are 13 hearts"),
    (4, 2, {"kings": [1, 1, 1, 0]}, "kings", "the kings add up to 3; with 4 players there are 4 kings"),
    (4, 3, {"queens": [1, 1, 1, 2]}, "queens", "the queens add up to 5; with 4 players there are 4 queens"),
    (5, 0, {"tricks": [3, 3, 3, 3, 0]}, "tricks",
     "the tricks add up to 12; with 5 players every hand has 10 tricks"),
    (6, 1, {"hearts": [2, 2, 2, 2, 2, 3]}, "hearts", "the hearts add up to 13; with 6 players there are 12 hearts"),
    (7, 2, {"kings": [1] * 7}, "kings", "the kings add up to 7; with 7 players there are 8 kings"),
])
def test_counts_must_add_up(players, hands_before, data, field, text):
    errors = error_of(table(players), data, hands_before)
    assert list(errors) == [field]
    assert str(errors[field]) == text


@pytest.mark.parametrize("hands_before, data, field", [
    (0, {}, "tricks"),
    (0, {"tricks": None}, "tricks"),
    (0, {"tricks": "3 4 5 1"}, "tricks"),
    (0, {"tricks": [3, 4, 6]}, "tricks"),
    (0, {"tricks": [3, 4, 5, 1, 0]}, "tricks"),
    (0, {"tricks": [3, 4, 5, None]}, "tricks.3"),
    (0, {"tricks": [3, "4", 5, 1]}, "tricks.1"),
    (0, {"tricks": [3, 4, True, 1]}, "tricks.2"),
    (0, {"tricks": [3, 4, 5.5, 1]}, "tricks.2"),
    (0, {"tricks": [14, 0, 0, -1]}, "tricks.0"),
    (0, {"tricks": [0, 0, 14, -1]}, "tricks.2"),
    (0, {"tricks": [13, 0, 1, -1]}, "tricks.3"),
    (0, {"tricks": [10**30, 0, 0, 0]}, "tricks.0"),
    (0, {"tricks": [[1], 0, 0, 0]}, "tricks.0"),
    (0, {"tricks": [{"n": 1}, 0, 0, 0]}, "tricks.0"),
    (1, {"tricks": [13, 0, 0, 0]}, "hearts"),
    (2, {"kings": [5, 0, 0, -1]}, "kings.0"),
    (3, {"queens": {"0": 4}}, "queens"),
    (4, {}, "last_trick"),
    (4, {"last_trick": None}, "last_trick"),
    (4, {"last_trick": 4}, "last_trick"),
    (4, {"last_trick": -1}, "last_trick"),
    (4, {"last_trick": "1"}, "last_trick"),
    (4, {"last_trick": True}, "last_trick"),
    (4, {"last_trick": [1]}, "last_trick"),
    (5, {"first_out": 1}, "second_out"),
    (5, {"second_out": 1}, "first_out"),
    (5, {"first_out": 1, "second_out": 1}, "second_out"),
    (5, {"first_out": 9, "second_out": 1}, "first_out"),
    (5, {"first_out": 0, "second_out": 1.5}, "second_out"),
    (5, {"first_out": {}, "second_out": 1}, "first_out"),
    (0, None, "data"),
    (0, [3, 4, 5, 1], "data"),
    (0, "tricks", "data"),
])
def test_bad_hands_name_the_field(hands_before, data, field):
    assert field in error_of(table(), data, hands_before)


@pytest.mark.parametrize("hands_before, data, field, text", [
    (4, {}, "last_trick", "say who took the last trick"),
    (4, {"last_trick": None}, "last_trick", "say who took the last trick"),
    (5, {"second_out": 1}, "first_out", "say who went out first"),
    (6, {"first_out": 1, "second_out": None}, "second_out", "say who went out second"),
])
def test_a_missing_pick_is_asked_for(hands_before, data, field, text):
    assert str(error_of(table(), data, hands_before)[field]) == text


def test_first_and_second_out_must_differ():
    errors = error_of(table(), {"first_out": 2, "second_out": 2}, 5)
    assert str(errors["second_out"]) == "Cy cannot go out both first and second"


def test_refused_hand_is_not_stored_by_the_engine():
    t = table()
    rounds = full_game(t, 2) + [{"kings": [4, 0, 0, 1]}]
    with pytest.raises(engine.RoundRefused) as caught:
        play(t, rounds)
    assert caught.value.number == 3 and "kings" in caught.value.errors


def test_no_hand_after_the_twelfth():
    t = table()
    with pytest.raises(engine.RoundRefused) as caught:
        play(t, full_game(t) + [{"tricks": [13, 0, 0, 0]}])
    assert caught.value.after_end


# --- the game: next, fields, winners ----------------------------------------------------


@pytest.mark.parametrize("hands_before", range(12))
def test_next_names_the_contract(hands_before):
    t = table()
    derived = play(t, full_game(t, hands_before))
    assert derived.next == {"round": hands_before + 1, "dealer": hands_before % 4,
                            "contract": CONTRACTS[hands_before].value}
    assert not derived.over


def test_dealer_starts_at_first_dealer():
    t = table(first_dealer=2)
    assert play(t, full_game(t, 3)).next["dealer"] == 1


@pytest.mark.parametrize("players, hands_before, names, sum_to", [
    (4, 0, ["tricks"], 13), (6, 1, ["hearts"], 12), (9, 2, ["kings"], 8), (5, 3, ["queens"], 4),
    (4, 4, ["last_trick"], None), (4, 5, ["first_out", "second_out"], None),
    (4, 6, ["first_out", "second_out"], None), (4, 7, ["last_trick"], None),
    (10, 8, ["queens"], 8), (8, 9, ["kings"], 8), (7, 10, ["hearts"], 26), (7, 11, ["tricks"], 14),
])
def test_round_fields_follow_the_contract(players, hands_before, names, sum_to):
    t = table(players)
    derived = play(t, full_game(t, hands_before))
    fields = RULES.round_fields(t, derived.state, derived.next_turn)
    assert [f.name for f in fields] == names
    if sum_to is None:
        assert all(f.kind is FieldKind.SEAT and f.scope is Scope.ROUND for f in fields)
    else:
        (field,) = fields
        assert (field.kind, field.scope, field.sum_to, field.lo, field.hi) == \
            (FieldKind.INT, Scope.LIST, sum_to, 0, sum_to)


@pytest.mark.parametrize("number, options, text", [
    (3, {}, "Hand 3 of 12: Kings, 20 points each"),
    (1, {}, "Hand 1 of 12: Tricks, 5 points each"),
    (11, {"points": {"heart": 10}}, "Hand 11 of 12: Hearts, 10 points each"),
    (9, {}, "Hand 9 of 12: Queens, 20 points each"),
    (5, {}, "Hand 5 of 12: Last trick, 20 points"),
    (6, {}, "Hand 6 of 12: Sequence (8s first), -25 points for going out first and -15 for second"),
])
def test_describe_hand(number, options, text):
    described = describe_hand(table(**options), number)
    assert str(described) == text
    assert described.params["number"] == number


@pytest.mark.parametrize("tricks, winners", [
    ([13, 0, 0, 0], [1, 2, 3]),
    ([0, 4, 4, 5], [0]),
    ([0, 0, 6, 7], [0, 1]),
])
def test_lowest_total_wins(tricks, winners):
    t = table()
    rounds = full_game(t, 11) + [{"tricks": tricks}]
    derived = play(t, rounds)
    totals = [s["total"] for s in derived.standings]
    best = min(totals)
    assert derived.winners == [seat for seat, total in enumerate(totals) if total == best]
    assert derived.over


def test_winners_on_a_known_game():
    t = table()
    rounds = [{"tricks": [13, 0, 0, 0]}, {"hearts": [13, 0, 0, 0]}, {"kings": [0, 4, 0, 0]},
              {"queens": [0, 0, 4, 0]}, {"last_trick": 3}, {"first_out": 3, "second_out": 2},
              {"first_out": 3, "second_out": 1}, {"last_trick": 0}, {"queens": [0, 0, 0, 4]},
              {"kings": [0, 0, 0, 4]}, {"hearts": [0, 0, 0, 13]}, {"tricks": [0, 0, 13, 0]}]
    derived = play(t, rounds)
    assert [s["total"] for s in derived.standings] == [150, 65, 130, 195]
    assert derived.winners == [1]


def test_tied_winners_share():
    t = table()
    rounds = [{"tricks": [13, 0, 0, 0]}, {"hearts": [0, 13, 0, 0]}]
    derived = play(t, rounds, finished_by_hand=True)
    assert derived.over and derived.next is None
    assert derived.winners == [2, 3]


def test_finished_early_before_any_hand():
    t = table()
    derived = play(t, [], finished_by_hand=True)
    assert derived.winners == [0, 1, 2, 3]
    assert [s["total"] for s in derived.standings] == [0, 0, 0, 0]


def test_leader_while_playing():
    t = table()
    derived = play(t, [{"tricks": [3, 4, 5, 1]}])
    assert derived.leaders == [3] and derived.winners == []


def test_play_does_not_change_the_state():
    t = table()
    state = RULES.start(t)
    new, _ = RULES.play(t, state, Turn(1, 0), {"tricks": [13, 0, 0, 0]})
    assert state.totals == (0, 0, 0, 0) and state.hands == 0
    assert new.totals == (65, 0, 0, 0) and new.hands == 1


# --- the table page: notes and the form's running check ------------------------------------


def notes_before(t: Table, hands_before: int) -> list[str]:
    """Return the table page's notes for the hand after ``hands_before`` valid hands."""
    derived = play(t, full_game(t, hands_before))
    return [str(note) for note in RULES.notes(t, derived.state, derived.next_turn)]


@pytest.mark.parametrize("players, hands_before, options, expected", [
    (4, 0, {}, ["Hand 1 of 12: Tricks, 5 points each", "One pack, all 52 cards. Deal 13 cards each.",
                "Every hand holds 13 tricks, 13 hearts, 4 kings and 4 queens.",
                "After hand 12 the lowest total wins."]),
    (5, 2, {}, ["Hand 3 of 12: Kings, 20 points each",
                "One pack; take out the 2♠ and 2♣ (50 cards). Deal 10 cards each.",
                "Every hand holds 10 tricks, 13 hearts, 4 kings and 4 queens.",
                "After hand 12 the lowest total wins."]),
    (6, 3, {"points": {"queen": 13}}, [
        "Hand 4 of 12: Queens, 13 points each", "One pack; take out all four 2s (48 cards). Deal 8 cards each.",
        "Every hand holds 8 tricks, 12 hearts, 4 kings and 4 queens.", "After hand 12 the lowest total wins."]),
    (7, 4, {}, ["Hand 5 of 12: Last trick, 20 points",
                "Two packs; take out both 2♣, both 2♠ and both 2♦ (98 cards). Deal 14 cards each.",
                "After hand 12 the lowest total wins."]),
    (9, 6, {}, ["Hand 7 of 12: Sequence (8s first), -25 points for going out first and -15 for second",
                "Two packs; take out both 2♣, both 2♠ and one 2♦ (99 cards). Deal 11 cards each.",
                "After hand 12 the lowest total wins."]),
    (10, 11, {}, ["Hand 12 of 12: Tricks, 5 points each",
                  "Two packs; take out both 2♣ and both 2♠ (100 cards). Deal 10 cards each.",
                  "Every hand holds 10 tricks, 26 hearts, 8 kings and 8 queens.",
                  "Last hand: after it the lowest total wins."]),
])
def test_notes_name_the_contract_and_the_deck(players, hands_before, options, expected):
    assert notes_before(table(players, **options), hands_before) == expected


def test_deck_note_keeps_the_setup_as_a_message_to_translate():
    t = table(5)
    deck_note = RULES.notes(t, RULES.start(t), Turn(1, 0))[1]
    assert deck_note.params["setup"].text == deck_for(5).setup


@pytest.mark.parametrize("hands_before, label", [(0, "Tricks"), (1, "Hearts"), (2, "Kings"), (3, "Queens"),
                                                 (8, "Queens"), (9, "Kings"), (10, "Hearts"), (11, "Tricks")])
def test_count_label_reads_after_the_running_check(hands_before, label):
    """The form shows "x / N <label>": "13 / 13 tricks", "3 / 4 kings"."""
    t = table()
    derived = play(t, full_game(t, hands_before))
    (field,) = RULES.round_fields(t, derived.state, derived.next_turn)
    assert field.label == label and field.default == 0


def test_no_extra_seat_notes_and_the_grid_shows_points():
    t = table()
    assert RULES.seat_notes(t, RULES.start(t)) == [[], [], [], []]
    assert RULES.marks(t, {"first_out": 2, "second_out": 0}, [-15, 0, -25, 0]) == ["-15", "0", "-25", "0"]


# --- malformed input never escapes as anything but RulesError -------------------------------

JUNK = [None, True, 0, -1, 2.5, 10**40, "", "x", [], [None], [1, 2, 3, 4], ["1"] * 4, {}, {"a": 1},
        [[1]] * 4, [True] * 4, [float("nan")] * 4, float("inf"), [-5, 10, 4, 4]]


@pytest.mark.parametrize("hands_before", range(6))
@pytest.mark.parametrize("junk", JUNK)
def test_junk_only_raises_rules_error(hands_before, junk):
    t = table()
    keys = ["tricks", "hearts", "kings", "queens", "last_trick", "first_out", "second_out"]
    for data in [junk, {k: junk for k in keys}, *({k: junk} for k in keys), {"first_out": 0, "second_out": junk}]:
        try:
            play_one(t, data, hands_before)
        except RulesError:
            pass
