"""The translation between our Gin (seed 001) and OpenSpiel's gin_rummy, for the benchmark
opponent `openspiel` (OpenSpiel's SimpleGinRummyBot at our table).

The pure part (card and meld numbers, the replay of a view) runs everywhere; the lockstep
tests need OpenSpiel (`pip install -e '.[bench]'`) and are skipped without it, as in CI.
"""

from __future__ import annotations

import random

import pytest

from ramigui.bots import make_bot
from ramigui.bots.openspiel_gin import (
    DRAW_STOCK,
    DRAW_UPCARD,
    KNOCK,
    MELD_BASE,
    PASS,
    card_from_number,
    card_number,
    meld_cards,
    meld_number,
    os_melds,
    os_player,
    replay_plan,
)
from ramigui.cards import make_deck, parse_card
from ramigui.rules import Game
from ramigui.rules.moves import Move
from ramigui.rules.public import GinPublic
from ramigui.variants import get_variant

GIN = get_variant("gin")


def _cards(text: str) -> list:
    return [parse_card(t) for t in text.split()]


def test_card_numbers_are_openspiel_s_suit_then_rank() -> None:
    assert [card_number(c) for c in _cards("AS KS AC 2D KH")] == [0, 12, 13, 27, 51]
    assert [card_from_number(card_number(c)) for c in make_deck(52)] == list(make_deck(52))


def test_meld_numbers_sets_by_missing_suit_then_runs_by_size_suit_and_rank() -> None:
    assert meld_number(_cards("AC AD AH")) == 0  # the spade is missing
    assert meld_number(_cards("2S 2C 2D 2H")) == 9
    assert meld_number(_cards("AS 2S 3S")) == 65
    assert meld_number(_cards("JH QH KH")) == 65 + 3 * 11 + 10
    assert meld_number(_cards("9H 10H JH QH KH")) == 184
    for number in range(185):
        assert meld_number(meld_cards(number)) == number


def test_runs_longer_than_five_are_laid_as_openspiel_runs() -> None:
    assert os_melds(_cards("3S 4S 5S 6S 7S 8S")) == [_cards("3S 4S 5S"), _cards("6S 7S 8S")]
    assert os_melds(_cards("AD 2D 3D 4D 5D 6D 7D 8D")) == [_cards("AD 2D 3D 4D 5D"), _cards("6D 7D 8D")]
    assert os_melds(_cards("7C 7D 7H 7S")) == [_cards("7C 7D 7H 7S")]


def _play_hands(seed: int, levels: tuple[str, str]) -> list[Game]:
    """A few hands of bots at our table, a copy of the game kept before every decision."""
    game = Game.new(GIN, 2, seed)
    bots = [make_bot("gin", level, seed * 2 + seat) for seat, level in enumerate(levels)]
    positions: list[Game] = []
    while not game.round_over:
        positions.append(game.copy())
        seat = game.to_play
        game.play(bots[seat].choose(game.view(seat)))
    positions.append(game.copy())
    return positions


def test_a_replayed_view_deals_every_card_once_and_holds_the_bots_hand() -> None:
    """Without OpenSpiel: the plan deals 21 distinct cards and the real upcard, each stock
    card is new, every card of the seat's hand comes from the deal or the stock, and the
    actions it plays are those of the history."""
    for seed in range(6):
        for game in _play_hands(seed, ("medium", "baseline"))[:-1]:
            view = game.view(game.to_play)
            plan = replay_plan(view, random.Random(seed))
            drawn = [v for k, v in plan.steps if k == "card"]
            assert len(set(plan.deal + drawn)) == 21 + len(drawn)
            assert card_from_number(plan.deal[20]) == view.public_as(GinPublic).upcard
            assert set(view.hand) <= {card_from_number(n) for n in plan.deal + drawn}
            said = [move.kind for _, move in view.history]
            assert said.count("draw") == len(drawn) == [v for k, v in plan.steps].count(DRAW_STOCK)
            assert said.count("take") == [v for k, v in plan.steps if k == "act"].count(DRAW_UPCARD)


# --- lockstep with OpenSpiel ---------------------------------------------------------------


def _os_actions(move: Move, before: Game, after: Game) -> list[int]:
    """OpenSpiel's actions for one of our moves (a stock card as a chance action)."""
    if move.kind == "pass":
        return [PASS]
    if move.kind == "take":
        return [DRAW_UPCARD]
    if move.kind == "draw":
        return [DRAW_STOCK, card_number(before.state.stock[-1])]
    if move.kind == "discard":
        return [card_number(move.card)]
    knocker = after.state.knocker
    melds = [m for m in after.state.melds if m.owner == knocker]
    return (
        [KNOCK, card_number(move.cards[0])]
        + [MELD_BASE + meld_number(p) for m in melds for p in os_melds(m.cards)]
        + [PASS]
    )


