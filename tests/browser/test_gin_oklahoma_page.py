"""Gin Rummy played Oklahoma on a phone: the upcard typed or tapped on the card buttons, its knock limit said as it
is entered, a spade doubling the hand, the refusals on the upcard and on a knock over an ace; and in French, with
the French card letters."""
from __future__ import annotations

import re

import httpx
from playwright.sync_api import expect

from .conftest import name_players, submit
from .test_accessibility import axe_page, violations  # noqa: F401 (axe_page: the fixture, shared)


def pick(page, name: str, value: str) -> None:
    """Tap the chip of the round question ``name`` whose value is ``value`` (in any language)."""
    page.locator("label.chip", has=page.locator(f"input[name={name}][value='{value}']")).click()


def totals(page) -> list[str]:
    return page.locator(".standings .total").all_inner_texts()


def test_an_oklahoma_game_on_a_phone(page, live_server, shot):
    page.goto(f"{live_server}/new/gin-rummy")
    page.locator("details.options summary").click()
    knock_max = page.locator(".field", has=page.locator("#opt_knock_max"))
    expect(knock_max).to_be_visible()
    page.locator("#opt_oklahoma").check()  # the upcard sets each hand's limit: the table's own is not asked
    expect(knock_max).to_be_hidden()
    page.locator("#opt_oklahoma").uncheck()
    expect(knock_max).to_be_visible()
    page.locator("label", has=page.locator("input[name=preset][value=oklahoma]")).click()
    expect(page.locator("#opt_oklahoma")).to_be_checked()
    expect(knock_max).to_be_hidden()
    shot("gin-oklahoma-0-new-game")
    name_players(page, ["Ann", "Bob"])
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    game = page.url.rstrip("/").split("/")[-1]
    expect(page.locator(".notes")).to_contain_text("Play to 150; the highest total wins.")
    expect(page.locator(".notes")).to_contain_text("Oklahoma: the upcard's value is the knock limit")

    # Hand 1: the upcard tapped on the card buttons, 7 then ♠; the helper says the limit and the doubling.
    upcard = page.locator(".cards-entry", has=page.locator("#upcard"))
    upcard.get_by_role("button", name="Tap cards").click()
    upcard.locator(".pad button[data-rank='7']").click()
    upcard.locator(".pad button", has_text="♠").click()
    expect(page.locator("#upcard")).to_have_value("7♠")
    expect(upcard.locator(".card-total")).to_have_text("7♠: knock with 7 or less; a spade doubles the hand")
    upcard.locator(".pad button[data-rank='8']").click()  # one card: a second tap takes its place
    expect(page.locator("#upcard")).to_have_value("8")
    expect(upcard.locator(".card-total")).to_have_text("8: give its suit too; a spade doubles the hand")
    upcard.locator(".pad button.wide").click()
    upcard.locator(".pad button[data-rank='7']").click()
    upcard.locator(".pad button", has_text="♠").click()
    pick(page, "result", "knock")
    pick(page, "knocker", "0")
    page.locator("#deadwood-0").fill("5")
    page.locator("#deadwood-1").fill("20")
    shot("gin-oklahoma-1-upcard")
    submit(page, page.get_by_role("button", name="Save hand 1"))
    expect(page.locator(".next-line")).to_contain_text("Hand 2")
    assert totals(page) == ["30", "0"]  # (20 - 5) doubled
    expect(page.locator("#rounds")).to_contain_text("30 ♠×2")

    # Hand 2: an ace turned up, typed; Bob knocks with 3: refused on how the hand ended, nothing lost.
    page.locator("#upcard").fill("ah")
    expect(upcard.locator(".card-total")).to_have_text("ah: an ace, gin only (nobody may knock)")
    pick(page, "result", "knock")
    pick(page, "knocker", "1")
    page.locator("#deadwood-0").fill("20")
    page.locator("#deadwood-1").fill("3")
    submit(page, page.get_by_role("button", name="Save hand 2"))
    ended = page.locator(".field.has-error", has=page.locator("input[name=result]").first)
    expect(ended).to_contain_text("the upcard is an ace: only gin ends this hand, Bob may not knock with 3")
    expect(page.locator("#upcard")).to_have_value("ah")
    expect(page.locator("#deadwood-1")).to_have_value("3")
    shot("gin-oklahoma-2-ace-refused")

    # The upcard was a 10 of hearts after all: the knock on 3 stands (Bob 17).
    page.locator("#upcard").fill("10h")
    expect(upcard.locator(".card-total")).to_have_text("10h: knock with 10 or less")
    submit(page, page.get_by_role("button", name="Save hand 2"))
    expect(page.locator(".next-line")).to_contain_text("Hand 3")
    assert totals(page) == ["30", "17"]

    # Hand 3: no upcard: refused beside the upcard box; then a knock above a 4 is refused beside the deadwood.
    pick(page, "result", "knock")
    pick(page, "knocker", "0")
    page.locator("#deadwood-0").fill("6")
    page.locator("#deadwood-1").fill("30")
    submit(page, page.get_by_role("button", name="Save hand 3"))
    expect(page.locator("#upcard-err")).to_have_text(
        "give the upcard, the first card turned up from the stock, with its suit")
    page.locator("#upcard").fill("4D")
    submit(page, page.get_by_role("button", name="Save hand 3"))
    expect(page.locator("#deadwood-0-err")).to_have_text("Ann knocked holding 6; with 4♦ turned up a knock needs 4 "
                                                         "or less")
    shot("gin-oklahoma-3-over-the-limit")

    # What is stored is the API's card; the edit form shows it back as the reader writes it.
    state = httpx.get(f"{live_server}/api/games/{game}").json()
    assert [r["data"]["upcard"] for r in state["rounds"]] == ["7S", "10H"]
    assert [r["points"] for r in state["rounds"]] == [[30, 0], [0, 17]]
    page.goto(f"{live_server}/games/{game}/rounds/1/edit")
    expect(page.locator("#upcard")).to_have_value("7♠")
    shot("gin-oklahoma-4-edit")


