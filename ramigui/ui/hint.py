"""The Hint button: what a medium bot would play now, and one sentence saying why.

The bot sees only the player's own view (as every bot does), so a hint never reveals a
hidden card. If the bots offer `explain(view, move)` its sentence is used; otherwise the
move's kind is put in words from the translation catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ramigui import i18n
from ramigui.rules import Game, Move, PlayerView

HINT_LEVEL = "medium"


@dataclass(frozen=True)
class Hint:
    move: Move
    text: str


def suggest(game: Game, seat: int) -> Hint | None:
    """The hint for `seat` (None when it is not their turn or no bot can answer)."""
    view = game.view(seat)
    if not view.legal_moves:
        return None
    try:
        from ramigui.bots import make_bot

        bot = make_bot(game.variant.id, HINT_LEVEL, game.seed * 7 + len(view.history))
        move = bot.choose(view)
    except Exception:  # noqa: BLE001 - a hint must never break the game
        return None
    if not game.is_legal(move):
        return None
    return Hint(move, explain(bot, view, move))


def explain(bot: Any, view: PlayerView, move: Move) -> str:
    """The bot's own reason if it gives one, else the move's kind in words."""
    own = getattr(bot, "explain", None)
    if callable(own):
        try:
            text = own(view, move)
        except Exception:  # noqa: BLE001 - fall back to the plain sentence
            text = None
        if isinstance(text, str) and text:
            return text
    return move_reason(view, move)


def move_reason(view: PlayerView, move: Move) -> str:
    """A one-sentence suggestion for each kind of move, with its cards named."""
    params: dict[str, Any] = {"n": move.target or 0, "box": move.word}
    if move.cards:
        params["card"] = move.cards[0]
        params["cards"] = list(move.cards)
    kind = move.kind
    if kind == "take" and move.target is None:
        pile = view.public.get("discard", ()) if view.public else ()
        if pile:
            params["card"] = pile[-1]
        kind = "take_discard"
    elif kind == "take":
        kind = "take_meld"
    key = f"hint.{kind}"
    if not i18n.has_key(key):
        return i18n.tr("hint.other", move=str(move))
    return i18n.tr(key, **params)
