"""Rami de base, its house rules, Rami bloc and Wrotham (seed 003_3f4e1a94401a2b2e.txt):
variants `rami_base`, `rami_bloc`, `rami_wrotham`. One scenario per rule and option.

Positions are drawn in a comment: stock top card first, discard pile bottom to top (top
card last), melds numbered as in the notation ([1], [2], …) with their owner.
"""

from __future__ import annotations

from collections import Counter

import pytest
from rummy_helpers import holds, play, position, refused, stock_top_first, table, top

from ramigui.cards import JOKER, parse_cards
from ramigui.rules import Game
from ramigui.variants import get_variant

# --- the deal -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "cards"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_deal_and_upcard(players: int, cards: int) -> None:
    """« Un deck standard de 52 cartes est utilisé. » « Dans un jeu à deux joueurs, chaque
    joueur reçoit une main de dix cartes. Sept cartes chacune sont distribuées s'il y a trois
    ou quatre joueurs, et quand cinq ou six jouent, chaque joueur reçoit six cartes. » « après
    la transaction, la carte suivante est placée face vers le haut sur la table pour
    commencer la défausse »."""
    game = Game.new("rami_base", players=players, seed=4)
    assert [len(game.hand(s)) for s in range(players)] == [cards] * players
    assert len(game.state.discard) == 1
    assert len(game.state.stock) == 52 - cards * players - 1
    assert sum(game.all_cards().values()) == 52 and game.all_cards()[JOKER] == 0
    assert game.to_play == (game.dealer + 1) % players and game.state.phase == "draw"


def test_first_dealer_is_drawn_from_the_seed() -> None:
    """« Le premier donneur est choisi au hasard » : drawn from the game's seed, so the same
    seed deals the same way, and across seeds every seat deals first about equally often."""
    for players in (2, 4, 6):
        dealers = Counter(Game.new("rami_base", players=players, seed=seed).dealer for seed in range(600))
        assert set(dealers) == set(range(players))
        assert min(dealers.values()) > 600 / players * 0.7, dealers
    again = [Game.new("rami_base", players=4, seed=seed) for seed in (7, 7)]
    assert again[0].dealer == again[1].dealer and again[0].state == again[1].state
    game = Game.new("rami_base", players=4, seed=7)
    assert game.to_play == (game.dealer + 1) % 4  # « en commençant par le joueur à gauche »


def test_the_first_dealer_changes_who_deals_not_the_shuffle() -> None:
    """The seed shuffles the pack; the first dealer only says where dealing starts."""
    one, two = (Game.new("rami_base", players=3, seed=9, dealer=d) for d in (0, 2))
    assert one.dealer == 0 and two.dealer == 2
    assert one.state.stock == two.state.stock and one.state.discard == two.state.discard
    assert {one.hand(s)[0]: one.hand(s) for s in range(3)} == {two.hand(s)[0]: two.hand(s) for s in range(3)}
    assert one.hand(1) == two.hand(0)  # the first card dealt goes to the seat after the dealer
    with pytest.raises(ValueError):
        Game.new("rami_base", players=3, seed=9, dealer=3)


def test_dealer_alternates_and_non_dealer_starts() -> None:
    """« le tour de distribution alterne s'il y a deux joueurs » ; « S'il y a deux joueurs,
    ils se relaient alternativement en commençant par le non-croupier. »"""
    # seat 0: 7H 8H 9H      stock: 10H 4S      discard: 5C
    # seat 1: 5D 9S QD AC   table: [1] 2S 3S 4S (seat 0)
    game = position("rami_base", ["7H 8H 9H", "5D 9S QD AC"], "10H 4S", "5C",
                    melds=[(0, "2S 3S 4S")])
    assert game.dealer == 1 and game.variant.direction == "left"
    play(game, "draw", "meld 7H 8H 9H 10H")
    play(game, "next")
    assert game.dealer == 0 and game.to_play == 1


# --- melds ---------------------------------------------------------------------------------


