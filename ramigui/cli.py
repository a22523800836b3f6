"""The `ramigui` command: the game window by default, and the headless tools.

    ramigui                         the game
    ramigui --demo [--variant V --players N]   bots play at the table
    ramigui --humans N [--variant V --players P]   the table at once, N people, the rest bots
    ramigui simulate …              bot-vs-bot games, results and speed
    ramigui screenshot …            play some moves headless and save the table as PNG
    ramigui replay FILE             replay an exported game log on the table
    ramigui host …                  a game with seats played on phones (and bots), no window
    ramigui bench                   speed figures (rules, gin deadwood, drawing)
    ramigui --version

Each tool lives in its own module; this file only reads arguments and dispatches.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ramigui import __version__


def _game_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ramigui", description="A table for the Rami family of card games.")
    parser.add_argument("--version", action="version", version=f"ramigui {__version__}")
    parser.add_argument("--demo", action="store_true", help="every seat is a bot: the table plays itself")
    parser.add_argument("--variant", default=None, help="variant id (see variants.yaml)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--humans", type=_seat_count, default=None, metavar="N",
                        help="open the table at once with N people (seats 1..N, sharing the screen "
                             "when N > 1); the other seats are bots. 0 is --demo")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--lang", choices=("fr", "en"), default=None)
    parser.add_argument("--size", default=None, help="window size WxH")
    parser.add_argument("--fullscreen", action="store_true")
    parser.add_argument("--max-frames", type=int, default=None, help=argparse.SUPPRESS)
    return parser


def _seat_count(text: str) -> int:
    """`--humans`: a whole number of seats, 0 or more."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seats") from None
    if count < 0:
        raise argparse.ArgumentTypeError("the number of human seats cannot be negative")
    return count


def _simulate_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ramigui simulate", description="Bot-vs-bot games, headless.")
    parser.add_argument("--variant", default="rami51")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random", help="levels by seat, e.g. hard,medium,easy,random")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a house-rule option")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--check", action="store_true", help="check every invariant after every move (slower)")
    return parser


def _report_variant_problems() -> None:
    """Each problem of the user's variants.yaml on one line of stderr; the command goes on
    with the variants that load (the built-in ones always do)."""
    from ramigui.variants import report_user_file_errors

    report_user_file_errors(sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args and not args[0].startswith("-") else ""
    rest = args[1:] if command else args
    if command == "simulate":
        from ramigui.simulate import run_simulate

        simulate_args = _simulate_parser().parse_args(rest)
        _report_variant_problems()
        return run_simulate(simulate_args)
    if command == "screenshot":
        from ramigui.ui.shots import screenshot_main

        _report_variant_problems()
        return screenshot_main(rest)
    if command == "replay":
        from ramigui.replay import replay_main

        _report_variant_problems()
        return replay_main(rest)
    if command == "host":
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the card design comes from the table's
        from ramigui.phone.host import host_main

        return host_main(rest)
    if command == "bench":
        from ramigui.bench import bench_main

        return bench_main(rest)
    if command:
        print(f"ramigui: unknown command {command!r}", file=sys.stderr)
        return 2
    options = _game_parser().parse_args(rest)
    _report_variant_problems()
    from ramigui.ui.launch import run_app

    return run_app(options)
