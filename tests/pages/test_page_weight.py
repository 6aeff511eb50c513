"""The table page, with all its CSS, JS, icons and QR codes, weighs at most 60 KB compressed (issue 8)."""
from __future__ import annotations

import gzip
import re

LIMIT = 60 * 1024
LINKED = re.compile(r'(?:href|src)="(/[^"?]+\.(?:css|js|svg|png|webmanifest))(?:\?[^"]*)?"')  # with its ?v= hash


def test_the_table_page_weighs_at_most_60_kb_compressed(client, create_game):
    game = create_game("golf", ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
    client.get(f"/games/{game['id']}/edit/{game['token']}")
    page = client.get(f"/games/{game['id']}").get_data()
    assert b'id="round-form"' in page
    weights = {"page": len(gzip.compress(page, 9))}
    for path in set(LINKED.findall(page.decode())):
        answer = client.get(path)
        assert answer.status_code == 200, path
        weights[path] = len(gzip.compress(answer.get_data(), 9))
        answer.close()
    assert {"/static/js/entry.js", "/static/js/outbox.js", "/static/css/app.css"} <= set(weights)
    assert sum(weights.values()) <= LIMIT, weights
