"""The strength ladder, measured: `python -m ramigui.bots.ladder [--games N] [--family F]`.

Plays head-to-head matches with `ramigui simulate` (two seats, the levels swapped on every
deal so both get the same cards) for each step of the ladder — hard vs medium, medium vs
easy, easy vs random — and for Gin hard vs the simple baseline, and prints each step's win
rate with its 95% interval. A step is significant when the interval's low end is above 50%.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

STEPS = (("hard", "medium"), ("medium", "easy"), ("easy", "random"))
FAMILIES: dict[str, tuple[str, list[str], list[tuple[str, str]]]] = {
    "rummy": ("rami51", ["rounds=1"], list(STEPS)),
    "gin": ("gin", [], list(STEPS) + [("hard", "baseline")]),
    "yami": ("yami", [], list(STEPS)),
}


def run_step(variant: str, options: list[str], pair: tuple[str, str], games: int, seed: int) -> dict[str, Any]:
    from ramigui.simulate import simulate

    args = argparse.Namespace(
        variant=variant, players=2, games=games, seed=seed, bots=",".join(pair),
        option=options, json=True, check=False,
    )
    return simulate(args)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ramigui.bots.ladder")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--family", choices=sorted(FAMILIES), action="append")
    args = parser.parse_args(argv)
    for family in args.family or sorted(FAMILIES):
        variant, options, steps = FAMILIES[family]
        for pair in steps:
            report = run_step(variant, options, pair, args.games, args.seed)
            top = report["levels"][pair[0]]
            low, high = top["ci95"]
            verdict = "significant" if low > 0.5 else "not significant"
            print(
                f"{variant:6} {pair[0]:>8} vs {pair[1]:<8} {report['games']:>5} games: "
                f"{top['win_rate']:.1%} [{low:.1%}, {high:.1%}] {verdict}; "
                f"final {top['final_score']} vs {report['levels'][pair[1]]['final_score']}; "
                f"p99 {top['decision_ms_p99']} ms; violations {report['violations']}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
