"""A group on a phone (390×844): start it, play a game from it with its players ticked, see the leaderboard,
records and head to head; in English and French, with no sideways scroll."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.web.access import KEPT_GROUPS  # noqa: F401  (the blueprint is wired)


def start_group(page, live_server, name="Sunday Golf", players=("Ann", "Bob", "Cy")):
    page.goto(f"{live_server}/groups/new")
    page.fill("#group-name", name)
    for i, player in enumerate(players):
        page.fill(f"#player-{i}", player)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/groups/[\w-]+$"))


def play_hole_game(page, scores):
    """On a Golf table page of one hole, type each player's score and save it."""
    for seat, score in enumerate(scores):
        page.locator(f"[name='players-{seat}-score']").fill(str(score))
    page.get_by_role("button", name=re.compile("Save hole 1")).click()
    page.wait_for_load_state()


def test_a_season_in_a_group_on_a_phone(page, live_server, shot):
    start_group(page, live_server)
    assert page.locator("h1").inner_text() == "Sunday Golf"
    shot("group-new")
    page.click("text=New game with this group")
    assert page.locator("input[name=players]:checked").count() == 0
    assert page.locator("a[aria-current=page]").inner_text() == "Golf"  # the first game, until one is played
    for name in ("Ann", "Bob"):
        page.check(f"input[name=players][value={name}]")
    shot("group-play")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/"))
    assert page.locator("text=Group: Sunday Golf").count() == 1
    page.click("text=Group: Sunday Golf")
    page.click("text=New game with this group")
    ticked = page.locator("input[name=players]:checked")
    assert [ticked.nth(i).get_attribute("value") for i in range(ticked.count())] == ["Ann", "Bob"]
    assert page.locator("a[aria-current=page]").inner_text() == "Golf"


def group_game_form(page, live_server, group: str, ticked, newcomer: str) -> None:
    """Start a group of Ann, Bob and Cy; on its new-game form, tick ``ticked`` and type a newcomer."""
    start_group(page, live_server, group, ("Ann", "Bob", "Cy"))
    page.click("text=New game with this group")
    for name in ticked:
        page.check(f"input[name=players][value={name}]")
    page.fill("#newcomer", newcomer)


def test_picking_another_game_keeps_who_was_ticked_and_the_newcomer(page, live_server):
    group_game_form(page, live_server, "Picking", ("Cy", "Ann"), "Dora")
    page.get_by_role("link", name="Gin Rummy").click()
    page.wait_for_url(re.compile(r"game=gin-rummy"))
    assert page.locator("a[aria-current=page]").inner_text() == "Gin Rummy"
    ticked = page.locator("input[name=players]:checked")
    assert [ticked.nth(i).get_attribute("value") for i in range(ticked.count())] == ["Ann", "Cy"]
    assert page.locator("#newcomer").input_value() == "Dora"
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/"))
    assert [name.inner_text() for name in page.locator("#standings .who .name").all()] == ["Ann", "Cy", "Dora"]


def test_the_players_of_a_groups_game_sit_as_moved(page, live_server, shot):
    """Tonight Cy sits between Ann and Bob: "↑" moves Cy up a seat, and the game seats them so."""
    group_game_form(page, live_server, "Seating", ("Ann", "Bob", "Cy"), "")
    dealer = page.locator("#opt_first_dealer")
    dealer.select_option(label="Bob")
    page.get_by_role("button", name="Move Cy up a seat").click()
    shown = dealer.evaluate("s => [...s.options].filter(o => !o.hidden).map(o => o.textContent)")
    assert shown == ["Ann", "Cy", "Bob"]  # the names by their new seats, and Bob still deals
    expect(dealer.locator("option:checked")).to_have_text("Bob")
    page.uncheck("input[name=players][value=Ann]")  # Ann, above Bob, leaves the table: Bob still deals first
    expect(dealer.locator("option:checked")).to_have_text("Bob")
    page.check("input[name=players][value=Ann]")
    expect(dealer.locator("option:checked")).to_have_text("Bob")
    shot("group-play-seats")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/"))
    assert [name.inner_text() for name in page.locator("#standings .who .name").all()] == ["Ann", "Cy", "Bob"]
    assert page.locator(".next-line").inner_text().endswith("Bob deals")


def test_a_groups_game_chooses_who_deals_first_among_the_players_ticked(page, live_server):
    group_game_form(page, live_server, "Dealing", ("Ann", "Cy"), "Dora")
    dealer = page.locator("#opt_first_dealer")
    offered = dealer.evaluate("s => [...s.options].filter(o => !o.hidden).map(o => o.textContent)")
    assert offered == ["Ann", "Cy", "Dora"]
    dealer.select_option(label="Cy")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/"))
    assert page.locator(".next-line").inner_text().endswith("Cy deals")


