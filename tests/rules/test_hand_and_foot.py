"""Hand & Foot: books, red threes, going out, card points, the meld minimum, partners and the checks."""
from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.messages import RulesError
from scorekeeper.rules.spec import FieldKind, Scope, Table, Turn
from scorekeeper.rules.engine import RoundRefused
from scorekeeper.rules.hand_and_foot import (RULES, SPEC, card_points, clean_value_key, counted_values,
                                             meld_minimum, packs, packs_worth, team_of)
from tests.rules.tables import helpers

table, play = helpers(RULES, players=2)


LAID = 150  # the cards laid down with books when a test does not say: past every meld minimum and 7 cards a book


def entry(clean: int = 0, dirty: int = 0, threes: int = 0, out: bool = False, **more: Any) -> dict[str, Any]:
    """Build one player's entry (melded/left and their points go in ``more``; none given: nothing left).

    Books come with the cards laid down (``LAID`` points when not given), as the rules ask.
    """
    if not out and not {"left", "left_points"} & set(more):
        more["left_points"] = 0  # a real entry: a player who did not go out says what they held, 0 if nothing
    if clean + dirty and not {"melded", "melded_points"} & set(more):
        more["melded_points"] = LAID
    return {"clean_books": clean, "dirty_books": dirty, "red_threes": threes, "went_out": out, **more}


def went_out(**more: Any) -> dict[str, Any]:
    """An entry for a player who went out with one clean and two dirty books."""
    return entry(1, 2, 0, True, **{"left_points": 0, **more})


def rnd(*entries: dict[str, Any]) -> dict[str, Any]:
    """Build one hand's data."""
    return {"players": list(entries)}


def points(t: Table, data: Any) -> list[int | None]:
    """Play one hand and return its points."""
    return play(t, [data]).rounds[0].points


def error_fields(t: Table, data: Any) -> set[str]:
    """Play one hand and return the fields it was refused for."""
    with pytest.raises(RoundRefused) as exc:
        play(t, [data])
    return set(exc.value.errors)


# --- scoring ---------------------------------------------------------------------------------


@pytest.mark.parametrize("opts, data, want", [
    ({}, rnd(went_out(melded_points=250), entry(0, 1, 0, melded_points=120, left_points=85)), [460, 65]),
    ({}, rnd(went_out(), entry(2, 0, 2)), [210 + LAID, 300 + LAID]),
    ({"clean_book": 100, "dirty_book": 50}, rnd(went_out(), entry(1, 1)), [300 + LAID, 150 + LAID]),
    ({"red_three": 0, "going_out": 200}, rnd(went_out(), entry(threes=3)), [310 + LAID, 0]),
    ({}, rnd(entry(melded=["X", "A", "2", "K"]), entry(left="8 7 3S 3c")), [100, -25]),
    ({}, rnd(entry(melded=[], melded_points=90), entry(left=[], left_points=40)), [90, -40]),
    ({"values": {"X": 100, "3S": 50}}, rnd(entry(melded=["X"]), entry(left=["3S", "3C"])), [100, -55]),
    ({"values": {"3": 0}}, rnd(entry(left=["3S", "3C", "4"]), entry()), [-5, 0]),
    ({}, rnd(entry(), entry()), [0, 0]),
])
def test_points(opts: dict[str, Any], data: dict[str, Any], want: list[int]) -> None:
    assert points(table(2, **opts), data) == want


def test_totals_add_up_over_the_hands() -> None:
    t = table(3)
    state = play(t, [rnd(went_out(), entry(1), entry(left_points=50)),
                     rnd(entry(melded_points=100), went_out(), entry(dirty=1))])
    assert [s["total"] for s in state.standings] == [210 + LAID + 100, 50 + LAID + 210 + LAID, -50 + 30 + LAID]
    assert state.leaders == [1]


def test_card_points_helper() -> None:
    options = table(2).options
    assert card_points(options, ["X", "A", "2", "K", "8", "7", "4", "3S"]) == 50 + 20 + 20 + 10 + 10 + 5 + 5 + 5
    assert card_points(options, "10h jd q♠") == 30
    assert card_points(options, []) == 0
    with pytest.raises(RulesError) as exc:
        card_points(options, ["3H"], "players.1.melded")
    assert set(exc.value.errors) == {"players.1.melded"}


@pytest.mark.parametrize("number, cards, reaches", [
    (1, ["X", "10"], True),        # 60
    (1, ["A", "A", "5", "5"], False),  # 50
    (2, ["X", "A", "2"], True),    # 90
    (3, ["X", "A", "2"], False),   # 90 < 120
    (4, ["X", "X", "A", "A", "10"], True),  # 150
    (9, ["X", "X", "A", "A"], False),  # the last minimum (150) repeats
])
def test_cards_laid_down_reach_the_meld_minimum(number: int, cards: list[str], reaches: bool) -> None:
    t = table(2, rounds=9)
    hands = [rnd(entry(), entry())] * (number - 1) + [rnd(entry(melded=cards), entry())]
    if reaches:
        play(t, hands)
    else:
        with pytest.raises(RoundRefused) as exc:
            play(t, hands)
        assert set(exc.value.errors) == {"players.0.melded_points"}


@pytest.mark.parametrize("minimums, number, want", [
    ([60, 90, 120, 150], 1, 60),
    ([60, 90, 120, 150], 4, 150),
    ([60, 90, 120, 150], 6, 150),
    ([50], 3, 50),
    ([10, 20], 0, 10),
])
def test_meld_minimum(minimums: list[int], number: int, want: int) -> None:
    assert meld_minimum(table(2, meld_minimums=minimums).options, number) == want


def test_next_tells_the_meld_minimum_and_the_last_repeats() -> None:
    t = table(2, rounds=6)
    minimums = []
    for n in range(6):
        state = play(t, [rnd(entry(), entry())] * n)
        minimums.append(state.next["meld_minimum"])
    assert minimums == [60, 90, 120, 150, 150, 150]


def test_counted_values() -> None:
    values = counted_values(table(2).options)
    assert values["X"] == 50 and values["A"] == 20 and values["2"] == 20
    assert [values[r] for r in ("K", "Q", "J", "10", "9", "8")] == [10] * 6
    assert [values[r] for r in ("7", "6", "5", "4")] == [5] * 4
    assert values["3S"] == values["3C"] == 5
    assert "3" not in values and "3H" not in values
    changed = counted_values(table(2, values={"3": 100, "3C": 7, "k": 15}).options)
    assert (changed["3S"], changed["3C"], changed["K"]) == (100, 7, 15)


