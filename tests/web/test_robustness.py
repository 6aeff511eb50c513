"""Trying hard to break Scorekeeper: malformed input anywhere, escaping, edit rights, CSRF, local assets.

Every request here is one a phone, a script or a stranger could send. The standard: no 500 ever;
a refusal names the field and a refused form keeps what was typed; output is escaped; only
holders of a game's edit link or token can change it; nothing is fetched from a third party.

Each problem this file once found has a test of its own here. The fuzzers (Hypothesis,
derandomized so CI sees the same examples every run) cover everything else. The PostgreSQL
tests start a throwaway server, as tests/api does.
"""
from __future__ import annotations

import copy
import json
import re
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import escape

from scorekeeper import rules
from tests.helpers import auth, game_id, start_from_page

ROOT = Path(__file__).resolve().parents[2]
KEYS = list(rules.REGISTRY)
FOUR = ["Ann", "Bob", "Cy", "Di"]

# A first round every game takes, for four players at the usual options.
VALID = {
    "golf": {"players": [{"score": 1}, {"score": 2}, {"score": 3}, {"score": 4}], "knocker": None},
    "garbage-rummy": {"went_out": 0, "players": [{"made_goal": True, "cards": []}, {"penalty": 10},
                                                 {"penalty": 5}, {"cards": ["K"]}]},
    "trash": {"winner": 0},
    "trash-twelve-hands": {"tricks": [4, 3, 3, 3]},
    "gin-rummy": {"result": "knock", "knocker": 0, "deadwood": [5, 10, 12, 20]},
    "chase-the-ace": {"losers": [1]},
    "any": {"points": [12, 0, -5, 3]},
    "hand-and-foot": {"players": [{"clean_books": 1, "melded_points": 70, "left_points": 0}, {"left_points": 0}, {"left_points": 5},
                                  {"melded_points": 60, "left_points": 0}]},
}

# Characters str.isdigit() accepts but int() refuses ("²", "①", ...): the trigger of several known bugs.
INTERNALS = ("Traceback", "sqlalchemy", "psycopg", "werkzeug", 'File "', "/site-packages/", "Exception",
             "Error:", "jinja2")

FUZZ = settings(max_examples=25, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
PER_GAME = settings(FUZZ, max_examples=15)  # run once for each of the seven games

EDGE = [0, -1, 1, 2, 3, 1.0, -0.0, 0.5, 1e308, -1e308, 5e-324, 2**63, -(2**63) - 1, 10**30, "", " ", "0", "1",
        "-1", "1e3", "²", "K", "QS", "10H", "X", "knock", "gin", "<b>x</b>", "\ud800", "\u202e", "é", "🂡",
        "a" * 300, [], {}, [None], [0, 0], {"": None}]
LEAF = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-10**40, max_value=10**40),
                 st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=10),
                 st.sampled_from(EDGE).map(copy.deepcopy))  # copied: a mutation must not change EDGE itself
JSON = st.recursive(LEAF, lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=5), max_leaves=12)


# --- helpers ---------------------------------------------------------------------------


@pytest.fixture
def calm(app):
    """Let a crash come back as the 500 a phone would see, instead of raising into the test."""
    app.config["PROPAGATE_EXCEPTIONS"] = False
    return app


def refuse_constant(name):
    raise ValueError(f"{name} is not JSON")


def strict_json(answer):
    """Parse an answer as strict JSON (no NaN or Infinity, which JSON.parse in a browser refuses)."""
    return json.loads(answer.get_data(as_text=True), parse_constant=refuse_constant)


def calm_answer(answer, allowed, what=""):
    """Assert an answer is one of ``allowed``, never a 500, and shows nothing of the app's insides."""
    text = answer.get_data(as_text=True)
    assert answer.status_code in allowed, f"{what}: {answer.status_code} {text[:300]}"
    for word in INTERNALS:
        assert word not in text, f"{what}: the answer shows {word!r}"
    return text


def api_error(answer, what=""):
    """Assert an API refusal is strict JSON naming at least one field, each with a message."""
    body = strict_json(answer)
    errors = body.get("errors")
    assert isinstance(errors, dict) and errors, f"{what}: {body}"
    assert all(isinstance(k, str) and k and isinstance(v, str) and v for k, v in errors.items()), body
    return errors


def start_page(client, key="golf", names=FOUR, **options) -> str:
    """Start a game through its page (the session now holds the edit token); return its id."""
    return start_from_page(client, key, names, **options)


def hold_token(client, state):
    """Give this browser the edit token of a game made through the API."""
    with client.session_transaction() as session:
        session["tokens"] = {**session.get("tokens", {}), state["id"]: state["token"]}


def round_inputs(page: str) -> list[str]:
    """Return the input names of the round form on a table page."""
    form = page[page.index('id="round-form"'):]
    form = form[: form.index("</form>")]
    return sorted(set(re.findall(r'name="([^"]+)"', form)) - {"csrf_token"})


def rounds_of(client, gid) -> list:
    return client.get(f"/api/games/{gid}").get_json()["rounds"]


