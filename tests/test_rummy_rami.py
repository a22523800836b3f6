"""Rami familial (seed 000_1147dd88dbe65e6a.txt, variant `rami`): one scenario per rule.

Each test quotes the French clause it checks. Positions are drawn in a comment:
stock is listed top card first, the discard pile bottom to top (top card last), and each
meld on the table is numbered as in the move notation ([1], [2], …) with its owner.
"""

from __future__ import annotations

from collections import Counter

import pytest
from rummy_helpers import holds, play, position, refused, stock_top_first, table, top

from ramigui.cards import JOKER
from ramigui.rules import Game
from ramigui.variants import get_variant

# --- the deal -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "cards"), [(2, 10), (3, 7), (4, 6), (5, 6), (6, 6)])
def test_deal_one_deck(players: int, cards: int) -> None:
    """« Avec 1 jeu de 54 cartes … 2 joueurs = 10 cartes ; 3 joueurs = 7 cartes ;
    4 joueurs et plus = 6 cartes. » — and no upcard: the discard pile starts empty."""
    game = Game.new("rami", players=players, seed=5)
    assert [len(game.hand(s)) for s in range(players)] == [cards] * players
    assert sum(game.all_cards().values()) == 54
    assert game.all_cards()[JOKER] == 2
    assert game.state.discard == ()
    assert len(game.state.stock) == 54 - cards * players


@pytest.mark.parametrize("players", [2, 4, 6])
def test_deal_two_decks(players: int) -> None:
    """« Avec 2 jeux de 54 cartes, on donnera 14 cartes par joueur » (option decks = 2)."""
    game = Game.new("rami", players=players, seed=2, options={"decks": 2})
    assert [len(game.hand(s)) for s in range(players)] == [14] * players
    assert sum(game.all_cards().values()) == 108
    assert game.all_cards()[JOKER] == 4


def test_player_right_of_dealer_starts_by_drawing() -> None:
    """« Le joueur dont c'est le tour (en général, celui situé à droite du donneur) tire la
    première carte de la pioche. » Seats are numbered in the direction of play, so the
    starter is the seat after the dealer, and the dealer moves on each round."""
    game = Game.new("rami", players=3, seed=1, dealer=2)
    assert game.dealer == 2 and game.to_play == 0
    assert game.state.phase == "draw"
    assert game.variant.direction == "right"
    refused(game, "discard " + str(game.hand(0)[0]), "not_your_phase")
    play(game, "draw")
    assert len(game.hand(0)) == 8


def test_next_round_moves_the_dealer() -> None:
    """Each new round is dealt by the next player; the one after the dealer starts."""
    # seat 0: 7H 8H 9H KS   stock: 10H 4C   discard: 5H
    # seat 1: 2C 5D 9S      table: [1] 2S 3S 4S (seat 1)
    game = position("rami", ["7H 8H 9H KS", "2C 5D 9S"], "10H 4C", "5H",
                    melds=[(1, "2S 3S 4S")])
    assert game.dealer == 1
    play(game, "draw", "meld 7H 8H 9H 10H", "discard KS")
    assert game.round_over and not game.game_over
    play(game, "next")
    assert game.round_no == 2 and game.dealer == 0 and game.to_play == 1
    assert [len(game.hand(s)) for s in range(2)] == [10, 10]


# --- melds ---------------------------------------------------------------------------------


def test_ace_low_or_high_never_both() -> None:
    """« L'As a une double valeur. Soit il se place avant le 2, soit il se place après le
    Roi. Mais il ne peut avoir les 2 valeurs en même temps ! » and « une suite combinant 2
    de cœur, As de cœur et Roi de cœur ne serait pas valide »."""
    # seat 0: KH AH 2H QH 3H 5C     stock: 9D
    game = position("rami", ["KH AH 2H QH 3H 5C", "2C 5D 9S"], "9D 4C", "5H")
    play(game, "draw")
    error = refused(game, "meld KH AH 2H", "not_a_meld")
    assert "K-A-2" in str(error)
    play(game, "meld QH KH AH")
    assert table(game) == ["QH KH AH"]
    play(game, "undo", "meld AH 2H 3H")
    assert table(game) == ["AH 2H 3H"]


