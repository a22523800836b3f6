"""A move in words for the last-moves lines: "Bob discarded K♠", "You took 7♥ from the discard".

One function for every place that tells what was played (the table's panel, the phones),
so the wording is the same everywhere. It reads only public facts: the move, who played
it, the discard pile before it (which card a take took) and the score sheets after it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules import Move, PlayerView
from ramigui.rules.game import PublicMove
from ramigui.rules.public import RummyPublic
from ramigui.rules.rummy import joker_goes, taken_card_must_in
from ramigui.rules.variant import Variant
from ramigui.rules.yami_boxes import box_of


def describe_move(
    move: Move,
    seat: int,
    name: str,
    pile_before: Sequence[Card] | None = None,
    sheets_after: Sequence[Mapping[str, Any]] = (),
) -> str:
    """The line for `move` played by `seat` called `name` (the viewer's pronoun "You" picks
    the second-person form). Without the pile a take from the discard is said without
    its card (a resumed game's old moves)."""
    kind = move.kind
    params: dict[str, Any] = {"name": name, "n": move.target or 0}
    if move.cards:
        params["card"] = move.cards[0]
        params["cards"] = list(move.cards)
    if kind == "take" and move.target is None:
        if pile_before:
            params["card"] = pile_before[-1]
        else:
            kind = "take_top"
    if kind == "take" and move.target is not None:
        kind = "take_meld"
    if kind == "gin" and not move.cards:
        kind = "big_gin"
    if kind in ("score", "cross"):
        box = box_of(move.word or "") or move.word or ""
        params["box"] = i18n.box_text(box) if box else ""
        params["points"] = sheets_after[seat].get(box) if kind == "score" and seat < len(sheets_after) else ""
    key = f"move.{kind}"
    if not i18n.has_key(key):
        return i18n.tr("move.other", name=name, move=str(move))
    return i18n.tr(key, **params)


def draw_prompt(view: PlayerView, must: str = "none") -> str:
    """The prompt of a turn's first move: "draw or take the discard" only while the rules
    allow the take (Rami familial before the first meld: the stock only), so the table
    and the phones never offer a move that would be refused; with what a taken discard
    must become (`must`: rummy's `taken_card_must_in`), said before it is taken — a newcomer
    found out after — and the joker won back where it is a move of the draw."""
    takes = any(m.kind == "take" and m.target is None for m in view.legal_moves)
    swaps = any(m.kind == "swap" for m in view.legal_moves)  # Rami familial: a joker won back is the draw
    key = "table.your_turn_draw" if takes else "table.your_turn_draw_stock"
    key = f"{key}_swap" if swaps else key
    return i18n.tr(f"{key}.{must}" if takes and must != "none" else key)


def yami_exchange_prompt(view: PlayerView) -> str:
    """A Yami turn's first words, at the table and on the phones alike: exchange or expose;
    or, when the hand fits no free box, why only an exchange is offered (late in the game,
    with few boxes left, deals went on for a dozen exchanges with no word why)."""
    if any(m.kind == "expose" for m in view.legal_moves):
        return i18n.tr("table.yami.exchange_expose")
    return i18n.tr("table.yami.exchange_only")


def rummy_turn_prompt(view: PlayerView, undo: bool = True) -> str:
    """What a rummy player does now on their turn, at the table and on the phones alike:
    draw; lay down all at once (Wrotham's last deals); open this turn to keep a lay-off
    made before opening; else meld, lay off and discard. Where the discard would be refused,
    "— or Undo" says the way back, when the table offers it (`undo`)."""
    public = view.public_as(RummyPublic)
    if public.phase == "draw":
        return draw_prompt(view, taken_card_must_in(view))
    if public.all_at_once:
        return i18n.tr("table.your_turn_all_at_once")
    owed = _owed_before_discard(view)
    if owed is None:
        return i18n.tr("table.your_turn_play")
    return i18n.tr("table.or_undo", prompt=owed) if undo else owed


def _owed_before_discard(view: PlayerView) -> str | None:
    """What the rules want laid before this turn's discard, in words (None: nothing)."""
    public, rules = view.public_as(RummyPublic), view.variant.rummy
    if public.layoffs_wait:  # the rules keep such a lay-off and would refuse the discard
        return i18n.tr("table.open_to_keep_layoffs", have=public.turn_points, need=rules.opening_minimum)
    if public.taken_waits and public.taken is not None:  # the discard would be refused
        where = i18n.tr(f"where.{public.taken_must}")
        return i18n.tr("table.taken_waits", card=i18n.card_text(public.taken), where=where)
    if public.jokers_wait:  # a joker won back must go down before the discard
        return i18n.tr("table.joker_waits", where=i18n.tr(f"where.{joker_goes(rules)}"))
    short = not public.opened[view.seat] and 0 < public.turn_points < rules.opening_minimum
    if short and public.turn_melds:  # melds laid short of the minimum: the discard would be refused
        return i18n.tr("table.open_short", have=public.turn_points, need=rules.opening_minimum)
    return None


def record_lines(record: Sequence[PublicMove], name_of: Callable[[int], str],
                 sheets_after: Sequence[Mapping[str, Any]], variant: Variant) -> list[str]:
    """The moves of a public record in words, in the order a player hears them (see
    `in_said_order`), with a line where the discard pile became the new stock, before the
    draw that needed it, and one for the penalty cards a forgotten "Carte !" cost, after
    its discard (a count jumps: the table says why). The table's panel and the phones say
    the record through it."""
    lines: list[str] = []
    for entry in in_said_order(record):
        if entry.restocked:
            lines.append(restock_text(variant))
        taken = (entry.taken,) if entry.taken is not None else ()
        lines.append(describe_move(entry.move, entry.seat, name_of(entry.seat), taken, sheets_after))
        if entry.penalty:
            lines.append(i18n.tr("move.carte_penalty", name=name_of(entry.seat), n=entry.penalty))
    return lines


def restock_text(variant: Variant) -> str:
    """How the discard pile became the stock: turned over unshuffled (Rami de base, seed
    003), or shuffled (Rami familial, seed 000; Yami)."""
    turned = getattr(variant.rules, "stock_reuse", "shuffle") == "turn_over"  # Yami's rules only shuffle
    return i18n.tr("move.restock_turned" if turned else "move.restock_shuffled")


def in_said_order(record: Sequence[PublicMove]) -> list[PublicMove]:
    """The moves in the order a player would hear them: "Carte !" is said with the discard
    that leaves one card (seed 000), though the rules take it just before that discard —
    so it is told after that seat's discard when that discard is the seat's very next move.
    Said earlier in the turn (before a lay-off, say), it is told where it was said: after
    a discard that emptied the hand it read as said with no card left."""
    said = list(record)
    index = 0
    while index < len(said):
        entry = said[index]
        if entry.move.kind == "carte":
            ends = next((k for k in range(index + 1, len(said)) if said[k].seat == entry.seat), None)
            if ends is not None and said[ends].move.kind == "discard":
                said.insert(ends, said.pop(index))
                continue
        index += 1
    return said
