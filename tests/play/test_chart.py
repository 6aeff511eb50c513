"""The running chart: its end labels stay apart, in order, and inside the drawing."""
from __future__ import annotations

import re

import pytest

from scorekeeper.play.charts import running_chart, spread_labels


@pytest.mark.parametrize("ys, placed", [
    ([50, 100], [50, 100]),  # apart already: where their lines end
    ([100, 100], [100, 113]),  # level: the second goes below
    ([20, 200, 200, 200, 200], [20, 161, 174, 187, 200]),  # a stack at the bottom goes up, the top one stays
    ([12, 12, 12], [16, 29, 42]),  # a stack at the top goes down
    ([200, 20], [200, 20]),  # the order of the lines is kept, not of the seats
])
def test_end_labels_are_spread_within_the_plot(ys, placed):
    assert spread_labels(ys, 13, 16, 200) == placed


def test_more_labels_than_the_height_holds_keep_the_first_in_view():
    placed = spread_labels([50] * 5, 13, 16, 50)
    assert placed[0] == 16 and placed == sorted(placed) and all(b - a == 13 for a, b in zip(placed, placed[1:]))


def test_chase_the_ace_winner_is_named_inside_the_chart():
    """Four players out at 0 lives and the winner on 2: every name is drawn inside the chart (Zoé was at y=-19)."""
    lives = [[3, 3, 2], [3, 2, 1, 0], [3, 2, 2, 1, 0], [3, 3, 3, 2, 2, 1, 0], [3, 3, 2, 2, 1, 1, 1, 0]]
    series = [[3, 3, 3, 3, 3, 2, 2, 2], *lives[1:]]
    svg = running_chart(["Zoé", "Mum", "Dad", "Tom", "Grandpa"], series, "Lives left", width=360, height=230,
                        label_width=90)
    names = re.findall(r'<text x="[\d.]+" y="(-?[\d.]+)" fill="currentColor"><tspan[^>]*>■</tspan> ([^<]+)</text>',
                       str(svg))
    assert sorted(name for _, name in names) == sorted(["Zoé", "Mum", "Dad", "Tom", "Grandpa"])
    assert all(0 < float(y) < 230 for y, _ in names), names


def test_twenty_players_are_all_named_inside_the_chart_and_no_two_lines_look_alike():
    """A table of 20 on a sheet: every numbered end label inside the drawing (the last ones ran off it), each line
    its own colour and dash (the 11th was the 1st's blue line again)."""
    from scorekeeper.play.charts import COLOURS, dash_of

    series = [[seat * 10 - 100, seat * 20 - 200] for seat in range(20)]
    svg = str(running_chart([f"P{seat}" for seat in range(20)], series, "Running totals", width=640, height=250,
                            label_width=40, numbered=True))
    labels = re.findall(r'<text x="[\d.]+" y="(-?[\d.]+)" fill="currentColor"[^>]*><tspan[^>]*>■</tspan> (\d+)</text>',
                        svg)
    assert sorted(int(n) for _, n in labels) == list(range(1, 21))
    assert all(0 < float(y) <= 250 for y, _ in labels), labels
    assert len({(COLOURS[seat % len(COLOURS)], dash_of(seat)) for seat in range(20)}) == 20


def test_a_long_tick_label_has_room_on_the_left():
    """"−10000" was cut to "10000" at the chart's left edge: the minus is what matters."""
    svg = str(running_chart(["Ann", "Bob"], [[0, -9000], [0, 4000]], "Running totals"))
    ticks = re.findall(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="end" fill="currentColor">([^<]+)</text>', svg)
    assert ("−10000" in [label for _, label in ticks])
    assert all(float(x) >= 7 * len(label) for x, label in ticks), ticks


# --- issue 38, item 12: a chart that says who went out when, and prints in black and white --------------------------

def test_a_lives_chart_numbers_each_player_where_they_went_out():
    """Seven players out shared one label "1, 2, 3, 4, 5, 6, 7" at the end of the axis: each line now stops where
    its player went out, numbered there; two out on the same deal share that point's label."""
    series = [[2, 1, 0, 0, 0], [2, 2, 1, 0, 0], [2, 2, 1, 0, 0], [2, 2, 2, 1, 1]]
    svg = str(running_chart(["A", "B", "C", "D"], series, "Lives left", width=640, height=250, label_width=40,
                            numbered=True, went_out=True))
    out = re.findall(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="middle" fill="currentColor" font-size="9">([^<]+)'
                     r'</text>', svg)
    assert [label for _, label in out] == ["1", "2, 3"] and float(out[0][0]) < float(out[1][0])
    assert "1, 2" not in svg.split("font-size=\"9\">2, 3")[1]  # no shared label at the end of the axis
    polylines = re.findall(r'<polyline points="([^"]+)"', svg)
    assert [len(p.split()) for p in polylines] == [3, 4, 4, 5]  # each line stops at its 0


def test_the_pointers_to_end_labels_are_thin_grey_dots_not_the_lines_colour():
    svg = str(running_chart(["A", "B"], [[10, 50], [10, 12]], "Running totals", numbered=True, label_width=40))
    pointers = re.findall(r'<line x1="[\d.]+" y1="[\d.]+" x2="[\d.]+" y2="[\d.]+" ([^/]+)/>', svg)[-2:]
    assert all('stroke="#888"' in p and "stroke-dasharray" in p for p in pointers), pointers


def luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_every_line_colour_prints_dark_enough_on_white_paper():
    from scorekeeper.play.charts import COLOURS
    contrast = {colour: 1.05 / (luminance(colour) + 0.05) for colour in COLOURS}
    assert all(ratio >= 2.2 for ratio in contrast.values()), contrast  # the pale yellow was 1.2


def test_a_legend_swatch_draws_the_line_as_the_chart_does():
    from scorekeeper.play.charts import colour_of, dash_of, swatch
    for seat in range(12):
        drawn = str(swatch(seat))
        assert colour_of(seat) in drawn and (not dash_of(seat) or f'stroke-dasharray="{dash_of(seat)}"' in drawn)