def test_two_decks_set_never_holds_two_identical_cards() -> None:
    """« Dans le cas d'une configuration à 2 jeux, un brelan ne pourra pas se composer de 2
    cartes identiques. (EX. Deux 8 de pique …) » — the same for a carré."""
    rami2 = get_variant("rami", decks=2)
    # seat 0: 8S 8S 8C 8H KD 3C     stock: 2D 4C
    game = position(rami2, ["8S 8S 8C 8H KD 3C", "2C 5D 9S"], "2D 4C", "5H")
    play(game, "draw")
    refused(game, "meld 8S 8S 8C", "not_a_meld")
    play(game, "meld 8S 8C 8H")
    refused(game, "layoff 8S to 1", "layoff_invalid")
    assert table(game) == ["8S 8H 8C"]  # a set lies by suit, as it is written


def test_one_joker_per_meld() -> None:
    """« Le joker peut remplacer n'importe quelle carte dans toutes les combinaisons. Mais
    il ne pourra y avoir qu'un seul joker par combinaison. »"""
    # seat 0: 6S JK JK 9S AH 5H 5D QC     stock: 2D
    game = position("rami", ["6S JK JK 9S AH 5H 5D QC", "2C 5D 9S"], "2D 4C", "5H")
    play(game, "draw")
    refused(game, "meld 6S JK JK 9S", "not_a_meld")
    refused(game, "meld JK AH JK", "not_a_meld")
    refused(game, "meld 5H JK JK", "not_a_meld")
    play(game, "meld 5H 5D JK")
    refused(game, "layoff JK to 1", "layoff_invalid")
    assert table(game) == ["5H 5D JK"]


# --- a turn, and what a player may take --------------------------------------------------


def test_turn_draw_several_melds_and_discard() -> None:
    """« Si le joueur en a la possibilité, il pose une ou plusieurs combinaisons et se
    défausse d'une carte. » The discard pile is face up beside the stock."""
    # seat 0: 7H 8H 9H 2C 3C 4C KS QS     stock: 10H 4S
    # seat 1: 5D 9S QD                     discard: 5H
    game = position("rami", ["7H 8H 9H 2C 3C 4C KS QS", "5D 9S QD"], "10H 4S", "5H")
    play(game, "draw", "meld 7H 8H 9H 10H", "meld 2C 3C 4C", "carte", "discard KS")
    assert table(game) == ["7H 8H 9H 10H", "2C 3C 4C"]
    assert holds(game, 0, "QS") and top(game) == "KS"
    assert game.to_play == 1 and game.state.opened == (True, False)


def test_before_melding_only_the_stock() -> None:
    """« À condition d'avoir déjà posé une combinaison, un joueur a plusieurs possibilités
    pour récupérer une carte. À la place de tirer une carte dans la pioche » — so before,
    no discard, no card from a meld, no joker."""
    # seat 0: 6S 9H KS QS            stock: 2D 4C        discard: 5H
    # table: [1] 6C JK 6H (seat 1)   [2] 7H 8H JK 10H (seat 1)   [3] 2C 3C 4C 5C (seat 1)
    game = position("rami", ["6S 9H KS QS", "2C 5D 9S"], "2D 4C", "5H",
                    melds=[(1, "6C JK 6H"), (1, "7H 8H JK 10H"), (1, "2C 3C 4C 5C")])
    error = refused(game, "take", "take_not_allowed")
    # a newcomer read "put a meld down first", tried to meld and was told "draw first"
    assert "on an earlier turn: draw from the stock for now" in str(error), str(error)
    refused(game, "take 5C from 3", "take_from_meld_not_allowed")
    refused(game, "swap 6S for joker in 1", "swap_not_allowed")
    refused(game, "swap 9H for joker in 2", "swap_not_allowed")
    assert [str(m) for m in game.legal_moves()] == ["draw"]
    play(game, "draw")


