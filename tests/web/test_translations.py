"""The app in English and French: a complete catalogue, the reader's language, whole sentences, French cards."""
from __future__ import annotations

import re

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from scorekeeper.rules.cards import Card, parse_card
from scorekeeper.rules.messages import Amount, CardText, Names, msg, nmsg
from scorekeeper.web import translate
from tests.pdfs import pdf_words

FRENCH = translate.CATALOGUES / "fr" / "LC_MESSAGES"
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def catalogue():
    with (FRENCH / "messages.po").open("rb") as f:
        return read_po(f)


def texts(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def as_tuple(text):
    return tuple(text) if isinstance(text, (list, tuple)) else (text.decode() if isinstance(text, bytes) else text,)


def ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def test_every_user_facing_string_has_a_french_translation(tmp_path):
    template = tmp_path / "messages.pot"
    translate.extract(template)  # the strings in the code and templates now, not the catalogue's old copy
    with template.open("rb") as f:
        wanted = {(m.id, m.context) for m in read_po(f) if m.id}
    french = {(m.id, m.context): m for m in catalogue() if m.id}
    missing = [key for key in wanted if key not in french]
    untranslated = [key for key in wanted if key in french
                    and (not all(texts(french[key])) or "fuzzy" in french[key].flags)]
    assert not missing, f"run `flask --app scorekeeper translate update`: {missing[:5]}"
    assert not untranslated, f"no French for: {untranslated[:5]}"


def test_french_keeps_every_placeholder_and_tag():
    for m in catalogue():
        if not m.id:
            continue
        singular, plural = ids(m)[0], ids(m)[-1]
        for i, text in enumerate(texts(m)):
            source = plural if i else singular
            wanted = set(PLACEHOLDER.findall(source)) - ({"%(num)s"} if i == 0 and len(ids(m)) > 1 else set())
            assert wanted <= set(PLACEHOLDER.findall(text)) <= set(PLACEHOLDER.findall(plural)) | wanted, m.id
            assert sorted(re.findall(r"</?\w+", text)) == sorted(re.findall(r"</?\w+", source)), m.id



def test_french_writes_the_typographic_apostrophe():
    """« n’a », « l’as »: one apostrophe throughout, as a printed rulebook sets it, never a straight quote beside it."""
    straight = [m.id for m in catalogue() if m.id and any("'" in text for text in texts(m))]
    assert not straight, straight[:5]


def test_the_compiled_catalogue_is_the_catalogue():
    with (FRENCH / "messages.mo").open("rb") as f:
        compiled = {(as_tuple(m.id), as_tuple(m.context)): as_tuple(m.string) for m in read_mo(f) if m.id}
    written = {(as_tuple(m.id), as_tuple(m.context)): as_tuple(m.string) for m in catalogue() if m.id}
    assert compiled == written, "run `flask --app scorekeeper translate compile`"


@pytest.mark.parametrize("text, card", [("D", None), ("R", None), ("V", None), ("ds", None), ("RD", None),
                                        ("KD", Card("K", "D")), ("V♥", None), ("10D", Card("10", "D"))])
def test_the_api_reads_english_letters_only(text, card):
    """French letters are read on a French page (``tests/rules/test_cards.py``), never by the API, where they would be
    a guess at the sender's language ("RC": the king of clubs in English letters, of hearts to a French reader)."""
    if card is None:
        with pytest.raises(ValueError):
            parse_card(text)
    else:
        assert parse_card(text) == card


def french(client):
    client.set_cookie("lang", "fr")
    return client


def test_a_french_browser_gets_french_pages(client):
    page = client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="fr">' in page and "Nouvelle partie" in page
    assert "Start a game" in client.get("/", headers={"Accept-Language": "de, en;q=0.5"}).get_data(as_text=True)


def test_a_french_browser_gets_french_errors_that_name_the_field(client):
    answer = client.post("/new/golf", data={"players-0": "Ann", "players-1": "ann", "opt_holes": "0"},
                         headers={"Accept-Language": "fr"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and 'value="ann"' in page
    assert "déjà à la table" in page and "au moins 1" in page


def test_a_wrong_method_and_an_unknown_api_path_are_answered_in_french(client):
    french = {"Accept-Language": "fr"}
    page = client.delete("/games/nope", headers=french).get_data(as_text=True)
    api_405 = client.patch("/api/games", headers=french).get_json()["errors"]["method"]
    api_404 = client.get("/api/games/nope/rounds/9999999", headers=french).get_json()["errors"]["game"]
    assert "method is not allowed" not in page
    assert "method is not allowed" not in api_405 and "requested URL" not in api_404
    assert "accepte pas ce type de requête." in page and api_405 == "cette adresse n’accepte pas ce type de requête"
    assert api_404 == "il n’y a pas de partie ni de page à cette adresse\u202f; vérifiez le lien"


def test_the_api_answers_in_french_too(client, create_game):
    game = create_game("golf", ["Ann", "Bob"])
    answer = client.post(f"/api/games/{game['id']}/rounds", json={"data": {"scores": [1]}},
                         headers={"Authorization": f"Bearer {game['token']}", "Accept-Language": "fr"})
    assert answer.status_code == 422
    assert "ne fait pas partie" in answer.get_json()["errors"]["scores"]  # the field named, the words French


def test_a_french_browser_gets_a_french_pdf_sheet(client, create_game):
    game = create_game("hand-and-foot", ["Ann", "Bob", "Cy", "Di"])
    sheet = client.get(f"/games/{game['id']}/sheet.pdf", headers={"Accept-Language": "fr"})
    words = pdf_words(sheet.data)
    assert sheet.status_code == 200 and "Main" in words and "Total" in words
    card = client.get(f"/games/{game['id']}/rules.pdf", headers={"Accept-Language": "fr"})
    words = pdf_words(card.data)
    assert "canasta" in words.lower()


def test_the_switch_remembers_french_and_keeps_the_game_open(client):
    started = client.post("/new/golf", data={"players-0": "Ann", "players-1": "Bob"})
    table = started.headers["Location"]
    switched = client.get("/language/fr", query_string={"next": table})
    assert switched.status_code == 303 and switched.headers["Location"].endswith(table)
    assert "lang=fr" in switched.headers["Set-Cookie"] and "Max-Age" in switched.headers["Set-Cookie"]
    page = client.get(table, headers={"Accept-Language": "en"}).get_data(as_text=True)  # the choice beats the browser
    assert '<html lang="fr">' in page and "Enregistrer le trou 1" in page  # still the scorer's form
    back = client.get("/language/en", query_string={"next": table})
    assert "Save hole 1" in client.get(back.headers["Location"]).get_data(as_text=True)


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "/\\evil.example", "", "javascript:x",
                                    "/\t/evil.example/x", "/\r/evil.example/x", "/\n/evil.example/x"])
def test_the_switch_goes_back_only_to_a_page_of_this_site(client, target):
    answer = client.get("/language/fr", query_string={"next": target})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_the_switch_ignores_a_language_the_app_does_not_have(client):
    answer = client.get("/language/xx", query_string={"next": "/rules/"})
    assert answer.status_code == 303 and "Set-Cookie" not in answer.headers


def test_the_switch_is_on_every_page_and_names_the_other_language(client):
    page = client.get("/rules/golf?x=1").get_data(as_text=True)
    assert 'href="/language/fr?next=/rules/golf?x%3D1"' in page and 'lang="fr"' in page and "Français" in page
    assert 'href="/language/en?next=/rules/golf"' in french(client).get("/rules/golf").get_data(as_text=True)


def test_the_switch_needs_no_session(app):
    viewer = app.test_client()
    viewer.get("/rules/golf")
    viewer.get("/language/fr", query_string={"next": "/rules/golf"})
    with viewer.session_transaction() as kept:
        assert dict(kept) == {}


def test_round_sentences_are_whole_in_each_language(client, create_game):
    game = create_game("hand-and-foot", ["Ann", "Bob"])
    client.get(f"/games/{game['id']}/edit/{game['token']}")
    page = french(client).get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Enregistrer la main 1" in page


def test_plurals_follow_the_language(app):
    from scorekeeper.web.i18n import tr

    said = ("%(names)s hold the %(card)s %(got)s times; one pack holds it once",
            "%(names)s hold the %(card)s %(got)s times; the %(num)s packs hold it %(num)s times")
    twice = nmsg(*said, 2, names=Names(("Ann", "Bob")), card=CardText("QS"), got=3)
    once = nmsg(*said, 1, names=Names(("Ann", "Bob")), card=CardText("QS"), got=3)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert tr(twice) == "Ann and Bob hold the Q♠ 3 times; the 2 packs hold it 2 times"
        assert tr(once).endswith("once")
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert tr(twice) == "Ann et Bob ont la carte D♠ 3 fois\u202f; les 2 paquets la contiennent 2 fois"
        assert "2 fois" not in tr(once)


def test_money_and_numbers_are_written_for_the_locale(app):
    from scorekeeper.web.i18n import tr

    pot, total = msg("Pot: %(pot)s", pot=Amount(1.5)), msg("%(label)s: %(value)s", label="x", value=12500)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert tr(pot) == "Pot: 1.50" and tr(total) == "x: 12,500"
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert tr(pot).endswith("1,50\u00a0€") and tr(total).replace("\u202f", " ").replace("\u00a0", " ").endswith("12 500")