@pytest.mark.parametrize("key, clean", [
    ("x", "X"), ("a", "A"), ("3", "3"), ("3s", "3S"), ("3♣", "3C"), ("10", "10"),
    ("3H", None), ("3d", None), ("QS", None), ("Z", None), ("", None),
])
def test_value_keys(key: str, clean: str | None) -> None:
    assert clean_value_key(key) == clean


def test_packs_and_what_they_are_worth() -> None:
    assert [packs(n) for n in (2, 4, 8)] == [3, 5, 9]
    one_pack = 2 * 50 + 4 * 20 + 4 * 20 + 24 * 10 + 16 * 5 + 2 * 5
    assert packs_worth(table(2).options, 2) == 3 * one_pack


# --- the end ---------------------------------------------------------------------------------


def test_the_game_ends_after_the_hands_and_the_highest_total_wins() -> None:
    t = table(3)
    hands = [rnd(went_out(), entry(1), entry())] * 3 + [rnd(entry(), entry(), went_out(melded_points=1200))]
    state = play(t, hands)
    assert state.over and state.next is None
    assert state.winners == [2]
    with pytest.raises(RoundRefused) as exc:
        play(t, hands + [rnd(entry(), entry(), entry())])
    assert exc.value.after_end


@pytest.mark.parametrize("rounds", [1, 2, 7])
def test_rounds_option(rounds: int) -> None:
    t = table(2, rounds=rounds)
    assert not play(t, [rnd(entry(), entry())] * (rounds - 1)).over
    assert play(t, [rnd(entry(), entry())] * rounds).over


def test_a_tie_shares_the_win() -> None:
    state = play(table(3, rounds=1), [rnd(entry(1, melded_points=60), entry(dirty=1, melded_points=80, left_points=0),
                                          entry())])
    assert state.winners == [0, 1]


@pytest.mark.parametrize("hands, winners", [
    ([rnd(went_out(), entry(2), entry())], [0]),
    ([rnd(went_out(), entry(5, melded_points=175), entry())], [1]),
    ([rnd(entry(), entry(), entry())], [0, 1, 2]),
    ([rnd(entry(left_points=5), entry(), entry(left_points=5))], [1]),
])
def test_finishing_by_hand_makes_the_leaders_win(hands: list[Any], winners: list[int]) -> None:
    state = play(table(3), hands, finished_by_hand=True)
    assert state.over and state.winners == winners


def test_the_deal_passes_left() -> None:
    state = play(table(3, first_dealer=2), [rnd(entry(), entry(), entry())] * 2)
    assert [r.dealer for r in state.rounds] == [2, 0]
    assert state.next["dealer"] == 1


# --- partners --------------------------------------------------------------------------------


def test_partners_sit_opposite() -> None:
    assert [team_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert [team_of(s, 6) for s in range(6)] == [0, 1, 2, 0, 1, 2]


def test_partners_score_as_teams() -> None:
    t = table(4, partners=True, rounds=1)
    state = play(t, [rnd(went_out(), entry(2), entry(1), entry(left_points=10))])
    assert [s["total"] for s in state.standings] == [210 + LAID, 100 + LAID, 50 + LAID, -10]
    assert [s["team"] for s in state.standings] == [
        {"seats": [0, 2], "total": 260 + 2 * LAID}, {"seats": [1, 3], "total": 90 + LAID},
        {"seats": [0, 2], "total": 260 + 2 * LAID}, {"seats": [1, 3], "total": 90 + LAID}]
    assert state.winners == [0, 2]


def test_partners_win_on_the_team_total_not_the_best_player() -> None:
    t = table(4, partners=True, rounds=1)
    state = play(t, [rnd(entry(3), entry(2), entry(left_points=100), entry(2))])
    assert state.winners == [1, 3]


def test_partners_share_the_place_of_their_team() -> None:
    t = table(4, partners=True, rounds=2)
    state = play(t, [rnd(entry(3), entry(2), entry(left_points=100), entry(2))])  # Ann has most, her team less
    # by the team totals, as the winners are; the team behind the winners is 2nd, not "=3rd" (issue 38)
    assert [s["place"] for s in state.standings] == [2, 1, 2, 1]
    assert [s["place"] for s in play(table(4, rounds=2), [rnd(entry(3), entry(2), entry(left_points=100),
                                                                entry(2))]).standings] == [1, 2, 4, 2]  # alone


def test_partners_go_out_on_the_teams_books() -> None:
    t = table(4, partners=True)
    state = play(t, [rnd(entry(0, 0, 0, True), entry(), entry(1, 2), entry())])
    assert state.rounds[0].points == [100, 0, 110 + LAID, 0]
    assert error_fields(t, rnd(entry(0, 0, 0, True), entry(1, 2), entry(), entry())) == {"players.0.went_out"}


def entered_fields(t: Table, data: Any) -> set[str]:
    """Enter one hand as a table does (its checks of what is entered apply) and return the fields refused."""
    with pytest.raises(RoundRefused) as exc:
        play(t, [data], entered=1)
    return set(exc.value.errors)


def test_a_player_who_did_not_go_out_says_what_they_held() -> None:
    """Nothing given for the cards left is not 0: the player who did not go out holds cards (0 is said as 0)."""
    holding = {"clean_books": 1, "melded_points": 100}
    assert entered_fields(table(2), rnd(went_out(), holding)) == {"players.1.left_points"}
    assert play(table(2), [rnd(went_out(), {**holding, "left_points": 0})], entered=1).rounds[0].points[1] == 150
    assert play(table(2), [rnd(went_out(), holding)]).rounds[0].points[1] == 150  # a hand stored before: as it was


def test_with_partners_the_teams_cards_may_be_counted_under_one_partner() -> None:
    """Cy went out on the team's books, the cards the team laid down counted under Ann: as the table counts it."""
    t = table(4, partners=True)
    state = play(t, [rnd(entry(0, 0, 0, True), entry(), entry(1, 2), entry())], entered=1)
    assert state.rounds[0].points == [100, 0, 110 + LAID, 0]


def test_without_partners_there_is_no_team() -> None:
    state = play(table(4), [])
    assert all("team" not in s for s in state.standings)


@pytest.mark.parametrize("n", [2, 3, 5, 7])
def test_partners_need_an_even_table_of_four_or_more(n: int) -> None:
    with pytest.raises(RulesError) as exc:
        RULES.resolve_options({"partners": True}, n)
    assert set(exc.value.errors) == {"options.partners"}


@pytest.mark.parametrize("n", [4, 6, 8])
def test_partners_at_even_tables(n: int) -> None:
    t = table(n, partners=True)
    state = play(t, [rnd(*[entry(1) if s == 0 else entry() for s in range(n)])])
    teams = {tuple(s["team"]["seats"]) for s in state.standings}
    assert len(teams) == n // 2
    assert state.leaders == [0, n // 2]


# --- checks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("data, fields", [
    (rnd(went_out(), went_out()), {"players"}),
    (rnd(entry(0, 3, 0, True), entry()), {"players.0.went_out"}),  # the books going out needs: on went_out
    (rnd(entry(1, 1, 0, True), entry()), {"players.0.went_out"}),
    (rnd(entry(2, 0, 0, True), entry()), {"players.0.went_out"}),
    (rnd(entry(3, 0, 0, True), entry()), set()),
    (rnd(went_out(left_points=5), entry()), {"players.0.left_points"}),
    (rnd(went_out(left_points=None, left=["4"]), entry()), {"players.0.left"}),
    (rnd(went_out(left_points=None, left=[]), entry()), set()),
    (rnd(entry(threes=6), entry()), set()),
    (rnd(entry(threes=7), entry()), {"players.0.red_threes"}),
    (rnd(entry(threes=4), entry(threes=3)), {"players"}),
    (rnd(entry(clean=-1), entry()), {"players.0.clean_books"}),
    (rnd(entry(), entry(dirty=-2)), {"players.1.dirty_books"}),
    (rnd(entry(threes=-1), entry()), {"players.0.red_threes"}),
    (rnd(entry(clean=24), entry()), {"players.0.clean_books"}),
    (rnd(entry(clean=23, melded_points=23 * 35), entry()), set()),
    (rnd(entry(melded_points=-5), entry()), {"players.0.melded_points"}),
    (rnd(entry(left_points=-5), entry()), {"players.0.left_points"}),
    (rnd(entry(left_points=10 ** 9), entry()), {"players.0.left_points"}),
    (rnd(entry(melded=["3"]), entry()), {"players.0.melded"}),
    (rnd(entry(melded=["3H"]), entry()), {"players.0.melded"}),
    (rnd(entry(), entry(left="A 3d")), {"players.1.left"}),
    (rnd(entry(), entry(left="A 3c")), set()),
    (rnd(entry(melded=["A"], melded_points=20), entry()), {"players.0.melded_points"}),
    (rnd(entry(melded=["X"] * 4), entry(left=["X"] * 3)), {"players"}),
    (rnd(entry(melded=["X"] * 6), entry()), set()),
    (rnd(entry(left=["3S"] * 2), entry(left=["3S"])), set()),
    (rnd(entry(left=["3S"] * 2), entry(left=["3S", "3s"])), {"players"}),
    (rnd(entry(melded=["A"] * 12), entry()), set()),
    (rnd(entry(melded=["A"] * 13), entry()), {"players"}),
    (rnd(entry(melded=["Z"]), entry()), {"players.0.melded"}),
    (rnd(entry(out="yes"), entry()), {"players.0.went_out"}),
    (rnd(entry()), {"players"}),
    (rnd(entry(), None), {"players.1"}),
    (rnd(entry(), 5), {"players.1"}),
    ({"players": None}, {"players"}),
])
def test_checks_name_the_field(data: dict[str, Any], fields: set[str]) -> None:
    t = table(2)
    if fields:
        assert error_fields(t, data) == fields
    else:
        play(t, [data])