def test_a_lay_off_is_not_a_meld_for_taking() -> None:
    """Completing melds needs no condition (« À la place ou en plus de faire une
    combinaison, un joueur a la possibilité de compléter … »), but only a player who has
    « déjà posé une combinaison » may take instead of drawing: a lay-off does not count."""
    # seat 0: 5S KD QC     stock: 2D 4C     discard: 9C
    # table: [1] 2S 3S 4S (seat 1)
    game = position("rami", ["5S KD QC", "2C 5D 9S"], "2D 4C", "9C", melds=[(1, "2S 3S 4S")])
    play(game, "draw", "layoff 5S to 1", "discard KD")
    assert table(game) == ["2S 3S 4S 5S"]
    assert game.state.put_down == (True, True) and game.state.opened == (False, True)
    play(game, "draw", "discard 2C")
    refused(game, "take", "take_not_allowed")


def test_taken_discard_must_make_a_new_meld() -> None:
    """« 1 – Il peut récupérer la première carte de la défausse » … « Dans tous les cas, la
    carte récupérée doit servir à faire immédiatement une nouvelle combinaison. »"""
    # seat 0: 5H 6H KS QS     stock: 10C 4D      discard: 9C 7H
    # table: [1] 8H 9H 10H (seat 0)
    game = position("rami", ["5H 6H KS QS", "2C 5D 9S"], "10C 4D", "9C 7H",
                    melds=[(0, "8H 9H 10H")])
    play(game, "take", "layoff 7H to 1")
    refused(game, "discard KS", "taken_card_unused")
    play(game, "undo", "meld 5H 6H 7H", "carte", "discard KS")
    assert table(game) == ["8H 9H 10H", "5H 6H 7H"]
    assert holds(game, 0, "QS") and top(game) == "KS" and game.to_play == 1


def test_take_from_a_meld() -> None:
    """« 2 – Il peut récupérer une carte d'une combinaison à condition qu'il reste au moins 3
    cartes dans cette combinaison. … Concernant la suite, le joueur ne pourra récupérer que
    les cartes extérieures. » « Ces cartes peuvent également être récupérées dans ses
    propres combinaisons. »"""
    # seat 0: 7H 8H JS QS 5C 6D 9D  stock: 2D 4C     discard: 9C
    # table: [1] 9H 10H JH QH (seat 1)   [2] KS KD KC KH (seat 0)   [3] 7C 7D 7S (seat 1)
    game = position("rami", ["7H 8H JS QS 5C 6D 9D", "2C 5D 9S"], "2D 4C", "9C",
                    melds=[(1, "9H 10H JH QH"), (0, "KS KD KC KH"), (1, "7C 7D 7S")])
    refused(game, "take 10H from 1", "take_from_meld_not_allowed")
    refused(game, "take 7C from 3", "take_from_meld_not_allowed")
    refused(game, "take 2C from 1", "take_from_meld_not_allowed")
    legal = {str(m) for m in game.legal_moves()}
    assert {"take 9H from 1", "take QH from 1", "take KS from 2"} <= legal
    assert "take 10H from 1" not in legal and "take 7C from 3" not in legal
    play(game, "take 9H from 1", "meld 7H 8H 9H", "discard 5C")
    assert table(game)[:1] == ["10H JH QH"] and table(game)[3] == "7H 8H 9H"
    # Seat 1 plays, then seat 0 takes from its own carré.
    play(game, "draw", "discard 2C", "take KS from 2", "meld JS QS KS", "carte", "discard 6D")
    assert table(game)[1] == "KD KC KH" and table(game)[4] == "JS QS KS"


