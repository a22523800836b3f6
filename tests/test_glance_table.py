"""The table read at a glance: instructions apart from refusals, a silent key that
says why, rings that never cover the next card, the hint apart from the selection, the card
just drawn marked, the hand's melds grouped, opaque notices — each driven through the real
loop and read off the pixels drawn."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from ui_helpers import drag, hand_point, open_app, post, press, settle, table

from ramigui import i18n
from ramigui.cards import parse_cards
from ramigui.rules import Game
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.ui import table_draw
from ramigui.ui.app import App
from ramigui.ui.families import hand_melds
from ramigui.ui.game_screen import SessionTable
from ramigui.ui.hand_groups import group_starts, grouped
from ramigui.ui.notices import STYLES
from ramigui.ui.screen import Context
from ramigui.ui.sound import Sounds
from ramigui.ui.table import TableScene

#   gin, seat 0 (human): A♥ 2♥ 3♥ · 4♠ 5♠ 6♠ · 9♣ 9♦ 9♥ · K♦    seat 1: a bot
GIN_HUMAN = "AH 2H 3H 4S 5S 6S 9C 9D 9H KD"
GIN_BOT = "5C 6C 8D 8C JC QH 2D 3D 4C 10S"
#   rummy (rami_base), seat 0: 7♥ 8♥ 9♥ K♠ (a run and a loose king)   seat 1: 2♣ 5♦ 9♠
RUMMY_HUMAN = ["7H", "8H", "9H", "KS"]


def gin(stock: str = "QS QD JD", hand: str = GIN_HUMAN) -> Game:
    return Game.from_position("gin", hands=[hand, GIN_BOT], stock=stock, discard="KS", to_play=0)


def rummy(hand: list[str] | None = None) -> Game:
    return Game.from_position("rami_base", hands=[hand or RUMMY_HUMAN, ["2C", "5D", "9S"]],
                              stock=["10H", "4C", "6C", "3D"], discard=["5H"], to_play=0)


def status_fill(app: App, scene: TableScene) -> tuple[int, int, int]:
    """The colour of the status line's panel, just inside its left edge (no words there)."""
    assert scene.layout is not None
    app.draw()
    box = scene.layout.status
    colour = app.screen.get_at((box.left + 3, box.centery))
    return colour.r, colour.g, colour.b


# --- a silent key says why ---------------------------------------------------------------------


def test_k_when_no_knock_is_allowed_says_why_in_the_refusal_look(app: App) -> None:
    """A♥ 2♥ 3♥ · 4♠ 5♠ 6♠ · 9♣ 9♦ 7♥ K♦ draws Q♠: 35 deadwood at best. The Knock button is
    disabled, and K says why with the rules' reason instead of doing nothing (seed 001:
    knock with 10 or less)."""
    scene = table(app, gin("QS QD JD", "AH 2H 3H 4S 5S 6S 9C 9D 7H KD"))
    press(app, pygame.K_p)
    knock = next(b for b in scene.buttons if b.action == "knock")
    assert not knock.enabled and not scene.message
    press(app, pygame.K_k)
    assert scene.message_kind == "refusal"
    assert "35" in scene.message and "10" in scene.message and "deadwood" in scene.message
    assert len(scene.game.hand(0)) == 11  # nothing was played
    assert status_fill(app, scene) == STYLES["refusal"].fill[:3]  # type: ignore[index]


def test_k_before_drawing_says_to_draw_first(app: App) -> None:
    scene = table(app, gin())
    press(app, pygame.K_k)
    assert scene.message_kind == "refusal" and "draw" in scene.message


def test_a_shortcut_out_of_turn_says_whose_turn_it_is(app: App) -> None:
    game = Game.from_position("gin", hands=[GIN_HUMAN, GIN_BOT], stock="QS QD JD", discard="KS", to_play=1)
    with open_app(bot_speed="slow") as slow:
        scene = table(slow, game)
        assert not scene.is_human_turn()
        press(slow, pygame.K_u)
        assert scene.message_kind == "refusal" and scene.config.names[1] in scene.message


# --- instructions look like instructions ------------------------------------------------------


def test_a_typed_meld_number_is_an_instruction_not_a_refusal(app: App) -> None:
    scene = table(app, rummy())
    press(app, pygame.K_x)  # "Take from meld …": what to do next, not a refusal
    assert scene.message_kind == "info"
    assert status_fill(app, scene) == STYLES["info"].fill[:3]  # type: ignore[index]
    press(app, pygame.K_ESCAPE)
    scene.message = ""
    press(app, pygame.K_d)  # discarding before drawing: refused
    assert scene.message_kind == "refusal"
    assert STYLES["info"].fill != STYLES["refusal"].fill and STYLES["info"].icon != STYLES["refusal"].icon


def test_notices_and_overlays_are_opaque() -> None:
    """No card corner shows through words: every notice panel and overlay panel is opaque."""
    from ramigui.ui.widgets import OVERLAY_FILL

    assert all(style.fill is None or style.fill[3] == 255 for style in STYLES.values())
    assert OVERLAY_FILL[3] == 255