def paths(value, prefix=()):
    """Yield the path of every node of a JSON tree."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


@st.composite
def mutated(draw, base):
    """A valid round with one to three nodes replaced, removed or added."""
    data = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(paths(data))))
        if not path:
            data = draw(JSON)
            continue
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        what = draw(st.sampled_from(["set", "drop", "add"]))
        if what == "drop":
            parent.pop(path[-1]) if isinstance(parent, list) else parent.pop(path[-1], None)
        elif what == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["players", "cards", "score", "knocker", "looks", "winner", "losers",
                                         "cut_winner", "also_completed", "went_out", "made_goal", "penalty",
                                         "result", "deadwood", "tricks", "last_trick", "first_out",
                                         "melded_points", "left", "dealer_exact"]))] = draw(JSON)
        else:
            parent[path[-1]] = draw(JSON)
    return data


FORM_VALUE = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8"), max_size=12),
    st.sampled_from(["", "0", "1", "2", "3", "-1", "99", "1e3", "1.5", " 7 ", "K", "QS", "X", "10H", "A 2 3 4",
                     "K 5 5 Q", "knock", "gin", "draw", "big_gin", "y", "on", "false", "9" * 30, "١", "0x10",
                     "1_0", "nan", "inf", "-0", "<b>", "\x00", "NaN"]),
    st.integers(-10**6, 10**6).map(str),
)


# --- the JSON API: fuzzed ----------------------------------------------------------------


@st.composite
def new_game_bodies(draw):
    """Mostly plausible new-game bodies with junk in them, sometimes any JSON at all."""
    if draw(st.integers(0, 4)) == 0:
        return draw(JSON)
    key = draw(st.sampled_from(KEYS) | JSON)
    spec = rules.REGISTRY[key].spec if isinstance(key, str) and key in rules.REGISTRY else rules.REGISTRY["golf"].spec
    players = draw(st.lists(st.text(max_size=45) | LEAF, max_size=spec.max_players + 2) | JSON)
    options = draw(st.dictionaries(st.sampled_from([o.name for o in spec.options] + ["nope"]),
                                   JSON | st.sampled_from([c for o in spec.options for c in o.choices or ()] or [0]),
                                   max_size=4) | JSON)
    body = {"game": key, "players": players, "options": options}
    for name in draw(st.sets(st.sampled_from(["game", "players", "options"]))):
        del body[name]
    return body


@FUZZ
@given(body=new_game_bodies())
def test_any_new_game_body_is_answered_calmly(client, calm, body):
    answer = client.post("/api/games", json=body)
    calm_answer(answer, (201, 400, 422), repr(body)[:200])
    if answer.status_code == 201:
        state = strict_json(answer)
        assert state["token"] and client.get(f"/api/games/{state['id']}").status_code == 200
        hold_token(client, state)
        calm_answer(client.get(f"/games/{state['id']}"), (200,), "table page of a fuzzed game")
    else:
        api_error(answer, repr(body)[:200])


@pytest.mark.parametrize("key", KEYS)
def test_any_round_data_is_answered_calmly_and_every_page_still_shows(client, calm, create_game, key):
    state = create_game(key, FOUR)
    hold_token(client, state)
    gid = state["id"]

    @PER_GAME
    @given(data=mutated(VALID[key]) | JSON, number=st.none() | LEAF, edit=mutated(VALID[key]))
    def check(data, number, edit):
        body = {"data": data} if number is None else {"data": data, "number": number}
        answer = client.post(f"/api/games/{gid}/rounds", json=body, headers=auth(state))
        calm_answer(answer, (201, 400, 409, 422), repr(body)[:300])
        if answer.status_code != 201:
            api_error(answer)
            assert rounds_of(client, gid) == []
            return
        strict_json(answer)
        again = client.put(f"/api/games/{gid}/rounds/1", json={"data": edit}, headers=auth(state))
        calm_answer(again, (200, 400, 409, 422), repr(edit)[:300])
        strict_json(client.get(f"/api/games/{gid}"))
        calm_answer(client.get(f"/games/{gid}"), (200,), "table page")
        calm_answer(client.get(f"/games/{gid}/rounds/1/edit"), (200,), "edit page")
        calm_answer(client.delete(f"/api/games/{gid}/rounds/1", headers=auth(state)), (200,), "delete")

    check()


@FUZZ
@given(how=st.sampled_from(["right", "lower", "wrong", "junk", "none"]),
       junk=st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0xFF), max_size=300),
       key=st.none() | st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0xFF), max_size=400))
def test_weird_authorization_and_idempotency_headers(client, calm, create_game, how, junk, key):
    state = create_game("trash", FOUR)
    headers = {"right": auth(state), "lower": {"Authorization": f"bearer {state['token']}"},
               "wrong": auth(state, junk.strip() or "x"), "junk": {"Authorization": junk}, "none": {}}[how]
    if key is not None:
        headers["Idempotency-Key"] = key
    answer = client.post(f"/api/games/{state['id']}/rounds", json={"data": {"winner": 0}}, headers=headers)
    calm_answer(answer, (201, 401, 403), f"{how} {junk!r} {key!r}")
    if how in ("right", "lower"):
        assert answer.status_code == 201
    else:
        assert answer.status_code in (401, 403) and "token" in api_error(answer)
        assert rounds_of(client, state["id"]) == []


@FUZZ
@given(segment=st.text(alphabet=st.characters(codec="utf-8", exclude_characters="/\\"), min_size=1,
                       max_size=300).filter(lambda s: s.strip(".") and s not in rules.REGISTRY),  # a game's key is found
       number=st.text(alphabet=st.characters(codec="utf-8", exclude_characters="/\\"), min_size=1,
                      max_size=40).filter(lambda s: s.strip(".")))
def test_odd_path_segments_are_not_found(client, calm, create_game, segment, number):
    gid = quote(segment, safe="")
    for method, path in [("get", f"/api/games/{gid}"), ("post", f"/api/games/{gid}/rounds"),
                         ("post", f"/api/games/{gid}/finish"), ("get", f"/games/{gid}"),
                         ("post", f"/games/{gid}/rounds"), ("get", f"/games/{gid}/edit/{gid}"),
                         ("get", f"/new/{gid}"), ("get", f"/rules/{gid}")]:
        answer = getattr(client, method)(path, json={"data": {}}, headers={"Authorization": "Bearer x"})
        calm_answer(answer, (404,), f"{method} {path[:80]}")
    state = create_game("trash", FOUR)
    for method in ("put", "delete"):
        answer = getattr(client, method)(f"/api/games/{state['id']}/rounds/{quote(number, safe='')}",
                                         json={"data": {"winner": 0}}, headers=auth(state))
        calm_answer(answer, (404,), f"{method} round {number!r}")


@pytest.mark.parametrize("body, field", [
    (b'{"game": "golf", "game": "chess", "players": ["A", "B"]}', "game"),  # duplicate keys: the last one counts
    (b'\xef\xbb\xbf{"game": "chess", "players": ["A", "B"]}', "game"),  # a byte-order mark
    (b'{"game": "golf", "players": ["A", "B"], "options": {"holes": 1e999}}', "options.holes"),
    (b'{"game": "golf", "players": ["A", "B"], "options": {"holes": 1e308}}', "options.holes"),
    (b'{"game": "golf", "players": ["A", "B"], "options": {"holes": -0.0}}', "options.holes"),
    (b'{"game": "golf", "players": ["A", "B"], "options": {"holes": "9"}}', "options.holes"),
    (b'{"game": "golf", "players": ["A", "B"], "options": {"holes": ' + b"9" * 5000 + b"}}", "body"),
    (b'{"game": "golf", "players": ["A", "\\ud800"]}', "players.1"),
    (b'{"game": "golf", "players": ["A", "\\u202eB"]}', "players.1"),
    (b'{"game": "golf", "players": ["A", ["B"]]}', "players.1"),
    (b'{"game": "golf", "players": ["A", "B"], "options": {"\\ud800": 1}}', "options.\ud800"),
    (b'{"game": "chase-the-ace", "players": ["A", "B"], "options": {"stake": 1e999}}', "options.stake"),
    (b'{"game": "chase-the-ace", "players": ["A", "B"], "options": {"stake": -0.01}}', "options.stake"),
    (b'{"game": "hand-and-foot", "players": ["A", "B"], "options": {"meld_minimums": []}}', "options.meld_minimums"),
    (b'{"game": "hand-and-foot", "players": ["A", "B", "C"], "options": {"partners": true}}', "options.partners"),
    (b'{"game": "trash", "players": ["A", "B"], "options": {"start": 3, "win_at": 3}}', "options.win_at"),
    (b'{"game": "golf", "players": ' + json.dumps(["P%d" % i for i in range(5000)]).encode() + b"}", "players"),
    (b'{"a": ' * 25 + b"1" + b"}" * 25, "body"),
    (b"", "body"),
    (b"null", "body"),
    (b'{"game": "golf"} trailing', "body"),
])
def test_malformed_new_game_bodies_name_the_field(client, calm, body, field):
    answer = client.post("/api/games", data=body, content_type="application/json")
    calm_answer(answer, (400, 422), repr(body[:80]))
    assert field in api_error(answer)


@pytest.mark.parametrize("method, path", [
    ("put", "/api/games"), ("delete", "/api/games"), ("get", "/api/games/{id}/rounds"),
    ("patch", "/api/games/{id}/rounds/1"), ("get", "/api/games/{id}/finish"), ("post", "/api/rules"),
    ("put", "/api/games/{id}"), ("post", "/api/games/{id}/rounds/1"),
])
def test_wrong_methods_on_the_api_are_405_in_json(client, calm, create_game, method, path):
    state = create_game()
    answer = getattr(client, method)(path.format(id=state["id"]), json={}, headers=auth(state))
    calm_answer(answer, (405,), f"{method} {path}")
    assert "method" in api_error(answer)


def test_error_answers_show_no_insides(client, calm, create_game, post_round):
    state = create_game()
    answers = [
        client.post("/api/games", json={"game": ["golf"], "players": {"a": 1}, "options": [1]}),
        post_round(state, {"players": [{"cards": ["K", "<img>", "5", "5"]}, {"score": 1}, {"score": 1}]}),
        post_round(state, {"players": [{"score": 10**40}, {"score": 1e308}, {"score": -0.0}]}),
        client.put(f"/api/games/{state['id']}/rounds/1", data=b"{", content_type="application/json",
                   headers=auth(state)),
        client.post(f"/api/games/{state['id']}/rounds", data=b"x" * 300_000, content_type="application/json",
                    headers=auth(state)),
    ]
    for answer in answers:
        calm_answer(answer, (400, 404, 413, 422))
        api_error(answer)


# --- the JSON API: known problems ---------------------------------------------------------


@pytest.mark.parametrize("method", ["put", "delete"])
def test_a_superscript_round_number_is_not_found(client, calm, create_game, method):
    state = create_game()
    answer = getattr(client, method)(f"/api/games/{state['id']}/rounds/%C2%B2", json={"data": {}},
                                     headers=auth(state))
    assert answer.status_code == 404 and answer.get_json()["errors"]


@pytest.mark.parametrize("method", ["put", "delete"])
def test_a_round_number_too_long_to_read_is_not_found(client, calm, create_game, method):
    state = create_game()
    answer = getattr(client, method)(f"/api/games/{state['id']}/rounds/{'1' * 5000}", json={"data": {}},
                                     headers=auth(state))
    assert answer.status_code == 404 and answer.get_json()["errors"]


def test_a_round_number_too_big_for_any_game_is_refused_by_the_api(client, create_game):
    state = create_game("golf", ["Ann", "Bob"])
    answer = client.post(f"/api/games/{state['id']}/rounds", json={"data": {}, "number": 10 ** 30},
                         headers=auth(state))
    assert answer.status_code in (409, 422)
    assert set(answer.get_json()["errors"]) & {"number", "round"}


def test_a_round_number_too_big_for_any_game_is_refused_by_the_page(client, create_game):
    state = create_game("golf", ["Ann", "Bob"])
    client.get(f"/games/{state['id']}/edit/{state['token']}")
    answer = client.post(f"/games/{state['id']}/rounds",
                         data={"number": "9" * 30, "score-0": "3", "score-1": "5"})
    assert answer.status_code in (302, 409, 422)


def test_a_number_that_overflows_to_infinity_is_refused(client, calm, create_game):
    state = create_game("trash", FOUR)
    answer = client.post(f"/api/games/{state['id']}/rounds", content_type="application/json",
                         data=b'{"data": {"winner": 0, "note": 1e999}}', headers=auth(state))
    strict_json(client.get(f"/api/games/{state['id']}"))
    assert answer.status_code in (400, 422)


@pytest.mark.parametrize("number", [5, 0, -3])
def test_a_round_number_that_is_not_taken_is_not_called_saved(create_game, post_round, number):
    state = create_game("trash", FOUR)
    answer = post_round(state, {"winner": 0}, number=number)
    assert answer.status_code in (409, 422)
    assert "already saved" not in " ".join(answer.get_json()["errors"].values())


def test_a_seat_sent_as_a_whole_float_is_refused(client, create_game, post_round):
    """1.0 would be stored as 1.0 and match no radio button on the edit page: refuse it by name."""
    state = create_game("golf", ["Ann", "Bob"], {"knock_penalty": "add10"})
    answer = post_round(state, {"players": [{"score": 5}, {"score": 3}], "knocker": 1.0})
    assert answer.status_code == 422 and "knocker" in answer.get_json()["errors"]


# --- the pages: fuzzed ---------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_any_round_form_is_answered_calmly(client, calm, key):
    gid = start_page(client, key)
    names = round_inputs(client.get(f"/games/{gid}").get_data(as_text=True))

    @PER_GAME
    @given(st.data())
    def check(data):
        form = {}
        for name in names + ["number", "junk", "players-0"]:
            if data.draw(st.booleans()):
                form[name] = data.draw(st.lists(FORM_VALUE, min_size=1, max_size=3))
        answer = client.post(f"/games/{gid}/rounds", data=form)
        calm_answer(answer, (302, 422), repr(form)[:300])
        if answer.status_code == 302:
            calm_answer(client.get(f"/games/{gid}/rounds/1/edit"), (200,), "edit page")
            edit = client.post(f"/games/{gid}/rounds/1/edit", data=form)
            calm_answer(edit, (302, 422), "edit " + repr(form)[:300])
            calm_answer(client.post(f"/games/{gid}/rounds/1/delete"), (302,), "delete")
        assert rounds_of(client, gid) == []
        calm_answer(client.get(f"/games/{gid}"), (200,), "table page")

    check()


@FUZZ
@given(data=st.data())
def test_any_new_game_form_is_answered_calmly_and_keeps_the_names(client, calm, data):
    key = data.draw(st.sampled_from(KEYS))
    spec = rules.REGISTRY[key].spec
    page = client.get(f"/new/{key}").get_data(as_text=True)
    options = sorted(set(re.findall(r'name="(opt_[^"]+)"', page)))
    text = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\r"), max_size=45)
    names = data.draw(st.lists(text | st.sampled_from(FOUR), max_size=spec.max_players))
    form = {f"players-{i}": n for i, n in enumerate(names)}
    for name in options:
        if data.draw(st.booleans()):
            form[name] = data.draw(st.lists(FORM_VALUE, min_size=1, max_size=2))
    answer = client.post(f"/new/{key}", data=form)
    page = calm_answer(answer, (302, 422), repr(form)[:300])
    if answer.status_code == 422:
        for name in names:
            if name.strip():
                assert f'value="{escape(name)}"' in page, f"the refused form lost {name!r}"


def test_duplicated_extra_and_missing_fields_on_the_forms(client, calm):
    gid = start_page(client, "golf")
    tries = [
        ("/new/golf", {"players-0": ["Ann", "Eve"], "players-1": "Bob", "players-x": "Zed", "players-99": "Cy",
                       "opt_layout": ["6", "4"], "opt_nope": "1", "players": "Ann"}),
        ("/new/golf", {"opt_layout": "5", "opt_pairs": "sideways", "opt_knock_penalty": "", "opt_holes": "1e400"}),
        ("/new/golf", {"players-0": "Ann", "players-1": "Bob", "opt_holes": "9" * 5000}),
        ("/new/chase-the-ace", {"players-0": "Ann", "players-1": "Bob", "opt_stake": ["nan", "1"]}),
        ("/new/chase-the-ace", {"players-0": "Ann", "players-1": "Bob", "opt_stake": "1e999"}),
        ("/new/hand-and-foot", {"players-0": "Ann", "players-1": "Bob", "opt_meld_minimums": "1, two, 3"}),
        ("/new/hand-and-foot", {"players-0": "Ann", "players-1": "Bob", "opt_values": '{"3H": 1, "Q": [1]}'}),
        ("/new/trash-twelve-hands", {f"players-{i}": n for i, n in enumerate(FOUR)} | {"opt_points": "king=x"}),
        (f"/games/{gid}/rounds", {"score-0": ["1", "2"], "score-1": "3", "score-2": "4", "score-3": "5",
                                  "score-9": "1", "knocker": ["0", "1"], "number": ["1", "2"]}),
        (f"/games/{gid}/rounds", {"knocker": "99", "number": "-1"}),
        (f"/games/{gid}/rounds", {"number": "9" * 5000}),
        (f"/games/{gid}/rounds", {}),
    ]
    for path, form in tries:
        calm_answer(client.post(path, data=form), (302, 422), f"{path} {form}"[:200])


@pytest.mark.parametrize("method, path", [
    ("put", "/games/{id}/rounds"), ("get", "/games/{id}/finish"), ("get", "/games/{id}/rounds/1/delete"),
    ("put", "/games/{id}/rounds/1/edit"), ("delete", "/games/{id}"), ("post", "/games/{id}"),
    ("post", "/games/{id}/edit/x"), ("delete", "/new/golf"), ("post", "/rules/golf"), ("post", "/"),
])
def test_wrong_methods_on_the_pages_are_405_pages(client, calm, method, path):
    gid = start_page(client, "golf")
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2", "score-2": "3", "score-3": "4"})
    answer = getattr(client, method)(path.format(id=gid))
    calm_answer(answer, (405,), f"{method} {path}")
    assert answer.content_type.startswith("text/html")


# --- the pages: known problems --------------------------------------------------------------


def test_a_player_field_with_a_superscript_index_is_refused_calmly(client, calm):
    answer = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob", "players-²": "Cy"})
    assert answer.status_code in (302, 422)


@pytest.mark.parametrize("key, form", [
    ("golf", {"score-0": "1", "score-1": "2", "score-2": "3", "score-3": "4", "knocker": "²"}),
    ("trash", {"winner": "²"}),
    ("chase-the-ace", {"losers": ["0", "²"]}),
])
def test_a_superscript_seat_is_refused_calmly(client, calm, key, form):
    gid = start_page(client, key)
    assert client.post(f"/games/{gid}/rounds", data=form).status_code in (302, 422)


@pytest.mark.parametrize("method, tail", [("get", "edit"), ("post", "edit"), ("post", "delete")])
def test_a_round_number_too_long_to_read_is_a_404_page(client, calm, method, tail):
    gid = start_page(client, "golf")
    answer = getattr(client, method)(f"/games/{gid}/rounds/{'1' * 5000}/{tail}")
    assert answer.status_code == 404


@pytest.mark.parametrize("key, option", [("golf", "values"), ("hand-and-foot", "values"),
                                         ("trash-twelve-hands", "points-queen")])
def test_deeply_nested_json_typed_into_an_option_is_refused(client, calm, key, option):
    form = {f"players-{i}": n for i, n in enumerate(FOUR)}
    form[f"opt_{option}"] = '{"Q": ' + "[" * 5000 + "]" * 5000 + "}"
    answer = client.post(f"/new/{key}", data=form)
    assert answer.status_code == 422 and "Ann" in answer.get_data(as_text=True)


@pytest.mark.parametrize("key, option", [("golf", "values"), ("garbage-rummy", "values"),
                                         ("trash-twelve-hands", "points-queen")])
def test_a_lone_surrogate_typed_into_an_option_is_refused(client, calm, key, option):
    form = {f"players-{i}": n for i, n in enumerate(FOUR)}
    form[f"opt_{option}"] = '{"\\ud800": 1}'
    answer = client.post(f"/new/{key}", data=form)
    assert answer.status_code == 422 and "Ann" in answer.get_data(as_text=True)


# --- escaped output ----------------------------------------------------------------------------

NASTY = ['<script>alert(1)</script>', '"><img src=x onerror=alert(2)>', "' onfocus='alert(3)",
         '{{7*7}}%(name)s%s', '</textarea><svg onload=alert(4)>', '&lt;b&gt;']


def raw_names_in(page: str, names) -> list[str]:
    """Return the names that appear unescaped (those with markup characters)."""
    return [n for n in names if any(c in n for c in "<>\"'&") and n in page]


@pytest.mark.parametrize("key", KEYS)
def test_player_names_are_escaped_on_every_page(app, client, create_game, post_round, key):
    names = NASTY[:4]
    state = create_game(key, names)
    assert post_round(state, VALID[key]).status_code == 201
    viewer = app.test_client()
    hold_token(client, state)
    pages = {
        "home": client.get("/"),
        "table": client.get(f"/games/{state['id']}"),
        "viewer's table": viewer.get(f"/games/{state['id']}"),
        "edit": client.get(f"/games/{state['id']}/rounds/1/edit"),
        "rules": client.get(f"/rules/{key}"),
        "new game": client.get(f"/new/{key}"),
    }
    client.post(f"/games/{state['id']}/finish")
    pages["finished table"] = client.get(f"/games/{state['id']}")
    for what, answer in pages.items():
        page = answer.get_data(as_text=True)
        assert answer.status_code == 200, what
        assert raw_names_in(page, names) == [], f"{what} shows a name unescaped"
    table = pages["table"].get_data(as_text=True)
    assert str(escape(NASTY[0])) in table and "{{7*7}}%(name)s%s" in table


def test_text_echoed_in_refusals_and_flashes_is_escaped(client):
    refused = client.post("/new/golf", data={"players-0": NASTY[1], "players-1": NASTY[1].upper()})
    assert refused.status_code == 422
    assert raw_names_in(refused.get_data(as_text=True), [NASTY[1], NASTY[1].upper()]) == []
    assert "already at the table" in refused.get_data(as_text=True)
    key = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob",
                                         "opt_values": '{"<i>x": 1, "Q": 2}'})
    assert key.status_code == 422 and "<i>x" not in key.get_data(as_text=True)
    assert "&lt;i&gt;x" in key.get_data(as_text=True)
    gid = start_page(client, "golf", ["Ann", "Bob"])
    card = client.post(f"/games/{gid}/rounds", data={"cards-0": "<b>'\" 5 5 Q", "score-1": "1"})
    assert card.status_code == 422 and "<b>'\"" not in card.get_data(as_text=True)
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    client.post(f"/games/{gid}/rounds/1/delete")  # refused: a flash message
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'class="flash flash-error"' in page and "Hole 1 is no longer the last round" in page


# --- who may change a game ----------------------------------------------------------------------


def edit_token_on_page(client, gid) -> str:
    """Return the edit token shown to this browser in the game's edit link."""
    return re.search(r"/edit/([\w-]+)", client.get(f"/games/{gid}").get_data(as_text=True)).group(1)


