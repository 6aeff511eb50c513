"""After a refusal, the box marked wrong is fixed where it is: a tap on it, or on its message, opens its pad or
keyboard there (issue 20)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, submit

NARROW = {"width": 360, "height": 780}


def in_view(page, selector: str) -> bool:
    return page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
                                   return r.top >= 0 && r.bottom <= window.innerHeight; }""", selector)


@pytest.mark.parametrize("size", [PHONE, NARROW], ids=["390", "360"])
def test_a_marked_points_box_opens_the_number_pad_on_it(page, start_game, size):
    page.set_viewport_size(size)
    start_game("hand-and-foot", ["Ann", "Bob", "Cy", "Di", "Ed"])
    for seat in range(4):
        page.locator(f"#melded_points-{seat}").fill("120")
        page.locator(f"#left_points-{seat}").fill("0")  # a hand is refused on every broken entry at once
    page.locator("#melded_points-4").fill("99999")  # more than the packs hold: the one box marked
    submit(page, page.get_by_role("button", name="Save hand 1"))
    marked = page.locator(".has-error:has(#melded_points-4)")
    expect(marked.locator(".error")).to_be_visible()
    page.locator("#round-form h2").click()  # the phone looks around first
    page.mouse.wheel(0, -5000)
    marked.locator(".error").click()  # the message: its box, with the pad on it
    expect(page.locator("#melded_points-4")).to_be_focused()
    assert "pad-target" in page.locator("#melded_points-4").get_attribute("class")
    pad = page.locator(".number-pad")
    expect(pad).to_be_visible()
    assert pad.evaluate("p => p.closest('.seat-entry').querySelector('legend').textContent") == "Ed"
    assert in_view(page, "#melded_points-4")
    for key in "⌫⌫⌫⌫⌫":
        pad.get_by_role("button", name="Delete the last digit").click()
    for key in "90":
        pad.get_by_role("button", name=key, exact=True).click()
    expect(page.locator("#melded_points-4")).to_have_value("90")
    # the banner at the top leads there too
    page.locator(".refused").scroll_into_view_if_needed()
    page.locator(".refused").click()
    expect(page.locator("#melded_points-4")).to_be_focused()


@pytest.mark.parametrize("size", [PHONE, NARROW], ids=["390", "360"])
def test_a_refused_hand_opens_with_its_marked_box_in_sight(page, start_game, size):
    """Only Ed's box (the fifth player's, far down the form) is marked: the refused hand opened at the top of its
    form, Ed's box focused but below the screen, with nothing on screen marked (a new player's play-test)."""
    page.set_viewport_size(size)
    start_game("hand-and-foot", ["Ann", "Bob", "Cy", "Di", "Ed"])
    for seat in range(4):
        page.locator(f"#melded_points-{seat}").fill("120")
        page.locator(f"#left_points-{seat}").fill("0")
    page.locator("#melded_points-4").fill("99999")
    submit(page, page.get_by_role("button", name="Save hand 1"))
    expect(page.locator("#melded_points-4")).to_be_focused()
    page.wait_for_timeout(150)  # the page settled
    assert in_view(page, ".has-error:has(#melded_points-4) .error") and in_view(page, "#melded_points-4")


@pytest.mark.parametrize("size", [PHONE, NARROW], ids=["390", "360"])
def test_a_tap_on_the_last_of_several_marked_boxes_keeps_that_box_in_sight_with_the_pad(page, start_game, size):
    """Hand & Foot marks every broken entry of a hand at once. The number pad opened on the first marked box (Ann's,
    higher up); a tap on Ed's message moved the pad out of Ann's boxes after Ed's box was scrolled to, and Ed's box
    ended above the screen."""
    page.set_viewport_size(size)
    start_game("hand-and-foot", ["Ann", "Bob", "Cy", "Di", "Ed"])
    for seat in range(4):
        page.locator(f"#melded_points-{seat}").fill("120")  # no points left given: four boxes marked
    page.locator("#melded_points-4").fill("99999")  # and Ed's, the last
    submit(page, page.get_by_role("button", name="Save hand 1"))
    assert page.locator(".has-error").count() == 5
    page.locator("#round-form h2").click()
    page.mouse.wheel(0, -5000)
    page.locator(".has-error:has(#melded_points-4) .error").click()
    expect(page.locator("#melded_points-4")).to_be_focused()
    page.wait_for_timeout(300)  # the pad is brought up a frame later
    assert in_view(page, "#melded_points-4")
    assert page.evaluate("() => document.querySelector('.number-pad').getBoundingClientRect().top < innerHeight")


def test_a_marked_golf_score_is_typed_where_it_is(page, start_game):
    start_game("golf", ["Ann", "Bob", "Cy", "Di"])
    for seat, score in enumerate(["4", "9", "3", "400"]):
        page.locator(f"#score-{seat}").fill(score)
    submit(page, page.get_by_role("button", name="Save hole 1"))
    marked = page.locator(".has-error:has(#score-3)")
    expect(marked.locator(".error")).to_contain_text("400")
    page.locator("#round-form h2").click()
    page.mouse.wheel(0, -5000)
    marked.locator(".error").click()
    expect(page.locator("#score-3")).to_be_focused()
    assert in_view(page, "#score-3")
    page.keyboard.press("Control+A")
    page.keyboard.type("12")
    submit(page, page.get_by_role("button", name="Save hole 1"))
    expect(page.locator(".next-line")).to_contain_text("Hole 2")
