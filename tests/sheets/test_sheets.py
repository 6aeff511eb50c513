"""Printed sheets: what the PDFs say (read back by tests/pdfs.py), one page for blank sheets, safe names, caching."""
from __future__ import annotations

import re

import pytest

from scorekeeper import rules as registry
from tests.pdfs import pages_text, read_pdf

HOSTILE = ["<b>bold</b>", "Zoë", "李小龙", "שרה", "M" * 40]


def pdf_text(answer) -> tuple[int, str]:
    """Return the page count and the text of a PDF answer, spaces squeezed."""
    assert answer.status_code == 200, answer.get_data(as_text=True)[:500]
    assert answer.mimetype == "application/pdf"
    pages = pages_text(answer.data)
    return len(pages), re.sub(r"\s+", " ", " ".join(pages))


def blank(client, key, count, names=(), kind="sheet", **options):
    query = {"count": count, **{f"players-{i}": n for i, n in enumerate(names)},
             **{f"opt_{k}": v for k, v in options.items()}}
    return client.get(f"/sheets/{key}/{kind}.pdf", query_string=query)


def scores(*points):
    """A Golf hole given as each player's score."""
    return {"players": [{"score": p} for p in points], "knocker": None}


def play(create_game, post_round, game, players, rounds, options=None):
    state = create_game(game, players, options)
    for data in rounds:
        answer = post_round(state, data)
        assert answer.status_code in (200, 201), answer.get_json()
    return state


SIZES = [(key, n) for key, rules in registry.REGISTRY.items()
         for n in sorted({max(rules.spec.min_players, min(rules.spec.max_players, n)) for n in (3, 6, 10)})]


