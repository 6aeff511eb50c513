"""Every registered game keeps the same protocol, and no input makes one raise anything but RulesError."""
from __future__ import annotations

import dataclasses
import json

import pytest

from scorekeeper import rules
from scorekeeper.rules.messages import Msg, RulesError
from scorekeeper.rules.options import OptionKind
from scorekeeper.rules.spec import Field, Table, Turn
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
    assert spec.key and spec.name and 1 <= spec.min_players <= spec.max_players  # any game: one player keeps a score too
    names = [o.name for o in spec.options]
    assert "first_dealer" in names and len(names) == len(set(names))
    for option in spec.options:
        json.dumps(option.api())
        assert isinstance(option.kind, OptionKind)
        if option.default is not None:
            assert option.dump(option.parse(option.default)) == option.default
    for name, preset in spec.presets.items():
        json.dumps(preset.api())
        assert preset.label and set(preset.options) <= set(names), name


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_options_are_a_frozen_dataclass_with_enums_for_choices(game):
    resolved = game.resolve_options({}, game.spec.min_players)
    assert dataclasses.is_dataclass(resolved) and resolved.__dataclass_params__.frozen
    assert [f.name for f in dataclasses.fields(resolved)] == [o.name for o in game.spec.options]
    for option in game.spec.options:
        value = getattr(resolved, option.name)
        if option.enum is not None:
            assert isinstance(value, option.enum)
        assert not (isinstance(value, str) and option.kind is OptionKind.CHOICE), option.name


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("n", ["min", "max"])
def test_every_option_is_filled_in(game, n):
    players = game.spec.min_players if n == "min" else game.spec.max_players
    resolved = game.options_json(game.resolve_options({}, players))
    assert set(resolved) == {o.name for o in game.spec.options}
    json.dumps(resolved)
    assert game.options_json(game.load_options(resolved)) == resolved  # stored and typed again, the same


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_stored_options_missing_a_newer_option_load_with_its_default(game):
    stored = game.options_json(game.resolve_options({}, game.spec.min_players))
    last = game.spec.options[-1]
    del stored[last.name]
    assert game.options_json(game.load_options(stored))[last.name] == last.default


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_preset_resolves_and_explicit_options_win(game):
    for name, preset in game.spec.presets.items():
        players = max(game.spec.min_players, 4)
        resolved = game.options_json(game.resolve_options({}, players, name))
        assert {k: resolved[k] for k in preset.options} == dict(preset.options)
        with_first = game.options_json(game.resolve_options({"first_dealer": 1}, players, name))
        assert with_first["first_dealer"] == 1


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("preset", ["nope", 3, ["x"]])
def test_an_unknown_preset_is_refused_on_preset(game, preset):
    with pytest.raises(RulesError) as err:
        game.resolve_options({}, game.spec.min_players, preset)
    assert list(err.value.errors) == ["preset"]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_example_game_plays_to_the_end(game):
    example = game.example
    t = Table(NAMES[:example.players], game.resolve_options(example.options, example.players))
    d = derive(game, t, example.rounds)
    assert d.over and d.next is None and d.winners == list(example.winners)
    assert sorted(s["place"] for s in d.standings)[0] == 1
    assert all(s["place"] == 1 for s in d.standings if s["seat"] in example.winners)
    json.dumps({"standings": d.standings, "final": d.final, "marks": [r.marks for r in d.rounds]})
    for number in range(len(example.rounds)):  # every state on the way can be shown
        partial = derive(game, t, example.rounds[:number])
        assert not partial.over and len(game.seat_notes(t, partial.state)) == t.n
        assert all(isinstance(m, Msg) for m in game.notes(t, partial.state, partial.next_turn))
        assert all(isinstance(f, Field) for f in game.round_fields(t, partial.state, partial.next_turn))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_key_the_game_does_not_know_is_refused_by_name(game):
    example = game.example
    t = Table(NAMES[:example.players], game.resolve_options(example.options, example.players))
    first = dict(example.rounds[0])
    with pytest.raises(RoundRefused) as err:
        derive(game, t, [{**first, "colour": "red"}])
    assert list(err.value.errors) == ["colour"]
    if isinstance(first.get("players"), list):
        entries = [dict(e) for e in first["players"]]
        entries[1]["colour"] = "red"
        with pytest.raises(RoundRefused) as err:
            derive(game, t, [{**first, "players": entries}])
        assert list(err.value.errors) == ["players.1.colour"]


def test_the_protocol_names_every_function_the_engine_and_pages_call():
    for name in ("notes", "table_rules", "seat_notes", "marks", "load_options", "options_json", "placing", "final_extras"):
        assert name in rules.base.Rules.__dict__, name


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
