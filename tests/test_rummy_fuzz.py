"""Fuzzing the rummy engine with hypothesis: random move strings, legal or not, never crash
the engine; each illegal one raises IllegalMove with a readable reason and leaves the state
exactly as it was.

Positions come from seeded games of every rummy variant (and a few house-rule options)
played some random legal moves in, so they stop anywhere: before the draw, mid-turn with
provisional melds, with one card left, after a round. Move strings are legal moves, legal
moves bent a little (another card, another meld number, another word), moves built from
random cards and numbers, and plain garbage text.

For each string:
- the engine either accepts it or raises IllegalMove — nothing else;
- a refusal has a known reason code and a readable English text, and leaves the state,
  the move log, the history, the undo stack and the scores exactly as they were;
- a move is accepted iff it is legal: moves whose every legal form the engine lists
  (draw, take, take from a meld, discard, carte, undo, next) are accepted exactly when
  listed; melds, lay-offs and swaps (which may be written in many orders and card
  groups) are accepted exactly when an independent statement of the rules says so, and
  every listed one is accepted;
- after an accepted move every card of the pack is still there exactly once.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from randomplay import SOAK, soak

from ramigui.cards import ALL_CARDS, Card, format_cards, make_deck, shuffled
from ramigui.rules import Game, IllegalMove, Move
from ramigui.rules.errors import REASONS, SUB_CODES, english
from ramigui.rules.melds import MeldError, classify, lay_off, swap_joker
from ramigui.rules.rummy import RUMMY, TurnLog, candidate_melds
from ramigui.rules.variant import Variant
from ramigui.variants import all_variants, get_variant

CASES: list[tuple[str, dict[str, Any], int]] = [
    (v.id, {}, n) for v in all_variants() if v.family == "rummy"
    for n in range(v.players[0], v.players[1] + 1)
]
CASES += [
    ("rami", {"decks": 2}, 3),
    ("rami", {"carte": False}, 2),
    ("rami_base", {"several_melds": True, "ace": "around", "last_discard": True}, 3),
    ("rami_base", {"lay_off_after_own_meld": True, "ace": "high_or_low",
                   "stock_end": "shuffle_3", "scoring": "penalty"}, 2),
    ("rami_base", {"stock_end": "turn_over_once", "rami_bonus": "plus10"}, 4),
]
WROTHAM_LATE = ("rami_wrotham", {}, 2)  # dealt as round 4: the all-at-once deals

SIMPLE = ["draw", "take", "undo", "carte", "next", "pass", "expose", "done", "knock KS", "gin",
          "score brelan", "cross 8"]
ALL_CARD_TEXT = [str(c) for c in ALL_CARDS] + ["JK", "TD", "1H", "ZZ", "²H", ""]


def _ids(case: tuple[str, dict[str, Any], int]) -> str:
    variant_id, options, players = case
    extra = "-".join(f"{k}={v}" for k, v in options.items())
    return f"{variant_id}-{players}p" + (f"-{extra}" if extra else "")


# --- building positions ---------------------------------------------------------------------


def new_game(case: tuple[str, dict[str, Any], int], seed: int, round_no: int = 1) -> Game:
    variant_id, options, players = case
    if round_no == 1:
        return Game.new(variant_id, players=players, seed=seed, options=options)
    variant = get_variant(variant_id, **options)
    state = RUMMY.deal(variant, players, round_no, players - 1, seed)
    return Game(variant, players, seed, state, round_no)


def endgame(case: tuple[str, dict[str, Any], int], seed: int) -> Game:
    """A random position late in a round: short hands that often hold a meld, melds on the
    table (some with jokers), a short stock, random opened seats, any round number."""
    variant_id, options, players = case
    variant = get_variant(variant_id, **options)
    rng = random.Random(seed)
    pack = shuffled(make_deck(variant.deck, variant.decks_for(players),
                              variant.jokers_for(players)), rng)

    def take_meld() -> list[Card]:
        sample = pack[:14]
        found = [m for m in candidate_melds(sample, variant.rummy) if len(m) <= 5]
        if not found:
            return []
        chosen = list(rng.choice(found))
        for card in chosen:
            pack.remove(card)
        return chosen

    melds = [(rng.randrange(players), format_cards(m).split())
             for m in (take_meld() for _ in range(rng.randint(0, 4))) if m]
    hands = []
    to_play = rng.randrange(players)
    just_a_meld = rng.random() < 0.3  # the player to move holds one meld and nothing else
    for seat in range(players):
        hand = take_meld() if rng.random() < 0.6 or (just_a_meld and seat == to_play) else []
        if not (just_a_meld and seat == to_play and hand):
            hand += [pack.pop() for _ in range(rng.randint(0 if hand else 1, 3))]
        hands.append([str(c) for c in hand])
    discard = [str(pack.pop()) for _ in range(rng.randint(0, 3))]
    stock = [str(c) for c in pack[: rng.randint(0, 6)]]
    opened = [s for s in range(players) if rng.random() < 0.5]
    last = variant.rounds or 6
    game = Game.from_position(variant, hands=hands, stock=stock, discard=discard,
                              to_play=to_play, melds=melds, opened=opened,
                              round_no=rng.randint(1, last))
    if just_a_meld or rng.random() < 0.5:  # as if the player had just drawn
        game.state = replace(game.state, phase="play", log=TurnLog(drawn=True))
    return game


def walk(game: Game, steps: int, rng: random.Random) -> Game:
    """Play `steps` random legal moves (undo and next included)."""
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


# --- move strings ---------------------------------------------------------------------------


def move_text(data: st.DataObject, game: Game) -> str:
    """A move string for this position: legal, bent, built from parts, or garbage.

    Hypothesis draws the mode and a seed; the string is then built from the position with
    that seed (cheap to draw, and failures still replay exactly)."""
    mode = data.draw(st.integers(min_value=0, max_value=5), label="mode")
    if mode == 5:
        return data.draw(st.text(max_size=30), label="garbage")
    rng = random.Random(data.draw(st.integers(min_value=0, max_value=2**32 - 1), label="seed"))
    legal = [str(m) for m in game.legal_moves()]
    if mode == 0 and legal:
        return data.draw(st.sampled_from(legal), label="legal")
    hand = [str(c) for c in game.hand(game.to_play)]
    pool = hand + ALL_CARD_TEXT
    numbers = [str(n) for n in range(-1, len(game.state.melds) + 3)]
    if mode == 2 and hand:  # the whole hand at once: going out without a discard?
        whole = " ".join(hand)
        return data.draw(st.sampled_from(
            [f"meld {whole}"] + [f"layoff {whole} to {n}" for n in numbers[2:]]), label="all")
    if mode == 1 and legal:
        words = rng.choice(legal).split()
        words[rng.randrange(len(words))] = rng.choice(
            pool + numbers + ["to", "from", "for", "joker", "in", "meld", "x"])
        text = " ".join(words)
    else:
        source = hand if hand and rng.random() < 0.7 else pool
        some = " ".join(rng.sample(source, min(len(source), rng.randint(1, 5))))
        number = rng.choice(numbers)
        text = rng.choice([
            rng.choice(SIMPLE), f"meld {some}", f"discard {rng.choice(pool)}",
            f"layoff {some} to {number}", f"swap {some} for joker in {number}",
            f"take {rng.choice(pool)} from {number}",
        ])
    return data.draw(st.just(text), label="move")


# --- the rules restated (for melds, lay-offs and swaps) ------------------------------------


def _holds(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    return not Counter(cards) - Counter(hand)


def _meld_at(state: Any, number: int | None) -> Any:
    if number is None or not 1 <= number <= len(state.melds):
        return None
    return state.melds[number - 1]


def _all_at_once(state: Any) -> bool:
    first = state.rules.all_at_once_from_round
    return bool(first) and state.round_no >= first


def expected_legal(game: Game, move: Move) -> bool | None:
    """Whether the rules allow `move` now, restated from the seeds independently of the
    engine, for every kind but the discard (whose whole-turn check is judged against the
    engine's complete move list instead): None for those."""
    state, variant = game.state, game.variant
    if game.round_over or move.kind not in ("meld", "layoff", "swap", "draw", "take", "carte"):
        return None
    rules, seat = state.rules, state.to_play
    hand = state.hands[seat]
    keep = 1 if rules.going_out == "discard" else 0
    one_card = rules.one_card_draw_only and len(hand) == 1
    if move.kind == "draw":
        return state.phase == "draw"
    if move.kind == "carte":
        return (state.phase == "play" and rules.carte_penalty > 0 and len(hand) == 2
                and not state.log.announced)
    if move.kind == "take" and move.target is None:
        free = rules.first_round_free_take and state.turn < state.players
        allowed = free or rules.take_discard != "after_opening" or state.opened[seat]
        return state.phase == "draw" and bool(state.discard) and not one_card and allowed
    if move.kind == "take":
        meld = _meld_at(state, move.target)
        if (state.phase != "draw" or not rules.take_from_meld or not state.opened[seat]
                or one_card or meld is None or len(meld.cards) < 4):
            return False
        card = move.cards[0]
        if card.is_joker:
            return False
        if meld.kind == "run":
            return card in (meld.cards[0], meld.cards[-1])
        return card in meld.cards
    if move.kind == "meld":
        limit = 0 if _all_at_once(state) else rules.melds_per_turn
        return (state.phase == "play"
                and not (limit and len(state.log.new_melds) >= limit)
                and _holds(hand, move.cards)
                and classify(move.cards, variant) is not None
                and len(hand) - len(move.cards) >= keep)
    meld = _meld_at(state, move.target)
    if move.kind == "layoff":
        if state.phase != "play" or meld is None or not _holds(hand, move.cards):
            return False
        if rules.lay_off_requires == "own_meld" and not (state.opened[seat] or state.log.new_melds):
            return False
        if len(hand) - len(move.cards) < keep:
            return False
        return _fits(lambda: lay_off(meld, move.cards, variant))
    # swap
    if rules.joker_swap == "none":
        return False
    wanted_phase = "draw" if rules.joker_swap == "draw" else "play"
    if state.phase != wanted_phase or meld is None or not _holds(hand, move.cards):
        return False
    if wanted_phase == "draw":
        if rules.swap_needs_opened and not state.opened[seat]:
            return False
        if rules.one_card_draw_only and len(hand) == 1:
            return False
    return _fits(lambda: swap_joker(meld, move.cards, variant))


def _fits(attempt: Any) -> bool:
    try:
        attempt()
    except MeldError:
        return False
    return True


# --- the property ---------------------------------------------------------------------------


def snapshot(game: Game) -> tuple[Any, ...]:
    return (game.state, list(game.log), list(game.round_log), list(game._history),
            list(game.totals), list(game.results), list(game._undo), game.round_no,
            game.scores, game.round_scores)


def canonical(text: str) -> str | None:
    try:
        return str(Move.parse(text))
    except IllegalMove:
        return None


def check_one(game: Game, text: str) -> None:
    before = snapshot(game)
    listed = {str(m) for m in game.legal_moves()}
    written = canonical(text)
    parsed = Move.parse(text) if written is not None else None
    rules_say = expected_legal(game, parsed) if parsed is not None else None
    pack = Counter(game.all_cards())
    round_before = game.round_no
    try:
        game.play(text)
    except IllegalMove as error:
        assert error.code in REASONS, error.code
        reason = str(error)
        assert reason == error.reason == english(error.code, error.params), reason
        assert all(error.params[name] in table for name, table in SUB_CODES.items() if name in error.params), reason
        assert snapshot(game) == before, f"{text!r} refused ({error.code}) but changed the game"
        assert written not in listed, f"listed move {text!r} refused: {error}"
        assert rules_say is not True, f"{text!r} is legal but was refused: {error}"
        return
    # accepted
    assert written is not None
    assert rules_say is not False, f"{text!r} accepted but the rules forbid it"
    if rules_say is None or parsed is None or parsed.kind in ("draw", "take", "carte"):
        assert written in listed, f"{text!r} accepted but not listed among {sorted(listed)}"
    if game.round_no == round_before:
        assert Counter(game.all_cards()) == pack
    else:
        assert sum(game.all_cards().values()) == game.variant.pack_size(game.players)


def _scenario(game: Game, data: st.DataObject, moves: int) -> None:
    for _ in range(moves):
        if game.game_over:
            refused_text = data.draw(st.sampled_from(["draw", "next", "undo", "discard KS"]))
            before = snapshot(game)
            with pytest.raises(IllegalMove):
                game.play(refused_text)
            assert snapshot(game) == before
            return
        check_one(game, move_text(data, game))


# Fixed examples in the normal run (reproducible, fast); RAMIGUI_SOAK=1 for a long random one.
FUZZ = settings(max_examples=soak(10, 1000), deadline=None, derandomize=not SOAK,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
@FUZZ
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150), data=st.data())
def test_random_moves_never_break_the_engine(
    case: tuple[str, dict[str, Any], int], seed: int, steps: int, data: st.DataObject
) -> None:
    game = walk(new_game(case, seed), steps, random.Random(seed))
    _scenario(game, data, moves=10)


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
@FUZZ
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 6), data=st.data())
def test_random_moves_in_random_endgames(
    case: tuple[str, dict[str, Any], int], seed: int, steps: int, data: st.DataObject
) -> None:
    game = walk(endgame(case, seed), steps, random.Random(seed))
    _scenario(game, data, moves=10)


