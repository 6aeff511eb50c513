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
    from scorekeeper.i18n import lower_first

    assert lower_first(sentence) == written


@pytest.mark.parametrize(("key", "data", "heading", "legend"), [
    ("golf", {"players": [{"score": 3}, {"score": 5}], "knocker": None}, "Trous", None),
    ("garbage-rummy", {"went_out": 0, "players": [{"made_goal": True, "cards": []},
                                                  {"made_goal": False, "penalty": 20}]}, "Mains", "Mains : ✓"),
    ("trash", {"winner": 0}, "Donnes", "Donnes : ★"),
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
