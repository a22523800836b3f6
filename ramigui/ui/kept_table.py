"""The still table kept between frames, and composed anew only where it changed.

Felt, seats, piles, melds, hand, plates, status line and panels stand still between two
moves: `KeptTable` keeps their picture. When the frame changes, it asks each part of the
still table (`table_draw.still_parts`) what it shows, and draws again only the places of
the parts that changed: there, the felt, then every part that reaches the place, in
order, clipped to it — the same pixels as the whole table composed anew, at the cost of
the parts that changed (at 4K a bot's discard redraws its seat, the piles and the side
panel: a third of the whole). What every part shares changing (the window's size, the
settings, the language, a key pressed) composes it whole.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ramigui.ui.table_draw import KeptMelds, StillPart, still_key, still_parts, whole_key
from ramigui.ui.table_family import FamilyTable
from ramigui.ui.table_frame import TableFrame

Notes = Callable[[pygame.Surface], None]
"""What a kind of table draws over the still table (a hint in the status line)."""


class KeptTable:
    """The still table's picture, with what each of its parts showed when drawn."""

    def __init__(self) -> None:
        self.image: pygame.Surface | None = None
        self.melds = KeptMelds()
        self._key: object = None
        self._whole: object = None
        self._parts: dict[str, tuple[object, pygame.Rect]] = {}
        self._base: pygame.Surface | None = None
        """The felt with the backdrops laid on it: where a place is restored from."""
        self._base_key: object = None

    def forget(self, melds_too: bool = False) -> None:
        """Compose the whole picture anew next time (`melds_too`: the melds drawn anew too,
        not put back)."""
        self._key = self._whole = None
        if melds_too:
            self.melds.forget()

    def recheck(self) -> None:
        """Ask every part what it shows at the next frame, even if the frame looks the same
        (a family's own state, a key pressed, may change a part's key and not the frame):
        only the parts whose key changed are drawn again."""
        self._key = None

    def compose(self, frame: TableFrame, family: FamilyTable, screen: pygame.Surface, felt: pygame.Surface,
                notes: Notes, notes_key: object) -> list[pygame.Rect] | None:
        """Bring the picture up to `frame`, the size of `screen`, `notes` drawn last (what
        they show: `notes_key`). Returns the places drawn again (none when nothing changed),
        or None when the picture was composed whole."""
        key = (still_key(frame, family), notes_key)  # cheap: it changes whenever a part may have
        if self.image is None or self.image.get_size() != screen.get_size():
            self.image = pygame.Surface(screen.get_size(), 0, screen)
            self._whole = None
        elif self._key == key and self._whole is not None:
            return []
        whole = whole_key(frame, family), notes_key
        parts = still_parts(frame, family, self.melds)
        laid, base = self._lay_backdrops(parts, felt, whole)
        if whole != self._whole:
            self.image.blit(base, (0, 0))
            for part in parts:
                _draw(part, laid, self.image)
            notes(self.image)
            places = None
        else:
            places = self._changed_places(parts)
            self._redraw(places, parts, laid, notes)
        self._key, self._whole = key, whole
        self._parts = {part.name: (part.key, part.area) for part in parts}
        return places

    def _lay_backdrops(self, parts: list[StillPart], felt: pygame.Surface,
                       whole: object) -> tuple[set[str], pygame.Surface]:
        """The parts whose backdrop lies on the base (those no earlier part reaches: laid
        first, they look the same), and the base, laid anew when they or what all share
        changed."""
        laid = [part for index, part in enumerate(parts) if part.backdrop is not None
                and part.area.collidelist([earlier.area for earlier in parts[:index]]) < 0]
        key = whole, [(part.name, part.area) for part in laid], felt.get_size()
        if self._base is None or self._base_key != key:
            self._base = felt.copy()
            for part in laid:
                assert part.backdrop is not None
                part.backdrop(self._base)
            self._base_key = key
        return {part.name for part in laid}, self._base

    def _changed_places(self, parts: list[StillPart]) -> list[pygame.Rect]:
        """The places of the parts whose key or area changed: where each was and is now."""
        assert self.image is not None
        found: list[pygame.Rect] = []
        for part in parts:
            before = self._parts.get(part.name)
            if before is None or before != (part.key, part.area):
                found += [part.area] if before is None else [part.area, before[1]]
        names = {part.name for part in parts}
        found += [area for name, (_, area) in self._parts.items() if name not in names]
        window = self.image.get_rect()
        return merged([rect.clip(window) for rect in found])

    def _redraw(self, places: list[pygame.Rect], parts: list[StillPart], laid: set[str], notes: Notes) -> None:
        """Each place drawn again: the base, every part that reaches it, the notes, clipped."""
        image, base = self.image, self._base
        assert image is not None and base is not None
        for place in places:
            image.set_clip(place)
            image.blit(base, place, place)
            for part in parts:
                if part.area.colliderect(place):
                    _draw(part, laid, image)
            notes(image)
        image.set_clip(None)


def _draw(part: StillPart, laid: set[str], surface: pygame.Surface) -> None:
    """A part over what is drawn, its backdrop first unless it lies on the base."""
    if part.backdrop is not None and part.name not in laid:
        part.backdrop(surface)
    part.draw(surface)


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles without the empty ones, two overlapping ones joined into one where
    their union is no bigger than the two apart (a long status line and the side panel stay
    two: their union would be most of the window)."""
    pending = [rect for rect in rects if rect.width > 0 and rect.height > 0]
    done: list[pygame.Rect] = []
    while pending:
        rect = pending.pop()
        for index, other in enumerate(done):
            union = rect.union(other)
            if rect.colliderect(other) and _size(union) <= _size(rect) + _size(other):
                del done[index]
                pending.append(union)
                break
        else:
            done.append(rect)
    return done


def _size(rect: pygame.Rect) -> int:
    return rect.width * rect.height
