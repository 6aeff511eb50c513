"""Golf house rules as tables play them (games.md): 8 and 9-card layouts, negative_pairs and four_bonus.

Every case is worked out by hand. Places: 8 cards [1 2 3 4 / 5 6 7 8], columns 1-5 2-6 3-7 4-8; 9 cards
[1 2 3 / 4 5 6 / 7 8 9], columns 1-4-7 2-5-8 3-6-9. Values A=1, 2-10 face, J=Q=10, K=0, X=-5.
"""
from __future__ import annotations

import itertools

import pytest

from scorekeeper.rules import golf
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.engine import RoundRefused
from scorekeeper.rules.messages import RulesError
from tests.rules.tables import helpers

RULES = golf.RULES

table, play_rounds = helpers(RULES, players=3)


def score(cards: str, players: int = 3, **options) -> int:
    return golf.layout_score(parse_cards(cards.split(), "cards"), table(players, **options).options)


def hole(*entries) -> dict:
    return {"players": [{"score": e} if isinstance(e, int) else {"cards": e.split()} for e in entries],
            "knocker": None}


@pytest.mark.parametrize("layout, players, packs", [
    (8, 2, 1), (8, 4, 1), (8, 5, 2), (8, 8, 2), (8, 9, 3), (8, 12, 3),
    (9, 4, 1), (9, 5, 2), (9, 9, 3),
    (4, 7, 1), (4, 8, 2), (6, 5, 1), (6, 9, 2),  # 4 and 6 cards as before
])
def test_packs_by_players_and_layout(layout, players, packs):
    assert RULES.options_json(RULES.resolve_options({"layout": layout}, players))["packs"] == packs


@pytest.mark.parametrize("options, expected", [
    ({"layout": 8}, {"pairs": "columns", "negative_pairs": "cancel", "four_bonus": 0}),
    ({"layout": 9}, {"pairs": "columns"}),
    ({"layout": 9, "pairs": "lines"}, {"pairs": "lines"}),
    ({}, {"layout": 4, "pairs": "none", "negative_pairs": "cancel", "four_bonus": 0}),
])
def test_defaults(options, expected):
    resolved = RULES.options_json(RULES.resolve_options(options, 3))
    assert {k: resolved[k] for k in expected} == expected


@pytest.mark.parametrize("options, field", [
    ({"layout": 7}, "options.layout"),
    ({"layout": 10}, "options.layout"),
    ({"layout": "9"}, "options.layout"),
    ({"negative_pairs": "drop"}, "options.negative_pairs"),
    ({"negative_pairs": True}, "options.negative_pairs"),
    ({"four_bonus": 20}, "options.four_bonus"),
    ({"four_bonus": -101}, "options.four_bonus"),
    ({"four_bonus": -2.5}, "options.four_bonus"),
    ({"four_bonus": "-20"}, "options.four_bonus"),
    ({"four_bonus": None}, "options.four_bonus"),
])
def test_bad_house_rules_are_refused_by_name(options, field):
    with pytest.raises(RulesError) as err:
        RULES.resolve_options(options, 3)
    assert set(err.value.errors) == {field}


def test_a_positive_bonus_says_how_to_write_it():
    with pytest.raises(RulesError) as err:
        RULES.resolve_options({"four_bonus": 20}, 3)
    assert "below 0, like −20" in str(err.value.errors["options.four_bonus"])


