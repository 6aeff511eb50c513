"""Golf on a phone: start a game, enter a hole as scores and one as cards (typed, then on the layout), finish."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import submit


def totals(page) -> list[str]:
    return page.locator(".standings .total").all_inner_texts()


def test_golf_game_on_a_phone(page, start_game, shot):
    start_game("golf", ["Ann", "Bob", "Cy"], {"holes": "2"})
    shot("golf-1-new-table")
    expect(page.locator(".next-line")).to_contain_text("Hole 1")

    # Hole 1 as scores counted at the table.
    for seat, score in enumerate(["7", "12", "3"]):
        page.locator(f"#score-{seat}").fill(score)
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator(".next-line")).to_contain_text("Hole 2")
    assert totals(page) == ["7", "12", "3"]
    expect(page.locator(".standings li.leader")).to_contain_text("Cy")

    # Hole 2 as cards: one typed with the card pad, a refused layout first.
    page.locator("#cards-0").fill("K 5 5")
    page.locator("#cards-1").fill("A 2 3 4")
    page.locator("#cards-2").fill("7 7 7 7")
    page.get_by_role("button", name="Save hole 2").click()
    expect(page.locator(".has-error .error").first).to_contain_text("4 cards")
    expect(page.locator("#cards-1")).to_have_value("A 2 3 4")  # what was typed is kept
    shot("golf-2-refused")
    page.locator(".seat-entry").first.locator(".slot-card").nth(3).click()  # the layout: tap the empty slot
    page.locator(".seat-entry").first.locator(".layout-keys button[data-rank='Q']").click()
    expect(page.locator("#cards-0")).to_have_value("K 5 5 Q")
    expect(page.locator(".layout-score").first).to_contain_text("20")
    shot("golf-3-card-pad")
    page.get_by_role("button", name="Save hole 2").click()

    expect(page.locator(".result")).to_contain_text(re.compile("Winner: Bob|Winner: Ann|Winner: Cy"))
    assert totals(page) == ["22", "27", "31"]  # over: the final placings, 1st first
    expect(page.locator(".result")).to_contain_text("Bob")
    shot("golf-4-finished")


def test_golf_finish_by_hand(page, start_game, shot):
    start_game("golf", ["Di", "Ed"])
    page.locator("#score-0").fill("4")
    page.locator("#score-1").fill("9")
    submit(page, page.get_by_role("button", name="Save hole 1"))
    page.get_by_role("button", name="End the game now").click()
    expect(page.locator(".result")).to_contain_text("Winner: Di")
    expect(page.locator("#round-form")).to_have_count(0)
    shot("golf-5-ended-by-hand")


def test_someone_without_the_edit_link_only_follows(browser, live_server, page, start_game):
    url = start_game("golf", ["Fay", "Gus"])
    other = browser.new_context(viewport={"width": 390, "height": 844})
    viewer = other.new_page()
    viewer.goto(url)
    expect(viewer.locator("#round-form")).to_have_count(0)
    expect(viewer.get_by_text("You are following this game")).to_be_visible()
    link = page.locator("#edit-link").input_value()
    viewer.goto(link)
    expect(viewer.locator("#round-form")).to_be_visible()
    other.close()
