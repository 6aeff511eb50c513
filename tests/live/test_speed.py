"""What keeps the pages fast, checked for what it does (the speed itself is measured by bench/speed.py):
constant queries per page, ETags and 304s, cache lifetimes, and the kept folds and pages following every change."""
from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from sqlalchemy import event

from scorekeeper.live import cache
from scorekeeper.store import database
from scorekeeper.play import services
from scorekeeper.extensions import db
from tests.workers import cookies_of

PLAYERS = [f"P{n}" for n in range(1, 9)]


def hole(score: int = 3) -> dict:
    return {"players": [{"score": score + seat} for seat in range(len(PLAYERS))], "knocker": None}


@pytest.fixture
def golf(create_game, post_round):
    """Start an 8-player Golf game with no hole limit and play ``rounds`` holes; return its state."""

    def make(rounds: int) -> dict:
        state = create_game("golf", PLAYERS, {"target": 10000})
        for _ in range(rounds):
            assert post_round(state, hole()).status_code == 201
        return state

    return make


LOADING = ("play.tables.current_fold", "play.tables.fold_game", "play.tables.table_view", "play.services.load_game")  # what loads,
# folds or views a game


def refuse_loading(monkeypatch, why: str) -> None:
    """Make loading, folding or viewing a game fail the test with ``why``."""

    def refuse(*args, **kwargs):
        raise AssertionError(why)

    for name in LOADING:
        monkeypatch.setattr(f"scorekeeper.{name}", refuse)


@contextmanager
def statements(app):
    """Count the SQL statements sent while the block runs."""
    sent: list[str] = []
    with app.app_context():
        engine = db.engine
    listener = lambda conn, cursor, statement, *args: sent.append(statement)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", listener)


@pytest.mark.parametrize("kept", [True, False], ids=["kept", "after a restart"])
def test_a_table_page_sends_as_many_statements_at_18_rounds_as_at_2(app, golf, kept, another_worker):
    counts = {}
    for rounds in (2, 18):
        state = golf(rounds)
        scorer, spectator = app.test_client(), app.test_client()
        assert scorer.get(f"/games/{state['id']}/edit/{state['token']}").status_code == 302
        for who, browser in (("scorer", scorer), ("spectator", spectator)):
            if kept:
                with statements(app) as sent:
                    page = browser.get(f"/games/{state['id']}")
            else:  # a worker just started, which has kept nothing of this game
                page = another_worker().get(f"/games/{state['id']}", cookies=cookies_of(browser), count=True)
                sent = page.statements
            assert page.status_code == 200 and (who == "spectator") == ("Save hole" not in page.get_data(as_text=True))
            counts[rounds, who] = len(sent)
    assert counts[2, "scorer"] == counts[18, "scorer"] and counts[2, "spectator"] == counts[18, "spectator"], counts
    assert counts[18, "scorer"] <= (2 if kept else 5), counts


@pytest.mark.parametrize("kept", [True, False], ids=["kept", "kept by another process"])
def test_saving_a_round_sends_as_many_statements_at_18_rounds_as_at_2(app, golf, post_round, kept, another_worker):
    counts = {}
    for rounds in (2, 18):
        state = golf(rounds if kept else rounds - 1)
        form = {"number": str(rounds + 1), "knocker": ""} | {f"score-{seat}": "4" for seat in range(len(PLAYERS))}
        if kept:
            scorer = app.test_client()
            scorer.get(f"/games/{state['id']}/edit/{state['token']}")
            scorer.get(f"/games/{state['id']}")
            with statements(app) as sent:
                assert scorer.post(f"/games/{state['id']}/rounds", data=form).status_code == 302
        else:  # this worker kept the game; another saved the last round: this one plays it on the fold it kept
            worker = another_worker()
            worker.get(f"/games/{state['id']}/edit/{state['token']}")
            worker.get(f"/games/{state['id']}")
            post_round(state, hole())
            saved = worker.post(f"/games/{state['id']}/rounds", data=form, count=True)
            assert saved.status_code == 302
            sent = saved.statements
        counts[rounds] = len(sent)
    assert counts[2] == counts[18], counts


