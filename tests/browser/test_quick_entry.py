"""Entering a round in seconds: the Golf layout, card buttons, steppers, sums, the last count; taps counted."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, start_game_on, submit


class Taps:
    """Count what a player's thumb does: a tap on the screen, or one key of the phone's keyboard."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, locator) -> None:
        locator.click()
        self.count += 1

    def type(self, locator, text: str) -> None:
        locator.click()
        locator.press_sequentially(text)
        self.count += 1 + len(text)


@pytest.fixture
def plain_page(browser):
    """A phone page served as before the quick entry helpers: the plain form and the card pad."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  service_workers="block")  # else the worker's cache answers, not the route
    context.route("**/static/js/entry.js*", lambda route: route.fulfill(body="", content_type="text/javascript"))
    yield context.new_page()
    context.close()


GOLF_HOLE = {"Ann": "K 5 5 Q", "Bob": "A 2 3 4", "Cy": "7 7 X 8"}


def enter_golf_hole(page, taps: Taps, quick: bool) -> None:
    """Enter one hole of three layouts and a knock, with the layout picker or with the card pad."""
    for seat, cards in enumerate(GOLF_HOLE.values()):
        entry = page.locator(".seat-entry").nth(seat)
        if not quick:
            taps.tap(entry.get_by_role("button", name="Tap cards"))
        keys = entry.locator(".layout-keys" if quick else ".pad")
        for rank in cards.split():
            taps.tap(keys.locator(f"button[data-rank='{rank}']"))
    taps.tap(page.locator("fieldset.chips", has_text="Who knocked").locator("label.chip", has_text="Bob"))
    taps.tap(page.get_by_role("button", name="Save hole 1"))
    expect(page.locator(".next-line")).to_contain_text("Hole 2")
    assert page.locator(".standings .total").all_inner_texts() == ["20", "10", "17"]


def test_golf_hole_in_half_the_taps(page, plain_page, live_server, start_game):
    before, typed, after = Taps(plain_page), Taps(plain_page), Taps(page)
    start_game_on(plain_page, live_server, "golf", ["Ann", "Bob", "Cy"])
    enter_golf_hole(plain_page, before, quick=False)
    start_game_on(plain_page, live_server, "golf", ["Ann", "Bob", "Cy"])
    for seat, cards in enumerate(GOLF_HOLE.values()):  # typed on the phone's keyboard, with no pad
        typed.type(plain_page.locator(f"#cards-{seat}"), cards)
    typed.count += 2  # the knocker and the save button, as above
    start_game("golf", ["Ann", "Bob", "Cy"])
    enter_golf_hole(page, after, quick=True)
    print(f"golf taps: typed {typed.count}, card pad {before.count}, layout picker {after.count}")
    assert after.count <= 15 and after.count < before.count < typed.count


def test_golf_layout_picker(page, start_game, shot):
    start_game("golf", ["Ann", "Bob", "Cy"])
    ann = page.locator(".seat-entry").nth(0)
    expect(ann.locator(".layout-keys")).to_be_visible()
    for rank in ["K", "5", "5", "Q"]:
        ann.locator(f".layout-keys button[data-rank='{rank}']").click()
    expect(page.locator("#cards-0")).to_have_value("K 5 5 Q")
    expect(ann.locator(".layout-score")).to_have_text("Hole score: 20")
    expect(ann.locator(".slot-card").nth(0)).to_have_attribute("aria-label", "Card 1: K")  # a screen reader's words
    bob = page.locator(".seat-entry").nth(1)
    expect(bob.locator(".layout-keys")).to_be_visible()  # the next player's pad opens, this one closes
    expect(ann.locator(".layout-keys")).to_be_hidden()
    shot("quick-golf-1-picker")
    ann.locator(".slot-card").nth(3).click()  # a slip: tap the slot, pick again
    expect(ann.locator(".layout-keys")).to_be_visible()
    expect(bob.locator(".layout-keys")).to_be_hidden()
    ann.locator(".layout-keys button[data-rank='J']").click()
    expect(page.locator("#cards-0")).to_have_value("K 5 5 J")
    page.locator("#cards-1").fill("A 2 3")  # typing still works; the server names a short layout
    total = page.locator(".seat-entry").nth(2).locator(".sum-total")
    page.locator("#score-2").fill("12 8+1")  # no number: no total, as the server refuses it
    expect(total).to_have_text("")
    page.locator("#score-2").fill("1 000 - 980")  # thousands grouped, signs spaced: read as the server reads them
    expect(total).to_have_text("= 20")
    page.locator("#score-2").fill("1,000-980")  # an English page groups thousands with commas, as its server reads
    expect(total).to_have_text("= 20")
    page.locator("#score-2").fill("1,00-980")  # no grouping: no total
    expect(total).to_have_text("")
    page.locator("#score-2").fill("100,200")  # read as one number: said, so a list typed by slip is seen
    expect(total).to_have_text("= 100200")
    page.locator("#score-2").fill("12+11")
    expect(total).to_have_text("= 23")
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator(".has-error .error")).to_contain_text("a layout has 4 cards; this one has 3")
    expect(page.locator("#score-2")).to_have_value("12+11")
    shot("quick-golf-3-refused")
    page.locator("#cards-1").fill("A 2 3 4")
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator(".next-line")).to_contain_text("Hole 2")
    assert page.locator(".standings .total").all_inner_texts() == ["20", "10", "23"]


def test_golf_pairs_that_cancel_are_marked(page, start_game, shot):
    start_game("golf", ["Ann", "Bob"], {"layout": "6"})
    ann = page.locator(".seat-entry").nth(0)
    for rank in ["K", "5", "Q", "K", "5", "2"]:
        ann.locator(f".layout-keys button[data-rank='{rank}']").click()
    expect(ann.locator(".layout-score")).to_contain_text("Hole score: 12")
    expect(ann.locator(".slot-card.cancelled")).to_have_count(4)
    shot("quick-golf-2-six-cards-pairs")


def test_chase_the_ace_card_buttons(page, start_game, shot):
    start_game("chase-the-ace", ["Ann", "Bob", "Cy"])
    taps = Taps(page)
    for seat, rank in enumerate(["A", "5", "K"]):
        taps.tap(page.locator(".rank-buttons").nth(seat).get_by_role("button", name=rank, exact=True))
    expect(page.locator("#cards-0")).to_have_value("A")
    shot("quick-chase-1-buttons")
    taps.tap(page.get_by_role("button", name="Save deal 1"))
    expect(page.locator(".next-line")).to_contain_text("Deal 2")
    assert taps.count == 4


def test_a_count_that_shows_what_no_one_typed_is_typed_over(page, start_game):
    start_game("trash-twelve-hands", ["Ann", "Bob", "Cy", "Di"])
    tricks = [page.locator(f"#tricks-{seat}") for seat in range(4)]
    for seat, count in [(0, "4"), (1, "3"), (2, "5")]:
        expect(tricks[seat]).to_have_value("0")
        tricks[seat].click()  # a tap on the box's 0, then the phone's keys
        page.keyboard.type(count)
        expect(tricks[seat]).to_have_value(count)  # never "04" or "40"
    expect(tricks[3]).to_have_value("1")  # filled in: what is left of 13
    tricks[3].click()
    page.keyboard.type("2")
    expect(tricks[3]).to_have_value("2")
    expect(page.locator(".sum-check")).to_have_text("Tricks: 14 / 13")


def test_twelve_hands_last_count_fills_itself(page, start_game, shot):
    start_game("trash-twelve-hands", ["Ann", "Bob", "Cy", "Di"])
    tricks = [page.locator(f"#tricks-{seat}") for seat in range(4)]
    check, filled = page.locator(".sum-check"), re.compile(r"\bauto\b")
    tricks[0].fill("3")
    tricks[1].fill("4")
    expect(tricks[3]).to_have_value("0")  # two counts still open: nothing is filled in yet
    expect(tricks[3]).not_to_have_class(filled)
    tricks[2].fill("5")
    expect(tricks[3]).to_have_value("1")  # 13 tricks: the last count is what is left, marked as filled in
    expect(tricks[3]).to_have_class(filled)
    note = page.locator(".seat-entry", has=tricks[3]).locator(".auto-note")
    expect(note).to_have_text("worked out from the others")  # said under its box, not taken for one typed
    expect(check).to_have_text("Tricks: 13 / 13")
    tricks[0].fill("")  # emptied to be typed again: the filled-in count no longer holds, emptied, not left at 4
    expect(tricks[3]).to_have_value("")
    expect(tricks[3]).not_to_have_class(filled)
    expect(check).to_have_text("Tricks: 9 / 13")
    tricks[0].fill("3")
    expect(tricks[3]).to_have_value("1")
    tricks[0].fill("2")  # another count corrected: the filled one follows it
    expect(tricks[3]).to_have_value("2")
    tricks[3].fill("")  # the filled-in count itself emptied, to be typed: not filled in again under the typist
    expect(tricks[3]).to_have_value("")
    tricks[3].fill("4")  # typed by hand: the scorer's own now, no longer filled in or changed
    expect(tricks[3]).not_to_have_class(filled)
    expect(page.locator(".auto-note")).to_have_count(0)
    expect(check).to_have_text("Tricks: 15 / 13")
    tricks[0].fill("0")
    expect(check).to_have_text("Tricks: 13 / 13")
    expect(tricks[3]).to_have_value("4")
    shot("quick-twelve-0")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".next-line")).to_contain_text("Hand 2")
    assert page.locator(".standings .total").all_inner_texts() == ["0", "20", "25", "20"]  # 5 points a trick
    hearts = [page.locator(f"#hearts-{seat}") for seat in range(4)]
    for seat, count in enumerate([9, 6, 0]):  # 15 hearts typed: no count could make 13, none is filled in
        hearts[seat].fill(str(count))
    expect(page.locator(".sum-check")).to_have_text("Hearts: 15 / 13")
    expect(hearts[3]).to_have_value("0")
    expect(hearts[3]).not_to_have_class(filled)


def test_twelve_hands_last_count_still_follows_after_a_reload(page, start_game):
    start_game("trash-twelve-hands", ["Ann", "Bob", "Cy", "Di"])
    tricks = [page.locator(f"#tricks-{seat}") for seat in range(4)]
    filled = re.compile(r"\bauto\b")
    for seat, count in enumerate(["3", "4", "5"]):
        tricks[seat].fill(count)
    expect(tricks[3]).to_have_value("1")
    page.reload()  # the draft comes back: the count the page filled in is still the page's, not the scorer's
    expect(tricks[0]).to_have_value("3")
    expect(tricks[3]).to_have_value("1")
    expect(tricks[3]).to_have_class(filled)
    tricks[0].fill("2")  # so it follows a correction, and the hand adds up
    expect(tricks[3]).to_have_value("2")
    expect(page.locator(".sum-check")).to_have_text("Tricks: 13 / 13")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".next-line")).to_contain_text("Hand 2")


def test_twelve_hands_last_count_fills_itself_after_a_reload_midway(page, start_game):
    """Two counts typed, a reload, the third typed: the boxes still at the 0 they were served with are open, so the
    last fills itself (the draft took every "0" for a count given)."""
    start_game("trash-twelve-hands", ["Ann", "Bob", "Cy", "Di"])
    tricks = [page.locator(f"#tricks-{seat}") for seat in range(4)]
    tricks[0].fill("3")
    tricks[1].fill("4")
    page.reload()
    expect(tricks[1]).to_have_value("4")
    tricks[2].fill("5")
    expect(tricks[3]).to_have_value("1")
    expect(tricks[3]).to_have_class(re.compile(r"\bauto\b"))


HAND = [  # one hand of Hand & Foot by points: clean books, dirty books, red threes, out, laid down, left
    (1, 2, 0, True, "200", ""),
    (0, 1, 1, False, "150", "45"),
    (1, 0, 0, False, "95", "30"),
]


def pad_type(page, taps: Taps, box, text: str) -> None:
    """Type points on the page's number pad: a tap on the box first, unless the pad is already on it."""
    if "pad-target" not in (box.get_attribute("class") or ""):
        taps.tap(box)
    expect(box).to_have_class(re.compile(r"\bpad-target\b"))
    for key in text:
        taps.tap(page.locator(".number-pad").get_by_role("button", name=key, exact=True))
    expect(box).to_have_value(text)


