"""The live table through the test client: the scoreboard alone with its ETag, QR codes, places, play again."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from .test_pages import game_id, start


def test_the_scoreboard_alone_answers_304_until_the_game_changes(app, client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    first = client.get(f"/games/{gid}/live")
    assert first.status_code == 200 and 'id="standings-live"' in first.get_data(as_text=True)
    assert 'id="rounds-live"' in first.get_data(as_text=True)
    tag = first.headers["ETag"]
    assert client.get(f"/games/{gid}/live", headers={"If-None-Match": tag}).status_code == 304
    assert tag in client.get(f"/games/{gid}").get_data(as_text=True)  # the page starts from the same tag
    client.post(f"/games/{gid}/rounds", data={"score-0": "4", "score-1": "9", "number": "1"})
    changed = client.get(f"/games/{gid}/live", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert ">9<" in changed.get_data(as_text=True).replace(" ", "")
    spectator = app.test_client()
    seen = spectator.get(f"/games/{gid}/live")
    assert seen.headers["ETag"] != changed.headers["ETag"]  # a spectator's scoreboard has no edit links
    assert "/edit" not in seen.get_data(as_text=True)


def test_a_poll_leaves_the_session_cookie_alone(app, client, create_game):
    """A poll that answers after an edit link was opened must not put back the session without its token."""
    game = create_game("golf", ["Ann", "Bob"])
    spectator = app.test_client()
    spectator.get(f"/games/{game['id']}")  # follows: a permanent session
    poll = spectator.get(f"/games/{game['id']}/live")
    assert poll.status_code == 200 and "Set-Cookie" not in poll.headers
    opened = spectator.get(f"/games/{game['id']}/edit/{game['token']}")
    assert "Set-Cookie" in opened.headers  # the edit link still sets it
    assert 'id="round-form"' in spectator.get(f"/games/{game['id']}").get_data(as_text=True)


def test_places_are_shown_and_shared_places_marked(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob", "Cy"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "4", "score-1": "9", "score-2": "4", "number": "1"})
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(r'class="place shared">=1st<', page) and re.search(r'class="place">3rd<', page)


def test_qr_codes_of_the_view_link_for_all_and_of_the_edit_link_for_editors(app, client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    view = client.get(f"/games/{gid}/view-qr.svg")
    assert view.status_code == 200 and view.mimetype == "image/svg+xml"
    assert view.get_data(as_text=True).startswith("<svg xmlns=")
    edit = client.get(f"/games/{gid}/edit-qr.svg")
    assert edit.status_code == 200 and "no-store" in edit.headers["Cache-Control"]
    assert edit.data != view.data
    spectator = app.test_client()
    assert spectator.get(f"/games/{gid}/view-qr.svg").status_code == 200
    assert spectator.get(f"/games/{gid}/edit-qr.svg").status_code == 403
    assert f"/games/{gid}/edit-qr.svg" not in spectator.get(f"/games/{gid}").get_data(as_text=True)
    assert client.get("/games/nope/view-qr.svg").status_code == 404


def test_play_again_starts_a_new_game_with_the_same_players_and_rules(app, client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"], holes="9"))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2", "score-2": "3"})
    client.post(f"/games/{gid}/finish")
    assert "Play again with the same players" in client.get(f"/games/{gid}").get_data(as_text=True)
    assert app.test_client().post(f"/games/{gid}/again").status_code == 403
    again = client.post(f"/games/{gid}/again")
    new = game_id(again)
    assert new != gid
    state = client.get(f"/api/games/{new}").get_json()
    assert state["players"] == ["Ann", "Bob"] and state["options"]["holes"] == 9 and state["rounds"] == []
    assert 'id="round-form"' in client.get(f"/games/{new}").get_data(as_text=True)


def test_play_again_tapped_on_a_second_scoring_phone_scores_the_same_new_game(app, client):
    """Both phones scored the game; one tapped Play again first. The other's tap finds that game, and may score it."""
    gid = game_id(start(client, "golf", ["Ann", "Bob"], holes="1"))
    link = re.search(r'value="([^"]*/edit/[^"]*)"', client.get(f"/games/{gid}").get_data(as_text=True)).group(1)
    other = app.test_client()
    other.get(urlsplit(link).path)  # the second phone opened the edit link
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    new = game_id(client.post(f"/games/{gid}/again"))
    again = other.post(f"/games/{gid}/again", follow_redirects=True)
    assert again.request.path == f"/games/{new}"
    assert 'id="round-form"' in again.get_data(as_text=True)  # the second phone scores the new game too


@pytest.mark.parametrize(("first", "then"), [("0", 1), ("2", 0)])
def test_play_again_passes_the_first_deal_to_the_next_player(client, first, then):
    gid = game_id(start(client, "golf", ["Ann", "Bob", "Cy"], first_dealer=first))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2", "score-2": "3"})
    client.post(f"/games/{gid}/finish")
    new = game_id(client.post(f"/games/{gid}/again"))
    state = client.get(f"/api/games/{new}").get_json()
    assert state["options"]["first_dealer"] == then and state["next"]["dealer"] == then


