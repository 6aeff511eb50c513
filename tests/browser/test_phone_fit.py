"""What a small phone shows stays inside its boxes: nothing sticks out of a player's box, rows keep their parts together."""
from __future__ import annotations

from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import REGISTRY
from tests.browser.test_live_table import MANY, api

KEYS = list(REGISTRY)

# Every button, box and chip that lies outside the player's box (or the card) it belongs to.
STICKING_OUT = """() => { const out = [];
  for (const box of document.querySelectorAll('.seat-entry, .card')) { const b = box.getBoundingClientRect();
    for (const el of box.querySelectorAll('button, input, select, .chip span')) { const r = el.getBoundingClientRect();
      if (r.width && (r.right > b.right + 0.5 || r.left < b.left - 0.5)) out.push(el.outerHTML.slice(0, 60)); } }
  return out; }"""


def phone(browser, width, language: str = "en"):
    return browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True,
                               locale=language)


@contextmanager
def phone_page(browser, live_server, width: int, path: str, clipboard: bool = False, language: str = "en"):
    """Open ``path`` on a phone ``width`` pixels wide, in ``language`` (that lets the page use the clipboard, if
    asked); yield the page."""
    context = phone(browser, width, language)
    if clipboard:
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    try:
        page = context.new_page()
        page.goto(f"{live_server}{path}")
        yield page
    finally:
        context.close()


@pytest.mark.parametrize("width", [320, 360, 390])
def test_twelve_hands_steppers_stay_inside_their_boxes(browser, live_server, width):
    state = api(live_server, "/games", {"game": "trash-twelve-hands", "players": MANY[:10], "options": {}})
    with phone_page(browser, live_server, width, f"/games/{state['id']}/edit/{state['token']}") as page:
        page.locator(".stepper").first.wait_for()
        assert page.evaluate(STICKING_OUT) == []


@pytest.mark.parametrize("width", [360, 390])
def test_a_long_name_keeps_its_place_and_total_on_its_row(browser, live_server, width):
    state = api(live_server, "/games", {"game": "golf", "players": MANY[:5], "options": {}})
    api(live_server, f"/games/{state['id']}/rounds", {"data": {"players": [{"score": n} for n in (3, 5, 4, 9, 2)],
                                                               "knocker": None}}, token=state["token"])
    with phone_page(browser, live_server, width, f"/games/{state['id']}") as page:  # placed after hole 1
        row = page.locator(".standings li", has_text="Hohenzollern")
        place, name, total = (row.locator(part).bounding_box() for part in (".place", ".name", ".total"))
        for part in (place, total):  # beside the name, not on lines of their own above and below it
            assert name["y"] < part["y"] + part["height"] / 2 < name["y"] + name["height"]
        assert name["x"] + name["width"] <= total["x"]


@pytest.mark.parametrize("width", [360, 390])
def test_a_french_tie_and_a_dealers_badge_never_squeeze_a_name_out_of_sight(browser, live_server, width):
    state = api(live_server, "/games", {"game": "golf", "players": ["Ann", "Bob", "Cy"], "options": {"quarters": 4}})
    api(live_server, f"/games/{state['id']}/rounds", {"data": {"players": [{"score": 3}, {"score": 3}, {"score": 9}],
                                                               "knocker": None}}, token=state["token"])
    with phone_page(browser, live_server, width, f"/games/{state['id']}", language="fr") as page:
        page.locator(".standings .place.shared").first.wait_for()  # "1er ex æquo", beside ★, "distribue", 4 quarters
        names = page.evaluate("() => [...document.querySelectorAll('.standings .name')].map(n => "
                              "[n.textContent, n.scrollWidth <= n.clientWidth + 0.5, n.clientWidth])")
        assert all(whole and shown > 20 for _, whole, shown in names), names


def test_a_label_on_two_lines_keeps_the_boxes_level_and_table_rules_open_with_a_finger(page, live_server):
    state = api(live_server, "/games", {"game": "hand-and-foot", "players": MANY[:3], "options": {}})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    # "Cards left in hand and foot" takes two lines, "or points left" one: their boxes still sit side by side.
    cards, points = (page.locator(f"#{name}-0").bounding_box() for name in ("left", "left_points"))
    assert abs(cards["y"] - points["y"]) < 1
    assert page.locator(".table-rules summary").bounding_box()["height"] >= 40


