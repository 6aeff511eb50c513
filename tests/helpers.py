"""Helpers the test modules share: the API's Authorization header, and a game started from the new-game page
through the test client (the browser tests' own is ``start_game_on`` in tests/browser/conftest.py)."""
from __future__ import annotations

import re

PLAYERS = ("Ann", "Bob", "Cy")


def auth(state: dict, token: str | None = None) -> dict:
    """The Authorization header with the game's edit token (or ``token``), as the API wants it."""
    return {"Authorization": f"Bearer {token or state['token']}"}


def post_new_game(client, key: str = "golf", names=PLAYERS, **options):
    """Send the new-game page's form (players, and house rules as ``opt_<name>``); return the answer."""
    form = {f"players-{i}": n for i, n in enumerate(names)}
    form.update({f"opt_{k}": v for k, v in options.items()})
    return client.post(f"/new/{key}", data=form)


def game_id(answer) -> str:
    """The id of the game an answer sends the browser to."""
    return re.search(r"/games/([\w-]+)", answer.headers["Location"]).group(1)


def start_from_page(client, key: str = "golf", names=PLAYERS, **options) -> str:
    """Start a game through its page (this browser's session now holds the edit token); return its id."""
    answer = post_new_game(client, key, names, **options)
    assert answer.status_code == 302, answer.get_data(as_text=True)[:500]
    return game_id(answer)