def test_a_spectators_page_and_the_json_answer_304_until_the_game_changes(app, client, golf, post_round):
    state = golf(2)
    page = client.get(f"/games/{state['id']}")
    tag = page.headers["ETag"]
    assert page.headers["Cache-Control"] == "no-cache"
    again = client.get(f"/games/{state['id']}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    big = client.get(f"/games/{state['id']}?big=1", headers={"If-None-Match": tag})
    assert big.status_code == 200 and big.headers["ETag"] != tag  # the big screen is another page
    state_json = client.get(f"/api/games/{state['id']}")
    json_tag = state_json.headers["ETag"]
    assert client.get(f"/api/games/{state['id']}", headers={"If-None-Match": json_tag}).status_code == 304
    post_round(state, hole(5))
    assert client.get(f"/games/{state['id']}", headers={"If-None-Match": tag}).status_code == 200
    assert client.get(f"/api/games/{state['id']}", headers={"If-None-Match": json_tag}).status_code == 200


def test_a_scorers_page_is_never_kept_by_a_browser(app, golf):
    state = golf(2)
    scorer = app.test_client()
    scorer.get(f"/games/{state['id']}/edit/{state['token']}")
    page = scorer.get(f"/games/{state['id']}")
    assert page.headers["Cache-Control"] == "no-store" and "ETag" not in page.headers  # it shows the edit link


def test_an_unchanged_poll_is_answered_from_the_version_alone(app, client, golf, monkeypatch):
    state = golf(3)
    tag = client.get(f"/games/{state['id']}/live").headers["ETag"]

    refuse_loading(monkeypatch, "an unchanged poll must not load the rounds, fold them or render anything")
    with statements(app) as sent:
        answer = client.get(f"/games/{state['id']}/live", headers={"If-None-Match": tag})
    assert answer.status_code == 304 and answer.headers["ETag"] == tag and "Set-Cookie" not in answer.headers
    assert not [s for s in sent if "round" in s.lower() or "player" in s.lower()]
    monkeypatch.undo()
    other = client.get("/games/nosuchgame/live", headers={"If-None-Match": tag})
    assert other.status_code == 404  # a tag of another game proves nothing


def test_a_kept_table_page_is_answered_from_the_games_head_alone(app, golf, post_round, monkeypatch):
    state = golf(3)
    scorer, spectator = app.test_client(), app.test_client()
    scorer.get(f"/games/{state['id']}/edit/{state['token']}")
    first = {who: b.get(f"/games/{state['id']}").get_data(as_text=True)
             for who, b in (("scorer", scorer), ("spectator", spectator))}

    refuse_loading(monkeypatch, "a kept page must not load the game, fold it or build its view")
    for who, browser in (("scorer", scorer), ("spectator", spectator)):
        with statements(app) as sent:
            page = browser.get(f"/games/{state['id']}")
        assert page.status_code == 200 and not sent  # only the head, read on a pooled connection
        assert ("Save hole 4" in page.get_data(as_text=True)) == (who == "scorer")
        mark = re.compile(r'value="[^"]{20,}"')  # this request's CSRF token and entry key
        assert mark.sub("", page.get_data(as_text=True)) == mark.sub("", first[who])
    monkeypatch.undo()
    post_round(state, hole(5))  # a new version: the page is made again
    assert "Save hole 5" in scorer.get(f"/games/{state['id']}").get_data(as_text=True)
    assert spectator.get("/games/nosuchgame").status_code == 404


def test_a_spectators_page_is_made_once_by_each_worker_its_links_filled_for_the_host_asked(app, golf, post_round, monkeypatch,
                                                                                 another_worker):
    state = golf(3)
    first = app.test_client().get(f"/games/{state['id']}")
    answer = another_worker().get(f"/games/{state['id']}")  # another worker never saw this version: it makes the page
    assert answer.get_data() == first.get_data() and answer.headers["ETag"] == first.headers["ETag"]
    refuse_loading(monkeypatch, "a spectator's page kept in this process must not load, fold or render the game")
    assert app.test_client().get(f"/games/{state['id']}").get_data() == first.get_data()
    monkeypatch.undo()
    other = app.test_client().get(f"/games/{state['id']}", base_url="https://cards.example").get_data(as_text=True)
    assert f"https://cards.example/games/{state['id']}" in other  # the view link: never another host's page
    big = app.test_client().get(f"/games/{state['id']}?big=1")  # another variant: made for itself
    assert big.status_code == 200 and big.get_data() != first.get_data()

    french = app.test_client().get(f"/games/{state['id']}", headers={"Accept-Language": "fr"})
    assert french.status_code == 200 and "<h2>Trous</h2>" in french.get_data(as_text=True)
    post_round(state, hole(5))  # a new version: rendered again, never the old one
    after = another_worker().get(f"/games/{state['id']}").get_data(as_text=True)
    assert re.search(r'<th scope="(row|col)">4</th>', after)  # hole 4: a row, or a column past five players
    scorer = app.test_client()  # an editor's page is never taken from the spectators'
    scorer.get(f"/games/{state['id']}/edit/{state['token']}")
    page = another_worker().get(f"/games/{state['id']}", cookies=cookies_of(scorer))
    assert "Save hole 5" in page.get_data(as_text=True)


def test_static_files_are_linked_by_their_content_and_kept_a_year(client):
    page = client.get("/").get_data(as_text=True)
    css = re.search(r'href="(/static/css/app\.css\?v=[0-9a-f]{12})"', page).group(1)
    with client.get(css) as answer:
        assert answer.status_code == 200
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    with client.get("/static/css/app.css?v=000000000000") as stale:  # not this file's content: revalidated
        assert stale.status_code == 200 and "max-age=31536000" not in stale.headers.get("Cache-Control", "")
    with client.get("/sw.js") as worker:
        assert css in worker.get_data(as_text=True)  # the service worker keeps what the pages ask for


def test_editing_an_earlier_round_derives_the_kept_game_again(app, client, golf, another_worker):
    state = golf(3)
    client.get(f"/games/{state['id']}/edit/{state['token']}")
    other = another_worker()  # a worker that keeps the version before the second edit

    def first_total(browser=client) -> int:
        page = browser.get(f"/games/{state['id']}").get_data(as_text=True)
        # the Σ row, or past five players the first player's row
        found = re.search(r'<th scope="row">Σ</th><td>(-?\d+)</td>|<td class="sum">(-?\d+)', page)
        totals = found.group(1) or found.group(2)
        assert browser.get(f"/api/games/{state['id']}").get_json()["standings"][0]["total"] == int(totals)
        return int(totals)

    assert first_total() == 9  # P1: 3 + 3 + 3
    form = {f"score-{seat}": str(20 + seat) for seat in range(len(PLAYERS))} | {"knocker": ""}
    assert client.post(f"/games/{state['id']}/rounds/1/edit", data=form).status_code == 302
    assert first_total() == 26  # 20 + 3 + 3
    assert first_total(other) == 26  # the other worker keeps this version
    assert client.post(f"/games/{state['id']}/rounds/1/edit", data={**form, "score-0": "0"}).status_code == 302
    assert first_total(other) == 6  # 0 + 3 + 3: the kept rounds differ from the stored ones, so all are folded again


def test_a_round_saved_by_another_process_is_played_on_the_kept_fold(app, client, golf, post_round, another_worker):
    state = golf(4)
    worker = another_worker()
    worker.get(f"/games/{state['id']}")  # it keeps the four holes
    post_round(state, hole(7))  # saved by this process: that worker never saw the new round
    page = worker.get(f"/games/{state['id']}", watch=("play.tables.derive",), plays="golf")
    assert page.called == [] and page.played == [5]  # only hole 5 was played, on top of the four kept
    assert "Hole 6" in page.get_data(as_text=True)


CSRF_INPUT = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]*)"')


