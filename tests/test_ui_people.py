"""People, not seats, driven through the real loop: the names typed at New game are
remembered, chosen again from a list, each with their own statistics; and the New game
screen's keyboard (Tab between names, the 24-character limit said), the abandon question
answered with Enter, Continue saying which game it resumes."""

from __future__ import annotations

import json

import pygame
import test_ui_menus as menus
from test_ui_menus import click, control, key, pump, type_name

from ramigui import people as people_module
from ramigui import stats
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.game_screen import SessionTable
from ramigui.ui.menu import MainMenu, notice_text
from ramigui.ui.screen import ConfirmScene
from ramigui.ui.setup_screen import SetupScreen

app = menus.app


def open_setup(app: App) -> SetupScreen:
    click(app, control(app, "new_game").rect.center)
    assert isinstance(app.top, SetupScreen)
    return app.top


def test_you_is_the_first_person_and_typed_names_become_people(app: App, store: Store) -> None:
    setup = open_setup(app)
    assert control(app, name="name:0").text == "You"
    type_name(app, "name:1", "Bob")
    while control(app, name="kind:1").value != "human":
        click(app, (control(app, name="kind:1").rect.left + 5, control(app, name="kind:1").rect.centery))
    type_name(app, "name:1", "Bob")
    seats = setup.setup().seats
    assert seats[0].name == "You" and seats[1].name == "Bob" and seats[2].bot is not None
    click(app, control(app, "start").rect.center)
    assert any(isinstance(scene, SessionTable) for scene in app.scenes)
    assert people_module.load_people(store).names == ("You", "Bob")  # bots are not people


def test_a_person_is_chosen_from_the_list(app: App, store: Store) -> None:
    people_module.save_people(store, people_module.People(("You", "Mamie", "Léo")))
    open_setup(app)
    person = control(app, name="person:0")
    assert person.values == ["", "You", "Mamie", "Léo"]
    click(app, (person.rect.right - 5, person.rect.centery))  # You -> Mamie
    assert control(app, name="name:0").text == "Mamie"
    assert control(app, name="person:0").value == "Mamie"


def test_tab_in_a_name_goes_to_the_next_name_and_nothing_typed_is_lost(app: App) -> None:
    setup = open_setup(app)
    type_name(app, "name:0", "Ana")
    key(app, pygame.K_TAB)
    assert setup.focused_control() is control(app, name="name:1")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoé"))
    pump(app)
    assert setup.seats[1].name.endswith("Zoé")
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert setup.focused_control() is control(app, name="name:0")


def test_typing_past_24_characters_says_so(app: App) -> None:
    setup = open_setup(app)
    type_name(app, "name:0", "A" * 30)
    assert setup.seats[0].name == "A" * 24
    assert "24" in setup.error


def test_enter_answers_the_abandon_question_and_the_focus_shows(app: App, store: Store) -> None:
    saved = GameSession.new(GameSetup("rami51", (Seat("Ana"), Seat("Bot", "easy"))), store, seed=1)
    saved.play(saved.game.legal_moves()[0])  # played: an abandoned game is kept
    setup = open_setup(app)
    click(app, control(app, "start").rect.center)
    question = app.top
    assert isinstance(question, ConfirmScene)
    question.age = question.guard  # the guard against a double click is over
    assert question.focus == 1  # "Keep it": the answer that loses nothing
    key(app, pygame.K_RETURN)
    assert app.top is setup and GameSession.has_saved_game(store)
    click(app, control(app, "start").rect.center)
    question = app.top
    assert isinstance(question, ConfirmScene)
    question.age = question.guard
    key(app, pygame.K_LEFT)
    assert question.focus == 0
    key(app, pygame.K_RETURN)
    pump(app)
    assert isinstance(app.top, SessionTable)
    assert stats.load_stats(store).history[-1].unfinished


def test_continue_says_which_game(app: App, store: Store) -> None:
    session = GameSession.new(GameSetup("rami51", (Seat("Ana"), Seat("Bob", "easy")), {"rounds": 3}), store, seed=2)
    session.play(session.game.legal_moves()[0])
    menu = app.scenes[0]
    assert isinstance(menu, MainMenu)
    pump(app)
    line = menu.saved_line()
    assert "Rami" in line and "Ana, Bob" in line and "round 1 of 3" in line
    assert control(app, "continue").enabled


def test_continue_is_disabled_when_the_save_cannot_be_resumed(app: App, store: Store) -> None:
    store.current_game_path.write_text("{not json", encoding="utf-8")
    menu = app.scenes[0]
    assert isinstance(menu, MainMenu)
    pump(app)
    assert not control(app, "continue").enabled
    assert "damaged" in menu.saved_line() and "not_json" not in menu.saved_line()
    assert store.current_game_path.exists()  # only looked at: set aside when a new game starts


