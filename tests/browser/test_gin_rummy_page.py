"""Gin Rummy on a phone: knocks, a deadwood added up by tapping cards, a refused knock, gin to the target."""
from __future__ import annotations

import json
import re
import urllib.request

from playwright.sync_api import expect

from tests.browser.conftest import submit


def totals(page) -> list[str]:
    return page.locator(".standings .total").all_inner_texts()


def pick(page, question: str, answer: str) -> None:
    """Tap the chip ``answer`` in the round question ``question``."""
    page.locator("fieldset.chips", has_text=question).locator(
        "label.chip", has_text=re.compile(f"^{re.escape(answer)}$")).click()


def save(page, number: int) -> None:
    submit(page, page.get_by_role("button", name=f"Save hand {number}"))


def test_gin_rummy_game_on_a_phone(page, start_game, shot):
    start_game("gin-rummy", ["Ann", "Bob"], {"target": "30", "box_bonus": "25", "game_bonus": "100"})
    notes = page.locator(".notes")
    expect(notes).to_contain_text("Play to 30; the highest total wins.")
    expect(notes).to_contain_text("Knock with 9 or less deadwood. Gin +25, big gin +31, undercut +25.")
    expect(notes).to_contain_text("At the end: 25 points for every hand won.")
    expect(notes).to_contain_text("At the end: 100 points to the winner.")
    expect(page.locator(".standings .extra-info")).to_have_text(["Hands won: 0", "Hands won: 0"])

    # The form opens with nothing chosen, not on a knock by nobody: saving it as it stands names what to tap.
    ended = page.locator("fieldset.chips", has_text="How the hand ended")
    knocker = page.locator("fieldset.chips", has_text="Who knocked or went gin")
    expect(ended.locator("input:checked")).to_have_count(0)
    expect(knocker.locator("input:checked")).to_have_count(0)
    expect(knocker.locator("label.chip")).to_have_text(["Ann", "Bob"])  # no "Nobody": a draw needs no knocker
    save(page, 1)
    expect(page.locator(".refused")).to_have_text("Hand 1 was not saved; see what is marked below.")
    expect(page.locator(".field.has-error", has=ended)).to_contain_text(
        "say how the hand ended: knock, gin, big gin or draw")

    # Hand 1: Ann knocks with 5; Bob's deadwood is added up on the card pad: K 5 A = 16.
    pick(page, "How the hand ended", "Knock")
    pick(page, "Who knocked or went gin", "Ann")
    page.locator("#deadwood-0").fill("5")
    bob = page.locator(".seat-entry", has_text="Bob")
    bob.get_by_role("button", name="Add up cards").click()
    for rank in ["K", "5", "A"]:
        bob.locator(f".pad button[data-rank='{rank}']").click()
    expect(page.locator("#deadwood-1")).to_have_value("16")
    expect(bob.locator(".cards-tapped")).to_have_text("K 5 A = 16")  # what ⌫ would take back is in sight
    bob.locator(".pad button.wide").click()
    expect(bob.locator(".cards-tapped")).to_have_text("K 5 = 15")
    bob.locator(".pad button[data-rank='A']").click()
    shot("gin-rummy-1-card-pad")
    save(page, 1)
    expect(page.locator(".next-line")).to_contain_text("Hand 2")
    assert totals(page) == ["11", "0"]
    ann = page.locator(".standings li", has_text="Ann")
    expect(ann.locator(".gin-box")).to_have_count(1)
    expect(ann).to_contain_text("Hands won: 1 · box bonus 25")

    # Hand 2: Bob knocks holding 12, over the limit: refused next to his deadwood, nothing lost.
    pick(page, "How the hand ended", "Knock")
    pick(page, "Who knocked or went gin", "Bob")
    page.locator("#deadwood-0").fill("20")
    page.locator("#deadwood-1").fill("12")
    save(page, 2)
    error = page.locator(".field.has-error", has=page.locator("#deadwood-1"))
    expect(error).to_contain_text("Bob knocked holding 12; a knock needs 9 or less")
    expect(page.locator("#deadwood-0")).to_have_value("20")
    expect(page.locator("fieldset.chips", has_text="Who knocked").locator("input:checked")).to_have_value("1")
    assert totals(page) == ["11", "0"]
    shot("gin-rummy-2-refused-knock")
    page.locator("#deadwood-1").fill("3")
    save(page, 2)
    expect(page.locator(".next-line")).to_contain_text("Hand 3")
    assert totals(page) == ["11", "17"]

    # Hand 3: the stock ran out; the grid shows the draw as dashes.
    pick(page, "How the hand ended", "Draw (nobody scores)")
    save(page, 3)
    expect(page.locator(".next-line")).to_contain_text("Hand 4")
    assert page.locator("#rounds tbody tr").nth(2).locator("td").all_inner_texts()[:2] == ["–", "–"]
    shot("gin-rummy-3-after-draw")

    # Hand 4: Ann goes gin against Bob's 8: 33 points takes her to 44, past 30.
    pick(page, "How the hand ended", "Gin")
    pick(page, "Who knocked or went gin", "Ann")
    page.locator("#deadwood-0").fill("0")
    page.locator("#deadwood-1").fill("8")
    save(page, 4)
    expect(page.locator(".result")).to_have_text("🏆 Winner: Ann")
    expect(page.locator("#round-form")).to_have_count(0)
    # Hand points 44, then 2 boxes × 25 and the game bonus of 100; Bob has 1 box.
    assert totals(page) == ["194", "42"]
    expect(ann.locator(".gin-bonus")).to_have_text("44 + 150 bonus")
    expect(page.locator(".standings li", has_text="Bob").locator(".gin-bonus")).to_have_text("17 + 25 bonus")
    expect(ann.locator(".gin-box")).to_have_count(2)
    expect(ann.locator(".extra-info")).to_have_text(["Hands won: 2 · box bonus 50", "game bonus 100"])  # 50 + 100 = 150
    shot("gin-rummy-4-finished")


