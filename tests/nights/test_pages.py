"""The club night's pages: starting a night from a group's page, the director's page and its forms (a sitting, late
arrivals, leavers, a swap, finishing), the room screen and its poll, and who may see and change what."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.groups.conftest import bearer
from tests.nights.conftest import gin_hand, hand

TWELVE = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]


@pytest.fixture
def director(client, group):
    """The group's phone: its edit link opened in this browser."""
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    return client


def start_night(client, group, players=TWELVE, expect=302, **form):
    """Post the new-night form of the group's page."""
    data = {"game": "hand-and-foot", "players": [p for p in players if p in ("Ann", "Bob")],
            "newcomers": "\n".join(p for p in players if p not in ("Ann", "Bob")), "table_size": "4",
            "sittings": "3", "movement": "rotate", "rank_by": "points", "opt_partners": "y", "opt_rounds": "1",
            **form}
    answer = client.post(f"/groups/{group['id']}/nights/new", data=data)
    assert answer.status_code == expect, answer.get_data(as_text=True)[:2000]
    return answer


def night_id(answer) -> str:
    return answer.headers["Location"].rsplit("/", 1)[1]


def api_night(client, group, nid) -> dict:
    return client.get(f"/api/nights/{nid}", headers=bearer(group["token"])).get_json()


def test_the_group_page_offers_a_club_night_to_its_editor_only(director, client, group, app):
    page = director.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert f"/groups/{group['id']}/nights/new" in page and "Start a club night" in page
    form = director.get(f"/groups/{group['id']}/nights/new").get_data(as_text=True)
    assert 'name="table_size"' in form and 'inputmode="numeric"' in form and 'name="movement"' in form
    reader = app.test_client()
    view = view_key(group)
    assert "Start a club night" not in reader.get(f"/groups/{group['id']}?view={view}").get_data(as_text=True)
    assert reader.get(f"/groups/{group['id']}/nights/new").status_code == 403  # the view key, kept
    assert app.test_client().get(f"/groups/{group['id']}/nights/new").status_code == 404


def view_key(group) -> str:
    """Return the group's view key (the API answers with its view link)."""
    return parse_qs(urlsplit(group["view"]).query)["view"][0]


def test_a_director_seats_twelve_at_three_tables(director, group):
    nid = night_id(start_night(director, group))
    page = director.get(f"/nights/{nid}").get_data(as_text=True)
    assert "No sitting yet" in page and page.count("Table ") >= 3  # the first seating, to check
    answer = director.post(f"/nights/{nid}/sittings")
    assert answer.status_code == 302
    page = director.get(f"/nights/{nid}").get_data(as_text=True)
    assert "Sitting 1 of 3" in page
    night = api_night(director, group, nid)
    tables = night["seatings"][0]["tables"]
    assert len(tables) == 3 and all(len(t["players"]) == 4 for t in tables)
    for t in tables:  # each table's link and QR
        assert f"/games/{t['game']}/edit/" in page
        qr = director.get(f"/nights/{nid}/tables/{t['game']}-qr.svg")
        assert qr.status_code == 200 and qr.content_type == "image/svg+xml"
    ann = next(p for p in night["players"] if p["name"] == "Ann")
    assert "Ann" in page and 'name="leave"' in page and f'value="{ann["id"]}"' in page


def test_the_next_sitting_waits_for_every_table_naming_those_still_playing(director, group, play_table):
    nid = night_id(start_night(director, group))
    director.post(f"/nights/{nid}/sittings")
    night = api_night(director, group, nid)
    tables = night["seatings"][0]["tables"]
    token_of = {t["game"]: t["token"] for t in tables}
    play_table({"game": tables[0]["game"], "token": token_of[tables[0]["game"]]}, hand(4, 0))
    answer = director.post(f"/nights/{nid}/sittings")
    assert answer.status_code == 409
    text = answer.get_data(as_text=True)
    assert "tables 2 and 3 are still playing" in text and "Start sitting 2" in text
    for t in tables[1:]:
        play_table({"game": t["game"], "token": token_of[t["game"]]}, hand(4, 1))
    page = director.get(f"/nights/{nid}").get_data(as_text=True)
    assert "Check the seating before it starts" in page  # the next seating, shown once every table finished
    assert director.post(f"/nights/{nid}/sittings").status_code == 302
    assert len(api_night(director, group, nid)["seatings"]) == 2


