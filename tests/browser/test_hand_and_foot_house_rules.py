"""Hand & Foot with the house rules as tables play them, on a phone: a book of sevens at 1500, red threes left
and black threes at 300, and a going out refused on Went out until the books are there."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import name_players, submit


def test_a_hand_with_a_book_of_sevens_on_a_phone(page, start_game, shot):
    start_game("hand-and-foot", ["Ann", "Bob"], {"seven_book": "1500", "red_three_left": "100",
                                                 "black_three_left": "300"})
    expect(page.locator("#seven_books-0")).to_be_attached()
    expect(page.locator("#red_threes_left-1")).to_be_attached()
    expect(page.locator("#wild_books-0")).to_have_count(0)  # wild books are not scored apart at this table
    assert page.locator("#seven_books-0").get_attribute("inputmode") == "numeric"

    # Ann goes out on a book of sevens (her clean book) and one dirty book: three books are needed.
    page.locator("#seven_books-0").fill("1")
    page.locator("#dirty_books-0").fill("1")
    page.locator("#went_out-0").set_checked(True)
    page.locator("#melded-0").fill("7 7 7 7 7 7 7 K K K K K K 2 Q Q Q Q Q Q X")
    page.locator("#red_threes-1").fill("1")
    page.locator("#red_threes_left-1").fill("1")
    page.locator("#left-1").fill("3S K")
    expect(page.locator(".cards-entry", has=page.locator("#left-1")).locator(".card-total")).to_have_text(
        "2 cards: 310 points")  # the black three at the table's 300
    submit(page, page.get_by_role("button", name="Save hand 1"))
    expect(page.locator("#went_out-0-err")).to_contain_text(
        "Ann went out, which needs a clean book and three books in all; Ann made a dirty book and a book of sevens")
    expect(page.locator("#seven_books-0")).to_have_value("1")
    expect(page.locator("#left-1")).to_have_value("3S K")
    shot("hand-and-foot-sevens-1-refused")

    # The second dirty book was there all along: 7s 35, K 60 + 2 20, Q 60 + X 50 = 225 laid down.
    page.locator("#dirty_books-0").fill("2")
    submit(page, page.get_by_role("button", name="Save hand 1"))
    expect(page.locator(".next-line")).to_contain_text("Hand 2")
    # Ann 1500 + 2 × 30 + 100 + 225 = 1885; Bob 100 − 100 − (300 + 10) = −310
    assert page.locator(".standings .total").all_inner_texts() == ["1885", "−310"]
    rules = page.locator("#rules-now .rules-now-body")
    expect(rules).to_contain_text("A book of sevens scores 1,500")
    expect(rules).to_contain_text("A red three left in hand or foot costs 100")
    shot("hand-and-foot-sevens-2-saved")


def test_the_pad_of_the_points_laid_down_opens_in_sight(page, start_game):
    """The number pad sits after a player's boxes: a tap on "or points laid down", higher up, brings it into view
    (it opened below the fold, and the tap seemed to do nothing)."""
    start_game("hand-and-foot", ["Ann", "Bob"], {"seven_book": "1500", "red_three_left": "100"})
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("#melded_points-0")
    box.scroll_into_view_if_needed()
    box.click()
    pad = page.locator(".seat-entry", has=box).locator(".pad.number-pad, .pad").first
    expect(pad).to_be_visible()
    page.wait_for_timeout(300)
    top, bottom, height = page.evaluate("""(el) => { const r = el.getBoundingClientRect();
        return [r.top, r.bottom, window.innerHeight]; }""", pad.element_handle())
    assert top >= 0 and bottom <= height + 1, (top, bottom, height)


def test_the_books_needed_to_go_out_and_their_boxes_keep_in_step(page, live_server):
    """Choosing the books needed to go out fills the boxes by kind; boxes typed to one of the choices choose it, and
    boxes no choice has leave none chosen: the table's own books, started as typed (they were refused as two rules
    that disagree)."""
    import httpx

    page.goto(f"{live_server}/new/hand-and-foot")
    name_players(page, ["Ann", "Bob"])
    page.locator("details.options summary").click()
    usual, house = (page.locator(f"input[name=opt_going_out_books][value={v}]")
                    for v in ("one_clean_three_books", "one_clean_two_dirty"))
    boxes = {kind: page.locator(f"#opt_going_out_needs-{kind}") for kind in ("clean", "dirty", "any", "seven", "wild")}
    page.locator("label.chip", has=house).click()
    assert [boxes[k].input_value() for k in ("clean", "dirty", "any")] == ["1", "2", "0"]
    boxes["dirty"].fill("0")
    boxes["any"].fill("3")
    expect(usual).to_be_checked()  # the boxes say the usual rule again
    boxes["clean"].fill("2")
    expect(usual).not_to_be_checked()
    expect(house).not_to_be_checked()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    game = httpx.get(f"{live_server}/api/games/{page.url.rstrip('/').split('/')[-1]}").json()
    assert game["options"]["going_out_books"] is None
    assert game["options"]["going_out_needs"] == {"clean": 2, "any": 3}
