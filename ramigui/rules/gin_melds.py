"""Gin melds and deadwood: exact, and fast enough to be the inner loop of a gin bot.

A gin hand is a 52-bit mask: bit `suit_index * 13 + rank - 1`. Two facts make the least
deadwood cheap to compute exactly:

* Within one suit, runs (ace low, no jokers) can take every card of a block of three or more
  consecutive ranks, and nothing else. So the best run value of a suit depends only on its
  13-bit pattern: one lookup in a table of 8192 entries (built once, at import).
* A set uses one rank, and a rank holds at most one set (four suits). So the only choices
  are, for each rank held three or four times, which set (if any) to lay; the few ranks
  concerned are enumerated and each suit's remainder looked up.

For 11 cards (after a draw) one card must be discarded: a second table gives, per suit
pattern, the best "runs + value of one dropped card", so the best discard costs nothing
more than one lookup per suit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from ramigui.cards import ALL_CARDS, SUITS, Card, card_of
from ramigui.rules.moves import Move

RANKS = 13
SUIT_MASK = (1 << RANKS) - 1
PATTERNS = 1 << RANKS
NO_CARD = -1000
"""Gain of dropping a card from an empty suit: never chosen."""

Meld = tuple[Card, ...]


def card_value(card: Card) -> int:
    """Gin value of a card: ace 1, 2–10 face value, J Q K 10 (seed 001)."""
    return min(card.rank, 10)


def card_bit(card: Card) -> int:
    """The card's bit in a hand mask."""
    return 1 << (SUITS.index(card.suit) * RANKS + card.rank - 1)


_BIT_BY_ID = {id(card): card_bit(card) for card in ALL_CARDS}
_BIT_BY_CARD = {card: card_bit(card) for card in ALL_CARDS}
_CARD_BY_INDEX = {card_bit(card).bit_length() - 1: card for card in ALL_CARDS}


def hand_mask(cards: Iterable[Card]) -> int:
    """The mask of a hand. Cards from `parse_cards` are interned: found by identity, fast."""
    mask = 0
    by_id = _BIT_BY_ID
    for card in cards:
        bit = by_id.get(id(card))
        mask |= bit if bit is not None else _BIT_BY_CARD[card]
    return mask


def mask_cards(mask: int) -> list[Card]:
    """The cards of a mask, in suit then rank order."""
    return [_CARD_BY_INDEX[i] for i in range(52) if mask >> i & 1]


# --- per-suit tables --------------------------------------------------------------------------


def _blocks(pattern: int) -> list[tuple[int, int]]:
    """Maximal runs of consecutive set bits: (lowest bit, length)."""
    found = []
    r = 0
    while r < RANKS:
        if pattern >> r & 1:
            start = r
            while r < RANKS and pattern >> r & 1:
                r += 1
            found.append((start, r - start))
        else:
            r += 1
    return found


def _in_runs(pattern: int) -> int:
    """The cards of a suit that runs can take: every block of 3 or more consecutive ranks."""
    starts = pattern & (pattern >> 1) & (pattern >> 2)
    return starts | (starts << 1) | (starts << 2)


def _build_tables() -> tuple[list[int], list[int], list[int]]:
    values = [0] * PATTERNS
    for p in range(1, PATTERNS):
        low = (p & -p).bit_length()  # rank of the lowest card
        values[p] = values[p & (p - 1)] + min(low, 10)
    runs = [values[_in_runs(p)] for p in range(PATTERNS)]
    gains = [NO_CARD] * PATTERNS
    for p in range(1, PATTERNS):
        best = NO_CARD
        for r in range(RANKS):
            if p >> r & 1:
                best = max(best, runs[p & ~(1 << r)] + min(r + 1, 10))
        gains[p] = best - runs[p]
    return values, runs, gains


VALUE, RUN_VALUE, DROP_GAIN = _build_tables()
"""Per 13-bit suit pattern: card values; value meldable in runs; best gain from one discard."""


# --- the least deadwood ----------------------------------------------------------------------


def _set_options(suits: Sequence[int], rank: int) -> list[tuple[int, ...]]:
    """The sets a hand may lay in one rank: no set, each triple, the four (suit indexes)."""
    held = tuple(i for i in range(4) if suits[i] >> rank & 1)
    options: list[tuple[int, ...]] = [()]
    options += list(combinations(held, 3))
    if len(held) == 4:
        options.append(held)
    return options


def _three_of_a_rank(s0: int, s1: int, s2: int, s3: int) -> int:
    """Ranks (13-bit) held in at least three suits: the only ranks that can form a set."""
    return (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))


def _best_with_sets(suits: list[int], ranks: list[int], drop: bool) -> int:
    """Most value melded (plus the dropped card) over every choice of sets in `ranks`."""
    if not ranks:
        total = RUN_VALUE[suits[0]] + RUN_VALUE[suits[1]] + RUN_VALUE[suits[2]] + RUN_VALUE[suits[3]]
        if drop:
            total += max(DROP_GAIN[suits[0]], DROP_GAIN[suits[1]], DROP_GAIN[suits[2]], DROP_GAIN[suits[3]])
        return total
    rank, rest = ranks[0], ranks[1:]
    best = NO_CARD * 4
    for option in _set_options(suits, rank):
        left = list(suits)
        for i in option:
            left[i] &= ~(1 << rank)
        best = max(best, len(option) * min(rank + 1, 10) + _best_with_sets(left, rest, drop))
    return best


