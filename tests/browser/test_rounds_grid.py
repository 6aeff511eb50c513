"""The rounds grid on a 360 px phone (issue 38): no score is ever half under a pinned column (the names and Σ at the
left, ✎ at the right) or half cut off by the grid's edge, whatever the number of players, where the grid rests."""
from __future__ import annotations

from scorekeeper.rules import REGISTRY
from tests.browser.test_accessibility import api

NAMES = ["Alexandrina Featherstone", "Bartholomew Smith", "Constantine", "Dorothea-Louise", "Evangeline Moss",
         "Maximilian von Habsburg", "Gwendolyn", "Hyacinth Bucket", "Ignatius", "Josephine Baker", "Kunigunde",
         "Leopoldine Sophie", "Montgomery", "Nepomuk Ferdinand", "Ottoline", "Peregrine Took", "Quentin", "Rosalind",
         "Sebastian Ferdinand", "Theodora"]

# Every cell of the grid that is partly in sight: partly under a pinned cell of its row, or partly out of the grid's box.
# A score partly in sight reads as another number ("137" as "ı37"). A cell wholly under the pinned ones, or wholly out
# of the box, is fine: it is a swipe away.
HALF_SEEN = """wrap => { const found = []; const box = wrap.getBoundingClientRect();
  for (const row of wrap.querySelector('table').rows) {
    const cells = Array.from(row.cells);
    const pinned = cells.filter(c => getComputedStyle(c).position === 'sticky').map(c => c.getBoundingClientRect());
    for (const cell of cells) {
      if (getComputedStyle(cell).position === 'sticky') continue;
      const r = cell.getBoundingClientRect();
      const from = Math.max(r.left, box.left), to = Math.min(r.right, box.right);
      let seen = Math.max(0, to - from);
      for (const p of pinned) seen -= Math.max(0, Math.min(to, p.right) - Math.max(from, p.left));
      if (seen > 0.5 && seen < r.width - 0.5) found.push([cell.textContent.trim(), Math.round(seen), Math.round(r.width)]);
    }
  }
  return found; }"""


def check_every_cell_whole(page, where: str) -> None:
    wrap = page.locator("#rounds .grid-wrap")
    assert wrap.evaluate(HALF_SEEN) == [], where
    # swiped to anywhere, the grid comes to rest with whole cells in sight
    width = wrap.evaluate("w => w.scrollWidth - w.clientWidth")
    for to in (0, width // 3 + 7, width):
        wrap.evaluate("(w, to) => { w.scrollLeft = to; }", to)
        page.wait_for_timeout(150)  # the snap settles
        assert wrap.evaluate(HALF_SEEN) == [], (where, to)


def test_every_score_reads_whole_at_every_player_count(page, live_server, shot):
    page.set_viewport_size({"width": 360, "height": 780})
    spec = REGISTRY["any"].spec
    for n in range(spec.min_players, spec.max_players + 1):
        state = api(live_server, "/games", {"game": "any", "players": NAMES[:n],
                                            "options": {"name": "Hearts", "wins": "high"}})
        for r in range(3):  # 3-digit scores, 4-digit totals
            points = [100 + (seat * 37 + r * 137) % 800 for seat in range(n)]
            api(live_server, f"/games/{state['id']}/rounds", {"data": {"points": points}}, state["token"])
        page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
        check_every_cell_whole(page, f"{n} players")
        if n in (5, 10):
            page.locator("#rounds .grid-wrap").evaluate("w => { w.scrollLeft = w.scrollWidth; }")
            shot(f"rounds-grid-{n}-players-360")
