"""Yami at the table (seed 002): exchange by dragging, Expose, the box chooser on the sheet."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import button_point, click, drag, hand_point, open_app, press, settle, table

from ramigui import i18n
from ramigui.cards import parse_cards
from ramigui.rules import Game
from ramigui.ui.app import App
from ramigui.ui.table_yami import YamiTable

#   seat 0 (human): 7♥ 7♠ 7♦ R♣ 9♥       seat 1 (bot): 8♣ 9♠ 10♦ D♥ A♠
#   stock (top first): 7♣ R♦ …           discard: 8♦
HUMAN = "7H 7S 7D KC 9H"
BOT = "8C 9S 10D QH AS"


def carre_position() -> Game:
    #   seat 0 holds the carré of 7 — "Le carré (20 points)" in the 7 série box, 25 as a combinaison
    return Game.from_position("yami", hands=["7H 7S 7D 7C KC", BOT], stock="KD 8H JS", discard="8D", to_play=0)


def yami_family(scene: object) -> YamiTable:
    family = scene.family  # type: ignore[attr-defined]
    assert isinstance(family, YamiTable)
    return family


def test_human_wins_a_deal_by_dragging_then_exposing(app: App) -> None:
    """Drag the stock's 7♣ into the hand and 9♥ onto the discard (a carré of 7); next turn
    expose and score the 7 box: the exposer wins the deal with 20 points."""
    game = Game.from_position("yami", hands=[HUMAN, BOT], stock="7C KD 8H JS 10C", discard="8D", to_play=0)
    scene = table(app, game)
    assert scene.layout is not None
    drag(app, scene.layout.stock.center, scene.layout.hand_area.center)
    assert scene.game.log[-1][1].kind == "draw"
    drag(app, hand_point(scene, parse_cards("9H")[0]), scene.layout.discard.center)
    assert str(scene.game.log[-1][1]) == "discard 9H"
    settle(app, 30)  # the bot exchanges
    assert scene.game.to_play == 0 and scene.view.public.phase == "exchange"
    click(app, button_point(scene, "expose"))
    assert scene.view.public.phase == "expose"
    family = yami_family(scene)
    boxes = {box: points for box, _, points in family.choices(scene.frame())}
    assert boxes["7"] == 20 and boxes["carre"] == 25
    grid = family.grid(scene.frame())
    assert grid is not None
    click(app, grid.cells[(0, "7")].center)
    settle(app, 30)  # the bot replies
    result = scene.game.last_result
    assert result is not None and result.winner == 0 and result.points[0] == 20
    assert scene.game.view(0).public.sheets[0]["7"] == 20


def test_a_plate_says_the_sheet_total_as_soon_as_a_box_is_filled(app: App) -> None:
    """The exposer scored the 7 box (20) and the others still had to reply: the plates said
    "Score 0", the sheet 20, until the next deal. A Yami plate says the sheet's running total."""
    from ramigui.ui.table_draw import seat_facts

    scene = table(app, carre_position())
    press(app, pygame.K_e)  # expose
    seven = next(move for box, move, _ in yami_family(scene).choices(scene.frame()) if box == "7")
    assert scene.play(seven)  # the bot has not replied yet: no frame has run
    view = scene.game.view(1)
    assert view.public.phase == "reply" and view.public.sheet_totals[0] == 20 and view.scores[0] == 0
    assert "Score 20" in seat_facts(scene.frame(), 0)[0]
    from ramigui.phone.viewjson import view_json

    assert view_json(view, ["Ana", "Bob"])["running_scores"][0] == 20, "a phone's seat list says it too"


def test_box_chooser_by_keyboard_scores_the_chosen_box(app: App) -> None:
    scene = table(app, carre_position())
    press(app, pygame.K_e)  # Expose
    family = yami_family(scene)
    options = [box for box, _, _ in family.choices(scene.frame())]
    assert options[0] == "7" and "carre" in options
    assert options[family.box_focus] == "carre", "the cursor starts on the box worth the most (25)"
    press(app, *[pygame.K_LEFT] * (options.index("carre") - options.index("brelan")), pygame.K_RETURN)
    assert scene.game.view(0).public.sheets[0] == {"brelan": 15}


