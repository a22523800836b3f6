"""Gin Rami at the table (seed 001), driven through the real loop with posted events."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import button_point, click, drag, hand_point, open_app, press, settle, table

from ramigui.cards import parse_cards
from ramigui.rules import Game
from ramigui.rules.gin_melds import meld_kind
from ramigui.ui.app import App
from ramigui.ui.table_dialog import QuestionScene
from ramigui.ui.table_gin import GinTable

#   seat 0 (human): A♥ 2♥ 3♥ · 4♠ 5♠ 6♠ · 9♣ 9♦ 9♥ · K♦    (deadwood: K♦ = 10)
#   seat 1 (bot):   5♣ 6♣ 8♦ 8♣ J♣ Q♥ 2♦ 3♦ 4♣ 10♠
#   stock (top first), discard (upcard K♠)
HUMAN = "AH 2H 3H 4S 5S 6S 9C 9D 9H KD"
BOT = "5C 6C 8D 8C JC QH 2D 3D 4C 10S"


def position(stock: str) -> Game:
    return Game.from_position("gin", hands=[HUMAN, BOT], stock=stock, discard="KS", to_play=0)


def test_human_wins_a_round_by_going_gin_with_drags(app: App) -> None:
    """Draw 7♠ (4♠–7♠ becomes a run), drop K♦ on the discard: the table asks "discard or
    gin?" — gin it is; the bot, defending, says done; the human wins (seed: "Gin")."""
    scene = table(app, position("7S QD JD"))
    assert scene.layout is not None
    drag(app, scene.layout.stock.center, scene.layout.hand_area.center)
    assert scene.game.log[-1][1].kind == "draw"
    drag(app, hand_point(scene, parse_cards("KD")[0]), scene.layout.discard.center)
    assert isinstance(app.top, QuestionScene)
    assert [move.kind if move else None for _, move in app.top.question.answers] == ["gin", "discard", None]
    press(app, pygame.K_RETURN)  # the first answer: gin
    settle(app)
    result = scene.game.last_result
    assert result is not None and result.winner == 0 and result.reason == "gin"


def test_a_card_dropped_on_the_pile_that_could_knock_is_discarded_by_enter(app: App) -> None:
    """A newcomer dropped a card on the discard pile, was asked "Just discard, or knock with
    it?", pressed Enter and knocked: Knock was the first answer. Knocking is a choice
    (waiting for gin may pay), so Enter now does what the drop did; gin stays first."""
    scene = table(app, position("2C QD JD"))
    assert scene.layout is not None
    press(app, pygame.K_p)  # draw 2♣: deadwood 2 after discarding K♦
    drag(app, hand_point(scene, parse_cards("KD")[0]), scene.layout.discard.center)
    assert isinstance(app.top, QuestionScene)
    assert [move.kind if move else None for _, move in app.top.question.answers] == ["discard", "knock", None]
    press(app, pygame.K_RETURN)
    settle(app)
    assert str(scene.game.log[-1][1]) == "discard KD" or any(
        str(move) == "discard KD" for _, move in scene.game.log)
    assert not any(move.kind == "knock" for _, move in scene.game.log)


def test_knock_asks_for_confirmation_and_cancel_changes_nothing(app: App) -> None:
    scene = table(app, position("2C QD JD"))
    press(app, pygame.K_p)  # draw 2♣: deadwood 2 after discarding K♦
    before = (list(scene.game.hand(0)), len(scene.game.log))
    scene.selected = {scene.order.index(parse_cards("KD")[0])}
    click(app, button_point(scene, "knock"))
    assert isinstance(app.top, QuestionScene)
    assert "K" in app.top.question.text and "2" in app.top.question.text
    press(app, pygame.K_ESCAPE)
    assert app.top is scene
    assert (list(scene.game.hand(0)), len(scene.game.log)) == before
    assert scene.game.view(0).public.phase == "discard"
    press(app, pygame.K_k)  # the shortcut asks again; Yes knocks
    assert isinstance(app.top, QuestionScene)
    press(app, pygame.K_1)
    assert "knock KD" in [str(move) for _, move in scene.game.log]


def test_without_confirm_knock_the_button_knocks_at_once() -> None:
    with open_app(confirm_knock=False) as app:
        scene = table(app, position("2C QD JD"))
        press(app, pygame.K_p)
        click(app, button_point(scene, "knock"))  # nothing selected: the best knock
        assert not isinstance(app.top, QuestionScene)
        assert "knock KD" in [str(move) for _, move in scene.game.log]


def test_knock_and_gin_buttons_follow_the_rules(app: App) -> None:
    #   seat 0: A♥ 2♥ 3♥ · 4♠ 5♠ 6♠ · 9♣ 9♦ K♦ Q♠ (deadwood 38), draws Q♣
    game = Game.from_position("gin", hands=["AH 2H 3H 4S 5S 6S 9C 9D KD QS", BOT], stock="QC QD JD",
                              discard="KS", to_play=0)
    scene = table(app, game)
    buttons = {b.action: b for b in scene.buttons}
    assert buttons["knock"].visible and not buttons["knock"].enabled  # must draw first
    press(app, pygame.K_p)  # no discard leaves 10 or less: no knock, no gin
    assert scene.game.view(0).public.phase == "discard"
    assert not buttons["knock"].enabled and not buttons["gin"].enabled
    assert not buttons["take"].visible and not buttons["pass"].visible


