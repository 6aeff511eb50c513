"""The French reader sees French: no English game names, no J/Q/K as ranks, one round word per game, the
glossary's words, a no-break space before high punctuation."""
from __future__ import annotations

import re

import pytest

from scorekeeper import rules as registry

FR = {"Accept-Language": "fr"}
ENGLISH_NAMES = ["the layout game", "the rummy with 11 goals", "(12 hands)", "the trick game"]
NAMES_AFTER_A_COLON = {"Scorekeeper", "Five", "Authorization"}  # "… : Five Crowns, la Dame de pique"; a header


def page_text(answer) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.get_data(as_text=True)))


@pytest.mark.parametrize("key", registry.REGISTRY)
def test_a_french_rules_page_has_no_english_names_and_one_round_word(client, key):
    text = page_text(client.get(f"/rules/{key}", headers=FR))
    for english in ENGLISH_NAMES:
        assert english not in text
    if key != "any":  # any game's round is a manche; every other game's a trou, a donne or a main, as it says
        assert "manche" not in text
    assert "mise en page" not in text.lower()


def test_french_errors_name_the_game_in_french(client):
    answer = client.post("/api/games", json={"game": "trash", "players": ["Ann"]}, headers=FR)
    error = answer.get_json()["errors"]["players"]
    assert "Trash (le jeu de la grille) se joue de 2 à 12 joueurs" in error
    for english in ENGLISH_NAMES:
        assert english not in error


def test_the_french_catalogue_follows_the_glossary():
    from babel.messages.pofile import read_po

    with open("scorekeeper/translations/fr/LC_MESSAGES/messages.po", "rb") as po:
        catalogue = read_po(po)
    for message in catalogue:
        if not message.id:
            continue
        for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
            assert "mise en page" not in text.lower(), message.id
            assert not re.search(r"canastas? (propre|sale)", text), message.id
            assert not re.search(r" [:;!?](\s|$)", text), message.id  # a no-break space before : ; ! ?
            assert not re.search("\u202f:|\u00a0[;!?]", text), message.id  # wide before :, narrow before ; ! ?
            after = re.search(r"\u00a0:\s+(?:<[^>]+>\s*)*([A-ZÀ-Ý][a-zà-ÿ]+)", text)  # no capital after a colon,
            assert not after or after.group(1) in NAMES_AFTER_A_COLON, message.id  # but a name's


def test_a_french_api_error_is_french_throughout(client):
    answer = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"], "options": {"holes": "x"}},
                         headers=FR)
    error = answer.get_json()["errors"]["options.holes"]
    assert error == "doit être un nombre entier"


def test_the_api_gives_a_rounds_marks_in_the_readers_words(client, create_game, post_round):
    state = create_game("gin-rummy", ["Ann", "Bob"])
    post_round(state, {"result": "knock", "knocker": 0, "deadwood": [8, 5]})  # Bob undercuts Ann
    marks = client.get(f"/api/games/{state['id']}", headers=FR).get_json()["rounds"][0]["marks"]
    assert "28 contre" in marks and not any("undercut" in mark for mark in marks)
    marks = client.get(f"/api/games/{state['id']}").get_json()["rounds"][0]["marks"]
    assert "28 undercut" in marks


def test_a_rules_sentence_after_a_french_colon_starts_in_lower_case(client, create_game, post_round):
    state = create_game("chase-the-ace", ["Ann", "Bob", "Cy"])
    post_round(state, {"cards": ["K", "2", "5"]})
    text = page_text(client.get(f"/games/{state['id']}", headers=FR))
    assert "Rois : un joueur qui a un roi le montre" in text  # (page_text writes every space as " ")
    assert "éliminés ensemble : ils gagnent ensemble" in text
    english = page_text(client.get(f"/games/{state['id']}"))
    assert "Kings: A player holding a king shows it" in english  # English keeps its capital


@pytest.mark.parametrize(("sentence", "written"), [
    ("Ils gagnent", "ils gagnent"), ("L’as est bas", "l’as est bas"), ("À la fin", "à la fin"),
    ("A 2 3", "A 2 3"), ("D♠ et D♥", "D♠ et D♥"), ("Scorekeeper compte", "Scorekeeper compte"), ("OK", "OK"),
])
def test_only_a_common_word_loses_its_capital(sentence, written):
    from scorekeeper.web.i18n import lower_first

    assert lower_first(sentence) == written


@pytest.mark.parametrize(("key", "data", "heading", "legend"), [
    ("golf", {"players": [{"score": 3}, {"score": 5}], "knocker": None}, "Trous", None),
    ("garbage-rummy", {"went_out": 0, "players": [{"made_goal": True, "cards": []},
                                                  {"made_goal": False, "penalty": 20}]}, "Mains", "Mains : ✓"),
    ("trash", {"winner": 0}, "Donnes", "Donnes : ●"),
])
def test_the_rounds_grid_is_headed_by_the_games_own_round_word(client, create_game, post_round, key, data,
                                                                heading, legend):
    state = create_game(key, ["Ann", "Bob"])
    assert post_round(state, data).status_code == 201
    html = client.get(f"/games/{state['id']}", headers=FR).get_data(as_text=True)
    text = page_text(client.get(f"/games/{state['id']}", headers=FR))
    assert f"<h2>{heading}</h2>" in html and "Manches" not in text
    if legend:
        assert legend in text


