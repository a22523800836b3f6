"""Why a move is good, in one sentence: the Hint button's reason, computed from the position.

Each family's reason (`rummy_reason`, `gin_reason`, `yami_reason`, found through the bots'
family registry, `ramigui.bots.reason_for`) is a translation key and its params (cards,
points, box names), never text: the UI translates it. Every fact in a sentence comes from
the rules' own modules (`melds`, `gin_melds`, `yami_boxes`, `yami_hint`) applied to what
the view shows — the hand, the table, the free boxes — so a reason never guesses and never
reveals a hidden card. Moves with nothing concrete to say get the plain `hint.<kind>` sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ramigui.bots.rummy_plan import Planner, free_take_pays
from ramigui.cards import JOKER, Card
from ramigui.rules import gin_melds
from ramigui.rules.gin_layoffs import defender_layoffs
from ramigui.rules.melds import (
    SET,
    MeldError,
    arrange,
    card_points,
    hand_points,
    lay_off,
    meld_points,
)
from ramigui.rules.moves import Move
from ramigui.rules.public import GinPublic, RummyPublic, YamiPublic
from ramigui.rules.rummy import OUT_LEFT, cards_kept, meld_limit, taken_card_must_in
from ramigui.rules.variant import per_players
from ramigui.rules.view import PlayerView
from ramigui.rules.yami_boxes import SERIES, SERIES_RANKS, box_of, exposable, fillable
from ramigui.rules.yami_hint import _box_progress, best_discard

Reason = tuple[str, dict[str, Any]]
"""A sentence's translation key and its params (cards, points, box names): never text."""


def plain(view: PlayerView, move: Move) -> Reason:
    """The move's kind in words, its cards named (the sentence when nothing better is known)."""
    params: dict[str, Any] = {"n": move.target or 0, "box": move.word, "move": str(move)}
    if move.cards:
        params["card"] = move.cards[0]
        params["cards"] = list(move.cards)
    kind = move.kind
    if kind == "take" and move.target is None:
        pile = view.public.discard
        if pile:
            params["card"] = pile[-1]
        kind = "take_discard"
    elif kind == "take":
        kind = "take_meld"
    return f"hint.{kind}", params


def _without(cards: Sequence[Card], removed: Sequence[Card]) -> list[Card]:
    left = list(cards)
    for card in removed:
        if card in left:
            left.remove(card)
    return left


def _top(view: PlayerView) -> Card | None:
    pile = view.public.discard
    return pile[-1] if pile else None


# --- rummy ----------------------------------------------------------------------------------


def rummy_reason(view: PlayerView, move: Move) -> Reason | None:
    planner = Planner(view.variant)
    kind = move.kind
    if kind == "take":
        return _rummy_take(view, planner, move)
    if kind == "swap":
        return _rummy_swap(view, planner, move)
    if kind == "draw":
        return _rummy_draw(view, planner)
    if kind == "meld":
        return _rummy_meld(view, planner, move)
    if kind == "layoff":
        return _rummy_layoff(view, planner, move)
    if kind == "discard":
        return _rummy_discard(view, planner, move.card)
    return None


def _meld_word(cards: Sequence[Card], view: PlayerView) -> str:
    """"set" or "run": what the cards make (a set of four is a carré, worded apart in French)."""
    try:
        meld = arrange(cards, view.variant)
    except MeldError:
        return "run"
    if meld.kind == SET:
        return "square" if len(cards) == 4 else "set"
    return "run"


def _meld_with(view: PlayerView, planner: Planner, hand: Sequence[Card], card: Card) -> tuple[Card, ...] | None:
    """The meld `card` joins in the best arrangement of `hand` (which holds it), if any."""
    for meld in planner.arrange(hand).melds:
        if card in meld:
            return meld
    return None