def test_the_view_link_never_shows_the_edit_token(app, client):
    gid = start_page(client, "golf", ["Ann", "Bob"])
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    token = edit_token_on_page(client, gid)
    viewer = app.test_client()
    for path in ("/", f"/games/{gid}", f"/api/games/{gid}", "/api/games", f"/games/{gid}/rounds/1/edit",
                 "/rules/golf"):
        answer = viewer.get(path)
        assert token not in answer.get_data(as_text=True), path
        assert token not in answer.headers.get("Set-Cookie", ""), path
    with viewer.session_transaction() as kept:  # viewing keeps only which game was followed, never a token
        assert dict(kept) == {"_permanent": True, "followed": [gid]}


def test_only_the_edit_token_of_this_game_changes_it(app, client, create_game, post_round):
    mine = start_page(client, "golf", ["Ann", "Bob"])
    other = create_game("golf", ["Cy", "Di"])
    before = client.get(f"/api/games/{other['id']}").get_json()
    for path, form in [(f"/games/{other['id']}/rounds", {"score-0": "1", "score-1": "2"}),
                       (f"/games/{other['id']}/finish", {}), (f"/games/{other['id']}/rounds/1/delete", {}),
                       (f"/games/{other['id']}/rounds/1/edit", {"score-0": "1"})]:
        assert client.post(path, data=form).status_code == 403, path
    my_token = edit_token_on_page(client, mine)
    for token in (my_token, other["id"], other["token"][:-1], other["token"] + "x", other["token"].upper()):
        answer = client.post(f"/api/games/{other['id']}/finish", headers=auth(other, token))
        assert answer.status_code == 403
    assert client.get(f"/games/{other['id']}/edit/{my_token}").status_code == 403
    assert client.get(f"/api/games/{other['id']}").get_json() == before


