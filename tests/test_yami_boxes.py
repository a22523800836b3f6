"""Yami's boxes (seed 002, "LES SÉRIES" / "LES COMBINAISONS"): what five cards can fill.

Each test quotes the seed's clause. Hands are written in the card notation of RULES.md.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ramigui.cards import parse_cards
from ramigui.rules.variant import YamiRules
from ramigui.rules.yami import BOXES, box_scores
from ramigui.rules.yami_boxes import SERIES, Sheet, box_of, exposable, max_total

RULES = YamiRules()


def scores(text: str, rules: YamiRules | None = None) -> dict[str, int]:
    return box_scores(parse_cards(text), rules)


def test_the_contract() -> None:
    assert scores("8S 8H 8D 9C KS") == {"8": 15, "9": 5, "K": 5, "paire": 5, "brelan": 15}


def test_box_names() -> None:
    assert " ".join(BOXES) == "7 8 9 10 J Q K A paire double_paire brelan full carre quinte couleur quinte_floche bonus"


# --- LES SÉRIES ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "box", "points"),
    [
        ("AS 7H 9D JC KS", "A", 5),    # "Une carte quelconque (5 points)"
        ("QS QH 9D JC KS", "Q", 10),   # "La paire (10 points)"
        ("10S 10H 10D JC KS", "10", 15),  # "Le brelan (15 points)"
        ("7S 7H 7D 7C KS", "7", 20),   # "Le carré (20 points)"
    ],
)
def test_series_five_points_per_card(hand: str, box: str, points: int) -> None:
    """LES SÉRIES: "Une carte quelconque (5 points) … Le carré (20 points)"."""
    assert scores(hand)[box] == points


def test_every_rank_has_its_serie_box() -> None:
    assert scores("7S 8S 9S 10S JH") == {"7": 5, "8": 5, "9": 5, "10": 5, "J": 5, "quinte": 30}
    assert set(scores("QS KS AS QH KH")) >= {"Q", "K", "A"}
    assert SERIES == ("7", "8", "9", "10", "J", "Q", "K", "A")


def test_series_count_each_suit_once() -> None:
    """"de même valeur mais de couleurs différentes": with a double deck 8H 8H is one card."""
    assert scores("8H 8H 8S 9C KS")["8"] == 10
    assert scores("8H 8H 9C 10D KS")["8"] == 5


# --- LES COMBINAISONS ------------------------------------------------------------------------


def test_paire() -> None:
    """"La paire (5 points) : deux cartes de même valeur et de couleurs différentes"."""
    assert scores("JS JH 7D 9C KS")["paire"] == 5


def test_two_identical_cards_are_no_pair() -> None:
    """"couleurs différentes": two JH of a double deck are not a pair."""
    found = scores("JH JH 7D 9C KS")
    assert "paire" not in found
    assert "double_paire" not in scores("JH JH 9C 9C KS")
    assert "brelan" not in scores("JH JH JH 9C KS")


def test_double_paire() -> None:
    """"La double-paire (10 points) : deux paires"."""
    found = scores("JS JH 9D 9C KS")
    assert found["double_paire"] == 10
    assert found["paire"] == 5
    assert "brelan" not in found


def test_brelan() -> None:
    """"Le brelan (15 points) : trois cartes de même valeur et de couleurs différentes"."""
    assert scores("KS KH KD 9C 7S")["brelan"] == 15


def test_full() -> None:
    """"Le full (20 points) : une paire et un brelan"."""
    found = scores("KS KH KD 9C 9S")
    assert found["full"] == 20
    # decided in variants.yaml: a full also holds a brelan, a paire and (by default) two pairs
    assert found["brelan"] == 15 and found["paire"] == 5 and found["double_paire"] == 10


def test_full_as_double_paire_is_an_option() -> None:
    rules = replace(RULES, full_counts_as_double_paire=False)
    assert "double_paire" not in scores("KS KH KD 9C 9S", rules)
    assert scores("KS KH 9D 9C 7S", rules)["double_paire"] == 10


def test_carre() -> None:
    """"Le carré (25 points) : quatre cartes de même valeur et de couleurs différentes"."""
    found = scores("AS AH AD AC 9S")
    assert found["carre"] == 25
    assert found["brelan"] == 15 and found["paire"] == 5
    assert "double_paire" not in found  # decided: a carré is one rank, not "deux paires"
    assert scores("AS AH AD AC 9S", replace(RULES, carre_counts_as_double_paire=True))["double_paire"] == 10


def test_carre_needs_four_suits() -> None:
    assert "carre" not in scores("AS AH AD AD 9S")


@pytest.mark.parametrize("hand", ["7S 8H 9D 10C JS", "8S 9H 10D JC QS", "9S 10H JD QC KS", "10S JH QD KC AS"])
def test_quinte(hand: str) -> None:
    """"La quinte (30 points) : cinq cartes qui se suivent"."""
    assert scores(hand)["quinte"] == 30


def test_ace_stands_for_the_six() -> None:
    """"dans les quintes et quintes floches, l'As peut remplacer le 6, autorisant la quinte :
    As - 7 - 8 - 9 - 10"."""
    assert scores("AS 7H 8D 9C 10S")["quinte"] == 30
    assert scores("AH 7H 8H 9H 10H")["quinte_floche"] == 50
    assert "quinte" not in scores("AS 7H 8D 9C 10S", replace(RULES, ace_as_six=False))


