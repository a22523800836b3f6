"""Short sounds made by the project: tones and soft clicks synthesised at start, no files.

Built with `array` (no numpy) as 16-bit samples handed to `pygame.mixer.Sound(buffer=…)`.
Audio is optional: if the mixer cannot start (no device, no driver) or a sound cannot be
built, `Sounds` turns itself off and every `play` is a no-op — the app never fails, and
never waits, for lack of audio.
"""

from __future__ import annotations

import math
import random
from array import array

import pygame

RATE = 22050
VOLUME = 0.35

Note = tuple[float, float]
"""(frequency in Hz, duration in seconds); frequency 0 is a short noise tick."""

RECIPES: dict[str, tuple[Note, ...]] = {
    "click": ((0.0, 0.025),),
    "card": ((0.0, 0.06),),
    "turn": ((659.3, 0.09), (880.0, 0.14)),
    "refused": ((220.0, 0.08), (185.0, 0.12)),
    "round": ((523.3, 0.1), (659.3, 0.1), (784.0, 0.18)),
    "win": ((523.3, 0.1), (659.3, 0.1), (784.0, 0.1), (1046.5, 0.3)),
}
"""What each sound is made of: a little chime (turn, round end, win) or a tick (click, card)."""


def tone(frequency: float, seconds: float, rate: int = RATE, seed: int = 1) -> array[int]:
    """One note as mono 16-bit samples: a soft bell (sine + octave) with a quick fade.

    Frequency 0 gives a filtered noise burst: the sound of a card or a button.
    """
    count = max(1, int(rate * seconds))
    samples: array[int] = array("h")
    rng = random.Random(seed)
    smooth = 0.0
    for i in range(count):
        t = i / rate
        attack = min(1.0, i / (rate * 0.004))
        decay = math.exp(-t * (40.0 if frequency == 0 else 7.0))
        if frequency == 0:
            smooth = smooth * 0.55 + rng.uniform(-1.0, 1.0) * 0.45
            value = smooth
        else:
            value = 0.8 * math.sin(2 * math.pi * frequency * t) + 0.2 * math.sin(4 * math.pi * frequency * t)
        samples.append(int(32767 * VOLUME * attack * decay * value))
    return samples


def render(notes: tuple[Note, ...], rate: int = RATE, channels: int = 1) -> bytes:
    """The notes one after the other, interleaved for `channels`, as raw bytes."""
    mono: array[int] = array("h")
    for frequency, seconds in notes:
        mono.extend(tone(frequency, seconds, rate))
    if channels == 1:
        return mono.tobytes()
    wide: array[int] = array("h")
    for sample in mono:
        wide.extend([sample] * channels)
    return wide.tobytes()


class Sounds:
    """The app's sounds; `play(name)` does nothing when sound is off or unavailable."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._tried = False

    def _start(self) -> None:
        """Start the mixer and build the sounds, once; any failure means silence."""
        self._tried = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            init = pygame.mixer.get_init()
            if not init or init[1] != -16:
                return
            rate, _, channels = init
            for name, notes in RECIPES.items():
                self._sounds[name] = pygame.mixer.Sound(buffer=render(notes, rate, channels))
        except (pygame.error, OSError, ValueError, TypeError):
            self._sounds.clear()
            return
        self.available = bool(self._sounds)

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        if not self._tried:
            self._start()
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.play()
        except pygame.error:
            self.available = False
            self._sounds.clear()
