"""Watching the real table for leaks (hot-seat privacy).

`Watch` catches everything the table draws — every text (through `widgets.text_surface`,
the one place text becomes pixels) and every card face (`CardArt.face`) — frame by frame,
and keeps its own record of what each seat may know, from the game itself: the cards that
were ever in that seat's hand this round, and the cards that were shown face up to the
table (on the table or the discard pile once a turn is over, or while someone other than
their owner watches; a hand shown by the rules — a knock, an exposed Yami hand; every hand
once the round is over). A frame drawn while seat X is the viewer (None: the shared screen
between two people) may name no card that is in another seat's hand and that X may not
know.

Card names are read back from the text the way players read them: `10♥`, `D♠` (French),
`Q♠`, `Joker`, and the move notation (`KS`, `10H`, `JK`) some fallbacks print.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pytest

from ramigui import i18n
from ramigui.cards import JOKER, SUITS, Card, card_of
from ramigui.rules import Game
from ramigui.rules.deals import deal_nonce
from ramigui.ui import widgets
from ramigui.ui.cardart import CardArt

SYMBOL_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
NOTATION = re.compile(r"(?<![\w])(10|[2-9TAJQK])([SHDC])(?![\w])|(?<![\w])JK(?![\w])")


@lru_cache(maxsize=4)
def _language(lang: str) -> tuple[re.Pattern[str], dict[str, int], re.Pattern[str]]:
    """The rank letters of a language, the pattern of a card written with them, and of its
    joker's name."""
    letters = {i18n.rank_text(rank): rank for rank in range(1, 14)}
    ranks = sorted(letters, key=len, reverse=True)
    symbol = re.compile(r"(" + "|".join(re.escape(r) for r in ranks) + r")([♠♥♦♣])")
    joker = re.compile(rf"(?<![\w]){re.escape(i18n.tr('card.joker'))}(?![\w])")
    return symbol, letters, joker


def cards_named(text: str) -> frozenset[Card]:
    """Every card a line of text names, in the current language or in notation."""
    return _cards_named(text, i18n.language())


@lru_cache(maxsize=20_000)
def _cards_named(text: str, lang: str) -> frozenset[Card]:
    symbol_pattern, letters, joker = _language(lang)
    found: set[Card] = set()
    for rank_text, symbol in symbol_pattern.findall(text):
        found.add(card_of(letters[rank_text], SYMBOL_SUITS[symbol]))
    for match in NOTATION.finditer(text):
        if match.group(0) == "JK":
            found.add(JOKER)
            continue
        rank_text, suit = match.group(1), match.group(2)
        rank = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}.get(rank_text) or int(rank_text)
        if suit in SUITS:
            found.add(card_of(rank, suit))
    if joker.search(text):
        found.add(JOKER)
    return frozenset(found)


@dataclass
class Leak:
    viewer: int | None
    card: Card
    owner: int
    where: str

    def __str__(self) -> str:
        return f"viewer {self.viewer}: {self.card} (in seat {self.owner}'s hand, never shown) drawn as {self.where}"


@dataclass
class SealedLeak(Leak):
    """A frame showing what seals a deal not yet over: a round's code or nonce, the game secret."""

    def __str__(self) -> str:
        return f"viewer {self.viewer}: the sealed deal drawn as {self.where}"


def sealed_texts(game: Game, ahead: int = 3) -> list[str]:
    """What nobody may see yet in a keyed game: the game secret, and the code (with and
    without its dashes) and nonce of the round being played and of the next ones."""
    deals = game.deals
    if not deals.is_keyed or not deals.secret:
        return []
    texts = [deals.secret.hex()]
    first = game.round_no + 1 if game.round_over else game.round_no
    for round_no in range(first, first + ahead):
        key = deals.key(game.seed, round_no)
        texts += [key.code, key.code.replace("-", ""), deal_nonce(key, round_no).hex()]
    return texts


