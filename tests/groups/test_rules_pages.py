"""A group's own rules on its pages: shown in table words on the group page, changed and cleared by its editors on a
form of the new-game form's fields (refusals kept as typed, named by field), and the group's new-game page filled in
with them, saying whose they are."""
from __future__ import annotations

import re

from tests.groups.conftest import bearer


def editor_of(client, group: dict) -> None:
    assert client.get(f"/groups/{group['id']}/join/{group['token']}").status_code == 302


def put_rules(client, group: dict, game: str, body: dict) -> None:
    answer = client.put(f"/api/groups/{group['id']}/rules/{game}", json=body, headers=bearer(group["token"]))
    assert answer.status_code == 200, answer.get_json()


def rules_of(client, group: dict) -> dict:
    return client.get(f"/api/groups/{group['id']}/rules", headers=bearer(group["token"])).get_json()


def checked(page: str, name: str) -> list[str]:
    """Return the values checked among the radio buttons called ``name``."""
    return re.findall(rf'<input[^>]*checked[^>]*name="{name}"[^>]*value="([^"]*)"', page)


def value_of(page: str, name: str) -> str:
    return re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', page).group(1)


def test_the_group_page_says_each_games_rules_in_table_words(app, client, make_group):
    group = make_group("Friday cards")
    put_rules(client, group, "golf", {"preset": "six_card", "options": {"holes": 18, "pairs": "lines"}})
    reader = app.test_client()
    page = reader.get(group["view"].replace("http://localhost", "")).get_data(as_text=True)
    rules = page.split('id="rules"')[1].split("</section>")[0]
    assert "Golf" in rules and "6-card Golf" in rules and "Holes: 18" in rules and "pairs in a row or column" in rules
    assert "Change" not in rules and "<form" not in rules  # a reader reads them only
    editor_of(client, group)
    page = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    rules = page.split('id="rules"')[1].split("</section>")[0]
    assert f"/groups/{group['id']}/rules/golf" in rules and f"/groups/{group['id']}/rules/golf/clear" in rules
    assert f"/groups/{group['id']}/rules/gin-rummy" in rules  # any other game's rules may be set


def test_a_group_without_rules_says_it_plays_the_usual_ones(client, make_group):
    group = make_group()
    editor_of(client, group)
    assert "This group plays by the usual rules of each game." in client.get(f"/groups/{group['id']}").get_data(
        as_text=True)


def test_an_editor_sets_the_rules_on_the_form_and_the_group_page_shows_them(client, make_group):
    group = make_group("Friday cards")
    editor_of(client, group)
    form = client.get(f"/groups/{group['id']}/rules/golf").get_data(as_text=True)
    assert "Friday cards&#39; rules" in form and 'name="opt_holes"' in form and 'name="preset"' in form
    assert 'name="players-0"' not in form  # the rules, not who plays
    saved = client.post(f"/groups/{group['id']}/rules/golf",
                        data={"preset": "", "shown_preset": "", "opt_layout": "6", "opt_holes": "18",
                              "opt_pairs": "lines", "opt_knock_penalty": "none", "opt_knock_bonus": "none"})
    assert saved.status_code == 302 and saved.headers["Location"].endswith(f"/groups/{group['id']}#rules")
    assert rules_of(client, group) == {"golf": {"preset": None, "options": {"layout": 6, "holes": 18,
                                                                           "pairs": "lines"}}}
    page = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert "Saved: new games of Golf start from these rules." in page and "Holes: 18" in page
    again = client.get(f"/groups/{group['id']}/rules/golf").get_data(as_text=True)  # opens with them filled in
    assert value_of(again, "opt_holes") == "18" and "6" in checked(again, "opt_layout")


def test_a_preset_chosen_on_the_form_is_kept_with_the_rules_changed_from_it(client, make_group):
    group = make_group()
    editor_of(client, group)
    client.post(f"/groups/{group['id']}/rules/gin-rummy",
                data={"preset": "classic", "shown_preset": "", "opt_target": "100", "opt_knock_max": "9"})
    kept = rules_of(client, group)["gin-rummy"]
    assert kept["preset"] == "classic"