@pytest.mark.parametrize("key,count", SIZES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_blank_sheet_fits_one_page(client, key, count, paper):
    answer = client.get(f"/sheets/{key}/sheet.pdf", query_string={"count": count, "paper": paper})
    pages, text = pdf_text(answer)
    # Hand & Foot's four blocks of eight 6 mm lines run over two Letter pages (rows a pen writes in: issue 38)
    assert pages == (2 if (key, paper) == ("hand-and-foot", "letter") else 1)
    assert text  # the sheet has its words


@pytest.mark.parametrize("key", registry.REGISTRY)
def test_every_rules_card_is_one_page(client, key):
    pages, text = pdf_text(client.get(f"/sheets/{key}/rules.pdf", query_string={"count": 4}))
    assert pages == 1
    # where the card's keys say every rule in force (Gin as it is played, any game, Garbage): no heading over nothing
    assert ("How this table plays" in text) is (key not in ("gin-rummy", "any", "garbage-rummy"))


@pytest.mark.parametrize("key", ["garbage-rummy", "hand-and-foot"])
def test_rules_cards_of_wide_tables_stay_one_portrait_page(client, key):
    count = registry.get(key).spec.max_players
    answer = blank(client, key, count, names=[f"Player {n}" for n in range(count)], kind="rules")
    pages, text = pdf_text(answer)
    box = read_pdf(answer.data)[0]
    assert pages == 1 and box.height > box.width  # the card reads down the page, even when the sheet turns


def test_wide_sheets_turn_to_landscape(client):
    narrow = read_pdf(blank(client, "golf", 3).data)[0]
    wide = read_pdf(blank(client, "garbage-rummy", 10).data)[0]
    assert narrow.height > narrow.width
    assert wide.width > wide.height


def test_letter_paper(client):
    box = read_pdf(blank(client, "golf", 4, paper="x").data)[0]
    assert round(float(box.width)) == 595  # A4 unless Letter is asked for
    answer = client.get("/sheets/golf/sheet.pdf", query_string={"count": 4, "paper": "letter"})
    box = read_pdf(answer.data)[0]
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_names_are_filled_in_and_blank_seats_stay_blank(client):
    pages, text = pdf_text(blank(client, "golf", 4, names=["Ann", "", "Cy"]))
    assert "Ann" in text and "Cy" in text
    assert "Player" not in text.split("Hole 1")[0]  # no made-up names in the heading row


def test_twelve_hands_sheet_lists_the_contracts_with_this_tables_counts(client):
    _, text = pdf_text(blank(client, "trash-twelve-hands", 4))
    for contract in ("1 · Tricks", "2 · Hearts", "3 · Kings", "4 · Queens", "5 · Last trick", "12 · Tricks"):
        assert contract in text
    assert "5 a trick · 13 in all" in text  # one deck for four: 13 tricks
    _, text = pdf_text(blank(client, "trash-twelve-hands", 6))
    assert "5 a trick · 8 in all" in text and "5 a heart · 12 in all" in text  # 48 cards: 8 tricks, 12 hearts


def test_hand_and_foot_sheet_has_each_hands_meld_minimum_and_partners_side_by_side(client):
    _, text = pdf_text(blank(client, "hand-and-foot", 4, names=["Ann", "Bob", "Cy", "Di"], partners="y"))
    for n, minimum in enumerate((60, 90, 120, 150), 1):
        assert f"Hand {n} first meld {minimum}" in text
    assert "Team 1" in text and "Team 2" in text
    assert text.index("Ann") < text.index("Cy") < text.index("Bob") < text.index("Di")  # partners 0 & 2, 1 & 3


def test_golf_sheet_has_holes_values_and_quarters(client):
    _, text = pdf_text(blank(client, "golf", 3, holes="18", quarters="5"))
    assert "Hole 18" in text and "Hole 19" not in text
    assert "Card values" in text and "Joker" in text
    assert "Quarters" in text


def test_garbage_sheet_has_the_goals_and_penalties(client):
    _, text = pdf_text(blank(client, "garbage-rummy", 3))
    assert "Penalty" in text and "Goal" in text
    assert "a run of 11" in text and "two sets of 3" in text
    assert "Penalty points" in text


def test_gin_sheet_has_the_bonus_block(client):
    _, text = pdf_text(blank(client, "gin-rummy", 2, box_bonus="25"))
    assert "Boxes: 25 a hand won" in text and "Final total" in text


def test_trash_and_chase_sheets_have_places_to_strike_out(client):
    _, text = pdf_text(blank(client, "trash", 3))
    assert "A ★ │ 2 │ 3 │ 4 │ 5 │ 6 │ 7 │ 8 │ 9 │ 10" in text and "Packs" in text  # one strip of places, parted by bars
    _, text = pdf_text(blank(client, "chase-the-ace", 5, lives="4"))
    assert "Lives" in text and "The pot" in text


@pytest.mark.parametrize("key", ["golf", "garbage-rummy", "hand-and-foot"])
def test_hostile_names_print_exactly(client, key):
    rules = registry.get(key)
    names = HOSTILE[:rules.spec.max_players]
    pages, text = pdf_text(blank(client, key, len(names), names=names))
    assert pages == 1
    for name in names[:3]:
        assert name in text  # printed as typed: the markup is text, not bold
    assert "李小龙" in text


def test_a_refused_print_form_says_why_and_keeps_what_was_typed(client):
    answer = blank(client, "golf", 99, names=["Ann"], holes="7")
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "needs 2 to" in page  # the player count
    assert 'value="Ann"' in page
    answer = blank(client, "golf", 3, names=["Ann", "Ann"])
    assert answer.status_code == 422
    assert "<b>" not in blank(client, "golf", 3, names=["<b>x</b>", "<b>x</b>"]).get_data(as_text=True).split("main")[-1]


def test_card_values_the_print_form_cannot_read_are_said_as_the_table_writes_them(client):
    answer = client.get("/sheets/golf/sheet.pdf", query_string={"count": 3, "opt_values": "Q=abc"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "write each card with its value, such as Q=12, J=0" in page
    assert "{" not in page.split('id="opt_values-err"')[1].split("</p>")[0]  # never the API's JSON


@pytest.mark.parametrize("query", [{"count": "x"}, {"count": ""}, {"count": "3", "opt_holes": "lots"},
                                   {"count": "3", "players-0": "x" * 500}, {"count": "3", "paper": "<a>"}])
def test_malformed_print_requests_never_fail(client, query):
    assert client.get("/sheets/golf/sheet.pdf", query_string=query).status_code in (200, 422)


def test_unknown_games_and_kinds_are_not_found(client, create_game):
    assert client.get("/sheets/poker").status_code == 404
    assert client.get("/sheets/poker/sheet.pdf").status_code == 404
    assert client.get("/sheets/golf/cake.pdf").status_code == 404
    assert client.get("/games/nope/sheet.pdf").status_code == 404


def test_print_pages_list_every_game_and_ask_for_its_house_rules(client):
    page = client.get("/sheets/").get_data(as_text=True)
    for rules in registry.REGISTRY.values():
        assert rules.spec.name in page
    page = client.get("/sheets/golf").get_data(as_text=True)
    assert 'name="opt_holes"' in page and 'name="paper"' in page and 'name="count"' in page
    assert "/sheets/golf/rules.pdf" in page
    assert "/sheets/" in client.get("/").get_data(as_text=True)


def test_filled_golf_sheet_has_rounds_running_totals_places_and_winner(client, create_game, post_round):
    state = play(create_game, post_round, "golf", ["Ann", "Bob", "Cy"],
                 [scores(20, 10, 7), scores(2, 30, 28)], {"holes": 2})
    pages, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "Winner: Ann" in text
    assert "1st Ann" in text and "2nd Cy" in text and "3rd Bob" in text  # placings
    assert "Hole 1" in text and "Hole 2" in text
    assert "22" in text and "40" in text and "35" in text  # totals
    assert pages == 1


def test_filled_sheet_shows_game_state(client, create_game, post_round):
    state = play(create_game, post_round, "chase-the-ace", ["Ann", "Bob", "Cy"], [{"losers": [0]}])
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "Lives" in text and "Deal 2" in text
    state = play(create_game, post_round, "garbage-rummy", ["Ann", "Bob"], [{"went_out": 0, "dealer_exact": False,
                                                   "players": [{"made_goal": True, "cards": []},
                                                               {"made_goal": False, "penalty": 15}]}])
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "Goal" in text and "Goals made" in text and "15" in text


def test_filled_sheet_of_a_game_with_hostile_names(client, create_game, post_round):
    state = play(create_game, post_round, "golf", HOSTILE, [scores(1, 2, 3, 4, 5)])
    pages, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    for name in HOSTILE[:4]:
        assert name in text


def test_filled_sheet_is_open_to_spectators_and_cached_by_version(client, create_game, post_round):
    state = create_game("golf", ["Ann", "Bob"])
    first = client.get(f"/games/{state['id']}/sheet.pdf")  # no token: a spectator
    assert first.status_code == 200 and first.headers["ETag"]
    again = client.get(f"/games/{state['id']}/sheet.pdf", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and not again.data
    assert post_round(state, scores(3, 4)).status_code == 201
    changed = client.get(f"/games/{state['id']}/sheet.pdf", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]
    _, text = pdf_text(client.get(f"/games/{state['id']}/rules.pdf"))
    assert "How this table plays" in text


def test_the_table_page_links_its_sheets_and_draws_the_chart(client, create_game, post_round):
    state = play(create_game, post_round, "golf", ["Ann", "<b>Bob</b>"], [scores(3, 4), scores(5, 1)])
    page = client.get(f"/games/{state['id']}").get_data(as_text=True)
    assert f"/games/{state['id']}/sheet.pdf" in page and f"/games/{state['id']}/rules.pdf" in page
    assert "<svg" in page and "&lt;b&gt;Bob&lt;/b&gt;" in page and "<b>Bob</b>" not in page


def test_some_names_typed_print_in_their_seats_and_the_rest_stay_blank(client):
    answer = client.get("/sheets/golf/sheet.pdf", query_string={"count": 4, "players-0": "Ann", "players-2": "Cy"})
    _, text = pdf_text(answer)
    assert "Ann" in text and "Cy" in text


def test_a_name_past_the_chosen_count_is_refused_on_its_field(client):
    answer = client.get("/sheets/golf/sheet.pdf", query_string={"count": 3, "players-0": "Ann", "players-7": "Zed"})
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "the sheet is for 3 players" in page
    assert re.search(r'id="players-7"[^>]*value="Zed"|value="Zed"[^>]*id="players-7"', page)  # kept in its own box
    assert 'id="players-7-err"' in page


def test_paper_follows_the_readers_region_unless_chosen(client):
    us = {"Accept-Language": "en-US,en;q=0.8"}
    box = read_pdf(client.get("/sheets/golf/sheet.pdf?count=3", headers=us).data)[0]
    assert round(float(box.width)) == 612  # Letter
    box = read_pdf(client.get("/sheets/golf/sheet.pdf?count=3&paper=a4", headers=us).data)[0]
    assert round(float(box.width)) == 595
    assert '<option selected value="letter">' in client.get("/sheets/golf", headers=us).get_data(as_text=True)
    box = read_pdf(client.get("/sheets/golf/sheet.pdf?count=3", headers={"Accept-Language": "en-GB"}).data)[0]
    assert round(float(box.width)) == 595


def test_rules_cards_say_how_the_game_goes(client):
    _, text = pdf_text(client.get("/sheets/chase-the-ace/rules.pdf", query_string={"count": 5}))
    assert "How it goes" in text and "takes the pot" in text
    assert "Log:" not in text


def test_a_long_game_spreads_over_pages_with_rows_to_write_in(client):
    pages, text = pdf_text(blank(client, "hand-and-foot", 4, rounds="8"))
    assert pages == 2 and "Hand 8" in text


@pytest.mark.parametrize("key,field,value", [("golf", "holes", "abc"), ("golf", "holes", "1.5"),
                                             ("chase-the-ace", "lives", "lots")])
def test_a_house_rule_that_is_not_a_number_is_refused_on_its_field(client, key, field, value):
    answer = client.get(f"/sheets/{key}/sheet.pdf", query_string={"count": 3, f"opt_{field}": value})
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert f'id="opt_{field}-err"' in page and f'value="{value}"' in page


def test_filled_sheet_legend_names_each_numbered_line_of_the_chart(client, create_game, post_round):
    state = play(create_game, post_round, "golf", HOSTILE, [scores(1, 2, 3, 4, 5), scores(5, 4, 3, 2, 1)])
    answer = client.get(f"/games/{state['id']}/sheet.pdf")
    _, text = pdf_text(answer)
    for n, name in enumerate(HOSTILE[:3], 1):
        assert f"{n} · {name}" in text  # the chart numbers its lines; the legend, one cell, names them
    assert "\u2068" not in text and "\u2069" not in text  # names are isolated by invisible marks, not printed ones


def test_sheets_isolate_names_without_elements(app):
    from scorekeeper.web.i18n import isolate

    assert str(isolate("<b>Zoë</b>")) == "\u2068&lt;b&gt;Zoë&lt;/b&gt;\u2069"  # escaped, then isolated as <bdi> would


def test_filled_sheet_notes_print_a_line_each(client, create_game, post_round):
    state = play(create_game, post_round, "trash-twelve-hands", ["Ann", "Bob", "Cy", "Di"], [])
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "Hand 1 of 12" in text and "After hand 12 the lowest total wins" in text


@pytest.mark.parametrize("count", [6, 10])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_name_on_a_trash_sheet_is_counted_in_the_fit_and_rendered_once(client, monkeypatch, count, paper):
    from scorekeeper.sheets import views

    tries = []
    render = views.render_pdf
    monkeypatch.setattr(views, "render_pdf", lambda html, one_page=False, **kw: render(
        lambda squeeze: tries.append(squeeze) or html(squeeze), one_page, **kw))
    names = [chr(65 + n) + "M" * 39 for n in range(count)]  # every name 40 letters, wrapping in its cell
    pages, text = pdf_text(client.get("/sheets/trash/sheet.pdf", query_string={
        "count": count, "paper": paper, **{f"players-{i}": n for i, n in enumerate(names)}}))
    assert pages == 1 and tries == [0]  # the estimate left room: no second render squeezed
    assert "Layout: strike out" in text


@pytest.mark.parametrize("count", [7, 10, 11, 12])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("language, long_names", [("en", False), ("fr", False), ("en", True)])
def test_a_big_quarters_game_has_its_strikes_on_the_first_page(client, monkeypatch, count, paper, language,
                                                                long_names):
    """A big table's quarters game has a row for each hole its quarters can last: more than a page holds, so the
    sheet runs down two pages, made once (no squeezing a sheet that cannot fit one), with the players' quarters to
    strike out on the first, under the holes, and the rules on the back."""
    from scorekeeper.sheets import views

    tries = []
    render = views.render_pdf
    monkeypatch.setattr(views, "render_pdf", lambda html, one_page=False, **kw: render(
        lambda squeeze: tries.append(squeeze) or html(squeeze), one_page, **kw))
    names = [chr(65 + n) + ("aximilienne-Éléonore de la Tour" if long_names else "nnabelle") for n in range(count)]
    pages, text = pdf_text(client.get("/sheets/golf/sheet.pdf", query_string={
        "count": count, "paper": paper, "preset": "quarters", **{f"players-{i}": n for i, n in enumerate(names)}},
        headers={"Accept-Language": language}))
    assert pages == 2 and tries == [0], tries
    first = text.split("1 / 2")[0]
    assert "strike one out for each quarter paid" in first or "barrez-en une pour chaque pièce" in first
    assert "takes the jar" in text or "bocal" in text


def test_a_golf_sheet_says_each_thing_once(client):
    """"Lowest total wins." under the heading only, and "Equal cards: do not cancel", not "equal cards" twice."""
    _, text = pdf_text(blank(client, "golf", 4))
    assert text.count("Lowest total wins") == 1 and "Equal cards do not cancel" in text
    _, french = pdf_text(client.get(
        "/sheets/golf/sheet.pdf", query_string={"count": 4}, headers={"Accept-Language": "fr"}))
    assert "Cartes identiques ne s’annulent pas" in french and french.count("Le total le plus bas gagne") == 1


@pytest.mark.parametrize("language, typed, printed", [("fr", "D=12, DP=40, V=0", "D♠"), ("en", "Q=12, QS=40, J=0", "Q♠")])
def test_a_suited_card_value_prints_in_the_readers_letters_and_once(client, language, typed, printed):
    """The queen of spades worth 40 is "D♠" on a French sheet, never the API's "QS"; the card values key states the
    values, so the house rules line under it does not repeat them. Garbage, whose key leaves suited values out,
    keeps them in that line, in the reader's letters too."""
    headers = {"Accept-Language": language}
    _, text = pdf_text(client.get("/sheets/golf/sheet.pdf", query_string={"count": 4, "opt_values": typed},
                                  headers=headers))
    assert f"{printed} 40" in text and "QS" not in text
    assert "=12" not in text and "=40" not in text  # not again in the house rules line
    _, text = pdf_text(client.get("/sheets/garbage-rummy/sheet.pdf", query_string={
        "count": 4, "opt_values": typed.split(", ")[1]}, headers=headers))
    assert f"{printed}=40" in text and "QS" not in text


def test_a_rules_card_lists_only_the_names_typed(client):
    _, text = pdf_text(blank(client, "chase-the-ace", 4, names=["Ann", "", "Cy"], kind="rules"))
    assert "Ann · Cy" in text and "Cy ·" not in text  # no separators for the seats left blank


def test_a_french_sheet_names_an_undercut_in_french(client, create_game, post_round):
    state = create_game("gin-rummy", ["Ann", "Bob"])
    post_round(state, {"result": "knock", "knocker": 0, "deadwood": [8, 5]})  # Bob undercuts Ann: 28
    _pages, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": "fr"}))
    assert "28 contre" in text and "undercut" not in text


def test_the_golf_quarters_game_says_how_it_is_won_on_its_sheet_and_card(client):
    _, text = pdf_text(blank_preset(client, "golf", 4, "quarters"))
    assert "Lowest total wins" not in text
    assert "X=0" not in text and "Joker 0" in text  # the card values key names the card, not the letter typed
    assert "the last player with quarters left takes the jar" in text and "out of the game" in text
    _, text = pdf_text(blank_preset(client, "golf", 4, "quarters", kind="rules"))
    assert "lowest total wins" not in text.lower()
    assert "the last player with quarters left takes the jar" in text


def blank_preset(client, key, count, preset, kind="sheet", lang="en"):
    return client.get(f"/sheets/{key}/{kind}.pdf", query_string={"count": count, "preset": preset},
                      headers={"Accept-Language": lang})


@pytest.mark.parametrize("preset,won", [("short", "The first layout down to 6 cards wins the game"),
                                        ("house", "Win a deal with a layout of one card (the ace alone)")])
def test_every_trash_sheet_says_plainly_how_the_game_is_won(client, preset, won):
    _, card = pdf_text(blank_preset(client, "trash", 4, preset, kind="rules"))
    _, sheet = pdf_text(blank_preset(client, "trash", 4, preset))
    assert won in card and won in sheet
    if preset == "short":
        assert "one card to win the game" not in card  # no second, contradicting way to win
        assert "6 │ 7 ★ │ 8" in sheet  # the place that wins, marked on every layout
    assert "★ Strike out this place and you have won the game." in sheet


def test_six_card_golf_has_no_knocking_rows(client):
    _, text = pdf_text(blank_preset(client, "golf", 4, "six_card", kind="rules"))
    assert "Knocker" not in text and "when a layout is all face up" in text
    assert "Or knock" not in text
    assert "Deal 6 cards each" in text and "6-card Golf" not in text  # the deal of the layout in force
    _, text = pdf_text(blank(client, "golf", 4, kind="rules"))
    assert "Deal 4 cards each" in text


def test_the_trash_deal_log_holds_a_long_game(client):
    for count in (3, 4, 6):
        pages, text = pdf_text(blank(client, "trash", count))
        assert pages == 1 and " 48 " in text  # a 4-player game lasts 28 deals, often more
    pages, text = pdf_text(blank(client, "trash", 10))
    assert pages == 1 and " 24 " in text and "number on from" in text  # a bigger table: the back of the page


TYPICAL = {  # a typical game of each kind: it fits one page
    "golf": (["Amélie", "Bartholomew", "Cy", "Dominique"], {"holes": 9},
             [{"players": [{"score": (7 * h + 3 * s) % 23} for s in range(4)], "knocker": h % 4} for h in range(9)]),
    "trash": (["Amélie", "Bartholomew", "Cy", "Dominique"], {}, [{"winner": (d * 7) % 4} for d in range(28)]),
    "gin-rummy": (["Amélie", "Bartholomew"], {"box_bonus": 25, "game_bonus": 100, "shutout_double": True},
                  [{"result": "knock", "knocker": h % 2, "deadwood": [3, 15] if h % 2 == 0 else [15, 3]}
                   for h in range(14)] + [{"result": "gin", "knocker": 0, "deadwood": [0, 30]}]),  # 15 hands to 100
    "hand-and-foot": (["Amélie", "Bartholomew", "Cy", "Dominique"], {},
                      [{"players": [{"clean_books": 1, "dirty_books": 2, "red_threes": 1, "went_out": True,
                                     "melded_points": 250, "left_points": 0}]
                        + [{"clean_books": 0, "dirty_books": 1, "red_threes": 0, "went_out": False,
                            "melded_points": 200, "left_points": 35}] * 3} for _ in range(4)]),
    "trash-twelve-hands": (["Amélie", "Bartholomew", "Cy", "Dominique"], {},
                           [{"tricks": [4, 3, 3, 3]}, {"hearts": [4, 3, 3, 3]}, {"kings": [1, 1, 1, 1]},
                            {"queens": [1, 1, 1, 1]}, {"last_trick": 0}, {"first_out": 1, "second_out": 2},
                            {"first_out": 3, "second_out": 0}, {"last_trick": 1}, {"queens": [2, 2, 0, 0]},
                            {"kings": [0, 0, 2, 2]}, {"hearts": [13, 0, 0, 0]}, {"tricks": [0, 0, 0, 13]}]),
}


@pytest.mark.parametrize("key", TYPICAL)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_typical_filled_sheet_fits_one_page(client, create_game, post_round, key, lang):
    players, options, rounds = TYPICAL[key]
    state = play(create_game, post_round, key, players, rounds, options)
    pages, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": lang}))
    assert pages == 1


def test_a_filled_sheet_shows_what_the_table_wrote(client, create_game, post_round):
    players, options, rounds = TYPICAL["hand-and-foot"]
    state = play(create_game, post_round, "hand-and-foot", players, rounds, options)
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "first meld 90" in text and "books: 1 clean, 2 dirty" in text and "1 red three" in text
    assert "went out" in text and "melded 200, left 35" in text
    state = play(create_game, post_round, "gin-rummy", ["Ann", "Bob"], [{"result": "knock", "knocker": 0,
                                                                         "deadwood": [5, 20]}])
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "deadwood 5" in text and "deadwood 20" in text and "⚑ knocked" in text


def test_the_filled_quarters_game_shows_who_paid_and_charts_quarters(client, create_game, post_round):
    state = play(create_game, post_round, "golf", ["Ann", "Bob"], [scores(3, 9), scores(2, 8)], {"quarters": 2})
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "9 ●" in text and "8 ●" in text and "paid a quarter" in text and "Quarters left" in text


def test_the_gin_chart_ends_at_the_totals_with_the_bonuses(client, create_game, post_round):
    players, options, rounds = TYPICAL["gin-rummy"]
    state = play(create_game, post_round, "gin-rummy", players, rounds, options)
    answer = client.get(f"/games/{state['id']}/sheet.pdf")
    _, text = pdf_text(answer)
    assert "End" in text  # the last point of the chart: the totals, bonuses in


NAMES = ["Bartholomew", "<b>Bob</b>", "Marie-Christine", "Jean Baptiste", "Maximiliane", "Wolfgang", "Guinevere",
         "Anastasia", "Christopher", "Alexandrina"]


@pytest.mark.parametrize("key", ["golf", "garbage-rummy", "trash", "hand-and-foot"])
def test_names_break_at_spaces_never_mid_word(client, create_game, post_round, key):
    count = min(10, registry.get(key).spec.max_players)
    _, text = pdf_text(blank(client, key, count, names=NAMES[:count]))
    for name in NAMES[:count]:
        for word in re.split(r"[ -]", name):
            assert word in text  # a word is never cut over two lines (a break after a hyphen is fine)
    if key == "golf":
        state = play(create_game, post_round, "golf", NAMES, [scores(*range(10))])
        _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
        assert all(word in text for name in NAMES for word in re.split(r"[ -]", name))


ENGLISH_ON_FRENCH = ["the layout game", "rummy with 11 goals", "(12 hands)", "Lowest total", "Winner", "Hole ",
                     "rules card", "Mise en page", "mise en page", "¢", "Who won each", "Card values"]
RANK_AS_LETTER = re.compile(r"(?<![\w])[JQK](?=$|[\s–=,·]|\d)")


def assert_french(text: str) -> None:
    for english in ENGLISH_ON_FRENCH:
        assert english not in text, english
    assert not RANK_AS_LETTER.search(text), RANK_AS_LETTER.search(text)


@pytest.mark.parametrize("key", registry.REGISTRY)
@pytest.mark.parametrize("kind", ["sheet", "rules"])
def test_french_sheets_have_no_english_game_names_or_card_letters(client, key, kind):
    presets = [None, *registry.get(key).spec.presets]
    for preset in presets:
        query = {"count": 4, **({"preset": preset} if preset else {})}
        answer = client.get(f"/sheets/{key}/{kind}.pdf", query_string=query, headers={"Accept-Language": "fr"})
        _, text = pdf_text(answer)
        assert_french(text)


def test_a_french_error_names_the_game_in_french(client):
    answer = client.get("/sheets/trash/sheet.pdf", query_string={"count": 40}, headers={"Accept-Language": "fr"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "Trash (le jeu de la grille) se joue de 2 à 12" in page
    assert "the layout game" not in page


@pytest.mark.parametrize("key", TYPICAL)
def test_french_filled_sheets_have_no_english(client, create_game, post_round, key):
    players, options, rounds = TYPICAL[key]
    state = play(create_game, post_round, key, players, rounds, options)
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": "fr"}))
    assert_french(text)
    assert "-" not in re.sub(r"[A-Za-zÀ-ÿ]-[A-Za-zÀ-ÿ]", "", text)  # negative scores with a true minus sign


def test_a_filled_sheet_renders_the_same_bytes_under_its_tag_and_varies_by_language(client, create_game, post_round):
    from scorekeeper.live import cache

    state = play(create_game, post_round, "golf", ["Ann", "Bob"], [scores(3, 4)])
    first = client.get(f"/games/{state['id']}/sheet.pdf")
    cache.clear()  # a freshly started worker, which never made it
    second = client.get(f"/games/{state['id']}/sheet.pdf")
    assert first.headers["ETag"] == second.headers["ETag"] and first.data == second.data
    assert "Accept-Language" in first.headers["Vary"]
    french = client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": "fr"})
    assert french.headers["ETag"] != first.headers["ETag"]


def test_too_many_players_is_said_once_on_the_count(client):
    answer = blank(client, "gin-rummy", 6, names=["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "needs 2 to 4 players" in page
    assert "the sheet is for" not in page  # no second message about a count nobody chose


def test_gin_sheets_have_a_box_per_hand_and_a_hollywood_pad(client):
    _, text = pdf_text(blank(client, "gin-rummy", 2, box_bonus="25"))
    assert "Box" in text  # a tick for each hand won, hand by hand
    answer = client.get("/sheets/gin-rummy/sheet.pdf", query_string={"count": 2, "pad": "hollywood"})
    pages, text = pdf_text(answer)
    assert pages == 1 and "Game 1" in text and "Game 2" in text and "Game 3" in text and "Hollywood" in text
    assert 'name="pad"' in client.get("/sheets/gin-rummy").get_data(as_text=True)
    _, golf = pdf_text(client.get("/sheets/golf/sheet.pdf", query_string={"count": 2, "pad": "hollywood"}))
    assert "Hollywood" not in golf  # a pad only the game has


def test_a_french_filled_sheet_says_ties_and_money_the_french_way(client, create_game, post_round):
    state = play(create_game, post_round, "chase-the-ace", ["Ann", "Bob", "Cy"],
                 [{"losers": [1, 2]}] * 3)  # Bob and Cy go out in the same deal: level
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": "fr"}))
    assert "2e ex æquo" in text and re.search(r"Le pot\s*: \d+,\d\d", text)



@pytest.mark.parametrize("key", TYPICAL)
def test_a_sheets_dates_never_break_inside(client, create_game, post_round, key):
    """The date in "feuille imprimée le 26 nov. 2026" is never broken (read as the page lays it out): the year
    never goes alone to the next line."""
    players, options, rounds = TYPICAL[key]
    state = play(create_game, post_round, key, players, rounds[:1], options)
    answer = client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": "fr"})
    lines = pages_text(answer.data)[0].splitlines()
    at = next(n for n, line in enumerate(lines) if "imprimée" in line)
    assert any(re.search(r"\b\d{1,2}\s\S+\s20\d\d\b", line) for line in lines[at:at + 2]), lines[at:at + 2]


def test_a_partners_game_prints_its_rounds_team_by_team(client, create_game, post_round):
    players, options, rounds = TYPICAL["hand-and-foot"]
    state = play(create_game, post_round, "hand-and-foot", players, rounds, {"partners": True})
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    rounds_part = text[text.index("Hands Team 1"):]
    assert "Team 1" in rounds_part and "Team 2" in rounds_part
    assert rounds_part.index("Amélie") < rounds_part.index("Cy") < rounds_part.index("Bartholomew")  # partners side by side


def test_a_partners_sheet_leads_with_the_teams_and_places_the_losing_team_second(client, create_game, post_round):
    """Two teams of two: the losing team is 2nd, not "=3rd", and the teams come before the players (issue 38)."""
    players, options, rounds = TYPICAL["hand-and-foot"]
    state = play(create_game, post_round, "hand-and-foot", players, rounds, {"partners": True})
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "=3rd" not in text and "=1st" not in text, text[:800]
    teams = text[text.index("Team"):]
    assert re.search(r"1st\s+⁨?Amélie⁩? & ⁨?Cy", teams), teams[:300]
    assert re.search(r"2nd\s+⁨?Bartholomew⁩? & ⁨?Dominique", teams), teams[:300]
    assert text.index("Team") < text.index("Player")  # the teams first


def test_rules_cards_carry_the_values_of_the_house_rules(client):
    _, gin = pdf_text(blank_preset(client, "gin-rummy", 2, "classic", kind="rules"))
    assert "Boxes: 25 a hand won" in gin and "Game bonus: 100 to the winner" in gin and "Shutout" in gin
    _, hf = pdf_text(blank(client, "hand-and-foot", 4, kind="rules"))
    assert "Clean books × 50" in hf and "Red threes × 100" in hf and "Went out +100" in hf
    _, garbage = pdf_text(blank(client, "garbage-rummy", 4, kind="rules"))
    assert "never K-A-2" in garbage and "take a joker from the table" in garbage


@pytest.mark.parametrize("kind", ["sheet", "rules"])
def test_only_the_house_rules_in_force_are_listed_with_cards_named_as_the_reader_writes_them(client, kind):
    _, text = pdf_text(blank_preset(client, "golf", 4, "quarters", kind=kind))
    assert "X=0" not in text and "Joker 0" in text and "Joker=0" not in text  # in the card values, not again below
    _, text = pdf_text(blank(client, "golf", 4, kind=kind))
    listed = text.split("How this table plays")[-1] if kind == "rules" else text[text.index("Holes: 9"):]  # the line of house rules
    assert "Holes" in listed and "Packs shuffled together" in listed
    assert "Knocker" not in listed and "Equal cards cancel" not in listed  # switched off: no house rule to list
    _, french = pdf_text(client.get(f"/sheets/golf/{kind}.pdf", query_string={"count": 4, "opt_values": "D=12, R=-2"},
                                    headers={"Accept-Language": "fr"}))
    assert "D 12" in french and "R −2" in french and "D=12" not in french  # in the card values, in French letters
    assert_french(french)


def long_gin(create_game, post_round, hands: int, target: int):
    knocks = [{"result": "knock", "knocker": h % 2, "deadwood": [3, 15] if h % 2 == 0 else [15, 3]}
              for h in range(hands)]
    return play(create_game, post_round, "gin-rummy", ["Amélie", "Bartholomew"],
                [*knocks, {"result": "gin", "knocker": 0, "deadwood": [0, 30]}],
                {"box_bonus": 25, "game_bonus": 100, "shutout_double": True, "target": target})


def test_a_long_filled_game_of_two_runs_its_hands_in_two_halves_on_one_page(client, create_game, post_round):
    state = long_gin(create_game, post_round, 38, 250)
    pages, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert pages == 1 and "Hand 39" in text
    assert len(re.findall(r"Bonus 600 475", text)) == 1 and "Total 883 703" in text  # under the second half only
    assert text.count("Hand Amélie Bartholomew") == 2  # each half has its heading


def test_a_gin_game_still_going_prints_no_bonus_of_0_beside_its_box_bonus(client, create_game, post_round):
    """What the end adds (the "Bonus" column) is 0 until the end: it read as none beside "Hands won: 3 · box bonus
    75" (a new player's play-test); once the game is over it is printed."""
    going = long_gin(create_game, post_round, 2, 1000)
    _, text = pdf_text(client.get(f"/games/{going['id']}/sheet.pdf"))
    assert "box bonus 50" in text and "Hands won" in text and "Bonus" not in text
    over = long_gin(create_game, post_round, 2, 60)
    _, text = pdf_text(client.get(f"/games/{over['id']}/sheet.pdf"))
    assert "Bonus" in text


def test_a_long_filled_sheet_breaks_with_rows_a_pen_can_read_and_its_totals_once(client, create_game, post_round):
    state = long_gin(create_game, post_round, 64, 1000)
    answer = client.get(f"/games/{state['id']}/sheet.pdf")
    pages, text = pdf_text(answer)
    assert pages == 2 and "Hand 65" in text
    assert len(re.findall(r"Total 439 384", text)) == 1  # the totals under the last hand, not at the foot of page 1
    first = pages_text(answer.data)[0]
    assert "Hand\u00a025" in first and "Hand\u00a050" not in first and "Total 439" not in first  # the rounds go on over


def test_filled_sheets_explain_their_marks_and_keep_a_place_on_one_line(client, create_game, post_round):
    players, options, rounds = TYPICAL["trash"]
    state = play(create_game, post_round, "trash", players, rounds, options)
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "● won the deal." in text
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": "fr"}))
    assert "● a gagné la donne." in text and "1er ex æquo" in text
    players, options, rounds = TYPICAL["hand-and-foot"]
    state = play(create_game, post_round, "hand-and-foot", players, rounds, options)
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": "fr"}))
    assert "canastas : 1 naturelle, 2 mixtes" in text and "0 naturelle, 1 mixte " in text and "(s)" not in text


def test_a_chart_of_whole_numbers_has_whole_ticks(client, create_game, post_round):
    state = play(create_game, post_round, "golf", ["Ann", "Bob"], [scores(3, 9), scores(2, 8)], {"quarters": 2})
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": "fr"}))
    assert "1,5" not in text and "1.5" not in text and "0.5" not in text


def test_a_list_of_points_reads_as_one_sentence(client):
    _, text = pdf_text(blank(client, "trash-twelve-hands", 4, kind="rules"))
    assert "Each trick 5, each heart 5, each king 20" in text
    _, text = pdf_text(client.get("/sheets/trash-twelve-hands/rules.pdf", query_string={"count": 4},
                                  headers={"Accept-Language": "fr"}))
    assert "Chaque pli 5, chaque cœur 5, chaque roi 20" in text


def test_a_hyphenated_name_is_sized_to_break_at_its_hyphen():
    from scorekeeper.sheets.layout import name_class

    assert name_class("Marie-Christine", 19) == ""  # "Christine" fits at full size: the name breaks after "Marie-"
    assert name_class("MarieChristine", 19) != ""  # one word as long needs a smaller size


def test_score_and_total_keep_apart_under_twenty_narrow_names(client):
    answer = blank(client, "any", 20)
    assert answer.status_code == 200
    laid_out = pages_text(answer.data)[0]
    # twenty score boxes side by side leave no room for a running total beside each: one box each, a total row
    grid = laid_out.split("Score pad", 1)[1]  # the heading of a pad with no name typed (issue 38)
    assert not re.search(r"\bScore\b", grid) and "Total" in grid


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_name_too_long_for_the_smallest_type_breaks_at_a_syllable_with_a_hyphen(client, language):
    long_names = ["Christopher", "Alexandrina", "Bartholomew", "Montgomery"]
    answer = client.get("/sheets/any/sheet.pdf", headers={"Accept-Language": language},
                        query_string={"count": 20, **{f"players-{i}": name for i, name in enumerate(long_names)}})
    _, text = pdf_text(answer)
    broken = {before + after for before, after in re.findall(r"(\w+)\u2010 (\w+)", text)}
    assert broken >= set(long_names)  # "Chris‐ / topher", never "Christoph / er"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_rounds_name_wraps_in_a_wide_column_instead_of_running_into_the_scores(client, create_game, post_round,
                                                                                      monkeypatch, lang):
    from scorekeeper.sheets import views

    pages = []
    render = views.render_pdf
    monkeypatch.setattr(views, "render_pdf", lambda html, one_page=False, **kw: render(
        lambda squeeze: pages.append(html(squeeze)) or pages[-1], one_page, **kw))
    players, options, rounds = TYPICAL["trash-twelve-hands"]
    state = play(create_game, post_round, "trash-twelve-hands", players, rounds, options)
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": lang}))
    grid = pages[-1].split('<div class="rounds">')[1]
    assert '<table class="sheet filled wide-labels">' in grid
    titles = re.findall(r"<tr><th>([^<]*)</th>", grid.split("<tbody>")[1].split("</tbody>")[0])
    assert len(titles) == 12
    for title in titles:  # "Hand 6 · Sequence (8s first)": its number kept with its word, the rest free to wrap
        word, _, rest = title.partition("\u00a0")
        assert word in ("Hand", "Main") and rest.split(" ")[0].isdigit() and "\u00a0" not in rest, title
    golf = play(create_game, post_round, "golf", ["Ann", "Bob"], [scores(3, 4)])
    client.get(f"/games/{golf['id']}/sheet.pdf", headers={"Accept-Language": lang})
    assert '<table class="sheet filled">' in pages[-1]  # "Hole 1" keeps the narrow column


@pytest.mark.parametrize("language, says", [("en", "Ended early, after hole 2 of 9."),
                                            ("fr", "Partie arrêtée avant la fin, après le trou 2 sur 9.")])
def test_a_game_ended_by_hand_says_so_on_its_sheet(client, create_game, post_round, language, says):
    state = play(create_game, post_round, "golf", ["Ann", "Bob"], [{"players": [{"score": 3}, {"score": 5}]}] * 2)
    client.post(f"/api/games/{state['id']}/finish", headers={"Authorization": f"Bearer {state['token']}"})
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": language}))
    assert says in text


@pytest.mark.parametrize("key, stated, not_again", [
    ("gin-rummy", ["Knock with", "Undercut"], ["Gin bonus:", "Undercut bonus:", "Play to:", "Most deadwood to knock"]),
    ("golf", ["Cards each", "Equal cards"], ["Cards in each layout:"]),
    ("trash", ["Wild cards", "Winning"], ["Wild cards:"]),
])
@pytest.mark.parametrize("kind", ["sheet", "rules"])
def test_a_rule_the_sheets_key_states_is_not_listed_again_below_it(client, key, stated, not_again, kind):
    _, text = pdf_text(blank(client, key, 2, ("Ann", "Bob"), kind=kind))
    assert all(words in text for words in stated) and not any(words in text for words in not_again), text[-600:]
    assert "Who deals first" in text  # what no key states is still listed (a table of its own on the rules card)


@pytest.mark.parametrize("count, stacked", [(4, False), (20, True)])
def test_a_wide_table_prints_each_running_total_under_its_score_and_its_names_in_one_size(
        client, create_game, post_round, monkeypatch, count, stacked):
    """20 players: a column is 11 mm, and "−871" beside "−2734" ran into the next cell. The running total goes under the
    score there; and the row of names takes one type size, not big bold names beside small ones."""
    from scorekeeper.sheets import views

    made = []
    render = views.render_pdf
    monkeypatch.setattr(views, "render_pdf", lambda html, one_page=False, **kw: render(
        lambda squeeze: made.append(html(squeeze)) or made[-1], one_page, **kw))
    names = [("Marie-Christine Éléonore " if n % 3 == 0 else "") + f"P{n}" for n in range(count)]
    state = play(create_game, post_round, "any", names, [{"points": [-871 + n for n in range(count)]}] * 3)
    pages, _ = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    grid = re.search(r'<table class="sheet filled([^"]*)">(.*?)</thead>', made[-1], re.S)
    assert ("stacked" in grid.group(1)) is stacked
    sizes = set(re.findall(r'<th class="name( [^"]*)?">', grid.group(2))) - {" label"}  # the round column's
    assert len(sizes) == 1, sizes


def test_a_hand_made_link_keeps_the_tick_boxes_it_leaves_out_as_they_default(client):
    """"?count=4", bookmarked or shared, printed Chase the Ace with equal cards not cancelling (a box missing from a
    link read as unticked). The form itself always sends rules_opened: there, a box left out is unticked."""
    _, linked = pdf_text(client.get("/sheets/chase-the-ace/sheet.pdf", query_string={"count": 4}))
    _, unticked = pdf_text(client.get("/sheets/chase-the-ace/sheet.pdf", query_string={"count": 4, "rules_opened": ""}))
    _, ticked = pdf_text(client.get("/sheets/chase-the-ace/sheet.pdf",
                                    query_string={"count": 4, "rules_opened": "", "opt_cancel_matches": "y"}))
    assert linked == ticked and linked != unticked


def test_a_french_options_line_goes_on_in_lower_case_after_its_colon(client):
    """"Points : Chaque pli 5": French takes no capital after a colon (the .po's glossary), on sheets as in rules."""
    _, text = pdf_text(client.get("/sheets/trash-twelve-hands/sheet.pdf", query_string={"count": 4},
                                  headers={"Accept-Language": "fr"}))
    assert "chaque pli 5" in text and "Chaque pli 5" not in text


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_chase_the_ace_for_twenty_fits_one_page_with_its_key(client, lang, paper):
    """The key and the options line were alone on a second page: the lives' lines now close up to make room."""
    pages, text = pdf_text(client.get("/sheets/chase-the-ace/sheet.pdf", query_string={"count": 20, "paper": paper},
                                      headers={"Accept-Language": lang}))
    assert pages == 1 and ("How we play" in text or "Nos règles" in text)