@dataclass
class Watch:
    """The table's frames, checked against what each viewer may know."""

    game: Game
    texts: list[str] = field(default_factory=list)
    faces: list[Card] = field(default_factory=list)
    round_key: tuple[int, int] = (-1, -1)
    public: set[Card] = field(default_factory=set)
    known: dict[int, set[Card]] = field(default_factory=dict)
    cleared: set[str] = field(default_factory=set)
    """Texts already found to name only public cards (a last-moves line of an earlier round)."""
    frames: int = 0
    leaks: list[Leak] = field(default_factory=list)
    sealed: tuple[tuple[int, bool], list[str]] = ((0, False), [])

    # --- what may be known --------------------------------------------------------------

    def note_state(self, viewer: int | None) -> None:
        """Update who may know what from the game as it stands (after a step)."""
        game = self.game
        key = (game.round_no, id(game))
        if key != self.round_key:
            self.round_key, self.public, self.known = key, set(), {}
        for seat in range(game.players):
            self.known.setdefault(seat, set()).update(game.hand(seat))
        if game.round_over:
            for seat in range(game.players):
                self.public.update(game.hand(seat))
        mover = game.to_play
        if game.round_over or viewer != mover or self._turn_committed():
            self._table_is_public()

    def _turn_committed(self) -> bool:
        """Nothing of the open turn is provisional (no move of it can be taken back)."""
        return not any(move.kind == "undo" for move in self.game.legal_moves())

    def _table_is_public(self) -> None:
        public = self.game.family.public(self.game.state, self.game.to_play)
        for meld in public.melds:
            self.public.update(meld.cards)
        self.public.update(public.discard)
        for hand in public.shown.values():
            self.public.update(hand)

    def may_know(self, viewer: int | None) -> set[Card]:
        own = self.known.get(viewer, set()) if viewer is not None else set()
        return self.public | own

    def hidden_owner(self, card: Card, viewer: int | None) -> int | None:
        """The other seat holding `card` now, if the viewer may not know it."""
        if card in self.may_know(viewer):
            return None
        for seat in range(self.game.players):
            if seat != viewer and card in Counter(self.game.hand(seat)):
                return seat
        return None

    # --- a frame ------------------------------------------------------------------------

    def check_frame(self, viewer: int | None) -> None:
        texts, faces = self.texts[:], self.faces[:]
        self.texts.clear()
        self.faces.clear()
        if not texts and not faces:
            return
        self.frames += 1
        for card in faces:
            owner = self.hidden_owner(card, viewer)
            if owner is not None:
                self.leaks.append(Leak(viewer, card, owner, "a card face"))
        sealed = self._sealed()
        for text in dict.fromkeys(texts):
            if any(secret in text for secret in sealed):
                self.leaks.append(SealedLeak(viewer, JOKER, -1, f"text {text!r}"))
            if text in self.cleared:
                continue
            named = cards_named(text)
            for card in named:
                owner = self.hidden_owner(card, viewer)
                if owner is not None:
                    self.leaks.append(Leak(viewer, card, owner, f"text {text!r}"))
            if named and named <= self.public:
                self.cleared.add(text)


    def _sealed(self) -> list[str]:
        """`sealed_texts` of the game now (worked out once per round and per round end)."""
        key = (self.game.round_no, self.game.round_over)
        if self.sealed[0] != key:
            self.sealed = (key, sealed_texts(self.game))
        return self.sealed[1]


@contextmanager
def watching(game: Game, monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    """Catch every text and card face the table draws from now on."""
    watch = Watch(game)
    text_surface = widgets.text_surface
    face = CardArt.face

    def caught_text(text: str, *args: Any, **kwargs: Any) -> Any:
        watch.texts.append(text)
        return text_surface(text, *args, **kwargs)

    def caught_face(art: CardArt, card: Card) -> Any:
        watch.faces.append(card)
        return face(art, card)

    monkeypatch.setattr(widgets, "text_surface", caught_text)
    monkeypatch.setattr(CardArt, "face", caught_face)
    yield watch
