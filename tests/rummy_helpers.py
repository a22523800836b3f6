"""Small helpers for the rummy scenario tests: set up a position, play moves in notation,
and check that a refused move leaves the game exactly as it was.

Positions are written the way `Game.from_position` takes them: `stock` top card first,
`discard` bottom to top (top card last), `melds` as (owner seat, cards).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from ramigui.cards import format_cards, parse_cards
from ramigui.rules import Game, IllegalMove
from ramigui.rules.variant import Variant
from ramigui.variants import get_variant


def position(
    variant: str | Variant,
    hands: list[str],
    stock: str = "",
    discard: str = "",
    to_play: int = 0,
    melds: list[tuple[int, str]] | None = None,
    **extra: Any,
) -> Game:
    """A game in the middle of a round, hands and piles written as card strings."""
    chosen = get_variant(variant) if isinstance(variant, str) else variant
    return Game.from_position(
        chosen,
        hands=[h.split() for h in hands],
        stock=stock.split(),
        discard=discard.split(),
        to_play=to_play,
        melds=[(owner, cards.split()) for owner, cards in (melds or [])],
        **extra,
    )


def play(game: Game, *moves: str) -> Game:
    """Play moves in notation; a refusal fails the test with the engine's reason."""
    for move in moves:
        try:
            game.play(move)
        except IllegalMove as error:  # pragma: no cover - shown only when a test fails
            raise AssertionError(f"{move!r} refused: {error} ({error.code})") from None
    return game


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a refused move must leave untouched."""
    return (
        game.state,
        list(game.log),
        list(game.round_log),
        list(game._history),
        list(game.totals),
        list(game.results),
        list(game._undo),
        game.round_no,
    )


def refused(game: Game, move: str, code: str) -> IllegalMove:
    """`move` raises IllegalMove with this code and a readable reason; nothing changes."""
    before = snapshot(game)
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    error = caught.value
    assert error.code == code, f"{move!r}: expected {code}, got {error.code}: {error}"
    assert str(error) and str(error) != code, "the reason must be readable text"
    assert snapshot(game) == before, f"{move!r} was refused but changed the game"
    return error


def table(game: Game) -> list[str]:
    """The melds on the table in notation, in table order."""
    return [format_cards(meld.cards) for meld in game.state.melds]


def holds(game: Game, seat: int, cards: str) -> bool:
    """Whether `seat` holds exactly these cards (in any order)."""
    return Counter(game.hand(seat)) == Counter(parse_cards(cards))


def top(game: Game) -> str:
    """The top card of the discard pile (empty string if none)."""
    discard = game.state.discard
    return str(discard[-1]) if discard else ""


def stock_top_first(game: Game) -> str:
    """The stock in notation, top card first (the order `position` takes)."""
    return format_cards(reversed(game.state.stock))


def bot_turn(game: Game, level: str, seat: int = 0) -> list[str]:
    """The moves a rummy bot of `level` plays in `seat` until its turn (or the round) ends."""
    from ramigui.bots.rummy_bot import RummyBot

    bot, moves = RummyBot(level, seat), []
    while game.to_play == seat and not game.round_over:
        moves.append(str(game.play(bot.choose(game.view(seat)))))
    return moves
