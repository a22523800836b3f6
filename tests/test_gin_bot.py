"""The Gin bots' own logic: the opponent model, the hard bot's discards and knocks.

Positions are set with `Game.from_position("gin", …)` (stock top card first, discard bottom
to top) and then played through the checked path, so the public history the bots read is
the one a real game would give. Seat 0 is the bot under test; seat 1 the opponent.
"""

from __future__ import annotations

import pytest

from ramigui.bots import make_bot
from ramigui.bots.gin_bot import _full_pack
from ramigui.bots.gin_model import read_opponent
from ramigui.cards import parse_card
from ramigui.rules import Game

# Seat 0 draws 9C and throws JD; the opponent takes JD (or refuses it) and throws 5C;
# seat 0 draws 2D and holds:
#   AS 2S 3S 4S | 5H 6H 7H | KD QC 9C 2D     → KD or QC is the discard
# KD and QC weigh the same and help nothing in the hand: only what the opponent shows
# can tell them apart. JD sits next to KD (JD-QD-KD), not to QC.
MINE = "AS 2S 3S 4S 5H 6H 7H KD QC JD"
THEIRS = "JS JH 10D 9D 5C 3H 4D 6C 8S 2C"


def after_opponent(takes_jd: bool) -> Game:
    """The history a dealt game would give: the pile's cards are public as they are thrown."""
    stock = "9C 2D 8H 3C 10S 8C 7C" if takes_jd else "9C 7S 2D 8H 3C 10S 8C 7C"
    game = Game.from_position("gin", hands=[MINE, THEIRS], stock=stock, discard="4C", to_play=0)
    for move in ("draw", "discard JD", "take" if takes_jd else "draw", "discard 5C", "draw"):
        game.play(move)
    return game


def test_model_knows_the_card_taken_and_its_neighbours() -> None:
    view = after_opponent(takes_jd=True).view(0)
    model = read_opponent(view, _full_pack())
    assert model.known == {parse_card("JD")}
    # Near JD (same suit, two apart) more likely than a card near nothing they did.
    assert model.holds(parse_card("QD")) > model.holds(parse_card("8H"))
    # The hidden cards' odds add up to the cards of theirs we cannot see.
    assert sum(model.odds.values()) == pytest.approx(9)
    assert model.meld_chance(parse_card("KD")) > model.meld_chance(parse_card("QC"))


def test_model_cards_we_hold_or_saw_are_not_theirs() -> None:
    model = read_opponent(after_opponent(takes_jd=True).view(0), _full_pack())
    for seen in ("AS", "2D", "5C", "4C"):
        assert model.holds(parse_card(seen)) == 0.0


def test_hard_keeps_the_card_next_to_what_the_opponent_took() -> None:
    """They took JD: KD may complete JD-QD-KD for them, QC is as useless to us and safer."""
    view = after_opponent(takes_jd=True).view(0)
    assert str(make_bot("gin", "hard", 1).choose(view)) == "discard QC"


def test_hard_throws_the_same_card_when_the_opponent_refused_it() -> None:
    """The control: JD left for the stock says KD is no better to them than QC."""
    view = after_opponent(takes_jd=False).view(0)
    assert str(make_bot("gin", "hard", 1).choose(view)) == "discard KD"


# Seat 0 holds three melds and 2D; it draws AD: knocking with 1 (AD) is legal.
#   AS 2S 3S | 4H 5H 6H | JC QC KC | 2D   + AD
LIGHT = "AS 2S 3S 4H 5H 6H JC QC KC 2D"
LIGHT_THEIRS = "JS JH 10D 9D 5C 3H 4D 6C 8S 2C"


def light_hand(stock: str) -> Game:
    game = Game.from_position("gin", hands=[LIGHT, LIGHT_THEIRS], stock=stock, discard="4C QD", to_play=1)
    game.play("draw")
    game.play("discard 5C")
    game.play("draw")
    return game


def test_hard_knocks_when_the_stock_runs_out() -> None:
    """Two cards left after the draw: a plain discard would void the round, so knock."""
    game = light_hand("7S AD 8H 3C")
    move = make_bot("gin", "hard", 1).choose(game.view(0))
    assert move.kind in ("knock", "gin")


@pytest.mark.parametrize("variant", ["gin", "gin_oklahoma"])
@pytest.mark.parametrize("levels", [("hard", "baseline"), ("hard", "medium"), ("medium", "easy")])
def test_gin_bots_only_play_legal_moves(variant: str, levels: tuple[str, str]) -> None:
    for seed in range(3):
        game = Game.new(variant, 2, 40 + seed)
        bots = [make_bot(variant, level, seed * 7 + seat) for seat, level in enumerate(levels)]
        for _ in range(3000):
            if game.game_over or len(game.results) >= 3:
                break
            if game.round_over:
                game.play("next")
                continue
            view = game.view(game.to_play)
            move = bots[game.to_play].choose(view)
            assert move in view.legal_moves, f"{levels[game.to_play]} played {move}"
            game.play(move)
        assert game.results


def test_hard_same_seed_same_game() -> None:
    def moves(seed: int) -> list[str]:
        game = Game.new("gin", 2, seed)
        bots = [make_bot("gin", "hard", 3), make_bot("gin", "baseline", 4)]
        while len(game.results) < 2 and not game.game_over:
            if game.round_over:
                game.play("next")
                continue
            game.play(bots[game.to_play].choose(game.view(game.to_play)))
        return game.moves_text()

    assert moves(9) == moves(9)


