"""Speed of min_deadwood, the inner loop of every gin bot.

    python -m pytest tests/test_gin_bench.py --benchmark-enable   # pytest-benchmark table
    python tests/test_gin_bench.py                                # hands per second, printed

The normal test run (benchmarks disabled) runs each benchmark once, as a smoke test.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ramigui.cards import ALL_CARDS, Card
from ramigui.rules.gin import bench_min_deadwood, min_deadwood
from ramigui.rules.gin_melds import hand_mask, min_deadwood_mask


def hands(count: int, size: int = 10, seed: int = 1) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(ALL_CARDS, size) for _ in range(count)]


def test_bench_min_deadwood_ten_cards(benchmark: Callable[..., Any]) -> None:
    deals = hands(1000)
    total = benchmark(lambda: sum(min_deadwood(hand) for hand in deals))
    assert total == sum(min_deadwood(hand) for hand in deals)


def test_bench_min_deadwood_masks_eleven_cards(benchmark: Callable[..., Any]) -> None:
    masks = [hand_mask(hand) for hand in hands(1000, size=11)]
    benchmark(lambda: [min_deadwood_mask(mask, drop=True) for mask in masks])


def test_bench_report(capsys: Any) -> None:
    report = bench_min_deadwood(hands=20_000)
    with capsys.disabled():
        print(f"\nmin_deadwood: {report['hands_per_second']:,.0f} hands/s (10 cards), {report['masks_per_second']:,.0f} masks/s")
    assert report["hands_per_second"] > 10_000  # far below the real figure: a gross regression


if __name__ == "__main__":
    for size in (10, 11):
        result = bench_min_deadwood(hands=200_000, size=size)
        print(f"{size} cards: {result['hands_per_second']:,.0f} hands/s from cards, {result['masks_per_second']:,.0f} from masks")