def kept_texts() -> list[str]:
    """Return the text of everything this process keeps (pages, parts, JSON)."""
    return [value.decode(errors="replace") if isinstance(value, bytes) else value
            for value in cache.held() if isinstance(value, (str, bytes))]


def test_two_readers_get_their_own_csrf_token_on_one_kept_page_and_no_kept_part_holds_one(make_app):
    app = make_app(WTF_CSRF_ENABLED=True)
    state = app.test_client().post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]}).get_json()
    cache.clear()
    tokens, sizes = [], []
    for _ in range(2):  # two phones, two sessions, the same editor's page of the same version
        phone = app.test_client()
        phone.get(f"/games/{state['id']}/edit/{state['token']}")
        page = phone.get(f"/games/{state['id']}").get_data(as_text=True)
        assert "\x00" not in page
        own = set(CSRF_INPUT.findall(page))
        assert len(own) == 1  # every form on the page holds this session's token
        tokens.append((phone, own.pop()))
        sizes.append(cache.size())
    assert sizes[0] == sizes[1]  # the second phone was answered from what the first one's made
    assert tokens[0][1] != tokens[1][1]
    kept = kept_texts()
    assert any("csrf_token" in text for text in kept)  # the page and its parts are kept, forms and all
    for text in kept:
        assert all(token not in text for _, token in tokens)
        assert all(value == "\x00csrf\x00" for value in CSRF_INPUT.findall(text))  # a mark where a token goes
    for number, (phone, token) in enumerate(tokens, start=1):
        saved = phone.post(f"/games/{state['id']}/rounds", data={"csrf_token": token, "number": str(number),
                                                                 "score-0": "4", "score-1": "5", "knocker": ""})
        assert saved.status_code == 302, saved.get_data(as_text=True)