def test_every_broken_entry_is_reported_at_once() -> None:
    assert error_fields(table(2), rnd(entry(clean=-1), entry(melded=["3"]))) == {
        "players.0.clean_books", "players.1.melded"}


@pytest.mark.parametrize("data, entered, fields", [
    # one player's entry broken in three boxes: all three named
    (rnd(entry(clean=-1, threes=-1, left_points=-5), entry()), False,
     {"players.0.clean_books", "players.0.red_threes", "players.0.left_points"}),
    (rnd(entry(clean=1, threes=7, melded_points=None), entry()), False,
     {"players.0.melded_points", "players.0.red_threes"}),
    (rnd(entry(out="yes", melded=["Z"], left="A 3d"), entry()), False,
     {"players.0.went_out", "players.0.melded", "players.0.left"}),
    # a broken box beside another player's points that no cards add up to, or cards left not given
    (rnd(entry(clean=-1), entry(melded_points=12)), True, {"players.0.clean_books", "players.1.melded_points"}),
    (rnd(went_out(melded_points=252), {"clean_books": 1, "melded_points": 100}), True,
     {"players.0.melded_points", "players.1.left_points"}),
    # under the meld minimum twice; a player out without the books, beside another under the minimum
    (rnd(entry(melded_points=10), entry(melded_points=20)), False,
     {"players.0.melded_points", "players.1.melded_points"}),
    (rnd(entry(0, 3, 0, True), entry(melded_points=10)), False, {"players.0.went_out", "players.1.melded_points"}),
    # out, with cards and red threes left
    (rnd(went_out(left_points=5, red_threes_left=1), entry()), False,
     {"players.0.left_points", "players.0.red_threes_left"}),
])
def test_every_broken_entry_of_a_hand_is_named_at_once(data: dict[str, Any], entered: bool, fields: set[str]) -> None:
    assert (entered_fields if entered else error_fields)(table(2), data) == fields


def test_red_threes_scale_with_the_packs() -> None:
    t = table(8)  # 9 packs, 18 red threes
    play(t, [rnd(*[entry(threes=2) for _ in range(8)])])
    play(t, [rnd(entry(threes=18), *[entry() for _ in range(7)])])
    assert error_fields(t, rnd(*[entry(threes=3) for _ in range(8)])) == {"players"}


def test_a_refused_hand_changes_nothing() -> None:
    t = table(2)
    state = RULES.start(t)
    with pytest.raises(RulesError):
        RULES.play(t, state, Turn(1, 0), rnd(went_out(), went_out()))
    assert state == RULES.start(t)
    new, pts = RULES.play(t, state, Turn(1, 0), rnd(went_out(), entry()))
    assert state.totals == (0, 0) and new.totals == (210 + LAID, 0) and pts == [210 + LAID, 0]


# --- options ---------------------------------------------------------------------------------


def test_every_option_has_its_default() -> None:
    assert RULES.options_json(RULES.resolve_options({}, 4)) == {
        "first_dealer": 0, "rounds": 4, "meld_minimums": [60, 90, 120, 150], "clean_book": 50, "dirty_book": 30,
        "red_three": 100, "going_out": 100, "values": {}, "partners": False,
        "going_out_books": "one_clean_three_books", "going_out_needs": {"clean": 1, "any": 3},
        "seven_book": None, "wild_book": None, "red_three_left": 0, "black_three_left": None}
    assert (SPEC.min_players, SPEC.max_players) == (2, 8)


