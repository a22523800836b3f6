"""Cards: the notation of RULES.md (`AS 10H TD QC JK`), parsed and printed, and the packs
(32, 52 or 54 cards; one to four decks; jokers)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ramigui.cards import (
    ALL_CARDS,
    JOKER,
    Card,
    CardParseError,
    card_of,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
    shuffled,
)


def test_notation_round_trip() -> None:
    """`AS 10H TD QC JK`: T is read as 10; printing writes 10."""
    cards = parse_cards("AS 10H TD QC JK")
    assert cards == [card_of(1, "S"), card_of(10, "H"), card_of(10, "D"), card_of(12, "C"), JOKER]
    assert format_cards(cards) == "AS 10H 10D QC JK"
    assert parse_cards(format_cards(cards)) == cards


def test_every_card_round_trips() -> None:
    for card in [*ALL_CARDS, JOKER]:
        assert parse_card(str(card)) == card
        assert parse_card(str(card).lower()) == card
    assert len({str(c) for c in ALL_CARDS}) == 52


@pytest.mark.parametrize(("text", "rank", "suit"), [
    ("AS", 1, "S"), ("2H", 2, "H"), ("9D", 9, "D"), ("10C", 10, "C"), ("TC", 10, "C"),
    ("JH", 11, "H"), ("QS", 12, "S"), ("KD", 13, "D"), ("kd", 13, "D"),
    ("VH", 11, "H"), ("DS", 12, "S"), ("RC", 13, "C"),  # French letters: valet, dame, roi
])
def test_parse_one_card(text: str, rank: int, suit: str) -> None:
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit) and not card.is_joker


def test_jokers() -> None:
    assert parse_card("JK") is JOKER and parse_card("jk") is JOKER
    assert JOKER.is_joker and str(JOKER) == "JK"
    assert not parse_card("JH").is_joker


def test_separators_and_iterables() -> None:
    assert parse_cards("AS, 10H,JK") == parse_cards("AS 10H JK")
    assert parse_cards(["AS", "10H", "JK"]) == parse_cards("AS 10H JK")
    assert parse_cards("") == []


@pytest.mark.parametrize("text", ["", "H", "1H", "11H", "0S", "AX", "ZZ", "10", "XH", "²H",
                                  "١٠H", "A♠", "JOKERS"])
def test_not_a_card(text: str) -> None:
    with pytest.raises(CardParseError):
        parse_card(text)


def test_cards_are_values() -> None:
    """Two copies of a card from two decks are equal (counted as a multiset)."""
    assert Card(12, "H") == parse_card("QH") and hash(Card(12, "H")) == hash(parse_card("QH"))
    assert parse_card("QH").is_red and not parse_card("QS").is_red


@pytest.mark.parametrize(("size", "jokers", "total"), [(32, 0, 32), (52, 0, 52), (52, 2, 54)])
@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_packs(size: int, jokers: int, total: int, decks: int) -> None:
    pack = make_deck(size, decks, jokers * decks)
    assert len(pack) == total * decks
    counts = Counter(pack)
    assert counts[JOKER] == jokers * decks
    naturals = [c for c in counts if not c.is_joker]
    assert len(naturals) == size and all(counts[c] == decks for c in naturals)
    if size == 32:
        assert {c.rank for c in naturals} == {1, 7, 8, 9, 10, 11, 12, 13}


def test_bad_deck_size() -> None:
    with pytest.raises(ValueError):
        make_deck(40)


def test_shuffle_is_reproducible() -> None:
    pack = make_deck(52, 2, 2)
    first = shuffled(pack, random.Random(7))
    assert first == shuffled(pack, random.Random(7))
    assert first != pack and Counter(first) == Counter(pack)


def test_hand_orders() -> None:
    hand = parse_cards("JK KD 2S AS 10H")
    assert format_cards(sorted(hand, key=Card.sort_key)) == "AS 2S 10H KD JK"
    assert format_cards(sorted(hand, key=Card.rank_key)) == "AS 2S 10H KD JK"
    assert format_cards(sorted(parse_cards("2H 2S AD"), key=Card.rank_key)) == "AD 2S 2H"
