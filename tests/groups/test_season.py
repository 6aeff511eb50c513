"""The season summary PDF, read back with pypdf: the leaderboard, records and games, in English and French; a
typical season on one page, a long one broken between games with the games' heading on each page."""
from __future__ import annotations

import io
import re

from pypdf import PdfReader

from tests.groups.conftest import bearer


def pages(answer) -> list[str]:
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/pdf"
    return [page.extract_text() for page in PdfReader(io.BytesIO(answer.data)).pages]


def season(client, play_golf, group, games: int) -> None:
    for n in range(games):
        players = ["Ann", "Bob", "Cy"][: 2 + n % 2]
        play_golf(group, players, [[(n + seat * 2) % 7 for seat in range(len(players))]])


def test_a_typical_season_prints_on_one_page_in_both_languages(client, make_group, play_golf):
    group = make_group()
    season(client, play_golf, group, 14)
    client.patch(f"/api/groups/{group['id']}/players/1", headers=bearer(group["token"]), json={"emoji": "🐢"})
    english = pages(client.get(f"/groups/{group['id']}/season.pdf?view={group['view'].rsplit('=', 1)[1]}"))
    assert len(english) == 1
    text = english[0]
    assert "Sunday Golf" in text and "14 finished games counted." in text
    for heading in ("Leaderboard", "Records", "Games", "Average place", "Places and totals"):
        assert heading in text, heading
    assert re.search(r"Ann 14 \d+ \d+%", text) and re.search(r"Cy 7 \d+ \d+%", text)
    assert "Golf: lowest score on one hole" in text
    assert len(re.findall(r"1\. (?:Ann|Bob|Cy) \d", text)) == 14  # one line a game, its winner first
    french = pages(client.get(f"/groups/{group['id']}/season.pdf?view={group['view'].rsplit('=', 1)[1]}",
                              headers={"Accept-Language": "fr"}))
    assert len(french) == 1
    for heading in ("Classement", "Records", "Parties", "Place moyenne", "14 parties terminées"):
        assert heading in french[0], heading
    assert re.search(r"Ann 14 \d+ \d+\u00a0%", french[0]) and "Imprimé le" in french[0]


def test_a_long_season_breaks_between_games_with_the_heading_again(client, make_group, play_golf):
    group = make_group()
    season(client, play_golf, group, 70)
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    printed = pages(client.get(f"/groups/{group['id']}/season.pdf"))
    assert len(printed) == 2
    assert all("Places and totals" in page for page in printed)  # the games' heading on each page
    lines = [len(re.findall(r"1\. (?:Ann|Bob|Cy) \d", page)) for page in printed]
    assert sum(lines) == 70 and all(lines)
    assert "1 / 2" in printed[0] and "2 / 2" in printed[1]
