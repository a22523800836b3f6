"""What a newcomer reads: long names on the score sheet, plurals, dates in each language,
settings labels at one size, and a hot-seat hand-off that is no dead end.

Each screen is driven through the real menus or table with posted events; what is drawn is
recorded by wrapping the screen's `blit_text`, so the tests read the words and sizes shown.
"""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from typing import Any

import pygame
import pytest
from test_finished_sheets import finished_yami
from test_ui_menus import (  # noqa: F401 - fixtures
    app,
    choose,
    click,
    control,
    ctx_of,
    key,
    press,
    pump,
    set_up_rami51,
    table,
    wait_for,
)
from ui_helpers import table as plain_table

from ramigui import i18n
from ramigui.bots import make_bot
from ramigui.rules import Game
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.storage import Store
from ramigui.ui import scoresheet
from ramigui.ui.app import App
from ramigui.ui.felt import felt
from ramigui.ui.game_screen import PauseMenu, SessionTable, start_table
from ramigui.ui.menu import MainMenu
from ramigui.ui.overlays import HandoffScene
from ramigui.ui.scoresheet import ScoreSheetScene
from ramigui.ui.settings_screen import SettingsScreen
from ramigui.ui.stats_screen import StatsScreen
from ramigui.ui.widgets import WHITE, ellipsized, text_width

SHOTS = Path(os.environ.get("RAMIGUI_SHOTS", "/tmp/shots-sheet"))
LONG_NAMES = ("Grand-mère Josette", "Tonton Jean-Baptiste", "Marie-Charlotte", "Maximilien", "Anne-Sophie",
              "Bartholomé")


