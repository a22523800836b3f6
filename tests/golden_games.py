"""Whole bot games written move by move: the golden transcripts that pin the match engine.

`python tests/golden_games.py` rewrites `tests/golden/*.txt` from the code it runs; the test
(`test_match_engine.py`) plays the same games and diffs them line by line. Each game is
played by `ramigui.simulate.play_game`, the path of `simulate` and the ladder: the same
deal, the same bots drawing from the same bot secret, so a redesign that keeps behaviour
keeps every line.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden"


@dataclass(frozen=True)
class GoldenGame:
    name: str
    variant: str
    options: tuple[str, ...]
    seating: tuple[str, ...]
    seed: int
    secret: int


GAMES = (
    GoldenGame("rami51", "rami51", ("rounds=1",), ("hard", "medium"), 5, 11),
    GoldenGame("rami", "rami", ("rounds=1",), ("medium", "hard", "easy"), 6, 12),
    GoldenGame("gin", "gin", (), ("hard", "medium"), 7, 13),
    GoldenGame("yami", "yami", (), ("medium", "hard"), 8, 14),
)


def transcript(golden: GoldenGame) -> str:
    """The game as text: its set-up, every move with its seat (from 1), the final scores."""
    from ramigui.rules import Game
    from ramigui.rules.game import resolve_variant
    from ramigui.simulate import LevelStats, RunStats, parse_options, play_game

    options = parse_options(golden.options)
    variant = resolve_variant(golden.variant, options)
    games: list[Game] = []
    new = Game.new

    def caught(*args: object, **kwargs: object) -> Game:
        game = new(*args, **kwargs)  # type: ignore[arg-type]
        games.append(game)
        return game

    Game.new = caught  # type: ignore[method-assign]
    try:
        stats = RunStats(levels={level: LevelStats() for level in golden.seating})
        play_game(variant, list(golden.seating), golden.seed, golden.secret, stats, check=True)
    finally:
        Game.new = new  # type: ignore[method-assign]
    game = games[0]
    lines = [
        f"variant: {golden.variant}",
        f"options: {json.dumps(options, sort_keys=True)}",
        f"seats: {','.join(golden.seating)}",
        f"seed: {golden.seed}",
        f"bot secret: {golden.secret}",
        f"violations: {stats.violation_count}",
        "moves:",
        *(f"{seat + 1} {move}" for seat, move in game.log),
        f"scores: {' '.join(str(score) for score in game.scores)}",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Rewrite the golden transcripts from this code.")
    parser.add_argument("--out", type=Path, default=GOLDEN)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for golden in GAMES:
        path = args.out / f"{golden.name}.txt"
        path.write_text(transcript(golden), encoding="utf-8")
        print(path, len(path.read_text(encoding="utf-8").splitlines()), "lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