@pytest.mark.parametrize("cards, options, expected", [
    # 8 cards, pairs in a column (the default): 1-5 2-6 3-7 4-8.
    ("5 6 7 8 5 6 7 8", {}, 0),
    ("5 5 7 8 9 10 2 3", {}, 49),                      # two 5s side by side: a row, not a column
    ("K Q J 10 Q J 10 K", {}, 60),
    ("9 2 3 4 9 6 7 8", {}, 30),                       # 9s in column 1-5
    # 8 cards, lines: a pair in the same row of four or the same column.
    ("5 5 7 8 9 10 2 3", {"pairs": "lines"}, 39),
    ("5 2 3 5 4 6 7 8", {"pairs": "lines"}, 30),       # 5s at both ends of the top row
    ("5 9 7 8 9 A 2 3", {"pairs": "lines"}, 44),       # 9s at 2 and 5: neither row nor column
    ("9 2 3 4 9 6 7 8", {"pairs": "lines"}, 30),
    # 8 cards, pairs anywhere, all, none.
    ("5 9 7 8 9 A 2 3", {"pairs": "pairs"}, 26),
    ("K Q J 10 Q J 10 K", {"pairs": "pairs"}, 0),
    ("5 5 5 2 3 4 6 7", {"pairs": "pairs"}, 27),       # of three alike two cancel
    ("5 5 5 2 3 4 6 7", {"pairs": "all"}, 22),
    ("5 5 5 2 3 4 6 7", {"pairs": "none"}, 37),
    # 9 cards, columns (the default): a column scores 0 only when all three are alike.
    ("5 2 3 5 4 6 5 7 8", {}, 30),                     # 5s down column 1-4-7
    ("5 2 3 5 4 6 A 7 8", {}, 41),                     # two 5s in a column do not cancel
    ("9 9 9 A 2 3 4 6 7", {}, 50),                     # three 9s in a row: not a column
    ("5 5 3 2 4 6 7 8 9", {}, 49),
    # 9 cards, lines: a row or a column of three alike.
    ("9 9 9 A 2 3 4 6 7", {"pairs": "lines"}, 23),
    ("5 2 3 5 4 6 5 7 8", {"pairs": "lines"}, 30),
    ("5 5 3 2 4 6 7 8 9", {"pairs": "lines"}, 49),     # two alike in a row do not cancel
    ("5 2 3 4 5 6 7 8 5", {"pairs": "lines"}, 45),     # the diagonal is no line
    # 9 cards under the other rules: as with fewer cards.
    ("5 2 3 5 4 6 5 7 8", {"pairs": "pairs"}, 35),
    ("5 5 3 2 4 6 7 8 9", {"pairs": "pairs"}, 39),
    ("5 2 3 5 4 6 5 7 8", {"pairs": "all"}, 30),
    ("5 2 3 5 4 6 5 7 8", {"pairs": "none"}, 45),
    # one-eyed jacks wild fill a line of three.
    ("JS 2 3 5 4 6 5 7 8", {"one_eyed_jacks_wild": True}, 30),
    ("JS 2 3 5 4 6 5 7 8", {}, 50),                    # not wild: a jack worth 10
    ("JD 2 3 5 4 6 5 7 8", {"one_eyed_jacks_wild": True}, 50),
    ("JH 5 5 2 3 4 6 7 8", {"pairs": "lines", "one_eyed_jacks_wild": True}, 30),
])
def test_eight_and_nine_card_layouts(cards, options, expected):
    layout = len(cards.split())
    assert score(cards, layout=layout, **options) == expected


@pytest.mark.parametrize("cards, options, expected", [
    # two packs: a row and a column of queens share the corner: all five score 0.
    ("Q Q Q Q A 2 Q 3 4", {"pairs": "lines"}, 10),
    ("Q Q Q Q A 2 Q 3 4", {"pairs": "lines", "four_bonus": -20}, -10),
    ("Q Q Q Q A 2 Q 3 4", {"pairs": "columns", "four_bonus": -20}, 30),  # three cancel: no four
    ("Q Q Q Q A 2 Q 3 4", {"pairs": "pairs", "four_bonus": -20}, 0),     # two pairs of queens, the fifth counts
    # three jokers in a column: cancelling them is the player's choice, and it would cost them.
    ("X 2 3 X 4 6 X 7 8", {"pairs": "columns"}, 15),
    ("X 2 3 X 4 6 X 7 8", {"pairs": "columns", "four_bonus": -20}, 15),
    # two columns of three kings: six kings cancel, one four.
    ("K K 2 K K 3 K K 4", {"pairs": "columns", "four_bonus": -20}, -11),
])
def test_nine_cards_from_two_packs(cards, options, expected):
    assert score(cards, 5, layout=9, **options) == expected


