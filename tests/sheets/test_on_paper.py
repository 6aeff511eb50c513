"""Issue 38, "On paper": what a table checks from its printed sheets, rules cards and the pages that match them."""
from __future__ import annotations

import re

import pytest

from tests.pdfs import pages_text, read_pdf
from tests.sheets.test_sheets import blank, blank_preset, pdf_text

# --- 6. the quarters game as its house sheet plays it: a card turned up each turn, nobody knocks ---------------------

@pytest.mark.parametrize("kind", ["sheet", "rules"])
@pytest.mark.parametrize("lang,ends,knock", [("en", "every card is face up", "knock"),
                                             ("fr", "toutes les cartes sont face visible", "frappe")])
def test_the_quarters_game_says_how_a_hole_ends_and_offers_no_knock(client, kind, lang, ends, knock):
    _, text = pdf_text(blank_preset(client, "golf", 4, "quarters", kind=kind, lang=lang))
    assert ends in text
    said = text.lower().replace(f"nobody {knock}s", "").replace(f"personne ne {knock}", "")
    assert knock not in said, said  # no knocker rows, no "Or knock", no knock rules listed


def test_the_quarters_game_asks_no_knocker_and_the_form_hides_the_knocking_rules(client, create_game, post_round):
    page = client.get("/sheets/golf?preset=quarters").get_data(as_text=True)
    assert page.count('data-unused-when="preset=quarters" hidden') == 4  # the knock rules and the pot, hidden
    assert "no knocking" in page  # the preset says how its holes end
    assert 'data-unused-when="preset=quarters" hidden' not in client.get("/sheets/golf").get_data(as_text=True)
    state = client.post("/api/games", json={"game": "golf", "players": ["Ann", "Bob"], "preset": "quarters"}).get_json()
    assert post_round(state, {"players": [{"score": 3}, {"score": 5}], "knocker": None}).status_code == 201
    client.get(f"/games/{state['id']}/edit/{state['token']}")
    table = client.get(f"/games/{state['id']}").get_data(as_text=True)
    assert "Hole 2" in table and "Who knocked" not in table  # the scorer's form asks no knocker
    knocking = create_game("golf", ["Ann", "Bob"], {"quarters": 4, "knock_penalty": "add10"})
    client.get(f"/games/{knocking['id']}/edit/{knocking['token']}")
    assert "Who knocked" in client.get(f"/games/{knocking['id']}").get_data(as_text=True)  # a knock rule: knocks


def test_the_golf_rules_page_says_how_the_quarters_game_ends(client):
    page = client.get("/rules/golf").get_data(as_text=True)
    assert "Nobody knocks in the quarters game" in page and "nobody knocks: the hole ends when" in page


# --- 8. every value a filled sheet's totals use is in its keys; 14. its cards in the reader's letters --------------

HAND = {"players": [{"dirty_books": 1, "red_threes": 1, "melded": ["K", "K", "K", "K", "2", "2", "2"],
                     "left_points": 0},
                    {"dirty_books": 0, "melded_points": 100, "left": ["7", "X", "3C"]}]}


def test_the_filled_hand_and_foot_sheet_keys_the_points_of_books_threes_and_going_out(client, create_game, post_round):
    from tests.sheets.test_sheets import play
    state = play(create_game, post_round, "hand-and-foot", ["Ann", "Bob"], [HAND], None)
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    for line in ("Clean book 50", "Dirty book 30", "Red three 100", "Going out 100"):
        assert line in text, line
    state = client.post("/api/games", json={"game": "hand-and-foot", "players": ["Ann", "Bob"],
                                            "preset": "classic"}).get_json()
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    for line in ("Clean book 500", "Dirty book 300", "Red three 100", "Going out 100"):
        assert line in text, line


def test_the_filled_gin_sheet_keys_its_end_bonuses(client, create_game, post_round):
    state = client.post("/api/games", json={"game": "gin-rummy", "players": ["Ann", "Bob"],
                                            "preset": "classic"}).get_json()
    post_round(state, {"result": "knock", "knocker": 0, "deadwood": [5, 20]})
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "Each hand won +25" in text and "Game bonus +100 to the winner" in text
    assert "Shutout the winner's hand points again" in text


@pytest.mark.parametrize("lang,melded,left", [("en", "K K K K 2 2 2", "7 X 3♣"), ("fr", "R R R R 2 2 2", "7 X 3♣")])
def test_the_filled_hand_and_foot_sheet_writes_cards_in_the_readers_letters(client, create_game, post_round, lang,
                                                                            melded, left):
    from tests.sheets.test_sheets import play
    state = play(create_game, post_round, "hand-and-foot", ["Ann", "Bob"], [HAND], None)
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": lang}))
    assert melded in text and left in text and "3C" not in text


