"""Files on disk, safely: atomic writes, bounded reads, bad files set aside, one writer.

Why each piece is here:

- A crash or power cut at any instant must leave either the old file or the new one, so
  every write goes to a temporary file in the same folder, is flushed and fsynced, then
  `os.replace`d over the target, and the folder itself is fsynced.
- A bad file must never stop the app and never be lost: an unreadable, truncated, non-JSON,
  wrongly shaped, too big or too new file is renamed aside (`settings.json.broken-…`), the
  caller uses its defaults, and a `Notice` (a message key + params for the i18n layer) is
  queued for the app to show once.
- Files carry a schema `version`; older versions are migrated step by step on load.
- Only JSON and YAML (safe loader) are ever parsed: nothing on disk can run code.
- Only regular files are read or written over: a folder, a pipe, a socket or a device
  where a file should be is refused (looked at before it is opened, and opened without
  blocking, so a pipe with no writer never hangs the app) and set aside like a bad file.
- Two copies of the app must not write the same files: `Store.open` takes an exclusive
  lock; a second copy gets a read-only `Store` and a notice saying why.
- The family's records — the statistics and the games' logs — are shared by the window and
  `ramigui host` (whose save has a folder and a lock of its own): each log has a file of its
  own, and the statistics are read, changed and written under a lock held for that moment
  only (`Store.records_lock`), so neither program writes over a game the other just added.
- Nothing is written outside the user's data and config folders (`OutsideUserFolders`).
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO, Any, TypeVar

import yaml

from ramigui import paths

T = TypeVar("T")
Document = dict[str, Any]
Migration = Callable[[Document], Document]

DEFAULT_MAX_BYTES = 1_000_000
RECORDS_LOCK_WAIT = 5.0
"""Seconds to wait for the other program's change of the statistics (it takes milliseconds)."""
TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60.0
"""A temporary file this old is a crash's leftover; a younger one may be a write in progress."""
BROKEN_MARK = ".broken-"

# Notice keys (the i18n layer owns the sentences).
NOTICE_SET_ASIDE = "notice_file_set_aside"
NOTICE_IGNORED = "notice_file_ignored"
NOTICE_SAVE_FAILED = "notice_save_failed"
NOTICE_READ_ONLY = "notice_read_only"
NOTICE_NO_FOLDER = "notice_folder_unusable"


class StorageError(Exception):
    """A file operation ramigui refuses to do."""


class OutsideUserFolders(StorageError):
    """A write aimed outside the data and config folders (always a bug)."""


class ReadOnlyStore(StorageError):
    """A write through a read-only Store (another copy of the app holds the lock)."""


class RecordsBusy(StorageError):
    """The statistics stayed locked by another program longer than RECORDS_LOCK_WAIT."""


class AlreadyRunning(StorageError):
    """Another copy of ramigui holds the lock on the data folder."""

    def __init__(self, lock_path: Path, pid: int | None) -> None:
        self.lock_path = lock_path
        self.pid = pid
        who = f"process {pid}" if pid else "another process"
        super().__init__(f"ramigui is already running ({who} holds {lock_path})")


class BrokenFile(Exception):
    """Why a file cannot be used: a stable `reason` code and an English `detail`.

    Reasons: unreadable, too_big, not_text, not_json, wrong_shape, newer_version, plus
    any the caller adds (the session uses variant_gone and moves_fail).
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason}: {detail}" if detail else reason)


@dataclass(frozen=True)
class Notice:
    """Something the player must be told once, in words: an i18n key and its params."""

    key: str
    params: Mapping[str, str] = field(default_factory=dict)


# --- writing ---------------------------------------------------------------------------------


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX; Windows cannot open folders and needs not)."""
    if sys.platform == "win32":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace `path` by `data` so that readers only ever see the old or the new content.

    On any error the target is untouched and the temporary file removed. A hard crash can
    leave a stray `.<name>.<random>.tmp`, which `Store.open` clears away.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    fsync_folder(folder)


def dump_json(document: Any) -> bytes:
    """JSON as written to disk: UTF-8, readable by a human, stable key order."""
    text = json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True, allow_nan=False)
    return (text + "\n").encode("utf-8")


