"""The last-moves panel: the game's public record, said in the language of the moment.

A line is not written once and kept as text: it is said again from the facts whenever it
is drawn, through `movetext.describe_move`, with each seat's name as shown now
(`i18n.seat_name`); switching language mid-game relabels every line and every default
name ("Robot 2" → "Bot 2") at once.

The facts are `Game.public_record(observer)`, read from `Game.seen_by` like the table and
the phones: the moves that stand (that `undo` can no longer take back), and what may still
be taken back only when the screen shows it to the one playing (the person at the screen, a
bot) — never a move taken back, nor the "undo" itself, nor a phone's provisional melds. A
take from the discard pile names its card, which lay face up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ramigui import i18n
from ramigui.movetext import record_lines
from ramigui.rules import Game
from ramigui.rules.game import PublicMove

KEEP = 40
"""The most lines kept (the panel shows as many of the latest as fit)."""


class LastMoves:
    """The lines the panel tells the table's observer, newest last, in the current language."""

    def __init__(self) -> None:
        self._lines: tuple[tuple[Any, ...], list[str]] = ((), [])

    def lines(self, game: Game, observer: int | None, names: Sequence[str]) -> list[str]:
        """Every line of `game` told to `observer`, oldest first (remembered until a move, the
        observer, the language or a name changes: the panel is drawn every frame)."""
        key = (i18n.language(), id(game), len(game.log), observer, tuple(names))
        if self._lines[0] != key:
            self._lines = (key, panel_lines(game, game.public_record(observer)[-KEEP:], names))
        return self._lines[1]


def panel_lines(game: Game, record: Sequence[PublicMove], names: Sequence[str]) -> list[str]:
    """The panel's lines: the moves in words, a new round's moves under a rule naming the
    round ("— Round 2 —"), so the last moves of the round before never read as this one's;
    the round being played starts with who dealt and who plays first (a newcomer in a
    hot-seat game did not know why Bob, not Ana, played first)."""
    lines: list[str] = []
    start = 0
    for end in range(1, len(record) + 1):
        if end == len(record) or record[end].round_no != record[start].round_no:
            if start > 0:
                lines.append(i18n.tr("table.log_round", n=record[start].round_no))
            if record[start].round_no == game.round_no:
                lines.append(_deal_line(game, record[start].seat, names))
            lines.extend(said_lines(game, record[start:end], names))
            start = end
    if not record or record[-1].round_no != game.round_no:  # dealt, nobody has played yet
        if record:
            lines.append(i18n.tr("table.log_round", n=game.round_no))
        lines.append(_deal_line(game, game.to_play, names))
    return lines


def _deal_line(game: Game, first: int, names: Sequence[str]) -> str:
    """"Dealer: Ana · first to play: Bob" for the round being played."""
    def shown(seat: int) -> str:
        return i18n.seat_name(names[seat]) if seat < len(names) else ""

    return i18n.tr("table.log_deal", dealer=shown(game.dealer), first=shown(first))


def said_lines(game: Game, record: Sequence[PublicMove], names: Sequence[str]) -> list[str]:
    """The moves of `record` in words, with the seats' names as shown now."""
    shown = [i18n.seat_name(name) for name in names]
    scored = any(e.move.kind == "score" for e in record)
    sheets = game.view(game.to_play).public.score_sheets() if scored else ()
    return record_lines(record, lambda seat: shown[seat] if seat < len(shown) else "", sheets, game.variant)
