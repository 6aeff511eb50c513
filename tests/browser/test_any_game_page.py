"""Any game on a phone: ten players at 360 px, the points on the number pad (− and sums), its name everywhere,
the last count filled where every round hands out the same points, in English and French."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_quick_entry import Taps, pad_type

NARROW = {"width": 360, "height": 780}
TEN = ["Bartholomew Longname", "Alexandrina Smith", "Christopher Robin", "Dominique", "Evangeline Jones",
       "Frederick", "Gwendolyn", "Hieronymus Bosch", "Isadora", "Jean-Baptiste Martin"]


def test_ten_players_enter_a_round_on_the_pad_at_360_px(page, start_game, shot):
    page.set_viewport_size(NARROW)
    start_game("any", TEN, {"name": "Five Crowns", "wins": "low"})
    expect(page.locator("h1").first).to_have_text("Five Crowns")
    taps = Taps(page)
    points = ["12", "0", "7", "25", "3", "9", "41", "2", "18", "6"]
    for seat, text in enumerate(points):
        pad_type(page, taps, page.locator(f"#points-{seat}"), text)
    digits = sum(len(p) for p in points)
    assert taps.count <= digits + len(TEN)  # the pad moves to the next box itself: at most one more tap a player
    taps.tap(page.get_by_role("button", name="Save round 1"))
    expect(page.locator(".next-line")).to_contain_text("Round 2")
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    leader = page.locator(".standings li.leader")
    expect(leader).to_contain_text("Alexandrina Smith")  # low wins: 0 leads
    shot("any-game-ten-players-360")


def test_minus_and_sums_on_the_pad(page, start_game):
    page.set_viewport_size(PHONE)
    start_game("any", ["Ann", "Bob"], {"name": "Hearts"})
    box = page.locator("#points-0")
    box.click()
    pad = page.locator(".number-pad")
    for key in ("1", "2", "+", "8"):
        pad.get_by_role("button", name=key, exact=True).click()
    expect(box).to_have_value("12+8")
    minus = page.get_by_role("button", name="Negative: Points").first
    minus.click()  # the whole sum turns round: −20, never "-12+8" (−4)
    expect(box).to_have_value("-20")
    minus.click()
    expect(box).to_have_value("20")
    page.locator("#points-1").fill("–15")  # the dash a phone's keyboard offers reads as a minus
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".next-line")).to_contain_text("Round 2")
    assert page.locator(".standings .total").all_inner_texts() == ["20", "−15"]


def test_the_last_count_fills_itself_where_every_round_hands_out_the_same(page, start_game):
    start_game("any", ["Ann", "Bob", "Cy", "Di"], {"name": "Hearts", "wins": "low", "round_total": "26"})
    for seat, text in enumerate(["13", "0", "4"]):
        page.locator(f"#points-{seat}").fill(text)
    expect(page.locator("#points-3")).to_have_value("9")
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator(".next-line")).to_contain_text("Round 2")


def test_a_french_table_plays_any_game_in_french(browser, live_server):
    context = browser.new_context(viewport=NARROW, is_mobile=True, has_touch=True, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live_server}/new/any")
    expect(page.locator("h1")).to_have_text("Nouvelle partie d’un autre jeu")
    page.locator("#opt_name").fill("Belote")
    page.locator("#players-0").fill("Anne")
    page.locator("#players-1").fill("Bruno")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url("**/games/*")
    expect(page.locator("h1").first).to_have_text("Belote")
    page.locator("#points-0").fill("")
    page.get_by_role("button", name="Enregistrer la manche 1").click()
    expect(page.locator("#points-0-err")).to_contain_text("Anne")  # the empty box named, in French
    context.close()


def test_a_game_played_before_starts_again_in_one_tap_with_its_house_rules(page, start_game, live_server):
    start_game("any", ["Ann", "Bob"], {"name": "Hearts", "wins": "low", "target": "50"})
    page.goto(f"{live_server}/new/any")
    page.locator(".recent-names button", has_text="Hearts").click()
    expect(page.locator("#opt_name")).to_have_value("Hearts")
    expect(page.locator("input[name=opt_wins][value=low]")).to_be_checked()
    expect(page.locator("#opt_target")).to_have_value("50")


def test_the_pencil_of_every_round_stays_in_sight_however_wide_the_table(page, live_server):
    """Five players with long names, or six-figure totals, make the rounds table wider than a 360 px phone: the ✎ that
    corrects each round stays at the right edge, a line says the table scrolls, and scrolling shows the last player.
    Six players or more: a row a player, opened on the newest rounds and their ✎."""
    from tests.browser.test_accessibility import api

    page.set_viewport_size(NARROW)
    games = {}
    for label, players, points, rounds in (
            ("wide", ["Grandma", "Léo", "Sam 🎲", "Priya", "Ahmed"], [12, 30, 7, 45, 22], 3),
            ("big", ["Dominique", "Bernadette", "Christophe", "Gwendoline"], [100000, 99999, -100000, 54321], 2),
            ("narrow", ["Ann", "Bob", "Cy"], [1, 2, 3], 2),
            ("six", ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"], [1, 2, 3, 4, 5, 6], 12)):
        game = api(live_server, "/games", {"game": "any", "players": players, "options": {"name": "Hearts"}})
        for _ in range(rounds):
            api(live_server, f"/games/{game['id']}/rounds", {"data": {"points": points}}, game["token"])
        games[label] = game
    for label in ("wide", "big"):
        game = games[label]
        page.goto(f"{live_server}/games/{game['id']}/edit/{game['token']}")
        pencils = page.locator("#rounds td.actions a")
        for pencil in pencils.all():
            box = pencil.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"], label
        expect(page.locator("[data-wider-hint]")).to_be_visible()
        pencils.first.click()  # nothing covers it
        expect(page).to_have_url(f"{live_server}/games/{game['id']}/rounds/1/edit")
    game = games["narrow"]
    page.goto(f"{live_server}/games/{game['id']}/edit/{game['token']}")
    expect(page.locator("[data-wider-hint]")).to_be_hidden()
    game = games["six"]
    page.goto(f"{live_server}/games/{game['id']}/edit/{game['token']}")
    newest = page.locator("#rounds tfoot td.actions a").last
    box = newest.bounding_box()
    assert box["x"] + box["width"] <= NARROW["width"]  # round 12's ✎, in sight without scrolling
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