def test_a_page_with_a_message_is_rendered_for_this_request(app, client, golf):
    state = golf(2)
    client.get(f"/games/{state['id']}/edit/{state['token']}")
    client.get(f"/games/{state['id']}")  # kept
    client.post(f"/games/{state['id']}/rounds/2/delete")
    page = client.get(f"/games/{state['id']}").get_data(as_text=True)
    assert "Hole 2 deleted." in page
    assert "Hole 2 deleted." not in client.get(f"/games/{state['id']}").get_data(as_text=True)


def test_an_unchanged_session_cookie_is_not_sent_with_every_answer(app, golf):
    state = golf(1)
    browser = app.test_client()
    first = browser.get(f"/games/{state['id']}")
    assert "Set-Cookie" in first.headers  # the game is followed from now on
    assert "Set-Cookie" not in browser.get(f"/games/{state['id']}").headers


def test_a_kept_fold_is_not_played_on_when_the_players_or_options_changed(app, client, golf):
    from scorekeeper.store.models import Game, Player

    state = golf(2)
    client.get(f"/games/{state['id']}")  # kept
    with app.app_context():  # as only a repair by hand would: another name, and a house rule
        game = db.session.scalar(db.select(Game).filter_by(public_id=state["id"]))
        db.session.scalar(db.select(Player).filter_by(game_id=game.id, seat=0)).name = "Renamed"
        game.options = {**game.options, "look_cost": 5}
        game.version += 1
        db.session.commit()
    assert "Renamed" in client.get(f"/games/{state['id']}").get_data(as_text=True)
    assert client.get(f"/api/games/{state['id']}").get_json()["options"]["look_cost"] == 5


def test_a_new_versions_scoreboard_is_rendered_once_for_every_spectator_and_server(app, golf, post_round,
                                                                                     another_worker):
    state = golf(3)
    first = app.test_client()
    tag = first.get(f"/games/{state['id']}/live").headers["ETag"]
    post_round(state, hole(6))
    rendered = first.get(f"/games/{state['id']}/live", headers={"If-None-Match": tag})
    assert rendered.status_code == 200 and rendered.headers["ETag"] != tag
    second = another_worker()  # another worker, or another server, never saw this version

    answer = second.get(f"/games/{state['id']}/live", headers={"If-None-Match": tag}, refuse=LOADING, count=True)
    assert answer.status_code == 200 and not answer.statements  # one read on a pooled connection, before Flask
    assert answer.get_data() == rendered.get_data() and answer.headers["ETag"] == rendered.headers["ETag"]
    assert answer.headers["Content-Type"].startswith("text/html") and "Set-Cookie" not in answer.headers
    assert second.get(f"/games/{state['id']}/live", headers={"If-None-Match": answer.headers["ETag"]}).status_code == 304


