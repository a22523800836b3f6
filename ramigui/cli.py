"""The `ramigui` command: the game window by default, and the headless tools.

    ramigui                         the game
    ramigui --demo [--variant V --players N]   bots play at the table
    ramigui --humans N [--variant V --players P]   the table at once, N people, the rest bots
    ramigui simulate …              bot-vs-bot games, results and speed
    ramigui screenshot …            play some moves headless and save the table as PNG
    ramigui replay FILE             replay a game log in the replay viewer
    ramigui verify LOG              check a game log: every deal's fingerprint, move and total
    ramigui host …                  a game with seats played on phones (and bots), no window
    ramigui bench                   speed figures (rules, gin deadwood, drawing)
    ramigui variants                the variant ids, names, player counts and house rules
    ramigui --version

Each tool lives in its own module; this file only reads arguments and dispatches. Every
argument is checked before a window opens (ramigui.arguments): a bad one is one line on
stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ramigui import __version__
from ramigui.arguments import (
    Parser,
    check_players,
    known_variant,
    seed,
    variant_ids,
    whole,
    window_size,
)

COMMANDS = (
    ("simulate", "bot-vs-bot games, headless: win rates with 95% intervals, speed, rule checks"),
    ("screenshot", "play some moves headless and save a screen of the game as a PNG"),
    ("replay", "replay a game log in the replay viewer (--headless: print its scores)"),
    ("verify", "check a game log: each round's deal against its fingerprint, every move, the totals"),
    ("host", "a game whose seats are played on phones (and bots), served on the LAN, no window"),
    ("bench", "speed and memory figures, each beside its target (rules, gin, ui, phone)"),
    ("variants", "the variant ids, their names, player counts and house-rule options"),
)


def _epilog() -> str:
    commands = "\n".join(f"  {name:<11} {line}" for name, line in COMMANDS)
    return (
        f"commands ('ramigui COMMAND --help' for each):\n{commands}\n\n"
        f"variants (--variant ID; 'ramigui variants' says more):\n  {', '.join(variant_ids())}"
    )


def _game_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="ramigui", description="A table for the Rami family of card games.",
                    usage="ramigui [options]\n       ramigui COMMAND [options]",
                    epilog=_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"ramigui {__version__}")
    parser.add_argument("--demo", action="store_true", help="every seat is a bot: the table plays itself")
    parser.add_argument("--variant", default=None, metavar="ID",
                        help="open the table at once on this game (ids below)")
    parser.add_argument("--players", type=whole(2, 8, "a number of players"), default=None, metavar="N",
                        help="players at the table (default: the game's usual number)")
    parser.add_argument("--humans", type=whole(0, 8, "a number of seats"), default=None, metavar="N",
                        help="open the table at once with N people (seats 1..N, sharing the screen "
                             "when N > 1); the other seats are bots. 0 is --demo")
    parser.add_argument("--seed", type=seed, default=None, metavar="S",
                        help="the game's seed: the same seed deals the same cards (default: random)")
    parser.add_argument("--lang", choices=("fr", "en"), default=None, help="the table's language")
    parser.add_argument("--size", type=window_size, default=None, metavar="WxH",
                        help="window size, e.g. 1280x800 (default: the last size used)")
    parser.add_argument("--fullscreen", action="store_true", help="open full screen (F11 toggles)")
    parser.add_argument("--max-frames", type=whole(1, 10**9), default=None, help=argparse.SUPPRESS)
    return parser


def _check_game(parser: argparse.ArgumentParser, options: argparse.Namespace) -> None:
    """The table's arguments, checked before the window opens (a bad one is a usage error)."""
    if options.variant is None and options.players is None and options.humans is None:
        return
    from ramigui.ui.seats import DEFAULT_VARIANT

    variant = known_variant(parser, options.variant or DEFAULT_VARIANT)
    players = check_players(parser, variant, options.players)
    if options.humans is not None and options.humans > players:
        parser.error(f"argument --humans: {options.humans} people for {players} seats")


def _simulate_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="ramigui simulate", description="Bot-vs-bot games, headless.")
    parser.add_argument("--variant", default="rami51", metavar="ID",
                        help="the game (default rami51; 'ramigui variants' lists them)")
    parser.add_argument("--players", type=whole(2, 8, "a number of players"), default=None, metavar="N",
                        help="players (default: as many as --bots names, else the game's fewest)")
    parser.add_argument("--games", type=whole(1, 10_000_000, "a number of games"), default=100, metavar="N",
                        help="games to play (default 100)")
    parser.add_argument("--seed", type=seed, default=1, metavar="S", help="the first deal's seed (default 1)")
    parser.add_argument("--bots", default="random", help="levels by seat, e.g. hard,medium,easy,random")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a house-rule option")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--check", action="store_true", help="check every invariant after every move (slower)")
    return parser


def _check_simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    from ramigui.simulate import parse_options

    try:
        options = parse_options(args.option)
    except ValueError as error:
        parser.error(f"argument --option: {error}")
    known_variant(parser, args.variant, options)


def _report_variant_problems() -> None:
    """Each problem of the user's variants.yaml on one line of stderr; the command goes on
    with the variants that load (the built-in ones always do)."""
    from ramigui.variants import report_user_file_errors

    report_user_file_errors(sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    # pygame greets on stdout when imported; stdout is the commands' (JSON, reports), and a
    # refused argument is one line on stderr and nothing else
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        return _dispatch(list(sys.argv[1:] if argv is None else argv))
    except BrokenPipeError:  # `ramigui variants | head`: the reader left, nothing is wrong
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _split_command(args: list[str]) -> tuple[str, list[str]]:
    """The command and its arguments. Options written before a command's name are its own
    (`ramigui --lang fr host …` is `ramigui host --lang fr …`): a player who puts the
    language first meant the command, not a game with "host" as a stray word."""
    if args and not args[0].startswith("-"):
        return args[0], args[1:]
    names = {name for name, _ in COMMANDS}
    at = next((i for i, word in enumerate(args) if word in names), None)
    if at is None or "--" in args[:at]:
        return "", args
    return args[at], [*args[:at], *args[at + 1:]]


def _dispatch(args: list[str]) -> int:
    command, rest = _split_command(args)
    if command == "simulate":
        from ramigui.simulate import run_simulate

        parser = _simulate_parser()
        simulate_args = parser.parse_args(rest)
        _report_variant_problems()
        _check_simulate(parser, simulate_args)
        return run_simulate(simulate_args)
    if command == "screenshot":
        from ramigui.ui.shots import screenshot_main

        _report_variant_problems()
        return screenshot_main(rest)
    if command == "replay":
        from ramigui.replay import replay_main

        _report_variant_problems()
        return replay_main(rest)
    if command == "verify":
        from ramigui.verify import verify_main

        _report_variant_problems()
        return verify_main(rest)
    if command == "host":
        from ramigui.phone.host import host_main

        _report_variant_problems()
        return host_main(rest)
    if command == "bench":
        from ramigui.bench import bench_main

        return bench_main(rest)
    if command == "variants":
        from ramigui.variant_list import variants_main

        _report_variant_problems()
        return variants_main(rest)
    if command:
        known = ", ".join(name for name, _ in COMMANDS)
        print(f"ramigui: unknown command {command!r}; the commands are {known} (see ramigui --help)",
              file=sys.stderr)
        return 2
    parser = _game_parser()
    options = parser.parse_args(rest)
    _report_variant_problems()
    _check_game(parser, options)
    from ramigui.ui.launch import run_app

    return run_app(options)
