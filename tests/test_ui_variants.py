"""The New game screen and the family's own variants.yaml, driven through the real menus with
posted events: the file's problems shown (which file, line, variant, field, what to change)
beside a whole variant list, in English and French; "Save these rules as…" with a name
field where Enter saves and Escape only leaves the field; rename and delete (asked first);
and the saved variant in the list, starting a game with the rules chosen."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_ui_menus import (  # noqa: F401 - fixtures
    app,
    choose,
    click,
    control,
    key,
    post,
    press,
    pump,
)

from ramigui import i18n, variants
from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.game_screen import SessionTable
from ramigui.ui.screen import ConfirmScene
from ramigui.ui.setup_screen import SetupScreen
from ramigui.variants import reload_catalogue, user_path

BROKEN = """\
# our games
mamie:
  extends: rami51
  name: {fr: "Rami de Mamie", en: "Granny's rummy"}
  opening_minimum: 40
mine:
  extends: rami
  ace_value: eleven
other:
  extends: rami51
  deal: 99
typo:
  extends: rami
  opening_minimun: 30
lost:
  extends: nosuch
"""


@pytest.fixture
def user_file(store: Store) -> Iterator[Path]:  # noqa: F811 - the fixture imported above
    """Where the user's variants.yaml goes; the catalogue read again before and after (the
    file gone first: its variants and problems never reach the next test's screens)."""
    path = user_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    reload_catalogue()
    yield path
    path.unlink(missing_ok=True)
    reload_catalogue()


def given(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    reload_catalogue()


def new_game(app: App) -> SetupScreen:  # noqa: F811
    press(app, "new_game")
    screen = app.top
    assert isinstance(screen, SetupScreen)
    return screen


def shown_text(screen: SetupScreen) -> str:
    """The words on the screen, lines joined as one reads them."""
    return " ".join(label.text for label in screen.labels)


def press_shown(app: App, action: str) -> None:  # noqa: F811
    """Scroll down like a player until the button shows, then click it."""
    for _ in range(10):
        if control(app, action).visible:
            break
        key(app, pygame.K_PAGEDOWN)
    press(app, action)


def type_text(app: App, text: str) -> None:  # noqa: F811
    post(pygame.TEXTINPUT, text=text)
    pump(app)


def test_problems_are_shown_beside_the_whole_list(app: App, user_file: Path) -> None:  # noqa: F811
    given(user_file, BROKEN)
    screen = new_game(app)
    text = shown_text(screen)
    assert "Your variants file has 4 problems: the variants concerned are not offered." in text
    assert "File: " in text and str(user_file) in text.replace(" ", "")
    assert "Line 8, variant mine, field ace_value" in text
    assert "“eleven” is not allowed here: write a whole number from 1 to 50" in text
    assert "Line 11, variant other, field deal" in text
    assert "did you mean opening_minimum?" in text
    assert "Line 16, variant lost" not in text and "… and 1 more" in text  # three at first
    press(app, "problems_toggle")
    assert "Line 16, variant lost, field extends" in shown_text(screen)
    # every variant that loads is in the list and can be chosen, the user's good one too
    rows = [c for c in screen.controls if getattr(c, "action", "") == "variant"]
    assert [r.value for r in rows][-1] == "mamie" and len(rows) == len(variants.catalogue().ids())
    assert all(r.visible for r in rows[:11])
    click(app, control(app, name="variant:rami40").rect.center)
    assert screen.variant_id == "rami40"
    assert screen.tools.panel is not None and screen.tools.panel.right <= screen.m.width


def test_problems_in_french(app: App, user_file: Path) -> None:  # noqa: F811
    given(user_file, BROKEN)
    i18n.set_language("fr")
    screen = new_game(app)
    text = shown_text(screen)
    assert "Votre fichier de variantes a 4 problèmes\u00a0: les variantes en cause ne sont pas proposées." in text
    assert "Ligne 8, variante mine, champ ace_value" in text
    assert "“eleven” n'est pas accepté ici\u00a0: écrivez un nombre entier de 1 à 50" in text


def test_reading_the_fixed_file_again(app: App, user_file: Path) -> None:  # noqa: F811
    given(user_file, BROKEN)
    screen = new_game(app)
    user_file.write_text("mine:\n  extends: rami\n  ace_value: 11\n", encoding="utf-8")
    press(app, "problems_reload")
    assert screen.tools.panel is None and "problems" not in shown_text(screen)
    assert control(app, name="variant:mine").visible


def test_save_these_rules_as_then_play_them(app: App, user_file: Path) -> None:  # noqa: F811
    given(user_file, "# Mamie's file: keep this line\n")
    screen = new_game(app)
    click(app, control(app, name="variant:rami").rect.center)
    key(app, pygame.K_PAGEDOWN)
    choose(app, "option:rounds", 2)
    press_shown(app, "variant_save_as")
    field = screen.focused_control()
    assert field is not None and getattr(field, "name", "") == "variant_name"
    type_text(app, "Rami de Noël")
    key(app, pygame.K_ESCAPE)  # leaves the field, not the screen
    assert app.top is screen and screen.tools.naming is None and not user_path().read_text().count("noel")
    press_shown(app, "variant_save_as")
    type_text(app, "Rami de Noël")
    key(app, pygame.K_RETURN)  # Enter saves
    assert user_file.read_text(encoding="utf-8").startswith("# Mamie's file: keep this line\n\nrami_de_noel:\n")
    assert screen.variant_id == "rami_de_noel" and screen.options["rounds"] == 2
    assert screen.tools.message == (f"Saved as “Rami de Noël” in {user_file}.", False)
    assert "Saved as “Rami de Noël”" in shown_text(screen)
    row = control(app, name="variant:rami_de_noel")
    assert row.selected and row.visible and row.title() == "Rami de Noël"
    press(app, "start")
    table = next(s for s in app.scenes if isinstance(s, SessionTable))
    assert table.game.variant.id == "rami_de_noel" and table.game.variant.rounds == 2


def test_saving_over_a_name_asks_first(app: App, user_file: Path) -> None:  # noqa: F811
    given(user_file, "mamie:\n  extends: rami51\n  name: Rami de Mamie\n  opening_minimum: 40\n")
    screen = new_game(app)
    click(app, control(app, name="variant:rami40").rect.center)
    press_shown(app, "variant_save_as")
    type_text(app, "rami de mamie")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ConfirmScene) and app.top.question == "Replace your “Rami de Mamie”?"
    key(app, pygame.K_n)
    assert app.top is screen and "extends: rami51" in user_file.read_text(encoding="utf-8")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y)
    assert app.top is screen and "extends: rami40" in user_file.read_text(encoding="utf-8")
    assert screen.variant_id == "mamie"


