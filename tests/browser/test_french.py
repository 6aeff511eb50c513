"""A French phone: French pages from the browser's language, the switch, French card letters on the pads."""
from __future__ import annotations

import pytest

from .conftest import PHONE, name_players, submit


@pytest.fixture
def french_page(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="fr-FR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def test_a_french_phone_plays_a_hole_of_golf_in_french_with_french_card_letters(french_page, live_server):
    page = french_page
    page.goto(f"{live_server}/new/golf")
    assert page.locator("html").get_attribute("lang") == "fr"
    name_players(page, ["Anne", "Bruno"])
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url("**/games/*")
    keys = page.locator(".seat-entry").first.locator(".layout-keys")  # the Golf layout picker, open at once
    assert keys.locator("button[data-rank='K']").inner_text() == "R"
    assert keys.locator("button[data-rank='Q']").inner_text() == "D"
    assert keys.locator("button[data-rank='J']").inner_text() == "V"
    for rank in ("K", "Q", "J", "5"):
        keys.locator(f"button[data-rank='{rank}']").click()
    assert page.locator(".seat-entry").first.locator(".slot-card").first.inner_text().startswith("R")
    assert page.locator("#cards-0").input_value() == "K Q J 5"  # the server reads R D V as well as K Q J
    page.locator("#cards-1").fill("A 2 3 V")  # typed with a French letter
    submit(page, page.get_by_role("button", name="Enregistrer le trou 1"))
    assert "Trou 2" in page.content()
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    page.screenshot(path="shots/french-golf.png", full_page=True)


def test_the_switch_turns_a_game_in_progress_to_english_and_back(french_page, live_server):
    page = french_page
    page.goto(f"{live_server}/new/gin-rummy")
    name_players(page, ["Anne", "Bruno"])
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url("**/games/*")
    table = page.url
    page.get_by_role("link", name="English").click()
    page.wait_for_url(table)
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.get_by_role("button", name="Save hand 1").is_visible()  # still the scorer: the game stays open
    page.get_by_role("link", name="Français").click()
    page.wait_for_url(table)
    assert page.get_by_role("button", name="Enregistrer la main 1").is_visible()
