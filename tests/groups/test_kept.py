"""A group's version moves on with every change to it or its games; its page and stats are kept per version, with
an ETag and a 304 while nothing changed; a change shows at once."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.live import cache
from scorekeeper.store.models import Group
from tests.groups.conftest import bearer


def version(app, group: dict) -> int:
    with app.app_context():
        return db.session.scalar(select(Group.version).where(Group.public_id == group["id"]))


def test_every_change_to_the_group_or_its_games_moves_its_version_on(app, client, make_group, play_golf):
    group = make_group()
    seen = [version(app, group)]
    auth = bearer(group["token"])
    game = play_golf(group, ["Ann", "Bob"], [[1, 2], [3, 4]], finish=False)  # starts, plays a hole
    seen.append(version(app, group))
    client.post(f"/api/games/{game['id']}/rounds", headers=bearer(game["token"]),
                json={"data": {"players": [{"score": 5}, {"score": 1}], "knocker": None}})  # it finishes
    seen.append(version(app, group))
    client.post(f"/api/groups/{group['id']}/players", headers=auth, json={"name": "Dee"})
    seen.append(version(app, group))
    client.patch(f"/api/groups/{group['id']}/players/1", headers=auth, json={"name": "Annie"})
    seen.append(version(app, group))
    client.patch(f"/api/groups/{group['id']}/players/1", headers=auth, json={"colour": "#000000", "emoji": "🐢"})
    seen.append(version(app, group))
    other = client.post("/api/games", json={"game": "golf", "players": ["Cy", "Eve"]}).get_json()
    client.put(f"/api/groups/{group['id']}/games/{other['id']}", headers={**auth, "X-Game-Token": other["token"]})
    seen.append(version(app, group))
    with app.app_context():  # however the app deletes a game, the group's list loses it
        from scorekeeper.play import services

        services.delete_game(services.load_game(other["id"]))
        db.session.commit()
    seen.append(version(app, group))
    assert seen == sorted(set(seen)) and len(seen) == 8, seen


def test_a_reader_gets_an_etag_and_a_304_until_a_game_of_the_group_changes(app, client, make_group, play_golf):
    group = make_group()
    play_golf(group, ["Ann", "Bob"], [[1, 2]])
    reader = app.test_client()
    reader.get(group["view"].replace("http://localhost", ""))  # the view key is kept in its session
    first = reader.get(f"/groups/{group['id']}")
    tag = first.headers["ETag"]
    assert first.status_code == 200 and "no-cache" in first.headers["Cache-Control"]
    again = reader.get(f"/groups/{group['id']}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    play_golf(group, ["Ann", "Bob", "Cy"], [[9, 1, 5]])  # Bob wins a second game
    fresh = reader.get(f"/groups/{group['id']}", headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != tag
    assert "2 finished games counted." in fresh.get_data(as_text=True)
    french = reader.get(f"/groups/{group['id']}", headers={"Accept-Language": "fr", "If-None-Match": fresh.headers["ETag"]})
    assert french.status_code == 200 and "parties terminées" in french.get_data(as_text=True)


def test_an_editors_page_is_kept_but_never_revalidated_and_shows_its_own_messages(client, make_group, play_golf):
    group = make_group()
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    page = client.get(f"/groups/{group['id']}")
    assert "ETag" not in page.headers and page.headers["Cache-Control"] == "no-store"
    assert client.get(f"/groups/{group['id']}").data == page.data  # kept: the same page
    answer = client.post(f"/groups/{group['id']}/players", data={"name": "Dee"}, follow_redirects=True)
    shown = answer.get_data(as_text=True)
    assert "Dee joined the group." in shown and "\x00" not in shown
    after = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert "Dee joined the group." not in after and "&nbsp;Dee</a>" in after


def test_an_editors_kept_page_carries_this_browsers_csrf_token(make_app, make_group):
    app = make_app(WTF_CSRF_ENABLED=True)
    maker = app.test_client()
    group = maker.post("/api/groups", json={"name": "Sunday Golf", "players": ["Ann", "Bob"]}).get_json()
    tokens, sizes = [], []
    for _ in range(2):
        editor = app.test_client()
        editor.get(f"/groups/{group['id']}/join/{group['token']}")
        page = editor.get(f"/groups/{group['id']}").get_data(as_text=True)
        sizes.append(cache.size())
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"', page)
        assert token and "\x00" not in page
        tokens.append(token.group(1) or token.group(2))
        assert tokens[-1] not in "".join(text for text in cache.held() if isinstance(text, str))  # never kept
        added = editor.post(f"/groups/{group['id']}/players", data={"name": f"P{len(tokens)}",
                                                                   "csrf_token": tokens[-1]})
        assert added.status_code == 302
    assert tokens[0] != tokens[1]


def test_a_group_page_is_kept_for_what_its_query_means_never_for_the_query_as_sent(app, make_group, play_golf):
    group = make_group()
    play_golf(group, ["Ann", "Bob"], [[1, 2]])
    reader = app.test_client()
    reader.get(group["view"].replace("http://localhost", ""))  # the view key is kept in its session
    first = reader.get(f"/groups/{group['id']}?period=all&game=golf")
    kept = cache.size()
    for query in ("?game=golf", "?game=golf&period=all&page=1", "?game=golf&utm_source=x&junk=%00",
                  "?page=nonsense&game=golf", "?game=golf&since=2020-01-01"):  # the same page, read the same way
        same = reader.get(f"/groups/{group['id']}{query}")
        assert same.headers["ETag"] == first.headers["ETag"] and same.get_data() == first.get_data(), query
        assert "utm_source" not in same.get_data(as_text=True)  # the language switch names the page, not the query
    assert cache.size() == kept
    month = reader.get(f"/groups/{group['id']}?period=month&game=golf")
    assert month.headers["ETag"] != first.headers["ETag"] and "period=month" in month.get_data(as_text=True)
    refused = reader.get(f"/groups/{group['id']}?period=dates&since=soon")  # shown as typed, to this request alone
    assert refused.status_code == 200 and 'value="soon"' in refused.get_data(as_text=True)
    assert "ETag" not in refused.headers and cache.size() == kept + 1  # only the month's page was added


def test_the_group_and_game_answers_share_one_etag_format(app, client, make_group, play_golf):
    group = make_group()
    game = play_golf(group, ["Ann", "Bob"], [[1, 2]])
    reader = app.test_client()
    reader.get(group["view"].replace("http://localhost", ""))
    tags = [reader.get(f"/groups/{group['id']}").headers["ETag"], client.get(f"/games/{game['id']}").headers["ETag"],
            client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).headers["ETag"]]
    for tag, public_id in zip(tags, (group["id"], game["id"], group["id"])):  # "<id>-<version>-<variant>-<release>"
        version, _, rest = tag.strip('"').removeprefix(f"{public_id}-").partition("-")
        variant, _, release = rest.rpartition("-")
        assert tag.startswith(f'"{public_id}-') and version.isdigit() and variant and release == cache.release(), tag


@pytest.mark.parametrize("path", ["/stats", "", "/stats?game=golf"])
def test_the_json_answers_carry_the_versions_etag(client, make_group, play_golf, path):
    group = make_group()
    play_golf(group, ["Ann", "Bob"], [[1, 2]])
    auth = bearer(group["token"])
    url = f"/api/groups/{group['id']}{path}"
    first = client.get(url, headers=auth)
    assert first.status_code == 200 and first.is_json
    assert client.get(url, headers={**auth, "If-None-Match": first.headers["ETag"]}).status_code == 304
    play_golf(group, ["Ann", "Bob"], [[5, 2]])
    second = client.get(url, headers={**auth, "If-None-Match": first.headers["ETag"]})
    assert second.status_code == 200 and second.get_json() != first.get_json()
    stranger = client.get(url, headers={"If-None-Match": second.headers["ETag"]})
    assert stranger.status_code == 404  # a tag opens nothing


def test_this_month_is_kept_for_the_dates_it_means(client, make_group, play_golf):
    group = make_group()
    play_golf(group, ["Ann", "Bob"], [[1, 2]])
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    page = client.get(f"/groups/{group['id']}?period=month").get_data(as_text=True)
    assert "1 finished game counted." in page


def test_a_spectator_sees_the_group_players_colours_and_emoji_in_the_rounds_and_chart(app, client, make_group,
                                                                                       play_golf):
    group = make_group()
    auth = bearer(group["token"])
    client.patch(f"/api/groups/{group['id']}/players/2", headers=auth, json={"colour": "#123456", "emoji": "🐢"})
    game = play_golf(group, ["Ann", "Bob"], [[1, 2], [3, 4], [5, 6]], finish=False)
    spectator = app.test_client().get(f"/games/{game['id']}").get_data(as_text=True)
    rounds = spectator[spectator.index('id="rounds"'):]
    head = rounds[:rounds.index("</thead>")]
    assert 'fill="#123456"' in head and "🐢" in head and 'fill="#1f77b4"' in head  # Bob's, and Ann's own
    chart = rounds[rounds.index('id="chart"'):]
    assert 'stroke="#123456"' in chart and "🐢 Bob" in chart
    client.patch(f"/api/groups/{group['id']}/players/2", headers=auth, json={"colour": "#654321", "emoji": ""})
    again = app.test_client().get(f"/games/{game['id']}").get_data(as_text=True)
    assert 'stroke="#654321"' in again and "🐢" not in again
