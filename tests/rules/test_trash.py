"""Trash (the layout game): shrinking layouts, who starts, the end, options and checks."""
from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.messages import RulesError
from scorekeeper.rules.spec import FieldKind, Scope, Table, Turn
from scorekeeper.rules.engine import RoundRefused
from scorekeeper.rules.trash import RULES, Wild, packs_for, packs_text, wild_text
from tests.rules.tables import helpers

table, play = helpers(RULES, players=3)


def deal(winner: Any, *others: Any) -> dict[str, Any]:
    """Build one deal's data."""
    data: dict[str, Any] = {"winner": winner}
    if others:
        data["also_completed"] = list(others)
    return data


def layouts(state) -> list[int]:
    return [s["layout"] for s in state.standings]


# --- packs and wild cards ---------------------------------------------------------------------


@pytest.mark.parametrize("players, packs", [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (11, 6), (12, 6)])
def test_packs_for_players(players: int, packs: int) -> None:
    assert packs_for(players) == packs


def test_packs_text() -> None:
    assert str(packs_text(2)) == "Use one pack"
    assert str(packs_text(5)) == "Shuffle 3 packs together"


@pytest.mark.parametrize("wild", [w.value for w in Wild])
def test_every_wild_choice_is_described(wild: str) -> None:
    assert wild_text(Wild(wild))
    assert RULES.options_json(table(2, wild=wild).options)["wild"] == wild


# --- layouts shrink ------------------------------------------------------------------------------


def test_points_are_none_and_layouts_shrink() -> None:
    state = play(table(3), [deal(0), deal(2), deal(0)])
    assert [r.points for r in state.rounds] == [None, None, None]
    assert [s["total"] for s in state.standings] == [None, None, None]
    assert layouts(state) == [8, 10, 9]


@pytest.mark.parametrize("start, expected, over", [(10, [9, 10], False), (7, [6, 7], False), (1, [0, 1], True)])
def test_start_option(start: int, expected: list[int], over: bool) -> None:
    state = play(table(2, start=start), [deal(0)])
    assert layouts(state) == expected
    assert state.over is over


def test_also_completed_shrinks_them_too() -> None:
    t = table(4, also_completed=True)
    state = play(t, [deal(0, 2, 3), deal(1), {"winner": 1, "also_completed": []}])
    assert layouts(state) == [9, 8, 9, 9]


# --- who starts ------------------------------------------------------------------------------------


@pytest.mark.parametrize("opts, winners, starts", [
    ({}, [2, 0, 0], [1, 2, 0, 0]),
    ({"first_dealer": 2}, [1, 1], [0, 1, 1]),
    ({"first_player": "rotate"}, [2, 2, 2], [1, 2, 0, 1]),
    ({"first_player": "rotate", "first_dealer": 2}, [0, 0], [0, 1, 2]),
    ({"first_player": "winner"}, [1], [1, 1]),
])
def test_who_plays_first(opts: dict[str, Any], winners: list[int], starts: list[int]) -> None:
    t = table(3, **opts)
    got = [play(t, [deal(w) for w in winners[:k]]).next["first_player"] for k in range(len(winners) + 1)]
    assert got == starts


def test_with_rotate_the_player_after_the_dealer_starts() -> None:
    t = table(4, first_player="rotate", first_dealer=3)
    for k in range(6):
        nxt = play(t, [deal(0)] * k).next
        assert nxt["first_player"] == (nxt["dealer"] + 1) % 4


def test_a_fresh_game() -> None:
    state = play(table(3, first_dealer=1), [])
    assert state.next == {"round": 1, "dealer": 1, "first_player": 2}
    assert layouts(state) == [10, 10, 10]
    assert not state.over


# --- the end ----------------------------------------------------------------------------------


def test_the_game_ends_when_a_layout_is_emptied() -> None:
    t = table(2)
    state = play(t, [deal(0)] * 9)
    assert not state.over and layouts(state) == [1, 10]
    state = play(t, [deal(0)] * 10)
    assert state.over and state.next is None
    assert layouts(state) == [0, 10]
    assert state.winners == [0]
    with pytest.raises(RoundRefused) as exc:
        play(t, [deal(0)] * 11)
    assert exc.value.after_end


def test_the_shorter_game_ends_at_win_at() -> None:
    t = table(3, win_at=6)
    state = play(t, [deal(1)] * 4)
    assert state.over and state.winners == [1]
    assert layouts(state) == [10, 6, 10]


def test_everyone_who_reaches_win_at_wins() -> None:
    t = table(3, win_at=8, also_completed=True)
    state = play(t, [deal(0, 1), deal(1, 0)])
    assert state.over and state.winners == [0, 1]


