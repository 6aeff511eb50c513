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