def test_card_taken_from_a_meld_must_make_a_new_meld() -> None:
    """« la carte récupérée doit servir à faire immédiatement une nouvelle combinaison »:
    laying it off on another meld is not enough."""
    # seat 0: 5C 6C KD    stock: 2D 4C    discard: 9C
    # table: [1] 2H 3H 4H 5H (seat 1)   [2] 6H 7H 8H (seat 0)
    game = position("rami", ["5C 6C KD", "2C 5D 9S"], "2D 4C", "9C",
                    melds=[(1, "2H 3H 4H 5H"), (0, "6H 7H 8H")])
    play(game, "take 5H from 1")
    refused(game, "draw", "not_your_phase")
    play(game, "layoff 5H to 2")
    refused(game, "discard KD", "taken_card_unused")
    play(game, "undo", "undo")
    assert table(game) == ["2H 3H 4H 5H", "6H 7H 8H"] and game.state.phase == "draw"
    assert holds(game, 0, "5C 6C KD")


def test_swap_a_joker_for_the_card_it_stands_for() -> None:
    """« 3 – Il peut récupérer un joker dans une combinaison à condition de posséder la
    carte qu'il remplace. » In a set, one card of a missing suit is enough; the joker must
    then go into a new meld (« doit servir à faire immédiatement une nouvelle combinaison »)."""
    # seat 0: 6S 9H QS QD 5C      stock: 2D 4C     discard: 9C
    # table: [1] 6C JK 6H (seat 1)   [2] 7H 8H JK 10H (seat 1)   [3] 2D 3D 4D (seat 0)
    game = position("rami", ["6S 9H QS QD 5C", "2C 5D 9S"], "2D 4C", "9C",
                    melds=[(1, "6C JK 6H"), (1, "7H 8H JK 10H"), (0, "2D 3D 4D")])
    refused(game, "swap 6S for joker in 2", "swap_not_allowed")
    refused(game, "swap 9H for joker in 3", "swap_not_allowed")
    play(game, "swap 6S for joker in 1")
    assert table(game)[0] == "6C 6H 6S" and holds(game, 0, "9H QS QD 5C JK")
    error = refused(game, "draw", "not_your_phase")  # a newcomer read "you have already drawn"
    assert "took the place of the draw" in str(error), str(error)
    error = refused(game, "swap 9H for joker in 2", "not_your_phase")  # it was instead of drawing
    assert "instead of drawing" in str(error) and "already in your hand" in str(error), str(error)
    from ramigui import i18n

    assert "instead of drawing" in i18n.reason_text(error)
    play(game, "layoff JK to 3")
    refused(game, "discard 5C", "taken_card_unused")
    play(game, "undo", "meld QS QD JK", "discard 5C")
    assert table(game) == ["6C 6H 6S", "7H 8H JK 10H", "2D 3D 4D", "QS QD JK"]


def test_a_joker_that_could_not_go_down_is_not_won_back() -> None:
    """« 3 – Il peut récupérer un joker … Le joker ainsi récupéré doit servir à faire
    immédiatement une nouvelle combinaison » — and « un joueur doit toujours se défausser
    d'une carte ». With 4♥ 6♥ left the joker makes 4♥ JK 6♥ and nothing stays to discard:
    the swap was accepted and every move after it refused (a newcomer's dead end). It is
    refused at once, with the reason; with a card more to keep, it is won back."""
    # seat 0: KC 4H 6H     table: [1] KH KD JK (seat 1)   [2] 2D 3D 4D (seat 0)
    stuck = position("rami", ["KC 4H 6H", "2C 5D 9S"], "2S 4C", "9C",
                     melds=[(1, "KH KD JK"), (0, "2D 3D 4D")])
    assert not [m for m in stuck.legal_moves() if m.kind == "swap"]
    error = refused(stuck, "swap KC for joker in 1", "swap_not_allowed")
    assert "new meld" in str(error)
    free = position("rami", ["KC 4H 6H 9S", "2C 5D 9S"], "2S 4C", "9C",
                    melds=[(1, "KH KD JK"), (0, "2D 3D 4D")])
    assert "swap KC for joker in 1" in [str(m) for m in free.legal_moves()]
    play(free, "swap KC for joker in 1", "meld 4H JK 6H", "discard 9S")
    assert table(free) == ["KH KD KC", "2D 3D 4D", "4H JK 6H"]


