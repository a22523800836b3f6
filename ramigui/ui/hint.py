"""The Hint button: what a medium bot would play now, and one sentence saying why.

The bot sees only the player's own view (as every bot does), so a hint never reveals a
hidden card, and it draws its randomness from the game's bot secret, never from the deal's
seed (`ramigui.bots.secret`). The sentence comes from `ramigui.bots.explain`, which reads the reason off
the position (the run a card completes, the deadwood a discard leaves, the box a Yami hand
fills); the UI only translates it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ramigui import i18n
from ramigui.bots import reason_for
from ramigui.bots.explain import plain
from ramigui.rules import Game, Move, PlayerView

HINT_LEVEL = "medium"


@dataclass(frozen=True)
class Hint:
    move: Move
    text: str


def suggest(game: Game, seat: int, secret: int, level: str = HINT_LEVEL) -> Hint | None:
    """The hint for `seat` from a bot of `level` (None when it is not their turn or no bot
    can answer); the same position of the same game always gets the same hint."""
    view = game.view(seat)
    if not view.legal_moves:
        return None
    try:
        from ramigui.bots import make_bot
        from ramigui.bots.secret import bot_rng

        bot = make_bot(game.variant.id, level, bot_rng(secret, seat, f"hint:{len(game.log)}"))
        move = bot.choose(view)
    except Exception:  # noqa: BLE001 - a hint must never break the game
        return None
    if not game.is_legal(move):
        return None
    return Hint(move, explain(bot, view, move))


def explain(bot: Any, view: PlayerView, move: Move) -> str:
    """Why the move is good, in the player's language.

    The reason is worked out from the position by `ramigui.bots.explain` (the cards it
    completes, the points it leaves, the box it fills); a key missing from the catalogue
    falls back to the move's kind in words, so a hint always says something true.
    """
    try:
        key, params = reason_for(view, move)
    except Exception:  # noqa: BLE001 - a hint must never break the game
        return move_reason(view, move)
    if not i18n.has_key(key):
        return move_reason(view, move)
    return i18n.tr(key, **params)


def move_reason(view: PlayerView, move: Move) -> str:
    """A one-sentence suggestion for each kind of move, with its cards named."""
    key, params = plain(view, move)
    if not i18n.has_key(key):
        return i18n.tr("hint.other", move=str(move))
    return i18n.tr(key, **params)
