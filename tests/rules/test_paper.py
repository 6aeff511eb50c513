"""What a sheet and the handbook print of each game's rules, from the rules' own data."""
from __future__ import annotations

import pytest

from scorekeeper import rules as registry
from scorekeeper.web.i18n import tr
from scorekeeper.rules import golf, hand_and_foot, trash_twelve_hands
from scorekeeper.rules.spec import Table
from scorekeeper.rules.base import handbook_tables
from scorekeeper.rules.paper import Layout, value_runs


def words(lines):
    return [(str(a), getattr(b, "text", b)) for a, b in lines]


@pytest.mark.parametrize("values,expected", [
    (golf.DEFAULT_VALUES, [("A", "1"), ("2–9", "face value"), ("10–Q", "10"), ("K", "0")]),
    ({**golf.DEFAULT_VALUES, "2": -2}, [("A", "1"), ("2", "−2"), ("3–9", "face value"), ("10–Q", "10"), ("K", "0")]),
    ({r: 5 for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")}, [("A–K", "5")]),
    ({**{r: 5 for r in "23456789"}, "A": 15, "10": 10, "J": 10, "Q": 10, "K": 10},
     [("A", "15"), ("2–9", "5"), ("10–K", "10")]),
])
def test_value_runs(values, expected):
    assert words(value_runs(values)) == expected


def table(key, n, **options):
    rules = registry.get(key)
    return Table(tuple(f"P{i}" for i in range(n)), rules.resolve_options(options, n))


@pytest.mark.parametrize("key,n", [(key, n) for key, rules in registry.REGISTRY.items()
                                   for n in range(rules.spec.min_players, rules.spec.max_players + 1)])
def test_every_game_has_a_plan_for_every_table(key, n):
    plan = registry.get(key).plan(table(key, n))
    assert plan.rows or plan.tokens
    assert all(line for k in plan.keys for line in k.lines)


def test_golf_rows_follow_the_holes():
    rows = registry.get("golf").plan(table("golf", 3, holes=18)).rows
    assert len([row for row in rows if not row.adds_up]) == 18
    assert [n for n, row in enumerate(rows) if row.adds_up] == [9, 19]  # each nine added up under it
    assert registry.get("golf").plan(table("golf", 3, holes=9)).open_rows is False


def test_twelve_hands_rows_are_the_contracts_with_this_tables_counts():
    plan = registry.get("trash-twelve-hands").plan(table("trash-twelve-hands", 5))
    assert [r.label.params["contract"].text for r in plan.rows] == \
        [trash_twelve_hands.CONTRACT_LABELS[c] for c in trash_twelve_hands.CONTRACTS]
    assert plan.rows[0].detail.params["n"] == trash_twelve_hands.deck_for(5).tricks


def test_hand_and_foot_blocks_carry_each_hands_meld_minimum_and_partners_sit_together():
    t = table("hand-and-foot", 4, partners=True)
    plan = registry.get("hand-and-foot").plan(t)
    assert plan.layout is Layout.BLOCKS
    assert [r.detail.params["points"] for r in plan.rows] == \
        [hand_and_foot.meld_minimum(t.options, n) for n in range(1, t.options.rounds + 1)]
    assert plan.seat_order == (0, 2, 1, 3)


def test_handbook_tables_come_from_the_rules(app):
    with app.test_request_context():
        goals = handbook_tables(registry.get("garbage-rummy"))["goals"]
        assert len(goals.rows) == 11 and tr(goals.rows[-1][1]) == "a run of 11"
        decks = handbook_tables(registry.get("trash-twelve-hands"))["decks"]
        assert [int(r[0]) for r in decks.rows] == list(trash_twelve_hands.DECKS)
        assert [r[2] for r in decks.rows] == [str(d.tricks) for d in trash_twelve_hands.DECKS.values()]
        contracts = handbook_tables(registry.get("trash-twelve-hands"))["contracts"]
        assert tr(contracts.rows[0][0]) == "1 and 12" and tr(contracts.rows[0][2]) == "5 a trick"


@pytest.mark.parametrize("key,expected", [
    ("golf", ["Joker", "−5", "face value"]),
    ("garbage-rummy", ["a run of 11", "two sets of 5"]),
    ("trash", ["11–12"]),
    ("trash-twelve-hands", ["Two packs, all 104 cards", "6 and 7", "out first −25 · second −15"]),
    ("hand-and-foot", ["Each clean book", "black 3"]),
])
def test_handbook_pages_print_the_rules_tables(client, key, expected):
    page = client.get(f"/rules/{key}").get_data(as_text=True)
    for text in expected:
        assert text in page


def test_a_blank_sheet_prints_at_most_its_rows_however_long_the_game():
    from scorekeeper.rules.paper import PRINTED_ROWS, numbered

    assert len(numbered(1000)) == PRINTED_ROWS and len(numbered(12)) == 12


@pytest.mark.parametrize("key, options", [("any", {"rounds": 1000}), ("trash", {"deals": 150})])
def test_a_sheet_cut_short_says_so(key, options):
    from scorekeeper import rules
    from scorekeeper.rules.spec import Table

    spec = rules.REGISTRY[key]
    plan = spec.plan(Table(("Ann", "Bob"), spec.resolve_options(options, 2)))
    assert len(plan.rows) == 100 and any("first 100 of the" in str(note) for note in plan.notes)
    short = spec.plan(Table(("Ann", "Bob"), spec.resolve_options({}, 2)))
    assert not any("first 100" in str(note) for note in short.notes)


def test_a_game_that_says_nothing_of_paper_prints_a_plain_pad():
    from scorekeeper.rules.base import BaseRules

    class Plain(BaseRules):
        spec = registry.get("any").spec

    plain = Plain()
    plan = plain.plan(table("any", 3))
    assert plan.layout is Layout.GRID and plan.open_rows and len(plan.rows) > 10
    assert handbook_tables(plain) == {} and plain.glance() == () and plain.variants() == () and not plain.pads
    assert plain.knocker(table("any", 3), {"knocker": 1}) is None and plain.jar(table("any", 3), [[1, 2, 3]]) is None
    assert plain.legend(table("any", 3)) == []


@pytest.mark.parametrize("key", list(registry.REGISTRY))
def test_every_game_speaks_for_its_paper_from_its_own_module(key):
    """A game's sheet, rules card, handbook tables and filled-sheet marks all come from its rules object."""
    rules = registry.get(key)
    ex = rules.example
    t = Table(tuple(f"P{i}" for i in range(ex.players)), rules.resolve_options(dict(ex.options), ex.players))
    assert rules.plan(t).layout in Layout and all(pad for pad in rules.pads)
    assert len(rules.glance(t)) == len(rules.glance()) >= 3
    handbook_tables(rules)  # every table it prints builds
    for data in ex.rounds:
        assert rules.knocker(t, data) in (None, *range(t.n))
        assert len(rules.cell_notes(t, data)) == t.n


def test_the_filled_sheet_notes_come_from_the_rules():
    gin, hand = registry.get("gin-rummy"), registry.get("hand-and-foot")
    t = table("gin-rummy", 2)
    assert gin.knocker(t, {"knocker": 1}) == 1 and gin.knocker(t, {"knocker": True}) is None
    assert [[m.params["num"] for m in cell] for cell in gin.cell_notes(t, {"deadwood": [3, "x"]})] == [[3], []]
    entry = {"clean_books": 1, "dirty_books": 2, "red_threes": 1, "went_out": True, "melded_points": 85, "left": []}
    lines = hand.cell_notes(table("hand-and-foot", 4), {"players": [entry, None, None, None]})[0]
    assert [m.text for m in lines] == ["books: %(clean)s, %(dirty)s", "%(num)s red three", "went out",
                                       "melded %(melded)s, left %(left)s"]
    assert lines[-1].params == {"melded": "85", "left": "0"}