@pytest.mark.parametrize("cards, options, expected", [
    # all: repeated ranks score 0, jokers too (cancel), or cards below 0 keep their value (keep).
    ("X X 3 4", {"pairs": "all"}, 7),
    ("X X 3 4", {"pairs": "all", "negative_pairs": "keep"}, -3),
    ("X X K K", {"pairs": "all", "negative_pairs": "cancel"}, 0),
    ("X X K K", {"pairs": "all", "negative_pairs": "keep"}, -10),
    ("K K 5 6", {"pairs": "all", "values": {"K": -2}}, 11),
    ("K K 5 6", {"pairs": "all", "values": {"K": -2}, "negative_pairs": "keep"}, 7),
    ("Q Q 5 5", {"pairs": "all", "negative_pairs": "keep"}, 0),          # cards above 0 still cancel
    # the other rules: a pair below 0 is never cancelled against its holder, with either value.
    ("X X 3 4", {"pairs": "pairs", "negative_pairs": "cancel"}, -3),
    ("X X 3 4", {"pairs": "pairs", "negative_pairs": "keep"}, -3),
    ("X 3 X 4", {"pairs": "columns", "negative_pairs": "cancel"}, -3),
    ("X X 3 4", {"pairs": "lines", "negative_pairs": "cancel"}, -3),
    ("X 2 3 X 4 5", {"layout": 6, "negative_pairs": "cancel"}, 4),
    ("X 2 3 X 4 5", {"layout": 6, "negative_pairs": "keep"}, 4),
    ("X X 3 4 5 6 7 8", {"layout": 8, "pairs": "pairs"}, 23),
    ("X X 3 4 5 6 7 8", {"layout": 8, "pairs": "all"}, 33),
    ("X X 3 4 5 6 7 8", {"layout": 8, "pairs": "all", "negative_pairs": "keep"}, 23),
    ("X X 2 3 4 5 6 7 8", {"layout": 9, "pairs": "all", "negative_pairs": "keep"}, 25),
])
def test_negative_pairs(cards, options, expected):
    assert score(cards, **options) == expected


@pytest.mark.parametrize("cards, players, options, expected", [
    # four of one rank that all cancel earn the bonus.
    ("7 7 7 7", 3, {"pairs": "pairs", "four_bonus": -20}, -20),
    ("7 7 7 7", 3, {"pairs": "columns", "four_bonus": -20}, -20),
    ("7 7 7 7", 3, {"pairs": "lines", "four_bonus": -20}, -20),
    ("7 7 7 7", 3, {"pairs": "all", "four_bonus": -20}, -20),
    ("7 7 7 7", 3, {"pairs": "none", "four_bonus": -20}, 28),            # nothing cancels: no bonus
    ("7 7 7 7", 3, {"pairs": "pairs"}, 0),                               # no bonus by default
    # 6 cards: two columns of one rank (columns), or two pairs in their rows (lines).
    ("5 5 2 5 5 3", 3, {"layout": 6, "four_bonus": -20}, -15),
    ("5 5 2 3 5 5", 3, {"layout": 6, "four_bonus": -20}, 15),           # one column of 5s: two 5s count
    ("5 5 2 3 5 5", 3, {"layout": 6, "pairs": "lines", "four_bonus": -20}, -15),
    ("5 5 2 3 5 5", 3, {"layout": 6, "pairs": "all", "four_bonus": -20}, -15),
    ("5 5 5 2 3 4", 3, {"layout": 6, "pairs": "all", "four_bonus": -20}, 9),  # three alike: no four
    # all: four alike anywhere.
    ("5 2 5 3 4 5 6 5", 3, {"layout": 8, "pairs": "all", "four_bonus": -20}, -5),
    ("5 2 5 3 4 5 6 5", 3, {"layout": 8, "pairs": "columns", "four_bonus": -20}, 35),  # no column holds two 5s
    ("5 5 3 4 5 5 6 7", 3, {"layout": 8, "pairs": "columns", "four_bonus": -20}, 0),   # two columns of 5s
    ("5 5 3 4 5 5 6 7", 3, {"layout": 8, "pairs": "lines", "four_bonus": -10}, 10),
    # two fours: twice the bonus.
    ("5 5 6 6 5 5 6 6", 3, {"layout": 8, "pairs": "columns", "four_bonus": -20}, -40),
    # jokers: four of them cancel only when cancelling beats keeping them.
    ("X X X X", 5, {"pairs": "pairs", "four_bonus": -20}, -20),
    ("X X X X", 5, {"pairs": "pairs", "four_bonus": -30}, -30),
    ("X X X X", 5, {"pairs": "all", "four_bonus": -20}, -20),
    ("X X X X", 5, {"pairs": "all", "four_bonus": -30}, -30),
    ("X X X X", 5, {"pairs": "all", "negative_pairs": "keep", "four_bonus": -30}, -20),  # kept: no four cancels
    # a one-eyed jack paired with a 5 is still a jack: three 5s and a wild jack are no four.
    ("5 5 5 JS", 3, {"pairs": "pairs", "one_eyed_jacks_wild": True, "four_bonus": -20}, 0),
    ("JS JH JD JC", 5, {"pairs": "pairs", "one_eyed_jacks_wild": True, "four_bonus": -20}, -20),
])
def test_four_bonus(cards, players, options, expected):
    assert score(cards, players, **options) == expected


