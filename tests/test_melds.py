"""Melds (ramigui/rules/melds.py): classify, arrange, points, lay-off, joker swap, taking
a card from a meld — per variant. The scenario files check the same rules through moves;
here the building blocks are pinned down one by one."""

from __future__ import annotations

import pytest

from ramigui.cards import JOKER, format_cards, parse_cards
from ramigui.rules.melds import (
    MeldError,
    arrange,
    card_points,
    classify,
    hand_points,
    lay_off,
    meld_points,
    swap_joker,
    take_from,
)
from ramigui.variants import get_variant

RUMMY_IDS = ["rami", "rami_base", "rami_bloc", "rami_wrotham", "rami40", "rami50", "rami51",
             "manie_joker51"]


def cards(text: str) -> list:  # type: ignore[type-arg]
    return parse_cards(text)


def test_contract() -> None:
    """The two calls the rules promise: classify a meld and count its points."""
    assert classify(cards("QH KH AH"), get_variant("rami")) == "run"
    assert meld_points(cards("7H 8H JK 10H"), get_variant("rami40")) == 34


@pytest.mark.parametrize(("variant_id", "qka", "a23", "ka2"), [
    ("rami", "run", "run", None),          # seed 000: « Soit … avant le 2, soit … après le Roi »
    ("rami_base", None, "run", None),      # seed 003: « les as sont bas »
    ("rami_bloc", None, "run", None),
    ("rami_wrotham", None, "run", None),
    ("rami40", "run", "run", None),        # seed 004: « dame, roi, as ou as, deux, trois »
    ("rami50", "run", "run", None),
    ("rami51", "run", "run", None),
    ("manie_joker51", "run", "run", None),
])
def test_ace_per_variant(variant_id: str, qka: str | None, a23: str | None, ka2: str | None) -> None:
    variant = get_variant(variant_id)
    assert classify(cards("QH KH AH"), variant) == qka
    assert classify(cards("AH 2H 3H"), variant) == a23
    assert classify(cards("KH AH 2H"), variant) == ka2


def test_ace_options_of_rami_base() -> None:
    high = get_variant("rami_base", ace="high_or_low")
    around = get_variant("rami_base", ace="around")
    assert classify(cards("QH KH AH"), high) == "run"
    assert classify(cards("KH AH 2H"), high) is None
    assert classify(cards("KH AH 2H"), around) == "run"
    assert classify(cards("QH KH AH 2H 3H"), around) == "run"
    assert card_points(cards("AS")[0], high) == 15 and card_points(cards("AS")[0], around) == 15


@pytest.mark.parametrize("variant_id", RUMMY_IDS)
def test_basic_shapes(variant_id: str) -> None:
    variant = get_variant(variant_id)
    assert classify(cards("4S 5S 6S"), variant) == "run"
    assert classify(cards("9H 10H JH QH KH"), variant) == "run"
    assert classify(cards("8S 8H 8C"), variant) == "set"
    assert classify(cards("KD KS KH KC"), variant) == "set"
    assert classify(cards("4S 5S"), variant) is None              # three cards at least
    assert classify(cards("4S 5H 6S"), variant) is None           # one suit
    assert classify(cards("4S 6S 7S"), variant) is None           # consecutive
    assert classify(cards("8C 8H 8C"), variant) is None           # never two of a suit
    assert classify(cards("8S 8H 8C 8D 8S"), variant) is None     # at most four
    assert classify(cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), variant) == "run"


@pytest.mark.parametrize(("variant_id", "per_run", "per_set"), [
    ("rami", 1, 1), ("rami40", 2, 1), ("rami51", 2, 1), ("manie_joker51", 2, 1),
    ("rami_wrotham", 2, 2),
])
def test_jokers_per_meld(variant_id: str, per_run: int, per_set: int) -> None:
    variant = get_variant(variant_id)
    assert classify(cards("6S JK 8S"), variant) == "run"
    assert classify(cards("6S JK JK 9S"), variant) == ("run" if per_run >= 2 else None)
    assert classify(cards("JK AH JK"), variant) == ("run" if per_run >= 2 else None)
    assert classify(cards("8S 8H JK"), variant) == "set"
    assert classify(cards("8S 8H JK JK"), variant) == ("set" if per_set >= 2 else None)
    assert classify(cards("JK JK JK"), variant) is None  # a meld needs a real card


