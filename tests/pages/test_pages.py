"""The phone pages through the test client: forms, refusals that keep input, who may edit."""
from __future__ import annotations

import re

import pytest

from scorekeeper import rules
from tests.helpers import game_id
from tests.helpers import post_new_game as start
from tests.pdfs import pdf_words

KEYS = list(rules.REGISTRY)


def test_home_lists_games_and_every_game_to_start(client, create_game):
    create_game(players=["Zed", "Yan"])
    page = client.get("/").get_data(as_text=True)
    assert "\u2068Zed\u2069, \u2068Yan\u2069" in page
    for key in KEYS:
        assert f"/new/{key}" in page


@pytest.mark.parametrize("key", KEYS)
def test_every_game_can_be_started_from_its_page(client, key):
    spec = rules.REGISTRY[key].spec
    assert client.get(f"/new/{key}").status_code == 200
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][: max(spec.min_players, 4)]
    answer = start(client, key, names)
    assert answer.status_code == 302
    table = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert 'id="round-form"' in table and "Ann" in table


def test_refused_new_game_names_the_field_and_keeps_what_was_typed(client):
    answer = start(client, "golf", ["Ann", "ann"], holes="0")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert "already at the table" in page and 'value="ann"' in page
    assert "must be at least 1" in page


def house_rules_open(answer) -> bool:
    return re.search(r'<details class="options"[^>]*\bopen>', answer.get_data(as_text=True)) is not None


def test_a_refused_new_game_keeps_the_house_rules_open_when_they_were_opened_changed_or_refused(client):
    assert not house_rules_open(start(client, "golf", ["Ann", "ann"]))  # a name refused, the rules never touched
    assert house_rules_open(start(client, "golf", ["Ann", "ann"], holes="6"))  # a rule changed
    assert house_rules_open(start(client, "golf", ["Ann", "Bob"], holes="0"))  # a rule refused
    opened = client.post("/new/golf", data={"players-0": "Ann", "players-1": "ann", "rules_opened": "1"})
    assert house_rules_open(opened)  # opened on the phone (the page's script says so), nothing changed


def test_too_few_players_is_refused(client):
    answer = start(client, "golf", ["Ann"])
    assert answer.status_code == 422 and "Golf needs 2 to 12 players; there is 1" in answer.get_data(as_text=True)


def test_options_typed_on_the_form_reach_the_game(client):
    answer = start(client, "golf", ["Ann", "Bob"], layout="6", holes="3", values="Q=12, QS=40",
                   knock_penalty="add10", one_eyed_jacks_wild="y")
    state = client.get(f"/api/games/{game_id(answer)}").get_json()
    assert state["options"]["layout"] == 6 and state["options"]["holes"] == 3
    assert state["options"]["values"] == {"Q": 12, "QS": 40} and state["options"]["pairs"] == "columns"
    assert state["options"]["knock_penalty"] == "add10" and state["options"]["one_eyed_jacks_wild"] is True


@pytest.mark.parametrize(("language", "typed", "said"), [
    ("en", "Q is twelve", "write each card with its value, such as Q=12, J=0"),
    ("en", '["Q"]', "write each card with its value, such as Q=12, J=0"),
    ("fr", "D vaut douze", "écrivez chaque carte avec sa valeur, par exemple D=12, V=0"),
])
def test_unreadable_values_option_is_refused_as_the_table_writes_values(client, language, typed, said):
    answer, errors = start_with_values(client, "golf", language, typed)
    assert answer.status_code == 422 and errors == [said]  # never the API's JSON ({"Q": 12})


def start_with_values(client, key: str, language: str, typed: str):
    """Post a new game of Ann and Bob with card values typed; return the answer and the page's errors."""
    form = {"players-0": "Ann", "players-1": "Bob", "opt_values": typed}
    answer = client.post(f"/new/{key}", data=form, headers={"Accept-Language": language})
    return answer, re.findall(r'<p class="error[^"]*"[^>]*>(.*?)</p>', answer.get_data(as_text=True))


@pytest.mark.parametrize("typed, stored", [("60, 90, 1 000", [60, 90, 1000]), ("50; 90; 120; 1\u00a0500", [50, 90, 120, 1500]),
                                           ("60 90 120", [60, 90, 120]), ("60 90 1 000", None)])
def test_a_list_of_numbers_reads_thousands_as_a_points_box_does(client, typed, stored):
    form = {"players-0": "Ann", "players-1": "Bob", "opt_meld_minimums": typed}
    answer = client.post("/new/hand-and-foot", data=form)
    if stored is None:  # "1 000" with spaces between the numbers too: not read as 1 and 0
        assert answer.status_code == 422 and 'id="opt_meld_minimums-err"' in answer.get_data(as_text=True)
    else:
        assert client.get(f"/api/games/{game_id(answer)}").get_json()["options"]["meld_minimums"] == stored


@pytest.mark.parametrize(("language", "typed", "said"), [
    ("en", "K=15, K=20", "K and K are the same card: give it one value"),
    ("en", "q=12, Q♠=40, Q=13", "q and Q are the same card: give it one value"),
    ("fr", "R=15, R♥=3, r=20", "R et r sont la même carte\u00a0: donnez-lui une seule valeur"),
])
def test_a_card_given_two_values_is_refused_not_the_last_one_kept(client, language, typed, said):
    answer, errors = start_with_values(client, "hand-and-foot", language, typed)
    assert answer.status_code == 422 and errors == [said] and f'value="{typed}"' in answer.get_data(as_text=True)


@pytest.mark.parametrize(("language", "said"), [("en", "must be at most 1,000"), ("fr", "doit valoir au plus 1\u202f000")])
def test_a_refused_named_number_is_refused_by_its_own_box(client, language, said):
    form = {f"players-{i}": name for i, name in enumerate(["Ann", "Bob", "Cy", "Di"])}
    answer = client.post("/new/trash-twelve-hands", data={**form, "opt_points-king": "5000"},
                         headers={"Accept-Language": language})
    errors = re.findall(r'<p class="error[^"]*" id="([^"]*)">(.*?)</p>', answer.get_data(as_text=True))
    assert answer.status_code == 422 and errors == [("opt_points-king-err", said)]  # under "Each king", not the first box


@pytest.mark.parametrize("language, typed, stored", [("en", "D=12", None), ("en", "Q=12", {"Q": 12}),
                                                     ("fr", "Q=12", None), ("fr", "D=12", {"Q": 12})])
def test_card_values_are_read_in_the_pages_letters_only(client, language, typed, stored):
    answer = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob", "opt_values": typed},
                         headers={"Accept-Language": language})
    if stored is None:  # an English D is diamonds, a French Q no card: refused on the box, never read as a queen
        errors = re.findall(r'id="opt_values-err">(.*?)</p>', answer.get_data(as_text=True))
        assert answer.status_code == 422 and errors and errors[0].startswith(typed.split("=")[0])
    else:
        assert client.get(f"/api/games/{game_id(answer)}").get_json()["options"]["values"] == stored


def test_a_gin_draw_leaves_out_a_knocker_tapped_before_it_without_scripts(client):
    gid = game_id(start(client, "gin-rummy", ["Ann", "Bob"]))
    posted = {"result": "draw", "knocker": "0", "deadwood-0": "5", "deadwood-1": "30"}  # a radio cannot be untapped
    assert client.post(f"/games/{gid}/rounds", data=posted).status_code == 302
    hand = client.get(f"/api/games/{gid}").get_json()["rounds"][0]
    assert hand["data"] == {"result": "draw"} and hand["points"] == [0, 0]


