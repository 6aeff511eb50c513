"""Golf rules, table by table: layouts, pairing rules, knocks, looks, targets and quarters."""
from __future__ import annotations

import itertools

import pytest

from scorekeeper.rules import golf
from scorekeeper.rules.messages import RulesError
from scorekeeper.rules.spec import Table
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.engine import RoundRefused
from tests.rules.tables import helpers

RULES = golf.RULES


table, play_rounds = helpers(RULES, players=3)


def score(cards: str, **options) -> int:
    t = table(**options)
    return golf.layout_score(parse_cards(cards, "cards"), t.options)


def hole(*entries, knocker=None) -> dict:
    return {"players": [e if e is None or isinstance(e, dict) else
                        ({"score": e} if isinstance(e, int) else {"cards": e.split()}) for e in entries],
            "knocker": knocker}


def play(t: Table, *holes, finished_by_hand=False):
    return play_rounds(t, list(holes), finished_by_hand=finished_by_hand)


@pytest.mark.parametrize("options, expected", [
    ({}, {"layout": 4, "pairs": "none", "holes": 9, "target": None, "packs": 1, "quarters": None}),
    ({"layout": 6}, {"pairs": "columns", "holes": 9}),
    ({"target": 100}, {"holes": None, "target": 100}),
    ({"quarters": 4}, {"holes": None, "quarters": 4}),
    ({"holes": 18, "pairs": "all"}, {"holes": 18, "pairs": "all"}),
    ({"packs": 3}, {"packs": 3}),
])
def test_defaults_fill_in(options, expected):
    resolved = RULES.options_json(RULES.resolve_options(options, 3))
    assert {k: resolved[k] for k in expected} == expected


def test_two_packs_from_eight_players():
    assert RULES.options_json(RULES.resolve_options({}, 8))["packs"] == 2
    assert RULES.options_json(RULES.resolve_options({}, 7))["packs"] == 1


@pytest.mark.parametrize("options, field", [
    ({"layout": 5}, "options.layout"),
    ({"layout": "4"}, "options.layout"),
    ({"holes": 0}, "options.holes"),
    ({"target": -5}, "options.target"),
    ({"pairs": "triples"}, "options.pairs"),
    ({"one_eyed_jacks_wild": "yes"}, "options.one_eyed_jacks_wild"),
    ({"knock_penalty": "add20"}, "options.knock_penalty"),
    ({"knock_bonus": 0}, "options.knock_bonus"),
    ({"look_cost": -1}, "options.look_cost"),
    ({"quarters": 0}, "options.quarters"),
    ({"packs": 0}, "options.packs"),
    ({"values": {"Queen": 12}}, "options.values"),
    ({"values": {"Q": "12"}}, "options.values"),
    ({"values": "Q=12"}, "options.values"),
    ({"first_dealer": 3}, "options.first_dealer"),
    ({"unknown": 1}, "options.unknown"),
])
def test_bad_options_are_refused_by_name(options, field):
    with pytest.raises(RulesError) as err:
        RULES.resolve_options(options, 3)
    assert field in err.value.errors


