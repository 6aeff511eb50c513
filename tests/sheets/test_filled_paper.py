"""Issue 38, items 11-13 on the filled sheets: cells as big as the figures printed in them, a chart whose labels and
lines read apart in black and white, and an 18-hole Golf game added up nine by nine."""
from __future__ import annotations

import re

import pytest

from tests.sheets.measure import laid_out, round_cells  # noqa: F401  (laid_out: a fixture)
from tests.sheets.test_on_paper import TWENTY
from tests.sheets.test_sheets import pdf_text, play

# --- 11. a filled sheet's cells hold the widest figure printed in them, at every table size --------------------------


def any_rounds(players: int, rounds: int = 20) -> list[dict]:
    """Three-digit scores, minus ones too: running totals of four and five characters ("−2734")."""
    return [{"points": [(-1) ** (r + s) * (100 + (r * 37 + s * 101) % 900) for s in range(players)]}
            for r in range(rounds)]


def golf_rounds(players: int, holes: int = 9) -> list[dict]:
    return [{"players": [{"score": (7 * h + 3 * s) % 23 - 2} for s in range(players)], "knocker": h % players}
            for h in range(holes)]


def hand_and_foot_rounds(players: int) -> list[dict]:
    going_out = {"clean_books": 3, "dirty_books": 2, "red_threes": 2, "went_out": True, "melded_points": 1250,
                 "left_points": 0}
    caught = {"clean_books": 0, "dirty_books": 1, "red_threes": 1, "went_out": False, "melded_points": 385,
              "left_points": 255}
    return [{"players": [going_out if s == h % players else caught for s in range(players)]} for h in range(4)]


def gin_rounds(players: int) -> list[dict]:
    """Knocks undercut on a spade upcard: "54 undercut ♠×2" and the deadwood under it, at four players."""
    return [{"upcard": "5S", "result": "knock", "knocker": h % players,
             "deadwood": [5 if s == h % players else 3 if s == (h + 1) % players else 95 for s in range(players)]}
            for h in range(3)]


def garbage_rounds(players: int) -> list[dict]:
    return [{"went_out": d % players, "dealer_exact": False,
             "players": [{"made_goal": True, "cards": []} if s == d % players else {"made_goal": False, "penalty": 15}
                         for s in range(players)]} for d in range(6)]


BIGGEST = {  # each game at the most players it allows, with figures as wide as it makes: (game, players, rounds, options)
    "any": ("any", 20, any_rounds, {"name": "Five Crowns", "rounds": 20}),
    "any-7": ("any", 7, any_rounds, {"name": "Five Crowns", "rounds": 20}),  # the most beside each other on a line
    "golf": ("golf", 12, golf_rounds, {"holes": 9}),
    "golf-quarters": ("golf", 12, lambda n: golf_rounds(n, 20), {"quarters": 4}),
    "garbage-rummy": ("garbage-rummy", 10, garbage_rounds, {}),
    "hand-and-foot": ("hand-and-foot", 8, hand_and_foot_rounds, {}),
    "gin-rummy": ("gin-rummy", 4, gin_rounds, {"oklahoma": True, "target": 1000}),
    "trash": ("trash", 12, lambda n: [{"winner": d % n} for d in range(24)], {}),
    "chase-the-ace": ("chase-the-ace", 20, lambda n: [{"losers": [d % n]} for d in range(30)], {}),
}
LEAST_MM = 6.0  # the narrowest box worth reading a figure in


def cases() -> list[tuple[str, str, str]]:
    return [(case, paper, lang) for case in BIGGEST for paper in ("a4", "letter") for lang in ("en", "fr")
            if lang == "en" or case in ("any", "hand-and-foot")]


@pytest.mark.printed_layout  # WeasyPrint's layout, which no database changes: once, on SQLite
@pytest.mark.parametrize("case,paper,lang", cases())
def test_every_filled_cell_holds_its_figures_at_the_most_players(client, create_game, post_round, laid_out, case,
                                                                 paper, lang):
    """Measured as printed: every player's box in the rounds at least 6 mm wide, and no figure in it (the dealer's
    mark, the score, a knock, the running total, what the hand held) running past its edges."""
    key, count, rounds, options = BIGGEST[case]
    players = (TWENTY + [f"Player {n}" for n in range(21, 30)])[:count]
    state = play(create_game, post_round, key, players, rounds(count), options)
    pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", query_string={"paper": paper},
                        headers={"Accept-Language": lang}))
    cells = round_cells(laid_out[-1])
    assert len(cells) >= count * len(rounds(count)) // 2
    narrow = [(c.row, c.text, round(c.width, 1)) for c in cells if c.width < LEAST_MM]
    spilt = [(c.row, c.text, round(c.widest, 1), round(c.room, 1)) for c in cells if c.spills > 0.05]
    assert not narrow and not spilt, (narrow[:5], spilt[:5])