# --- reading ---------------------------------------------------------------------------------


def file_kind(mode: int) -> str:
    """What a stat mode says is at a path, in a word for the set-aside notice."""
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "special file"


def not_a_file(path: Path) -> BrokenFile | None:
    """Why `path` (present) is not a regular file we may read or replace, or None if it is
    one or is absent. A link to nothing is not a file either."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return BrokenFile("not_a_file", "a link to nothing") if os.path.islink(path) else None
    except OSError as error:
        return BrokenFile("unreadable", str(error))
    kind = file_kind(mode)
    return None if kind == "file" else BrokenFile("not_a_file", f"a {kind}, not a file")


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_bounded(path: Path, max_bytes: int) -> bytes:
    """The file's bytes; FileNotFoundError if absent, BrokenFile if unreadable, too big or
    not a regular file (a folder, a pipe, a device: looked at before opening, then opened
    without blocking and looked at again, in case it was swapped in between)."""
    problem = not_a_file(path)
    if problem is not None:
        raise problem
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise BrokenFile("unreadable", str(error)) from None
    try:
        kind = file_kind(os.fstat(fd).st_mode)
        if kind != "file":
            raise BrokenFile("not_a_file", f"a {kind}, not a file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = _read_at_most(handle, max_bytes)
    except OSError as error:
        raise BrokenFile("unreadable", str(error)) from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise BrokenFile("too_big", f"larger than {max_bytes} bytes")
    return data


def _read_at_most(handle: IO[bytes], max_bytes: int) -> bytes:
    # One byte more than allowed tells "too big" without reading a huge file whole.
    return handle.read(max_bytes + 1)


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BrokenFile("not_text", str(error)) from None


def parse_json(data: bytes) -> Any:
    """Decode JSON strictly (no NaN/Infinity); BrokenFile("not_json") otherwise."""
    text = _text(data)

    def refuse_constant(name: str) -> Any:
        raise ValueError(f"{name} is not allowed")

    try:
        return json.loads(text, parse_constant=refuse_constant)
    except (ValueError, RecursionError) as error:
        raise BrokenFile("not_json", str(error)) from None


def load_yaml(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> Any:
    """A YAML file read with the safe loader (never tags that build Python objects)."""
    text = _text(read_bounded(path, max_bytes))
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise BrokenFile("not_yaml", str(error)) from None


# --- checking shapes ---------------------------------------------------------------------------


def expect(value: Any, kind: type[T], where: str) -> T:
    """`value` if it has JSON type `kind` (a bool is not an int here), else BrokenFile."""
    if isinstance(value, kind) and not (isinstance(value, bool) and kind is not bool):
        return value
    raise BrokenFile("wrong_shape", f"{where}: expected {kind.__name__}, found {type(value).__name__}")


def expect_list(value: Any, kind: type[T], where: str) -> list[T]:
    """A JSON list whose items all have type `kind`."""
    items = expect(value, list, where)
    return [expect(item, kind, f"{where}[{index}]") for index, item in enumerate(items)]


def expect_key(document: Mapping[str, Any], key: str, kind: type[T]) -> T:
    """`document[key]`, present and of type `kind`."""
    if key not in document:
        raise BrokenFile("wrong_shape", f"missing {key!r}")
    return expect(document[key], kind, key)


def check_options(value: Any) -> dict[str, Any]:
    """Option values as stored: a JSON object of names to scalars."""
    options = expect(value, dict, "options")
    for name, option in options.items():
        if not isinstance(option, (bool, int, str)):
            raise BrokenFile("wrong_shape", f"option {name!r}: {option!r} is not a simple value")
    return dict(options)


# --- schema versions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Schema:
    """A file type's current version and the steps up to it.

    `migrations[n]` turns a version-n document into version n+1. A document without a
    `version` key is version 0 (files written before versions existed).
    """

    name: str
    version: int
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    max_bytes: int = DEFAULT_MAX_BYTES

    def upgrade(self, document: Any) -> Document:
        """The document at the current version; BrokenFile if it cannot get there."""
        if not isinstance(document, dict):
            raise BrokenFile("wrong_shape", f"expected a JSON object, not {type(document).__name__}")
        current: Document = document
        version = current.get("version", 0)
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            raise BrokenFile("wrong_shape", f"version {version!r} is not a whole number")
        if version > self.version:
            raise BrokenFile("newer_version", f"version {version}, this ramigui reads up to {self.version}")
        while version < self.version:
            current = self._step(current, version)
            version += 1
        return current

    def _step(self, document: Document, version: int) -> Document:
        migrate = self.migrations.get(version)
        if migrate is None:
            raise BrokenFile("wrong_shape", f"no migration from version {version}")
        try:
            upgraded = migrate(dict(document))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise BrokenFile("wrong_shape", f"cannot migrate from version {version}: {error!r}") from None
        upgraded["version"] = version + 1
        return upgraded

    def stamp(self, document: Mapping[str, Any]) -> Document:
        """The document with this schema's version, ready to write."""
        return {**document, "version": self.version}


