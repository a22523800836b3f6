"""Random-play harness shared by every family's tests (OpenSpiel's random-sim test).

Plays seeded games (or single deals) with the project's RandomBot — a legal move at random,
leaning towards putting cards down so rounds end — or a family test's own players, and
checks them. What is checked when,
so that thousands of games per variant fit in the long test step:

* after every move (cheap, a few microseconds): every card of the pack — built from the
  variant, not from the deal — is somewhere exactly once; the move was one the view of the
  seat to play listed, and the rules accepted it; the seat to play has moves exactly while
  the game goes on; the family's shape holds (hand sizes; Yami's sheets only growing, within
  the maximum); the round ends within MAX_ROUND_MOVES moves, the game within MAX_GAME_ROUNDS;
* every `deep_every` moves and at each round's end (costly): a copy equals the original;
  every seat's view shows its own hand and no legal move unless it is that seat's turn (then
  exactly the game's);
  every meld on a rummy table is a valid meld; the game's totals are the sum of its rounds;
* at each round's end, the family test's own `on_round` check (gin's scoring);
* once per game (the most costly): the move log replays from the seed to the identical
  state, and (`save`, which long runs ask for one game in ten) the save record, through
  JSON, loads to it too.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ramigui.bots.random_bot import RandomBot
from ramigui.cards import Card, make_deck
from ramigui.rules import Game, IllegalMove
from ramigui.rules.game import family_of, first_dealer, resolve_variant
from ramigui.rules.moves import Move
from ramigui.rules.variant import Variant
from ramigui.rules.view import PlayerView
from ramigui.rules.yami_boxes import max_total

SOAK = os.environ.get("RAMIGUI_SOAK") == "1"
MAX_ROUND_MOVES = 50_000
"""A round still going after this many moves does not end: a failure."""
MAX_GAME_ROUNDS = 1000
"""A game still going after this many rounds does not end: a failure."""
DEEP_EVERY = 64


def soak(default: int, long: int) -> int:
    """`default` games in the normal run, `long` when RAMIGUI_SOAK=1."""
    return long if SOAK else default


@dataclass
class PlayStats:
    moves: int = 0
    rounds: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    longest_round: int = 0


def pack_of(variant: Variant, players: int) -> Counter[Card]:
    """The pack as the variant defines it: decks of 32 or 52 cards, and its jokers."""
    return Counter(make_deck(variant.deck, variant.decks_for(players), variant.jokers_for(players)))


def check_move(game: Game, pack: Counter[Card], sheets: list[int]) -> list[int]:
    """The cheap invariants, after every move; returns Yami's sheet sizes for the next check
    (`sheets`: the sizes before this move, which may only grow)."""
    # dict's own == (C), not Counter's (Python, 60 times slower): both hold positive counts only
    assert dict.__eq__(game.all_cards(), pack), "a card appeared, vanished or was duplicated"
    hands = [len(game.hand(seat)) for seat in range(game.players)]
    state = game.state
    family = game.variant.family
    if family == "gin":
        if state.phase in ("offer", "draw"):  # between turns: ten cards each
            assert hands == [10, 10], hands
    elif family == "yami":
        drawn = [1 if state.phase == "discard" and seat == state.to_play else 0 for seat in range(game.players)]
        assert hands == [5 + extra for extra in drawn], hands
        sizes = [len(sheet.marks) for sheet in state.sheets]
        assert all(now >= before for now, before in zip(sizes, sheets or sizes, strict=True)), "a sheet lost a box"
        assert max(sizes) - min(sizes) <= 1
        assert all(0 <= total <= max_total(state.rules) for total in state.totals())
        if game.round_over:
            assert len(set(sizes)) == 1 and game.totals == list(state.totals())
        sheets = sizes
    if not game.round_over:
        assert 0 <= game.to_play < game.players
    return sheets


def check_deep(game: Game) -> None:
    """The costly invariants, now and then and at each round's end."""
    twin = game.copy()
    assert twin.state == game.state and twin.scores == game.scores and twin.log == game.log
    assert game.totals == [sum(r.points[s] for r in game.results) for s in range(game.players)]
    for seat in range(game.players):
        view = game.view(seat)
        assert list(view.hand) == game.hand(seat)
        if seat != game.to_play or game.round_over:
            assert not view.legal_moves, "only the seat to play has moves"
        else:
            assert set(view.legal_moves) == set(game.legal_moves()), "the view lists other moves"
    if game.variant.family == "rummy":
        from ramigui.rules.melds import classify

        for meld in game.state.melds:
            assert classify(meld.cards, game.variant) is not None, f"{meld.cards} is no meld"


