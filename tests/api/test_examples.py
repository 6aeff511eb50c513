"""Play every worked example of the shared spec through the API, like check-examples does."""
from __future__ import annotations

import pytest

from scorekeeper import rules

from tests.conftest import example_cases


def same(want, got) -> bool:
    """Compare only what the example names; numbers with a small tolerance."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and same(v, got[k]) for k, v in want.items())
    if isinstance(want, list):
        return isinstance(got, list) and len(want) == len(got) and all(same(a, b) for a, b in zip(want, got))
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        return isinstance(got, (int, float)) and not isinstance(got, bool) and abs(want - got) < 1e-9
    return want == got


@pytest.mark.parametrize("case", list(example_cases()))
def test_example(client, case):
    play_case(client, case)


def play_case(client, case) -> None:
    """Play one case the way check-examples does: start (with its preset), send its rounds, compare."""
    if case["game"] not in rules.REGISTRY:
        pytest.fail(f"{case['game']} is not registered")
    body = {"game": case["game"], "players": case["players"], "options": case.get("options", {})}
    if "preset" in case:
        body["preset"] = case["preset"]
    answer = client.post("/api/games", json=body)
    if "create_error" in case:
        assert answer.status_code == 422
        assert any(k.startswith(case["create_error"]) for k in answer.get_json()["errors"])
        return
    assert answer.status_code == 201, answer.get_json()
    game = answer.get_json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    for i, rnd in enumerate(case.get("rounds", []), 1):
        answer = client.post(f"/api/games/{game['id']}/rounds", json={"data": rnd["data"]}, headers=auth)
        if "error" in rnd:
            assert answer.status_code == 422, (i, answer.get_json())
            assert any(f.startswith(rnd["error"]) for f in answer.get_json()["errors"]), answer.get_json()
            continue
        assert answer.status_code == 201, (i, answer.get_json())
        if "points" in rnd:
            assert same(rnd["points"], answer.get_json()["rounds"][-1]["points"]), (i, answer.get_json())
    state = client.get(f"/api/games/{game['id']}").get_json()
    for key, want in case.get("expect", {}).items():
        got = [s.get("total") for s in state["standings"]] if key == "totals" else state.get(key)
        assert same(want, got), (key, got, want)