# --- CSRF --------------------------------------------------------------------------------------------


@pytest.fixture
def csrf_app(make_app):
    return make_app(WTF_CSRF_ENABLED=True)


def csrf_token(page: str) -> str:
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)


def test_every_form_needs_its_csrf_token_and_keeps_what_was_typed(csrf_app):
    client = csrf_app.test_client()
    token = csrf_token(client.get("/new/golf").get_data(as_text=True))
    made = client.post("/new/golf", data={"csrf_token": token, "players-0": "Ann", "players-1": "Bob"})
    gid = game_id(made)
    client.post(f"/games/{gid}/rounds", data={"csrf_token": token, "score-0": "1", "score-1": "2"})
    assert len(rounds_of(client, gid)) == 1
    before = client.get(f"/api/games/{gid}").get_json()
    stranger = csrf_app.test_client()
    foreign = csrf_token(stranger.get("/new/golf").get_data(as_text=True))  # a valid token of another browser
    for bad in ({}, {"csrf_token": "x"}, {"csrf_token": foreign}):
        refused = client.post("/new/golf", data={**bad, "players-0": "Zoë", "players-1": "Yan"})
        assert refused.status_code == 422 and 'value="Zoë"' in refused.get_data(as_text=True)
        refused = client.post(f"/games/{gid}/rounds", data={**bad, "score-0": "17", "score-1": "2"})
        assert refused.status_code == 422 and 'value="17"' in refused.get_data(as_text=True)
        refused = client.post(f"/games/{gid}/rounds/1/edit", data={**bad, "score-0": "23", "score-1": "2"})
        assert refused.status_code == 422 and 'value="23"' in refused.get_data(as_text=True)
        assert "The form expired" in refused.get_data(as_text=True)
        assert client.post(f"/games/{gid}/rounds/1/delete", data=bad).status_code == 400
        assert client.post(f"/games/{gid}/finish", data=bad).status_code == 400
    assert client.get(f"/api/games/{gid}").get_json() == before
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert page.count('name="csrf_token"') == page.count("<form")  # every form on the page carries one