def test_a_refused_night_keeps_what_was_typed_and_names_the_field(director, group):
    answer = start_night(director, group, expect=422, table_size="5", sittings="abc", name="Club <b>night</b>")
    text = answer.get_data(as_text=True)
    assert "The night was not started" in text
    assert 'id="table_size-err"' in text and 'id="sittings-err"' in text
    assert 'value="5"' in text and 'value="abc"' in text and "Club &lt;b&gt;night&lt;/b&gt;" in text
    assert "Lou" in text  # the newcomers typed, kept
    assert 'aria-invalid="true"' in text and ">None<" not in text


def test_too_few_players_are_named_on_the_players(director, group):
    answer = start_night(director, group, players=["Ann", "Bob", "Cy"], expect=422)
    assert 'id="players-err"' in answer.get_data(as_text=True)


def test_late_arrival_leaver_and_back(director, group):
    nid = night_id(start_night(director, group))
    assert director.post(f"/nights/{nid}/players", data={"add": "Zoé"}).status_code == 302
    night = api_night(director, group, nid)
    zoe = next(p for p in night["players"] if p["name"] == "Zoé")
    assert director.post(f"/nights/{nid}/players", data={"leave": str(zoe["id"])}).status_code == 302
    page = director.get(f"/nights/{nid}").get_data(as_text=True)
    assert "(gone)" in page and 'name="back"' in page
    refused = director.post(f"/nights/{nid}/players", data={"add": "Ann"})
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    assert 'id="add-err"' in text and "Ann is at this night already" in text and 'value="Ann"' in text
    assert director.post(f"/nights/{nid}/players", data={"back": str(zoe["id"])}).status_code == 302
    assert all(p["present"] for p in api_night(director, group, nid)["players"])


def test_a_swap_before_the_first_round_and_not_after(director, group, play_table):
    nid = night_id(start_night(director, group))
    director.post(f"/nights/{nid}/sittings")
    night = api_night(director, group, nid)
    one, two = night["seatings"][0]["tables"][0], night["seatings"][0]["tables"][1]
    a, b = one["players"][0], two["players"][0]
    swapped = director.post(f"/nights/{nid}/swap", data={"one": str(a), "other": str(b)}, follow_redirects=True)
    named = {p["id"]: p["name"] for p in night["players"]}
    form = swapped.get_data(as_text=True).split('id="swap"')[1].split("</form>")[0]
    assert f"{named[a]} and {named[b]} swapped seats." in form  # said by the form, which the page opens on
    after = api_night(director, group, nid)["seatings"][0]["tables"]
    assert after[0]["players"][0] == b and after[1]["players"][0] == a
    refused = director.post(f"/nights/{nid}/swap", data={"one": str(a), "other": ""})
    assert refused.status_code == 422 and 'id="swap-err"' in refused.get_data(as_text=True)
    play_table({"game": one["game"], "token": one["token"]}, hand(4, 0))
    late = director.post(f"/nights/{nid}/swap", data={"one": str(a), "other": str(b)})
    assert late.status_code == 409 and "a round was saved at table 1" in late.get_data(as_text=True)


def test_the_directors_page_says_the_house_rules_the_tables_play_by(director, group):
    kept = director.put(f"/api/groups/{group['id']}/rules/hand-and-foot", headers=bearer(group["token"]),
                        json={"preset": "classic", "options": {"going_out": 200}})
    assert kept.status_code == 200, kept.get_json()
    nid = night_id(start_night(director, group, **{"preset": "classic", "shown_preset": "classic",
                                                   "opt_going_out": "200", "opt_red_three": "150"}))
    page = director.get(f"/nights/{nid}").get_data(as_text=True)
    rules = page.split('class="night-rules"')[1].split("</p>")[0]
    # the group page's words: the preset, then each rule set
    assert "House rules" in rules and "The common scoring" in rules
    assert "Points for going out: 200" in rules and "Points per red three: 150" in rules
    assert "Play in partnerships: yes" in rules
    house = director.post(f"/api/groups/{group['id']}/nights", headers=bearer(group["token"]), json={
        "game": "hand-and-foot", "players": TWELVE[:4], "sittings": 1, "movement": "rotate", "preset": "house",
        "options": {"going_out_books": "one_clean_two_dirty", "going_out": 200}}).get_json()
    rules = director.get(f"/nights/{house['id']}").get_data(as_text=True).split('class="night-rules"')[1]
    assert "Books needed to go out" not in rules.split("</p>")[0]  # the preset says it: not said again
    usual = night_id(start_night(director, group, opt_partners="", opt_rounds="4"))
    assert "the usual rules" in director.get(f"/nights/{usual}").get_data(as_text=True).split(
        'class="night-rules"')[1].split("</p>")[0]