def _rummy_take(view: PlayerView, planner: Planner, move: Move) -> Reason | None:
    card = move.cards[0] if move.target is not None else _top(view)
    if card is None:
        return None
    meld = _meld_with(view, planner, list(view.hand) + [card], card)
    where = "take_meld" if move.target is not None else "take"
    if meld is not None:
        others = _without(meld, [card])
        return f"why.rummy.{where}_{_meld_word(meld, view)}", {"card": card, "cards": others, "n": move.target or 0}
    for number, table in enumerate(view.public.melds, start=1):
        try:
            lay_off(table, (card,), view.variant)
        except MeldError:
            continue
        return "why.rummy.take_layoff", {"card": card, "n": number}
    return None


def _rummy_swap(view: PlayerView, planner: Planner, move: Move) -> Reason | None:
    hand = _without(view.hand, move.cards) + [JOKER]
    meld = _meld_with(view, planner, hand, JOKER)
    if meld is None:
        return None
    return "why.rummy.swap", {"cards": list(move.cards), "n": move.target or 0, "others": _without(meld, [JOKER])}


def _rummy_draw(view: PlayerView, planner: Planner) -> Reason | None:
    top = _top(view)
    if top is None:
        return "why.rummy.draw_empty", {}
    seat, rules = view.seat, view.variant.rummy
    opened = view.public_as(RummyPublic).opened[seat]
    if not any(m.kind == "take" and m.target is None for m in view.legal_moves):
        # the rule first: "9♥ makes no meld" read as the reason while the pile was closed anyway
        if rules.take_discard == "after_opening" and not opened:
            return "why.rummy.draw_before_opening", {"card": top}
        return "why.rummy.draw_not_allowed", {"card": top}
    after = planner.arrange(list(view.hand) + [top])
    if not any(top in meld for meld in after.melds):
        return "why.rummy.draw_no_fit", {"card": top}
    if taken_card_must_in(view) == "none":  # a free take (Rami 51): what it would save
        now = planner.arrange(list(view.hand))
        if not free_take_pays(now, after, planner.points(top)):  # the bots' own measure of a free take
            return "why.rummy.draw_no_gain", {"card": top, "after": after.left_points, "before": now.left_points}
        return None
    if not opened and rules.opening_minimum and after.meld_points < rules.opening_minimum:
        return "why.rummy.draw_cannot_open", {"card": top, "have": after.meld_points, "need": rules.opening_minimum}
    return None


def _rummy_meld(view: PlayerView, planner: Planner, move: Move) -> Reason:
    rules, cards = view.variant.rummy, list(move.cards)
    points = meld_points(cards, view.variant)
    rest = planner.arrange(_without(view.hand, cards))
    way = _way_out(view, [cards, *rest.melds], rest.left, list(view.public.melds))
    if way is not None:
        return _meld_out(cards, bool(rest.melds), *way, kept=cards_kept(rules))
    opened = view.public_as(RummyPublic).opened[view.seat]
    if not opened and rules.opening_minimum:
        total = view.public_as(RummyPublic).turn_points + points + rest.meld_points
        return "why.rummy.meld_opens", {"cards": cards, "have": total, "need": rules.opening_minimum}
    # what the cards would cost left in hand (a joker at its own value, 15 in Wrotham), not
    # their worth in a meld (a joker as the card it stands for): "takes 30 points" was 35
    return f"why.rummy.meld_{_meld_word(cards, view)}", {"cards": cards, "points": hand_points(cards, view.variant)}


def _meld_out(cards: list[Card], other_melds: bool, added: list[Card], thrown: list[Card], kept: int) -> Reason:
    """The sentence for a meld that takes the hand out: with the other melds, or by adding
    the last loose cards to melds and throwing the last one, or as the whole hand."""
    if other_melds or not (added or thrown or not kept):
        return "why.rummy.meld_out", {"cards": cards}
    if added and thrown:
        return "why.rummy.meld_out_add_throw", {"cards": cards, "added": added, "card": thrown[0]}
    if added:
        return "why.rummy.meld_out_add", {"cards": cards, "added": added}
    if thrown:
        return "why.rummy.meld_out_throw", {"cards": cards, "card": thrown[0]}
    return "why.rummy.meld_out_whole", {"cards": cards}


