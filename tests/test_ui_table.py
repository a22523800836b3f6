"""The table driven through the real event loop with posted pygame events (dummy driver)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pygame
import pytest
from ui_helpers import (
    button_point,
    claim_handoff,
    click,
    drag,
    hand_point,
    open_app,
    post,
    press,
    settle,
    table,
)

from ramigui import i18n
from ramigui.cards import Card, parse_cards
from ramigui.rules import Game
from ramigui.ui import cardart
from ramigui.ui.app import App
from ramigui.ui.families import hand_melds
from ramigui.ui.hand_groups import grouped
from ramigui.ui.overlays import HandoffScene
from ramigui.ui.seats import TableConfig
from ramigui.ui.table import TableScene
from ramigui.ui.table_dialog import QuestionScene

SIZE = (1280, 800)


@pytest.fixture
def app() -> Iterator[App]:
    with open_app(SIZE, bot_speed="normal") as opened:
        yield opened


def position(**extra: object) -> Game:
    #   seat 0 (human): 7H 8H 9H KS      seat 1 (bot): 2C 5D 9S
    #   stock: 10H 4C …   discard: 5H
    return Game.from_position("rami_base", hands=[["7H", "8H", "9H", "KS"], ["2C", "5D", "9S"]],
                              stock=["10H", "4C", "6C", "3D"], discard=["5H"], to_play=0, **extra)


def test_human_drags_stock_to_hand_then_a_card_to_the_discard(app: App) -> None:
    scene = table(app, position())
    assert scene.layout is not None
    drag(app, scene.layout.stock.center, scene.layout.hand_area.center)
    assert scene.game.log[-1][1].kind == "draw"
    king = parse_cards("KS")[0]
    drag(app, hand_point(scene, king), scene.layout.discard.center)
    assert str(scene.game.log[-1][1]) == "discard KS"
    assert scene.game.view(0).public.discard[-1] == king


def test_illegal_drop_is_refused_and_the_card_returns(app: App) -> None:
    scene = table(app, position())
    assert scene.layout is not None
    press(app, pygame.K_p)  # draw
    before = list(scene.order)
    moves = len(scene.game.log)
    king = parse_cards("KS")[0]
    drag(app, hand_point(scene, king), scene.layout.melds_area.center)  # one card is no meld
    assert len(scene.game.log) == moves
    assert scene.message  # the reason, in words
    assert scene.flights and scene.flights[0].card == king  # sliding home
    for _ in range(40):
        app.step()
    assert scene.order == before and not scene.flights


def test_one_card_of_a_ready_meld_dragged_to_the_table_lays_the_meld(app: App) -> None:
    """Drawn 10♥, the hand shows 7♥ 8♥ 9♥ 10♥ apart as a meld: dragging its 8♥ alone to the
    table means the meld (a newcomer's drag of one card of it was refused); K♠ alone is still no meld.
    Seed 003: a turn may meld one meld after the draw."""
    scene = table(app, position())
    assert scene.layout is not None
    press(app, pygame.K_p)
    run = parse_cards("7H 8H 9H 10H")
    assert [list(span) for span in scene.ready] == [[scene.order.index(c) for c in run]]
    start = hand_point(scene, run[1])
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    post(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] - 60), rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    assert scene.drag is not None and "table" in scene.drag.lit
    from ramigui.ui.table_draw import moving_cards

    assert [card for card, _, _ in moving_cards(scene.frame())] == [run[1]]  # over the hand: the one card
    post(pygame.MOUSEMOTION, pos=scene.layout.melds_area.center, rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    assert [card for card, _, _ in moving_cards(scene.frame())] == run  # over the table: the meld it lays
    assert not set(scene.frame().carried) & set(range(len(scene.order))) - {scene.order.index(c) for c in run}
    post(pygame.MOUSEBUTTONUP, button=1, pos=scene.layout.melds_area.center)
    app.step()
    assert str(scene.game.log[-1][1]) == "meld 7H 8H 9H 10H"
    assert not any(c in scene.order for c in run)


def test_m_on_one_card_of_a_ready_meld_lays_the_meld(app: App) -> None:
    scene = table(app, position())
    press(app, pygame.K_p)
    scene.focus = scene.order.index(parse_cards("9H")[0])
    press(app, pygame.K_m)
    assert str(scene.game.log[-1][1]) == "meld 7H 8H 9H 10H"
    scene.focus = scene.order.index(parse_cards("KS")[0])
    moves = len(scene.game.log)
    press(app, pygame.K_m)
    assert len(scene.game.log) == moves and scene.message  # K♠ alone: refused, with its reason


def test_the_meld_button_takes_one_card_of_a_ready_meld_for_the_meld(app: App) -> None:
    """9♦ alone chosen of a ready 9-10-J-Q♦: the opening counter said "+39" and M laid the
    meld, but the Meld button stayed grey. It is lit and lays the meld, as M does."""
    scene = table(app, position())
    press(app, pygame.K_p)
    meld = next(b for b in scene.buttons if b.action == "meld")
    click(app, hand_point(scene, parse_cards("KS")[0]))
    assert scene.selected and not meld.enabled  # K♠ alone is no meld
    click(app, hand_point(scene, parse_cards("KS")[0]))
    click(app, hand_point(scene, parse_cards("8H")[0]))
    assert scene.frame().selected_cards() == parse_cards("8H") and meld.enabled
    # the rest of that meld is ringed with it: one card rose, and Meld lays four
    assert {scene.order[i] for i in scene.frame().implied} == set(parse_cards("7H 9H 10H"))
    click(app, button_point(scene, "meld"))
    assert str(scene.game.log[-1][1]) == "meld 7H 8H 9H 10H"


def test_a_refused_discard_lets_its_card_go(app: App) -> None:
    """Seed 003: « vous n'êtes pas autorisé à terminer ce tour en défaussant la même carte ».
    5♥ taken, then thrown back: refused, and it stayed chosen, so the next card clicked
    joined it ("5♥ 6♣ cannot complete meld 2"). A refused throw lets its card go."""
    scene = table(app, position())
    assert scene.layout is not None
    press(app, pygame.K_t)
    five = parse_cards("5H")[0]
    click(app, hand_point(scene, five))
    assert scene.frame().selected_cards() == [five]
    click(app, scene.layout.discard.center)
    assert scene.message_kind == "refusal" and five in scene.order
    assert not scene.selected


def test_escape_puts_away_the_selection_and_its_refusal(app: App) -> None:
    """K♠ 9♥ chosen, M: refused ("not a valid meld…"); Esc let the cards go but the red
    banner stayed, speaking of cards no longer chosen."""
    scene = table(app, position())
    press(app, pygame.K_p)
    scene.selected = {scene.order.index(c) for c in parse_cards("KS 9H")}
    press(app, pygame.K_m)
    assert scene.message_kind == "refusal" and scene.message
    press(app, pygame.K_ESCAPE)
    assert not scene.selected and not scene.message


def test_a_question_rings_the_answer_enter_picks_and_the_arrows_move_it(app: App) -> None:
    """"Go out? Yes / No": Enter picked Yes with no button ringed, and a refusal of an
    earlier move stayed red behind the question. → rings No, and Enter then keeps the card."""
    scene = table(app, position())
    press(app, pygame.K_p)
    scene.selected = {scene.order.index(c) for c in parse_cards("7H 8H 9H 10H")}
    press(app, pygame.K_m)
    scene.focus = scene.order.index(parse_cards("KS")[0])
    scene.refuse("an earlier refusal")
    press(app, pygame.K_d)
    question = app.top
    assert isinstance(question, QuestionScene) and question.focus == 0 and not scene.message
    press(app, pygame.K_RIGHT)
    assert question.focus == 1
    press(app, pygame.K_RETURN)
    app.step()
    app.step()
    assert app.top is scene and scene.game.hand(0) == parse_cards("KS")  # No: the card kept


def test_legal_targets_light_up_while_dragging(app: App) -> None:
    scene = table(app, position())
    assert scene.layout is not None
    press(app, pygame.K_p)
    start = hand_point(scene, parse_cards("KS")[0])
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    post(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] - 60), rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    assert scene.drag is not None and "discard" in scene.drag.lit and "table" not in scene.drag.lit
    post(pygame.MOUSEBUTTONUP, button=1, pos=start)
    app.step()


def test_keyboard_only_turn(app: App) -> None:
    scene = table(app, position())
    press(app, pygame.K_p)  # draw from the stock
    assert scene.game.view(0).public.phase == "play"
    scene.focus = 0
    target = scene.order.index(parse_cards("KS")[0])
    press(app, *([pygame.K_RIGHT] * target))
    press(app, pygame.K_RETURN)  # nothing selected: Enter never discards the card under the cursor
    assert str(scene.game.log[-1][1]) == "draw" and "Space" in scene.message
    press(app, pygame.K_SPACE, pygame.K_RETURN)  # selected, then played
    assert str(scene.game.log[-1][1]) == "discard KS"
    assert scene.game.to_play == 1


def test_meld_by_selecting_with_space_and_pressing_m(app: App) -> None:
    scene = table(app, position())
    press(app, pygame.K_p)
    scene.focus = 0
    for card in parse_cards("7H 8H 9H"):
        scene.focus = scene.order.index(card)
        press(app, pygame.K_SPACE)
    press(app, pygame.K_m)
    assert scene.game.log[-1][1].kind == "meld"


def test_hot_seat_never_draws_another_players_hand(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Card] = []
    original = cardart.CardArt.face

    def spy(self: cardart.CardArt, card: Card) -> pygame.Surface:
        drawn.append(card)
        return original(self, card)

    monkeypatch.setattr(cardart.CardArt, "face", spy)
    game = position()
    scene = table(app, game, humans=[True, True])
    assert isinstance(app.top, HandoffScene)
    drawn.clear()
    app.draw()
    assert drawn == []  # the hand-off screen shows no card at all
    claim_handoff(app)  # seat 0 claims the screen
    app.step()
    assert scene.visible_seat() == 0
    press(app, pygame.K_p)
    scene.focus = scene.order.index(parse_cards("KS")[0])
    press(app, pygame.K_d)
    app.step()
    assert isinstance(app.top, HandoffScene) and scene.visible_seat() is None
    drawn.clear()
    app.draw()
    assert drawn == []
    claim_handoff(app)  # seat 1 claims it
    app.step()
    drawn.clear()
    app.draw()
    public = set(game.view(1).public.discard)
    hand0 = set(game.hand(0))
    assert set(drawn) - public <= set(game.hand(1))
    assert not (set(drawn) - public - set(game.hand(1))) and not (set(drawn) & hand0 - public - set(game.hand(1)))


def test_bots_play_without_blocking_and_demo_frames(app: App) -> None:
    config = TableConfig(variant="rami51", players=4, seed=3, humans=[False] * 4)
    scene = TableScene(config)
    app.push(scene)
    frames = 0
    while len(scene.game.log) <= 3 and frames < 20_000:  # bots think in their threads: a busy
        app.step()  # machine gives them fewer frames' worth of time, never a frozen loop
        frames += 1
    assert len(scene.game.log) > 3 and scene.log
    assert frames > 3, "the loop went on drawing frames while the bots thought"


# --- a whole round, "Carte !", and the play settings ------------------------------------------


def test_human_wins_a_rummy_round_by_dragging(app: App) -> None:
    """Draw 10♥ by dragging, drag 7♥ 8♥ 9♥ 10♥ (selected by clicks) to the table, then K♠
    onto the discard: the hand is empty, the table asks first (confirm_go_out), yes: won."""
    scene = table(app, position())
    assert scene.layout is not None
    drag(app, scene.layout.stock.center, scene.layout.hand_area.center)
    for card in parse_cards("7H 8H 9H 10H"):
        point = hand_point(scene, card)
        post(pygame.MOUSEBUTTONDOWN, button=1, pos=point)
        post(pygame.MOUSEBUTTONUP, button=1, pos=point)
        app.step()
    assert len(scene.selected) == 4
    drag(app, hand_point(scene, parse_cards("7H")[0]), scene.layout.melds_area.center)
    assert scene.game.log[-1][1].kind == "meld"
    drag(app, hand_point(scene, parse_cards("KS")[0]), scene.layout.discard.center)
    assert isinstance(app.top, QuestionScene) and not scene.game.round_over  # asked before going out
    press(app, pygame.K_RETURN)
    app.step()
    result = scene.game.last_result
    assert result is not None and result.winner == 0


def test_confirm_go_out_no_keeps_the_card_and_off_plays_at_once() -> None:
    with open_app(size=SIZE) as opened:
        scene = table(opened, position())
        press(opened, pygame.K_p)
        scene.selected = {scene.order.index(c) for c in parse_cards("7H 8H 9H 10H")}
        press(opened, pygame.K_m)
        scene.focus = scene.order.index(parse_cards("KS")[0])
        press(opened, pygame.K_d)
        assert isinstance(opened.top, QuestionScene)
        press(opened, pygame.K_2)  # No (the button's answer arrives on the next iterations)
        opened.step()
        opened.step()
        assert opened.top is scene and scene.game.hand(0) == parse_cards("KS")
    with open_app(size=SIZE, confirm_go_out=False) as opened:
        scene = table(opened, position())
        press(opened, pygame.K_p)
        scene.selected = {scene.order.index(c) for c in parse_cards("7H 8H 9H 10H")}
        press(opened, pygame.K_m)
        scene.focus = scene.order.index(parse_cards("KS")[0])
        press(opened, pygame.K_d)
        assert scene.game.round_over and scene.game.last_result.winner == 0  # type: ignore[union-attr]


def test_carte_button_only_in_rami_familial_when_legal(app: App) -> None:
    """Seed 000: "Carte !" is announced with two cards left; other rummies have no such button."""
    hands = [["7H", "8H", "9H", "KS"], ["2C", "5D", "9S", "4D"]]
    familial = Game.from_position("rami", hands=hands, stock=["10C", "4C", "6C", "3D"], discard=["5H"], to_play=0)
    scene = table(app, familial)
    carte = next(b for b in scene.buttons if b.action == "carte")
    assert carte.visible and not carte.enabled  # five cards after the draw: not yet
    row = [b.rect.copy() for b in scene.buttons]
    press(app, pygame.K_p)
    scene.selected = {scene.order.index(c) for c in parse_cards("7H 8H 9H")}
    press(app, pygame.K_m)
    assert len(scene.game.hand(0)) == 2 and carte.visible and carte.enabled
    assert [b.rect for b in scene.buttons] == row, "no button moves when Carte ! may be said"
    click(app, carte.rect.center)
    assert scene.game.log[-1][1].kind == "carte"
    base = table(app, position())
    press(app, pygame.K_p)
    base.selected = {base.order.index(c) for c in parse_cards("7H 8H 9H")}
    press(app, pygame.K_m)
    assert len(base.game.hand(0)) == 2
    assert not any(b.action == "carte" and b.visible for b in base.buttons)


@pytest.mark.parametrize("sort", ["rank", "suit", "none"])
def test_hand_sort_setting_orders_the_hand(sort: str) -> None:
    game = Game.from_position("rami_base", hands=[["KS", "2H", "7C", "7H", "AD"], ["2C", "5D", "9S"]],
                              stock=["10H", "4C"], discard=["5H"], to_play=0)
    dealt = list(game.view(0).hand)
    with open_app(size=SIZE, hand_sort=sort) as opened:
        scene = table(opened, game)
        expected = {"rank": sorted(dealt, key=Card.rank_key), "suit": sorted(dealt, key=Card.sort_key),
                    "none": dealt}[sort]
        assert scene.order == expected
    assert sorted(dealt, key=Card.rank_key) != sorted(dealt, key=Card.sort_key)  # the test can tell them apart


def test_real_app_table_follows_the_stored_settings() -> None:
    """The menus' path: stored settings → apply_settings → SessionTable."""
    from ramigui.session import GameSession, GameSetup, Seat
    from ramigui.settings import Settings as Stored
    from ramigui.ui.game_screen import SessionTable
    from ramigui.ui.screen import Context, apply_settings
    from ramigui.ui.sound import Sounds

    stored = Stored(language="en", hand_sort="rank", bot_speed="instant", animation_speed="instant",
                    confirm_knock=False, confirm_go_out=False)
    with open_app(size=SIZE, animation_speed="normal", bot_speed="normal") as opened:
        apply_settings(opened, stored)
        setup = GameSetup("gin", (Seat("Ann"), Seat("Bot", "easy")))
        session = GameSession.new(setup, None, seed=3)
        scene = SessionTable(session, Context(None, stored, Sounds(False)))
        opened.push(scene)
        assert scene.bot_pace == 0 and scene.pace == 0
        assert opened.settings.confirm_knock is False and opened.settings.confirm_go_out is False
        assert scene.visible_seat() == 0  # the one person's hand shows, even while the bot plays
        melds = hand_melds(scene.order, scene.game.variant)
        assert scene.order == grouped(scene.order, melds, Card.rank_key)  # by rank, its melds first (hand_groups)
        assert scene.order != grouped(scene.order, melds, Card.sort_key)  # seed 3: by suit would differ


def test_bot_speed_sets_the_bots_pause_apart_from_the_animations() -> None:
    from ramigui.settings import PACES
    from ramigui.ui.table_bots import BOT_PAUSE

    with open_app(size=SIZE, animation_speed="instant", bot_speed="slow") as opened:
        scene = table(opened, position())
        press(opened, pygame.K_p)
        scene.focus = scene.order.index(parse_cards("KS")[0])
        press(opened, pygame.K_d)
        assert scene.game.to_play == 1 and scene.pace == 0
        # The pause set is the slow one; frames since (slow on a loaded machine) may have
        # used some of it, so only its bounds are certain.
        assert scene.bot_pace == PACES["slow"]
        assert 0 < scene.bots.wait <= BOT_PAUSE * PACES["slow"]
    with open_app(size=SIZE, animation_speed="slow", bot_speed="instant") as opened:
        scene = table(opened, position())
        press(opened, pygame.K_p)
        scene.focus = scene.order.index(parse_cards("KS")[0])
        press(opened, pygame.K_d)
        assert scene.bots.wait <= 0 and scene.pace == PACES["slow"]


def test_a_drawn_card_takes_its_place_in_a_sorted_hand_but_not_in_one_arranged_by_hand(app: App) -> None:
    def dealt() -> Game:  # the stock's top card, 2S, sorts among the spades, before KS
        return Game.from_position("rami_base", hands=[["7H", "8H", "9H", "KS"], ["2C", "5D", "9S"]],
                                  stock=["2S", "4C", "6C", "3D"], discard=["5H"], to_play=0)

    two = parse_cards("2S")[0]
    scene = table(app, dealt())
    press(app, pygame.K_p)
    assert scene.order == parse_cards("7H 8H 9H 2S KS")  # the run first, then the loose cards by suit
    assert scene.order.index(two) != len(scene.order) - 1
    scene2 = table(app, dealt())
    king = parse_cards("KS")[0]
    assert scene2.layout is not None
    first = scene2.hand_rect(0)
    drag(app, hand_point(scene2, king), (first.left - first.width // 2, first.centery))
    arranged = list(scene2.order)
    assert arranged == parse_cards("KS 7H 8H 9H")
    assert arranged != parse_cards("7H 8H 9H KS"), "the drag should have moved the king"
    press(app, pygame.K_p)
    assert scene2.order == [*arranged, two]


def test_v_spreads_the_whole_discard_pile_and_any_key_closes_it_unchanged(app: App) -> None:
    from ramigui.ui.pile_view import PileScene

    game = Game.from_position("rami_base", hands=[["7H", "8H", "9H", "KS"], ["2C", "5D", "9S"]],
                              stock=["10H", "4C"], discard=["5H", "QC", "2D"], to_play=0)
    scene = table(app, game)
    before = (list(scene.game.log), scene.game.view(0).public.discard)
    press(app, pygame.K_v)
    top = app.top
    assert isinstance(top, PileScene)
    assert top.cards == tuple(parse_cards("5H QC 2D"))  # oldest first, as the rules hold it
    app.draw()  # drawing the spread pile must work at this size
    press(app, pygame.K_ESCAPE)
    assert app.top is scene
    assert (list(scene.game.log), scene.game.view(0).public.discard) == before
    assert scene.layout is not None
    post(pygame.MOUSEBUTTONDOWN, button=3, pos=scene.layout.discard.center)
    post(pygame.MOUSEBUTTONUP, button=3, pos=scene.layout.discard.center)
    app.step()
    assert isinstance(app.top, PileScene), "a right click on the pile opens it too"


def test_pile_rows_fit_many_cards_in_the_room() -> None:
    from ramigui.ui.cardart import card_height
    from ramigui.ui.pile_view import pile_rows

    room = pygame.Rect(0, 0, 900, 420)
    for count in (1, 12, 60, 100):
        width, per_row, step = pile_rows(count, room, 18)
        rows = -(-count // per_row)
        assert (per_row - 1) * step + width <= room.width
        assert rows * (card_height(width) + 9) <= room.height or width == 24


def test_the_joker_goes_where_it_sits_in_the_hand(app: App) -> None:
    # seed 000 (Rami familial): "Le joker … remplace n'importe quelle carte" — J♠ Q♠ with the
    # joker after them makes J-Q-K; moved before them, 10-J-Q.
    def dealt() -> Game:
        return Game.from_position("rami", hands=[["JS", "QS", "JK", "2H", "5C"], ["2C", "5D", "9S", "4H"]],
                                  stock=["8D", "4C", "6C"], discard=["3D"], to_play=0)

    for joker_first, stands_for in ((False, "KS"), (True, "10S")):
        scene = table(app, dealt())
        press(app, pygame.K_p)
        joker, jack, queen = parse_cards("JK JS QS")
        order = [c for c in scene.order if c not in (joker, jack, queen)]
        scene.order = ([joker, jack, queen] if joker_first else [jack, queen, joker]) + order
        scene.selected = {0, 1, 2}
        press(app, pygame.K_m)
        meld = scene.game.view(0).public.melds[-1]
        assert str(scene.game.log[-1][1]).startswith("meld"), scene.message
        assert parse_cards(stands_for)[0] in meld.stands_for(), meld


TWELVE_MELDS = [(1, m) for m in ("2S 3S 4S", "6S 7S 8S", "10S JS QS", "2H 3H 4H", "6H 7H 8H", "10H JH QH",
                                 "2D 3D 4D", "6D 7D 8D", "10D JD QD", "2C 3C 4C", "6C 7C 8C", "10C JC QC KC")]


def twelve_melds() -> Game:
    # seed 000 (Rami familial): "ajouter des cartes aux combinaisons" and "récupérer une carte
    # d'une combinaison" — with 12 melds on the table, meld 11 and 12 need two digits.
    return Game.from_position("rami", hands=[["9C", "KH", "5S", "AS"], ["AD", "5D", "9S", "5C"]],
                              stock=["9H", "AH"], discard=["9D"], to_play=0, melds=TWELVE_MELDS, opened=[0])


def test_keyboard_lays_off_on_meld_eleven_with_two_digits(app: App) -> None:
    scene = table(app, twelve_melds())
    press(app, pygame.K_p)  # draw 9H
    scene.focus = scene.order.index(parse_cards("9C")[0])
    press(app, pygame.K_1)
    assert scene.game.log[-1][1].kind == "draw", "with 12 melds a lone 1 waits for a second digit"
    press(app, pygame.K_1)
    assert str(scene.game.log[-1][1]) == "layoff 9C to 11"


def test_keyboard_takes_a_chosen_card_from_meld_twelve(app: App) -> None:
    scene = table(app, twelve_melds())
    press(app, pygame.K_x, pygame.K_1, pygame.K_2, pygame.K_RETURN)  # meld 12: 10♣ J♣ Q♣ K♣, either end may go
    assert isinstance(app.top, QuestionScene)
    press(app, pygame.K_2)  # the second answer: K♣
    assert str(scene.game.log[-1][1]) == "take KC from 12"
    assert parse_cards("KC")[0] in scene.game.hand(0)


def test_a_resumed_game_shows_its_last_moves(app: App) -> None:
    game = position()
    game.play("draw")
    game.play("discard KS")
    scene = table(app, game)
    assert scene.log[-2:] == ["You drew from the stock", "You discarded K♠"]


def test_wrotham_late_deals_tell_the_player_to_lay_everything_at_once(app: App) -> None:
    # seed 003 (Wrotham): "dans les trois derniers tours … déposer les sept à la fois"
    def deal(round_no: int) -> Game:
        return Game.from_position("rami_wrotham", hands=[["2S", "3S", "4S", "9H", "KD", "KC", "7D"],
                                                         ["2C", "5D", "9S", "4H", "6H", "8C", "QD"]],
                                  stock=["10H", "4C"], discard=["5H"], to_play=0, round_no=round_no)

    late = table(app, deal(4))
    press(app, pygame.K_p)
    assert late.family.prompt(late.frame()) == i18n.tr("table.your_turn_all_at_once")
    early = table(app, deal(3))
    press(app, pygame.K_p)
    assert early.family.prompt(early.frame()) == i18n.tr("table.your_turn_play")


@pytest.mark.parametrize("chosen", [None, "suit"])
def test_a_new_deal_is_sorted_whatever_the_last_hand_was(chosen: str | None) -> None:
    """The hand of a new round is not left in the last round's order: setting "by rank", the
    next deal comes by rank, the melds it holds first (hand_groups) — or, where the player
    chose a sort with S during the game, by that one (a newcomer's "By melds" went back to
    the settings' order at every deal)."""
    game = Game.from_position("rami_base", hands=[["7H", "8H", "9H", "KS"], ["2C", "5D", "9S"]],
                              stock=["10H", "4C", "6C", "3D"], discard=["5H"], to_play=0)
    with open_app(size=SIZE, hand_sort="rank", confirm_go_out=False) as opened:
        scene = table(opened, game)
        if chosen == "suit":
            press(opened, pygame.K_s)
        assert scene.sort_mode == (chosen or "rank")
        press(opened, pygame.K_p)  # 10♥: 7♥ 8♥ 9♥ 10♥ goes down, K♠ is the last card
        scene.selected = {scene.order.index(c) for c in parse_cards("7H 8H 9H 10H")}
        press(opened, pygame.K_m)
        scene.selected = {scene.order.index(parse_cards("KS")[0])}
        press(opened, pygame.K_RETURN)
        assert scene.game.round_over
        scene.close_round()
        opened.step()
        hand = list(scene.game.hand(0))
        assert scene.sort_mode == (chosen or "rank") and len(scene.order) == len(hand) > 4
        key = Card.sort_key if chosen == "suit" else Card.rank_key
        assert scene.order == grouped(hand, hand_melds(hand, scene.game.variant), key)


def test_hot_seat_calls_a_seat_named_you_by_its_number(app: App) -> None:
    """"You" is the one person at the screen; where two share it the hand-off never says
    "Pass the computer to You": the seat goes by its number on the table, its records by
    the person's name."""
    from ramigui.ui.seats import TableConfig
    from ramigui.ui.table import TableScene

    game = position()
    config = TableConfig(variant=game.variant.id, players=2, seed=1, names=["You", "Léa"], humans=[True, True])
    scene = TableScene(config, game)
    app.push(scene)
    app.step()
    handoff = app.top
    assert isinstance(handoff, HandoffScene)
    assert handoff.title == "Pass the computer to Player 1"
    i18n.set_language("fr")
    assert handoff.title == "Passez l'ordinateur au joueur 1"  # not « à Joueur 1 »
    i18n.set_language("en")
    assert [scene.name(seat) for seat in range(2)] == ["Player 1", "Léa"]
    alone = TableConfig(variant=game.variant.id, players=2, seed=1, names=["You", "Bot 1"], humans=[True, False])
    assert alone.names[0] == "You"


def test_undo_puts_the_cards_back_where_they_stood_and_the_drawn_card_keeps_its_tab(app: App) -> None:
    """Draw 10♥ (it gets the tab), lay 7♥ 8♥ 9♥ 10♥ down, take it back: the four cards come
    back to the places they had, not to the right end, and 10♥ is marked again."""
    scene = table(app, position())
    press(app, pygame.K_p)  # draw 10♥
    ten = parse_cards("10H")[0]
    assert scene.fresh == ten
    scene.hand.arrange([parse_cards(c)[0] for c in ("KS", "7H", "10H", "8H", "9H")])  # the player's own order
    before = list(scene.order)
    scene.selected = {scene.order.index(card) for card in parse_cards("7H 8H 9H 10H")}
    press(app, pygame.K_m)
    assert scene.order == parse_cards("KS") and scene.fresh is None
    press(app, pygame.K_u)
    assert scene.game.log[-1][1].kind == "undo"
    assert scene.order == before and scene.fresh == ten
    assert scene.fresh_index() == before.index(ten)


def test_undo_after_rearranging_brings_a_group_back_whole_beside_its_neighbour() -> None:
    """The hand was A A A · 2♥ 2♦ 2♣ · 10♥ 10♣ JK · 7♣ 9♠; the 10s were laid down, then 7♣
    dragged to the far left: undo puts 10♥ 10♣ JK back after 2♣, their neighbour, not
    at their old place (which now falls between 2♦ and 2♣)."""
    from ramigui.ui.table import put_back

    before = parse_cards("AH AD AC 2H 2D 2C 10H 10C JK 7C 9S")
    kept = parse_cards("7C AH AD AC 2H 2D 2C 9S")
    assert put_back(before, kept, parse_cards("10H JK 10C")) == parse_cards("7C AH AD AC 2H 2D 2C 10H 10C JK 9S")
    assert put_back(before, parse_cards("AH AD AC 2H 2D 2C 7C 9S"), parse_cards("10H 10C JK")) == before
    assert put_back(parse_cards("10H 5S"), parse_cards("5S"), parse_cards("10H")) == parse_cards("10H 5S")


def test_melds_laid_short_of_the_opening_say_what_they_wait_for(app: App) -> None:
    """Rami 51 (seed 004: « il faut étaler sur la table des combinaisons régulières dont la
    valeur atteint au minimum 51 points »): a set of 9 laid (27 points) left the prompt at
    "Meld, lay off, then discard", and the discard was refused. It says what is missing."""
    game = Game.from_position("rami51", hands=["9S 9H 9D KC QH 2C 7H 8S 5C 6C JD 4H 10S AS",
                                               "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AD AC"],
                              stock="3S 5H 8H 9D 10C JC", discard="4C", to_play=0)
    scene = table(app, game)
    press(app, pygame.K_p)
    assert scene.play("meld 9S 9H 9D")
    assert scene.family.prompt(scene.frame()) == "Lay more melds to open (laid: 27 of 51) — or Undo"
    from ramigui.phone.texts import rummy_prompt

    assert rummy_prompt(scene.game.view(0), ["You", "Bot 1"]) == scene.family.prompt(scene.frame())  # a phone too


def test_a_taken_card_says_where_it_must_go_until_it_has(app: App) -> None:
    """Seed 004: « La carte ainsi ramassée doit être exposée sur la table ». A newcomer took A♣,
    read "Meld, lay off, then discard" and found the discard refused. The prompt says what
    the taken card must do until it has done it."""
    game = Game.from_position("rami40", hands=["6H KC 5S 9C", "5D 9S QD"], stock="10H 4S", discard="3S 7H",
                              melds=[(0, "2H 3H 4H 5H")], opened=[0], to_play=0)
    scene = table(app, game)
    # said before the take too: a newcomer took the discard and only then read what it owed
    before = "Your turn: draw from the stock, or take the discard to lay it down this turn"
    assert scene.family.prompt(scene.frame()) == before
    assert scene.play("take")
    waits = ("7♥, which you took, must go onto the table (in a meld, or laid off with a card of your hand) "
             "this turn — or Undo")
    assert scene.family.prompt(scene.frame()) == waits
    from ramigui.phone.texts import rummy_prompt

    assert rummy_prompt(scene.game.view(0), ["You", "Bot 1"]) == waits  # a phone too
    assert scene.play("layoff 6H 7H to 1")
    assert scene.family.prompt(scene.frame()) == i18n.tr("table.your_turn_play")


def test_a_joker_won_back_says_where_it_must_go_until_it_has(app: App) -> None:
    """Seed 000: « Le joker ainsi récupéré doit servir à faire immédiatement une nouvelle
    combinaison ». A newcomer won a joker back, read "Meld, lay off, then discard" and found
    only the discard's refusal said it. The prompt says it until the joker is in a new meld."""
    game = Game.from_position("rami", hands=["6S 9H QS QD 5C", "2C 5D 9S"], stock="2D 4C", discard="9C",
                              melds=[(1, "6C JK 6H"), (0, "2D 3D 4D")], opened=[0, 1], to_play=0)
    scene = table(app, game)
    # the taken discard's duty said before it is taken, as the swap (a newcomer found out after)
    assert scene.family.prompt(scene.frame()) == ("Your turn: draw from the stock, take the discard for a new meld, "
                                                  "or win a joker back")
    assert scene.play("swap 6S for joker in 1")
    waits = "The joker you took must go into a new meld this turn — or Undo"
    assert scene.game.view(0).public.jokers_wait and not scene.game.view(1).public.jokers_wait
    assert scene.family.prompt(scene.frame()) == waits
    from ramigui.phone.texts import rummy_prompt

    assert rummy_prompt(scene.game.view(0), ["You", "Bot 1"]) == waits  # a phone too
    assert scene.play("layoff JK to 2")  # onto a meld: not what seed 000 asks
    assert scene.family.prompt(scene.frame()) == waits
    assert scene.play("undo")
    assert scene.play("meld QS QD JK")
    assert scene.family.prompt(scene.frame()) == i18n.tr("table.your_turn_play")


def test_a_click_on_the_greyed_meld_button_says_why(app: App) -> None:
    """Three cards chosen that make no meld: the Meld button is grey, and a click on it did
    nothing while M said why (a newcomer's finding). The click says it too."""
    game = Game.from_position("rami51", hands=["9S 9H 2D KC QH 2C 7H 8S 5C 6C JD 4H 10S AS",
                                               "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AD AC"],
                              stock="3S 5H 8H 9D 10C JC", discard="4C", to_play=0)
    scene = table(app, game)
    press(app, pygame.K_p)
    scene.selected = {scene.order.index(c) for c in parse_cards("9S 2D KC")}
    meld = next(b for b in scene.buttons if b.action == "meld")
    app.step()
    assert meld.visible and not meld.enabled
    click(app, meld.rect.center)
    assert scene.message_kind == "refusal" and "9♠" in scene.message, scene.message
    assert len(scene.game.log) == 1, "nothing was played"


def test_a_click_on_the_greyed_meld_button_before_the_draw_says_draw_first(app: App) -> None:
    """Nothing chosen, the draw still to come: the greyed Meld button said nothing, three
    clicks running, while M said "draw first" (a newcomer's finding). The click says it too."""
    game = Game.from_position("rami51", hands=["9S 9H 2D KC QH 2C 7H 8S 5C 6C JD 4H 10S AS",
                                               "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AD AC"],
                              stock="3S 5H 8H 9D 10C JC", discard="4C", to_play=0)
    scene = table(app, game)
    meld = next(b for b in scene.buttons if b.action == "meld")
    app.step()
    assert meld.visible and not meld.enabled and not scene.selected
    click(app, meld.rect.center)
    assert scene.message_kind == "refusal" and "draw" in scene.message, scene.message
    assert not scene.game.log, "nothing was played"


def test_a_lay_off_before_opening_says_at_once_what_it_waits_for(app: App) -> None:
    """Rami 51 (seed 004: one lays off once the minimum is laid, or going out in one turn):
    3♦ laid off on 4-5-6♦ before opening was kept, then the discard refused "you must open
    before laying off" and a newcomer blamed the discard. The prompt now says it at once."""
    game = Game.from_position("rami51", hands=["3D 9S KC QH 2C 7H 8S 5C 6C JD 4H 10S AS AH",
                                               "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AD AC"],
                              stock="3S 5H 8H 9D 10C JC", discard="4H", melds=[(1, "4D 5D 6D")], opened=[1],
                              to_play=0)
    scene = table(app, game)
    press(app, pygame.K_p)
    assert scene.family.prompt(scene.frame()) == i18n.tr("table.your_turn_play")
    scene.focus = scene.order.index(parse_cards("3D")[0])
    press(app, pygame.K_1)
    assert str(scene.game.log[-1][1]) == "layoff 3D to 1"
    assert scene.family.prompt(scene.frame()) == (
        "Open this turn (laid: 0 of 51) to keep your lay-off — or Undo")
    from ramigui.phone.texts import rummy_prompt

    assert rummy_prompt(scene.game.view(0), ["You", "Bot 1"]) == scene.family.prompt(scene.frame())  # a phone too
    press(app, pygame.K_u)
    assert scene.family.prompt(scene.frame()) == i18n.tr("table.your_turn_play")


def test_the_opening_counter_counts_the_meld_chosen(app: App) -> None:
    """Rami 51: 9♥ 10♥ J♥ chosen, the counter still said "Opening: 0 / 51"; a newcomer could
    not check a planned opening before pressing Meld. It says the chosen meld's 29 apart."""
    game = Game.from_position("rami51", hands=["9H 10H JH 2C 5D 7S 8S 3C 6D KC 4H 10S AS AH",
                                               "2H 3H 4H 5H 6H 7H 8H 9D 10D JD QD KD AD AC"],
                              stock="3S 5H 8H 9C 10C JC", discard="4D", to_play=0)
    scene = table(app, game)
    press(app, pygame.K_p)
    assert scene.family.counter(scene.frame()) == ("Opening: 0 / 51", False)
    scene.selected = {scene.order.index(c) for c in parse_cards("9H 10H JH")}
    assert scene.family.counter(scene.frame()) == ("Opening: 0 (+29) / 51", False)
    scene.selected = {scene.order.index(c) for c in parse_cards("9H 2C 5D")}
    assert scene.family.counter(scene.frame()) == ("Opening: 0 / 51", False)  # no meld: nothing added


def test_a_sort_that_moves_nothing_says_the_hand_is_already_in_order() -> None:
    """A newcomer pressed "By suit" on a hand already by suit and nothing happened: the
    button seemed dead. The table says the hand is already in that order; a sort that
    moves cards says nothing."""
    game = Game.from_position("rami_base", hands=[["KS", "7H", "9C", "2D"], ["2C", "5D", "9S"]],
                              stock=["10H", "4C"], discard=["5H"], to_play=0)
    with open_app(size=SIZE, hand_sort="none") as opened:
        scene = table(opened, game)
        press(opened, pygame.K_s)
        assert scene.message != i18n.tr("table.already_sorted"), "the cards moved: nothing to say"
        sorted_once = list(scene.order)
        press(opened, pygame.K_s)
        assert scene.order == sorted_once and scene.message == i18n.tr("table.already_sorted")
        press(opened, pygame.K_r)
        assert scene.order != sorted_once and scene.message != i18n.tr("table.already_sorted")


def test_a_card_drawn_after_a_discard_that_regrouped_the_hand_still_finds_its_place(app: App) -> None:
    """Sorted by suit, melds first: J♠ J♥ J♣ | 2♠ K♥ 5♦ 6♦ 8♦. Throwing J♠ breaks the set, so
    the cards left are no longer in their sort's order, and the table took that for the
    player's own arrangement: the 7♦ drawn next went to the right end ("10♠ sat apart
    from J-Q-K♠", a newcomer in Gin). Only what the player does makes the order theirs."""
    game = Game.from_position("rami_base", hands=[["JS", "JH", "JC", "2S", "KH", "5D", "6D", "8D"],
                                                  ["2C", "5C", "9S", "QC", "4S", "3H", "9H", "AD"]],
                              stock=["4C", "10C", "7D", "AS", "AH"], discard=["5H"], to_play=0)
    scene = table(app, game)
    press(app, pygame.K_p)  # 4♣
    scene.selected = {scene.order.index(parse_cards("JS")[0])}
    press(app, pygame.K_d)
    for _ in range(600):
        if scene.is_human_turn() and not scene.flights:
            break
        app.step()
    assert scene.is_human_turn()
    press(app, pygame.K_p)  # 7♦
    diamonds = [c for c in scene.order if c.suit == "D"]
    assert [str(c) for c in diamonds] == ["5D", "6D", "7D", "8D"], [str(c) for c in scene.order]
    scene.hand.move_cards([0], len(scene.order) - 1)  # the player's own order from now on
    assert scene.hand.own_order


@pytest.mark.parametrize("lang, words", [("en", "into your hand first"), ("fr", "d'abord la carte dans votre main")])
def test_the_discard_dragged_straight_onto_a_meld_flies_back_saying_why(app: App, lang: str, words: str) -> None:
    """A card from the pile dropped on a meld flew back without a word (a newcomer's
    finding): it says to take the card into the hand first, and nothing was played."""
    i18n.set_language(lang)
    try:
        game = Game.from_position("rami_base", hands=["6S 7S 8S KH 2C 3D", "4C 5C 6C QD JD"],
                                  stock="3S 5H 8H 9D 10C JC", discard="5H", melds=[(1, "4D 5D 6D")], opened=[1],
                                  to_play=0)
        scene = table(app, game)
        meld = next(rect for name, rect in scene.frame().drop_targets() if name.startswith("meld:"))
        drag(app, scene.layout.discard.center, meld.center)
        settle(app)
        assert scene.message_kind == "refusal" and words in scene.message
        assert len(scene.game.hand(0)) == 6 and [str(c) for c in scene.game.view(0).public.discard] == ["5H"]
    finally:
        i18n.set_language("en")


def test_a_card_dropped_on_the_joker_it_stands_for_says_why_the_swap_is_refused(app: App) -> None:
    """K♣ dropped on K♥ K♦ Joker with 4♥ 6♥ left: the swap is refused (the joker won back
    could go into no new meld, seed 000), and the table said "K♣ cannot complete meld 1 —
    the cards extend the run at neither end" (a newcomer's finding). It says the swap's rule."""
    game = Game.from_position("rami", hands=[["KC", "4H", "6H"], ["2C", "5D", "9S"]], stock=["2S", "4C"],
                              discard=["9C"], melds=[(1, "KH KD JK"), (0, "2D 3D 4D")],
                              to_play=0)
    scene = table(app, game)
    target = next(rect for name, rect in scene.frame().drop_targets() if name == "meld:1")
    drag(app, hand_point(scene, parse_cards("KC")[0]), target.center)
    settle(app)
    assert scene.message_kind == "refusal" and "new meld" in scene.message, scene.message
    assert len(scene.game.hand(0)) == 3


def test_a_forgotten_carte_is_said_on_the_table_where_the_eyes_are(app: App) -> None:
    """« Lorsqu'un joueur n'a plus qu'une seule carte, il doit l'annoncer … sous peine de
    devoir piocher 2 cartes » (seed 000): the penalty was only a line of the last moves, and a
    newcomer suddenly held three cards with no word of why. The status line says it."""
    game = Game.from_position("rami", hands=["7H 8H KS QS", "5D 9S QD"], stock="9H 4S 6C 7C", discard="5H",
                              melds=[(0, "2H 3H 4H")], to_play=0)
    scene = table(app, game)
    for move in ("draw", "meld 7H 8H 9H", "discard KS"):
        assert scene.human_play(move), move
    settle(app)
    assert len(scene.game.hand(0)) == 3
    assert scene.message_kind == "penalty" and "Carte" in scene.message and "2 penalty cards" in scene.message
    frame = scene.frame()
    cost = Counter(scene.game.hand(0)) - Counter(parse_cards("QS"))
    assert all(i18n.card_text(card) in scene.message for card in cost), "named to the one person at the table"
    assert Counter(frame.order[i] for i in frame.penalised) == cost, "the cards it cost are marked in the hand"
    while scene.game.to_play != 0:
        assert scene.play(scene.game.legal_moves()[0])
    assert scene.message_kind == "penalty" and scene.message, "the bots' moves leave it"
    assert scene.human_play("draw") and not scene.frame().penalised, "marked until the player's next move"
    assert not scene.message, "the prompt speaks again"


def test_no_opened_tick_where_the_rules_know_no_opening(app: App) -> None:
    """Rami de base (seed 003) has no opening: no minimum, the discard taken and cards laid
    off at any time, the winner scoring the others' hands. A newcomer read "✓ opened" on their
    plate there and looked in vain for it in the rules. Its house rule "lay off only after a
    meld of one's own" makes the opening matter, and the tick comes back."""
    from ramigui.ui.table_draw import seat_facts

    position = {"hands": ["6S 9H QS QD 5C", "2C 5D 9S"], "stock": "2D 4C", "discard": "9C",
                "melds": [(1, "6C 6D 6H")], "opened": [1], "to_play": 0}
    scene = table(app, Game.from_position("rami_base", **position))
    assert all("✓" not in facts for facts in seat_facts(scene.frame(), 1))
    app.pop()
    scene = table(app, Game.from_position("rami_base", {"lay_off_after_own_meld": True}, **position))
    assert "✓ opened" in seat_facts(scene.frame(), 1)[0]


def test_a_seat_that_opened_says_opened_not_laid_down(app: App) -> None:
    """A newcomer who had only laid cards off on others' melds read no "✓ laid down" on their
    plate, yet was not charged "+ 100 never laid down": the tick is for the opening (a meld of
    one's own, seed 000 « avoir déjà posé une combinaison »), and now says so."""
    from ramigui.ui.table_draw import seat_facts

    game = Game.from_position("rami", hands=["6S 9H QS QD 5C", "2C 5D 9S"], stock="2D 4C", discard="9C",
                              melds=[(1, "6C JK 6H")], opened=[1], to_play=0)
    scene = table(app, game)
    assert "✓ opened" in seat_facts(scene.frame(), 1)[0] and "✓" not in seat_facts(scene.frame(), 0)[0]
    i18n.set_language("fr")
    try:
        assert "✓ a ouvert" in seat_facts(scene.frame(), 1)[0]
    finally:
        i18n.set_language("en")


def test_at_a_hot_seat_table_the_penalty_cards_are_marked_when_their_owner_takes_the_screen(app: App) -> None:
    """A hot-seat hand is hidden as its turn ends, the moment a forgotten « Carte ! » costs
    cards: the cards are not named on the shared screen, and wear their tabs when their
    owner takes the screen back, until their next move."""
    from ramigui.ui.widgets import UI_ACTION

    game = Game.from_position("rami", hands=["7H 8H KS QS", "5D 9S QD JC"], stock="9H 4S 6C 7C 2S 3S",
                              discard="5H", melds=[(0, "2H 3H 4H")], to_play=0)
    scene = table(app, game, humans=[True, True])
    scene.viewer = 0
    scene._sync()
    for move in ("draw", "meld 7H 8H 9H", "discard KS"):
        assert scene.human_play(move), move
    cost = Counter(scene.game.hand(0)) - Counter(parse_cards("QS"))
    assert scene.message_kind == "penalty" and not any(i18n.card_text(c) in scene.message for c in cost)
    assert scene.viewer is None and not scene.frame().penalised
    for seat, move in ((1, "draw"), (1, "discard JC")):
        scene._action("claim", pygame.event.Event(UI_ACTION, action="claim", seat=seat))
        assert scene.human_play(move), move
    scene._action("claim", pygame.event.Event(UI_ACTION, action="claim", seat=0))
    frame = scene.frame()
    assert Counter(frame.order[i] for i in frame.penalised) == cost
    assert scene.human_play("draw") and not scene.frame().penalised


def test_the_stock_made_again_from_the_discards_is_said_on_the_table(app: App) -> None:
    """Rami de base turns the discard pile over into a new stock (seed 003, « la pile de
    défausse est retournée, sans mélange, pour former une nouvelle pioche »). Only the last
    moves said so, and the next moves pushed it out within two turns: a newcomer saw the
    stock come back with no word of why. The table now says it for a while."""
    game = Game.from_position("rami_base", hands=["6S 9H QS QD 5C 2H 3D", "2C 5D 9S KH KD 4S 8C"], stock="",
                              discard="9C 4H 7D 10S", to_play=1)
    scene = table(app, game)
    assert scene.play("draw")  # the bot's draw from the empty stock
    assert scene.message == i18n.tr("move.restock_turned") and scene.message_kind == "info"
    # after the player's own such draw the prompt names the card drawn: the note would hide it
    game = Game.from_position("rami_base", hands=["6S 9H QS QD 5C 2H 3D", "2C 5D 9S KH KD 4S 8C"], stock="",
                              discard="9C 4H 7D 10S", to_play=0)
    app.pop()
    scene = table(app, game)
    assert scene.human_play("draw") and not scene.message
