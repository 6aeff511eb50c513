"""Markup an HTML validator checks (html-validate's standard rules, issue 38): a ``<details>`` opens with its
``<summary>``, nothing before it (a hidden input there was flagged in the new-game forms)."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from scorekeeper import rules

KEYS = list(rules.REGISTRY)
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class DetailsOrder(HTMLParser):
    """Note every ``<details>`` whose first child element is not its ``<summary>``, by what came first."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.waiting: list[bool] = []  # per open <details>: its first child not seen yet
        self.wrong: list[str] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        if self.open and self.open[-1] == "details" and self.waiting and self.waiting[-1]:
            self.waiting[-1] = False
            if tag != "summary":
                self.wrong.append(f"<{tag} {dict(attrs)}> before the summary")
        if tag == "details":
            self.waiting.append(True)
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "details" and self.waiting:
            self.waiting.pop()
        while self.open and self.open.pop() != tag:
            pass


def summaries_out_of_place(html: str) -> list[str]:
    parser = DetailsOrder()
    parser.feed(html)
    return parser.wrong


@pytest.mark.parametrize("key", KEYS)
def test_the_new_game_and_sheet_forms_open_their_house_rules_with_the_summary(client, key):
    for path in (f"/new/{key}", f"/sheets/{key}"):
        answer = client.get(path)
        assert answer.status_code == 200
        assert summaries_out_of_place(answer.get_data(as_text=True)) == [], path


def test_the_table_page_opens_every_details_with_its_summary(client, create_game):
    state = create_game("hand-and-foot", ["Ann", "Bob", "Cy", "Di"], {"partners": True})
    html = client.get(f"/games/{state['id']}/edit/{state['token']}", follow_redirects=True).get_data(as_text=True)
    assert "<details" in html
    assert summaries_out_of_place(html) == []


def test_the_checker_finds_an_input_before_the_summary():
    assert summaries_out_of_place('<details><input type="hidden"><summary>x</summary></details>') != []
