"""Every registered game keeps the same protocol, and no input makes one raise anything but RulesError."""
from __future__ import annotations

import json

import pytest

from scorekeeper import rules
from scorekeeper.rules.base import Field, Msg, RulesError, Table, Turn
from scorekeeper.rules.engine import RoundRefused, derive, placings

GAMES = list(rules.REGISTRY.values())
IDS = [g.spec.key for g in GAMES]
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo")

JUNK = [None, True, 0, -1, 10**12, 1.5, "", "x", "K", [], [None], [1, 2], {}, {"a": 1}, [[1]], [{}] * 12,
        {"players": None}, {"players": [None] * 10}, {"players": [{}] * 10}]


def table_for(game, n=None) -> Table:
    n = n or max(game.spec.min_players, min(4, game.spec.max_players))
    return Table(NAMES[:n], game.resolve_options({}, n))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_spec_is_complete(game):
    spec = game.spec
    assert spec.key and spec.name and 1 < spec.min_players <= spec.max_players
    names = [o.name for o in spec.options]
    assert "first_dealer" in names and len(names) == len(set(names))
    for option in spec.options:
        json.dumps(option.api())
        if option.default is not None:
            assert option.parse(option.default) == option.default


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("n", ["min", "max"])
def test_every_option_is_filled_in(game, n):
    players = game.spec.min_players if n == "min" else game.spec.max_players
    resolved = game.resolve_options({}, players)
    assert set(resolved) == {o.name for o in game.spec.options}
    json.dumps(resolved)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_new_game_has_a_state_the_pages_can_show(game):
    t = table_for(game)
    d = derive(game, t, [])
    assert not d.over and d.next["round"] == 1 and d.next["dealer"] == 0
    assert len(d.standings) == t.n and all("total" in s for s in d.standings)
    json.dumps({"standings": d.standings, "next": d.next, "winners": d.winners})
    fields = game.round_fields(t, d.state, Turn(1, 0))
    assert fields and all(isinstance(f, Field) for f in fields)
    assert all(isinstance(m, Msg) for m in game.notes(t, d.state, Turn(1, 0)))
    assert len(game.seat_notes(t, d.state)) == t.n


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_finishing_by_hand_before_any_round_names_winners_or_none(game):
    d = derive(game, table_for(game), [], finished_by_hand=True)
    assert d.over and d.next is None
    assert all(isinstance(s, int) for s in d.winners)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("junk", JUNK, ids=lambda j: json.dumps(j)[:30])
def test_junk_round_data_is_refused_cleanly(game, junk):
    t = table_for(game)
    state = game.start(t)
    for data in (junk, {"players": junk}, {f.name: junk for f in game.round_fields(t, state, Turn(1, 0))}):
        try:
            derive(game, t, [data])
        except RoundRefused as exc:
            assert exc.errors and all(isinstance(k, str) for k in exc.errors)
            assert all(str(v) for v in exc.errors.values())


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("junk", JUNK, ids=lambda j: json.dumps(j)[:30])
def test_junk_options_are_refused_cleanly(game, junk):
    for option in game.spec.options:
        try:
            game.resolve_options({option.name: junk}, game.spec.min_players)
        except RulesError as exc:
            assert f"options.{option.name}" in exc.errors


@pytest.mark.parametrize(("values", "leaders", "places"), [
    ([3, 1, 2], [1], [3, 1, 2]),
    ([1, 1, 5], [0, 1], [1, 1, 3]),
    ([4, 2, 2, 9], [1, 2], [3, 1, 1, 4]),
    ([0, 0, 0], [2], [2, 2, 1]),          # the winners come first, whatever the values say
    ([None, 1, 2], [1], [3, 1, 2]),       # a seat with no value is placed last
])
def test_placings_share_a_place_and_skip_the_next(values, leaders, places) -> None:
    assert placings(values, leaders) == places
