"""Hand & Foot on a phone: the meld-minimum check, a hand by cards, one by points, partners' totals."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import submit


def totals(page) -> list[str]:
    return page.locator(".standings:not(.teams) .total").all_inner_texts()


def team_lines(page) -> list[str]:
    """Each team's line: its place (once placed), names and total, without its players under it."""
    return [" ".join(team.locator(":scope > .who, :scope > .total").all_inner_texts()).split()
            for team in page.locator(".standings.teams > li").all()]


def fill_entry(page, seat: int, clean: str = "0", dirty: str = "0", threes: str = "0", out: bool = False,
               **more: str) -> None:
    """Fill one player's block of the hand form; ``more`` holds melded/left cards or points."""
    page.locator(f"#clean_books-{seat}").fill(clean)
    page.locator(f"#dirty_books-{seat}").fill(dirty)
    page.locator(f"#red_threes-{seat}").fill(threes)
    page.locator(f"#went_out-{seat}").set_checked(out)
    for name, value in more.items():
        page.locator(f"#{name}-{seat}").fill(value)


def test_hand_and_foot_game_on_a_phone(page, start_game, shot):
    start_game("hand-and-foot", ["Ann", "Bob"], {"rounds": "2"})
    notes = page.locator(".notes")
    expect(notes).to_contain_text("Hand 1 of 2: a first meld needs at least 60 points")
    expect(notes).to_contain_text("Shuffle 3 packs together, jokers in")

    # The meld check, before laying down: typed cards, then tapped on the pad.
    helper = page.locator(".meld-helper")
    helper.locator("#meld-cards").fill("K Q 9")
    expect(helper.locator(".card-total")).to_contain_text("3 cards: 30 points")
    expect(helper.locator(".meld-check")).to_have_text("30 points short of 60")
    helper.get_by_role("button", name="Tap cards").click()
    helper.locator(".pad button[data-rank='X']").click()
    expect(helper.locator("#meld-cards")).to_have_value("K Q 9 X")
    expect(helper.locator(".meld-check")).to_have_text("Reaches the minimum of 60")
    expect(helper.locator(".meld-check")).to_have_class("meld-check ok")
    shot("hand-and-foot-1-meld-check")
    helper.locator("#meld-cards").fill("K K K K K K 3S")  # a black three is never laid down: no verdict
    expect(helper.locator(".card-total")).to_have_text(
        "3S is a black three: it is never laid down; count it under the cards left")
    expect(helper.locator(".meld-check")).to_have_text("")
    helper.locator("#meld-cards").fill("KKK")  # no card: said, and the verdict of before is not left standing
    expect(helper.locator(".card-total")).to_have_text("KKK is not a card")
    helper.locator("#meld-cards").fill("K VH")  # a French letter on an English page: why, as the server says it
    expect(helper.locator(".card-total")).to_have_text(
        "VH: V, D and R are the French letters (valet, dame, roi): on this page write J, Q or K")
    expect(helper.locator(".meld-check")).to_have_text("")
    helper.locator("#meld-cards").fill("K\u2660\ufe0f")  # the emoji keyboard's spade: a spade, as the server reads it
    expect(helper.locator(".card-total")).to_have_text("1 card: 10 points")
    helper.locator("#meld-cards").fill("K\u2764\ufe0f 5\u2661")  # its red heart, and a white one: hearts
    expect(helper.locator(".card-total")).to_have_text("2 cards: 15 points")
    helper.locator("#meld-cards").fill("K\u2660\ufe0f")
    expect(helper.locator(".meld-check")).to_have_text("50 points short of 60")

    # Under the hand's own boxes, the helper names the threes the rules refuse, for the reason the server gives.
    page.locator("#left-1").fill("K 3H")
    expect(page.locator(".cards-entry", has=page.locator("#left-1")).locator(".card-total")).to_have_text(
        "3H is a red three: count it under red threes, not here")
    page.locator("#left-1").fill("3")
    expect(page.locator(".cards-entry", has=page.locator("#left-1")).locator(".card-total")).to_have_text(
        "write each three with its suit: a black three (3S, 3C) counts here, a red three goes under red threes")
    page.locator("#melded-1").fill("3C")
    expect(page.locator(".cards-entry", has=page.locator("#melded-1")).locator(".card-total")).to_have_text(
        "3C is a black three: it is never laid down; count it under the cards left")
    page.locator("#left-1").fill("3C")  # counted where it belongs
    expect(page.locator(".cards-entry", has=page.locator("#left-1")).locator(".card-total")).to_have_text(
        "1 card: 5 points")

    # Hand 1 by the cards: Ann goes out with three books, Bob is caught with a king and a joker.
    fill_entry(page, 0, "1", "2", "0", True, melded="K K K K K K K Q Q Q Q Q Q Q A A 2 X 9 9 9")
    fill_entry(page, 1, "0", "1", "0", False, melded="4 4 4 4 4 4 2 K K K", left="K X")  # 80: past the 60
    expect(page.locator("#round-form .card-total").first).to_contain_text("21 cards: 280 points")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".next-line")).to_contain_text("Hand 2")
    assert totals(page) == ["490", "50"]
    expect(notes).to_contain_text("Hand 2 of 2: a first meld needs at least 90 points")
    expect(page.locator(".meld-helper .cards-entry")).to_have_attribute("data-min", "90")

    # Hand 2 refused: both marked as going out. What was typed stays.
    fill_entry(page, 0, "1", "2", "0", True, melded_points="200")
    fill_entry(page, 1, "1", "2", "1", True, melded_points="150", left_points="45")
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator(".error.banner")).to_contain_text("Only one player can go out in a hand")
    expect(page.locator("#melded_points-0")).to_have_value("200")
    expect(page.locator("#left_points-1")).to_have_value("45")
    expect(page.locator("#went_out-1")).to_be_checked()
    shot("hand-and-foot-2-refused")

    # Hand 2 by points: Bob did not go out after all.
    fill_entry(page, 1, "0", "0", "1", False)
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator(".result")).to_contain_text("Winner: Ann")
    assert totals(page) == ["900", "255"]
    assert page.locator("#rounds tbody tr").all_inner_texts()[1].split()[:3] == ["2", "410", "205"]
    expect(page.locator(".meld-helper")).to_have_count(0)
    shot("hand-and-foot-3-finished")


