"""`ramigui screenshot`: play some moves headless and save the table as a PNG.

For the README and for looking at every variant at every size without a screen.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Sequence

import pygame

from ramigui import i18n
from ramigui.ui.app import App, Settings, parse_size
from ramigui.ui.seats import TableConfig, fallback_choose, make_chooser
from ramigui.ui.table import TableScene


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ramigui screenshot", description="Save a PNG of the table after some moves.")
    parser.add_argument("out", help="PNG file to write")
    parser.add_argument("--variant", default="rami51")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=40, help="moves played by bots before the picture")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--lang", choices=("fr", "en"), default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--four-colour", action="store_true")
    parser.add_argument("--back", default="blue")
    return parser


def advance(scene: TableScene, moves: int, seed: int) -> None:
    """Play `moves` moves with bots at every seat (seat 0 included), through the scene."""
    rng = random.Random(seed)
    choosers = {seat: make_chooser(scene.config.variant, "medium", seed + seat) for seat in range(scene.game.players)}
    for _ in range(moves):
        game = scene.game
        if game.game_over:
            break
        if game.round_over:
            scene.play("next")
            continue
        seat = game.to_play
        try:
            move = choosers[seat](game.view(seat))
        except Exception:  # a broken bot must not stop a screenshot
            move = fallback_choose(game.view(seat), rng)
        scene.bots.apply(seat, move)


def screenshot_main(argv: Sequence[str]) -> int:
    parser = _parser()
    options = parser.parse_args(list(argv))
    try:
        from ramigui.rules import Game

        Game.new(options.variant, options.players, options.seed)  # a bad variant or count: a usage error
    except (ValueError, KeyError) as error:
        parser.error(str(error))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    i18n.set_language(options.lang)
    size = parse_size(options.size) or (1920, 1080)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    settings = Settings(lang=options.lang, four_colour=options.four_colour, back=options.back, speed="instant")
    app = App(screen, settings, idle_wait=False)
    players = options.players
    config = TableConfig(variant=options.variant, players=players, seed=options.seed,
                         humans=[seat == 0 for seat in range(players)])
    scene = TableScene(config)
    app.push(scene)
    advance(scene, options.moves, options.seed)
    scene.update(0.0)
    app.draw()
    pygame.image.save(screen, options.out)
    print(options.out)
    pygame.quit()
    return 0