def test_both_links_have_a_copy_button_that_says_it_copied(browser, live_server):
    state = api(live_server, "/games", {"game": "golf", "players": ["Ann", "Bob"], "options": {}})
    with phone_page(browser, live_server, 390, f"/games/{state['id']}/edit/{state['token']}", clipboard=True) as page:
        for link in ("view-link", "edit-link"):
            button = page.locator(f"[data-copy={link}]")
            button.click()
            page.wait_for_function("b => b.textContent === 'Copied'", arg=button.element_handle())
            assert page.evaluate("navigator.clipboard.readText()") == page.locator(f"#{link}").input_value()
        page.wait_for_function("() => [...document.querySelectorAll('[data-copy]')].every(b => b.textContent === 'Copy')",
                               timeout=4000)


def test_a_spectator_can_copy_the_view_link_to_pass_it_on(browser, live_server):
    state = api(live_server, "/games", {"game": "golf", "players": ["Ann", "Bob"], "options": {}})
    with phone_page(browser, live_server, 360, f"/games/{state['id']}", clipboard=True) as page:
        assert page.locator("#edit-link").count() == 0
        page.locator("[data-copy=view-link]").click()
        assert page.evaluate("navigator.clipboard.readText()") == f"{live_server}/games/{state['id']}"


def test_a_refused_card_box_keeps_level_with_its_points_box(page, live_server):
    state = api(live_server, "/games", {"game": "golf", "players": ["Ann", "Bob"], "options": {}})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    page.locator("#cards-0").fill("A 5 Z K")
    page.locator("#score-1").fill("12")
    with page.expect_navigation():
        page.get_by_role("button", name="Save hole 1").click()
    page.locator("#cards-0-err").wait_for()  # "Z is not a card" under the cards box
    cards, score = (page.locator(f"#{name}-0").bounding_box() for name in ("cards", "score"))
    assert abs(cards["y"] - score["y"]) < 1


def test_the_big_screen_draws_the_names_large(page, live_server):
    state = api(live_server, "/games", {"game": "golf", "players": ["Ann", "Bob"], "options": {}})
    size = "e => parseFloat(getComputedStyle(e).fontSize)"
    page.goto(f"{live_server}/games/{state['id']}")
    normal = page.locator(".standings .name").first.evaluate(size)
    page.goto(f"{live_server}/games/{state['id']}?big=1")
    big = page.locator(".standings .name").first.evaluate(size)
    assert big >= 1.5 * normal
    assert page.locator(".standings .total").first.evaluate(size) > big


