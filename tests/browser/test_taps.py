"""Taps for a typical round at phone size (issue 20): Golf with the layout picker, 4 a player; Hand & Foot by chips
and the number pad that follows the player, whose counts end in 0 or 5, so that their last two digits are one key:
5 a player."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_quick_entry import Taps, pad_type

NARROW = {"width": 360, "height": 780}
FOUR = ["Ann", "Bob", "Cy", "Di"]
LAYOUTS = ["K 5 5 Q", "A 2 3 4", "7 7 X 8", "J 9 6 6"]


@pytest.mark.parametrize("size", [PHONE, NARROW], ids=["390", "360"])
def test_a_golf_hole_for_four_players_takes_four_taps_a_player(page, start_game, size):
    page.set_viewport_size(size)
    start_game("golf", FOUR)
    taps = Taps(page)
    for seat, cards in enumerate(LAYOUTS):
        keys = page.locator(".seat-entry").nth(seat).locator(".layout-keys")
        expect(keys).to_be_visible()  # the picker opens on the next player by itself
        for rank in cards.split():
            taps.tap(keys.locator(f"button[data-rank='{rank}']"))
    cards_taps = taps.count
    taps.tap(page.get_by_role("button", name="Save hole 1"))
    expect(page.locator(".next-line")).to_contain_text("Hole 2")
    assert page.locator(".standings .total").all_inner_texts() == ["20", "10", "17", "31"]
    assert cards_taps == 4 * len(FOUR)  # four a player, then Save (no knock: Nobody is chosen already)
    assert taps.count == 4 * len(FOUR) + 1


HAND = [  # a typical hand for five: clean books, dirty books, went out, points laid down, points left
    (2, 1, True, "345", ""),
    (1, 1, False, "180", "45"),
    (1, 0, False, "210", "60"),
    (0, 1, False, "95", "35"),
    (1, 2, False, "260", "110"),
]


def pad_count(page, taps: Taps, box, text: str) -> None:
    """Type points that end in 0 or 5 on the number pad: the first digits, then the last two as one key (which moves
    the pad on); a tap on the box first, unless the pad is already on it."""
    if "pad-target" not in (box.get_attribute("class") or ""):
        taps.tap(box)
    expect(box).to_have_class(re.compile(r"\bpad-target\b"))
    pad = page.locator(".number-pad:not([hidden])")
    for key in text[:-2]:
        taps.tap(pad.get_by_role("button", name=key, exact=True))
    taps.tap(pad.get_by_role("button", name=f"Ends in {text[-2:].zfill(2)}", exact=True))
    expect(box).to_have_value(text)
    expect(box).not_to_have_class(re.compile(r"\bpad-target\b"))  # the pad has moved on


def enter_hand(page, start_game, size, points) -> Taps:
    """Start a five-player Hand & Foot game at ``size`` and enter HAND: counts by chip, "went out" ticked, the points
    by ``points`` (pad_count or pad_type); return the taps, not yet counting Save."""
    page.set_viewport_size(size)
    start_game("hand-and-foot", ["Ann", "Bob", "Cy", "Di", "Ed"])
    taps = Taps(page)
    for seat, (clean, dirty, out, melded, left) in enumerate(HAND):
        for name, count in (("clean_books", clean), ("dirty_books", dirty)):
            if count:
                taps.tap(page.locator(f".field:has(#{name}-{seat}) .count-chips")
                         .get_by_role("button", name=str(count), exact=True))
        if out:
            taps.tap(page.locator(f"#went_out-{seat}"))
        points(page, taps, page.locator(f"#melded_points-{seat}"), melded)
        if left:
            points(page, taps, page.locator(f"#left_points-{seat}"), left)
    return taps


def save_hand(page, taps: Taps) -> None:
    taps.tap(page.get_by_role("button", name="Save hand 1"))
    expect(page.locator(".next-line")).to_contain_text("Hand 2")


@pytest.mark.parametrize("size", [PHONE, NARROW], ids=["390", "360"])
def test_a_hand_and_foot_hand_for_five_players_takes_five_taps_a_player(page, start_game, size):
    taps = enter_hand(page, start_game, size, pad_count)
    entry_taps = taps.count
    save_hand(page, taps)
    print(f"hand and foot, five players: {taps.count} taps")
    assert entry_taps <= 5 * len(HAND) and taps.count <= 5 * len(HAND) + 1
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    page.screenshot(path=f"shots/taps-hand-and-foot-{size['width']}.png", full_page=True)


@pytest.mark.parametrize("size", [PHONE, NARROW], ids=["390", "360"])
def test_a_hand_and_foot_hand_typed_digit_by_digit_still_works(page, start_game, size):
    taps = enter_hand(page, start_game, size, pad_type)
    save_hand(page, taps)
    digits = sum(len(m) + len(lf) for *_, m, lf in HAND)
    chips = sum(bool(c) + bool(d) + o for c, d, o, *_ in HAND)
    print(f"hand and foot, five players: {taps.count} taps ({digits} digits, {chips} chips and ticks)")
    # every tap beyond the digits and the chips is one move of the pad to the next box, at most one a number
    assert taps.count <= digits + chips + 4 + 1