def test_an_oklahoma_hand_with_french_letters(french_page, live_server):
    page = french_page
    answer = httpx.post(f"{live_server}/api/games", json={"game": "gin-rummy", "players": ["Anne", "Bruno"],
                                                          "preset": "oklahoma"})
    state = answer.json()
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    upcard = page.locator(".cards-entry", has=page.locator("#upcard"))
    expect(page.locator("label[for=upcard]")).to_have_text("Carte retournée : la première retournée de la pioche")
    assert "P pique · Co cœur · K carreau · T trèfle" in page.locator(".card-key").first.inner_text()

    page.locator("#upcard").fill("RP")  # roi de pique
    expect(upcard.locator(".card-total")).to_have_text(re.compile(r"^RP\s:\son frappe avec 10 ou moins"))
    upcard.get_by_role("button", name="Choisir les cartes").click()
    expect(upcard.locator(".pad button[data-rank='K']")).to_have_text("R")
    pick(page, "result", "knock")
    pick(page, "knocker", "0")
    page.locator("#deadwood-0").fill("4")
    page.locator("#deadwood-1").fill("20")
    submit(page, page.get_by_role("button", name="Enregistrer la main 1"))
    expect(page.locator(".next-line")).to_contain_text("Main 2")
    assert page.locator(".standings .total").all_inner_texts() == ["32", "0"]  # (20 − 4) doublé

    page.locator("#upcard").fill("7C")  # C alone is a trap in French: refused with the key, kept as typed
    pick(page, "result", "knock")
    pick(page, "knocker", "1")
    page.locator("#deadwood-0").fill("30")
    page.locator("#deadwood-1").fill("7")
    submit(page, page.get_by_role("button", name="Enregistrer la main 2"))
    assert "Co pour cœur ou T pour trèfle" in page.locator("#upcard-err").inner_text()
    expect(page.locator("#upcard")).to_have_value("7C")
    page.locator("#upcard").fill("7")
    submit(page, page.get_by_role("button", name="Enregistrer la main 2"))
    assert "donnez aussi la couleur de la carte retournée" in page.locator("#upcard-err").inner_text()
    page.locator("#upcard").fill("VCo")  # valet de cœur: knock with 10 or less
    expect(upcard.locator(".card-total")).to_have_text(re.compile(r"^VCo\s:\son frappe avec 10 ou moins$"))
    submit(page, page.get_by_role("button", name="Enregistrer la main 2"))
    expect(page.locator(".next-line")).to_contain_text("Main 3")
    game = httpx.get(f"{live_server}/api/games/{state['id']}").json()
    assert [r["data"]["upcard"] for r in game["rounds"]] == ["KS", "JH"]
    assert [r["points"] for r in game["rounds"]] == [[32, 0], [0, 23]]
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    page.screenshot(path="shots/french-gin-oklahoma.png", full_page=True)


def test_the_upcard_pad_offers_no_joker_and_every_card_is_said_alike(page, live_server):
    state = httpx.post(f"{live_server}/api/games", json={"game": "gin-rummy", "players": ["Ann", "Bob"],
                                                         "preset": "oklahoma"}).json()
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    upcard = page.locator(".cards-entry", has=page.locator("#upcard"))
    upcard.get_by_role("button", name="Tap cards").click()
    expect(upcard.locator(".pad button[data-rank='K']")).to_be_visible()
    expect(upcard.locator(".pad button[data-rank='X']")).to_have_count(0)  # an upcard is never a joker in Gin
    said = {"7h": "7h: knock with 7 or less", "7S": "7S: knock with 7 or less; a spade doubles the hand",
            "QD": "QD: knock with 10 or less", "AC": "AC: an ace, gin only (nobody may knock)",
            "9": "9: give its suit too; a spade doubles the hand"}
    for typed, words in said.items():  # every card first, then what it means for the hand
        page.locator("#upcard").fill(typed)
        expect(upcard.locator(".card-total")).to_have_text(words)
    deadwood = page.locator(".count-entry", has=page.locator("#deadwood-0"))
    deadwood.get_by_role("button", name="Add up cards").click()
    expect(deadwood.locator(".pad button[data-rank='X']")).to_have_count(0)


def test_the_upcard_box_and_the_new_game_form_pass_axe(axe_page, live_server):
    state = httpx.post(f"{live_server}/api/games", json={"game": "gin-rummy", "players": ["Ann", "Bob"],
                                                         "preset": "oklahoma"}).json()
    assert violations(axe_page, f"{live_server}/games/{state['id']}/edit/{state['token']}") == []
    assert violations(axe_page, f"{live_server}/new/gin-rummy?preset=oklahoma") == []
    assert violations(axe_page, f"{live_server}/new/chase-the-ace") == []