def test_swap_in_a_run_puts_the_exact_card() -> None:
    """In a run the joker stands for one card: « à condition de posséder la carte qu'il
    remplace » (7H 8H JK 10H: the 9H)."""
    # seat 0: 9H 8C QC QD 5C    table: [1] 7H 8H JK 10H (seat 1)   [2] 2D 3D 4D (seat 0)
    game = position("rami", ["9H 8C QC QD 5C", "2C 5D 9S"], "2D 4C", "9C",
                    melds=[(1, "7H 8H JK 10H"), (0, "2D 3D 4D")])
    refused(game, "swap 8C for joker in 1", "swap_not_allowed")
    play(game, "swap 9H for joker in 1", "meld QC QD JK", "discard 5C")
    assert table(game)[0] == "7H 8H 9H 10H"


# --- going out ------------------------------------------------------------------------------


def test_going_out_needs_a_final_discard() -> None:
    """« Ne pas oublier qu'après avoir joué, un joueur doit toujours se défausser d'une
    carte, y compris à la fin de la manche. »"""
    # seat 0: 7H 8H 9H      stock: 10H     discard: 5C
    # table: [1] KS KD KC (seat 0)
    game = position("rami", ["7H 8H 9H", "2C 5D 9S"], "10H 4C", "5C", melds=[(0, "KS KD KC")])
    play(game, "draw")
    refused(game, "meld 7H 8H 9H 10H", "must_keep_discard")
    play(game, "meld 7H 8H 9H")
    refused(game, "layoff 10H to 2", "must_keep_discard")
    play(game, "discard 10H")
    assert game.round_over and game.last_result is not None
    assert game.last_result.winner == 0 and game.last_result.reason == "out"
    refused(game, "draw", "round_over")


def test_stock_rebuilt_from_the_discard_keeping_its_top_card() -> None:
    """« Lorsque la pioche est épuisée, on se sert de la pile de défausse pour refaire un
    nouveau talon. On prendra soin de conserver la première carte de la défausse. »"""
    # seat 0: 7H 8H KS     stock: (empty)     discard: 2C 3C 4C 5C 6C (top 6C)
    game = position("rami", ["7H 8H KS", "5D 9S QD"], "", "2C 3C 4C 5C 6C")
    play(game, "draw")
    assert top(game) == "6C" and len(game.state.discard) == 1
    assert game.state.reuses == 1
    drawn = game.hand(0)[-1]
    assert Counter(game.state.stock) + Counter([drawn]) == Counter(
        c for c in game.all_cards() if str(c) in {"2C", "3C", "4C", "5C"})
    # The rebuilt stock is reproducible (shuffled from the game's seed).
    again = position("rami", ["7H 8H KS", "5D 9S QD"], "", "2C 3C 4C 5C 6C")
    play(again, "draw")
    assert again.state == game.state


def test_stock_rebuilt_every_time_it_runs_out() -> None:
    """« Lorsque la pioche est épuisée, on se sert de la pile de défausse pour refaire un
    nouveau talon » — every time: the seed sets no limit, so no number of rebuilds ends the
    round (it used to stop after 5)."""
    # Both seats draw and throw back the card drawn, so the stock keeps running out.
    # seat 0: 7H 8H KS     seat 1: 5D 9S QD     stock: (empty)     discard: 2C 3C 4C (top 4C)
    game = position("rami", ["7H 8H KS", "5D 9S QD"], "", "2C 3C 4C")
    while game.state.reuses < 12:
        play(game, "draw", f"discard {game.hand(game.to_play)[-1]}")
        assert not game.round_over and len(game.state.discard) >= 1
    assert sum(game.all_cards().values()) == 9


# Full sets, and a heart run that cannot grow (nothing below the ace, the 7H is in a set).
CLOSED_TABLE = [(0, "8S 8D 8C 8H"), (1, "7S 7C 7H 7D"), (0, "QS QC QH QD"), (1, "AH 2H 3H 4H 5H 6H")]


