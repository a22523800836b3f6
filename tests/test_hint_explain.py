"""The Hint's "why": for crafted positions the sentence names the right card, meld, points or box.

Positions are set with `Game.from_position` (stock top card first, discard bottom to top).
Each test checks the reason `ramigui.bots.explain` computes from the view and the move, and
the sentence the player reads (English, and French where the wording matters).
"""

from __future__ import annotations

from typing import Any

import pytest

from ramigui import i18n
from ramigui.bots import reason_for
from ramigui.cards import parse_cards
from ramigui.rules import Game, Move
from ramigui.ui.hint import suggest


def said(game: Game, move: str, seat: int | None = None) -> tuple[str, dict[str, Any], str]:
    """The reason for `move` at `seat` (the player to play): key, params and English text."""
    view = game.view(game.to_play if seat is None else seat)
    key, params = reason_for(view, Move.parse(move))
    return key, params, i18n.tr(key, **params)


def cards(text: str) -> list[Any]:
    return parse_cards(text)


# --- rummy ----------------------------------------------------------------------------------


def test_take_names_the_run_the_discard_completes() -> None:
    # hand: 5♥ 6♥ 2♣ 9♦ K♠ J♣ 3♦      discard: 7♥  → 5♥ 6♥ 7♥
    game = Game.from_position("rami_base", hands=["5H 6H 2C 9D KS JC 3D", "2S 3S 4S 8D 8C 10D QC"],
                              stock="AS 4D", discard="7H")
    key, params, text = said(game, "take")
    assert key == "why.rummy.take_run"
    assert params["card"] == cards("7H")[0] and params["cards"] == cards("5H 6H")
    assert text == "take 7♥: with your 5♥ 6♥ it makes a run."
    hint = suggest(game, 0, secret=1)
    assert hint is not None and hint.move == Move("take") and hint.text == text


def test_meld_says_the_opening_total_and_the_minimum() -> None:
    # Rami 51, not opened: 10♥ V♥ D♥ R♥ (40) and 9♠ 9♦ 9♣ (27) make 67 ≥ 51 (seed 004).
    game = Game.from_position("rami51", hands=["10H JH QH KH 9S 9D 9C 2C 4D", "2S 3S 4S 8D 8C 10D QC 5C 6C"],
                              stock="5S 7D", discard="3C")
    game.play("draw")
    key, params, text = said(game, "meld 10H JH QH KH")
    assert key == "why.rummy.meld_opens"
    assert (params["have"], params["need"]) == (67, 51)
    assert text == "lay down 10♥ J♥ Q♥ K♥: your melds make 67 points, enough to open (51)."
    i18n.set_language("fr")
    assert (
        i18n.tr(key, **params)
        == "posez 10♥ V♥ D♥ R♥\u00a0: vos combinaisons font 67 points, assez pour ouvrir (51)."
    )


def test_discard_while_short_of_the_opening_says_how_many_points_are_missing() -> None:
    # 9♠ 9♦ 9♣ is 27 points: 24 short of Rami 51's opening, so the set stays in hand.
    game = Game.from_position("rami51", hands=["9S 9D 9C KC 2D 5H 7S", "2S 3S 4S 8D 8C 10D QC"],
                              stock="4C 7D", discard="3C")
    game.play("draw")
    key, params, text = said(game, "discard KC")
    assert key == "why.rummy.discard_keep"
    assert (params["short"], params["need"]) == (24, 51)
    assert text == "discard K♣ and keep your melds: you need 24 more points to open (51)."


def test_discard_of_the_costliest_loose_card_gives_its_points() -> None:
    game = Game.from_position("rami_base", hands=["5H 6H 7H KC 2D 4S", "2S 3S 4C 8D 8C 10D"],
                              stock="9C 7D", discard="3C")
    game.play("draw")
    key, params, text = said(game, "discard KC")
    assert key == "why.rummy.discard_high" and params["points"] == 10
    assert text == "discard K♣: it fits no meld and is your costliest loose card (10 points)."


