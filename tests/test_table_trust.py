"""The shared table keeps every secret and every game, driven through the real
loop with posted events: the hand-off takes a deliberate act, the last moves never tell a
move taken back, a pause pauses, a key never plays another move than its prompt said, a
hint never touches the selection, Esc closes the panel it is pressed on, and a save that
fails is said at the table at once, once."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from screen_texts import drawn_texts
from ui_helpers import FrameClock, claim_handoff, click, frames, open_app, post, press, table

from ramigui import i18n, paths, storage
from ramigui.cards import parse_cards
from ramigui.rules import Game, Move
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.settings import Settings as StoredSettings
from ramigui.storage import Store
from ramigui.ui import widgets
from ramigui.ui.app import App
from ramigui.ui.game_screen import PauseMenu, SessionTable, start_table
from ramigui.ui.overlays import HANDOFF_GUARD, ROUND_END_GUARD, HandoffScene, RoundEndScene
from ramigui.ui.scoresheet import ScoreSheetScene
from ramigui.ui.screen import Context, MessageScene
from ramigui.ui.sound import Sounds

SIZE = (1024, 600)


@pytest.fixture
def app() -> Iterator[App]:
    with open_app(SIZE) as opened:
        opened.clock = FrameClock()
        yield opened


def two_people() -> Game:
    #   seat 0 (Papi): 6♠ 7♠ 8♠ 9♠ K♥ 2♣ 3♦      seat 1 (Léa): 4♣ 5♣ 6♣ Q♦ J♦ 10♥ 2♥
    #   stock: A♦ 5♥ …   discard: 4♥ — Rami familial, no opening minimum (seed 000)
    return Game.from_position("rami", hands=[["6S", "7S", "8S", "9S", "KH", "2C", "3D"],
                                             ["4C", "5C", "6C", "QD", "JD", "TH", "2H"]],
                              stock=["AD", "5H", "8D", "9D", "TC", "JC"], discard=["4H"], to_play=0)


def hot_seat(app: App, game: Game) -> SessionTable:
    ctx = Context(None, StoredSettings(), Sounds(False))
    scene = start_table(app, ctx, GameSession(game, (Seat("Papi"), Seat("Léa")), None))
    app.step()
    return scene


def click_at(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.MOUSEBUTTONDOWN, button=button, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=button, pos=pos)
    app.step()


# --- the hand-off ----------------------------------------------------------------------------


def test_a_second_enter_or_a_stray_click_never_reveals_the_next_hand(app: App) -> None:
    scene = hot_seat(app, two_people())
    claim_handoff(app)
    assert scene.viewer == 0
    press(app, pygame.K_p)  # Papi draws…
    scene.focus = scene.order.index(parse_cards("KH")[0])
    post(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")  # …discards K♥, and his fingers go on:
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=(512, 300))
    post(pygame.MOUSEBUTTONUP, button=1, pos=(512, 300))
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    for _ in range(4):
        app.step()
    handoff = app.top
    assert isinstance(handoff, HandoffScene) and handoff.seat == 1 and scene.viewer is None
    assert str(scene.game.log[-1][1]) == "discard KH"
    frames(app, HANDOFF_GUARD)  # long after: still no key or click but its own reveals
    for key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER, pygame.K_a):
        press(app, key)
    click_at(app, (5, 5))
    click_at(app, handoff.button.rect.center, button=3)
    post(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0, dy=0, finger_id=0, touch_id=0, pressure=1.0)
    post(pygame.FINGERUP, x=0.5, y=0.5, dx=0, dy=0, finger_id=0, touch_id=0, pressure=1.0)
    app.step()
    assert app.top is handoff and scene.viewer is None
    click_at(app, handoff.button.rect.center)  # Léa's deliberate act: the button
    app.step()
    assert scene.viewer == 1 and not isinstance(app.top, HandoffScene)


def test_the_handoff_ignores_even_its_own_button_at_first(app: App) -> None:
    scene = hot_seat(app, two_people())
    handoff = app.top
    assert isinstance(handoff, HandoffScene)
    click_at(app, handoff.button.rect.center)
    press(app, pygame.K_o)
    assert app.top is handoff and scene.viewer is None and not handoff.ready
    frames(app, HANDOFF_GUARD)
    press(app, pygame.K_o)  # the named key, once it listens
    assert scene.viewer == 0


# --- last moves: only what stands --------------------------------------------------------------


def test_a_meld_taken_back_is_never_told_to_the_next_player(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    text_surface = widgets.text_surface
    monkeypatch.setattr(
        widgets,
        "text_surface",
        lambda text, *a, **k: drawn.append(text) or text_surface(text, *a, **k),
    )
    scene = hot_seat(app, two_people())
    claim_handoff(app)
    press(app, pygame.K_p)
    scene.human_play("meld 6S 7S 8S 9S")
    app.step()
    assert any("6♠ 7♠ 8♠ 9♠" in line for line in scene.log)  # Papi sees his own open turn
    press(app, pygame.K_u)  # …and takes the meld back
    scene.focus = scene.order.index(parse_cards("KH")[0])
    press(app, pygame.K_d)
    assert isinstance(app.top, HandoffScene)
    drawn.clear()
    claim_handoff(app)
    app.step()
    app.draw()
    assert scene.viewer == 1
    told = " / ".join(scene.log)
    assert "6♠" not in told and "9♠" not in told and "took a move back" not in told
    assert scene.log[-2:] == ["Papi drew from the stock", "Papi discarded K♥"]
    assert not [text for text in drawn if "6♠" in text or "9♠" in text]


# --- a pause pauses ---------------------------------------------------------------------------


def bots_table(app: App) -> SessionTable:
    ctx = Context(None, StoredSettings(), Sounds(False))
    game = Game.new("rami51", 3, 12)
    seats = (Seat("Ana"), Seat("Robot 1", "easy"), Seat("Robot 2", "easy"))
    scene = start_table(app, ctx, GameSession(game, seats, None))
    app.settings = replace(app.settings, bot_speed="normal")  # bots pause 0.55 s between moves, as at home
    app.step()
    return scene


@pytest.mark.parametrize("overlay", ["pause", "scores", "rules"])
def test_nothing_moves_while_a_menu_is_open(app: App, overlay: str) -> None:
    scene = bots_table(app)
    while scene.game.to_play == 0:  # Ana's turn: let a bot's turn come
        scene.human_play(next(m for m in scene.game.legal_moves() if m.kind in ("draw", "discard")))
        app.step()
    scene.show("a note that lasts five seconds")
    opened = {"pause": pygame.K_ESCAPE, "scores": pygame.K_TAB, "rules": pygame.K_F1}[overlay]
    press(app, opened)
    assert app.top is not scene
    moves, now, note = len(scene.game.log), scene.now, scene.message
    frames(app, 12.0)  # long enough for every bot to play, the note to go, a flight to land
    assert len(scene.game.log) == moves and scene.now == now and scene.message == note
    assert not scene.busy()  # and the loop may sleep meanwhile
    press(app, pygame.K_ESCAPE if overlay != "scores" else pygame.K_TAB)
    assert app.top is scene
    frames(app, 3.0)
    assert len(scene.game.log) > moves  # back at the table, the bots play on


def test_the_pause_menu_stops_a_hint_from_running_out(app: App) -> None:
    scene = bots_table(app)
    while not scene.is_human_turn():
        app.step()
    press(app, pygame.K_h)
    assert scene.hint is not None
    click(app, next(b for b in scene.buttons if b.action == "menu").rect.center)  # Esc would put the hint away
    assert isinstance(app.top, PauseMenu)
    frames(app, 10.0)  # longer than a hint lasts
    press(app, pygame.K_ESCAPE)
    assert scene.hint is not None


# --- keys play what their prompt said ---------------------------------------------------------


def one_meld() -> Game:
    # seed 000 (Rami familial): "récupérer une carte d'une combinaison" instead of drawing, for
    # a player who has opened; one meld on the table, 4♥ 5♥ 6♥ 7♥ (either end may go).
    return Game.from_position("rami", hands=[["9C", "KH", "5S", "AS"], ["AD", "5D", "9S", "5C"]],
                              stock=["9H", "AH"], discard=["9D"], to_play=0, melds=[(1, ["4H", "5H", "6H", "7H"])],
                              opened=[0])


def test_x_with_one_meld_waits_for_the_enter_its_prompt_asks_for(app: App) -> None:
    scene = table(app, one_meld())
    press(app, pygame.K_x, pygame.K_1)
    assert len(scene.game.log) == 0, "the number alone plays nothing: the prompt asked for Enter"
    assert "Enter" in scene.message
    press(app, pygame.K_RETURN)  # the Enter the prompt asked for: the take, nothing else
    assert [m.kind for _, m in scene.game.log] in ([], ["take"])
    if not scene.game.log:  # two cards may go: the player is asked which
        press(app, pygame.K_1)
    assert [m.kind for _, m in scene.game.log] == ["take"] and scene.game.to_play == 0


def test_x_a_meld_and_enter_when_taking_is_not_allowed_say_why(app: App) -> None:
    # seed 000: only "un joueur qui a ouvert" may take a card from a meld; seat 0 has not
    game = Game.from_position("rami", hands=[["9C", "KH", "5S", "AS"], ["AD", "5D", "9S", "5C"]],
                              stock=["9H", "AH"], discard=["9D"], to_play=0, melds=[(1, ["4H", "5H", "6H", "7H"])])
    scene = table(app, game)
    press(app, pygame.K_x, pygame.K_1, pygame.K_RETURN)
    assert scene.game.log == []
    assert scene.message_kind == "refusal" and scene.message, "the reason stays on screen"
    assert scene.message == scene.message.strip() and "Enter" not in scene.message
    assert (scene.why_not(Move("take", tuple(parse_cards("4H")), 1)) or "-") in scene.message


def test_a_key_the_prompt_did_not_offer_cancels_and_plays_nothing(app: App) -> None:
    scene = table(app, one_meld())
    press(app, pygame.K_x)
    press(app, pygame.K_d)  # not a digit, not Enter: the number is dropped, nothing discarded
    assert scene.game.log == [] and scene.keys.meld_entry is None and not scene.message
    press(app, pygame.K_x, pygame.K_u)  # nor does a button's shortcut fire meanwhile
    assert scene.game.log == [] and scene.keys.meld_entry is None and not scene.message
    press(app, pygame.K_x, pygame.K_RETURN)  # Enter with no number: cancels, never discards
    assert scene.game.log == []


def test_enter_with_nothing_selected_never_discards_the_card_under_the_cursor(app: App) -> None:
    """An Enter meant for an overlay that has just closed must not discard A♠."""
    scene = table(app, one_meld())
    press(app, pygame.K_RETURN)  # the prompt's first move: draw from the stock
    assert [m.kind for _, m in scene.game.log] == ["draw"]
    for _ in range(3):  # Enters pressed at a closed overlay: a note, nothing played
        press(app, pygame.K_RETURN)
    assert [m.kind for _, m in scene.game.log] == ["draw"] and scene.game.to_play == 0
    assert "Space" in scene.message
    press(app, pygame.K_d)  # the key that names the move discards the focused card
    assert [m.kind for seat, m in scene.game.log if seat == 0] == ["draw", "discard"]


def test_enter_plays_the_move_a_hint_announced(app: App) -> None:
    """The hint says "pass", so Enter must not try to discard. Enter plays the
    hinted move; at the gin upcard without a hint it plays nothing (take or pass?)."""
    ctx = Context(None, StoredSettings(), Sounds(False))
    game = Game.new("gin", 2, seed=5)
    seats = tuple(Seat("Ana") if s == game.to_play else Seat("Bot", "easy") for s in range(2))
    scene = start_table(app, ctx, GameSession(game, seats, None))
    app.step()
    assert scene.is_human_turn() and scene.frame().phase == "offer"
    press(app, pygame.K_RETURN)
    assert scene.game.log == [] and "P" in scene.message
    press(app, pygame.K_h)
    assert scene.hint is not None
    hinted = scene.hint.move
    press(app, pygame.K_RETURN)
    assert scene.game.log[0][1] == hinted


def _gin_hint_asked(app: App) -> SessionTable:
    """A gin table where Ana (a person) is to play against an easy bot, her hint asked (H)."""
    ctx = Context(None, StoredSettings(), Sounds(False))
    game = Game.new("gin", 2, seed=5)
    seats = tuple(Seat("Ana") if s == game.to_play else Seat("Bot", "easy") for s in range(2))
    scene = start_table(app, ctx, GameSession(game, seats, None))
    app.step()
    press(app, pygame.K_h)
    return scene


def test_a_hint_waits_for_a_slow_reader_and_follows_the_language(app: App) -> None:
    """A player who reads the hint slowly, or looks for its cards, still finds it, and Enter
    still plays it; switched to French meanwhile, it says the same in French."""
    scene = _gin_hint_asked(app)
    assert scene.hint is not None
    hinted, words = scene.hint.move, scene.hint.text
    frames(app, 30.0)
    assert scene.hint is not None and scene.hint.move == hinted and scene._hint_key() == "Enter: play it"
    try:
        i18n.set_language("fr")
        app.step()
        assert scene.hint is not None and scene.hint.move == hinted
        assert scene.hint.text != words and scene._hint_key() == i18n.tr("hint.enter") != "Enter: play it"
    finally:
        i18n.set_language("en")
    press(app, pygame.K_RETURN)
    assert scene.game.log[0][1] == hinted
    assert scene.hint is None or scene.game.to_play != 0  # played: that hint is gone


def test_the_key_help_names_h_for_the_hint(app: App) -> None:
    """A newcomer looked for the hint's key in the side panel's key help and found none."""
    scene = _gin_hint_asked(app)
    assert "H hint" in scene.frame().keys
    with drawn_texts() as drawn:
        app.draw()
    assert any("H hint" in d.text for d in drawn)


def test_a_click_on_the_hints_key_cap_plays_it(app: App) -> None:
    """The hint's "Enter: play it" is drawn as a key cap, and a newcomer clicked it: a click
    there plays the hint as Enter does; a click beside it, on the hint's words, does not."""
    scene = _gin_hint_asked(app)
    assert scene.hint is not None and scene.layout is not None
    hinted = scene.hint.move
    cap = scene._hint_cap()
    assert cap is not None and scene.layout.status.contains(cap)
    click(app, (scene.layout.status.left + cap.width, scene.layout.status.centery))  # on the words
    assert not scene.game.log and scene.hint is not None
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=cap.center)
    app.step()
    assert not scene.game.log  # played on release, as a button: a question it raises outlives the click
    post(pygame.MOUSEBUTTONUP, button=1, pos=cap.center)
    app.step()
    assert scene.game.log and scene.game.log[0][1] == hinted