@FUZZ
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80), round_no=st.integers(4, 6),
       data=st.data())
def test_random_moves_in_wrotham_all_at_once_deals(
    seed: int, steps: int, round_no: int, data: st.DataObject
) -> None:
    game = walk(new_game(WROTHAM_LATE, seed, round_no), steps, random.Random(seed))
    _scenario(game, data, moves=10)


@settings(max_examples=soak(100, 5000), deadline=None, derandomize=not SOAK)
@given(text=st.one_of(st.text(max_size=40), st.binary(max_size=20).map(repr)))
def test_garbage_is_refused_with_a_reason(text: str) -> None:
    """Any text at all: a clean IllegalMove or an accepted move, never another exception."""
    game = Game.from_position("rami", hands=[["7H", "8H", "9H", "KS"], ["2C", "5D", "9S"]],
                              stock=["10H", "4C"], discard=["5H"], to_play=0,
                              melds=[(1, ["2S", "3S", "4S"])])
    check_one(game, text)


HUGE = "9" * 5000


@pytest.mark.parametrize("text", [
    f"layoff 7H to {HUGE}", f"take 2S from {HUGE}", f"swap 4S for joker in {HUGE}", f"discard {HUGE}H",
    f"meld 7H 8H {HUGE}H", "layoff 9H to ²", "take 2S from ¹", f"layoff 7H to 1{'0' * 4}",
])
@pytest.mark.parametrize("phase", ["draw", "play"])
def test_numbers_int_cannot_read_are_refused_not_crashes(text: str, phase: str) -> None:
    """A 5000-digit meld number or rank (int() refuses more than 4300 digits) and
    "²" (isdigit, yet not a number) raise IllegalMove from `play` and make `is_legal` False,
    with a reason short enough to show."""
    game = Game.from_position("rami", hands=[["7H", "8H", "9H", "KS"], ["2C", "5D", "9S"]],
                              stock=["10H", "4C"], discard=["5H"], to_play=0,
                              melds=[(1, ["2S", "3S", "4S"]), (0, ["6C", "JK", "8C"])])
    if phase == "play":
        game.play("draw")
    before = snapshot(game)
    assert not game.is_legal(text)
    with pytest.raises(IllegalMove) as refused:
        game.play(text)
    assert refused.value.code == "bad_notation" and len(str(refused.value)) < 200
    assert snapshot(game) == before


def test_strategies_reach_every_kind_of_position() -> None:
    """The walks used above stop in every phase (a sanity check of the fuzz itself)."""
    phases: Counter[str] = Counter()
    for case in CASES[:8]:
        for seed in range(12):
            game = walk(new_game(case, seed), seed * 9, random.Random(seed))
            phases[game.state.phase] += 1
            phases["provisional" if game.state.log.new_melds else "none"] += 1
    assert phases["draw"] and phases["play"] and phases["provisional"]


def test_a_variant_object_is_accepted_too() -> None:
    """Game.new takes a Variant as well as an id, and plays by that very object."""
    variant: Variant = get_variant("rami40")
    game = Game.new(variant, players=2, seed=1, dealer=1)
    assert game.variant is variant
    card = game.hand(0)[0]
    check_one(game, f"discard {card}")  # seat 0 got 15 cards and opens with a discard
    assert game.to_play == 1 and len(game.hand(0)) == 14 and game.state.discard == (card,)