# --- 12. the chart: no end label over another at 20 players, every line told apart in black and white ---------------

TEXT = re.compile(r'<text ([^>]*)>(.*?)</text>')
EM = {" ": 0.32, ",": 0.32, "■": 0.8}  # DejaVu Sans's widths, in ems; 0.64 for a digit, 0.75 for anything else


def labels(svg: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Return the chart's labels at the ends of its lines and where players went out, with the box each takes
    (left, top, right, bottom): not the axes' numbers."""
    found = []
    for attrs, inner in TEXT.findall(svg):
        values = dict(re.findall(r'([a-z-]+)="([^"]*)"', attrs))
        text = re.sub(r"<[^>]+>", "", inner)
        if values.get("text-anchor") == "end" or values.get("fill-opacity"):  # the ticks, the rounds' numbers
            continue
        size = float(values.get("font-size", 11))
        wide = size * sum(EM.get(c, 0.64 if c.isdigit() else 0.75) for c in text)
        x, y = float(values["x"]), float(values["y"])
        left = x - wide / 2 if values.get("text-anchor") == "middle" else x
        found.append((text, (left, y - 0.76 * size, left + wide, y + 0.24 * size)))
    return found


def overlapping(found):
    return [(a, b) for i, (a, box_a) in enumerate(found) for b, box_b in found[i + 1:]
            if box_a[0] < box_b[2] and box_b[0] < box_a[2] and box_a[1] < box_b[3] and box_b[1] < box_a[3]]


def twenty_lines(rounds: int, spread: int) -> list[list[int]]:
    """Twenty players' running totals, ending ``spread`` points apart at most (0: all level)."""
    return [[(r + 1) * (100 + (seat * spread) % 37) for r in range(rounds)] for seat in range(20)]


@pytest.mark.parametrize("height", [250, 190, 150, 115])  # the filled sheet's chart, squeezed step by step
@pytest.mark.parametrize("spread", [0, 1, 5, 36])
def test_twenty_end_labels_never_overlap_and_stay_in_the_chart(height, spread):
    from scorekeeper.play.charts import running_chart
    svg = str(running_chart(TWENTY, twenty_lines(20, spread), "Running totals", 640, height, label_width=40,
                            numbered=True))
    found = labels(svg)
    assert sorted(int(n) for text, _ in found for n in re.findall(r"\d+", text)) == list(range(1, 21))
    assert not overlapping(found), overlapping(found)[:4]
    assert all(0 <= box[0] and box[2] <= 640 and 0 <= box[1] and box[3] <= height for _, box in found), found
    assert all(float(size) >= 7 for size in re.findall(r'font-size="([\d.]+)"', svg))  # still read on paper


@pytest.mark.parametrize("height", [250, 115])
def test_twenty_players_going_out_are_numbered_apart(height):
    """Chase the Ace at 20: a player out each deal or two, each numbered where their line stops, no number over
    another."""
    from scorekeeper.play.charts import running_chart
    lives = [[max(0, 3 - max(0, r - seat) // 2) if seat < 19 else 3 for r in range(45)] for seat in range(20)]
    svg = str(running_chart(TWENTY, lives, "Lives left", 640, height, label_width=40, numbered=True, went_out=True))
    found = labels(svg)
    assert sorted(int(n) for text, _ in found for n in re.findall(r"\d+", text)) == list(range(1, 21))
    assert not overlapping(found), overlapping(found)[:4]
    assert all(0 <= box[1] and box[3] <= height for _, box in found), found


def drawn_lines(svg: str) -> list[tuple[str, str, int]]:
    """Return each line of the chart: its dash, the shape of its markers and how many it has."""
    lines = []
    for chunk in svg.split("<polyline ")[1:]:
        dash = re.search(r'stroke-dasharray="([^"]+)"', chunk.split("/>")[0])
        shapes = re.findall(r"<(circle|rect|path) ", chunk.split("<text")[0].split("<line")[0])
        shape = {"circle": "circle", "rect": "square"}.get(shapes[0], "path") if shapes else ""
        kinds = re.findall(r'<path d="M[\d.]+ [\d.]+l3\.2 (3\.2|5\.6)', chunk.split("<text")[0].split("<line")[0])
        if kinds:
            shape = "diamond" if kinds[0] == "3.2" else "triangle"
        lines.append((dash.group(1) if dash else "", shape, len(shapes)))
    return lines


@pytest.mark.parametrize("rounds", [3, 40, 41, 60, 200])
def test_every_line_reads_apart_in_black_and_white_at_every_length(rounds):
    """Past 40 points a line lost its markers: twenty lines in five dashes, four alike in grey. Each line keeps a
    marker every few points, and no two lines share both dash and marker."""
    from scorekeeper.play.charts import running_chart
    svg = str(running_chart(TWENTY, twenty_lines(rounds, 36), "Running totals", 640, 250, label_width=40,
                            numbered=True))
    lines = drawn_lines(svg)
    assert len(lines) == 20
    assert all(count >= min(rounds, 10) for _, _, count in lines), lines
    assert len({(dash, shape) for dash, shape, _ in lines}) == 20, lines


def test_a_legend_swatch_draws_the_lines_marker_too():
    from scorekeeper.play.charts import marker_of, swatch
    for seat in range(20):
        shape = {"circle": "<circle", "square": "<rect", "diamond": "l3.2 3.2", "triangle": "l3.2 5.6"}[marker_of(seat)]
        assert shape in str(swatch(seat))


# --- 13. an 18-hole Golf game added up nine by nine; a 9-hole pad of six on Letter fills its page ----------------------

EIGHTEEN = [{"players": [{"score": (5 * h + 3 * s) % 13 - 2} for s in range(3)], "knocker": None} for h in range(18)]


@pytest.mark.parametrize("lang,front,back", [("en", "Front nine", "Back nine"), ("fr", "Total aller", "Total retour")])
def test_a_filled_eighteen_hole_game_adds_up_each_nine(client, create_game, post_round, lang, front, back):
    state = play(create_game, post_round, "golf", ["Ann", "Bob", "Cy"], EIGHTEEN, {"holes": 18})
    game = client.get(f"/api/games/{state['id']}").get_json()
    points = [r["points"] for r in game["rounds"]]
    nines = [[sum(p[seat] for p in half) for seat in range(3)] for half in (points[:9], points[9:])]
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf", headers={"Accept-Language": lang}))
    for label, sums in zip((front, back), nines):
        assert re.search(re.escape(label) + r" " + r" ".join(str(n).replace("-", "−") for n in sums) + r"\b", text), \
            (label, sums, text[:1500])
    assert sum(nines[0]) + sum(nines[1]) == sum(s["total"] for s in game["standings"])
    hole = "Trou" if lang == "fr" else "Hole"
    assert text.index(f"{hole} 9") < text.index(front) < text.index(f"{hole} 10") < text.index(back)


def test_a_filled_game_adds_up_a_nine_only_once_it_is_played(client, create_game, post_round):
    state = play(create_game, post_round, "golf", ["Ann", "Bob", "Cy"], EIGHTEEN[:12], {"holes": 18})
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "Front nine" in text and "Back nine" not in text
    state = play(create_game, post_round, "golf", ["Ann", "Bob", "Cy"], EIGHTEEN[:8], {"holes": 18})
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "Front nine" not in text
    state = play(create_game, post_round, "golf", ["Ann", "Bob", "Cy"], EIGHTEEN[:9], {"holes": 9})
    _, text = pdf_text(client.get(f"/games/{state['id']}/sheet.pdf"))
    assert "Front nine" not in text  # nine holes: the total is the nine


@pytest.mark.parametrize("count", [2, 4, 6, 8, 10])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang,game,hole", [("en", "Game", "Hole"), ("fr", "Partie", "Trou")])
def test_a_nine_hole_pad_fills_its_one_page_with_the_next_games_grid(client, count, paper, lang, game, hole):
    """Six players on Letter printed one grid of nine holes and left a third of the page empty."""
    pages, text = pdf_text(client.get("/sheets/golf/sheet.pdf", query_string={"count": count, "paper": paper},
                                      headers={"Accept-Language": lang}))
    assert pages == 1 and f"{game} 1" in text and f"{game} 2" in text and text.count(f"{hole} 9") == 2