# --- assets and secrets ----------------------------------------------------------------------------


def test_templates_and_static_files_name_no_third_party_host():
    for path in [*ROOT.joinpath("templates").rglob("*"), *ROOT.joinpath("static").rglob("*")]:
        if path.is_file():
            text = path.read_text(errors="replace")
            text = text.replace('xmlns="http://www.w3.org/2000/svg"', "")
            assert not re.search(r"https?://|//[a-z0-9-]+\.[a-z]", text, re.I), path
            assert "@import" not in text, path


def test_pages_load_only_their_own_files(client, create_game, post_round):
    state = create_game("golf", FOUR)
    post_round(state, VALID["golf"])
    hold_token(client, state)
    for path in ("/", f"/games/{state['id']}", f"/games/{state['id']}/rounds/1/edit", "/new/golf", "/rules/",
                 "/rules/golf", "/nothing"):
        answer = client.get(path)
        page = answer.get_data(as_text=True)
        for url in re.findall(r'(?:src|href|action)="([^"]*)"', page):
            assert url.startswith(("/", "#")) and not url.startswith("//"), (path, url)
        assert "default-src 'self'" in answer.headers["Content-Security-Policy"]


def test_no_secret_is_committed():
    try:
        tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    for name in tracked.splitlines():
        assert not re.search(r"(^|/)(secret_key|\.env|.*\.(pem|key|sqlite|db))$", name), name
        if name.startswith("instance/"):
            assert name == "instance/.gitkeep", name
    for name in ("scorekeeper/config.py", "README.md"):
        text = (ROOT / name).read_text()
        assert not re.search(r"SECRET_KEY\s*[=:]\s*['\"][^'\"]{8,}", text), name