def test_layoff_names_the_meld_and_the_points() -> None:
    game = Game.from_position("rami_base", hands=["9S 2D 4C KD", "2S 3S 4H 8D"], stock="JC 7D", discard="3C",
                              melds=[(1, "AH 2H 3H"), (1, "QC QD QH"), (1, "6S 7S 8S")], opened=[0])
    game.play("draw")
    key, params, text = said(game, "layoff 9S to 3")
    assert key == "why.rummy.layoff"
    assert text == "add 9♠ to meld 3 (6♠ 7♠ 8♠): 9 points fewer in your hand."


def test_draw_when_the_discard_fits_nothing() -> None:
    game = Game.from_position("rami_base", hands=["5H 6H 2C 9D KS JC 3D", "2S 3S 4S 8D 8C 10D QC"],
                              stock="AS 4D", discard="QS")
    key, params, text = said(game, "draw")
    assert key == "why.rummy.draw_no_fit"
    assert text == "draw from the stock: Q♠ makes no meld with your cards."


# --- gin ------------------------------------------------------------------------------------

GIN_KNOCK = ["AS 2S 3S 4H 4D 4C 7C 8C 9C KD", "5S 6S 7S 8H 9H 10H JD QD 2C 3C"]


def test_knock_gives_the_deadwood_and_the_limit() -> None:
    # A♠ 2♠ 3♠ · 4♥ 4♦ 4♣ · 7♣ 8♣ 9♣ + 2♦ drawn: knocking with K♦ leaves 2 (seed 001: ≤ 10).
    game = Game.from_position("gin", hands=GIN_KNOCK, stock="2D 5C", discard="JH")
    game.play("draw")
    key, params, text = said(game, "knock KD")
    assert key == "why.gin.knock" and (params["deadwood"], params["limit"]) == (2, 10)
    assert text == "knock, discarding K♦: your deadwood is 2 (limit 10)."


def test_discard_says_the_deadwood_left_and_whether_it_is_the_least() -> None:
    # Melds A♠ 2♠ 3♠ and 4♥ 4♦ 4♣; loose 7♣ 8♣ Q♦ K♥ and J♠ (drawn): K♥ leaves 7+8+10+10 = 35.
    game = Game.from_position("gin", hands=["AS 2S 3S 4H 4D 4C 7C 8C QD KH", "5S 6S 7S 8H 9H 10H JD 9D 2C 3C"],
                              stock="JS 5C", discard="AH")
    game.play("draw")
    key, params, text = said(game, "discard KH")
    assert key == "why.gin.discard_least" and params["deadwood"] == 35
    assert text == "discard K♥: it leaves deadwood 35, the least possible."
    key, params, _ = said(game, "discard 7C")
    assert key == "why.gin.discard_keep" and (params["deadwood"], params["best"]) == (38, 35)


def test_take_the_upcard_that_makes_a_set_and_pass_one_that_joins_nothing() -> None:
    game = Game.from_position("gin", hands=["8S 8H 2S 4H 6D JC KC 3D 5C 10S", "5S 6S 7S 8C 9H 10H JD 9D 2C 3C"],
                              stock="JS 5D", discard="8D")
    key, params, text = said(game, "take")
    assert key == "why.gin.take_set" and params["cards"] == cards("8S 8H")
    assert text == "take 8♦: with your 8♠ 8♥ it makes a set."
    other = Game.from_position("gin", hands=["8S 8H 2S 4H 6D JC KC 3D 5C 10S", "5S 6S 7S 8C 9H 10H JD 9D 2C 3C"],
                               stock="JS 5D", discard="QH")
    key, _, text = said(other, "pass")
    assert key == "why.gin.pass_no_fit" and text == "pass: Q♥ joins no meld in your hand."


# --- yami -----------------------------------------------------------------------------------


def yami(hand: str, sheets: list[dict[str, int | None]] | None = None) -> Game:
    return Game.from_position("yami", hands=[hand, "7S 8C 10D JH AS"], stock="QC QD KC 9D", discard="10C",
                              to_play=0, sheets=sheets)


def test_expose_says_the_box_and_its_points() -> None:
    key, params, text = said(yami("KS KH KD 7C 9S"), "expose")
    assert key == "why.yami.expose" and params["points"] == 15
    assert params["box"] in ("K", "brelan")