@pytest.mark.parametrize("cards, options, expected", [
    # Card values: A=1, 2-10 face, J=Q=10, K=0, joker -5.
    ("A 2 3 4", {}, 10),
    ("10 J Q K", {}, 30),
    ("X X K K", {}, -10),
    ("K 5 5 Q", {}, 20),
    # Value overrides from the seed's variants; a suited key beats a rank key.
    ("Q Q K K", {"values": {"Q": 12}}, 24),
    ("QS QH 8 8", {"values": {"QS": 40, "8": 0}}, 50),
    ("J J Q K", {"values": {"J": 0, "Q": 12, "K": 13}}, 25),
    ("J A A A", {"values": {"J": 20}}, 23),
    ("X A 2 3", {"values": {"X": 0}}, 6),
    # pairs: equal ranks cancel two at a time.
    ("5 5 5 Q", {"pairs": "pairs"}, 15),
    ("Q Q Q J", {"pairs": "pairs"}, 20),
    ("7 7 7 7", {"pairs": "pairs"}, 0),
    ("9 A A 9", {"pairs": "pairs"}, 0),
    ("X X 3 4", {"pairs": "pairs"}, -3),  # cancelling two jokers would cost the player
    # lines: only in the same row or column; diagonals do not cancel.
    ("9 A A 9", {"pairs": "lines"}, 20),
    ("9 9 A A", {"pairs": "lines"}, 0),
    ("9 A 9 A", {"pairs": "lines"}, 0),
    # columns: only in the same column.
    ("9 9 A A", {"pairs": "columns"}, 20),
    ("9 A 9 A", {"pairs": "columns"}, 0),
    # all: every card of a repeated rank scores 0 (seed: three queens and a king score 0).
    ("Q Q Q K", {"pairs": "all"}, 0),
    ("Q Q Q 5", {"pairs": "all"}, 5),
    ("X X 3 4", {"pairs": "all"}, 7),
    # one-eyed jacks pair with any card under pairs/lines/columns.
    ("JS Q 7 8", {"pairs": "pairs", "one_eyed_jacks_wild": True}, 15),
    ("JH 9 A 2", {"pairs": "columns", "one_eyed_jacks_wild": True}, 11),
    ("JD Q 7 8", {"pairs": "pairs", "one_eyed_jacks_wild": True}, 35),
    # 6-card layouts: columns 1-4, 2-5, 3-6 by default.
    ("5 6 7 5 6 7", {"layout": 6}, 0),
    ("5 5 5 6 6 6", {"layout": 6}, 33),
    ("5 5 5 6 6 6", {"layout": 6, "pairs": "lines"}, 11),
    ("5 5 5 6 6 6", {"layout": 6, "pairs": "pairs"}, 11),
    ("5 5 5 6 6 6", {"layout": 6, "pairs": "all"}, 0),
    ("A 2 3 4 5 6", {"layout": 6, "pairs": "none"}, 21),
])
def test_layout_scores(cards, options, expected):
    assert score(cards, **options) == expected


@pytest.mark.parametrize("penalty, bonus, scores, knocker, expected", [
    ("none", "none", [6, 4, 40], 0, 6),
    ("add10", "none", [6, 4, 40], 0, 16),
    ("double", "none", [6, 4, 40], 0, 12),
    ("double_plus5", "none", [6, 4, 40], 0, 17),
    ("highest", "none", [6, 4, 40], 0, 40),
    ("none", "zero", [3, 4, 40], 0, 0),
    ("none", "minus_players", [3, 4, 40], 0, 0),
    ("none", "minus_players", [3, 3, 40], 0, 0),   # a tie counts as lowest
    ("add10", "zero", [3, 3, 40], 1, 0),
    ("add10", "zero", [5, 3, 40], 2, 50),
    # games.md Additions: a knock rule never rewards a failed knock nor punishes a good one
    ("none", "zero", [-3, 4, 40], 0, -3),          # a good knock below 0 keeps its score
    ("double", "none", [0, -2, 40], 0, 0),         # doubling 0 or less would reward a failed knock
    ("double", "none", [-1, -5, 40], 0, -1),
    ("double_plus5", "none", [-1, -5, 40], 0, 4),  # the 5 still counts
    ("double_plus5", "none", [3, 1, 40], 0, 11),
])
def test_knock_rules(penalty, bonus, scores, knocker, expected):
    t = table(knock_penalty=penalty, knock_bonus=bonus)
    points = play(t, hole(*scores, knocker=knocker)).rounds[0].points
    assert points[knocker] == expected
    assert [p for s, p in enumerate(points) if s != knocker] == [v for s, v in enumerate(scores) if s != knocker]


def test_minus_players_in_a_four_player_game_matches_the_seed():
    t = table(4, knock_bonus="minus_players", knock_penalty="double")
    assert play(t, hole(3, 5, 6, 7, knocker=0)).rounds[0].points[0] == -1
    assert play(t, hole(3, 2, 6, 7, knocker=0)).rounds[0].points[0] == 6


def test_looks_cost_points_after_the_knock_rule():
    t = table(look_cost=1, knock_bonus="zero")
    data = hole({"score": 2, "looks": 3}, {"score": 5, "looks": 1}, {"cards": ["A", "2", "3", "4"]}, knocker=0)
    assert play(t, data).rounds[0].points == [3, 6, 10]


def test_holes_end_the_game_and_lowest_total_wins():
    t = table(holes=2)
    d = play(t, hole(5, 9, 5), hole(5, 2, 4))
    assert d.over and d.winners == [2] and d.next is None
    assert [s["total"] for s in d.standings] == [10, 11, 9]


def test_a_shared_lowest_total_makes_joint_winners():
    d = play(table(holes=2), hole(5, 9, 5), hole(5, 1, 5))
    assert d.winners == [0, 1, 2]