def test_a_kept_scoreboard_is_answered_only_while_its_version_is_the_games(app, golf, post_round, another_worker):
    state = golf(3)
    spectator = app.test_client()
    old = spectator.get(f"/games/{state['id']}/live").headers["ETag"]  # kept for version 4
    post_round(state, hole(9))
    answer = another_worker().get(f"/games/{state['id']}/live", headers={"If-None-Match": old},
                                  cookies=cookies_of(spectator))
    assert answer.status_code == 200  # not version 4's
    assert re.search(r'<th scope="(row|col)">4</th>', answer.get_data(as_text=True))
    with app.app_context():
        kept = db.session.execute(db.text("SELECT version FROM kept_answer")).scalars().all()
    assert kept == [int(answer.headers["ETag"].strip('"').removeprefix(f"{state['id']}-").split("-")[0])]


def test_an_editors_scoreboard_is_never_taken_from_the_spectators(app, golf, post_round, another_worker):
    state = golf(3)
    spectator, scorer = app.test_client(), app.test_client()
    scorer.get(f"/games/{state['id']}/edit/{state['token']}")
    edit_tag = scorer.get(f"/games/{state['id']}/live").headers["ETag"]
    view_tag = spectator.get(f"/games/{state['id']}/live").headers["ETag"]
    assert edit_tag.endswith(f'-edit-{cache.release()}"') and view_tag.endswith(f'-view-{cache.release()}"')
    post_round(state, hole(2))
    assert "✎" not in spectator.get(f"/games/{state['id']}/live", headers={"If-None-Match": view_tag}).get_data(
        as_text=True)
    answer = another_worker().get(f"/games/{state['id']}/live", headers={"If-None-Match": edit_tag},
                                  cookies=cookies_of(scorer))  # a worker that has kept nothing of this game
    assert answer.status_code == 200 and "✎" in answer.get_data(as_text=True)  # made by the app for the editor
    assert answer.headers["ETag"].endswith(f'-edit-{cache.release()}"')


def test_a_kept_scoreboard_follows_the_language_and_root_it_was_made_for_never_the_host(app, golf, post_round):
    state = golf(3)
    english, french = app.test_client(), app.test_client()
    french.set_cookie("lang", "fr")
    tags = {"en": english.get(f"/games/{state['id']}/live").headers["ETag"],
            "fr": french.get(f"/games/{state['id']}/live", headers={"Accept-Language": "fr"}).headers["ETag"]}
    assert tags["fr"].endswith(f'-fr-view-{cache.release()}"')
    post_round(state, hole(4))
    kept = english.get(f"/games/{state['id']}/live", headers={"If-None-Match": tags["en"]})  # kept in English only
    answer = french.get(f"/games/{state['id']}/live", headers={"If-None-Match": tags["fr"], "Accept-Language": "fr"})
    assert answer.status_code == 200 and re.search(r'<th scope="(row|col)">4</th>', answer.get_data(as_text=True))
    assert answer.headers["ETag"].endswith(f'-fr-view-{cache.release()}"') and answer.get_data() != kept.get_data()
    elsewhere = app.test_client().get(f"/games/{state['id']}/live", headers={"If-None-Match": tags["en"]},
                                      base_url="https://cards.example/club")
    assert elsewhere.status_code == 200  # made by the app for that root path: its links are made for it
    assert elsewhere.get_data() != kept.get_data()
    hosts = app.test_client().get(f"/games/{state['id']}/live", headers={"If-None-Match": tags["en"]},
                                  base_url="https://evil.example")
    assert hosts.get_data() == kept.get_data()  # the host is in no link and no key
    with app.app_context():
        kept = db.session.execute(db.text("SELECT variant, release FROM kept_answer")).all()
    assert sorted(kept) == [("live-en-view", cache.release()), ("live-fr-view", cache.release())]


