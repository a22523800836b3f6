"""Draw ramigui's icon with pygame and write it at every usual size.

    python packaging/make_icons.py [OUT_DIR]        (default: assets/icons)

Writes `ramigui-<N>.png` for N in 16, 24, 32, 48, 64, 128, 256, 512, plus `ramigui.ico`
(Windows: PNG-compressed entries 16–256) and `ramigui.icns` (macOS: PNG entries 16–1024)
for PyInstaller. Everything is drawn here from shapes — no font, no outside image — so
the result is the same on every machine. The motif: three fanned playing cards, the
front one an ace of hearts, on a round-cornered green felt tile.

Each size is drawn at 4x and smooth-scaled down (cheap antialiasing); the smallest sizes
drop the corner pips, which would be mud at 16 px.
"""

from __future__ import annotations

import math
import os
import struct
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns entry type → pixel size (PNG payloads; https://en.wikipedia.org/wiki/Apple_Icon_Image_format)
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
    (b"ic14", 512),
)
SUPERSAMPLE = 4

Colour = tuple[int, int, int]
Suit = Callable[[pygame.Surface, Colour, float, float, float], None]

FELT_TOP = (44, 132, 78)
FELT_BOTTOM = (18, 84, 46)
FELT_EDGE = (10, 52, 28)
CARD = (252, 250, 244)
CARD_EDGE = (120, 120, 112)
RED = (206, 32, 41)
BLACK = (28, 28, 32)
GOLD = (232, 190, 70)


# --- suit shapes, each drawn in a box of side `s` centred on (cx, cy) ------------------

def heart(surf: pygame.Surface, colour: tuple[int, int, int], cx: float, cy: float, s: float) -> None:
    r = s * 0.27
    pygame.draw.circle(surf, colour, (cx - r * 0.95, cy - s * 0.16), r)
    pygame.draw.circle(surf, colour, (cx + r * 0.95, cy - s * 0.16), r)
    pygame.draw.polygon(surf, colour, [
        (cx - s * 0.5, cy - s * 0.09), (cx + s * 0.5, cy - s * 0.09), (cx, cy + s * 0.5),
    ])


def diamond(surf: pygame.Surface, colour: tuple[int, int, int], cx: float, cy: float, s: float) -> None:
    pygame.draw.polygon(surf, colour, [
        (cx, cy - s * 0.5), (cx + s * 0.36, cy), (cx, cy + s * 0.5), (cx - s * 0.36, cy),
    ])


def spade(surf: pygame.Surface, colour: tuple[int, int, int], cx: float, cy: float, s: float) -> None:
    r = s * 0.25
    pygame.draw.circle(surf, colour, (cx - r * 0.95, cy + s * 0.08), r)
    pygame.draw.circle(surf, colour, (cx + r * 0.95, cy + s * 0.08), r)
    pygame.draw.polygon(surf, colour, [
        (cx - s * 0.47, cy + s * 0.02), (cx + s * 0.47, cy + s * 0.02), (cx, cy - s * 0.5),
    ])
    pygame.draw.polygon(surf, colour, [
        (cx, cy + s * 0.1), (cx + s * 0.16, cy + s * 0.5), (cx - s * 0.16, cy + s * 0.5),
    ])


def club(surf: pygame.Surface, colour: tuple[int, int, int], cx: float, cy: float, s: float) -> None:
    r = s * 0.2
    pygame.draw.circle(surf, colour, (cx, cy - s * 0.24), r)
    pygame.draw.circle(surf, colour, (cx - s * 0.24, cy + s * 0.08), r)
    pygame.draw.circle(surf, colour, (cx + s * 0.24, cy + s * 0.08), r)
    pygame.draw.circle(surf, colour, (cx, cy), r * 0.6)
    pygame.draw.polygon(surf, colour, [
        (cx, cy), (cx + s * 0.15, cy + s * 0.5), (cx - s * 0.15, cy + s * 0.5),
    ])


# --- the pieces -----------------------------------------------------------------------

