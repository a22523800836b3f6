"""Where ramigui keeps its files: the user's data and config folders, and nowhere else.

The folders come from platformdirs (so they follow each system's conventions) and can be
moved with `RAMIGUI_DATA_DIR` / `RAMIGUI_CONFIG_DIR` — tests, CI and the kill -9 soak point
them at a temporary folder. `ramigui.storage` refuses to write anywhere outside them, so a
bug elsewhere can never scribble over the user's own files.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "ramigui"
DATA_ENV = "RAMIGUI_DATA_DIR"
PICTURES_ENV = "RAMIGUI_PICTURES_DIR"
CONFIG_ENV = "RAMIGUI_CONFIG_DIR"

SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
PEOPLE_FILE = "people.json"
CURRENT_GAME_FILE = "current_game.json"
LOCK_FILE = "ramigui.lock"
RECORDS_LOCK_FILE = "records.lock"
LOGS_FOLDER = "logs"
HOST_FOLDER = "host"
"""`ramigui host`'s own folder inside the data folder (its save and its lock)."""


def _folder(env: str, kind: str) -> Path:
    override = os.environ.get(env)
    if override:
        return Path(override).expanduser().resolve()
    import platformdirs

    if kind == "data":
        return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)).resolve()
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)).resolve()


def data_dir() -> Path:
    """Saves, statistics, exported logs and the instance lock."""
    return _folder(DATA_ENV, "data")


def config_dir() -> Path:
    """settings.json and the user's own variants.yaml."""
    return _folder(CONFIG_ENV, "config")


def pictures_dir() -> Path:
    """Where a score sheet saved as a picture goes: the user's pictures folder
    (`RAMIGUI_PICTURES_DIR` moves it), or the data folder where there is none."""
    override = os.environ.get(PICTURES_ENV)
    if override:
        return Path(override).expanduser().resolve()
    import platformdirs

    try:
        found = Path(platformdirs.user_pictures_dir()).resolve()
    except Exception:  # noqa: BLE001 - any platform without one: the data folder
        return data_dir()
    return found if found.is_dir() and found != Path.home().resolve() else data_dir()


def saves_sharing_logs(records: Path) -> tuple[Path, Path]:
    """Every save whose game keeps its log in `records`/logs while it is played: the
    window's and `ramigui host`'s (pruning old logs must spare both)."""
    return records / CURRENT_GAME_FILE, records / HOST_FOLDER / CURRENT_GAME_FILE


def user_roots() -> tuple[Path, Path]:
    """The only folders ramigui ever writes into."""
    return data_dir(), config_dir()


def is_inside(path: Path, roots: tuple[Path, ...]) -> bool:
    """Whether `path` (resolved, so `..` and links cannot escape) lies in one of `roots`."""
    target = path.expanduser().resolve()
    return any(target == root or root in target.parents for root in roots)
