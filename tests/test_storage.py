"""storage: atomic writes, bounded reads, set-aside files, schema versions, the lock."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from ramigui import paths, storage
from ramigui.storage import (
    NOTICE_READ_ONLY,
    NOTICE_SET_ASIDE,
    BrokenFile,
    InstanceLock,
    Notice,
    OutsideUserFolders,
    ReadOnlyStore,
    Schema,
    Store,
)

CLOCK = datetime(2026, 11, 22, 3, 15, 0)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    opened = Store.open(clock=lambda: CLOCK)
    yield opened
    opened.close()


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- paths ----------------------------------------------------------------------------------


def test_env_overrides_move_both_folders(store: Store, tmp_path: Path) -> None:
    assert paths.data_dir() == (tmp_path / "data").resolve()
    assert paths.config_dir() == (tmp_path / "config").resolve()
    assert store.stats_path.parent == paths.data_dir()
    assert store.settings_path.parent == paths.config_dir()


def test_default_folders_come_from_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.DATA_ENV, raising=False)
    monkeypatch.delenv(paths.CONFIG_ENV, raising=False)
    assert "ramigui" in paths.data_dir().parts
    assert "ramigui" in paths.config_dir().parts


def test_is_inside_sees_through_dot_dot(tmp_path: Path) -> None:
    root = tmp_path.resolve()
    assert paths.is_inside(root / "a" / "b.json", (root,))
    assert not paths.is_inside(root / ".." / "escape.json", (root,))


# --- atomic writes --------------------------------------------------------------------------


def test_write_then_read_back(store: Store) -> None:
    store.write_json(store.stats_path, {"a": 1, "é": "ü"})
    assert json.loads(store.stats_path.read_text(encoding="utf-8")) == {"a": 1, "é": "ü"}
    assert files(store.data_dir) == [paths.LOCK_FILE, paths.STATS_FILE]


def test_crash_before_replace_keeps_the_old_file_whole(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    store.write_json(store.stats_path, {"old": True})
    before = store.stats_path.read_bytes()

    def crash(src: object, dst: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="power cut"):
        store.write_json(store.stats_path, {"new": True, "big": "x" * 100_000})
    assert store.stats_path.read_bytes() == before
    assert files(store.data_dir) == [paths.LOCK_FILE, paths.STATS_FILE]  # temp file cleaned


def test_hard_crash_leaves_only_a_temp_that_the_next_start_removes(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.write_json(store.stats_path, {"old": True})
    before = store.stats_path.read_bytes()
    seen: list[bytes] = []

    def die(src: str, dst: object) -> None:
        seen.append(Path(src).read_bytes())  # the new content was complete and synced
        raise KeyboardInterrupt  # stands for the process vanishing; cleanup is skipped below

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", die)
        patch.setattr(Path, "unlink", lambda self, missing_ok=False: None)
        with pytest.raises(KeyboardInterrupt):
            store.write_json(store.stats_path, {"new": True})
    assert json.loads(seen[0]) == {"new": True}
    assert store.stats_path.read_bytes() == before
    temps = [n for n in files(store.data_dir) if n.endswith(storage.TEMP_SUFFIX)]
    assert len(temps) == 1
    old = time.time() - storage.STALE_TEMP_SECONDS - 5
    os.utime(store.data_dir / temps[0], (old, old))  # the crash was a while ago
    store.close()
    again = Store.open()
    # cleared under the records' lock: `ramigui host` may be writing the statistics there
    assert files(again.data_dir) == [paths.LOCK_FILE, paths.RECORDS_LOCK_FILE, paths.STATS_FILE]
    again.close()


def test_write_syncs_file_and_folder(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real = os.fsync

    def counting_fsync(fd: int) -> None:
        synced.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", counting_fsync)
    store.write_json(store.stats_path, {})
    assert len(synced) == 2  # the temp file, then the folder


def test_writes_outside_the_user_folders_are_refused(store: Store, tmp_path: Path) -> None:
    with pytest.raises(OutsideUserFolders):
        store.write_json(tmp_path / "elsewhere.json", {})
    with pytest.raises(OutsideUserFolders):
        store.write_json(store.data_dir / ".." / "escape.json", {})
    assert not (tmp_path / "elsewhere.json").exists()
    assert not (tmp_path / "escape.json").exists()


# --- reading, schema, setting aside -------------------------------------------------------------


def _schema(version: int = 2) -> Schema:
    def v0(doc: dict[str, object]) -> dict[str, object]:
        doc["b"] = doc.pop("a")
        return doc

    def v1(doc: dict[str, object]) -> dict[str, object]:
        doc["c"] = int(str(doc["b"])) * 2
        return doc

    return Schema("test", version, {0: v0, 1: v1}, max_bytes=1000)


def _convert(doc: dict[str, object]) -> dict[str, object]:
    if not isinstance(doc.get("c"), int):
        raise BrokenFile("wrong_shape", "c")
    return doc


def test_version_0_is_migrated_step_by_step(store: Store) -> None:
    store.write_json(store.stats_path, {"a": "21"})
    loaded = store.load(store.stats_path, _schema(), _convert)
    assert loaded == {"b": "21", "c": 42, "version": 2}
    assert store.notices == ()


def test_save_stamps_the_version(store: Store) -> None:
    assert store.save(store.stats_path, _schema(), {"c": 1})
    assert json.loads(store.stats_path.read_text()) == {"c": 1, "version": 2}
    assert store.load(store.stats_path, _schema(), _convert) == {"c": 1, "version": 2}


def test_missing_file_is_no_notice(store: Store) -> None:
    assert store.load(store.stats_path, _schema(), _convert) is None
    assert store.notices == ()


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "not_json"),
        (b"\xff\xfe\x00garbage", "not_text"),
        (b'{"a": ', "not_json"),
        (b"[1, 2]", "wrong_shape"),
        (b'{"version": "2", "c": 1}', "wrong_shape"),
        (b'{"version": 3, "c": 1}', "newer_version"),
        (b'{"version": 1, "b": "x"}', "wrong_shape"),  # the migration itself fails
        (b'{"version": 2, "c": "1"}', "wrong_shape"),
        (b'{"version": 2, "c": NaN}', "not_json"),
        (b'{"c": 1, "pad": "' + b"x" * 2000 + b'"}', "too_big"),
        (b"[" * 100_000, "too_big"),
    ],
)
def test_bad_files_are_set_aside_and_reported(store: Store, content: bytes, reason: str) -> None:
    store.stats_path.write_bytes(content)
    assert store.load(store.stats_path, _schema(), _convert) is None
    aside = store.data_dir / "stats.json.broken-20261122-031500"
    assert aside.read_bytes() == content
    assert not store.stats_path.exists()
    (notice,) = store.take_notices()
    assert notice.key == NOTICE_SET_ASIDE
    assert notice.params["file"] == "stats.json"
    assert notice.params["reason"] == reason
    assert notice.params["kept_as"] == aside.name
    assert store.take_notices() == []  # told once


def test_deep_nesting_is_not_a_crash(store: Store) -> None:
    store.stats_path.write_bytes(b"[" * 900)
    schema = Schema("deep", 1, max_bytes=1_000_000)
    assert store.load(store.stats_path, schema, dict) is None
    assert store.notices[0].params["reason"] == "not_json"


def test_set_aside_never_overwrites_an_earlier_broken_copy(store: Store) -> None:
    for content in (b"one", b"two", b"three"):
        store.stats_path.write_bytes(content)
        store.load(store.stats_path, _schema(), _convert)
    kept = sorted(p for p in store.data_dir.iterdir() if ".broken-" in p.name)
    assert sorted(p.read_bytes() for p in kept) == [b"one", b"three", b"two"]
    assert len(store.take_notices()) == 3


def test_same_notice_is_queued_once(store: Store) -> None:
    store.notify("k", a="1")
    store.notify("k", a="1")
    store.notify("k", a="2")
    assert store.take_notices() == [Notice("k", {"a": "1"}), Notice("k", {"a": "2"})]


def test_yaml_is_read_with_the_safe_loader(store: Store) -> None:
    path = store.config_dir / "evil.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("!!python/object/apply:os.system ['echo hacked']\n")
    with pytest.raises(BrokenFile) as error:
        storage.load_yaml(path)
    assert error.value.reason == "not_yaml"
    path.write_text("a: [1, 2]\n")
    assert storage.load_yaml(path) == {"a": [1, 2]}


# --- the lock ----------------------------------------------------------------------------------


def test_second_copy_in_the_same_process_is_read_only(store: Store) -> None:
    assert store.lock is not None and store.lock.held
    second = Store.open()
    assert second.read_only
    (notice,) = second.take_notices()
    assert notice == Notice(NOTICE_READ_ONLY, {"pid": str(os.getpid())})
    with pytest.raises(ReadOnlyStore):
        second.write_json(second.stats_path, {})
    assert not second.save(second.stats_path, _schema(), {"c": 1})
    assert not second.stats_path.exists()


def test_read_only_copy_leaves_bad_files_alone(store: Store) -> None:
    store.stats_path.write_bytes(b"garbage")
    second = Store.open()
    assert second.load(second.stats_path, _schema(), _convert) is None
    assert store.stats_path.read_bytes() == b"garbage"
    assert [n.key for n in second.take_notices()] == [NOTICE_READ_ONLY, storage.NOTICE_IGNORED]


def test_lock_is_free_again_after_close(store: Store) -> None:
    store.close()
    again = Store.open()
    assert not again.read_only
    again.close()


HOLDER = """
import sys, time
from pathlib import Path
from ramigui.storage import InstanceLock
lock = InstanceLock(Path(sys.argv[1]))
lock.acquire()
print("locked", flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")
def test_lock_against_another_process_and_freed_by_kill_9(tmp_path: Path) -> None:
    lock_path = tmp_path / "data" / paths.LOCK_FILE
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(lock_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with pytest.raises(storage.AlreadyRunning) as error:
            InstanceLock(lock_path).acquire()
        assert error.value.pid == holder.pid
        assert str(holder.pid) in str(error.value)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    deadline = time.monotonic() + 5
    lock = InstanceLock(lock_path)
    while True:
        try:
            lock.acquire()
            break
        except storage.AlreadyRunning:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    assert storage.read_pid(lock_path) == os.getpid()
    lock.release()


def test_an_unusable_data_folder_means_play_without_saving(tmp_path: Path) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    store = Store.open(blocker / "data", tmp_path / "config")
    assert store.read_only
    (notice,) = store.take_notices()
    assert notice.key == storage.NOTICE_NO_FOLDER
    assert not store.save(store.stats_path, _schema(), {"c": 1})


def test_a_start_leaves_a_fresh_temporary_file_alone(store: Store) -> None:
    """The window and `ramigui host` share the settings' folder: a temporary file written a
    moment ago is the other program's save in progress, never a crash's leftover to remove
    (its rename would then fail and the settings go unsaved)."""
    writing = store.config_dir / f".settings.json.abc{storage.TEMP_SUFFIX}"
    writing.parent.mkdir(parents=True, exist_ok=True)
    writing.write_text("{}", encoding="utf-8")
    leftover = store.config_dir / f".settings.json.old{storage.TEMP_SUFFIX}"
    leftover.write_text("{}", encoding="utf-8")
    old = time.time() - storage.STALE_TEMP_SECONDS - 5
    os.utime(leftover, (old, old))
    store.clear_stale_temps()
    assert writing.exists() and not leftover.exists()