@pytest.mark.parametrize("rounds, over, winners", [
    ([deal(0), deal(1)], False, [0, 1]),
    ([deal(0), deal(1), deal(1)], True, [1]),
    ([deal(0), deal(1), deal(2)], True, [0, 1, 2]),
])
def test_a_fixed_number_of_deals(rounds, over: bool, winners: list[int]) -> None:
    state = play(table(3, deals=3), rounds)
    assert state.over is over
    assert RULES.winners(state.table, state.state) == winners
    assert state.winners == (winners if over else [])


def test_win_at_ends_a_game_before_the_deals_run_out() -> None:
    state = play(table(2, deals=20, win_at=8), [deal(0), deal(0)])
    assert state.over and state.winners == [0]


@pytest.mark.parametrize("rounds, winners", [
    ([], [0, 1, 2]),
    ([deal(2)], [2]),
    ([deal(2), deal(0)], [0, 2]),
])
def test_finishing_by_hand_gives_the_smallest_layouts(rounds, winners: list[int]) -> None:
    state = play(table(3), rounds, finished_by_hand=True)
    assert state.over and state.next is None
    assert state.winners == winners


# --- checks ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("opts, data, field", [
    ({}, deal(0, 1), "also_completed"),
    ({"also_completed": True}, deal(0, 0), "also_completed"),
    ({"also_completed": True}, deal(0, 1, 1), "also_completed"),
    ({"also_completed": True}, deal(0, 3), "also_completed.0"),
    ({"also_completed": True}, {"winner": 0, "also_completed": "1"}, "also_completed"),
    ({}, deal(3), "winner"),
    ({}, deal(-1), "winner"),
    ({}, deal("0"), "winner"),
    ({}, deal(True), "winner"),
    ({}, {}, "winner"),
    ({}, [], "data"),
])
def test_checks_name_the_field(opts: dict[str, Any], data: Any, field: str) -> None:
    with pytest.raises(RoundRefused) as exc:
        play(table(3, **opts), [data])
    assert field in exc.value.errors


def test_an_empty_also_completed_is_fine_with_the_option_off() -> None:
    assert layouts(play(table(2), [{"winner": 1, "also_completed": []}])) == [10, 9]


# --- options ------------------------------------------------------------------------------------------



@pytest.mark.parametrize("opts, says", [
    ({"start": 3, "win_at": 12}, "must be below the starting layout of 3"),  # one message, the one that matters
    ({"win_at": 10}, "must be below the starting layout of 10"),
    ({"win_at": 10 ** 12}, "must be below the starting layout of 10"),
])
def test_a_win_at_too_big_is_told_the_starting_layout_at_once(opts: dict[str, Any], says: str) -> None:
    with pytest.raises(RulesError) as exc:
        RULES.resolve_options(opts, 2)
    assert {k: str(v) for k, v in exc.value.errors.items()} == {"options.win_at": says}

@pytest.mark.parametrize("opts, field", [
    ({"start": 11}, "options.start"),
    ({"start": 0}, "options.start"),
    ({"start": "10"}, "options.start"),
    ({"win_at": -1}, "options.win_at"),
    ({"win_at": 10}, "options.win_at"),
    ({"start": 6, "win_at": 6}, "options.win_at"),
    ({"start": 5, "win_at": 7}, "options.win_at"),
    ({"deals": 0}, "options.deals"),
    ({"deals": 2.5}, "options.deals"),
    ({"deals": 10 ** 9}, "options.deals"),
    ({"also_completed": 1}, "options.also_completed"),
    ({"first_player": "loser"}, "options.first_player"),
    ({"wild": "queens"}, "options.wild"),
    ({"wild": True}, "options.wild"),
    ({"first_dealer": 3}, "options.first_dealer"),
    ({"jokers": True}, "options.jokers"),
])
def test_bad_options_are_refused(opts: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesError) as exc:
        RULES.resolve_options(opts, 3)
    assert field in exc.value.errors


def test_every_option_has_its_default() -> None:
    assert RULES.options_json(RULES.resolve_options({}, 4)) == {
        "first_dealer": 0, "start": 10, "win_at": 0, "deals": None, "also_completed": False,
        "first_player": "winner", "wild": "jacks",
    }
    assert RULES.options_json(RULES.resolve_options({"deals": None, "start": 8, "win_at": 7}, 2))["deals"] is None


# --- what the pages ask -------------------------------------------------------------------------------


