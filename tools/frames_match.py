"""Save the tables of every family at 1024x600, 1920x1080 and 3840x2160, or compare them with
saved ones pixel for pixel: run `save DIR` before a drawing change and `compare DIR` after.
Every picture is also compared with the same table drawn from scratch (nothing kept).

    SDL_VIDEODRIVER=dummy python tools/frames_match.py save /tmp/frames-before
    SDL_VIDEODRIVER=dummy python tools/frames_match.py compare /tmp/frames-before
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ramigui import i18n  # noqa: E402
from ramigui.ui.frame_shots import FAMILIES, differing_pixels, table_pictures  # noqa: E402

SIZES = ((1024, 600), (1920, 1080), (3840, 2160))


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("save", "compare"):
        print(__doc__)
        return 2
    mode, folder = argv[0], Path(argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    i18n.set_language("fr")
    failures = 0
    for variant, players, moves in FAMILIES:
        for size in SIZES:
            for moment, picture, scratch in table_pictures(variant, players, moves, size):
                path = folder / f"{variant}-{size[0]}x{size[1]}-{moment}.png"
                fresh = differing_pixels(scratch, picture)
                failures += fresh > 0
                if mode == "save":
                    pygame.image.save(picture, str(path))
                    print(f"{path.name}: saved; from scratch: {_said(fresh)}")
                    continue
                saved = differing_pixels(pygame.image.load(str(path)), picture) if path.is_file() else None
                failures += bool(saved)
                print(f"{path.name}: saved one: {'none' if saved is None else _said(saved)}; from scratch: {_said(fresh)}")
    return 1 if failures else 0


def _said(differ: int) -> str:
    return "same" if not differ else f"{differ} pixels differ"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