def test_ace_is_low() -> None:
    """« Dans le jeu standard, les as sont bas. A-2-3 est une course valide mais Q-K-A ne
    l'est pas. »"""
    # seat 0: QH KH AH 2H 3H 9C      stock: 5S
    game = position("rami_base", ["QH KH AH 2H 3H 9C", "5D 9S QD AC"], "5S 4S", "5C")
    play(game, "draw")
    refused(game, "meld QH KH AH", "not_a_meld")
    play(game, "meld AH 2H 3H")
    assert table(game) == ["AH 2H 3H"]


def test_ace_high_or_low_option_worth_15() -> None:
    """« certains jouent que les as peuvent être comptés comme hauts ou bas, de sorte que
    Q-K-A est également une course valide. Lorsque vous jouez avec cette règle, les as
    reçoivent la valeur la plus élevée de 15 points au lieu de 1 point »."""
    variant = get_variant("rami_base", ace="high_or_low")
    # seat 0: QH KH AH      stock: 10H     seat 1 keeps 5D 9S AC AD (5 + 9 + 15 + 15)
    game = position(variant, ["QH KH AH", "5D 9S AC AD"], "10H 4S", "5C",
                    melds=[(0, "2S 3S 4S")])
    play(game, "draw", "meld QH KH AH")
    refused(game, "layoff 10H to 2", "layoff_invalid")
    play(game, "discard 10H")
    assert game.round_scores == [44, 0]


def test_round_the_corner_option() -> None:
    """« Quelques joueurs vont plus loin et permettent des courses « autour du coin » avec un
    as au milieu (K-A-2), mais c'est inhabituel. »"""
    game = position(get_variant("rami_base", ace="around"), ["KH AH 2H 9C", "5D 9S QD"],
                    "3H 4S", "5C")
    play(game, "draw", "meld KH AH 2H", "layoff 3H to 1")
    assert table(game) == ["KH AH 2H 3H"]
    standard = position("rami_base", ["KH AH 2H 9C", "5D 9S QD"], "3H 4S", "5C")
    play(standard, "draw")
    refused(standard, "meld KH AH 2H", "not_a_meld")


def test_no_rearranging_melds_to_lay_off() -> None:
    """« Vous n'êtes pas autorisé à réorganiser les fusions dans le processus. » With 2C 2H 2D
    2S and 3S 4S 5S down, the AS cannot be laid off by moving the 2S into the run."""
    # seat 0: AS KD QC       table: [1] 2C 2H 2D 2S (seat 1)   [2] 3S 4S 5S (seat 1)
    game = position("rami_base", ["AS KD QC", "5D 9S QD"], "9H 4S", "5C",
                    melds=[(1, "2C 2H 2D 2S"), (1, "3S 4S 5S")])
    refused(game, "take 2S from 1", "take_from_meld_not_allowed")
    play(game, "draw")
    refused(game, "layoff AS to 2", "layoff_invalid")
    refused(game, "layoff AS to 1", "layoff_invalid")


# --- a turn --------------------------------------------------------------------------------


def test_draw_from_stock_or_top_discard_any_time() -> None:
    """« Vous devez commencer par prendre une carte du haut de la pioche ou de la carte du
    haut de la défausse » — no condition on having melded."""
    game = position("rami_base", ["7H 8H KS", "5D 9S QD"], "10H 4S", "3C 9H")
    assert {str(m) for m in game.legal_moves()} == {"draw", "take"}
    play(game, "take", "meld 7H 8H 9H")
    assert holds(game, 0, "KS") and top(game) == "3C"


def test_one_meld_per_turn_any_number_of_layoffs() -> None:
    """« Vous ne pouvez pas fusionner plus d'une combinaison dans un tour » ; « Il n'y a pas
    de limite au nombre de cartes qu'un joueur peut retirer en un tour. »"""
    # seat 0: 7H 8H 9H 2C 3C 4C 5S 6S KS    stock: 10H 4S     discard: 5C
    # table: [1] 2S 3S 4S (seat 1)
    hand = "7H 8H 9H 2C 3C 4C 5S 6S KS"
    game = position("rami_base", [hand, "5D 9S QD AC"], "10H 4S", "5C",
                    melds=[(1, "2S 3S 4S")])
    play(game, "draw", "meld 7H 8H 9H")
    refused(game, "meld 2C 3C 4C", "too_many_melds")
    assert not any(m.kind == "meld" for m in game.legal_moves())
    play(game, "layoff 10H to 2", "layoff 5S to 1", "layoff 6S to 1", "discard KS")
    assert table(game) == ["2S 3S 4S 5S 6S", "7H 8H 9H 10H"]