@pytest.mark.parametrize("size", [(1162, 652), (1920, 1080)])
def test_a_long_refusal_keeps_a_readable_size(size: tuple[int, int]) -> None:
    """A newcomer's refusal in a 1162 × 652 window wrapped onto two cramped lines of a
    one-line band (12 px for 18). Two lines now stand at 85% of a one-line notice or more,
    and a one-line notice keeps one line's height at the band's foot, as before."""
    from ramigui.ui.layout import compute
    from ramigui.ui.notices import draw_notice

    lay = compute(size, [1], 5, [])
    surface = pygame.Surface(size)
    words = ("Refused: you may not take that joker — the joker would have to go into a new meld this turn, "
             "and your other cards make none with it (keeping one to discard)")
    size_px = int(lay.text * 0.95)
    short = draw_notice(surface, lay.status, "Refused: draw first", "refusal", size_px, lay.margin)
    long = draw_notice(surface, lay.status, words, "refusal", size_px, lay.margin)
    assert len(short) == 1 and len(long) == 2
    assert min(rect.height for rect in long) >= 0.85 * short[0].height, (long, short)
    assert lay.status.bottom - short[0].centery < lay.text * 1.2, "a one-line notice sits at the band's foot"


# --- rings -------------------------------------------------------------------------------------


def test_the_focus_ring_never_covers_the_next_card(app: App) -> None:
    scene = table(app, rummy())
    assert scene.layout is not None and len(scene.order) == 4
    scene.focus = 3
    app.draw()
    before = [app.screen.get_at((x, y)) for x in range(scene.hand_rect(1).left, scene.hand_rect(1).right)
              for y in range(scene.hand_rect(1).top, scene.hand_rect(1).bottom, 3)]
    scene.focus = 0
    app.draw()
    after = [app.screen.get_at((x, y)) for x in range(scene.hand_rect(1).left, scene.hand_rect(1).right)
             for y in range(scene.hand_rect(1).top, scene.hand_rect(1).bottom, 3)]
    assert before == after, "the ring round card 0 reached card 1"
    assert scene.frame().visible_part(0).right < scene.hand_rect(1).left


def session_table(app: App, variant: str = "rami_base") -> SessionTable:
    from ramigui.settings import Settings as Stored

    stored = Stored(language="en", animation_speed="instant", bot_speed="instant")
    session = GameSession.new(GameSetup(variant, (Seat("Ann"), Seat("Bot", "easy"))), None, seed=4)
    scene = SessionTable(session, Context(None, stored, Sounds(False)))
    app.push(scene)
    settle(app, 5)
    return scene


def test_the_hint_ring_differs_from_the_selection(app: App) -> None:
    scene = session_table(app)
    assert scene.is_human_turn()
    press(app, pygame.K_p)  # draw, so the hint names cards of the hand
    scene.show_hint()
    assert scene.hint is not None and scene.hint.move.cards
    hinted = scene.hinted()
    assert hinted
    scene.selected = set()
    app.draw()
    index = min(hinted)
    part = scene.frame().visible_part(index)
    ring = [tuple(app.screen.get_at((x, part.top + 1)))[:3] for x in range(part.left, part.right)]
    assert table_draw.HINTED in ring and table_draw.GOLD not in ring  # type: ignore[attr-defined]
    assert table_draw.HINTED != table_draw.GOLD and table_draw.HINTED != table_draw.FOCUS  # type: ignore[attr-defined]


# --- the card just drawn ------------------------------------------------------------------------


def test_the_card_just_drawn_is_marked_until_the_next_move(app: App) -> None:
    scene = table(app, rummy())
    assert scene.layout is not None
    drag(app, scene.layout.stock.center, scene.layout.hand_area.center)
    ten = parse_cards("10H")[0]
    assert scene.fresh == ten and scene.order[scene.fresh_index() or 0] == ten
    app.draw()
    part = scene.frame().visible_part(scene.fresh_index() or 0)
    tab = [tuple(app.screen.get_at((x, part.top - 2)))[:3] for x in range(part.left, part.right)]
    assert table_draw.FRESH in tab
    drag(app, hand_point(scene, parse_cards("KS")[0]), scene.layout.discard.center)
    assert scene.game.to_play == 1 and scene.fresh is None and scene.fresh_index() is None


# --- the hand's melds -------------------------------------------------------------------------


def test_a_sorted_hand_lays_its_melds_first_with_a_gap() -> None:
    game = rummy(["KS", "7H", "QD", "9H", "8H", "2C"])
    melds = hand_melds(game.hand(0), game.variant)
    assert melds == [tuple(parse_cards("7H 8H 9H"))]
    order = grouped(game.hand(0), melds, lambda card: card.sort_key())
    assert order == parse_cards("7H 8H 9H KS QD 2C")
    assert group_starts(order, melds) == [3]  # a gap after the run, none among the loose cards