def test_the_prompt_offers_the_discard_only_when_it_may_be_taken(app: App) -> None:
    """Seed 000 (Rami familial): the discard is taken only once the
    player has put a meld down, so before it the prompt says "draw" alone."""
    game = Game.from_position("rami", hands=[["9C", "KH", "5S", "AS"], ["AD", "5D", "9S", "5C"]],
                              stock=["9H", "AH"], discard=["9D"], to_play=0)
    scene = table(app, game)
    assert not game.is_legal("take")
    assert scene.family.prompt(scene.frame()) == "Your turn: draw from the stock"
    opened = table(app, one_meld())  # seat 0 has opened: both are offered
    assert opened.game.is_legal("take")
    assert opened.family.prompt(opened.frame()) == "Your turn: draw from the stock, or take the discard for a new meld"


# --- a hint never touches the selection --------------------------------------------------------


def test_a_hint_rings_its_cards_but_leaves_the_selection_alone(app: App) -> None:
    scene = bots_table(app)
    while not scene.is_human_turn():
        app.step()
    press(app, pygame.K_p)  # drawn: the hint is now a move with cards (a discard, seed 12)
    press(app, pygame.K_SPACE)  # the player selected the focused card
    chosen = set(scene.selected)
    assert chosen
    press(app, pygame.K_h)
    assert scene.hint is not None and scene.hint.move.cards and scene.selected == chosen
    assert scene.hinted(), "the hint's cards are ringed instead"


