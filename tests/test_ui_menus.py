"""The menus driven through the real loop with posted events: set up a 4-player Rami 51
with two bots and a house rule changed, play, see the score sheet, change the language,
come back — and every other screen opened, used and closed, in both languages."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest
from ui_helpers import FrameClock, open_menus_app

from ramigui import i18n
from ramigui.bots import make_bot
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.settings import CHOICES, load_settings
from ramigui.stats import load_stats
from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.game_screen import PauseMenu, SessionTable
from ramigui.ui.menu import MainMenu
from ramigui.ui.overlays import HANDOFF_KEY, ROUND_END_GUARD, HandoffScene, RoundEndScene
from ramigui.ui.replay_screen import ReplayScreen
from ramigui.ui.rules_screen import RulesScreen
from ramigui.ui.scoresheet import ScoreSheetScene
from ramigui.ui.screen import ConfirmScene, Context, Screen
from ramigui.ui.settings_screen import SettingsScreen
from ramigui.ui.setup_screen import SetupScreen
from ramigui.ui.stats_screen import StatsScreen

SIZE = (1024, 600)


@pytest.fixture
def app(store: Store) -> Iterator[App]:
    with open_menus_app(store, SIZE) as made:
        made.clock = FrameClock()  # the bots' pauses and animations at frame speed, not wall time
        yield made


def ctx_of(app: App) -> Context:
    scene = app.scenes[0]
    assert isinstance(scene, MainMenu)
    return scene.ctx


def pump(app: App, steps: int = 3) -> None:
    for _ in range(steps):
        app.step()


def post(event_type: int, **params: Any) -> None:
    pygame.event.post(pygame.event.Event(event_type, **params))


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    pump(app)


def key(app: App, code: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="")
    pump(app)


def control(app: App, action: str | None = None, name: str | None = None) -> Any:
    scene = app.top
    assert isinstance(scene, Screen), scene
    for item in scene.controls:
        if (action is None or item.action == action) and (name is None or getattr(item, "name", None) == name):
            return item
    raise AssertionError(f"no control {action!r} {name!r} on {type(scene).__name__}")


def press(app: App, action: str) -> None:
    click(app, control(app, action).rect.center)


def choose(app: App, name: str, value: Any, limit: int = 40) -> None:
    """Click the arrow of a Choice towards `value` until it shows it (a spinner stops at
    its ends: it never wraps round)."""
    for _ in range(limit):
        item = control(app, name=name)
        if item.value == value:
            return
        ahead = value not in item.values or item.values.index(value) > item.index
        click(app, (item.rect.right - 5, item.rect.centery) if ahead else (item.rect.left + 5, item.rect.centery))
    item = control(app, name=name)
    raise AssertionError(f"{name} never reached {value!r}: it shows {item.value!r} of {list(item.values)!r}")


def type_name(app: App, name: str, text: str) -> None:
    field = control(app, name=name)
    click(app, field.rect.center)
    for _ in range(len(field.text)):
        key(app, pygame.K_BACKSPACE)
    post(pygame.TEXTINPUT, text=text)
    pump(app)


def wait_for(app: App, predicate: Any, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, "timed out"
        app.step()
        time.sleep(0.002)


# --- the whole scenario ---------------------------------------------------------------------


def set_up_rami51(app: App) -> None:
    press(app, "new_game")
    assert isinstance(app.top, SetupScreen)
    click(app, control(app, name="variant:rami51").rect.center)
    choose(app, "count", 4)
    type_name(app, "name:0", "Ana")
    choose(app, "kind:0", "human")
    choose(app, "kind:1", "human")
    type_name(app, "name:1", "Bob")
    choose(app, "kind:2", "easy")
    choose(app, "kind:3", "hard")
    key(app, pygame.K_PAGEDOWN)
    choose(app, "option:rounds", 1)  # the house rule: a one-round game
    setup = app.top.setup()  # type: ignore[union-attr]
    assert [s.name for s in setup.seats[:2]] == ["Ana", "Bob"]
    assert [s.bot for s in setup.seats] == [None, None, "easy", "hard"]
    assert setup.options["rounds"] == 1
    press(app, "start")


def table(app: App) -> SessionTable:
    scene = next(s for s in app.scenes if isinstance(s, SessionTable))
    return scene


def settle(app: App) -> SessionTable:
    """Wait for a person's turn (bots play meanwhile), claiming the screen at a hand-off."""
    wait_for(app, lambda: isinstance(app.top, HandoffScene) or table(app).is_human_turn())
    if isinstance(app.top, HandoffScene):
        wait_for(app, lambda: app.top.ready)  # type: ignore[union-attr]
        key(app, HANDOFF_KEY)
    return table(app)


