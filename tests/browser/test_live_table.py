"""The live table in Chromium: spectators follow without reloading, no page scrolls sideways, QR codes show."""
from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from scorekeeper import rules as registry

MANY = ["Ann", "Bob", "Zoë", "李小龙", "Maximilian-Alexander von Hohenzollern-Si", "Di", "Ed", "Flo", "Gus", "Hal",
        "Ivy", "Jo"]


def api(live_server, path, data=None, token=None):
    request = urllib.request.Request(f"{live_server}/api{path}", data=json.dumps(data).encode() if data else None,
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def hole(*scores):
    return {"players": [{"score": s} for s in scores], "knocker": None}


def test_a_spectator_sees_a_new_round_without_reloading(page, live_server):
    state = api(live_server, "/games", {"game": "golf", "players": ["Ann", "Bob"], "options": {}})
    page.goto(f"{live_server}/games/{state['id']}")
    page.evaluate("window.notReloaded = true")
    api(live_server, f"/games/{state['id']}/rounds", {"data": hole(7, 3)}, state["token"])
    page.locator("#rounds .grid").wait_for(timeout=4000)  # within 3 s of the save, plus a little slack
    assert page.locator("#standings .total").first.inner_text() == "7"
    assert page.evaluate("window.notReloaded") is True  # swapped in, not reloaded
    api(live_server, f"/games/{state['id']}/rounds", {"data": hole(1, 30)}, state["token"])
    page.locator("#rounds tbody tr").nth(1).wait_for(timeout=4000)
    assert page.locator("#chart svg").count() == 1


def test_a_spectator_of_a_finished_game_is_led_to_the_one_played_next(page, browser, live_server):
    state = api(live_server, "/games", {"game": "golf", "players": ["Ann", "Bob"], "options": {"holes": 1}})
    api(live_server, f"/games/{state['id']}/rounds", {"data": hole(4, 9)}, state["token"])
    page.goto(f"{live_server}/games/{state['id']}")  # the spectator, on the finished game
    page.evaluate("window.notReloaded = true")
    scorer = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    scorer.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    with scorer.expect_navigation():
        scorer.get_by_role("button", name="Play again with the same players").click()
    follow = page.get_by_role("link", name="The table plays again: follow the new game")
    follow.wait_for(timeout=4000)  # swapped in with the scoreboard, no reload
    assert page.evaluate("window.notReloaded") is True
    follow.click()
    page.wait_for_url(scorer.url.split("#")[0] + "*")  # the game the scorer now keeps
    scorer.context.close()


def test_an_editor_with_a_half_typed_round_is_told_not_reloaded(page, live_server):
    state = api(live_server, "/games", {"game": "golf", "players": ["Ann", "Bob"], "options": {}})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    page.locator("#score-0").fill("5")
    api(live_server, f"/games/{state['id']}/rounds", {"data": hole(7, 3)}, state["token"])
    note = page.locator(".live-note")
    note.wait_for(state="visible", timeout=4000)
    assert "Another phone saved a round" in note.inner_text()
    assert page.locator("#score-0").input_value() == "5"


def test_a_scorer_is_told_when_another_phone_ends_the_game_and_gets_the_form_back_when_it_is_carried_on(
        page, browser, live_server):
    """Phone B has typed a hole when phone A ends the game: B is told so, not "another phone saved a round", and
    Save waits; A carries on playing: B's form is back, with what B typed."""
    state = api(live_server, "/games", {"game": "golf", "players": ["Ann", "Bob"], "options": {}})
    api(live_server, f"/games/{state['id']}/rounds", {"data": hole(7, 3)}, state["token"])
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    page.locator("#score-0").fill("5")
    phone_a = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    phone_a.on("dialog", lambda dialog: dialog.accept())
    phone_a.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    with phone_a.expect_navigation():
        phone_a.get_by_role("button", name="End the game now").click()
    note = page.locator("#round-form .live-note")
    note.wait_for(state="visible", timeout=4000)
    assert "The game was ended on another phone" in note.inner_text()
    assert page.get_by_role("button", name="Save hole 2").is_disabled()
    assert page.locator("#score-0").input_value() == "5"
    with phone_a.expect_navigation():
        phone_a.get_by_role("button", name="Ended by mistake? Carry on playing").click()
    expect(page.get_by_role("button", name="Save hole 2")).to_be_enabled(timeout=4000)
    assert "The game was carried on from another phone" in note.inner_text()  # not "another phone saved a round"
    assert page.locator("#score-0").input_value() == "5"
    with page.expect_navigation():
        page.get_by_role("button", name="Clear all").click()  # nothing typed now: a page that follows by reloading
    # a page that had no form (the game was over when it opened) gets it back by itself
    with phone_a.expect_navigation():
        phone_a.get_by_role("button", name="End the game now").click()
    expect(page.locator("#round-form")).to_have_count(0, timeout=6000)
    with phone_a.expect_navigation():
        phone_a.get_by_role("button", name="Ended by mistake? Carry on playing").click()
    page.locator("#round-form").wait_for(timeout=6000)
    phone_a.context.close()


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("key", list(registry.REGISTRY))
def test_no_page_scrolls_sideways_with_the_most_players(browser, live_server, key, width):
    rules = registry.get(key)
    names = MANY[:rules.spec.max_players]
    state = api(live_server, "/games", {"game": key, "players": names, "options": {}})
    context = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.goto(f"{live_server}/games/{state['id']}")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


def test_hidden_buttons_stay_hidden_and_the_qr_code_shows(page, live_server):
    state = api(live_server, "/games", {"game": "golf", "players": ["Ann", "Bob"], "options": {}})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    for button in page.locator("[hidden]").all():
        assert not button.is_visible()
    page.get_by_text("QR code to follow the scores").click()
    image = page.get_by_alt_text("QR code of the view link")
    image.wait_for(state="visible")  # laid out, maybe not yet loaded: wait for the picture itself
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())


@pytest.mark.parametrize("width", [360, 390])
def test_the_rounds_grid_of_twelve_golfers_scrolls_in_its_own_box(browser, live_server, width):
    state = api(live_server, "/games", {"game": "golf", "players": MANY, "options": {}})
    for n in range(8):  # a row per player (issue 20): the holes scroll beside the names and totals
        api(live_server, f"/games/{state['id']}/rounds", {"data": hole(*range(n, n + 12))}, state["token"])
    context = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        box = page.locator(".grid-wrap")
        assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # the grid scrolls inside its box
        first = page.locator("#rounds tbody th").first
        before = first.bounding_box()["x"]
        box.evaluate("b => { b.scrollLeft = 400; }")
        assert abs(first.bounding_box()["x"] - before) < 1  # the name column stays pinned
        total = page.locator("#rounds tbody td.sum").first.bounding_box()
        assert total["x"] + total["width"] <= width  # and each total beside it
    finally:
        context.close()


def test_the_theme_toggle_is_remembered_and_the_service_worker_keeps_the_static_files(page, live_server):
    page.goto(f"{live_server}/")
    toggle = page.locator("[data-theme-toggle]")
    toggle.click()
    chosen = page.evaluate("document.documentElement.dataset.theme")
    assert chosen in ("light", "dark")
    page.reload()
    assert page.evaluate("document.documentElement.dataset.theme") == chosen
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    toggle.click()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != background
    assert page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
    # kept under its versioned URL (?v=<content hash>), as the pages ask for it
    assert page.evaluate("caches.open('scorekeeper-static-v1')"
                         ".then(c => c.match('/static/css/app.css', {ignoreSearch: true})).then(r => !!r)")