def _way_out(view: PlayerView, melds: Sequence[Sequence[Card]], loose: Sequence[Card],
             table: list[Any]) -> tuple[list[Card], list[Card]] | None:
    """How the hand goes out this turn with `melds` laid (None: it does not): the `loose`
    cards added to the `table`'s melds or the new ones, one after another, and the card left
    to throw (`OUT_LEFT`). The melds count only within the rules' melds a turn
    (`meld_limit`); lay-offs are always allowed to a hand that goes out (seed 004's
    "ou qu'il fasse rami")."""
    public = view.public_as(RummyPublic)
    limit = meld_limit(view.variant.rummy, public.all_at_once)
    if limit and len(public.turn_melds) + len(melds) > limit:
        return None
    if len(loose) <= OUT_LEFT:
        return [], list(loose)
    try:
        targets = table + [arrange(meld, view.variant) for meld in melds]
    except MeldError:
        return None
    stuck = _laid_off(list(loose), targets, view)
    if len(stuck) > OUT_LEFT:
        return None
    return _without(loose, stuck), stuck


def _laid_off(loose: list[Card], targets: list[Any], view: PlayerView) -> list[Card]:
    """The cards left once every card that fits is laid off, one at a time (a run grows a
    card at a time, a set stops at four): what stays in hand."""
    placed = True
    while placed and loose:
        placed = False
        for card in list(loose):
            for number, meld in enumerate(targets):
                try:
                    targets[number] = lay_off(meld, (card,), view.variant)
                except MeldError:
                    continue
                loose.remove(card)
                placed = True
                break
    return loose


def _rummy_layoff(view: PlayerView, planner: Planner, move: Move) -> Reason | None:
    melds = view.public.melds
    number = move.target or 0
    if not 1 <= number <= len(melds):
        return None
    points = sum(card_points(card, view.variant) for card in move.cards)
    params = {"cards": list(move.cards), "n": number, "meld": list(melds[number - 1].cards), "points": points}
    try:
        grown = lay_off(melds[number - 1], move.cards, view.variant)
    except MeldError:
        return "why.rummy.layoff", params
    rest = planner.arrange(_without(view.hand, move.cards))
    table = [grown if i == number - 1 else meld for i, meld in enumerate(melds)]
    way = _way_out(view, rest.melds, rest.left, table)
    if way is None:
        return "why.rummy.layoff", params
    if not rest.melds and not way[0] and way[1]:
        return "why.rummy.layoff_out_throw", {**params, "card": way[1][0]}
    return "why.rummy.layoff_out", params


def _rummy_discard(view: PlayerView, planner: Planner, card: Card) -> Reason | None:
    hand, rules = list(view.hand), view.variant.rummy
    if len(hand) == 1:
        return "why.rummy.discard_out", {"card": card}
    arrangement = planner.arrange(hand)
    loose = list(arrangement.left)
    if card not in loose:
        return None
    points = card_points(card, view.variant)
    opened = view.public_as(RummyPublic).opened[view.seat]
    short = rules.opening_minimum - view.public_as(RummyPublic).turn_points - arrangement.meld_points
    if not opened and rules.opening_minimum and arrangement.melds and short > 0:
        return "why.rummy.discard_keep", {"card": card, "short": short, "need": rules.opening_minimum}
    if points >= max(card_points(c, view.variant) for c in loose):
        return "why.rummy.discard_high", {"card": card, "points": points}
    return "why.rummy.discard_loose", {"card": card, "points": points}


# --- gin ------------------------------------------------------------------------------------


