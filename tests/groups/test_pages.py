"""The groups' phone pages without a browser: who sees what, the forms and their refusals, CSV and PDF."""
from __future__ import annotations

import csv
import io
import re

import pytest

from tests.groups.conftest import bearer
from tests.pdfs import pdf_words
from tests.sheets.test_sheets import pdf_text


def make_on_page(client, name="Sunday Golf", players=("Ann", "Bob", "Cy")):
    answer = client.post("/groups/new", data={"name": name, "players": list(players)})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    return answer.headers["Location"].rsplit("/", 1)[1]


def test_a_group_started_on_its_page_shows_its_players_and_links(client):
    gid = make_on_page(client)
    page = client.get(f"/groups/{gid}").get_data(as_text=True)
    assert "Sunday Golf" in page and "Ann" in page and "New game with this group" in page
    assert f"/groups/{gid}/join/" in page and "view=" in page
    assert client.get(f"/groups/{gid}/edit-qr.svg").data.startswith(b"<svg")
    assert client.get("/groups/").get_data(as_text=True).count("Sunday Golf") == 1


def test_a_refused_group_keeps_what_was_typed(client):
    answer = client.post("/groups/new", data={"name": "", "players": ["Ann", "ann"]})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and 'value="Ann"' in page and 'value="ann"' in page
    assert "already at the table" in page and 'aria-invalid="true"' in page


def test_a_stranger_sees_nothing_and_the_view_link_reads_only(app, client):
    gid = make_on_page(client)
    link = re.search(r'id="view-link" readonly value="([^"]+)"', client.get(f"/groups/{gid}").get_data(as_text=True))
    stranger = app.test_client()
    for path in (f"/groups/{gid}", f"/groups/{gid}/play", f"/groups/{gid}/history.csv", f"/groups/{gid}/season.pdf",
                 f"/groups/{gid}/edit-qr.svg", f"/groups/{gid}/join/wrong", f"/groups/{gid}/players/1"):
        assert stranger.get(path).status_code == 404, path
    viewer = app.test_client()
    page = viewer.get(link.group(1).replace("http://localhost", "").replace("&amp;", "&"))
    assert page.status_code == 200 and "New game with this group" not in page.get_data(as_text=True)
    assert viewer.get(f"/groups/{gid}").status_code == 200  # the key is kept in the session
    assert viewer.get(f"/groups/{gid}/play").status_code == 403
    assert viewer.post(f"/groups/{gid}/players", data={"name": "Eve"}).status_code == 403


def test_a_game_started_from_the_group_ticks_its_players_and_play_again_stays(client):
    gid = make_on_page(client)
    form = client.get(f"/groups/{gid}/play").get_data(as_text=True)
    assert form.count('name="players"') == 3
    assert "Ticked as they sat at the group's last game" not in form  # no last game: nobody ticked
    answer = client.post(f"/groups/{gid}/play", data={"game": "golf", "players": ["Cy", "Ann"], "newcomer": "Dee"})
    assert answer.status_code == 302
    game_id = answer.headers["Location"].rsplit("/", 1)[1]
    table = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Group: Sunday Golf" in table
    again = client.get(f"/groups/{gid}/play").get_data(as_text=True)
    ticked = re.findall(r'name="players" value="([^"]+)" checked', again)
    assert ticked == ["Cy", "Ann", "Dee"] and re.search(r'game=golf" aria-current="page"', again)
    assert "Ticked as they sat at the group's last game: untick anyone not playing tonight." in again  # said
    client.post(f"/games/{game_id}/finish")
    new = client.post(f"/games/{game_id}/again").headers["Location"].rsplit("/", 1)[1]
    assert "Group: Sunday Golf" in client.get(f"/games/{new}").get_data(as_text=True)
    assert client.get(f"/groups/{gid}").get_data(as_text=True).count(f"/games/{new}") == 1