def test_deleting_a_game_drops_its_kept_scoreboards(app, client, golf):
    state = golf(2)
    client.get(f"/games/{state['id']}/live")
    answer = client.delete(f"/api/games/{state['id']}", headers={"Authorization": f"Bearer {state['token']}"})
    assert answer.status_code == 204
    with app.app_context():
        assert db.session.execute(db.text("SELECT count(*) FROM kept_answer")).scalar() == 0


def test_a_head_read_is_one_round_trip_and_survives_a_dropped_connection(app, golf):
    state = golf(1)
    with app.app_context():
        engine = db.engine
        reader = database.reader_of(engine)
        if engine.dialect.name != "postgresql":
            assert reader is engine  # SQLite reads in autocommit, with no ping, already
            return
        dropped: list = []
        event.listen(reader.pool, "invalidate", lambda *args: dropped.append(args[2]))
        version = services.game_head(state["id"]).version
        assert version > 1
        with reader.connect() as conn:
            pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()
        with engine.connect() as conn:  # the server drops the reader's connection (a restart, a proxy)
            conn.exec_driver_sql(f"SELECT pg_terminate_backend({int(pid)})")
        assert services.game_head(state["id"]).version == version  # read again on a new connection
        assert len(dropped) == 1
        connection = engine.raw_connection()
        try:
            assert connection.driver_connection.autocommit is False  # the ORM's pool is left alone
        finally:
            connection.close()
    engine.dispose()
    assert reader.pool.checkedin() == 0  # disposed with the app's engine


def v(state: dict, n: int) -> int:
    """Return a game's version after n - 1 changes (it starts at the time it was made, not at 1)."""
    return state["version"] + n - 1


def kept_scoreboards(app) -> dict[str, int]:
    """Return the version of each kept spectator scoreboard, by variant."""
    with app.app_context():
        return dict(db.session.execute(db.text("SELECT variant, version FROM kept_answer")).all())


def test_a_write_keeps_the_new_scoreboard_for_the_spectators_who_follow_the_game(app, golf, post_round,
                                                                                  another_worker):
    state = golf(3)
    english, french = app.test_client(), app.test_client()
    tags = {"en": english.get(f"/games/{state['id']}/live").headers["ETag"],
            "fr": french.get(f"/games/{state['id']}/live", headers={"Accept-Language": "fr"}).headers["ETag"]}
    assert kept_scoreboards(app) == {"live-en-view": v(state, 4), "live-fr-view": v(state, 4)}
    assert post_round(state, hole(7)).status_code == 201
    if not writes_render(app):  # SQLite: the first poll renders it (another worker's, here) and keeps it
        english.get(f"/games/{state['id']}/live", headers={"If-None-Match": tags["en"]})
        french.get(f"/games/{state['id']}/live", headers={"If-None-Match": tags["fr"], "Accept-Language": "fr"})
    assert kept_scoreboards(app) == {"live-en-view": v(state, 5), "live-fr-view": v(state, 5)}  # on PostgreSQL with the round itself
    other = another_worker()  # the first poll after a round must find its scoreboard kept, on any worker
    answers = {language: other.get(f"/games/{state['id']}/live", headers={"If-None-Match": tags[language]},
                                   browser=language, cookies=cookies_of(browser), refuse=LOADING)
               for language, browser in (("en", english), ("fr", french))}
    for language, answer in answers.items():
        assert answer.status_code == 200
        assert answer.headers["ETag"] == f'"{state["id"]}-{v(state, 5)}-live-{language}-view-{cache.release()}"'
        with app.app_context():
            db.session.execute(db.text("DELETE FROM kept_answer"))
            db.session.commit()
        made = another_worker().get(f"/games/{state['id']}/live", headers={"Accept-Language": language})  # by the app
        assert made.get_data() == answer.get_data()


def writes_render(app) -> bool:
    """Say whether a write renders the new scoreboard (on PostgreSQL; see cache.renders_in_writes)."""
    with app.app_context():
        return db.engine.dialect.name == "postgresql"


