"""Game over, played through the real loop: the final sheet says who won and how the game
is won, offers "Play again" (the same people and rules, the next dealer) beside Main menu,
and saves itself as a picture into the pictures folder, saying where."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest
import test_ui_menus as menus
from screen_texts import drawn_texts
from test_ui_menus import click, control, finish_round, key, table, wait_for

from ramigui import paths
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.game_screen import SessionTable, start_table
from ramigui.ui.overlays import ROUND_END_GUARD, RoundEndScene
from ramigui.ui.scoresheet import ScoreSheetScene
from ramigui.ui.screen import MessageScene

app = menus.app

SEATS = (Seat("Ana"), Seat("Bob"), Seat("Bot 1", "easy"), Seat("Bot 2", "easy"))


def final_sheet(app: App, store: Store) -> tuple[ScoreSheetScene, GameSession]:
    app.settings = replace(app.settings, animation_speed="instant")
    session = GameSession.new(GameSetup("rami51", SEATS, {"rounds": 1}), store, seed=11)
    start_table(app, app.scenes[0].ctx, session)  # type: ignore[attr-defined]
    finish_round(app)
    wait_for(app, lambda: isinstance(app.top, RoundEndScene) and app.top.elapsed >= ROUND_END_GUARD)
    key(app, pygame.K_RETURN)
    wait_for(app, lambda: isinstance(app.top, ScoreSheetScene))
    sheet = app.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.final
    return sheet, session


def test_tab_on_the_last_rounds_panel_shows_the_scores_and_tab_comes_back(app: App, store: Store) -> None:
    """Tab opens the score sheet at the table; on the round's end panel it did nothing."""
    app.settings = replace(app.settings, animation_speed="instant")
    session = GameSession.new(GameSetup("rami51", SEATS, {"rounds": 1}), store, seed=11)
    start_table(app, app.scenes[0].ctx, session)  # type: ignore[attr-defined]
    finish_round(app)
    wait_for(app, lambda: isinstance(app.top, RoundEndScene))
    panel = app.top
    key(app, pygame.K_TAB)
    assert isinstance(app.top, ScoreSheetScene) and not app.top.final
    assert app.scenes[-2] is panel  # the sheet shows over the panel, which stays
    key(app, pygame.K_TAB)
    assert app.top is panel
    wait_for(app, lambda: panel.elapsed >= ROUND_END_GUARD)
    key(app, pygame.K_RETURN)
    wait_for(app, lambda: isinstance(app.top, ScoreSheetScene) and app.top.final)


def test_play_again_keeps_the_people_and_rules_and_the_next_player_deals(app: App, store: Store) -> None:
    sheet, session = final_sheet(app, store)
    assert [c.action for c in sheet.controls if hasattr(c, "action")][-2:] == ["play_again", "back"]
    click(app, control(app, "play_again").rect.center)
    again = table(app)
    assert isinstance(again, SessionTable) and again.session is not session
    assert again.session.seats == SEATS
    assert dict(again.game.variant.chosen) == dict(session.game.variant.chosen) and again.game.variant.rounds == 1
    first = session.game.first_dealer
    assert again.game.first_dealer == session.game.variant.seat_after(first, 4)
    assert GameSession.has_saved_game(store)  # the new game, saved at once


def test_the_sheet_is_saved_as_a_picture_and_the_path_said(app: App, store: Store, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.PICTURES_ENV, str(tmp_path / "Pictures"))
    sheet, _ = final_sheet(app, store)
    click(app, control(app, "picture").rect.center)
    saved = sheet.saved_picture
    assert saved is not None and saved.parent == tmp_path / "Pictures" and saved.suffix == ".png"
    assert saved.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    picture = pygame.image.load(str(saved))
    assert picture.get_width() == sheet.size[0], "the whole sheet's width"
    assert sheet.viewport.bottom <= picture.get_height() < sheet.size[1], "without the buttons' empty band"
    assert isinstance(app.top, MessageScene) and str(saved) in app.top.detail


def test_without_a_pictures_folder_the_picture_goes_to_the_data_folder(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    import platformdirs

    monkeypatch.delenv(paths.PICTURES_ENV, raising=False)
    monkeypatch.setattr(platformdirs, "user_pictures_dir", lambda: str(tmp_path / "none"))
    assert paths.pictures_dir() == paths.data_dir()


def test_the_rami_sheet_says_why_the_losers_have_their_points(app: App, store: Store) -> None:
    sheet, session = final_sheet(app, store)
    result = session.game.results[0]
    losers = [seat for seat, points in enumerate(result.points) if points and seat != result.winner]
    assert losers
    assert sheet.data.note() == "Each round, the others score the points left in their hand"
    assert sheet.data.note() not in sheet.data.round_words(0)  # said once for the sheet, not per round
    with drawn_texts() as drawn:
        app.draw()
    assert [d.text for d in drawn].count(sheet.data.note()) == 1
    note = next(d for d in drawn if d.text == sheet.data.note())
    round_words = [d for d in drawn if d.text in sheet.data.round_words(0)]
    assert round_words and 0 <= note.rect.top - max(d.rect.bottom for d in round_words) < 3 * note.size, \
        "said right under the round it explains, not at the sheet's foot"


def test_a_game_played_in_the_window_leaves_its_log(app: App, store: Store) -> None:
    from ramigui.session import find_log, replay_log
    from ramigui.stats import load_stats

    _, session = final_sheet(app, store)
    path = find_log(store, session.game_id)
    assert path is not None and load_stats(store).history[-1].log == path.name
    assert replay_log(path.read_text(encoding="utf-8")).game.scores == session.game.scores


def test_the_window_keeps_the_log_at_each_rounds_end(app: App, store: Store) -> None:
    """A crash mid-game loses at most the round being played from the kept log: at a round's
    end the log on disk holds every move so far and the round's points, and replays to them."""
    from ramigui.session import find_log, replay_log

    app.settings = replace(app.settings, animation_speed="instant")
    session = GameSession.new(GameSetup("rami51", SEATS[1:3], {"rounds": 2}), store, seed=11)
    start_table(app, app.scenes[0].ctx, session)  # type: ignore[attr-defined]
    finish_round(app)
    assert session.game.round_over and not session.game.game_over
    path = find_log(store, session.game_id)
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert "round 1 points: " in text
    kept = replay_log(text).game
    assert kept.moves_text() == session.game.moves_text()
    assert [r.points for r in kept.results] == [r.points for r in session.game.results]