def test_a_newcomer_refused_stays_in_its_own_box_not_a_ticked_row(client):
    """Ann ticked and "ann" typed as someone new: refused, with "ann" back in the newcomer's box, never a ticked
    row of a player the group does not have."""
    gid = make_on_page(client)
    answer = client.post(f"/groups/{gid}/play", data={"game": "golf", "players": ["Ann", "Bob"], "newcomer": "ann"})
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert re.findall(r'name="players" value="([^"]+)" checked', page) == ["Ann", "Bob"]
    assert 'value="ann"' not in page.split('id="newcomer"')[0]  # no row of its own
    assert re.search(r'id="newcomer"[^>]*value="ann"', page)


def test_a_second_phones_play_again_goes_to_the_game_already_started(app, client):
    gid = make_on_page(client)
    game_id = client.post(f"/groups/{gid}/play", data={"game": "golf", "players": ["Ann", "Bob"]}
                          ).headers["Location"].rsplit("/", 1)[1]
    phone = app.test_client()
    phone.get(group_edit_link(client, gid))
    phone.get(f"/groups/{gid}/games/{game_id}")
    client.post(f"/games/{game_id}/finish")
    first = client.post(f"/games/{game_id}/again").headers["Location"].rsplit("/", 1)[1]
    second = phone.post(f"/games/{game_id}/again")  # a tap on a page that had not heard yet
    assert second.headers["Location"] == f"/games/{game_id}/next"  # which hands on what this phone may do
    assert phone.get(second.headers["Location"]).headers["Location"] == f"/groups/{gid}/games/{first}"
    listed = client.get(f"/groups/{gid}").get_data(as_text=True)
    assert listed.count(f"/groups/{gid}/games/") == 2 and f"/games/{first}" in listed  # two games, not three


def test_play_again_from_only_a_games_edit_link_starts_outside_the_group(app, client):
    gid = make_on_page(client)
    answer = client.post(f"/groups/{gid}/play", data={"game": "golf", "players": ["Ann", "Bob"]})
    game_id = answer.headers["Location"].rsplit("/", 1)[1]
    token = client.get(f"/games/{game_id}").get_data(as_text=True).split(f"/games/{game_id}/edit/")[1].split('"')[0]
    phone = app.test_client()  # a second phone, given the game's edit link only
    phone.get(f"/games/{game_id}/edit/{token}")
    phone.post(f"/games/{game_id}/finish")
    answer = phone.post(f"/games/{game_id}/again", follow_redirects=True)
    new = answer.request.path.rsplit("/", 1)[1]
    assert "not in the group Sunday Golf" in answer.get_data(as_text=True)
    assert "Group: Sunday Golf" not in phone.get(f"/games/{new}").get_data(as_text=True)
    assert f"/games/{new}" not in client.get(f"/groups/{gid}").get_data(as_text=True)
    assert "The table plays again" not in client.get(f"/games/{game_id}").get_data(as_text=True)  # not out of it
    lost = phone.get(f"/games/{game_id}/group")  # its group's page needs the group's own link
    assert lost.status_code == 403 and "the group&#39;s own link" in lost.get_data(as_text=True)
    assert client.get(f"/games/{game_id}/group").headers["Location"] == f"/groups/{gid}"


def group_edit_link(client, gid: str) -> str:
    page = client.get(f"/groups/{gid}").get_data(as_text=True)
    return re.search(rf'value="http://localhost(/groups/{gid}/join/[^"]+)"', page).group(1)