@pytest.mark.parametrize("opts, field", [
    ({"rounds": 0}, "options.rounds"),
    ({"rounds": "4"}, "options.rounds"),
    ({"meld_minimums": []}, "options.meld_minimums"),
    ({"meld_minimums": [60, "x"]}, "options.meld_minimums"),
    ({"meld_minimums": 60}, "options.meld_minimums"),
    ({"meld_minimums": [-1]}, "options.meld_minimums"),
    ({"clean_book": -1}, "options.clean_book"),
    ({"dirty_book": 1.5}, "options.dirty_book"),
    ({"red_three": None}, "options.red_three"),
    ({"going_out": True}, "options.going_out"),
    ({"values": {"3H": 5}}, "options.values"),
    ({"values": {"QS": 5}}, "options.values"),
    ({"values": {"A": -5}}, "options.values"),
    ({"values": []}, "options.values"),
    ({"partners": "yes"}, "options.partners"),
    ({"first_dealer": 4}, "options.first_dealer"),
    ({"teams": True}, "options.teams"),
])
def test_bad_options_are_refused(opts: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesError) as exc:
        RULES.resolve_options(opts, 4)
    assert set(exc.value.errors) == {field}


# --- the round form ------------------------------------------------------------------------


def test_round_fields() -> None:
    t = table(3, values={"X": 100})
    fields = RULES.round_fields(t, RULES.start(t), Turn(1, 0))
    assert [(f.name, f.kind, f.scope, f.alt) for f in fields] == [
        ("clean_books", FieldKind.INT, Scope.ENTRY, None),
        ("dirty_books", FieldKind.INT, Scope.ENTRY, None),
        ("red_threes", FieldKind.INT, Scope.ENTRY, None),
        ("went_out", FieldKind.BOOL, Scope.ENTRY, None),
        ("melded", FieldKind.CARDS, Scope.ENTRY, "melded_points"),
        ("left", FieldKind.CARDS, Scope.ENTRY, "left_points"),
    ]
    by_name = {f.name: f for f in fields}
    assert by_name["melded"].card_values == counted_values(t.options)
    assert by_name["left"].card_values["X"] == 100
    assert by_name["red_threes"].hi == 8 and by_name["clean_books"].lo == 0


# --- what the table page shows ---------------------------------------------------------------


@pytest.mark.parametrize("opts, n, number, want", [
    ({}, 2, 1, ["Hand 1 of 4: a first meld needs at least 60 points", "Shuffle 3 packs together, jokers in"]),
    ({}, 4, 3, ["Hand 3 of 4: a first meld needs at least 120 points", "Shuffle 5 packs together, jokers in"]),
    ({"rounds": 6}, 3, 6, ["Hand 6 of 6: a first meld needs at least 150 points",
                           "Shuffle 4 packs together, jokers in"]),
    ({"meld_minimums": [50, 75]}, 2, 2, ["Hand 2 of 4: a first meld needs at least 75 points",
                                         "Shuffle 3 packs together, jokers in"]),
])
def test_notes_give_the_meld_minimum_and_the_packs(opts: dict[str, Any], n: int, number: int,
                                                   want: list[str]) -> None:
    t = table(n, **opts)
    notes = RULES.notes(t, RULES.start(t), Turn(number, 0)) + RULES.table_rules(t)
    assert [str(m) for m in notes][:2] == want


def test_the_notes_follow_the_hands_played() -> None:
    t = table(2)
    derived = play(t, [rnd(went_out(), entry()), rnd(entry(), went_out())])
    note = RULES.notes(t, derived.state, derived.next_turn)[0]
    assert note.params["min"] == derived.next["meld_minimum"] == 120


@pytest.mark.parametrize("n, partners, want", [
    (2, False, [[], []]),
    (4, False, [[], [], [], []]),
    (4, True, ["Partner: Cy", "Partner: Di", "Partner: Ann", "Partner: Bob"]),
    (6, True, ["Partner: Di", "Partner: Ed", "Partner: Flo", "Partner: Ann", "Partner: Bob", "Partner: Cy"]),
])
def test_seat_notes_name_the_partner(n: int, partners: bool, want: list[Any]) -> None:
    t = table(n, partners=partners)
    notes = RULES.seat_notes(t, RULES.start(t))
    assert [[str(m) for m in seat] for seat in notes] == [w if isinstance(w, list) else [w] for w in want]


def test_marks_are_the_points() -> None:
    t = table(2)
    derived = play(t, [rnd(went_out(melded_points=105), entry(left_points=25))])
    assert RULES.marks(t, derived.rounds[0].data, derived.rounds[0].points) == ["315", "-25"]


def test_a_fresh_game() -> None:
    state = play(table(4, first_dealer=3), [])
    assert state.next == {"round": 1, "dealer": 3, "meld_minimum": 60}
    assert [s["total"] for s in state.standings] == [0, 0, 0, 0]


# --- malformed input -------------------------------------------------------------------------

JUNK = [None, True, False, 0, -1, 10 ** 30, 1.5, float("nan"), float("inf"), "", "x", "5", [], [None], [[]], {},
        {"a": 1}, ["X"] * 300, "ZZ 5", ["10", 5], ["3"], "3h"]
KEYS = ("clean_books", "dirty_books", "red_threes", "went_out", "melded", "melded_points", "left", "left_points",
        "seven_books", "wild_books", "red_threes_left")


def shapes() -> list[Any]:
    """Hand data with junk put in every place, one place at a time."""
    base = rnd(went_out(), entry(left=["A", "5"]))
    out: list[Any] = list(JUNK)
    for junk in JUNK:
        out.append({"players": junk})
        out.append({"players": [junk, base["players"][1]]})
        for key in KEYS:
            out.append({"players": [base["players"][0], {**base["players"][1], key: junk}]})
            out.append({"players": [{**base["players"][0], key: junk}, base["players"][1]]})
    return out


HOUSE_RULES = {"seven_book": 1500, "wild_book": 1000, "red_three_left": 100, "black_three_left": 300,
               "going_out_needs": {"clean": 1, "seven": 1, "wild": 1}}


@pytest.mark.parametrize("house", [False, True])
@pytest.mark.parametrize("partners", [False, True])
@pytest.mark.parametrize("data", shapes())
def test_malformed_input_raises_only_rules_errors(data: Any, partners: bool, house: bool) -> None:
    opts = HOUSE_RULES if house else {}
    t = table(2, **opts)
    if partners:
        t = table(4, partners=True, **opts)
        if isinstance(data, dict) and isinstance(data.get("players"), list) and len(data["players"]) == 2:
            data = {"players": data["players"] * 2}
    try:
        RULES.play(t, RULES.start(t), Turn(1, 0), data)
    except RulesError as exc:
        assert exc.errors and all(isinstance(k, str) for k in exc.errors)


# --- games.md Additions: going out, black threes, books need cards, empty entries, presets -----