def min_deadwood_mask(mask: int, drop: bool = False) -> int:
    """Least deadwood of a hand mask; with `drop`, after the best discard of one card."""
    s0 = mask & SUIT_MASK
    s1 = (mask >> 13) & SUIT_MASK
    s2 = (mask >> 26) & SUIT_MASK
    s3 = (mask >> 39) & SUIT_MASK
    total = VALUE[s0] + VALUE[s1] + VALUE[s2] + VALUE[s3]
    triples = _three_of_a_rank(s0, s1, s2, s3)
    if not triples:
        melded = RUN_VALUE[s0] + RUN_VALUE[s1] + RUN_VALUE[s2] + RUN_VALUE[s3]
        if drop:
            melded += max(DROP_GAIN[s0], DROP_GAIN[s1], DROP_GAIN[s2], DROP_GAIN[s3])
        return total - melded
    ranks = [r for r in range(RANKS) if triples >> r & 1]
    return total - _best_with_sets([s0, s1, s2, s3], ranks, drop)


def min_deadwood(cards: Iterable[Card]) -> int:
    """The least deadwood of a hand (ace low, a card in at most one meld).

    Ten cards or fewer: the hand as it is. Eleven cards (after a draw): the least deadwood
    left after the best discard — the knock test.
    """
    hand = list(cards)
    return min_deadwood_mask(hand_mask(hand), drop=len(hand) == 11)


def deadwood_points(cards: Iterable[Card]) -> int:
    """The value of cards left unmelded."""
    return sum(card_value(card) for card in cards)


# --- arrangements ----------------------------------------------------------------------------


def _choose_sets(suits: list[int], ranks: list[int]) -> tuple[int, list[tuple[int, tuple[int, ...]]]]:
    """Like `_best_with_sets` (no drop), also returning the sets chosen: (rank, suits)."""
    if not ranks:
        return sum(RUN_VALUE[s] for s in suits), []
    rank, rest = ranks[0], ranks[1:]
    best: tuple[int, list[tuple[int, tuple[int, ...]]]] = (NO_CARD * 4, [])
    for option in _set_options(suits, rank):
        left = list(suits)
        for i in option:
            left[i] &= ~(1 << rank)
        value, chosen = _choose_sets(left, rest)
        value += len(option) * min(rank + 1, 10)
        if value > best[0]:
            best = (value, ([(rank, option)] if option else []) + chosen)
    return best


def best_melds(cards: Iterable[Card]) -> tuple[list[Meld], list[Card]]:
    """One arrangement of the given cards with the least deadwood: (melds, deadwood cards).

    Every card given is arranged (no discard is made, even for 11 cards: see `best_discard`).
    Runs are listed low to high; a suit's block of consecutive cards is laid as one run.
    """
    hand = list(cards)
    mask = hand_mask(hand)
    suits = [(mask >> (13 * i)) & SUIT_MASK for i in range(4)]
    triples = _three_of_a_rank(*suits)
    _, sets = _choose_sets(suits, [r for r in range(RANKS) if triples >> r & 1])
    melds: list[Meld] = []
    for rank, suit_indexes in sets:
        melds.append(tuple(card_of(rank + 1, SUITS[i]) for i in suit_indexes))
        for i in suit_indexes:
            suits[i] &= ~(1 << rank)
    for i, pattern in enumerate(suits):
        for start, length in _blocks(pattern):
            if length >= 3:
                melds.append(tuple(card_of(start + k + 1, SUITS[i]) for k in range(length)))
    melded = {card for meld in melds for card in meld}
    deadwood = sorted((c for c in hand if c not in melded), key=Card.sort_key)
    return melds, deadwood


def least_deadwood_arrangements(cards: Iterable[Card]) -> list[tuple[list[Meld], list[Card]]]:
    """Every arrangement of the cards into melds and deadwood that reaches the least
    deadwood, each once (melds in a canonical order; a long run also counts split in two).

    Why: the deadwood is all the score sees, but which melds a knocker lays decides what
    the defender may lay off (`gin_layoffs.knock_arrangement` chooses among these).
    Depth-first over the lowest card left: deadwood (while the bound allows) or the first
    card of one of the melds holding it; a hand has few melds, so this stays small.
    """
    hand = sorted(set(cards), key=Card.sort_key)
    target = min_deadwood_mask(hand_mask(hand))
    holding: dict[Card, list[Meld]] = {card: [] for card in hand}
    for meld in melds_in(hand):
        ordered = tuple(sorted(meld, key=Card.sort_key))
        holding[ordered[0]].append(ordered)
    found: list[tuple[list[Meld], list[Card]]] = []

    def search(index: int, used: frozenset[Card], melds: list[Meld], loose: list[Card], points: int) -> None:
        while index < len(hand) and hand[index] in used:
            index += 1
        if index == len(hand):
            found.append((list(melds), list(loose)))
            return
        card = hand[index]
        if points + card_value(card) <= target:
            search(index + 1, used, melds, loose + [card], points + card_value(card))
        for meld in holding[card]:
            if not used.intersection(meld):
                search(index + 1, used | frozenset(meld), melds + [meld], loose, points)

    search(0, frozenset(), [], [], 0)
    return [(m, d) for m, d in found if deadwood_points(d) == target]


