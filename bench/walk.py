"""Walk a request through the code: which of the app's modules and functions it crosses, in the order it first
enters each.

    python bench/walk.py            # every walk, on a throwaway SQLite file
    python bench/walk.py --calls    # with the functions of each module and how often each ran

The walks: saving a round from the phone's form, saving one through the API, a spectator's poll of an unchanged
game (a 304 from the poll middleware) and the spectator's first poll after a round. Each walk is one request on
the test client, after a warm-up that leaves the process as a worker that has served the game before. Only
``scorekeeper`` modules are counted; the rules modules (pure Python, one per game, ``scorekeeper.rules``) are
listed apart, and so is the plumbing every request crosses (the session, headers and static-file tags of
``hosting``), but the count of modules outside ``rules/`` includes it, as the issue counts them.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLUMBING = {"scorekeeper.web.hosting"}


def trace(request) -> dict[str, Counter]:
    """Run ``request()``; return the scorekeeper modules it entered, in order, with their functions' calls."""
    entered: dict[str, Counter] = {}

    def profile(frame, event, arg):
        if event == "call":
            module = frame.f_globals.get("__name__", "")
            if module.startswith("scorekeeper"):
                entered.setdefault(module, Counter())[frame.f_code.co_name] += 1

    sys.setprofile(profile)
    try:
        answer = request()
    finally:
        sys.setprofile(None)
    print(f"  answered {answer.status_code}")
    return entered


def report(title: str, entered: dict[str, Counter], calls: bool) -> None:
    """Print one walk: the app's modules in order, then the rules and the plumbing."""
    app = [m for m in entered if m not in PLUMBING and not m.startswith("scorekeeper.rules")]
    rules = [m for m in entered if m.startswith("scorekeeper.rules")]
    plumbing = [m for m in entered if m in PLUMBING]
    print(f"{title}: {len(app) + len(plumbing)} modules outside rules/ ({len(app)} app modules, "
          f"{sum(len(entered[m]) for m in app)} functions, and plumbing {len(plumbing)}); rules {len(rules)}")
    print("  " + " → ".join(m.removeprefix("scorekeeper.") for m in app))
    print("  rules: " + ", ".join(m.removeprefix("scorekeeper.") for m in rules))
    print("  plumbing: " + ", ".join(m.removeprefix("scorekeeper.") for m in plumbing))
    if calls:
        for module in entered:
            print(f"    {module}: " + ", ".join(f"{name}×{n}" if n > 1 else name
                                                for name, n in entered[module].items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", action="store_true", help="list each module's functions too")
    args = parser.parse_args()

    from scorekeeper import create_app
    from tests.databases import migrate

    url = f"sqlite:///{tempfile.mkdtemp()}/walk.sqlite"
    migrate(url)
    app = create_app({"SECRET_KEY": "walk", "SQLALCHEMY_DATABASE_URI": url, "WTF_CSRF_ENABLED": False,
                      "RATELIMIT_ENABLED": False})
    scorer, spectator = app.test_client(), app.test_client()
    table = scorer.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob"}).headers["Location"]
    scorer.get(table)
    spectator.get(table)

    def page_round(number: int):
        return scorer.post(f"{table}/rounds", data={"number": str(number), "score-0": "3", "score-1": "4",
                                                    "entry_key": f"walk{number:018d}"})

    page_round(1)  # the warm-up: this worker has saved a round of this game before
    report("save a round from the form", trace(lambda: page_round(2)), args.calls)

    made = scorer.post("/api/games", json={"game": "golf", "players": ["Cy", "Di"], "options": {}}).get_json()

    def api_round(number: int):
        return scorer.post(f"/api/games/{made['id']}/rounds", headers={"Authorization": f"Bearer {made['token']}"},
                           json={"number": number, "data": {"players": [{"score": 3}, {"score": 4}],
                                                            "knocker": None}})

    api_round(1)
    report("save a round through the API", trace(lambda: api_round(2)), args.calls)

    tag = spectator.get(f"{table}/live").headers["ETag"]
    report("a spectator polls, nothing new", trace(
        lambda: spectator.get(f"{table}/live", headers={"If-None-Match": tag})), args.calls)
    page_round(3)
    report("a spectator polls after a round", trace(
        lambda: spectator.get(f"{table}/live", headers={"If-None-Match": tag})), args.calls)

    group = scorer.post("/api/groups", json={"name": "Club", "players": ["Ann", "Bob"]}).get_json()
    night = scorer.post(f"/api/groups/{group['id']}/nights", headers={"Authorization": f"Bearer {group['token']}"},
                        json={"game": "golf", "players": [f"P{n}" for n in range(12)], "table_size": 4,
                              "sittings": 3, "movement": "rotate"}).get_json()
    scorer.post(f"/api/nights/{night['id']}/sittings", headers={"Authorization": f"Bearer {night['token']}"})
    room = f"/nights/{night['id']}/room/live?view={group['view'].split('view=')[1]}"
    night_tag = spectator.get(room).headers["ETag"]
    report("the room screen polls, nothing new", trace(
        lambda: spectator.get(room, headers={"If-None-Match": night_tag})), args.calls)


if __name__ == "__main__":
    main()