@pytest.mark.parametrize("rule, clean, dirty, field", [
    ("one_clean_three_books", 1, 2, None),
    ("one_clean_three_books", 2, 1, None),
    ("one_clean_three_books", 1, 1, "players.0.went_out"),
    ("one_clean_two_dirty", 1, 2, None),
    ("one_clean_two_dirty", 2, 1, "players.0.went_out"),
    ("one_clean_two_dirty", 0, 3, "players.0.went_out"),
])
def test_going_out_books(rule: str, clean: int, dirty: int, field: str | None) -> None:
    t = table(2, going_out_books=rule)
    data = rnd(entry(clean, dirty, 0, True, melded_points=200, left_points=0), entry(left_points=10))
    if field is None:
        play(t, [data])
    else:
        assert error_fields(t, data) == {field}


@pytest.mark.parametrize("melded", [["3S", "K"], ["K", "3c"], ["3", "K"]])
def test_black_threes_are_not_melded(melded: list[str]) -> None:
    assert error_fields(table(2), rnd(entry(melded=melded), entry())) == {"players.0.melded"}


@pytest.mark.parametrize("opts, mine, field", [
    ({}, entry(1, melded=["K"] * 7), None),
    ({}, entry(1, melded=["K"] * 6), "players.0.clean_books"),
    ({}, entry(2, 1, melded=["K"] * 20), {"players.0.clean_books", "players.0.dirty_books"}),  # no wild card either
    ({}, entry(1, 1, melded_points=70), None),       # 7 × 5, the lowest card value, per book
    ({}, entry(1, 1, melded_points=65), "players.0.clean_books"),
    ({"values": {"4": 0}}, entry(1, 1, melded_points=0), None),  # a card worth 0: points cannot tell
    ({}, entry(2, 0, 2), None),                      # neither cards nor points laid down: nothing to check
])
def test_books_need_their_cards(opts: dict[str, Any], mine: dict[str, Any], field: str | set[str] | None) -> None:
    t = table(2, **opts)
    data = rnd(mine, entry(left_points=10))
    if field is None:
        play(t, [data])
    else:
        assert error_fields(t, data) == ({field} if isinstance(field, str) else field)


@pytest.mark.parametrize("empty", [{}, {"clean_books": 0, "went_out": False}, {"went_out": None, "clean_books": None}])
def test_an_empty_entry_is_refused(empty: dict[str, Any]) -> None:
    fields = error_fields(table(2), rnd(empty, entry()))
    assert fields == {"players.0"}
    assert points(table(2), rnd({"left_points": 0}, entry())) == [0, 0]


@pytest.mark.parametrize("preset, want", [
    ("house", {"going_out_books": "one_clean_two_dirty", "clean_book": 50}),
    ("classic", {"clean_book": 500, "dirty_book": 300, "red_three": 100, "going_out": 100,
                 "meld_minimums": [50, 90, 120, 150]}),
])
def test_presets(preset: str, want: dict[str, Any]) -> None:
    resolved = RULES.options_json(RULES.resolve_options({}, 2, preset))
    assert {k: resolved[k] for k in want} == want


def test_the_classic_preset_scores_books_at_500_and_300() -> None:
    t = Table(("Ann", "Bob"), RULES.resolve_options({}, 2, "classic"))
    assert points(t, rnd(went_out(melded_points=105), entry(1, left_points=5))) == [
        500 + 600 + 100 + 105, 500 + LAID - 5]


@pytest.mark.parametrize("rule, text", [("one_clean_three_books", "a clean book and three books in all"),
                                        ("one_clean_two_dirty", "a clean book and two dirty books")])
def test_the_table_rules_say_what_going_out_needs(rule: str, text: str) -> None:
    assert str(RULES.table_rules(table(2, going_out_books=rule))[-1]).endswith(text)


# --- games.md "More checks": books need the cards laid down, the meld minimum, wild cards ----------

@pytest.mark.parametrize("hand, number, data, fields", [
    ("books alone", 1, {"clean_books": 2, "dirty_books": 1, "went_out": True}, {"players.0.melded_points"}),
    ("books, nothing laid", 1, {"clean_books": 1, "left_points": 0}, {"players.0.melded_points"}),
    ("under hand 1's 60", 1, {"melded_points": 40, "left_points": 0}, {"players.0.melded_points"}),
    ("cards under 60", 1, {"melded": "K K K 4 4 4", "left_points": 0}, {"players.0.melded_points"}),
    ("60 in hand 1", 1, {"melded_points": 60, "left_points": 0}, set()),
    ("nothing laid", 1, {"melded_points": 0, "left_points": 20}, set()),
    ("under hand 2's 90", 2, {"melded_points": 80, "left_points": 0}, {"players.0.melded_points"}),
    ("a dirty book, no wild", 1, {"dirty_books": 1, "melded": "K K K K K K K", "left_points": 0},
     {"players.0.dirty_books"}),
    ("a dirty book, a two", 1, {"dirty_books": 1, "melded": "K K K K K K 2", "left_points": 0}, set()),
    ("two dirty books, one joker", 1, {"dirty_books": 2, "melded": "K K K K K K X Q Q Q Q Q Q Q",
                                        "left_points": 0}, {"players.0.dirty_books"}),
    ("a dirty book by points", 1, {"dirty_books": 1, "melded_points": 80, "left_points": 0}, set()),
])
def test_cards_laid_down_are_checked(hand: str, number: int, data: dict[str, Any], fields: set[str]) -> None:
    t = table(2)
    hands = [rnd(entry(), entry())] * (number - 1) + [rnd(data, entry())]
    if fields:
        with pytest.raises(RoundRefused) as exc:
            play(t, hands)
        assert set(exc.value.errors) == fields, hand
    else:
        play(t, hands)


def test_the_meld_minimum_message_says_the_minimum() -> None:
    with pytest.raises(RoundRefused) as exc:
        play(table(2), [rnd(entry(), entry(melded_points=40))])
    said = str(exc.value.errors["players.1.melded_points"])
    assert "Bob" in said and "60" in said and "40" in said


def test_partners_reach_the_meld_minimum_together() -> None:
    t = table(4, partners=True)
    play(t, [rnd(entry(melded_points=40), entry(), entry(melded_points=30), entry())])  # the team laid 70
    with pytest.raises(RoundRefused) as exc:
        play(t, [rnd(entry(melded_points=40), entry(), entry(), entry())])
    assert set(exc.value.errors) == {"players.0.melded_points"}


