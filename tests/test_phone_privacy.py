"""Privacy of the phones: a phone gets its seat's view, never another hand.

For random games of every family, after every move, the JSON each seat's phone would receive
(the relay's state, the exact bytes the server sends) is searched for every card it names —
in notation (`QH`) and in words (`D♥`, `Q♥`). Each must be a card this seat has held or a
card that was face up on the table (discard pile, melds, a hand shown or exposed) in this
game (the last-moves lines go on across a new deal); and the stock is never in it, neither its cards nor its order.

"Face up" is worked out from the rules' raw round state, not from the views, so a view that
said too much would be caught.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from privacy_watch import sealed_texts

from ramigui import i18n
from ramigui.bots import make_bot
from ramigui.cards import Card, parse_card
from ramigui.deal_words import fingerprint_words
from ramigui.phone.bridge import Bridge
from ramigui.phone.relay import PhoneRelay
from ramigui.phone.tokens import PhoneSeats
from ramigui.phone.viewjson import joker_cards
from ramigui.rules import Game
from ramigui.rules.deals import SEEDED_DEALS, Deals

NOTATION = re.compile(r"^(?:10|[2-9AJQK])[SHDC]$|^JK$")
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
LETTERS = {"fr": {"V": "J", "D": "Q", "R": "K"}, "en": {}}


WORD = re.compile(r"[^\s,;:()«»“”\"'.!?\[\]{}]+")


def named_cards(value: Any, language: str) -> set[str]:
    """Every card a JSON value names, in notation or in the player's words."""
    found: set[str] = set()
    for word in WORD.findall(json.dumps(value, ensure_ascii=False)):
        if NOTATION.match(word):
            found.add(str(parse_card(word)))
        elif len(word) >= 2 and word[-1] in SYMBOLS and word[-2] not in (*SYMBOLS, "/"):  # "♠/♥": suits, no card
            rank = LETTERS[language].get(word[:-1], word[:-1])
            found.add(str(parse_card(rank + SYMBOLS[word[-1]])))
    return found


def face_up(game: Game) -> set[str]:
    """Cards face up on the table now, read from the round's raw state."""
    state = game.state
    shown: list[Card] = list(getattr(state, "discard", ()))
    for meld in getattr(state, "melds", ()):
        shown.extend(meld.cards)
        # what a melded joker stands for is read off the meld's face-up cards (9♥ JK J♥: the
        # joker is the 10♥; 7♣ 7♦ JK: a 7 of ♥ or ♠); naming it says nothing of where the
        # real card lies (`viewjson.joker_cards`, the same reading)
        shown.extend(parse_card(code) for code in joker_cards(meld))
    if game.variant.family == "gin":
        if state.knocker is not None:
            shown.extend(state.hands[state.knocker])
        if state.phase == "over":
            shown.extend(card for hand in state.hands for card in hand)
    if game.variant.family == "yami" and state.exposer is not None:
        shown.extend(card for hand in state.hands for card in hand)
    return {str(card) for card in shown}


def stock_cards(game: Game) -> list[str]:
    return [str(card) for card in game.state.stock]


def lists_in(value: Any) -> list[list[Any]]:
    if isinstance(value, dict):
        return [found for item in value.values() for found in lists_in(item)]
    if isinstance(value, list):
        return [value] + [found for item in value for found in lists_in(item)]
    return []


def play_and_check(variant: str, players: int, seed: int, language: str, moves: int,
                   deals: Deals = SEEDED_DEALS) -> int:
    game = Game.new(variant, players, seed, deals=deals)
    seats = PhoneSeats(range(players))
    names = [f"P{s}" for s in range(players)]
    relay = PhoneRelay(game, names, seats, Bridge(seats.seats))
    rng = random.Random(seed)
    bots = [make_bot(variant, "easy", seed * 10 + s) for s in range(players)]  # they reach knocks, exposures
    seen: dict[int, set[str]] = {s: set() for s in range(players)}
    held: dict[int, set[str]] = {s: set() for s in range(players)}
    checked = 0
    for _ in range(moves):
        table = face_up(game)
        for seat in range(players):
            seen[seat] |= table
            held[seat] |= {str(card) for card in game.hand(seat)}
        relay.publish()  # the move's last-moves lines, as the server would send them
        for seat in range(players):
            state = json.loads(relay._published[seat])
            allowed = seen[seat] | held[seat]
            named = named_cards(state, language)
            assert named <= allowed, (
                f"{variant} seed {seed} move {len(game.log)}: seat {seat}'s phone names "
                f"{sorted(named - allowed)}, never in its hand nor face up")
            stock = stock_cards(game)
            if len(stock) >= 2:
                assert all(found != stock for found in lists_in(state)), "the stock's order is never sent"
            assert isinstance(state["public"].get("stock", 0), int)
            raw = relay._published[seat].decode("utf-8")
            assert not [text for text in sealed_texts(game) if text in raw], "the sealed deal is never sent"
            assert state["deal_print"] == fingerprint_words(game.fingerprint(), language)
            checked += 1
        if game.game_over:
            break
        if game.round_over:
            game.play("next")
            continue
        if rng.random() < 0.8:
            game.play(bots[game.to_play].choose(game.view(game.to_play)))
        else:  # now and then anything legal, undo included
            game.play(rng.choice(game.legal_moves()))
    return checked


VARIANTS = [("rami51", 4), ("rami", 3), ("rami_bloc", 3), ("rami_wrotham", 2), ("manie_joker51", 3), ("gin", 2),
            ("gin_oklahoma", 2), ("yami", 3)]


@pytest.mark.parametrize(
    ("variant", "players", "language"),
    [(v, p, "en") for v, p in VARIANTS]
    + [("rami51", 4, "fr"), ("gin", 2, "fr"), ("yami", 3, "fr")],
)
def test_a_phone_never_names_a_card_of_another_hand(variant: str, players: int, language: str) -> None:
    i18n.set_language(language)
    try:
        checked = play_and_check(variant, players, 1, language, moves=160)
    finally:
        i18n.set_language("en")
    assert checked > 150


@pytest.mark.long
@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_a_phone_never_names_a_card_of_another_hand_soak(variant: str, players: int) -> None:
    for seed in range(2, 6):
        for language in ("en", "fr"):
            i18n.set_language(language)
            try:
                play_and_check(variant, players, seed, language, moves=600)
            finally:
                i18n.set_language("en")


@pytest.mark.parametrize(("variant", "players", "language"), [("rami51", 3, "en"), ("gin", 2, "fr"), ("yami", 3, "en")])
def test_a_phone_gets_the_fingerprint_and_nothing_that_unseals_the_deal(variant: str, players: int,
                                                                       language: str) -> None:
    """Every phone shows the round's fingerprint; its JSON never holds the round's code or
    nonce, the next rounds' or the game secret (keyed deals, as a person's game is dealt)."""
    i18n.set_language(language)
    try:
        checked = play_and_check(variant, players, 2, language, moves=300, deals=Deals("keyed", bytes(range(32))))
    finally:
        i18n.set_language("en")
    assert checked > 250


def test_the_check_itself_catches_a_leak() -> None:
    """The check is not vacuous: a state naming another seat's hidden card fails it."""
    game = Game.new("rami51", 3, 5)
    other = Counter(game.hand(1)) - Counter(game.hand(0))
    hidden = next(iter(other))
    state = {"hand": [str(c) for c in game.hand(0)], "last_moves": [f"P1 discarded {i18n.card_text(hidden)}"]}
    allowed = {str(c) for c in game.hand(0)} | face_up(game)
    assert not named_cards(state, "en") <= allowed
