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
READ_TOO = ("K carreau",)
HOUSE_PLAYED = {  # a round with house rules that print card values, where the game has them
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


def played(key):
    """Return a table and a first round of every game: the house rules above, else the game's own example."""
    if key in HOUSE_PLAYED:
        return ["Ann", "Bob"], *HOUSE_PLAYED[key]
    example = registry.get(key).example
    return ["Ann", "Bob", "Cy", "Di", "Eve", "Flo"][:example.players], dict(example.options), example.rounds[0]


@pytest.mark.parametrize("key", registry.REGISTRY)
def test_a_french_table_page_writes_card_values_in_french_letters(client, create_game, post_round, key):
    names, options, data = played(key)
    state = create_game(key, names, options)
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
    from scorekeeper.rules.messages import RulesError
    from scorekeeper.rules.cards import check_packs, parse_cards
    from scorekeeper.web.i18n import tr_errors

    with pytest.raises(RulesError) as err:
        check_packs([(n, parse_cards(c, "c")) for n, c in [("Ann", "KH JC"), ("Bob", "KH"), ("Cy", "JC")]], 1, 2)
    with client.application.test_request_context(headers={"Accept-Language": "fr"}):
        said = tr_errors(err.value.errors)["players"]
    assert said == ("Ann et Bob ont tous les deux la carte R♥\u202f; un paquet n’en contient qu’une\u202f; "
                    "Ann et Cy ont tous les deux la carte V♣\u202f; un paquet n’en contient qu’une")


# Issue 38, 15: the Golf rules page says what the French new-game form reads, and the form reads what it says.
def test_the_golf_rules_page_gives_card_values_as_the_french_form_reads_them(client):
    text = page_text(client.get("/rules/golf", headers=FR))
    help_text = text[text.index("D=12"):][:500]
    assert "K, Q, J" not in help_text and "R, D, V" in help_text  # the French letters only: K is carreau there
    for example in re.findall(r"(?<![\w=])((?:10|[2-9AVDRX])[PKT]?=\d+)", help_text):  # D=12, V=0, DP=40, X=0
        answer = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob", "opt_values": example},
                             headers=FR)
        assert answer.status_code in (302, 303), (example, page_text(answer)[:300])  # the game started
    refused = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob", "opt_values": "K=12"}, headers=FR)
    assert refused.status_code == 422 and "lettres anglaises" in page_text(refused)


# Issue 38, 16: the words of a French card table.
def french_catalogue() -> dict[str, tuple[str, ...]]:
    from babel.messages.pofile import read_po

    with open("scorekeeper/translations/fr/LC_MESSAGES/messages.po", "rb") as po:
        return {(m.id if isinstance(m.id, str) else m.id[0]): (m.string if isinstance(m.string, tuple) else (m.string,))
                for m in read_po(po) if m.id}


def test_wild_cards_serve_as_jokers_and_the_game_names_take_no_article():
    for msgid, texts in french_catalogue().items():
        for text in texts:
            assert "volante" not in text, msgid  # "les valets servent de joker", as a French table says
            assert not re.search(r"(?:^|[.;:]\s)(?:Le|La|Les|L’)\s(?:Golf|Garbage|Trash|[Gg]in-rami|Chase|Hand)\b",
                                 text), msgid  # "Golf est un jeu…", "Golf se joue…"
            assert not re.search(r"\bau Chase the Ace", text), msgid  # "au coucou"
            assert "une espace" not in text, msgid  # a printer's word: players write "un espace"
            assert not re.search(r"lien de (modification|consultation)", text, re.I), msgid  # one pair of names
            assert not re.search(r"[Bb]ig gin", text), msgid  # "grand gin"


def test_the_card_key_names_the_cards_as_a_french_table_does(client, create_game):
    state = create_game("golf", ["Ann", "Bob"])
    client.get(f"/games/{state['id']}/edit/{state['token']}")
    text = page_text(client.get(f"/games/{state['id']}", headers=FR))
    assert "Cartes\u00a0: A 2–10 V D R, joker X." in text.replace(" : ", "\u00a0: ") and "Rangs" not in text
    assert "ou score" in text and "ou Score" not in text  # "Choisir les cartes ou score": no capital mid-line


@pytest.mark.parametrize("headers, key, no_joker", [
    ({}, "Ranks: A 2–10 J Q K, joker X.", "Ranks: A 2–10 J Q K."),
    (FR, "Cartes\u00a0: A 2–10 V D R, joker X.", "Cartes\u00a0: A 2–10 V D R."),
])
def test_the_card_key_offers_a_joker_only_where_the_rules_take_one(client, create_game, headers, key, no_joker):
    """Oklahoma Gin's upcard box refuses a joker (there are none in Gin): its key names no joker letter; Garbage's
    card boxes take one, and their key says how to write it."""
    for game, options, wanted in (("gin-rummy", {"oklahoma": True}, no_joker), ("garbage-rummy", {}, key)):
        state = create_game(game, ["Ann", "Bob"], options)
        client.get(f"/games/{state['id']}/edit/{state['token']}")
        text = page_text(client.get(f"/games/{state['id']}", headers=headers)).replace(" : ", "\u00a0: ")
        assert wanted in text, game
        if wanted == no_joker:
            assert "joker X" not in text, game