@pytest.mark.parametrize("opts, mine, field", [
    ({}, entry(1, 1, melded_points=72), "players.0.melded_points"),  # every card counts a multiple of 5
    ({}, entry(left_points=7), "players.0.left_points"),
    ({}, entry(left_points=35), None),
    ({"values": {"4": 4}}, entry(1, 1, melded_points=72), None),    # a card worth 4: any sum may be
])
def test_points_given_are_a_sum_the_cards_can_make(opts: dict[str, Any], mine: dict[str, Any], field: str | None) -> None:
    t = table(2, **opts)
    data = rnd(mine, entry(left_points=10))
    if field is None:
        play(t, [data], entered=1)
    else:
        with pytest.raises(RoundRefused) as err:
            play(t, [data], entered=1)
        assert set(err.value.errors) == {field}
        assert play(t, [data], lenient=True).broken is None  # a hand stored before the check is scored as it was


def test_six_partners_place_three_teams_first_to_third() -> None:
    t = table(6, partners=True, rounds=2)
    state = play(t, [rnd(entry(3), entry(2), entry(1), entry(0), entry(0), entry(0))])
    assert [s["place"] for s in state.standings] == [1, 2, 3, 1, 2, 3]


# --- games.md "House rules as tables play them": books apart, threes left, the books going out needs ---------

SEVENS = ["7"] * 7
WILDS = ["X", "X", "2", "2", "2", "2", "X"]


@pytest.mark.parametrize("case, opts, data, want", [
    ("a book of sevens at 1500: seven sevens 35 and a joker 50 laid down", {"seven_book": 1500},
     rnd(entry(seven_books=1, melded=SEVENS + ["X"], left_points=0), entry(left_points=10)), [1500 + 85, -10]),
    ("a wild book at 1000: three jokers 150, four twos 80", {"wild_book": 1000},
     rnd(entry(wild_books=1, melded=WILDS), entry(left_points=0)), [1000 + 230, 0]),
    ("both, with clean and dirty books", {"seven_book": 1500, "wild_book": 1000, "clean_book": 500, "dirty_book": 300},
     rnd(entry(1, 1, seven_books=1, wild_books=1, melded_points=600), entry(left_points=0)),
     [500 + 300 + 1500 + 1000 + 600, 0]),
    ("a seven book at 0 points apart", {"seven_book": 0},
     rnd(entry(seven_books=1, melded=SEVENS + ["X"]), entry(left_points=0)), [85, 0]),
    ("nothing apart when the option is off: 0 is accepted", {},
     rnd(entry(1, seven_books=0, wild_books=0, melded_points=100), entry(left_points=0)), [150, 0]),
    ("red threes left at 100 each", {"red_three_left": 100},
     rnd(entry(threes=1, red_threes_left=2, left_points=30), entry(left_points=0)), [100 - 200 - 30, 0]),
    ("red threes left cost nothing while the option is 0", {},
     rnd(entry(red_threes_left=2, left_points=30), entry(left_points=0)), [-30, 0]),
    ("a black three left at 300, listed", {"black_three_left": 300},
     rnd(entry(left=["3S", "K", "3c"]), entry(left_points=0)), [-610, 0]),
    ("a black three left at 300, points typed are taken as counted", {"black_three_left": 300},
     rnd(entry(left_points=15), entry(left_points=0)), [-15, 0]),
    ("black threes at 300 beat a card value set for them", {"black_three_left": 300, "values": {"3": 50}},
     rnd(entry(left=["3S"]), entry(left_points=0)), [-300, 0]),
    ("black threes at 0", {"black_three_left": 0}, rnd(entry(left=["3S", "3C", "4"]), entry(left_points=0)), [-5, 0]),
    ("a black three at the card's value, as usual", {}, rnd(entry(left=["3S"]), entry(left_points=0)), [-5, 0]),
])
def test_house_rule_points(case: str, opts: dict[str, Any], data: dict[str, Any], want: list[int]) -> None:
    assert points(table(2, **opts), data) == want, case


def test_partners_with_books_of_sevens_and_wild_books() -> None:
    """Ann goes out on Cy's book of sevens (a clean book for going out) and her own two dirty books; the team
    scores Ann 2×30 + 100 + 150 laid = 310, Cy 1500 + 35 = 1535, together 1845; Bob's wild book 1000 + 230."""
    t = table(4, partners=True, seven_book=1500, wild_book=1000, rounds=1)
    state = play(t, [rnd(entry(0, 2, 0, True, melded_points=150, left_points=0),
                         entry(wild_books=1, melded=WILDS),
                         entry(seven_books=1, melded=SEVENS),
                         entry(left_points=20))])
    assert state.rounds[0].points == [310, 1230, 1535, -20]
    assert [s["team"]["total"] for s in state.standings[:2]] == [1845, 1210]
    assert state.winners == [0, 2]


def test_partners_a_wild_book_is_no_clean_book_for_going_out() -> None:
    t = table(4, partners=True, wild_book=1000)
    data = rnd(entry(0, 2, 0, True, melded_points=150, left_points=0), entry(),
               entry(wild_books=1, melded=WILDS), entry())
    assert error_fields(t, data) == {"players.0.went_out"}


@pytest.mark.parametrize("case, opts, mine, ok", [
    ("a seven book counts as the clean book", {"seven_book": 1000}, entry(0, 2, seven_books=1), True),
    ("a wild book is not a clean book", {"wild_book": 1000}, entry(0, 2, wild_books=1), False),
    ("a wild book counts in the books in all", {"wild_book": 1000}, entry(1, 1, wild_books=1), True),
    ("two dirty: a wild book is not dirty", {"wild_book": 1000, "going_out_books": "one_clean_two_dirty"},
     entry(1, 1, wild_books=1), False),
    ("two dirty: a seven book is the clean one", {"seven_book": 1000, "going_out_books": "one_clean_two_dirty"},
     entry(0, 2, seven_books=1), True),
    ("needs one clean, two dirty", {"going_out_needs": {"clean": 1, "dirty": 2}}, entry(1, 2), True),
    ("needs one clean, two dirty: two clean one dirty", {"going_out_needs": {"clean": 1, "dirty": 2}},
     entry(2, 1), False),
    ("needs two clean", {"going_out_needs": {"clean": 2}}, entry(2), True),
    ("needs two clean: one clean, a seven", {"going_out_needs": {"clean": 2}, "seven_book": 1000},
     entry(1, seven_books=1), True),
    ("needs two clean: one", {"going_out_needs": {"clean": 2}}, entry(1, 3), False),
    ("needs four in all", {"going_out_needs": {"any": 4}}, entry(0, 4), True),
    ("needs four in all: three", {"going_out_needs": {"any": 4}}, entry(3), False),
    ("needs a seven book", {"going_out_needs": {"clean": 1, "seven": 1}, "seven_book": 1500},
     entry(0, 0, seven_books=1), True),
    ("needs a seven book: a clean one is not", {"going_out_needs": {"seven": 1, "any": 3}, "seven_book": 1500},
     entry(3), False),
    ("needs a wild book", {"going_out_needs": {"wild": 1, "clean": 1}, "wild_book": 1000},
     entry(1, wild_books=1), True),
    ("needs a wild book: dirty ones are not", {"going_out_needs": {"wild": 1}, "wild_book": 1000},
     entry(1, 2), False),
    ("needs nothing", {"going_out_needs": {}}, entry(), True),
])
def test_going_out_needs(case: str, opts: dict[str, Any], mine: dict[str, Any], ok: bool) -> None:
    t = table(2, **opts)
    went = {**mine, "went_out": True, "left_points": 0}
    if mine != entry():
        went.setdefault("melded_points", LAID)
    went.pop("melded_points") if "melded" in went else None
    data = rnd({k: v for k, v in went.items()}, entry(left_points=10))
    if "seven_books" in mine or "wild_books" in mine:
        data["players"][0]["melded_points"] = 7 * 50 * 4  # enough for any books here
    if ok:
        play(t, [data])
    else:
        assert error_fields(t, data) == {"players.0.went_out"}, case


