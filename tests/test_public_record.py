"""The public record the table's "Last moves" are told from (hot-seat privacy).

A meld laid down and taken back in the same turn went back into the hand: telling it to the
next player would show them four of the previous player's cards. The record holds only what
stands (what `undo` can no longer take back, like a draw), and what may still be taken back
only for the seat playing it.
"""

from __future__ import annotations

from rummy_helpers import play, position

from ramigui.rules import Game

#   seat 0: 6♠ 7♠ 8♠ 9♠ K♥ 2♣ 3♦      seat 1: 4♣ 5♣ 6♣ Q♦ J♦ 10♥ 2♥
#   stock: A♦ 5♥ …                     discard: 4♥ (top)
HANDS = ["6S 7S 8S 9S KH 2C 3D", "4C 5C 6C QD JD TH 2H"]


def _game() -> Game:
    return position("rami", HANDS, stock="AD 5H 8D 9D TC JC", discard="4H")


def _said(game: Game, viewer: int | None) -> list[str]:
    return [f"{entry.seat} {entry.move}" for entry in game.public_record(viewer)]


def test_a_meld_taken_back_is_never_told_to_anyone() -> None:
    game = play(_game(), "draw", "meld 6S 7S 8S 9S")
    assert _said(game, 0) == ["0 draw", "0 meld 6S 7S 8S 9S"]  # the player sees their own turn
    assert _said(game, 1) == ["0 draw"] and _said(game, None) == ["0 draw"]  # others: what stands
    play(game, "undo", "discard KH")
    for viewer in (0, 1, None):
        assert _said(game, viewer) == ["0 draw", "0 discard KH"], viewer  # no meld, no "undo"


def test_a_meld_that_stands_is_told_once_the_turn_is_over() -> None:
    game = play(_game(), "draw", "meld 6S 7S 8S 9S")
    assert _said(game, 1) == ["0 draw"]
    play(game, "discard KH")
    assert _said(game, 1) == ["0 draw", "0 meld 6S 7S 8S 9S", "0 discard KH"]


def test_the_card_taken_from_the_discard_pile_is_named_it_lay_face_up() -> None:
    game = Game.new("gin", 2, seed=5)
    while not game.is_legal("take"):
        game.play(next(m for m in game.legal_moves() if m.kind in ("pass", "draw", "discard")))
    top = game.view(game.to_play).public.discard[-1]
    game.play("take")
    assert game.public_record(game.to_play)[-1].taken == top


def test_the_record_replays_the_same_from_the_move_list() -> None:
    """A resumed game (replayed from its saved moves) tells the same last moves, and never a
    move taken back nor the undo itself."""
    from ramigui.bots.random_bot import RandomBot

    game = Game.new("rami", 3, seed=11)
    bots = [RandomBot(seat) for seat in range(3)]
    while len(game.log) < 300 and not game.game_over:
        game.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
    assert any(move.kind == "undo" for _, move in game.log)  # the random bots do take moves back
    twin = Game.replay("rami", 3, 11, game.moves_text())
    assert twin.public_record(None) == game.public_record(None)
    assert all(entry.move.kind not in ("undo", "next") for entry in game.public_record(None))


def test_carte_is_told_with_the_discard_that_leaves_one_card() -> None:
    """Seed 000 (Rami familial): « Carte ! » is said when one card is
    left; the rules take it just before that discard, the last moves tell it after it."""
    from ramigui.movetext import in_said_order
    from ramigui.ui.table_log import said_lines

    game = position("rami", ["6S 7S 8S 9S KH", "4C 5C 6C QD JD TH 2H"], stock="AD 5H 8D 9D TC JC",
                    discard="4H", opened=[0])
    play(game, "draw", "meld 6S 7S 8S 9S", "carte", "discard KH")
    record = game.public_record(1)
    assert [str(e.move) for e in record][-2:] == ["carte", "discard KH"]  # as the rules took them
    assert [str(e.move) for e in in_said_order(record)] == ["draw", "meld 6S 7S 8S 9S", "discard KH", "carte"]
    lines = said_lines(game, record, ["Ann", "Bob"])
    assert "Carte" in lines[-1] and "discarded" in lines[-2]


def test_carte_said_before_a_lay_off_is_told_where_it_was_said() -> None:
    """Two cards after the draw: « Carte ! », then 8♦ laid off and 3♦ thrown to go out. Told
    after the discard, the panel read "discarded 3♦ / says Carte!" with no card left."""
    from ramigui.movetext import in_said_order

    game = position("rami", ["8D", "4C 5C 6C QD JD TH 2H"], stock="3D 5H 8H 9D TC JC", discard="4H",
                    opened=[0], melds=[(0, "5D 6D 7D")])
    play(game, "draw", "carte", "layoff 8D to 1", "discard 3D")
    assert game.round_over
    assert [str(e.move) for e in in_said_order(game.public_record(1))] == [
        "draw", "carte", "layoff 8D to 1", "discard 3D"]