def test_no_jokers_in_rami_base() -> None:
    """Seed 003's basic game uses « Un deck standard de 52 cartes »: no jokers at all."""
    variant = get_variant("rami_base")
    assert classify(cards("6S JK 8S"), variant) is None
    assert classify(cards("8S 8H JK"), variant) is None


def test_joker_stands_for_a_card() -> None:
    variant = get_variant("rami40")
    meld = arrange(cards("7H 8H JK 10H"), variant)
    assert [str(c) for c in meld.stands_for()] == ["7H", "8H", "9H", "10H"]
    run = arrange(cards("6S JK JK 9S"), variant)
    assert format_cards(run.stands_for()) == "6S 7S 8S 9S"  # type: ignore[arg-type]
    a_set = arrange(cards("6C JK 6H"), variant)
    assert a_set.kind == "set" and a_set.missing_suits() == ["S", "D"]


def test_each_joker_is_read_as_its_card_or_its_sets_missing_suits() -> None:
    """Seed 004: « un joker … remplace n'importe quelle carte »: in a run the card at its
    place, in a set its rank in any suit the set lacks. The table's badge and the phone's
    label both read this one answer; natural cards have none."""
    variant = get_variant("rami40")
    run = arrange(cards("7H JK 9H"), variant)
    assert run.joker_stands() == (None, (parse_cards("8H")[0], run.rank, ()), None)
    a_set = arrange(cards("6C JK 6H"), variant)
    assert a_set.joker_stands() == (None, (None, 6, ("S", "D")), None)
    assert arrange(cards("6C 6D 6H"), variant).joker_stands() == (None, None, None)


def test_written_order_is_kept() -> None:
    """Jokers stand where they are written: `meld 6S JK JK 9S`; a run written high to low
    is put low to high."""
    variant = get_variant("rami40")
    assert format_cards(arrange(cards("JK 7H 8H"), variant).cards) == "JK 7H 8H"
    assert format_cards(arrange(cards("7H 8H JK"), variant).cards) == "7H 8H JK"
    assert format_cards(arrange(cards("9H 8H 7H"), variant).cards) == "7H 8H 9H"
    # JK AH JK cannot be read as written (K-A-2): the best placement is Q-K-A, 31 points
    assert meld_points(cards("JK AH JK"), variant) == 31


@pytest.mark.parametrize(("variant_id", "values"), [
    ("rami", {"AS": 11, "KS": 10, "QS": 10, "JS": 10, "10S": 10, "2S": 2, "JK": 20}),
    ("rami40", {"AS": 11, "KS": 10, "9S": 9, "JK": 20}),
    ("rami_base", {"AS": 1, "KS": 10, "7S": 7}),
    ("rami_wrotham", {"AS": 1, "JK": 15}),
])
def test_card_points(variant_id: str, values: dict[str, int]) -> None:
    variant = get_variant(variant_id)
    for text, points in values.items():
        assert card_points(cards(text)[0], variant) == points
    assert hand_points(cards(" ".join(values)), variant) == sum(values.values())


def test_meld_points() -> None:
    variant = get_variant("rami51")
    assert meld_points(cards("QH KH AH"), variant) == 31
    assert meld_points(cards("AH 2H 3H"), variant) == 16
    assert meld_points(cards("KS KD JK"), variant) == 30
    assert meld_points(cards("AS AD AC AH"), variant) == 44
    assert meld_points(cards("2S 3S 4S"), get_variant("rami_base")) == 9


# --- lay-off --------------------------------------------------------------------------------


def test_lay_off_extends_runs_at_either_end() -> None:
    variant = get_variant("rami40")
    run = arrange(cards("5H 6H 7H"), variant)
    assert format_cards(lay_off(run, cards("8H"), variant).cards) == "5H 6H 7H 8H"
    assert format_cards(lay_off(run, cards("4H"), variant).cards) == "4H 5H 6H 7H"
    assert format_cards(lay_off(run, cards("3H 4H 8H"), variant).cards) == "3H 4H 5H 6H 7H 8H"
    assert format_cards(lay_off(run, cards("JK"), variant).cards) == "5H 6H 7H JK"
    for bad in ("9H", "5S", "6H", "JK JK JK"):
        with pytest.raises(MeldError):
            lay_off(run, cards(bad), variant)