def test_a_hand_arranged_by_hand_keeps_its_order_and_frames_only_whole_melds(app: App) -> None:
    scene = table(app, rummy(["KS", "7H", "QD", "9H", "8H", "2C"]))
    assert scene.order == parse_cards("7H 8H 9H KS QD 2C")
    assert scene.layout is not None
    gap = scene.layout.hand[3].left - scene.layout.hand[2].left
    step = scene.layout.hand[2].left - scene.layout.hand[1].left
    assert gap > step  # the run stands apart
    first = scene.hand_rect(0)
    drag(app, hand_point(scene, parse_cards("KS")[0]), (first.left - first.width // 2, first.centery))
    assert scene.order == parse_cards("KS 7H 8H 9H QD 2C")  # the player's order, untouched
    assert group_starts(scene.order, scene.hand_melds(scene.order)) == [1, 4]
    scene.order = parse_cards("7H KS 8H 9H QD 2C")
    assert group_starts(scene.order, scene.hand_melds(scene.order)) == []  # a split run is not framed


def _drop_between(app: App, scene: TableScene, start: tuple[int, int], start_middle: int, slot: int) -> None:
    """Drag from `start` (on a card whose middle is at `start_middle`) so that the card's
    middle is let go halfway between hand slots `slot - 1` and `slot`."""
    target = (scene.hand_rect(slot - 1).centerx + scene.hand_rect(slot).centerx) // 2
    drag(app, start, (start[0] + target - start_middle, scene.hand_rect(slot).centery))


def test_a_card_dragged_rightwards_lands_between_the_cards_it_was_dropped_between(app: App) -> None:
    """The dragged card leaves a hole while it moves; the cards right of the hole stand
    where they are drawn (it once landed one place further right)."""
    scene = table(app, rummy(["KS", "7H", "QD", "9H", "8H", "2C"]))
    assert scene.order == parse_cards("7H 8H 9H KS QD 2C")
    king = parse_cards("KS")[0]
    _drop_between(app, scene, hand_point(scene, king), scene.hand_rect(3).centerx, 5)  # between Q♦ and 2♣
    assert scene.order == parse_cards("7H 8H 9H QD KS 2C")


@pytest.mark.parametrize("source", ["discard", "stock"])
@pytest.mark.parametrize("arranged_by_hand", [True, False])
def test_a_card_dragged_onto_the_hand_lands_where_it_is_dropped(app: App, source: str, arranged_by_hand: bool) -> None:
    """The card taken or drawn goes where the player let it go, not to the right end nor to
    its sorted place: a hand arranged by hand can be in sorted order by chance (a new deal
    is), and a drop is the player saying where."""
    scene = table(app, rummy(["KS", "7H", "QD", "9H", "8H", "2C"]))
    assert scene.layout is not None
    if arranged_by_hand:
        king = parse_cards("KS")[0]
        _drop_between(app, scene, hand_point(scene, king), scene.hand_rect(3).centerx, 2)
    arranged = list(scene.order)
    assert arranged == parse_cards("7H 8H KS 9H QD 2C" if arranged_by_hand else "7H 8H 9H KS QD 2C")
    pile = scene.layout.discard if source == "discard" else scene.layout.stock
    _drop_between(app, scene, pile.center, pile.centerx, 1)  # between 7♥ and 8♥
    new = next(iter(Counter(scene.order) - Counter(arranged)))
    assert new == (parse_cards("5H")[0] if source == "discard" else parse_cards("10H")[0])
    assert scene.order == arranged[:1] + [new] + arranged[1:]


def test_the_stock_card_follows_the_pointer_face_down(app: App) -> None:
    """Dragged from the stock, a back follows the pointer (nothing did: only the hand lit
    up), and it names no card: nobody has seen it."""
    scene = table(app, rummy())
    assert scene.layout is not None
    start = scene.layout.stock.center
    end = (start[0] + 200, start[1] + 120)
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    for k in range(1, 6):
        post(pygame.MOUSEMOTION, pos=(start[0] + 40 * k, start[1] + 24 * k), rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    carried = table_draw.moving_cards(scene.frame())
    assert [card for card, _, _ in carried] == [None]
    _, rect, _ = carried[0]
    assert rect.collidepoint(end) and not rect.colliderect(scene.layout.stock)
    app.draw()
    back = scene.frame().art(rect.width).back()
    for fx, fy in ((0.25, 0.25), (0.5, 0.5), (0.7, 0.8)):
        at = (int(rect.width * fx), int(rect.height * fy))
        drawn, art = app.screen.get_at((rect.x + at[0], rect.y + at[1])), back.get_at(at)
        assert all(abs(a - b) <= 8 for a, b in zip(drawn[:3], art[:3], strict=True)), (at, drawn, art)
    post(pygame.MOUSEBUTTONUP, button=1, pos=end)
    app.step()


def test_a_card_drawn_into_a_gin_hand_sorted_by_melds_finds_its_place(app: App) -> None:
    """"By melds" keeps the hand sorted like the other two sorts (the card once went to the
    right end): Q♠ joins the deadwood before K♦."""
    scene = table(app, gin())
    press(app, pygame.K_a)
    press(app, pygame.K_p)
    queen, king = parse_cards("QS KD")
    assert queen in scene.order and scene.order.index(queen) < scene.order.index(king)
    assert scene.order == scene._arranged(list(scene.order), "melds")


@pytest.mark.parametrize("source", ["hand", "stock"])
def test_a_gold_pin_shows_where_a_dragged_card_will_land(app: App, source: str) -> None:
    """Over the hand, a gold pin stands in the gap the card would go to, above the cards
    (the dragged card covers the gap itself); it follows the pointer, and the card lands
    there."""
    scene = table(app, rummy(["KS", "7H", "QD", "9H", "8H", "2C"]))
    assert scene.layout is not None
    king = parse_cards("KS")[0]
    start = hand_point(scene, king) if source == "hand" else scene.layout.stock.center
    middle = scene.hand_rect(3).centerx if source == "hand" else scene.layout.stock.centerx
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    pins = []
    for slot in (1, 5):  # between 7♥ and 8♥, then between Q♦ and 2♣
        gap = (scene.hand_rect(slot - 1).centerx + scene.hand_rect(slot).centerx) // 2
        point = (start[0] + gap - middle, scene.hand_rect(slot).centery)
        post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0))
        app.step()
        app.draw()
        pin = scene.frame().landing_mark
        assert pin is not None and pin.bottom > scene.hand_rect(slot).top > pin.top
        assert scene.hand_rect(slot - 1).left < pin.centerx < scene.hand_rect(slot).left + 1
        knob = (pin.centerx, pin.top + pin.width)
        assert tuple(app.screen.get_at(knob))[:3] == table_draw.GOLD  # type: ignore[attr-defined]
        low = (pin.centerx, pin.bottom - pin.width * 2)  # low on the bar: under the dragged card once
        assert tuple(app.screen.get_at(low))[:3] == table_draw.GOLD  # type: ignore[attr-defined]
        pins.append(pin)
    assert pins[0].centerx < pins[1].centerx
    post(pygame.MOUSEBUTTONUP, button=1, pos=point)
    app.step()
    landed = king if source == "hand" else parse_cards("10H")[0]
    assert scene.order.index(landed) == (4 if source == "hand" else 5)  # before 2♣, where the pin stood
    assert scene.frame().landing_mark is None


def test_the_pin_shows_after_the_last_card_where_the_cards_fill_the_hand() -> None:
    """Fourteen cards fill the hand's area to its edge: the pin for the last place stands
    inside it (it was cut away whole), and the card goes last."""
    with open_app((700, 450)) as small:
        scene = table(small, Game.new("rami51", 2, seed=3))
        assert scene.layout is not None
        last = scene.hand_rect(len(scene.order) - 1)
        assert last.right >= scene.layout.hand_area.right - 1
        first = scene.order[0]
        start = hand_point(scene, first)
        post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
        end = (scene.layout.hand_area.right - 3, last.centery)  # the card's middle past the last one's
        post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
        small.step()
        small.draw()
        pin = scene.frame().landing_mark
        assert pin is not None and pin.width >= 3 and scene.layout.hand_area.contains(pin)
        knob = (pin.centerx, pin.top + pin.width)
        assert tuple(small.screen.get_at(knob))[:3] == table_draw.GOLD  # type: ignore[attr-defined]
        post(pygame.MOUSEBUTTONUP, button=1, pos=end)
        small.step()
        assert scene.order[-1] == first


def test_the_card_dragged_from_the_pile_leaves_it_and_the_cursor_keeps_its_card(app: App) -> None:
    """While the pile's top card is under the pointer the pile shows the card below it (it
    was drawn twice); once it lands before the keyboard's cursor, the cursor stays on the
    card it was on."""
    game = Game.from_position("rami_base", hands=[["7H", "8H", "KS", "9H", "QD", "2C"], ["2S", "5D", "9S"]],
                              stock=["10C", "4C"], discard=["3D", "5H"], to_play=0)
    scene = table(app, game)
    assert scene.layout is not None
    scene.order = parse_cards("7H 8H KS 9H QD 2C")  # arranged by hand
    scene.relayout()
    scene.focus = 4  # on Q♦
    start = scene.layout.discard.center
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    post(pygame.MOUSEMOTION, pos=(start[0] + 60, start[1] + 60), rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    assert list(table_draw._discard_shown(scene.frame())) == parse_cards("3D")  # type: ignore[attr-defined]
    post(pygame.MOUSEBUTTONUP, button=1, pos=start)  # back on the pile: nothing played
    app.step()
    assert list(table_draw._discard_shown(scene.frame())) == parse_cards("3D 5H")  # type: ignore[attr-defined]
    _drop_between(app, scene, start, scene.layout.discard.centerx, 1)  # 5♥ between 7♥ and 8♥
    assert scene.order == parse_cards("7H 5H 8H KS 9H QD 2C")
    assert scene.order[scene.focus] == parse_cards("QD")[0]


def test_a_card_drawn_by_key_into_a_sorted_hand_finds_its_sorted_place(app: App) -> None:
    """The drawn 10♥ goes between 9♥ and K♠, before the keyboard's cursor on Q♦: the cursor
    stays on Q♦ (a newcomer drew with P and found the cursor moved onto K♠)."""
    scene = table(app, rummy(["KS", "7H", "QD", "9H", "8H", "2C"]))
    press(app, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT)
    assert scene.order[scene.focus] == parse_cards("QD")[0]
    press(app, pygame.K_p)
    assert scene.order == parse_cards("7H 8H 9H 10H KS QD 2C")
    assert scene.order[scene.focus] == parse_cards("QD")[0]


def test_yami_hands_are_not_grouped() -> None:
    game = Game.new("yami", 3, seed=1)
    assert hand_melds(game.hand(0), game.variant) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_new_notice_words_exist_in_both_languages(lang: str) -> None:
    i18n.set_language(lang)
    try:
        assert "{" not in i18n.tr("table.not_your_turn", name="Ann")
    finally:
        i18n.set_language("en")


# --- a joker on the table -------------------------------------------------------------------------


def test_a_joker_in_a_run_shows_the_card_it_stands_for(app: App) -> None:
    """Seed 003 (Rami 51): a joker "remplace n'importe quelle carte" — in 7♥ JK 9♥ it is the 8♥,
    and the table says so on the joker."""
    from rummy_helpers import position as rummy_position
    from screen_texts import drawn_texts

    from ramigui.ui.card_marks import BADGE_FILL

    game = rummy_position("rami51", ["2C 5D 9S KS", "3C 4D"], "10H 4C 6C", "5H", melds=[(1, "7H JK 9H"),
                                                                                        (1, "QS QH JK")])
    scene = table(app, game)
    assert scene.layout is not None
    with drawn_texts() as drawn:
        app.draw()
    run, queens = scene.layout.melds[0], scene.layout.melds[1]
    joker = run.cards[1]
    shown = joker.clip(pygame.Rect(joker.left, joker.top, run.cards[2].left - joker.left, joker.height))
    badge = [d for d in drawn if shown.contains(d.rect)]
    assert [d.text for d in badge] == ["8"]  # the rank; its suit is drawn as a shape under it
    pixels = {tuple(app.screen.get_at((x, y)))[:3] for x in range(shown.left, shown.right)
              for y in range(shown.centery, shown.bottom)}
    assert BADGE_FILL in pixels
    set_joker = queens.cards[2]  # the last card of its meld: fully shown
    assert [d.text for d in drawn if set_joker.contains(d.rect)] == ["Q"]  # any suit the set lacks: ♦ ♣


def _select(app: App, scene: TableScene, cards: str) -> None:
    from ui_helpers import click

    for card in parse_cards(cards):
        click(app, hand_point(scene, card))


@pytest.mark.parametrize(("lang", "fresh", "enter"), [
    ("en", "New card: 10♥ (green tab). Meld, lay off, then discard a card", "Enter: play it"),
    ("fr", "Nouvelle carte\u00a0: 10♥ (onglet vert). Posez, complétez, puis défaussez une carte",
     "Entrée\u00a0: le jouer"),
])
def test_the_table_says_what_its_marks_and_keys_do(app: App, lang: str, fresh: str, enter: str) -> None:
    """A newcomer's three questions, answered where they look. The green tab over the card
    just drawn is named in the prompt; the hint says that Enter plays it (while no card is
    selected: Enter plays a selection then); and the Meld button, greyed while nothing is
    selected, lights up for a hinted meld and lays it, as Enter would (not once a card is
    selected: a selection plays as the player chose it)."""
    from screen_texts import drawn_texts
    from ui_helpers import button_point, click

    from ramigui.settings import Settings as Stored

    game = Game.from_position("rami", hands=[["7H", "8H", "9H", "KS", "2C"], ["2D", "5D", "9S", "QC", "4S"]],
                              stock=["10H", "4C", "6C", "3D"], discard=["5H"], to_play=0)
    i18n.set_language(lang)
    try:
        stored = Stored(language=lang, animation_speed="instant", bot_speed="instant")
        scene = SessionTable(GameSession(game, (Seat("Ann"), Seat("Bot", "easy")), None),
                             Context(None, stored, Sounds(False)))
        app.push(scene)
        settle(app, 5)
        press(app, pygame.K_p)
        meld = next(b for b in scene.buttons if b.action == "meld")
        with drawn_texts() as drawn:
            app.draw()
        texts = [d.text for d in drawn]
        assert fresh in texts and enter not in texts and not meld.enabled
        press(app, pygame.K_h)
        assert scene.hint is not None and str(scene.hint.move) == "meld 7H 8H 9H 10H"
        with drawn_texts() as drawn:
            app.draw()
        assert enter in [d.text for d in drawn] and meld.enabled
        scene.focus = scene.order.index(parse_cards("KS")[0])
        press(app, pygame.K_SPACE)  # a card selected: Enter would discard it, not play the hint
        with drawn_texts() as drawn:
            app.draw()
        assert enter not in [d.text for d in drawn] and not meld.enabled  # the selection is the player's
        press(app, pygame.K_SPACE)
        click(app, button_point(scene, "meld"))
        assert [str(m) for seat, m in scene.game.log] == ["draw", "meld 7H 8H 9H 10H"]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("taken, meld, kept", [("5H", "7H 8H 9H", True), ("6H", "6H 7H 8H 9H", False)])
def test_the_card_taken_stays_marked_until_it_is_played(app: App, taken: str, meld: str, kept: bool) -> None:
    """The tab stays on the card taken through a meld of other cards (it once vanished at the
    first meld), and leaves it once that card is melded."""
    game = Game.from_position("rami_base", hands=[["7H", "8H", "9H", "KS", "2C", "3D"], ["2S", "5D", "9S"]],
                              stock=["10C", "4C"], discard=[taken], to_play=0)
    scene = table(app, game)
    assert scene.layout is not None
    drag(app, scene.layout.discard.center, scene.layout.hand_area.center)
    card = parse_cards(taken)[0]
    assert scene.fresh == card
    _select(app, scene, meld if kept else "6H 7H 8H 9H")
    press(app, pygame.K_m)
    assert len(scene.game.hand(0)) == 7 - len(meld.split())  # the meld was laid
    if kept:
        assert scene.fresh == card and scene.order[scene.fresh_index() or 0] == card
        app.draw()
        part = scene.frame().visible_part(scene.fresh_index() or 0)
        assert table_draw.FRESH in [tuple(app.screen.get_at((x, part.top - 2)))[:3]
                                    for x in range(part.left, part.right)]
    else:
        assert scene.fresh is None and scene.fresh_index() is None


@pytest.mark.parametrize("size", [(1088, 680), (1024, 600)])
def test_a_big_hands_melds_stand_apart_with_felt_between(size: tuple[int, int]) -> None:
    """15 cards (three melds and the rest) in a 1088×680 window must not touch, with no felt
    between the groups: each group ends whole before the next starts, and every card still
    shows its index (a quarter of its width at least)."""
    from rummy_helpers import position

    game = position("rami51", ["6S 6D 6C KS KD KC 7D 8D 9D AS 5S 3H 5H 10H 10C", "2C 3C 4C 5C 6C 7C 8C 9C",
                               "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2H"], "4S 5S", "AC")
    with open_app(size, card_size="large") as app:
        scene = table(app, game)
        assert scene.layout is not None
        rects = scene.layout.hand
        starts = group_starts(scene.order, scene.hand_melds(scene.order))
        assert starts == [3, 6, 9]
        for start in starts:
            assert rects[start - 1].right < rects[start].left  # felt between two groups
        steps = [b.left - a.left for a, b in zip(rects, rects[1:], strict=False)]
        assert min(steps) >= rects[0].width * 0.28
        row = scene.layout.hand_row
        assert rects[0].left >= row.left - 1 and rects[-1].right <= row.right + 1  # rounding


# --- an old refusal, the hint under the focus --------------------------------------------------


def test_a_move_clears_an_old_refusal_and_a_hint_always_shows_its_words(app: App) -> None:
    """A discard before drawing is refused ("draw first"); the draw that follows clears that
    refusal at once (rather than telling the player for 3 s to draw when they just had), and a
    hint asked for while a refusal shows gets its words shown, not only its ring."""
    from screen_texts import drawn_texts

    scene = session_table(app)
    assert scene.is_human_turn()
    count = len(scene.game.hand(0))
    press(app, pygame.K_d)
    assert scene.message_kind == "refusal" and scene.message
    press(app, pygame.K_p)
    assert len(scene.game.hand(0)) == count + 1
    assert not scene.message
    scene.refuse("not now")  # refused again…
    scene.show_hint()  # …and the hint asked for now shows its words
    assert scene.hint is not None
    with drawn_texts() as drawn:
        app.draw()
    said = " ".join(d.text for d in drawn)
    assert scene.hint.text.split()[0] in said and i18n.tr("hint.says", text="").strip() in said


def test_the_hint_ring_shows_when_the_focus_is_on_the_same_card(app: App) -> None:
    """P puts the focus on the card drawn, often the very card the hint says to discard; the
    solid focus ring must not cover the dashed hint ring."""
    scene = session_table(app)
    press(app, pygame.K_p)
    scene.show_hint()
    assert scene.hint is not None and scene.hinted()
    scene.focus = min(scene.hinted())
    app.draw()
    part = scene.frame().visible_part(scene.focus)
    seen = [tuple(app.screen.get_at((x, y)))[:3] for x in range(part.left + 8, part.right - 8)
            for y in range(part.top, part.top + 12)]
    assert table_draw.FOCUS in seen  # type: ignore[attr-defined]
    assert seen.count(table_draw.HINTED) >= (part.width - 16) // 3  # type: ignore[attr-defined]  # its dashes, not a corner


# --- a Meld button -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, label", [("en", "Meld"), ("fr", "Poser")])
def test_a_meld_button_lights_up_when_the_selection_is_a_meld(app: App, lang: str, label: str) -> None:
    """Clicking the felt to meld is a thing a newcomer has to guess; a Meld button (Poser) is
    live while the selected cards make a meld the rules accept, and a click on it lays them
    down."""
    from screen_texts import drawn_texts
    from ui_helpers import button_point, click

    i18n.set_language(lang)
    try:
        scene = table(app, rummy(["7H", "8H", "9H", "KS", "2C"]))
        assert scene.layout is not None
        drag(app, scene.layout.stock.center, scene.layout.hand_area.center)
        meld = next(b for b in scene.buttons if b.action == "meld")
        with drawn_texts() as drawn:
            app.draw()
        assert label in [d.text for d in drawn] and not meld.enabled
        _select(app, scene, "7H 8H")
        app.draw()
        assert not meld.enabled  # two cards are no meld
        _select(app, scene, "9H")
        app.draw()
        assert meld.enabled
        click(app, button_point(scene, "meld"))
        assert [m.cards for m in scene.view.public.melds] == [tuple(parse_cards("7H 8H 9H"))]
        assert len(scene.game.hand(0)) == 3
    finally:
        i18n.set_language("en")


def test_red_suits_on_the_refusal_panel_are_drawn_white(app: App) -> None:
    """A red ♦ in "après avoir défaussé R♦" is almost invisible on the dark-red refusal
    panel: the suits there are drawn in the words' white."""
    from ramigui.ui.cardart import suit_colour

    scene = table(app, gin("QD QS JD", "AH 2H 3H 4S 5S 6S 9C 9D 7H KD"))
    press(app, pygame.K_p, pygame.K_k)
    assert scene.message_kind == "refusal" and "♦" in scene.message and "♦, your" in scene.message
    from screen_texts import drawn_texts

    with drawn_texts() as drawn:
        app.draw()
    words = [d.rect for d in drawn if "♦" in d.text]
    assert words
    seen = {tuple(app.screen.get_at((x, y)))[:3] for rect in words for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)}
    assert suit_colour("D")[0] > 150
    assert not [c for c in seen if c[0] > 200 and c[0] - c[1] > 100]  # no red nor pink ♦: white on the red panel


def test_a_log_line_never_leaves_one_card_alone_on_its_last_line(app: App) -> None:
    """Never "Robot 1 a posé 9♠ 9♥ / 9♣": the meld goes down whole; and a run wider than the
    panel is cut between its cards with at least two on its last line."""
    from ramigui.ui.widgets import text_width, wrap_lines

    width = text_width("Robot 1 a posé 9♠ 9♥", 18) + 2
    assert wrap_lines("Robot 1 a posé 9♠ 9♥ 9♣", 18, width) == ["Robot 1 a posé", "9♠ 9♥ 9♣"]
    width = text_width("5♥ 6♥ 7♥ 8♥", 18) + 2
    lines = wrap_lines("Robot 1 a posé 5♥ 6♥ 7♥ 8♥ 9♥", 18, width)
    assert lines[-2:] == ["5♥ 6♥ 7♥", "8♥ 9♥"] and all(text_width(line, 18) <= width for line in lines)
    assert wrap_lines("Bob drew from the stock", 18, text_width("Bob drew from the", 18) + 2) == [
        "Bob drew from the", "stock"]
    width = text_width("Vous avez posé Joker", 18) + 2  # a joker is a card of the meld too
    assert wrap_lines("Vous avez posé Joker V♥ D♥", 18, width) == ["Vous avez posé", "Joker V♥ D♥"]


def test_meld_owner_labels_at_640_are_never_a_bare_ellipsis(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    """At 640×400 an owner label over a meld must not be a bare "…": a label runs up to the
    next meld's badge, and is left out (the badge's colour says
    whose meld it is) rather than drawn as "…" alone."""
    from screen_texts import drawn_texts

    from ramigui.ui import shots

    monkeypatch.setattr(shots.pygame.image, "save", lambda *args: None)
    names = "Marie-Charlotte Lefebvre,Wolfeschlegelsteinhausen,Tonton Jean-Baptiste Roy,Anne-Sophie Bartholoméo"
    with drawn_texts() as drawn:
        assert shots.screenshot_main(["--variant", "rami51", "--players", "4", "--moves", "50", "--my-turn",
                                      "--size", "640x400", "--lang", "fr", "--names", names, "--keys", "p",
                                      f"{tmp_path}/small.png"]) == 0
    texts = [d.text for d in drawn]
    assert any(text.startswith(("Mari", "Wolf", "Tont", "Anne")) for text in texts)
    assert "…" not in texts


def test_a_meld_owner_label_cut_to_a_start_other_names_share_is_left_out(monkeypatch: pytest.MonkeyPatch,
                                                                         tmp_path: object) -> None:
    """At 640×400, "Rob…" over a meld could be Robot 1, 2 or 3: a name cut short is drawn
    only while its start is the owner's alone; the badge's colour says the rest. Long names
    cut short still show while they tell the seats apart."""
    from screen_texts import drawn_texts

    from ramigui.ui import shots

    monkeypatch.setattr(shots.pygame.image, "save", lambda *args: None)
    names = ["Joueur 1", "Robot 1", "Robot 2", "Robot 3"]
    with drawn_texts() as drawn:
        assert shots.screenshot_main(["--variant", "rami51", "--players", "4", "--seed", "38", "--moves", "44",
                                      "--my-turn", "--size", "640x400", "--lang", "fr", "--keys", "p",
                                      f"{tmp_path}/small.png"]) == 0
    tags = [d.text for d in drawn if any(name.startswith(d.text.removesuffix("…")) for name in names)]
    assert tags, "owner labels are drawn"
    assert all(len([n for n in names if n.startswith(tag.removesuffix("…"))]) == 1 for tag in tags), tags
    with drawn_texts() as drawn:
        assert shots.screenshot_main(["--variant", "rami51", "--players", "2", "--seed", "38", "--moves", "44",
                                      "--my-turn", "--size", "640x400", "--lang", "fr", "--keys", "p",
                                      "--names", "Mamie Josette Lefebvre,Wolfeschlegelsteinhausen",
                                      f"{tmp_path}/small.png"]) == 0
    assert any(d.text.endswith("…") and d.text.startswith(("Mamie", "Wolf")) for d in drawn)


def test_melds_keep_their_place_when_others_meld_or_lay_off() -> None:
    """Melds must not jump rows when one grows, nor a new meld 8 go between 2 and 3 (as when
    the melds were grouped by owner): each meld has its slot, in table order."""
    from ramigui.ui.layout import compute

    before = [(0, 3), (1, 3), (0, 4), (2, 3), (1, 5), (0, 3), (2, 3)]
    grown = [(0, 3), (1, 4), (0, 4), (2, 3), (1, 5), (0, 3), (2, 3)]  # a card laid off on meld 2
    more = [*grown, (0, 3)]  # seat 0 lays down meld 8
    for size in ((1024, 600), (1280, 800)):
        places = [[spot.tag.topleft for spot in compute(size, [1, 2], 7, owners).melds]
                  for owners in (before, grown, more)]
        assert places[0] == places[1] == places[2][:-1], size
        numbers = [spot.number for spot in compute(size, [1, 2], 7, more).melds]
        assert numbers == list(range(1, 9))  # drawn in table order: the new meld comes last
        last, previous = places[2][-1], places[2][-2]
        assert (last[1], last[0]) > (previous[1], previous[0])  # after meld 7, reading order


@pytest.mark.parametrize("width", [18, 22, 26, 34, 60])
def test_the_jokers_label_stays_inside_its_card(app: App, width: int) -> None:
    """At 640×400 (meld cards about 22 px wide) the suit under the joker's stands-for label
    must not hang below the joker's bottom edge: what the label draws stays on the joker at
    every size."""
    from ramigui.cards import parse_cards
    from ramigui.ui.card_marks import joker_badge
    from ramigui.ui.cardart import card_height

    surface = pygame.Surface((200, 200))
    for stands, rank, suits in ((parse_cards("8H")[0], 0, ()), (None, 12, ("D", "C"))):
        surface.fill((1, 2, 3))
        card = pygame.Rect(50, 50, width, card_height(width))
        joker_badge(surface, card, width, stands, rank, suits)
        outside = [(x, y) for x in range(200) for y in range(200)
                   if not card.collidepoint(x, y) and tuple(surface.get_at((x, y)))[:3] != (1, 2, 3)]
        assert not outside, outside[:5]


def _hover_pile_over_hand(app: App, scene: TableScene) -> str:
    """Press on the pile's top card and carry it over the hand, not letting go: the status
    line's words then (the drag is ended after)."""
    assert scene.layout is not None
    start = scene.layout.discard.center
    over = scene.hand_rect(1).center
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    post(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] + 30), rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    assert scene.drag is not None and scene.message_kind != "refusal"  # lifted, nothing said yet
    post(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    said = scene.message if scene.message_kind == "refusal" else ""
    assert scene.drag is not None  # still held
    post(pygame.MOUSEBUTTONUP, button=1, pos=start)
    settle(app, 5)
    return said


def test_a_pile_card_held_over_the_hand_says_at_once_why_it_may_not_be_taken(app: App) -> None:
    """Seed 000 (Rami familial): the discard may be taken only "à condition d'avoir déjà
    posé une combinaison". A newcomer dragged it over their hand before opening and learned
    nothing until they let go: the reason is now said as the card arrives over the hand.
    Where the take is allowed (Rami de base) nothing is said."""
    closed = Game.from_position("rami", hands=[["7H", "8H", "KS", "9C", "QD", "2C", "4S"], ["2S", "5D", "9S"]],
                                stock=["10C", "4C"], discard=["3D", "5H"], to_play=0)
    scene = table(app, closed)
    said = _hover_pile_over_hand(app, scene)
    expected = scene.why_not("take")
    assert expected is not None and expected in said
    assert scene.game.hand(0) == closed.hand(0) and list(scene.view.public.discard)[-1] == parse_cards("5H")[0]
    app.pop()
    scene = table(app, rummy())
    assert _hover_pile_over_hand(app, scene) == ""


def test_a_hand_card_held_over_the_pile_before_drawing_says_why(app: App) -> None:
    """A turn begins with a draw (seed 003: "le joueur pioche … puis se défausse"): a card
    carried from the hand over the pile says so before it is let go, and a card carried
    over the melds' free table on its way says nothing."""
    scene = table(app, rummy())
    assert scene.layout is not None
    start = hand_point(scene, parse_cards("KS")[0])
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    post(pygame.MOUSEMOTION, pos=scene.layout.melds_area.center, rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    assert scene.drag is not None and scene.message_kind != "refusal"
    post(pygame.MOUSEMOTION, pos=scene.layout.discard.center, rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    reason = scene.why_not("discard KS")
    assert reason is not None and scene.message_kind == "refusal" and reason in scene.message
    post(pygame.MOUSEBUTTONUP, button=1, pos=start)
    settle(app, 5)


def test_sorting_leaves_the_cursor_and_the_selection_on_their_cards(app: App) -> None:
    """S or R sorts the hand anew; the keyboard's cursor stays on the card it was on, and a
    selected card stays selected (a newcomer pressed S with the cursor on 6♥ and found it
    on A♦, the card that took 6♥'s place)."""
    scene = table(app, rummy(["KS", "7H", "QD", "9H", "8H", "2C"]))
    queen, king = parse_cards("QD KS")
    press(app, pygame.K_r)
    by_rank = list(scene.order)
    scene.focus = scene.order.index(queen)
    press(app, pygame.K_SPACE)  # select Q♦ (the cursor's card)
    scene.focus = scene.order.index(king)
    press(app, pygame.K_s)
    assert scene.order != by_rank and scene.order.index(king) != by_rank.index(king)
    assert scene.order[scene.focus] == king
    assert [scene.order[i] for i in scene.selected] == [queen]
    press(app, pygame.K_r)
    assert scene.order[scene.focus] == king
    assert [scene.order[i] for i in scene.selected] == [queen]


def test_every_meld_says_whose_it_is(app: App) -> None:
    """Two melds of the bot's side by side: only the first was named, and a newcomer read the
    second as nobody's. Each meld's badge has its owner's name beside it where it fits."""
    from screen_texts import drawn_texts

    game = Game.from_position("rami_base", hands=[["7H", "8H", "9H", "KS"], ["2C", "5D", "9S"]],
                              stock=["10H", "4C"], discard=["5H"], to_play=0,
                              melds=[(1, "AS AH AD"), (1, "2S 3S 4S"), (0, "5C 6C 7C"), (1, "QD QH QC")])
    scene = table(app, game)
    with drawn_texts() as drawn:
        app.draw()
    named = [d.text for d in drawn if d.text in (scene.name(0), scene.name(1)) and d.size < scene.layout.text]
    assert named == [scene.name(1), scene.name(1), scene.name(0), scene.name(1)], named
