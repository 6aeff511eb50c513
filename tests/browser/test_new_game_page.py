"""The new-game form: "How do you play?" fills in a house sheet's rules; the 12-hand points get a box each."""
from __future__ import annotations

from playwright.sync_api import expect

from .conftest import name_players


def state_of(page) -> dict:
    """Read the game the page shows through its JSON twin."""
    game_id = page.url.rstrip("/").rsplit("/", 1)[1]
    return page.request.get(page.url.split("/games/")[0] + f"/api/games/{game_id}").json()


def choose(page, preset: str) -> None:
    """Tap one way of playing under "How do you play?" ("" for our own house rules)."""
    page.get_by_role("group", name="How do you play?").locator(f"input[value='{preset}']").check()


def test_a_preset_fills_in_the_house_rules_and_says_what_changed(page, live_server, shot):
    page.goto(f"{live_server}/new/golf")
    name_players(page, ["Ann", "Bob", "Cy"])
    choose(page, "quarters")
    expect(page.locator("details.options")).to_have_attribute("open", "")
    expect(page.locator("#opt_quarters")).to_have_value("4")
    expect(page.locator("input[name=opt_pairs]:checked")).to_have_value("all")
    expect(page.locator("#opt_values")).to_have_value("X=0")
    changes = page.locator(".preset-changes")
    expect(changes).to_contain_text("Quarters each (elimination game)")
    expect(changes).to_contain_text("Equal cards cancel")
    expect(changes).not_to_contain_text("Holes")
    # Each way of playing is a sentence, shown whole: a choice a line, never cut off by a closed select.
    expect(page.get_by_role("group", name="How do you play?").locator("label.chip")).to_have_text(
        ["Our own house rules (choose below)", "6-card Golf (pairs cancel in a column)",
         "The quarters game (4 quarters each; a card turned up each turn, no knocking; repeated cards score 0; "
         "jokers 0)"])
    shot("new-game-1-preset")

    # Back to our own rules: the usual values return.
    choose(page, "")
    expect(page.locator("#opt_quarters")).to_have_value("")
    expect(page.locator("input[name=opt_pairs]:checked")).to_have_value("")
    expect(changes).to_be_hidden()

    # The preset, then one rule changed by hand: the preset's options first, then ours.
    choose(page, "quarters")
    page.locator("#opt_quarters").fill("3")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    state = state_of(page)
    assert state["preset"] == "quarters"
    assert (state["options"]["quarters"], state["options"]["pairs"], state["options"]["values"]) == (3, "all", {"X": 0})


def test_a_preset_that_ticks_a_box_names_the_box(page, live_server):
    page.goto(f"{live_server}/new/trash")
    choose(page, "house")
    expect(page.locator(".preset-changes")).to_have_text("These house rules change: Others can complete too")


def test_a_refused_form_keeps_the_preset_and_what_was_typed(page, live_server):
    page.goto(f"{live_server}/new/hand-and-foot")
    name_players(page, ["Ann", "Ann"])
    choose(page, "classic")
    page.locator("#opt_rounds").fill("6")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".field.has-error")).to_contain_text("already at the table")
    expect(page.locator("input[name=preset]:checked")).to_have_value("classic")
    expect(page.locator("#opt_clean_book")).to_have_value("500")
    expect(page.locator("#opt_rounds")).to_have_value("6")
    page.locator("#players-1").fill("Bob")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    state = state_of(page)
    assert state["preset"] == "classic" and state["options"]["rounds"] == 6 and state["options"]["clean_book"] == 500


def test_the_twelve_hand_points_are_one_box_each(page, live_server, shot):
    page.goto(f"{live_server}/new/trash-twelve-hands")
    name_players(page, ["Ann", "Bob", "Cy", "Di"])
    page.locator("details.options summary").click()
    king = page.get_by_label("Each king")
    expect(king).to_have_value("20")
    expect(page.get_by_label("Out first")).to_have_value("-25")
    king.fill("25")
    shot("new-game-2-twelve-hand-points")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    assert state_of(page)["options"]["points"]["king"] == 25
    assert state_of(page)["options"]["points"]["queen"] == 20


def test_a_refused_form_keeps_the_house_rules_open_once_they_were_opened(page, live_server):
    rules = page.locator("details.options")
    for opened, holes in [(True, "6"), (True, None), (False, None)]:
        page.goto(f"{live_server}/new/golf")
        name_players(page, ["Ann", "Ann"])
        if opened:
            rules.locator("summary").click()
        if holes:
            page.locator("#opt_holes").fill(holes)
        page.get_by_role("button", name="Start the game").click()
        expect(page.locator(".field.has-error")).to_contain_text("already at the table")
        if opened:  # changed or only opened: open as it was left, what was typed still there
            expect(rules).to_have_attribute("open", "")
            expect(page.locator("#opt_holes")).to_have_value(holes or "")
        else:  # never opened: folded, the name's error in view
            expect(rules).not_to_have_attribute("open", "")


def test_who_deals_first_offers_the_players_typed_in_seat_order(page, live_server):
    page.goto(f"{live_server}/new/golf")
    for box, name in [(0, "Ann"), (2, "Cy"), (3, "Di")]:  # the second box left empty: Cy sits second
        page.locator(f"#players-{box}").fill(name)
    dealer = page.locator("#opt_first_dealer")
    offered = dealer.evaluate("s => [...s.options].filter(o => !o.hidden).map(o => o.textContent)")
    assert offered == ["Ann", "Cy", "Di"]
    dealer.select_option(label="Cy")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    state = state_of(page)
    assert state["players"] == ["Ann", "Cy", "Di"] and state["next"]["dealer"] == 1


def test_a_refused_new_game_says_so_at_the_top(page, live_server):
    page.goto(f"{live_server}/new/golf")
    name_players(page, ["Ann", "Ann"])
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("form[data-new-game] > .refused")).to_have_text(
        "The game was not started; see what is marked below.")
    assert page.locator(".refused").bounding_box()["y"] < 300  # seen where the page opens
