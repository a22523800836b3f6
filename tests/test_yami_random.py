"""Yami random play and fuzzing (seed 002).

Many seeded games played by a bot that picks legal moves (at random, or towards a free box so
games end in hundreds of moves rather than tens of thousands), played and checked by the
shared harness (tests/randomplay.py). After every move: every card of the pack exactly once,
the hands the right size, the sheets only growing and within the 400 maximum; views, copies,
the log and the save replay as the harness says. Every game: "Le jeu se joue donc en 16
manches", every box of every sheet filled or crossed out. Fuzzing: any move text, legal or
not, never crashes the engine; an illegal one raises IllegalMove and leaves the game exactly
as it was.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from randomplay import Chooser, play_checked, soak

from ramigui.rules import Game, IllegalMove, Move
from ramigui.rules.yami_boxes import BOXES, SHEET_BOXES, box_of, move_word
from ramigui.rules.yami_hint import best_discard, wants_discard_top

GAMES = soak(5, 200)


def bot_move(game: Game, rng: random.Random, randomness: float) -> Move:
    """A legal move: at random with probability `randomness`, else exchange towards a box."""
    legal = game.legal_moves()
    if rng.random() < randomness:
        return rng.choice(legal)
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


def aiming_players(seed: int, randomness: float) -> Chooser:
    rng = random.Random(seed)
    return lambda game, view: bot_move(game, rng, randomness)


def play_game(count: int, seed: int, randomness: float, deep_every: int = 8) -> Game:
    game, _ = play_checked("yami", count, seed, choose=aiming_players(seed, randomness), deep_every=deep_every,
                           save=seed % 5 == 0)
    return game


@pytest.mark.parametrize("count", [2, 3, 4])
def test_random_games(count: int) -> None:
    for seed in range(GAMES):
        game = play_game(count, seed, randomness=0.3)
        assert game.game_over, f"seed {seed}: no end"
        assert len(game.results) == 16 and game.round_no == 16
        for sheet in game.state.sheets:
            assert sheet.is_full and set(dict(sheet.marks)) == set(SHEET_BOXES)
        assert sum(r.points[0] for r in game.results) == game.scores[0]


@pytest.mark.long
def test_a_purely_random_game_ends() -> None:
    """Even a bot that never aims anywhere finishes (the stock is reused forever): thousands
    of moves, so in the long step."""
    game = play_game(3, 4, randomness=1.0, deep_every=10_000)
    assert game.game_over and len(game.results) == 16


# --- fuzzing ------------------------------------------------------------------------------------

WORDS = [
    "draw", "take", "expose", "score", "cross", "discard", "meld", "layoff", "swap", "undo",
    "next", "pass", "knock", "gin", "carte", "done", "to", "for", "joker", "in", "from", "1", "2",
    "7S", "8H", "9D", "10C", "JS", "QH", "KD", "AC", "2S", "JK", "XX", "", "-", "é", "V", "Dame",
    *BOXES, *(box.upper() for box in BOXES), "double-paire", "carré", "six", "0", "17",
]


@st.composite
def move_text(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.sampled_from(WORDS), min_size=0, max_size=4))
    if draw(st.booleans()):
        words.append(draw(st.text(max_size=6)))
    return " ".join(words)


def _normal(move: Move) -> Move:
    """The move with its box word in the canonical spelling (`score V` is `score j`)."""
    if move.kind in ("score", "cross"):
        box = box_of(move.word)
        if box is not None:
            return Move(move.kind, word=move_word(box))
    return move


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 50),
    steps=st.integers(0, 120),
    texts=st.lists(move_text(), min_size=1, max_size=8),
)
def test_fuzz_moves(players: int, seed: int, steps: int, texts: list[str]) -> None:
    game = Game.new("yami", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.game_over:
            break
        game.play(bot_move(game, rng, 0.5))
    for text in texts:
        before, log, totals = game.state, list(game.log), list(game.totals)
        legal = game.legal_moves()
        try:
            move = game.play(text)
        except IllegalMove as error:
            assert str(error)
            assert game.state == before and game.log == log and game.totals == totals
            try:
                parsed = Move.parse(text)
            except IllegalMove:
                continue
            assert _normal(parsed) not in legal, f"{text!r} refused: {error}"
        else:
            assert _normal(move) in legal, f"{text!r} accepted but not listed"
