"""Yami's turns, exposures, score sheets and game end (seed 002), played through Game.

Positions are set up with `Game.from_position`; each test quotes the clause it checks.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from ramigui.cards import make_deck, parse_cards
from ramigui.rules import Game, IllegalMove, Move
from ramigui.rules.yami_boxes import COMBINATIONS, SERIES
from ramigui.rules.yami_hint import best_discard, wants_discard_top
from ramigui.variants import get_variant

STOCK = "7S 8S 9S 10S JS QS"


def position(hands: list[str], to_play: int = 0, stock: str = STOCK, discard: str = "QD", **kw: Any) -> Game:
    return Game.from_position("yami", hands=hands, stock=stock, discard=discard, to_play=to_play, **kw)


def refused(game: Game, move: str) -> IllegalMove:
    """Play an illegal move: it must raise and change nothing."""
    before, log = game.state, list(game.log)
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    assert game.state == before and game.log == log
    return caught.value


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


# --- the variant and the deal ----------------------------------------------------------------


def test_variant() -> None:
    """"Deux jeux de 32 cartes (sans Joker) à 2 joueurs, quatre jeux à 3 et 4 joueurs";
    "Entre 2 et 4 joueurs"; "5 cartes"; "16 manches"."""
    v = get_variant("yami")
    assert v.family == "yami" and v.players == (2, 4) and v.deck == 32 and v.jokers_for(3) == 0
    assert (v.decks_for(2), v.decks_for(3), v.decks_for(4)) == (2, 4, 4)
    assert v.deal_for(4) == 5 and v.rounds == 16
    assert v.yami.bonus_threshold == {2: 105, 3: 90, 4: 90}


@pytest.mark.parametrize(("players", "pack"), [(2, 64), (3, 128), (4, 128)])
def test_deal(players: int, pack: int) -> None:
    """"Un joueur distribue 5 cartes à chaque joueur, face cachée, pose la pioche au centre et
    retourne à côté la première carte, qui constitue la défausse"."""
    game = Game.new("yami", players=players, seed=3, dealer=players - 1)
    assert [len(game.hand(s)) for s in range(players)] == [5] * players
    view = game.view(0)
    assert len(view.public.discard) == 1 and view.public.discard_top == view.public.discard[-1]
    assert view.public.stock_count == pack - 5 * players - 1
    assert game.all_cards() == Counter(make_deck(32, pack // 32))
    assert game.to_play == 0 and moves(game)[:2] == ["draw", "take"]


def test_deal_is_reproducible() -> None:
    one, two = Game.new("yami", players=3, seed=11), Game.new("yami", players=3, seed=11)
    assert one.state == two.state
    assert Game.new("yami", players=3, seed=12).state != one.state


# --- a turn: an exchange or an exposure, never both ------------------------------------------


def test_exchange_with_the_stock() -> None:
    """"chaque joueur a le choix de prendre une carte de la pioche ou de la défausse ; il doit
    ensuite jeter une carte de son choix, gardant toujours 5 cartes en main"."""
    game = position(["7H 8H 9D JC KS", "7C 8C 9C JD KD"])
    game.play("draw")
    assert sorted(map(str, game.hand(0))) == sorted(["7H", "8H", "9D", "JC", "KS", "7S"])
    assert game.view(0).public.stock_count == 5
    assert sorted(moves(game)) == sorted(f"discard {c}" for c in ["7H", "8H", "9D", "JC", "KS", "7S"])
    refused(game, "draw")
    refused(game, "discard AS")
    game.play("discard KS")
    assert len(game.hand(0)) == 5 and game.view(1).public.discard_top == parse_cards("KS")[0]
    assert game.to_play == 1


def test_exchange_with_the_discard() -> None:
    game = position(["7H 8H 9D JC KS", "7C 8C 9C JD KD"])
    game.play("take")
    assert parse_cards("QD")[0] in game.hand(0) and game.view(0).public.discard == ()
    game.play("discard 7H")
    assert game.view(1).public.discard_top == parse_cards("7H")[0]


def test_no_exposure_after_an_exchange() -> None:
    """"s'il décide d'échanger une carte, il doit attendre le tour suivant pour exposer ses cartes"."""
    game = position(["8S 8H 8D JC KS", "7C 8C 9C JD KD"])
    assert "expose" in moves(game)
    game.play("draw")
    assert refused(game, "expose").code == "not_your_phase"
    game.play("discard JC")
    assert game.to_play == 1 and "expose" not in moves(game)  # 7C 8C 9C JD KD: nothing to expose


def test_stock_empty_reuses_the_discard_pile() -> None:
    """RULES.md: "Stock empty: the discard pile except its top card is shuffled into a new stock"."""
    game = position(["7H 8H 9D JC KS", "7C 8C 9C JD KD"], stock="", discard="7S 8S 9S 10S AS")
    before = game.all_cards()
    game.play("draw")
    view = game.view(0)
    assert view.public.discard == tuple(parse_cards("AS")) and view.public.stock_count == 3
    assert game.all_cards() == before


# --- the exposer's obligation ---------------------------------------------------------------


def test_exposer_needs_something_to_score() -> None:
    """"S'il veut marquer dans les séries, le joueur doit exposer un brelan ou un carré ; s'il
    veut marquer dans les combinaisons, il doit exposer l'une des combinaisons"."""
    game = position(["8S 8H 9D 10C KS", "7C 8C 9C JD KD"], sheets=[{"paire": 5}, {}])
    error = refused(game, "expose")
    assert error.code == "yami_cannot_expose" and "brelan" in str(error)
    assert "expose" not in moves(game)
    free_pair = position(["8S 8H 9D 10C KS", "7C 8C 9C JD KD"])
    free_pair.play("expose")
    assert moves(free_pair) == ["score paire"]


def test_exposer_scores_a_brelan_in_a_serie_box() -> None:
    game = position(["8S 8H 8D 9C KS", "7C 8C 9C JD KD"])
    game.play("expose")
    assert moves(game) == ["score 8", "score paire", "score brelan"]
    assert refused(game, "score 9").code == "yami_exposer_series"  # one card: not for the exposer
    assert refused(game, "cross quinte").code == "yami_exposer_cross"
    assert refused(game, "score quinte").code == "yami_nothing_in_box"
    assert refused(game, "score bonus").code == "yami_bonus_box"
    assert refused(game, "score six").code == "yami_no_such_box"
    assert refused(game, "draw").code == "not_your_phase"
    game.play("score 8")
    assert game.view(1).public.sheets[0] == {"8": 15}


def test_exposer_may_not_use_a_filled_box() -> None:
    game = position(["8S 8H 8D 9C KS", "7C 8C 9C JD KD"], sheets=[{"8": 5, "brelan": 15}, {}])
    game.play("expose")
    assert moves(game) == ["score paire"]
    assert refused(game, "score 8").code == "yami_box_used"


# --- the others' obligation and the crossing out ---------------------------------------------


def test_the_others_score_at_once_in_turn_order() -> None:
    """"Dès qu'un joueur expose son jeu, il oblige les autres à le faire immédiatement" and
    "Ses adversaires marquent selon leurs possibilités, même avec une seule carte dans une
    case libre des séries ou avec une combinaison quelconque dans une case libre des
    combinaisons"."""
    game = position(["KS KH KD 9C 7S", "7C 9H JD KC AS", "QC QH 10D 10C 7H"])
    game.play("expose")
    game.play("score brelan")
    assert game.to_play == 1 and not game.round_over
    assert game.view(2).public.exposed == game.state.hands  # every hand is shown now
    assert moves(game) == ["score 7", "score 9", "score j", "score k", "score a"]  # box words in lower case
    assert refused(game, "cross quinte").code == "yami_must_score"  # "absolument rien": not so
    game.play("score 9")  # "même avec une seule carte"
    assert game.to_play == 2
    assert "score double_paire" in moves(game) and "score 10" in moves(game)
    game.play("score double_paire")
    assert game.round_over
    assert game.round_scores == [15, 5, 10]
    assert game.last_result is not None and game.last_result.winner == 0
    assert moves(game) == ["next"]


def test_crossing_out_when_nothing_can_be_scored() -> None:
    """"Mais s'ils n'ont absolument rien à marquer, ils doivent annuler la case libre de leur
    choix dans les séries ou combinaisons (excepté la case BONUS)"."""
    full = {box: 0 for box in ("7", "9", "J", "K", "A")} | {box: None for box in COMBINATIONS}
    game = position(["KS KH KD 9C 7S", "7C 9H JD KC AS"], sheets=[{}, full])
    game.play("expose")
    game.play("score K")
    assert moves(game) == ["cross 8", "cross 10", "cross q"]
    assert refused(game, "score 8").code == "yami_nothing_in_box"
    assert refused(game, "cross bonus").code == "yami_bonus_box"
    assert refused(game, "cross 7").code == "yami_box_used"
    game.play("cross q")
    assert game.round_over and game.round_scores == [15, 0]
    assert game.view(0).public.sheets[1]["Q"] is None


def test_a_new_deal_keeps_the_sheets() -> None:
    """"Les cartes sont ramassées, mélangées et redistribuées" — the sheets stay."""
    game = Game.new("yami", players=2, seed=5, dealer=1)
    while not game.round_over:
        game.play(_greedy(game, random.Random(1)))
    sheets = game.view(0).public.sheets
    assert all(len(sheet) == 1 for sheet in sheets)
    game.play("next")
    assert game.round_no == 2 and game.view(1).public.sheets == sheets
    assert game.dealer == 0 and game.to_play == 1
    assert game.scores == list(game.view(0).public.sheet_totals)


# --- the bonus --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "before", "bonus"),
    [
        (2, {"7": 20, "8": 20, "9": 20, "10": 20, "J": 10}, 50),   # 90 + 15 = 105: "105 ou plus à 2 joueurs"
        (2, {"7": 20, "8": 20, "9": 20, "10": 20, "J": 5}, 0),     # 85 + 15 = 100 < 105
        (3, {"7": 20, "8": 20, "9": 20, "10": 10, "J": 5}, 50),    # 75 + 15 = 90: "90 points ou plus"
        (3, {"7": 20, "8": 20, "9": 20, "10": 5, "J": 5}, 0),      # 70 + 15 = 85 < 90
        (4, {"7": 20, "8": 20, "9": 20, "10": 10, "J": 5}, 50),
        (3, {"7": 20, "8": 20, "9": 20, "10": 20, "J": 5}, 50),    # 100 with 3 players
    ],
)
def test_bonus_threshold(players: int, before: dict[str, int], bonus: int) -> None:
    """"un joueur totalisant 90 points ou plus – 105 ou plus à 2 joueurs – dans les séries, se
    voit offrir un bonus de 50 points"."""
    hands = ["QS QH QD 9C 7S"] + ["7C 9H JD KC AS"] * (players - 1)
    sheets: list[Mapping[str, int | None]] = [before, *([{}] * (players - 1))]
    game = position(hands, sheets=sheets)
    game.play("expose")
    game.play("score Q")
    assert game.view(0).public.bonus[0] == bonus
    while not game.round_over:
        game.play(game.legal_moves()[0])
    assert game.round_scores[0] == 15 + bonus
    assert game.scores[0] == sum(before.values()) + 15 + bonus


def test_bonus_is_earned_once() -> None:
    sheets: list[dict[str, int | None]] = [{"7": 20, "8": 20, "9": 20, "10": 20, "J": 20, "Q": 15}, {}]
    game = position(["KS KH KD 9C 7S", "7C 9H JD KC AS"], sheets=sheets)
    assert game.scores == [165, 0]  # 115 séries + the bonus already earned
    game.play("expose")
    game.play("score K")
    game.play("score 7")
    assert game.round_scores == [15, 5] and game.scores == [180, 5]


# --- the end of the game -----------------------------------------------------------------------


def _greedy(game: Game, rng: random.Random) -> Move:
    """A bot that exposes when it can and exchanges towards its free boxes (see yami_hint)."""
    legal = game.legal_moves()
    if Move("expose") in legal:
        return Move("expose")
    state = game.state
    seat = state.to_play
    free, hand = state.sheets[seat].free, state.hands[seat]
    if state.phase == "exchange":
        top = state.discard[-1] if state.discard else None
        return Move("take") if wants_discard_top(hand, top, free, state.rules) else Move("draw")
    if state.phase == "discard":
        return Move("discard", (best_discard(hand, free, state.rules),))
    return rng.choice(legal)


def test_sixteen_deals() -> None:
    """"Le jeu se joue donc en 16 manches et le vainqueur est celui qui totalise le plus de points"."""
    game = Game.new("yami", players=3, seed=2)
    rng = random.Random(2)
    while not game.game_over:
        game.play(_greedy(game, rng))
    assert len(game.results) == 16 and game.round_no == 16
    assert all(len(sheet) == 16 for sheet in game.view(0).public.sheets)
    assert game.legal_moves() == []
    assert refused(game, "next").code == "game_over"
    assert game.scores == list(game.view(1).public.sheet_totals)
    assert game.winners == [s for s, total in enumerate(game.scores) if total == max(game.scores)]
    assert not game.lower_wins


def test_the_400_maximum() -> None:
    """"le total général maximum s'élevant à 400 points": every série a carré, every
    combinaison, the bonus — here the last deal brings the quinte floche."""
    best: Mapping[str, int | None] = {box: 20 for box in SERIES} | {
        box: pts for box, pts in get_variant("yami").yami.combination_points.items() if box != "quinte_floche"
    }
    other: dict[str, int | None] = {box: None for box in SERIES[1:] + COMBINATIONS}
    game = position(["9C 10C JC QC KC", "7C 9H JD KC AS"], sheets=[best, other])
    assert game.scores == [350, 0] and game.round_no == 16
    game.play("expose")
    game.play("score quinte_floche")
    game.play("score 7")
    assert game.game_over and game.scores == [400, 5] and game.winners == [0]


# --- notation, views, other games' moves ------------------------------------------------------


def test_box_words_in_moves() -> None:
    game = position(["JS JH JD 9C 7S", "7C 9H JD KC AS"])
    game.play("expose")
    assert Move.parse("score J") in game.legal_moves()
    assert str(game.play("score V")) == "score j"  # the valet's box in its one writing, as listed
    assert game.view(0).public.sheets[0] == {"J": 15}


def test_moves_of_other_games_are_refused() -> None:
    game = position(["JS JH JD 9C 7S", "7C 9H JD KC AS"])
    for text in ("meld 7H 8H 9H", "knock KS", "pass", "take 7S from 1", "carte", "discard 7S"):
        assert refused(game, text).code in ("wrong_family", "not_your_phase")


def test_the_view_hides_other_hands_until_an_exposure() -> None:
    game = position(["JS JH JD 9C 7S", "7C 9H JD KC AS"], sheets=[{"Q": 10}, {"paire": 5}])
    view = game.view(1)
    assert Counter(view.hand) == Counter(parse_cards("7C 9H JD KC AS")) and view.public.exposed == ()
    assert view.public.sheets == ({"Q": 10}, {"paire": 5}) and view.public.sheet_totals == (10, 5)
    assert view.public.stock_count == 6 and view.public.discard_top == parse_cards("QD")[0]
    assert view.legal_moves == () and game.view(0).legal_moves
    game.play("expose")
    assert list(game.view(1).public.exposed[0]) == game.hand(0)