# --- the lock ----------------------------------------------------------------------------------


class InstanceLock:
    """An exclusive lock on a file holding the owner's pid, released when the process dies.

    flock (POSIX) and msvcrt.locking (Windows) are dropped by the OS on exit, even on
    kill -9, so a crash never leaves a stale lock; the pid is only there to be reported.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: IO[bytes] | None = None

    @property
    def held(self) -> bool:
        return self._handle is not None

    def acquire(self, wait: float = 0.0) -> None:
        """Take the lock or raise AlreadyRunning: at once, or after trying for `wait` seconds."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = self.path.open("a+b")
        deadline = time.monotonic() + wait
        while True:
            try:
                _lock(handle)
                break
            except OSError:
                if time.monotonic() >= deadline:
                    handle.close()
                    raise AlreadyRunning(self.path, read_pid(self.path)) from None
                time.sleep(0.01)
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n".encode())
        handle.flush()
        self._handle = handle

    def release(self) -> None:
        if self._handle is None:
            return
        with contextlib.suppress(OSError):
            _unlock(self._handle)
        self._handle.close()
        self._handle = None


def read_pid(path: Path) -> int | None:
    """The pid written in a lock file, if readable."""
    try:
        text = path.read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


if sys.platform == "win32":
    import msvcrt

    # Windows locks a byte range and forbids others to read it: lock a byte far past the pid.
    _LOCK_OFFSET = 1 << 20

    def _lock(handle: IO[bytes]) -> None:
        handle.seek(_LOCK_OFFSET)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)

    def _unlock(handle: IO[bytes]) -> None:
        handle.seek(_LOCK_OFFSET)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(handle: IO[bytes]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(handle: IO[bytes]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


# --- the store ---------------------------------------------------------------------------------


class Store:
    """The app's files: where they are, how they are read and written, what went wrong.

    The app makes one with `Store.open()` at start, passes it to settings, stats and the
    game session, shows `take_notices()` once, and calls `close()` on exit.
    """

    def __init__(
        self,
        data_dir: Path,
        config_dir: Path,
        *,
        read_only: bool = False,
        clock: Callable[[], datetime] = datetime.now,
        records_dir: Path | None = None,
    ) -> None:
        self.data_dir = data_dir.expanduser().resolve()
        self.config_dir = config_dir.expanduser().resolve()
        self.records_dir = (records_dir or data_dir).expanduser().resolve()
        """Where the statistics and the games' logs are kept: the data folder itself, or
        for `ramigui host` (whose save is in a folder of its own) the window's data folder,
        so that every game is listed and counted in one place."""
        self.read_only = read_only
        self.clock = clock
        self.lock: InstanceLock | None = None
        self._notices: list[Notice] = []

    @classmethod
    def open(
        cls,
        data_dir: Path | None = None,
        config_dir: Path | None = None,
        *,
        clock: Callable[[], datetime] = datetime.now,
        records_dir: Path | None = None,
    ) -> Store:
        """The folders of this user, locked for this process (`records_dir`: see `__init__`).

        If another copy holds the lock, the Store is read-only (it reads but never writes)
        and a `notice_read_only` notice with the other copy's pid is queued; if the data
        folder cannot be used at all, it is read-only with a `notice_folder_unusable`.
        """
        store = cls(data_dir or paths.data_dir(), config_dir or paths.config_dir(), clock=clock,
                    records_dir=records_dir)
        lock = InstanceLock(store.data_dir / paths.LOCK_FILE)
        try:
            lock.acquire()
        except AlreadyRunning as error:
            store.read_only = True
            store.notify(NOTICE_READ_ONLY, pid=str(error.pid or "?"))
            return store
        except OSError as error:
            # A folder that cannot be created or written must not stop the app: play unsaved.
            store.read_only = True
            store.notify(NOTICE_NO_FOLDER, folder=str(store.data_dir), detail=str(error))
            return store
        store.lock = lock
        store.clear_stale_temps()
        return store

    def close(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # --- where -------------------------------------------------------------------------------

    @property
    def settings_path(self) -> Path:
        return self.config_dir / paths.SETTINGS_FILE

    @property
    def stats_path(self) -> Path:
        return self.records_dir / paths.STATS_FILE

    @property
    def people_path(self) -> Path:
        return self.data_dir / paths.PEOPLE_FILE

    @property
    def current_game_path(self) -> Path:
        return self.data_dir / paths.CURRENT_GAME_FILE

    @property
    def logs_dir(self) -> Path:
        return self.records_dir / paths.LOGS_FOLDER

    @property
    def saves_sharing_logs(self) -> tuple[Path, ...]:
        """The saves whose games keep their logs in `logs_dir` as they are played: this
        store's, the window's and `ramigui host`'s."""
        return (self.current_game_path, *paths.saves_sharing_logs(self.records_dir))

    def check_writable(self, path: Path) -> None:
        """Refuse writes outside the user folders, and any write when read-only."""
        if not paths.is_inside(path, (self.data_dir, self.config_dir, self.records_dir)):
            raise OutsideUserFolders(f"{path} is outside {self.data_dir} and {self.config_dir}")
        if self.read_only:
            raise ReadOnlyStore(f"another copy of ramigui owns {path}")

    @contextlib.contextmanager
    def records_lock(self, wait: float = RECORDS_LOCK_WAIT) -> Iterator[None]:
        """Hold the records' lock for one change of a file the window and `ramigui host`
        both write (the statistics: read, change, write). Raises RecordsBusy after `wait`
        seconds, ReadOnlyStore when read-only, OSError if the lock file cannot be made."""
        if self.read_only:
            raise ReadOnlyStore("another copy of ramigui owns the folders")
        lock = InstanceLock(self.records_dir / paths.RECORDS_LOCK_FILE)
        try:
            lock.acquire(wait)
        except AlreadyRunning:
            raise RecordsBusy(f"{lock.path} stayed locked for {wait:g} s") from None
        try:
            yield
        finally:
            lock.release()

    # --- notices -----------------------------------------------------------------------------

    def notify(self, key: str, **params: str) -> None:
        """Queue a notice for the app, once: the same notice twice is shown once."""
        notice = Notice(key, dict(params))
        if notice not in self._notices:
            self._notices.append(notice)

    def take_notices(self, *keys: str) -> list[Notice]:
        """The queued notices (only those with these keys, if any are given), oldest first;
        they leave the queue."""
        taken = [n for n in self._notices if not keys or n.key in keys]
        self._notices = [n for n in self._notices if n not in taken]
        return taken

    @property
    def notices(self) -> tuple[Notice, ...]:
        """The queued notices without taking them (for tests and logs)."""
        return tuple(self._notices)

    # --- reading and writing -----------------------------------------------------------------

    def write_bytes(self, path: Path, data: bytes) -> None:
        self.check_writable(path)
        atomic_write_bytes(path, data)

    def save_picture(self, name: str, data: bytes) -> Path:
        """Write a picture (a PNG the player asked for) into the pictures folder, or the
        data folder where there is none, under `name` made unique; its path. The one write
        outside the app's own folders, and only of a bare file name into that folder.
        Raises OSError or StorageError."""
        if self.read_only:
            raise ReadOnlyStore("another copy of ramigui owns the folders")
        folder = paths.pictures_dir()
        if Path(name).name != name or name.startswith("."):
            raise OutsideUserFolders(f"{name!r} is not a file name")
        path = folder / name
        count = 2
        while path.exists():
            path = folder / f"{Path(name).stem}-{count}{Path(name).suffix}"
            count += 1
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, data)
        return path

    def write_json(self, path: Path, document: Any) -> None:
        self.write_bytes(path, dump_json(document))

    def save(self, path: Path, schema: Schema, document: Mapping[str, Any]) -> bool:
        """Write a versioned document; False (and a notice, once) if it could not be written.

        A failed save must not stop the game: the player is told and play goes on.
        """
        if self.read_only:
            return False
        problem = not_a_file(path)
        if problem is not None:  # a folder in the way would fail every save: keep it aside
            self.set_aside(path, problem)
        try:
            self.write_json(path, schema.stamp(document))
        except (OSError, ValueError, TypeError) as error:
            self.notify(NOTICE_SAVE_FAILED, file=path.name, reason=str(error))
            return False
        return True

    def load(self, path: Path, schema: Schema, convert: Callable[[Document], T]) -> T | None:
        """The file's content converted, or None if absent or set aside (notice queued).

        `convert` builds the caller's object from the migrated document and raises
        BrokenFile (or KeyError / TypeError / ValueError) when the shape is wrong.
        """
        try:
            data = read_bounded(path, schema.max_bytes)
        except FileNotFoundError:
            return None
        except BrokenFile as error:
            self.set_aside(path, error)
            return None
        try:
            return convert(schema.upgrade(parse_json(data)))
        except BrokenFile as error:
            self.set_aside(path, error)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            self.set_aside(path, BrokenFile("wrong_shape", repr(error)))
        return None

    def set_aside(self, path: Path, error: BrokenFile) -> Path | None:
        """Rename a bad file to `<name>.broken-<time>` (kept for the user) and say so.

        Read-only, the file is left alone (the other copy owns it) and only reported.
        """
        params = {"file": path.name, "reason": error.reason, "detail": error.detail}
        if self.read_only:
            self.notify(NOTICE_IGNORED, **params)
            return None
        aside = self._aside_name(path)
        try:
            self.check_writable(aside)
            os.replace(path, aside)
            fsync_folder(path.parent)
        except (OSError, StorageError) as failure:
            self.notify(NOTICE_IGNORED, **{**params, "detail": f"{error.detail} ({failure})"})
            return None
        self.notify(NOTICE_SET_ASIDE, **params, kept_as=aside.name)
        return aside

    def _aside_name(self, path: Path) -> Path:
        stamp = self.clock().strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}{BROKEN_MARK}{stamp}")
        count = 2
        while aside.exists():
            aside = path.with_name(f"{path.name}{BROKEN_MARK}{stamp}-{count}")
            count += 1
        return aside

    def remove(self, path: Path) -> None:
        """Delete a file of ours if it exists (the finished game's autosave)."""
        if self.read_only:
            return
        self.check_writable(path)
        try:
            path.unlink()
        except FileNotFoundError:
            return
        fsync_folder(path.parent)

    def clear_stale_temps(self) -> None:
        """Remove temporary files a hard crash left between write and replace: only those
        older than STALE_TEMP_SECONDS, since the folders are shared (the window and `ramigui
        host` share the settings' folder and the records'), and a fresh one is the other
        program's write in progress. In the records' folder, only while holding the records' lock."""
        for folder in (self.data_dir, self.config_dir):
            if not folder.is_dir():
                continue
            stale = _stale_temps(folder)
            if not stale:
                continue
            if folder != self.records_dir:
                _remove_all(stale)
                continue
            with contextlib.suppress(OSError, StorageError), self.records_lock(wait=0.5):
                _remove_all(_stale_temps(folder))  # listed again: only the lock's holder may judge


def _stale_temps(folder: Path) -> list[Path]:
    """The temporary files in `folder` nobody has written for STALE_TEMP_SECONDS."""
    now = time.time()
    stale = []
    for path in folder.glob(f".*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            if now - path.stat().st_mtime > STALE_TEMP_SECONDS:
                stale.append(path)
    return stale


def _remove_all(files: list[Path]) -> None:
    for path in files:
        with contextlib.suppress(OSError):
            path.unlink()
