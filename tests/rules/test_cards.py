"""Card notation and counting cards against the packs."""
from __future__ import annotations

import pytest

from scorekeeper.rules.base import RulesError
from scorekeeper.rules.cards import Card, check_packs, parse_card, parse_cards, suit_needed, value_key


@pytest.mark.parametrize("text, card", [
    ("10h", Card("10", "H")), ("QS", Card("Q", "S")), ("X", Card("X")), ("7", Card("7")), ("q♠", Card("Q", "S")),
    ("10♥", Card("10", "H")), (" a ", Card("A")), ("1", Card("A")), ("T", Card("10")), ("Td", Card("10", "D")),
    ("joker", Card("X")), ("KC", Card("K", "C")),
])
def test_cards_read_as_written(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", " ", "11", "Z", "QQ", "10x", "S", 7, None, ["Q"]])
def test_unreadable_cards(text):
    with pytest.raises(ValueError):
        parse_card(text)


def test_a_string_of_cards_splits_on_spaces_and_commas():
    assert parse_cards("K, 5 5  QS", "c") == [Card("K"), Card("5"), Card("5"), Card("Q", "S")]
    with pytest.raises(RulesError) as err:
        parse_cards(["K", "Z"], "players.1.cards")
    assert "players.1.cards" in err.value.errors


@pytest.mark.parametrize("key, clean", [("q", "Q"), ("QS", "QS"), ("x", "X"), ("10h", "10H"), ("Queen", None)])
def test_value_keys(key, clean):
    assert value_key(key) == clean


def test_suit_needed_only_when_a_suit_has_its_own_value():
    assert suit_needed("Q", {"QS": 40}) and not suit_needed("Q", {"Q": 12}) and not suit_needed("1", {"10H": 3})


@pytest.mark.parametrize("cards, packs, jokers, ok", [
    ("5 5 5 5", 1, 2, True), ("5 5 5 5 5", 1, 2, False), ("5 5 5 5 5", 2, 4, True),
    ("QS QS", 1, 2, False), ("QS QS", 2, 4, True), ("X X X", 1, 2, False), ("X X X X", 2, 4, True),
])
def test_packs_hold_so_many(cards, packs, jokers, ok):
    parsed = parse_cards(cards, "c")
    if ok:
        check_packs(parsed, packs, jokers)
    else:
        with pytest.raises(RulesError) as err:
            check_packs(parsed, packs, jokers)
        assert "players" in err.value.errors
