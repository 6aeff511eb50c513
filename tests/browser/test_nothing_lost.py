"""Nothing lost: an entry made without a connection is kept on the phone and sent once when it is back."""
from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, SHOTS, start_game_on

QUEUED = "What you entered is kept on this phone"


@pytest.fixture
def phone(browser):
    """A phone page of its own: going offline makes Chromium log failed loads, which are the point here."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield context, page
    context.close()
    assert not errors, errors


def start(page, live_server) -> str:
    return start_game_on(page, live_server, "golf", ["Ann", "Bob"]).split("#")[0]


def save_the_first_hole(page, ann: str, bob: str) -> None:
    """Type Ann's and Bob's scores for hole 1, save it and see hole 2 come up."""
    page.locator("#score-0").fill(ann)
    page.locator("#score-1").fill(bob)
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator(".next-line")).to_contain_text("Hole 2")


def correct_the_first_hole(page, live_server) -> tuple[str, str]:
    """Start a game, save hole 1 as 4 and 9, open its correction and type 5 for Ann.

    Return the table's address and the game's edit link."""
    url = start(page, live_server)
    save_the_first_hole(page, "4", "9")
    edit_link = page.locator("#edit-link").input_value()
    page.goto(f"{url}/rounds/1/edit")
    page.locator("#score-0").fill("5")
    return url, edit_link


def rounds_of(live_server: str, url: str) -> list[dict]:
    game_id = url.rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{live_server}/api/games/{game_id}") as answer:
        return json.load(answer)["rounds"]


def lose_the_first_answer(page, pattern: str, meanwhile=None) -> list[str]:
    """Let the first request to ``pattern`` reach the server, then drop its answer, as a bad network does (after
    ``meanwhile()``, if given); later ones go through. Return the addresses whose answer was dropped."""
    lost: list[str] = []

    def drop_the_answer(route):
        if lost:  # the retry goes through
            route.continue_()
            return
        route.fetch()  # reaches the server, which saves what was sent
        lost.append(route.request.url)
        if meanwhile:
            meanwhile()
        route.abort("internetdisconnected")

    page.route(pattern, drop_the_answer)
    return lost


def test_an_offline_entry_is_kept_and_sent_once_when_back(phone, live_server):
    context, page = phone
    url = start(page, live_server)
    page.locator("#score-0").fill("4")
    page.locator("#score-1").fill("9")
    context.set_offline(True)
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator(".outbox-note")).to_contain_text(QUEUED)
    expect(page.locator(".outbox-note")).to_contain_text("Saving again changes what is waiting")  # not the next hole
    expect(page.locator("#score-0")).to_have_value("4")  # still on the page, as typed
    assert len(page.evaluate("JSON.parse(localStorage.getItem('scorekeeper-outbox'))")) == 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "offline-1-kept.png"), full_page=True)
    assert rounds_of(live_server, url) == []
    context.set_offline(False)
    expect(page.locator(".next-line")).to_contain_text("Hole 2", timeout=10_000)
    expect(page.locator(".outbox-note")).to_be_hidden()
    assert [r["data"] for r in rounds_of(live_server, url)] == [{"players": [{"score": 4}, {"score": 9}]}]
    assert page.evaluate("localStorage.getItem('scorekeeper-outbox')") == "[]"


def test_an_answer_lost_on_the_way_back_is_retried_and_saved_once(phone, live_server):
    """The server saved the round but the phone never heard: the retry, with the same key, is answered as saved."""
    context, page = phone
    url = start(page, live_server)
    page.locator("#score-0").fill("6")
    page.locator("#score-1").fill("2")
    lost = lose_the_first_answer(page, "**/rounds")
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator(".next-line")).to_contain_text("Hole 2", timeout=10_000)
    assert lost and len(rounds_of(live_server, url)) == 1
    expect(page.locator(".flash")).to_have_count(0)  # answered as saved, not as a lost race


def test_a_score_changed_after_the_answer_was_lost_is_offered_not_taken_for_the_retry(phone, live_server):
    """The server saved the hole but the phone never heard; while the phone still shows the form, Bob's score is
    changed and Save tapped again: the same form, other figures. Not a silent "saved" (the change would be lost)
    and not a second hole: the hole's scores, beside what was typed, with the choice."""
    context, page = phone
    url = start(page, live_server)
    page.locator("#score-0").fill("6")
    page.locator("#score-1").fill("2")
    lose_the_first_answer(page, "**/rounds")
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator(".outbox-note")).to_contain_text(QUEUED)
    page.locator("#score-1").fill("8")
    page.get_by_role("button", name="Save hole 1").click()
    panel = page.locator(".round-form .race-panel")
    expect(panel).to_contain_text("Hole 1 was already saved from this form: \u2068Ann\u2069 6, \u2068Bob\u2069 2.", timeout=10_000)
    expect(panel.locator("[data-race-mine]")).to_contain_text("\u2068Bob\u2069: 8")
    assert [r["data"] for r in rounds_of(live_server, url)] == [{"players": [{"score": 6}, {"score": 2}]}]
    page.on("dialog", lambda dialog: dialog.accept())  # "Replace the saved round with what you typed?"
    with page.expect_navigation():
        panel.get_by_role("button", name="Replace it with mine").click()
    assert [r["data"] for r in rounds_of(live_server, url)] == [{"players": [{"score": 6}, {"score": 8}]}]