def test_several_melds_option() -> None:
    """« Certaines personnes jouent que vous pouvez déposer autant de fusions que vous le
    souhaitez à chaque tour. » (option several_melds)"""
    variant = get_variant("rami_base", several_melds=True)
    game = position(variant, ["7H 8H 9H 2C 3C 4C KD KS", "5D 9S QD AC"], "10H 4S", "5C",
                    melds=[(1, "2S 3S 4S")])
    play(game, "draw", "meld 7H 8H 9H", "meld 2C 3C 4C", "discard KS")
    assert table(game) == ["2S 3S 4S", "7H 8H 9H", "2C 3C 4C"]


def test_taken_discard_not_discarded_the_same_turn() -> None:
    """« Si vous avez commencé votre tour en ramassant la carte supérieure de la pile de
    défausse, vous n'êtes pas autorisé à terminer ce tour en défaussant la même carte » ;
    « Vous pouvez cependant ramasser la défausse sur un tour et défausser cette même carte à
    un tour ultérieur. Si vous piochez une carte dans la pioche, elle peut être jetée au même
    tour »."""
    # seat 0: 5S KD            stock: 10H 4S 9D      discard: 5H
    # seat 1: 5D 9S QD AC
    game = position("rami_base", ["5S KD", "5D 9S QD AC"], "10H 4S 9D", "5H")
    play(game, "take")
    refused(game, "discard 5H", "rediscard")
    assert "discard 5H" not in {str(m) for m in game.legal_moves()}
    play(game, "discard KD")
    play(game, "draw", "discard 10H")  # seat 1 discards the card it drew: allowed
    play(game, "draw", "discard 5H")  # seat 0, a later turn: allowed
    assert top(game) == "5H" and holds(game, 0, "5S 4S")


# --- going out ------------------------------------------------------------------------------


def test_going_out_by_melding_stops_play_at_once() -> None:
    """« Un joueur gagne une main individuelle en fusionnant, en retirant ou en défaisant
    toutes ses cartes. … Dès que quelqu'un sort, le jeu cesse. »"""
    # seat 0: 7H 8H 9H     stock: 10H 4S   discard: 5C     table: [1] 2S 3S 4S (seat 0)
    game = position("rami_base", ["7H 8H 9H", "5D 9S QD AC"], "10H 4S", "5C",
                    melds=[(0, "2S 3S 4S")])
    play(game, "draw", "meld 7H 8H 9H 10H")
    assert game.round_over and game.hand(0) == []
    assert game.last_result is not None and game.last_result.reason == "out"
    refused(game, "discard 5D", "round_over")
    refused(game, "layoff 5D to 1", "round_over")


def test_going_out_by_laying_off() -> None:
    """« en retirant … toutes ses cartes »: the last card laid off ends the round."""
    game = position("rami_base", ["5S", "5D 9S QD AC"], "6S 4S", "5C", melds=[(0, "2S 3S 4S")])
    play(game, "draw", "layoff 5S to 1", "layoff 6S to 1")
    assert game.round_over and game.round_scores == [25, 0]


def test_going_out_by_discarding() -> None:
    """« ou en défaisant toutes ses cartes »: the last card discarded ends the round."""
    game = position("rami_base", ["5S", "5D 9S QD AC"], "KH 4S", "5C", melds=[(0, "2S 3S 4S")])
    play(game, "draw", "layoff 5S to 1", "discard KH")
    assert game.round_over and game.round_scores == [25, 0]


