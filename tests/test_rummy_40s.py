"""Rami 40, Rami 50, Rami 51 and Manie de Joker 51 (seed 004_93d123959d1e721c.txt):
variants `rami40`, `rami50`, `rami51`, `manie_joker51`. One scenario per rule.

Positions are drawn in a comment: stock top card first, discard pile bottom to top (top
card last), melds numbered as in the notation ([1], [2], …) with their owner. A position
from `from_position` starts after the first round of turns.
"""

from __future__ import annotations

import pytest
from rummy_helpers import holds, play, position, refused, table, top

from ramigui.cards import JOKER, parse_cards
from ramigui.rules import Game
from ramigui.rules.melds import classify, meld_points
from ramigui.variants import get_variant

FORTIES = ["rami40", "rami50", "rami51", "manie_joker51"]
MINIMUM = {"rami40": 40, "rami50": 50, "rami51": 51, "manie_joker51": 51}

# --- packs and deals ------------------------------------------------------------------------


@pytest.mark.parametrize(("variant_id", "jokers"),
                         [("rami40", 2), ("rami50", 0), ("rami51", 2), ("manie_joker51", None)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pack_and_deal(variant_id: str, jokers: int | None, players: int) -> None:
    """« 104 cartes (2×52) + 2 Jokers » (Rami 40, 51), « 104 cartes (2×52) » (Rami 50),
    « 104 cartes (2×52) + 1 Joker par joueur » (Manie de Joker) ; « Le joueur suivant le
    donneur recevra 15, les autres joueurs 14 cartes. » « Le joueur possédant 15 cartes va
    commencer le jeu. Il pose une carte (neutre) au milieu de la table »."""
    game = Game.new(variant_id, players=players, seed=11, dealer=players - 2)
    want_jokers = players if jokers is None else jokers
    assert sum(game.all_cards().values()) == 104 + want_jokers
    assert game.all_cards()[JOKER] == want_jokers
    starter = players - 1  # the seat after the dealer
    assert game.to_play == starter
    assert [len(game.hand(s)) for s in range(players)] == [14] * (players - 1) + [15]
    assert game.state.discard == () and game.state.phase == "play"
    refused(game, "draw", "not_your_phase")
    refused(game, "take", "not_your_phase")
    play(game, f"discard {game.hand(starter)[0]}")
    assert game.to_play == 0 and len(game.hand(starter)) == 14


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_manie_de_joker_deals_one_joker_to_each(players: int, seed: int) -> None:
    """« Il est important de savoir que, dans ce jeu, il y a obligatoirement un Joker parmi
    les cartes distribuées par le donneur. » — one joker per player, each dealt one."""
    game = Game.new("manie_joker51", players=players, seed=seed)
    assert [game.hand(s).count(JOKER) for s in range(players)] == [1] * players
    assert JOKER not in game.state.stock


@pytest.mark.parametrize("variant_id", FORTIES)
def test_direction_of_play_is_a_setting(variant_id: str) -> None:
    """« Le jeu se joue à gauche ou à droite. Possibilité de sélectionner la direction du
    jeu dans "paramétrages". »"""
    assert get_variant(variant_id).direction == "left"
    assert get_variant(variant_id, direction="right").direction == "right"


# --- values and melds -----------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", FORTIES)
def test_card_values_in_melds(variant_id: str) -> None:
    """« Les valets, dames et rois valent 10 points chacun. Le Joker prend la valeur de la
    carte qu'il remplace. … L'as vaut toujours 11 points. »"""
    variant = get_variant(variant_id)
    assert meld_points(parse_cards("AH 2H 3H"), variant) == 16
    assert meld_points(parse_cards("QH KH AH"), variant) == 31
    assert meld_points(parse_cards("9H 10H JH QH KH"), variant) == 49
    assert meld_points(parse_cards("AS AD AC"), variant) == 33
    assert meld_points(parse_cards("7H 8H JK 10H"), variant) == 34
    assert meld_points(parse_cards("6C JK 6H"), variant) == 18


@pytest.mark.parametrize("variant_id", FORTIES)
def test_runs_ace_low_or_high_never_around(variant_id: str) -> None:
    """« L'as peut être utilisé des façons suivantes: dame, roi, as ou as, deux, trois. …
    la série suivante: roi, as, deux, trois serait une combinaison irrégulière. »"""
    variant = get_variant(variant_id)
    assert classify(parse_cards("QS KS AS"), variant) == "run"
    assert classify(parse_cards("AS 2S 3S"), variant) == "run"
    assert classify(parse_cards("KS AS 2S 3S"), variant) is None
    assert classify(parse_cards("4S 5S 6S"), variant) == "run"
    assert classify(parse_cards("9H 10H JH QH KH"), variant) == "run"


@pytest.mark.parametrize("variant_id", ["rami40", "rami51", "manie_joker51"])
def test_two_jokers_in_a_run(variant_id: str) -> None:
    """« Par contre, les séries peuvent contenir deux Jokers. Par exemple: (Joker, as de
    cœur, Joker) ou (6 de pique, Joker, Joker, 9 de pique) »."""
    variant = get_variant(variant_id)
    assert classify(parse_cards("JK AH JK"), variant) == "run"
    assert classify(parse_cards("6S JK JK 9S"), variant) == "run"
    assert meld_points(parse_cards("6S JK JK 9S"), variant) == 6 + 7 + 8 + 9
    assert classify(parse_cards("6S JK JK JK 10S"), variant) is None
    # seat 0 (opened): 6S JK JK 9S KD QC 5C
    game = position(variant, ["6S JK JK 9S KD QC 5C", "5D 9S QD"], "2D 4C", "3C", opened=[0])
    play(game, "draw", "meld 6S JK JK 9S", "discard 5C")
    assert table(game) == ["6S JK JK 9S"]


def test_family_rami_allows_one_joker_per_meld_only() -> None:
    """Contrast with seed 000: « il ne pourra y avoir qu'un seul joker par combinaison »."""
    assert classify(parse_cards("JK AH JK"), get_variant("rami")) is None
    assert classify(parse_cards("6S JK JK 9S"), get_variant("rami")) is None


@pytest.mark.parametrize("variant_id", FORTIES)
def test_set_never_two_of_a_suit(variant_id: str) -> None:
    """« Il et important à noter qu'un brelan ne peut jamais contenir deux cartes de la même
    couleur. Par exemple: (8 de trèfle, 8 de cœur et 8 de trèfle) … Tierce irrégulière ! »"""
    variant = get_variant(variant_id)
    assert classify(parse_cards("8C 8H 8C"), variant) is None
    assert classify(parse_cards("8S 8H 8C"), variant) == "set"
    assert classify(parse_cards("AD AS AH AC"), variant) == "set"
    # variants.yaml decides one joker per set (the seed allows two only in « séries »)
    assert classify(parse_cards("8S 8H JK JK"), variant) is None


# --- the opening minimum --------------------------------------------------------------------

OPENINGS = {
    # variant: (melds one point short, melds worth exactly the minimum)
    "rami40": (["KS KD KC", "2H 3H 4H"], ["8S 8D 8C", "AC 2C 3C"]),
    "rami50": (["KS KD KC KH", "2H 3H 4H"], ["KS KD KC", "AC 2C 3C 4C"]),
    "rami51": (["KS KD KC", "AC 2C 3C 4C"], ["KS KD KC", "6C 7C 8C"]),
    "manie_joker51": (["KS KD KC", "AC 2C 3C 4C"], ["KS KD KC", "6C 7C 8C"]),
}


@pytest.mark.parametrize("variant_id", FORTIES)
def test_opening_minimum_over_all_melds_of_the_turn(variant_id: str) -> None:
    """« il faut étaler sur la table des combinaisons régulières dont la valeur atteint au
    minimum 40 points » (50, 51): the melds of the opening turn count together."""
    short, exact = OPENINGS[variant_id]
    need = MINIMUM[variant_id]
    game = position(variant_id, [" ".join(short) + " 9D QS", "5D 9S QD"], "2D 4C", "3S")
    play(game, "draw", *(f"meld {m}" for m in short))
    error = refused(game, "discard 9D", "opening_short")
    assert error.params == {"have": need - 1, "need": need}
    assert not any(m.kind == "discard" for m in game.legal_moves())
    game = position(variant_id, [" ".join(exact) + " 9D QS", "5D 9S QD"], "2D 4C", "3S")
    play(game, "draw", *(f"meld {m}" for m in exact), "discard 9D")
    assert game.state.opened == (True, False)


@pytest.mark.parametrize("variant_id", FORTIES)
def test_once_opened_no_minimum(variant_id: str) -> None:
    """The minimum is for the opening only: an opened player lays any meld."""
    game = position(variant_id, ["2H 3H 4H 9D QS", "5D 9S QD"], "2D 4C", "3S",
                    melds=[(0, "KS KD KC KH")])
    play(game, "draw", "meld 2H 3H 4H", "discard 9D")
    assert table(game) == ["KS KD KC KH", "2H 3H 4H"]


@pytest.mark.parametrize("variant_id", FORTIES)
def test_rami_needs_no_minimum(variant_id: str) -> None:
    """« Quand un joueur fait rami, il n'est pas tenu de poser le minimum fixé! Parfois la
    valeur totale des 14 cartes en mains ne donne pas 40 points. »"""
    # seat 0: 2H 3H 4H 5S 6S QC      stock: 7S      seat 1: 5D 9S QD (24, never down)
    game = position(variant_id, ["2H 3H 4H 5S 6S QC", "5D 9S QD"], "7S 4C", "3S")
    play(game, "draw", "meld 2H 3H 4H", "meld 5S 6S 7S", "discard QC")
    assert game.round_over and game.last_result is not None
    assert game.last_result.reason == "rami"
    # « Un joueur qui n'a rien posé marque 100 points » and rami doubles (seed 000 scoring)
    assert game.round_scores == [0, (24 + 100) * 2]


# --- taking the discard ---------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", ["rami40", "rami50", "manie_joker51"])
def test_taken_discard_counts_toward_the_opening(variant_id: str) -> None:
    """« il faut étaler … au minimum 40 points (la valeur de la carte ramassée y comprise)
    pour pouvoir ramasser les cartes jetées » ; « la valeur de la carte jetée plus la valeur
    des cartes en mains avec lesquelles cette première constituera une combinaison doivent
    atteindre le minimum à poser »."""
    need = MINIMUM[variant_id]
    # rami40: 8S 8D + 8C taken (24) + AC 2C 3C (16) = 40.  Rami 50/51: + 10H JH QH (30).
    extra = " 10H JH QH" if need > 40 else ""
    game = position(variant_id, ["8S 8D AC 2C 3C 9D QS" + extra, "5D 9S QD"], "2D 4C", "3S 8C")
    play(game, "take", "meld 8S 8D 8C", "meld AC 2C 3C")
    if extra:
        refused(game, "discard 9D", "opening_short")
        play(game, "meld 10H JH QH")
    play(game, "discard 9D")
    assert game.state.opened == (True, False) and top(game) == "9D"


@pytest.mark.parametrize("variant_id", ["rami40", "rami50", "manie_joker51"])
def test_taken_discard_to_open_short_of_the_minimum(variant_id: str) -> None:
    """A card taken to open that does not reach the minimum: the turn cannot end; `undo`
    puts the card back on the pile."""
    game = position(variant_id, ["2H 3H KD KC 2C 5S", "5D 9S QD"], "10H 4S", "9S 4H")
    play(game, "take", "meld 2H 3H 4H")
    refused(game, "discard 5S", "opening_short")
    play(game, "undo", "undo")
    assert top(game) == "4H" and game.state.phase == "draw"
    play(game, "draw")


@pytest.mark.parametrize("variant_id", ["rami40", "rami50", "manie_joker51"])
def test_taken_discard_to_open_must_be_in_the_opening(variant_id: str) -> None:
    """« Une carte rejetée peut être ramassée sous les conditions suivantes: - la valeur de
    la carte jetée plus la valeur des cartes en mains avec lesquelles cette première
    constituera une combinaison » : the card must be in the opening melds."""
    game = position(variant_id, ["KS KD KC KH QS QD QC 9D 7C", "5D 9S QD"], "10H 4S", "3S 5C")
    play(game, "take", "meld KS KD KC KH", "meld QS QD QC")
    refused(game, "discard 9D", "taken_card_unused")


@pytest.mark.parametrize("variant_id", ["rami40", "rami50", "manie_joker51"])
def test_taken_discard_for_rami_needs_no_minimum(variant_id: str) -> None:
    """« Elle peut également être prise pour faire rami. »"""
    game = position(variant_id, ["2H 3H 5S 6S 7S QC", "5D 9S QD"], "10H 4S", "3S 4H")
    play(game, "take", "meld 2H 3H 4H", "meld 5S 6S 7S", "discard QC")
    assert game.round_over and game.last_result is not None
    assert game.last_result.reason == "rami"


@pytest.mark.parametrize("variant_id", ["rami40", "rami50", "manie_joker51"])
def test_first_round_free_take(variant_id: str) -> None:
    """« Pendant le premier tour, elle peut être échangée par chaque joueur contre une carte
    de leur choix. » « Durant le premier tour, tous les joueurs peuvent ramasser la carte
    jetée par le joueur précédent. Par la suite, il faut étaler … »"""
    game = Game.new(variant_id, players=3, seed=3)
    play(game, f"discard {game.hand(0)[0]}")
    for seat in (1, 2):
        assert game.to_play == seat and "take" in {str(m) for m in game.legal_moves()}
        taken = top(game)
        play(game, "take")
        other = next(c for c in game.hand(seat) if str(c) != taken)
        play(game, f"discard {other}")  # an exchange: no meld needed
        assert len(game.hand(seat)) == 14
    # The first round is over: seat 0 may take only to open with the card.
    play(game, "take")
    refused(game, f"discard {next(c for c in game.hand(0) if str(c) != top(game))}",
            "taken_card_unused")


def test_rami51_takes_the_discard_freely() -> None:
    """Rami 51: « Tous les joueurs peuvent ramasser la carte jetée par le joueur précédent
    sans engagement. »"""
    game = position("rami51", ["2H 3H KD KC 2C 5S", "5D 9S QD"], "10H 4S", "9S 4H")
    play(game, "take", "discard 5S")
    assert holds(game, 0, "2H 3H KD KC 2C 4H") and top(game) == "5S"
    play(game, "take", "discard 5S")  # taken and thrown back: « sans engagement »


@pytest.mark.parametrize("variant_id", ["rami40", "rami50", "manie_joker51"])
def test_taken_discard_never_laid_off_alone(variant_id: str) -> None:
    """« La carte ramassée ne peut pas être ajoutée seule aux combinaisons exposées sur la
    table. Il faut donc toujours y ajouter une carte de son jeu avant de compléter les
    combinaisons. » ; « La carte ainsi ramassée doit être exposée sur la table. »"""
    # seat 0 (opened): 6H KC 5S 9C     discard: 3S 7H     table: [1] 2H 3H 4H 5H (seat 0)
    game = position(variant_id, ["6H KC 5S 9C", "5D 9S QD"], "10H 4S", "3S 7H",
                    melds=[(0, "2H 3H 4H 5H")])
    play(game, "take")
    refused(game, "layoff 7H to 1", "layoff_invalid")
    refused(game, "discard 5S", "taken_card_unused")
    play(game, "layoff 6H 7H to 1", "discard 5S")
    assert table(game) == ["2H 3H 4H 5H 6H 7H"]


@pytest.mark.parametrize("variant_id", ["rami40", "rami50", "manie_joker51"])
def test_taken_discard_laid_off_alone_is_refused(variant_id: str) -> None:
    """The taken card laid off by itself (with no card from the hand) does not count."""
    # table: [1] 2H 3H 4H 5H (seat 0)     discard: 3S 6H
    game = position(variant_id, ["KC 5S 9C", "5D 9S QD"], "10H 4S", "3S 6H",
                    melds=[(0, "2H 3H 4H 5H")])
    play(game, "take", "layoff 6H to 1")
    refused(game, "discard 5S", "taken_card_unused")


@pytest.mark.parametrize("variant_id", ["rami40", "rami50", "manie_joker51"])
def test_taken_discard_laid_off_with_a_hand_card_one_at_a_time(variant_id: str) -> None:
    """« Il faut donc toujours y ajouter une carte de son jeu » : the taken card and a card of
    the hand laid off on the same meld in the same turn, one after the other, count as
    laid off together (the table looks the same as `layoff 6H 7H to 1`)."""
    game = position(variant_id, ["6H KC 5S 9C", "5D 9S QD"], "10H 4S", "3S 7H",
                    melds=[(0, "2H 3H 4H 5H")])
    play(game, "take", "layoff 6H to 1", "layoff 7H to 1", "discard 5S")
    assert table(game) == ["2H 3H 4H 5H 6H 7H"]


@pytest.mark.parametrize("variant_id", ["rami40", "rami50", "manie_joker51"])
def test_taken_discard_in_a_new_meld_once_opened(variant_id: str) -> None:
    """« Si le minimum a déjà été étalé sur la table par le joueur en question, la carte
    ramassée peut être utilisée pour former des combinaisons régulières avec les cartes que
    le joueur a en mains. »"""
    game = position(variant_id, ["6H 8H KC 5S", "5D 9S QD"], "10H 4S", "3S 7H",
                    melds=[(0, "2C 3C 4C 5C")])
    play(game, "take", "meld 6H 7H 8H", "discard 5S")
    assert table(game) == ["2C 3C 4C 5C", "6H 7H 8H"]


# --- laying off -----------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", FORTIES)
def test_lay_off_only_once_opened(variant_id: str) -> None:
    """« Chaque joueur a le droit d'ajouter des cartes à celles exposées sur la table sous
    conditions qu'il ait déjà étalé des cartes dont la valeur atteint le minimum à poser ou
    qu'il fasse rami. » Lay-offs are provisional until the discard."""
    # seat 0: 6H 9D QS     stock: 7H 4S     table: [1] 2H 3H 4H 5H (seat 1)
    game = position(variant_id, ["6H 9D QS", "5D 9S QD"], "7H 4S", "3S",
                    melds=[(1, "2H 3H 4H 5H")])
    play(game, "draw")
    assert not game.view(0).public.layoffs_wait
    play(game, "layoff 6H 7H to 1")
    assert game.view(0).public.layoffs_wait, "the player is told the lay-off waits for the opening"
    assert not game.view(1).public.layoffs_wait, "told to the seat playing only"
    error = refused(game, "discard 9D", "not_opened")
    assert str(MINIMUM[variant_id]) in str(error)
    play(game, "undo")
    assert table(game) == ["2H 3H 4H 5H"] and holds(game, 0, "6H 9D QS 7H")


@pytest.mark.parametrize("variant_id", FORTIES)
def test_lay_off_in_the_opening_turn_and_several_cards(variant_id: str) -> None:
    """Once the opening melds are down the player may complete melds, « Les combinaisons
    exposées peuvent être complétées de plusieurs cartes à la fois. »"""
    short, exact = OPENINGS[variant_id]
    game = position(variant_id, [" ".join(exact) + " 6H 7H QS", "5D 9S QD"], "2D 4C", "3S",
                    melds=[(1, "2H 3H 4H 5H")])
    play(game, "draw", "layoff 6H 7H to 1", *(f"meld {m}" for m in exact))
    assert not game.view(0).public.layoffs_wait, "the opening laid, the lay-off stands"
    play(game, "discard QS")
    assert table(game)[0] == "2H 3H 4H 5H 6H 7H"


@pytest.mark.parametrize("variant_id", FORTIES)
def test_lay_off_when_doing_rami(variant_id: str) -> None:
    """« … ou qu'il fasse rami »: laying off in the going-out turn needs no opening."""
    # seat 0: 6H 7H 2C 3C QS    stock: 4C     table: [1] 2H 3H 4H 5H (seat 1)
    game = position(variant_id, ["6H 7H 2C 3C QS", "5D 9S QD"], "4C 4S", "3S",
                    melds=[(1, "2H 3H 4H 5H")])
    play(game, "draw", "layoff 6H 7H to 1", "meld 2C 3C 4C", "discard QS")
    assert game.round_over and game.last_result is not None and game.last_result.winner == 0


# --- jokers on the table --------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", ["rami40", "rami51", "manie_joker51"])
def test_joker_swap_in_a_run(variant_id: str) -> None:
    """« Les Jokers étalés peuvent également être pris sous les conditions suivantes: le
    joueur ajoute à la séquence la carte que le Joker remplace. Par exemple: (cœur 7, cœur
    8, Joker, cœur 10) Si le joueur pose le 9 de cœur, il peut prendre le Joker qu'il doit
    poser sur la table. »"""
    # seat 0 (opened): 9H 8C QS QD 5S    table: [1] 7H 8H JK 10H (seat 1)
    game = position(variant_id, ["9H 8C QS QD 5S", "5D 9S QD"], "10C 4S", "7C",
                    melds=[(1, "7H 8H JK 10H")], opened=[0])
    refused(game, "swap 9H for joker in 1", "not_your_phase")  # after drawing, in the turn
    play(game, "draw")
    refused(game, "swap 8C for joker in 1", "swap_not_allowed")
    play(game, "swap 9H for joker in 1")
    assert table(game) == ["7H 8H 9H 10H"] and JOKER in game.hand(0)
    refused(game, "discard 5S", "taken_card_unused")
    play(game, "meld QS QD JK", "discard 5S")
    assert table(game) == ["7H 8H 9H 10H", "QS QD JK"]


@pytest.mark.parametrize("variant_id", ["rami40", "manie_joker51"])
def test_a_taken_discard_never_takes_a_joker_alone(variant_id: str) -> None:
    """« La carte ramassée ne peut pas être ajoutée seule aux combinaisons exposées sur la
    table » : swapped for a joker it goes down alone, and then it is no longer in the hand to
    meet « La carte ainsi ramassée doit être exposée sur la table » — a newcomer who did
    this found every discard refused. The swap is refused at once, with the reason; another
    copy of the card in the hand (two decks) may still take the joker."""
    # seat 0 (opened): 8C QS QD 5S 9C     table: [1] 7H 8H JK 10H (seat 1)     discard: 3S 9H
    game = position(variant_id, ["8C QS QD 5S 9C", "5D 9S QD"], "10C 4S", "3S 9H",
                    melds=[(1, "7H 8H JK 10H")], opened=[0])
    play(game, "take")
    assert "swap 9H for joker in 1" not in [str(move) for move in game.legal_moves()]
    error = refused(game, "swap 9H for joker in 1", "swap_not_allowed")
    assert "9" in str(error) and "alone" in str(error)
    play(game, "undo")
    # with a 9H of its own besides the one it takes, the swap leaves the taken copy in hand
    two = position(variant_id, ["9H 8C QS QD 5S 9C", "5D 9S QD"], "10C 4S", "3S 9H",
                   melds=[(1, "7H 8H JK 10H")], opened=[0])
    play(two, "take", "swap 9H for joker in 1", "meld 9H 9C JK", "discard 5S")
    assert table(two) == ["7H 8H 9H 10H", "9H 9C JK"]


@pytest.mark.parametrize("variant_id", ["rami40", "rami51", "manie_joker51"])
def test_joker_swap_in_a_set_needs_both_missing_cards(variant_id: str) -> None:
    """« Si le Joker figure dans un brelan et remplace deux cartes de même niveau , mais de
    différente couleur, il ne peut être pris que si le joueur expose les deux cartes
    manquantes. Par exemple: (6 de trèfle, Joker, 6 de cœur) Joker = (6 de pique, 6 de
    carreau) »"""
    game = position(variant_id, ["6S 6D QS QD 5S 9C", "5D 9S QD"], "10C 4S", "7C",
                    melds=[(1, "6C JK 6H")], opened=[0])
    play(game, "draw")
    refused(game, "swap 6S for joker in 1", "swap_not_allowed")
    play(game, "swap 6S 6D for joker in 1", "meld QS QD JK", "discard 5S")
    assert table(game) == ["6C 6H 6S 6D", "QS QD JK"]


@pytest.mark.parametrize("variant_id", ["rami40", "rami51", "manie_joker51"])
def test_joker_swap_in_a_three_suit_set_needs_one_card(variant_id: str) -> None:
    """A joker in a set of three suits stands for one card only: that card takes it."""
    game = position(variant_id, ["6D QS QD 5S 9C", "5D 9S QD"], "10C 4S", "7C",
                    melds=[(1, "6C JK 6H 6S")], opened=[0])
    play(game, "draw", "swap 6D for joker in 1", "meld QS QD JK", "discard 5S")
    assert table(game)[0] == "6C 6H 6S 6D"


@pytest.mark.parametrize("variant_id", ["rami40", "rami51", "manie_joker51"])
def test_joker_swap_only_when_opened_or_doing_rami(variant_id: str) -> None:
    """« Quand il fait rami, le joueur a la possibilité de prendre un Joker sur la table selon
    les règles. Il peut utiliser ce Joker pour former (et étaler) des combinaisons. »"""
    # not opened, and not opening nor going out: the joker cannot be kept
    game = position(variant_id, ["9H QS QD 5S 8C", "5D 9S QD"], "10C 4S", "7C",
                    melds=[(1, "7H 8H JK 10H")])
    play(game, "draw", "swap 9H for joker in 1")
    refused(game, "discard 5S", "swap_not_allowed")
    # opening in the same turn with it (KS KD KC + QS QD JK = 60) is accepted (decision)
    opening = position(variant_id, ["9H QS QD KS KD KC 5S 8C", "5D 9S QD"], "10C 4S", "7C",
                       melds=[(1, "7H 8H JK 10H")])
    play(opening, "draw", "swap 9H for joker in 1", "meld KS KD KC", "meld QS QD JK",
         "discard 5S")
    assert opening.state.opened == (True, True)
    # … but allowed for a rami: all cards down, the last one discarded
    rami = position(variant_id, ["9H QS QD 5S", "5D 9S QD"], "QC 4S", "7C",
                    melds=[(1, "7H 8H JK 10H")])
    play(rami, "draw", "swap 9H for joker in 1", "meld QS QD QC JK", "discard 5S")
    assert rami.round_over and rami.last_result is not None
    assert rami.last_result.reason == "rami"


# --- the discard ends the turn and the round ------------------------------------------------


def test_round_ends_when_nobody_can_ever_go_out() -> None:
    """The stock is rebuilt every time it runs out (seed 004 is silent: as seed 000), unless
    nobody can ever go out: two cards each (« Il faut toujours garder une carte pour pouvoir la
    jeter »: no meld of 3 then), no card that fits a meld, and a joker taken from the table
    (« il peut prendre le Joker qu'il doit poser sur la table ») would fit nowhere either."""
    # seat 0: KD 8C   seat 1: AH 9C   stock: (empty)   discard: 5D 3S 2D (top 2D)
    # table: [1] 10H 10C 10D 10S  [2] KS KH KC JK  [3] 4S 4H 4D 4C
    melds = [(0, "10H 10C 10D 10S"), (1, "KS KH KC JK"), (0, "4S 4H 4D 4C")]
    game = position("rami40", ["KD 8C", "AH 9C"], "", "5D 3S 2D", melds=melds)
    assert game.is_legal("draw")
    play(game, "draw")
    assert game.round_over and game.last_result is not None
    assert game.last_result.reason == "no_way_out"
    # With a run that would take the joker, taking it (KD for the JK) is a way out.
    game = position("rami40", ["KD 8C", "AH 9C"], "", "5D 3S 2D", melds=[*melds, (1, "5S 6S 7S")])
    play(game, "draw")
    assert not game.round_over and game.state.reuses == 1


@pytest.mark.parametrize("variant_id", FORTIES)
def test_melds_final_after_the_discard(variant_id: str) -> None:
    """« Il n'y a pas de possibilité de modifier les combinaisons étalées, une fois avoir jeté
    une carte. »"""
    game = position(variant_id, ["2H 3H 4H 9D QS", "5D 9S QD"], "2D 4C", "3S",
                    melds=[(0, "KS KD KC KH")])
    play(game, "draw", "meld 2H 3H 4H")
    play(game, "undo", "meld 2H 3H 4H", "discard 9D")
    refused(game, "undo", "no_undo")
    assert table(game) == ["KS KD KC KH", "2H 3H 4H"]


@pytest.mark.parametrize("variant_id", FORTIES)
def test_round_ends_with_the_last_discard(variant_id: str) -> None:
    """« Il faut toujours garder une carte pour pouvoir la jeter avant de quitter la
    partie. » « Le jeu se termine quand un des joueurs s'est débarrassé de toutes ses
    cartes … et a jeté une carte sur la pile. »"""
    # seat 0 (opened): 2H 3H 4H     stock: 5H     seat 1 (opened): JK AS 5D = 20 + 11 + 5
    game = position(variant_id, ["2H 3H 4H", "JK AS 5D"], "5H 4C", "3S",
                    melds=[(0, "KS KD KC KH"), (1, "9C 10C JC")])
    play(game, "draw")
    refused(game, "meld 2H 3H 4H 5H", "must_keep_discard")
    play(game, "meld 2H 3H 4H", "discard 5H")
    assert game.round_over and game.last_result is not None
    assert game.last_result.reason == "out"
    # « Resté en mains, il vaut 20 points. L'as vaut toujours 11 points. »
    assert game.round_scores == [0, 36]


@pytest.mark.parametrize("variant_id", FORTIES)
def test_never_opened_pays_100(variant_id: str) -> None:
    """Seed 004 gives no scoring; RULES.md uses seed 000's: « Un joueur qui n'a rien posé
    marque 100 points en plus de ses cartes. »"""
    game = position(variant_id, ["2H 3H 4H", "JK AS 5D", "KD"], "5H 4C", "3S",
                    melds=[(0, "KS KD KC KH"), (1, "9C 10C JC")])
    play(game, "draw", "meld 2H 3H 4H", "discard 5H")
    assert game.round_scores == [0, 36, 110]


@pytest.mark.parametrize("variant_id", FORTIES)
def test_game_length_is_a_number_of_rounds(variant_id: str) -> None:
    """RULES.md: the number of rounds is a setting (default 5); lowest total wins."""
    assert get_variant(variant_id).rounds == 5
    variant = get_variant(variant_id, rounds=1)
    game = position(variant, ["2H 3H 4H", "JK AS 5D"], "5H 4C", "3S",
                    melds=[(0, "KS KD KC KH"), (1, "9C 10C JC")])
    play(game, "draw", "meld 2H 3H 4H", "discard 5H")
    assert game.game_over and game.winners == [0] and game.lower_wins
