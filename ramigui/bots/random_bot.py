"""RandomBot: a legal move chosen at random — the floor of the strength ladder.

It leans towards putting cards down (so rounds end) and never repeats a move it took back
in the same turn (so a take it cannot use does not loop with `undo`). In Yami, where only an
exposure ends a deal and late in a game the free boxes are the hard ones (a quinte floche
needs five chosen cards), it also leans towards keeping what its nearest free box needs:
half its discards are `yami_hint.best_discard`, so every random game ends (all random, a
3-player game of Yami ran past 20,000 moves in one deal).
"""

from __future__ import annotations

import random

from ramigui.rules.moves import Move
from ramigui.rules.public import YamiPublic
from ramigui.rules.view import PlayerView
from ramigui.rules.yami_hint import best_discard

PUT_DOWN = frozenset({"meld", "layoff", "swap", "expose", "score", "gin", "knock"})
YAMI_AIM = 0.5
"""The share of a random Yami player's discards that keep its nearest free box in reach."""


class RandomBot:
    """Plays a random legal move from a PlayerView."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._turn: tuple[int, int] = (-1, -1)
        self._undone: set[Move] = set()

    def _turn_key(self, view: PlayerView) -> tuple[int, int]:
        return (view.round_no, view.public.turn)

    def choose(self, view: PlayerView) -> Move:
        moves = list(view.legal_moves)
        if not moves:
            raise ValueError("no legal move: it is not this seat's turn")
        key = self._turn_key(view)
        if key != self._turn:
            self._turn, self._undone = key, set()
        fresh = [m for m in moves if m.kind != "undo" and m not in self._undone]
        ends_turn = [
            m
            for m in fresh
            if m.kind
            in ("discard", "knock", "gin", "next", "pass", "draw", "take", "cross", "score")
        ]
        undo = [m for m in moves if m.kind == "undo"]
        if undo and not ends_turn and view.history:
            self._undone.add(view.history[-1].move)
            if not [m for m in fresh if m.kind in PUT_DOWN]:
                return undo[0]
        if not fresh:
            return undo[0] if undo else moves[0]
        eager = [m for m in fresh if m.kind in PUT_DOWN]
        if eager and self.rng.random() < 0.7:
            return self.rng.choice(eager)
        aimed = self._yami_discard(view, fresh)
        if aimed is not None:
            return aimed
        return self.rng.choice(fresh)

    def _yami_discard(self, view: PlayerView, moves: list[Move]) -> Move | None:
        """Now and then (YAMI_AIM), the Yami discard that keeps the nearest free box in reach."""
        if not isinstance(view.public, YamiPublic) or not all(m.kind == "discard" for m in moves):
            return None
        if self.rng.random() >= YAMI_AIM:
            return None
        free = view.public_as(YamiPublic).free_boxes[view.seat]
        card = best_discard(view.hand, free, view.variant.yami)
        return next((m for m in moves if m.card == card), None)
