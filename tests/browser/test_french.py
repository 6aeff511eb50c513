"""A French phone: French pages from the browser's language, the switch, French card letters on the pads."""
from __future__ import annotations

import pytest

from .conftest import PHONE, name_players


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
    page.locator(".seat-entry").first.get_by_role("button", name="Choisir les cartes").click()
    pad = page.locator(".pad").first
    assert pad.locator("button[data-rank='K']").inner_text() == "R"
    assert pad.locator("button[data-rank='Q']").inner_text() == "D"
    for rank in ("K", "Q", "J", "5"):
        pad.locator(f"button[data-rank='{rank}']").click()
    assert page.locator(".seat-entry").first.locator(".cards input").input_value() == "R D V 5"
    page.locator(".seat-entry").nth(1).locator(".cards input").fill("A 2 3 4")
    page.get_by_role("button", name="Enregistrer le trou 1").click()
    page.wait_for_load_state()
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