def test_score_names_the_box_and_points_in_both_languages() -> None:
    game = yami("8S 8H 8D 9C 9S")
    game.play("expose")
    key, params, text = said(game, "score full")
    assert key == "why.yami.score_best" and params["points"] == 20  # seed 002: full 20
    assert text == "score 20 in the Full house box, the most your hand makes."
    i18n.set_language("fr")
    assert i18n.tr(key, **params) == "marquez 20 dans la case Full, le plus que fait votre main."


def test_score_that_earns_the_series_bonus_says_so() -> None:
    # 100 in the séries already; a brelan of queens (15) passes 105, the 2-player threshold.
    sheets: list[dict[str, int | None]] = [{"7": 20, "8": 20, "9": 20, "10": 20, "J": 20}, {}]
    game = yami("QS QH QD 7C 9S", sheets)
    game.play("expose")
    key, params, text = said(game, "score q")
    assert key == "why.yami.score_bonus" and (params["points"], params["bonus"]) == (15, 50)
    assert (
        text == "score 15 in the Q box: your rank boxes reach the bonus (+50)."
    )  # no French word in English


def test_draw_names_the_cards_kept_and_the_box_aimed_at() -> None:
    key, params, text = said(yami("9S 9H 7C JD KS"), "draw")
    assert key == "why.yami.draw" and params["cards"] == cards("9S 9H")
    assert text.startswith("keep 9♠ 9♥ and draw")


def test_cross_names_the_box() -> None:
    full = {box: 5 for box in ("7", "8", "9", "10", "J", "Q", "K", "A", "paire", "double_paire", "brelan",
                               "full", "carre", "quinte", "couleur")}
    game = yami("KS KH KD 7C 9S", [full, {}])
    key, params, text = said(game, "cross quinte_floche")
    assert key == "why.yami.cross" and text.startswith("cross out Straight flush: nothing scores")


def test_every_reason_key_is_in_both_catalogues() -> None:
    from ramigui.locale import en, fr

    keys = {k for k in en.CATALOGUE if k.startswith("why.")}
    assert len(keys) > 40 and keys == {k for k in fr.CATALOGUE if k.startswith("why.")}


def test_a_meld_that_leaves_one_card_to_throw_goes_out_in_rami_de_base() -> None:
    """Seed 003: "Un joueur sort en fusionnant, en retirant ou en défaisant toutes ses
    cartes": the last card may be thrown as well as placed, so a meld leaving one loose card
    goes out there exactly as where it must be thrown. The Hint once said so only with no
    card left at all, and called this the plain run it also is."""
    game = Game.from_position("rami_base", hands=["7C 8C 9C", "2H 3H 4H 5S 6S 7D 8D", "AS AD 6C 9H 10H JD 4D"],
                              stock="2D 3C 4C 5C", discard="KC", to_play=0)
    game.play("draw")
    key, params, text = said(game, "meld 7C 8C 9C")
    assert key == "why.rummy.meld_out_throw" and params["cards"] == cards("7C 8C 9C")
    assert text == "lay down 7♣ 8♣ 9♣, then throw 2♦: you go out."
    hint = suggest(game, 0, secret=1)
    assert hint is not None and hint.move == Move.parse("meld 7C 8C 9C") and hint.text == text