def test_target_ends_at_the_end_of_the_hole():
    t = table(target=20)
    d = play(t, hole(5, 12, 3), hole(4, 9, 3))
    assert d.over and [s["total"] for s in d.standings] == [9, 21, 6] and d.winners == [2]
    with pytest.raises(RoundRefused) as err:
        play(t, hole(5, 12, 3), hole(4, 9, 3), hole(1, 1, 1))
    assert err.value.after_end


def test_dealer_passes_left_each_hole():
    t = table(first_dealer=2)
    d = play(t, hole(1, 2, 3), hole(1, 2, 3))
    assert [r.dealer for r in d.rounds] == [2, 0] and d.next["dealer"] == 1


def test_quarters_elimination():
    t = table(quarters=1)
    d = play(t, hole(1, 2, 9))
    assert [s["quarters"] for s in d.standings] == [1, 1, 0]
    assert d.standings[2]["out"] and d.next["jar"] == 1 and not d.over
    assert d.next["dealer"] == 1
    d = play(t, hole(1, 2, 9), hole(4, 2, None))
    assert d.over and d.winners == [1] and d.next is None


def test_quarters_players_out_together_on_the_last_hole_share_the_win():
    t = table(quarters=1)
    d = play(t, hole(5, 5, 5))
    assert d.over and d.winners == [0, 1, 2]


@pytest.mark.parametrize("holes, places", [
    ([hole(1, 2, 9), hole(1, 9, None)], [1, 2, 3]),  # Cy out on hole 1, Bob on hole 2: Bob lasted longer
    ([hole(1, 9, 9)], [1, 2, 2]),  # out on the same hole: level
    ([hole(9, 2, 3), hole(None, 2, 9)], [3, 1, 2]),
])
def test_quarters_players_out_are_placed_by_how_long_they_lasted(holes, places):
    d = play(table(quarters=1), *holes)
    assert d.over and [s["place"] for s in d.standings] == places


def test_the_jar_is_what_the_fold_paid_hole_by_hole():
    t = table(quarters=2)
    holes = [hole(9, 9, 1), hole(1, 2, 3), hole(5, 5, 5)]
    jar = RULES.jar(t, [r.points for r in play(t, *holes).rounds] + [None])  # a hole that does not count pays nothing
    assert jar.paid == (frozenset({0, 1}), frozenset({2}), frozenset({0, 1, 2}), frozenset())
    assert jar.left == ((1, 1, 2), (1, 1, 1), (0, 0, 0), (0, 0, 0))
    assert jar.series()[2] == [2, 1, 0, 0]
    assert [s["quarters"] for s in play(t, *holes).standings] == list(jar.left[-1])
    assert RULES.jar(table(), [[1, 2, 3]]) is None  # no quarters, no jar


def test_quarters_tie_for_highest_all_pay():
    t = table(quarters=2)
    d = play(t, hole(9, 9, 1))
    assert [s["quarters"] for s in d.standings] == [1, 1, 2] and d.next["jar"] == 2



@pytest.mark.parametrize("looks, pays", [(5, 0), (1, 1), (2, 0)])  # 10 + looks against Bob's 12: a tie pays too
def test_quarters_are_paid_on_the_hole_score_with_its_looks(looks, pays):
    """The spec's hole score has the looks in it; the rules page says the quarter goes by that score."""
    t = table(quarters=2, look_cost=1)
    d = play(t, hole({"score": 10, "looks": looks}, 12, 3))
    paid = [2 - s["quarters"] for s in d.standings]
    assert paid[pays] == 1 and paid[2] == 0 and sum(paid) == (2 if 10 + looks == 12 else 1)


def test_finished_by_hand_leaders_win():
    t = table()
    d = play(t, hole(5, 3, 8), finished_by_hand=True)
    assert d.over and d.winners == [1]
    t = table(quarters=3)
    assert play(t, hole(5, 3, 8), finished_by_hand=True).winners == [0, 1]


