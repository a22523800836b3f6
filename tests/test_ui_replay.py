"""`ramigui replay FILE` opens the replay viewer on the replayed game."""

from __future__ import annotations

from pathlib import Path

import pytest

from ramigui.bots import make_bot
from ramigui.replay import replay_main
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.ui.replay_screen import ReplayScreen


def _log(tmp_path: Path) -> tuple[Path, GameSession]:
    setup = GameSetup("rami51", (Seat("Ana"), Seat("Bot", "medium")), {"rounds": 1})
    session = GameSession.new(setup, None, seed=4)
    bots = [make_bot("rami51", "medium", seat) for seat in range(2)]
    for _ in range(40):
        game = session.game
        session.play(bots[game.to_play].choose(game.view(game.to_play)))
    path = tmp_path / "game.log"
    path.write_text(session.log_text(), encoding="utf-8")
    return path, session


def test_replay_shows_the_replayed_game_on_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("RAMIGUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RAMIGUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("RAMIGUI_MAX_FRAMES", "5")
    path, original = _log(tmp_path)
    shown: list[ReplayScreen] = []
    real_init = ReplayScreen.__init__

    def spy(self, ctx, session):  # type: ignore[no-untyped-def]
        real_init(self, ctx, session)
        shown.append(self)

    monkeypatch.setattr(ReplayScreen, "__init__", spy)
    assert replay_main([str(path)]) == 0
    assert len(shown) == 1
    cursor = shown[0].cursor
    assert cursor.end.state == original.game.state
    assert cursor.end.moves_text() == original.game.moves_text()
