"""One writing of a move: `move in game.legal_moves()` is a legality test.

`Game.canonical` writes a move the one way `legal_moves` lists it and the log, the history and
saves keep it (a run low to high with each joker where it stands, a set by suit, lay-off cards
by suit and rank, a Yami box by its word). Notation is read in any writing (`Game.play` reads
it through `canonical`), so an old save or log written another way replays the same; a `Move`
object is taken as written, so one in another writing is refused. Over random positions of
every family, a Move object is legal exactly when it is listed, and notation exactly when its
one writing is.
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
    assert not game.is_legal(Move.parse("meld 3S JK 4S")), "a Move object is taken as written"
    before = game.copy()
    with pytest.raises(IllegalMove) as refused:
        game.play(Move.parse("meld 3S JK 4S"))
    assert refused.value.code == "not_one_writing" and "is written meld 3S 4S JK" in str(refused.value)
    assert game.state == before.state and game.moves_text() == before.moves_text()
    played = game.play("meld 3S JK 4S")
    assert str(played) == "meld 3S 4S JK" and game.moves_text()[-1] == "meld 3S 4S JK"
    assert game.view(0).history[-1].move == Move.parse("meld 3S 4S JK")
    assert game.public_record(0)[-1].move == Move.parse("meld 3S 4S JK")


def test_one_natural_card_among_jokers_is_listed_as_the_meld_it_lays() -> None:
    """Rami Wrotham (variants.yaml: two jokers in a run or a set): Q♥ JK JK could be read
    as a set or as a run, and lays the run 10-J-Q; it is listed once, as `meld JK JK QH`,
    and every listed move is played as listed."""
    from rummy_helpers import position

    game = position("rami_wrotham", ["QH JK JK 2C 5D 9S 4C", "4D 5C 6C QD JD TH 2H"], stock="AD 5S", discard="4H")
    game.play("draw")
    melds = [str(move) for move in game.legal_moves() if move.kind == "meld" and "QH" in map(str, move.cards)]
    assert "meld JK JK QH" in melds and "meld QH JK JK" not in melds
    for move in game.legal_moves():
        assert game.canonical(move) == move and game.is_legal(move), move


def test_the_cards_a_person_chose_make_the_move_as_the_rules_write_it() -> None:
    """Seed 003: a joker in a set stands for the missing suit, JK 9♠ 9♥ lays 9♠ 9♥ JK; cards
    laid off together go in by suit and rank. Chosen in hand order at the table, the move
    the table plays is the one `legal_moves` lists."""
    from rummy_helpers import position

    from ramigui.cards import parse_cards
    from ramigui.ui.table_moves import layoff_move, meld_move

    game = position("rami", ["JK 9S 9H 5H 3H 4H KD 2C", "4C 5C 6C QD JD TH 2H 5D"], stock="AD 5S", discard="4D",
                     melds=[(1, "6H 7H 8H")], opened=[True, True])
    game.play("draw")
    meld = meld_move(game, parse_cards(["JK", "9S", "9H"]))
    assert str(meld) == "meld 9S 9H JK" and meld in game.legal_moves()
    layoff = layoff_move(game, parse_cards(["5H", "3H", "4H"]), 1, game.view(game.to_play).public.melds)
    assert str(layoff) == "layoff 3H 4H 5H to 1" and layoff in game.legal_moves()


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
    """Every listed move, each written out of order (a Move object), and many moves made up
    from the hand, in notation and as Move objects."""
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
    objects = [Move.parse(word) for word in rng.sample(words, len(words) // 3) if _readable(word)]
    return found + words + objects


VARIANTS = [("rami51", 3), ("rami", 3), ("rami_bloc", 2), ("manie_joker51", 3), ("rami_wrotham", 2), ("gin", 2),
            ("gin_oklahoma", 2), ("yami", 3)]


@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_a_move_is_legal_exactly_when_its_one_writing_is_listed(variant: str, players: int) -> None:
    checked, listed, unwritten = _check_positions(variant, players, random.Random(variant), steps=240)
    assert checked > 300 and listed > 30
    assert unwritten > 10, "Move objects in another writing were tried"


@pytest.mark.long
@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_a_move_is_legal_exactly_when_its_one_writing_is_listed_soak(variant: str, players: int) -> None:
    for seed in range(1, 6):
        _check_positions(variant, players, random.Random(f"{variant}:{seed}"), steps=1500)


def _check_positions(variant: str, players: int, rng: random.Random, steps: int) -> tuple[int, int, int]:
    """Random play; every eighth position, each candidate move is checked. (checked, listed,
    Move objects not in their one writing)"""
    game = Game.new(variant, players, seed=rng.randrange(1000))
    bots = [RandomBot(seat) for seat in range(players)]
    checked = listed = unwritten = 0
    for step in range(steps):
        if game.game_over:
            break
        if step % 8 == 0:
            legal = game.legal_moves()
            assert len(set(map(str, legal))) == len(legal), "one listing per move"
            for move in _candidates(game, rng):
                legal_now = game.is_legal(move)
                one = game.canonical(move) if _readable(move) else None
                if isinstance(move, Move):  # taken as written: legal exactly when listed
                    assert legal_now == (move in legal), f"{variant} move {len(game.log)}: {move!r} legal={legal_now}"
                    unwritten += one is not None and one != move
                else:  # notation: read in any writing
                    assert legal_now == (one is not None and one in legal), (
                        f"{variant} move {len(game.log)}: {move} (written {one}) legal={legal_now}")
                if one is not None:
                    assert game.canonical(one) == one and Move.parse(str(one)) == one
                    assert game.is_legal(one) == (one in legal)
                checked += 1
            listed += len(legal)
        game.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
    return checked, listed, unwritten


def _readable(move: Move | str) -> bool:
    try:
        Move.parse(str(move))
    except IllegalMove:
        return False
    return True


def test_the_listed_moves_are_the_callers_own_and_follow_every_move() -> None:
    """The moves of a position are worked out once and kept while it stands: each caller
    still gets its own list (changing it changes no later answer), the list follows each
    move and each `undo` back to an earlier position, and a copy of the game answers alike."""
    game = Game.new("rami", 3, seed=4)
    first = game.legal_moves()
    first.clear()
    assert game.legal_moves() and game.legal_moves() == game.copy().legal_moves()
    game.play("draw")
    drawn = game.legal_moves()
    assert Move("draw") not in drawn and all(m.kind != "draw" for m in drawn)
    meld = next((m for m in drawn if m.kind == "meld"), None)
    if meld is not None:
        game.play(meld)
        assert Move("undo") in game.legal_moves()
        game.play("undo")
        assert game.legal_moves() == drawn
    discard = next(m for m in game.legal_moves() if m.kind == "discard")
    game.play(discard)
    assert tuple(game.legal_moves()) == game.view(game.to_play).legal_moves