@pytest.mark.parametrize("data, field", [
    (hole("K 5 5", 3, 3), "players.0.cards"),
    (hole("K 5 5 5 5", 3, 3), "players.0.cards"),
    (hole("K 5 5 Z", 3, 3), "players.0.cards"),
    (hole({"cards": "K 5 5 Q", "score": 4}, 3, 3), "players.0"),
    (hole({}, 3, 3), "players.0.cards"),
    (hole({"score": "4"}, 3, 3), "players.0.score"),
    (hole({"score": 4.5}, 3, 3), "players.0.score"),
    (hole({"score": True}, 3, 3), "players.0.score"),
    (hole({"score": 10**9}, 3, 3), "players.0.score"),
    (hole({"score": 4, "looks": -1}, 3, 3), "players.0.looks"),
    (hole(None, 3, 3), "players.0"),
    (hole(3, 3), "players"),
    (hole(3, 3, 3, knocker=5), "knocker"),
    (hole(3, 3, 3, knocker=-1), "knocker"),
    (hole(3, 3, 3, knocker="0"), "knocker"),
    (hole("5 5 5 5", "5 A 2 3", 3), "players"),
    (hole("QS 2 3 4", "QS 5 6 7", 3), "players"),
    (hole("X X X 4", 3, 3), "players"),
    ({"players": "all"}, "players"),
    ({"players": [1, 2, 3]}, "players.0"),
    ({}, "players"),
    ([], "data"),
])
def test_bad_holes_are_refused_by_field(data, field):
    with pytest.raises(RoundRefused) as err:
        play(table(), data)
    assert field in err.value.errors, err.value.errors


def test_suit_needed_when_a_suit_has_its_own_value():
    with pytest.raises(RoundRefused) as err:
        play(table(values={"QS": 40}), hole("Q 2 3 4", 3, 3))
    assert "players.0.cards" in err.value.errors
    assert play(table(values={"QS": 40}), hole("QS 2 3 4", "QH 2 3 4", 3)).rounds[0].points[:2] == [49, 19]


def test_suit_needed_for_jacks_when_one_eyed_jacks_are_wild():
    t = table(pairs="pairs", one_eyed_jacks_wild=True)
    with pytest.raises(RoundRefused) as err:
        play(t, hole("J 2 3 4", 3, 3))
    assert "players.0.cards" in err.value.errors


def test_two_packs_hold_eight_of_a_rank():
    t = table(packs=2)
    assert play(t, hole("5 5 5 5", "5 5 5 5", 3)).rounds[0].points[:2] == [20, 20]


def test_out_players_must_be_left_empty():
    t = table(quarters=1)
    with pytest.raises(RoundRefused) as err:
        play(t, hole(1, 2, 9), hole(1, 2, 3))
    assert "players.2" in err.value.errors
    with pytest.raises(RoundRefused) as err:
        play(t, hole(1, 2, 9), hole(1, 2, None, knocker=2))
    assert "knocker" in err.value.errors


def test_round_fields_follow_the_options():
    t = table(look_cost=1)
    names = [f.name for f in RULES.round_fields(t, RULES.start(t), None)]
    assert names == ["cards", "looks", "knocker"]
    t = table()
    assert [f.name for f in RULES.round_fields(t, RULES.start(t), None)] == ["cards", "knocker"]


def test_notes_tell_the_table_the_layout_and_the_end():
    t = table(layout=6, packs=2)
    lines = [str(m) for m in RULES.notes(t, RULES.start(t), golf.Turn(3, 0))]
    assert lines == ["6 cards each; a pair scores 0 in the same column", "Hole 3 of 9", "Shuffle 2 packs together"]
    t = table(target=100)
    assert "The game ends when a total reaches 100" in [str(m) for m in RULES.notes(t, RULES.start(t), golf.Turn(1, 0))]


@pytest.mark.parametrize("pairs", [None, "none", "all"])
def test_wild_jacks_need_a_pairing_rule(pairs):
    with pytest.raises(RulesError) as exc:
        table(one_eyed_jacks_wild=True, pairs=pairs)
    assert set(exc.value.errors) == {"options.one_eyed_jacks_wild"}


def test_a_stored_game_with_wild_jacks_and_no_pairing_still_plays():
    stored = {**RULES.options_json(RULES.resolve_options({}, 3)), "one_eyed_jacks_wild": True}
    t = Table(("Ann", "Bob", "Cy"), RULES.load_options(stored))  # as an older version accepted it
    assert play(t, hole("J 2 3 4", 3, 3)).rounds[0].points[0] == 19


# --- games.md Additions: the pot, reachable scores, presets, marks ---------------------------


def pot_table(**options):
    return table(3, holes=4, pot_stake=0.25, **options)


