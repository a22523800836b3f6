"""`ramigui bench`: speed and memory figures, printed (never asserted as timed tests).

    ramigui bench [rules|gin|ui|phone|all] [--seconds S] [--json]

Each part (rules, gin, ui, phone) keeps to about S seconds: its measurements share a
`Budget` of S seconds and stop when it is spent, and each part prints the seconds it took.
Parts whose module is missing say so instead of failing.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from ramigui.arguments import Parser, seconds, window_size
from ramigui.bots.random_bot import RandomBot
from ramigui.cards import ALL_CARDS
from ramigui.match import BotSeats
from ramigui.rules import Game
from ramigui.rules.gin_melds import hand_mask, min_deadwood, min_deadwood_mask
from ramigui.rules.variant import Variant
from ramigui.variants import get_variant

Clock = Callable[[], float]


class Budget:
    """Seconds a measurement may take, from now. `clock` is swappable (tests pass a fake)."""

    def __init__(self, seconds: float, clock: Clock = time.perf_counter) -> None:
        self.clock = clock
        self.start = clock()
        self.seconds = max(0.0, seconds)

    def running(self) -> bool:
        return self.clock() - self.start < self.seconds

    def elapsed(self) -> float:
        return self.clock() - self.start

    def share(self, parts: int, least: float = 0.0) -> float:
        """What is left, split in `parts` (at least `least`): a measurement's setup, which no
        budget shortens, is paid for by the ones after it rather than added to the total."""
        return max(least, (self.seconds - self.elapsed()) / max(1, parts))


def bench_rules(seconds: float = 3.0, variant: str = "rami51", players: int = 4,
                clock: Clock = time.perf_counter) -> dict[str, Any]:
    """Random-legal play through Game.play, views included (what simulate and bots do):
    60% of the budget; legal_moves on a 15-card hand and the memory of a game: 20% each."""
    chosen = get_variant(variant)
    play = Budget(seconds * 0.6, clock)
    moves = 0
    games = 0
    while play.running() or not moves:
        game = Game.new(chosen, players=players, seed=games)
        bots = random_seats(players, games)
        while not game.game_over and (play.running() or not moves):
            if game.round_over:
                game.play("next")
            else:
                bots.turn(game, game.play)
            moves += 1
        bots.close()
        games += 1
    elapsed = play.elapsed()
    return {
        "benchmark": f"rules: random play of {variant}, {players} players",
        "moves": moves,
        "moves_per_second": round(moves / elapsed) if elapsed > 0 else 0,
        **bench_legal_moves(seconds * 0.2, clock),
        **_peak_memory_of_a_game(chosen, players, Budget(seconds * 0.2, clock)),
    }


def random_seats(players: int, game: int) -> BotSeats:
    """Random bots at every seat, asked through the match engine (its worker thread, with
    the time limit), as `simulate` asks them."""
    choosers = {seat: RandomBot(game * 10 + seat).choose for seat in range(players)}
    return BotSeats(choosers, random.Random(game))


def _peak_memory_of_a_game(variant: Variant, players: int, budget: Budget) -> dict[str, Any]:
    """Peak Python memory while playing one game (to its end, or while the budget lasts;
    measured apart: tracing makes every move slow)."""
    tracemalloc.start()
    game = Game.new(variant, players=players, seed=0)
    bots = random_seats(players, 0)
    moves = 0
    while not game.game_over and (moves == 0 or budget.running()):
        if game.round_over:
            game.play("next")
        else:
            bots.turn(game, game.play)
        moves += 1
    bots.close()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "peak_memory_mb_one_game": round(peak / 1e6, 2),
        "memory_moves_traced": moves,
        "memory_whole_game": game.game_over,
    }


def bench_legal_moves(seconds: float = 2.0, clock: Clock = time.perf_counter) -> dict[str, Any]:
    """legal_moves() on 15-card Rami 51 hands: the call every bot and the table make."""
    game = Game.new(get_variant("rami51"), players=4, seed=3)
    samples: list[float] = []
    budget = Budget(seconds, clock)
    while budget.running() or not samples:
        t0 = clock()
        game.legal_moves()
        samples.append(clock() - t0)
    return {
        "legal_moves_calls": len(samples),
        "legal_moves_median_ms": round(statistics.median(samples) * 1000, 3),
    }


def bench_gin(seconds: float = 3.0, clock: Clock = time.perf_counter, seed: int = 1) -> dict[str, Any]:
    """min_deadwood, the inner loop of every gin bot, on random hands: 10 cards as dealt for
    half the budget, then 11-card masks (after a draw: the best discard) for the other half."""
    rng = random.Random(seed)
    figures: dict[str, Any] = {"benchmark": "gin: min_deadwood on random hands"}
    for label, size in (("hands_per_second_10_cards", 10), ("masks_per_second_11_cards", 11)):
        budget = Budget(seconds / 2, clock)
        done = 0
        spent = 0.0
        while budget.running() or not done:
            batch = [rng.sample(ALL_CARDS, size) for _ in range(200)]
            if size == 10:
                t0 = clock()
                for hand in batch:
                    min_deadwood(hand)
            else:
                masks = [hand_mask(hand) for hand in batch]
                t0 = clock()
                for mask in masks:
                    min_deadwood_mask(mask, True)
            spent += clock() - t0
            done += len(batch)
        figures[label] = round(done / spent) if spent > 0 else 0
        figures[f"hands_{size}_cards"] = done
    return figures


def _optional(module: str, function: str) -> Callable[..., dict[str, Any]] | None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the ui part imports pygame
    try:
        mod = __import__(module, fromlist=[function])
    except ImportError:
        return None
    found = getattr(mod, function, None)
    return found if callable(found) else None


PARTS = ("rules", "gin", "ui", "phone")
OPTIONAL = {
    "ui": ("ramigui.ui.bench", "ui_benchmarks"),
    "phone": ("ramigui.ui.bench_phone", "phone_benchmarks"),
}
"""Parts that need pygame (or the phone server): imported only when asked for."""


def run_benchmarks(which: str, seconds: float, size: tuple[int, int] | None = None) -> list[dict[str, Any]]:
    """Each asked part with about `seconds` of budget; each says how long it took. `size` is
    the ui part's window (its own default when None)."""
    results: list[dict[str, Any]] = []
    for name in PARTS:
        if which not in (name, "all"):
            continue
        started = time.perf_counter()
        if name == "rules":
            figures: list[dict[str, Any]] = [bench_rules(seconds)]
        elif name == "gin":
            figures = [bench_gin(seconds)]
        else:
            bench = _optional(*OPTIONAL[name])
            if bench is None:
                results.append({"benchmark": name, "missing": f"{'.'.join(OPTIONAL[name])} not available"})
                continue
            found = bench(seconds, size) if name == "ui" and size is not None else bench(seconds)
            figures = found if isinstance(found, list) else [found]
        figures[-1]["seconds"] = round(time.perf_counter() - started, 2)
        results.extend(figures)
    return results


def bench_parser() -> Parser:
    parser = Parser(prog="ramigui bench", description="Speed and memory figures, printed beside their targets.")
    parser.add_argument("which", nargs="?", default="all", choices=(*PARTS, "all"),
                        help="which part to measure (default: all)")
    parser.add_argument("--seconds", type=seconds(3600, zero=False), default=3.0, metavar="S",
                        help="about how long each part measures (default 3)")
    parser.add_argument("--size", type=window_size, default=None, metavar="WxH",
                        help="the ui part's window size (default 1920x1080)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def bench_main(argv: Sequence[str]) -> int:
    args = bench_parser().parse_args(list(argv))
    size = None
    if args.size:
        width, height = args.size.split("x")
        size = (int(width), int(height))
    results = run_benchmarks(args.which, args.seconds, size)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for figures in results:
        print(figures.get("benchmark", "?"))
        for key, value in figures.items():
            if key != "benchmark":
                print(f"  {key}: {value}")
    return 0