def test_last_discard_option() -> None:
    """« Certaines personnes jouent que pour sortir, vous devez terminer votre tour en
    défaussant votre dernière carte. Vous n'êtes pas autorisé à fusionner toutes vos
    cartes, ne laissant rien à jeter. » (option last_discard)"""
    variant = get_variant("rami_base", last_discard=True)
    game = position(variant, ["7H 8H 9H", "5D 9S QD AC"], "10H 4S", "5C",
                    melds=[(0, "2S 3S 4S")])
    play(game, "draw")
    refused(game, "meld 7H 8H 9H 10H", "must_keep_discard")
    play(game, "meld 7H 8H 9H", "discard 10H")
    assert game.round_over


def test_the_last_discard_house_rule_says_what_each_answer_means() -> None:
    """The house rule read "Go out by discarding: No" over "To go out you must discard your
    last card": a newcomer read a rule and its opposite. Its label says "only", and its help
    says what Yes and No each mean (No is seed 003's rule: « en fusionnant, en retirant ou
    en défaisant toutes ses cartes »)."""
    spec = next(s for s in get_variant("rami_base").options if s.name == "last_discard")
    assert spec.default is False
    for lang, yes, no, only in (("en", "Yes", "No", "only"), ("fr", "Oui", "Non", "seulement")):
        assert only in spec.label[lang]
        assert spec.help[lang].startswith(f"{yes} :" if lang == "fr" else f"{yes}:") and f"{no} (" in spec.help[lang]


# --- scoring --------------------------------------------------------------------------------


def test_winner_scores_the_others_hands() -> None:
    """« Les cartes faciales (K, Q, J) valent 10 points chacune · Les As valent 1 point
    chacune · Les cartes numériques valent leur valeur nominale » ; « La valeur totale de
    toutes les cartes entre les mains des autres joueurs est ajoutée au score cumulé du
    gagnant. »"""
    # seat 1: KD QC JH AS 6D = 37      seat 2: 2C 3D = 5
    game = position("rami_base", ["7H 8H 9H", "KD QC JH AS 6D", "2C 3D"], "10H 4S", "5C",
                    melds=[(0, "2S 3S 4S")])
    play(game, "draw", "meld 7H 8H 9H 10H")
    assert game.round_scores == [42, 0, 0] and game.scores == [42, 0, 0]
    assert not game.lower_wins


@pytest.mark.parametrize(("choice", "points", "reason"),
                         [("double", 2 * 24, "rami"), ("plus10", 24 + 10, "rami"),
                          ("none", 24, "rami")])
def test_rami_bonus(choice: str, points: int, reason: str) -> None:
    """« La plupart des gens permettent à un joueur qui n'a pas encore fusionné ou retiré de
    cartes de gagner un bonus spécial s'il peut sortir en un seul tour en fusionnant ou en
    retirant sa main. C'est ce qu'on appelle le rami, et le score de la main est doublé, ou
    dans certaines versions, le gagnant reçoit un bonus de 10 points. »"""
    # seat 0 has put nothing down: 7H 8H 9H + 10H in one meld.   seat 1: 5D 9S QD = 24
    variant = get_variant("rami_base", rami_bonus=choice)
    game = position(variant, ["7H 8H 9H", "5D 9S QD"], "10H 4S", "5C",
                    melds=[(1, "2S 3S 4S")])
    play(game, "draw", "meld 7H 8H 9H 10H")
    assert game.round_scores == [points, 0]
    assert game.last_result is not None and game.last_result.reason == reason


def test_no_rami_bonus_after_putting_cards_down() -> None:
    """The bonus is for « un joueur qui n'a pas encore fusionné ou retiré de cartes »."""
    game = position("rami_base", ["7H 8H 9H", "5D 9S QD"], "10H 4S", "5C",
                    melds=[(0, "2S 3S 4S")])
    play(game, "draw", "meld 7H 8H 9H 10H")
    assert game.round_scores == [24, 0]


