"""Random-play harness shared by every family's tests (OpenSpiel's random-sim test).

Plays seeded games with random legal moves and checks, after every move: each card of the
pack exists exactly once, only the seat to play has moves, moves exist iff the game is not
over, a copy equals the original, and the game ends within a bound. At the end the move
log replays to the identical state.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass

from ramigui.bots.random_bot import RandomBot
from ramigui.cards import Card
from ramigui.rules import Game, IllegalMove

SOAK = os.environ.get("RAMIGUI_SOAK") == "1"


def soak(default: int, long: int) -> int:
    """`default` games in the normal run, `long` when RAMIGUI_SOAK=1."""
    return long if SOAK else default


@dataclass
class PlayStats:
    moves: int = 0


def expected_pack(game: Game) -> Counter[Card]:
    """The pack of this game, as dealt (computed from the first state's cards)."""
    return Counter(game.all_cards())


def check_position(game: Game, pack: Counter[Card]) -> None:
    """The invariants that hold after every move."""
    assert game.all_cards() == pack, "a card appeared, vanished or was duplicated"
    moves = game.legal_moves()
    assert bool(moves) == (not game.game_over), "moves must exist exactly while the game goes on"
    for seat in range(game.players):
        view = game.view(seat)
        if seat != game.to_play or game.round_over:
            assert not view.legal_moves, "only the seat to play has moves"
        assert list(view.hand) == game.hand(seat)
    twin = game.copy()
    assert twin.state == game.state and twin.scores == game.scores


def play_random_game(
    variant: object,
    players: int,
    seed: int,
    options: dict[str, object] | None = None,
    max_rounds: int | None = None,
    max_moves: int = 200_000,
    check_every: int = 1,
) -> tuple[Game, PlayStats]:
    """One seeded game of random legal moves, every invariant checked along the way."""
    game = Game.new(variant, players=players, seed=seed, options=options)  # type: ignore[arg-type]
    bots = [RandomBot(seed * 31 + seat) for seat in range(players)]
    pack = expected_pack(game)
    stats = PlayStats()
    while not game.game_over:
        if game.round_over:
            if max_rounds is not None and len(game.results) >= max_rounds:
                break
            game.play("next")
            pack = expected_pack(game)
        else:
            move = bots[game.to_play].choose(game.view(game.to_play))
            try:
                game.play(move)
            except IllegalMove as error:  # a listed move must be accepted
                raise AssertionError(f"legal move {move} refused: {error}") from error
        stats.moves += 1
        assert stats.moves < max_moves, f"game did not end in {max_moves} moves"
        if stats.moves % check_every == 0:
            check_position(game, pack)
    replayed = Game.replay(game.variant, players, seed, game.moves_text())
    assert replayed.state == game.state, "the move log does not replay to the same state"
    assert replayed.scores == game.scores
    return game, stats