def test_deadwood_label_updates_after_a_draw(app: App) -> None:
    scene = table(app, position("7S QD JD"))
    family = scene.family
    assert isinstance(family, GinTable)
    assert family.deadwood_text(scene.frame()) == "Deadwood 10 / 10"
    drag(app, scene.layout.stock.center, scene.layout.hand_area.center)  # type: ignore[union-attr]
    assert family.deadwood_text(scene.frame()) == "Deadwood 0 / 10"  # 11 cards: after the best discard (K♦)
    app.draw()  # and it is drawn without error


def test_upcard_offer_take_by_dragging_and_pass_by_button(app: App) -> None:
    game = Game.new("gin", 2, seed=5)
    first = game.to_play
    humans = [seat == first for seat in range(2)]
    scene = table(app, game, humans)
    assert scene.layout is not None and scene.game.view(first).public.phase == "offer"
    buttons = {b.action: b for b in scene.buttons}
    assert buttons["take"].visible and buttons["pass"].visible and not buttons["knock"].visible
    upcard = game.view(first).public.discard[-1]
    drag(app, scene.layout.discard.center, scene.layout.hand_area.center)
    assert scene.game.log[-1][1].kind == "take" and upcard in scene.order
    other = Game.new("gin", 2, seed=5)
    scene2 = table(app, other, humans)
    click(app, button_point(scene2, "pass"))
    assert scene2.game.log[-1][1].kind == "pass"


def test_defender_lays_off_by_dragging_then_done_and_undercuts(app: App) -> None:
    """Seat 1 knocks with 2♣ left; seat 0 (human) lays 4♥, 7♠, 8♠, 9♠ off on the knocker's
    melds and is left with no deadwood: an undercut, the defender wins (seed 001)."""
    game = Game.from_position("gin", hands=["4H 7S 8S 9S JC QC KC 5D 6D 7D", HUMAN], stock="2C QD",
                              discard="KS", to_play=1)
    game.play("draw")
    game.play("knock KD")
    scene = table(app, game, [True, False])
    assert scene.layout is not None
    melds = scene.view.public.melds
    for name in ("4H", "7S", "8S", "9S"):
        card = parse_cards(name)[0]
        number = next(i + 1 for i, meld in enumerate(scene.view.public.melds)
                      if scene.game.is_legal(f"layoff {name} to {i + 1}"))
        spot = next(s for s in scene.layout.melds if s.number == number)
        drag(app, hand_point(scene, card), spot.rect.center)
        assert scene.game.log[-1][1].kind == "layoff", name
    assert len(melds) == 3
    click(app, button_point(scene, "done"))
    settle(app, 5)
    result = scene.game.last_result
    assert result is not None and result.winner == 0 and result.reason == "undercut"


def test_group_melds_button_lays_the_hand_out_meld_by_meld(app: App) -> None:
    scene = table(app, position("7S QD JD"))
    click(app, button_point(scene, "sort_melds"))
    order = scene.order
    assert order[-1] == parse_cards("KD")[0]  # the deadwood last
    assert all(meld_kind(order[i:i + 3]) is not None for i in (0, 3, 6))


def test_by_melds_puts_the_near_melds_together_where_by_ranks_does_not(app: App) -> None:
    """A newcomer found "By melds" and "Melds, then ranks" gave the same hand. Both lay the
    melds first; "By melds" then puts what is one card short of a meld side by side (two
    of a rank, two of a suit one or two apart), where the other lines the deadwood up by rank."""
    #   A♥ 2♥ 3♥ (a run) · deadwood 4♣ 9♠ 6♣ 9♦ K♠ J♦ 5♦: near melds 4♣-6♣ and 9♠-9♦, loose 5♦ J♦ K♠
    game = Game.from_position("gin", hands=["AH 2H 3H 4C 9S 6C 9D KS JD 5D", "2S 3S 4S 5S 6S 7S 8S 10S 2D 3D"],
                              stock="QH QC", discard="KH", to_play=0)
    scene = table(app, game)
    click(app, button_point(scene, "sort_rank"))
    by_rank = list(scene.order)
    click(app, button_point(scene, "sort_melds"))
    assert scene.order != by_rank
    assert scene.order[:3] == parse_cards("AH 2H 3H") and by_rank[:3] == parse_cards("AH 2H 3H")
    assert scene.order[3:] == parse_cards("4C 6C 9S 9D 5D JD KS")
    assert by_rank[3:] == sorted(by_rank[3:], key=lambda card: card.rank_key())
    from ramigui.phone.viewjson import view_json

    phone = view_json(scene.game.view(0), ["Ana", "Bot"])
    assert phone["help"]["by_melds"] == [str(card) for card in scene.order]  # the phone's "By melds" too