def test_refused_rules_keep_what_was_typed_and_name_the_field(client, make_group):
    group = make_group()
    put_rules(client, group, "golf", {"options": {"holes": 9}})
    editor_of(client, group)
    refused = client.post(f"/groups/{group['id']}/rules/golf",
                          data={"preset": "", "shown_preset": "", "opt_layout": "4", "opt_holes": "0",
                                "opt_look_cost": "77"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "These rules were not saved" in page
    assert value_of(page, "opt_holes") == "0" and value_of(page, "opt_look_cost") == "77"
    assert re.search(r'id="opt_holes-err">[^<]+<', page) and 'aria-invalid="true"' in page
    assert rules_of(client, group) == {"golf": {"preset": None, "options": {"holes": 9}}}
    typed = client.post(f"/groups/{group['id']}/rules/golf",
                        data={"preset": "", "shown_preset": "", "opt_layout": "4", "opt_holes": "nine"})
    assert typed.status_code == 422 and value_of(typed.get_data(as_text=True), "opt_holes") == "nine"


def test_an_editor_clears_a_games_rules(client, make_group):
    group = make_group()
    put_rules(client, group, "golf", {"options": {"holes": 9}})
    put_rules(client, group, "gin-rummy", {"options": {"target": 150}})
    editor_of(client, group)
    cleared = client.post(f"/groups/{group['id']}/rules/golf/clear", follow_redirects=True)
    assert cleared.status_code == 200 and "New games of Golf start from the usual rules again." in \
        cleared.get_data(as_text=True)
    assert list(rules_of(client, group)) == ["gin-rummy"]


def test_only_the_groups_editors_see_or_send_the_rules_form(app, client, make_group):
    group = make_group()
    reader = app.test_client()
    reader.get(group["view"].replace("http://localhost", ""))
    stranger = app.test_client()
    for browser, status in ((reader, 403), (stranger, 404)):
        assert browser.get(f"/groups/{group['id']}/rules/golf").status_code == status
        assert browser.post(f"/groups/{group['id']}/rules/golf", data={"opt_holes": "18"}).status_code == status
        assert browser.post(f"/groups/{group['id']}/rules/golf/clear").status_code == status
    assert rules_of(client, group) == {}
    editor_of(client, group)
    assert client.get(f"/groups/{group['id']}/rules/snap").status_code == 404
    assert client.post(f"/groups/{group['id']}/rules/snap", data={}).status_code == 404


def test_the_rules_forms_need_their_csrf_token(make_app):
    app = make_app(WTF_CSRF_ENABLED=True)
    client = app.test_client()
    group = client.post("/api/groups", json={"name": "Friday cards"}).get_json()
    editor_of(client, group)
    form = client.get(f"/groups/{group['id']}/rules/gin-rummy").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1)
    data = {"preset": "", "shown_preset": "", "opt_target": "150"}
    assert client.post(f"/groups/{group['id']}/rules/gin-rummy", data=data).status_code == 400
    assert rules_of(client, group) == {}
    assert client.post(f"/groups/{group['id']}/rules/gin-rummy", data={**data, "csrf_token": token}).status_code == 302
    assert client.post(f"/groups/{group['id']}/rules/gin-rummy/clear").status_code == 400
    assert list(rules_of(client, group)) == ["gin-rummy"]
    page = client.get(f"/groups/{group['id']}").get_data(as_text=True)
    assert page.count('name="csrf_token"') == page.count("<form method=\"post\"")


def test_the_groups_new_game_page_opens_with_its_rules_and_says_whose(client, make_group):
    group = make_group("Friday cards")
    put_rules(client, group, "golf", {"preset": "six_card", "options": {"holes": 18}})
    editor_of(client, group)
    page = client.get(f"/groups/{group['id']}/play", query_string={"game": "golf"}).get_data(as_text=True)
    assert "Friday cards&#39; rules" in page
    assert checked(page, "preset") == ["six_card"] and value_of(page, "opt_holes") == "18"
    other = client.get(f"/groups/{group['id']}/play", query_string={"game": "gin-rummy"}).get_data(as_text=True)
    assert "Friday cards&#39; rules" not in other  # no rules kept for Gin: the usual ones


def test_a_game_started_on_the_group_page_plays_what_its_form_shows(client, make_group):
    group = make_group("Friday cards")
    put_rules(client, group, "gin-rummy", {"options": {"target": 150, "knock_max": 5}})
    editor_of(client, group)
    page = client.get(f"/groups/{group['id']}/play", query_string={"game": "gin-rummy"}).get_data(as_text=True)
    assert value_of(page, "opt_target") == "150" and value_of(page, "opt_knock_max") == "5"
    # the table plays to 150 as the group does, but puts the knock limit back to the usual 9 for this game
    started = client.post(f"/groups/{group['id']}/play", data={
        "game": "gin-rummy", "players": ["Ann", "Bob"], "preset": "", "shown_preset": "", "opt_first_dealer": "0",
        "opt_target": "150", "opt_knock_max": "9", "opt_gin_bonus": "25", "opt_big_gin_bonus": "31",
        "opt_undercut_bonus": "25", "opt_box_bonus": "0", "opt_game_bonus": "0"})
    assert started.status_code == 302, started.get_data(as_text=True)
    game = client.get("/api/games/" + started.headers["Location"].rsplit("/", 1)[1]).get_json()
    assert game["options"]["target"] == 150 and game["options"]["knock_max"] == 9


def test_the_group_page_is_french_too(client, make_group):
    group = make_group("Amis")
    put_rules(client, group, "golf", {"options": {"holes": 18}})
    editor_of(client, group)
    french = {"Accept-Language": "fr"}
    form = client.get(f"/groups/{group['id']}/rules/golf", headers=french).get_data(as_text=True)
    assert "Les règles du groupe Amis" in form and "Enregistrer ces règles" in form
    page = client.get(f"/groups/{group['id']}", headers=french).get_data(as_text=True)
    rules = page.split('id="rules"')[1].split("</section>")[0]
    assert "Règles maison" in rules and re.search(r"Trous\W{1,3}: 18", rules), rules


def chosen_game(page: str) -> str:
    """Return the game a group's new-game or new-night page opens on."""
    return re.search(r'<input type="hidden" name="game" value="([^"]*)">', page).group(1)


def test_a_groups_new_game_and_night_open_on_the_game_it_keeps_rules_for(client, make_group):
    group = make_group("Friday cards")
    editor_of(client, group)
    pages = (f"/groups/{group['id']}/play", f"/groups/{group['id']}/nights/new")
    opened = lambda: [chosen_game(client.get(url).get_data(as_text=True)) for url in pages]  # noqa: E731
    assert opened() == ["golf", "golf"]  # no rules kept, nothing played: the first game, as before
    put_rules(client, group, "gin-rummy", {"options": {"target": 150}})
    assert opened() == ["gin-rummy", "gin-rummy"]  # the only game it keeps rules for, filled in with them
    for url in pages:
        page = client.get(url).get_data(as_text=True)
        assert value_of(page, "opt_target") == "150" and "Friday cards&#39; rules" in page
    put_rules(client, group, "hand-and-foot", {"options": {"going_out": 200}})
    assert opened() == ["hand-and-foot", "hand-and-foot"]  # the rules set last
    put_rules(client, group, "gin-rummy", {"options": {"target": 200}})  # set again: the last set once more
    assert opened() == ["gin-rummy", "gin-rummy"]
    asked = client.get(pages[0], query_string={"game": "golf"}).get_data(as_text=True)  # a game asked: that one
    assert chosen_game(asked) == "golf"
