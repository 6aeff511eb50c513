"""Chase the Ace on a phone: lives as coins, a deal by cards and one by losers, the pot and the cut."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import submit


def row(page, name: str):
    return page.locator(".standings li", has_text=name)


def lives_left(page, name: str) -> int:
    return row(page, name).locator(".token:not(.spent)").count()


def save(page, n: int) -> None:
    submit(page, page.get_by_role("button", name=f"Save deal {n}"))


def test_chase_the_ace_game_on_a_phone(page, start_game, shot):
    start_game("chase-the-ace", ["Ann", "Bob", "Cy"], {"lives": "2"})
    expect(page.locator(".next-line")).to_contain_text("Deal 1")
    expect(row(page, "Ann").locator(".badge.deal")).to_be_visible()
    assert [lives_left(page, n) for n in ("Ann", "Bob", "Cy")] == [2, 2, 2]
    notes = page.locator(".notes")
    expect(notes).to_contain_text("Pot: 0.00")
    expect(notes).to_contain_text("Kings: A player holding a king shows it")
    expect(notes).to_contain_text("When the cards are given, they decide.")
    shot("chase-the-ace-1-new-table")

    # Deal 1 by the cards turned up: Ann's ace is lowest.
    for seat, rank in enumerate(["A", "5", "K"]):
        page.locator(f"#cards-{seat}").select_option(rank)
    save(page, 1)
    expect(page.locator(".next-line")).to_contain_text("Deal 2")
    assert [lives_left(page, n) for n in ("Ann", "Bob", "Cy")] == [1, 2, 2]
    expect(row(page, "Bob").locator(".badge.deal")).to_be_visible()
    expect(notes).to_contain_text("Pot: 0.10 (lives lost: 1, at 0.10 each)")
    expect(page.locator("#rounds tbody tr").first).to_contain_text("−1")

    # A deal with a card missing is refused next to it; the cards picked are kept.
    page.locator("#cards-0").select_option("2")
    page.locator("#cards-2").select_option("3")
    save(page, 2)
    expect(page.locator(".has-error .error").first).to_contain_text("give Bob's card")
    expect(page.locator("#cards-0")).to_have_value("2")
    expect(page.locator("#cards-2")).to_have_value("3")
    shot("chase-the-ace-2-refused")

    # Deal 2 by the losers: leave the cards empty and tick Ann, who goes out.
    page.locator("#cards-0").select_option("")
    page.locator("#cards-2").select_option("")
    page.locator("fieldset.chips", has_text="who lost a life").locator("label.chip", has_text="Ann").click()
    shot("chase-the-ace-3-losers")
    save(page, 2)
    expect(page.locator(".next-line")).to_contain_text("Deal 3")
    expect(row(page, "Ann")).to_have_class(re.compile(r"\bout\b"))
    expect(row(page, "Ann")).to_contain_text("out")
    assert row(page, "Ann").locator(".out-label").inner_text() == "OUT"  # in capitals, as English tables write it
    assert lives_left(page, "Ann") == 0
    expect(page.locator("#cards-0")).to_have_count(0)  # out players get no card
    expect(notes).to_contain_text("Pot: 0.20")

    # Deal 3: Bob's ace loses; deal 4 by losers puts Bob out and Cy wins the pot.
    page.locator("#cards-1").select_option("A")
    page.locator("#cards-2").select_option("7")
    save(page, 3)
    assert [lives_left(page, n) for n in ("Bob", "Cy")] == [1, 2]
    page.locator("fieldset.chips", has_text="who lost a life").locator("label.chip", has_text="Bob").click()
    save(page, 4)

    expect(page.locator(".result")).to_contain_text("Winner: Cy")
    expect(row(page, "Cy")).to_contain_text("Takes the pot: 0.40")
    expect(row(page, "Bob")).to_have_class(re.compile(r"\bout\b"))
    assert page.locator("#rounds tbody tr").all_inner_texts()[1].split() == ["2", "−1", "✎"]
    expect(page.locator("#round-form")).to_have_count(0)
    shot("chase-the-ace-4-finished")


def test_chase_the_ace_cut_decides_the_last_deal(page, start_game, shot):
    start_game("chase-the-ace", ["Di", "Ed"], {"lives": "1", "tie_rule": "cut", "stake": "0.25"})
    expect(page.locator(".notes")).to_contain_text("They cut the pack")
    chips = page.locator("fieldset.chips", has_text="who lost a life")
    chips.locator("label.chip", has_text="Di").click()
    chips.locator("label.chip", has_text="Ed").click()
    save(page, 1)
    expect(page.locator(".has-error .error").first).to_contain_text("say who won the cut")
    shot("chase-the-ace-5-cut-asked")
    page.locator("fieldset.chips", has_text="Won the cut").locator("label.chip", has_text="Ed").click()
    save(page, 1)
    expect(page.locator(".result")).to_contain_text("Winner: Ed")
    expect(page.locator(".standings li", has_text="Ed")).to_contain_text("Takes the pot: 0.25")
    assert page.locator("#rounds tbody tr").first.inner_text().split()[:3] == ["1", "−1", "✂"]
    shot("chase-the-ace-6-cut-won")