def start_game(variant: str | Variant, players: int, seed: int, options: dict[str, Any] | None = None,
               round_no: int = 1) -> Game:
    """A new game, or (`round_no` > 1, rummy) a game whose first deal is that round's —
    Wrotham's later deals are dealt differently, and a deal of round 4 reaches them at once."""
    if round_no == 1:
        return Game.new(variant, players=players, seed=seed, options=options)
    chosen = resolve_variant(variant, options)
    assert chosen.family == "rummy", "only rummy deals do not depend on earlier rounds"
    dealer = first_dealer(players, seed)
    state = family_of(chosen).deal(chosen, players, round_no, dealer, seed)
    return Game(chosen, players, seed, state, round_no)


def check_game(game: Game, seed: int, save: bool = True, round_no: int = 1) -> None:
    """Once per game: the log replays to the identical game; with `save`, the save record
    (through JSON) loads to it too."""
    from ramigui.session import GameRecord, Seat

    replayed = start_game(game.variant, game.players, seed, round_no=round_no)
    for move in game.moves_text():
        replayed.play(move)
    assert replayed.state == game.state, "the move log does not replay to the same state"
    assert replayed.scores == game.scores and replayed.results == game.results
    if save and round_no == 1 and game.variant.id in _catalogue_ids():
        record = GameRecord(game.variant.id, dict(game.variant.chosen), seed,
                            tuple(Seat(f"P{s + 1}", "random") for s in range(game.players)),
                            tuple(game.moves_text()), dealer=game.first_dealer)
        loaded = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
        assert loaded.replay().state == game.state, "the save does not load to the same state"


def _catalogue_ids() -> list[str]:
    from ramigui.variants import catalogue

    return catalogue().ids()


Chooser = Callable[[Game, PlayerView], Move]
"""Picks the move of the seat to play from its view (a family's test may lean its players
one way, and look at the game too)."""


def random_bots(players: int, seed: int) -> Chooser:
    """The project's RandomBot at every seat, each seeing only its own view."""
    bots = [RandomBot(seed * 31 + seat) for seat in range(players)]
    return lambda game, view: bots[view.seat].choose(view)


def play_checked(
    variant: str | Variant,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    max_rounds: int | None = None,
    deep_every: int = DEEP_EVERY,
    save: bool = True,
    round_no: int = 1,
    choose: Chooser | None = None,
    on_round: Callable[[Game], None] | None = None,
    max_round_moves: int = MAX_ROUND_MOVES,
) -> tuple[Game, PlayStats]:
    """One seeded game (or its first `max_rounds` rounds, from round `round_no`), checked as
    the module says. The moves are `choose`'s (RandomBot's by default), each one a move the
    rules listed; `on_round` checks each finished round further (a family's scoring);
    `save`: the game also loads from its save record. Returns the game and what was played."""
    game = start_game(variant, players, seed, options, round_no)
    choose = choose or random_bots(players, seed)
    pack = pack_of(game.variant, players)
    stats = PlayStats()
    sheets: list[int] = []
    round_moves = 0
    while not game.game_over:
        if game.round_over:
            if max_rounds is not None and stats.rounds >= max_rounds:
                break
            assert stats.rounds < MAX_GAME_ROUNDS, f"the game did not end in {MAX_GAME_ROUNDS} rounds"
            game.play("next")
            round_moves = 0
            sheets = check_move(game, pack, sheets)
            continue
        view = game.view(game.to_play)
        assert view.legal_moves, "a round in progress always has a move"
        move = choose(game, view)
        assert move in view.legal_moves, f"{move} was played, not a listed move"
        try:
            game.play(move)
        except IllegalMove as error:  # a listed move must be accepted
            raise AssertionError(f"listed move {move} refused: {error}") from error
        stats.moves += 1
        round_moves += 1
        assert round_moves <= max_round_moves, f"round {game.round_no} did not end in {max_round_moves} moves"
        sheets = check_move(game, pack, sheets)
        if game.round_over:
            end_of_round(game, stats, round_moves, on_round)
        elif stats.moves % deep_every == 0:
            check_deep(game)
    if game.game_over:
        assert game.legal_moves() == [] and game.winners
    check_game(game, seed, save, round_no)
    return game, stats


def end_of_round(game: Game, stats: PlayStats, moves: int, on_round: Callable[[Game], None] | None) -> None:
    """A round just ended: the costly checks, its result, the family's own checks."""
    check_deep(game)
    result = game.last_result
    assert result is not None and len(result.points) == game.players
    assert game.results[-1] is result and len(game.results) == stats.rounds + 1
    stats.rounds += 1
    stats.reasons[result.reason] += 1
    stats.longest_round = max(stats.longest_round, moves)
    if on_round is not None:
        on_round(game)