def test_any_phone_with_the_groups_edit_link_goes_on_scoring_a_game_started_in_it(app, client):
    gid = make_on_page(client)
    answer = client.post(f"/groups/{gid}/play", data={"game": "golf", "players": ["Ann", "Bob"]})
    game_id = answer.headers["Location"].rsplit("/", 1)[1]
    phone = app.test_client()  # the phone that started the game has gone home; this one has the group's edit link
    phone.get(group_edit_link(client, gid))
    assert "To enter rounds, open its edit link" in phone.get(f"/games/{game_id}").get_data(as_text=True)
    listed = phone.get(f"/groups/{gid}").get_data(as_text=True)
    assert f'href="/groups/{gid}/games/{game_id}"' in listed
    assert phone.get(f"/groups/{gid}/games/{game_id}").headers["Location"].endswith(f"/games/{game_id}")
    assert phone.post(f"/games/{game_id}/rounds", data={"score-0": "3", "score-1": "5"}).status_code in (302, 303)
    state = phone.get(f"/api/games/{game_id}").get_json()
    assert [r["points"] for r in state["rounds"]] == [[3, 5]]
    again = phone.post(f"/games/{game_id}/again").headers["Location"].rsplit("/", 1)[1]  # still the group's
    other = app.test_client()
    other.get(group_edit_link(client, gid))
    other.get(f"/groups/{gid}/games/{again}")
    assert other.post(f"/games/{again}/rounds", data={"score-0": "2", "score-1": "4"}).status_code in (302, 303)
    assert other.post(f"/games/{again}/finish").status_code in (302, 303)
    assert other.get(f"/api/games/{again}").get_json()["status"] == "finished"


def test_a_game_started_in_a_group_through_the_api_opens_from_the_groups_edit_link(app, client, make_group):
    group = make_group()
    game = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                       json={"game": "golf", "players": ["Ann", "Bob"]}).get_json()
    assert client.post(f"/api/games/{game['id']}/finish", headers=bearer(game["token"])).status_code == 200
    phone = app.test_client()
    phone.get(f"/groups/{group['id']}/join/{group['token']}")
    phone.get(f"/groups/{group['id']}/games/{game['id']}")
    assert phone.post(f"/games/{game['id']}/resume").status_code in (302, 303)
    assert client.get(f"/api/games/{game['id']}").get_json()["status"] == "playing"


def test_the_groups_edit_link_opens_no_game_brought_in_with_its_own(app, client, make_group):
    group = make_group()
    game = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]}).get_json()
    client.put(f"/api/groups/{group['id']}/games/{game['id']}",
               headers={**bearer(group["token"]), "X-Game-Token": game["token"]})
    phone = app.test_client()
    phone.get(f"/groups/{group['id']}/join/{group['token']}")
    opened = phone.get(f"/groups/{group['id']}/games/{game['id']}", follow_redirects=True).get_data(as_text=True)
    assert "opens with its own edit link, not the group" in opened and "To enter rounds" in opened
    assert phone.post(f"/games/{game['id']}/finish").status_code == 403
    viewer = app.test_client()  # the view link opens nothing to change
    assert viewer.get(group["view"].replace("http://localhost", "")).status_code == 200
    assert viewer.get(f"/groups/{group['id']}/games/{game['id']}").status_code == 403
    assert phone.get(f"/groups/{group['id']}/games/nope").status_code == 404
    elsewhere = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]}).get_json()
    assert phone.get(f"/groups/{group['id']}/games/{elsewhere['id']}").status_code == 404


def test_deleting_a_groups_game_goes_back_to_the_group(client):
    gid = make_on_page(client)
    answer = client.post(f"/groups/{gid}/play", data={"game": "golf", "players": ["Ann", "Bob"]})
    game_id = answer.headers["Location"].rsplit("/", 1)[1]
    assert "also leaves its group" in client.get(f"/games/{game_id}/delete").get_data(as_text=True)
    deleted = client.post(f"/games/{game_id}/delete")
    assert deleted.status_code == 302 and deleted.headers["Location"] == f"/groups/{gid}"
    page = client.get(f"/groups/{gid}").get_data(as_text=True)
    assert "The game was deleted." in page and f"/games/{game_id}" not in page

