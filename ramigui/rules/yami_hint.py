"""How close five Yami cards are to filling a free box: a measure for bots and hints.

A bot that exchanges at random takes tens of thousands of turns to finish a game, because late
in a game the boxes left are the hard ones (a quinte floche, a brelan of aces): only the
exposer's rule ends a deal, and a random hand rarely meets it. `progress` says how far a hand
is towards the nearest box an exposer could fill; `best_discard` and `wants_discard_top` turn
it into an exchange. Pure functions over cards: they see nothing a player could not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ramigui.cards import Card
from ramigui.rules.variant import YamiRules
from ramigui.rules.yami_boxes import SERIES, SERIES_RANKS

_WINDOWS_HIGH = tuple(frozenset(range(low, low + 5)) for low in range(7, 11))
"""The quintes of a 32-card deck with the ace high (14): 7–J … 10–A."""
_ACE_SIX = frozenset({14, 7, 8, 9, 10})


def _value(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


def _windows(rules: YamiRules) -> tuple[frozenset[int], ...]:
    return _WINDOWS_HIGH + ((_ACE_SIX,) if rules.ace_as_six else ())


def _suits_by_rank(cards: Iterable[Card]) -> dict[int, set[str]]:
    found: dict[int, set[str]] = {}
    for card in cards:
        found.setdefault(card.rank, set()).add(card.suit)
    return found


def _run_progress(cards: Sequence[Card], rules: YamiRules, one_suit: bool) -> float:
    """The share of a quinte (of one suit when `one_suit`) the cards already hold."""
    groups = [[c for c in cards if c.suit == s] for s in "SHDC"] if one_suit else [list(cards)]
    best = 0
    for group in groups:
        values = {_value(card) for card in group}
        best = max([best] + [len(values & window) for window in _windows(rules)])
    return best / 5


def _box_progress(box: str, cards: Sequence[Card], rules: YamiRules) -> float:
    """How far (0 to 1) the cards are from letting an exposer fill `box`."""
    suits = _suits_by_rank(cards)
    sizes = sorted((len(s) for s in suits.values()), reverse=True) + [0, 0]
    if box in SERIES:
        rank = SERIES_RANKS[SERIES.index(box)]
        return min(len(suits.get(rank, ())), 3) / 3
    simple = {"paire": 2, "brelan": 3, "carre": 4}
    if box in simple:
        return min(sizes[0], simple[box]) / simple[box]
    if box == "double_paire":
        return (min(sizes[0], 2) + min(sizes[1], 2)) / 4
    if box == "full":
        return (min(sizes[0], 3) + min(sizes[1], 2)) / 5
    if box == "couleur":
        return max(len({c.rank for c in cards if c.suit == s}) for s in "SHDC") / 5
    return _run_progress(cards, rules, one_suit=box == "quinte_floche")


def progress(cards: Sequence[Card], free: Iterable[str], rules: YamiRules) -> float:
    """The best progress towards any free box, richer boxes winning ties."""
    points = dict(rules.combination_points)
    best = 0.0
    for box in free:
        worth = points.get(box, 4 * rules.serie_points_per_card)
        best = max(best, _box_progress(box, cards, rules) + worth / 10_000)
    return best


def best_discard(hand: Sequence[Card], free: Iterable[str], rules: YamiRules) -> Card:
    """The card of a 6-card hand whose discard leaves the best progress."""
    boxes = tuple(free)

    def after(index: int) -> float:
        return progress([c for i, c in enumerate(hand) if i != index], boxes, rules)

    return hand[max(range(len(hand)), key=after)]


def wants_discard_top(hand: Sequence[Card], top: Card | None, free: Iterable[str], rules: YamiRules) -> bool:
    """Whether taking the discard top (then the best discard) beats the hand as it is."""
    if top is None:
        return False
    boxes = tuple(free)
    six = list(hand) + [top]
    kept = list(six)
    kept.remove(best_discard(six, boxes, rules))
    return progress(kept, boxes, rules) > progress(hand, boxes, rules)
