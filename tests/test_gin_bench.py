"""Speed of min_deadwood, the inner loop of every gin bot.

    python -m pytest tests/test_gin_bench.py --benchmark-enable   # pytest-benchmark table
    ramigui bench gin                                             # hands per second, printed

The normal test run (benchmarks disabled) runs each benchmark once and checks what it
computed against the brute force of tests/test_gin_deadwood.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from test_gin_deadwood import brute_after_discard, brute_deadwood

from ramigui.cards import ALL_CARDS, Card
from ramigui.rules.gin import min_deadwood
from ramigui.rules.gin_melds import hand_mask, min_deadwood_mask

CHECKED = 150
"""Hands of each benchmark checked against the brute force (which is slow)."""


def hands(count: int, size: int = 10, seed: int = 1) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(ALL_CARDS, size) for _ in range(count)]


def test_bench_min_deadwood_ten_cards(benchmark: Callable[..., Any]) -> None:
    deals = hands(1000)
    found = benchmark(lambda: [min_deadwood(hand) for hand in deals])
    assert found[:CHECKED] == [brute_deadwood(hand) for hand in deals[:CHECKED]]


def test_bench_min_deadwood_masks_eleven_cards(benchmark: Callable[..., Any]) -> None:
    """Eleven cards (after a draw): the least deadwood after the best discard."""
    deals = hands(1000, size=11)
    masks = [hand_mask(hand) for hand in deals]
    found = benchmark(lambda: [min_deadwood_mask(mask, drop=True) for mask in masks])
    assert found[:CHECKED] == [brute_after_discard(hand) for hand in deals[:CHECKED]]
