"""A club night on phones 360 px wide: the director starts it from the group's page, seats twelve at three tables,
and the room screen (a big display, and a phone) follows a table's round without a reload; in English and French."""
from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.nights.conftest import hand

STICKING_OUT = """() => { const out = [];
  for (const box of document.querySelectorAll('.card')) { const b = box.getBoundingClientRect();
    for (const el of box.querySelectorAll('button, input, select, textarea, .chip span, table')) {
      const r = el.getBoundingClientRect();
      if (r.width && (r.right > b.right + 0.5 || r.left < b.left - 0.5)) out.push(el.outerHTML.slice(0, 60)); } }
  return out; }"""
NEWCOMERS = ["Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou-Anne de la Fontaine"]


def context_of(browser, width: int, height: int, language: str = "en", scheme: str = "light"):
    return browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 600,
                               has_touch=width < 600, locale=language, color_scheme=scheme)


def fits(page) -> None:
    """Nothing scrolls sideways, and nothing sticks out of its card."""
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert page.evaluate(STICKING_OUT) == []


def save_round(live_server: str, link: str) -> None:
    """Save a round of a table's game through the API, as the table's phone would (its edit link's token)."""
    game, token = re.search(r"/games/([\w-]+)/edit/([\w-]+)", link).groups()
    request = urllib.request.Request(f"{live_server}/api/games/{game}/rounds", method="POST",
                                     data=json.dumps({"data": hand(4, 0)}).encode(),
                                     headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    assert urllib.request.urlopen(request).status == 201


def director_starts_a_night(page, live_server: str, words: dict[str, str]) -> None:
    """Start a group of three, then a club night of twelve at Hand & Foot from its page, and seat sitting 1."""
    page.goto(f"{live_server}/groups/new")
    page.fill("#group-name", "Friday club")
    for i, player in enumerate(("Ann", "Bob", "Cy")):
        page.fill(f"#player-{i}", player)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/groups/[\w-]+$"))
    page.get_by_role("link", name=words["start"]).click()
    page.get_by_role("link", name="Hand & Foot").click()
    for name in ("Ann", "Bob", "Cy"):
        page.check(f"input[name=players][value='{name}']")
    page.fill("#newcomers", "\n".join(NEWCOMERS))
    page.fill("#table_size", "4")
    page.fill("#sittings", "3")
    fits(page)
    page.get_by_role("button", name=words["night"]).click()
    page.wait_for_url(re.compile(r"/nights/[\w-]+$"))
    fits(page)
    page.get_by_role("button", name=words["sitting"]).click()
    page.wait_for_url(re.compile(r"/nights/[\w-]+#tables$"))


@pytest.mark.parametrize("language, words", [
    ("en", {"start": "Start a club night", "night": "Start the night", "sitting": "Start sitting 1",
            "played": "1 round played", "table": "Table 1"}),
    ("fr", {"start": "Lancer une soirée de club", "night": "Lancer la soirée", "sitting": "Lancer le tour 1",
            "played": "1 manche jouée", "table": "Table 1"}),
])
def test_a_director_seats_twelve_and_the_room_follows_a_round(browser, live_server, language, words):
    director = context_of(browser, 360, 780, language)
    room_tv = context_of(browser, 1280, 720, language, "dark")
    room_phone = context_of(browser, 360, 780, language)
    try:
        page = director.new_page()
        director_starts_a_night(page, live_server, words)
        tables = page.locator("#tables .night-table")
        expect(tables).to_have_count(3)
        for i in range(3):
            expect(tables.nth(i).locator(".who")).to_have_count(4)
        fits(page)
        page.locator("#tables details.qr summary").first.click()
        expect(page.locator("#tables details.qr img").first).to_be_visible()
        link = page.locator("#link-1").input_value()
        room_link = page.locator("#room-link").input_value()
        screens = [room_tv.new_page(), room_phone.new_page()]
        for screen in screens:
            screen.goto(room_link)
            expect(screen.locator("#room-tables .night-table")).to_have_count(3)
            expect(screen.locator("#room-moves li")).to_have_count(12)  # who sits where, by name
        fits(screens[1])
        save_round(live_server, link)
        for screen in screens:  # no reload: the page's poll swaps the parts in
            expect(screen.locator("#room-tables .night-table").first).to_contain_text(words["played"], timeout=8000)
            expect(screen.locator("#room-moves li")).to_have_count(12)  # two tables are still being found
        assert screens[0].evaluate("performance.getEntriesByType('navigation').length") == 1
        fits(screens[1])
    finally:
        for context in (director, room_tv, room_phone):
            context.close()


def test_the_night_pages_pass_axe_light_and_dark(browser, live_server):
    """axe finds nothing on the new-night form, the director's page and the room screen (phone and TV)."""
    from tests.browser.test_accessibility import AXE, axe_here

    if not AXE.exists():
        pytest.fail(f"no axe-core at {AXE}: run `npm ci` beside pyproject.toml")
    words = {"start": "Start a club night", "night": "Start the night", "sitting": "Start sitting 1"}
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  bypass_csp=True)
    try:
        page = context.new_page()
        director_starts_a_night(page, live_server, words)
        night = page.url.split("#")[0]
        page.goto(night)
        assert axe_here(page) == [], "director"
        room = page.locator("#room-link").input_value()
        page.goto(room)
        assert axe_here(page) == [], "room"
        page.set_viewport_size({"width": 1280, "height": 720})
        assert axe_here(page) == [], "room on a TV"
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(night)
        group = page.locator("a", has_text="Back to the group").get_attribute("href")
        page.goto(f"{live_server}{group}/nights/new")
        assert axe_here(page) == [], "new night"
    finally:
        context.close()


def test_picking_another_game_keeps_who_is_here(page, live_server):
    page.goto(f"{live_server}/groups/new")
    page.fill("#group-name", "Picking nights")
    for i, player in enumerate(("Ann", "Bob", "Cy")):
        page.fill(f"#player-{i}", player)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/groups/[\w-]+$"))
    page.get_by_role("link", name="Start a club night").click()
    page.check("input[name=players][value='Cy']")
    page.check("input[name=players][value='Ann']")
    page.get_by_role("link", name="Gin Rummy").click()
    page.wait_for_url(re.compile(r"game=gin-rummy"))
    ticked = page.locator("input[name=players]:checked")
    assert sorted(ticked.nth(i).get_attribute("value") for i in range(ticked.count())) == ["Ann", "Cy"]
    assert page.locator("#table_size").input_value() == "2"