def gin_reason(view: PlayerView, move: Move) -> Reason | None:
    hand, kind = list(view.hand), move.kind
    if kind == "take":
        return _gin_take(hand, _top(view))
    if kind in ("pass", "draw"):
        return _gin_refuse(view, kind, hand)
    if kind == "knock":
        deadwood = gin_melds.min_deadwood(_without(hand, move.cards))
        return "why.gin.knock", {
            "card": move.card,
            "deadwood": deadwood,
            "limit": view.public_as(GinPublic).knock_limit,
        }
    if kind == "gin":
        rules = view.variant.gin
        if not move.cards:
            return "why.gin.big_gin", {"bonus": rules.big_gin_bonus}
        return "why.gin.gin", {"card": move.card, "bonus": rules.gin_bonus}
    if kind == "discard":
        return _gin_discard(view, hand, move.card)
    if kind in ("meld", "layoff"):
        points = gin_melds.deadwood_points(move.cards)
        return f"why.gin.{kind}", {"cards": list(move.cards), "points": points, "n": move.target or 0}
    if kind == "done":
        return _gin_done(view, hand)
    return None


def _gin_done(view: PlayerView, hand: list[Card]) -> Reason:
    """What `done` does to the defender's hand: the cards it lays off (as the engine lays
    them), and the deadwood left."""
    public = view.public_as(GinPublic)
    knocker = public.knocker if public.knocker is not None else 1 - view.seat
    placed, rest = defender_layoffs(public.melds, knocker, hand, public.finish)
    deadwood = gin_melds.min_deadwood(rest)
    if not placed:
        return "why.gin.done", {"deadwood": deadwood}
    return "why.gin.done_layoff", {"cards": sorted((card for _, card in placed), key=Card.sort_key),
                                   "deadwood": deadwood}


def _gin_take(hand: list[Card], top: Card | None) -> Reason | None:
    if top is None:
        return None
    melds, _ = gin_melds.best_melds(hand + [top])
    meld = next((m for m in melds if top in m), None)
    if meld is not None:
        word = "run" if gin_melds.meld_kind(meld) == "run" else ("square" if len(meld) == 4 else "set")
        return f"why.gin.take_{word}", {"card": top, "cards": _without(meld, [top])}
    before = gin_melds.min_deadwood(hand)
    _, after = gin_melds.best_discard(hand + [top], keep=top)
    return "why.gin.take_lower", {"card": top, "before": before, "after": after}


def _gin_refuse(view: PlayerView, kind: str, hand: list[Card]) -> Reason | None:
    if kind == "draw" and view.public_as(GinPublic).stock_only:
        return "why.gin.draw_forced", {}
    top = _top(view)
    if top is None:
        return None
    melds, _ = gin_melds.best_melds(hand + [top])
    if not any(top in meld for meld in melds):
        return f"why.gin.{kind}_no_fit", {"card": top}
    _, after = gin_melds.best_discard(hand + [top], keep=top)
    return f"why.gin.{kind}_no_gain", {"card": top, "after": after, "before": gin_melds.min_deadwood(hand)}


def _gin_discard(view: PlayerView, hand: list[Card], card: Card) -> Reason:
    deadwood = gin_melds.min_deadwood(_without(hand, [card]))
    options = [gin_melds.min_deadwood(_without(hand, [m.card])) for m in view.legal_moves if m.kind == "discard"]
    best = min(options, default=deadwood)
    if deadwood <= best:
        return "why.gin.discard_least", {"card": card, "deadwood": deadwood}
    return "why.gin.discard_keep", {"card": card, "deadwood": deadwood, "best": best}


# --- yami -----------------------------------------------------------------------------------


def yami_reason(view: PlayerView, move: Move) -> Reason | None:
    rules, hand = view.variant.yami, list(view.hand)
    free = view.public_as(YamiPublic).free_boxes[view.seat]
    kind = move.kind
    if kind == "expose":
        boxes = {b: p for b, p in exposable(hand, rules).items() if b in free}
        if not boxes:
            return None
        box = max(boxes, key=lambda b: (boxes[b], b))
        return "why.yami.expose", {"box": box, "points": boxes[box]}
    if kind == "score":
        return _yami_score(view, hand, free, box_of(move.word) or move.word)
    if kind == "cross":
        return "why.yami.cross", {"box": box_of(move.word) or move.word}
    if kind == "draw":
        return _yami_aim("why.yami.draw", hand, free, view, {})
    if kind == "take":
        top = _top(view)
        if top is None:
            return None
        six = hand + [top]
        kept = _without(six, [best_discard(six, free, rules)])
        found = _yami_aim("why.yami.take", kept, free, view, {"card": top})
        if found is None:
            return None
        others = _without(found[1]["cards"], [top])
        return ("why.yami.take", {**found[1], "cards": others}) if others else ("why.yami.take_alone", found[1])
    if kind == "discard":
        return _yami_aim("why.yami.discard", _without(hand, move.cards), free, view, {"card": move.card})
    return None