def enter_hand(page, taps: Taps, quick: bool) -> None:
    """Enter one hand for three players: counts by chip (or typed), points on the pad (or typed), then save."""
    for seat, (clean, dirty, threes, out, melded, left) in enumerate(HAND):
        for name, count in (("clean_books", clean), ("dirty_books", dirty), ("red_threes", threes)):
            field = page.locator(f"#{name}-{seat}")
            if quick and count:
                taps.tap(page.locator(f".field:has(#{name}-{seat}) .count-chips")
                         .get_by_role("button", name=str(count), exact=True))
            elif count:
                field.fill("")
                taps.type(field, str(count))
        if out:
            taps.tap(page.locator(f"#went_out-{seat}"))
        for name, points in (("melded_points", melded), ("left_points", left)):
            if points and quick:
                pad_type(page, taps, page.locator(f"#{name}-{seat}"), points)
            elif points:
                taps.type(page.locator(f"#{name}-{seat}"), points)
    submit(page, page.get_by_role("button", name="Save hand 1"))
    taps.count += 1
    assert page.locator(".standings:not(.teams) .total").all_inner_texts() == ["410", "235", "115"]


def test_hand_and_foot_hand_taps(page, plain_page, live_server, start_game, shot):
    """At most half of the 45 taps a hand took before the quick entry (issue "The live table")."""
    before, after = Taps(plain_page), Taps(page)
    start_game_on(plain_page, live_server, "hand-and-foot", ["Ann", "Bob", "Cy"])
    enter_hand(plain_page, before, quick=False)
    start_game("hand-and-foot", ["Ann", "Bob", "Cy"])
    page.locator("#clean_books-0").scroll_into_view_if_needed()
    enter_hand(page, after, quick=True)
    print(f"hand and foot taps: typed {before.count}, chips and number pad {after.count}")
    assert after.count <= 22 and after.count < before.count


