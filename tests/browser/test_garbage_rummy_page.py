"""Garbage (the rummy with 11 goals) on a phone: goals in words, cards tapped or a penalty typed, the end."""
from __future__ import annotations

import re

from playwright.sync_api import expect


def totals(page) -> list[str]:
    return page.locator(".standings .total").all_inner_texts()


def goal_lines(page) -> list[str]:
    return page.locator(".standings .extra-info").all_inner_texts()


def seat(page, name: str):
    """Return one player's block of the round form."""
    return page.locator("#round-form fieldset.seat-entry", has=page.locator("legend", has_text=name))


def went_out(page, name: str) -> None:
    page.locator("#round-form fieldset.chips", has_text="Went out").locator("label.chip", has_text=name).click()


def test_garbage_game_on_a_phone(page, start_game, shot):
    start_game("garbage-rummy", ["Ann", "Bob", "Cy"])
    expect(page.locator(".next-line")).to_contain_text("Hand 1 · Ann deals")
    notes = page.locator(".notes")
    expect(notes).to_contain_text("Deal 31 cards")
    expect(notes).to_contain_text("Lifting exactly 31 cards off the pack scores −50 for Ann")
    expect(notes).to_contain_text("A=15 · 2–9=5 · 10–K=10")
    assert goal_lines(page) == ["Goal 1: two sets of 3"] * 3
    expect(page.get_by_label("Ann lifted exactly 31 cards (−50)")).not_to_be_checked()
    expect(page.locator("label[for=cards-0]")).to_have_text("Cards left")
    expect(page.locator("label[for=penalty-0]")).to_have_text("or penalty")
    # The one hint above the players names the box it is for, as Hand & Foot's do.
    expect(page.locator(".round-form > p.help:not(.card-key)")).to_have_text(["Cards left in hand: like K 7 X"])
    expect(page.locator(".round-form > p.card-key")).to_contain_text("S spades · H hearts")  # the key to the letters
    shot("garbage-rummy-1-new-table")

    # Hand 1: Bob goes out; Ann made her goal and taps her cards left; Cy's penalty is typed.
    went_out(page, "Bob")
    page.locator("#made_goal-0").check()
    page.locator("#made_goal-1").check()
    ann = seat(page, "Ann")
    ann.get_by_role("button", name="Tap cards").click()
    for rank in ("X", "A", "5", "K"):
        ann.locator(f".pad button[data-rank='{rank}']").click()
    expect(page.locator("#cards-0")).to_have_value("X A 5 K")
    expect(ann.locator(".card-total")).to_have_text("4 cards: 50 points")
    ann.get_by_role("button", name="Delete the last card").click()
    expect(ann.locator(".card-total")).to_have_text("3 cards: 40 points")
    page.locator("#penalty-2").fill("25")
    shot("garbage-rummy-2-tapped-cards")
    page.get_by_role("button", name="Save hand 1").click()

    expect(page.locator(".next-line")).to_contain_text("Hand 2 · Bob deals")
    assert totals(page) == ["40", "0", "25"]
    assert goal_lines(page) == ["Goal 2: two runs of 3", "Goal 2: two runs of 3", "Goal 1: two sets of 3"]
    assert page.locator("#rounds tbody tr").first.locator("td").all_inner_texts()[:3] == ["40 ✓", "0 ✓", "25"]
    expect(notes).to_contain_text("scores −50 for Bob")

    # A refused hand: Ann's penalty is no multiple of 5. Cy went out without ticking the goal: going out says it.
    went_out(page, "Cy")
    page.locator("#penalty-0").fill("7")
    page.locator("#cards-1").fill("K Q")
    page.get_by_label("Bob lifted exactly 31 cards (−50)").check()
    page.get_by_role("button", name="Save hand 2").click()
    expect(seat(page, "Ann").locator(".has-error .error")).to_contain_text("not a multiple of 5")
    expect(seat(page, "Cy").locator(".has-error .error")).to_have_count(0)
    expect(page.locator("#penalty-0")).to_have_value("7")  # what was typed is kept
    expect(page.locator("#cards-1")).to_have_value("K Q")
    expect(page.get_by_label("Bob lifted exactly 31 cards (−50)")).to_be_checked()
    assert totals(page) == ["40", "0", "25"]
    shot("garbage-rummy-3-refused")

    # Put it right, on the pad that opens on the refused box (it had the cursor, and no pad or keyboard came).
    pad = seat(page, "Ann").locator(".number-pad")
    expect(pad).to_be_visible()
    expect(page.locator("#penalty-0")).to_have_class(re.compile(r"\bpad-target\b"))
    pad.locator("button", has_text="⌫").click()
    pad.get_by_role("button", name="1", exact=True).click()
    pad.get_by_role("button", name="0", exact=True).click()
    expect(page.locator("#penalty-0")).to_have_value("10")  # Bob's exact deal earns −50 on top of his 20
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator(".next-line")).to_contain_text("Hand 3 · Cy deals")
    assert totals(page) == ["50", "−30", "25"]
    assert goal_lines(page)[2] == "Goal 2: two runs of 3"
    expect(page.locator(".standings li.leader")).to_contain_text("Bob")
    shot("garbage-rummy-4-after-hand-2")

    # Correcting hand 1 asks about that hand's dealer and shows the cards as entered.
    page.get_by_role("link", name="Edit hand 1").click()
    expect(page.locator("#cards-0")).to_have_value("X A 5")
    expect(page.locator("#penalty-2")).to_have_value("25")
    expect(page.get_by_label("Ann lifted exactly 31 cards (−50)")).not_to_be_checked()
    page.go_back()

    page.get_by_role("button", name="End the game now").click()
    expect(page.locator(".result")).to_contain_text("Winner: Bob")
    expect(page.locator("#round-form")).to_have_count(0)
    shot("garbage-rummy-5-ended-by-hand")


