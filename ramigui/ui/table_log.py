"""The last-moves panel: moves kept as facts, said in the language of the moment.

A line is not written once and kept as text: the table keeps who played what (and the
public facts a line needs — the discard pile's top before a take, the sheets after a Yami
score) and says it again whenever it is drawn, through `movetext.describe_move`, with each
seat's name as shown now (`i18n.seat_name`). Switching language mid-game relabels every
line and every default name ("Robot 2" → "Bot 2") at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ramigui import i18n
from ramigui.cards import Card
from ramigui.movetext import describe_move
from ramigui.rules import Game, Move, PlayerView

KEEP = 40
"""The most lines kept (the panel shows as many of the latest as fit)."""


@dataclass(frozen=True)
class Said:
    """One move of the panel: who, what, and the public facts its line needs."""

    seat: int
    move: Move
    pile: tuple[Card, ...] = ()
    sheets: tuple[Mapping[str, Any], ...] = ()


class LastMoves:
    """The moves the panel tells, newest last, and their lines in the current language."""

    def __init__(self) -> None:
        self.said: list[Said] = []
        self._lines: tuple[tuple[Any, ...], list[str]] = ((), [])

    def add(self, game: Game, seat: int, move: Move, before: PlayerView | None) -> None:
        """A move just played: the pile's top before it says which card a take took."""
        pile = tuple(before.public.get("discard", ())[-1:]) if before is not None and before.public else ()
        sheets = tuple(game.view(seat).public.get("sheets", ())) if move.kind == "score" else ()
        self.said = [*self.said, Said(seat, move, pile, sheets)][-KEEP:]

    def recall(self, game: Game) -> None:
        """The moves of a game resumed or replayed (which card a take took is not known
        without the view before it, so those lines go without the card)."""
        self.said = [Said(seat, move) for seat, move in game.log[-KEEP:]]

    def clear(self) -> None:
        self.said = []

    def lines(self, names: Sequence[str]) -> list[str]:
        """Every line, oldest first, in the current language (remembered until a move, the
        language or a name changes: the panel is drawn every frame)."""
        key = (i18n.language(), len(self.said), self.said[-1] if self.said else None, tuple(names))
        if self._lines[0] != key:
            shown = [i18n.seat_name(name) for name in names]
            lines = [describe_move(said.move, said.seat, shown[said.seat] if said.seat < len(shown) else "",
                                   said.pile, said.sheets) for said in self.said]
            self._lines = (key, lines)
        return self._lines[1]
