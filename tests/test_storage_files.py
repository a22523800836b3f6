"""Every file type, truncated at every byte or filled with garbage, loads as "set aside + defaults".

The three files the app reads at start (settings.json, stats.json, current_game.json) are
written by the real code, then damaged. Each damaged file must give the defaults (no saved
game offered, for current_game.json), be kept aside byte for byte, and queue one notice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramigui.session import GameSession, GameSetup, Seat
from ramigui.settings import Settings, load_settings, save_settings
from ramigui.stats import FinishedGame, Stats, load_stats, save_stats
from ramigui.storage import NOTICE_SET_ASIDE, Store


@dataclass(frozen=True)
class FileType:
    name: str
    path: Callable[[Store], Path]
    write_sample: Callable[[Store], None]
    load_is_default: Callable[[Store], bool]


def _write_settings(store: Store) -> None:
    setup = GameSetup("rami51", (Seat("Ana"), Seat("Bob", "hard")), {"rounds": 3})
    save_settings(store, Settings(language="fr", card_size="large", sound=False, last_setup=setup))


def _write_stats(store: Store) -> None:
    game = FinishedGame(
        game_id="g1", finished="2026-11-22T03:15:00", variant="rami51", options={"rounds": 2},
        names=("Ana", "Zoé"), bots=(None, "easy"), rounds=((0, 40), (12, 0)), reasons=("out", "rami"),
        totals=(12, 40), winners=(0,), lower_wins=True,
    )
    save_stats(store, Stats().with_game(game))


def _write_game(store: Store) -> None:
    session = GameSession.new(
        GameSetup("rami51", (Seat("Ana"), Seat("Bob", "easy"), Seat("Zoé", "hard"))), store, seed=11
    )
    rng = random.Random(3)
    for _ in range(60):
        session.play(rng.choice(session.game.legal_moves()))


def _settings_default(store: Store) -> bool:
    return load_settings(store) == Settings()


def _stats_default(store: Store) -> bool:
    return load_stats(store) == Stats()


def _no_game(store: Store) -> bool:
    return GameSession.resume(store) is None


FILE_TYPES = [
    FileType("settings.json", lambda s: s.settings_path, _write_settings, _settings_default),
    FileType("stats.json", lambda s: s.stats_path, _write_stats, _stats_default),
    FileType("current_game.json", lambda s: s.current_game_path, _write_game, _no_game),
]
IDS = [kind.name for kind in FILE_TYPES]


def assert_set_aside(store: Store, kind: FileType, content: bytes) -> None:
    """Load the damaged file: defaults, the original gone, its exact copy kept, one notice."""
    path = kind.path(store)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    assert kind.load_is_default(store), content[:80]
    assert not path.exists()
    kept = [p for p in path.parent.iterdir() if p.name.startswith(kind.name + ".broken-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    notices = store.take_notices()
    assert [n.key for n in notices] == [NOTICE_SET_ASIDE]
    assert notices[0].params["file"] == kind.name
    kept[0].unlink()


@pytest.mark.parametrize("kind", FILE_TYPES, ids=IDS)
def test_sample_file_loads_cleanly(store: Store, kind: FileType) -> None:
    kind.write_sample(store)
    assert kind.path(store).is_file()
    assert not kind.load_is_default(store)
    assert store.notices == ()


@pytest.mark.parametrize("kind", FILE_TYPES, ids=IDS)
def test_truncated_at_every_byte_offset(store: Store, kind: FileType) -> None:
    kind.write_sample(store)
    full = kind.path(store).read_bytes()
    body = full.rstrip(b"\n")  # cutting only the final newline leaves the same valid JSON
    assert len(body) > 300
    for offset in range(len(body)):
        assert_set_aside(store, kind, full[:offset])


@pytest.mark.parametrize("kind", FILE_TYPES, ids=IDS)
def test_random_garbage(store: Store, kind: FileType) -> None:
    rng = random.Random(kind.name)
    kind.write_sample(store)
    full = kind.path(store).read_bytes()
    for _ in range(200):
        size = rng.randrange(1, 3000)
        assert_set_aside(store, kind, bytes(rng.randrange(256) for _ in range(size)))
    for _ in range(200):  # the real file with bytes that are never valid in JSON text written over
        damaged = bytearray(full)
        for _ in range(rng.randrange(1, 4)):
            damaged[rng.randrange(len(damaged) - 1)] = rng.choice(b"\x00\x01\x1f\xff")
        assert_set_aside(store, kind, bytes(damaged))


@pytest.mark.parametrize("kind", FILE_TYPES, ids=IDS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(min_size=1, max_size=400).filter(lambda b: not b.strip().startswith(b"{")))
def test_hypothesis_garbage(store: Store, kind: FileType, content: bytes) -> None:
    assert_set_aside(store, kind, content)


WRONG_SHAPES = [
    b"null", b"[]", b"42", b'"settings"', b'{"version": true}', b'{"version": 99}', b'{"version": -1}',
]


@pytest.mark.parametrize("kind", FILE_TYPES, ids=IDS)
@pytest.mark.parametrize("content", WRONG_SHAPES)
def test_hand_edited_wrong_shapes(store: Store, kind: FileType, content: bytes) -> None:
    assert_set_aside(store, kind, content)


@pytest.mark.parametrize("kind", FILE_TYPES, ids=IDS)
def test_too_big(store: Store, kind: FileType) -> None:
    assert_set_aside(store, kind, b'{"version": 1, "pad": "' + b"x" * 9_000_000 + b'"}')


def test_game_with_shape_errors_inside(store: Store) -> None:
    kind = FILE_TYPES[2]
    for content in (
        b'{"version": 1, "variant": "rami51", "seed": "7", "seats": [], "moves": []}',
        b'{"version": 1, "variant": "rami51", "seed": 7, "seats": [{"name": ""}], "moves": []}',
        b'{"version": 1, "variant": "rami51", "seed": 7, "seats": [{"name": "A"}, {"name": "B"}], "moves": [1]}',
        b'{"version": 1, "variant": "rami51", "seed": -4, "seats": [{"name": "A"}, {"name": "B"}]}',
        b'{"version": 1, "variant": "rami51", "seed": 4, "seats": [{"name": "A"}, {"name": "B"}], '
        b'"options": {"r": [1]}}',
    ):
        assert_set_aside(store, kind, content)