def _ours_as_actions(game: Game) -> set[int]:
    """Our legal moves at a decision as the OpenSpiel actions they stand for."""
    state = game.state
    out: set[int] = set()
    for move in game.legal_moves():
        if move.kind in ("take", "pass", "draw"):
            out.add({"take": DRAW_UPCARD, "pass": PASS, "draw": DRAW_STOCK}[move.kind])
        elif move.kind == "discard":
            out.add(card_number(move.card))
        elif move.kind in ("knock", "gin") and move.cards:
            out.add(KNOCK)
        elif move.kind == "layoff" and len(move.cards) == 1:
            out.add(card_number(move.cards[0]))
    if state.phase == "showdown":
        out.add(PASS)
    return out


def _theirs(state: object, taken: object) -> set[int]:
    """OpenSpiel's legal actions but the melds, the card just taken left out (seed 001
    forbids throwing it back)."""
    skip = {card_number(taken)} if taken is not None else set()
    return {a for a in state.legal_actions() if a < MELD_BASE and a not in skip}  # type: ignore[attr-defined]


def _lockstep(seed: int, levels: tuple[str, str]) -> int:
    """Play a hand with both engines; at each decision our legal moves and OpenSpiel's agree,
    and the position replayed from the player's view shows them what the real one shows."""
    pyspiel = pytest.importorskip("pyspiel")
    os_game = pyspiel.load_game("gin_rummy")
    positions = _play_hands(seed, levels)
    first = positions[0].state
    first_player = 1 - first.dealer
    state = os_game.new_initial_state()
    for card in (*first.hands[first_player], *first.hands[first.dealer], first.upcard):
        state.apply_action(card_number(card))
    checked = 0
    for before, after in zip(positions[:-1], positions[1:], strict=True):
        seat, ours = before.to_play, before.state
        player = os_player(seat, ours.dealer)
        if ours.phase == "showdown" and before.log and before.log[-1][0] == seat:
            break  # the defender's later showdown moves: ours lays off at `done`
        assert state.current_player() == player
        assert _ours_as_actions(before) == _theirs(state, ours.taken), f"seed {seed}, {ours.phase}"
        view = before.view(seat)
        replayed = os_game.new_initial_state()
        plan = replay_plan(view, random.Random(checked))
        for action in plan.deal + [v for _, v in plan.steps]:
            replayed.apply_action(action)
        assert replayed.observation_tensor(player) == state.observation_tensor(player)
        assert set(replayed.legal_actions()) == set(state.legal_actions())
        checked += 1
        move = after.log[-1][1]
        if ours.phase == "showdown":
            break
        if ours.phase == "discard" and move.kind in ("knock", "gin"):
            legal_discards = {a for a in _knock_discards(state) if card_from_number(a) != ours.taken}
            assert legal_discards == {
                card_number(m.cards[0])
                for m in before.legal_moves()
                if m.kind in ("knock", "gin") and m.cards
            }
        for action in _os_actions(move, before, after):
            state.apply_action(action)
        if after.round_over:
            break
    return checked


def _knock_discards(state: object) -> set[int]:
    after = state.clone()  # type: ignore[attr-defined]
    after.apply_action(KNOCK)
    return set(after.legal_actions())


@pytest.mark.parametrize("levels", [("baseline", "medium"), ("hard", "easy")])
def test_openspiel_and_ours_agree_at_every_decision_of_some_hands(levels: tuple[str, str]) -> None:
    assert sum(_lockstep(seed, levels) for seed in range(8)) > 100


@pytest.mark.long
def test_openspiel_and_ours_agree_at_every_decision_of_many_hands() -> None:
    assert (
        sum(
            _lockstep(seed, ("medium", "baseline")) + _lockstep(seed, ("hard", "random"))
            for seed in range(100, 400)
        )
        > 5000
    )


def test_the_openspiel_bot_plays_our_gin_to_the_end() -> None:
    pytest.importorskip("pyspiel")
    from ramigui.bots.openspiel_gin import OpenSpielGinBot

    for seed in range(3):
        game = Game.new(GIN, 2, seed)
        bots = [OpenSpielGinBot(seed), make_bot("gin", "medium", seed)]
        while not game.game_over:
            if game.round_over:
                game.play("next")
                continue
            seat = game.to_play
            view = game.view(seat)
            move = bots[seat].choose(view)
            assert move in view.legal_moves
            game.play(move)


def test_a_knock_with_the_card_just_taken_becomes_the_best_knock_our_rules_allow() -> None:
    """Seed 001 refuses throwing back the card just taken, knock or not; OpenSpiel allows
    it. The bot then knocks with the card that leaves the least deadwood."""
    from ramigui.bots.openspiel_gin import moves_of_actions

    hand = _cards("AS 2S 3S 4H 5H 6H 7C 7D 7H 2C KD")
    discards = [Move("discard", (c,)) for c in hand if c != parse_card("KD")]  # KD just taken
    legal = [*discards, Move("knock", (parse_card("7C"),)), Move("knock", (parse_card("2C"),))]
    moves = moves_of_actions([KNOCK, card_number(parse_card("KD"))], legal, "discard", hand)
    assert moves == [Move("knock", (parse_card("2C"),))]
    assert moves_of_actions([card_number(parse_card("7C"))], legal, "discard", hand) == [
        Move("discard", (parse_card("7C"),))
    ]
    assert moves_of_actions([DRAW_UPCARD], [Move("take"), Move("pass")], "offer", hand) == [Move("take")]
