"""After a save (issue 20): the next round's form in reach with the totals on top, one tap (and a confirm) undoes
the save, and a game ended early says so, on the table page, in the live view and in French."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, SHOTS, start_game_on, submit

NARROW = {"width": 360, "height": 780}
SIX = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def in_view(locator) -> bool:
    return locator.evaluate("e => { const r = e.getBoundingClientRect(); "
                            "return r.top >= 0 && r.bottom <= innerHeight; }")


@pytest.mark.parametrize("size", [PHONE, NARROW], ids=["390", "360"])
def test_the_next_holes_form_is_one_tap_away_and_the_totals_stay_on_top(page, start_game, size):
    page.set_viewport_size(size)
    start_game("golf", SIX)
    for seat in range(6):
        page.locator(f"#score-{seat}").fill(str(seat + 2))
    submit(page, page.get_by_role("button", name="Save hole 1"))
    expect(page.locator(".next-line")).to_contain_text("Hole 2")
    assert in_view(page.locator("#standings h1"))  # the totals on top
    jump = page.get_by_role("link", name="Enter hole 2")
    expect(jump).to_be_visible()
    assert in_view(jump)
    page.screenshot(path=str(SHOTS / f"after-save-{size['width']}.png"))
    jump.click()
    expect(page.locator("#round-form h2")).to_be_in_viewport()
    expect(jump).to_be_hidden()



def test_the_enter_button_never_covers_an_open_pad(page, start_game):
    """Once a player taps in the form the button goes, even where the box with its open card pad is taller than
    what the screen shows of it (the button sat over the pad's keys)."""
    page.set_viewport_size(NARROW)
    start_game("golf", ["Alice", "Bob", "Chloé", "Dmitri"])
    for seat in range(4):
        page.locator(f"#score-{seat}").fill(str(seat + 2))
    submit(page, page.get_by_role("button", name="Save hole 1"))
    jump = page.get_by_role("link", name="Enter hole 2")
    expect(jump).to_be_visible()
    alice = page.locator(".seat-entry").first
    alice.locator(".slot-card").first.click()  # her card pad opens under her layout
    expect(alice.locator(".layout-keys")).to_be_visible()
    alice.evaluate("e => { e.scrollIntoView({block: 'start'}); window.scrollBy(0, -innerHeight * 0.8); }")
    expect(jump).to_be_hidden()


def test_one_tap_undoes_the_last_save(page, start_game):
    start_game("golf", ["Ann", "Bob"])
    page.locator("#score-0").fill("4")
    page.locator("#score-1").fill("9")
    submit(page, page.get_by_role("button", name="Save hole 1"))
    bar = page.locator(".saved-bar")
    expect(bar).to_contain_text("Hole 1 saved.")
    asked: list[str] = []
    page.once("dialog", lambda d: asked.append(d.message))  # the page's own handler accepts it
    with page.expect_navigation():
        bar.get_by_role("button", name="Undo").click()
    assert asked == ["Undo hole 1? Its scores come back into the form."]  # what undo does, not "Delete hole 1?"
    expect(page.locator(".next-line")).to_contain_text("Hole 1")
    expect(page.locator("#rounds")).to_have_count(0)
    expect(page.locator(".saved-bar")).to_have_count(0)
    expect(page.locator("#score-0")).to_have_value("4")  # what was saved is back in the form, to fix
    expect(page.locator("#score-1")).to_have_value("9")
    page.locator("#score-1").fill("8")
    submit(page, page.get_by_role("button", name="Save hole 1"))
    expect(page.locator(".saved-bar")).to_contain_text("Hole 1 saved.")
    page.reload()
    expect(page.locator("#score-0")).to_have_value("")  # the next hole's form is blank


def test_undo_asks_first_and_a_no_keeps_the_round(browser, live_server):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    start_game_on(page, live_server, "golf", ["Ann", "Bob"])
    page.locator("#score-0").fill("4")
    page.locator("#score-1").fill("9")
    submit(page, page.get_by_role("button", name="Save hole 1"))
    page.once("dialog", lambda d: d.dismiss())
    undo = page.locator(".saved-bar").get_by_role("button", name="Undo")
    expect(undo).to_be_visible(timeout=15_000)  # a loaded machine may take a moment over the new page
    undo.click()
    page.wait_for_timeout(300)
    expect(page.locator(".next-line")).to_contain_text("Hole 2")
    context.close()


def test_a_game_ended_early_says_so(page, start_game, browser):
    start_game("golf", ["Ann", "Bob"])
    view_link = page.locator("#view-link").input_value()
    spectator = browser.new_context(viewport=PHONE)
    watcher = spectator.new_page()
    watcher.goto(view_link)
    for hole in (1, 2, 3):
        page.locator("#score-0").fill(str(hole))
        page.locator("#score-1").fill("5")
        submit(page, page.get_by_role("button", name=f"Save hole {hole}"))
    with page.expect_navigation():
        page.get_by_role("button", name="End the game now").click()
    expect(page.locator(".ended-early")).to_have_text("Ended early, after hole 3 of 9.")
    expect(watcher.locator(".ended-early")).to_have_text("Ended early, after hole 3 of 9.", timeout=10_000)  # live
    page.screenshot(path=str(SHOTS / "ended-early.png"))
    page.locator("a[hreflang=fr]").click()
    expect(page.locator(".ended-early")).to_have_text("Partie arrêtée avant la fin, après le trou 3 sur 9.")
    spectator.close()


def test_the_enter_button_goes_once_the_forms_first_question_is_in_sight(page, start_game):
    """Garbage asks who went out before the players' boxes: with that question at the foot of the screen, the
    button no longer sits over its chips."""
    start_game("garbage-rummy", ["Ann", "Bob", "Cy"])
    went_out = page.locator("fieldset.chips", has_text="Went out").first
    went_out.evaluate("e => window.scrollBy(0, e.getBoundingClientRect().bottom - innerHeight + 4)")
    expect(page.locator(".jump-bar")).to_be_hidden()


def test_the_enter_button_going_moves_nothing_under_the_finger(page, start_game):
    """A player scrolls from the totals down to the rounds to correct one: the "Enter hand 2" button goes as the form
    comes into sight, and what is under the finger stays where it was (the button held its place in the page, and its
    going lifted the rounds grid by its height between a look and a tap: the tap on ✎ landed on nothing)."""
    start_game("garbage-rummy", ["Ann", "Bob", "Cy"])
    page.locator("#round-form fieldset.chips", has_text="Went out").locator("label.chip", has_text="Bob").click()
    page.locator("#penalty-0").fill("25")
    page.locator("#penalty-2").fill("10")
    submit(page, page.get_by_role("button", name="Save hand 1"))
    bar, edit = page.locator(".jump-bar"), page.get_by_role("link", name="Edit hand 1")
    expect(bar).to_be_visible()
    before = page.evaluate("() => document.documentElement.scrollHeight")
    edit.evaluate("e => e.scrollIntoView({block: 'center'})")
    expect(bar).to_be_hidden()
    at = edit.bounding_box()["y"]
    page.wait_for_timeout(300)  # a frame or two for anything the scroll set off
    assert edit.bounding_box()["y"] == at
    assert page.evaluate("() => document.documentElement.scrollHeight") == before
    with page.expect_navigation():
        edit.click()
    expect(page.locator("#penalty-0")).to_have_value("25")


def test_the_first_tap_in_a_round_moves_nothing_under_the_finger(page, start_game):
    """The first tap of a hand keeps it on this phone and says so ("Kept on this phone…"): that line shows beside
    Save, so the boxes above it stay where they were (above the form, it pushed them 77 px down between two taps)."""
    start_game("garbage-rummy", ["Ann", "Bob", "Cy"])
    chip = page.locator("#round-form fieldset.chips", has_text="Went out").locator("label.chip", has_text="Cy")
    chip.evaluate("e => e.scrollIntoView({block: 'center'})")
    penalty = page.locator("#penalty-0")
    at = (chip.bounding_box()["y"], penalty.bounding_box()["y"])
    chip.click()
    expect(page.locator("[data-draft-note]")).to_be_visible()
    assert (chip.bounding_box()["y"], penalty.bounding_box()["y"]) == at