@pytest.mark.parametrize("holes, money, pot", [
    ([], [-0.25, -0.25, -0.25], 0.75),                                # everyone puts the stake in
    ([hole(5, 3, 9, knocker=0)], [-1.0, -0.25, -0.25], 1.5),          # a failed knock doubles the pot
    ([hole(5, 3, 9, knocker=0), hole(2, 4, 6, knocker=0)], [0.25, -0.5, -0.5], 0.75),  # a good one takes it
    ([hole(5, 3, 9)], [-0.25, -0.25, -0.25], 0.75),                   # no knocker: the pot stays
    ([hole(3, 3, 9, knocker=1)], [-0.5, 0.25, -0.5], 0.75),           # a tie counts as lowest
])
def test_the_pot(holes, money, pot):
    d = play(pot_table(), *holes)
    assert [s["money"] for s in d.standings] == money
    assert d.next["pot"] == pot
    assert sum(money) + pot == pytest.approx(0)


def test_the_pot_cap_limits_what_a_failed_knock_pays():
    d = play(pot_table(pot_cap=1), hole(5, 3, 9, knocker=0), hole(5, 3, 9, knocker=0))
    assert [s["money"] for s in d.standings] == [-2.0, -0.25, -0.25] and d.next["pot"] == 2.5


def test_the_pot_outlives_next_in_final():
    d = play(table(3, holes=1, pot_stake=1), hole(1, 3, 9, knocker=0))
    assert d.next is None and d.final == {"pot": 3}  # the new stakes went in after the knock, as every hole
    assert [s["money"] for s in d.standings] == [1, -2, -2]


def test_no_pot_no_money():
    d = play(table(3), hole(1, 3, 9, knocker=0))
    assert [s["money"] for s in d.standings] == [None, None, None] and "pot" not in d.next


def test_with_a_pot_each_player_sees_their_money_under_their_name():
    t = pot_table()
    d = play(t, hole(5, 3, 9, knocker=0), hole(2, 4, 6, knocker=0))  # money 0.25, -0.5, -0.5
    notes = RULES.seat_notes(t, d.state)
    assert [[str(m) for m in seat] for seat in notes] == [["Money: +0.25"], ["Money: -0.50"], ["Money: -0.50"]]
    assert RULES.seat_notes(table(3), play(table(3), hole(1, 3, 9)).state) == [[], [], []]  # no pot, no line


def test_a_pot_cap_needs_a_pot():
    with pytest.raises(RulesError) as exc:
        table(pot_cap=5)
    assert set(exc.value.errors) == {"options.pot_cap"}


@pytest.mark.parametrize("options, lowest, highest", [
    ({}, -10, 40),                                   # two jokers; four cards worth 10
    ({"pairs": "pairs"}, -10, 39),                   # equal ranks would cancel: 10 J Q 9
    ({"pairs": "all", "values": {"X": 0}}, 0, 39),   # the quarters sheet
    ({"layout": 6}, -10, 60),
    ({"values": {"QS": 40}}, -10, 70),
])
def test_a_typed_score_must_be_reachable(options, lowest, highest):
    t = table(**options)
    assert golf.score_range(t.options) == (lowest, highest)
    play(t, hole(lowest, highest, 5))
    for bad in (lowest - 1, highest + 1):
        with pytest.raises(RoundRefused) as exc:
            play(t, hole(bad, 5, 5))
        assert set(exc.value.errors) == {"players.0.score"}
        assert "no layout" in str(exc.value.errors["players.0.score"])


@pytest.mark.parametrize("preset, want", [
    ("six_card", {"layout": 6, "pairs": "columns"}),
    ("quarters", {"quarters": 4, "pairs": "all", "values": {"X": 0}, "holes": None}),
])
def test_presets(preset, want):
    resolved = RULES.options_json(RULES.resolve_options({}, 3, preset))
    assert {k: resolved[k] for k in want} == want


def test_explicit_options_beat_the_preset():
    resolved = RULES.options_json(RULES.resolve_options({"quarters": 3, "values": {}}, 3, "quarters"))
    assert resolved["quarters"] == 3 and resolved["values"] == {} and resolved["pairs"] == "all"


def test_a_doubled_knock_is_marked():
    d = play(table(knock_penalty="double"), hole(6, 4, 40, knocker=0), hole(3, 4, 40, knocker=0))
    assert d.rounds[0].marks == ["12 ×2", "4", "40"] and d.rounds[1].marks == ["3", "4", "40"]


