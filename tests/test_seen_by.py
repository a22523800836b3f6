"""What each observer may see of an open turn: one answer, `Game.seen_by`, read by the views,
the table's last moves, the phones' JSON and the big screen.

A player who lays A♠ A♦ A♣ to read the opening total (33 of 51) and takes them back has told
nobody anything: the other seats, their phones and the shared screen see the table as it
stands — without what `undo` may still take back — until the turn's discard (or going out)
makes its melds stand. The mover sees its own open turn, its new melds marked as not laid
yet. A move that cannot be taken back (a draw, a knock, an exposure) stands at once.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rummy_helpers import play, position

from ramigui.bots import make_bot
from ramigui.phone.bridge import Bridge
from ramigui.phone.relay import PhoneRelay
from ramigui.phone.tokens import PhoneSeats
from ramigui.rules import Game, Move
from ramigui.ui.seats import TableConfig
from ramigui.ui.table import TableScene

#   seat 0 (a phone): A♠ A♦ A♣ K♠ K♥ K♦ Q♠ Q♥ Q♣ 5♦ 9♣ 2♥ 3♠
#   seat 1 (a phone): 4♣ 5♣ 6♣ Q♦ J♦ 10♥ 2♦ 7♥ 8♥ 9♥ 3♣ 4♦ 5♠
#   seat 2 (a bot at the table): 6♠ 7♦ 8♣ 9♦ 10♣ J♣ K♣ 2♣ 3♥ 4♥ 6♥ 7♠ 8♦
#   stock: J♥ 4♠ …        discard: 10♦ (top)
HANDS = [
    "AS AD AC KS KH KD QS QH QC 5D 9C 2H 3S",
    "4C 5C 6C QD JD TH 2D 7H 8H 9H 3C 4D 5S",
    "6S 7D 8C 9D TC JC KC 2C 3H 4H 6H 7S 8D",
]
STOCK = "JH 4S 5H 6D 7C 8S 9S TS JS"
ACES = "AS AD AC"


def _game() -> Game:
    return position("rami51", HANDS, stock=STOCK, discard="TD")


def _relay(game: Game) -> PhoneRelay:
    seats = PhoneSeats([0, 1])
    return PhoneRelay(game, ["Ana", "Bob", "Robot"], seats, Bridge(seats.seats))


def _phone(relay: PhoneRelay, seat: int) -> dict[str, Any]:
    relay.publish()
    state: dict[str, Any] = json.loads(relay._published[seat])
    return state


def _meld_cards(state: dict[str, Any]) -> list[list[str]]:
    return [meld["cards"] for meld in state["public"]["melds"]]


def _mentions_aces(value: Any) -> bool:
    """Whether a phone's state names the try-out meld anywhere (melds, history, last moves)."""
    text = json.dumps(value)
    return all(card in text for card in ACES.split()) or "meld AS" in text or "A♠ A♦ A♣" in text


def test_a_try_out_meld_taken_back_is_seen_by_its_phone_only() -> None:
    """Seed 003 (Rami 51): « la première pose doit totaliser au moins 51 points » — the
    player lays A♠ A♦ A♣ to read the total, and takes it back."""
    game = _game()
    relay = _relay(game)
    play(game, "draw", f"meld {ACES}")
    mine, other = _phone(relay, 0), _phone(relay, 1)
    assert _meld_cards(mine) == [ACES.split()] and mine["public"]["melds"][0]["pending"] is True
    assert mine["pending"] == [1] and mine["help"]["opening"] == {"have": 33, "need": 51}
    assert mine["hand_counts"][0] == 11  # drew one, laid three: in the mover's own view only
    assert not _mentions_aces(other) and other["public"]["melds"] == [] and other["pending"] == []
    assert other["hand_counts"][0] == 14 and other["public"]["stock"] == len(STOCK.split()) - 1  # the draw stands
    assert other["history"] == [[0, "draw"]] and [str(e.move) for e in game.public_record(None)] == ["draw"]
    for seat in (1, 2):
        assert game.view(seat).public.melds == () and game.view(seat).hand_counts[0] == 14
    play(game, "undo", "discard 9C")
    for seat in (0, 1):
        state = _phone(relay, seat)
        assert not _mentions_aces(state["history"]) and not _mentions_aces(state["last_moves"])
        assert state["public"]["melds"] == [] and state["hand_counts"][0] == 13
    assert all(entry.move.kind in ("draw", "discard") for entry in game.public_record(None))