def test_finishing_the_night(director, group):
    nid = night_id(start_night(director, group))
    director.post(f"/nights/{nid}/sittings")
    assert director.post(f"/nights/{nid}/finish").status_code == 302
    page = director.get(f"/nights/{nid}").get_data(as_text=True)
    assert "The night is over." in page and "Start sitting" not in page and 'name="leave"' not in page
    assert director.post(f"/nights/{nid}/finish").status_code == 409


def test_the_view_link_reads_the_room_and_changes_nothing(director, group, app):
    nid = night_id(start_night(director, group))
    director.post(f"/nights/{nid}/sittings")
    room_link = re.search(r'id="room-link" readonly value="([^"]+)"',
                          director.get(f"/nights/{nid}").get_data(as_text=True)).group(1)
    assert f"view={view_key(group)}" in room_link.replace("&amp;", "&")
    reader = app.test_client()
    room = reader.get(f"/nights/{nid}/room?view={view_key(group)}")
    assert room.status_code == 200
    text = room.get_data(as_text=True)
    assert "Table 1" in text and "Leaderboard" in text and "find your table" in text and "/edit/" not in text
    assert reader.get(f"/nights/{nid}").headers["Location"].endswith(f"/nights/{nid}/room")  # no director's page
    for path in ("sittings", "finish", "players", "swap"):
        assert reader.post(f"/nights/{nid}/{path}", data={"add": "Zed"}).status_code == 403
    tables = api_night(director, group, nid)["seatings"][0]["tables"]
    assert reader.get(f"/nights/{nid}/tables/{tables[0]['game']}-qr.svg").status_code == 403
    assert reader.get(f"/nights/{nid}/cards.pdf").status_code == 403
    assert reader.get(f"/nights/{nid}/results.pdf").status_code == 200


def test_anyone_else_gets_a_404(director, group, app):
    nid = night_id(start_night(director, group))
    stranger = app.test_client()
    for path in ("", "/room", "/room/live", "/results.pdf", "/cards.pdf", "/room?view=wrong"):
        assert stranger.get(f"/nights/{nid}{path}").status_code == 404, path
    for path in ("sittings", "finish", "players", "swap"):
        assert stranger.post(f"/nights/{nid}/{path}").status_code == 404
    assert stranger.get("/nights/nosuchnight/room").status_code == 404