def test_garbage_ends_after_the_hand_in_which_goal_11_is_made(page, start_game, shot):
    url = start_game("garbage-rummy", ["Di", "Ed"], {"dealer_bonus": "0", "values": "X=25, QS=40"})
    token = page.locator("#edit-link").input_value().rsplit("/", 1)[1]
    game_id = url.rstrip("/").rsplit("/", 1)[1]
    api = url.split("/games/")[0] + f"/api/games/{game_id}/rounds"
    for _ in range(10):  # Di goes out and makes her goal ten times; Ed is stuck on goal 1
        answer = page.request.post(api, headers={"Authorization": f"Bearer {token}"}, data={"data": {
            "went_out": 0, "players": [{"made_goal": True, "cards": []}, {"penalty": 5}]}})
        assert answer.ok, answer.text()
    page.reload()
    assert goal_lines(page) == ["Goal 11: a run of 11", "Goal 1: two sets of 3"]
    expect(page.locator(".notes")).to_contain_text("Deal 21 cards")
    expect(page.locator(".notes")).not_to_contain_text("Lifting exactly")
    expect(page.locator(".notes")).to_contain_text("🃏=25 · Q♠=40")
    expect(page.locator("#round-form")).not_to_contain_text("lifted exactly")
    shot("garbage-rummy-6-goal-11")

    # Ed goes out this time (his goal 1), and Di ticks goal 11 too: a run of 11 takes every card, so only
    # whoever went out can make it; the hand is refused and what was typed stays.
    went_out(page, "Ed")
    page.locator("#made_goal-0").check()
    page.locator("#made_goal-1").check()
    page.locator("#cards-0").fill("QS X")
    expect(seat(page, "Di").locator(".card-total")).to_have_text("2 cards: 65 points")
    page.get_by_role("button", name="Save hand 11").click()
    expect(seat(page, "Di")).to_contain_text("a run of 11 takes every card")
    expect(page.locator("#cards-0")).to_have_value("QS X")

    # Di went out with her run of 11 after all: the game ends with this hand.
    went_out(page, "Di")
    page.locator("#cards-0").fill("")
    page.locator("#cards-1").fill("QS X")
    page.get_by_role("button", name="Save hand 11").click()
    expect(page.locator(".result")).to_contain_text("Winner: Di")  # the lowest total wins: 0 against Ed's 115
    assert totals(page) == ["0", "115"]
    assert goal_lines(page) == ["All 11 goals made", "Goal 2: two runs of 3"]
    shot("garbage-rummy-7-finished")