def test_a_game_with_no_players_ticked_is_refused_on_the_page(client):
    gid = make_on_page(client)
    answer = client.post(f"/groups/{gid}/play", data={"game": "golf"})
    assert answer.status_code == 422 and "needs 2 to" in answer.get_data(as_text=True)


def test_keep_these_players_as_a_group_from_a_game(client, create_game):
    game = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob"})
    game_id = game.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Keep these players as a group" in page
    form = client.get(f"/groups/new?game={game_id}").get_data(as_text=True)
    assert 'value="Ann"' in form and 'value="Bob"' in form
    made = client.post("/groups/new", data={"name": "Cousins", "players": ["Ann", "Bob"], "game": game_id})
    gid = made.headers["Location"].rsplit("/", 1)[1]
    assert f"/games/{game_id}" in client.get(f"/groups/{gid}").get_data(as_text=True)
    assert "Group: Cousins" in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_players_are_renamed_coloured_and_merged_on_their_page(client, make_group, play_golf):
    group = make_group(players=("Ann", "Bob", "Robert"))
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    ids = {p["name"]: p["id"] for p in group["players"]}
    play_golf(group, ["Ann", "Bob"], [[1, 5]])
    page = client.get(f"/groups/{group['id']}/players/{ids['Ann']}").get_data(as_text=True)
    assert "<svg" in page and "Best and worst" in page
    client.post(f"/groups/{group['id']}/players/{ids['Ann']}", data={"name": "Annie", "colour": "#00ff00",
                                                                    "emoji": "🐢"})
    shown = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert "Annie" in shown and 'fill="#00ff00"' in shown and "🐢" in shown
    refused = client.post(f"/groups/{group['id']}/players/{ids['Ann']}", data={"name": "bob", "colour": "",
                                                                               "emoji": ""}, follow_redirects=True)
    assert "bob is already in this group, and played with Annie: give another name" in refused.get_data(as_text=True)
    refused = client.post(f"/groups/{group['id']}/players/{ids['Ann']}", data={"name": "robert", "colour": "",
                                                                               "emoji": ""}, follow_redirects=True)
    assert "robert is already in this group; merge the two instead" in refused.get_data(as_text=True)
    page = client.get(f"/groups/{group['id']}/players/{ids['Bob']}").get_data(as_text=True)
    assert 'data-confirm="Merge Bob into the player picked?' in page  # one tap never merges
    assert '<select id="into" name="into" required><option value="">Pick a player</option>' in page  # nobody picked
    offered = re.findall(r'<option value="(\d+)">([^<]+)</option>', page.split('id="into"')[1].split("</select>")[0])
    assert [name for _, name in offered] == ["Robert"]  # not Annie, who played with Bob: two people, never merged
    unpicked = client.post(f"/groups/{group['id']}/players/{ids['Bob']}/merge", data={"into": ""},
                           follow_redirects=True)
    assert unpicked.status_code == 200 and "Pick the player Bob is the same person as." in unpicked.get_data(as_text=True)
    merged = client.post(f"/groups/{group['id']}/players/{ids['Bob']}/merge", data={"into": ids["Robert"]})
    assert merged.headers["Location"].endswith(f"/players/{ids['Robert']}")
    assert "Bob" not in client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_data(as_text=True)


def test_a_refused_player_form_keeps_what_was_typed_with_the_reason_by_its_box(client, make_group):
    group = make_group(players=("Ann", "Bob"))
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    ids = {p["name"]: p["id"] for p in group["players"]}
    added = client.post(f"/groups/{group['id']}/players", data={"name": "ann"})
    page = added.get_data(as_text=True)
    assert added.status_code == 422 and 'value="ann"' in page
    assert '<p class="error" id="new-player-err">ann is already in this group</p>' in page
    renamed = client.post(f"/groups/{group['id']}/players/{ids['Ann']}", data={"name": "Zed", "colour": "red",
                                                                               "emoji": "🐢🐢"})
    page = renamed.get_data(as_text=True)
    assert renamed.status_code == 422 and 'value="Zed"' in page and 'value="red"' in page and 'value="🐢🐢"' in page
    assert '<p class="error" id="colour-err">a colour is written #rrggbb, like #1f77b4</p>' in page
    assert '<p class="error" id="emoji-err">an emoji is one symbol, like 🐢</p>' in page
    shown = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()
    assert [p["name"] for p in shown["players"]] == ["Ann", "Bob"]  # nothing saved, the name neither


