"""Trash (the layout game) on a phone: layouts drawn as places that shrink, who starts, the end."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import submit


def slots(page) -> list[int]:
    """Count the places drawn in each player's layout, in seat order."""
    rows = page.locator(".standings li")
    return [rows.nth(i).locator(".slot").count() for i in range(rows.count())]


def pick(page, question: str, name: str) -> None:
    """Tap a player's chip under one question of the round form."""
    page.locator("#round-form fieldset.chips", has_text=question).locator("label.chip", has_text=name).click()


def test_trash_short_game_on_a_phone(page, start_game, shot):
    start_game("trash", ["Ann", "Bob", "Cy"], {"win_at": "8", "also_completed": "y"})
    notes = page.locator(".notes")
    expect(notes).to_contain_text("Shuffle 2 packs together")
    expect(notes).to_contain_text("Bob plays first")
    expect(notes).to_contain_text("Jacks are wild")
    expect(notes).to_contain_text("down to 8 cards wins")
    expect(page.locator(".standings li", has_text="Bob").locator(".badge.first")).to_be_visible()
    assert slots(page) == [10, 10, 10]
    expect(page.locator(".standings li").first.locator(".slot").first).to_have_text("A")
    expect(page.locator(".standings li").first.locator(".slot").last).to_have_text("10")
    shot("trash-1-new-table")

    # Deal 1: Cy wins, Ann completes in the same go-round.
    pick(page, "Won the deal", "Cy")
    pick(page, "Also completed", "Ann")
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator(".next-line")).to_contain_text("Deal 2")
    assert slots(page) == [9, 10, 9]
    expect(notes).to_contain_text("Cy plays first")
    expect(page.locator(".standings li", has_text="Cy").locator(".badge.first")).to_be_visible()
    expect(page.locator(".standings li", has_text="Cy")).to_contain_text("One completed layout from winning")
    assert page.locator("#rounds tbody tr").first.locator("td").all_inner_texts()[:3] == ["✓", "", "●"]
    expect(page.locator("#rounds tfoot")).to_have_count(0)  # no points, no totals row
    shot("trash-2-after-deal-1")

    # A refused deal: the winner also listed as completing; the error sits by the field, choices kept.
    pick(page, "Won the deal", "Bob")
    pick(page, "Also completed", "Bob")
    page.get_by_role("button", name="Save deal 2").click()
    field = page.locator(".field.has-error", has_text="Also completed")
    expect(field.locator(".error")).to_contain_text("Bob is the winner")
    expect(page.locator("#round-form fieldset.chips", has_text="Won the deal")
           .locator("label.chip", has_text="Bob").locator("input")).to_be_checked()
    assert slots(page) == [9, 10, 9]
    shot("trash-3-refused")

    # Deal 2: Cy wins again and reaches a layout of 8: the game is over.
    pick(page, "Also completed", "Bob")  # untick
    pick(page, "Won the deal", "Cy")
    page.get_by_role("button", name="Save deal 2").click()
    expect(page.locator(".result")).to_contain_text("Winner: Cy")
    assert slots(page) == [8, 9, 10]  # over: the final placings, 1st first
    expect(page.locator("#round-form")).to_have_count(0)
    expect(page.locator(".badge.first")).to_have_count(0)
    expect(page.locator(".standings .extra-info")).to_have_count(0)  # nobody is "one from winning" now
    shot("trash-4-finished")


def test_trash_fixed_deals_rotate_and_end_by_hand(page, start_game, shot):
    start_game("trash", ["Di", "Ed"], {"deals": "2", "first_player": "rotate", "start": "6", "wild": "kings"})
    notes = page.locator(".notes")
    expect(notes).to_contain_text("Use one pack")
    expect(notes).to_contain_text("Ed plays first")
    expect(notes).to_contain_text("Kings are wild")
    expect(notes).to_contain_text("Deal 1 of 2")
    assert slots(page) == [6, 6]
    expect(page.locator("#round-form fieldset.chips", has_text="Also completed")).to_have_count(0)

    pick(page, "Won the deal", "Ed")
    submit(page, page.get_by_role("button", name="Save deal 1"))
    assert slots(page) == [6, 5]
    expect(notes).to_contain_text("Di plays first")  # rotate: one seat further on, whoever won
    expect(notes).to_contain_text("Deal 2 of 2")
    shot("trash-5-rotate")

    page.get_by_role("button", name="End the game now").click()
    expect(page.locator(".result")).to_contain_text("Winner: Ed")
    shot("trash-6-ended-by-hand")


def test_trash_played_to_the_last_deal(page, start_game):
    start_game("trash", ["Fay", "Gus", "Hal"], {"deals": "2"})
    for number, winner in ((1, "Gus"), (2, "Hal")):
        pick(page, "Won the deal", winner)
        submit(page, page.get_by_role("button", name=f"Save deal {number}"))
    expect(page.locator(".result")).to_contain_text("Winners: Gus and Hal")
    assert slots(page) == [9, 9, 10]  # over: the final placings, the two winners first


def test_trash_an_emptied_layout_shows_as_filled(page, start_game):
    start_game("trash", ["Ivy", "Jo"], {"start": "1"})
    assert slots(page) == [1, 1]
    expect(page.locator(".standings")).to_contain_text("One completed layout from winning")
    pick(page, "Won the deal", "Jo")
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator(".result")).to_contain_text("Winner: Jo")
    assert slots(page) == [0, 1]  # over: the final placings, 1st first
    expect(page.locator(".standings li", has_text="Jo")).to_contain_text("Layout filled")