GOING_OUT = [  # hand (drawn card last), table meld of seat 1, move, key, English, French
    ("7C 8C 9C QH KH 2S", "9H 10H JH", "meld 7C 8C 9C", "meld_out_add_throw",
     "lay down 7♣ 8♣ 9♣, add Q♥ K♥ to the melds and throw 2♠: you go out.",
     "posez 7♣ 8♣ 9♣, ajoutez D♥ R♥ aux combinaisons et jetez le 2♠\xa0: vous sortez."),
    ("7C 8C 9C QH KH 10C", "9H 10H JH", "meld 7C 8C 9C", "meld_out_add",
     "lay down 7♣ 8♣ 9♣, then add Q♥ K♥ 10♣ to the melds: you go out.",
     "posez 7♣ 8♣ 9♣, puis ajoutez D♥ R♥ 10♣ aux combinaisons\xa0: vous sortez."),
    ("7C 8C 9C", "9H 10H JH", "meld 7C 8C 9C", "meld_out_whole",
     "lay down 7♣ 8♣ 9♣: your whole hand goes down, you go out.",
     "posez 7♣ 8♣ 9♣\xa0: toute votre main est posée, vous sortez."),
    ("QH KH 2S", "9H 10H JH", "layoff QH to 1", "layoff_out",
     "add Q♥ to meld 1 (9♥ 10♥ J♥): you can go out this turn.",
     "ajoutez D♥ à la combinaison 1 (9♥ 10♥ V♥)\xa0: vous pouvez sortir ce tour-ci."),
    ("QH 2S", "9H 10H JH", "layoff QH to 1", "layoff_out_throw",
     "add Q♥ to meld 1, then throw 2♠: you go out.",
     "ajoutez D♥ à la combinaison 1, puis jetez le 2♠\xa0: vous sortez."),
    ("QH 2S 5D", "9H 10H JH", "layoff QH to 1", "layoff",
     "add Q♥ to meld 1 (9♥ 10♥ J♥): 10 points fewer in your hand.",
     "ajoutez D♥ à la combinaison 1 (9♥ 10♥ V♥)\xa0: 10 points de moins."),
]


@pytest.mark.parametrize(("hand", "table", "move", "key", "english", "french"), GOING_OUT,
                         ids=[row[3] for row in GOING_OUT])
def test_the_hint_says_how_the_hand_goes_out_in_rami_de_base(hand: str, table: str, move: str, key: str,
                                                            english: str, french: str) -> None:
    """Seed 003: "Un joueur sort en fusionnant, en retirant ou en défaisant toutes ses
    cartes", and any player may add cards to any meld on the table: the Hint names the cards
    added (one after another: Q♥ then K♥ on 9♥ 10♥ J♥) and the one thrown. It once said
    "with your other melds you go out" for every one of these, with no other meld in hand,
    and nothing of going out for a lay-off. The turn it names does go out."""
    *held, drawn = hand.split()
    game = Game.from_position("rami_base", hands=[" ".join(held) or "", "2H 3H 4H 5S 6S 7D 8D", "AS AD 6C 3S 10D"],
                              melds=[(1, table)], stock=f"{drawn} 3C 4C 5C", discard="KC", to_play=0)
    game.play("draw")
    got, params, text = said(game, move)
    assert (got, text) == (f"why.rummy.{key}", english)
    i18n.set_language("fr")
    try:
        assert i18n.tr(got, **params) == french
    finally:
        i18n.set_language("en")
    if key != "layoff":
        game.play(move)
        while not game.round_over:
            moves = [m for m in game.view(0).legal_moves if m.kind in ("layoff", "discard")]
            assert moves, "the turn ended without going out"
            game.play(min(moves, key=lambda m: m.kind != "layoff"))  # add what fits, then throw
        assert game.round_over


def test_two_melds_do_not_go_out_where_one_meld_a_turn_is_the_rule() -> None:
    """Seed 003: "Vous ne pouvez pas fusionner plus d'une combinaison dans un tour": with
    7♣ 8♣ 9♣ and 4♥ 4♠ 4♦ in hand, one of them goes down this turn and the hand is not out;
    with the house rule of several melds a turn (seed 003's "Règlement intérieur") it is."""
    position = {"hands": ["7C 8C 9C 4H 4S 4D", "2H 3H 4C 5S 6S 7D 8D", "AS AD 6C 3S 10D JC QD"],
                "stock": "KS 3C 5C", "discard": "KC", "to_play": 0}
    game = Game.from_position("rami_base", **position)
    game.play("draw")
    key, _, _ = said(game, "meld 7C 8C 9C")
    assert key == "why.rummy.meld_run"
    several = Game.from_position("rami_base", {"several_melds": True}, **position)
    several.play("draw")
    key, _, _ = said(several, "meld 7C 8C 9C")
    assert key == "why.rummy.meld_out"


