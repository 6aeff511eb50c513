"""The French reader sees French: no English game names, no J/Q/K as ranks, one round word per game, the
glossary's words, a no-break space before high punctuation."""
from __future__ import annotations

import re

import pytest

from scorekeeper import rules as registry

FR = {"Accept-Language": "fr"}
ENGLISH_NAMES = ["the layout game", "the rummy with 11 goals", "(12 hands)", "the trick game"]


def page_text(answer) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.get_data(as_text=True)))


@pytest.mark.parametrize("key", registry.REGISTRY)
def test_a_french_rules_page_has_no_english_names_and_one_round_word(client, key):
    text = page_text(client.get(f"/rules/{key}", headers=FR))
    for english in ENGLISH_NAMES:
        assert english not in text
    assert "manche" not in text  # a trou, a donne or a main, as the game says
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
