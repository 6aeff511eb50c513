"""12-hand Trash on a phone: the contract of each hand, counts that must add up, ending early."""
from __future__ import annotations

from playwright.sync_api import expect


def totals(page) -> list[str]:
    return page.locator(".standings .total").all_inner_texts()


def fill_counts(page, field: str, counts: list[int]) -> None:
    for seat, count in enumerate(counts):
        page.locator(f"#{field}-{seat}").fill(str(count))


def test_trash_twelve_hands_on_a_phone(page, start_game, shot):
    start_game("trash-twelve-hands", ["Ann", "Bob", "Cy", "Di"])
    notes = page.locator(".notes")
    expect(notes).to_contain_text("Hand 1 of 12: Tricks, 5 points each")
    expect(notes).to_contain_text("One pack, all 52 cards. Deal 13 cards each.")
    expect(notes).to_contain_text("13 tricks, 13 hearts, 4 kings and 4 queens")
    expect(notes).to_contain_text("After hand 12 the lowest total wins.")
    check = page.locator(".sum-check")
    expect(check).to_have_text("Tricks: 0 / 13")

    # Hand 1, tricks: the running check follows the counts as they are typed; the last fills itself.
    fill_counts(page, "tricks", [3, 4])
    expect(check).to_have_text("Tricks: 7 / 13")
    expect(check).to_have_class("sum-check bad")
    shot("trash-twelve-hands-1-tricks-short")
    page.locator("#tricks-2").fill("5")
    expect(page.locator("#tricks-3")).to_have_value("1")
    expect(check).to_have_text("Tricks: 13 / 13")
    expect(check).to_have_class("sum-check ok")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".next-line")).to_contain_text("Hand 2")
    assert totals(page) == ["15", "20", "25", "5"]
    expect(page.locator(".standings li.leader")).to_contain_text("Di")

    # Hand 2, hearts.
    expect(notes).to_contain_text("Hand 2 of 12: Hearts, 5 points each")
    fill_counts(page, "hearts", [0, 6, 2, 5])
    expect(page.locator(".sum-check")).to_have_text("Hearts: 13 / 13")
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator(".next-line")).to_contain_text("Hand 3")
    assert totals(page) == ["15", "50", "35", "30"]

    # Hand 3, kings: three kings are refused, and what was typed stays.
    expect(notes).to_contain_text("Hand 3 of 12: Kings, 20 points each")
    expect(page.locator(".sum-check")).to_have_text("Kings: 0 / 4")
    fill_counts(page, "kings", [1, 0, 2, 0])
    expect(page.locator(".sum-check")).to_have_text("Kings: 3 / 4")
    page.get_by_role("button", name="Save hand 3").click()
    expect(page.locator("#round-form .error")).to_contain_text(
        "The kings add up to 3; with 4 players there are 4 kings")
    expect(page.locator("#kings-2")).to_have_value("2")
    expect(page.locator(".sum-check")).to_have_text("Kings: 3 / 4")
    assert totals(page) == ["15", "50", "35", "30"]  # nothing stored
    shot("trash-twelve-hands-2-kings-refused")
    page.locator("#kings-3").fill("1")
    page.get_by_role("button", name="Save hand 3").click()
    expect(page.locator(".next-line")).to_contain_text("Hand 4")
    assert totals(page) == ["35", "50", "75", "50"]

    # Hand 4 asks for queens; the grid shows each hand's points.
    expect(notes).to_contain_text("Hand 4 of 12: Queens, 20 points each")
    expect(page.locator("#queens-0")).to_be_visible()
    expect(page.locator("#rounds tbody tr")).to_have_count(3)
    assert page.locator("#rounds tbody tr").nth(2).locator("td").all_inner_texts()[:4] == ["20", "0", "40", "20"]
    shot("trash-twelve-hands-3-queens-next")

    page.get_by_role("button", name="End the game now").click()
    expect(page.locator(".result")).to_have_text("🏆 Winner: Ann")
    expect(page.locator("#round-form")).to_have_count(0)
    expect(page.locator(".notes")).to_have_count(0)
    shot("trash-twelve-hands-4-ended")


def test_last_trick_and_sequence_hands_pick_players(page, start_game, shot):
    start_game("trash-twelve-hands", ["Ann", "Bob", "Cy", "Di", "Ed"])
    expect(page.locator(".notes")).to_contain_text("take out the 2♠ and 2♣ (50 cards). Deal 10 cards each.")
    expect(page.locator(".sum-check")).to_have_text("Tricks: 0 / 10")
    for field, counts in [("tricks", [2, 2, 2, 2, 2]), ("hearts", [13, 0, 0, 0, 0]),
                          ("kings", [4, 0, 0, 0, 0]), ("queens", [0, 0, 0, 0, 4])]:
        fill_counts(page, field, counts)
        page.locator("#round-form button[type=submit]").click()
        expect(page.locator(".has-error")).to_have_count(0)
    expect(page.locator(".notes")).to_contain_text("Hand 5 of 12: Last trick, 20 points")
    page.locator("#round-form button[type=submit]").click()
    expect(page.locator(".field.has-error")).to_contain_text("say who took the last trick")
    page.locator("fieldset.chips", has_text="Who took the last trick").locator("label.chip", has_text="Bob").click()
    page.locator("#round-form button[type=submit]").click()
    expect(page.locator(".notes")).to_contain_text("Hand 6 of 12: Sequence (8s first), −25 points")
    page.locator("fieldset.chips", has_text="Out first").locator("label.chip", has_text="Cy").click()
    page.locator("fieldset.chips", has_text="Out second").locator("label.chip", has_text="Cy").click()
    page.locator("#round-form button[type=submit]").click()
    expect(page.locator(".field.has-error")).to_contain_text("Cy cannot go out both first and second")
    shot("trash-twelve-hands-5-sequence-refused")
    page.locator("fieldset.chips", has_text="Out second").locator("label.chip", has_text="Ed").click()
    page.locator("#round-form button[type=submit]").click()
    expect(page.locator(".notes")).to_contain_text("Hand 7 of 12: Sequence")
    assert totals(page) == ["155", "30", "−15", "10", "75"]
