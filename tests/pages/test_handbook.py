"""The rules handbook: a page per game in both languages, the rules a table chose, a searchable index, and the
rules that matter for the coming round on the table page."""
from __future__ import annotations

import html
import re

import pytest
from flask_babel import force_locale, gettext

from scorekeeper import rules
from scorekeeper.web.i18n import tr

KEYS = list(rules.REGISTRY)
SECTIONS = ("need", "play", "scoring", "end", "house-rules", "options", "variants", "at-the-table", "decides")


def words(page: str) -> str:
    """Return a page's text as a reader sees it: no tags, entities read, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).replace("\u202f", " ").replace("\u00a0", " ").split())


def same_spaces(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("key", KEYS)
def test_every_rules_page_has_its_sections_and_a_contents_list_that_reaches_them(client, key, language):
    page = client.get(f"/rules/{key}", headers={"Accept-Language": language}).get_data(as_text=True)
    links = re.findall(r'<nav class="contents".*?</nav>', page, re.S)[0]
    for section in SECTIONS:
        assert f'id="{section}"' in page and f'href="#{section}"' in links, section
    for target in re.findall(r'href="#([\w-]+)"', links):
        assert f'id="{target}"' in page, target
    assert f'<html lang="{language}">' in page


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("key", KEYS)
def test_every_option_choice_and_preset_is_named_as_the_form_names_it(app, client, key, language):
    spec = rules.REGISTRY[key].spec
    text = words(client.get(f"/rules/{key}", headers={"Accept-Language": language}).get_data(as_text=True))
    with app.test_request_context(), force_locale(language):
        said = [gettext(o.label) for o in spec.options]
        said += [tr(label) for o in spec.options for label in o.labels.values()]
        said += [gettext(p.label) for p in spec.presets.values()]
    for label in said:
        assert same_spaces(label) in text, label


@pytest.mark.parametrize("key", KEYS)
def test_every_rules_page_says_players_packs_and_the_deal_by_player_count(client, key):
    page = client.get(f"/rules/{key}").get_data(as_text=True)
    spec = rules.REGISTRY[key].spec
    assert re.search(r"<th>Players</th>", page)
    assert f">{spec.min_players}" in page or f">{spec.min_players}–" in page


def test_a_rules_page_opened_from_a_game_shows_that_tables_rules_and_the_way_back(client, create_game):
    game = create_game("golf", ["Ann", "Bob"], {"values": {"Q": 12}, "holes": 18, "pairs": "columns"})
    page = client.get(f"/rules/golf?game={game['id']}").get_data(as_text=True)
    assert f'href="/games/{game["id"]}"' in page and "Back to my game" in page
    table = words(re.search(r'<section class="house-rules-now".*?</section>', page, re.S).group(0))
    assert "Holes 18" in table and "Q=12" in table and "pairs in a column" in table
    assert "#this-table" in page
    french = words(client.get(f"/rules/golf?game={game['id']}", headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert "Les règles de votre table" in french and "Retour à ma partie" in french


def test_a_rules_page_names_the_preset_a_game_started_from(client):
    started = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob", "preset": "quarters"})
    game_id = re.search(r"/games/([\w-]+)", started.headers["Location"]).group(1)
    page = words(client.get(f"/rules/golf?game={game_id}").get_data(as_text=True))
    assert "Started from:" in page


@pytest.mark.parametrize("game", ["nope", "x" * 500, "", "%00"])
def test_a_rules_page_with_an_unknown_game_shows_the_plain_rules(client, game):
    page = client.get(f"/rules/golf?game={game}")
    assert page.status_code == 200 and "Back to my game" not in page.get_data(as_text=True)


def test_a_rules_page_ignores_a_game_of_another_kind(client, create_game):
    game = create_game("gin-rummy", ["Ann", "Bob"])
    assert "Back to my game" not in client.get(f"/rules/golf?game={game['id']}").get_data(as_text=True)


def test_the_index_says_what_each_game_is_like_and_links_to_rules_start_and_sheet(client):
    page = client.get("/rules/").get_data(as_text=True)
    for key, game in rules.REGISTRY.items():
        spec = game.spec
        assert f'href="/rules/{key}"' in page and f'href="/new/{key}"' in page and f'href="/sheets/{key}"' in page
        assert html.escape(spec.length, quote=False) in page and html.escape(spec.style, quote=False) in page
        assert f"{spec.min_players}–{spec.max_players} players" in page


@pytest.mark.parametrize("query, found, language", [
    ("screw", {"chase-the-ace"}, "en"),
    ("Ranter", {"chase-the-ace"}, "en"),
    ("ten", {"trash"}, "en"),
    ("garbage", {"garbage-rummy", "trash"}, "en"),
    ("  GOLF ", {"golf"}, "en"),
    ("coucou", {"chase-the-ace"}, "fr"),
    ("cuckoo", {"chase-the-ace"}, "fr"),
    ("gín", {"gin-rummy"}, "en"),
    ("zzz", set(), "en"),
    ("six card golf", {"golf"}, "en"),  # the hyphen of "Six-card Golf" is no search's business
    ("ranter go round", {"chase-the-ace"}, "en"),
    ("screw your neighbour", {"chase-the-ace"}, "en"),  # as a British table spells it
    ("golf card six", {"golf"}, "en"),  # every word, in any order
    ("6 card golf", {"golf"}, "en"),  # a number in figures or in words
    ("golf six cartes", {"golf"}, "fr"),
    ("golf 4", {"golf"}, "fr"),
    ("10", {"trash"}, "en"),
    ("one", set(), "en"),  # a number is a whole word: "one" is not the 1 of "11 goals" nor of "10", "12"
    ("two", set(), "en"),
])
def test_the_index_finds_a_game_by_any_of_its_names(client, query, found, language):
    page = client.get("/rules/", query_string={"q": query}, headers={"Accept-Language": language}).get_data(as_text=True)
    listed = set(re.findall(r'<h2><a href="/rules/([\w-]+)"', page))
    assert listed == found
    assert 'href="/rules/"' in page  # the way back to every game


def test_a_search_of_spaces_alone_is_no_search(client):
    page = client.get("/rules/", query_string={"q": "   "}).get_data(as_text=True)
    assert "games called" not in page and len(re.findall(r'<h2><a href="/rules/([\w-]+)"', page)) == len(rules.REGISTRY)


def test_a_search_is_shown_back_escaped(client):
    page = client.get("/rules/", query_string={"q": "<b>x</b>"}).get_data(as_text=True)
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page


def rules_now(client, game_id: str, language: str = "en") -> str:
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": language}).get_data(as_text=True)
    panel = re.search(r'<details class="card rules-now".*?</details>', page, re.S)
    return words(panel.group(0)) if panel else ""


def test_rules_in_context_golf_card_values_with_the_tables_changes(client, create_game):
    game = create_game("golf", ["Ann", "Bob"], {"values": {"Q": 12, "J": 0}, "pairs": "columns"})
    panel = rules_now(client, game["id"])
    assert "Rules for Hole 1" in panel and "J=0" in panel and "Q=12" in panel and "K=0" in panel
    assert "a pair scores 0 in the same column" in panel
    assert f'/rules/golf?game={game["id"]}' in client.get(f"/games/{game['id']}").get_data(as_text=True)


def test_rules_in_context_garbage_names_each_players_goal(client, create_game, post_round):
    game = create_game("garbage-rummy", ["Ann", "Bob"])
    assert "Ann: Goal 1" in rules_now(client, game["id"]) and "Bob: Goal 1" in rules_now(client, game["id"])
    answer = post_round(game, {"went_out": 0, "players": [{"made_goal": True, "cards": []},
                                                          {"made_goal": False, "penalty": 35}]})
    assert answer.status_code == 201, answer.get_json()
    panel = rules_now(client, game["id"])
    assert "Ann: Goal 2" in panel and "Bob: Goal 1" in panel


def test_rules_in_context_hand_and_foot_meld_minimum_and_book_values(client, create_game):
    game = create_game("hand-and-foot", ["Ann", "Bob"], {"clean_book": 500, "dirty_book": 300})
    panel = rules_now(client, game["id"])
    assert "at least 60 points" in panel and "Clean book 500" in panel and "dirty book 300" in panel
    assert "au moins 60 points" in rules_now(client, game["id"], "fr")


def test_rules_in_context_the_twelve_hands_contract(client, create_game):
    game = create_game("trash-twelve-hands", ["Ann", "Bob", "Cy", "Di"])
    assert "Hand 1 of 12" in rules_now(client, game["id"])


@pytest.mark.parametrize("key, players, shown", [
    ("gin-rummy", ["Ann", "Bob"], "Most deadwood to knock with: 9"),
    ("chase-the-ace", ["Ann", "Bob", "Cy"], "refuses the swap"),
    ("trash", ["Ann", "Bob"], "Wild cards: jacks"),
])
def test_rules_in_context_every_other_game(client, create_game, key, players, shown):
    assert shown in rules_now(client, create_game(key, players)["id"])


def test_no_rules_in_context_once_the_game_is_over(client, create_game):
    game = create_game("golf", ["Ann", "Bob"])
    client.get(f"/games/{game['id']}/edit/{game['token']}")
    client.post(f"/games/{game['id']}/rounds", data={"score-0": "1", "score-1": "2"})
    client.post(f"/games/{game['id']}/finish")
    assert rules_now(client, game["id"]) == ""


@pytest.mark.parametrize("key, label, said, language", [
    ("trash", "Number of deals", "no limit", "en"), ("golf", "Play to a target", "no target", "en"),
    ("golf", "Money each puts in the pot", "no pot", "en"), ("golf", "Quarters each (elimination game)", "not played", "en"),
    ("trash", "Nombre de donnes", "pas de limite", "fr"),
])
def test_a_rule_left_empty_to_turn_it_off_is_said_so_among_the_defaults(client, key, label, said, language):
    page = client.get(f"/rules/{key}", headers={"Accept-Language": language}).get_data(as_text=True)
    assert re.search(rf"<th scope=\"row\">{re.escape(label)}</th><td>{re.escape(said)}</td>", page), label
    assert "set by the players or other rules" not in page.split(label)[1].split("</tr>")[0]