def test_lay_off_only_after_own_meld_option() -> None:
    """« Certains jeux que vous ne pouvez pas mettre à l'écart des cartes sur les fusions
    d'autres joueurs avant d'avoir établi au moins une de vos propres fusions. »"""
    variant = get_variant("rami_base", lay_off_after_own_meld=True)
    # seat 0: 5S 7H 8H 9H KD      table: [1] 2S 3S 4S (seat 1)
    game = position(variant, ["5S 7H 8H 9H KD", "5D 9S QD"], "QC 4C", "5C",
                    melds=[(1, "2S 3S 4S")])
    play(game, "draw")
    refused(game, "layoff 5S to 1", "not_opened")
    play(game, "meld 7H 8H 9H", "layoff 5S to 1", "discard KD")
    assert table(game) == ["2S 3S 4S 5S", "7H 8H 9H"]
    standard = position("rami_base", ["5S 7H 8H 9H KD", "5D 9S QD"], "QC 4C", "5C",
                        melds=[(1, "2S 3S 4S")])
    play(standard, "draw", "layoff 5S to 1", "discard KD")


def test_penalty_scoring_option() -> None:
    """« Certains jouent qu'au lieu que le gagnant marque des points, chacun des perdants
    marque des points de pénalité en fonction des cartes laissées dans leur main. … Lorsque
    quelqu'un atteint 100 ou plus, le joueur avec le score le plus bas gagne. »"""
    variant = get_variant("rami_base", scoring="penalty")
    # seat 1: KD QC JH KS QD JC KH QH JD KC 9S = 109       seat 2: 2C 3D = 5
    game = position(variant, ["7H 8H 9H", "KD QC JH KS QD JC KH QH JD KC 9S", "2C 3D"],
                    "10H 4S", "5C", melds=[(0, "2S 3S 4S")])
    play(game, "draw", "meld 7H 8H 9H 10H")
    assert game.round_scores == [0, 109, 5]
    assert game.lower_wins and game.game_over and game.winners == [0]


def test_game_to_a_target_score() -> None:
    """« Le jeu continue avec d'autres offres jusqu'à ce qu'un joueur atteigne la cible de
    points qui a été décidée avant le début de la partie » (default 100)."""
    assert get_variant("rami_base").target == 100
    # seat 1 keeps 10 face cards = 100 points
    game = position("rami_base", ["7H 8H 9H", "KD QC JH KS QD JC KH QH JD KC", "2C"],
                    "10H 4S", "5C", melds=[(0, "2S 3S 4S")])
    play(game, "draw", "meld 7H 8H 9H 10H")
    assert game.scores == [102, 0, 0] and game.game_over and game.winners == [0]
    short = position("rami_base", ["7H 8H 9H", "KD QC", "2C"], "10H 4S", "5C",
                     melds=[(0, "2S 3S 4S")])
    play(short, "draw", "meld 7H 8H 9H 10H")
    assert short.scores == [22, 0, 0] and not short.game_over
    play(short, "next")
    assert short.round_no == 2


def test_game_to_a_number_of_deals_option() -> None:
    """« Soit un nombre fixe de transactions est joué, soit le jeu est joué à un score
    cible. » (option game_length)"""
    variant = get_variant("rami_base", game_length="deals_5")
    assert (variant.rounds, variant.target) == (5, 0)
    game = position(variant, ["7H 8H 9H", "KD QC JH KS QD JC KH QH JD KC"], "10H 4S", "5C",
                    melds=[(0, "2S 3S 4S")])
    play(game, "draw", "meld 7H 8H 9H 10H")
    assert game.scores == [100, 0] and not game.game_over


# --- the stock runs out ---------------------------------------------------------------------


def test_stock_empty_discard_may_still_be_taken() -> None:
    """« Si la pile de stock est épuisée et que le joueur suivant ne veut pas prendre la
    défausse … » — the player may take it; nothing is rebuilt then."""
    game = position("rami_base", ["7H 8H KS", "5D 9S QD"], "", "2C 3C 9H")
    play(game, "take", "meld 7H 8H 9H")
    assert game.state.reuses == 0 and game.state.stock == ()