def test_a_finger_drags_the_upcard_into_the_hand(app: App) -> None:
    game = Game.new("gin", 2, seed=5)
    humans = [seat == game.to_play for seat in range(2)]
    scene = table(app, game, humans)
    assert scene.layout is not None
    width, height = scene.size
    start, end = scene.layout.discard.center, scene.layout.hand_area.center
    steps = [(start[0] + (end[0] - start[0]) * k // 4, start[1] + (end[1] - start[1]) * k // 4) for k in range(5)]
    kinds = [pygame.FINGERDOWN, *[pygame.FINGERMOTION] * 3, pygame.FINGERUP]
    for kind, (x, y) in zip(kinds, steps, strict=True):
        pygame.event.post(pygame.event.Event(kind, x=x / width, y=y / height, dx=0.0, dy=0.0,
                                             touch_id=1, finger_id=1, pressure=1.0))
    settle(app, 3)
    assert scene.game.log[-1][1].kind == "take"


def test_k_and_g_while_the_upcard_is_offered_say_why(app: App) -> None:
    """The knock and gin buttons are hidden while the upcard is offered (seed 001: the
    first player takes or passes the upcard first), yet K and G still say why, as D and M do."""
    game = Game.new("gin", 2, seed=5)
    first = game.to_play
    scene = table(app, game, [seat == first for seat in range(2)])
    assert scene.game.view(first).public.phase == "offer"
    for shortcut in (pygame.K_k, pygame.K_g):
        scene.message = ""
        press(app, shortcut)
        assert scene.message_kind == "refusal" and "upcard" in scene.message, scene.message
    assert scene.game.log == [] or scene.game.log[-1][1].kind not in ("knock", "gin")


def test_cards_laid_off_on_the_knockers_melds_are_marked_in_the_defenders_colour(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 1 knocks; seat 0 lays 4♥ off on meld 1 and 7♠ on meld 2: those two cards, and only
    they, carry a band in seat 0's colour (whose card it is, on the knocker's meld)."""
    from ramigui.ui import table_draw
    from ramigui.ui.layout import SEAT_COLOURS

    game = Game.from_position("gin", hands=["4H 7S 8S 9S JC QC KC 5D 6D 7D", HUMAN], stock="2C QD",
                              discard="KS", to_play=1)
    for move in ("draw", "knock KD", "layoff 4H to 1", "layoff 7S to 2"):
        game.play(move)
    banded: list[tuple[pygame.Rect, tuple[int, int, int]]] = []
    real = table_draw._laid_off_band
    monkeypatch.setattr(table_draw, "_laid_off_band",
                        lambda surface, rect, shown, colour: banded.append((rect, colour)) or real(
                            surface, rect, shown, colour))
    scene = table(app, game, [True, False])
    app.draw()
    assert scene.layout is not None
    spots = {spot.number: spot for spot in scene.layout.melds}
    assert len(banded) == 2 and {colour for _, colour in banded} == {SEAT_COLOURS[0]}
    assert banded[0][0] == spots[1].cards[-1] and banded[1][0] == spots[2].cards[-1]


def test_the_sort_a_player_chose_is_where_their_next_hand_starts(app: App) -> None:
    """A newcomer sorted "By melds" (A) and found the next deal back in the settings' order:
    the sort a player chooses now stays theirs for the game's next hands."""
    scene = table(app, position("7S QD JD"))
    assert scene.sort_mode != "melds"
    press(app, pygame.K_a)
    assert scene.sort_mode == "melds"
    scene.play("draw")
    scene.play("gin KD")
    for _ in range(200):  # the bot, defending, says done
        if scene.game.round_over:
            break
        settle(app, 5)
    assert scene.game.round_over
    scene._next_round()
    settle(app, 5)
    assert scene.game.round_no == 2 and scene.sort_mode == "melds"
    assert scene.order == scene._arranged(list(scene.order), "melds")


@pytest.mark.parametrize("size", [(1161, 652), (1366, 768), (1920, 1080)])
def test_a_knockers_cards_show_whole_on_their_plate(size: tuple[int, int]) -> None:
    """A newcomer saw the knocking bot's leftover cards cut at the bottom of its plate: the
    face-up fan is now as tall as the plate allows above its line of facts, never cut."""
    from ramigui.ui import table_draw
    from ramigui.ui.cardart import card_height

    game = Game.from_position("gin", hands=["4S 7S 3H QC QD QS 2D 9D JC 5C", "AS 2S 3S 4H 5H 6H 7C 7D 7H KD"],
                              stock="9C 8S 10S 2C 3C", discard="6C 8C", to_play=1)
    game.play("draw")
    game.play("knock KD")
    with open_app(size) as opened:
        scene = table(opened, game)
        assert scene.layout is not None and 1 in scene.view.public.shown
        plate = scene.layout.opponents[1]
        _, _, width, top = table_draw._face_fan_places(plate, scene.layout, 1)  # type: ignore[attr-defined]
        assert top + card_height(width) <= table_draw._face_fan_bottom(plate, scene.layout)  # type: ignore[attr-defined]
        assert width >= table_draw.FACE_FAN_LEAST and width >= scene.layout.opp_card_w - 4