def test_expose_button_only_when_the_rules_allow(app: App) -> None:
    game = Game.from_position("yami", hands=["7H 8S 9D JC KC", BOT], stock="KD 8H JS", discard="8D", to_play=0)
    scene = table(app, game)
    expose = next(b for b in scene.buttons if b.action == "expose")
    assert not expose.enabled  # nothing to expose: no paire, no brelan
    assert not any(b.action in ("carte", "knock") for b in scene.buttons)
    scene2 = table(app, carre_position())
    assert next(b for b in scene2.buttons if b.action == "expose").enabled


def test_prompts_are_yami_words_not_rummy_ones(app: App) -> None:
    scene = table(app, carre_position())
    family = yami_family(scene)
    assert family.prompt(scene.frame()) == i18n.tr("table.yami.exchange_expose")
    assert "meld" not in family.prompt(scene.frame()).lower()
    press(app, pygame.K_p)  # draw: six cards
    assert family.prompt(scene.frame()) == i18n.tr("table.yami.discard")


def test_reply_with_nothing_to_score_offers_crossing_out(app: App) -> None:
    """Seat 1 exposes; seat 0 (human) holds no card of a free série box and no combinaison:
    "barrer une case" — every free box is offered, crossed out on a click."""
    sheets = [{"7": 5, "8": 5, "9": 5, "10": 5, "J": 5, "Q": 5, "K": 5, "A": 5}, None]
    game = Game.from_position("yami", hands=["7H 8S 9D JC KC", "AH AS AD QC QD"], stock="KD 8H JS",
                              discard="8D", to_play=1, sheets=sheets)
    game.play("expose")
    game.play("score brelan")
    scene = table(app, game)
    family = yami_family(scene)
    options = family.choices(scene.frame())
    assert options and all(points is None and move.kind == "cross" for _, move, points in options)
    assert family.prompt(scene.frame()) == i18n.tr("table.yami.cross", name=scene.config.names[1])
    grid = family.grid(scene.frame())
    assert grid is not None
    from screen_texts import drawn_texts

    with drawn_texts() as drawn:
        app.draw()
    offered = [d.text for d in drawn if any(d.rect.colliderect(grid.cells[(0, box)]) for box, _, _ in options)]
    assert offered and set(offered) == {"✗?"}, "an offer to cross out does not read as a box crossed out"
    click(app, grid.cells[(0, "quinte_floche")].center)
    assert scene.game.view(0).public.sheets[0]["quinte_floche"] is None


def test_last_moves_say_the_box_and_its_points_in_both_languages(app: App) -> None:
    scene = table(app, carre_position())
    family = yami_family(scene)
    press(app, pygame.K_e)
    grid = family.grid(scene.frame())
    assert grid is not None
    click(app, grid.cells[(0, "carre")].center)
    assert "You scored 25 in the 4 of a kind box" in scene.log
    mine = next(entry for entry in scene.game.public_record(0) if entry.seat == 0 and entry.move.kind == "score")
    i18n.set_language("fr")
    try:
        assert scene.describe(mine) == "Vous avez marqué 25 dans la case Carré"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, code, full", [("en", "2P", "Two pairs"), ("fr", "2P", "Double paire")])