def test_stock_turned_over_unshuffled() -> None:
    """« la pile de défausse est retournée, sans mélange, pour former une nouvelle pioche »:
    the first card discarded is the new top of the stock."""
    # stock: (empty)    discard: 2C 3C 4C 5C 6C (top 6C)
    game = position("rami_base", ["7H 8H KS", "5D 9S QD"], "", "2C 3C 4C 5C 6C")
    play(game, "draw")
    assert holds(game, 0, "7H 8H KS 2C")
    assert stock_top_first(game) == "3C 4C 5C 6C" and game.state.discard == ()
    assert game.state.reuses == 1


def test_stock_turned_over_every_time() -> None:
    """« la pile de défausse est retournée, sans mélange, pour former une nouvelle pioche, et
    le jeu continue » — as often as the stock runs out: limiting the reuses is a house rule
    (option stock_end), not the standard game."""
    assert get_variant("rami_base").rummy.stock_reuse_limit == 0
    # Both seats draw and throw back the card drawn, so the stock keeps running out.
    # seat 0: 7H 8H KS    seat 1: 5D 9S QD    stock: (empty)    discard: 2C 3C 4C (top 4C)
    game = position("rami_base", ["7H 8H KS", "5D 9S QD"], "", "2C 3C 4C")
    while game.state.reuses < 12:
        if not game.state.stock:
            pile = [str(c) for c in game.state.discard]
            play(game, "draw")
            assert str(game.hand(game.to_play)[-1]) == pile[0]  # the first discard comes back first
            assert stock_top_first(game) == " ".join(pile[1:]) and game.state.discard == ()
        else:
            play(game, "draw")
        play(game, f"discard {game.hand(game.to_play)[-1]}")
        assert not game.round_over


def test_round_ends_when_nobody_can_ever_go_out() -> None:
    """« Si la pile de stock est épuisée … la pile de défausse est retournée … et le jeu
    continue » — but a round nobody can ever win is not played for ever: with one card each
    (going out takes a meld of 3, or a lay-off) and no card that fits the table, it ends
    with nobody out, scored as the seed says (« Le gagnant est le joueur avec le moins de
    points, et marque la somme des différences »)."""
    # seat 0: 2C   seat 1: KS   stock: (empty)   discard: 9D 5D (top 5D)
    # table: [1] 6H 6D 6C 6S  [2] 7H 8H 9H 10H JH QH KH  [3] 7C … KC (aces low only)
    melds = [(0, "6H 6D 6C 6S"), (1, "7H 8H 9H 10H JH QH KH"), (0, "7C 8C 9C 10C JC QC KC")]
    game = position("rami_base", ["2C", "KS"], "", "9D 5D", melds=melds)
    play(game, "draw")
    assert game.round_over and game.last_result is not None
    assert game.last_result.reason == "no_way_out" and game.round_scores == [8, 0]
    # Two cards each: a drawn third card may make a meld of all three — play goes on.
    game = position("rami_base", ["2C 4D", "KS QS"], "", "9D 5D", melds=melds)
    play(game, "draw")
    assert not game.round_over and game.state.reuses == 1


@pytest.mark.parametrize("choice", ["shuffle", "shuffle_3"])
def test_stock_shuffled_option(choice: str) -> None:
    """« Certains jouent que lorsque le stock est épuisé …, la pile de défausse est mélangée
    avant de la réutiliser comme stock. » — the whole pile, its top card too (option
    stock_end = shuffle, or shuffle_3 with the 3rd-time end)."""
    variant = get_variant("rami_base", stock_end=choice)
    game = position(variant, ["7H 8H KS", "5D 9S QD"], "", "2C 3C 4C 5C 6C 7C 8C 9C")
    play(game, "draw")
    assert game.state.reuses == 1 and game.state.discard == ()
    cards = Counter(game.state.stock) + Counter(game.hand(0)[3:])
    assert cards == Counter(parse_cards("2C 3C 4C 5C 6C 7C 8C 9C"))
    top_first = [game.hand(0)[-1], *reversed(game.state.stock)]
    assert " ".join(map(str, top_first)) != "2C 3C 4C 5C 6C 7C 8C 9C"  # not just turned over


@pytest.mark.parametrize(("choice", "rebuilds"), [("turn_over_3", 2), ("turn_over_once", 1),
                                                  ("shuffle_3", 2)])