# --- PostgreSQL, the database of a hosted install ---------------------------------------------------


@pytest.fixture
def pg_client(make_app):
    """A client of the app on PostgreSQL, whatever --db says."""
    app = make_app(db_kind="postgres")
    app.config["PROPAGATE_EXCEPTIONS"] = False
    return app.test_client()


def pg_game(client):
    answer = client.post("/api/games", json={"game": "trash", "players": FOUR})
    assert answer.status_code == 201
    return answer.get_json()


@pytest.mark.parametrize("path", ["/games/a%00b", "/api/games/a%00b", "/games/a%00b/edit/x"])
@pytest.mark.own_database
def test_postgres_nul_in_a_game_id_is_not_found(pg_client, path):
    assert pg_client.get(path).status_code == 404


@pytest.mark.own_database
def test_postgres_lone_surrogate_in_round_data_is_refused(pg_client):
    state = pg_game(pg_client)
    answer = pg_client.post(f"/api/games/{state['id']}/rounds", content_type="application/json",
                            data=b'{"data": {"winner": 0, "note": "\\ud800"}}', headers=auth(state))
    assert answer.status_code == 422 and "data" in answer.get_json()["errors"]


@pytest.mark.own_database
def test_postgres_overflowing_number_in_round_data_is_refused(pg_client):
    state = pg_game(pg_client)
    answer = pg_client.post(f"/api/games/{state['id']}/rounds", content_type="application/json",
                            data=b'{"data": {"winner": 0, "note": 1e999}}', headers=auth(state))
    assert answer.status_code == 422


