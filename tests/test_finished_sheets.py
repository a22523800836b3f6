"""A finished Yami game keeps its grilles in the history, and the statistics show them.

Seed 002: "the history of finished games with their score sheets"; for Yami the score sheet
is "the grille with its 16 boxes and bonus, filled and crossed boxes visible".
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from test_ui_menus import app, choose, click, control, key, press  # noqa: F401 - fixtures

from ramigui.bots import make_bot
from ramigui.rules.yami_boxes import SHEET_BOXES
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.stats import FinishedGame, YamiSheets, load_stats
from ramigui.storage import BrokenFile, Store
from ramigui.ui.app import App
from ramigui.ui.replay_screen import ReplayScreen
from ramigui.ui.scoresheet import ScoreSheetScene

SHOTS = Path(os.environ.get("RAMIGUI_SHOTS", "/tmp/shots-helper-hints"))


def finished_yami(store: Store) -> GameSession:  # noqa: F811 - the fixture's name
    session = GameSession.new(GameSetup("yami", (Seat("Ana", "medium"), Seat("Bob", "medium"))), store, seed=5)
    bots = [make_bot("yami", "medium", seat) for seat in range(2)]
    while not session.game.game_over:
        game = session.game
        session.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
    return session


def test_a_finished_yami_game_stores_its_full_grilles(store: Store) -> None:  # noqa: F811
    session = finished_yami(store)
    game = load_stats(store).history[-1]
    assert game.yami is not None
    for seat, marks in enumerate(game.yami.marks):
        assert set(marks) == set(SHEET_BOXES)  # 16 boxes, one per deal
        filled = sum(points or 0 for points in marks.values())
        assert game.yami.totals[seat] == filled + game.yami.bonus[seat] == game.totals[seat]
    public = session.game.view(0).public
    assert [dict(m) for m in game.yami.marks] == [dict(m) for m in public.sheets]


def test_grilles_survive_the_file_and_a_broken_grille_is_refused() -> None:
    sheets = YamiSheets(({"K": 15, "full": None}, {"paire": 5}), (15, 0), (0, 0), (15, 5))
    game = FinishedGame("g1", "2026-01-01T10:00:00", "yami", {}, ("Ana", "Bob"), (None, "easy"),
                        ((15, 5),), ("exposed",), (15, 5), (0,), False, sheets)
    back = FinishedGame.from_json(game.to_json())
    assert back.yami == sheets and back == game
    plain = FinishedGame.from_json({**game.to_json(), "yami": None})
    assert plain.yami is None
    broken = game.to_json()
    broken["yami"]["marks"][0]["nine"] = 5
    with pytest.raises(BrokenFile):
        FinishedGame.from_json(broken)


def test_the_history_opens_a_yami_game_on_its_grille(app: App, store: Store) -> None:  # noqa: F811
    finished_yami(store)
    press(app, "stats")
    choose(app, "page", "history")
    click(app, control(app, "open_game").rect.center)
    assert isinstance(app.top, ReplayScreen)  # replayed from its kept log, from the start
    key(app, pygame.K_END)
    key(app, pygame.K_TAB)  # the whole score sheet, as the game ended
    scene = app.top
    assert isinstance(scene, ScoreSheetScene)
    assert scene.data.yami is not None and scene.page == "grid"
    assert scene.data.yami == load_stats(store).history[-1].yami
    SHOTS.mkdir(parents=True, exist_ok=True)
    surface = pygame.display.get_surface()
    app.draw()
    pygame.image.save(surface, str(SHOTS / "history_yami_grille.png"))


def test_the_viewer_is_vous_in_lower_case_within_a_sentence() -> None:
    """« gagnée par Vous » and « à Vous de jouer » read as mistakes (a newcomer's finding): the
    viewer's pronoun inside a sentence is in lower case; other names stay as written."""
    from dataclasses import replace

    from ramigui import i18n
    from ramigui.rules import Game
    from ramigui.settings import Settings
    from ramigui.ui.screen import Context
    from ramigui.ui.sound import Sounds
    from ramigui.ui.stats_screen import StatsScreen

    game = FinishedGame("g1", "2026-01-01T10:00:00", "rami51", {}, ("Vous", "Robot 1"), (None, "easy"),
                        ((0, 30),), ("out",), (0, 30), (0,), True)
    new = Game.new("rami51", 2, 5)
    session = GameSession(new, tuple(Seat("Vous" if s == new.to_play else "Léa") for s in range(2)), None)
    bots = [make_bot("rami51", "easy", seat) for seat in range(2)]
    for _ in range(4):
        session.play(bots[new.to_play].choose(new.view(new.to_play)))
    i18n.set_language("fr")
    try:
        assert StatsScreen._plain_title(game).endswith("gagnée par vous")
        assert StatsScreen._plain_title(replace(game, winners=(1,))).endswith("gagnée par Robot 1")
        replay = ReplayScreen(Context(None, Settings(), Sounds(False)), session)
        assert replay.cursor.at == 0 and replay.cursor.total == 4
        assert replay.status_text() == "à vous de jouer"
    finally:
        i18n.set_language("en")