def test_the_grid_headers_at_640_are_readable_codes_with_their_names_on_hover(lang: str, code: str,
                                                                             full: str) -> None:
    """At 640×400 the headers were cut ("Seri", "Flus") at about 8 px;
    they are codes at 12 px or more, whole in their cells, and the pointer over one shows
    its full name."""
    from screen_texts import drawn_texts

    from ramigui.ui.table_yami import box_label

    try:
        with open_app((640, 400)) as small:
            i18n.set_language(lang)  # open_app starts in English
            scene = table(small, Game.new("yami", 4, seed=3), humans=[True, False, False, False])
            family = yami_family(scene)
            grid = family.grid(scene.frame())
            assert grid is not None
            with drawn_texts() as drawn:
                small.draw()
            inside = [d for d in drawn for rect in grid.headers.values() if rect.colliderect(d.rect)]
            assert inside and min(d.size for d in inside) >= 12
            assert all(any(rect.contains(d.rect) for rect in grid.headers.values()) for d in inside)
            assert code in [d.text for d in inside] and box_label("double_paire") == full
            header = grid.headers["double_paire"]
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=header.center, rel=(0, 0), buttons=(0, 0, 0)))
            small.step()
            with drawn_texts() as drawn:
                small.draw()
            assert full in [d.text for d in drawn]
    finally:
        i18n.set_language("en")