def test_hard_throw_is_the_cheapest_over_every_discard_though_some_dangers_are_skipped() -> None:
    """Hard works out the danger of a throw only where it can change the choice (it is a
    chance, so it adds at most `w_danger`): at every throw of two dealt rounds the card
    chosen is the one the full cost of every discard would choose."""
    from ramigui.bots.gin_bot import TUNE, GinBot, _Decision

    game = Game.new("gin", 2, 41)
    hard = GinBot("hard", 5)
    bots = [hard, make_bot("gin", "baseline", 6)]
    checked = skipped = 0
    while len(game.results) < 2 and not game.game_over:
        if game.round_over:
            game.play("next")
            continue
        view = game.view(game.to_play)
        discards = [m for m in view.legal_moves if m.kind == "discard"]
        if game.to_play == 0 and discards:
            decision = _Decision(view, hard)
            draws = decision.draws()
            plain = decision._with_their_throw({m: decision._draw_cost(m.card, draws) for m in discards})
            full = {m: plain[m] + TUNE["w_danger"] * decision._danger(m.card) for m in discards}
            assert decision._discard(discards) == min(discards, key=lambda m: (full[m], str(m)))
            checked += 1
            skipped += any(p > min(plain.values()) + TUNE["w_danger"] for p in plain.values())
        game.play(bots[game.to_play].choose(view))
    assert checked >= 10 and skipped >= 5


# The baseline is the plain rule player: take the upcard or the discard only if it
# lowers the deadwood or lets it knock, knock as soon as it can, throw the highest deadwood.
HEAVY = "AS 2S 3S 4H 5H 6H KD QC 9C 8D"  # deadwood 37


def heavy_after(discard: str) -> Game:
    return Game.from_position("gin", hands=[HEAVY, THEIRS], stock="7S 8H 3C 10S", discard=discard, to_play=0)


def test_baseline_takes_a_low_card_that_lowers_its_deadwood() -> None:
    """2D melds nothing, but kept in place of KD it takes the deadwood from 37 to 29."""
    assert str(make_bot("gin", "baseline", 1).choose(heavy_after("4C 2D").view(0))) == "take"


def test_baseline_refuses_a_card_that_lowers_nothing() -> None:
    assert str(make_bot("gin", "baseline", 1).choose(heavy_after("4C KC").view(0))) == "draw"


def test_baseline_throws_its_highest_deadwood_card() -> None:
    game = heavy_after("4C KC")
    game.play("draw")  # 7S joins nothing
    assert str(make_bot("gin", "baseline", 1).choose(game.view(0))) == "discard KD"


def test_medium_keeps_the_loose_card_that_may_still_meld() -> None:
    """Medium (meant to be at least even with the baseline): KD, QC and JD all leave 37 of
    deadwood, but KD and JD are one QD away from a run; QC near nothing goes."""
    game = Game.from_position(
        "gin", hands=["AS 2S 3S 4H 5H 6H KD QC JD 8D", THEIRS], stock="9C 7S 8H", discard="4C KC", to_play=0
    )
    game.play("draw")
    assert str(make_bot("gin", "medium", 1).choose(game.view(0))) == "discard QC"
    assert str(make_bot("gin", "baseline", 1).choose(game.view(0))) == "discard KD"


def test_hard_counts_the_card_the_opponent_will_likely_throw_as_a_second_draw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain player throws its highest loose card, and hard reads which (`throw_odds`): the
    next card it may take is that one as well as the stock's. Sure that K♦ comes, keeping
    K♠ K♥ costs less (the set is one take away), and breaking the pair gains nothing from
    it. Against OpenSpiel's simple player this took hard from 69.7% of games and 50.8% of
    hands to 72.2% and 52.9% (the ladder's 2,000 games, seed 1)."""
    from ramigui.bots import gin_reading
    from ramigui.bots.gin_bot import GinBot, _Decision
    from ramigui.rules.gin_melds import card_bit

    game = Game.from_position("gin", hands=["AS 2S 3S 4H 5H 6H KS KH 9D 8C", "7C 7D 2H 3H JD JC 10S 4S 5S 6D"],
                              stock="JH 2D 3C 4D 5C 8H", discard="AC", to_play=0)
    game.play("draw")
    view = game.view(0)
    discards = {str(m): m for m in view.legal_moves if m.kind == "discard"}
    decision = _Decision(view, GinBot("hard", 1))
    assert isinstance(decision.model, gin_reading.ReadHand) and decision.model.hands
    monkeypatch.setattr(gin_reading.ReadHand, "throw_odds", lambda self: {card_bit(parse_card("KD")): 1.0})
    draws = decision.draws()
    plain = {m: decision._draw_cost(m.card, draws) for m in discards.values()}
    valued = decision._with_their_throw(plain)
    keeps_pair, breaks_pair = discards["discard 9D"], discards["discard KH"]
    assert valued[keeps_pair] < plain[keeps_pair] - 1, (valued[keeps_pair], plain[keeps_pair])
    assert valued[breaks_pair] == pytest.approx(plain[breaks_pair])