def test_a_spectator_of_a_game_played_again_is_pointed_to_the_new_one(app, client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2", "score-2": "3"})
    client.post(f"/games/{gid}/finish")
    spectator = app.test_client()
    tag = spectator.get(f"/games/{gid}/live").headers["ETag"]
    assert "follow the new game" not in spectator.get(f"/games/{gid}").get_data(as_text=True)
    new = game_id(client.post(f"/games/{gid}/again"))
    live = spectator.get(f"/games/{gid}/live", headers={"If-None-Match": tag})  # the open page's next poll
    assert live.status_code == 200 and f'href="/games/{gid}/next">The table plays again: follow the new game' in live.text
    assert f'href="/games/{gid}/next"' in spectator.get(f"/games/{gid}").get_data(as_text=True)
    followed = spectator.get(f"/games/{gid}/next")
    assert followed.status_code == 302 and followed.headers["Location"] == f"/games/{new}"
    assert 'id="round-form"' not in spectator.get(f"/games/{new}").get_data(as_text=True)  # followed, not scored
    client.post(f"/games/{new}/delete")  # the new game deleted: no way to a page that is gone
    assert "follow the new game" not in spectator.get(f"/games/{gid}").get_data(as_text=True)


def test_a_second_scorer_goes_on_scoring_the_game_played_again(app, client):
    """Phone B opened the edit link of the first game; phone A taps "Play again". B's "follow the new game" opens the
    new game to score, not only to follow: every phone that could score the one may score the next."""
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    client.post(f"/games/{gid}/finish")
    phone_b = app.test_client()
    with client.session_transaction() as held, phone_b.session_transaction() as other:
        other.update(dict(held))  # B holds the first game's edit link
    new = game_id(client.post(f"/games/{gid}/again"))
    assert phone_b.get(f"/games/{gid}/next").headers["Location"] == f"/games/{new}"
    assert 'id="round-form"' in phone_b.get(f"/games/{new}").get_data(as_text=True)
    assert phone_b.post(f"/games/{new}/rounds", data={"score-0": "4", "score-1": "5"}).status_code == 302
    assert len(client.get(f"/api/games/{new}").get_json()["rounds"]) == 1
    assert client.get(f"/games/{new}/next").status_code == 404  # not played again yet


def test_big_screen_view_shows_the_scoreboard_alone(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    page = client.get(f"/games/{gid}?big=1").get_data(as_text=True)
    assert 'class="tv"' in page and 'id="round-form"' not in page and "Back to the normal view" in page


def test_play_again_keeps_the_preset(client):
    answer = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob", "preset": "quarters"})
    again = client.post(f"/games/{game_id(answer)}/again")
    state = client.get(f"/api/games/{game_id(again)}").get_json()
    assert state["preset"] == "quarters" and state["options"]["quarters"] == 4


def test_play_again_with_house_rules_refused_today_asks_for_them_again(app, client):
    from scorekeeper.extensions import db
    from scorekeeper.store.models import Game

    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    with app.app_context():  # stored by an older version, which let wild jacks go without a pairing rule
        game = db.session.scalar(db.select(Game).filter_by(public_id=gid))
        game.options = {**game.options, "one_eyed_jacks_wild": True}
        db.session.commit()
    again = client.post(f"/games/{gid}/again")
    assert again.status_code == 302 and again.headers["Location"].endswith("/new/golf")
    assert "wild jacks need a rule to pair under" in client.get("/new/golf").get_data(as_text=True)


def test_garbage_whoever_went_out_made_the_goal_without_a_tick(client):
    gid = game_id(start(client, "garbage-rummy", ["Ann", "Bob"]))
    answer = client.post(f"/games/{gid}/rounds", data={"number": "1", "went_out": "0", "cards-0": "", "cards-1": "K 7"})
    assert answer.status_code == 302, answer.get_data(as_text=True)[:2000]
    state = client.get(f"/api/games/{gid}").get_json()
    assert state["standings"][0]["goal"] == 2 and state["standings"][1]["goal"] == 1


def test_a_quarters_game_says_who_takes_the_jar(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob", "Cy"], preset="quarters", quarters="1"))
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "0 quarters in the jar" in page
    client.post(f"/games/{gid}/rounds", data={"score-0": "2", "score-1": "9", "score-2": "5"})  # Bob out: 1 in the jar
    client.post(f"/games/{gid}/rounds", data={"score-0": "8", "score-2": "5"})  # Ann out: Cy is the last one in
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Cy takes the jar: 2 quarters" in page and "in the jar" not in page


@pytest.mark.parametrize("language, places", [("en", ["12th", "13th", "20th"]), ("fr", ["12e", "13e", "20e"])])
def test_every_place_of_twenty_players_is_said_as_a_place(app, language, places):
    from scorekeeper.web.templating import ordinal

    with app.test_request_context(headers={"Accept-Language": language}):
        assert [ordinal(n) for n in (12, 13, 20)] == places
