"""9-card Golf on a phone (issue 40): the house rules on the new-game page, a layout of three rows tapped in with the
card buttons, lines of three crossed out with the bonus for four, a layout typed in French letters, and the hole
saved as the rules score it."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import start_game_on


def test_a_nine_card_hole_on_a_phone(page, live_server, shot):
    start_game_on(page, live_server, "golf", ["Ann", "Bob", "Cy"],
                  {"layout": "9", "pairs": "lines", "four_bonus": "-20", "packs": "2"})
    expect(page.locator(".notes, .next-line").first).to_be_visible()
    expect(page.get_by_text("9 cards each; a row or column of three equal cards scores 0")).to_be_visible()

    ann = page.locator(".seat-entry").first
    slots = ann.locator(".slot-card")
    expect(slots).to_have_count(9)
    grid = ann.locator(".layout-grid")
    width = grid.evaluate("g => getComputedStyle(g).gridTemplateColumns.split(' ').length")
    assert width == 3  # three rows of three
    keys = ann.locator(".layout-keys")
    for rank in ["Q", "Q", "Q", "Q", "A", "2", "Q", "3", "4"]:  # a row and a column of queens (two packs)
        keys.locator(f"button[data-rank='{rank}']").click()
    expect(page.locator("#cards-0")).to_have_value("Q Q Q Q A 2 Q 3 4")
    expect(ann.locator(".layout-score")).to_contain_text("−10")  # 1+2+3+4, and −20 for the four queens
    expect(ann.locator(".slot-card.cancelled")).to_have_count(5)
    shot("golf-9-1-picker")

    page.locator("#cards-1").fill("5 2 3 5 4 6 5 7 8")  # a column of 5s
    page.locator("#score-2").fill("91")  # more than a layout can make
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator(".has-error .error").first).to_contain_text("to 90")
    page.locator("#score-2").fill("90")
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator(".next-line")).to_contain_text("Hole 2")
    assert page.locator(".standings .total").all_inner_texts() == ["−10", "30", "90"]
    shot("golf-9-2-saved")

    page.context.add_cookies([{"name": "lang", "value": "fr", "url": live_server}])
    page.reload()
    bob = page.locator(".seat-entry").nth(1)
    page.locator("#cards-1").fill("R D V 10 R D V 10 9")  # French letters: roi, dame, valet
    expect(bob.locator(".layout-score")).to_contain_text("69")
    page.locator("#cards-0").fill("X 2 3 X 4 6 X 7 8")  # three jokers in a column are kept: −15 + 30
    page.locator("#score-2").fill("0")
    expect(page.locator(".seat-entry").first.locator(".layout-score")).to_contain_text("15")
    shot("golf-9-3-french")
    page.get_by_role("button", name="Enregistrer le trou 2").click()
    expect(page.locator(".next-line")).to_contain_text("Trou 3")
    assert page.locator(".standings .total").all_inner_texts() == ["5", "99", "90"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