def test_melds_that_stand_are_told_to_everyone_once_the_turn_ends() -> None:
    game = _game()
    relay = _relay(game)
    play(game, "draw", "meld KS KH KD", "meld QS QH QC")
    assert _phone(relay, 1)["public"]["melds"] == []
    assert _phone(relay, 0)["pending"] == [1, 2]
    play(game, "discard 9C")  # 30 + 30 = 60: the opening stands
    for seat in (0, 1):
        state = _phone(relay, seat)
        assert _meld_cards(state) == [["KS", "KH", "KD"], ["QS", "QH", "QC"]], seat
        assert state["pending"] == [] and not any("pending" in meld for meld in state["public"]["melds"])
        assert state["hand_counts"][0] == 13 + 1 - 6 - 1
        assert [line for _, line in state["history"]] == ["draw", "meld KS KH KD", "meld QS QH QC", "discard 9C"]
    said = [str(entry.move) for entry in game.public_record(None)]
    assert said == ["draw", "meld KS KH KD", "meld QS QH QC", "discard 9C"]


def test_the_big_screen_shows_a_phones_turn_only_once_it_stands() -> None:
    """The shared screen (nobody's hand on it) draws the table and tells its last moves from
    the same answer as the phones: a phone's open turn is not on it."""
    game = _game()
    config = TableConfig("rami51", 3, 1, names=["Ana", "Bob", "Robot"], humans=[True, True, False],
                         phones=[True, True, False])
    scene = TableScene(config, game)
    assert scene.viewer is None and scene.observer() is None
    assert scene.play("draw") and scene.play(f"meld {ACES}")
    assert scene.view.public.melds == () and scene.view.hand_counts[0] == 14
    assert not any("A♠" in line for line in scene.log) and scene.log[-1].startswith("Ana")
    assert scene.play("undo") and scene.play("meld KS KH KD") and scene.play("meld QS QH QC")
    assert scene.view.public.melds == ()
    assert scene.play("discard 9C")
    assert [len(meld.cards) for meld in scene.view.public.melds] == [3, 3]
    assert any("K♠" in line for line in scene.log) and not any("A♠" in line for line in scene.log)
    assert scene.game.to_play == 1 and scene.observer() is None  # Bob's turn, on his phone
    game.play("draw")
    game.play("discard 5S")
    assert scene.observer() == 2, "a bot plays in front of everyone, like a person at the screen"


def test_gin_the_knockers_melds_and_the_defenders_lay_offs_stand_at_the_turns_end() -> None:
    """Seed 001: the knocker « étale ses combinaisons sur la table, se défausse d'une carte »;
    melds laid out before the knock, and the defender's melds and lay-offs in the showdown,
    are provisional (they may be taken back) until the knock, and until `done`."""
    game = _gin_game_reaching_a_knock()
    knocker = game.to_play
    defender = 1 - knocker
    meld = next(m for m in game.legal_moves() if m.kind == "meld")
    game.play(meld)
    assert game.view(knocker).pending == (1,)
    assert game.view(defender).public.melds == ()
    assert meld not in [entry.move for entry in game.public_record(defender)]
    game.play("undo")
    game.play(meld)
    finish = next(m for m in game.legal_moves() if m.kind in ("knock", "gin"))
    game.play(finish)
    laid = game.view(defender).public.melds
    assert laid and any(set(m.cards) == set(meld.cards) for m in laid)
    assert game.view(knocker).public.melds == laid and game.view(defender).pending == ()
    showdown = [m for m in game.legal_moves() if m.kind in ("meld", "layoff")]
    if showdown:
        game.play(showdown[0])
        assert game.view(defender).pending and game.view(knocker).public.melds == laid
        assert showdown[0] not in [said.move for said in game.view(knocker).history]
    game.play("done")
    assert game.view(knocker).public.melds == game.view(defender).public.melds