# --- 9. the gin rules card says nobody lays off on a gin hand --------------------------------------------------------

@pytest.mark.parametrize("lang,said", [("en", "nobody lays off on gin"), ("fr", "personne ne complète un gin")])
def test_the_gin_rules_card_says_nobody_lays_off_on_gin(client, lang, said):
    _, text = pdf_text(blank(client, "gin-rummy", 2, kind="rules", **{}) if lang == "en" else
                       client.get("/sheets/gin-rummy/rules.pdf", query_string={"count": 2},
                                  headers={"Accept-Language": "fr"}))
    assert said in text


# --- 11. every write-in cell at least 6 mm high and wide enough for a score -----------------------------------------

def test_every_blank_sheets_write_in_cells_are_big_enough_to_write_in(app):
    from scorekeeper import rules as registry
    from scorekeeper.play import services
    from scorekeeper.sheets.layout import Layout, score_box_mm, score_mm, sheet_context

    small = []
    with app.test_request_context():
        for key, rules in registry.REGISTRY.items():
            spec = rules.spec
            counts = sorted({spec.min_players, min(4, spec.max_players), min(6, spec.max_players),
                             min(10, spec.max_players), spec.max_players})
            for count in counts:
                for preset in (None, *spec.presets):
                    _, table = services.blank_table(key, [], count, {}, preset)
                    for pad in (None, *rules.pads):
                        plan = rules.plan(table, pad)
                        for paper in ("a4", "letter"):
                            made = sheet_context(spec, table, plan, paper, None)
                            fitted, fit, page = made["plan"], made["fit"], made["page"]
                            if fitted.rows and fitted.per_player and fit.row_mm < 6:
                                small.append((key, count, preset, pad, paper, "row", fit.row_mm))
                            if fitted.rows and fitted.layout is not Layout.TRACKER \
                                    and score_box_mm(fitted, count, page) < score_mm(fitted):
                                small.append((key, count, preset, pad, paper, "column",
                                              round(score_box_mm(fitted, count, page), 1)))
    assert not small, small


# --- 7. a quarters sheet has a row for every hole its quarters can last (a quarter a hole until one player is left) --

@pytest.mark.parametrize("count,paper", [(10, "a4"), (12, "a4"), (10, "letter"), (12, "letter")])
def test_a_big_quarters_sheet_has_a_row_for_every_hole_its_quarters_can_last(client, count, paper):
    answer = client.get("/sheets/golf/sheet.pdf", query_string={"count": count, "paper": paper, "preset": "quarters"})
    pages, text = pdf_text(answer)
    longest = 4 * count - 1  # 4 quarters each; each hole pays one at least; the last player keeps one
    grid = re.sub(r"\d / \d|Hole", "", text.split("Hole", 1)[1].split("Card values")[0])  # page numbers, headings
    rows = [int(n) for n in re.findall(r"\d+", grid)]
    assert rows == list(range(1, longest + 1)), rows
    assert pages == 2 and "over the page" not in text and "Total" not in text  # the quarters decide, not a total
    box = read_pdf(answer.data)[0]
    assert box.height > box.width  # down the page: two pages, not three across


def test_a_small_quarters_sheet_stays_one_page(client):
    pages, text = pdf_text(client.get("/sheets/golf/sheet.pdf", query_string={"count": 4, "preset": "quarters"}))
    assert pages == 1 and " 15 " in text and " 16 " not in text


# --- 10. typical filled games fit one page in either language on either paper; a 20 × 20 pad starts its rounds ------

EIGHT = ["Amélie", "Bartholomew", "Cy", "Dominique", "Éléonore", "François", "Guinevere", "Hippolyte"]


def chase_rounds(players: int, lives: int = 3) -> list[dict]:
    """Lives lost one at a time, round the table by threes, until one player is left."""
    left, rounds, seat = [lives] * players, [], 0
    while sum(1 for n in left if n) > 1:
        while not left[seat % players]:
            seat += 1
        left[seat % players] -= 1
        rounds.append({"losers": [seat % players]})
        seat += 3
    return rounds


LONG_TYPICAL = {
    "trash": (EIGHT[:4], [{"winner": (d * 7) % 4} for d in range(35)]),
    "chase-the-ace": (EIGHT, chase_rounds(8)),
}


@pytest.mark.printed_layout  # WeasyPrint's layout, which no database changes: once, on SQLite
@pytest.mark.parametrize("key", LONG_TYPICAL)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_typical_filled_game_fits_one_page(client, create_game, post_round, key, paper, lang):
    from tests.sheets.test_sheets import play
    players, rounds = LONG_TYPICAL[key]
    state = play(create_game, post_round, key, players, rounds)
    pages, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", query_string={"paper": paper},
                                      headers={"Accept-Language": lang}))
    assert pages == 1
    assert all(name in text for name in players)