def human_turn_by_keyboard(app: App) -> None:
    """Claim the screen at the hand-off, draw with P, discard the focused card with D."""
    scene = settle(app)
    assert scene.is_human_turn()
    seat = scene.game.to_play
    moves = [mover for mover, _ in scene.game.log].count(seat)
    drawing = scene.view.public.phase == "draw"  # the starter of Rami 51 only discards
    if drawing:
        key(app, pygame.K_p)
    key(app, pygame.K_d)
    assert [mover for mover, _ in scene.game.log].count(seat) == moves + 1 + drawing


def finish_round(app: App) -> None:
    """Play the rest of the round through the table's one path, bots choosing for all."""
    scene = table(app)
    bots = [make_bot("rami51", "medium", seat) for seat in range(4)]
    while not scene.game.round_over:
        seat = scene.game.to_play
        assert scene.play(bots[seat].choose(scene.game.view(seat)))


def test_rami51_with_two_bots_a_house_rule_score_sheet_and_language(app: App, store: Store) -> None:
    app.settings = replace(app.settings, animation_speed="instant")
    set_up_rami51(app)
    scene = table(app)
    assert isinstance(scene, SessionTable)
    assert scene.game.variant.id == "rami51" and scene.game.variant.rounds == 1
    assert load_settings(store).last_setup is not None
    human_turn_by_keyboard(app)
    human_turn_by_keyboard(app)  # Bob, after the hand-off
    assert GameSession.resume(store) is not None  # every move is saved

    # the score sheet, any time during the game
    assert settle(app) is scene and app.top is scene
    key(app, pygame.K_TAB)
    assert isinstance(app.top, ScoreSheetScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene

    # change the language from the table's menu, and come back
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    settings_button = next(b for b in app.top.buttons if b.action == "settings")
    click(app, settings_button.rect.center)
    assert isinstance(app.top, SettingsScreen)
    choose(app, "language", "fr")
    assert i18n.language() == "fr"
    assert load_settings(store).language == "fr"
    assert control(app, "back").label() == "Retour"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    assert next(b for b in scene.buttons if b.action == "hint").label() == "Conseil"

    # play the round out: the round end, then the final score sheet, then the menu
    finish_round(app)
    wait_for(app, lambda: isinstance(app.top, RoundEndScene) and app.top.elapsed >= ROUND_END_GUARD)
    key(app, pygame.K_RETURN)
    wait_for(app, lambda: isinstance(app.top, ScoreSheetScene))
    sheet = app.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.final and sheet.data.over
    assert len(sheet.data.rounds) == 1 and sheet.data.winners
    press(app, "back")
    assert isinstance(app.top, MainMenu)
    assert not control(app, "continue").enabled
    assert load_stats(store).played("rami51") == 1


# --- each screen ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_screen_opens_and_closes(app: App, lang: str) -> None:
    ctx = ctx_of(app)
    ctx.change(app, language=lang)
    for action, kind in (("new_game", SetupScreen), ("rules", RulesScreen), ("stats", StatsScreen),
                         ("settings", SettingsScreen)):
        press(app, action)
        assert isinstance(app.top, kind)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MainMenu)
    press(app, "quit")
    assert not app.running


def test_continue_resumes_the_saved_game(app: App, store: Store) -> None:
    session = GameSession.new(GameSetup("gin", (Seat("Ana"), Seat("Bot", "easy"))), store, seed=3)
    session.play(session.game.legal_moves()[0])
    pump(app)
    assert control(app, "continue").enabled
    press(app, "continue")
    scene = table(app)
    assert scene.game.variant.id == "gin" and len(scene.game.log) == 1
    key(app, pygame.K_ESCAPE)
    leave = next(b for b in app.top.buttons if b.action == "leave_game")  # type: ignore[union-attr]
    click(app, leave.rect.center)
    assert isinstance(app.top, MainMenu)
    assert control(app, "continue").enabled  # left, not lost


