"""Gin Rami, seed 001 (001_c65301676e18104e.txt): one scenario per rule, citing its clause.

Positions are set with `Game.from_position("gin", …)`: `stock` top card first, `discard`
bottom to top (its bottom card is the round's upcard, which matters for Oklahoma).
Seat 0 is to play unless said otherwise.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from ramigui.cards import make_deck, parse_cards, shuffled
from ramigui.rules import Game, IllegalMove
from ramigui.rules.gin import GinState

# The knocker's hand of the contract (deadwood 10):
#   AS 2S 3S | 4H 5H 6H | 7C 7D 7H | KD
KNOCKER = "AS 2S 3S 4H 5H 6H 7C 7D 7H KD"
# A defender who can lay off 4S (on AS-3S), 7S (on the 7s), 3H (below 4H-6H) and holds QC QD QS:
#   4S 7S 3H | QC QD QS | 2D 9D JC 5C   → deadwood 26 after lay-offs, 40 without
DEFENDER = "4S 7S 3H QC QD QS 2D 9D JC 5C"


def position(
    hands: list[str],
    stock: str = "9C 8S 10S 2C 3C",
    discard: str = "6C 8C",
    to_play: int = 0,
    variant: str = "gin",
    **options: Any,
) -> Game:
    return Game.from_position(
        variant, options=options or None, hands=hands, stock=stock, discard=discard, to_play=to_play
    )


def play(game: Game, *moves: str) -> Game:
    for move in moves:
        game.play(move)
    return game


def refused(game: Game, move: str) -> IllegalMove:
    """Play an illegal move: it must raise and leave the state exactly as it was."""
    before = game.state
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    assert game.state is before
    return caught.value


def names(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def state(game: Game) -> GinState:
    assert isinstance(game.state, GinState)
    return game.state


# --- préparation ---------------------------------------------------------------------------------


def test_deal_ten_each_opponent_first_then_upcard_then_stock() -> None:
    # "Celui-ci distribue 10 cartes à chaque joueur en commençant par son adversaire.
    #  La carte suivante (21ème) est retournée … c'est la première carte de la défausse
    #  (l'entame). Le reste du paquet est posé à côté de la défausse : c'est la pioche."
    game = Game.new("gin", players=2, seed=7, dealer=1)
    pack = shuffled(make_deck(52), random.Random("7:1"))
    assert game.dealer == 1
    assert game.hand(0) == pack[0:20:2]  # the dealer's opponent gets the 1st, 3rd, … card
    assert game.hand(1) == pack[1:20:2]
    assert state(game).discard == (pack[20],) and state(game).upcard == pack[20]
    assert state(game).stock == tuple(reversed(pack[21:]))  # stored bottom to top
    assert game.view(0).public.stock == 31
    assert Counter(game.all_cards()) == Counter(make_deck(52))


def test_deal_is_reproducible_from_the_seed() -> None:
    assert Game.new("gin", 2, seed=3).hand(0) == Game.new("gin", 2, seed=3).hand(0)
    assert Game.new("gin", 2, seed=3).hand(0) != Game.new("gin", 2, seed=4).hand(0)


def test_gin_is_for_two_players() -> None:
    # "2 joueurs"
    with pytest.raises(ValueError):
        Game.new("gin", players=3, seed=1)


# --- début de manche: the upcard offer -------------------------------------------------------------


def test_upcard_offer_order_non_dealer_then_dealer_then_non_dealer_draws() -> None:
    # "Le joueur non donneur commence. Il a le choix entre prendre l'entame ou la laisser au
    #  donneur. … Sinon le joueur non donneur commence en prenant la première carte de la
    #  pioche puis se défausse."
    game = Game.new("gin", players=2, seed=11, dealer=1)
    assert game.to_play == 0 and names(game) == {"take", "pass"}
    assert refused(game, "draw").code == "not_your_phase"
    game.play("pass")
    assert game.to_play == 1 and names(game) == {"take", "pass"}  # the dealer is offered it
    game.play("pass")
    assert game.to_play == 0 and names(game) == {"draw"}  # stock only, upcard refused twice
    assert refused(game, "take").code == "not_your_phase"
    top = state(game).stock[-1]
    game.play("draw")
    assert top in game.hand(0) and len(game.hand(0)) == 11


def test_non_dealer_takes_the_upcard_and_discards_another_card() -> None:
    # "Si un joueur prend l'entame alors il se défausse d'une autre carte et le jeu
    #  continue normalement."
    game = Game.new("gin", players=2, seed=12, dealer=1)
    upcard = state(game).upcard
    game.play("take")
    assert upcard in game.hand(0)
    assert refused(game, f"discard {upcard}").code == "rediscard"
    assert f"discard {upcard}" not in names(game)
    other = next(c for c in game.hand(0) if c != upcard)
    game.play(f"discard {other}")
    assert game.to_play == 1 and names(game) == {"draw", "take"}  # the dealer plays normally


def test_dealer_may_take_the_refused_upcard() -> None:
    # "… ou la laisser au donneur": the dealer takes it, discards, then play goes on normally
    game = Game.new("gin", players=2, seed=13, dealer=1)
    upcard = state(game).upcard
    play(game, "pass", "take")
    assert upcard in game.hand(1) and len(game.hand(1)) == 11
    other = next(c for c in game.hand(1) if c != upcard)
    game.play(f"discard {other}")
    assert game.to_play == 0 and names(game) == {"draw", "take"}


# --- déroulement de la manche ----------------------------------------------------------------------


def test_each_turn_draws_then_discards_keeping_ten_cards() -> None:
    # "Chaque joueur, à son tour, doit piocher une carte puis se défausser d'une carte. Le
    #  joueur peut soit piocher la première carte de la pioche, soit la première carte de la
    #  défausse. A la fin de chaque tour, les joueurs ont donc toujours 10 cartes en main."
    game = position([KNOCKER, DEFENDER])
    assert names(game) == {"draw", "take"}
    assert refused(game, "discard KD").code == "not_your_phase"
    game.play("draw")  # the 9C
    assert parse_cards("9C")[0] in game.hand(0)
    assert refused(game, "draw").code == "not_your_phase"
    play(game, "discard 9C", "take")  # seat 1 takes the 9C just discarded
    assert parse_cards("9C")[0] in game.hand(1)
    game.play("discard 9D")
    assert [len(game.hand(s)) for s in (0, 1)] == [10, 10]
    assert game.view(0).public.discard[-1] == parse_cards("9D")[0]


def test_card_taken_from_the_discard_may_not_be_discarded_that_turn() -> None:
    # "Si le joueur a choisi de prendre la carte de la défausse, alors il ne peut pas se
    #  défausser de cette même carte (ce qui reviendrait à passer son tour)."
    # Discard top 8C; seat 0 takes it. Nor may it be the knock's discard.
    game = position(["AS 2S 3S 4H 5H 6H 7C 7D 7H 2C", DEFENDER], stock="9C 8S 10S", discard="6C 8C")
    game.play("take")
    error = refused(game, "discard 8C")
    assert error.code == "rediscard" and "8C" in str(error)
    assert refused(game, "knock 8C").code == "rediscard"
    assert "discard 8C" not in names(game) and "knock 8C" not in names(game)
    game.play("knock 2C")  # deadwood 8 (the 8C kept) — allowed
    assert state(game).knocker == 0


def test_the_card_may_be_discarded_on_a_later_turn() -> None:
    game = position([KNOCKER, DEFENDER], discard="6C 8C")
    play(game, "take", "discard KD", "draw", "discard 2D", "draw")
    game.play("discard 8C")  # no longer the card just taken
    assert state(game).discard[-1] == parse_cards("8C")[0]


# --- combinaisons ----------------------------------------------------------------------------------


def test_queen_king_ace_is_not_a_meld() -> None:
    # "L'As est la plus petite carte du jeu, les combinaisons suivantes ne sont donc pas
    #  autorisées" (Q-K-A). Seat 0 holds QH KH AH with deadwood ≤ 10 otherwise.
    game = position(["QH KH AH 2S 3S 4S 5D 6D 7D 8D", "9S 9H 9D 10C JC QC 2H 3H 4H 5H"], stock="KC 3C")
    game.play("draw")
    assert refused(game, "meld QH KH AH").code == "not_a_meld"
    assert "knock KC" not in names(game)  # QH KH AH count 21 as deadwood


def test_set_of_four_and_run_of_any_length() -> None:
    # "les suites : 3 cartes ou plus … les brelans : 3 cartes … les carrés : 4 cartes"
    game = position(["5S 5H 5D 5C 6H 7H 8H 9H 10H KD", "2S 3S 4S 2D 3D 4D JC QC KC AD"], stock="JH 3C")
    game.play("draw")
    assert {"meld 5S 5H 5D 5C", "meld 6H 7H 8H 9H 10H JH"} <= names(game)
    play(game, "meld 5S 5H 5D 5C", "gin KD")
    assert state(game).finish == "gin"


# --- knock -----------------------------------------------------------------------------------------


def test_knock_with_deadwood_of_at_most_ten() -> None:
    # "Knock : un joueur pioche, étale ses combinaisons sur la table, se défausse d'une
    #  carte, et la valeur totale de ses cartes non utilisées est inférieure ou égale à 10."
    # AS 2S 3S | 4H 5H 6H | 7C 7D 7H | KD + 9C drawn: knock KD leaves 9, knock 9C leaves 10
    game = position([KNOCKER, DEFENDER], stock="9C 8S 10S 2C 3C")
    game.play("draw")
    assert {"knock KD", "knock 9C"} <= names(game)
    assert "knock AS" not in names(game)  # AS 2S 3S broken: 2S 3S 9C KD = 24
    error = refused(game, "knock AS")
    assert error.code == "knock_too_high" and "10 at most" in str(error)
    game.play("knock 9C")
    assert state(game).knocker == 0 and game.to_play == 1
    assert game.view(1).public.shown == {0: tuple(parse_cards("KD"))}  # the knocker's deadwood shows


# AS 2S 3S | 8H 9H 10H | AC 2D 3H + 4C or 5C, then KC drawn and discarded
OTHER = "6S 7S 9S 9C JS JH 6D 7D 8D 10D"


def test_knock_with_ten_is_allowed_with_eleven_refused() -> None:
    game = position(["AS 2S 3S 8H 9H 10H AC 2D 3H 4C", OTHER], stock="KC 8S")
    game.play("draw")
    assert {m for m in names(game) if m.startswith("knock")} == {"knock KC"}  # 1 + 2 + 3 + 4
    game = position(["AS 2S 3S 8H 9H 10H AC 2D 3H 5C", OTHER], stock="KC 8S")
    game.play("draw")
    assert not {m for m in names(game) if m.startswith("knock")}  # 1 + 2 + 3 + 5 = 11
    error = refused(game, "knock KC")
    assert error.code == "knock_too_high" and "would be 11" in str(error)


def test_knocking_with_no_deadwood_is_gin() -> None:
    game = position(["AS 2S 3S 4H 5H 6H 7C 7D 7H 8D", GIN_DEFENDER], stock="7S 8S")
    game.play("draw")
    assert refused(game, "knock 8D").code == "knock_is_gin"
    assert "gin 8D" in names(game) and "knock 8D" not in names(game)


def test_knock_scores_the_difference_after_lay_offs() -> None:
    # "Le défenseur ne se défausse pas car il n'a que 10 cartes. En cas de Knock, le
    #  défenseur utilise ses cartes non utilisées pour compléter les combinaisons de
    #  l'attaquant. Il peut ajouter une carte à un brelan pour le transformer en carré, ou
    #  allonger une suite. Si maintenant la valeur totale des cartes non utilisées du
    #  défendeur est strictement supérieure à celle de l'attaquant, alors l'attaquant marque
    #  la différence de points."
    # knocker: AS 2S 3S | 4H 5H 6H | 7C 7D 7H | 9C (deadwood 9) — KD discarded
    # defender: 4S→AS-3S, 7S→7s, 3H→4H-6H | QC QD QS | 2D 9D JC 5C = 26
    game = position([KNOCKER, DEFENDER])
    play(game, "draw", "knock KD")
    lay_offs = {m for m in names(game) if m.startswith("layoff")}
    assert lay_offs == {"layoff 4S to 1", "layoff 3H to 2", "layoff 7S to 3"}
    play(game, "layoff 4S to 1", "layoff 7S to 3", "meld QC QD QS")
    assert len(game.hand(1)) == 5
    game.play("done")  # 3H laid off automatically
    assert game.round_over
    result = game.last_result
    assert result is not None and result.reason == "knock" and result.winner == 0
    assert result.details["defender_deadwood"] == 26 and result.details["knocker_deadwood"] == 9
    assert game.round_scores == [26 - 9, 0] and game.scores == [17, 0]
    assert Counter(str(c) for c in result.details["laid_off"]) == Counter(["4S", "7S", "3H"])
    assert len(game.hand(1)) == 4  # the defender kept their 10 cards: none discarded


def test_done_lays_off_and_melds_with_the_least_deadwood() -> None:
    game = position([KNOCKER, DEFENDER])
    play(game, "draw", "knock KD", "done")
    assert game.round_scores == [17, 0]
    melds = game.view(0).public.melds
    assert [str(c) for c in melds[0].cards] == ["AS", "2S", "3S", "4S"]
    assert any(m.owner == 1 and len(m.cards) == 3 for m in melds)  # QC QD QS laid by seat 1


def test_lay_off_chains_and_several_cards_at_once() -> None:
    # knocker run 4H 5H 6H; the defender holds 7H 8H: "allonger une suite" card after card
    game = position(["AS 2S 3S 4H 5H 6H 7C 7D 7S KD", "7H 8H 2D 9D JC 5C QC QD QS 3C"], stock="9C 8S 10S 2C")
    play(game, "draw", "knock KD")
    assert {"layoff 7H to 2", "layoff 7H 8H to 2"} <= names(game)
    assert refused(game, "layoff 8H to 2").code == "layoff_invalid"  # not next to the run
    game.play("layoff 7H 8H to 2")
    assert [str(c) for c in game.view(1).public.melds[1].cards] == ["4H", "5H", "6H", "7H", "8H"]


def test_lay_off_only_on_the_knockers_melds() -> None:
    game = position([KNOCKER, "QC QD QS QH 3H 2D 9D JC 5C 4C"])
    play(game, "draw", "knock KD", "meld QC QD QS")
    assert refused(game, "layoff QH to 4").code == "layoff_not_knocker"
    assert refused(game, "layoff 3H to 9").code == "no_such_meld"
    assert refused(game, "layoff 2D to 1").code == "layoff_invalid"


def test_undercut_when_the_defender_has_less_deadwood() -> None:
    # "Sinon on dit que le défenseur à fait un « Undercut » : il remporte la différence de
    #  points + un bonus de 20 points."
    # knocker deadwood 9 (9C); defender after lay-offs: 2D AC AH = 4 → 9 - 4 + 20 = 25
    game = position([KNOCKER, "4S 7S 3H QC QD QS QH 2D AC AH"])
    play(game, "draw", "knock KD", "done")
    result = game.last_result
    assert result is not None and result.reason == "undercut" and result.winner == 1
    assert game.round_scores == [0, 25]


def test_equal_deadwood_is_an_undercut() -> None:
    # "strictement supérieure": 9 against 9 is not enough for the knocker
    game = position([KNOCKER, "4S 7S 3H QC QD QS 2D AC AH 5C"])
    play(game, "draw", "knock KD", "done")
    assert game.last_result is not None and game.last_result.reason == "undercut"
    assert game.round_scores == [0, 20]


def test_knocker_may_choose_the_arrangement_of_the_melds() -> None:
    # AS 2S 3S | 4H 5H 6H 7H 7C 7D 7S + KD: the 7H goes to the run or to the 7s. The engine
    # lays the rest in the least-deadwood way; `meld …` before knocking picks another one.
    defender = "8S 9S 10S 8C 9C 10C 8D 9D JD QH"
    game = position(["AS 2S 3S 4H 5H 6H 7H 7C 7D 7S", defender], stock="KD 2C 3C 4C", discard="JC QC")
    game.play("draw")
    game.play("meld 4H 5H 6H 7H")
    assert refused(game, "discard KD").code == "melds_then_knock"  # melds are laid only to knock
    assert not {m for m in names(game) if m.startswith("discard")}
    game.play("undo")
    assert len(game.hand(0)) == 11
    play(game, "meld 7H 7C 7D 7S", "gin KD")
    melds = [[str(c) for c in m.cards] for m in game.view(1).public.melds]
    assert ["7S", "7H", "7D", "7C"] in melds and ["4H", "5H", "6H"] in melds


def test_a_meld_that_spoils_the_knock_is_refused() -> None:
    # AS 2S 3S 4S 4H 4D 9C 9D 9H KD + QD: knock only as AS 2S 3S | 4S 4H 4D | 9s, KD or QD left
    game = position(["AS 2S 3S 4S 4H 4D 9C 9D 9H KD", "5S 6S 7S 5H 6H 7H 5D 6D 7D JC"], stock="QD 8H 10H")
    game.play("draw")
    assert "meld 2S 3S 4S" not in names(game) and "meld AS 2S 3S" in names(game)
    error = refused(game, "meld 2S 3S 4S")  # AS 4H 4D left loose: 9 + 10 — no knock
    assert error.code == "meld_no_knock"
    play(game, "meld AS 2S 3S", "knock QD")
    assert game.view(1).public.shown == {0: tuple(parse_cards("KD"))}


# --- gin -------------------------------------------------------------------------------------------


GIN_HAND = "AS 2S 3S 4H 5H 6H 7C 7D 7H 8D"  # + 7S drawn: 7C 7D 7H 7S, discard 8D
GIN_DEFENDER = "4S 3H QC QD QS 8H 2D 9C JC 5C"  # 41 points of deadwood


def test_gin_scores_deadwood_plus_25_and_allows_no_lay_off() -> None:
    # "Gin : un joueur pioche une carte, utilise 10 cartes pour former des combinaisons et
    #  les poser sur la table, puis se défausse de sa 11ème carte." — "En cas de Gin, le
    #  défenseur ne peut pas compléter les combinaisons de son adversaire. L'attaquant
    #  remporte autant de points que la valeur des cartes inutilisées du défenseur + un
    #  bonus de 25 points."
    # defender: 4S 3H (could lay off, but not on gin) | QC QD QS | 8H 2D 9C JC 5C
    game = position([GIN_HAND, GIN_DEFENDER], stock="7S 8S 10S")
    play(game, "draw", "gin 8D")
    assert not {m for m in names(game) if m.startswith("layoff")}
    assert refused(game, "layoff 4S to 1").code == "no_layoff_on_gin"
    game.play("done")
    result = game.last_result
    assert result is not None and result.reason == "gin"
    assert result.details["defender_deadwood"] == 4 + 3 + 8 + 2 + 9 + 10 + 5
    assert game.round_scores == [41 + 25, 0]


def test_gin_needs_every_card_melded() -> None:
    game = position([KNOCKER, DEFENDER])
    game.play("draw")
    assert refused(game, "gin KD").code == "not_gin"


def test_systeme_10_20() -> None:
    # "Système 10-20 : 10 points bonus pour l'Undercut, 20 points bonus pour le Gin."
    game = position([GIN_HAND, GIN_DEFENDER], stock="7S 8S", bonuses="system_10_20")
    play(game, "draw", "gin 8D", "done")
    assert game.round_scores == [41 + 20, 0]
    game = position([KNOCKER, "4S 7S 3H QC QD QS QH 2D AC AH"], bonuses="system_10_20")
    play(game, "draw", "knock KD", "done")
    assert game.round_scores == [0, 9 - 4 + 10]


# --- Grand Gin -------------------------------------------------------------------------------------

BIG_GIN = "AS 2S 3S 4S 5H 6H 7H 9C 9D 9H"  # + 9S drawn: AS-4S | 5H-7H | 9C 9D 9H 9S


def test_grand_gin_melds_eleven_cards_for_50() -> None:
    # "Le Grand Gin : si l'attaquant étale ses 11 cartes il obtient un bonus de 50 points."
    game = position([BIG_GIN, "4H 3H QC QD QS 8H 2D 8D JC 5C"], stock="9S 8S", grand_gin=True)
    game.play("draw")
    assert {"gin", "gin 4S", "gin 9S"} <= names(game)
    game.play("gin")
    assert game.hand(0) == [] and state(game).discard == tuple(parse_cards("6C 8C"))
    assert refused(game, "layoff 4H to 2").code == "no_layoff_on_gin"
    game.play("done")
    result = game.last_result
    assert result is not None and result.reason == "big_gin"
    assert game.round_scores == [4 + 3 + 8 + 2 + 8 + 10 + 5 + 50, 0]


def test_grand_gin_is_an_option() -> None:
    game = position([BIG_GIN, "4H 3H QC QD QS 8H 2D 8D JC 5C"], stock="9S 8S")
    game.play("draw")
    assert "gin" not in names(game)
    assert refused(game, "gin").code == "big_gin_off"
    game.play("gin 4S")  # an ordinary gin is still there
    assert state(game).finish == "gin"


def test_grand_gin_needs_all_eleven() -> None:
    game = position([GIN_HAND, GIN_DEFENDER], stock="7S 8S", grand_gin=True)
    game.play("draw")
    assert refused(game, "gin").code == "not_big_gin"


# --- fin de la manche: void round --------------------------------------------------------------


def test_round_is_void_when_two_cards_are_left_in_the_stock() -> None:
    # "La manche s'arrête si : Il ne reste que deux cartes dans la pioche : la manche est nulle"
    game = position(["AS 5S 9S 2H 6H 10H 3D 7D JD 4C", "2S 6S 10S 3H 7H JH 4D 8D QD 5C"], stock="KC KD KH")
    play(game, "draw", "discard KC")  # the stock is down to 2
    assert game.round_over
    result = game.last_result
    assert result is not None and result.reason == "void" and result.winner is None
    assert game.round_scores == [0, 0]
    assert names(game) == {"next"}


def test_the_player_who_draws_the_stock_down_to_two_may_still_knock() -> None:
    game = position([KNOCKER, DEFENDER], stock="9C KC KH")
    play(game, "draw", "knock KD")
    assert not game.round_over and state(game).finish == "knock"


def test_taking_the_discard_with_two_left_then_discarding_voids_the_round() -> None:
    game = position([KNOCKER, DEFENDER], stock="KC KH")
    play(game, "take", "discard KD")
    assert game.round_over and game.last_result is not None and game.last_result.reason == "void"


# --- Oklahoma ------------------------------------------------------------------------------------


# AS 2S 3S | 4H 5H 6H | 9C 9D 9H | KD, and a defender with no card in common
OKLAHOMA_HAND = "AS 2S 3S 4H 5H 6H 9C 9D 9H KD"
OKLAHOMA_DEFENDER = "JS QS KS JH QH KH 2D 3D 4D 5C"


def test_oklahoma_upcard_sets_the_knock_limit() -> None:
    # "Oklahoma : la valeur de l'entame fixe le seuil des cartes non utilisées. Exemple : si
    #  l'entame est un sept alors la valeur totale des cartes non utilisées doit être
    #  inférieure ou égale à 7."  Upcard 7S (the bottom of the discard pile).
    def after_drawing(card: str) -> Game:
        game = position(
            [OKLAHOMA_HAND, OKLAHOMA_DEFENDER],
            stock=f"{card} 8S",
            discard="7S 10C",
            variant="gin_oklahoma",
        )
        assert game.view(0).public.knock_limit == 7
        game.play("draw")
        return game

    assert "knock KD" in names(after_drawing("6C"))  # 6 left
    assert "knock KD" in names(after_drawing("7C"))  # 7 left: "inférieure ou égale à 7"
    game = after_drawing("8C")  # 8 left
    assert "knock KD" not in names(game)
    assert refused(game, "knock KD").code == "knock_too_high"
    # the same hand knocks in the plain game: the limit is 10 there
    plain = position([OKLAHOMA_HAND, OKLAHOMA_DEFENDER], stock="8C 8S", discard="7S 10C")
    plain.play("draw")
    assert "knock KD" in names(plain)


def test_oklahoma_face_card_upcard_allows_ten() -> None:
    game = position([KNOCKER, DEFENDER], stock="9C 8S", discard="QH 10C", variant="gin_oklahoma")
    assert game.view(0).public.knock_limit == 10


def test_oklahoma_ace_upcard_means_gin_only() -> None:
    # "Si l'entame est un As alors les joueurs doivent faire Gin."
    game = position(
        ["AS 2S 3S 4H 5H 6H 7C 7D 7H 2C", DEFENDER],
        stock="AC 8S",
        discard="AD 10C",
        variant="gin_oklahoma",
    )
    assert game.view(0).public.knock_limit == 0
    game.play("draw")  # AC: 2C + AC … deadwood 1 after discarding 2C — still no knock
    assert not {m for m in names(game) if m.startswith("knock")}
    assert refused(game, "knock 2C").code == "knock_gin_only"
    game = position([GIN_HAND, GIN_DEFENDER], stock="7S 8S", discard="AD 10C", variant="gin_oklahoma")
    play(game, "draw", "gin 8D")
    assert state(game).finish == "gin"


def test_oklahoma_spade_upcard_doubles_the_round() -> None:
    # "Si l'entame est un pique alors le total des points à la fin de cette manche est doublé."
    game = position([GIN_HAND, GIN_DEFENDER], stock="7S 8C", discard="10S 10C", variant="gin_oklahoma")
    assert game.view(0).public.doubled is True
    play(game, "draw", "gin 8D", "done")
    assert game.round_scores == [(41 + 25) * 2, 0]
    assert game.last_result is not None and game.last_result.details["doubled"] is True


def test_oklahoma_game_is_to_150() -> None:
    # "La partie se joue en 150 points."
    game = position([GIN_HAND, GIN_DEFENDER], stock="7S 8C", discard="10H 10C", variant="gin_oklahoma")
    game.totals = [100, 0]
    play(game, "draw", "gin 8D", "done")
    assert game.scores == [166, 0] and game.game_over is True
    game = position([GIN_HAND, GIN_DEFENDER], stock="7S 8C", discard="10H 10C", variant="gin_oklahoma")
    game.totals = [50, 0]
    play(game, "draw", "gin 8D", "done")
    assert game.game_over is False and names(game) == {"next"}


# --- game end --------------------------------------------------------------------------------------


def test_game_to_100_points() -> None:
    # "Une partie se joue en 100 points."
    game = position([KNOCKER, DEFENDER])
    game.totals = [83, 40]
    play(game, "draw", "knock KD", "done")  # +17 → exactly 100
    assert game.game_over and game.winners == [0] and game.scores == [100, 40]
    assert game.legal_moves() == []
    assert refused(game, "next").code == "game_over"


def test_below_100_the_next_round_is_dealt_by_the_other_player() -> None:
    game = position([KNOCKER, DEFENDER], to_play=0)  # dealer: seat 1
    play(game, "draw", "knock KD", "done", "next")
    assert game.dealer == 0 and game.to_play == 1 and names(game) == {"take", "pass"}
    assert game.totals == [17, 0]


def test_optional_game_end_bonuses() -> None:
    # Not in the seed (house options, off by default): 25 per round won, 100 for the game,
    # the winner's score doubled when the loser won no round.
    game = position([KNOCKER, DEFENDER], line_bonus=True, game_bonus=True, shutout=True)
    game.totals = [83, 0]
    play(game, "draw", "knock KD", "done")
    assert game.scores == [(100 + 25 + 100) * 2, 0]
    game = position([KNOCKER, DEFENDER], line_bonus=True, game_bonus=True)
    game.totals = [83, 0]
    play(game, "draw", "knock KD", "done")
    assert game.scores == [100 + 25 + 100, 0]


# --- views -----------------------------------------------------------------------------------------


def test_a_view_shows_no_hidden_card() -> None:
    game = position([KNOCKER, DEFENDER])
    view = game.view(1)
    assert view.hand == tuple(parse_cards(DEFENDER)) and view.legal_moves == ()
    assert all(card not in repr(view.public) for card in ("KD", "AS", "7H"))
    play(game, "draw", "knock KD", "done")
    assert set(game.view(0).public.shown) == {0, 1}  # after the showdown both hands are shown


def test_the_defender_may_take_back_showdown_moves() -> None:
    # the defender's melds and lay-offs stay provisional until `done`
    game = position([KNOCKER, DEFENDER])
    play(game, "draw", "knock KD", "layoff 4S to 1", "meld QC QD QS")
    assert "undo" in names(game)
    play(game, "undo", "undo")
    assert sorted(map(str, game.hand(1))) == sorted(DEFENDER.split())
    assert refused(game, "undo").code == "no_undo"


def test_the_defenders_hand_stays_hidden_until_the_showdown_ends() -> None:
    game = position([KNOCKER, DEFENDER])
    play(game, "draw", "knock KD")
    view = game.view(0)
    assert set(view.public.shown) == {0} and view.hand_counts == (1, 10)
    assert "QC" not in repr(view.public)


def test_turn_counts_each_players_turn() -> None:
    # a draw does not end the turn; the discard, a pass or a knock does
    game = Game.new("gin", players=2, seed=21)
    turns = [state(game).turn]
    for move in ("pass", "pass", "draw"):
        game.play(move)
        turns.append(state(game).turn)
    assert turns == [0, 1, 2, 2]