@pytest.mark.parametrize("options, data, fields", [
    ({}, hole("K 5 5", "Z 2 3 4", {}), {"players.0.cards", "players.1.cards", "players.2.cards"}),
    ({}, hole({"score": 4.5}, {"cards": "A 2 3 4", "score": 3}, None), {"players.0.score", "players.1", "players.2"}),
    ({}, hole("K 5 5", 3, 3, knocker=7), {"players.0.cards", "knocker"}),
    ({"look_cost": 1}, hole({"score": 4, "looks": -1}, {"cards": "A 2"}, 3),
     {"players.0.looks", "players.1.cards"}),
    ({"look_cost": 1}, hole({"cards": "A", "looks": 99}, 3, 3), {"players.0.cards", "players.0.looks"}),
    ({"values": {"QS": 40}}, hole("Q 2 3 4", "QS 5 6 7", "Q 1 2 3"), {"players.0.cards", "players.2.cards"}),
    ({}, hole("5 5 5 5", "5 A 2 Z", 3), {"players.1.cards"}),  # the pack count waits for good layouts
])
def test_every_problem_of_a_hole_is_reported_at_once(options, data, fields):
    with pytest.raises(RoundRefused) as exc:
        play(table(**options), data)
    assert set(exc.value.errors) == fields


def test_each_problem_names_its_player():
    with pytest.raises(RoundRefused) as exc:
        play_rounds(table(), [hole({}, 3, None)], entered=1)
    assert [str(m) for m in exc.value.errors.values()] == ["give Ann's cards or score", "give Cy's cards or score"]


def test_a_later_hole_a_correction_breaks_says_what_the_correction_did_to_it():
    """Not "leave this empty" nor "give Cy's cards" about a hole nobody is typing: what the hole would be."""
    t = table(quarters=1)
    with pytest.raises(RoundRefused) as exc:  # hole 1 corrected so that Ann goes out, not Cy
        play_rounds(t, [hole(9, 2, 1), hole(1, 2, None)], entered=1)
    assert exc.value.number == 2 and [str(m) for m in exc.value.errors.values()] == [
        "Ann would be out of the game by then, yet this round has an entry for them",
        "Cy would still be in the game by then, yet this round has no entry for them"]


# --- games.md "More checks": the score bounds are those of a real layout -------------------------

@pytest.mark.parametrize("options, lowest, highest", [
    ({"values": {"J": 20}, "pairs": "lines"}, -10, 60),                 # two jacks in a line cancel: 2 J on the diagonal
    ({"values": {"J": 20}, "pairs": "columns"}, -10, 60),
    ({"values": {"J": 20}, "layout": 6}, -10, 90),                      # columns: one jack a column
    ({"values": {"J": 20}, "layout": 6, "pairs": "lines"}, -10, 80),    # one jack a row
    ({"values": {"J": 20}, "layout": 6, "pairs": "none"}, -10, 100),    # four jacks and two tens count
    ({"layout": 6, "pairs": "pairs", "one_eyed_jacks_wild": True}, -10, 54),
    ({"values": {"QS": 40, "8": 0}, "layout": 6, "pairs": "lines", "one_eyed_jacks_wild": True}, -10, 90),
])
def test_score_bounds_come_from_a_real_layout(options, lowest, highest):
    t = table(**options)
    assert golf.score_range(t.options) == (lowest, highest)
    with pytest.raises(RoundRefused) as exc:
        play(t, hole(5, highest + 1, 5))
    assert set(exc.value.errors) == {"players.1.score"}


def all_layouts(options):
    """Every layout the packs can deal, as kinds of card (brute force, for 4 cards)."""
    kinds = golf.card_kinds(options)
    for picks in itertools.product(range(len(kinds)), repeat=options.layout):
        if all(picks.count(i) <= kinds[i][2] for i in set(picks)):
            yield [kinds[i][0] for i in picks]


@pytest.mark.parametrize("pairs, values, wild", [
    ("lines", {"J": 20}, True), ("columns", {"QS": 40, "8": 0}, True), ("pairs", {"J": 0, "Q": 12, "K": 13}, False),
    ("all", {"J": 20}, False),
])
def test_score_bounds_match_every_four_card_layout(pairs, values, wild):
    t = table(layout=4, pairs=pairs, values=values, one_eyed_jacks_wild=wild)
    scores = [golf.layout_score(cards, t.options) for cards in all_layouts(t.options)]
    assert golf.score_range(t.options) == (min(scores), max(scores))


def test_an_even_balance_reads_0_00_without_a_sign():
    from scorekeeper.rules.messages import Amount

    assert [str(Amount(v, signed=True)) for v in (0.0, -0.0, 0.3 - 0.1 - 0.2, 0.25, -1.5)] == [
        "0.00", "0.00", "0.00", "+0.25", "-1.50"]