def test_golf_layout_takes_suits_when_a_suit_has_its_own_value(page, start_game, shot):
    start_game("golf", ["Ann", "Bob"], {"values": "QS=40"})
    keys = page.locator(".seat-entry").nth(0).locator(".layout-keys")
    for key in ["Q", "spades", "2", "3", "4"]:  # a suit button is read out by its name
        keys.get_by_role("button", name=key, exact=True).click()
    expect(page.locator("#cards-0")).to_have_value("Q♠ 2 3 4")  # a symbol: it reads alike in every language
    expect(page.locator(".layout-score").first).to_have_text("Hole score: 49")
    shot("quick-golf-4-suits")
    page.locator("#cards-1").fill("Q 4 6 K")  # a queen with no suit: no score the server would then refuse
    expect(page.locator(".layout-score").nth(1)).to_have_text("give the suit of each Q: one suit has its own value")
    page.locator("#cards-1").fill("QH 4 6 K")
    expect(page.locator(".layout-score").nth(1)).to_have_text("Hole score: 20")


def test_a_pad_closes_when_the_next_players_pad_opens(page, start_game, shot):
    start_game("hand-and-foot", ["Ann", "Bob"])
    ann, bob = page.locator(".seat-entry").nth(0), page.locator(".seat-entry").nth(1)
    ann.get_by_role("button", name="Tap cards").first.click()
    expect(ann.locator(".pad:not(.number-pad)")).to_be_visible()
    bob.get_by_role("button", name="Tap cards").first.click()
    expect(bob.locator(".pad:not(.number-pad)")).to_be_visible()
    expect(ann.locator(".pad:not(.number-pad)")).to_be_hidden()
    bob.locator(".pad button[data-rank='K']").click()
    expect(page.locator("#melded-1")).to_have_value("K")


