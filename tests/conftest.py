"""What every test shares: a headless SDL, and its own data and config folders.

The game writes only into the user's data and config folders (ramigui.paths). A test that
forgets to point them somewhere would write into the real ones of whoever runs the tests,
and two tests running side by side (pytest-xdist) would share one save; so every test
starts with fresh folders of its own. A test that sets them itself (monkeypatch) wins.

Markers: `long` (kill -9 runs, random-play soaks, long bot matches) is left out of the
default run and run by `.ci/run` as a step of its own: `python -m pytest -m long`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import ramigui.variants  # noqa: F401  (the catalogue: tests name variants by id, Game.new("rami51", …))
from ramigui import i18n, paths
from ramigui.storage import Store

if TYPE_CHECKING:
    from ramigui.ui.app import App

# Before any test imports pygame: no window, no sound device, no banner.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def _own_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fresh RAMIGUI_DATA_DIR and RAMIGUI_CONFIG_DIR for each test."""
    home: Path = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("RAMIGUI_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("RAMIGUI_CONFIG_DIR", str(home / "config"))
    monkeypatch.setenv("RAMIGUI_PHONE_BIND", "127.0.0.1")  # a table's phone server: this machine only
    yield
    _built_in_catalogue_again(home, monkeypatch)


BUILT_IN_IDS = frozenset(ramigui.variants.load_catalogue(user=Path(__file__).parent / "no-such-variants.yaml").raw)
"""The variants of the catalogue read with no user file."""


def _built_in_catalogue_again(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that read a user's variants.yaml into the process's catalogue may leave it
    there (a fixture reloading while its folder is still set): the next test in this worker
    would see its variants and its errors (the New game screen's list shifted and a seat's
    chooser out of reach). Read again from an empty folder, only when that happened."""
    read = ramigui.variants.catalogue()
    if read.errors or set(read.raw) != BUILT_IN_IDS:
        monkeypatch.setenv("RAMIGUI_CONFIG_DIR", str(home / "no-user-file"))
        ramigui.variants.reload_catalogue()


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Each test starts in English and leaves English behind, whatever it switched to."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """The game's files, opened in this test's own folders (`tmp_path`/data and /config)."""
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    opened = Store.open()
    yield opened
    opened.close()


@pytest.fixture
def app() -> Iterator[App]:
    """A table's window (dummy driver, 1280 × 800, English), animations and bots instant."""
    from ui_helpers import open_app

    with open_app() as opened:
        yield opened
