"""Any game: points a round per player, high or low wins, a target or a number of rounds, a fixed round total."""
from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.any_game import RULES
from scorekeeper.rules.messages import RulesError
from scorekeeper.rules.spec import Table
from scorekeeper.rules.engine import RoundRefused, derive

NAMES = [f"P{i}" for i in range(20)]


def table(n: int = 3, **opts: Any) -> Table:
    return Table(tuple(NAMES[:n]), RULES.resolve_options(opts, n))


def play(t: Table, rounds: list[list[Any]], **kw: Any):
    return derive(RULES, t, [{"points": r} for r in rounds], **kw)


@pytest.mark.parametrize("opts, rounds, over, winners, totals", [
    ({}, [[10, 5, 0], [0, 20, -3]], False, [1], [10, 25, -3]),                        # high wins by default
    ({"wins": "low"}, [[10, 5, 0], [0, 20, -3]], False, [2], [10, 25, -3]),
    ({"rounds": 2}, [[10, 5, 0], [0, 20, -3]], True, [1], [10, 25, -3]),
    ({"target": 25}, [[10, 5, 0], [0, 20, -3]], True, [1], [10, 25, -3]),             # reached: the round ends it
    ({"target": 26}, [[10, 5, 0], [0, 20, -3]], False, [1], [10, 25, -3]),
    ({"target": 100, "wins": "low"}, [[60, 0, 20], [50, 1, 20]], True, [1], [110, 1, 40]),  # Hearts to 100
    ({"target": 500, "rounds": 1}, [[1, 2, 3]], True, [2], [1, 2, 3]),                 # whichever comes first
    ({}, [[-5, -5, -9]], False, [0, 1], [-5, -5, -9]),                                  # negatives; a shared lead
])
def test_totals_ends_and_winners(opts, rounds, over, winners, totals):
    state = play(table(3, **opts), rounds)
    assert [s["total"] for s in state.standings] == totals
    assert state.over is over
    assert (state.winners if over else state.leaders) == winners


def test_placings_follow_who_wins():
    high = play(table(3), [[10, 30, 10]])
    low = play(table(3, wins="low"), [[10, 30, 10]])
    assert [s["place"] for s in high.standings] == [2, 1, 2]
    assert [s["place"] for s in low.standings] == [1, 3, 1]


@pytest.mark.parametrize("n", [1, 2, 10, 20])
def test_one_to_twenty_players(n):
    state = play(table(n, rounds=1), [list(range(n))])
    assert state.over and state.winners == [n - 1]


def test_the_deal_moves_on_and_ending_early_makes_the_leaders_win():
    state = play(table(3, first_dealer=1), [[1, 2, 3], [3, 2, 1], [0, 0, 9]], finished_by_hand=True)
    assert [r.dealer for r in state.rounds] == [1, 2, 0]
    assert state.over and state.winners == [2]


@pytest.mark.parametrize("opts, points, fields", [
    ({}, [1, 2], {"points"}),                               # one short
    ({}, [1, "x", 3], {"points.1"}),
    ({}, [1, None, None], {"points.1", "points.2"}),       # every empty box named
    ({}, [1, 2.5, 3], {"points.1"}),
    ({}, [100001, 0, 0], {"points.0"}),
    ({}, [0, -100001, 0], {"points.1"}),
    ({"round_total": 26}, [13, 13, 1], {"points"}),
    ({"round_total": 26}, [26, 0, 0], set()),
    ({"round_total": 0}, [5, -5, 0], set()),
])
def test_bad_rounds_name_the_field(opts, points, fields):
    t = table(3, **opts)
    if not fields:
        play(t, [points])
        return
    with pytest.raises(RoundRefused) as exc:
        play(t, [points])
    assert set(exc.value.errors) == fields


def test_an_empty_box_is_asked_for_by_name():
    with pytest.raises(RoundRefused) as exc:
        play(table(3), [[1, None, 3]])
    assert str(exc.value.errors["points.1"]) == "give P1's points"


@pytest.mark.parametrize("opts, field", [
    ({"name": ""}, "options.name"), ({"name": "x" * 41}, "options.name"), ({"name": 5}, "options.name"),
    ({"name": "a\x00b"}, "options.name"), ({"wins": "most"}, "options.wins"), ({"target": 0}, "options.target"),
    ({"rounds": 0}, "options.rounds"), ({"round_total": 1.5}, "options.round_total"), ({"colour": 1}, "options.colour"),
])
def test_bad_options_name_the_option(opts, field):
    with pytest.raises(RulesError) as exc:
        RULES.resolve_options(opts, 3)
    assert set(exc.value.errors) == {field}


def test_the_name_is_kept_as_the_table_typed_it():
    assert RULES.resolve_options({"name": "  Five   Crowns "}, 3).name == "Five Crowns"
    assert RULES.resolve_options({}, 3).name == "Points"


def test_each_name_is_a_game_of_its_own_in_the_stats():
    from scorekeeper import rules as registry

    any_game = registry.get("any")
    assert any_game.names_its_games and any_game.stat_key({"name": "Hearts", "wins": "low"}) == "any:low:Hearts"
    assert any_game.stat_key({}) == "any:high:Points"
    assert any_game.stat_name("any:low:Hearts") == "Hearts" and any_game.stat_low_wins("any:low:Hearts")
    assert registry.of_stat("any:high:Five Crowns:2") is any_game and registry.of_stat("any:odd:Hearts") is None
    golf = registry.get("golf")
    assert registry.of_stat("golf") is golf and registry.of_stat("golf:x") is None and golf.stat_low_wins("golf")
    assert golf.stat_key({"quarters": 4}) == "golf" and golf.stat_name("golf") is None
