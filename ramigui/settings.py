"""The player's settings: a frozen, validated `Settings`, kept in the config folder and
read by the window as they are (`App.settings`): one class for what is chosen and stored.

Every field has a default and a list of allowed values, declared once in `CHOICES`, so
the settings screen, the validation and the tests read the same table. A hand-edited
file with a bad value is not thrown away whole: the original is set aside (kept for the
user), the good values are kept, the bad ones take their defaults, and the player is told.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from ramigui.i18n import system_language
from ramigui.session import GameSetup
from ramigui.storage import BrokenFile, Document, Schema, Store

LANGUAGES = ("fr", "en")
SPEEDS = ("slow", "normal", "fast", "instant")

CHOICES: dict[str, tuple[Any, ...]] = {
    "language": LANGUAGES,
    "card_size": ("small", "medium", "large"),
    "deck_style": ("classic", "four_colour"),
    "card_back": ("blue", "red", "green"),
    "table_colour": ("green", "blue", "red", "grey"),
    "animation_speed": SPEEDS,
    "bot_speed": SPEEDS,
    "hand_sort": ("suit", "rank", "none"),
    "sound": (True, False),
    "fullscreen": (True, False),
    "confirm_knock": (True, False),
    "confirm_go_out": (True, False),
}
"""Allowed values of each simple field (the settings screen offers exactly these)."""
CARD_SCALES = {"small": 0.85, "medium": 1.0, "large": 1.2}
"""The table's scale on its cards for each card size."""
PACES = {"slow": 1.8, "normal": 1.0, "fast": 0.45, "instant": 0.0}
"""Animation and bot pacing per speed (a factor on the normal durations)."""


@dataclass(frozen=True)
class Settings:
    """What the player chose; `replace(settings, sound=False)` makes a changed copy."""

    language: str = field(default_factory=system_language)
    card_size: str = "large"
    deck_style: str = "classic"
    card_back: str = "blue"
    table_colour: str = "green"
    animation_speed: str = "normal"
    bot_speed: str = "normal"
    sound: bool = True
    fullscreen: bool = False
    confirm_knock: bool = True
    confirm_go_out: bool = True
    hand_sort: str = "suit"
    last_setup: GameSetup | None = None
    variant_setups: tuple[GameSetup, ...] = ()
    """The last setup started of each variant, the newest first (at most `KEPT_SETUPS`):
    the New game screen brings back a game's own house rules and table size, not those of
    the game played last (three at Rami de base, then Gin for two, came back as two)."""
    window_size: tuple[int, int] | None = None
    """The window's last size (not maximised, not full screen); None: never opened yet."""
    window_maximised: bool = True
    """Whether the window was maximised when the game was last closed (the first start is)."""

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if not _allowed(value, allowed):
                raise ValueError(f"{name}: {value!r} is not one of {allowed}")

    @property
    def card_scale(self) -> float:
        return CARD_SCALES[self.card_size]

    @property
    def four_colour(self) -> bool:
        return self.deck_style == "four_colour"

    @property
    def pace(self) -> float:
        """The animations' factor (card flights, slide-backs)."""
        return PACES[self.animation_speed]

    @property
    def bot_pace(self) -> float:
        """The factor on a bot's thinking pause, set apart from the animations."""
        return PACES[self.bot_speed]

    def to_json(self) -> Document:
        document: Document = {name: getattr(self, name) for name in CHOICES}
        document["last_setup"] = None if self.last_setup is None else self.last_setup.to_json()
        document["variant_setups"] = [setup.to_json() for setup in self.variant_setups]
        document["window_size"] = None if self.window_size is None else list(self.window_size)
        document["window_maximised"] = self.window_maximised
        return document


def _allowed(value: Any, allowed: tuple[Any, ...]) -> bool:
    # `True in (1, 0)` is true in Python: compare types too, so 1 is not taken for True.
    return any(type(value) is type(choice) and value == choice for choice in allowed)


def settings_from_json(body: Document) -> tuple[Settings, list[str]]:
    """Settings from a migrated document, and the fields that were wrong (set to defaults)."""
    defaults = Settings()
    values: dict[str, Any] = {}
    wrong: list[str] = []
    known = {f.name for f in fields(Settings)} | {"version"}
    wrong.extend(sorted(key for key in body if key not in known))
    for name, allowed in CHOICES.items():
        if name in body:
            if _allowed(body[name], allowed):
                values[name] = body[name]
            else:
                wrong.append(name)
    if "window_size" in body:
        size = window_size_from_json(body["window_size"])
        if size is False:
            wrong.append("window_size")
        else:
            values["window_size"] = size
    if "window_maximised" in body:
        if isinstance(body["window_maximised"], bool):
            values["window_maximised"] = body["window_maximised"]
        else:
            wrong.append("window_maximised")
    setup = body.get("last_setup")
    if setup is not None:
        try:
            values["last_setup"] = GameSetup.from_json(setup)
        except (BrokenFile, ValueError):
            wrong.append("last_setup")
    if "variant_setups" in body:
        try:
            kept = body["variant_setups"]
            if not isinstance(kept, list):
                raise ValueError("not a list")
            values["variant_setups"] = tuple(GameSetup.from_json(item) for item in kept[:KEPT_SETUPS])
        except (BrokenFile, ValueError, TypeError, AttributeError):
            wrong.append("variant_setups")
    return replace(defaults, **values), wrong


KEPT_SETUPS = 40
"""How many variants' last setups the settings keep (the built-in games and a family's own)."""


def with_setup(kept: tuple[GameSetup, ...], setup: GameSetup) -> tuple[GameSetup, ...]:
    """`kept` with `setup` first, in place of its variant's older one."""
    return (setup, *(old for old in kept if old.variant != setup.variant))[:KEPT_SETUPS]


WINDOW_LIMITS = ((320, 200), (16384, 16384))
"""The smallest and largest window size a settings file may hold (the app clamps it further)."""


def window_size_from_json(value: Any) -> tuple[int, int] | None | bool:
    """A stored window size: [width, height] within WINDOW_LIMITS, or null; False if wrong."""
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        return False
    (low_w, low_h), (high_w, high_h) = WINDOW_LIMITS
    width, height = value
    if not (low_w <= width <= high_w and low_h <= height <= high_h):
        return False
    return width, height


def _settings_v0_to_v1(body: Document) -> Document:
    """Version 0 (the prototype) had `lang`, an `animations` switch and `four_colour`."""
    if "lang" in body:
        body["language"] = body.pop("lang")
    if "animations" in body:
        body["animation_speed"] = "normal" if body.pop("animations") else "instant"
    if "four_colour" in body:
        body["deck_style"] = "four_colour" if body.pop("four_colour") else "classic"
    return body


SETTINGS_SCHEMA = Schema("settings", 1, {0: _settings_v0_to_v1}, max_bytes=256_000)


def load_settings(store: Store) -> Settings:
    """The saved settings, or the defaults.

    A bad file is set aside (notice queued); a file with some bad values is set aside
    too, and the repaired settings (good values kept) are written in its place.
    """
    loaded = store.load(store.settings_path, SETTINGS_SCHEMA, settings_from_json)
    if loaded is None:
        return Settings()
    settings, wrong = loaded
    if wrong:
        store.set_aside(store.settings_path, BrokenFile("invalid_values", ", ".join(wrong)))
        save_settings(store, settings)
    return settings


def save_settings(store: Store, settings: Settings) -> bool:
    return store.save(store.settings_path, SETTINGS_SCHEMA, settings.to_json())