def test_gin_rummy_ended_by_hand_adds_the_bonus(page, start_game, shot):
    start_game("gin-rummy", ["Cy", "Di", "Ed"], {"game_bonus": "100"})
    expect(page.locator(".standings li").first).to_contain_text("Hands won: 0")
    for seat, deadwood in enumerate(["12", "4", "2"]):
        page.locator(f"#deadwood-{seat}").fill(deadwood)
    pick(page, "How the hand ended", "Knock")
    save(page, 1)  # nobody picked as the knocker
    expect(page.locator(".field.has-error", has_text="Who knocked")).to_contain_text("say who knocked or went gin")
    expect(page.locator("#deadwood-2")).to_have_value("2")
    pick(page, "Who knocked or went gin", "Di")
    save(page, 1)
    expect(page.locator(".next-line")).to_contain_text("Hand 2")
    assert totals(page) == ["0", "8", "27"]  # Di beats Cy by 8; Ed undercuts Di: 2 + 25
    page.get_by_role("button", name="End the game now").click()
    expect(page.locator(".result")).to_have_text("🏆 Winner: Ed")
    expect(page.locator(".standings li", has_text="Ed").locator(".gin-bonus")).to_have_text("27 + 100 bonus")
    assert totals(page) == ["127", "8", "0"]  # over: the final placings, 1st first
    shot("gin-rummy-5-ended-by-hand")


def test_a_draw_greys_out_the_knocker_and_the_deadwood_and_sends_neither(page, start_game, live_server):
    url = start_game("gin-rummy", ["Ann", "Bob"])
    pick(page, "How the hand ended", "Knock")
    pick(page, "Who knocked or went gin", "Ann")
    page.locator("#deadwood-0").fill("5")
    page.locator("#deadwood-1").fill("30")
    pick(page, "How the hand ended", "Draw (nobody scores)")  # a slip, or the hand really was drawn
    for box in ("#knocker-0", "#deadwood-0", "#deadwood-1"):
        expect(page.locator(box)).to_be_disabled()
    expect(page.locator(".seat-entry", has_text="Bob").get_by_role("button", name="Add up cards")).to_be_disabled()
    pick(page, "How the hand ended", "Knock")  # changed back: what was typed is still there
    expect(page.locator("#deadwood-1")).to_be_enabled()
    expect(page.locator("#deadwood-1")).to_have_value("30")
    expect(page.locator("#knocker-0")).to_be_checked()
    pick(page, "How the hand ended", "Draw (nobody scores)")
    save(page, 1)
    expect(page.locator(".next-line")).to_contain_text("Hand 2")
    game = url.split("#")[0].rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{live_server}/api/games/{game}") as answer:
        hand = json.load(answer)["rounds"][0]
    assert hand["data"] == {"result": "draw"} and hand["points"] == [0, 0]
