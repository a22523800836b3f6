"""`ramigui screenshot`: play some moves headless and save a screen of the game as a PNG.

For the README and for looking at every variant, screen and size without a display: the
table as a player sees it (the saved-game table with its Hint, Scores and Menu buttons),
the end-of-round panel, the score sheet or the New game screen, in either language, with
the names, keys and hint asked for.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Sequence
from typing import Any

import pygame

from ramigui import i18n
from ramigui.arguments import (
    Parser,
    check_players,
    fail,
    file_to_write,
    known_variant,
    seed,
    whole,
    window_size,
)

SCREENS = ("table", "round-end", "scores", "new-game")


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="ramigui screenshot", description="Save a PNG of a screen of the game.")
    parser.add_argument("out", type=file_to_write, metavar="OUT", help="PNG file to write")
    parser.add_argument("--variant", default="rami51", metavar="ID", help="the game (default rami51)")
    parser.add_argument("--players", type=whole(2, 8, "a number of players"), default=None, metavar="N",
                        help="players (default: 4, or as many as the game allows)")
    parser.add_argument("--moves", type=whole(0, 100_000, "a number of moves"), default=40, metavar="N",
                        help="moves played by bots before the picture")
    parser.add_argument("--rounds", type=whole(0, 100, "a number of rounds"), default=0, metavar="N",
                        help="whole rounds played by bots before those moves")
    parser.add_argument("--size", type=window_size, default="1920x1080", metavar="WxH",
                        help="the picture's size (default 1920x1080)")
    parser.add_argument("--lang", choices=("fr", "en"), default=None, help="the table's language")
    parser.add_argument("--seed", type=seed, default=1, metavar="S", help="the game's seed (default 1)")
    parser.add_argument("--four-colour", action="store_true", help="the four-colour deck")
    parser.add_argument("--back", choices=("blue", "red", "green"), default="blue", help="the colour of card backs")
    parser.add_argument("--show", choices=SCREENS, default="table",
                        help="the screen to draw: the table, the end of the round (bots play until it), "
                             "the score sheet, the New game screen")
    parser.add_argument("--names", default=None, help="the seats' names, comma separated (the first is yours)")
    parser.add_argument("--my-turn", action="store_true", help="after the moves, bots play on until it is your turn")
    parser.add_argument("--hint", action="store_true", help="ask for a hint (on your turn)")
    parser.add_argument("--crop", default=None, metavar="X,Y,W,H",
                        help="save only this part of the window (at full resolution: a 4K window's cards up close)")
    parser.add_argument(
        "--keys",
        default="",
        help="keys pressed before the picture, comma separated (pygame names: k,space,right)",
    )
    parser.add_argument("--then", default="", help="keys pressed after the hint (to select other cards beside it)")
    return parser


def advance(scene: Any, moves: int, seed: int, stop: Any = None) -> None:
    """Play `moves` moves with bots at every seat (seat 0 included), through the scene and
    the match engine (a broken bot's seat plays its fallback); stop early when `stop(game)`
    says so."""
    from ramigui.match import BotSeats
    from ramigui.ui.seats import make_chooser

    choosers = {seat: make_chooser(scene.config.variant, "medium", seed + seat) for seat in range(scene.game.players)}
    seats = BotSeats(choosers, random.Random(seed))
    try:
        for _ in range(moves):
            game = scene.game
            if game.game_over or (stop is not None and stop(game)):
                break
            if game.round_over:
                scene.play("next")
                continue
            seats.turn(game, scene.bots.table_play)
    finally:
        seats.close()


def _names(options: argparse.Namespace) -> list[str]:
    given = [name.strip() for name in (options.names or "").split(",") if name.strip()]
    defaults = [i18n.tr("setup.default_human", n=1)] + [
        i18n.tr("setup.default_bot", n=k) for k in range(1, options.players)
    ]
    return (given + defaults[len(given):])[: options.players]


def screenshot_main(argv: Sequence[str]) -> int:
    parser = _parser()
    options = parser.parse_args(list(argv))
    options.players = check_players(parser, known_variant(parser, options.variant), options.players)
    if options.names:
        from ramigui.session import check_name

        for name in options.names.split(","):
            try:
                check_name(name.strip())
            except ValueError as error:
                parser.error(f"--names: {error}")
    pygame.init()  # key names need it
    keys, then = _key_codes(parser, "--keys", options.keys), _key_codes(parser, "--then", options.then)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ramigui.settings import Settings
    from ramigui.ui.app import App, parse_size

    i18n.set_language(options.lang)
    size = parse_size(options.size) or (1920, 1080)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    settings = Settings(language=i18n.language(), deck_style="four_colour" if options.four_colour else "classic",
                        card_back=options.back, animation_speed="instant", bot_speed="instant")
    app = App(screen, settings, idle_wait=False)
    _show(app, options, keys, then)
    app.draw()
    picture = screen
    if options.crop:
        try:
            x, y, w, h = (int(part) for part in options.crop.split(","))
            picture = screen.subsurface(pygame.Rect(x, y, w, h).clip(screen.get_rect()))
        except ValueError:
            parser.error(f"--crop: {options.crop!r} is not X,Y,W,H inside the window")
    try:
        pygame.image.save(picture, options.out)
    except (pygame.error, OSError) as error:
        pygame.quit()
        return fail(parser.prog, f"{options.out!r} cannot be written ({' '.join(str(error).split())})")
    print(options.out)
    pygame.quit()
    return 0


def _context(app: Any, options: argparse.Namespace) -> Any:
    from dataclasses import replace

    from ramigui.settings import Settings as Stored
    from ramigui.ui.screen import Context, apply_settings
    from ramigui.ui.sound import Sounds

    stored = replace(Stored(), language=options.lang or i18n.language(), sound=False,
                     deck_style="four_colour" if options.four_colour else "classic",
                     card_back=options.back if options.back in ("blue", "red", "green") else "blue",
                     animation_speed="instant", bot_speed="instant", confirm_knock=False, confirm_go_out=False)
    apply_settings(app, stored)
    return Context(None, stored, Sounds(False))


def _key_codes(parser: argparse.ArgumentParser, option: str, text: str) -> list[int]:
    codes = []
    for name in (k.strip() for k in text.split(",") if k.strip()):
        try:
            codes.append(pygame.key.key_code(name))
        except ValueError:
            parser.error(f"{option}: {name!r} is not a key name")
    return codes


def _show(app: Any, options: argparse.Namespace, keys: list[int], then: list[int]) -> None:
    """Open the screen asked for, in the state asked for."""
    from ramigui.session import GameSession, GameSetup, Seat
    from ramigui.ui.game_screen import SessionTable

    ctx = _context(app, options)
    if options.show == "new-game":
        from ramigui.ui.setup_screen import SetupScreen

        app.push(SetupScreen(ctx))
        _press(app, keys)
        return
    names = _names(options)
    seats = tuple(Seat(name, None if seat == 0 else "medium") for seat, name in enumerate(names))
    session = GameSession.new(GameSetup(options.variant, seats), None, seed=options.seed)
    scene = SessionTable(session, ctx)
    app.push(scene)
    advance(scene, 100_000, options.seed, lambda game: len(game.results) >= options.rounds and not game.round_over)
    if options.show == "round-end":
        advance(scene, 100_000, options.seed, lambda game: game.round_over)
    else:
        advance(scene, options.moves, options.seed)
    if options.my_turn:
        advance(scene, 100_000, options.seed, lambda game: game.round_over or game.to_play == 0)
    scene.update(0.0)  # opens the end-of-round panel when the round is over
    if options.show == "scores":
        from ramigui.ui.scoresheet import ScoreSheetScene, SheetData

        app.push(ScoreSheetScene(ctx, SheetData.from_game(scene.game, scene.config.names)))
    _press(app, keys)
    if options.hint:
        scene.show_hint()
    _press(app, then)


def _press(app: Any, keys: list[int]) -> None:
    """Each key through the real event loop (a key → a button's action → what it does)."""
    for key in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        for _ in range(3):
            app.step()
