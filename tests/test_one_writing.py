"""One writing of a move: `move in game.legal_moves()` is a legality test.

`Game.canonical` writes a move the one way `legal_moves` lists it and the log, the history and
saves keep it (a run low to high with each joker where it stands, a set by suit, lay-off cards
by suit and rank, a Yami box by its word); `Game.play` reads any writing through it, so an old
save written another way replays the same. Over random positions of every family, a move is
legal exactly when its one writing is listed.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from ramigui.bots.random_bot import RandomBot
from ramigui.rules import Game, IllegalMove, Move
from ramigui.rules.yami_boxes import BOXES


def test_a_meld_written_out_of_order_is_recorded_as_legal_moves_lists_it() -> None:
    """Seed 003: « le joker prend la valeur de la carte qu'il remplace »: 3♠ JK 4♠ lays the
    run 3-4-5, written `meld 3S 4S JK`."""
    from rummy_helpers import position

    game = position("rami", ["3S 4S JK 9H KD 2C 7C 8D", "4C 5C 6C QD JD TH 2H 5D"], stock="AD 5H", discard="4H")
    game.play("draw")
    assert Move.parse("meld 3S JK 4S") not in game.legal_moves()
    assert game.is_legal("meld 3S JK 4S") and game.canonical("meld 3S JK 4S") in game.legal_moves()
    played = game.play("meld 3S JK 4S")
    assert str(played) == "meld 3S 4S JK" and game.moves_text()[-1] == "meld 3S 4S JK"
    assert game.view(0).history[-1].move == Move.parse("meld 3S 4S JK")
    assert game.public_record(0)[-1].move == Move.parse("meld 3S 4S JK")


def test_an_old_log_in_another_writing_replays_the_same_game() -> None:
    game = Game.new("rami", 3, seed=8)
    bots = [RandomBot(seat) for seat in range(3)]
    while len(game.log) < 250 and not game.game_over:
        game.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
    old = [_scrambled(text) for text in game.moves_text()]
    assert old != game.moves_text()  # some melds were written the other way round
    twin = Game.replay("rami", 3, 8, old)
    assert twin.moves_text() == game.moves_text() and twin.state == game.state and twin.totals == game.totals


def _scrambled(text: str) -> str:
    """A move as an old save might have written it: a meld's cards the other way round."""
    words = text.split()
    return " ".join([words[0], *reversed(words[1:])]) if words[0] == "meld" else text


def _candidates(game: Game, rng: random.Random) -> list[Move | str]:
    """Every listed move, each written out of order, and many moves made up from the hand."""
    legal = game.legal_moves()
    seat = game.to_play
    hand = game.hand(seat) if not game.round_over else []
    melds = len(getattr(game.state, "melds", ()))
    found: list[Move | str] = list(legal)
    for move in legal:
        if len(move.cards) > 1:
            shuffled = list(move.cards)
            rng.shuffle(shuffled)
            found.append(Move(move.kind, tuple(shuffled), move.target, move.word))
    words = ["draw", "take", "pass", "done", "expose", "carte", "undo", "next", "gin"]
    for card in set(hand):
        words += [f"discard {card}", f"knock {card}", f"gin {card}"]
        words += [f"take {card} from {n}" for n in range(1, melds + 2)]
    groups = [tuple(group) for size in (1, 2, 3) for group in combinations(hand, size)]
    for group in rng.sample(groups, min(len(groups), 30)):
        text = " ".join(map(str, group))
        words += [f"layoff {text} to {n}" for n in range(1, melds + 2)]
        words += [f"swap {text} for joker in {n}" for n in range(1, melds + 1)]
    for size in (3, 4, 5):
        sized = list(combinations(hand, size))
        words += ["meld " + " ".join(map(str, group)) for group in rng.sample(sized, min(len(sized), 20))]
    if game.variant.family == "yami":
        words += [f"{kind} {box}" for kind in ("score", "cross") for box in BOXES]
        words += ["score carré", "score V", "cross BRELAN"]
    return found + words


VARIANTS = [("rami51", 3), ("rami", 3), ("rami_bloc", 2), ("manie_joker51", 3), ("rami_wrotham", 2), ("gin", 2),
            ("gin_oklahoma", 2), ("yami", 3)]


@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_a_move_is_legal_exactly_when_its_one_writing_is_listed(variant: str, players: int) -> None:
    checked, listed = _check_positions(variant, players, random.Random(variant), steps=400)
    assert checked > 300 and listed > 30


@pytest.mark.long
@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_a_move_is_legal_exactly_when_its_one_writing_is_listed_soak(variant: str, players: int) -> None:
    for seed in range(1, 6):
        _check_positions(variant, players, random.Random(f"{variant}:{seed}"), steps=1500)


def _check_positions(variant: str, players: int, rng: random.Random, steps: int) -> tuple[int, int]:
    """Random play; every eighth position, each candidate move is checked. (checked, listed)"""
    game = Game.new(variant, players, seed=rng.randrange(1000))
    bots = [RandomBot(seat) for seat in range(players)]
    checked = listed = 0
    for step in range(steps):
        if game.game_over:
            break
        if step % 8 == 0:
            legal = game.legal_moves()
            assert len(set(map(str, legal))) == len(legal), "one listing per move"
            for move in _candidates(game, rng):
                one = game.canonical(move) if _readable(move) else None
                assert game.is_legal(move) == (one is not None and one in legal), (
                    f"{variant} move {len(game.log)}: {move} (written {one}) legal={game.is_legal(move)}")
                if one is not None:
                    assert game.canonical(one) == one and Move.parse(str(one)) == one
                checked += 1
            listed += len(legal)
        game.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
    return checked, listed


def _readable(move: Move | str) -> bool:
    try:
        Move.parse(str(move))
    except IllegalMove:
        return False
    return True