def test_the_went_out_refusal_says_the_books_needed_and_made() -> None:
    t = table(2, going_out_needs={"clean": 1, "dirty": 2})
    with pytest.raises(RoundRefused) as exc:
        play(t, [rnd(entry(2, 1, 0, True, left_points=0), entry())])
    assert str(exc.value.errors["players.0.went_out"]) == (
        "Ann went out, which needs a clean book and two dirty books; Ann made 2 clean books and a dirty book")
    t = table(4, partners=True, going_out_needs={"clean": 2, "any": 4})
    with pytest.raises(RoundRefused) as exc:
        play(t, [rnd(entry(1, 0, 0, True, left_points=0), entry(), entry(0, 1), entry())])
    assert str(exc.value.errors["players.0.went_out"]) == (
        "Ann went out, which needs 2 clean books and 4 books in all; the team made a clean book and a dirty book")


@pytest.mark.parametrize("given, books, needs", [
    ({}, "one_clean_three_books", {"clean": 1, "any": 3}),
    ({"going_out_books": "one_clean_two_dirty"}, "one_clean_two_dirty", {"clean": 1, "dirty": 2}),
    ({"going_out_needs": {"clean": 1, "dirty": 2}}, "one_clean_two_dirty", {"clean": 1, "dirty": 2}),
    ({"going_out_needs": {"clean": 1, "any": 3}}, "one_clean_three_books", {"clean": 1, "any": 3}),
    ({"going_out_needs": {"clean": 1, "dirty": 2, "any": 3, "seven": 0}}, "one_clean_two_dirty",
     {"clean": 1, "dirty": 2, "any": 3}),
    ({"going_out_needs": {"clean": 2}}, None, {"clean": 2}),
    ({"going_out_needs": {"clean": 1, "seven": 1}, "seven_book": 1000}, None, {"clean": 1, "seven": 1}),
    ({"going_out_needs": {}}, None, {}),
    ({"going_out_books": "one_clean_two_dirty", "going_out_needs": {"clean": 1, "dirty": 2}}, "one_clean_two_dirty",
     {"clean": 1, "dirty": 2}),
    ({"going_out_books": "one_clean_two_dirty", "going_out_needs": {"clean": 1, "any": 3}}, "one_clean_two_dirty",
     {"clean": 1, "dirty": 2}),  # the needs left as usual: the rule named decides
    ({"going_out_books": None, "going_out_needs": {"clean": 2}}, None, {"clean": 2}),  # as the state shows them
    ({"going_out_books": None}, "one_clean_three_books", {"clean": 1, "any": 3}),
])
def test_either_option_says_the_books_and_the_state_shows_both(given: dict[str, Any], books: str | None,
                                                              needs: dict[str, int]) -> None:
    shown = RULES.options_json(RULES.resolve_options(given, 2))
    assert (shown["going_out_books"], shown["going_out_needs"]) == (books, needs)
    assert RULES.options_json(RULES.load_options(shown)) == shown


@pytest.mark.parametrize("given", [{"going_out_needs": {"clean": 2, "any": 4}},
                                   {"going_out_books": "one_clean_two_dirty"},
                                   {"going_out_needs": {"seven": 1, "clean": 1}, "seven_book": 1200}])
def test_options_given_back_as_the_state_shows_them_are_the_same_rules(given: dict[str, Any]) -> None:
    shown = RULES.options_json(RULES.resolve_options(given, 4))
    assert RULES.options_json(RULES.resolve_options(shown, 4)) == shown  # play again, a backup, a group's rules


def test_a_game_stored_before_going_out_needs_keeps_its_books() -> None:
    stored = RULES.options_json(RULES.resolve_options({"going_out_books": "one_clean_two_dirty"}, 2))
    del stored["going_out_needs"]
    assert RULES.load_options(stored).going_out_needs == {"clean": 1, "dirty": 2}


@pytest.mark.parametrize("opts, field", [
    ({"seven_book": -1}, "options.seven_book"),
    ({"seven_book": "1500"}, "options.seven_book"),
    ({"wild_book": 10001}, "options.wild_book"),
    ({"red_three_left": None}, "options.red_three_left"),
    ({"red_three_left": -100}, "options.red_three_left"),
    ({"black_three_left": 2.5}, "options.black_three_left"),
    ({"going_out_needs": [1, 2]}, "options.going_out_needs"),
    ({"going_out_needs": {"clean": -1}}, "options.going_out_needs"),
    ({"going_out_needs": {"clean": 21}}, "options.going_out_needs"),
    ({"going_out_needs": {"pure": 1}}, "options.going_out_needs"),
    ({"going_out_needs": {"clean": "1"}}, "options.going_out_needs"),
    ({"going_out_needs": {"seven": 1}}, "options.going_out_needs"),  # sevens not scored apart
    ({"going_out_needs": {"wild": 1}, "seven_book": 1000}, "options.going_out_needs"),
    ({"going_out_books": "one_clean_two_dirty", "going_out_needs": {"clean": 2}}, "options.going_out_needs"),
])
def test_bad_house_rule_options_are_refused(opts: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesError) as exc:
        RULES.resolve_options(opts, 4)
    assert set(exc.value.errors) == {field}


