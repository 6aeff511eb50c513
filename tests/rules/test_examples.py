"""The shared worked examples, played straight through the rules engine (no app needed)."""
from __future__ import annotations

import pytest

from scorekeeper import rules
from scorekeeper.rules.spec import Table
from scorekeeper.rules.engine import RoundRefused, derive
from tests.api.test_examples import same
from tests.conftest import example_cases


@pytest.mark.parametrize("case", list(example_cases()))
def test_example_through_the_rules(case):
    game = rules.REGISTRY[case["game"]]
    table = Table(tuple(case["players"]), game.resolve_options(case.get("options", {}), len(case["players"])))
    kept: list[dict] = []
    for number, rnd in enumerate(case.get("rounds", []), 1):
        if "error" in rnd:
            with pytest.raises(RoundRefused) as refused:
                derive(game, table, kept + [rnd["data"]])
            assert refused.value.number == number
            assert any(field.startswith(rnd["error"]) for field in refused.value.errors)
            continue
        kept.append(rnd["data"])
        if "points" in rnd:
            assert derive(game, table, kept).rounds[-1].points == rnd["points"]
    derived = derive(game, table, kept)
    state = {"status": "finished" if derived.over else "playing", "winners": derived.winners,
             "standings": derived.standings, "next": derived.next,
             "rounds": [{"number": r.number, "data": r.data, "points": r.points} for r in derived.rounds]}
    for key, want in case.get("expect", {}).items():
        got = [s["total"] for s in derived.standings] if key == "totals" else state[key]
        assert same(want, got), (key, got, want)
