"""Every game's records (the feats a group keeps) follow the protocol, and the games' own feats hold."""
from __future__ import annotations

import pytest

from scorekeeper import rules
from scorekeeper.rules.messages import Msg
from scorekeeper.rules.spec import Record, Table
from scorekeeper.rules.engine import derive


def played(key: str, players: int | None = None, options=None, rounds=None):
    spec = rules.REGISTRY[key]
    example = spec.example
    players = players or example.players
    table = Table(tuple(f"P{i}" for i in range(players)), spec.resolve_options(options or example.options, players))
    derived = derive(spec, table, rounds or example.rounds)
    return spec.records(table, derived.state, derived.rounds, derived.standings)


@pytest.mark.parametrize("key", sorted(rules.REGISTRY))
def test_records_name_a_seat_a_value_and_their_words(key):
    for record in played(key):
        assert isinstance(record, Record) and isinstance(record.what, Msg) and record.kind
        assert 0 <= record.seat < rules.REGISTRY[key].example.players and isinstance(record.value, (int, float))


@pytest.mark.parametrize("key, expected", [
    ("golf", {("hole", 0, 2), ("total_2", 0, 22)}),
    ("gin-rummy", {("total", 0, 129), ("round", 0, 75), ("boxes", 0, 3)}),
    ("chase-the-ace", {("survival", 1, 5)}),  # Ann went out in deal 5: she survived 4
    ("hand-and-foot", {("total", 0, 630), ("total", 1, 630), ("hand", 0, 560), ("hand", 1, 560)}),
    ("trash", set()),
])
def test_each_game_holds_its_own_feats(key, expected):
    assert {(r.kind, r.seat, r.value) for r in played(key)} == expected


@pytest.mark.parametrize("wins, total, one_round", [
    ("low", ("lowest total", 0, 7), ("lowest score in one round", 0, 2)),
    ("high", ("highest total", 1, 14), ("highest score in one round", 1, 9)),
])
def test_any_games_records_follow_who_wins_at_this_table(wins, total, one_round):
    rounds = ({"points": [2, 9]}, {"points": [5, 5]})
    held = {(r.what.text, r.seat, r.value) for r in played("any", 2, {"wins": wins, "rounds": 2}, rounds)}
    assert held == {total, one_round}


def test_golf_keeps_no_total_record_without_a_number_of_holes():
    rounds = ({"players": [{"score": 3}, {"score": 9}], "knocker": None},)
    kinds = {r.kind for r in played("golf", 2, {"holes": None, "target": 5}, rounds)}
    assert kinds == {"hole"}


@pytest.mark.parametrize("key", sorted(rules.REGISTRY))
def test_a_record_of_one_round_says_what_the_game_calls_a_round(key):
    """Gin's best hand is "highest score in one hand" (in French "en une main", as the rest of Gin says), a Golf
    hole's is "on one hole"."""
    word = rules.REGISTRY[key].spec.round_name.lower()
    for record in played(key):
        if record.kind in ("round", "hole"):
            assert word in record.what.text, (record.what.text, word)
