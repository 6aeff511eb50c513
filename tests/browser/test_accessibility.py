"""axe-core finds no accessibility violations on the home, new-game, table and spectator pages, light and dark.

axe comes from the npm package (``npm ci`` beside pyproject.toml; .ci/run does it) and is injected through
Playwright, so nothing is fetched from a CDN and nothing of it is served to the phones.

Each page is checked with every rule in the light scheme, then switched to the dark one where it stands (the
stylesheet follows ``prefers-color-scheme``, live) and checked again with the rules that read colours: the dark
scheme changes colours only, so a second load and a second full run would check nothing more.
"""
from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from scorekeeper import rules as registry
from tests.browser.conftest import PHONE

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
GAMES = list(registry.REGISTRY)  # every game the house knows


def api(base: str, path: str, body: dict, token: str | None = None, method: str = "POST") -> dict:
    request = urllib.request.Request(f"{base}/api{path}", data=json.dumps(body).encode(), method=method,
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


# The rules whose outcome depends on the colours (axe's "cat.color" rules in force by default).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
RUN = """async (rules) => (await axe.run(document, rules ? {runOnly: {type: "rule", values: rules}} : {})).violations
  .map(v => `${v.id} (${v.impact}): ${v.nodes[0].target} ${v.nodes[0].failureSummary}`)"""
BACKGROUND = "getComputedStyle(document.body).backgroundColor"


@pytest.fixture
def axe_page(browser):
    """A phone page that lets axe in past the app's content policy (the app's own pages stay as served)."""
    if not AXE.exists():
        pytest.fail(f"no axe-core at {AXE}: run `npm ci` beside pyproject.toml")
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True,
                                  color_scheme="light")
    yield context.new_page()
    context.close()


def violations(page, url: str) -> list[str]:
    """Open ``url`` and return axe's violations, light and dark, one line each: rule, impact and the first
    element."""
    page.goto(url, wait_until="load")  # the deferred scripts have run: the chips, pads and steppers are there
    return axe_here(page)


def test_home_and_new_game_pages(axe_page, live_server):
    for path in ["/", "/new/golf", "/new/hand-and-foot"]:
        assert violations(axe_page, live_server + path) == [], path


@pytest.mark.parametrize("key", GAMES)
def test_table_and_spectator_pages(axe_page, live_server, key):
    state = api(live_server, "/games", {"game": key, "players": ["Ann", "Bob", "Cy", "Di"], "options": {}})
    assert violations(axe_page, f"{live_server}/games/{state['id']}/edit/{state['token']}") == [], "table"
    axe_page.context.clear_cookies()
    assert violations(axe_page, f"{live_server}/games/{state['id']}") == [], "spectator"


@pytest.mark.parametrize("key, hand", [
    ("hand-and-foot", {"players": [{"clean_books": 1, "dirty_books": 2, "went_out": True, "melded_points": 200},
                                   {"melded_points": 150, "left_points": 45}]}),
    ("golf", {"players": [{"score": -2}, {"score": 7}]}),
])
def test_edit_page(axe_page, live_server, key, hand):
    """The correction form, with its chips, number pad and minus key."""
    state = api(live_server, "/games", {"game": key, "players": ["Ann", "Bob"], "options": {}})
    api(live_server, f"/games/{state['id']}/rounds", {"data": hand}, state["token"])
    axe_page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    assert violations(axe_page, f"{live_server}/games/{state['id']}/rounds/1/edit") == []


def axe_here(page) -> list[str]:
    """Return axe's violations on the page as it is now (after taps), one line each: every rule in the light
    scheme, then the colour rules in the dark one."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(RUN, None)
    light = page.evaluate(BACKGROUND)
    page.emulate_media(color_scheme="dark")
    assert page.evaluate(BACKGROUND) != light, "the page did not turn dark"
    found += [f"dark: {v}" for v in page.evaluate(RUN, COLOUR_RULES)]
    page.emulate_media(color_scheme="light")
    return found


def test_the_entry_that_survives(axe_page, live_server):
    """Issue 20's pieces: the kept draft and its Clear, the undo after a save, the rules sheet, ten players' grid."""
    names = [f"Player number {n}" for n in range(1, 11)]
    state = api(live_server, "/games", {"game": "golf", "players": names, "options": {}})
    page = axe_page
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    for seat in range(10):
        page.locator(f"#score-{seat}").fill(str(seat))
    with page.expect_navigation():
        page.get_by_role("button", name="Save hole 1").click()
    page.locator("#score-0").fill("5")  # a draft: its note and Clear
    assert page.locator(".saved-bar").is_visible()
    assert axe_here(page) == [], "after a save"
    page.locator("#rules-now summary").click()
    assert axe_here(page) == [], "the rules sheet"


def test_group_pages(axe_page, live_server):
    """A group with finished games and one in play: its page (editor and reader), a game from it, a player, the
    table page of its game (the players' colours and emoji), in English and French."""
    group = api(live_server, "/groups", {"name": "Sunday Golf", "players": ["Ann", "Bob", "Cy"]})
    gid, token = group["id"], group["token"]
    for n, scores in enumerate(([3, 5, 4], [1, 2, 6], [4, 4, 0])):
        game = api(live_server, f"/groups/{gid}/games", {"game": "golf", "players": ["Ann", "Bob", "Cy"],
                                                         "options": {"holes": 1 if n < 2 else 9}}, token)
        api(live_server, f"/games/{game['id']}/rounds",
            {"data": {"players": [{"score": s} for s in scores], "knocker": None}}, game["token"])
    member = group["players"][0]["id"]
    api(live_server, f"/groups/{gid}/rules/golf", {"preset": "six_card", "options": {"holes": 18}}, token, "PUT")
    for language in ("en", "fr"):
        axe_page.context.clear_cookies()
        axe_page.context.set_extra_http_headers({"Accept-Language": language})
        assert violations(axe_page, f"{live_server}/groups/{gid}/join/{token}") == [], (language, "group")
        for path in (f"/groups/{gid}/play", f"/groups/{gid}/play?game=gin-rummy", f"/groups/{gid}/players/{member}",
                     f"/groups/{gid}/rules/golf", f"/groups/{gid}/rules/gin-rummy",
                     "/groups/", f"/groups/new?game={game['id']}", f"/games/{game['id']}"):
            assert violations(axe_page, live_server + path) == [], (language, path)
        axe_page.context.clear_cookies()
        assert violations(axe_page, group["view"]) == [], (language, "reader")


def test_the_dark_check_finds_what_only_the_dark_scheme_breaks(axe_page, live_server):
    """The check itself: text that only the dark scheme makes unreadable is reported, as dark."""
    axe_page.goto(live_server + "/", wait_until="load")
    axe_page.add_style_tag(content="@media (prefers-color-scheme: dark) { main, main * { color: #222 !important; } }")
    found = axe_here(axe_page)
    assert found and all(v.startswith("dark: color-contrast") for v in found), found