def test_notices_use_plain_words() -> None:
    from ramigui.storage import NOTICE_READ_ONLY, NOTICE_SET_ASIDE, Notice

    text = notice_text(Notice(NOTICE_SET_ASIDE, {"file": "stats.json", "reason": "not_json", "detail": "x",
                                                 "kept_as": "stats.json.broken-1"}))
    assert "not_json" not in text and "damaged" in text
    assert "26513" not in notice_text(Notice(NOTICE_READ_ONLY, {"pid": "26513"}))


def test_old_statistics_carry_their_names_over_as_people(store: Store) -> None:
    game = stats.FinishedGame("g1", "2026-01-02T10:00:00", "rami51", {}, ("Player 1", "Mamie", "Bot 1"),
                              (None, None, "easy"), ((5, 0, 9),), ("out",), (5, 0, 9), (1,), True)
    stats.save_stats(store, stats.Stats().with_game(game))
    assert people_module.load_people(store).names == ("You", "Player 1", "Mamie")


def test_renaming_you_renames_their_statistics(store: Store) -> None:
    game = stats.FinishedGame("g1", "2026-01-02T10:00:00", "rami51", {}, ("You", "Mamie"),
                              (None, None), ((5, 0), (3, 4)), ("out", "out"), (8, 4), (1,), True)
    stats.save_stats(store, stats.Stats().with_game(game))
    people_module.rename(store, "You", "Ana")
    book = stats.load_stats(store)
    assert people_module.load_people(store).names == ("Ana", "Mamie")
    record = book.record("rami51", "Ana")
    assert (record.played, record.won, record.best_round, record.rounds, record.last) == (
        1,
        0,
        3,
        2,
        "2026-01-02T10:00:00",
    )
    assert book.history[0].names == ("Ana", "Mamie")


def test_a_damaged_people_file_is_set_aside(store: Store) -> None:
    store.people_path.write_text(json.dumps({"version": 1, "people": [""]}), encoding="utf-8")
    assert people_module.load_people(store).names == ("You",)
    assert not store.people_path.exists()
    assert any(path.name.startswith("people.json.broken-") for path in store.data_dir.iterdir())


def test_you_is_renamed_from_the_statistics_and_keeps_their_games(app: App, store: Store) -> None:
    game = stats.FinishedGame("g1", "2026-01-02T10:00:00", "rami51", {}, ("You", "Mamie"),
                              (None, None), ((5, 0),), ("out",), (5, 0), (1,), True)
    stats.save_stats(store, stats.Stats().with_game(game))
    click(app, control(app, "stats").rect.center)
    while control(app, name="page").value != "players":
        item = control(app, name="page")
        click(app, (item.rect.right - 5, item.rect.centery))
    screen = app.top
    click(app, control(app, "rename_people").rect.center)
    assert control(app, name="person").value == "You"
    type_name(app, "new_name", "Mamie")
    click(app, control(app, "rename").rect.center)
    assert "already" in app.top.error  # type: ignore[union-attr]
    type_name(app, "new_name", "Ana")
    click(app, control(app, "rename").rect.center)
    assert app.top is screen
    pump(app)
    assert [row[0] for row in screen._table_rows()] == ["Mamie", "Ana"]  # type: ignore[union-attr]
    assert people_module.load_people(store).names == ("Ana", "Mamie")


def test_a_seat_made_a_bot_leaves_the_persons_name_and_a_bot_is_never_named_as_one(
        app: App, store: Store) -> None:
    """Bob sat at a hot-seat game; at the next New game his seat was switched to a bot and
    kept "Bob": the bot's games then counted in Bob's statistics."""
    people_module.save_people(store, people_module.People(("You", "Bob")))
    setup = open_setup(app)
    while control(app, name="kind:1").value != "human":
        click(app, (control(app, name="kind:1").rect.left + 5, control(app, name="kind:1").rect.centery))
    type_name(app, "name:1", "Bob")
    assert setup.setup().seats[1] == Seat("Bob", None)
    while setup.seats[1].kind in ("human", "phone"):  # on to the bots
        click(app, (control(app, name="kind:1").rect.right - 5, control(app, name="kind:1").rect.centery))
    assert setup.seats[1].name == "Bot 1"
    type_name(app, "name:1", "Bob")  # typed back by hand: refused at Start, said why
    click(app, control(app, "start").rect.center)
    assert not any(isinstance(scene, SessionTable) for scene in app.scenes)
    assert "“Bob” is one of your players" in setup.error