def _gin_game_reaching_a_knock() -> Game:
    """A gin game played by bots until a seat may lay a meld and knock."""
    for seed in range(200):
        game = Game.new("gin", 2, seed=seed)
        bots = [make_bot("gin", "medium", random.Random(seat)) for seat in range(2)]
        while not game.round_over:
            moves = game.legal_moves()
            if any(m.kind == "meld" for m in moves) and any(m.kind == "knock" for m in moves):
                return game
            game.play(bots[game.to_play].choose(game.view(game.to_play)))
    raise AssertionError("no knock in 200 deals")


def test_yami_an_exposure_is_told_at_once() -> None:
    """Seed 002: « Dès qu'un joueur expose son jeu, il oblige les autres à le faire
    immédiatement »: nothing in Yami is taken back, so nothing in it is provisional: every
    seat sees the exposure (and every hand) as soon as it is made."""
    for seed in range(100):
        game = Game.new("yami", 3, seed=seed)
        if game.is_legal("expose"):
            break
    else:
        raise AssertionError("no deal to expose")
    exposer = game.to_play
    game.play("expose")
    assert game.view(exposer).public.exposer == exposer
    assert all(game.view(seat).public.exposer == exposer for seat in range(3))
    assert all(len(game.view(seat).public.shown) == 3 for seat in range(3))
    assert game.public_record(None)[-1].move == Move("expose")


@pytest.mark.parametrize(("variant", "players"), [("rami51", 3), ("rami", 3), ("manie_joker51", 3),
                                                   ("gin", 2), ("gin_oklahoma", 2), ("yami", 3)])
def test_what_may_be_taken_back_is_seen_by_the_mover_only(variant: str, players: int) -> None:
    """Random play, undo included: a move `undo` can take back, and the undo itself, change
    nothing any other seat or the shared screen sees; once the turn ends, every observer sees
    the same table (melds, discard, counts) and the mover has nothing pending."""
    rng = random.Random(3)
    game = Game.new(variant, players, seed=3)
    bots = [make_bot(variant, "easy", rng.randrange(1000)) for _ in range(players)]
    hidden = ended = 0
    for _ in range(600):
        if game.game_over:
            break
        if game.round_over:
            game.play("next")
            continue
        mover = game.to_play
        observers: list[int | None] = [None, *(s for s in range(players) if s != mover)]
        before = {seat: _seen(game, seat) for seat in observers}
        move = bots[mover].choose(game.view(mover)) if rng.random() < 0.7 else rng.choice(game.legal_moves())
        provisional = game.family.is_undoable(game.state, game.canonical(move)) or game.canonical(move).kind == "undo"
        game.play(move)
        if game.to_play == mover and not game.round_over and provisional:
            hidden += 1
            assert all(_seen(game, seat) == before[seat] for seat in observers), f"{variant}: {move} was seen"
        elif game.to_play != mover or game.round_over:
            ended += 1
            tables = {
                json.dumps(_seen(game, seat)["table"], default=str, sort_keys=True)
                for seat in [None, *range(players)]
            }
            assert len(tables) == 1, f"{variant}: after {move} the observers see different tables"
            assert game.view(game.to_play).pending == ()
    assert ended > 20 and (hidden > 5 or game.variant.family != "rummy")  # gin: its own test above


def _seen(game: Game, seat: int | None) -> dict[str, Any]:
    view = game.view(game.to_play, shared=True) if seat is None else game.view(seat)
    return {
        "table": {key: getattr(view.public, key, None) for key in ("melds", "discard", "stock", "exposer", "knocker")}
        | {"counts": view.hand_counts},
        "history": view.history,
        "record": game.public_record(seat),
    }
