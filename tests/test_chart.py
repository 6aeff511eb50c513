"""The running chart: its end labels stay apart, in order, and inside the drawing."""
from __future__ import annotations

import re

import pytest

from scorekeeper.chart import running_chart, spread_labels


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
