"""Random play and fuzzing of Gin Rami: invariants after every move, every round and game ends.

Games are played and checked by the shared harness (tests/randomplay.py: every card once,
ten cards each between turns, views, copies, the log and the save replay), every move
deeply; each round's score is checked here. These players choose among the legal moves
only; they lean towards knocking and towards the discard that leaves the least deadwood, so
rounds end in knocks and gins more often than RandomBot's (the harness's own players, which
the long step plays by the thousand).
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from randomplay import Chooser, check_deep, check_move, pack_of, play_checked, soak

from ramigui.cards import ALL_CARDS
from ramigui.rules import Game, IllegalMove, Move
from ramigui.rules.gin import GinState, best_discard

MOVES_PER_ROUND = 400


def choose(game: Game, rng: random.Random) -> Move:
    moves = game.legal_moves()
    assert moves, "a round in progress always has a legal move"
    gins = [m for m in moves if m.kind == "gin"]
    if gins and rng.random() < 0.9:
        return rng.choice(gins)
    knocks = [m for m in moves if m.kind == "knock"]
    if knocks and rng.random() < 0.4:  # sometimes wait for gin
        return rng.choice(knocks)
    discards = [m for m in moves if m.kind == "discard"]
    state = game.state
    if discards and rng.random() < 0.6:
        assert isinstance(state, GinState)
        card, _ = best_discard(state.hand, keep=state.taken)
        return Move("discard", (card,))
    return rng.choice(moves)


def leaning_players(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda game, view: choose(game, rng)


def check(game: Game) -> None:
    """The harness's invariants of a position, all of them."""
    check_move(game, pack_of(game.variant, 2), [])
    check_deep(game)


def check_result(game: Game) -> None:
    result = game.last_result
    assert result is not None
    if result.reason == "void":
        assert result.points == (0, 0) and result.winner is None
        return
    assert result.winner is not None
    assert result.points[1 - result.winner] == 0 and result.points[result.winner] > 0
    d = result.details
    factor = 2 if d["doubled"] else 1
    knocker_gain = d["defender_deadwood"] - d["knocker_deadwood"]
    expected = {
        "knock": knocker_gain,
        "undercut": -knocker_gain + d["bonus"],
        "gin": d["defender_deadwood"] + d["bonus"],
        "big_gin": d["defender_deadwood"] + d["bonus"],
    }[result.reason]
    assert result.points[result.winner] == expected * factor
    if result.reason in ("gin", "big_gin"):
        assert d["knocker_deadwood"] == 0 and d["laid_off"] == ()
    if result.reason == "knock":
        assert 0 < d["knocker_deadwood"] <= d["knock_limit"] < d["defender_deadwood"] + d["knock_limit"]


def play_game(variant: str, seed: int, options: dict[str, object] | None = None) -> Game:
    game, _ = play_checked(variant, 2, seed, options, deep_every=1, choose=leaning_players(seed), on_round=check_result,
                           max_round_moves=MOVES_PER_ROUND, save=seed % 5 == 0)
    assert game.game_over and max(game.totals) >= game.variant.target
    return game


def test_random_games_gin() -> None:
    reasons: Counter[str] = Counter()
    for seed in range(soak(6, 2000)):
        game = play_game("gin", seed, {"grand_gin": seed % 2 == 1})
        reasons.update(r.reason for r in game.results)
        assert game.winners == [max((0, 1), key=lambda s: game.totals[s])]
    assert {"knock", "void", "gin", "undercut"} <= set(reasons)


OKLAHOMA_SEEDS = (1000, 1003, 1012)
"""Three games where every ending happens (1012 has the undercut): the default run's share."""


def test_random_games_oklahoma() -> None:
    reasons: Counter[str] = Counter()
    for seed in range(1000, 2000) if soak(0, 1) else OKLAHOMA_SEEDS:
        game = play_game("gin_oklahoma", seed, {"bonuses": "system_10_20"})
        reasons.update(r.reason for r in game.results)
        reasons.update("doubled" for r in game.results if r.details.get("doubled"))
    assert {"knock", "gin", "undercut", "doubled"} <= set(reasons)


def test_random_bots_play_gin_rounds() -> None:
    """RandomBot, the harness's own players (a sample; the long step plays whole games)."""
    for seed in range(soak(3, 200)):
        for variant in ("gin", "gin_oklahoma"):
            game, stats = play_checked(variant, 2, seed, max_rounds=None if soak(0, 1) else 4, on_round=check_result)
            assert stats.moves > 0 and stats.rounds == len(game.results) >= 1


def test_a_game_replays_identically_from_its_seed_and_moves() -> None:
    game = play_game("gin", 5)
    again = Game.replay("gin", 2, 5, game.moves_text())
    assert again.state == game.state and again.totals == game.totals


def test_legal_moves_are_exactly_the_accepted_ones() -> None:
    """Every move naming one card (or none) is accepted iff legal_moves lists it."""
    for seed in range(6):
        game = Game.new("gin", players=2, seed=seed, options={"grand_gin": True})
        rng = random.Random(seed)
        for _ in range(120):
            if game.round_over:
                break
            listed = {str(m) for m in game.legal_moves()}
            tries = ["draw", "take", "pass", "done", "gin"]
            tries += [f"{kind} {card}" for kind in ("discard", "knock", "gin") for card in ALL_CARDS]
            for text in tries:
                assert game.is_legal(text) == (text in listed), text
            game.play(choose(game, rng))


CARD_TOKENS = [str(c) for c in ALL_CARDS] + ["JK", "1S", "XX", "10", ""]
KINDS = [
    "draw",
    "take",
    "pass",
    "done",
    "knock",
    "gin",
    "discard",
    "meld",
    "layoff",
    "undo",
    "next",
    "swap",
    "carte",
    "expose",
    "score",
    "frob",
]


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(KINDS))
    cards = draw(st.lists(st.sampled_from(CARD_TOKENS), max_size=4))
    tail = draw(st.sampled_from(["", " to 1", " to 3", " to 9", " from 2", " for joker in 1"]))
    return " ".join([kind, *cards]) + tail if draw(st.booleans()) else draw(st.text(max_size=12))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), texts=st.lists(move_texts(), min_size=1, max_size=8))
def test_fuzzed_moves_never_crash_and_illegal_ones_change_nothing(seed: int, steps: int, texts: list[str]) -> None:
    game = Game.new("gin", players=2, seed=seed, options={"grand_gin": True})
    rng = random.Random(seed)
    for _ in range(steps):
        if game.round_over:
            break
        game.play(choose(game, rng))
    for text in texts:
        state, log, totals = game.state, list(game.log), list(game.totals)
        try:
            game.play(text)
        except IllegalMove as error:
            assert str(error)
            assert game.state is state and game.log == log and game.totals == totals
        else:
            check(game)