def test_a_kept_entry_is_sent_when_the_page_opens_again(phone, live_server):
    context, page = phone
    url = start(page, live_server)
    page.locator("#score-0").fill("3")
    page.locator("#score-1").fill("5")
    context.set_offline(True)
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator(".outbox-note")).to_be_visible()
    page.close()  # the phone closed the tab while offline
    context.set_offline(False)
    again = context.new_page()
    again.goto(url)
    expect(again.locator(".next-line")).to_contain_text("Hole 2", timeout=10_000)
    assert len(rounds_of(live_server, url)) == 1
    # this phone's own round, sent from the outbox: never "another phone saved the round you were typing here"
    expect(again.locator(".race-panel")).to_have_count(0)
    again.reload()
    expect(again.locator(".race-panel")).to_have_count(0)


def test_a_deleted_round_put_back_in_the_form_is_no_draft_of_this_phone(phone, live_server):
    """Deleted on purpose: its figures come back in the form once, and are not kept as typed here (a reload shows the
    blank form; another phone saving that round later is no race this phone lost)."""
    context, page = phone
    start(page, live_server)
    save_the_first_hole(page, "3", "5")
    page.on("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.get_by_role("button", name="Delete hole 1").click()
    expect(page.locator("#score-0")).to_have_value("3")  # put back once, to fix and save again
    page.reload()
    expect(page.locator("#score-0")).to_have_value("")
    expect(page.locator("[data-draft-note]")).to_be_hidden()
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('scorekeeper-draft:'))") == []


def test_a_deleted_round_put_back_stays_when_another_phone_saves(phone, browser, live_server):
    """Its figures, back in the form to fix, were reloaded away within seconds when another phone corrected an earlier
    round: the live view swaps the new scores in around them instead."""
    context, page = phone
    url = start(page, live_server)
    save_the_first_hole(page, "4", "9")
    edit_link = page.locator("#edit-link").input_value()
    page.locator("#score-0").fill("3")
    page.locator("#score-1").fill("5")
    page.get_by_role("button", name="Save hole 2").click()
    expect(page.locator(".next-line")).to_contain_text("Hole 3")
    page.on("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.get_by_role("button", name="Delete hole 2").click()
    expect(page.locator("#score-0")).to_have_value("3")
    other = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        second = other.new_page()
        second.goto(edit_link)
        second.goto(f"{url}/rounds/1/edit")
        second.locator("#score-0").fill("6")
        second.get_by_role("button", name="Save the correction").click()
        second.wait_for_url(f"{url}*")
    finally:
        other.close()
    expect(page.locator(".standings .total")).to_have_text(["6", "9"], timeout=10_000)  # swapped in, not reloaded
    expect(page.locator("#score-0")).to_have_value("3")
    expect(page.locator("#score-1")).to_have_value("5")


def test_a_refused_entry_is_shown_as_the_server_refused_it(phone, live_server):
    context, page = phone
    start(page, live_server)
    page.locator("#score-0").fill("400")
    page.locator("#score-1").fill("2")
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.locator(".refused")).to_be_visible()
    expect(page.locator("#score-0")).to_have_value("400")
    expect(page.locator(".has-error .error")).to_contain_text("no layout of 4 cards scores 400")


def test_an_offline_correction_is_kept_and_applied_once_when_back(phone, live_server):
    context, page = phone
    url, _edit_link = correct_the_first_hole(page, live_server)
    context.set_offline(True)
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".outbox-note")).to_contain_text("The correction is kept on this phone")
    expect(page.locator("#score-0")).to_have_value("5")  # still on the page, as typed
    assert len(page.evaluate("JSON.parse(localStorage.getItem('scorekeeper-outbox'))")) == 1
    page.screenshot(path=str(SHOTS / "offline-2-correction-kept.png"), full_page=True)
    assert [r["data"] for r in rounds_of(live_server, url)] == [{"players": [{"score": 4}, {"score": 9}]}]
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    context.set_offline(False)
    page.wait_for_url(url + "#corrected", timeout=10_000)  # back on the table page, at the corrected hole
    expect(page.locator("#corrected")).to_have_text("Hole 1 corrected; every total after it is worked out again.")
    expect(page.locator("#corrected")).to_be_in_viewport()
    expect(page.locator(".standings .total")).to_have_text(["5", "9"])
    assert [r["data"] for r in rounds_of(live_server, url)] == [{"players": [{"score": 5}, {"score": 9}]}]
    assert page.evaluate("localStorage.getItem('scorekeeper-outbox')") == "[]"
    page.wait_for_timeout(4500)  # the outbox's next retry would have come by now
    assert len(sent) == 1, sent


