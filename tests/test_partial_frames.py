"""Drawing only what changed looks the same: a frame the table draws through its partial
path (the kept table composed anew only in the places of the parts that changed, only the
changed rectangles put on screen) is, pixel for pixel, the table drawn whole from scratch —
while a person drags cards to the discard pile and while the bots' cards fly and land, in a
rummy, a Gin and a Yami game. And every part of the still table paints only inside the
area it declares (else a place drawn again would miss it)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest
import test_kept_table as kept_table_tests

from ramigui.rules import Game
from ramigui.settings import Settings
from ramigui.ui.anim import FLIGHT_TIME, Flight
from ramigui.ui.app import App
from ramigui.ui.frame_shots import differing_pixels, from_scratch
from ramigui.ui.hand_state import Drag
from ramigui.ui.seats import TableConfig
from ramigui.ui.shots import advance
from ramigui.ui.table import TableScene
from ramigui.ui.table_draw import still_parts
from ramigui.variants import get_variant

SIZE = (1024, 600)
STEP = 1 / 30
"""The clock's step between two frames: a flight is a dozen frames."""
FAMILIES = (("rami51", 4, 30), ("gin", 2, 6), ("yami", 3, 8))


display = kept_table_tests.display  # the same display, in French


class Watched:
    """A table in the real App at normal speed, each frame compared with the table drawn
    from scratch; counts the frames whose still table was composed anew only in places."""

    def __init__(self, variant: str, players: int, moves: int, size: tuple[int, int] = SIZE) -> None:
        self.app = App(pygame.display.set_mode(size), Settings(animation_speed="normal", bot_speed="instant"),
                       idle_wait=False)
        game = Game.new(get_variant(variant), players, seed=7)
        humans = [True] + [False] * (players - 1)
        self.scene = TableScene(TableConfig(variant, players, seed=7, humans=humans), game)
        self.app.push(self.scene)
        advance(self.scene, moves + 60, seed=7, stop=lambda g: g.to_play == 0 and len(g.log) >= moves)
        self.scene.changed()
        self.frames = 0
        self.in_places = 0
        compose = self.scene._kept.compose

        def counted(*args: object) -> list[pygame.Rect] | None:
            places = compose(*args)  # type: ignore[arg-type]
            self.in_places += bool(places)
            return places

        self.scene._kept.compose = counted  # type: ignore[method-assign]
        self.frame()

    def frame(self, *events: pygame.event.Event) -> None:
        """Handle `events`, move the clock one step, draw as the loop does and compare."""
        for event in events:
            self.scene.handle_event(event)
        self.scene.update(STEP)
        self.app.draw()
        self.frames += 1
        if self.app.top is not self.scene:
            return  # the round's end panel over the table: its frame is the panel's
        screen = pygame.display.get_surface()
        assert differing_pixels(screen, from_scratch(self.scene)) == 0, f"frame {self.frames}"

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 4) -> None:
        """Press at `start`, move there in steps (a frame each), release (and frames until
        what the drop played has landed)."""
        self.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
        for k in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
            self.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        self.frame(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))
        while self.scene.flights:
            self.frame()

    def bots_play(self, moves: int) -> None:
        """Frames while the bots play `moves` moves, their cards flying (the bots think in
        their thread: the clock waits for them, as a slow frame would)."""
        game_moves = len(self.scene.game.log) + moves
        for _ in range(2000):
            if len(self.scene.game.log) >= game_moves or self.scene.is_human_turn() or self.scene.game.round_over:
                return
            if self.scene.bots.seats.thinking:
                time.sleep(0.001)
            self.frame()
        raise AssertionError("the bots never played")

    def close(self) -> None:
        while self.app.scenes:
            self.app.pop()


def _hand_point(scene: TableScene, index: int) -> tuple[int, int]:
    rect = scene.hand_rect(index)
    return rect.left + 6, rect.top + 12


@pytest.mark.parametrize(("variant", "players", "moves"), FAMILIES)
def test_frames_drawn_in_part_equal_the_table_drawn_whole(display: None, variant: str, players: int,
                                                          moves: int) -> None:
    watched = Watched(variant, players, moves)
    scene = watched.scene
    lay = scene.layout
    assert lay is not None and scene.is_human_turn()
    kinds = {m.kind for m in scene.view.legal_moves}
    if "draw" in kinds:  # from the stock into the hand
        watched.drag(lay.stock.center, lay.hand_area.center)
    lay = scene.layout
    assert lay is not None
    watched.drag(_hand_point(scene, 1), lay.discard.center)  # a discard, or a card slid back
    watched.drag(_hand_point(scene, 0), (lay.melds_area.centerx, lay.melds_area.centery), steps=6)
    for key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_DOWN, pygame.K_r, pygame.K_ESCAPE):  # keys: parts rechecked
        if len(watched.app.scenes) > 1:
            break  # a key played the round's last move: its end panel is over the table
        watched.frame(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    watched.bots_play(4)
    watched.close()
    assert watched.frames > 30
    assert watched.in_places >= 3, "the still table was never composed in part"


def _moments(scene: TableScene) -> Iterator[str]:
    """The table with a card leaving the discard pile, with a drag lighting its targets and
    a card drawn and selected, and as it is."""
    lay = scene.layout
    assert lay is not None
    yield "still"
    scene.flights.append(Flight(None, lay.discard.copy(), lay.hand_area.copy(), scene.now, FLIGHT_TIME,
                                ("discard", 0)))
    yield "flight"
    scene.flights.clear()
    if scene.order:
        scene.hand.drag = Drag("hand", (scene.order[0],), (0,), (10, 10), lay.melds_area.center,
                               lit=frozenset({"discard", "table", "hand", "meld:1"}))
        scene.hand.selected = {len(scene.order) - 1}
        scene.fresh = scene.order[-1]
        yield "drag"
        scene.hand.drag = replace(scene.hand.drag, lit=frozenset())
        scene.show("Un message assez long pour remplir la ligne d'état " * 3, "refusal")
        yield "message"


@pytest.mark.parametrize("size", [(640, 400), (1920, 1080)])
@pytest.mark.parametrize(("variant", "players", "moves"), FAMILIES)
def test_every_part_paints_only_inside_its_area(display: None, variant: str, players: int, moves: int,
                                                 size: tuple[int, int]) -> None:
    watched = Watched(variant, players, moves, size)
    scene = watched.scene
    checked = 0
    for moment in _moments(scene):
        frame = scene.frame()
        for part in still_parts(frame, scene.family):
            for colour in ((0, 0, 0), (255, 0, 255)):
                canvas = pygame.Surface(size, 0, pygame.display.get_surface())
                canvas.fill(colour)
                part.draw(canvas)
                canvas.fill(colour, part.area)
                untouched = pygame.mask.from_threshold(canvas, colour, (1, 1, 1, 255)).count()
                assert untouched == size[0] * size[1], f"{part.name} paints outside {part.area} ({moment})"
            checked += 1
    watched.close()
    assert checked >= 20
