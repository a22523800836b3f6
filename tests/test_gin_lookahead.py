"""Hard gin's knock lookahead (`gin_lookahead`): a knock is scored after the defender's
lay-offs and with the undercut, playing on is the round played out against an early
knocker, and the sampled hands of the opponent hold only cards we cannot see.

Seed 001: "Si le défenseur a un total inférieur ou égal à celui de l'attaquant, il marque la
différence plus un bonus" (undercut), and the defender "peut ajouter une carte à un brelan
... ou allonger une suite" (lay-offs).
"""

from __future__ import annotations

import random

from test_gin_bot import light_hand

from ramigui.bots import make_bot
from ramigui.bots.gin_bot import _full_pack
from ramigui.bots.gin_lookahead import (
    Table,
    World,
    compare_plans,
    knock_now,
    play_on,
    sample_worlds,
)
from ramigui.bots.gin_model import read_opponent
from ramigui.cards import parse_cards
from ramigui.rules.gin_melds import best_melds, card_bit, hand_mask
from ramigui.rules.variant import GinRules

TABLE = Table(GinRules(), limit=10, stock=20)
KNOCKER = "AS 2S 3S 4H 5H 6H JC QC KC"  # three melds, and 2D thrown away: deadwood 0 … 9


def mask(text: str) -> int:
    return hand_mask(parse_cards(text))


def test_knock_score_is_the_difference_or_the_undercut() -> None:
    assert TABLE.knock_score(5, 30) == 25
    assert TABLE.knock_score(5, 5) == -(0 + 20)
    assert TABLE.knock_score(8, 3) == -(5 + 20)


def test_a_knock_counts_what_the_defender_lays_off() -> None:
    """3H and 7H go on our 4H-5H-6H: the same defender with 3D and 4C instead pays 7 more."""
    melds = best_melds(parse_cards(KNOCKER))[0]
    rest = "9S 9D 8C KD 5C 2C QD 7D"  # no meld, nothing to lay off: 60 points
    assert knock_now(melds, 2, World(mask(rest + " 3D 4C"), ()), TABLE) == 60 + 3 + 4 - 2
    assert knock_now(melds, 2, World(mask(rest + " 3H 7H"), ()), TABLE) == 60 - 2


def test_playing_on_meets_the_opponents_knock_and_undercuts_it() -> None:
    """They take our throw 8D into 6D-7D-8D and knock with AD at once; our only loose card,
    9D, goes on their run: 0 against their 1, the undercut."""
    theirs = World(mask("6D 7D 3C 3H 3S 10S JS QS AD KH"), tuple(parse_cards("2H 9C 9H")))
    mine = mask(KNOCKER + " 9D")
    assert play_on(mine, card_bit(parse_cards("8D")[0]), theirs, TABLE, target=0, horizon=8) == 1 - 0 + 20


def test_playing_on_when_they_knock_first_pays_the_difference() -> None:
    """The same, but our loose card is a KD that goes nowhere: we pay 10 - 1."""
    theirs = World(mask("6D 7D 3C 3H 3S 10S JS QS AD KH"), tuple(parse_cards("2H 9C 9H")))
    mine = mask(KNOCKER + " KD")
    assert play_on(mine, card_bit(parse_cards("8D")[0]), theirs, TABLE, target=0, horizon=8) == -(10 - 1)


def test_playing_on_for_gin_scores_the_bonus() -> None:
    """They draw 2H and throw 7H (their loose 7H 6C 5D 4S 2H: 24, 17 without it); we take it
    onto 4H-5H-6H, throw 9D and go gin: 25 and their 17 (nothing goes on a gin hand)."""
    theirs = World(mask("KS KH KD 10S JS QS 7H 6C 5D 4S"), tuple(parse_cards("2H 3D")))
    mine = mask(KNOCKER + " 9D")
    assert play_on(mine, card_bit(parse_cards("8C")[0]), theirs, TABLE, target=0, horizon=8) == 25 + 17


def test_sampled_hands_hold_their_known_cards_and_nothing_we_saw() -> None:
    game = light_hand("7S AD 8H 3C 10S 8C 7C 9H 10H 3D 4S 5D")
    view = game.view(0)
    model = read_opponent(view, _full_pack())
    worlds = sample_worlds(model, 10 - len(model.known), 1, 10, random.Random(3), 12)
    seen = hand_mask([*view.hand, *view.public.discard])
    assert worlds
    for world in worlds:
        assert bin(world.hand).count("1") == 10
        assert world.hand & seen == 0
        assert hand_mask(world.stock) & (seen | world.hand) == 0


def test_compare_plans_plays_every_plan_on_the_same_worlds() -> None:
    melds = best_melds(parse_cards(KNOCKER))[0]
    worlds = [World(mask("9S 9D 8C 10C KD 3D 5C 2C QD 7D"), tuple(parse_cards("2H 10D 4C")))]
    hand = parse_cards(KNOCKER + " 2D AD")
    now, waits = compare_plans(hand, (melds, 1, parse_cards("2D")[0]), parse_cards("2D")[0], [0, 1], worlds, TABLE)
    assert now == knock_now(melds, 1, worlds[0], TABLE)
    assert set(waits) == {0, 1}


def test_hard_knocks_a_light_hand_rather_than_wait_for_gin() -> None:
    """Hard must not play on here for gin. Early (the opponent has drawn once, the
    stock is long) a knock with 1 is worth more than waiting: most hands they may hold
    cannot undercut it, and waiting gives them the turns to knock first."""
    view = light_hand("7S AD 8H 3C 10S 8C 7C 9H 10H 3D 4S 5D").view(0)
    assert {make_bot("gin", "hard", seed).choose(view).kind for seed in range(4)} == {"knock"}


def test_playing_on_we_do_not_take_a_card_that_only_keeps_us_under_the_limit() -> None:
    """Waiting for gin with 9D loose (deadwood 9), their throw 9C would leave us at 9 again:
    taking it only shows them our hand, so we draw — 4S, gin (25 + their 7H 6C 5D 3D).
    Playing on must not take any card merely because it keeps us under the knock limit."""
    theirs = World(mask("KS KH KD 10S JS QS 7H 6C 5D 3D"), tuple(parse_cards("9C 4S 2H")))
    mine = mask(KNOCKER + " 9D")
    assert play_on(mine, card_bit(parse_cards("8C")[0]), theirs, TABLE, target=0, horizon=2) == 25 + 21
