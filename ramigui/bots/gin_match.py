"""What a gin hand's points are worth to the game: the chance of reaching the target first.

A game of Gin is won by the first to 100 (Oklahoma 150), not by the most points per hand.
Early on the two are the same thing, but not near the end: with 95 points, a knock for 5
wins the game as surely as a gin does, so the hand is worth winning at all, not worth
winning big; with the opponent at 95, any hand they win ends the game, so every turn
spent waiting for a bigger knock risks it all. The hard bot weighs its knock by this
chance rather than by raw points.

The chance comes from a simple model of the rest of the game: each hand is won by either
player with even odds, for points drawn from `HAND_POINTS`; `win_chance(mine, theirs)` is
the chance that we score the `mine` points we still need before they score `theirs`,
computed once per target by dynamic programming. Pure: no I/O, no randomness.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

HAND_POINTS: tuple[tuple[int, float], ...] = (
    (3, 0.185), (8, 0.22), (13, 0.138), (18, 0.12), (23, 0.138), (28, 0.065),
    (33, 0.04), (38, 0.038), (43, 0.02), (48, 0.018), (57, 0.019),
)
"""The points a won hand scores, in buckets of five (the bucket's mean, its share): measured
over 969 won hands of hard against the baseline (`ramigui simulate`, seed 3, 100 games):
16.8 points on average, a knock's few points most often, undercuts and gins in the tail."""


@lru_cache(maxsize=8)
def _table(target: int) -> tuple[tuple[float, ...], ...]:
    """`table[a][b]`: the chance of scoring `a` points before the opponent scores `b`
    (1 ≤ a, b ≤ target), each hand won by either side with even odds."""
    total = sum(share for _, share in HAND_POINTS)
    odds = [(points, share / total / 2) for points, share in HAND_POINTS]
    size = target + 1
    rows: list[list[float]] = [[0.0] * size for _ in range(size)]

    def at(a: int, b: int) -> float:
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        return rows[a][b]

    for a in range(1, size):
        for b in range(1, size):
            rows[a][b] = sum(half * (at(a - points, b) + at(a, b - points)) for points, half in odds)
    return tuple(tuple(row) for row in rows)


def win_chance(mine: int, theirs: int, target: int) -> float:
    """The chance of winning a game to `target` when we still need `mine` points and the
    opponent `theirs` (either may be ≤ 0: that game is already decided)."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    table = _table(target)
    return table[min(mine, target)][min(theirs, target)]


@dataclass(frozen=True)
class Stake:
    """The game as it stands for one knock decision: the points each side still needs.

    `value(points)` is what a hand scoring `points` to us (negative: to them) is worth, in
    points as they count at this score: the change of our winning chance divided by what
    one point changes it by here. At the start of a game that is the points themselves;
    near the end a small sure hand weighs more and a big risky one less."""

    mine: int
    theirs: int
    target: int

    @classmethod
    def of(cls, scores: tuple[int, ...], seat: int, target: int) -> Stake | None:
        """The stake of a two-player game to `target` (None: a game of a set number of
        rounds, where raw points are the measure)."""
        if target <= 0 or len(scores) != 2:
            return None
        return cls(target - scores[seat], target - scores[1 - seat], target)

    def _chance(self, points: int) -> float:
        if points >= 0:
            return win_chance(self.mine - points, self.theirs, self.target)
        return win_chance(self.mine, self.theirs + points, self.target)

    @cached_property
    def slope(self) -> float:
        """What one point changes our chance by at this score (a typical hand's worth either way)."""
        span = 16
        return max(1e-6, (self._chance(span) - self._chance(-span)) / (2 * span))

    def value(self, points: int) -> float:
        return (self._chance(points) - self._chance(0)) / self.slope
