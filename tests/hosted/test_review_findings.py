"""Defects found by the hosted-install review, each reproduced from the outside (pages and API), now mended."""
from __future__ import annotations

import io

import pytest

from scorekeeper.extensions import limiter

CODE = "club-1234"


@pytest.fixture
def coded(make_app):
    """An install guarded by an access code, with its rate limits on (fresh counters)."""
    app = make_app(ACCESS_CODE=CODE, RATELIMIT_ENABLED=True, RATELIMIT_ACCESS_CODE="3 per minute")
    with app.app_context():
        limiter.reset()
    return app


def golf(client, **headers) -> dict:
    answer = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"]}, headers=headers)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


# --- the access code ---------------------------------------------------------------------------------


def test_guessing_the_access_code_in_the_header_is_limited_like_the_access_page(coded):
    """The access page allows RATELIMIT_ACCESS_CODE tries, but X-Access-Code (read on every page and by the
    API) took any number of guesses: GET /api/games answered 200 to each, so the code could be brute-forced."""
    client = coded.test_client()
    statuses = [client.get("/api/games", headers={"X-Access-Code": f"guess-{n}"}).status_code for n in range(4)]
    assert statuses == [200, 200, 200, 429]
    refused = client.get("/api/games", headers={"X-Access-Code": CODE})  # even the right one, until the minute is over
    assert refused.status_code == 429 and "wait a minute" in refused.get_json()["errors"]["rate"]
    page = client.get("/", headers={"X-Access-Code": "guess-9"})
    assert page.status_code == 429 and "Slow down a little" in page.get_data(as_text=True)
    assert client.get("/api/games").status_code == 200  # a caller without the header is not held back
    other = coded.test_client()  # another client keeps its tries
    other.environ_base["REMOTE_ADDR"] = "10.0.0.9"
    assert other.get("/api/games", headers={"X-Access-Code": CODE}).get_json() == []
    golf(other, **{"X-Access-Code": CODE})


def test_the_right_code_in_the_header_is_never_counted(coded):
    client = coded.test_client()
    for _ in range(6):
        assert client.get("/api/games", headers={"X-Access-Code": CODE}).status_code == 200


# --- redirects ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["/\t/evil.example/x", "/\r/evil.example/x", "/\n/evil.example/x"])
def test_the_language_switch_goes_back_only_to_pages_of_this_app(client, target):
    answer = client.get("/language/fr", query_string={"next": target})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


@pytest.mark.parametrize("target", ["/\t/evil.example/x", "/\r/evil.example/x", "/\n/evil.example/x"])
def test_the_access_page_goes_on_only_to_pages_of_this_app(coded, target):
    answer = coded.test_client().post("/access", query_string={"next": target}, data={"code": CODE})
    assert answer.status_code == 302 and answer.headers["Location"] == "/"


# --- no input gives a 500 ----------------------------------------------------------------------------


def test_a_round_number_too_big_for_any_game_is_refused_by_the_api(client):
    state = golf(client)
    answer = client.post(f"/api/games/{state['id']}/rounds", json={"data": {}, "number": 10 ** 30},
                         headers={"Authorization": f"Bearer {state['token']}"})
    assert answer.status_code in (409, 422)
    assert set(answer.get_json()["errors"]) & {"number", "round"}


def test_a_round_number_too_big_for_any_game_is_refused_by_the_page(client):
    state = golf(client)
    client.get(f"/games/{state['id']}/edit/{state['token']}")
    answer = client.post(f"/games/{state['id']}/rounds",
                         data={"number": "9" * 30, "score-0": "3", "score-1": "5"})
    assert answer.status_code in (302, 409, 422)


# --- request size ------------------------------------------------------------------------------------


def chunked(client, path: str, body: bytes, **headers):
    """Send a body without a Content-Length, as a chunked request reaches the app under gunicorn."""
    return client.post(path, input_stream=io.BytesIO(body), content_type="application/json",
                       headers={"Transfer-Encoding": "chunked", **headers},
                       environ_overrides={"wsgi.input_terminated": True})