def best_discard(cards: Sequence[Card], keep: Card | None = None) -> tuple[Card, int]:
    """The discard leaving the least deadwood (never `keep`, the card just taken), and that deadwood."""
    mask = hand_mask(cards)
    options = [
        (min_deadwood_mask(mask & ~card_bit(card)), -card_value(card), card)
        for card in cards
        if card != keep
    ]
    deadwood, _, card = min(options, key=lambda o: (o[0], o[1], o[2].sort_key()))
    return card, deadwood


def laid_out_by_melds(cards: Iterable[Card]) -> list[Card]:
    """A hand as "By melds" shows it (the table and the phones): the melds of the
    least-deadwood arrangement side by side, then each pair one card short of a meld, lowest
    first — two of a rank, then two of a suit one or two ranks apart (a run wanting an end
    or its middle) — then the loose cards by rank. A card makes one pair at most."""
    melds, deadwood = best_melds(cards)
    loose = sorted(deadwood, key=Card.rank_key)
    pairs: list[tuple[Card, Card]] = []
    for near in (_same_rank, _run_apart):
        for first in list(loose):
            if first not in loose:  # already the second of a pair
                continue
            second = next((c for c in loose if c is not first and near(first, c)), None)
            if second is not None:
                pairs.append((first, second))
                loose.remove(first)
                loose.remove(second)
    pairs.sort(key=lambda pair: pair[0].rank_key())
    return [card for meld in melds for card in meld] + [card for pair in pairs for card in pair] + loose


def _same_rank(first: Card, second: Card) -> bool:
    return first.rank == second.rank


def _run_apart(first: Card, second: Card) -> bool:
    return first.suit == second.suit and 1 <= second.rank - first.rank <= 2


def shown_deadwood(hand: Sequence[Card], discarding: bool, keep: Card | None = None) -> int:
    """The deadwood counter a player sees: of the cards held, or, while discarding from
    eleven, after the best discard (never `keep`, the card just taken)."""
    if discarding and len(hand) % 2 == 1:
        return best_discard(hand, keep)[1]
    return min_deadwood(hand)


def best_finish(hand: Sequence[Card], legal: Iterable[Move], kind: str) -> Move | None:
    """The knock (or gin) a player means when they press Knock (Gin) without choosing a
    card: Grand Gin if that is legal, else the legal one leaving the least deadwood (the
    higher card on a tie). None when no such move is legal. Shared by the table and phones."""
    moves = [move for move in legal if move.kind == kind]
    if not moves:
        return None
    if any(not move.cards for move in moves):
        return Move(kind)  # Grand Gin: all eleven cards melded

    def left(move: Move) -> tuple[int, int]:
        rest = list(hand)
        rest.remove(move.cards[0])
        return min_deadwood(rest), -card_value(move.cards[0])

    return min(moves, key=left)


# --- melds -----------------------------------------------------------------------------------


def meld_kind(cards: Sequence[Card]) -> str | None:
    """"run" (3+ consecutive cards of a suit, ace low), "set" (3 or 4 of a rank) or None."""
    if len(cards) < 3 or len(set(cards)) != len(cards) or any(c.is_joker for c in cards):
        return None
    if len(cards) <= 4 and len({c.rank for c in cards}) == 1:
        return "set"
    if len({c.suit for c in cards}) == 1:
        ranks = sorted(c.rank for c in cards)
        if ranks[-1] - ranks[0] == len(ranks) - 1:
            return "run"
    return None


def sorted_meld(cards: Iterable[Card]) -> Meld:
    """A meld's cards in table order: a run low to high, a set by suit."""
    return tuple(sorted(cards, key=Card.rank_key if _one_suit(cards) else Card.sort_key))


def _one_suit(cards: Iterable[Card]) -> bool:
    return len({c.suit for c in cards}) == 1


def melds_in(cards: Iterable[Card]) -> list[Meld]:
    """Every meld the cards hold: all runs within each block, every set of 3 or 4."""
    hand = list(cards)
    mask = hand_mask(hand)
    found: list[Meld] = []
    for i, suit in enumerate(SUITS):
        for start, length in _blocks((mask >> (13 * i)) & SUIT_MASK):
            for low in range(length - 2):
                for high in range(low + 3, length + 1):
                    found.append(tuple(card_of(start + k + 1, suit) for k in range(low, high)))
    for rank in range(1, RANKS + 1):
        same = [c for c in hand if c.rank == rank]
        for size in (3, 4):
            found.extend(
                tuple(sorted(c, key=Card.sort_key))
                for c in combinations(sorted(same, key=Card.sort_key), size)
            )
    return found
