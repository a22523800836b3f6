"""Pictures of tables in set moments, to check that drawing only what changed looks the same.

Each family's table (Rami 51, Gin, Yami) after some moves, then the same table with a card
in flight and with cards dragged: the moments a kept layer could go stale. Used by
`tools/frames_match.py` (every size, saved before and compared after a drawing change) and
by the suite (a few of them, small, against a table drawn from scratch).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame

from ramigui.rules import Game
from ramigui.settings import Settings
from ramigui.ui.anim import FLIGHT_TIME, Flight
from ramigui.ui.app import App
from ramigui.ui.felt import felt
from ramigui.ui.hand_state import Drag
from ramigui.ui.seats import TableConfig
from ramigui.ui.shots import advance
from ramigui.ui.table import TableScene
from ramigui.ui.table_draw import draw_table
from ramigui.variants import get_variant

FAMILIES = (("rami51", 4, 30), ("gin", 2, 6), ("yami", 3, 8))
"""A variant of each family, its players and the moves played before the pictures."""
MOMENTS = ("still", "flight", "flight-later", "drag", "drag-moved", "after")
"""The later flight and the moved drag are drawn over the frame before (only what changed)."""


def table_pictures(variant: str, players: int, moves: int, size: tuple[int, int]
                   ) -> Iterator[tuple[str, pygame.Surface, pygame.Surface]]:
    """(moment, copy of the screen, the same table drawn from scratch) for each of MOMENTS,
    the screen drawn through the real App."""
    screen = pygame.display.set_mode(size)
    game = Game.new(get_variant(variant), players, seed=7)
    scene = TableScene(TableConfig(variant, players, seed=7, humans=[True] + [False] * (players - 1)), game)
    app = App(screen, Settings(animation_speed="normal"))
    app.push(scene)
    advance(
        scene,
        moves,
        seed=7,
        stop=lambda g: g.to_play == 0 and bool(g.hand(0)) and moves > 0 and len(g.log) >= moves,
    )
    app.draw()
    yield "still", screen.copy(), from_scratch(scene)
    lay = scene.layout
    assert lay is not None
    scene.flights.append(Flight(None, lay.stock.copy(), lay.discard.copy(), scene.now, FLIGHT_TIME, ("discard", 0)))
    scene.now += FLIGHT_TIME / 3
    app.draw()
    yield "flight", screen.copy(), from_scratch(scene)
    scene.now += FLIGHT_TIME / 3
    app.draw()
    yield "flight-later", screen.copy(), from_scratch(scene)
    scene.flights.clear()
    order = scene.hand.order
    if order:
        start = lay.hand[0]
        scene.hand.drag = Drag(
            "hand",
            (order[0],),
            (0,),
            (10, 10),
            (start.centerx + size[0] // 5, start.y - size[1] // 4),
            lit=frozenset({"discard"}),
        )
        app.draw()
        yield "drag", screen.copy(), from_scratch(scene)
        scene.hand.drag = replace(scene.hand.drag, pos=(size[0] // 2, size[1] // 2))
        app.draw()
        yield "drag-moved", screen.copy(), from_scratch(scene)
        scene.hand.drag = None
    app.draw()
    yield "after", screen.copy(), from_scratch(scene)
    while app.scenes:
        app.pop()


def from_scratch(scene: TableScene) -> pygame.Surface:
    """The scene's table drawn whole on a fresh surface, nothing kept: felt, table, buttons."""
    surface = pygame.Surface(scene.size, 0, pygame.display.get_surface())
    surface.blit(felt(scene.size, scene.app.settings.table_colour if scene.app else "green"), (0, 0))
    draw_table(surface, scene.frame(), scene.family)
    for button in scene.buttons:
        button.draw(surface)
    return surface


def differing_pixels(one: pygame.Surface, other: pygame.Surface) -> int:
    """How many pixels differ between two pictures of the same size."""
    if one.get_size() != other.get_size():
        return one.get_width() * one.get_height()
    a, b = pygame.image.tobytes(one, "RGB"), pygame.image.tobytes(other, "RGB")
    if a == b:
        return 0
    return sum(1 for k in range(0, len(a), 3) if a[k:k + 3] != b[k:k + 3])