def test_a_correction_whose_answer_was_lost_is_not_applied_again(phone, live_server):
    """The server made the correction but the phone never heard: the retry does not undo a later one."""
    context, page = phone
    url, edit_link = correct_the_first_hole(page, live_server)

    def another_phone_corrects_it_again():  # with the game's edit link, while the answer is on its way
        other = context.browser.new_context(viewport=PHONE)
        other_page = other.new_page()
        other_page.goto(edit_link)
        other_page.goto(f"{url}/rounds/1/edit")
        other_page.locator("#score-0").fill("6")
        with other_page.expect_navigation():
            other_page.get_by_role("button", name="Save the correction").click()
        other.close()

    lost = lose_the_first_answer(page, "**/edit", another_phone_corrects_it_again)
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_url(url + "#corrected", timeout=10_000)
    assert lost
    assert [r["data"] for r in rounds_of(live_server, url)] == [{"players": [{"score": 6}, {"score": 9}]}]
    expect(page.locator(".standings .total")).to_have_text(["6", "9"])



# The answers to the page's own posts (outbox.js sends a round with fetch) come late, as on a slow network: the
# round is saved at once, its answer, and the page it opens, seconds later.
LATE_ANSWERS = """(() => { const send = window.fetch;
  window.fetch = (url, options) => (options && options.method === 'POST')
    ? send(url, options).then((answer) => new Promise((done) => setTimeout(() => done(answer), 4000)))
    : send(url, options); })();"""


def test_a_save_on_its_way_shows_nothing_to_tap_on_the_page_that_goes(phone, live_server):
    """Issue 38: the live poll showed the round saved (and its Undo, its Delete) on the page the save was about to
    replace; a tap there started nothing, as the page went from under it. The page waits for its own answer."""
    context, page = phone
    start(page, live_server)
    page.add_init_script(LATE_ANSWERS)
    page.reload()
    page.evaluate("window.thePageSaving = true")
    page.locator("#score-0").fill("3")
    page.locator("#score-1").fill("5")
    page.get_by_role("button", name="Save hole 1").click()
    page.wait_for_timeout(3000)  # a poll or more: it knows the hole is saved
    if page.evaluate("window.thePageSaving === true"):  # still the page that sent it
        expect(page.locator(".next-line")).to_contain_text("Hole 1")
        expect(page.get_by_role("button", name="Delete hole 1")).to_have_count(0)
    expect(page.locator(".next-line")).to_contain_text("Hole 2", timeout=10_000)
    assert page.evaluate("window.thePageSaving") is None  # shown by the new page
    page.on("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.get_by_role("button", name="Delete hole 1").click()
    expect(page.locator("#score-0")).to_have_value("3")


def test_a_delete_the_live_view_brings_asks_before_it_deletes(phone, browser, live_server):
    """The rounds swapped in by the live view (another phone saved one) keep their question: a Delete there asked
    nothing and deleted at once."""
    context, page = phone
    url = start(page, live_server)
    save_the_first_hole(page, "4", "9")
    edit_link = page.locator("#edit-link").input_value()
    page.locator("#score-0").fill("1")  # typed here: the live view swaps the new rounds in
    other = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        second = other.new_page()
        second.goto(edit_link)
        second.locator("#score-0").fill("2")
        second.locator("#score-1").fill("2")
        second.get_by_role("button", name="Save hole 2").click()
        second.wait_for_url(f"{url}*")
        expect(second.locator(".next-line")).to_contain_text("Hole 3")
    finally:
        other.close()
    delete = page.get_by_role("button", name="Delete hole 2")
    expect(delete).to_be_visible(timeout=10_000)  # swapped in, not reloaded
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    delete.click()
    page.wait_for_timeout(500)
    assert asked == ["Delete hole 2?"]
    assert len(rounds_of(live_server, url)) == 2  # a No keeps it
    expect(page.locator("#score-0")).to_have_value("1")


def test_the_live_view_never_reloads_under_a_tap(phone, browser, live_server):
    """A page with nothing typed reloads when another phone saves a round; never within a moment of a tap, which the
    reload would swallow (a tap on "Rules of Golf" that started no navigation), but at the next poll after it."""
    context, page = phone
    url = start(page, live_server)
    edit_link = page.locator("#edit-link").input_value()
    page.evaluate("""() => { window.stillHere = true;
      window.tapping = setInterval(() => document.body.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true})), 300); }""")
    other = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        second = other.new_page()
        second.goto(edit_link)
        second.locator("#score-0").fill("2")
        second.locator("#score-1").fill("2")
        second.get_by_role("button", name="Save hole 1").click()
        second.wait_for_url(f"{url}*")
    finally:
        other.close()
    page.wait_for_timeout(5500)  # two polls at least, each a moment after a tap
    assert page.evaluate("window.stillHere") is True
    page.evaluate("clearInterval(window.tapping)")
    expect(page.locator(".next-line")).to_contain_text("Hole 2", timeout=10_000)  # reloaded once the taps stop
    assert page.evaluate("window.stillHere") is None
