"""A group's own rules on a phone (390×844): set its Golf rules on the group's page, then start a game in the group:
the new-game form opens filled in with them, says whose they are, and the game plays by them."""
from __future__ import annotations

import re

from tests.browser.test_groups_pages import start_group


def test_a_groups_golf_rules_fill_in_its_new_game_and_are_played(page, live_server, shot):
    start_group(page, live_server, "Friday cards", ("Ann", "Bob", "Cy"))
    page.locator("#rules").get_by_role("link", name="Golf", exact=True).click()
    page.wait_for_url(re.compile(r"/rules/golf$"))
    assert page.locator("h1").inner_text() == "Friday cards' rules"
    page.locator("label.chip", has_text="6 cards (2 rows of 3)").click()
    page.fill("#opt_holes", "18")
    shot("group-rules-form")
    page.get_by_role("button", name="Save these rules").click()
    page.wait_for_url(re.compile(r"/groups/[\w-]+#rules$"))
    rules = page.locator("#rules")
    assert "Holes: 18" in rules.inner_text() and "6 cards" in rules.inner_text()
    shot("group-rules-kept")

    page.get_by_role("link", name="New game with this group").click()
    assert page.locator(".group-rules-note").inner_text().startswith("Friday cards' rules")
    assert page.locator("#opt_holes").input_value() == "18"
    assert page.locator("input[name=opt_layout]:checked").get_attribute("value") == "6"
    for name in ("Ann", "Bob"):
        page.check(f"input[name=players][value={name}]")
    shot("group-rules-new-game")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    options = page.request.get(f"{live_server}/api/games/{game_id}").json()["options"]
    assert (options["layout"], options["holes"]) == (6, 18)


def test_a_refused_rule_keeps_what_was_typed_on_a_phone(page, live_server):
    start_group(page, live_server, "Friday cards", ("Ann", "Bob"))
    page.locator("#rules").get_by_role("link", name="Gin Rummy", exact=True).click()
    page.fill("#opt_target", "0")
    page.get_by_role("button", name="Save these rules").click()
    assert page.locator(".refused").is_visible()
    assert page.locator("#opt_target").input_value() == "0"
    assert page.locator("#opt_target-err").is_visible()
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