def test_count_chips_and_the_box_for_any_other_count(page, start_game, shot):
    start_game("hand-and-foot", ["Ann", "Bob"])
    threes = page.locator(".field:has(#red_threes-0) .count-chips")
    expect(threes).to_have_attribute("aria-label", "Red threes")
    expect(threes.get_by_role("button")).to_have_text(["0", "1", "2", "3", "4", "+"])
    expect(threes.get_by_role("button", name="0", exact=True)).to_have_attribute("aria-pressed", "true")
    threes.get_by_role("button", name="2", exact=True).click()
    expect(page.locator("#red_threes-0")).to_have_value("2")
    expect(threes.get_by_role("button", name="2", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(threes.get_by_role("button", name="0", exact=True)).to_have_attribute("aria-pressed", "false")
    clean = page.locator(".field:has(#clean_books-0) .count-chips")
    clean.get_by_role("button", name="More than 4: Clean books").click()  # a bigger count: the box opens
    expect(page.locator("#clean_books-0")).to_have_value("5")
    expect(clean.locator("[aria-pressed=true]")).to_have_count(0)
    expect(clean.get_by_role("button", name="More than 4: Clean books")).to_be_hidden()
    page.locator("#clean_books-0").fill("7")  # typed on the numeric keypad
    shot("quick-hand-and-foot-chips")
    clean.get_by_role("button", name="1", exact=True).click()  # back to a chip: the box closes
    expect(page.locator("#clean_books-0")).to_have_value("1")
    expect(clean.get_by_role("button", name="More than 4: Clean books")).to_be_visible()
    for chip in page.locator(".count-chip").all():
        box = chip.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44


def test_the_number_pad_follows_the_player_being_scored(page, start_game, shot):
    start_game("hand-and-foot", ["Ann", "Bob", "Cy"])
    pad = page.locator(".number-pad")
    expect(page.locator(".seat-entry").nth(0).locator(".number-pad")).to_be_visible()  # open on the first box
    expect(pad).to_have_attribute("aria-label", "Number pad for points laid down (Ann)")
    expect(page.locator("#melded_points-0")).to_have_attribute("inputmode", "none")  # no keyboard over the page
    for key in "120":
        pad.get_by_role("button", name=key, exact=True).click()
    expect(page.locator("#melded_points-0")).to_have_value("120")
    pad.get_by_role("button", name="Delete the last digit").click()
    pad.get_by_role("button", name="+").click()
    pad.get_by_role("button", name="5", exact=True).click()
    expect(page.locator("#melded_points-0")).to_have_value("12+5")
    expect(page.locator(".seat-entry").nth(0).locator(".sum-total").first).to_have_text("= 17")
    pad.get_by_role("button", name="Next box").click()
    expect(page.locator("#left_points-0")).to_have_class(re.compile("pad-target"))
    page.locator(".field:has(#dirty_books-1) .count-chips").get_by_role("button", name="1", exact=True).click()
    expect(page.locator(".seat-entry").nth(1).locator(".number-pad")).to_be_visible()  # came to Bob
    expect(page.locator("#melded_points-1")).to_have_class(re.compile("pad-target"))
    shot("quick-hand-and-foot-pad")
    page.locator(".seat-entry").nth(1).get_by_role("button", name="Tap cards").first.click()
    expect(pad).to_be_hidden()  # one pad at a time
    page.locator("#left_points-2").click()
    expect(page.locator(".seat-entry").nth(2).locator(".number-pad")).to_be_visible()
    pad.get_by_role("button", name="Type with the phone keyboard").click()
    expect(pad).to_be_hidden()
    expect(page.locator("#left_points-2")).to_be_focused()
    expect(page.locator("#left_points-2")).to_have_attribute("inputmode", "tel")
    page.keyboard.type("35")
    expect(page.locator("#left_points-2")).to_have_value("35")


def test_hand_and_foot_points_end_in_one_key_that_moves_the_pad_on(page, start_game):
    """Hand & Foot's counts end in 0 or 5: the pad's last-two-digit keys finish a box and go to the next one."""
    start_game("hand-and-foot", ["Ann", "Bob"])
    pad = page.locator(".number-pad")
    pad.get_by_role("button", name="1", exact=True).click()
    pad.get_by_role("button", name="Ends in 80").click()
    expect(page.locator("#melded_points-0")).to_have_value("180")
    expect(page.locator("#left_points-0")).to_have_class(re.compile("pad-target"))
    pad.get_by_role("button", name="Ends in 05").click()  # alone: 5, not 05
    expect(page.locator("#left_points-0")).to_have_value("5")
    expect(page.locator("#melded_points-1")).to_have_class(re.compile("pad-target"))  # on to Bob
    expect(page.locator(".seat-entry").nth(1).locator(".number-pad")).to_be_visible()
    for key in ("2", "+"):
        pad.get_by_role("button", name=key, exact=True).click()
    pad.get_by_role("button", name="Ends in 45").click()  # a sum: its last number ends in 45
    expect(page.locator("#melded_points-1")).to_have_value("2+45")
    pad.get_by_role("button", name="Ends in 00").click()  # alone: nothing left, 0
    expect(page.locator("#left_points-1")).to_have_value("0")


def test_points_that_need_not_end_in_0_or_5_get_no_ending_keys(page, start_game):
    start_game("any", ["Ann", "Bob"])
    pad = page.locator(".number-pad")
    expect(pad).to_be_visible()
    expect(pad.locator(".pad-endings")).to_be_hidden()


def test_a_negative_golf_score_has_a_minus_key(page, start_game, shot):
    """The iPhone's numeric keypads have no minus: the page puts one beside the boxes that may go below 0."""
    start_game("golf", ["Ann", "Bob"])
    score = page.locator("#score-0")
    expect(score).to_have_attribute("inputmode", "tel")  # the numeric keypad stays
    minus = page.get_by_role("button", name="Negative: Score").first
    box = minus.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    score.click()
    score.press_sequentially("2")  # as the keypad types it
    minus.click()
    expect(score).to_have_value("-2")
    expect(minus).to_have_attribute("aria-pressed", "true")
    minus.click()
    expect(score).to_have_value("2")
    minus.click()
    page.locator("#score-1").fill("7")
    shot("quick-golf-5-minus")
    submit(page, page.get_by_role("button", name="Save hole 1"))
    assert page.locator(".standings .total").all_inner_texts() == ["−2", "7"]


def test_no_minus_key_where_points_cannot_go_below_zero(page, start_game):
    start_game("hand-and-foot", ["Ann", "Bob"])
    expect(page.locator(".round-form .minus")).to_have_count(0)