def test_stock_not_rebuilt_when_nobody_can_ever_go_out() -> None:
    """The stock is rebuilt every time (« Lorsque la pioche est épuisée, on se sert de la pile
    de défausse pour refaire un nouveau talon »), but not for a round nobody can ever win:
    with two cards a player can never meld (« un joueur doit toujours se défausser d'une
    carte, y compris à la fin », so a meld of 3 needs 4 cards) and no card left anywhere fits
    a meld on the table. The round ends, nobody out, each hand counted."""
    # seat 0: JH 10C   seat 1: 3C 10D   stock: (empty)   discard: 9H 5D 10S 4D (top 4D)
    # table: [1] 8S 8D 8C 8H  [2] 7S 7C 7H 7D  [3] QS QC QH QD  [4] AH … 6H
    game = position("rami", ["JH 10C", "3C 10D"], "", "9H 5D 10S 4D", melds=CLOSED_TABLE)
    play(game, "draw")
    assert game.round_over and game.last_result is not None
    assert game.last_result.reason == "no_way_out" and game.last_result.winner is None
    assert game.round_scores == [20, 13]  # J 10 + 10; 3 + 10 (both put melds down)
    # A hand of one announced « Carte ! » is no way out either: it may only draw, then must
    # lay off one card to go out.
    game = position("rami", ["JH", "3C 10D"], "", "9H 5D 10S 4D", melds=CLOSED_TABLE)
    play(game, "draw")
    assert game.round_over and game.last_result is not None and game.last_result.reason == "no_way_out"


@pytest.mark.parametrize(("hands", "discard", "why"), [
    (["JH 10C", "3C 10D"], "9H 5D 10S 7H", "a card in the pile fits a meld"),
    (["JH 10C", "3C 7H"], "9H 5D 10S 4D", "a card in a hand fits a meld"),
    (["JH 10C 9C", "3C 10D"], "9H 5D 10S 4D", "a hand of three may still meld"),
])
def test_stock_rebuilt_while_someone_may_still_go_out(hands: list[str], discard: str, why: str) -> None:
    table = [(0, "8S 8D 8C 8H"), (1, "7S 7C 7D"), (0, "QS QC QH QD"), (1, "AH 2H 3H 4H 5H 6H")]
    game = position("rami", hands, "", discard, melds=table)
    play(game, "draw")
    assert not game.round_over, why
    assert game.state.reuses == 1


# --- « Carte ! » and the last card --------------------------------------------------------


def test_carte_unannounced_costs_two_cards() -> None:
    """« Lorsqu'un joueur n'a plus qu'une seule carte, il doit l'annoncer (en général en
    disant « Carte ») sous peine de devoir piocher 2 cartes. »"""
    # seat 0: 7H 8H KS QS    stock: 9H 4S 6C 7C    discard: 5H
    # table: [1] 2H 3H 4H (seat 0)
    game = position("rami", ["7H 8H KS QS", "5D 9S QD"], "9H 4S 6C 7C", "5H",
                    melds=[(0, "2H 3H 4H")])
    play(game, "draw", "meld 7H 8H 9H")
    refused(game, "layoff KS to 1", "layoff_invalid")
    play(game, "discard KS")
    assert holds(game, 0, "QS 4S 6C")
    assert stock_top_first(game) == "7C" and game.to_play == 1


def test_carte_announced_keeps_one_card() -> None:
    """Announcing « Carte » before keeping a single card avoids the penalty; it can only be
    said by a player about to keep one card."""
    game = position("rami", ["7H 8H KS QS", "5D 9S QD"], "9H 4S 6C 7C", "5H",
                    melds=[(0, "2H 3H 4H")])
    play(game, "draw")
    refused(game, "carte", "carte_not_now")  # five cards in hand
    play(game, "meld 7H 8H 9H", "carte")
    refused(game, "carte", "carte_not_now")  # said once is enough
    play(game, "discard KS")
    assert holds(game, 0, "QS") and stock_top_first(game) == "4S 6C 7C"


