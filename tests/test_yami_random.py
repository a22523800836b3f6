"""Yami random play and fuzzing (seed 002).

Many seeded games played by a bot that picks legal moves (at random, or towards a free box so
games end in hundreds of moves rather than tens of thousands). After every move: every card
of the pack exactly once, the hands the right size, the sheets only growing and within the
400 maximum. Every game: "Le jeu se joue donc en 16 manches", every box of every sheet filled
or crossed out. Fuzzing: any move text, legal or not, never crashes the engine; an illegal one
raises IllegalMove and leaves the game exactly as it was.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramigui.cards import make_deck
from ramigui.rules import Game, IllegalMove, Move
from ramigui.rules.yami_boxes import BOXES, SHEET_BOXES, box_of, max_total, move_word
from ramigui.rules.yami_hint import best_discard, wants_discard_top

SOAK = bool(os.environ.get("RAMIGUI_SOAK"))
GAMES = 200 if SOAK else 15


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


def check_position(game: Game, pack: Counter[object], previous: list[int]) -> list[int]:
    """The invariants after one move; returns the sheets' sizes for the next check."""
    state = game.state
    assert game.all_cards() == pack
    for seat, hand in enumerate(state.hands):
        extra = 1 if state.phase == "discard" and seat == state.to_play else 0
        assert len(hand) == 5 + extra
    sizes = [len(sheet.marks) for sheet in state.sheets]
    assert all(now >= before for now, before in zip(sizes, previous, strict=True))
    assert all(0 <= total <= max_total(state.rules) for total in state.totals())
    legal = game.legal_moves()
    assert bool(legal) != game.game_over
    other = (game.to_play + 1) % game.players
    assert bool(game.view(game.to_play).legal_moves) != game.round_over
    assert game.view(other).legal_moves == ()  # only the player to play has moves
    if game.round_over:
        assert game.totals == list(state.totals())
        assert len(set(len(sheet.marks) for sheet in state.sheets)) == 1
    return sizes


def play_game(players: int, seed: int, randomness: float, check: bool = True) -> Game:
    game = Game.new("yami", players=players, seed=seed)
    pack: Counter[object] = Counter(make_deck(32, game.variant.decks_for(players)))
    rng = random.Random(seed)
    sizes = [0] * players
    for _ in range(200_000):
        if game.game_over:
            break
        game.play(bot_move(game, rng, randomness))
        if check:
            sizes = check_position(game, pack, sizes)
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(players: int) -> None:
    for seed in range(GAMES):
        game = play_game(players, seed, randomness=0.3)
        assert game.game_over, f"seed {seed}: no end"
        assert len(game.results) == 16 and game.round_no == 16
        for sheet in game.state.sheets:
            assert sheet.is_full and set(dict(sheet.marks)) == set(SHEET_BOXES)
        assert sum(r.points[0] for r in game.results) == game.scores[0]
        twin = Game.replay("yami", players, seed, game.moves_text())
        assert twin.state == game.state and twin.scores == game.scores


def test_a_purely_random_game_ends() -> None:
    """Even a bot that never aims anywhere finishes (the stock is reused forever)."""
    game = play_game(3, 4, randomness=1.0, check=False)
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


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
