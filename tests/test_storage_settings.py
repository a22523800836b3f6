"""settings.json: defaults, round trip, hand-edited values, the version-0 migration."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from ramigui import paths
from ramigui.session import GameSetup, Seat
from ramigui.settings import CHOICES, Settings, load_settings, save_settings
from ramigui.storage import NOTICE_SET_ASIDE, Store

CLOCK = datetime(2026, 11, 22, 3, 15, 0)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    opened = Store.open(clock=lambda: CLOCK)
    yield opened
    opened.close()


SETUP = GameSetup("rami51", (Seat("Ana"), Seat("Bob", "hard"), Seat("Zoé", "easy")), {"rounds": 3})


def test_no_file_means_defaults(store: Store) -> None:
    assert load_settings(store) == Settings()
    assert store.notices == ()
    assert not store.settings_path.exists()


@pytest.mark.parametrize(
    ("value", "language"),
    [("fr_FR.UTF-8", "fr"), ("fr_CA", "fr"), ("de_DE", "en"), ("en_US", "en")],
)
def test_language_defaults_from_the_system(monkeypatch: pytest.MonkeyPatch, value: str, language: str) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)  # it would come first (i18n.system_language)
    monkeypatch.setenv("LC_ALL", value)
    assert Settings().language == language


def test_round_trip_keeps_every_field(store: Store) -> None:
    chosen = Settings(
        language="fr", card_size="large", deck_style="four_colour", card_back="red", table_colour="blue",
        animation_speed="instant", bot_speed="slow", sound=False, fullscreen=True, confirm_knock=False,
        confirm_go_out=False, hand_sort="rank", last_setup=SETUP,
    )
    assert save_settings(store, chosen)
    assert json.loads(store.settings_path.read_text())["version"] == 1
    assert load_settings(store) == chosen
    assert store.notices == ()


def test_every_choice_is_accepted(store: Store) -> None:
    for name, allowed in CHOICES.items():
        for value in allowed:
            save_settings(store, replace(Settings(), **{name: value}))
            assert getattr(load_settings(store), name) == value
    assert store.notices == ()


def test_invalid_values_take_defaults_and_the_file_is_kept_aside(store: Store) -> None:
    original = {"version": 1, "language": "fr", "card_size": "huge", "sound": 1, "bot_speed": "fast", "colour": "x"}
    text = json.dumps(original)
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_text(text)
    loaded = load_settings(store)
    assert loaded == replace(Settings(), language="fr", bot_speed="fast")
    aside = store.config_dir / "settings.json.broken-20261122-031500"
    assert aside.read_text() == text
    (notice,) = store.take_notices()
    assert notice.key == NOTICE_SET_ASIDE
    assert notice.params["reason"] == "invalid_values"
    assert notice.params["detail"] == "colour, card_size, sound"
    assert load_settings(store) == loaded  # the repaired file was written
    assert store.take_notices() == []


def test_a_broken_last_setup_is_dropped_alone(store: Store) -> None:
    document = Settings(language="fr", last_setup=SETUP).to_json()
    document["last_setup"]["seats"][1]["bot"] = "godlike"
    store.write_json(store.settings_path, {**document, "version": 1})
    assert load_settings(store) == Settings(language="fr")
    assert store.take_notices()[0].params["detail"] == "last_setup"


def test_settings_refuse_impossible_values_in_code() -> None:
    with pytest.raises(ValueError, match="card_size"):
        Settings(card_size="huge")


def test_version_0_settings_are_migrated(store: Store) -> None:
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_text(json.dumps({"lang": "fr", "animations": False, "four_colour": True, "sound": False}))
    loaded = load_settings(store)
    assert loaded == replace(
        Settings(), language="fr", animation_speed="instant", deck_style="four_colour", sound=False
    )
    assert store.notices == ()
    save_settings(store, loaded)
    on_disk = json.loads(store.settings_path.read_text())
    assert on_disk["version"] == 1 and "lang" not in on_disk


def test_setup_rejects_bad_names() -> None:
    with pytest.raises(ValueError):
        Seat("")
    with pytest.raises(ValueError):
        Seat("x" * 40)
    with pytest.raises(ValueError):
        Seat("Ana", "expert")
    assert Seat("  Ana   Maria ").name == "Ana Maria"


def test_each_variants_last_setup_is_kept_and_a_broken_list_dropped_alone(store: Store) -> None:
    """The New game screen brings back each game's own table size and house rules
    (`variant_setups`); a hand-edited list that is wrong is set aside alone."""
    from ramigui.settings import KEPT_SETUPS, with_setup

    gin = GameSetup("gin", (Seat("Ana"), Seat("Bob")))
    kept = with_setup(with_setup(with_setup((), SETUP), gin), replace(SETUP, options={"rounds": 5}))
    assert [s.variant for s in kept] == [SETUP.variant, "gin"] and kept[0].options == {"rounds": 5}
    save_settings(store, Settings(language="fr", variant_setups=kept))
    assert load_settings(store).variant_setups == kept
    many = tuple(GameSetup(f"family_{n}", SETUP.seats) for n in range(KEPT_SETUPS + 5))
    assert len(with_setup(many, gin)) == KEPT_SETUPS
    document = Settings(language="fr", variant_setups=kept).to_json()
    document["variant_setups"] = [{"variant": "gin"}]
    store.write_json(store.settings_path, {**document, "version": 1})
    assert load_settings(store) == Settings(language="fr")
    assert store.take_notices()[0].params["detail"] == "variant_setups"
