"""The README's screenshot commands make the pictures it shows (the hint command's Escape
must not open the pause menu over the table, as docs/screenshots/hint-en.png shows)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest

from ramigui.ui import shots

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_commands() -> list[list[str]]:
    lines = [line.strip() for line in README.read_text(encoding="utf-8").splitlines()]
    return [shlex.split(line)[2:] for line in lines if line.startswith("ramigui screenshot ")]


def test_the_hint_picture_shows_the_table_not_the_pause_menu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ramigui.ui.game_screen import SessionTable

    command = next(c for c in readme_commands() if "--hint" in c)
    tops: list[Any] = []
    real_press = shots._press

    def press(app: Any, keys: list[int]) -> None:
        real_press(app, keys)
        tops.append(app.top)

    monkeypatch.setattr(shots, "_press", press)
    monkeypatch.setattr(shots.pygame.image, "save", lambda *args: None)
    size = command.index("--size")
    command = [*command[:size + 1], "800x500", *command[size + 2:-1], str(tmp_path / "hint.png")]
    assert shots.screenshot_main(command) == 0
    assert isinstance(tops[-1], SessionTable), f"the picture shows {type(tops[-1]).__name__}"
    scene = tops[-1]
    assert scene.hint is not None and scene.selected  # a hint and a selected card beside it