def _yami_score(view: PlayerView, hand: list[Card], free: tuple[str, ...], box: str) -> Reason | None:
    rules = view.variant.yami
    points = fillable(hand, rules)
    if box not in points:
        return None
    gained = points[box]
    if box in SERIES:
        done = view.public_as(YamiPublic).series_totals[view.seat]
        threshold = per_players(rules.bonus_threshold, view.players)
        if done < threshold <= done + gained:
            return "why.yami.score_bonus", {"box": box, "points": gained, "bonus": rules.bonus}
    richer = {b: p for b, p in points.items() if b in free and p > gained}
    if richer:
        other = max(richer, key=lambda b: (richer[b], b))
        return "why.yami.score_save", {"box": box, "points": gained, "other": other, "other_points": richer[other]}
    return "why.yami.score_best", {"box": box, "points": gained}


def _yami_aim(
    key: str, cards: list[Card], free: tuple[str, ...], view: PlayerView, params: dict[str, Any]
) -> Reason | None:
    """`key` with the free box the cards come closest to and the cards that build it."""
    rules = view.variant.yami
    if not free or not cards:
        return None
    worth = dict(rules.combination_points)

    def closeness(box: str) -> tuple[bool, float, int]:
        """Boxes still to build first (a box already made is no reason to exchange), then
        the nearest, then the richest."""
        near = _box_progress(box, cards, rules)
        return near < 1, near, worth.get(box, 4 * rules.serie_points_per_card)

    box = max(free, key=closeness)
    builders = _builders(box, cards, rules.ace_as_six)
    if not builders:
        return None
    return key, {**params, "box": box, "cards": builders}


def _builders(box: str, cards: list[Card], ace_as_six: bool) -> list[Card]:
    """The cards of `cards` that count towards `box` (one per suit in a rank, as the sheet counts)."""
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        if all(c.suit != card.suit for c in by_rank.get(card.rank, [])):
            by_rank.setdefault(card.rank, []).append(card)
    groups = sorted(by_rank.values(), key=lambda g: (-len(g), -g[0].rank))
    if box in SERIES:
        return by_rank.get(SERIES_RANKS[SERIES.index(box)], [])
    if box in ("paire", "brelan", "carre"):
        return groups[0] if groups and len(groups[0]) > 1 else []
    if box in ("double_paire", "full"):
        return [c for g in groups[:2] if len(g) > 1 for c in g]
    if box == "couleur":
        suit = max("SHDC", key=lambda s: sum(1 for c in cards if c.suit == s))
        return [c for c in cards if c.suit == suit]
    return _run_builders(cards, one_suit=box == "quinte_floche", ace_as_six=ace_as_six)


def _run_builders(cards: list[Card], one_suit: bool, ace_as_six: bool) -> list[Card]:
    """The most cards of one window of five ranks (in one suit for a quinte floche)."""
    windows = [set(range(low, low + 5)) for low in range(7, 11)] + ([{14, 7, 8, 9, 10}] if ace_as_six else [])
    best: list[Card] = []
    for suit in ("SHDC" if one_suit else "*"):
        pool = [c for c in cards if suit in ("*", c.suit)]
        for window in windows:
            chosen: dict[int, Card] = {}
            for card in pool:
                value = 14 if card.rank == 1 else card.rank
                if value in window:
                    chosen.setdefault(value, card)
            if len(chosen) > len(best):
                best = [chosen[v] for v in sorted(chosen)]
    return best if len(best) > 1 else []