TWENTY = [*EIGHT, "Isabelle", "Jean-Baptiste", "Kristina", "Léopoldine", "Maximilien", "Noémie", "Octave",
          "Pénélope", "Quentin", "Rosalind", "Sébastien", "Théodora"]


@pytest.mark.printed_layout  # WeasyPrint's layout, which no database changes: once, on SQLite
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang,word", [("en", "Round"), ("fr", "Manche")])
def test_a_twenty_by_twenty_pad_puts_its_placings_in_columns_and_its_rounds_on_the_first_page(
        client, create_game, post_round, paper, lang, word):
    from tests.sheets.test_sheets import play
    rounds = [{"points": [(r * 37 + s * 11) % 140 for s in range(20)]} for r in range(20)]
    state = play(create_game, post_round, "any", TWENTY, rounds, {"name": "Five Crowns", "rounds": 20})
    answer = client.get(f"/games/{state['id']}/sheet.pdf", query_string={"paper": paper},
                        headers={"Accept-Language": lang})
    pages, _ = pdf_text(answer)
    first = pages_text(answer.data)[0]
    assert pages == 2 and re.search(rf"{word}\s12\b", first)  # twenty rounds of twenty: the grid runs on from page 1


# --- 13. the smaller things: no lines for a bonus of 0 -----------------------------------------------------------------

def test_the_hollywood_pad_has_no_box_or_game_bonus_rows_when_they_are_worth_nothing(client):
    query = {"count": 2, "pad": "hollywood"}
    _, text = pdf_text(client.get("/sheets/gin-rummy/sheet.pdf", query_string={**query, "opt_game_bonus": 0}))
    assert "Boxes" not in text and "Game bonus" not in text and "Game total" in text and "Final total" in text
    _, text = pdf_text(client.get("/sheets/gin-rummy/sheet.pdf", query_string={**query, "opt_box_bonus": 25,
                                                                               "opt_game_bonus": 100}))
    assert "Boxes" in text and "Game bonus" in text


def test_eighteen_holes_add_up_each_nine_and_nine_holes_leave_room_for_the_next_game(client):
    _, text = pdf_text(client.get("/sheets/golf/sheet.pdf", query_string={"count": 4, "opt_holes": 18}))
    assert re.search(r"Hole 9 Front nine Hole 10 .* Hole 18 Back nine Total", text)
    _, text = pdf_text(client.get("/sheets/golf/sheet.pdf", query_string={"count": 4, "opt_holes": 18},
                                  headers={"Accept-Language": "fr"}))
    assert re.search(r"Trou 9 Total aller Trou 10 .* Trou 18 Total retour Total", text)
    pages, text = pdf_text(client.get("/sheets/golf/sheet.pdf", query_string={"count": 4}))
    assert pages == 1 and "Game 1" in text and "Game 2" in text and text.count("Hole 9") == 2  # the next game's grid


def test_a_pad_with_no_name_typed_is_a_score_pad_with_a_line_for_the_games_name(client):
    pages, text = pdf_text(client.get("/sheets/any/sheet.pdf", query_string={"count": 4}))
    assert text.split("Score pad")[0].strip().startswith("Game") and "Points" not in text  # "Game ____" at the head
    _, text = pdf_text(client.get("/sheets/any/sheet.pdf", query_string={"count": 4},
                                  headers={"Accept-Language": "fr"}))
    assert "Bloc de marque" in text and "Jeu" in text and "Points" not in text
    _, text = pdf_text(client.get("/sheets/any/sheet.pdf", query_string={"count": 4, "opt_name": "Five Crowns"}))
    assert "Five Crowns" in text and "Score pad" not in text


# --- 18. the line under a sheet's heading is chosen once, where the fit counts it -----------------------------------

def test_no_sheet_template_chooses_the_line_under_its_heading():
    from pathlib import Path
    for template in (Path(__file__).resolve().parents[2] / "templates" / "sheets").glob("*.html"):
        source = template.read_text()
        assert "plan.summary" not in source and "spec.summary" not in source, template.name


def test_score_boxes_are_as_wide_as_the_games_largest_score(client):
    """A pad played to 10,000 at twelve: a running total of five digits has no room beside the score (one box each,
    a total row); played to no target, three digits do. A Golf hole of the quarters game writes two: twelve
    columns read down a portrait page."""
    query = {"count": 12, "opt_name": "Rummy"}
    _, text = pdf_text(client.get("/sheets/any/sheet.pdf", query_string=query))
    assert "Score Total" in text
    _, text = pdf_text(client.get("/sheets/any/sheet.pdf", query_string={**query, "opt_target": 10000}))
    assert "Score Total" not in text
