"""The table driven through the real event loop with posted pygame events (dummy driver)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

from ramigui import i18n
from ramigui.cards import Card, parse_cards
from ramigui.rules import Game
from ramigui.ui import cardart
from ramigui.ui.app import App, Settings
from ramigui.ui.overlays import HandoffScene
from ramigui.ui.seats import TableConfig
from ramigui.ui.table import TableScene

SIZE = (1280, 800)


@pytest.fixture
def app() -> Iterator[App]:
    pygame.display.init()
    pygame.font.init()
    i18n.set_language("en")
    screen = pygame.display.set_mode(SIZE)
    pygame.event.clear()
    yield App(screen, Settings(speed="instant"), idle_wait=False)
    pygame.display.quit()


def position(**extra: object) -> Game:
    #   seat 0 (human): 7H 8H 9H KS      seat 1 (bot): 2C 5D 9S
    #   stock: 10H 4C …   discard: 5H
    return Game.from_position("rami_base", hands=[["7H", "8H", "9H", "KS"], ["2C", "5D", "9S"]],
                              stock=["10H", "4C", "6C", "3D"], discard=["5H"], to_play=0, **extra)


def table(app: App, game: Game, humans: list[bool] | None = None) -> TableScene:
    config = TableConfig(variant="rami_base", players=2, seed=1, humans=humans or [True, False])
    scene = TableScene(config, game)
    app.push(scene)
    app.step()
    return scene


def post(kind: int, **fields: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press, move in steps, release: what a hand on a mouse does."""
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    for k in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, button=1, pos=end)
    app.step()


def press(app: App, *keys: int) -> None:
    for key in keys:
        post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    app.step()


def hand_point(scene: TableScene, card: Card) -> tuple[int, int]:
    index = scene.order.index(card)
    rect = scene.hand_rect(index)
    return rect.left + 10, rect.top + 20


def test_human_drags_stock_to_hand_then_a_card_to_the_discard(app: App) -> None:
    scene = table(app, position())
    assert scene.layout is not None
    drag(app, scene.layout.stock.center, scene.layout.hand_area.center)
    assert scene.game.log[-1][1].kind == "draw"
    king = parse_cards("KS")[0]
    drag(app, hand_point(scene, king), scene.layout.discard.center)
    assert str(scene.game.log[-1][1]) == "discard KS"
    assert scene.game.view(0).public["discard"][-1] == king


def test_illegal_drop_is_refused_and_the_card_returns(app: App) -> None:
    scene = table(app, position())
    assert scene.layout is not None
    press(app, pygame.K_p)  # draw
    before = list(scene.order)
    moves = len(scene.game.log)
    king = parse_cards("KS")[0]
    drag(app, hand_point(scene, king), scene.layout.melds_area.center)  # one card is no meld
    assert len(scene.game.log) == moves
    assert scene.message  # the reason, in words
    assert scene.flights and scene.flights[0].card == king  # sliding home
    for _ in range(40):
        app.step()
    assert scene.order == before and not scene.flights


def test_legal_targets_light_up_while_dragging(app: App) -> None:
    scene = table(app, position())
    assert scene.layout is not None
    press(app, pygame.K_p)
    start = hand_point(scene, parse_cards("KS")[0])
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    post(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] - 60), rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    assert scene.drag is not None and "discard" in scene.drag.lit and "table" not in scene.drag.lit
    post(pygame.MOUSEBUTTONUP, button=1, pos=start)
    app.step()


def test_keyboard_only_turn(app: App) -> None:
    scene = table(app, position())
    press(app, pygame.K_p)  # draw from the stock
    assert scene.game.view(0).public["phase"] == "play"
    scene.focus = 0
    target = scene.order.index(parse_cards("KS")[0])
    press(app, *([pygame.K_RIGHT] * target))
    press(app, pygame.K_RETURN)
    assert str(scene.game.log[-1][1]) == "discard KS"
    assert scene.game.to_play == 1


def test_meld_by_selecting_with_space_and_pressing_m(app: App) -> None:
    scene = table(app, position())
    press(app, pygame.K_p)
    scene.focus = 0
    for card in parse_cards("7H 8H 9H"):
        scene.focus = scene.order.index(card)
        press(app, pygame.K_SPACE)
    press(app, pygame.K_m)
    assert scene.game.log[-1][1].kind == "meld"


def test_hot_seat_never_draws_another_players_hand(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Card] = []
    original = cardart.CardArt.face

    def spy(self: cardart.CardArt, card: Card) -> pygame.Surface:
        drawn.append(card)
        return original(self, card)

    monkeypatch.setattr(cardart.CardArt, "face", spy)
    game = position()
    scene = table(app, game, humans=[True, True])
    assert isinstance(app.top, HandoffScene)
    drawn.clear()
    app.draw()
    assert drawn == []  # the hand-off screen shows no card at all
    press(app, pygame.K_RETURN)  # seat 0 claims the screen
    app.step()
    assert scene.visible_seat() == 0
    press(app, pygame.K_p)
    scene.focus = scene.order.index(parse_cards("KS")[0])
    press(app, pygame.K_RETURN)
    app.step()
    assert isinstance(app.top, HandoffScene) and scene.visible_seat() is None
    drawn.clear()
    app.draw()
    assert drawn == []
    press(app, pygame.K_RETURN)  # seat 1 claims it
    app.step()
    drawn.clear()
    app.draw()
    public = set(game.view(1).public["discard"])
    hand0 = set(game.hand(0))
    assert set(drawn) - public <= set(game.hand(1))
    assert not (set(drawn) - public - set(game.hand(1))) and not (set(drawn) & hand0 - public - set(game.hand(1)))


def test_bots_play_without_blocking_and_demo_frames(app: App) -> None:
    config = TableConfig(variant="rami51", players=4, seed=3, humans=[False] * 4)
    scene = TableScene(config)
    app.push(scene)
    app.run(max_frames=200)
    assert len(scene.game.log) > 3 and scene.log