def test_the_group_page_shows_leaderboard_records_and_head_to_head(page, live_server, shot):
    start_group(page, live_server, "Les cousins")
    group_url = page.url
    gid = group_url.rsplit("/", 1)[1]
    token = re.search(r"/join/([\w-]+)", page.locator("#edit-link").input_value()).group(1)
    api = page.context.request
    for scores, players in (([3, 5, 4], ["Ann", "Bob", "Cy"]), ([1, 2], ["Bob", "Cy"])):
        game = api.post(f"{live_server}/api/groups/{gid}/games", headers={"Authorization": f"Bearer {token}"},
                        data={"game": "golf", "players": players, "options": {"holes": 1}}).json()
        api.post(f"{live_server}/api/games/{game['id']}/rounds", headers={"Authorization": f"Bearer {game['token']}"},
                 data={"data": {"players": [{"score": s} for s in scores], "knocker": None}})
    page.goto(group_url)
    rows = page.locator("table.leaderboard tbody tr")
    assert rows.nth(0).inner_text().split()[:3] == ["Ann", "1", "1"]  # one win of one game: ahead of Bob's one of two
    assert page.locator(".records li").count() == 2  # Golf's lowest hole and lowest 1-hole total
    assert page.locator("table.h2h").is_visible()
    shot("group-page")
    expect(page.locator("#since")).to_be_hidden()  # From and To only with "Dates"
    page.locator("label.chip", has_text="Dates").click()
    expect(page.locator("#since")).to_be_visible()
    assert page.locator("#since").bounding_box()["height"] >= 44  # a thumb's tap, not the browser's 21 px
    page.check("input[name=period][value=month]")
    expect(page.locator("#until")).to_be_hidden()
    page.click("#leaderboard button[type=submit]")
    assert "2 finished games counted" in page.inner_text("#leaderboard")
    page.locator(".group-players a", has_text="Bob").click()
    assert page.locator(".chart svg").is_visible()
    shot("group-player")


@pytest.mark.parametrize("language", ["fr"])
def test_the_group_page_in_french(browser, live_server, language):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  locale=language, extra_http_headers={"Accept-Language": "fr"})
    page = context.new_page()
    try:
        start_group(page, live_server, "Famille")
        text = page.inner_text("main")
        assert "Classement" in text and "Face à face" in text and "Nouvelle partie avec ce groupe" in text
        assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
        page.screenshot(path="shots/group-page-fr.png", full_page=True)
    finally:
        context.close()


# Every scrolling box of a page whose content is wider than the box (a table cut off at the phone's edge).
CUT_OFF = """() => [...document.querySelectorAll('.scroll')].filter(s => s.scrollWidth > s.clientWidth + 1)
  .map(s => s.getAttribute('aria-labelledby') || s.className)"""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_groups_tables_fit_a_small_phone(browser, live_server, language):
    """The leaderboard and a player's best and worst show every column at 360 px, without a sideways scroll."""
    from tests.browser.test_accessibility import api

    # a long name wraps in its cell; a ten-letter one is never broken, even beside the French headers
    names = ["Ann", "Gwendoline", "Grandpa", "Maximilienne-Éléonore de la Tour d'Auvrg"]
    group = api(live_server, "/groups", {"name": "Friday Club", "players": names})
    out = {"clean_books": 1, "dirty_books": 2, "red_threes": 0, "went_out": True, "melded_points": 300,
           "left_points": 0}
    held = {"clean_books": 0, "dirty_books": 0, "red_threes": 0, "went_out": False, "melded_points": 0,
            "left_points": 40}
    six = [*names, "Emma", "Chris"]  # head to head for six: every column in sight at 360 px
    golf = api(live_server, f"/groups/{group['id']}/games", {"game": "golf", "players": six, "options": {"holes": 1}},
               group["token"])
    api(live_server, f"/games/{golf['id']}/rounds", {"data": {"players": [{"score": s} for s in (3, 5, 4, 9, 2, 7)]}},
        golf["token"])
    for game, options, data in (("golf", {"holes": 1}, {"players": [{"score": s} for s in (3, 5, 4, 9)]}),
                                ("hand-and-foot", {"rounds": 1}, {"players": [out, held, held, held]}),
                                ("trash-twelve-hands", {}, None)):
        state = api(live_server, f"/groups/{group['id']}/games",
                    {"game": game, "players": names, "options": options}, group["token"])
        if data:
            api(live_server, f"/games/{state['id']}/rounds", {"data": data}, state["token"])
    context = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True,
                                  locale=language)
    page = context.new_page()
    page.goto(group["view"])
    member = group["players"][0]["id"]
    for path in (f"/groups/{group['id']}", f"/groups/{group['id']}/players/{member}"):
        page.goto(live_server + path)
        assert page.evaluate(CUT_OFF) == [], path
    page.goto(f"{live_server}/groups/{group['id']}")
    for cell in page.locator("table.leaderboard th[scope=row] a span").all():
        if " " in cell.inner_text():
            continue
        lines = cell.evaluate("e => e.getClientRects().length === 1 && e.getBoundingClientRect().height"
                              " < 1.6 * parseFloat(getComputedStyle(e).lineHeight)")
        assert lines, cell.inner_text()
    for cell in page.locator("table.h2h th.line-name").all()[:3]:  # head to head: never "A/n/n" beside a long name
        lines = cell.evaluate("e => { const r = document.createRange(); r.selectNodeContents(e.lastChild);"
                              " return r.getClientRects().length; }")  # the name, after its line's number
        assert lines == 1, cell.inner_text()
    page.goto(f"{live_server}/groups/{group['id']}/players/{member}")
    # A game's name has a line of its own above its figures: "Hand & Foot (canasta à main et pied)" is never
    # squeezed into a first column a few letters wide, broken inside its words.
    names = page.locator("table.by-game th.game-name")
    assert names.count() == 2
    table_width = page.locator("table.by-game").bounding_box()["width"]
    for cell in names.all():
        box = cell.bounding_box()
        line = float(cell.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || 20"))
        assert box["width"] >= 0.95 * table_width and box["height"] < 3.2 * line, cell.inner_text()
    context.close()
