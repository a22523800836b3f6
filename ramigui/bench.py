"""`ramigui bench`: speed and memory figures, printed (never asserted as timed tests).

    ramigui bench [rules|gin|ui|phone|all] [--seconds S] [--json]

Each benchmark runs for about S seconds and prints what it measured. Parts whose module
is missing say so instead of failing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from ramigui.bots.random_bot import RandomBot
from ramigui.rules import Game


def bench_rules(seconds: float = 3.0, variant: str = "rami51", players: int = 4) -> dict[str, Any]:
    """Random-legal play through Game.play, views included (what simulate and bots do)."""
    moves = 0
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game.new(variant, players=players, seed=games)
        bots = [RandomBot(games * 10 + s) for s in range(players)]
        while not game.game_over and time.perf_counter() - start < seconds:
            if game.round_over:
                game.play("next")
            else:
                game.play(bots[game.to_play].choose(game.view(game.to_play)))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "benchmark": f"rules: random play of {variant}, {players} players",
        "moves": moves,
        "moves_per_second": round(moves / elapsed),
        "peak_memory_mb_one_game": _peak_memory_of_one_game(variant, players),
    }


def _peak_memory_of_one_game(variant: str, players: int) -> float:
    """Peak Python memory while playing one whole game (measured apart: tracing is slow)."""
    tracemalloc.start()
    game = Game.new(variant, players=players, seed=0)
    bots = [RandomBot(s) for s in range(players)]
    while not game.game_over:
        game.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return round(peak / 1e6, 2)


def bench_legal_moves(seconds: float = 2.0) -> dict[str, Any]:
    """legal_moves() on 15-card Rami 51 hands: the call every bot and the table make."""
    game = Game.new("rami51", players=4, seed=3)
    calls, samples = 0, []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        game.legal_moves()
        samples.append(time.perf_counter() - t0)
        calls += 1
    return {
        "benchmark": "rules: legal_moves on a 15-card Rami 51 hand",
        "calls": calls,
        "median_ms": round(statistics.median(samples) * 1000, 3),
    }


def _optional(module: str, function: str) -> Callable[..., dict[str, Any]] | None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the ui part imports pygame
    try:
        mod = __import__(module, fromlist=[function])
    except ImportError:
        return None
    found = getattr(mod, function, None)
    return found if callable(found) else None


def run_benchmarks(which: str, seconds: float) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = []
    if which in ("rules", "all"):
        results.append(bench_rules(seconds))
        results.append(bench_legal_moves(min(seconds, 2.0)))
    parts = {
        "gin": ("ramigui.rules.gin_melds", "bench_min_deadwood", False),
        "ui": ("ramigui.ui.bench", "ui_benchmarks", True),
        "phone": ("ramigui.ui.bench_phone", "phone_benchmarks", True),
    }
    for name, (module, function, timed) in parts.items():
        if which not in (name, "all"):
            continue
        bench = _optional(module, function)
        if bench is None:
            results.append({"benchmark": name, "missing": f"{module}.{function} not available"})
            continue
        figures = bench(seconds) if timed else {"benchmark": "gin: min_deadwood on random 10-card hands", **bench()}
        results.extend(figures if isinstance(figures, list) else [figures])
    return results


def bench_main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="ramigui bench", description="Speed figures, printed.")
    parser.add_argument("which", nargs="?", default="all", choices=("rules", "gin", "ui", "phone", "all"))
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(list(argv))
    results = run_benchmarks(args.which, args.seconds)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for figures in results:
        print(figures.get("benchmark", "?"))
        for key, value in figures.items():
            if key != "benchmark":
                print(f"  {key}: {value}")
    return 0