def test_a_page_write_keeps_the_new_scoreboard_and_a_refused_one_keeps_nothing(app, golf):
    state = golf(2)
    app.test_client().get(f"/games/{state['id']}/live")
    kept = v(state, 4 if writes_render(app) else 3)  # SQLite: the version a spectator's poll last rendered
    scorer = app.test_client()
    scorer.get(f"/games/{state['id']}/edit/{state['token']}")
    form = {f"score-{seat}": "3" for seat in range(len(PLAYERS))}
    assert scorer.post(f"/games/{state['id']}/rounds", data=form).status_code == 302
    assert kept_scoreboards(app) == {"live-en-view": kept}
    refused = scorer.post(f"/games/{state['id']}/rounds", data={**form, "score-0": "lots"})
    assert refused.status_code == 422 and kept_scoreboards(app) == {"live-en-view": kept}
    assert scorer.post(f"/games/{state['id']}/rounds/3/delete").status_code == 302
    assert kept_scoreboards(app) == {"live-en-view": v(state, 5 if writes_render(app) else 3)}  # an undo moves it too


def test_a_game_no_spectator_follows_keeps_no_scoreboard(app, golf, post_round):
    state = golf(2)
    assert post_round(state, hole(1)).status_code == 201
    assert kept_scoreboards(app) == {}


@pytest.mark.parametrize("base_url", ["http://localhost", "https://localhost"])
def test_a_poll_answered_before_flask_carries_the_apps_own_headers(app, golf, post_round, another_worker, base_url):
    state = golf(3)
    spectator = app.test_client()
    made = spectator.get(f"/games/{state['id']}/live", base_url=base_url)  # no tag held: the app answers
    tag = made.headers["ETag"]
    unchanged = spectator.get(f"/games/{state['id']}/live", headers={"If-None-Match": tag}, base_url=base_url)
    post_round(state, hole(6))
    spectator.get(f"/games/{state['id']}/live", headers={"If-None-Match": tag})  # renders and keeps version 5's
    kept = another_worker().get(f"/games/{state['id']}/live", headers={"If-None-Match": tag}, base_url=base_url,
                                refuse=LOADING)  # answered before Flask from the kept scoreboard
    assert (unchanged.status_code, kept.status_code) == (304, 200)
    own = {name: value for name, value in made.headers.items() if name not in ("ETag", "Content-Length", "Vary")}
    assert ("Strict-Transport-Security" in own) == base_url.startswith("https")
    for answer in (unchanged, kept):
        assert {name: value for name, value in answer.headers.items()
                if name not in ("ETag", "Content-Length", "Content-Type")} == \
            {name: value for name, value in own.items() if name != "Content-Type"}
    assert kept.headers["Content-Type"] == made.headers["Content-Type"]


def test_what_is_kept_is_bounded_by_its_size_as_well_as_its_count(monkeypatch):
    monkeypatch.setattr(cache, "KEPT_BYTES", 10_000)
    cache.clear()
    try:
        for n in range(5):
            cache.put(("sheet", f"g{n}", 1), b"x" * 3_000)  # a PDF each
        assert [cache.get(("sheet", f"g{n}", 1)) is not None for n in range(5)] == [False, False, True, True, True]
        cache.put(("sheet", "g4", 1), b"y" * 3_000)  # kept again under its key: counted once
        assert cache.get(("sheet", "g2", 1)) is not None and cache.get(("sheet", "g4", 1)) == b"y" * 3_000
        cache.put(("sheet", "huge", 1), b"z" * 50_000)  # bigger than the whole budget: kept alone, until the next
        assert cache.get(("sheet", "huge", 1)) is not None and cache.get(("sheet", "g4", 1)) is None
        cache.put(("page", "emoji", 1), "🂡" * 3_000)  # 3,000 characters, four bytes each: more than the budget
        assert cache.get(("page", "emoji", 1)) is not None and cache.get(("sheet", "huge", 1)) is None
        cache.put(("page", "plain", 1), "x" * 100)
        assert cache.get(("page", "emoji", 1)) is None  # it counted for its 12,000 bytes, not its 3,000 characters
    finally:
        cache.clear()


def test_the_release_names_the_code_templates_and_files_served():
    import hashlib

    assert cache.release() != hashlib.sha256().hexdigest()[:12]  # a digest of something: a new release renders anew