def test_the_room_screen_polls_with_an_etag(director, group, play_table, app):
    nid = night_id(start_night(director, group))
    director.post(f"/nights/{nid}/sittings")
    reader = app.test_client()
    page = reader.get(f"/nights/{nid}/room?view={view_key(group)}").get_data(as_text=True)
    live = re.search(r'data-live="([^"]+)"', page).group(1).replace("&amp;", "&")
    tag = re.search(r"data-etag='([^']+)'", page).group(1)
    assert reader.get(live, headers={"If-None-Match": tag}).status_code == 304
    table = api_night(director, group, nid)["seatings"][0]["tables"][0]
    play_table(table, hand(4, 0))
    moved = reader.get(live, headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    parts = moved.get_data(as_text=True)
    assert 'id="room-tables"' in parts and 'id="room-board"' in parts and "Won by" in parts


def test_names_are_escaped_on_every_page(director, group):
    nid = night_id(start_night(director, group, players=[*TWELVE[:11], "<i>Max</i>"]))
    director.post(f"/nights/{nid}/sittings")
    for path in ("", f"/room?view={view_key(group)}"):
        text = director.get(f"/nights/{nid}{path}").get_data(as_text=True)
        assert "<i>Max</i>" not in text and "&lt;i&gt;Max&lt;/i&gt;" in text


def test_the_director_page_in_french(director, group):
    nid = night_id(start_night(director, group))
    director.post(f"/nights/{nid}/sittings")
    text = director.get(f"/nights/{nid}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Table 1" in text and "Classement" in text and "Tour 1 sur 3" in text


def test_a_gin_night_progressive(director, group, play_table):
    nid = night_id(start_night(director, group, players=TWELVE[:8], game="gin-rummy", table_size="2",
                               movement="progressive", opt_partners="", opt_rounds="", opt_target="10"))
    director.post(f"/nights/{nid}/sittings")
    night = api_night(director, group, nid)
    assert [len(t["players"]) for t in night["seatings"][0]["tables"]] == [2, 2, 2, 2]
    for t in night["seatings"][0]["tables"]:
        play_table(t, gin_hand(0))
    page = director.get(f"/nights/{nid}").get_data(as_text=True)
    assert "Check the seating before it starts" in page


def test_every_form_needs_its_csrf_token(make_app):
    app = make_app(WTF_CSRF_ENABLED=True)
    client = app.test_client()
    group = client.post("/api/groups", json={"name": "Friday club", "players": ["Ann", "Bob"]}).get_json()
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    form = client.get(f"/groups/{group['id']}/nights/new").get_data(as_text=True)
    assert 'name="csrf_token"' in form
    assert start_night(client, group, expect=400).status_code == 400  # no token: refused, nothing started
    night = client.post(f"/api/groups/{group['id']}/nights", headers=bearer(group["token"]),
                        json={"game": "golf", "players": TWELVE[:8], "table_size": 4, "sittings": 2,
                              "movement": "rotate"}).get_json()
    page = client.get(f"/nights/{night['id']}").get_data(as_text=True)
    assert page.count('name="csrf_token"') >= 4  # a sitting, the players' changes, a late arrival, the end
    for path in ("sittings", "finish", "players", "swap"):
        assert client.post(f"/nights/{night['id']}/{path}", data={"add": "Zed"}).status_code == 400
    assert client.get(f"/api/nights/{night['id']}", headers=bearer(night["token"])).get_json()["seatings"] == []


def test_the_new_night_form_opens_with_the_groups_rules_and_plays_what_the_director_leaves(director, client, group):
    """The group scores books of sevens at 1500 and charges 300 a red three left: the form opens with them, saying
    whose they are; a director who sets red threes back to 0 for the night gets tables that charge nothing."""
    kept = client.put(f"/api/groups/{group['id']}/rules/hand-and-foot", headers=bearer(group["token"]),
                      json={"options": {"seven_book": 1500, "red_three_left": 300}})
    assert kept.status_code == 200, kept.get_json()
    form = director.get(f"/groups/{group['id']}/nights/new?game=hand-and-foot").get_data(as_text=True)
    assert "Friday club&#39;s rules</strong> · filled in below" in form
    assert re.search(r'name="opt_seven_book"[^>]*value="1500"', form)
    assert re.search(r'name="opt_red_three_left"[^>]*value="300"', form)
    nid = night_id(start_night(director, group, players=TWELVE[:8], opt_seven_book="1500", opt_red_three_left="0"))
    assert director.post(f"/nights/{nid}/sittings").status_code == 302
    night = api_night(director, group, nid)
    assert (night["options"]["seven_book"], night["options"]["red_three_left"]) == (1500, 0)
    for table in night["seatings"][0]["tables"]:
        game = client.get(f"/api/games/{table['game']}").get_json()
        assert (game["options"]["seven_book"], game["options"]["red_three_left"]) == (1500, 0)


def test_the_room_keeps_who_sits_where_until_every_table_has_started(director, group, play_table, app):
    nid = night_id(start_night(director, group, opt_rounds="2"))
    director.post(f"/nights/{nid}/sittings")
    tables = api_night(director, group, nid)["seatings"][0]["tables"]
    room = app.test_client()
    for number, table in enumerate(tables):
        assert "find your table" in room.get(f"/nights/{nid}/room?view={view_key(group)}").get_data(as_text=True)
        play_table(table, hand(4, number % 4))  # the first hand of two
    assert "find your table" not in room.get(f"/nights/{nid}/room?view={view_key(group)}").get_data(as_text=True)


def test_a_tables_phone_says_which_table_sitting_and_night_it_scores(director, group, app):
    nid = night_id(start_night(director, group, name="Friday <b>night</b>"))
    director.post(f"/nights/{nid}/sittings")
    table = api_night(director, group, nid)["seatings"][0]["tables"][1]
    phone = app.test_client()  # the table's phone, from its link alone
    page = phone.get(f"/games/{table['game']}/edit/{table['token']}", follow_redirects=True).get_data(as_text=True)
    assert "Table 2 · Sitting 1 of 3 · Friday &lt;b&gt;night&lt;/b&gt;" in page
    french = phone.get(f"/games/{table['game']}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Table 2 · Tour 1 sur 3" in french
