"""Move: one action of one player, with its text notation (like chess's UCI).

Notation (documented in docs/notation.md):

    draw                      take the top card of the stock
    take                      take the top card of the discard pile
    take 10H from 2           take a card from meld 2 (Rami familial)
    meld 7H 8H 9H             put down a new meld; jokers written where they stand
    layoff 10H to 2           add cards from the hand to meld 2
    swap 9H for joker in 2    put 9H in meld 2 and take its joker into the hand
    discard KS                end the turn by discarding KS
    carte                     announce "Carte !" (one card left, Rami familial)
    undo                      take back the last provisional move of this turn
    next                      deal the next round once a round is over
    pass                      (Gin) refuse the upcard
    knock KS / gin KS         (Gin) discard KS and knock / go gin
    gin                       (Gin) Grand Gin: all 11 cards melded, no discard
    expose                    (Yami) lay the hand down
    score brelan / score 8    (Yami) fill a box
    cross quinte              (Yami) cross out a box

Melds are numbered from 1 in the order they were put on the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ramigui.cards import Card, CardParseError, format_cards, parse_cards, shorten
from ramigui.rules.errors import IllegalMove

SIMPLE_KINDS = frozenset(
    {"draw", "take", "undo", "carte", "next", "pass", "expose", "done"}
)
CARDS_KINDS = frozenset({"meld", "discard", "knock", "gin"})
WORD_KINDS = frozenset({"score", "cross"})


@dataclass(frozen=True, slots=True)
class Move:
    """A move: its kind, the cards it names, the meld it targets (1-based), a box word."""

    kind: str
    cards: tuple[Card, ...] = ()
    target: int | None = None
    word: str = ""

    def __str__(self) -> str:
        cards = format_cards(self.cards)
        if self.kind == "take" and self.target is not None:
            return f"take {cards} from {self.target}"
        if self.kind == "layoff":
            return f"layoff {cards} to {self.target}"
        if self.kind == "swap":
            return f"swap {cards} for joker in {self.target}"
        if self.kind in WORD_KINDS:
            return f"{self.kind} {self.word}"
        if self.cards:
            return f"{self.kind} {cards}"
        return self.kind

    @property
    def card(self) -> Card:
        """The single card of a one-card move (discard, knock, gin)."""
        return self.cards[0]

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in notation; raises IllegalMove("bad_notation") with the detail (or
        "discard_one_card": a discard, knock or gin naming several cards)."""
        try:
            return _parse_text(text) if isinstance(text, str) else _parse(text)
        except CardParseError:
            raise _bad(text, "bad_card", token=_unreadable(text)) from None


def _bad(text: str, detail: str, **params: str) -> IllegalMove:
    """A bad_notation refusal; `detail` is a code of errors.DETAILS, filled by `params`
    (the typed text and words quoted in it cut short: a reason fits on a line)."""
    shown = {name: shorten(value) for name, value in params.items()}
    return IllegalMove("bad_notation", text=shorten(text, 80), detail=detail, **shown)


def _unreadable(text: str) -> str:
    """The first word of a move that is not a card (what the card parser refused)."""
    for word in text.split()[1:]:
        try:
            parse_cards([word])
        except CardParseError:
            return word
    return text


MAX_MELD_DIGITS = 4
"""Meld numbers have at most 4 digits (a table holds a few dozen melds): int() refuses
more than 4300 digits, and a refusal must not become a ValueError."""


def _meld_number(text: str, token: str) -> int:
    # isascii: "²" passes isdigit but int() refuses it.
    if not (token.isascii() and token.isdigit()) or len(token) > MAX_MELD_DIGITS or int(token) < 1:
        raise _bad(text, "bad_meld_number", token=token)
    return int(token)


@lru_cache(maxsize=4096)
def _parse_text(text: str) -> Move:
    """`_parse`, remembered: every move played or tried is read from its notation (a `Move`
    too, `as_move`), so the same few hundred writings are read again and again. A Move is
    frozen, so handing the same one out twice is safe; a refusal raises and is not kept."""
    return _parse(text)


def _parse(text: str) -> Move:
    if not isinstance(text, str):
        raise _bad(repr(text), "not_text")
    words = text.strip().split()
    if not words:
        raise _bad(text, "empty")
    kind, rest = words[0].lower(), words[1:]
    if kind in SIMPLE_KINDS:
        if kind == "take" and rest:
            return _parse_take_from(text, rest)
        if rest:
            raise _bad(text, "nothing_after", kind=kind)
        return Move(kind)
    if kind in CARDS_KINDS:
        if not rest and kind == "gin":
            return Move("gin")  # Grand Gin: all 11 cards laid, nothing discarded
        if not rest:
            raise _bad(text, "needs_cards", kind=kind)
        if kind != "meld" and len(rest) != 1:  # a player's mistake more than a misspelling
            raise IllegalMove("discard_one_card", move=shorten(text, 80))
        return Move(kind, tuple(parse_cards(rest)))
    if kind in WORD_KINDS:
        if len(rest) != 1:
            raise _bad(text, "one_box", kind=kind)
        return Move(kind, word=rest[0].lower())
    if kind == "layoff":
        if len(rest) < 3 or rest[-2].lower() != "to":
            raise _bad(text, "write_layoff")
        return Move("layoff", tuple(parse_cards(rest[:-2])), _meld_number(text, rest[-1]))
    if kind == "swap":
        lowered = [w.lower() for w in rest]
        if len(rest) < 5 or lowered[-4:-1] != ["for", "joker", "in"]:
            raise _bad(text, "write_swap")
        return Move("swap", tuple(parse_cards(rest[:-4])), _meld_number(text, rest[-1]))
    raise _bad(text, "unknown_kind", kind=kind)


def _parse_take_from(text: str, rest: list[str]) -> Move:
    if len(rest) != 3 or rest[1].lower() != "from":
        raise _bad(text, "write_take")
    return Move("take", tuple(parse_cards(rest[:1])), _meld_number(text, rest[2]))


def as_move(move: Move | str) -> Move:
    """Accept a Move or its notation: every entry point to the rules takes either.

    A Move built in code goes through its own notation too, so a malformed one (a discard
    without a card) is refused with a reason like a mistyped string."""
    if isinstance(move, Move):
        return Move.parse(str(move))
    return Move.parse(move)