def test_the_big_screen_on_a_wide_screen_shows_the_teams_and_the_rounds_without_scrolling(page, live_server):
    """A TV or a laptop at the club: the screen's width, the scoreboard beside the rounds, players in two columns,
    and the partners' totals (which decide the game) in sight."""
    state = api(live_server, "/games", {"game": "hand-and-foot", "players": ["Ann", "Bob", "Cat", "Dan"],
                                        "options": {"partners": True}})
    entry = {"clean_books": 0, "dirty_books": 0, "red_threes": 0, "went_out": False}
    api(live_server, f"/games/{state['id']}/rounds", {"data": {"players": [
        {**entry, "clean_books": 2, "dirty_books": 1, "melded_points": 250, "left_points": 0, "went_out": True},
        {**entry, "melded_points": 60, "left_points": 30}, {**entry, "melded_points": 90, "left_points": 10},
        {**entry, "melded_points": 0, "left_points": 45}]}}, state["token"])
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{live_server}/games/{state['id']}?big=1")
    expect(page.locator("header.top")).to_be_hidden()
    expect(page.get_by_text("Bob & Dan")).to_be_in_viewport(ratio=1)
    standings, rounds = page.locator("#standings").bounding_box(), page.locator("#rounds").bounding_box()
    assert rounds["x"] > standings["x"] + standings["width"] - 1 and rounds["y"] < standings["y"] + 50  # beside it
    places = page.locator(".standings > li").evaluate_all(
        "rows => rows.map(r => Math.round(r.getBoundingClientRect().left))")
    assert len(set(places)) == 2  # two columns of players
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: one column, as before
    expect(page.locator("header.top")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("width", [360, 390])
def test_a_trash_layout_of_ten_lies_on_one_line(browser, live_server, width):
    state = api(live_server, "/games", {"game": "trash", "players": ["Ann", "Bob"], "options": {}})
    with phone_page(browser, live_server, width, f"/games/{state['id']}") as page:
        page.evaluate("document.fonts.ready.then(() => true)")  # measured once the fonts are in, not before
        tops = page.locator(".standings li").first.locator(".slot").evaluate_all(
            "slots => slots.map(s => Math.round(s.getBoundingClientRect().top))")
        assert len(tops) == 10 and len(set(tops)) == 1


def test_two_card_hints_say_which_box_each_is_for(page, live_server):
    state = api(live_server, "/games", {"game": "hand-and-foot", "players": ["Ann", "Bob"], "options": {}})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    assert page.locator(".round-form > p.help:not(.card-key)").all_inner_texts() == [
        "Cards laid down, books too: like K K K 2 X",
        "Cards left in hand and foot: like 7 X 3C"]
    assert page.locator(".round-form > p.card-key").count() == 1  # one key to the letters for both boxes


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("width", [320, 360])
def test_the_header_is_one_line_on_a_small_phone(browser, live_server, width, language):
    with phone_page(browser, live_server, width, "/rules/", language=language) as page:
        brand, rules = page.locator(".brand").bounding_box(), page.locator(".top nav a").first.bounding_box()
        assert abs(brand["y"] - rules["y"]) < 1  # the links beside the name, not on a second line
        targets = page.locator(".top a, .top button").evaluate_all(
            "els => els.map(e => [e.textContent.trim(), e.getBoundingClientRect().width, e.getBoundingClientRect().height])")
        for text, w, h in targets:  # as big as on any phone: 48px tall, the two small buttons 36px wide
            assert h >= 40 and w >= 36, (text, w, h)


# Every box whose words (a placeholder, a select's chosen line) are wider than the room inside it.
CUT_OFF = """() => { const ctx = document.createElement('canvas').getContext('2d'); const out = [];
  for (const el of document.querySelectorAll('input[placeholder], select')) {
    if (!el.offsetParent) continue;
    const style = getComputedStyle(el); ctx.font = style.font;
    const text = el.tagName === 'SELECT' ? el.selectedOptions[0]?.text || '' : el.placeholder;
    const arrow = el.tagName === 'SELECT' ? 20 : 0;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    if (ctx.measureText(text).width > room) out.push(el.id + ': ' + text); }
  return out; }"""


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("width", [320, 360, 390])
def test_no_box_cuts_off_its_words_on_a_phone(browser, live_server, width, language):
    cut, wide = [], []
    paths = ["/rules/", *(f"/new/{key}" for key in KEYS), "/sheets/golf"]
    with phone_page(browser, live_server, width, paths[0], language=language) as page:  # one phone, every page
        for path in paths:
            if path != paths[0]:
                page.goto(f"{live_server}{path}")
            for summary in page.locator("details.options summary").all():
                summary.click()  # the house rules too
            cut += [f"{path} {box}" for box in page.evaluate(CUT_OFF)]
            wide += [path] if page.evaluate("document.documentElement.scrollWidth > window.innerWidth") else []
    assert cut == [], "\n".join(cut)
    assert wide == []


@pytest.mark.parametrize("key", ["golf", "hand-and-foot", "any"])
def test_a_forty_letter_name_with_no_space_never_widens_the_page(browser, live_server, key):
    """"Bartholomewmaximilianfeatherstonehaughsm" ran 120 px off a 390 px phone in the round form and the home list."""
    long = "Bartholomewmaximilianfeatherstonehaughsm"
    context = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/new/{key}")
        page.locator("#players-0").fill(long)
        page.locator("#players-1").fill("Bob")
        page.get_by_role("button", name="Start the game").click()
        page.wait_for_url("**/games/*")
        for path in (page.url, f"{live_server}/"):
            page.goto(path)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    finally:
        context.close()


def test_a_big_screen_of_twelve_shows_every_player_and_hole_without_scrolling(page, live_server):
    """A table of 12 on a 1280×720 screen across the room: the standings ran to 1,400 px and holes 13 and 14 were
    behind a sideways scroll nobody can use there."""
    names = [f"Player{n}" + (" Longname" if n % 3 == 0 else "") for n in range(12)]
    state = api(live_server, "/games", {"game": "golf", "players": names, "options": {"holes": 18}})
    for hole in range(14):
        api(live_server, f"/games/{state['id']}/rounds",
            {"data": {"players": [{"score": (hole + seat) % 15} for seat in range(12)]}}, state["token"])
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{live_server}/games/{state['id']}?big=1")
    for part in ("#standings", "#rounds"):
        box = page.locator(part).bounding_box()
        assert box["y"] + box["height"] <= 720, part
    assert page.locator("#rounds table").evaluate("t => t.parentElement.scrollWidth <= t.parentElement.clientWidth")