def test_a_hole_of_nine_card_layouts():
    t = table(3, layout=9, pairs="lines", four_bonus=-20, packs=2)
    d = play_rounds(t, [hole("Q Q Q Q A 2 Q 3 4", "5 2 3 5 4 6 5 7 8", 90)])
    assert d.rounds[0].points == [-10, 30, 90]


@pytest.mark.parametrize("options, data, field", [
    ({"layout": 9}, hole("5 2 3 5 4 6 5 7", 3, 3), "players.0.cards"),     # eight cards of nine
    ({"layout": 8}, hole("5 2 3 5 4 6 5 7 8", 3, 3), "players.0.cards"),   # nine cards of eight
    ({"layout": 9}, hole(91, 3, 3), "players.0.score"),
    ({"layout": 9}, hole(-11, 3, 3), "players.0.score"),
    ({"layout": 9}, hole("5 5 5 5 5 2 3 4 6", 3, 3), "players"),           # five 5s from one pack
    ({"layout": 8, "pairs": "lines"}, hole(79, 3, 3), "players.0.score"),
    ({"layout": 6, "four_bonus": -20}, hole(-31, 3, 3), "players.0.score"),
])
def test_bad_holes_are_refused_by_field(options, data, field):
    with pytest.raises(RoundRefused) as err:
        play_rounds(table(**options), [data])
    assert set(err.value.errors) == {field}, err.value.errors


@pytest.mark.parametrize("players, options, lowest, highest", [
    (3, {"layout": 8}, -10, 80),                         # 10 J Q 10 / J Q 10 J; X X and kings, aces in a column
    (3, {"layout": 8, "pairs": "lines"}, -10, 78),       # 10 J Q 9 / 9 Q 10 J: a row holds three tens at most
    (3, {"layout": 8, "pairs": "pairs"}, -10, 65),       # 10 J Q 9 8 7 6 5
    (3, {"layout": 8, "pairs": "none"}, -8, 80),         # X X K K K K A A
    (6, {"layout": 8}, -20, 80),                         # two packs: four jokers
    (3, {"layout": 9}, -10, 90),                         # aces down a column; no column of three alike
    (3, {"layout": 9, "pairs": "lines"}, -10, 90),
    (3, {"layout": 9, "pairs": "pairs"}, -10, 69),       # 10 J Q 9 8 7 6 5 4
    (3, {"layout": 9, "pairs": "none"}, -7, 90),         # X X K K K K A A A
    (10, {"layout": 9}, -30, 90),                        # three packs: six jokers and three kings
    (3, {"pairs": "all", "negative_pairs": "keep"}, -10, 39),
    (3, {"pairs": "all"}, -5, 39),
    (3, {"pairs": "pairs", "four_bonus": -20}, -20, 39),  # four alike
    (3, {"layout": 6, "four_bonus": -20}, -30, 60),       # K K K K in two columns, X X in the third
    (3, {"layout": 9, "pairs": "lines", "four_bonus": -20}, -10, 90),  # one pack: four alike never cancel
    (3, {"layout": 8, "pairs": "lines", "four_bonus": -20}, -40, 78),  # A A A A K K K K: two fours
    (3, {"layout": 8, "pairs": "lines", "one_eyed_jacks_wild": True, "four_bonus": -20}, -40, 78),  # no jack helps
    (10, {"layout": 9, "pairs": "lines", "one_eyed_jacks_wild": True}, -30, 90),
])
def test_reachable_scores_follow_the_house_rules(players, options, lowest, highest):
    t = table(players, **options)
    assert golf.score_range(t.options) == (lowest, highest)
    others = [5] * (players - 1)
    play_rounds(t, [hole(lowest, *others), hole(highest, *others)])
    for bad in (lowest - 1, highest + 1):
        with pytest.raises(RoundRefused) as err:
            play_rounds(t, [hole(bad, *others)])
        assert set(err.value.errors) == {"players.0.score"}


