"""The season summary PDF, read back (tests/pdfs.py): the leaderboard, records and games, in English and French;
a typical season on one page, a long one broken between games with the games' heading on each page."""
from __future__ import annotations

import re

from tests.groups.conftest import bearer
from tests.pdfs import pages_text


def pages(answer) -> list[str]:
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/pdf"
    return pages_text(answer.data)


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
    count = len(printed)
    assert count >= 2  # the head to head under the leaderboard (issue 38) takes a few lines of the first page
    assert all("Places and totals" in page for page in printed)  # the games' heading on each page
    lines = [len(re.findall(r"1\. (?:Ann|Bob|Cy) \d", page)) for page in printed]
    assert sum(lines) == 70 and all(lines)
    assert f"1 / {count}" in printed[0] and f"{count} / {count}" in printed[-1]


def test_the_season_ranks_level_wins_by_average_place_and_prints_head_to_head(client, make_group, play_golf):
    """Issue 38: Ann (1 win in 2, average place 2.0) no longer above Bob (1 win in 4, average 1.75) for her
    win rate alone; the head to head is on paper, as on the group's page."""
    group = make_group()
    for players, scores in ((["Ann", "Cy"], [1, 5]), (["Ann", "Bob", "Cy"], [9, 5, 1]), (["Bob", "Cy"], [1, 5]),
                            (["Bob", "Cy"], [5, 1]), (["Bob", "Cy"], [5, 1])):
        play_golf(group, players, [scores])
    stats = client.get(f"/api/groups/{group['id']}/stats", headers=bearer(group["token"])).get_json()
    assert [p["name"] for p in stats["players"]][:3] == ["Cy", "Bob", "Ann"]
    view = group["view"].rsplit("=", 1)[1]
    for lang, heading in (("en", "Head to head"), ("fr", "Face à face")):
        text = pages(client.get(f"/groups/{group['id']}/season.pdf?view={view}", headers={"Accept-Language": lang}))[0]
        board = text.split(heading)[0]
        assert board.index("Cy") < board.index("Bob") < board.index("Ann")
        cross = " ".join(text.split(heading)[1].split())
        assert "1 Cy — 3–1 1–1 2 Bob 1–3 — 1–0 3 Ann 1–1 0–1 —" in cross, cross