@pytest.mark.parametrize("path", ["/new/any", "/rules/any", "/sheets/any"])
def test_any_other_game_is_not_named_like_a_game_of_its_own(client, path):
    text = page_text(client.get(path, headers=FR))
    assert not re.search(r"\b(de|au|du) Tout autre jeu", text)


# K, Q or J standing for a rank: alone, or before a dash, "=", a comma, a digit (but the suit key's K, carreau, and
# the sentence that says the English letters are read too)
RANK_AS_LETTER = re.compile(r"(?<![\w/.#&;-])[JQK](?=$|[\s–=,·)]|\d)")
READ_TOO = ("K carreau", "K, Q, J sont tous acceptés")
PLAYED = {  # a round of each game, with house rules that print card values where the game has them
    "golf": ({"values": {"Q": 12, "X": -3}}, {"players": [{"score": 3}, {"score": 5}], "knocker": None}),
    "garbage-rummy": ({"values": {"K": 25}}, {"went_out": 0, "players": [{"made_goal": True, "cards": []},
                                                                         {"made_goal": False, "penalty": 25}]}),
    "trash": ({}, {"winner": 0}),
    "gin-rummy": ({}, {"result": "knock", "knocker": 0, "deadwood": [8, 5]}),
    "chase-the-ace": ({}, {"cards": ["K", "2"]}),
    "hand-and-foot": ({}, {"players": [{"clean_books": 1, "dirty_books": 2, "red_threes": 1, "went_out": True,
                                        "melded_points": 250, "left_points": 0},
                                       {"clean_books": 0, "dirty_books": 1, "red_threes": 0, "went_out": False,
                                        "melded_points": 100, "left_points": 30}]}),
}


def assert_no_english_letters_or_names(text: str, where: str) -> None:
    for english in ENGLISH_NAMES:
        assert english not in text, (where, english)
    for allowed in READ_TOO:
        text = text.replace(allowed, "")
    found = RANK_AS_LETTER.search(text)
    assert not found, (where, text[max(0, found.start() - 60):found.start() + 30])


@pytest.mark.parametrize("key", registry.REGISTRY)
def test_a_french_page_names_no_game_in_english_and_no_rank_by_its_english_letter(client, key):
    for path in (f"/rules/{key}", f"/new/{key}", f"/sheets/{key}"):
        assert_no_english_letters_or_names(page_text(client.get(path, headers=FR)), path)


@pytest.mark.parametrize("key", PLAYED)
def test_a_french_table_page_writes_card_values_in_french_letters(client, create_game, post_round, key):
    options, data = PLAYED[key]
    state = create_game(key, ["Ann", "Bob"], options)
    assert post_round(state, data).status_code == 201
    client.get(f"/games/{state['id']}/edit/{state['token']}")  # the table's own phone: the round form and its key
    text = page_text(client.get(f"/games/{state['id']}", headers=FR))
    assert_no_english_letters_or_names(text, key)
    if key == "golf":
        assert "10–V=10 · D=12 · R=0" in text  # the values line of the rules for the next hole
    if key == "garbage-rummy":
        assert "10–D=10 · R=25" in text


@pytest.mark.parametrize(("key", "options", "data", "said"), [
    ("golf", {"values": {"QS": 40}}, {"players": [{"cards": ["Q", "5", "5", "2"]}, {"score": 3}], "knocker": None},
     "indiquez la couleur de chaque D :"),
    ("garbage-rummy", {"values": {"KH": 50}}, {"went_out": 0, "players": [{"made_goal": True, "cards": []},
                                                                           {"made_goal": False, "cards": ["K"]}]},
     "écrivez la couleur de chaque R :"),
])
def test_a_french_error_names_a_card_in_french_letters(client, create_game, post_round, key, options, data, said):
    state = create_game(key, ["Ann", "Bob"], options)
    answer = post_round(state, data, headers=FR)
    errors = " ".join(answer.get_json()["errors"].values())
    assert answer.status_code == 422 and said.replace(" :", "\u00a0:") in errors, errors
    assert_no_english_letters_or_names(errors, key)


def test_every_card_too_many_is_said_at_once_in_french(client):
    from scorekeeper.rules.base import RulesError
    from scorekeeper.rules.cards import check_packs, parse_cards
    from scorekeeper.web.i18n import tr_errors

    with pytest.raises(RulesError) as err:
        check_packs([(n, parse_cards(c, "c")) for n, c in [("Ann", "KH JC"), ("Bob", "KH"), ("Cy", "JC")]], 1, 2)
    with client.application.test_request_context(headers={"Accept-Language": "fr"}):
        said = tr_errors(err.value.errors)["players"]
    assert said == ("Ann et Bob ont tous les deux le R♥\u202f; un paquet n’en contient qu’un\u202f; "
                    "Ann et Cy ont tous les deux le V♣\u202f; un paquet n’en contient qu’un")


# Issue 38, 16: JC on a French page is an English rank with a suit, refused as K and Q alone are.
@pytest.mark.parametrize("typed", ["JC", "QS", "KH", "JCo", "QP"])
def test_an_english_rank_with_a_suit_on_a_french_page_gets_the_english_letters_message_and_the_key(app, typed):
    from scorekeeper.rules.cards import FRENCH, read_typed
    from scorekeeper.web.i18n import tr

    with pytest.raises(ValueError) as err:
        read_typed(typed, FRENCH)
    with app.test_request_context(headers=FR):
        said = tr(err.value.args[0])
    assert "lettres anglaises" in said and "Couleurs\u00a0: P pique" in said, said  # as K and Q alone get it
    assert "n’est pas une carte" not in said