def test_in_wrothams_all_at_once_deals_two_melds_go_out_together() -> None:
    """Seed 003, Rami Wrotham: in deals 4 to 6 the hand goes down all at once, several melds
    in one turn, so the one-meld-a-turn limit of the earlier deals does not hold there (the
    rules' `meld_limit`). The Hint read the variant's limit alone and said a plain run."""
    game = Game.from_position("rami_wrotham", hands=["7C 8C 9C 4H 4S 4D", "2H 3H 4C 5S 6S 7D 8D"],
                              stock="KS 3C 5C", discard="KC", to_play=0, round_no=4)
    game.play("draw")
    key, _, text = said(game, "meld 7C 8C 9C")
    assert key == "why.rummy.meld_out", text
    for move in ("meld 7C 8C 9C", "meld 4H 4S 4D", "discard KS"):
        game.play(move)
    assert game.round_over


def test_done_counts_the_cards_it_lays_off_as_the_engine_does() -> None:
    """Seed 001: after a knock the defender lays off what fits, and `done` does it for
    them. The Hint's number is the deadwood the round is scored with, not the hand's before
    the lay-offs (a newcomer was told 71 and scored 61: J♦ went on 7♦ 8♦ 9♦ 10♦)."""
    game = Game.from_position("gin", hands=["6S 6H 6D 6C 7D 8D 9D 10D AC 2C",
                                            "JD 4S 9S JC QH KS 3H 8C 2H 5C"],
                              stock="AD 3C 4C", discard="KH", to_play=0)
    for move in ("draw", "meld 6S 6H 6D 6C", "meld 7D 8D 9D 10D", "knock 2C"):
        game.play(move)
    key, params, text = said(game, "done")
    assert key == "why.gin.done_layoff" and params["cards"] == cards("JD") and params["deadwood"] == 61
    assert text == "say you are done: laying off J♦ on the knocker's melds leaves you 61 deadwood."
    game.play("done")
    assert game.hand(1) and sum(min(c.rank, 10) for c in game.hand(1)) == 61


def test_draw_before_opening_where_the_discard_is_closed_says_the_rule() -> None:
    """Rami familial before one's first meld (seed 000: the discard is taken only once down):
    the hint said "9♥ makes no meld with your cards", as though that were why."""
    game = Game.from_position("rami", hands=["5H 6H 2C 9D KS JC 3D", "2S 3S 4S 8D 8C 10D QC"],
                              stock="AS 4D", discard="9H")
    key, params, text = said(game, "draw")
    assert key == "why.rummy.draw_before_opening"
    assert text == "draw from the stock: the discard may be taken only once you have put a meld down."


def test_a_meld_with_a_joker_says_what_it_takes_out_of_the_hand() -> None:
    """Wrotham (seed 003; RULES.md: a joker left in hand counts 15): "lay down K♠ K♦ Joker:
    this set takes 30 points out of your hand" counted the joker as the king it stands for,
    but in hand it costs 15: the set takes 35 points out of the hand."""
    game = Game.from_position("rami_wrotham", hands=["KS KD JK 2C 5H 9D 7S", "2H 3H 4C 5S 6S 7D 8D"],
                              stock="3C 4D 8C", discard="QC", to_play=0, round_no=1)
    game.play("draw")
    key, params, _ = said(game, "meld KS KD JK")
    assert key == "why.rummy.meld_set" and params["points"] == 35


def test_a_draw_beside_a_free_take_never_says_the_card_must_go_down() -> None:
    """Rami 51 lets the discard be taken with no obligation (variants.yaml: taken_card_must
    none, as the rules page says: « sans engagement »); the hint said "draw: K♥ would have
    to go down now, and your melds make only 39 of 51" (a newcomer's finding). Where the take
    binds (Rami 40 before opening, seed 004: taken only to open) it still says so."""
    hands = ["KS KD 2C 5D 9S 3H 7C 8D JC 4S 6H QD 10C", "2S 3S 4H 8C 9C 10D QC AH 5C 6C 7D 9D JD"]
    free = Game.from_position("rami51", hands=hands, stock="AS 4D", discard="KH")
    key, params, text = said(free, "draw")
    assert key != "why.rummy.draw_cannot_open" and "go down now" not in text, text
    bound = Game.from_position("rami40", hands=hands, stock="AS 4D", discard="KH")
    key, params, text = said(bound, "draw")
    assert key == "why.rummy.draw_cannot_open" and params["need"] == 40, text
