"""Direction of play at the table (seed 004: "Le jeu se joue à gauche ou à droite").

The rules number seats in play order; the table seats the other players across the top so
that the next player is on the viewer's left when play goes left, on the right otherwise.
"""

from __future__ import annotations

import pytest

from ramigui.rules import Game
from ramigui.ui.table import seating


@pytest.mark.parametrize(("direction", "expected"), [("left", [1, 2, 3]), ("right", [3, 2, 1])])
def test_next_player_sits_on_the_side_play_goes(direction: str, expected: list[int]) -> None:
    game = Game.new("rami51", players=4, seed=1, options={"direction": direction}, dealer=3)
    assert seating(game.view(0), 0) == expected
    assert (game.to_play + 1) % 4 == 1  # seat 1 plays after seat 0 either way


def test_rami_familial_plays_to_the_right_by_default() -> None:
    """Seed 000: "celui situé à droite du donneur" starts — play goes right."""
    game = Game.new("rami", players=3, seed=1)
    assert seating(game.view(0), 0) == [2, 1]