def test_odd_numbers_and_dates_in_a_groups_addresses_are_not_errors(client, make_group, play_golf):
    group = make_group(players=("Ann", "Bob"))
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    play_golf(group, ["Ann", "Bob"], [[1, 5]])
    ids = {p["name"]: p["id"] for p in group["players"]}
    for query in ("page=%C2%B2", "page=%D9%A3", "period=dates&until=9999-12-31", "period=dates&since=0001-01-01"):
        assert client.get(f"/groups/{group['id']}?{query}").status_code == 200, query
    assert client.get(f"/groups/{group['id']}/season.pdf?period=dates&until=9999-12-31").status_code == 200
    for into in ("²", "٣", "9" * 40):  # no player's number: asked to pick one, nothing merged
        answer = client.post(f"/groups/{group['id']}/players/{ids['Bob']}/merge", data={"into": into})
        assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/players/{ids['Bob']}")
    shown = client.get(f"/api/groups/{group['id']}", headers=bearer(group["token"])).get_json()
    assert [p["name"] for p in shown["players"]] == ["Ann", "Bob"]


def test_the_history_is_a_csv_and_the_season_a_pdf(client, make_group, play_golf):
    group = make_group(players=("=Ann", "Bob"))
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    play_golf(group, ["=Ann", "Bob"], [[1, 5]])
    answer = client.get(f"/groups/{group['id']}/history.csv")
    assert answer.data.startswith(b"\xef\xbb\xbfdate,")  # a spreadsheet reads it as UTF-8
    rows = list(csv.reader(io.StringIO(answer.data.decode("utf-8-sig"))))
    assert rows[0] == ["date", "game", "game id", "seat", "player", "place", "total", "won"]
    assert [r[3:] for r in rows[1:]] == [["1", "'=Ann", "1", "1", "1"], ["2", "Bob", "2", "5", "0"]]
    assert rows[1][1] == "Golf"
    french = client.get(f"/groups/{group['id']}/history.csv", headers={"Accept-Language": "fr"})
    assert french.data.decode("utf-8-sig").startswith("date,jeu")
    named = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]), json={
        "game": "any", "players": ["=Ann", "Bob"], "options": {"name": "Five Crowns", "rounds": 1}}).get_json()
    client.post(f"/api/games/{named['id']}/rounds", json={"data": {"points": [3, 9]}}, headers=bearer(named["token"]))
    rows = list(csv.reader(io.StringIO(client.get(f"/groups/{group['id']}/history.csv").data.decode("utf-8-sig"))))
    assert rows[-1][1] == "Five Crowns"  # the name it was played under, not "any:high:Five Crowns"
    pdf = client.get(f"/groups/{group['id']}/season.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_the_page_filters_the_leaderboard_and_names_a_bad_date(client, make_group, play_golf):
    group = make_group()
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    play_golf(group, ["Ann", "Bob"], [[1, 5]])
    for period in ("all", "year", "month"):
        assert "1 finished game counted" in client.get(f"/groups/{group['id']}?period={period}").get_data(as_text=True)
    bad = client.get(f"/groups/{group['id']}?period=dates&since=2026-02-30").get_data(as_text=True)
    assert "YYYY-MM-DD" in bad and "1 finished game counted. The dates above cannot be used, so these figures are " \
        "for all time." in bad
    reversed_ = client.get(f"/groups/{group['id']}?period=dates&since=2026-12-01&until=2026-01-01&game=trash")
    shown = reversed_.get_data(as_text=True)
    assert "the last day comes before the first" in shown and "for all time" in shown
    assert "0 finished games counted" in shown  # the game chosen still counts: only the dates are set aside
    assert "0 finished games counted" in client.get(f"/groups/{group['id']}?game=trash").get_data(as_text=True)


def test_a_game_started_from_the_group_takes_a_preset_and_house_rules(client):
    gid = make_on_page(client)
    first = client.get(f"/groups/{gid}/play").get_data(as_text=True)  # no game yet: the first game's
    assert re.search(r'game=golf" aria-current="page"', first) and 'name="opt_holes"' in first
    form = client.get(f"/groups/{gid}/play?game=gin-rummy").get_data(as_text=True)
    assert 'value="classic"' in form and 'name="opt_gin_bonus"' in form and 'name="opt_holes"' not in form
    assert client.get(f"/groups/{gid}/play?game=nope").status_code == 404
    form = client.get(f"/groups/{gid}/play?game=golf").get_data(as_text=True)
    assert 'name="preset"' in form and 'value="six_card"' in form and 'name="opt_holes"' in form
    assert 'name="opt_first_dealer"' in form  # who deals first, among the players ticked
    answer = client.post(f"/groups/{gid}/play", data={"game": "golf", "players": ["Ann", "Bob"], "opt_first_dealer": "1",
                                                      "preset": "six_card", "shown_preset": "", "opt_holes": "3"})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    state = client.get(f"/api/games/{answer.headers['Location'].rsplit('/', 1)[1]}").get_json()
    assert state["preset"] == "six_card" and state["options"]["holes"] == 3 and state["options"]["layout"] == 6
    assert state["next"]["dealer"] == 1
    again = client.get(f"/groups/{gid}/play").get_data(as_text=True)
    assert 'name="opt_holes"' in again  # the last game's house rules are offered at once


def test_a_refused_house_rule_keeps_what_was_typed(client):
    gid = make_on_page(client)
    answer = client.post(f"/groups/{gid}/play", data={"game": "golf", "players": ["Ann", "Cy"], "opt_holes": "abc"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and 'value="abc"' in page and 'aria-invalid="true"' in page
    assert "The game was not started; see what is marked below." in page  # said at the top, where the page opens
    assert re.search(r'value="Cy" checked', page) and re.search(r'value="Ann" checked', page)
    french = client.post(f"/groups/{gid}/play", data={"game": "nope", "players": ["Ann"]},
                         headers={"Accept-Language": "fr"})
    assert french.status_code == 422 and "Choisissez un jeu." in french.get_data(as_text=True)


@pytest.mark.parametrize("days, dates", [((26, 26, 26), ["Nov 26, 2026"]), ((20, 23, 26), ["Nov 20, 2026", "Nov 26, 2026"])])
def test_a_players_form_chart_dates_its_first_and_last_games_once(app, days, dates):
    from datetime import datetime, timezone

    from scorekeeper.groups.chart import form_chart
    from scorekeeper.play.stats import FormPoint

    points = [FormPoint(f"g{d}", "golf", datetime(2026, 11, d, 20, tzinfo=timezone.utc), 2, 3, False, 10.0)
              for d in days]
    with app.test_request_context():
        svg = form_chart(points)
    axis = re.findall(r'<text [^>]*>([^<]*20\d\d)</text>', svg)
    assert [text.replace("\u00a0", " ") for text in axis] == dates  # the day once when every game fell on it


@pytest.mark.parametrize("value, language, said", [(2.25, "en", "2.3"), (1.75, "en", "1.8"), (2.0, "en", "2"),
                                                    (2.25, "fr", "2,3"), (-1.25, "en", "−1.3"), (2.24, "en", "2.2"),
                                                    (200 / 89, "en", "2.2")])  # once, not through 2.25
def test_a_figure_rounds_a_half_up_as_a_table_does(app, value, language, said):
    from scorekeeper.web.templating import number

    with app.test_request_context(headers={"Accept-Language": language}):
        assert number(value) == said


def test_a_game_ended_before_its_first_round_is_not_counted(client, make_group, play_golf):
    group = make_group(players=("Ann", "Bob"))
    play_golf(group, ["Ann", "Bob"], [[1, 5]])
    empty = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                        json={"game": "any", "players": ["Ann", "Bob"]}).get_json()
    assert client.post(f"/api/games/{empty['id']}/finish", headers=bearer(empty["token"])).status_code == 200
    stats = client.get(f"/api/groups/{group['id']}/stats", headers=bearer(group["token"])).get_json()
    assert stats["games"] == 1 and [p["wins"] for p in stats["players"]] == [1, 0]
    assert all(r["game"] != "any:high:Points" for r in stats["records"])


def test_the_season_of_any_games_lists_them(client, make_group):

    group = make_group(players=("Ann", "Bob"))
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    game = client.post(f"/api/groups/{group['id']}/games", headers=bearer(group["token"]),
                       json={"game": "any", "players": ["Ann", "Bob"], "options": {"name": "Hearts", "rounds": 1}}
                       ).get_json()
    client.post(f"/api/games/{game['id']}/rounds", json={"data": {"points": [3, 9]}}, headers=bearer(game["token"]))
    pdf = client.get(f"/groups/{group['id']}/season.pdf?game=any")
    text = pdf_words(pdf.data)
    assert "Hearts" in text and "No games yet" not in text


def test_win_rates_are_written_as_the_readers_language_writes_a_percentage(client, make_group, play_golf):
    group = make_group(players=("Ann", "Bob", "Cy"))
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    play_golf(group, ["Ann", "Bob"], [[1, 5]])
    for _ in range(7):  # Ann wins one game in eight: 12.5 % rounds up, as a table does
        play_golf(group, ["Ann", "Cy"], [[5, 1]])
    english = client.get(f"/groups/{group['id']}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "<td>13%</td>" in english and "<td>100%</td>" in english and "<td>0%</td>" in english
    french = client.get(f"/groups/{group['id']}?lang=fr", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "<td>13\u00a0%</td>" in french and "<td>100\u00a0%</td>" in french  # a no-break space before the sign


def test_a_record_reached_by_several_players_in_one_game_is_one_line(client, make_group, play_golf):
    """Ann, Bob and Cy all scored 0 on a hole of the same game: one record, held by the three, on the page and
    in the season summary, not the same line three times."""
    group = make_group(players=("Ann", "Bob", "Cy"))
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    play_golf(group, ["Ann", "Bob", "Cy"], [[0, 0, 0], [5, 7, 9]])
    page = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert page.count("Golf: lowest score on one hole") == 1
    assert "<span>0 · Ann, Bob, and Cy</span>" in page  # as the language lists names (Babel's English)
    _, text = pdf_text(client.get(f"/groups/{group['id']}/season.pdf"))
    assert text.count("lowest score on one hole") == 1 and "Ann, Bob, and Cy" in text


def test_a_groups_address_without_its_link_says_where_the_link_comes_from(client, app, make_group):
    """Not "no such game or page": a group is private to those given its link, and the page says so, the same
    for a group that does not exist (it tells nobody which groups do)."""
    group = make_group()
    stranger = app.test_client()
    for path in (f"/groups/{group['id']}", "/groups/NoSuchGroup12345"):
        answer = stranger.get(path)
        page = answer.get_data(as_text=True)
        assert answer.status_code == 404 and "this browser was never given its link" in page, path
    assert "There is no such game or page" in stranger.get("/games/NoSuchGame123456").get_data(as_text=True)
    assert stranger.get(f"/api/groups/{group['id']}").status_code in (401, 404)