def test_stock_reuse_limit(choice: str, rebuilds: int) -> None:
    """« Je suggère qu'une fois le stock épuisé pour la troisième fois, le jeu devrait se
    terminer si le joueur suivant ne veut pas prendre la défausse. Alternativement, vous
    pouvez convenir que la pile de défausse n'est réutilisée qu'une seule fois »."""
    variant = get_variant("rami_base", stock_end=choice)
    # Both seats draw and discard the card drawn until the round stops.
    # seat 0: KS 9D    seat 1: QD 8H    stock: (empty)    discard: 2C 3C
    game = position(variant, ["KS 9D", "QD 8H"], "", "2C 3C")
    draws = 0
    while not game.round_over:
        play(game, "draw")
        draws += 1
        if not game.round_over:
            play(game, f"discard {game.hand(game.to_play)[-1]}")
    assert game.state.reuses == rebuilds and draws > rebuilds
    assert game.last_result is not None
    assert game.last_result.reason == "blocked" and game.last_result.winner is None


def test_nobody_out_seed_example() -> None:
    """« Le gagnant est le joueur avec le moins de points, et marque la somme des
    différences … Exemple : A a 6; B a 15; C a 7; D a 21. A est le gagnant et les scores
    25 = (9 + 1 + 15). »"""
    # A: AH 5D = 6   B: 5S KS = 15   C: 3C 4D = 7   D: KD 5H 6H = 21      stock: (empty)
    game = position("rami_bloc", ["AH 5D", "5S KS", "3C 4D", "KD 5H 6H"], "", "9C")
    play(game, "draw")
    assert game.round_over and game.round_scores == [25, 0, 0, 0]


def test_nobody_out_tie_shares() -> None:
    """« Si deux joueurs ou plus sont à égalité pour le plus bas, ils partagent également les
    gains. » 6, 15, 6 → 9 shared: 4 each (shares are rounded down); 6, 26, 6 → 10 each."""
    game = position("rami_bloc", ["AH 5D", "5S KS", "2C 4D"], "", "9C")
    play(game, "draw")
    assert game.round_scores == [4, 0, 4]
    even = position("rami_bloc", ["AH 5D", "5S KS QD AC", "2C 4D"], "", "9C")
    play(even, "draw")
    assert even.round_scores == [10, 0, 10]


def test_nobody_out_penalty_scoring() -> None:
    """« Si le jeu se termine sans gagnant, tout le monde marque ses cartes comme points de
    pénalité. »"""
    variant = get_variant("rami_bloc", scoring="penalty")
    game = position(variant, ["AH 5D", "5S KS", "2C 4D"], "", "9C")
    play(game, "draw")
    assert game.round_scores == [6, 15, 6]


def test_bloc_never_reuses_the_discard() -> None:
    """Rami de bloc: « la pile de défausse n'est pas réutilisée du tout. Si le stock est
    épuisé et que le joueur suivant ne veut pas prendre la défausse, la partie se termine à
    ce moment-là. »"""
    # seat 0: 7H 8H KS     stock: 4C     discard: 2C 3C 9H
    game = position("rami_bloc", ["7H 8H KS", "5D 9S QD"], "4C", "2C 3C 9H")
    play(game, "draw", "discard 4C")
    play(game, "take", "discard 9S")  # the discard may still be taken
    play(game, "draw")
    assert game.round_over and game.state.reuses == 0
    # seat 0: 7H 8H KS = 25; seat 1: 5D QD 4C = 19 → seat 1 scores 6
    assert game.round_scores == [0, 6]


# --- Wrotham --------------------------------------------------------------------------------