def test_hand_and_foot_partners_show_team_totals(page, start_game, shot):
    """With partners the teams lead (issue 38): each team's place and total first, its players under it; a losing
    team of two is 2nd, not "=3rd"; the "Enter hand 2" button never covers a team's total."""
    start_game("hand-and-foot", ["Ann", "Bob", "Cy", "Di"], {"partners": "y"})
    assert team_lines(page) == [["Ann", "&", "Cy", "0"], ["Bob", "&", "Di", "0"]]
    assert page.locator(".standings.teams > li").nth(0).locator(".members .name").all_inner_texts() == ["Ann", "Cy"]
    for seat, points in enumerate(["150", "60", "40", "0"]):  # Cy's 40 with Ann's 150: the team's first meld
        fill_entry(page, seat, "1" if seat == 0 else "0", "2" if seat == 0 else "0", "0", seat == 0,
                   melded_points=points, **({} if seat == 0 else {"left_points": "0"}))
    submit(page, page.get_by_role("button", name="Save hand 1"))
    assert totals(page) == ["360", "40", "60", "0"]  # each player's own, under the team
    assert team_lines(page) == [["1st", "★", "Ann", "&", "Cy", "400"], ["2nd", "Bob", "&", "Di", "60"]]
    expect(page.locator(".standings.teams > li.leader")).to_contain_text("Ann & Cy")
    bar = page.locator(".jump-bar")
    expect(bar).to_be_visible()
    for total in page.locator(".standings.teams > li > .total").all():
        t, b = total.bounding_box(), bar.bounding_box()
        assert t["y"] + t["height"] <= b["y"], (t, b)  # the button at the thumb leaves every team total in sight
    shot("hand-and-foot-4-partners")
    page.get_by_role("button", name="End the game now").click()
    expect(page.locator(".result")).to_contain_text("Winners: Ann and Cy")
    assert team_lines(page) == [["1st", "★", "Ann", "&", "Cy", "400"], ["2nd", "Bob", "&", "Di", "60"]]
    expect(page.locator(".standings .place", has_text="3rd")).to_have_count(0)
    shot("hand-and-foot-5-partners-ended")


def test_eight_partners_see_every_team_total_above_the_button(page, start_game):
    start_game("hand-and-foot", ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"], {"partners": "y"})
    for seat in range(8):
        fill_entry(page, seat, "1" if seat == 0 else "0", "2" if seat == 0 else "0", "0", seat == 0,
                   melded_points="150" if seat == 0 else "0", **({} if seat == 0 else {"left_points": "0"}))
    submit(page, page.get_by_role("button", name="Save hand 1"))
    assert [line[0] for line in team_lines(page)] == ["1st", "=2nd", "=2nd", "=2nd"]
    bar = page.locator(".jump-bar")
    for total in page.locator(".standings.teams > li > .total").all():
        t = total.bounding_box()
        assert t["y"] + t["height"] <= 844 and (not bar.is_visible() or t["y"] + t["height"] <= bar.bounding_box()["y"])
