"""Random play and fuzzing of Gin Rami: invariants after every move, every round and game ends.

The players choose among `g.legal_moves()` only; they lean towards knocking and towards the
discard that leaves the least deadwood, or a random game would almost never end (nearly every
round would be void at two stock cards).
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from randomplay import play_random_game, soak

from ramigui.cards import ALL_CARDS, make_deck
from ramigui.rules import Game, IllegalMove, Move
from ramigui.rules.gin import GinState, best_discard

DECK = Counter(make_deck(52))
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


def check(game: Game) -> None:
    """Invariants of every position."""
    assert Counter(game.all_cards()) == DECK
    state = game.state
    assert isinstance(state, GinState)
    if state.phase in ("offer", "draw"):
        assert [len(h) for h in state.hands] == [10, 10]
    assert game.totals == [sum(r.points[s] for r in game.results) for s in (0, 1)]
    if not game.round_over:
        view = game.view(game.to_play)
        assert set(view.legal_moves) == set(game.legal_moves())
        assert game.view(1 - game.to_play).legal_moves == ()


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
    game = Game.new(variant, players=2, seed=seed, options=options)
    rng = random.Random(seed)
    reasons: Counter[str] = Counter()
    while not game.game_over:
        for _ in range(MOVES_PER_ROUND):
            game.play(choose(game, rng))
            check(game)
            if game.round_over:
                break
        assert game.round_over, f"round {game.round_no} of seed {seed} did not end"
        check_result(game)
        reasons[game.results[-1].reason] += 1
        assert len(game.results) < 300, "the game did not end"
        if not game.game_over:
            game.play("next")
    assert max(game.totals) >= game.variant.target
    assert game.legal_moves() == []
    return game


def test_random_games_gin() -> None:
    reasons: Counter[str] = Counter()
    for seed in range(soak(10, 2000)):
        game = play_game("gin", seed, {"grand_gin": seed % 2 == 1})
        reasons.update(r.reason for r in game.results)
        assert game.winners == [max((0, 1), key=lambda s: game.totals[s])]
    assert {"knock", "void", "gin", "undercut"} <= set(reasons)


def test_random_games_oklahoma() -> None:
    reasons: Counter[str] = Counter()
    for seed in range(soak(15, 1000)):
        game = play_game("gin_oklahoma", 1000 + seed, {"bonuses": "system_10_20"})
        reasons.update(r.reason for r in game.results)
        reasons.update("doubled" for r in game.results if r.details.get("doubled"))
    assert {"knock", "gin", "undercut", "doubled"} <= set(reasons)


def test_shared_random_play_harness() -> None:
    """The harness every family shares (RandomBot, copies, views, replay of the log)."""
    for seed in range(soak(3, 200)):
        for variant in ("gin", "gin_oklahoma"):
            game, stats = play_random_game(variant, 2, seed, max_rounds=None if soak(0, 1) else 4)
            assert stats.moves > 0 and len(game.results) >= 1


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
KINDS = ["draw", "take", "pass", "done", "knock", "gin", "discard", "meld", "layoff", "undo", "next", "swap", "carte", "expose", "score", "frob"]


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(KINDS))
    cards = draw(st.lists(st.sampled_from(CARD_TOKENS), max_size=4))
    tail = draw(st.sampled_from(["", " to 1", " to 3", " to 9", " from 2", " for joker in 1"]))
    return " ".join([kind, *cards]) + tail if draw(st.booleans()) else draw(st.text(max_size=12))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