@pytest.mark.parametrize("opts, names", [({}, ["winner"]), ({"also_completed": True}, ["winner", "also_completed"])])
def test_round_fields(opts: dict[str, Any], names: list[str]) -> None:
    t = table(3, **opts)
    fields = RULES.round_fields(t, RULES.start(t), Turn(1, 0))
    assert [f.name for f in fields] == names
    assert fields[0].kind is FieldKind.SEAT and fields[0].scope is Scope.ROUND
    if len(fields) > 1:
        assert fields[1].kind is FieldKind.SEATS and fields[1].optional


# --- what the table page shows ------------------------------------------------------------------------


@pytest.mark.parametrize("n, opts, rounds, notes", [
    (3, {}, [], ["Shuffle 2 packs together", "Deal everyone one card face down for each place in their layout",
                 "Bob plays first", "Jacks are wild; queens and kings end your turn."]),
    (2, {"wild": "kings", "first_dealer": 1}, [deal(1)],
     ["Use one pack", "Deal everyone one card face down for each place in their layout",
      "Bob plays first", "Kings are wild; jacks and queens end your turn."]),
    (5, {"deals": 4, "win_at": 6, "first_player": "rotate", "wild": "all_faces"}, [deal(0)],
     ["Shuffle 3 packs together", "Deal everyone one card face down for each place in their layout",
      "Cy plays first", "Jacks, queens and kings are all wild; a number you already have face up, "
      "or one above your layout, ends your turn.", "Deal 2 of 4; after the last one the smallest layout wins",
      "The first layout down to 6 cards wins the game"]),
])
def test_notes_before_a_deal(n: int, opts: dict[str, Any], rounds: list[Any], notes: list[str]) -> None:
    state = play(table(n, **opts), rounds)
    assert [str(m) for m in RULES.notes(state.table, state.state, state.next_turn)] == notes


@pytest.mark.parametrize("opts, rounds, flagged", [
    ({}, [], []),
    ({"start": 2}, [], []),
    ({"start": 2}, [deal(1)], [1]),
    ({"win_at": 8}, [deal(0)], [0]),
    ({"win_at": 8, "also_completed": True}, [deal(0, 2)], [0, 2]),
    ({"win_at": 8, "also_completed": True}, [deal(0, 2), deal(2)], []),  # over: nobody is "one from winning"
    ({"win_at": 8, "deals": 1}, [deal(0)], []),
])
def test_seat_notes_point_out_who_is_one_layout_from_winning(opts: dict[str, Any], rounds: list[Any],
                                                             flagged: list[int]) -> None:
    t = table(3, **opts)
    notes = RULES.seat_notes(t, play(t, rounds).state)
    assert [seat for seat, lines in enumerate(notes) if lines] == flagged
    assert all(str(line) == "One completed layout from winning the game" for lines in notes for line in lines)


@pytest.mark.parametrize("data, marks", [
    (deal(1), ["", "●", "", ""]),
    (deal(3, 0, 2), ["✓", "", "✓", "●"]),
    ({"winner": 0, "also_completed": []}, ["●", "", "", ""]),
])
def test_marks_show_the_winner_and_who_also_completed(data: dict[str, Any], marks: list[str]) -> None:
    assert RULES.marks(table(4, also_completed=True), data, None) == marks


# --- malformed input ----------------------------------------------------------------------------------

JUNK = [None, True, False, 0, -1, 10 ** 30, 1.5, float("nan"), "", "x", [], [None], [0, 0], [[]], {}, {"a": 1},
        list(range(500))]


def shapes() -> list[Any]:
    """Deal data with junk put in every place, one place at a time."""
    out: list[Any] = list(JUNK)
    for junk in JUNK:
        out.append({"winner": junk})
        out.append({"winner": 0, "also_completed": junk})
        out.append({"winner": 0, "also_completed": [junk]})
    return out


@pytest.mark.parametrize("also", [False, True])
@pytest.mark.parametrize("data", shapes())
def test_malformed_input_raises_only_rules_errors(data: Any, also: bool) -> None:
    t = table(3, also_completed=also)
    try:
        RULES.play(t, RULES.start(t), Turn(1, 0), data)
    except RulesError as exc:
        assert exc.errors and all(isinstance(k, str) for k in exc.errors)


@pytest.mark.parametrize("preset, want", [("house", {"also_completed": True}), ("short", {"win_at": 6})])
def test_presets(preset: str, want: dict) -> None:
    resolved = RULES.options_json(RULES.resolve_options({}, 3, preset))
    assert {k: resolved[k] for k in want} == want


def test_the_short_game_ends_at_six() -> None:
    t = Table(("Ann", "Bob"), RULES.resolve_options({}, 2, "short"))
    d = play(t, [{"winner": 0}] * 4)
    assert d.over and d.winners == [0] and [s["layout"] for s in d.standings] == [6, 10]