@pytest.mark.own_database
def test_postgres_nul_in_an_idempotency_key_is_answered_calmly(pg_client):
    state = pg_game(pg_client)
    answer = pg_client.post(f"/api/games/{state['id']}/rounds", json={"data": {"winner": 0}},
                            headers={**auth(state), "Idempotency-Key": "tap\x001"})
    assert answer.status_code < 500


@pytest.mark.parametrize("number", ["0", "-1"])
def test_a_round_form_naming_round_zero_is_refused_not_a_500(client, number):
    gid = start_page(client, "trash", ["Ann", "Bob"])
    answer = client.post(f"/games/{gid}/rounds", data={"winner": "0", "number": number})
    assert answer.status_code in (302, 422)


@pytest.mark.parametrize("key, extra", [
    ("golf", {"preset": "nope"}),
    ("golf", {"preset": "p" * 5000}),
    ("golf", {"preset": "quarters", "shown_preset": "x" * 5000, "opt_quarters": "many"}),
    ("trash-twelve-hands", {"opt_points-king": "lots"}),
    ("trash-twelve-hands", {"opt_points-king": "1" * 400}),
    ("hand-and-foot", {"preset": "classic", "shown_preset": "classic", "opt_clean_book": "-5"}),
])
def test_a_junk_preset_or_points_box_is_refused_and_the_form_kept(client, calm, key, extra):
    form = {f"players-{i}": n for i, n in enumerate(FOUR)}
    answer = client.post(f"/new/{key}", data={**form, **extra})
    text = calm_answer(answer, (422,), repr(extra)[:80])
    assert 'value="Ann"' in text


