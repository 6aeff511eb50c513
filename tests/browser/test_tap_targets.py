"""Every tap target in sight is tapped where it is (Lighthouse's target-size, issue 38): the element at the centre of
each button, box, link and summary on the screen is that target itself, never a bar floating over it."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import submit

COVERED = """() => { const found = [];
  for (const t of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, label.chip')) {
    const r = t.getBoundingClientRect();
    if (!r.width || !r.height || !t.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true, opacityProperty: true})
        || getComputedStyle(t).pointerEvents === 'none') continue;  // not drawn, or not for a finger (a box behind chips)
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;  // not on the screen: nothing to tap
    const at = document.elementFromPoint(x, y);
    if (at && (t.contains(at) || at.contains(t) || (t.labels && Array.from(t.labels).some(l => l.contains(at))))) continue;
    found.push(t.outerHTML.slice(0, 70) + ' under ' + (at ? at.outerHTML.slice(0, 50) : 'nothing'));
  }
  return found; }"""


def scroll_through(page) -> list[str]:
    """Check every screen of the page, from the top down; return what was covered where."""
    covered = []
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, 300):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(120)  # the bar's observer has answered
        covered += [f"at {y}: {c}" for c in page.evaluate(COVERED)]
    return covered


@pytest.mark.parametrize("key, players", [("golf", ["Ann", "Bob"]), ("any", ["Ann", "Bob", "Cy"]),
                                          ("hand-and-foot", ["Ann", "Bob"])])
def test_nothing_floats_over_a_tap_target_on_the_scorers_page(page, start_game, key, players):
    start_game(key, players)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(150)
    assert page.evaluate(COVERED) == []  # the first screen, as Lighthouse opens it
    assert scroll_through(page) == []


def test_nothing_floats_over_a_tap_target_after_a_save(page, start_game):
    start_game("golf", ["Ann", "Bob"])
    page.locator("#score-0").fill("4")
    page.locator("#score-1").fill("6")
    submit(page, page.get_by_role("button", name="Save hole 1"))
    expect(page.locator(".next-line")).to_contain_text("Hole 2")
    page.wait_for_timeout(150)
    assert page.evaluate(COVERED) == []
    assert scroll_through(page) == []