def test_lay_off_respects_the_ace() -> None:
    high = arrange(cards("QH KH AH"), get_variant("rami"))
    with pytest.raises(MeldError):
        lay_off(high, cards("2H"), get_variant("rami"))
    assert format_cards(lay_off(high, cards("JH"), get_variant("rami")).cards) == "JH QH KH AH"
    low = arrange(cards("AH 2H 3H"), get_variant("rami"))
    with pytest.raises(MeldError):
        lay_off(low, cards("KH"), get_variant("rami"))


def test_lay_off_on_sets() -> None:
    variant = get_variant("rami40")
    brelan = arrange(cards("KD KS KH"), variant)
    assert len(lay_off(brelan, cards("KC"), variant).cards) == 4
    with pytest.raises(MeldError):
        lay_off(brelan, cards("KH"), variant)  # a second KH (two decks)
    with pytest.raises(MeldError):
        lay_off(brelan, cards("QC"), variant)
    carre = arrange(cards("KD KS KH KC"), variant)
    with pytest.raises(MeldError):
        lay_off(carre, cards("JK"), variant)


def test_one_joker_per_meld_holds_for_lay_offs() -> None:
    variant = get_variant("rami")
    run = arrange(cards("5H JK 7H"), variant)
    with pytest.raises(MeldError):
        lay_off(run, cards("JK"), variant)


# --- joker swap ----------------------------------------------------------------------------


def test_swap_in_a_run() -> None:
    variant = get_variant("rami40")
    run = arrange(cards("7H 8H JK 10H"), variant)
    assert format_cards(swap_joker(run, cards("9H"), variant).cards) == "7H 8H 9H 10H"
    for bad in ("8H", "9S", "9H 10H"):
        with pytest.raises(MeldError):
            swap_joker(run, cards(bad), variant)
    with pytest.raises(MeldError):
        swap_joker(arrange(cards("7H 8H 9H"), variant), cards("10H"), variant)


def test_swap_in_a_set_all_missing_or_one_card() -> None:
    """Seed 004: « il ne peut être pris que si le joueur expose les deux cartes manquantes »;
    seed 000: « à condition de posséder la carte qu'il remplace » (one card)."""
    forty = get_variant("rami40")
    brelan = arrange(cards("6C JK 6H"), forty)
    with pytest.raises(MeldError):
        swap_joker(brelan, cards("6S"), forty)
    assert sorted(format_cards(swap_joker(brelan, cards("6S 6D"), forty).cards).split()) == \
        ["6C", "6D", "6H", "6S"]
    rami = get_variant("rami")
    swapped = swap_joker(arrange(cards("6C JK 6H"), rami), cards("6S"), rami)
    assert JOKER not in swapped.cards and len(swapped.cards) == 3
    with pytest.raises(MeldError):
        swap_joker(arrange(cards("6C JK 6H"), rami), cards("6C"), rami)


# --- taking a card from a meld (seed 000) ---------------------------------------------------


def test_take_from() -> None:
    """« à condition qu'il reste au moins 3 cartes … ne pourra récupérer que les cartes
    extérieures » (K Q J 10: the K or the 10)."""
    variant = get_variant("rami")
    run = arrange(cards("10H JH QH KH"), variant)
    assert format_cards(take_from(run, cards("KH")[0]).cards) == "10H JH QH"
    assert format_cards(take_from(run, cards("10H")[0]).cards) == "JH QH KH"
    for inner in ("JH", "QH", "9H"):
        with pytest.raises(MeldError):
            take_from(run, cards(inner)[0])
    with pytest.raises(MeldError):
        take_from(arrange(cards("10H JH QH"), variant), cards("10H")[0])
    carre = arrange(cards("7C 7D 7S 7H"), variant)
    assert len(take_from(carre, cards("7D")[0]).cards) == 3
    with pytest.raises(MeldError):
        take_from(arrange(cards("7C JK 7S 7H"), variant), JOKER)