def test_the_panel_puts_a_rule_between_one_rounds_moves_and_the_next() -> None:
    """Round 1's last moves stay in the panel after the next deal, under them a rule
    naming round 2, who dealt it and who plays first, then round 2's moves (a newcomer did
    not know why Bob, not Ana, played first)."""
    import random

    from ramigui import i18n
    from ramigui.ui.table_log import LastMoves

    game = Game.new("rami51", 2, 3)
    rng = random.Random(1)
    while not game.round_over:
        game.play(rng.choice(game.legal_moves()))
    game.play("next")
    names = ["Ana", "Bob"]
    i18n.set_language("en")  # the suite's language (conftest sets it back after each test)
    lines = LastMoves().lines(game, 0, names)
    deal = f"Dealer: {names[game.dealer]} · first to play: {names[game.to_play]}"
    assert lines[-2:] == ["— Round 2 —", deal] and "— Round 1 —" not in lines
    assert game.to_play == (game.dealer + 1) % 2  # seed 004: the player after the dealer starts
    game.play(game.legal_moves()[0])
    lines = LastMoves().lines(game, 0, names)
    rule = lines.index("— Round 2 —")
    assert rule == len(lines) - 3 and lines[rule + 1] == deal and lines.count("— Round 2 —") == 1


def test_the_stock_made_anew_of_the_discards_is_told_before_the_draw_that_needed_it() -> None:
    """Seed 000 (Rami familial): « Si le talon est épuisé, on reprend la défausse, on
    conserve la première carte … on mélange » — the table saw the stock jump from 0 to a
    pile's worth with no word (a newcomer thought cards came from nowhere). The record marks
    the draw that first made the new stock, and the panel and the phones say it before the
    draw; seed 003 (Rami de base) turns the pile over instead of shuffling, and says so."""
    import json

    from ramigui import i18n
    from ramigui.phone.bridge import Bridge
    from ramigui.phone.relay import PhoneRelay
    from ramigui.phone.tokens import PhoneSeats
    from ramigui.ui.table_log import said_lines

    i18n.set_language("en")
    for variant, words in (("rami", "shuffled into a new stock"), ("rami_base", "turned over")):
        game = position(variant, HANDS, stock="AD", discard="4H 5S JC")
        play(game, "draw", "discard KH")  # seat 0 draws the stock's last card
        assert not any(entry.restocked for entry in game.public_record(None))
        play(game, "draw")  # seat 1 finds the stock empty: the pile but its top becomes the stock
        record = game.public_record(None)
        assert [entry.restocked for entry in record] == [False, False, True]
        lines = said_lines(game, record, ["Ann", "Bob"])
        assert words in lines[-2] and "Bob drew" in lines[-1], lines
        relay = PhoneRelay(game, ["Ann", "Bob"], PhoneSeats([0]), Bridge([0]))
        relay.publish()
        told = json.loads(relay._published[0])["last_moves"]
        assert words in told[-2] and "Bob drew" in told[-1], told


def test_a_forgotten_carte_is_told_with_its_penalty() -> None:
    """Seed 000: « Si un joueur n'annonce pas "Carte !" … il pioche 2 cartes » — a newcomer's
    hand grew from one card to three with no word. The record counts the penalty cards on
    the discard that cost them, and the last moves say it after that discard."""
    from ramigui import i18n
    from ramigui.ui.table_log import said_lines

    i18n.set_language("en")
    game = position("rami", ["KH", "4C 5C 6C QD JD TH 2H"], stock="AD 5H 8D 9D TC JC", discard="4H")
    play(game, "draw", "discard KH")
    assert len(game.hand(0)) == 3
    record = game.public_record(None)
    assert [entry.penalty for entry in record] == [0, 2]
    lines = said_lines(game, record, ["Ann", "Bob"])
    assert "discarded" in lines[-2] and lines[-1] == "Ann did not say “Carte!” with one card left: 2 penalty cards"
    said = position("rami", ["KH", "4C 5C 6C QD JD TH 2H"], stock="AD 5H 8D 9D TC JC", discard="4H")
    play(said, "draw", "carte", "discard KH")  # announced: no penalty, nothing more said
    assert [entry.penalty for entry in said.public_record(None)] == [0, 0, 0] and len(said.hand(0)) == 1


def test_a_phone_hears_a_yami_score_with_its_points_as_the_table_says_it() -> None:
    """The last moves name the box's points from the score sheets (`score_sheets`): the
    phone's list says "You scored 25 in the 4 of a kind box" as the table's log does."""
    import json

    import ramigui.variants  # noqa: F401  (the catalogue Game.from_position reads)
    from ramigui import i18n
    from ramigui.phone.bridge import Bridge
    from ramigui.phone.relay import PhoneRelay
    from ramigui.phone.tokens import PhoneSeats

    i18n.set_language("en")
    game = Game.from_position("yami", hands=["7H 7S 7D 7C KC", "2C 3D 9S 10H QS"], stock="KD 8H JS",
                              discard="8D", to_play=0)
    play(game, "expose", "score carre")
    relay = PhoneRelay(game, ["Ann", "Bob"], PhoneSeats([0, 1]), Bridge([0, 1]))
    relay.publish()
    assert "You scored 25 in the 4 of a kind box" in json.loads(relay._published[0])["last_moves"]
    assert "Ann scored 25 in the 4 of a kind box" in json.loads(relay._published[1])["last_moves"]