@pytest.mark.parametrize("case, n, opts, data, fields", [
    ("sevens not scored apart", 2, {}, rnd(entry(seven_books=1, melded=SEVENS), entry()), {"players.0.seven_books"}),
    ("wild books not scored apart", 2, {}, rnd(entry(), entry(wild_books=1, melded=WILDS)), {"players.1.wild_books"}),
    ("a seven book needs seven sevens", 2, {"seven_book": 1500},
     rnd(entry(seven_books=1, melded=["7"] * 6 + ["8"]), entry()), {"players.0.seven_books"}),
    ("a wild book needs seven wild cards", 2, {"wild_book": 1000},
     rnd(entry(wild_books=1, melded=["X", "X", "2", "2", "2", "2", "K"]), entry()), {"players.0.wild_books"}),
    ("a wild book and a dirty book need eight wild cards", 2, {"wild_book": 1000},
     rnd(entry(dirty=1, wild_books=1, melded=WILDS + ["K"] * 7), entry()), {"players.0.dirty_books"}),
    ("a wild book and a dirty book with eight", 2, {"wild_book": 1000},
     rnd(entry(dirty=1, wild_books=1, melded=WILDS + ["K"] * 6 + ["2"]), entry()), set()),
    ("a seven book by points: 7 × 5 at the least", 2, {"seven_book": 1500},
     rnd(entry(seven_books=1, melded_points=30), entry()), {"players.0.seven_books"}),
    ("a wild book by points: 7 × 20 at the least", 2, {"wild_book": 1000},
     rnd(entry(wild_books=1, melded_points=135), entry()), {"players.0.wild_books"}),
    ("a wild book by points: 140", 2, {"wild_book": 1000}, rnd(entry(wild_books=1, melded_points=140), entry()), set()),
    ("a clean and a seven book by points: 35 + 35", 2, {"seven_book": 1500},
     rnd(entry(1, seven_books=1, melded_points=65), entry()), {"players.0.clean_books"}),
    ("a seven book with no cards laid down", 2, {"seven_book": 1500},
     rnd(entry(seven_books=1, left_points=0, **{"melded_points": None}), entry()), {"players.0.melded_points"}),
    ("more seven books than the packs hold: 3 packs, 12 sevens", 2, {"seven_book": 1500},
     rnd(entry(seven_books=2, melded_points=70), entry()), {"players.0.seven_books"}),
    ("seven books across the table: 5 packs, 20 sevens", 4, {"seven_book": 1500},
     rnd(entry(seven_books=2, melded_points=70), entry(seven_books=1, melded_points=70), entry(), entry()),
     {"players"}),
    ("red threes laid and left for one player: 3 packs hold 6", 2, {"red_three_left": 100},
     rnd(entry(threes=4, red_threes_left=3), entry()), {"players.0.red_threes_left"}),
    ("red threes laid and left across the table: 3 packs", 2, {"red_three_left": 100},
     rnd(entry(threes=4), entry(red_threes_left=3)), {"players"}),
    ("six red threes with 3 packs", 2, {"red_three_left": 100},
     rnd(entry(threes=4), entry(red_threes_left=2)), set()),
    ("nine red threes with 4 packs (3 players)", 3, {"red_three_left": 100},
     rnd(entry(threes=4), entry(red_threes_left=3), entry(red_threes_left=2)), {"players"}),
    ("eight red threes with 4 packs", 3, {"red_three_left": 100},
     rnd(entry(threes=4), entry(red_threes_left=2), entry(red_threes_left=2)), set()),
    ("red threes left are counted while the option is 0", 2, {},
     rnd(entry(threes=4), entry(red_threes_left=3)), {"players"}),
    ("who went out has no red threes left", 2, {"red_three_left": 100},
     rnd(went_out(red_threes_left=1), entry()), {"players.0.red_threes_left"}),
    ("a negative count", 2, {"seven_book": 1500}, rnd(entry(seven_books=-1), entry()), {"players.0.seven_books"}),
    ("junk red threes left", 2, {"red_three_left": 100}, rnd(entry(red_threes_left="2"), entry()),
     {"players.0.red_threes_left"}),
])
def test_house_rule_checks_name_the_field(case: str, n: int, opts: dict[str, Any], data: dict[str, Any],
                                          fields: set[str]) -> None:
    data = {"players": [{k: v for k, v in e.items() if v is not None} for e in data["players"]]}
    t = table(n, **opts)
    if fields:
        assert error_fields(t, data) == fields, case
    else:
        play(t, [data])


@pytest.mark.parametrize("opts, names", [
    ({}, ["clean_books", "dirty_books", "red_threes", "went_out", "melded", "left"]),
    ({"seven_book": 1500}, ["clean_books", "dirty_books", "seven_books", "red_threes", "went_out", "melded", "left"]),
    ({"seven_book": 1500, "wild_book": 1000, "red_three_left": 100},
     ["clean_books", "dirty_books", "seven_books", "wild_books", "red_threes", "red_threes_left", "went_out",
      "melded", "left"]),
    ({"black_three_left": 300}, ["clean_books", "dirty_books", "red_threes", "went_out", "melded", "left"]),
])
def test_the_round_form_asks_what_the_house_rules_score(opts: dict[str, Any], names: list[str]) -> None:
    t = table(3, **opts)
    fields = RULES.round_fields(t, RULES.start(t), Turn(1, 0))
    assert [f.name for f in fields] == names
    by_name = {f.name: f for f in fields}
    assert all(by_name[n].kind is FieldKind.INT and by_name[n].hi for n in names if n.endswith(("books", "threes_left")))
    assert by_name["left"].card_values["3S"] == opts.get("black_three_left", 5)


@pytest.mark.parametrize("opts, want", [
    ({}, "Going out needs a clean book and three books in all"),
    ({"going_out_needs": {"clean": 1, "dirty": 2}}, "Going out needs a clean book and two dirty books"),
    ({"going_out_needs": {"clean": 2, "any": 4}}, "Going out needs 2 clean books and 4 books in all"),
    ({"going_out_needs": {"clean": 1, "seven": 1, "wild": 1}, "seven_book": 1, "wild_book": 1},
     "Going out needs a clean book, a book of sevens and a wild book"),
    ({"going_out_needs": {}}, "Going out needs no books"),
])
def test_the_table_rules_say_the_books_needed(opts: dict[str, Any], want: str) -> None:
    assert str(RULES.table_rules(table(2, **opts))[-1]) == want


def test_the_rules_in_play_say_the_house_scores() -> None:
    t = table(2, seven_book=1500, wild_book=1000, red_three_left=100, black_three_left=300)
    said = [str(m) for m in RULES.rules_now(t, RULES.start(t), Turn(1, 0))]
    assert "A book of sevens scores 1500" in said
    assert "A wild book scores 1000" in said
    assert "A red three left in hand or foot costs 100" in said
    assert "A black three left in hand or foot costs 300" in said
    assert not any("sevens" in line or "costs" in line for line in
                   (str(m) for m in RULES.rules_now(table(2), RULES.start(table(2)), Turn(1, 0))))
