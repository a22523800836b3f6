"""The phone page's words, all through the one translation layer (ramigui.i18n).

The page gets its fixed labels as a small JSON made here from the catalogues (so no text
is typed twice, and a new language needs nothing from the page), and every state carries
its prompt already written in the game's language: what the seat should do now, or who
is playing. Refusals come back as the rules' reason, translated (`i18n.reason_text`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ramigui import i18n
from ramigui.movetext import draw_prompt, rummy_turn_prompt, yami_exchange_prompt
from ramigui.rules import IllegalMove, PlayerView
from ramigui.rules.public import GinPublic, YamiPublic

PAGE_KEYS = (
    "app.title",
    "table.you",
    "table.round",
    "table.stock",
    "table.discard",
    "table.cards",
    "table.one_card",
    "table.opening",
    "table.gin.deadwood",
    "round.total",
    "round.game_over",
    "button.undo",
    "button.sort_suit",
    "button.sort_rank",
    "button.sort_melds",
    "button.carte",
    "button.knock",
    "button.gin",
    "button.pass",
    "button.take",
    "button.done",
    "button.expose",
    "button.next_round",
    "button.discard",
    "button.cancel",
    "common.yes",
    "common.no",
    "table.ask_go_out",
    "table.gin.discard_or_knock",
    "phone.elsewhere",
    "phone.take_back",
    "phone.connecting",
    "phone.offline",
    "phone.closed",
    "phone.your_turn",
    "phone.new_meld",
    "phone.tap_hint",
    "phone.pending_meld",
    "phone.paused",
    "phone.boxes",
    "phone.cross",
    "phone.points",
    "phone.last_moves",
    "table.refused",
    "reason.discard_one_card",
    "deal.fingerprint_line",
)
"""Labels the page shows as they are ({n}-style fields are filled by the page)."""


def page_strings() -> dict[str, str]:
    """The page's labels in the current language."""
    return {key: i18n.tr(key) for key in PAGE_KEYS}


def refusal(error: IllegalMove) -> str:
    """A refused move as the table says it: "Not allowed: <the rules' reason>"."""
    return i18n.tr("table.refused", reason=i18n.reason_text(error))


TurnPrompt = Callable[[PlayerView, Sequence[str]], str]
"""A family's prompt on its player's turn, from the view and the seats' names."""


def prompt(view: PlayerView, names: Sequence[str], on_turn: TurnPrompt) -> str:
    """What this seat should do now (`on_turn`: its family's words for its turn), or what
    the table is waiting for."""
    if view.game_over:
        return i18n.tr("round.game_over")
    if view.round_over:
        return i18n.tr("phone.round_over")
    if not view.my_turn:
        return i18n.tr("table.waiting", name=names[view.to_play])
    return on_turn(view, names)


def rummy_prompt(view: PlayerView, names: Sequence[str]) -> str:
    return rummy_turn_prompt(view)


def _kinds(view: PlayerView) -> set[str]:
    return {move.kind for move in view.legal_moves}


def gin_prompt(view: PlayerView, names: Sequence[str]) -> str:
    public = view.public_as(GinPublic)
    phase = public.phase
    if phase == "offer":
        pile = public.discard
        return i18n.tr("table.gin.offer", card=pile[-1] if pile else "")
    if phase == "draw":
        return i18n.tr("table.gin.draw_stock") if public.stock_only else draw_prompt(view)
    if phase == "discard":
        if _kinds(view) & {"knock", "gin"}:  # a phone has no D key: the prompt says the taps
            return i18n.tr("phone.gin.discard_or_knock")
        return i18n.tr("phone.gin.discard", limit=public.knock_limit)
    if phase == "showdown":
        knocker = public.knocker
        name = names[knocker] if knocker is not None else ""
        if public.finish == "knock":
            return i18n.tr("phone.gin.layoff", name=name)
        return i18n.tr("table.gin.after_gin", name=name)
    return ""


def yami_prompt(view: PlayerView, names: Sequence[str]) -> str:
    public = view.public_as(YamiPublic)
    phase = public.phase
    if phase == "exchange":
        return yami_exchange_prompt(view)
    if phase == "discard":
        return i18n.tr("table.yami.discard")
    if phase == "expose":
        return i18n.tr("phone.yami.expose")
    if phase == "reply":
        exposer = public.exposer
        name = names[exposer] if exposer is not None else ""
        crossing = not _kinds(view) & {"score"}
        return i18n.tr("table.yami.cross" if crossing else "phone.yami.reply", name=name)
    return ""

