"""Card notation and counting cards against the packs."""
from __future__ import annotations

import pytest

from scorekeeper.rules.messages import RulesError
from scorekeeper.rules.cards import (ENGLISH, FRENCH, Card, check_packs, parse_card, parse_cards, read_typed, suit_needed,
                                     typed_cards, value_key, written)


@pytest.mark.parametrize("text, card", [
    ("10h", Card("10", "H")), ("QS", Card("Q", "S")), ("X", Card("X")), ("7", Card("7")), ("q♠", Card("Q", "S")),
    ("10♥", Card("10", "H")), (" a ", Card("A")), ("1", Card("A")), ("T", Card("10")), ("Td", Card("10", "D")),
    ("joker", Card("X")), ("KC", Card("K", "C")), ("Q\u2660\ufe0f", Card("Q", "S")), ("10\u2665\ufe0e", Card("10", "H")),
])
def test_cards_read_as_written(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", " ", "11", "Z", "QQ", "10x", "S", 7, None, ["Q"]])
def test_unreadable_cards(text):
    with pytest.raises(ValueError):
        parse_card(text)


@pytest.mark.parametrize("text", ["R", "RC", "r♥", "D", "DD", "V", "VS"])
def test_the_api_reads_no_french_rank_letter(text):
    """RC would be the king of clubs in English letters, and the king of hearts (roi de cœur) to a French reader."""
    with pytest.raises(ValueError) as err:
        parse_card(text)
    assert str(err.value.args[0]) == f"{text}: V, D and R are the French letters (valet, dame, roi); write J, Q or K"


@pytest.mark.parametrize("text", ["K\u200b", "\u202eK", "K\x00", "\ufeffQS"])
def test_a_card_with_a_character_that_does_not_show_says_so(text):
    for read in (parse_card, lambda t: read_typed(t, ENGLISH), lambda t: read_typed(t, FRENCH)):
        with pytest.raises(ValueError) as err:
            read(text)
        assert "holds a character that does not show" in str(err.value.args[0])


@pytest.mark.parametrize("reader", [ENGLISH, FRENCH])
def test_the_emoji_form_of_a_suit_is_the_suit_on_every_page(reader):
    assert str(read_typed("10\u2660\ufe0f", reader)) == "10S"


@pytest.mark.parametrize("reader", [ENGLISH, FRENCH])
@pytest.mark.parametrize("typed, card", [("7\u2764\ufe0f", "7H"), ("5\u2661", "5H"), ("5\u2662", "5D"), ("10\u2667", "10C"),
                                         ("A\u2664", "AS")])
def test_the_suit_signs_an_emoji_keyboard_offers_first_are_the_suits(reader, typed, card):
    """❤️ comes before ♥ on a phone's emoji keyboard; the white suits ♡ ♢ ♧ ♤ are the same suits."""
    assert str(read_typed(typed, reader)) == card
    assert str(parse_card(typed)) == card


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
        check_packs([("Ann", parsed)], packs, jokers)
    else:
        with pytest.raises(RulesError) as err:
            check_packs([("Ann", parsed)], packs, jokers)
        assert "players" in err.value.errors


@pytest.mark.parametrize("hands, packs, says", [
    ([("Ann", "3S 4H"), ("Bob", "5C"), ("Cy", "3S")], 1, "Ann and Cy both hold the 3S; one pack holds one"),
    ([("Ann", "3S 3S"), ("Bob", "3S")], 2, "Ann and Bob hold the 3S 3 times; the 2 packs hold it 2 times"),
    ([("Ann", "K K K"), ("Bob", "7"), ("Cy", "K K")], 1, "Ann and Cy hold 5 cards of rank K between them"),
    ([("Ann", "X"), ("Bob", "X"), ("Cy", "X")], 1, "Ann, Bob and Cy hold 3 jokers between them"),
    # one player alone: "holds", not "hold … between them"
    ([("Ann", "X X X"), ("Bob", "7")], 1, "Ann holds 3 jokers; the pack holds 2"),
    ([("Ann", "K K K K K"), ("Bob", "7")], 1, "Ann holds 5 cards of rank K; the pack holds 4"),
    ([("Ann", "5S 5S"), ("Bob", "7")], 1, "Ann holds the 5S 2 times; one pack holds it once"),
    # every card too many in one refusal, each with who holds it
    ([("Ann", "KH JC"), ("Bob", "KH QD"), ("Cy", "JC QD")], 1, "Ann and Bob both hold the KH; one pack holds one; "
     "Ann and Cy both hold the JC; one pack holds one; Bob and Cy both hold the QD; one pack holds one"),
])
def test_too_many_cards_name_who_holds_them(hands, packs, says):
    with pytest.raises(RulesError) as err:
        check_packs([(name, parse_cards(cards, "c")) for name, cards in hands], packs, 2 * packs)
    assert says in str(err.value.errors["players"]).replace(", and", " and")


@pytest.mark.parametrize("typed, card", [
    ("VCo", "JH"), ("V♥", "JH"), ("vco", "JH"), ("DT", "QC"), ("3P", "3S"), ("10K", "10D"), ("R♣", "KC"),
    ("D", "Q"), ("R", "K"), ("V", "J"), ("1", "A"), ("x", "X"), ("As", None), ("Q♠", None),
])
def test_french_pages_read_french_letters(typed, card):
    if card is None:  # "As" is not French for the ace of spades: S is no suit there
        with pytest.raises(ValueError):
            read_typed(typed, FRENCH)
    else:
        assert str(read_typed(typed, FRENCH)) == card


@pytest.mark.parametrize("typed", ["VC", "3C", "10c", "RC"])
def test_a_french_c_is_refused_with_the_key(typed):
    with pytest.raises(ValueError) as err:
        read_typed(typed, FRENCH)
    said = str(err.value.args[0])
    assert "Co" in said and "trèfle" in said and "Suits:" in said  # the key, translated on a French page


@pytest.mark.parametrize("typed", ["RD", "VS", "XP"])
def test_french_pages_refuse_english_suits_with_the_key(typed):
    with pytest.raises(ValueError) as err:
        read_typed(typed, FRENCH)
    assert "is not a card" in str(err.value.args[0]) and "Suits:" in str(err.value.args[0])


@pytest.mark.parametrize("typed, card", [("JC", "JC"), ("QH", "QH"), ("KD", "KD"), ("Q♠", "QS"), ("10c", "10C"),
                                         ("1", "A"), ("x", "X")])
def test_english_pages_read_as_the_api_does(typed, card):
    assert str(read_typed(typed, ENGLISH)) == card == str(parse_card(typed))


@pytest.mark.parametrize("typed, reader", [("D", ENGLISH), ("DC", ENGLISH), ("V♥", ENGLISH), ("r", ENGLISH),
                                           ("K", FRENCH), ("Q", FRENCH), ("JCo", FRENCH), ("K♠", FRENCH)])
def test_a_rank_letter_of_the_other_language_is_refused_never_guessed(typed, reader):
    with pytest.raises(ValueError) as err:  # an English D is diamonds, a French D the queen; a French K is carreau
        read_typed(typed, reader)
    said = str(err.value.args[0])
    assert said.startswith(f"{typed}: ") and ("French letters" if reader is ENGLISH else "English letters") in said
    assert "Suits:" in said


def test_typed_cards_name_the_box():
    assert typed_cards("VCo, 3P  D♦", FRENCH, "players.0.cards") == ["JH", "3S", "QD"]
    with pytest.raises(RulesError) as err:
        typed_cards("3P VC", FRENCH, "players.2.cards")
    assert set(err.value.errors) == {"players.2.cards"}


def test_cards_are_written_with_symbols_in_the_readers_letters():
    assert written("QS", {"Q": "D"}) == "D♠" and written("10H") == "10♥" and written("X") == "X"