def recorded_text(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[tuple[str, int, pygame.Rect]]:
    """(text, size, rect) of every `blit_text` the module makes from now on."""
    shown: list[tuple[str, int, pygame.Rect]] = []
    original = module.blit_text

    def spy(target: pygame.Surface, text: str, size: int, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = original(target, text, size, *args, **kwargs)
        shown.append((text, size, rect))
        return rect

    monkeypatch.setattr(module, "blit_text", spy)
    return shown


def save_shot(name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(SHOTS / f"{name}.png"))


def long_names_sheet(app: App, store: Store, rounds: int) -> ScoreSheetScene:  # noqa: F811
    """Six players with long names, `rounds` rounds played by bots, the sheet opened with Tab."""
    seats = (Seat(LONG_NAMES[0]),) + tuple(Seat(name, "easy") for name in LONG_NAMES[1:])
    session = GameSession.new(GameSetup("rami", seats), store, seed=5)
    bots = [make_bot("rami", "easy", seat) for seat in range(6)]
    while len(session.game.results) < rounds or session.game.round_over:
        game = session.game
        session.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
    scene = start_table(app, ctx_of(app), session)
    wait_for(app, lambda: scene.is_human_turn() or scene.game.round_over, 30)
    key(app, pygame.K_TAB)
    sheet = app.top
    assert isinstance(sheet, ScoreSheetScene)
    return sheet


# --- the score sheet ------------------------------------------------------------------------


def test_ellipsized_fits_the_width_and_keeps_short_text() -> None:
    pygame.font.init()
    assert ellipsized("Anne", 16, 200) == "Anne"
    cut = ellipsized("Tonton Jean-Baptiste", 16, 70, True)
    assert cut.endswith("…") and cut.startswith("Ton") and text_width(cut, 16, True) <= 70


def test_six_long_names_share_one_header_size_and_never_overlap(
        app: App, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    sheet = long_names_sheet(app, store, rounds=1)
    shown = recorded_text(monkeypatch, scoresheet)
    app.draw()
    save_shot("long_names_sheet_fr" if i18n.language() == "fr" else "long_names_sheet")
    headers = [(text, size, rect) for text, size, rect in shown
               if any(text == name or (text.endswith("…") and name.startswith(text[:-1])) for name in LONG_NAMES)]
    table_headers = headers[:6]  # the table's header comes before the chart's legend
    assert len({size for _, size, _ in table_headers}) == 1
    assert table_headers[0][1] >= sheet.m.small
    rects = [rect for _, _, rect in table_headers]
    assert all(a.right <= b.left for a, b in zip(rects, rects[1:], strict=False))
    legend = [text for text, _, _ in headers[6:]]
    assert legend == list(LONG_NAMES)  # every player is in the legend, none cut at 1024×600


def test_an_empty_sheet_says_no_round_once_and_counts_rounds_in_words(
        app: App, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    long_names_sheet(app, store, rounds=0)
    shown = recorded_text(monkeypatch, scoresheet)
    app.draw()
    texts = [text for text, _, _ in shown]
    assert texts.count(i18n.tr("sheet.no_rounds")) == 1
    assert "0 rounds" in texts


def test_the_chart_says_under_each_point_which_round_it_is(
        app: App, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """"4 rounds" at the chart's right end was its only label: a family could not tell in
    which round a line jumped. Each round's number now stands under its point."""
    long_names_sheet(app, store, rounds=3)
    shown = recorded_text(monkeypatch, scoresheet)
    app.draw()
    under = [(text, rect) for text, _, rect in shown if text in ("1", "2", "3")][-3:]  # the chart comes last
    assert [text for text, _ in under] == ["1", "2", "3"], shown
    assert under[0][1].centerx < under[1][1].centerx < under[2][1].centerx
    assert len({rect.top for _, rect in under}) == 1  # one row, under the chart


@pytest.mark.parametrize("count", [1, 5, 12, 23, 40, 99, 140])
def test_round_numbers_under_a_long_chart_never_overlap(count: int) -> None:
    """A Gin game runs to twenty hands and more: one number in 2, 5, 10… then, never
    touching, always the first."""
    width, label = 300, 26
    ticks = scoresheet.round_ticks(count, width, label)
    assert ticks[0] == 1 and ticks[-1] <= count
    gaps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
    assert all(gap * width / count >= label for gap in gaps), (count, ticks)
    assert len(ticks) >= min(count, width // label // 2)


@pytest.mark.parametrize(("lang", "counts"), [
    ("en", {0: "0 rounds", 1: "1 round", 2: "2 rounds"}),
    ("fr", {0: "0 manche", 1: "1 manche", 2: "2 manches"}),
])
def test_round_counts_take_the_singular_or_plural(lang: str, counts: dict[int, str]) -> None:
    i18n.set_language(lang)
    try:
        assert {n: i18n.tr_count("sheet.rounds_axis", n) for n in counts} == counts
    finally:
        i18n.set_language("en")


def test_the_yami_sheet_toggle_is_english_in_english() -> None:
    i18n.set_language("en")
    assert i18n.tr("sheet.show_grid") == "Grid"


# --- dates ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "expected"), [("fr", "23 nov. 2026 à 14:22"), ("en", "23 Nov 2026, 14:22")])
def test_dates_are_written_the_way_each_language_does(lang: str, expected: str) -> None:
    i18n.set_language(lang)
    try:
        assert i18n.date_text("2026-11-23T14:22:05") == expected
        assert i18n.date_text("hier") == "hier"  # an old record's free text is shown as it is
    finally:
        i18n.set_language("en")


def test_the_history_shows_the_date_in_french(app: App, store: Store) -> None:  # noqa: F811
    finished_yami(store)
    ctx_of(app).change(app, language="fr")
    press(app, "stats")
    assert isinstance(app.top, StatsScreen)
    choose(app, "page", "history")
    title = control(app, "open_game").title()
    assert "T" not in title.split(" · ")[0] and " à " in title and "-" not in title.split(" · ")[0]


def test_the_statistics_headings_share_one_size_and_wrap_whole(app: App, store: Store) -> None:  # noqa: F811
    """In French "Meilleure manche" and "Dernière partie", each shrunk to its column, were
    half the size of "Jouées": every heading now has one size, on two lines where needed."""
    from screen_texts import drawn_texts

    from ramigui.bots import make_bot
    from ramigui.session import GameSession, GameSetup, Seat

    session = GameSession.new(GameSetup("gin", (Seat("Ana"), Seat("Bob", "medium"))), store, seed=5)
    bots = [make_bot("gin", "medium", seat) for seat in range(2)]
    while not session.game.game_over:  # Ana's seat played by a bot's choices, filed as hers
        game = session.game
        session.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
    ctx_of(app).change(app, language="fr")
    press(app, "stats")
    choose(app, "page", "variants")
    with drawn_texts() as drawn:
        app.draw()
    heads = ["Terminées", "Gagnées", "Meilleure", "manche", "Dernière", "partie", "Abandonnées"]
    sizes = {d.text: d.size for d in drawn if d.text in heads}
    assert {"Terminées", "Meilleure", "Dernière", "Abandonnées"} <= set(sizes), [d.text for d in drawn]  # words whole
    assert len(set(sizes.values())) == 1, sizes
    # a cell shrunk to fit its column (the date) sits on its row's line, not above it
    row = [d for d in drawn if d.text == "Ana" or d.text.endswith(str(date.today().year))]
    assert len(row) == 2 and row[1].size < row[0].size, row
    assert abs(row[0].rect.centery - row[1].rect.centery) <= 2, row


# --- settings -------------------------------------------------------------------------------


def test_every_settings_label_has_one_size_and_long_ones_wrap_whole(app: App) -> None:  # noqa: F811 - the fixture
    ctx_of(app).change(app, language="fr")
    press(app, "settings")
    screen = app.top
    assert isinstance(screen, SettingsScreen)
    app.draw()
    save_shot("settings_fr")
    rows = [label for label in screen.labels if label.colour == WHITE]
    assert len({label.size for label in rows}) == 1
    shown = " ".join(label.text for label in rows)
    assert i18n.tr("settings.confirm_knock") in shown  # whole, on one or two lines
    assert "…" not in shown


# --- the hand-off ---------------------------------------------------------------------------


def at_handoff(app: App) -> HandoffScene:  # noqa: F811 - the fixture
    set_up_rami51(app)
    wait_for(app, lambda: isinstance(app.top, HandoffScene) and app.top.ready)  # its guard is over
    scene = app.top
    assert isinstance(scene, HandoffScene)
    return scene


def test_the_handoff_uses_the_chosen_felt(app: App) -> None:  # noqa: F811 - the fixture
    ctx_of(app).change(app, table_colour="red")
    at_handoff(app)
    app.draw()
    save_shot("handoff_red")
    surface = pygame.display.get_surface()
    corner = (2, 2)
    assert surface.get_at(corner) == felt(surface.get_size(), "red").get_at(corner)
    assert surface.get_at(corner) != felt(surface.get_size(), "green").get_at(corner)


def test_escape_at_the_handoff_opens_the_pause_menu_without_a_hand(app: App) -> None:  # noqa: F811 - the fixture
    handoff = at_handoff(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    assert handoff in app.scenes and table(app).viewer is None  # the hand stays hidden under it
    app.draw()
    save_shot("handoff_pause")
    key(app, pygame.K_ESCAPE)
    assert app.top is handoff
    key(app, pygame.K_TAB)
    assert isinstance(app.top, ScoreSheetScene) and handoff in app.scenes
    key(app, pygame.K_TAB)
    assert app.top is handoff and table(app).viewer is None


def test_the_pause_menu_from_the_handoff_leaves_the_game(app: App) -> None:  # noqa: F811 - the fixture
    at_handoff(app)
    key(app, pygame.K_ESCAPE)
    press_pause(app, "leave_game")
    assert isinstance(app.top, MainMenu)
    assert not any(isinstance(scene, (SessionTable, HandoffScene)) for scene in app.scenes)


def press_pause(app: App, action: str) -> None:  # noqa: F811 - the fixture
    menu = app.top
    assert isinstance(menu, PauseMenu)
    button = next(button for button in menu.buttons if button.action == action)
    click(app, button.rect.center)
    pump(app)


def test_escape_at_a_plain_tables_handoff_does_nothing(app: App) -> None:  # noqa: F811 - the fixture
    game = Game.from_position("rami_base", hands=[["7H", "8H", "9H", "KS"], ["2C", "5D", "9S"]],
                              stock=["10H", "4C", "6C", "3D"], discard=["5H"], to_play=0)
    scene = plain_table(app, game, humans=[True, True])
    handoff = app.top
    assert isinstance(handoff, HandoffScene)
    wait_for(app, lambda: handoff.ready)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_TAB)
    assert app.top is handoff and scene.viewer is None


def test_the_french_prompt_is_gender_neutral() -> None:
    i18n.set_language("fr")
    try:
        prompt = i18n.tr("handoff.prompt", name="Ana")
    finally:
        i18n.set_language("en")
    assert "prêt" not in prompt and "seul" not in prompt and "touche O" in prompt