def test_wrotham_pack_and_deal() -> None:
    """« Un pack de 55 cartes est utilisé, y compris trois jokers » ; « Huit cartes sont
    distribuées au joueur de départ et sept à l'autre joueur. Au premier tour, le joueur de
    départ ne pioche pas, mais se défausse simplement d'une carte (ou fusionne et se
    défausse). » « Six offres sont jouées. »"""
    variant = get_variant("rami_wrotham")
    assert variant.players == (2, 2) and (variant.rounds, variant.target) == (6, 0)
    game = Game.new("rami_wrotham", players=2, seed=9)
    assert sum(game.all_cards().values()) == 55 and game.all_cards()[JOKER] == 3
    assert [len(game.hand(s)) for s in range(2)] == [8, 7]
    assert game.state.discard == () and game.state.phase == "play"
    refused(game, "draw", "not_your_phase")
    card = game.hand(0)[0]
    play(game, f"discard {card}")
    assert top(game) == str(card) and game.to_play == 1 and game.state.phase == "draw"


def test_wrotham_first_turn_may_meld() -> None:
    """« (ou fusionne et se défausse) »: the starter may meld on the first turn."""
    # Position at the very start: seat 0 holds 8 cards and has not drawn.
    game = Game.new("rami_wrotham", players=2, seed=9)
    melds = [m for m in game.legal_moves() if m.kind == "meld"]
    if melds:  # this deal's hand may hold none; the move list says what it can lay
        play(game, str(melds[0]))
        assert len(game.state.melds) == 1


def test_wrotham_joker_swapped_by_the_holder_of_its_card() -> None:
    """« Un joueur qui détient la carte que représente un joker mélangé peut, à son tour,
    échanger la vraie carte contre le joker. »"""
    # seat 0: 9H KS QS       stock: 10C 4S      table: [1] 7H 8H JK (seat 1)
    game = position("rami_wrotham", ["9H KS QS", "5D 9S QD AC 2D 3D 4D"], "10C 4S", "5H",
                    melds=[(1, "7H 8H JK")])
    refused(game, "swap 9H for joker in 1", "not_your_phase")  # at one's turn, after drawing
    play(game, "draw", "swap 9H for joker in 1", "discard KS")
    assert table(game) == ["7H 8H 9H"] and holds(game, 0, "QS 10C JK")


def test_wrotham_joker_left_in_hand_counts_15() -> None:
    """The seed gives no value to a joker left in hand; variants.yaml decides 15."""
    game = position("rami_wrotham", ["7H 8H 9H", "JK 5D"], "10H 4S", "5C",
                    melds=[(0, "2S 3S 4S")])
    play(game, "draw", "meld 7H 8H 9H 10H")
    assert game.round_scores == [20, 0]


@pytest.mark.parametrize("round_no", [1, 2, 3])
def test_wrotham_first_three_deals_meld_as_usual(round_no: int) -> None:
    """« Dans les trois premiers tours, les joueurs fusionnent et licencient comme
    d'habitude »."""
    game = position("rami_wrotham", ["7H 8H 9H 2C 3C 4C KS", "5D 9S QD AC 2D 3D 4D"],
                    "10H 4S", "5H", round_no=round_no)
    play(game, "draw", "meld 7H 8H 9H", "discard KS")
    assert table(game) == ["7H 8H 9H"]


@pytest.mark.parametrize("round_no", [4, 5, 6])
def test_wrotham_last_three_deals_all_seven_at_once(round_no: int) -> None:
    """« mais dans les trois derniers tours, les joueurs ne peuvent fusionner aucune carte
    jusqu'à ce qu'ils soient en mesure de déposer les sept à la fois. »"""
    # seat 0: 7H 8H 9H 2C 3C 4C KS      stock: 10H 4S     discard: 5H
    game = position("rami_wrotham", ["7H 8H 9H 2C 3C 4C KS", "5D 9S QD AC 2D 3D 4D"],
                    "10H 4S", "5H", round_no=round_no)
    play(game, "draw", "meld 7H 8H 9H")
    error = refused(game, "discard KS", "all_at_once")
    assert "whole hand" in str(error)
    play(game, "meld 2C 3C 4C", "layoff 10H to 1", "discard KS")
    assert game.round_over and game.last_result is not None and game.last_result.winner == 0
    # 5D 9S QD AC 2D 3D 4D = 5+9+10+1+2+3+4 = 34, not doubled: in these deals every win is
    # laid at once, so it is no rami feat (decision written in variants.yaml)
    assert game.round_scores == [34, 0]

