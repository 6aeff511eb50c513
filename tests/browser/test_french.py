"""A French phone: French pages from the browser's language, the switch, French card letters on the pads."""
from __future__ import annotations

from playwright.sync_api import expect

from .conftest import name_players, submit


def test_a_french_phone_plays_a_hole_of_golf_in_french_with_french_card_letters(french_page, live_server):
    page = french_page
    page.goto(f"{live_server}/new/golf")
    assert page.locator("html").get_attribute("lang") == "fr"
    name_players(page, ["Anne", "Bruno"])
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url("**/games/*")
    keys = page.locator(".seat-entry").first.locator(".layout-keys")  # the Golf layout picker, open at once
    assert keys.locator("button[data-rank='K']").inner_text() == "R"
    assert keys.locator("button[data-rank='Q']").inner_text() == "D"
    assert keys.locator("button[data-rank='J']").inner_text() == "V"
    for rank in ("K", "Q", "J", "5"):
        keys.locator(f"button[data-rank='{rank}']").click()
    assert page.locator(".seat-entry").first.locator(".slot-card").first.inner_text().startswith("R")
    assert page.locator("#cards-0").input_value() == "R D V 5"  # written in the reader's letters
    page.locator("#cards-1").fill("A 2 3 V")  # typed with a French letter
    submit(page, page.get_by_role("button", name="Enregistrer le trou 1"))
    assert "Trou 2" in page.content()
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    page.screenshot(path="shots/french-golf.png", full_page=True)


def test_the_switch_turns_a_game_in_progress_to_english_and_back(french_page, live_server):
    page = french_page
    page.goto(f"{live_server}/new/gin-rummy")
    name_players(page, ["Anne", "Bruno"])
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url("**/games/*")
    table = page.url
    page.get_by_role("link", name="English").click()
    page.wait_for_url(table)
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.get_by_role("button", name="Save hand 1").is_visible()  # still the scorer: the game stays open
    page.get_by_role("link", name="Français").click()
    page.wait_for_url(table)
    assert page.get_by_role("button", name="Enregistrer la main 1").is_visible()


