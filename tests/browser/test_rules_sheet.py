"""The rules for this round open over the table (a sheet), and a spectator's strip follows the game (issue 20)."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, SHOTS, submit


def test_the_rules_open_over_the_table_and_what_is_typed_stays(page, start_game):
    url = start_game("golf", ["Ann", "Bob"]).split("#")[0]
    page.locator("#score-0").fill("7")
    page.locator("#rules-now summary").click()
    sheet = page.locator("dialog#rules-sheet")
    expect(sheet).to_be_visible()
    expect(sheet.locator("h2")).to_have_text("Rules for Hole 1")
    expect(sheet).to_contain_text("K=0")
    expect(sheet.get_by_role("link", name="All the rules, with this table's house rules")).to_be_visible()
    assert page.url.split("#")[0] == url  # the page never left
    page.screenshot(path=str(SHOTS / "rules-sheet.png"))
    sheet.get_by_role("button", name="Close").click()
    expect(sheet).to_be_hidden()
    expect(page.locator("#score-0")).to_have_value("7")
    expect(page.locator("#rules-now")).not_to_have_attribute("open", "")
    # the full rules page keeps its own link
    game = url.rsplit("/", 1)[1]
    expect(page.get_by_role("link", name="Rules of Golf")).to_have_attribute("href", f"/rules/golf?game={game}")


def test_the_sheet_in_french_and_at_360(page, start_game):
    page.set_viewport_size({"width": 360, "height": 780})
    start_game("golf", ["Ann", "Bob"])
    page.locator("a[hreflang=fr]").click()
    page.locator("#rules-now summary").click()
    sheet = page.locator("dialog#rules-sheet")
    expect(sheet.locator("h2")).to_have_text("Trou 1 : les règles")
    expect(sheet.get_by_role("button", name="Fermer")).to_be_visible()
    box = sheet.bounding_box()
    assert box["width"] <= 360


def test_a_spectators_rules_strip_follows_the_game(page, start_game, browser, live_server):
    start_game("golf", ["Ann", "Bob"])
    view_link = page.locator("#view-link").input_value()
    spectator = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    watcher = spectator.new_page()
    watcher.goto(view_link)
    expect(watcher.locator("#rules-now summary")).to_have_text("Rules for Hole 1")
    page.locator("#score-0").fill("3")
    page.locator("#score-1").fill("8")
    submit(page, page.get_by_role("button", name="Save hole 1"))
    expect(watcher.locator(".next-line")).to_contain_text("Hole 2", timeout=10_000)
    expect(watcher.locator("#rules-now summary")).to_have_text("Rules for Hole 2")
    watcher.locator("#rules-now summary").click()
    expect(watcher.locator("dialog#rules-sheet h2")).to_have_text("Rules for Hole 2")
    spectator.close()
