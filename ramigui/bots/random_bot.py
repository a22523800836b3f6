"""RandomBot: a legal move chosen at random — the floor of the strength ladder.

It leans towards putting cards down (so rounds end) and never repeats a move it took back
in the same turn (so a take it cannot use does not loop with `undo`).
"""

from __future__ import annotations

import random

from ramigui.rules.moves import Move
from ramigui.rules.view import PlayerView

PUT_DOWN = frozenset({"meld", "layoff", "swap", "expose", "score", "gin", "knock"})


class RandomBot:
    """Plays a random legal move from a PlayerView."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._turn: tuple[int, int] = (-1, -1)
        self._undone: set[str] = set()

    def _turn_key(self, view: PlayerView) -> tuple[int, int]:
        turn = view.public.get("turn")
        return (view.round_no, int(turn) if isinstance(turn, int) else len(view.history))

    def choose(self, view: PlayerView) -> Move:
        moves = list(view.legal_moves)
        if not moves:
            raise ValueError("no legal move: it is not this seat's turn")
        key = self._turn_key(view)
        if key != self._turn:
            self._turn, self._undone = key, set()
        fresh = [m for m in moves if m.kind != "undo" and str(m) not in self._undone]
        ends_turn = [m for m in fresh if m.kind in ("discard", "knock", "gin", "next", "pass", "draw", "take", "cross", "score")]
        undo = [m for m in moves if m.kind == "undo"]
        if undo and not ends_turn and view.history:
            self._undone.add(view.history[-1][1])
            if not [m for m in fresh if m.kind in PUT_DOWN]:
                return undo[0]
        if not fresh:
            return undo[0] if undo else moves[0]
        eager = [m for m in fresh if m.kind in PUT_DOWN]
        if eager and self.rng.random() < 0.7:
            return self.rng.choice(eager)
        return self.rng.choice(fresh)