@pytest.mark.parametrize(("variant", "other"), [("rami51", "easy"), ("gin", "easy"), ("rami51", None)])
def test_a_game_resumed_mid_turn_marks_the_card_drawn_again(app: App, store: Store, variant: str,
                                                             other: str | None) -> None:
    """Quit after drawing, before discarding: Continue shows the hand with the drawn card
    marked, as it was before the pause (the card is found by replaying the save) — at a
    shared screen too, once its player has claimed the hand (`other` None: two people)."""
    session = GameSession.new(GameSetup(variant, (Seat("Ana"), Seat("Bob", other))), store, seed=5)
    bot = make_bot(variant, "easy", random.Random(1))
    while not (session.game.to_play == 0 and any(m.kind == "draw" for m in session.game.legal_moves())):
        seat = session.game.to_play
        session.play(bot.choose(session.game.view(seat)) if seat else session.game.legal_moves()[0])
    before = Counter(session.game.hand(0))
    session.play("draw")
    (drawn,) = Counter(session.game.hand(0)) - before
    pump(app)
    press(app, "continue")
    scene = settle(app)
    assert scene.viewer == 0 and scene.fresh == drawn
    index = scene.fresh_index()
    assert index is not None and scene.order[index] == drawn
    assert scene.game.to_play == 0 and len(scene.game.log) == len(session.game.log)


def test_rules_screen_scrolls_and_changes_variant(app: App) -> None:
    press(app, "rules")
    screen = app.top
    assert isinstance(screen, RulesScreen)
    first = screen.variant_id
    post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)
    pump(app)
    assert screen.scroll > 0 or screen.max_scroll == 0
    key(app, pygame.K_RIGHT)  # the variant chooser has the focus
    assert screen.variant_id != first and screen.scroll == 0
    assert screen.lines


def test_the_rules_open_on_the_game_being_played(app: App, store: Store) -> None:
    """A newcomer with a game of Rami bloc saved found the Rules on Rami familial, the first of
    the list: they open on the game Continue resumes."""
    session = GameSession.new(GameSetup("rami_bloc", (Seat("Ana"), Seat("Bot", "easy"))), store, seed=3)
    session.play(session.game.legal_moves()[0])
    pump(app)
    press(app, "rules")
    assert isinstance(app.top, RulesScreen) and app.top.variant_id == "rami_bloc"


def test_statistics_reset_asks_first(app: App, store: Store) -> None:
    session = GameSession.new(GameSetup("gin", (Seat("Ana", "easy"), Seat("Bob", "easy"))), store, seed=2)
    bots = [make_bot("gin", "easy", seat) for seat in range(2)]
    while not session.game.game_over:
        game = session.game
        session.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
    press(app, "stats")
    choose(app, "page", "history")
    row = control(app, "open_game")
    click(app, row.rect.center)
    assert isinstance(app.top, ReplayScreen) and app.top.names == ["Ana", "Bob"]  # replayed from its log
    key(app, pygame.K_ESCAPE)
    press(app, "reset")
    assert isinstance(app.top, ConfirmScene)
    key(app, pygame.K_n)
    assert load_stats(store).played("gin") == 1
    press(app, "reset")
    key(app, pygame.K_y)
    assert isinstance(app.top, StatsScreen)
    assert load_stats(store).played("gin") == 0


def test_settings_screen_offers_every_setting(app: App, store: Store) -> None:
    press(app, "settings")
    names = {item.name for item in app.top.controls if getattr(item, "action", "") == "setting"}  # type: ignore[union-attr]
    assert names == set(CHOICES)
    choose(app, "sound", False)
    choose(app, "card_size", "large")
    assert load_settings(store).sound is False
    assert app.settings.card_scale > 1.0