def felt_tile(side: int) -> pygame.Surface:
    """A round-cornered square of green felt, lighter at the top, with a dark rim."""
    tile = pygame.Surface((side, side), pygame.SRCALPHA)
    for y in range(side):
        t = y / max(1, side - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(FELT_TOP, FELT_BOTTOM, strict=True))
        pygame.draw.line(tile, colour, (0, y), (side, y))
    radius = round(side * 0.2)
    mask = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    rim = max(1, round(side * 0.018))
    pygame.draw.rect(tile, FELT_EDGE, tile.get_rect(), width=rim, border_radius=radius)
    return tile


def card(width: int, height: int, suit: Suit, colour: tuple[int, int, int], detailed: bool) -> pygame.Surface:
    """One face-up card: white, round corners, a big pip in the middle, small corner pips."""
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = round(width * 0.12)
    pygame.draw.rect(surf, CARD, surf.get_rect(), border_radius=radius)
    edge = max(1, round(width * 0.025))
    pygame.draw.rect(surf, CARD_EDGE, surf.get_rect(), width=edge, border_radius=radius)
    suit(surf, colour, width / 2, height * 0.54, width * 0.62)
    if detailed:
        small = width * 0.2
        suit(surf, colour, width * 0.19, height * 0.14, small)
        suit(surf, colour, width * 0.81, height * 0.86, small)
    return surf


def draw_icon(size: int) -> pygame.Surface:
    """The icon at `size` px (drawn at SUPERSAMPLE times that, then scaled down)."""
    big = size * SUPERSAMPLE
    canvas = felt_tile(big)
    detailed = size >= 48
    card_w, card_h = round(big * 0.34), round(big * 0.5)
    # Back to front: spade, diamond, heart; fanned around a pivot under the middle card.
    fan = ((spade, BLACK, 18.0), (diamond, RED, 0.0), (heart, RED, -18.0))
    reach = big * 0.55  # pivot → card centre
    pivot = (big * 0.5, big * 0.49 + reach)
    for index, (suit, colour, angle) in enumerate(fan):
        face = card(card_w, card_h, suit, colour, detailed)
        if index == len(fan) - 1 and detailed:  # the ace: a gold ring around its pip
            ring = max(2, round(card_w * 0.035))
            pygame.draw.circle(face, GOLD, (card_w / 2, card_h * 0.55), card_w * 0.38, ring)
        # Soft shadow under each card.
        shadow = pygame.Surface((card_w, card_h), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=round(card_w * 0.12))
        rad = math.radians(angle)
        cx = pivot[0] - reach * math.sin(rad)
        cy = pivot[1] - reach * math.cos(rad)
        for surf, offset in ((shadow, big * 0.015), (face, 0.0)):
            turned = pygame.transform.rotozoom(surf, angle, 1.0)
            rect = turned.get_rect(center=(cx + offset, cy + offset))
            canvas.blit(turned, rect)
    # Keep the fan inside the tile's round corners.
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(big * 0.2))
    canvas.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pygame.transform.smoothscale(canvas, (size, size))


# --- containers -----------------------------------------------------------------------

def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose entries are PNG images (accepted since Windows Vista)."""
    sizes = [size for size in ICO_SIZES if size in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size  # 0 means 256 in the ICO directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns whose entries are PNG images."""
    body = b""
    for kind, size in ICNS_TYPES:
        data = pngs[size]
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def png_bytes(surface: pygame.Surface, path: Path) -> bytes:
    pygame.image.save(surface, str(path))
    return path.read_bytes()


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "assets" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()  # no audio: never needed here
    pngs: dict[int, bytes] = {}
    for size in sorted(set(PNG_SIZES) | {1024}):
        target = out / f"ramigui-{size}.png"
        if size in PNG_SIZES:
            pngs[size] = png_bytes(draw_icon(size), target)
        else:  # only inside the .icns
            scratch = out / ".ramigui-1024.tmp.png"
            pngs[size] = png_bytes(draw_icon(size), scratch)
            scratch.unlink()
    (out / "ramigui.ico").write_bytes(ico_bytes(pngs))
    (out / "ramigui.icns").write_bytes(icns_bytes(pngs))
    pygame.quit()
    for path in sorted(out.iterdir()):
        print(f"{path}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