def test_chase_players_ticked_against_the_cards_are_refused_and_kept(client):
    gid = game_id(start(client, "chase-the-ace", ["Ann", "Bob", "Cy"]))
    refused = client.post(f"/games/{gid}/rounds", data={"cards-0": "A", "cards-1": "5", "cards-2": "K", "losers": "2"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422 and client.get(f"/api/games/{gid}").get_json()["rounds"] == []
    assert '<p class="error" id="losers-err">the cards given say Ann lost a life' in page
    assert 'checked id="losers-2"' in page and 'value="K"' in page  # Cy's tick and the cards, as typed


def test_the_same_deal_saved_by_two_phones_is_the_same_even_when_someone_went_out_in_it(client, app):
    """Both phones typed deal 1, in which Ann lost her only life: the second is told it is already saved with the
    same scores (its cards read as deal 1's, with Ann still in), not offered to replace it."""
    gid = game_id(start(client, "chase-the-ace", ["Ann", "Bob", "Cy"], lives="1"))
    phone_b = app.test_client()
    with client.session_transaction() as held, phone_b.session_transaction() as other:
        other.update(dict(held))
    deal = {"number": "1", "cards-0": "A", "cards-1": "5", "cards-2": "K"}
    assert client.post(f"/games/{gid}/rounds", data=deal).status_code == 302
    page = phone_b.post(f"/games/{gid}/rounds", data=deal, follow_redirects=True).get_data(as_text=True)
    assert "Deal 1 is already saved, with the same scores." in page and "data-race-round" not in page.split("<template")[0]


def test_round_form_records_a_hole_and_refusals_keep_input(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    refused = client.post(f"/games/{gid}/rounds", data={"cards-0": "K 5 5", "score-1": "7", "number": "1"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert "a layout has 4 cards; this one has 3" in page and 'value="K 5 5"' in page and 'value="7"' in page
    ok = client.post(f"/games/{gid}/rounds", data={"cards-0": "K 5 5 Q", "score-1": "7", "knocker": "1"})
    assert ok.status_code == 302
    state = client.get(f"/api/games/{gid}").get_json()
    assert state["rounds"][0]["data"] == {"players": [{"cards": ["K", "5", "5", "Q"]}, {"score": 7}], "knocker": 1}
    assert [s["total"] for s in state["standings"]] == [20, 7]


@pytest.mark.parametrize("knocker", ["abc", "-1", "\uff11", "1.0", "9" * 50])
def test_a_knocker_that_is_no_player_is_refused_not_read_as_nobody(client, knocker):
    """Only a crafted post sends these; read as "Nobody", the hole would be saved without the knocker's rule."""
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    answer = client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "12", "knocker": knocker})
    assert answer.status_code == 422 and client.get(f"/api/games/{gid}").get_json()["rounds"] == []
    assert '<p class="error" id="knocker-err">pick one of the players</p>' in answer.get_data(as_text=True)


def test_a_tick_that_is_no_player_is_refused_not_dropped(client):
    gid = game_id(start(client, "chase-the-ace", ["Ann", "Bob", "Cy"]))
    answer = client.post(f"/games/{gid}/rounds", data={"losers": ["1", "x"]})
    assert answer.status_code == 422 and client.get(f"/api/games/{gid}").get_json()["rounds"] == []
    assert '<p class="error" id="losers-err">pick one of the players</p>' in answer.get_data(as_text=True)


def test_not_a_number_is_refused_next_to_the_field(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    answer = client.post(f"/games/{gid}/rounds", data={"score-0": "seven", "score-1": "3"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and 'value="seven"' in page
    assert "Score: write a whole number, or a sum such as 12+11+7" in page



def test_a_box_that_holds_no_number_does_not_hide_what_else_is_wrong(client):
    """One refusal names everything to fix: Dmitri's "abc" beside his box, and what the rules say of the others
    (Ann gave nothing, Bob's layout is short), but nothing more of Dmitri."""
    gid = game_id(start(client, "golf", ["Ann", "Bob", "Cy", "Dmitri"]))
    answer = client.post(f"/games/{gid}/rounds", data={"cards-1": "3 4", "score-2": "5", "score-3": "abc"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and 'value="abc"' in page and 'value="3 4"' in page
    assert re.findall(r'class="error[^"]*"[^>]*>(.*?)</', page) == [
        "give Ann&#39;s cards or score", "a layout has 4 cards; this one has 2",
        "Score: write a whole number, or a sum such as 12+11+7"]


def test_a_correction_with_a_box_that_holds_no_number_says_what_else_is_wrong(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob", "Cy"]))
    assert client.post(f"/games/{gid}/rounds", data={"score-0": "4", "score-1": "5", "score-2": "6"}).status_code == 302
    answer = client.post(f"/games/{gid}/rounds/1/edit", data={"cards-0": "K Q", "score-1": "lots", "score-2": "6"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and 'value="lots"' in page
    assert re.findall(r'class="error[^"]*"[^>]*>(.*?)</', page) == [
        "a layout has 4 cards; this one has 2", "Score: write a whole number, or a sum such as 12+11+7"]


@pytest.mark.parametrize("typed, total", [("12+11+7", 30), (" 4 + 3 ", 7), ("20-5", 15), ("−5+9", 4), ("7", 7),
                                          ("-5+-5", -10), ("−5+−5", -10), ("–5", -5), ("20 – 5", 15)])
def test_points_may_be_typed_as_a_sum(client, typed, total):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    assert client.post(f"/games/{gid}/rounds", data={"score-0": typed, "score-1": "3"}).status_code == 302
    assert client.get(f"/api/games/{gid}").get_json()["rounds"][0]["data"]["players"][0] == {"score": total}


@pytest.mark.parametrize("typed, total", [("1 000", 1000), ("1\u00a0250 + 50", 1300), ("12 345", 12345),
                                          ("1\u202f000-5", 995)])
def test_a_space_may_group_the_thousands_of_points(client, typed, total):
    gid = game_id(start(client, "any", ["Ann", "Bob"]))
    assert client.post(f"/games/{gid}/rounds", data={"points-0": typed, "points-1": "3"}).status_code == 302
    assert client.get(f"/api/games/{gid}").get_json()["rounds"][0]["data"]["points"] == [total, 3]


@pytest.mark.parametrize("typed, total", [("1,000", 1000), ("1,250+50", 1300), ("12,345", 12345), ("10,000-5", 9995)])
def test_a_comma_groups_the_thousands_of_points_on_an_english_page(client, typed, total):
    gid = game_id(start(client, "any", ["Ann", "Bob"]))
    assert client.post(f"/games/{gid}/rounds", data={"points-0": typed, "points-1": "3"}).status_code == 302
    assert client.get(f"/api/games/{gid}").get_json()["rounds"][0]["data"]["points"] == [total, 3]


@pytest.mark.parametrize("typed, language", [("12,8", "en"), ("1,0000", "en"), ("1,00", "en"), (",500", "en"),
                                             ("1,000", "fr"), ("2,5", "fr")])
def test_a_comma_that_groups_no_thousands_is_refused_and_kept(client, typed, language):
    """"12,8" is no score; in French a comma is a decimal point, so "1,000" there is refused, never read as 1000."""
    gid = game_id(start(client, "any", ["Ann", "Bob"]))
    answer = client.post(f"/games/{gid}/rounds", data={"points-0": typed, "points-1": "3"},
                         headers={"Accept-Language": language})
    assert answer.status_code == 422 and f'value="{typed}"' in answer.get_data(as_text=True)
    assert client.get(f"/api/games/{gid}").get_json()["rounds"] == []


NOT_A_SUM = "Score: write a whole number, or a sum such as 12+11+7"
SPLIT = "Score: a space splits a number in two; write one number (1 000 for a thousand), or a sum such as 12+8"
TOO_BIG = "Score: too big for a score"


@pytest.mark.parametrize("typed, said", [
    *((typed, NOT_A_SUM) for typed in ["12++3", "12+", "4*3", "1e3", "+".join(["1"] * 60), "5--5", "--5"]),
    *((typed, SPLIT) for typed in ["12 8", "1 0", "7 5+1"]),  # a space that splits a number: two, or a typo
    *((typed, TOO_BIG) for typed in ["1234567", "99999999999999999999", "12+12345678"])])
def test_points_that_are_not_a_score_are_refused_by_name_and_kept(client, typed, said):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    answer = client.post(f"/games/{gid}/rounds", data={"score-0": typed, "score-1": "3"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and said in page
    assert f'value="{typed}"' in page


@pytest.mark.parametrize("key, names, posted, said", [
    ("any", ["Ann", "Bob"], {"points-0": "2.5", "points-1": "3"}, ["Points: write a whole number, or a sum such as 12+11+7"]),
    ("trash-twelve-hands", ["Ann", "Bob", "Cy", "Dee"], {"tricks-0": "4.5", "tricks-1": "3", "tricks-2": "3", "tricks-3": "3"},
     ["must be a whole number"]),  # not also "the tricks add up to 9": they cannot while one is no number
])
def test_a_box_that_holds_no_number_is_said_once(client, key, names, posted, said):
    gid = game_id(start(client, key, names))
    page = client.post(f"/games/{gid}/rounds", data=posted).get_data(as_text=True)
    assert re.findall(r'class="error[^"]*"[^>]*>(.*?)</', page) == said  # not also "give Ann's points"


def test_a_count_box_left_empty_is_asked_for_not_read_as_0(client):
    """Ann's tricks emptied to be typed again: read as 0, the hand would add up with Dee's count wrong."""
    gid = game_id(start(client, "trash-twelve-hands", ["Ann", "Bob", "Cy", "Dee"]))
    answer = client.post(f"/games/{gid}/rounds", data={"tricks-0": "", "tricks-1": "4", "tricks-2": "2", "tricks-3": "7"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and client.get(f"/api/games/{gid}").get_json()["rounds"] == []
    assert '<p class="error" id="tricks-0-err">give how many tricks Ann took (0 if none)</p>' in page


def test_a_refusal_starts_with_its_box_name_as_a_sentence_does(client):
    gid = game_id(start(client, "garbage-rummy", ["Ann", "Bob"]))
    answer = client.post(f"/games/{gid}/rounds", data={"number": "1", "went_out": "0", "penalty-1": "lots"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "Penalty: write a whole number, or a sum such as 12+11+7" in page
    assert "or penalty" in page  # the box's own label, beside "Cards left", stays as it was


def test_a_stale_round_number_from_another_phone_is_refused(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2", "number": "1"})
    again = client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2", "number": "1"},
                        follow_redirects=True)
    page = again.get_data(as_text=True)
    assert again.status_code == 200 and "Hole 1 is already saved, with the same scores." in page
    other = client.post(f"/games/{gid}/rounds", data={"score-0": "17", "score-1": "23", "number": "1"},
                        follow_redirects=True)
    page = other.get_data(as_text=True)
    assert "Another phone saved Hole 1 first: \u2068Ann\u2069 1, \u2068Bob\u2069 2." in page
    assert 'value="17"' not in page and 'value="23"' not in page  # not carried into hole 2's form
    assert len(client.get(f"/api/games/{gid}").get_json()["rounds"]) == 1


def entry_key_of(page: str) -> str:
    """Return the entry key of the round form on a table page."""
    return re.search(r'name="entry_key" type="hidden" value="([^"]+)"', page).group(1)


def test_each_round_form_carries_its_own_entry_key(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    first, second = (entry_key_of(client.get(f"/games/{gid}").get_data(as_text=True)) for _ in range(2))
    assert first != second and len(first) >= 16


def test_a_retried_entry_is_saved_once_and_answered_as_saved(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    key = entry_key_of(client.get(f"/games/{gid}").get_data(as_text=True))
    entry = {"score-0": "1", "score-1": "2", "number": "1", "entry_key": key}
    assert client.post(f"/games/{gid}/rounds", data=entry).status_code == 302
    retry = client.post(f"/games/{gid}/rounds", data=entry, follow_redirects=True)
    page = retry.get_data(as_text=True)
    assert retry.status_code == 200 and "already saved" not in page and "saved Hole 1 first" not in page
    assert len(client.get(f"/api/games/{gid}").get_json()["rounds"]) == 1
    again = client.post(f"/games/{gid}/rounds", data={**entry, "number": ""})  # even without a round number
    assert again.status_code == 302 and len(client.get(f"/api/games/{gid}").get_json()["rounds"]) == 1


def test_a_refused_entry_keeps_its_key_and_saves_once_corrected(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    entry = {"score-0": "x", "score-1": "2", "number": "1", "entry_key": "k" * 22}
    refused = client.post(f"/games/{gid}/rounds", data=entry)
    assert refused.status_code == 422 and entry_key_of(refused.get_data(as_text=True)) == "k" * 22
    assert client.post(f"/games/{gid}/rounds", data={**entry, "score-0": "5"}).status_code == 302
    assert client.post(f"/games/{gid}/rounds", data={**entry, "score-0": "5"}).status_code == 302
    assert [r["data"] for r in client.get(f"/api/games/{gid}").get_json()["rounds"]] == [
        {"players": [{"score": 5}, {"score": 2}]}]


@pytest.mark.parametrize("key", ["", "short", "<script>" * 3, "k" * 65, "ü" * 20])
def test_an_entry_key_this_app_did_not_make_is_no_key(client, key):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    entry = {"score-0": "1", "score-1": "2", "entry_key": key}
    assert client.post(f"/games/{gid}/rounds", data=entry).status_code == 302
    assert client.post(f"/games/{gid}/rounds", data=entry).status_code == 302  # no number, no key: a new hole
    assert len(client.get(f"/api/games/{gid}").get_json()["rounds"]) == 2


def test_each_edit_form_carries_its_own_entry_key(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    first, second = (entry_key_of(client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True)) for _ in range(2))
    assert first != second and len(first) >= 16


def test_a_retried_edit_applies_once_and_is_answered_as_the_first(client):
    """A correction sent again (the phone never heard the answer) does not undo a later correction."""
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    key = entry_key_of(client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True))
    edit = {"score-0": "5", "score-1": "2", "entry_key": key}
    first = client.post(f"/games/{gid}/rounds/1/edit", data=edit)
    assert first.status_code == 302
    other_phone = {"score-0": "6", "score-1": "2",
                   "entry_key": entry_key_of(client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True))}
    assert client.post(f"/games/{gid}/rounds/1/edit", data=other_phone).status_code == 302
    version = client.get(f"/api/games/{gid}").get_json()["version"]
    retry = client.post(f"/games/{gid}/rounds/1/edit", data=edit)
    assert retry.status_code == 302 and retry.headers["Location"] == first.headers["Location"]
    state = client.get(f"/api/games/{gid}").get_json()
    assert state["rounds"][0]["data"] == {"players": [{"score": 6}, {"score": 2}]} and state["version"] == version
    assert len(state["rounds"]) == 1


def test_a_refused_edit_keeps_its_key_and_applies_once_corrected(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    edit = {"score-0": "x", "score-1": "2", "entry_key": "e" * 22}
    refused = client.post(f"/games/{gid}/rounds/1/edit", data=edit)
    assert refused.status_code == 422 and entry_key_of(refused.get_data(as_text=True)) == "e" * 22
    assert client.post(f"/games/{gid}/rounds/1/edit", data={**edit, "score-0": "4"}).status_code == 302
    assert client.get(f"/api/games/{gid}").get_json()["rounds"][0]["data"] == {"players": [{"score": 4}, {"score": 2}]}


def test_edit_and_delete_rounds_from_the_page(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    client.post(f"/games/{gid}/rounds", data={"score-0": "3", "score-1": "4"})
    form = client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True)
    assert 'value="1"' in form and 'value="2"' in form
    intro = re.search(r'<h1>Hole 1</h1>\s*<p class="muted">([^<]*)</p>', form).group(1)
    assert "round" not in intro  # Golf plays holes: the page does not call one a round
    assert client.post(f"/games/{gid}/rounds/1/edit", data={"score-0": "x"}).status_code == 422
    assert client.post(f"/games/{gid}/rounds/1/edit", data={"score-0": "5", "score-1": "2"}).status_code == 302
    assert [s["total"] for s in client.get(f"/api/games/{gid}").get_json()["standings"]] == [8, 6]
    client.post(f"/games/{gid}/rounds/1/delete")  # not the last: refused with a message
    assert len(client.get(f"/api/games/{gid}").get_json()["rounds"]) == 2
    client.post(f"/games/{gid}/rounds/2/delete")
    assert len(client.get(f"/api/games/{gid}").get_json()["rounds"]) == 1
    assert client.get(f"/games/{gid}/rounds/9/edit").status_code == 404


def test_finish_from_the_page(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    client.post(f"/games/{gid}/finish")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Winner: Ann" in page and 'id="round-form"' not in page


def test_the_scoreboard_goes_round_the_table_in_play_and_by_place_once_over(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob", "Zoë"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "9", "score-1": "5", "score-2": "2"})

    def board() -> list[str]:
        standings = client.get(f"/games/{gid}").get_data(as_text=True).split('class="standings"')[1].split("</ol>")[0]
        return re.findall(r'<span class="name">([^<]+)</span>', standings)

    assert board() == ["Ann", "Bob", "Zoë"]  # seat order while the game is played
    client.post(f"/games/{gid}/finish")
    assert board() == ["Zoë", "Bob", "Ann"]  # the final placings, 1st first


def test_only_holders_of_the_edit_link_can_change_a_game(app, client, create_game):
    state = create_game(players=["Ann", "Bob"])
    gid = state["id"]
    viewer = app.test_client()
    page = viewer.get(f"/games/{gid}").get_data(as_text=True)
    assert 'id="round-form"' not in page and "You are following this game" in page
    for path in (f"/games/{gid}/rounds", f"/games/{gid}/finish", f"/games/{gid}/rounds/1/delete"):
        assert viewer.post(path, data={"score-0": "1"}).status_code == 403
    assert viewer.get(f"/games/{gid}/rounds/1/edit").status_code == 403
    assert viewer.get(f"/games/{gid}/edit/wrong-token").status_code == 403
    assert viewer.get(f"/games/{gid}/edit/{state['token']}").status_code == 302
    assert 'id="round-form"' in viewer.get(f"/games/{gid}").get_data(as_text=True)


def test_unknown_game_and_page_are_404_pages(client):
    for path in ("/games/nope", "/new/chess", "/rules/chess", "/nothing"):
        answer = client.get(path)
        assert answer.status_code == 404 and "Nothing here" in answer.get_data(as_text=True)


def test_names_are_escaped(client):
    gid = game_id(start(client, "golf", ["<script>alert(1)</script>", "Bob & Co"]))
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page


@pytest.fixture
def csrf_client(make_app):
    return make_app(WTF_CSRF_ENABLED=True).test_client()


def test_forms_need_the_csrf_token(csrf_client):
    answer = start(csrf_client, "golf", ["Ann", "Bob"])
    assert answer.status_code == 422 and "The form expired" in answer.get_data(as_text=True)
    page = csrf_client.get("/new/golf").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    made = csrf_client.post("/new/golf", data={"csrf_token": token, "players-0": "Ann", "players-1": "Bob"})
    assert made.status_code == 302
    gid = game_id(made)
    assert csrf_client.post(f"/games/{gid}/finish").status_code == 400
    assert csrf_client.post(f"/games/{gid}/rounds/1/delete").status_code == 400
    refused = csrf_client.post(f"/games/{gid}/rounds", data={"score-0": "11", "score-1": "2"})
    assert refused.status_code == 422 and 'value="11"' in refused.get_data(as_text=True)
    assert "The form expired" in refused.get_data(as_text=True)
    assert csrf_client.get(f"/api/games/{gid}").get_json()["rounds"] == []


def test_pages_are_served_with_a_strict_content_policy(client):
    headers = client.get("/").headers
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "same-origin" and headers["X-Content-Type-Options"] == "nosniff"


def test_an_unexpected_failure_is_answered_calmly(app, client, create_game, monkeypatch):
    state = create_game()
    app.config["PROPAGATE_EXCEPTIONS"] = False

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("scorekeeper.play.tables.table_view", broken)
    page = client.get(f"/games/{state['id']}")
    assert page.status_code == 500 and "Nothing was saved" in page.get_data(as_text=True)
    api = client.get(f"/api/games/{state['id']}")
    assert api.status_code == 500 and "server" in api.get_json()["errors"]


def test_cards_and_a_score_for_one_player_are_refused_not_guessed(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    answer = client.post(f"/games/{gid}/rounds", data={"cards-0": "K 5 5 Q", "score-0": "3", "score-1": "7"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "not both" in page and 'value="K 5 5 Q"' in page


def test_an_accidental_end_can_be_taken_back(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    client.post(f"/games/{gid}/finish")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Carry on playing" in page
    assert client.post(f"/games/{gid}/resume").status_code == 302
    state = client.get(f"/api/games/{gid}").get_json()
    assert state["status"] == "playing" and state["next"]["round"] == 2
    assert 'id="round-form"' in client.get(f"/games/{gid}").get_data(as_text=True)


def test_who_deals_first_is_chosen_on_the_form(client):
    answer = start(client, "golf", ["Ann", "Bob", "Cy"], first_dealer="2")
    state = client.get(f"/api/games/{game_id(answer)}").get_json()
    assert state["options"]["first_dealer"] == 2 and state["next"]["dealer"] == 2
    refused = start(client, "golf", ["Ann", "Bob"], first_dealer="5")
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "there are only 2 players at this table" in page
    assert '<p class="refused" role="alert">The game was not started; see what is marked below.</p>' in page


@pytest.mark.parametrize("key, inside, outside", [
    ("chase-the-ace", "Kings: A player holding a king", "Pot: 0.00"),
    ("hand-and-foot", "Shuffle 5 packs together", "Hand 1 of 4"),
])
def test_the_fixed_notes_fold_into_table_rules(client, key, inside, outside):
    answer = start(client, key, ["Ann", "Bob", "Cy", "Di"])
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    folded = page[page.index('<li class="table-rules"><details>'):]
    folded = folded[:folded.index("</details>")]
    assert "Table rules" in folded and inside in folded and outside not in folded and outside in page


def test_the_words_in_the_rounds_grid_are_in_the_readers_language(client, create_game, post_round):
    game = create_game("gin-rummy", ["Ann", "Bob"])
    post_round(game, {"result": "knock", "knocker": 0, "deadwood": [8, 5]})  # Bob undercuts Ann
    post_round(game, {"result": "gin", "knocker": 0, "deadwood": [0, 20]})
    french = client.get(f"/games/{game['id']}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "<td>28 contre</td>" in french and "<td>45 gin</td>" in french and "undercut" not in french
    english = client.get(f"/games/{game['id']}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "<td>28 undercut</td>" in english


def test_a_refused_saves_address_opens_the_table_when_reloaded_or_bookmarked(client):
    gid = game_id(start(client, "golf", ("Ann", "Bob")))
    refused = client.post(f"/games/{gid}/rounds", data={"score-0": "400", "score-1": "3", "number": "1"})
    assert refused.status_code == 422
    again = client.get(f"/games/{gid}/rounds")  # the address the refusal left, opened again
    assert again.status_code == 302 and again.headers["Location"] == f"/games/{gid}#round-form"
    assert client.get("/games/nosuchgame00/rounds").status_code == 404


def test_a_save_offers_its_undo_and_a_game_ended_early_says_so(client):
    gid = game_id(start(client, "golf", ("Ann", "Bob")))
    client.post(f"/games/{gid}/rounds", data={"score-0": "4", "score-1": "3", "number": "1"})
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Hole 1 saved." in page and f'action="/games/{gid}/rounds/1/delete"' in page
    assert 'data-confirm="Delete hole 1?"' in page
    assert "Hole 1 saved." not in client.get(f"/games/{gid}").get_data(as_text=True)  # once
    client.post(f"/games/{gid}/finish")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Ended early, after hole 1 of 9." in page


@pytest.mark.parametrize("language, says", [("en", "Stopped after round 2."),
                                            ("fr", "Partie arrêtée après la manche 2.")])
def test_a_game_with_no_planned_end_stopped_by_hand_is_not_said_to_end_early(client, create_game, post_round,
                                                                              language, says):
    state = create_game("any", ["Ann", "Bob"], {"name": "Hearts"})
    post_round(state, {"points": [3, 5]})
    post_round(state, {"points": [2, 1]})
    finished = client.post(f"/api/games/{state['id']}/finish", headers={"Authorization": f"Bearer {state['token']}"})
    assert finished.status_code == 200
    page = client.get(f"/games/{state['id']}", headers={"Accept-Language": language}).get_data(as_text=True)
    assert says in page and "Ended early" not in page and "avant la fin" not in page


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_negative_score_is_written_with_a_true_minus(client, create_game, post_round, language):
    state = create_game("any", ["Ann", "Bob"], {"name": "Hearts"})
    post_round(state, {"points": [-12, 5]})
    post_round(state, {"points": [-3, -4]})
    headers = {"Accept-Language": language}
    for path in (f"/games/{state['id']}", f"/games/{state['id']}/live"):
        text = client.get(path, headers=headers).get_data(as_text=True)
        assert '<span class="total">−15</span>' in text and '<span class="total">1</span>' in text, path
        assert "<td>−12</td>" in text and "<td>−4</td>" in text and "<td>−15</td>" in text, path  # grid and Σ
        assert not re.search(r">\s*-\d", text), path
    api = client.get(f"/api/games/{state['id']}").get_json()
    assert [s["total"] for s in sorted(api["standings"], key=lambda s: s["seat"])] == [-15, 1]  # the API stays numeric


def test_a_true_minus_typed_or_pasted_reads_as_minus(client):
    gid = game_id(start(client, "any", ["Ann", "Bob"], name="Hearts"))
    answer = client.post(f"/games/{gid}/rounds", data={"number": "1", "points-0": "−12", "points-1": "-3"})
    assert answer.status_code == 302, answer.get_data(as_text=True)[:300]
    totals = {s["seat"]: s["total"] for s in client.get(f"/api/games/{gid}").get_json()["standings"]}
    assert totals == {0: -12, 1: -3}


def test_a_groups_figures_are_written_with_a_true_minus(app):
    from scorekeeper.web.templating import number

    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert number(-12) == "−12" and number(-1.25) == "−1,3" and number(3) == "3"


def test_a_players_empty_entry_is_marked_in_their_own_part_of_the_form(client):
    gid = game_id(start(client, "hand-and-foot", ["Ann", "Gus"]))
    answer = client.post(f"/games/{gid}/rounds", data={"number": "1", "clean_books-0": "1", "dirty_books-0": "0",
                                                       "red_threes-0": "0", "went_out-0": "y",
                                                       "melded_points-0": "500", "left_points-0": "0",
                                                       "clean_books-1": "0", "dirty_books-1": "0",
                                                       "red_threes-1": "0"})  # Gus: the counts as shown, no more
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422
    gus = page[page.index("<legend>Gus</legend>"):]
    gus = gus[:gus.index("</fieldset>")]  # Gus's part of the form
    assert "Gus&#39;s entry is empty" in gus and page.count("Gus&#39;s entry is empty") == 1
    assert 'id="melded_points-1-err"' in gus  # under the points laid down, the first box left empty


@pytest.mark.parametrize("key, entry, language, asks", [
    ("golf", {"score-0": "4", "score-1": "9"}, "en", "Undo hole 1? Its scores come back into the form."),
    ("hand-and-foot", {"clean_books-0": "1", "dirty_books-0": "2", "red_threes-0": "0", "went_out-0": "y",
                       "melded_points-0": "500", "left_points-0": "0", "clean_books-1": "0", "dirty_books-1": "0",
                       "red_threes-1": "0", "melded_points-1": "0", "left_points-1": "10"}, "en",
     "Undo hand 1? Its scores come back into the form."),
    ("golf", {"score-0": "4", "score-1": "9"}, "fr", "Annuler le trou 1\u202f? Ses scores reviennent dans le formulaire."),
])
def test_undo_asks_in_table_words_what_it_does(client, key, entry, language, asks):
    """Undo's question says what undo does, with the game's word for a round (issue 38), not "Delete hole 1?"."""
    gid = game_id(start(client, key, ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"number": "1", **entry})
    page = client.get(f"/games/{gid}", headers={"Accept-Language": language}).get_data(as_text=True)
    bar = page[page.index('class="saved-bar"'):]
    assert f'data-confirm="{asks}"' in bar[:bar.index("</div>")], bar[:600]


def test_undo_and_delete_bring_the_round_back_into_the_form_once(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    for number in (1, 2):
        client.post(f"/games/{gid}/rounds", data={"number": str(number), "score-0": "4", "score-1": "9"})
    client.post(f"/games/{gid}/rounds/2/delete")  # Undo, beside "Hole 2 saved."
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'name="score-0" type="text" value="4"' in page and 'name="score-1" type="text" value="9"' in page
    assert "Hole 2 deleted. What it held is back in the form below, to fix and save again." in page  # says so
    page = client.get(f"/games/{gid}").get_data(as_text=True)  # once: a reload is the blank form again
    assert 'name="score-0" type="text" value=""' in page
    client.post(f"/games/{gid}/rounds/1/delete")  # "Delete the last hole" from the rounds: one wrong tap is not
    page = client.get(f"/games/{gid}").get_data(as_text=True)  # a hole lost: one more puts it back
    assert 'name="score-0" type="text" value="4"' in page and "Hole 1 deleted. What it held is back in the form" in page
    assert 'name="score-0" type="text" value=""' in client.get(f"/games/{gid}").get_data(as_text=True)


def test_undo_of_a_round_too_big_for_the_session_cookie_leaves_the_form_blank(client, monkeypatch):
    from scorekeeper.games import views

    monkeypatch.setattr(views, "UNDONE_MOST", 10)  # the session cookie also carries the edit tokens: never lose them
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"number": "1", "score-0": "4", "score-1": "9"})
    client.post(f"/games/{gid}/rounds/1/delete")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'name="score-0" type="text" value=""' in page and 'id="round-form"' in page


def test_deleting_a_round_of_a_game_ended_by_hand_promises_no_form(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    for number in (1, 2):
        client.post(f"/games/{gid}/rounds", data={"number": str(number), "score-0": "4", "score-1": "9"})
    client.post(f"/games/{gid}/finish")
    page = client.post(f"/games/{gid}/rounds/2/delete", follow_redirects=True).get_data(as_text=True)
    assert "Hole 2 deleted." in page and "back in the form" not in page and 'id="round-form"' not in page


def test_a_form_whose_round_was_deleted_since_saves_what_it_sends_now(client):
    """Saved, then Undo, then the same form sent again with another score (Back, changed, Save): its hole is gone,
    so this is an entry like any other, saved once; no server error."""
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    key = entry_key_of(client.get(f"/games/{gid}").get_data(as_text=True))
    entry = {"score-0": "5", "score-1": "6", "number": "1", "entry_key": key}
    assert client.post(f"/games/{gid}/rounds", data=entry).status_code == 302
    client.post(f"/games/{gid}/rounds/1/delete")
    again = client.post(f"/games/{gid}/rounds", data={**entry, "score-1": "7"})
    assert again.status_code == 302
    assert client.post(f"/games/{gid}/rounds", data={**entry, "score-1": "7"}).status_code == 302  # a retry
    assert [r["data"] for r in client.get(f"/api/games/{gid}").get_json()["rounds"]] == [
        {"players": [{"score": 5}, {"score": 7}]}]


def test_the_home_page_folds_away_many_finished_games_and_leads_to_start_one(client):
    ids = [game_id(start(client, "golf", ["Ann", "Bob"])) for _ in range(9)]
    for gid in ids[:8]:
        client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
        client.post(f"/games/{gid}/finish")
    page = client.get("/").get_data(as_text=True)
    listed, older = page.split('<details class="older-games">')
    assert listed.count('class="status status-') == 6  # the game being played, then the 5 latest finished
    assert "3 older finished games" in older and older.count('class="status status-finished') == 3
    assert 'href="#start">Start a game</a>' in listed and 'id="start"' in page
    assert re.search(r'<time datetime="\d{4}-\d\d-\d\dT[^"]*\+00:00" data-local-time>', page)  # the script writes it locally


def test_the_home_page_names_who_won_each_of_the_latest_finished_games(client):
    won = game_id(start(client, "golf", ["Ann", "Bob"], holes="1"))
    client.post(f"/games/{won}/rounds", data={"number": "1", "score-0": "9", "score-1": "4"})
    ended = client.post("/api/games", json={"game": "golf", "players": ["Cy", "Di"]}).get_json()
    client.get(f"/games/{ended['id']}/edit/{ended['token']}")  # this browser holds its edit link
    finished = client.post(f"/api/games/{ended['id']}/finish", headers={"Authorization": f"Bearer {ended['token']}"})
    assert finished.get_json()["status"] == "finished"  # the API still ends a game before its first hole
    page = client.get("/").get_data(as_text=True)
    assert page.count('class="status status-finished') == 2  # both listed as finished,
    assert page.count("won by") == 1 and "won by Bob" in page  # and nobody won the one never played


def test_a_hands_running_check_is_written_as_the_readers_language_writes_it(client):
    gid = game_id(start(client, "trash-twelve-hands", ["Ann", "Bob", "Cy", "Dee"]))
    english = client.get(f"/games/{gid}").get_data(as_text=True)
    french = client.get(f"/games/{gid}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert 'data-sum-label="Tricks: {got} / {want}"' in english
    assert 'data-sum-label="Plis\u00a0: {got} / {want}"' in french  # a no-break space before the colon


def was_of(page: str) -> str:
    """Return what the round held when its correction form was filled in (the form sends it back)."""
    return re.search(r'name="was" value="([0-9a-f]+)"', page).group(1)


def test_a_correction_made_over_another_phones_correction_is_not_saved_over_it(client, app):
    """Two phones correct the same hole: the second, filled in before the first was saved, comes back as typed,
    saying what the hole holds now; sent again, it replaces it on purpose."""
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "5", "score-1": "6"})
    phone_b = app.test_client()
    with client.session_transaction() as held, phone_b.session_transaction() as other:
        other.update(dict(held))  # the second phone opened the game's edit link too
    page_a, page_b = (c.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True) for c in (client, phone_b))
    a = {"score-0": "7", "score-1": "6", "entry_key": entry_key_of(page_a), "was": was_of(page_a)}
    assert client.post(f"/games/{gid}/rounds/1/edit", data=a).status_code == 302
    b = {"score-0": "5", "score-1": "8", "entry_key": entry_key_of(page_b), "was": was_of(page_b)}
    refused = phone_b.post(f"/games/{gid}/rounds/1/edit", data=b)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert "Another phone corrected Hole 1 while you were changing it: \u2068Ann\u2069 7, \u2068Bob\u2069 6." in page
    assert 'value="8"' in page and entry_key_of(page) != b["entry_key"]  # as typed, to be saved as a correction anew
    # each box that differs from the hole as it stands says so: Ann's 5, sent again unseen, would undo the other 7
    assert '<p class="error" id="score-0-err">the other phone saved 7 here</p>' in page
    assert '<p class="error" id="score-1-err">the other phone saved 6 here</p>' in page
    assert client.get(f"/api/games/{gid}").get_json()["rounds"][0]["data"] == {
        "players": [{"score": 7}, {"score": 6}]}  # the first correction stands
    again = phone_b.post(f"/games/{gid}/rounds/1/edit", data={**b, "entry_key": entry_key_of(page),
                                                               "was": was_of(page)})
    assert again.status_code == 302  # saved once more, knowingly: it replaces the other phone's
    assert client.get(f"/api/games/{gid}").get_json()["rounds"][0]["data"] == {
        "players": [{"score": 5}, {"score": 8}]}
    stale = was_of(page_a)  # what the hole held before either correction
    same = phone_b.post(f"/games/{gid}/rounds/1/edit", data={"score-0": "5", "score-1": "8", "was": stale})
    assert same.status_code == 302  # typed just what the other phone saved: nothing to refuse
    typo = phone_b.post(f"/games/{gid}/rounds/1/edit", data={"score-0": "x", "score-1": "8", "was": stale})
    assert typo.status_code == 422 and "Another phone corrected Hole 1" in typo.get_data(as_text=True)


def test_other_scores_sent_again_from_a_saved_round_form_are_not_taken_for_a_retry(client):
    """Back to the round form after saving it, a score changed, saved again: the same form's key, other figures.
    Nothing is saved over the hole or as another hole; the table says what the hole holds, beside Save."""
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    key = entry_key_of(client.get(f"/games/{gid}").get_data(as_text=True))
    entry = {"score-0": "5", "score-1": "6", "number": "1", "entry_key": key}
    assert client.post(f"/games/{gid}/rounds", data=entry).status_code == 302
    changed = client.post(f"/games/{gid}/rounds", data={**entry, "score-1": "8"}, follow_redirects=True)
    page = changed.get_data(as_text=True)
    assert changed.status_code == 200
    assert "Hole 1 was already saved from this form: \u2068Ann\u2069 5, \u2068Bob\u2069 6. What you typed after that was not saved" in page
    assert 'data-race-round="1"' in page  # the panel that offers to put the typed scores in
    assert [r["data"] for r in client.get(f"/api/games/{gid}").get_json()["rounds"]] == [
        {"players": [{"score": 5}, {"score": 6}]}]
    retry = client.post(f"/games/{gid}/rounds", data=entry, follow_redirects=True)  # the first, sent again
    assert "already saved from this form" not in retry.get_data(as_text=True)
    assert len(client.get(f"/api/games/{gid}").get_json()["rounds"]) == 1


def test_other_scores_sent_again_from_a_saved_correction_come_back_as_typed(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    page = client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True)
    edit = {"score-0": "5", "score-1": "2", "entry_key": entry_key_of(page), "was": was_of(page)}
    assert client.post(f"/games/{gid}/rounds/1/edit", data=edit).status_code == 302
    refused = client.post(f"/games/{gid}/rounds/1/edit", data={**edit, "score-1": "9"})  # Back, changed, saved
    shown = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert "This correction of Hole 1 was already saved: \u2068Ann\u2069 5, \u2068Bob\u2069 2. What you typed after that was not saved" \
        in shown
    assert 'value="9"' in shown and entry_key_of(shown) != edit["entry_key"]  # as typed, as a correction of its own
    assert client.get(f"/api/games/{gid}").get_json()["rounds"][0]["data"] == {"players": [{"score": 5}, {"score": 2}]}
    again = {"score-0": "5", "score-1": "9", "entry_key": entry_key_of(shown), "was": was_of(shown)}
    assert client.post(f"/games/{gid}/rounds/1/edit", data=again).status_code == 302  # saved knowingly
    assert client.get(f"/api/games/{gid}").get_json()["rounds"][0]["data"] == {"players": [{"score": 5}, {"score": 9}]}
    assert client.post(f"/games/{gid}/rounds/1/edit", data=edit).status_code == 302  # the first, sent again: a retry
    assert client.get(f"/api/games/{gid}").get_json()["rounds"][0]["data"] == {"players": [{"score": 5}, {"score": 9}]}


def test_a_saved_correction_says_so_above_the_rounds_and_a_refused_one_says_it_was_not_saved(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    saved = client.post(f"/games/{gid}/rounds/1/edit", data={"score-0": "5", "score-1": "2"})
    assert saved.status_code == 302 and saved.headers["Location"].endswith("#corrected")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    said = '<p class="flash flash-info" id="corrected" role="status">Hole 1 corrected; every total after it is ' \
           'worked out again.</p>'
    assert said in page and page.index(said) < page.index('id="rounds"') and page.count("Hole 1 corrected") == 1
    assert "Hole 1 corrected" not in client.get(f"/games/{gid}").get_data(as_text=True)  # said once
    refused = client.post(f"/games/{gid}/rounds/1/edit", data={"score-0": "x", "score-1": "2"})
    shown = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "The correction was not saved; see what is marked below." in shown
    assert "The correction was not saved" not in client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True)


def test_a_correction_refused_for_a_later_round_says_it_was_not_saved(client):
    """Nothing marked under a box: the later hole that would no longer stand is said above them, and so is
    that nothing was saved."""
    gid = game_id(start(client, "golf", ["Ann", "Bob", "Cy"], quarters="1"))
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2", "score-2": "9"})
    client.post(f"/games/{gid}/rounds", data={"score-0": "1", "score-1": "2"})
    refused = client.post(f"/games/{gid}/rounds/1/edit", data={"score-0": "9", "score-1": "2", "score-2": "1"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "would no longer stand" in page
    assert '<p class="refused" role="alert">The correction was not saved.</p>' in page


def test_replace_it_with_mine_sends_what_the_round_held_when_the_panel_showed_it(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"number": "1", "score-0": "5", "score-1": "6"})
    client.post(f"/games/{gid}/rounds", data={"number": "1", "score-0": "2", "score-1": "6"})  # lost the race
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    shown = re.search(r'data-race-was="([0-9a-f]+)"', page).group(1)
    assert shown == was_of(client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True))


def test_a_game_is_not_ended_by_hand_before_its_first_round(client):
    """Nobody leads before the first round: "End the game now" would make everyone a winner."""
    gid = game_id(start(client, "golf", ["Ann", "Bob", "Cy"]))
    assert "End the game now" not in client.get(f"/games/{gid}").get_data(as_text=True)
    page = client.post(f"/games/{gid}/finish", follow_redirects=True).get_data(as_text=True)
    assert "No round has been played yet, so nobody leads: there is nothing to end." in page
    assert client.get(f"/api/games/{gid}").get_json()["status"] == "playing"
    client.post(f"/games/{gid}/rounds", data={"score-0": "3", "score-1": "5", "score-2": "4"})
    assert "End the game now" in client.get(f"/games/{gid}").get_data(as_text=True)
    client.post(f"/games/{gid}/finish")
    state = client.get(f"/api/games/{gid}").get_json()
    assert state["status"] == "finished" and state["winners"] == [0]


def test_a_pot_game_shows_each_players_money_on_the_table_and_the_sheet(client):
    """The rules page promises it: each player's money, won less paid in, so the table can settle up."""
    gid = game_id(start(client, "golf", ["Ann", "Bob", "Cy"], pot_stake="0.25"))
    client.post(f"/games/{gid}/rounds", data={"score-0": "5", "score-1": "3", "score-2": "9", "knocker": "0"})
    client.post(f"/games/{gid}/rounds", data={"score-0": "2", "score-1": "4", "score-2": "6", "knocker": "0"})
    english = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Money: +0.25" in english and english.count("Money: \u22120.50") == 2
    french = client.get(f"/games/{gid}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Argent\u00a0: +0,25\u00a0€" in french and "Argent\u00a0: \u22120,50\u00a0€" in french  # in euros
    sheet = client.get(f"/games/{gid}/sheet.pdf")
    text = pdf_words(sheet.data)
    assert "Money: +0.25" in text and text.count("Money: \u22120.50") == 2
    client.post(f"/games/{gid}/finish")  # what nobody took stays in the pot, and the money adds up with it
    assert "Left in the pot: 0.75" in client.get(f"/games/{gid}").get_data(as_text=True)
    french = client.get(f"/games/{gid}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Reste dans le pot\u00a0: 0,75\u00a0€" in french


def test_a_french_reader_sees_the_stake_in_euros_and_an_english_one_a_plain_amount(client):
    """Issue 38: "Mise par vie 0,10" said no currency. French writes its amounts in euros ("0,10 €"); English keeps
    the number alone, as a table's money may be dollars, pounds or euros."""
    gid = game_id(start(client, "chase-the-ace", ["Ann", "Bob", "Cy"], stake="0.10"))
    french = client.get(f"/games/{gid}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "0,10\u00a0€" in french
    english = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "0.10" in english and "€" not in english and "$" not in english
    card = client.get(f"/games/{gid}/sheet.pdf", headers={"Accept-Language": "fr"})
    text = pdf_words(card.data)
    assert "0,10\u00a0€" in text or "0,10 €" in text


def test_players_who_go_out_together_and_share_the_win_are_not_struck_out(client):
    gid = game_id(start(client, "golf", ["Ann", "Bob", "Cy"], preset="quarters", quarters="1"))
    client.post(f"/games/{gid}/rounds", data={"score-0": "2", "score-1": "9", "score-2": "9"})  # Bob and Cy pay
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    rows = re.findall(r'<li class="([^"]*)">\s*<span class="who">.*?<span class="name">([^<]+)</span>', page, re.S)
    classes = {name: set(cls.split()) for cls, name in rows}
    assert "out" not in classes["Ann"] and "leader" in classes["Ann"]
    assert "out" in classes["Bob"] and "out" in classes["Cy"]  # out, and not winners: struck as before
    game = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"], "options": {"quarters": 1}})
    state = game.get_json()
    client.get(f"/games/{state['id']}/edit/{state['token']}")
    client.post(f"/games/{state['id']}/rounds", data={"score-0": "7", "score-1": "7"})  # both pay their last quarter
    shared = client.get(f"/games/{state['id']}").get_data(as_text=True)
    rows = re.findall(r'<li class="([^"]*)">\s*<span class="who">.*?<span class="name">([^<]+)</span>', shared, re.S)
    assert all("leader" in cls.split() and "out" not in cls.split() for cls, _ in rows), rows


def test_a_round_sent_after_another_phone_deleted_the_last_is_named_as_sent(client):
    """Hole 3 deleted on another phone while this one typed hole 4: "Hole 3 was not saved; see what is marked below"
    named another hole, and nothing was marked. It names hole 4, and the reason is said."""
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    for n in (1, 2, 3):
        assert client.post(f"/games/{gid}/rounds", data={"number": str(n), "score-0": "5", "score-1": "6"}
                           ).status_code == 302
    client.post(f"/games/{gid}/rounds/3/delete")
    answer = client.post(f"/games/{gid}/rounds", data={"number": "4", "score-0": "1", "score-1": "2"})
    said = re.findall(r'class="(?:error|refused)[^"]*"[^>]*>([^<]*)<', answer.get_data(as_text=True))
    assert answer.status_code == 422 and said == [
        "Hole 4 was not saved.", "Hole 3 was deleted since these scores were typed for Hole 4; check them before you "
                                 "save them as Hole 3"]


@pytest.mark.parametrize("typed", ["1", "x"])
def test_a_round_sent_past_the_next_one_says_why_it_was_not_saved(client, typed):
    """A form for hole 5 where hole 4 is next said only "Hole 5 was not saved." when a box was wrong too: why comes
    first, in table words, and no box is marked (the form is the next hole's now)."""
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    for n in (1, 2, 3):
        client.post(f"/games/{gid}/rounds", data={"number": str(n), "score-0": "5", "score-1": "6"})
    answer = client.post(f"/games/{gid}/rounds", data={"number": "6", "score-0": typed, "score-1": "2"})
    said = re.findall(r'class="(?:error|refused)[^"]*"[^>]*>([^<]*)<', answer.get_data(as_text=True))
    assert answer.status_code == 422 and said == ["Hole 6 was not saved.", "Hole 6 cannot be saved yet: the next "
                                                  "one is Hole 4; check the scores before you save them as Hole 4"]
    answer = client.post(f"/games/{gid}/rounds", data={"number": "5", "score-0": typed, "score-1": "2"})
    said = re.findall(r'class="(?:error|refused)[^"]*"[^>]*>([^<]*)<', answer.get_data(as_text=True))
    assert said == ["Hole 5 was not saved.", "Hole 4 was deleted since these scores were typed for Hole 5; check "
                                             "them before you save them as Hole 4"]
    assert len(client.get(f"/api/games/{gid}").get_json()["rounds"]) == 3


def test_a_correction_over_another_phones_marks_only_the_boxes_that_differ(client, app):
    """Cards typed as the other phone saved them ("k 5, 5 3" for "K 5 5 3") are the same; a tick-box pick of players
    says the players the other phone picked."""
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    client.post(f"/games/{gid}/rounds", data={"cards-0": "K 5 5 2", "cards-1": "A 2 3 4"})
    phone_b = app.test_client()
    with client.session_transaction() as held, phone_b.session_transaction() as other:
        other.update(dict(held))
    page_a, page_b = (c.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True) for c in (client, phone_b))
    a = {"cards-0": "K 5 5 3", "cards-1": "A 2 3 4", "entry_key": entry_key_of(page_a), "was": was_of(page_a)}
    assert client.post(f"/games/{gid}/rounds/1/edit", data=a).status_code == 302
    b = {"cards-0": "k 5, 5 3", "cards-1": "A 2 3 5", "entry_key": entry_key_of(page_b), "was": was_of(page_b)}
    page = phone_b.post(f"/games/{gid}/rounds/1/edit", data=b).get_data(as_text=True)
    assert re.findall(r'class="error" id="([\w-]+)-err">the other phone saved ([^<]*) here', page) == [
        ("cards-1", "A 2 3 4")]  # Ann's cards are the other phone's, as typed here: not marked

    gid = game_id(start(client, "chase-the-ace", ["Ann", "Bob", "Cy"]))
    client.post(f"/games/{gid}/rounds", data={"losers": ["0"]})
    with client.session_transaction() as held, phone_b.session_transaction() as other:
        other.update(dict(held))  # this game's edit link too
    page_a, page_b = (c.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True) for c in (client, phone_b))
    a = {"losers": ["1"], "entry_key": entry_key_of(page_a), "was": was_of(page_a)}
    assert client.post(f"/games/{gid}/rounds/1/edit", data=a).status_code == 302
    b = {"losers": ["0", "2"], "entry_key": entry_key_of(page_b), "was": was_of(page_b)}
    page = phone_b.post(f"/games/{gid}/rounds/1/edit", data=b).get_data(as_text=True)
    assert "the other phone saved Bob here" in page


def test_a_correction_over_another_phones_compares_the_numbers_not_the_text(client, app):
    """"−3-4" typed against a stored −7 is the same score, not a conflict; a box that differs says what the other
    phone saved with a true minus ("−7", not "-7")."""
    gid = game_id(start(client, "any", ["Ann", "Bob", "Cy"], name="Hearts"))
    client.post(f"/games/{gid}/rounds", data={"points-0": "1", "points-1": "2", "points-2": "3"})
    phone_b = app.test_client()
    with client.session_transaction() as held, phone_b.session_transaction() as other:
        other.update(dict(held))
    page_a, page_b = (c.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True) for c in (client, phone_b))
    a = {"points-0": "-7", "points-1": "-2", "points-2": "12", "entry_key": entry_key_of(page_a), "was": was_of(page_a)}
    assert client.post(f"/games/{gid}/rounds/1/edit", data=a).status_code == 302
    b = {"points-0": "\u22123-4", "points-1": "-3", "points-2": "5+7", "entry_key": entry_key_of(page_b),
         "was": was_of(page_b)}
    refused = phone_b.post(f"/games/{gid}/rounds/1/edit", data=b)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422  # Bob's box differs
    assert re.findall(r'class="error" id="([\w-]+)-err">the other phone saved ([^<]*) here', page) == [
        ("points-1", "\u22122")]  # Ann's −3-4 is the other phone's −7, Cy's 5+7 its 12: not marked


@pytest.mark.parametrize("number", ["²", "①", "0", "٣"])
def test_a_round_number_in_odd_digits_is_refused_not_a_500(client, number):
    gid = game_id(start(client, "golf", ["Ann", "Bob"]))
    answer = client.post(f"/games/{gid}/rounds", data={"number": number, "score-0": "x", "score-1": "2"})
    assert answer.status_code == 422


def test_before_the_first_round_nobody_is_placed_or_leading(client, create_game, post_round):
    """A new table lists its players without "=1st" beside every name, nor a leader's star; places come with round 1."""
    state = create_game("any", ["Ann", "Bob", "Cy"], {"name": "Hearts"})
    page = client.get(f"/games/{state['id']}").get_data(as_text=True)
    assert 'class="place' not in page and "badge lead" not in page
    post_round(state, {"points": [3, 5, 1]})
    page = client.get(f"/games/{state['id']}").get_data(as_text=True)
    assert 'class="place' in page and "badge lead" in page