def test_rename_and_delete_a_variant_of_ones_own(app: App, user_file: Path) -> None:  # noqa: F811
    given(user_file, "# ours\nmamie:\n  extends: rami51\n  name: Rami de Mamie\n  opening_minimum: 40\n")
    screen = new_game(app)
    assert not any(getattr(c, "action", "") == "variant_rename" for c in screen.controls)  # rami51: built in
    click(app, control(app, name="variant:mamie").rect.center)
    press_shown(app, "variant_rename")
    field = control(app, name="variant_name")
    assert field.text == "Rami de Mamie"
    for _ in range(len(field.text)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Rami de Mémé")
    press_shown(app, "variant_name_ok")
    assert control(app, name="variant:mamie").title() == "Rami de Mémé"
    assert user_file.read_text(encoding="utf-8") == (
        "# ours\nmamie:\n  extends: rami51\n  name: {fr: Rami de Mémé, en: Rami de Mémé}\n  opening_minimum: 40\n")
    press_shown(app, "variant_delete")
    assert isinstance(app.top, ConfirmScene) and app.top.question == "Delete “Rami de Mémé”?"
    key(app, pygame.K_n)
    assert "mamie" in variants.catalogue().ids()
    press_shown(app, "variant_delete")
    key(app, pygame.K_y)
    assert "mamie" not in variants.catalogue().ids() and user_file.read_text(encoding="utf-8") == "# ours\n"
    assert screen.variant_id == "rami51" and not any(
        getattr(c, "name", "") == "variant:mamie" for c in screen.controls)


def test_a_refused_name_is_said_and_nothing_written(app: App, user_file: Path) -> None:  # noqa: F811
    screen = new_game(app)
    press_shown(app, "variant_save_as")
    type_text(app, "Rami 40")
    press_shown(app, "variant_name_ok")
    assert screen.tools.message == ("“Rami 40” is the name of a built-in game: choose another.", True)
    assert "is the name of a built-in game" in shown_text(screen)
    assert screen.tools.naming is not None and not user_file.exists()


def test_a_long_list_scrolls_on_its_own(app: App, user_file: Path) -> None:  # noqa: F811
    given(user_file, "".join(f"v{i}:\n  extends: rami\n  name: Rami {i}\n" for i in range(12)))
    screen = new_game(app)
    last = control(app, name="variant:v11")
    assert not last.visible and screen.viewport.bottom < last.rect.top
    post(pygame.MOUSEMOTION, pos=(30, 300), rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(12):
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    pump(app)
    assert screen.scroll == 0 and control(app, name="variant:v11").visible
    click(app, control(app, name="variant:v11").rect.center)
    assert screen.variant_id == "v11"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes are POSIX")
def test_a_pipe_as_the_variants_file_is_said_on_the_new_game_screen(app: App, user_file: Path) -> None:  # noqa: F811
    """A pipe where variants.yaml should be: read at once (never waiting for a writer), said
    with the file's name, and every built-in game still offered."""
    os.mkfifo(user_file)
    reloaded = threading.Thread(target=reload_catalogue, daemon=True)
    reloaded.start()
    reloaded.join(20)
    assert not reloaded.is_alive(), "reading the pipe hangs"
    screen = new_game(app)
    text = shown_text(screen)
    assert "Your variants file has a problem" in text and str(user_file) in text.replace(" ", "")
    assert "this is not a plain file (a folder, a pipe, a device or a link to nothing)" in text
    rows = [c for c in screen.controls if getattr(c, "action", "") == "variant"]
    assert len(rows) == len(variants.catalogue().ids()) >= 11


def test_a_file_edited_while_the_app_runs_is_read_again_with_every_problem(app: App, user_file: Path) -> None:  # noqa: F811
    """With no problem at start there must still be a "Read the file again", and a variant's
    problems must not come one at a time: the button is always there; every problem of a
    variant is listed."""
    given(user_file, "mamie:\n  extends: rami51\n  opening_minimum: 40\n")
    screen = new_game(app)
    assert "problem" not in shown_text(screen)
    user_file.write_text("mamie:\n  extends: rami51\n  opening_minimum: 4000\n  ace_value: eleven\n"
                         "  opening_minimun: 30\n", encoding="utf-8")  # edited meanwhile
    press_shown(app, "problems_reload")
    text = shown_text(screen)
    assert "Your variants file has 3 problems" in text, text
    assert "field opening_minimum" in text and "field ace_value" in text and "did you mean" in text
    user_file.write_text("mamie:\n  extends: rami51\n  opening_minimum: 40\n", encoding="utf-8")
    press_shown(app, "problems_reload")
    assert "problem" not in shown_text(screen) and control(app, name="variant:mamie").visible


def test_a_control_character_is_listed_with_its_place(app: App, user_file: Path) -> None:  # noqa: F811
    """One invisible character in a name (PyYAML refuses the whole file for it): the screen
    opens, lists where it is, and offers every built-in game and the family's other one."""
    user_file.write_bytes(b'mine:\n  extends: rami51\n  name: {fr: "Rami\x1b", en: Mine}\n'
                          b'mamie:\n  extends: rami51\n  name: {fr: Mamie, en: Granny}\n')
    reload_catalogue()
    screen = new_game(app)
    text = shown_text(screen)
    assert "Your variants file has a problem: the variant concerned is not offered." in text
    assert "Line 3, variant mine, field name.fr" in text
    assert "invisible character U+001B cannot be in a variants file" in text
    rows = [c.value for c in screen.controls if getattr(c, "action", "") == "variant"]
    assert "rami51" in rows and "mamie" in rows and "mine" not in rows