def test_the_four_colour_deck_reaches_the_suits_in_text(app: App, store: Store,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A blue 5♦ lay on the pile while the last moves said "discarded 5♦" in red: the deck
    chosen in the settings now colours the suits of every text as it does the cards."""
    from ramigui.ui import widgets

    monkeypatch.setattr(widgets.TextSuits, "four_colour", False)  # put back after the test

    def suit_ink(text: str) -> tuple[int, int, int]:
        surface = widgets.text_surface(text, 40, (255, 255, 255))
        inked = [surface.get_at((x, y)) for x in range(surface.get_width()) for y in range(surface.get_height())]
        strong = [p for p in inked if p.a > 200]
        return tuple(sum(p[i] for p in strong) // len(strong) for i in range(3))  # type: ignore[return-value]

    red, green, blue = suit_ink("♦")
    assert red > blue + 80, "two colours: a red diamond"
    press(app, "settings")
    choose(app, "deck_style", "four_colour")
    red, green, blue = suit_ink("♦")
    assert blue > red + 80, (red, green, blue)
    red, green, blue = suit_ink("♣")
    assert green > red + 40 and green > blue, (red, green, blue)
    choose(app, "deck_style", "classic")
    red, green, blue = suit_ink("♦")
    assert red > blue + 80


def test_escape_puts_a_hint_away_before_it_opens_the_menu(app: App, store: Store) -> None:
    """A newcomer pressed Escape to close the hint and got the pause menu: Escape now puts
    the hint away first, as it does a selection; pressed again, it opens the menu."""
    from ramigui.ui.game_screen import PauseMenu, start_table

    session = GameSession.new(GameSetup("rami51", (Seat("Ana"), Seat("Bot", "easy"))), store, seed=5, dealer=1)
    scene = start_table(app, ctx_of(app), session)
    pump(app)
    key(app, pygame.K_h)
    assert scene.hint is not None
    key(app, pygame.K_ESCAPE)
    assert scene.hint is None and app.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)


def test_back_from_the_pause_menus_scores_and_rules_comes_back_to_it(app: App, store: Store) -> None:
    """Back from Settings came back to the pause menu, Back from Scores or Rules went to the
    table (a newcomer): the three open over the menu, and their Back comes back to it."""
    from ramigui.ui.game_screen import PauseMenu, start_table
    from ramigui.ui.rules_screen import RulesScreen
    from ramigui.ui.scoresheet import ScoreSheetScene

    session = GameSession.new(GameSetup("rami51", (Seat("Ana"), Seat("Bot", "easy"))), store, seed=5, dealer=1)
    start_table(app, ctx_of(app), session)
    pump(app)
    for action, shown in (("scores", ScoreSheetScene), ("rules", RulesScreen)):
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseMenu)
        click(app, next(b for b in app.top.buttons if b.action == action).rect.center)
        pump(app)
        assert isinstance(app.top, shown), app.top
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseMenu), app.top
        key(app, pygame.K_ESCAPE)  # and Esc there goes back to the game


def test_hint_suggests_a_legal_move_and_says_why(app: App, store: Store) -> None:
    session = GameSession.new(GameSetup("rami51", (Seat("Ana"), Seat("Bot", "easy"))), store, seed=5, dealer=1)
    from ramigui.ui.game_screen import start_table

    scene = start_table(app, ctx_of(app), session)
    pump(app)
    assert scene.is_human_turn()
    press_hint = next(b for b in scene.buttons if b.action == "hint")
    click(app, press_hint.rect.center)
    assert scene.hint is not None
    assert scene.game.is_legal(scene.hint.move)
    assert scene.hint.text


def test_sounds_never_fail_without_audio(monkeypatch: pytest.MonkeyPatch) -> None:
    from ramigui.ui.sound import RECIPES, Sounds, render

    assert all(render(notes, 22050, 2) for notes in RECIPES.values())

    def no_device(*args: Any, **kwargs: Any) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(enabled=True)
    sounds.play("click")
    assert not sounds.available


def test_rules_markdown_keeps_punctuation_on_bold_words() -> None:
    from ramigui.ui.rules_screen import parse_markdown, runs

    blocks = parse_markdown("# Title\n\nA **bold** word.\nSame paragraph.\n\n- one\n- **two**, three\n")
    assert [b.level for b in blocks] == [1, 0, -1, -1]
    assert blocks[1].text == "A **bold** word. Same paragraph."
    assert runs("**two**, three")[0] == (("two", True), (",", False))


@pytest.mark.parametrize("lang, shown, hidden", [("en", ["Bot 1", "Player 3"], ["Robot 1", "Joueur 3"]),
                                                  ("fr", ["Robot 1", "Joueur 3"], ["Bot 1", "Player 3"])])
def test_default_names_saved_in_the_last_setup_follow_the_language(app: App, lang: str, shown: list[str],
                                                                   hidden: list[str]) -> None:
    """A game set up in French saved "Robot 1" in last_setup, and the
    English New game screen offered it; a default name is now said in the language of the
    moment wherever it comes from, and a name someone typed ("Robotnik") is kept as typed."""
    from screen_texts import drawn_texts

    ctx = ctx_of(app)
    seats = (Seat("Robotnik"), Seat("Robot 1" if lang == "en" else "Bot 1", bot="medium"),
             Seat("Joueur 3" if lang == "en" else "Player 3"))
    ctx.change(None, last_setup=GameSetup("rami51", seats), language=lang)
    i18n.set_language(lang)
    press(app, "new_game")
    assert isinstance(app.top, SetupScreen)
    with drawn_texts() as drawn:
        app.draw()
    texts = [d.text for d in drawn]
    assert "Robotnik" in texts
    for name in shown:
        assert name in texts
    for name in hidden:
        assert name not in texts
    assert [seat.name for seat in app.top.setup().seats] == ["Robotnik", *shown]


def test_a_bot_made_a_person_gets_a_persons_name_and_ctrl_a_selects_the_name(app: App) -> None:
    """A seat switched Bot → Human kept "Bot 1"; Ctrl+A did not select
    the name, so typing gave "Bot 1Mamie". A name someone typed is never replaced."""
    press(app, "new_game")
    screen = app.top
    assert isinstance(screen, SetupScreen)
    click(app, control(app, name="variant:rami51").rect.center)
    assert control(app, name="name:1").text == "Bot 1"
    choose(app, "kind:1", "human")
    assert control(app, name="name:1").text == "Player 2"
    choose(app, "kind:1", "medium")
    assert control(app, name="name:1").text == "Bot 1"
    click(app, control(app, name="name:1").rect.center)
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    post(pygame.TEXTINPUT, text="Mamie")
    pump(app)
    assert control(app, name="name:1").text == "Mamie"
    choose(app, "kind:1", "human")  # a typed name stays as typed
    assert control(app, name="name:1").text == "Mamie"
    click(app, control(app, name="name:1").rect.center)
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    key(app, pygame.K_BACKSPACE)
    assert control(app, name="name:1").text == ""
    post(pygame.TEXTINPUT, text="Léa Noël")  # accents typed are kept (item 8)
    pump(app)
    assert control(app, name="name:1").text == "Léa Noël"


def test_the_player_count_stops_at_its_least_and_greatest(app: App) -> None:
    """◀ at 2 players must not jump to 6."""
    press(app, "new_game")
    click(app, control(app, name="variant:rami51").rect.center)
    low = min(control(app, name="count").values)
    for _ in range(8):  # ◀ down to the least, and once more
        count = control(app, name="count")
        click(app, (count.rect.left + 5, count.rect.centery))
    assert control(app, name="count").value == low == 2
    high = max(control(app, name="count").values)
    for _ in range(high):
        count = control(app, name="count")
        click(app, (count.rect.right - 5, count.rect.centery))
    assert control(app, name="count").value == high


def test_no_line_is_left_half_hidden_under_the_header_when_scrolled(app: App) -> None:
    """A scrolled line showed half under the header (New game's
    description, the rules under their variant chooser). A scrolled line shows whole or
    not at all."""
    from screen_texts import drawn_texts

    press(app, "new_game")
    screen = app.top
    assert isinstance(screen, SetupScreen)
    from ramigui.ui.widgets import WHITE, text_surface

    view = screen.viewport
    for step in range(3, 90, 7):  # scrolled by odd amounts, lines cut at every height
        screen.scroll = 0
        screen.scroll_by(step)
        with drawn_texts() as drawn:
            screen.draw(pygame.display.get_surface())
        lines = {label.text for label in screen.labels if label.clip}
        cut = [
            d.text
            for d in drawn
            if d.text in lines and d.rect.height < text_surface(d.text, d.size, WHITE).get_height()
        ]
        assert not cut, (step, cut)
        assert all(view.contains(d.rect) for d in drawn if d.text in lines)


def test_back_from_a_saved_game_the_focus_is_on_continue(app: App, store: Store) -> None:
    """Back on the main menu with a game saved, the focus was on "New
    game" (Enter would start another) in one case; it is on Continue, what comes next."""
    press(app, "new_game")
    assert isinstance(app.top, SetupScreen)
    press(app, "start")
    scene = table(app)
    if scene.is_human_turn():
        scene.play(scene.game.legal_moves()[0])
    pump(app, 10)
    key(app, pygame.K_ESCAPE)
    leave = next(b for b in app.top.buttons if b.action == "leave_game")  # type: ignore[union-attr]
    click(app, leave.rect.center)
    pump(app)
    menu = app.top
    assert isinstance(menu, MainMenu) and control(app, "continue").enabled
    focused = menu.focused_control()
    assert focused is not None and getattr(focused, "action", None) == "continue"
    store.current_game_path.unlink()  # the game is over (its save goes): Continue greys out
    pump(app)
    assert not control(app, "continue").enabled
    focused = menu.focused_control()  # a newcomer found the ring on the greyed Continue: Enter did nothing
    assert focused is not None and getattr(focused, "action", None) == "new_game"


def test_spinners_stop_at_their_ends(app: App) -> None:
    """◀ on "Number of rounds" at 1 must not jump to 30 (one click too many
    made a 30-round game); every spinner now stops at its least and greatest value."""
    press(app, "new_game")
    click(app, control(app, name="variant:rami51").rect.center)
    key(app, pygame.K_PAGEDOWN)
    choose(app, "option:rounds", 1)
    rounds = control(app, name="option:rounds")
    click(app, (rounds.rect.left + 5, rounds.rect.centery))
    assert control(app, name="option:rounds").value == 1
    key(app, pygame.K_PAGEUP)  # back up to the seats (the page goes on below the house rules)
    kind = control(app, name="kind:1")
    last = kind.values[-1]
    choose(app, "kind:1", last)
    click(app, (kind.rect.right - 5, kind.rect.centery))
    assert control(app, name="kind:1").value == last


def test_direction_of_play_is_offered_only_where_it_changes_the_game(app: App) -> None:
    """Seed 004's "paramétrages" let a family turn play left or right; at two players the
    dealer's left-hand neighbour is the right-hand one, so the choice is not offered there
    (a newcomer found "Direction of play" at a two-player table and wondered what it did).
    Chosen at three, it is kept through a visit to two and still played."""
    press(app, "new_game")
    click(app, control(app, name="variant:rami").rect.center)
    choose(app, "count", 3)
    key(app, pygame.K_PAGEDOWN)
    choose(app, "option:direction", "left")
    key(app, pygame.K_PAGEUP)
    choose(app, "count", 2)
    screen = app.top
    assert isinstance(screen, SetupScreen)
    assert not any(getattr(c, "name", "") == "option:direction" for c in screen.controls)
    assert any(getattr(c, "name", "") == "option:rounds" for c in screen.controls)  # the others stay
    choose(app, "count", 3)
    assert control(app, name="option:direction").value == "left"
    assert screen.setup().options["direction"] == "left"


def test_the_table_size_chosen_comes_back_after_a_look_at_a_game_for_two(app: App) -> None:
    """A family of four chooses four at Rami 51, looks at Gin (two players only) and comes
    back: four again, with the seats as they were set (a newcomer found two)."""
    press(app, "new_game")
    click(app, control(app, name="variant:rami51").rect.center)
    choose(app, "count", 4)
    choose(app, "kind:3", "hard")
    click(app, control(app, name="variant:gin").rect.center)
    assert control(app, name="count").value == 2
    click(app, control(app, name="variant:rami51").rect.center)
    assert control(app, name="count").value == 4
    assert control(app, name="kind:3").value == "hard"
    choose(app, "count", 3)  # a size chosen anew is the one that comes back
    click(app, control(app, name="variant:gin").rect.center)
    click(app, control(app, name="variant:rami").rect.center)
    assert control(app, name="count").value == 3


def test_house_rules_chosen_stay_through_a_look_at_another_game(app: App) -> None:
    """A newcomer chose "left" for Rami familial, clicked Rami de base to read it, came back
    and found "right": each variant's house rules now stay as chosen while the screen is
    open, and a game started plays them."""
    press(app, "new_game")
    click(app, control(app, name="variant:rami").rect.center)
    choose(app, "count", 3)
    key(app, pygame.K_PAGEDOWN)
    choose(app, "option:direction", "left")
    choose(app, "option:rounds", 3)
    key(app, pygame.K_PAGEUP)
    click(app, control(app, name="variant:rami_base").rect.center)
    screen = app.top
    assert isinstance(screen, SetupScreen) and screen.setup().variant == "rami_base"
    assert screen.setup().options == {spec.name: spec.default for spec in screen.variant.options}  # its own
    click(app, control(app, name="variant:rami").rect.center)
    assert screen.setup().options["direction"] == "left" and screen.setup().options["rounds"] == 3


def test_each_seat_column_says_what_it_sets(app: App) -> None:
    """A newcomer took the middle chooser ("◀ You ▶", the person whose scores are kept) for
    a second name: each column of the seats is headed by what it sets, over its fields."""
    from screen_texts import drawn_texts

    press(app, "new_game")
    with drawn_texts() as drawn:
        app.draw()
    for key, field in (("setup.col_name", "name:0"), ("setup.col_person", "person:0"), ("setup.col_kind", "kind:0")):
        heading = next(d for d in drawn if d.text == i18n.tr(key))
        rect = control(app, name=field).rect
        assert heading.rect.bottom <= rect.top and abs(heading.rect.left - rect.left) <= 4, (key, heading, rect)


def test_a_house_rule_with_one_value_is_said_not_offered(app: App) -> None:
    """Wrotham plays six deals: its "Game length" stood as a chooser whose two arrows were
    both greyed (a newcomer clicked them); it reads as fixed, as the number of players does."""
    press(app, "new_game")
    click(app, control(app, name="variant:rami_wrotham").rect.center)
    assert not control(app, name="option:game_length").enabled
    assert not control(app, name="count").enabled
    click(app, control(app, name="variant:rami_base").rect.center)
    assert control(app, name="option:game_length").enabled


def test_each_game_comes_back_with_its_own_table_size_and_house_rules(app: App, store: Store) -> None:
    """A newcomer started Rami de base at three with several melds a turn, then Gin (two
    only); at the next New game Rami de base came back at two with its house rules undone.
    Each variant's last setup is kept in the settings: its table size and its house rules
    come back, whatever was played since."""
    from ramigui.settings import with_setup

    press(app, "new_game")
    click(app, control(app, name="variant:rami_base").rect.center)
    choose(app, "count", 3)
    key(app, pygame.K_PAGEDOWN)
    choose(app, "option:several_melds", True)
    key(app, pygame.K_PAGEUP)
    press(app, "start")
    table(app)
    key(app, pygame.K_ESCAPE)
    click(app, next(b for b in app.top.buttons if b.action == "leave_game").rect.center)  # type: ignore[union-attr]
    assert [s.variant for s in load_settings(store).variant_setups] == ["rami_base"]
    gin = GameSetup("gin", (Seat("Ana"), Seat("Bot 1", "medium")))
    kept = load_settings(store).variant_setups
    ctx_of(app).change(None, last_setup=gin, variant_setups=with_setup(kept, gin))  # Gin was started since
    press(app, "new_game")
    screen = app.top
    assert isinstance(screen, SetupScreen) and screen.variant_id == "gin" and screen.count == 2
    click(app, control(app, name="variant:rami_base").rect.center)
    assert screen.count == 3 and screen.setup().options["several_melds"] is True
    click(app, control(app, name="variant:rami").rect.center)  # never started: its usual four, not Gin's two
    assert screen.count == 4


def test_the_greyed_continue_says_why_when_clicked(app: App) -> None:
    """No game saved: Continue is grey, and a click on it (or C) said nothing (a newcomer's
    finding). It says there is no game to continue and how to start one; nothing opens."""
    menu = app.top
    assert isinstance(menu, MainMenu) and not control(app, "continue").enabled
    rect = control(app, "continue").rect
    post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
    pump(app)
    assert app.top is menu and menu.notices == [i18n.tr("menu.nothing_to_continue")]
    post(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c")
    pump(app)
    assert app.top is menu and menu.notices == [i18n.tr("menu.nothing_to_continue")], "said once"


def test_a_bot_at_the_first_place_is_bot_1_and_the_bots_count_on_from_it(app: App) -> None:
    """A seat switched to a bot at the first place was named "Bot 0" (bots were numbered by
    place, from the second). The game's bots are now "Bot 1", "Bot 2"… in their places'
    order; a name someone typed is kept."""
    press(app, "new_game")
    click(app, control(app, name="variant:rami51").rect.center)
    choose(app, "count", 3)
    choose(app, "kind:0", "medium")
    names = [control(app, name=f"name:{index}").text for index in range(3)]
    assert names == ["Bot 1", "Bot 2", "Bot 3"], names
    type_name(app, "name:2", "Mamie")
    choose(app, "kind:1", "human")
    names = [control(app, name=f"name:{index}").text for index in range(3)]
    assert names == ["Bot 1", "Player 2", "Mamie"], names
    setup = app.top.setup()  # type: ignore[union-attr]
    assert [seat.name for seat in setup.seats] == ["Bot 1", "Player 2", "Mamie"]