def test_carte_off_as_an_option() -> None:
    """House option `carte: false`: no announcement, no penalty."""
    variant = get_variant("rami", carte=False)
    game = position(variant, ["7H 8H KS QS", "5D 9S QD"], "9H 4S 6C 7C", "5H",
                    melds=[(0, "2H 3H 4H")])
    play(game, "draw", "meld 7H 8H 9H")
    refused(game, "carte", "carte_not_now")
    play(game, "discard KS")
    assert holds(game, 0, "QS")


def test_one_card_left_draws_from_the_stock_only() -> None:
    """« Un joueur qui n'a plus qu'une seule carte ne peut prendre de cartes ni sur la
    défausse ni dans les combinaisons. Il doit obligatoirement se servir dans la pioche.
    S'il peut compléter une série, il doit se défausser de sa dernière carte. N'ayant plus
    de carte en main, il gagne la manche. »"""
    # seat 0: KS       stock: 5H 4S      discard: QH
    # table: [1] 2H 3H 4H 5H (seat 0)   [2] KH KD KC (seat 1)   [3] 7C JK 7D (seat 1)
    game = position("rami", ["KS", "5D 9S QD"], "5H 4S", "QH",
                    melds=[(0, "2H 3H 4H 5H"), (1, "KH KD KC"), (1, "7C JK 7D")])
    refused(game, "take", "take_not_allowed")
    refused(game, "take 5H from 1", "one_card_draw_only")
    assert [str(m) for m in game.legal_moves()] == ["draw"]
    play(game, "draw", "layoff KS to 2", "discard 5H")
    assert game.round_over and game.last_result is not None and game.last_result.winner == 0
    assert game.round_scores == [0, 24]


def test_one_card_that_cannot_be_laid_off() -> None:
    """« Dans le cas contraire, il doit se défausser d'une carte, annoncer à nouveau
    « carte », et repiocher au tour suivant. »"""
    game = position("rami", ["KS", "5D 9S QD"], "9C 4S 6C", "QH",
                    melds=[(0, "2H 3H 4H 5H"), (1, "KH KD KC")])
    play(game, "draw", "carte", "discard 9C")
    assert holds(game, 0, "KS") and game.to_play == 1
    silent = position("rami", ["KS", "5D 9S QD"], "9C 4S 6C", "QH",
                      melds=[(0, "2H 3H 4H 5H"), (1, "KH KD KC")])
    play(silent, "draw", "discard 9C")
    assert holds(silent, 0, "KS 4S 6C")


# --- rami sec and scoring -------------------------------------------------------------------


def test_rami_sec_doubles_everyone_elses_points() -> None:
    """« Lorsqu'un joueur pose toutes ses cartes (y compris la dernière carte pour la
    défausse), alors qu'aucun autre joueur n'a encore posé de cartes, il fait Rami sec. »
    « (Valeur des cartes restantes + 100 points) x 2. »"""
    # seat 0: 7H 8H 9H 2C 3C 4C KS   stock: 10H 4S   discard: 5H
    # seat 1: 5D 9S QD  (24)         seat 2: AS JK (31)
    game = position("rami", ["7H 8H 9H 2C 3C 4C KS", "5D 9S QD", "AS JK"], "10H 4S", "5H")
    play(game, "draw", "meld 7H 8H 9H 10H", "meld 2C 3C 4C", "discard KS")
    assert game.last_result is not None and game.last_result.reason == "rami_sec"
    assert game.round_scores == [0, (24 + 100) * 2, (31 + 100) * 2]
    assert game.scores == [0, 248, 262]


def test_no_rami_sec_once_someone_has_put_cards_down() -> None:
    """« alors qu'aucun autre joueur n'a encore posé de cartes »: seat 1 has a meld down,
    so seat 0's one-turn finish is a plain win; seat 2, who put nothing down, pays +100
    (« Un joueur qui n'a rien posé marque 100 points en plus de ses cartes »)."""
    game = position("rami", ["7H 8H 9H 2C 3C 4C KS", "5D 9S QD", "AS JK"], "10H 4S", "5H",
                    melds=[(1, "KH KD KC")])
    play(game, "draw", "meld 7H 8H 9H 10H", "meld 2C 3C 4C", "discard KS")
    assert game.last_result is not None and game.last_result.reason == "out"
    assert game.round_scores == [0, 24, 131]


