"""Ten players with long names on a 360 px phone (issue 20): every total readable without scrolling sideways,
names broken at their spaces or shortened, never cut in the middle of a word, on the big screen too."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import submit
from tests.browser.test_accessibility import api

NAMES = ["Alexandrina", "Bartholomew Smith", "Cy", "Dorothea-Louise", "Ed", "Maximilian von Habsburg", "Gwendolyn",
         "Hy", "Ignatius", "Jo"]

# Words of an element's text that the browser laid out over two lines (a word cut in two).
CUT_WORDS = """e => {
  const cut = [];
  const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const re = /[^\\s-]+/g; let m;  // a hyphen is a place to break, as a space is
    while ((m = re.exec(node.textContent))) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) cut.push(m[0]);
    }
  }
  return cut;
}"""


@pytest.fixture
def ten(page, live_server):
    """Three holes of a ten-player golf game (sent as the API's phones send them: entering a hole on the page is
    tested elsewhere), open on a 360 px phone that holds the edit link; return the game's address."""
    state = api(live_server, "/games", {"game": "golf", "players": NAMES, "options": {}})
    for hole in (1, 2, 3):
        scores = [{"score": (seat * 7 + hole * 3) % 25} for seat in range(10)]
        api(live_server, f"/games/{state['id']}/rounds", {"data": {"players": scores, "knocker": None}}, state["token"])
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    return f"{live_server}/games/{state['id']}"


def check_readable(page) -> None:
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    rows = page.locator("#rounds tbody tr")
    expect(rows).to_have_count(10)
    for i in range(10):
        total = rows.nth(i).locator("td.sum")
        box = total.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, (i, box)  # seen without scrolling
        assert total.inner_text().strip().isdigit()
    for name in page.locator("#rounds th.who, .standings .name").all():
        assert name.evaluate(CUT_WORDS) == [], name.inner_text()


def test_ten_players_every_total_readable_at_360(page, ten, shot):
    check_readable(page)
    # the rounds scroll beside the names and totals, which stay
    page.locator("#rounds .grid-wrap").evaluate("w => { w.scrollLeft = 1000; }")
    check_readable(page)
    shot("ten-players-360")


def test_ten_players_on_the_big_screen(page, ten, shot):
    page.goto(ten + "?big=1")
    check_readable(page)
    shot("ten-players-big-360")


def test_ten_players_in_the_live_view(page, ten, browser):
    watcher_context = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True)
    watcher = watcher_context.new_page()
    watcher.goto(ten)
    for seat in range(10):
        page.locator(f"#score-{seat}").fill("1")
    submit(page, page.get_by_role("button", name="Save hole 4"))
    expect(watcher.locator("#rounds thead th")).to_have_count(2 + 4, timeout=10_000)  # name, Σ, 4 holes
    check_readable(watcher)
    watcher_context.close()