def test_not_a_quinte() -> None:
    assert "quinte" not in scores("7S 8H 9D 10C QS")
    assert "quinte" not in scores("JS QH KD AC 7S")  # the ace does not go round: J-Q-K-A-7
    assert "quinte" not in scores("7S 8H 9D 10C 10S")


def test_couleur() -> None:
    """"La couleur (35 points) : cinq cartes de même couleur et de valeurs différentes"."""
    found = scores("7H 9H JH KH AH")
    assert found["couleur"] == 35
    assert "couleur" not in scores("7H 9H JH KH KH")  # "valeurs différentes"
    assert "couleur" not in scores("7H 9H JH KH AS")


def test_quinte_floche() -> None:
    """"La quinte floche (50 points) : cinq cartes de même couleur qui se suivent"."""
    found = scores("9C 10C JC QC KC")
    assert found["quinte_floche"] == 50
    assert found["quinte"] == 30 and found["couleur"] == 35  # decided: it holds both


def test_nothing_but_single_cards() -> None:
    """A hand with no combinaison still fills série boxes, one card each."""
    assert scores("7S 9H JD KC AS") == {"7": 5, "9": 5, "J": 5, "K": 5, "A": 5}


def test_without_contained_combinations_only_the_best_counts() -> None:
    rules = replace(RULES, contained_combinations=False)
    assert {k: v for k, v in scores("8S 8H 8D 9C KS", rules).items() if k not in SERIES} == {"brelan": 15}
    assert [k for k in scores("9C 10C JC QC KC", rules) if k not in SERIES] == ["quinte_floche"]


def test_exposable_needs_a_brelan_in_a_serie_box() -> None:
    """"S'il veut marquer dans les séries, le joueur doit exposer un brelan ou un carré"."""
    assert exposable(parse_cards("8S 8H 8D 9C KS")) == {"8": 15, "paire": 5, "brelan": 15}
    assert exposable(parse_cards("8S 8H 9D 10C KS")) == {"paire": 5}
    assert exposable(parse_cards("7S 9H JD KC AS")) == {}


# --- the sheet -------------------------------------------------------------------------------


def test_box_words() -> None:
    assert box_of("j") == "J" and box_of("V") == "J" and box_of("as") == "A"
    assert box_of("carré") == "carre" and box_of("double-paire") == "double_paire"
    assert box_of("quinte_floche") == "quinte_floche" and box_of("nope") is None


def test_maximum_is_400() -> None:
    """"le total général maximum s'élevant à 400 points" (8×20 + 190 + 50)."""
    assert max_total(RULES) == 400
    best = Sheet.of({box: 20 for box in SERIES} | dict(RULES.combination_points))
    assert best.is_full
    assert best.total(RULES, 2) == best.total(RULES, 4) == 400


def test_a_box_is_filled_once() -> None:
    """"Quand une case est remplie, on ne peut plus y revenir !"."""
    sheet = Sheet().with_mark("8", 15)
    with pytest.raises(ValueError):
        sheet.with_mark("8", 20)
    assert sheet.with_mark("quinte", None).crossed == ("quinte",)