def test_card_values_left_in_hand() -> None:
    """« 2 au 10 : Les cartes valent leurs points propres. … Roi, Dame, Valet : Les figures
    valent 10 points chacune. As : 11 points. Joker : 20 points. »"""
    # seat 1 keeps AS KD QC JH 10S 2D JK = 11+10+10+10+10+2+20 = 73 (and has put down)
    game = position("rami", ["7H 8H 9H", "AS KD QC JH 10S 2D JK"], "KS 4S", "5H",
                    melds=[(0, "2S 3S 4S"), (1, "6D 7D 8D")])
    play(game, "draw", "meld 7H 8H 9H", "discard KS")
    assert game.round_scores == [0, 73]
    assert game.lower_wins


def test_game_lasts_the_agreed_number_of_rounds() -> None:
    """« Le jeu se joue en plusieurs manches. » « À la fin des manches, le joueur qui compte
    le moins de points gagne la partie. » The number of rounds is an option (default 5)."""
    assert get_variant("rami").rounds == 5
    one = get_variant("rami", rounds=1)
    game = position(one, ["7H 8H 9H", "AS KD", "2C"], "KS 4S", "5H", melds=[(1, "6D 7D 8D")])
    play(game, "draw", "meld 7H 8H 9H", "discard KS")
    assert game.game_over and game.winners == [0]
    assert game.scores == [0, 21, 102]
    refused(game, "next", "game_over")
    assert game.legal_moves() == []


# --- undo: provisional until the discard --------------------------------------------------


def test_undo_takes_back_provisional_moves_only() -> None:
    """Melds stay provisional until the discard: `undo` takes them back one by one; the
    draw (a hidden card seen) and anything before the discard are final."""
    game = position("rami", ["7H 8H 9H 2C 3C 4C KS QS", "5D 9S QD"], "10H 4S", "5H")
    refused(game, "undo", "no_undo")
    play(game, "draw")
    error = refused(game, "undo", "drawn_stays")  # a newcomer read "nothing to take back this turn"
    assert "has been seen" in str(error)
    play(game, "meld 7H 8H 9H", "meld 2C 3C 4C", "layoff 10H to 1")
    assert table(game) == ["7H 8H 9H 10H", "2C 3C 4C"]
    play(game, "undo")
    assert table(game) == ["7H 8H 9H", "2C 3C 4C"] and holds(game, 0, "10H KS QS")
    play(game, "undo", "undo")
    assert table(game) == [] and holds(game, 0, "7H 8H 9H 2C 3C 4C KS QS 10H")
    assert [str(m) for _, m in game.round_log] == ["draw"]
    play(game, "meld 2C 3C 4C", "discard KS")
    refused(game, "undo", "no_undo")
    assert table(game) == ["2C 3C 4C"]


def test_the_joker_left_unused_is_said_as_a_joker() -> None:
    """« Le joker ainsi récupéré doit servir à faire immédiatement une nouvelle combinaison »:
    refused, the French read « Joker, que vous avez prise, doit aller… » (a newcomer's
    finding); the joker is masculine and said as such."""
    from ramigui import i18n

    game = position("rami", ["6S 9H QS QD 5C", "2C 5D 9S"], "2D 4C", "9C",
                    melds=[(1, "6C JK 6H"), (0, "2D 3D 4D")])
    play(game, "swap 6S for joker in 1")
    error = refused(game, "discard 5C", "taken_card_unused")
    i18n.set_language("fr")
    try:
        said = i18n.reason_text(error)
        assert said == "le joker que vous avez pris doit aller dans une nouvelle combinaison ce tour-ci"
    finally:
        i18n.set_language("en")