def api(base: str, path: str, body: dict) -> dict:
    import httpx

    answer = httpx.post(f"{base}/api{path}", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_french_suit_letters_are_read_as_french_and_a_c_is_refused_with_the_key(french_page, live_server):
    page = french_page
    state = api(live_server, "/games", {"game": "golf", "players": ["Anne", "Bruno"],
                                        "options": {"one_eyed_jacks_wild": True, "pairs": "pairs"}})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    assert "P pique · Co cœur · K carreau · T trèfle" in page.locator(".card-key").first.inner_text()
    page.locator("#cards-0").fill("VC 5 R R")  # valet de cœur? In English C is clubs: never guessed
    page.locator("#cards-1").fill("A 2 3 4")
    submit(page, page.get_by_role("button", name="Enregistrer le trou 1"))
    error = page.locator("#cards-0-err").inner_text()
    assert "Co pour cœur ou T pour trèfle" in error and "P pique" in error
    assert page.locator("#cards-0").input_value() == "VC 5 R R"  # kept as typed
    assert page.locator("#cards-1").input_value() == "A 2 3 4"
    page.locator("#cards-0").fill("VCo 5 R R")  # the one-eyed jack of hearts: wild, it pairs the 5
    page.locator("#cards-1").fill("V♠ 2 3 4")
    submit(page, page.get_by_role("button", name="Enregistrer le trou 1"))
    assert "Trou 2" in page.content()
    game = httpx_get(f"{live_server}/api/games/{state['id']}")
    hole = game["rounds"][0]
    assert hole["data"]["players"][0]["cards"] == ["JH", "5", "K", "K"]  # stored in the API's letters
    assert hole["data"]["players"][1]["cards"] == ["JS", "2", "3", "4"]
    assert hole["points"] == [0, 5]  # V♥ cancels the 5 and the kings score 0; V♠ cancels the 4: 2 + 3 left


def httpx_get(url: str) -> dict:
    import httpx

    return httpx.get(url).json()


def test_the_golf_layout_writes_symbols_in_french_letters(french_page, live_server):
    page = french_page
    state = api(live_server, "/games", {"game": "golf", "players": ["Anne", "Bruno"],
                                        "options": {"values": {"QS": 40}}})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    keys = page.locator(".seat-entry").first.locator(".layout-keys")
    keys.locator("button[data-rank='Q']").click()
    keys.get_by_role("button", name="cœurs", exact=True).click()  # a screen reader says the suit's name
    keys.locator("button[data-rank='3']").click()
    keys.get_by_role("button", name="trèfles", exact=True).click()
    assert page.locator("#cards-0").input_value() == "D♥ 3♣"  # never "DH 3C"


def test_a_half_typed_french_hole_survives_the_rules_back_and_a_reload(french_page, live_server):
    """The walk of issue 20 on a French phone: French card letters typed, the full rules opened, Back, the rules
    page's own way back, a reload, then Save: nothing lost, and the cards read as French."""
    page = french_page
    state = api(live_server, "/games", {"game": "golf", "players": ["Anne", "Bruno"],
                                        "options": {"one_eyed_jacks_wild": True, "pairs": "pairs"}})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    page.locator("#cards-0").fill("VCo 5 R R")
    page.locator("#cards-1").fill("V♠ 2 3 4")
    page.goto(f"{live_server}/rules/golf?game={state['id']}")
    assert page.locator("html").get_attribute("lang") == "fr"
    page.go_back()
    assert page.locator("#cards-0").input_value() == "VCo 5 R R"
    page.goto(f"{live_server}/rules/golf?game={state['id']}")
    page.locator("a", has_text="Retour à").first.click()
    page.wait_for_url("**/games/**")
    assert page.locator("#cards-1").input_value() == "V♠ 2 3 4"
    page.reload()
    assert page.locator("#cards-0").input_value() == "VCo 5 R R"
    assert page.locator("#cards-1").input_value() == "V♠ 2 3 4"
    submit(page, page.get_by_role("button", name="Enregistrer le trou 1"))
    assert "Trou 2" in page.content()
    hole = httpx_get(f"{live_server}/api/games/{state['id']}")["rounds"][0]
    assert hole["data"]["players"][0]["cards"] == ["JH", "5", "K", "K"] and hole["points"] == [0, 5]


def typed_then_english(page, live_server: str, game: str, typed: dict[str, str]) -> dict:
    """Start a game, type into its round form on the French page (box id -> text), and switch to English."""
    state = api(live_server, "/games", {"game": game, "players": ["Anne", "Bruno"]})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    for box, text in typed.items():
        page.locator(f"#{box}").fill(text)
    page.get_by_role("link", name="English").click()
    page.wait_for_load_state()
    return state


def test_a_draft_switched_to_the_other_language_comes_back_in_its_letters(french_page, live_server):
    """Cards typed in French, then the EN button: the draft comes back in English letters (an English K would be
    a French carreau, a French D an English diamond), and back again; saved, they are the cards typed."""
    page = french_page
    state = typed_then_english(page, live_server, "golf", {"cards-0": "VCo 5 R D♦", "cards-1": "10P 2 3 4"})
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#cards-0").input_value() == "J♥ 5 K Q♦"
    assert page.locator("#cards-1").input_value() == "10♠ 2 3 4"
    page.get_by_role("link", name="Français").click()
    page.wait_for_load_state()
    assert page.locator("#cards-0").input_value() == "V♥ 5 R D♦"
    submit(page, page.get_by_role("button", name="Enregistrer le trou 1"))
    hole = httpx_get(f"{live_server}/api/games/{state['id']}")["rounds"][0]
    assert hole["data"]["players"][0]["cards"] == ["JH", "5", "K", "QD"]


def test_points_beside_cards_stay_points_when_the_language_changes(french_page, live_server):
    """Hand & Foot's "or points" boxes sit beside the cards: switched to the other language, "1" stayed "1", not an
    ace ("A"), and "1 000" not "A 000"."""
    page = french_page
    typed_then_english(page, live_server, "hand-and-foot", {"melded_points-0": "1 000", "left_points-1": "1",
                                                            "melded-1": "R R R"})
    assert page.locator("#melded_points-0").input_value() == "1 000"
    assert page.locator("#left_points-1").input_value() == "1"
    assert page.locator("#melded-1").input_value() == "K K K"


def test_a_french_c_in_a_draft_is_never_read_as_an_english_club(french_page, live_server):
    """"10C" is refused on a French page (C is hearts to a French reader, clubs to an English one). Switched to
    English, the draft must not come back as a valid 10 of clubs that saves 10 points nobody meant: it is marked."""
    page = french_page
    state = typed_then_english(page, live_server, "golf", {"cards-0": "10C 5 R 2", "cards-1": "A 2 3 4"})
    assert page.locator("#cards-0").input_value() == "?10C 5 K 2"
    submit(page, page.get_by_role("button", name="Save hole 1"))
    assert "?10C is not a card" in page.locator("#cards-0-err").inner_text()
    assert httpx_get(f"{live_server}/api/games/{state['id']}")["rounds"] == []


def test_a_player_out_of_chase_the_ace_reads_eliminated_in_lower_case(french_page, live_server):
    import httpx

    page = french_page
    state = api(live_server, "/games", {"game": "chase-the-ace", "players": ["Anne", "Bruno", "Chloé"],
                                        "options": {"lives": 1}})
    answer = httpx.post(f"{live_server}/api/games/{state['id']}/rounds", json={"number": 1, "data": {"losers": [1]}},
                        headers={"Authorization": f"Bearer {state['token']}"})
    assert answer.status_code == 201, answer.text
    page.goto(f"{live_server}/games/{state['id']}")
    label = page.locator(".standings li", has_text="Bruno").locator(".out-label")
    assert label.inner_text() == "hors jeu"  # not set in capitals: "HORS JEU" shouts


def test_the_card_helper_names_a_letter_of_the_other_language_as_the_server_does(french_page, live_server):
    """"VC" is no card to the helper either: it says why (C is clubs in English), never just "not a card"."""
    page = french_page
    state = api(live_server, "/games", {"game": "hand-and-foot", "players": ["Anne", "Bruno"]})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    helper = page.locator(".meld-helper")
    total = helper.locator(".card-total")
    for typed in ("VC", "R VC"):
        helper.locator("#meld-cards").fill(typed)
        expect(total).to_contain_text("C\u00a0: ")
        expect(total).to_contain_text("Co pour cœur ou T pour trèfle")
    helper.locator("#meld-cards").fill("K")  # an English king: the French page writes R
    expect(total).to_contain_text("K\u00a0: ")
    expect(total).to_contain_text("écrivez V pour valet")
    helper.locator("#meld-cards").fill("RK")  # the king of diamonds (carreau), in French letters
    expect(total).to_contain_text("1 carte")
    expect(total).to_contain_text("10")


def test_a_golf_card_slot_is_read_out_in_french_typography(french_page, live_server):
    """A screen reader reads a Golf card slot as "Carte 1 : R", a no-break space before the colon."""
    page = french_page
    state = api(live_server, "/games", {"game": "golf", "players": ["Anne", "Bruno"]})
    page.goto(f"{live_server}/games/{state['id']}/edit/{state['token']}")
    anne = page.locator(".seat-entry").nth(0)
    anne.locator(".layout-keys button[data-rank='K']").click()
    expect(anne.locator(".slot-card").nth(0)).to_have_attribute("aria-label", "Carte 1\u00a0: R")
    expect(anne.locator(".slot-card").nth(1)).to_have_attribute("aria-label", "Carte 2")