# --- Esc does what it does everywhere ------------------------------------------------------------


def test_escape_closes_the_end_of_round_panel(app: App) -> None:
    game = Game.from_position("rami_base", hands=[["7H", "8H", "9H", "KS"], ["2C", "5D", "9S"]],
                              stock=["10H", "4C", "6C", "3D"], discard=["5H"], to_play=0)
    scene = table(app, game, humans=[True, False])
    for move in ("draw", "meld 7H 8H 9H 10H", "discard KS"):
        assert scene.play(move)
    frames(app, 0.2)
    assert isinstance(app.top, RoundEndScene) and scene.game.round_over
    round_no = scene.game.round_no
    press(app, pygame.K_RETURN)  # a key still coming from the turn's end: the result is seen first
    assert isinstance(app.top, RoundEndScene) and scene.game.round_no == round_no
    frames(app, ROUND_END_GUARD)
    press(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, RoundEndScene)
    assert scene.game.round_no == round_no + 1 or scene.game.game_over


def test_escape_in_a_name_field_leaves_the_field_not_the_new_game_screen(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from argparse import Namespace

    from ramigui.ui.controls import TextField
    from ramigui.ui.menu import open_menus
    from ramigui.ui.setup_screen import SetupScreen

    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    with open_app(SIZE) as opened:
        ctx = open_menus(opened, Namespace(lang="en"), Store.open())
        setup = SetupScreen(ctx)
        opened.push(setup)
        opened.step()
        field = next(c for c in setup.controls if isinstance(c, TextField))
        click_at(opened, field.rect.center)
        for _ in range(3):
            opened.step()
        assert isinstance(setup.focused_control(), TextField)
        post(pygame.TEXTINPUT, text="x")
        press(opened, pygame.K_ESCAPE)
        assert opened.top is setup and not isinstance(setup.focused_control(), TextField)
        assert any(isinstance(c, TextField) and c.text.endswith("x") for c in setup.controls)  # kept
        press(opened, pygame.K_ESCAPE)  # a second Esc leaves the screen, as everywhere
        assert opened.top is not setup


# --- a failing save is said at the table, once ---------------------------------------------------


def test_a_save_that_fails_is_said_at_the_table_at_once_and_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    store = Store.open()
    session = GameSession.new(GameSetup("gin", (Seat("Ana"), Seat("Robot", "easy"))), store, seed=4)

    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    for lang in ("en", "fr"):
        with open_app(SIZE) as opened:
            opened.clock = FrameClock()
            i18n.set_language(lang)
            scene = start_table(opened, Context(store, StoredSettings(), Sounds(False)), session)
            opened.step()
            monkeypatch.setattr(storage, "atomic_write_bytes", full_disk)
            told, start = 0, len(scene.game.log)
            for _ in range(400):
                if isinstance(opened.top, MessageScene):
                    told += 1
                    assert i18n.tr("save_failed.title") == opened.top.question
                    assert "No space left on device" in opened.top.detail and str(store.data_dir) in opened.top.detail
                    frames(opened, 0.6)
                    press(opened, pygame.K_RETURN)
                elif scene.is_human_turn():
                    scene.human_play(next(m for m in scene.game.legal_moves() if m.kind in ("draw", "pass", "discard")))
                opened.step()
                if len(scene.game.log) > start + 12:
                    break
            assert told == 1 and len(scene.game.log) > start + 12, "said once, at the first failing move; play went on"
            assert store.notices == ()  # not again at the main menu
            monkeypatch.undo()
            assert session.save()  # the disk has room again: a later failure is news again
            i18n.set_language("en")
    store.close()


def test_a_round_end_score_sheet_is_no_way_round_the_pause(app: App) -> None:
    """The score sheet opened from the table is a menu like the others: the table waits."""
    scene = bots_table(app)
    press(app, pygame.K_TAB)
    assert isinstance(app.top, ScoreSheetScene) and scene.covered()


def test_rami_familial_keeps_its_key_help_at_1280_by_720() -> None:
    """"Carte !" had a button row of its own, empty most of the game, and the side panel it
    squeezed left no room for the key help at 1280×720: the button now shares the Meld row,
    and the key help shows (with its C)."""
    with open_app((1280, 720)) as opened:
        ctx = Context(None, StoredSettings(), Sounds(False))
        game = Game.new("rami", 3, seed=5)
        seats = tuple(Seat("Ana") if s == game.to_play else Seat(f"Bot {s}", "easy") for s in range(3))
        scene = start_table(opened, ctx, GameSession(game, seats, None))
        opened.step()
        assert scene.is_human_turn()
        rows = [[button.action for button in row] for row in scene.button_rows]
        assert ["carte", "meld", "undo"] in rows
        with drawn_texts() as drawn:
            opened.draw()
        assert any("C Carte!" in d.text for d in drawn)


def test_a_hint_that_goes_out_clicked_on_its_cap_asks_and_the_question_stays(app: App) -> None:
    """A newcomer clicked the cap of "discard 2♣, your last card: you go out": the "Go out?"
    question opened as the button went down and closed as it came up, and nothing was
    played. Played on release, the question stays, and its first answer goes out."""
    from rummy_helpers import position as rummy_position

    from ramigui.ui.table_dialog import QuestionScene

    ctx = Context(None, StoredSettings(), Sounds(False))
    game = rummy_position("rami_base", ["KS", "2S 5D 9S 4H"], stock="2C 3C 4C", discard="8D",
                          melds=[(1, "10S JS QS")])
    scene = start_table(app, ctx, GameSession(game, (Seat("Ana"), Seat("Bot", "easy")), None))
    app.step()
    press(app, pygame.K_p, pygame.K_h)
    assert scene.hint is not None and scene.hint.move.kind == "layoff"
    cap = scene._hint_cap()
    assert cap is not None
    click(app, cap.center)  # K♠ on the run
    press(app, pygame.K_h)
    assert scene.hint is not None and str(scene.hint.move) == "discard 2C"
    cap = scene._hint_cap()
    assert cap is not None
    click(app, cap.center)
    assert isinstance(app.top, QuestionScene)  # still asking after the release
    press(app, pygame.K_RETURN)
    assert scene.game.round_over


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800)])
def test_a_row_of_buttons_says_its_words_at_one_size(size: tuple[int, int]) -> None:
    """A newcomer at 1024×600 in French saw "Conseil" larger beside a squeezed "Scores": each
    button shrank its label on its own. The buttons of a row share the largest size at which
    every label of the row fits."""
    try:
        with open_app(size) as app:
            i18n.set_language("fr")
            scene = hot_seat(app, Game.new("rami51", 2, 3))
            claim_handoff(app)
            with drawn_texts() as drawn:
                app.screen.fill((0, 0, 0))
                scene.draw(app.screen)
            rows = [{b.label() for b in row if b.visible} for row in scene.button_rows]
            shared = [labels for labels in rows if len(labels) > 1]
            assert {"Conseil", "Scores"} <= shared[0], rows
            for row, labels in zip(scene.button_rows, rows, strict=True):
                sizes = {d.size for d in drawn if d.text in labels}
                assert len(sizes) == 1, (labels, sizes)
                size = sizes.pop()
                assert all(widgets.text_width(label, size, True) <= row[0].rect.width - 12 for label in labels)
    finally:
        i18n.set_language("en")