@pytest.mark.parametrize("headers, no_joker", [({}, "Ranks: A 2–10 J Q K."), (FR, "Cartes\u00a0: A 2–10 V D R.")])
def test_an_upcard_refused_says_its_own_key_once(client, create_game, headers, no_joker):
    """"Z9" in Oklahoma Gin's upcard box: refused with the key of that box (no joker letter, as its pad has none),
    said once: not the general key with "joker X", and then the grey key again under the box."""
    state = create_game("gin-rummy", ["Ann", "Bob"], {"oklahoma": True})
    client.get(f"/games/{state['id']}/edit/{state['token']}")
    answer = client.post(f"/games/{state['id']}/rounds", headers=headers, data={
        "result": "knock", "knocker": "0", "deadwood-0": "3", "deadwood-1": "20", "upcard": "Z9"})
    text = page_text(answer).replace(" : ", "\u00a0: ")
    assert answer.status_code == 422 and "Z9" in text
    assert text.count(no_joker) == 1 and "joker X" not in text, text


def test_two_players_holding_the_same_queen_are_told_so_in_the_right_gender(app):
    from scorekeeper.rules.base import RulesError
    from scorekeeper.rules.cards import check_packs, parse_cards
    from scorekeeper.web.i18n import tr_errors

    with pytest.raises(RulesError) as err:
        check_packs([(n, parse_cards(c, "c")) for n, c in [("Ann", "QS"), ("Bob", "QS")]], 1, 2)
    with app.test_request_context(headers=FR):
        said = tr_errors(err.value.errors)["players"]
    assert "le D♠" not in said and "la carte D♠" in said  # read aloud: "la carte dame de pique", never "le dame"


def test_a_saved_round_is_announced_without_a_capital_after_the_colon(client):
    started = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob"}, headers=FR)
    gid = re.search(r"/games/([\w-]+)", started.headers["Location"])[1]
    client.get(started.headers["Location"])  # the scorer's phone
    saved = client.post(f"/games/{gid}/rounds", data={"score-0": "3", "score-1": "5"}, headers=FR, follow_redirects=True)
    assert "Enregistré\u00a0: trou 1." in saved.get_data(as_text=True), page_text(saved)[:600]


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


@pytest.mark.parametrize("typed", ["VC", "JC", "K"])
def test_a_card_refused_on_a_french_page_says_why_after_one_colon(app, typed):
    from scorekeeper.rules.cards import FRENCH, read_typed
    from scorekeeper.web.i18n import tr

    with pytest.raises(ValueError) as err:
        read_typed(typed, FRENCH)
    with app.test_request_context(headers=FR):
        said = tr(err.value.args[0])
    why = said.split("Couleurs")[0]
    assert why.count(":") == 1, said  # "VC : C veut dire trèfle en anglais… ; écrivez Co…", never ": … :"


# Issue 38, 17: smaller things a French player notices.
def test_the_golf_table_says_once_that_a_hole_is_a_deal(client, create_game):
    state = create_game("golf", ["Ann", "Bob"])
    text = page_text(client.get(f"/games/{state['id']}", headers=FR))
    assert "Chaque trou est une donne" in text


def test_the_french_small_words_of_issue_38():
    catalogue = french_catalogue()
    assert catalogue["Also completed"] == ("Ont aussi complété leur grille",)
    assert catalogue["A draw leaves out the knocker and the deadwood"] == (
        "Main nulle\u00a0: ni joueur qui frappe ni points morts à indiquer",)
    assert catalogue["give how many queens %(name)s took (0 if none)"][0].endswith("(0 si aucune)")
    assert all("Pagat" not in text for texts in catalogue.values() for text in texts)
    assert "variante décrite sur pagat.com" in catalogue[next(k for k in catalogue if "pagat's variant" in k)][0]
    assert catalogue["Big gin"] == ("Grand gin",)
    assert "le\u00a0coucou" in catalogue["Chase the Ace"][0]  # the rules card's title never breaks "(le / coucou)"


def test_an_empty_count_on_the_queens_hand_is_asked_for_in_the_feminine(client, create_game, post_round):
    state = create_game("trash-twelve-hands", ["Ann", "Bob", "Cy", "Di"])
    hands = {"tricks": [13, 0, 0, 0], "hearts": [13, 0, 0, 0], "kings": [4, 0, 0, 0]}
    for key, counts in hands.items():
        assert post_round(state, {key: counts}).status_code == 201
    answer = post_round(state, {"queens": [4, None, 0, 0]}, headers=FR)
    said = " ".join(answer.get_json()["errors"].values())
    assert "combien de dames Bob a prises (0 si aucune)" in said, said