def all_layouts(options):
    kinds = golf.card_kinds(options)
    for picks in itertools.product(range(len(kinds)), repeat=options.layout):
        if all(picks.count(i) <= kinds[i][2] for i in set(picks)):
            yield [kinds[i][0] for i in picks]


@pytest.mark.parametrize("options", [
    {"pairs": "pairs", "four_bonus": -20, "values": {"J": 20}},
    {"pairs": "lines", "four_bonus": -7, "one_eyed_jacks_wild": True},
    {"pairs": "columns", "four_bonus": -30},
    {"pairs": "all", "four_bonus": -20, "negative_pairs": "keep", "values": {"K": -3}},
    {"pairs": "all", "four_bonus": -3, "values": {"X": -9}},
])
def test_score_bounds_match_every_four_card_layout(options):
    t = table(5, layout=4, **options)
    scores = [golf.layout_score(cards, t.options) for cards in all_layouts(t.options)]
    assert golf.score_range(t.options) == (min(scores), max(scores))


def test_a_game_without_the_new_rules_scores_as_before():
    t = table(3)
    assert t.options.negative_pairs is golf.NegativePairs.CANCEL and t.options.four_bonus == 0
    d = play_rounds(t, [hole("7 7 7 7", "X X K K", 5)])
    assert d.rounds[0].points == [28, -10, 5]


def test_the_layout_help_and_the_notes_say_the_lines_of_three():
    t = table(layout=9)
    field = RULES.round_fields(t, RULES.start(t), None)[0]
    assert str(field.help) == "Cards in order: top row 1 2 3, middle row 4 5 6, bottom row 7 8 9"
    assert field.picker["columns"] == 3 and field.picker["threes"]
    assert field.picker["lines"] == [[0, 3, 6], [1, 4, 7], [2, 5, 8]]
    notes = [str(m) for m in RULES.notes(t, RULES.start(t), golf.Turn(1, 0))]
    assert notes[0] == "9 cards each; a column of three equal cards scores 0"
    t = table(layout=8, pairs="lines")
    assert RULES.round_fields(t, RULES.start(t), None)[0].picker["lines"] == [
        [0, 4], [1, 5], [2, 6], [3, 7], [0, 1, 2, 3], [4, 5, 6, 7]]


def test_the_rules_in_play_name_the_house_rules_in_force():
    t = table(pairs="all", negative_pairs="keep", four_bonus=-20)
    lines = [str(m) for m in RULES.rules_now(t, RULES.start(t), golf.Turn(1, 0))]
    assert "Repeated cards worth less than 0: keep their value (two jokers: −10)" in lines
    assert "Four of a kind that cancel: −20" in lines
    t = table()
    assert not any("Four of a kind" in str(m) or "less than 0" in str(m)
                   for m in RULES.rules_now(t, RULES.start(t), golf.Turn(1, 0)))
