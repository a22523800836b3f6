"""Scrolled menu screens: a control half out of view is drawn cut and answers only where seen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_helpers import open_menus_app

from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.screen import Screen
from ramigui.ui.setup_screen import SetupScreen


@pytest.fixture
def app(store: Store) -> Iterator[App]:
    with open_menus_app(store, (1024, 600), lang=None) as made:
        yield made


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    for _ in range(3):
        app.step()


def half_shown(screen: Screen) -> list:
    view = screen.viewport
    return [c for c in screen.controls
            if c.visible and view.colliderect(c.rect) and not view.contains(c.rect)]


def test_a_control_cut_by_the_viewport_shows_and_ignores_presses_on_its_hidden_part(app: App) -> None:
    new_game = next(c for c in app.top.controls if c.action == "new_game")
    click(app, new_game.rect.center)
    setup = app.top
    assert isinstance(setup, SetupScreen)
    base = next(c for c in setup.controls if getattr(c, "value", None) == "rami_base")
    click(app, base.rect.center)  # Rami de base: many house rules, the page scrolls
    cut = None
    for offset in range(0, setup.max_scroll + 1, 7):  # scroll until a value chooser straddles an edge
        setup.scroll = offset
        setup.rebuild()
        cut = next((c for c in half_shown(setup) if hasattr(c, "value")), None)
        if cut is not None:
            break
    assert cut is not None, "no control straddles the viewport at 1024×600"
    view = setup.viewport
    outside = (cut.rect.right - 5, view.bottom + 2 if cut.rect.bottom > view.bottom else view.top - 2)
    before = cut.value
    click(app, outside)
    assert cut.value == before, "a press over the footer changed a half-hidden control"
    inside_y = (cut.rect.top + view.bottom) // 2 if cut.rect.bottom > view.bottom else (view.top + cut.rect.bottom) // 2
    click(app, (cut.rect.right - 5, inside_y))
    same = next(c for c in setup.controls if getattr(c, "name", None) == cut.name)
    assert same.value != before, "a press on the visible part must still work"


@pytest.mark.parametrize("words", [4, 18, 30])
def test_a_hint_fits_its_box_on_one_or_two_lines(words: int) -> None:
    from ramigui.ui.fonts import font
    from ramigui.ui.game_screen import hint_lines

    pygame.font.init()
    text = " ".join(["Défaussez le roi de trèfle"] * (words // 4 + 1))
    lines, size = hint_lines(text, 22, 700, 60)
    assert 1 <= len(lines) <= 2 and size >= 10
    assert " ".join(lines) == text
    assert all(font(size, True).size(line)[0] <= 700 for line in lines) or len(lines) == 1 and size == 10


@pytest.mark.parametrize(("width", "cap"), [(900, True), (420, False)])
def test_a_notice_keeps_its_words_whole_before_its_key_cap(width: int, cap: bool) -> None:
    """The key cap ("Entrée : le jouer") takes room from the words; where that would cut
    the hint short with "…" (French at 640×400), the words are drawn whole and the cap left
    out: the reason matters more than the key, which the keys panel lists too."""
    from screen_texts import drawn_texts

    from ramigui.ui.notices import draw_notice

    pygame.display.init()
    pygame.font.init()
    window = pygame.display.set_mode((1000, 200))
    text = "Conseil : jetez le R♥ et gardez vos combinaisons : il vous manque 4 points pour ouvrir (51)."
    with drawn_texts() as drawn:
        draw_notice(window, pygame.Rect(10, 10, width, 48), text, "hint", 18, 8, key="Entrée : le jouer")
    said = [d.text for d in drawn if d.text != "Entrée : le jouer"]
    assert " ".join(" ".join(said).split()) == text
    assert ("Entrée : le jouer" in [d.text for d in drawn]) == cap


@pytest.mark.parametrize("width", [600, 1000])
def test_a_notice_of_two_paragraphs_says_every_word(width: int) -> None:
    """A lesson's refusal is the step's sentence and, on a line of its own, how to play it:
    the banner drew "Pas maintenant : Il vous reste une carte… !" then "(ou touche D).",
    and "Cliquez sur la carte, puis sur la défausse" between them was lost."""
    from screen_texts import drawn_texts

    from ramigui.ui.notices import draw_notice

    pygame.display.init()
    pygame.font.init()
    window = pygame.display.set_mode((1100, 200))
    text = ("Pas maintenant : Il vous reste une carte : défaussez-la et vous gagnez la manche !\n"
            "Cliquez sur la carte, puis sur la défausse (ou touche D).")
    with drawn_texts() as drawn:
        draw_notice(window, pygame.Rect(10, 10, width, 60), text, "refusal", 22, 8)
    assert " ".join(" ".join(d.text for d in drawn).split()) == " ".join(text.split())
    assert len(drawn) <= 2 and all(d.rect.right <= 10 + width and "\n" not in d.text for d in drawn)


def test_screenshot_with_an_impossible_player_count_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    from ramigui.ui.shots import screenshot_main

    with pytest.raises(SystemExit) as stopped:
        screenshot_main(["--variant", "rami_wrotham", "--players", "4", "out.png"])
    assert stopped.value.code == 2
    assert "rami_wrotham" in capsys.readouterr().err


def test_screenshot_without_a_player_count_seats_as_many_as_the_game_allows(tmp_path: Path) -> None:
    """Gin is a game for two: `--players` left out must not ask for the default four."""
    from ramigui.ui.shots import screenshot_main

    out = tmp_path / "gin.png"
    assert screenshot_main(["--variant", "gin", "--moves", "4", "--size", "640x400", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (640, 400)
