"""`ramigui replay FILE [--headless]`: replay a game log (every game keeps one in the data
folder's `logs/`).

The log is read and every move replayed through the rules (`ramigui.session.replay_log`),
so a log that does not replay is reported with its line, never half shown. With a table
(`ramigui.ui.launch.run_replay`) the game opens on it; headless, or while the table cannot
replay, the score sheet is printed. Exit codes: 0 done, 2 bad file or arguments.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from ramigui.arguments import Parser
from ramigui.past_games import read_log
from ramigui.session import GameSession, LogError, replay_log

EXIT_BAD_FILE = 2


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="ramigui replay", description="Replay a game log.")
    parser.add_argument("file", type=Path, help="a game's log (the data folder's logs/ keeps every game's)")
    parser.add_argument("--headless", action="store_true", help="print the scores instead of opening the table")
    return parser


def score_sheet(session: GameSession) -> str:
    """The replayed game as text: each round's points, the totals and the winner."""
    game = session.game
    names = [seat.name for seat in session.seats]
    lines = [
        f"{game.variant.title('en')} — {game.players} players, seed {game.seed}, {len(game.log)} moves",
    ]
    for number, result in enumerate(game.results, start=1):
        points = ", ".join(f"{name} {p}" for name, p in zip(names, result.points, strict=True))
        lines.append(f"round {number}: {points} ({result.reason})")
    lines.append("total: " + ", ".join(f"{name} {s}" for name, s in zip(names, game.scores, strict=True)))
    if game.game_over:
        lines.append("winner: " + ", ".join(names[seat] for seat in game.winners))
    elif session.sealed_round is not None:
        lines.append(f"game not finished: it stopped in round {session.sealed_round}, whose deal the log keeps "
                     "sealed (written while it was played): the replay ends before it")
    else:
        lines.append(f"game not finished (round {game.round_no}, seat {game.to_play + 1} to play)")
    return "\n".join(lines)


def table_replayer() -> Callable[[GameSession], int] | None:
    """`ramigui.ui.launch.run_replay` if the table offers it (it may not exist yet)."""
    try:
        from ramigui.ui import launch
    except ImportError:
        return None
    run = getattr(launch, "run_replay", None)
    return run if callable(run) else None


def replay_main(argv: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """The command: 0 after showing the game, 2 for a file that cannot be replayed."""
    out = out or sys.stdout
    err = err or sys.stderr
    args = _parser().parse_args(list(argv))
    try:
        session = replay_log(read_log(args.file))
    except LogError as error:
        print(f"ramigui replay: {args.file}: {error}", file=err)
        return EXIT_BAD_FILE
    run = None if args.headless else table_replayer()
    if run is not None:
        return int(run(session))
    print(score_sheet(session), file=out)
    return 0
