"""The viewer's hand in groups: the melds it already holds, a gap, the loose cards apart.

A purely visual grouping, found by the rules' own meld search (the rummy planner that
leaves the fewest points in hand; gin's least-deadwood arrangement); Yami has no melds in
hand, so its hand is one group. It never changes a move: the cards stay the player's.

What happens to the order:
* a hand the table sorts (by suit or by rank, the default) is laid out melds first, each
  meld in table order (a joker where it stands), then the loose cards in the sort's order;
  a drawn card that completes a meld joins it;
* a hand the player arranged by hand (a card dragged elsewhere) keeps their order exactly:
  the gaps only frame the melds the player has put side by side, and new cards go right.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ramigui.cards import Card
from ramigui.rules.variant import Variant

Group = tuple[Card, ...]


def gin_hand_melds(cards: Sequence[Card], variant: Variant) -> list[Group]:
    """Gin: the melds of the least-deadwood arrangement."""
    from ramigui.rules.gin_melds import best_melds

    return [tuple(meld) for meld in best_melds(cards)[0]]


def no_hand_melds(cards: Sequence[Card], variant: Variant) -> list[Group]:
    """A family without melds in hand (Yami): the hand is one group."""
    return []


def rummy_hand_melds(cards: Sequence[Card], variant: Variant) -> list[Group]:
    """Rummy: the melds of the planner's arrangement that leaves the fewest points in hand,
    each arranged as it would lie on the table."""
    from ramigui.bots.rummy_plan import Planner
    from ramigui.rules.melds import MeldError, arrange

    groups = []
    for meld in Planner(variant).arrange(cards).melds:
        try:
            groups.append(tuple(arrange(meld, variant).cards))
        except MeldError:
            groups.append(tuple(meld))
    return groups


def grouped(cards: Sequence[Card], melds: Sequence[Group], key: Callable[[Card], tuple[int, int, int]]) -> list[Card]:
    """`cards` laid out melds first (in the order of their lowest card by `key`), then the
    loose cards sorted by `key`."""
    ordered = sorted(melds, key=lambda meld: min(key(c) for c in meld))
    left = Counter(cards)
    out: list[Card] = []
    for meld in ordered:
        out.extend(meld)
        left.subtract(meld)
    for card in sorted(cards, key=key):
        if left[card] > 0:
            out.append(card)
            left[card] -= 1
    return out


def meld_spans(order: Sequence[Card], melds: Sequence[Group]) -> list[range]:
    """Where in `order` each meld lies whose cards stand side by side (in any order among
    themselves): the melds the hand shows apart, ready to be laid."""
    spans: list[range] = []
    taken = [False] * len(order)
    for meld in sorted(melds, key=len, reverse=True):
        size = len(meld)
        want = Counter(meld)
        for begin in range(len(order) - size + 1):
            span = range(begin, begin + size)
            if any(taken[i] for i in span) or Counter(order[i] for i in span) != want:
                continue
            for i in span:
                taken[i] = True
            spans.append(span)
            break
    return sorted(spans, key=lambda span: span.start)


def group_starts(order: Sequence[Card], melds: Sequence[Group]) -> list[int]:
    """The indices of `order` where a gap goes: before and after each meld shown apart."""
    return span_ends(meld_spans(order, melds), len(order))


def span_ends(spans: Sequence[range], count: int) -> list[int]:
    """The gaps around these spans of a hand of `count` cards (none at either end)."""
    return sorted({end for span in spans for end in (span.start, span.stop)} & set(range(1, count)))