@pytest.mark.parametrize("query", ["?preset=nope", "?preset=" + "q" * 3000, "?preset=%00", "?preset=quarters&preset=x"])
def test_a_junk_preset_in_the_address_shows_the_usual_form(client, calm, query):
    calm_answer(client.get(f"/new/golf{query}"), (200,), query)
    calm_answer(client.get(f"/sheets/golf{query}"), (200,), query)


# --- JSON bodies on every route that takes a body ----------------------------------------------------------------

NOT_OBJECTS = [b"[]", b'"x"', b"1", b"null", b"\xff\xfe{\x80}", b'{"name": "\xc3"}', b'{"a": NaN}', b"[" * 50]
OBJECTS_OF_ANYTHING = [{"code": 5}, {"code": ["x", 1]}, {"players": [1, None]}, {"name": {"a": 1}}, {"game": ["any"]},
                       {"csrf_token": 1}, {"players-0": 5, "players-1": True}, {"score-0": 1.5, "winner": [2]},
                       {"name": 1, "colour": 2, "emoji": 3}, {"into": [1]}, {"newcomer": 3}, {"opt_holes": {"a": 1}},
                       {"game": "any", "players": ["Ann", 1], "opt_name": 3}, {"data": 1}, {"merge_into": "1"}]


@pytest.fixture
def allowed(app, client):
    """A caller allowed everywhere: a group, a game in it (with a round) and a club night of it (seated), the group
    and the game opened by their edit links in the client's session, and each route's arguments and bearer token."""
    app.config["PROPAGATE_EXCEPTIONS"] = False
    group = client.post("/api/groups", json={"name": "Cards", "players": ["Ann", "Bob"]}).get_json()
    game = client.post(f"/api/groups/{group['id']}/games", json={"game": "trash", "players": ["Ann", "Bob"]},
                       headers=auth(group)).get_json()
    client.post(f"/api/games/{game['id']}/rounds", json={"data": {"winner": 0}}, headers=auth(game))
    client.get(f"/groups/{group['id']}/join/{group['token']}")
    client.get(f"/games/{game['id']}/edit/{game['token']}")
    night = client.post(f"/api/groups/{group['id']}/nights", headers=auth(group), json={
        "game": "trash", "players": ["Ann", "Bob"], "sittings": 2, "movement": "stay", "table_size": 2}).get_json()
    client.post(f"/api/nights/{night['id']}/sittings", headers=auth(group))
    values = {"game_id": game["id"], "group_id": group["id"], "member_id": group["players"][0]["id"], "number": 1,
              "key": "trash", "token": game["token"], "kind": "view", "night_id": night["id"]}
    return values, group, game


def routes_taking_a_body(app, values: dict):
    """Yield (method, path) for every route of the app that takes a body (every write), from its URL map: a route
    added later is covered too."""
    adapter = app.url_map.bind("localhost")
    for rule in app.url_map.iter_rules():
        for method in sorted(rule.methods & {"POST", "PUT", "PATCH", "DELETE"}):
            yield method, adapter.build(rule.endpoint, {name: values[name] for name in rule.arguments})


def test_a_body_that_is_not_a_json_object_is_a_400_naming_body_on_every_route(app, client, allowed):
    values, group, game = allowed
    routes = list(routes_taking_a_body(app, values))
    assert {("POST", "/access"), ("POST", f"/groups/{group['id']}/play"), ("POST", "/api/games")} <= set(routes)
    for method, path in routes:
        bearer = auth(group if path.startswith(("/api/groups", "/api/nights")) else game)
        for body in NOT_OBJECTS:
            answer = client.open(path, method=method, data=body, content_type="application/json", headers=bearer)
            assert answer.status_code == 400, (method, path, body, answer.status_code)
            assert list(api_error(answer, f"{method} {path}")) == ["body"]
    french = client.post("/access", data=b"[]", content_type="application/json", headers={"Accept-Language": "fr"})
    assert "objet JSON" in french.get_json()["errors"]["body"]
    after = client.get(f"/api/games/{game['id']}").get_json()  # nothing was changed
    assert [r["data"] for r in after["rounds"]] == [{"winner": 0}] and after["status"] == "playing"


def test_a_json_object_of_anything_is_answered_calmly_on_every_route(app, client, allowed):
    """A page's form takes its fields as posted (text), never from a JSON body: no 500, whatever the object holds."""
    values, group, game = allowed
    for method, path in routes_taking_a_body(app, values):
        bearer = auth(group if path.startswith(("/api/groups", "/api/nights")) else game)
        for body in OBJECTS_OF_ANYTHING:
            answer = client.open(path, method=method, json=body, headers=bearer)
            calm_answer(answer, range(200, 500), f"{method} {path} {body}")