def test_a_tap_on_a_coded_header_names_it_in_full_until_tapped_again() -> None:
    """A finger cannot hover: at 640×400 a tap on "2P" names the box ("Two pairs") and a
    second tap puts the name away; nothing is played by either tap."""
    from screen_texts import drawn_texts

    with open_app((640, 400)) as small:
        scene = table(small, Game.new("yami", 4, seed=3), humans=[True, False, False, False])
        settle(small, 30)
        family = yami_family(scene)
        grid = family.grid(scene.frame())
        assert grid is not None and scene.is_human_turn()
        moves = len(scene.game.log)
        header = grid.headers["double_paire"]
        click(small, header.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
        small.step()
        with drawn_texts() as drawn:
            small.draw()
        assert "Two pairs" in [d.text for d in drawn] and len(scene.game.log) == moves
        click(small, header.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
        small.step()
        with drawn_texts() as drawn:
            small.draw()
        assert "Two pairs" not in [d.text for d in drawn] and family.pinned is None


def test_a_hint_puts_the_box_cursor_on_its_box_and_its_key_cap_tells_the_truth(app: App) -> None:
    """Enter fills the box under the box cursor; a hint moves the cursor to the box it
    names, so "Enter: play it" holds. Moved away by the arrows, the cursor leaves the cap
    out (Enter would fill another box); back on the hinted box, the cap returns."""
    from screen_texts import drawn_texts

    from ramigui.session import GameSession, Seat
    from ramigui.settings import Settings as Stored
    from ramigui.ui.game_screen import SessionTable
    from ramigui.ui.screen import Context
    from ramigui.ui.sound import Sounds

    stored = Stored(language="en", animation_speed="instant", bot_speed="instant")
    scene = SessionTable(GameSession(carre_position(), (Seat("Ann"), Seat("Bot", "easy")), None),
                         Context(None, stored, Sounds(False)))
    app.push(scene)
    settle(app, 5)
    press(app, pygame.K_e)  # Expose: a box to choose, the cursor taken to the first (the 7 box)
    family = yami_family(scene)
    moves = [move for _, move, _ in family.choices(scene.frame())]
    press(app, *[pygame.K_LEFT] * family.box_focus)
    assert family.box_focus == 0
    press(app, pygame.K_h)
    assert scene.hint is not None and scene.hint.move in moves and scene.hint.move != moves[0]
    hinted = moves.index(scene.hint.move)
    assert family.box_focus == hinted

    def cap_shown() -> bool:
        with drawn_texts() as drawn:
            app.draw()
        return "Enter: play it" in [d.text for d in drawn]

    assert cap_shown()
    press(app, pygame.K_RIGHT)
    assert not cap_shown()
    press(app, pygame.K_LEFT)
    assert cap_shown()
    press(app, pygame.K_RETURN)
    assert [move for seat, move in scene.game.log if seat == 0][-1] == moves[hinted]



def test_the_rank_headers_are_as_large_as_their_row_allows() -> None:
    """At 1920×1080 the headers 7 … A were drawn at the size "Straight flush" needs in two
    lines, 13 px: too small from a sofa. The ranks now have their own size."""
    from screen_texts import drawn_texts

    with open_app((1920, 1080)) as big:
        scene = table(big, carre_position())
        grid = yami_family(scene).grid(scene.frame())
        assert grid is not None
        with drawn_texts() as drawn:
            big.draw()
        seven = next(d for d in drawn if d.text == "7" and d.rect.colliderect(grid.headers["7"]))
        flush = [d for d in drawn if d.rect.colliderect(grid.headers["quinte_floche"])]
        assert flush and seven.size > max(d.size for d in flush)
        assert seven.size >= 20


def test_the_sort_buttons_say_what_they_do_in_a_game_without_melds(app: App) -> None:
    """"Melds, then suits" left a Yami hand's four 9s apart (there are no melds in Yami):
    the buttons read "By suit" and "By rank", as the settings do; S sorts by suit."""
    scene = table(app, carre_position())
    labels = {b.action: b.label() for b in scene.buttons}
    assert labels["sort_suit"] == "By suit" and labels["sort_rank"] == "By rank"
    scene.hand.arrange(parse_cards("7H KC 7S 7D 7C"))  # arranged by hand, the 7s apart
    press(app, pygame.K_r)
    sevens = [i for i, card in enumerate(scene.order) if card.rank == 7]
    assert sevens == list(range(sevens[0], sevens[0] + 4))  # by rank: the four 7s side by side


def test_a_click_on_a_box_that_cannot_be_marked_says_why(app: App) -> None:
    """A newcomer clicked a box of their own that could not be marked, and nothing
    happened. Before anyone exposes, the table says boxes come with an exposure; while
    choosing, a box the hand cannot score says so (seed 002: « chaque joueur … inscrit »
    in a box once a hand is exposed)."""
    scene = table(app, carre_position())
    family = yami_family(scene)
    grid = family.grid(scene.frame())
    assert grid is not None
    click(app, grid.cells[(0, "8")].center)
    assert scene.message_kind == "refusal" and i18n.tr("table.yami.box_not_now") in scene.message
    press(app, pygame.K_e)  # expose: the 7 box and the carré may be marked, not the 8 box
    grid = family.grid(scene.frame())
    assert grid is not None
    moves = len(scene.game.log)
    click(app, grid.cells[(0, "8")].center)
    assert len(scene.game.log) == moves
    assert scene.message_kind == "refusal" and i18n.tr("table.yami.box_not_this", box=i18n.box_text("8")) \
        in scene.message


def test_a_hand_that_fits_no_free_box_is_told_why_it_may_only_exchange(app: App) -> None:
    """Seed 002: the exposer « doit marquer un brelan ou un carré dans une case série libre, ou
    une combinaison dans une case combinaison libre ». A pair of 8 with the paire box filled
    fits nothing: late deals went on for a dozen exchanges with no word why. The table and
    the phone both say it."""
    from ramigui.phone import texts

    game = Game.from_position("yami", hands=["8S 8H 9D 10C KS", BOT], stock="KD 8C JS", discard="QD",
                              to_play=0, sheets=[{"paire": 5}, {}])
    assert "expose" not in {m.kind for m in game.legal_moves()}
    scene = table(app, game)
    expected = "Draw or take the discard: your hand fits none of your free boxes yet"
    assert yami_family(scene).prompt(scene.frame()) == expected
    assert texts.prompt(game.view(0), ["Ana", "Bob"], texts.yami_prompt) == expected
    brelan = Game.from_position("yami", hands=["8S 8H 8D 10C KS", BOT], stock="KD 8C JS", discard="QD",
                                to_play=0, sheets=[{"paire": 5}, {}])
    assert texts.prompt(brelan.view(0), ["Ana", "Bob"], texts.yami_prompt) == i18n.tr("table.yami.exchange_expose")