def test_a_chunked_json_body_over_the_limit_is_a_clear_413(client):
    state = golf(client)
    big = b'{"data": {"players": [{"score": 1}, {"score": 2}]}, "pad": "' + b"x" * 300_000 + b'"}'
    answer = chunked(client, f"/api/games/{state['id']}/rounds", big, Authorization=f"Bearer {state['token']}")
    assert answer.status_code == 413 and "256 KB" in answer.get_json()["errors"]["body"]
    whole = b'{"data": {"players": [{"score": 1}, {"score": 2}]}}' + b" " * 300_000  # cut, it would read as whole
    answer = chunked(client, f"/api/games/{state['id']}/rounds", whole, Authorization=f"Bearer {state['token']}")
    assert answer.status_code == 413
    small = chunked(client, f"/api/games/{state['id']}/rounds", b'{"data": {"players": [{"score": 1}, {"score": 2}]}}',
                    Authorization=f"Bearer {state['token']}")
    assert small.status_code == 201, small.get_json()


# --- cookies over HTTPS ------------------------------------------------------------------------------


def test_the_language_cookie_is_secure_over_https(client):
    answer = client.get("/language/fr?next=/", base_url="https://scores.example")
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("lang=fr") and "Secure" in cookie


# --- errors in the reader's language ----------------------------------------------------------------


def test_a_wrong_method_and_an_unknown_api_path_are_answered_in_french(client):
    french = {"Accept-Language": "fr"}
    page = client.delete("/games/nope", headers=french).get_data(as_text=True)
    api_405 = client.patch("/api/games", headers=french).get_json()["errors"]["method"]
    api_404 = client.get("/api/games/nope/rounds/9999999", headers=french).get_json()["errors"]["game"]
    assert "method is not allowed" not in page
    assert "method is not allowed" not in api_405 and "requested URL" not in api_404
    assert "accepte pas ce type de requête." in page and api_405 == "cette adresse n'accepte pas ce type de requête"
    assert api_404 == "il n'y a pas de partie ni de page à cette adresse\u00a0; vérifiez le lien"


# --- Idempotency-Key -------------------------------------------------------------------------------


def test_two_long_idempotency_keys_that_differ_only_at_the_end_are_two_writes(client):
    state = golf(client)
    stem = "k" * 200
    for score in (1, 2):
        answer = client.post(f"/api/games/{state['id']}/rounds",
                             json={"data": {"players": [{"score": score}, {"score": 9}]}},
                             headers={"Authorization": f"Bearer {state['token']}", "Idempotency-Key": f"{stem}{score}"})
        assert answer.status_code in (201, 400), answer.get_json()
        if answer.status_code == 201:  # taken: it must be stored as sent
            assert answer.get_json()["rounds"][-1]["data"]["players"][0]["score"] == score


def test_a_long_idempotency_key_sent_again_replays_its_first_answer(client):
    state = golf(client)
    headers = {"Authorization": f"Bearer {state['token']}", "Idempotency-Key": "k" * 500}
    body = {"data": {"players": [{"score": 4}, {"score": 9}]}}
    first = client.post(f"/api/games/{state['id']}/rounds", json=body, headers=headers)
    again = client.post(f"/api/games/{state['id']}/rounds", json=body, headers=headers)
    assert first.status_code == again.status_code == 201 and first.get_json() == again.get_json()
    assert len(client.get(f"/api/games/{state['id']}").get_json()["rounds"]) == 1


def test_an_api_key_is_never_taken_for_a_round_forms_entry_key(client):
    """The round form keeps its entry keys beside the API's, as "entry:<key>": an API key written that way is
    its own write, not the form's (a 303 replay with no Location, or a form entry taken as saved)."""
    state = golf(client)
    client.get(f"/games/{state['id']}/edit/{state['token']}")
    client.post(f"/games/{state['id']}/rounds", data={"entry_key": "formkey12345", "score-0": "3", "score-1": "5"})
    answer = client.post(f"/api/games/{state['id']}/rounds", json={"data": {"players": [{"score": 1}, {"score": 2}]}},
                         headers={"Authorization": f"Bearer {state['token']}", "Idempotency-Key": "entry:formkey12345"})
    assert answer.status_code == 201 and len(answer.get_json()["rounds"]) == 2
